// TransAmerica's map editor, a module on the editor host (static/editor.js): the lattice drawn as
// the page draws a board (a board plan rendered by board-plan.js), and tools on it: land, sea and
// lakes painted on the intersections with a brush, a track space tapped to turn it single, double
// for a mountain, double for a river, the 35 cities placed by tap in their region's colour (dragged
// to move, named, dotted or not). The host lists the problems the engine finds (this module says
// where they lie) and shows the measures (the hands' costs against the published board's band).
//
// What is wrong with the map is the engine's to say (map_check): this module never judges a map.
// The draft is never mutated here: every edit goes through ctx.change(label, mutate), one undo step.
//
// Sea intersections: a map file lists only the land's intersections. An intersection painted sea
// keeps its place in the draft's "x-sea" ({nodes: [{id, x, y}], edges: [...]}: the lattice's
// intersections and track spaces off the land), so that painting it land again brings it and its
// track spaces back; the loader ignores "x-" keys. Painting land redraws the coast (decor.land) as
// the outline of the land's intersections' cells, so the print shows the land that was painted.
// The rest of the board's lattice (the sea around a built-in board, which its map file does not
// list) is the engine's map_lattice answer (trackwright.edit.talattice, placed by
// trackwright.core.lattice): its intersections are painted like x-sea's, and join x-sea when
// painted land. The same answer gives every intersection's cell (its corners, each listed once
// and shared by the cells around it) and the lattice's step: a lake is a cell as given, the coast
// the given cells' sides that only one land cell has, chained into rings. This module places
// nothing itself; it asks once per board, and the brushes wait for that answer.
"use strict";
(() => {
  window.TW ||= {};
  const TW = window.TW;
  TW.editors ||= {};

  const REACH = 22; // a finger's reach in CSS px (app.js's REACH)
  const REGIONS = ["green", "blue", "yellow", "red", "orange"];
  const KINDS = ["plain", "mountain", "river"];
  const TOOLS = ["pan", "land", "sea", "lake", "line", "city"];
  const BRUSHES = new Set(["land", "sea", "lake"]);

  // The regions' colours and shapes as printed: the engine's board plan of a built-in board.
  // cityR: the cities' radius, the engine's too (its board plan; map_lattice's draw): 0 until then.
  const style = { regions: null, cityR: 0, asked: false };
  function askStyle(redraw) {
    if (style.asked) return;
    style.asked = true;
    window.TWEngine.ask("board", { game: "transamerica", map: "usa" })
      .then((plan) => {
        style.regions = plan.layout.regions;
        style.cityR = plan.layout.city_r || style.cityR;
        redraw();
      })
      .catch(() => {
        style.asked = false;
      });
  }
  function regionStyle(region) {
    return style.regions?.[region] || { colour: "#999999", outline: null };
  }

  const key = (a, b) => (a < b ? `${a}|${b}` : `${b}|${a}`);

  // ------------------------------------------------------------------ the draft's lattice

  // Everything the tools need of a draft, made once per draft: land and sea intersections by id,
  // the lattice step (the engine's, null until its map_lattice answer has come).
  function latticeOf(map, extra = null) {
    const sea = withLattice(map["x-sea"] || { nodes: [], edges: [] }, extra);
    const land = new Map(map.nodes.map((n) => [n.id, n]));
    const all = new Map([...land, ...sea.nodes.map((n) => [n.id, n])]);
    const step = extra?.edge || null;
    const cities = new Map(map.cities.map((c) => [c.node, c]));
    return { map, sea, land, all, step, cities };
  }
  // x-sea and the engine's lattice off the land (extra), each intersection and track space once.
  function withLattice(sea, extra) {
    if (!extra?.nodes.length) return sea;
    const ids = new Set(sea.nodes.map((n) => n.id));
    const keys = new Set(sea.edges.map((e) => key(e.a, e.b)));
    return {
      nodes: [...sea.nodes, ...extra.nodes.filter((n) => !ids.has(n.id))],
      edges: [...sea.edges, ...extra.edges.filter((e) => !keys.has(key(e.a, e.b)))],
    };
  }
  // The engine's intersections about to be painted land, with their track spaces, taken into the
  // draft's x-sea (so toLand brings them in as it brings back any sea intersection).
  function adopt(map, ids, extra) {
    if (!extra?.nodes.length) return;
    const have = new Set([...map.nodes, ...(map["x-sea"]?.nodes || [])].map((n) => n.id));
    const wanted = new Set(ids.filter((id) => !have.has(id)));
    if (!wanted.size) return;
    map["x-sea"] ||= { nodes: [], edges: [] };
    const sea = map["x-sea"];
    const keys = new Set([...map.edges, ...sea.edges].map((e) => key(e.a, e.b)));
    sea.nodes.push(...extra.nodes.filter((n) => wanted.has(n.id)));
    sea.edges.push(
      ...extra.edges.filter((e) => (wanted.has(e.a) || wanted.has(e.b)) && !keys.has(key(e.a, e.b))),
    );
  }
  function nearest(points, x, y, radius) {
    let best = null,
      bestD = radius;
    for (const p of points) {
      const d = Math.hypot(p.x - x, p.y - y);
      if (d < bestD) {
        bestD = d;
        best = p;
      }
    }
    return best;
  }
  function segmentDistance(x, y, a, b) {
    const dx = b.x - a.x,
      dy = b.y - a.y;
    const k = Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / (dx * dx + dy * dy || 1)));
    return Math.hypot(x - a.x - k * dx, y - a.y - k * dy);
  }
  function nearestEdge(L, x, y, radius) {
    let best = null,
      bestD = radius;
    for (const e of L.map.edges) {
      const a = L.land.get(e.a),
        b = L.land.get(e.b);
      if (!a || !b) continue;
      const d = segmentDistance(x, y, a, b);
      if (d < bestD) {
        bestD = d;
        best = e;
      }
    }
    return best;
  }

  // An intersection's cell as the engine gives it (geo: its map_lattice answer): a ring of points.
  function cellRing(geo, id) {
    return (geo.cells[id] || []).map((i) => [...geo.corners[i]]);
  }
  // The outline of the union of the land's cells: each cell side shared by two land cells drops out
  // (sides are pairs of the engine's corners), the rest are chained into rings (the coast, and a
  // lake's shore around sea inside the land).
  function coast(ids, geo) {
    const sides = new Map();
    for (const id of ids) {
      const ring = geo.cells[id] || [];
      ring.forEach((p, i) => {
        const q = ring[(i + 1) % ring.length];
        const k = p < q ? `${p},${q}` : `${q},${p}`;
        if (sides.has(k)) sides.delete(k);
        else sides.set(k, [p, q]);
      });
    }
    const from = new Map();
    for (const side of sides.values()) {
      if (!from.has(side[0])) from.set(side[0], []);
      from.get(side[0]).push(side);
    }
    const used = new Set();
    const rings = [];
    for (const start of sides.values()) {
      if (used.has(start)) continue;
      const ring = [];
      let side = start;
      while (side && !used.has(side)) {
        used.add(side);
        ring.push([...geo.corners[side[0]]]);
        side = (from.get(side[1]) || []).find((x) => !used.has(x));
      }
      if (ring.length > 2) rings.push(ring);
    }
    return rings;
  }

  // ------------------------------------------------------------------ the edits (on the draft's copy)

  // Intersections made sea (or a lake): they and their track spaces move to x-sea; a city on one
  // stays where it is (the engine then says it lies on the sea, at its place).
  function toSea(map, ids, lake, geo) {
    map["x-sea"] ||= { nodes: [], edges: [] };
    const sea = map["x-sea"];
    const going = new Set(ids.filter((id) => map.nodes.some((n) => n.id === id)));
    sea.nodes.push(...map.nodes.filter((n) => going.has(n.id)));
    map.nodes = map.nodes.filter((n) => !going.has(n.id));
    sea.edges.push(...map.edges.filter((e) => going.has(e.a) || going.has(e.b)));
    map.edges = map.edges.filter((e) => !going.has(e.a) && !going.has(e.b));
    if (lake) {
      map.decor ||= {};
      map.decor.lakes ||= [];
      for (const n of sea.nodes) if (going.has(n.id)) map.decor.lakes.push(cellRing(geo, n.id));
    }
    return going.size;
  }
  function toLand(map, ids, geo) {
    map["x-sea"] ||= { nodes: [], edges: [] };
    const sea = map["x-sea"];
    const coming = new Set(ids.filter((id) => sea.nodes.some((n) => n.id === id)));
    const back = sea.nodes.filter((n) => coming.has(n.id));
    map.nodes.push(...back);
    sea.nodes = sea.nodes.filter((n) => !coming.has(n.id));
    const land = new Set(map.nodes.map((n) => n.id));
    map.edges.push(...sea.edges.filter((e) => land.has(e.a) && land.has(e.b)));
    sea.edges = sea.edges.filter((e) => !(land.has(e.a) && land.has(e.b)));
    // A lake painted land is land again: the lake that is its cell goes.
    if (map.decor?.lakes) {
      const cells = new Set(back.map((n) => JSON.stringify(cellRing(geo, n.id))));
      map.decor.lakes = map.decor.lakes.filter((ring) => !cells.has(JSON.stringify(ring)));
    }
    return coming.size;
  }
  function redrawCoast(map, geo) {
    map.decor ||= {};
    map.decor.land = coast(
      map.nodes.map((n) => n.id),
      geo,
    );
  }
  function nextKind(edge) {
    const kind = edge.kind || (edge.cost === 1 ? "plain" : "mountain");
    return KINDS[(KINDS.indexOf(kind) + 1) % KINDS.length];
  }
  function setKind(map, k, kind) {
    const e = map.edges.find((x) => key(x.a, x.b) === k);
    if (!e) return;
    e.kind = kind;
    e.cost = kind === "plain" ? 1 : 2;
  }
  function newCityName(map, t, region) {
    for (let i = 1; ; i++) {
      const name = t("ta.ed.new-city", { region: t(`ta.ed.colour.${region}`), n: i });
      if (!map.cities.some((c) => c.name === name)) return name;
    }
  }

  // ------------------------------------------------------------------ drawing (a board plan)

  // The draft as a board plan, the items the engine's plan of a valid map has
  // (core/boardplan/transamerica.py): sea, land and decor, the track spaces single or double,
  // the intersections with their ids, the cities in their regions' colours and shapes; sea
  // intersections are drawn as faint rings so that they can be painted land again. Every place
  // and size is the engine's (draw: map_lattice's answer, made by the board plan's functions for
  // every intersection and track space of the board), so a stroke is drawn here at once with no
  // geometry of the page's own; before that answer, the sea and the decor only.
  function planOf(L, draw) {
    const m = L.map;
    const w = draw?.width ?? m.board?.width ?? 0;
    const hgt = draw?.height ?? m.board?.height ?? 0;
    const decor = m.decor || {};
    const land = decor.land || (draw ? [draw.land] : []);
    const items = [
      { t: "rect", c: "ta-sea", x: 0, y: 0, w, h: hgt },
      { t: "paths", c: "ta-land", closed: true, rings: land },
    ];
    for (const [name, c, closed] of [
      ["lakes", "ta-lake", true],
      ["mountains", "ta-mountain", true],
      ["rivers", "ta-river", false],
    ])
      if (decor[name]?.length) items.push({ t: "paths", c, closed, rings: decor[name] });
    if (!draw) return { width: w, height: hgt, items };
    const single = [],
      double = [];
    for (const e of m.edges) {
      const seg = L.land.has(e.a) && L.land.has(e.b) && draw.spaces[key(e.a, e.b)];
      if (seg) (e.cost === 1 ? single : double).push(seg);
    }
    items.push({ t: "lines", c: "ta-single", segs: single }, { t: "lines", c: "ta-double", segs: double });
    const bare = m.nodes.filter((n) => !L.cities.has(n.id));
    items.push({ t: "dots", c: "ta-node", r: draw.node_r, pts: bare.map((n) => [n.x, n.y]) });
    items.push(...m.nodes.map((n) => draw.ids[n.id]).filter(Boolean));
    const shapes = [],
      labels = [];
    for (const c of m.cities) {
      const n = L.all.get(c.node);
      if (!n) continue;
      const st = regionStyle(c.region);
      shapes.push([n.x, n.y, st.colour, st.outline]);
      if (draw.names[c.node]) labels.push({ ...draw.names[c.node], s: c.name });
    }
    items.push({ t: "shapes", c: "ta-city", r: draw.city_r, pts: shapes }, ...labels);
    return { width: w, height: hgt, items };
  }

  // ------------------------------------------------------------------ the module

  function mount(ctx) {
    const { h, s, t } = ctx;
    const ui = { tool: "pan", region: "green", selected: null, zoom: null, drawn: null, L: null };
    ui.extra = null; // the engine's map_lattice answer: the board's lattice off the land
    ui.latticeFor = null; // the board it was asked for
    const root = ctx.root;
    root.classList.add("ta-editor");
    // Measured for benchmarks/editor_page.py: each pointer move of a brush stroke (ms to handle
    // it, and to the next frame) and each edit's end (ms from pointerup to the frame with the
    // new draft drawn).
    const stats = { moves: [], frames: [], commits: [] };
    const painted = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));
    window.TWEditorStats = stats;

    const toolbar = h("div", { class: "row ed-tools", role: "toolbar", id: "ta-tools" });
    const regionRow = h("div", { class: "row ed-regions", id: "ta-regions" });
    const hint = h("p", { class: "hint", id: "ta-edit-hint" });
    const base = h("div", { class: "ed-base" });
    const over = s("svg", { class: "board-overlay ed-overlay", id: "ta-edit-overlay" });
    const marks = s("g", { id: "ta-edit-marks" });
    const live = s("g", { id: "ta-edit-live" });
    over.append(marks, live);
    const stage = h("div", { class: "ed-stage", style: "position:relative" }, base, over);
    const wrap = h(
      "div",
      { class: "board-wrap ed-board-wrap", id: "ta-edit-board", style: "overflow:auto" },
      stage,
    );
    const zoom = h(
      "div",
      { class: "zoom-controls ed-zoom" },
      h(
        "button",
        { class: "secondary", "aria-label": t("zoom.in"), id: "ta-zoom-in", onclick: () => view.zoomBy(1.4) },
        "+",
      ),
      h(
        "button",
        {
          class: "secondary",
          "aria-label": t("zoom.out"),
          id: "ta-zoom-out",
          onclick: () => view.zoomBy(1 / 1.4),
        },
        "−",
      ),
    );
    const frame = h("div", { class: "ed-frame board-frame", style: "position:relative" }, wrap, zoom);
    const cityPanel = h("div", { class: "ed-panel", id: "ta-city-panel" });
    const counts = h("div", { class: "row small ed-counts", id: "ta-region-counts" });
    root.append(toolbar, regionRow, hint, frame, cityPanel, counts);

    // -------------------------------------------------- sizes and the pointer
    function size() {
      const plan = ui.plan;
      if (!plan) return;
      if (ui.zoom === null) {
        view.zoom = Math.max(0.3, (wrap.clientWidth || root.clientWidth || 340) / plan.width);
        return;
      }
      const w = plan.width * ui.zoom,
        hh = plan.height * ui.zoom;
      stage.style.width = `${w}px`;
      stage.style.height = `${hh}px`;
      for (const el of [base.firstElementChild, over]) {
        if (!el) continue;
        el.setAttribute("width", w);
        el.setAttribute("height", hh);
      }
      Object.assign(over.style, { position: "absolute", left: "0", top: "0" });
    }
    const point = (e) => {
      const p = over.createSVGPoint();
      p.x = e.clientX;
      p.y = e.clientY;
      return p.matrixTransform(over.getScreenCTM().inverse());
    };
    const reach = () => REACH / Math.abs(over.getScreenCTM().a || 1);

    // A brush stroke: the intersections under the finger are marked as it goes (drawn on the live
    // layer only), and made one change when it lifts.
    let stroke = null;
    // Pan and zoom: the host's (a mouse drags the board with the Move tool; a finger scrolls it
    // natively).
    const view = ctx.view({
      wrap,
      target: over,
      size: (z) => {
        ui.zoom = z;
        size();
      },
      panning: () => ui.tool === "pan",
    });
    over.addEventListener("pointerdown", (e) => {
      if (view.busy || ui.tool === "pan" || !ui.L) return;
      if (BRUSHES.has(ui.tool) && !ui.L.step) return; // the engine's cells are not in yet
      const p = point(e);
      stroke = { id: e.pointerId, start: p, ids: new Set(), moved: false, x: e.clientX, y: e.clientY };
      if (ui.tool === "city") {
        const n = nearest(ui.L.all.values(), p.x, p.y, reach());
        stroke.city = n && ui.L.cities.get(n.id) ? ui.L.cities.get(n.id).name : null;
      }
      over.setPointerCapture(e.pointerId);
      if (BRUSHES.has(ui.tool)) brushAt(p);
      e.preventDefault();
    });
    over.addEventListener("pointermove", (e) => {
      if (!stroke || stroke.id !== e.pointerId) return;
      if (Math.hypot(e.clientX - stroke.x, e.clientY - stroke.y) > 8) stroke.moved = true;
      if (BRUSHES.has(ui.tool)) {
        const began = performance.now();
        for (const c of e.getCoalescedEvents ? e.getCoalescedEvents() : [e]) brushAt(point(c));
        stats.moves.push(performance.now() - began);
        painted(() => stats.frames.push(performance.now() - began));
      } else if (ui.tool === "city" && stroke.city && stroke.moved) dragMark(point(e));
    });
    const up = (e) => {
      if (!stroke || stroke.id !== e.pointerId) return;
      const done = stroke;
      stroke = null;
      live.replaceChildren();
      if (e.type !== "pointerup") return;
      const began = performance.now();
      if (edit(done, point(e))) painted(() => stats.commits.push(performance.now() - began));
    };
    // A stroke's edit, once the finger lifts: whether it changed something to draw.
    function edit(done, p) {
      if (BRUSHES.has(ui.tool)) paint(done.ids);
      else if (ui.tool === "line" && !done.moved) tapLine(p);
      else if (ui.tool === "city" && done.moved && done.city) moveCity(done.city, p);
      else if (ui.tool === "city") tapCity(p);
      else return false;
      return !BRUSHES.has(ui.tool) || done.ids.size > 0;
    }
    over.addEventListener("pointerup", up);
    over.addEventListener("pointercancel", up);

    function brushAt(p) {
      const n = nearest(ui.L.all.values(), p.x, p.y, Math.max(reach(), ui.L.step * 0.45));
      if (!n || stroke.ids.has(n.id)) return;
      stroke.ids.add(n.id);
      live.append(
        s("circle", {
          cx: n.x,
          cy: n.y,
          r: ui.L.step * 0.3,
          class: `ed-brush ed-brush-${ui.tool}`,
          fill: ui.tool === "land" ? "#c9b98a" : "#6fa8d6",
          "fill-opacity": 0.6,
          "pointer-events": "none",
        }),
      );
    }
    function dragMark(p) {
      live.replaceChildren(
        s("circle", {
          cx: p.x,
          cy: p.y,
          r: style.cityR,
          fill: "none",
          stroke: "#000",
          "stroke-width": 0.6,
          "stroke-dasharray": "1.5 1",
        }),
      );
    }

    // -------------------------------------------------- the tools' edits
    function paint(ids) {
      const list = [...ids];
      if (!list.length) return;
      const tool = ui.tool,
        geo = ui.extra;
      const label = t(`ta.ed.did-${tool}`, { count: list.length });
      ctx.change(label, (map) => {
        if (tool === "land") adopt(map, list, geo);
        if (tool === "land" ? toLand(map, list, geo) : toSea(map, list, tool === "lake", geo))
          redrawCoast(map, geo);
      });
    }
    function tapLine(p) {
      const e = nearestEdge(ui.L, p.x, p.y, reach());
      if (!e) return;
      const kind = nextKind(e),
        k = key(e.a, e.b);
      ctx.change(t(`ta.ed.did-line-${kind}`, { a: e.a, b: e.b }), (map) => setKind(map, k, kind));
    }
    function tapCity(p) {
      const n = nearest(ui.L.all.values(), p.x, p.y, reach());
      if (!n) return;
      const city = ui.L.cities.get(n.id);
      if (city) {
        ui.selected = city.name;
        return draw();
      }
      const region = ui.region;
      const name = newCityName(ctx.map, t, region);
      ui.selected = name;
      ctx.change(t("ta.ed.did-city", { name }), (map) => {
        map.cities.push({ name, node: n.id, region, dotted: false });
      });
    }
    function moveCity(name, p) {
      const n = nearest(ui.L.all.values(), p.x, p.y, reach());
      if (!n || ui.L.cities.has(n.id)) return draw();
      ui.selected = name;
      ctx.change(t("ta.ed.did-move", { name, node: n.id }), (map) => {
        const c = map.cities.find((x) => x.name === name);
        if (c) c.node = n.id;
      });
    }
    function editCity(name, edit, label) {
      ctx.change(label, (map) => {
        const c = map.cities.find((x) => x.name === name);
        if (c) edit(c, map);
      });
    }

    // -------------------------------------------------- the panels
    function tools() {
      toolbar.replaceChildren(
        ...ctx.toolButtons("ta", TOOLS, ui.tool, (tool) => {
          ui.tool = tool;
          draw();
        }),
      );
      over.style.touchAction = ui.tool === "pan" ? "pan-x pan-y" : "none";
      over.style.pointerEvents = "auto";
      hint.textContent = t(`ta.ed.hint-${ui.tool}`);
      regionRow.hidden = ui.tool !== "city";
      regionRow.replaceChildren(
        ...REGIONS.map((region) => {
          const st = regionStyle(region);
          return h(
            "button",
            {
              class: ui.region === region ? "active" : "secondary",
              "aria-pressed": ui.region === region ? "true" : "false",
              "data-region": region,
              onclick: () => {
                ui.region = region;
                draw();
              },
            },
            h("span", { class: "swatch", style: `background:${st.colour}` }),
            ` ${t(`ta.ed.colour.${region}`)}`,
          );
        }),
      );
    }
    function panel() {
      const city = ctx.map.cities.find((c) => c.name === ui.selected);
      if (!city) {
        ui.selected = null;
        cityPanel.replaceChildren();
        return;
      }
      // A name being typed is not taken from under the fingers by a redraw (a check's answer).
      const typing = document.activeElement?.id === "ta-city-name";
      if (typing && cityPanel.dataset.city === city.name && cityPanel.dataset.node === city.node) return;
      Object.assign(cityPanel.dataset, { city: city.name, node: city.node });
      const name = h("input", { id: "ta-city-name", value: city.name, "aria-label": t("ta.ed.city-name") });
      name.addEventListener("change", () => {
        const fresh = name.value.trim();
        if (!fresh || fresh === city.name) return;
        ui.selected = fresh;
        editCity(city.name, (c) => Object.assign(c, { name: fresh }), t("ta.ed.did-rename", { name: fresh }));
      });
      const region = h(
        "select",
        { id: "ta-city-region", "aria-label": t("ta.ed.city-region") },
        ...REGIONS.map((r) => h("option", { value: r, selected: r === city.region }, t(`ta.ed.colour.${r}`))),
      );
      region.addEventListener("change", () =>
        editCity(
          city.name,
          (c) => Object.assign(c, { region: region.value }),
          t("ta.ed.did-region", { name: city.name }),
        ),
      );
      const dotted = h("input", { type: "checkbox", id: "ta-city-dotted", checked: !!city.dotted });
      dotted.addEventListener("change", () =>
        editCity(
          city.name,
          (c) => Object.assign(c, { dotted: dotted.checked }),
          t("ta.ed.did-dotted", { name: city.name }),
        ),
      );
      const remove = h(
        "button",
        {
          class: "secondary",
          id: "ta-city-remove",
          onclick: () => {
            ui.selected = null;
            ctx.change(t("ta.ed.did-remove", { name: city.name }), (map) => {
              map.cities = map.cities.filter((c) => c.name !== city.name);
            });
          },
        },
        t("ta.ed.city-remove"),
      );
      const done = h(
        "button",
        {
          class: "secondary",
          id: "ta-city-done",
          onclick: () => {
            ui.selected = null;
            draw();
          },
        },
        t("ta.ed.city-done"),
      );
      cityPanel.replaceChildren(
        h("h3", {}, t("ta.ed.city-at", { node: city.node })),
        h("label", {}, t("ta.ed.city-name"), " ", name),
        h("label", {}, t("ta.ed.city-region"), " ", region),
        h("label", {}, dotted, " ", t("ta.ed.city-dotted")),
        h("div", { class: "row" }, done, remove),
      );
    }
    // How many cities, and dotted ones, each region has: what the player counts while placing them
    // (whether the count is right is the engine's problem to list).
    function regionCounts() {
      counts.replaceChildren(
        ...REGIONS.map((region) => {
          const own = ctx.map.cities.filter((c) => c.region === region);
          const words = t("ta.ed.count", {
            region: t(`ta.ed.colour.${region}`),
            cities: own.length,
            dotted: own.filter((c) => c.dotted).length,
          });
          return h(
            "span",
            { class: "ed-count", "data-region": region },
            h("span", { class: "swatch", style: `background:${regionStyle(region).colour}` }),
            ` ${words}`,
          );
        }),
      );
    }
    // -------------------------------------------------- drawing
    // The board is redrawn when the draft changes (a new object from the host), the marks (the
    // selected city, sea intersections) at every update.
    function drawBoard() {
      ui.L = latticeOf(ctx.map, ui.extra);
      ui.plan = planOf(ui.L, ui.extra?.draw);
      if (ui.extra?.draw) style.cityR = ui.extra.draw.city_r;
      render(ui.plan);
      over.setAttribute("viewBox", `0 0 ${ui.plan.width} ${ui.plan.height}`);
      ui.drawn = ctx.map;
      ui.style = style.regions;
      size();
    }
    // The plan drawn by board-plan.js item by item, each item a <g> kept while its SVG text is the
    // same: an edit re-parses only the items it changed (a brush stroke on the largest board
    // redraws in a few milliseconds, not the whole board's thousand elements).
    function render(plan) {
      let svg = base.firstElementChild;
      const box = `${plan.width}x${plan.height}`;
      if (!svg || ui.box !== box) {
        base.innerHTML = window.TWBoardPlan.svg({ ...plan, items: [] });
        svg = base.firstElementChild;
        ui.parts = new Map();
        ui.box = box;
      }
      const texts = plan.items.map((it) => window.TWBoardPlan.item(it, null));
      const kept = new Map();
      const fresh = [];
      const order = texts.map((text) => {
        const old = ui.parts.get(text);
        const el = old?.pop();
        if (el) {
          if (!kept.has(text)) kept.set(text, []);
          kept.get(text).push(el);
          return el;
        }
        fresh.push(text);
        return text;
      });
      const parsed = [];
      if (fresh.length) {
        const holder = s("svg", {});
        holder.innerHTML = fresh.map((text) => `<g>${text}</g>`).join("");
        parsed.push(...holder.children);
      }
      let k = 0;
      const children = order.map((x) => {
        if (typeof x !== "string") return x;
        const el = parsed[k++];
        if (!kept.has(x)) kept.set(x, []);
        kept.get(x).push(el);
        return el;
      });
      svg.replaceChildren(...children);
      ui.parts = kept;
    }
    function drawMarks() {
      marks.replaceChildren();
      for (const n of ui.L.sea.nodes)
        marks.append(
          s("circle", {
            cx: n.x,
            cy: n.y,
            r: 1.6,
            fill: "none",
            stroke: "#4f86b8",
            "stroke-width": 0.4,
            class: "ed-sea",
            "data-node": n.id,
            "pointer-events": "none",
          }),
        );
      // The dotted cards' cities ringed with dots (the editor's own mark: which ones are dotted).
      for (const c of ctx.map.cities) {
        const at = c.dotted && ui.L.all.get(c.node);
        if (at)
          marks.append(
            s("circle", {
              cx: at.x,
              cy: at.y,
              r: style.cityR + 0.9,
              fill: "none",
              stroke: "#000000",
              "stroke-width": 0.5,
              "stroke-dasharray": "0.6 0.9",
              class: "ed-dotted",
              "data-city": c.name,
              "pointer-events": "none",
            }),
          );
      }
      const city = ctx.map.cities.find((c) => c.name === ui.selected);
      const n = city && ui.L.all.get(city.node);
      if (n)
        marks.append(
          s("circle", {
            cx: n.x,
            cy: n.y,
            r: style.cityR + 2,
            fill: "none",
            stroke: "#000",
            "stroke-width": 0.8,
            "stroke-dasharray": "2 1",
            class: "ed-selected",
            "pointer-events": "none",
          }),
        );
    }
    // The board's whole lattice, asked once per board (its size and lattice do not change with
    // an edit; an imported map is another board).
    function askLattice() {
      const board = JSON.stringify([ctx.map.board, ctx.map.nodes[0] || ctx.map["x-sea"]?.nodes[0]]);
      if (ui.latticeFor === board) return;
      ui.latticeFor = board;
      ctx
        .ask("map_lattice", {})
        .then((answer) => {
          if (ui.latticeFor !== board) return;
          ui.extra = answer;
          ui.drawn = null;
          draw();
        })
        .catch(() => {
          ui.latticeFor = null;
        });
    }
    function draw() {
      askLattice();
      if (ui.drawn !== ctx.map || ui.style !== style.regions) drawBoard();
      drawMarks();
      tools();
      panel();
      regionCounts();
    }

    // -------------------------------------------------- what the host asks
    // A problem's place as boxes in the board's coordinates: its intersections, track spaces and
    // cities.
    function place(problem) {
      const L = ui.L || latticeOf(ctx.map, ui.extra);
      const r = style.cityR + 1.5;
      const box = (n) => ({ x: n.x - r, y: n.y - r, w: 2 * r, h: 2 * r });
      const out = [];
      for (const id of problem.nodes || []) if (L.all.has(id)) out.push(box(L.all.get(id)));
      for (const [a, b] of problem.edges || []) {
        const p = L.all.get(a),
          q = L.all.get(b);
        if (p && q) {
          const x = Math.min(p.x, q.x),
            y = Math.min(p.y, q.y);
          out.push({ x: x - 1.5, y: y - 1.5, w: Math.abs(p.x - q.x) + 3, h: Math.abs(p.y - q.y) + 3 });
        }
      }
      for (const name of problem.cities || []) {
        const c = ctx.map.cities.find((x) => x.name === name);
        if (c && L.all.has(c.node)) out.push(box(L.all.get(c.node)));
      }
      return out;
    }

    // Bring boxes of the board into view: zoomed so that they fit (never out beyond the board's
    // width), centred in the board's window.
    function show(boxes) {
      if (!boxes.length || !ui.plan) return;
      const x0 = Math.min(...boxes.map((b) => b.x)),
        y0 = Math.min(...boxes.map((b) => b.y));
      const x1 = Math.max(...boxes.map((b) => b.x + b.w)),
        y1 = Math.max(...boxes.map((b) => b.y + b.h));
      const room = Math.min(wrap.clientWidth, wrap.clientHeight || wrap.clientWidth) * 0.8;
      const fit = room / Math.max(x1 - x0, y1 - y0, (ui.L.step || 0) * 3);
      view.zoom = Math.min(8, Math.max(wrap.clientWidth / ui.plan.width, Math.min(ui.zoom, fit)));
      wrap.scrollLeft = ((x0 + x1) / 2) * ui.zoom - wrap.clientWidth / 2;
      wrap.scrollTop = ((y0 + y1) / 2) * ui.zoom - wrap.clientHeight / 2;
      frame.scrollIntoView({ block: "nearest" });
    }

    askStyle(draw);
    draw();
    return { update: draw, place, show, svg: over, unmount: () => root.replaceChildren() };
  }

  TW.editors.transamerica = {
    // map_start's empty lattice: columns and rows of intersections (the published board's lattice
    // is about 19 x 13); a random board is an invented continent the laptop makes (its own size,
    // so the host shows no size for it).
    start: {
      sizes: { min: [6, 5], max: [32, 26], default: [19, 13], without: ["random"] },
      kinds: ["empty", "random"],
    },
    mount,
  };
})();
