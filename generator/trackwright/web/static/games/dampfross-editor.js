// The Dampfross map editor, on the map editor's host (editor.js: its comment is the API). The
// board is the draft's hexes drawn as the printed board draws them (pointy-top hexes of the
// map's hex_size, axial (q, r), hex (0, 0) at 0, 0: trackwright.core.hexgrid's centre and
// corners; board-plan.js's colours), each hex one element kept between redraws, so a stroke of
// the brush repaints only the hexes it crosses. Tools: move (the board scrolls), brush and fill
// (plain, hill, water), rivers along hex sides (tap or drag), towns (tap: a new one, or choose
// one to name it, make it big, set its numbers, make it a port), "Number the towns" (the
// engine's map_fill), the start rule. What is right or wrong with the map the engine says
// (map_check, shown by the host); this module only edits and draws.
"use strict";
(() => {
  const TERRAINS = ["plain", "hill", "water"];
  const DICE = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) DICE.push(10 * a + b);
  const key = (q, r) => `${q},${r}`;
  const sideKey = (a, b) => {
    const [x, y] = [a, b].sort((m, n) => m[0] - n[0] || m[1] - n[1]);
    return `${x[0]},${x[1]}|${y[0]},${y[1]}`;
  };
  const isBig = (map, town) => town.numbers.length > 1 || (map["x-big"] || []).includes(town.name);
  const sidePair = (k) => k.split("|").map((p) => p.split(",").map(Number));

  // Measured for benchmarks/editor_page.py: each pointer move of a stroke (ms to handle it, and
  // to the next frame) and each stroke's end (ms from pointerup to the frame with the new draft).
  const stats = { moves: [], frames: [], commits: [] };
  // Called once the next frame has been painted (its animation frame, then a task after it).
  const painted = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));
  window.TWEditorStats = stats;

  // The printed board's colours (board-plan.js's one table) as the board's style rules.
  const PAINTED = {
    ".df-ed-hex.plain": "df-plain",
    ".df-ed-hex.hill": "df-hill",
    ".df-ed-hex.water": "df-water",
    ".df-ed-river": "df-river",
    ".df-ed-port": "df-port",
    ".df-ed-town-mark": "df-town",
    ".df-ed-coord": "df-coord",
  };
  function colours() {
    const el = document.createElementNS("http://www.w3.org/2000/svg", "style");
    el.textContent = Object.entries(PAINTED)
      .map(([rule, c]) => {
        const p = window.TWBoardPlan.style(c) || {};
        const stroke = p.stroke ? `stroke:${p.stroke};stroke-width:${p.width}` : "stroke:none";
        return `${rule}{fill:${p.fill || "none"};${stroke}}`;
      })
      .join("\n");
    return el;
  }

  function mount(ctx) {
    const { h, s, t } = ctx;
    const st = {
      tool: "brush",
      terrain: "plain",
      zoom: 2,
      town: null, // the name of the town chosen
      els: new Map(), // hex key -> its polygon
      drawn: new Map(), // hex key -> the terrain drawn
      hexKeys: "",
      size: 7.5,
      box: null,
      L: null, // the engine's map_layout of the board drawn
      centres: new Map(), // hex key -> [x, y]
      cells: new Map(), // "i,j" -> the hexes [q, r, x, y] whose centres are in that cell
      asking: null, // the board whose layout is asked
      fitted: false,
      edge: "bottom", // where the board grows or shrinks
    };
    const svg = s("svg", { class: "ed-board df-ed-board", "data-game": "dampfross" });
    svg.append(colours());
    const layers = {};
    for (const name of ["hexes", "labels", "marks", "rivers", "ports", "towns", "preview"])
      layers[name] = svg.appendChild(s("g", { class: `df-ed-${name}` }));
    const wrap = h("div", { class: "ed-board-wrap", id: "df-ed-wrap" }, svg);
    const tools = h("div", { class: "row ed-tools", id: "df-ed-tools" });
    const townBox = h("div", { class: "card ed-town", id: "df-ed-town" });
    const extra = h("div", { class: "row ed-tools", id: "df-ed-extra" });
    ctx.root.replaceChildren(tools, extra, wrap, townBox);
    // Pan and zoom: the host's (a mouse drags in Move mode, two fingers pan and pinch always).
    const view = ctx.view({
      wrap,
      target: svg,
      zoom: st.zoom,
      min: 0.5,
      size: (z) => {
        st.zoom = z;
        sizeBoard();
      },
      panning: () => st.tool === "move",
      pinch: true,
      onPinch: () => cancelStroke(),
    });

    // ------------------------------------------------------------ geometry (map_layout's)
    const NOWHERE = [Number.NaN, Number.NaN];
    const centre = (q, r) => st.centres.get(key(q, r)) || NOWHERE;
    function corners(q, r) {
      const [x, y] = centre(q, r);
      return st.L.corners.map(([dx, dy]) => `${(x + dx).toFixed(2)},${(y + dy).toFixed(2)}`).join(" ");
    }
    const cell = (v) => Math.floor(v / st.L.pitch);
    // The layout's centres by key, and in square cells a hex apart for the nearest-centre lookup.
    function index(L) {
      st.L = L;
      st.size = L.size;
      st.centres = new Map();
      st.cells = new Map();
      for (const [q, r, x, y] of L.hexes) {
        st.centres.set(key(q, r), [x, y]);
        const c = `${cell(x)},${cell(y)}`;
        if (!st.cells.has(c)) st.cells.set(c, []);
        st.cells.get(c).push([q, r, x, y]);
      }
    }
    // The hex under a board point: the nearest centre of the layout (a point is never farther
    // than a hex's size from its hex's centre, so the cells around its own hold it).
    function hexAt(x, y) {
      if (!st.L) return NOWHERE;
      const [cx, cy] = [cell(x), cell(y)];
      let best = NOWHERE,
        far = Number.POSITIVE_INFINITY;
      for (let i = -1; i <= 1; i++)
        for (let j = -1; j <= 1; j++)
          for (const [q, r, hx, hy] of st.cells.get(`${cx + i},${cy + j}`) || []) {
            const d = (x - hx) ** 2 + (y - hy) ** 2;
            if (d < far) [far, best] = [d, [q, r]];
          }
      return best;
    }
    // The side nearest a board point: its hex and the neighbour it faces, and how far the point
    // is from the side's middle.
    function sideAt(x, y) {
      const [q, r] = hexAt(x, y);
      const [cx, cy] = centre(q, r);
      if (Number.isNaN(cx)) return null;
      let best = null;
      for (const { dir, mid } of st.L.sides) {
        const d = Math.hypot(x - cx - mid[0], y - cy - mid[1]);
        if (!best || d < best.d) best = { d, a: [q, r], b: [q + dir[0], r + dir[1]] };
      }
      return best;
    }
    // The two corners shared by hexes a and b: the side's ends (null off the layout).
    function sideEnds([a, b]) {
      const side = st.L?.sides.find(({ dir }) => dir[0] === b[0] - a[0] && dir[1] === b[1] - a[1]);
      const [x, y] = centre(...a);
      if (!side || Number.isNaN(x)) return null;
      const [[x1, y1], [x2, y2]] = side.ends;
      return [x + x1, y + y1, x + x2, y + y2];
    }
    function point(ev) {
      const p = svg.createSVGPoint();
      p.x = ev.clientX;
      p.y = ev.clientY;
      return p.matrixTransform(svg.getScreenCTM().inverse());
    }

    // ------------------------------------------------------------ drawing
    function terrainOf(map) {
      const out = new Map();
      for (const hx of map.hexes) out.set(key(hx.q, hx.r), hx.terrain);
      return out;
    }
    // The board's hexes change only with a new board (a resize, an import): told by their number,
    // first and last hex and size, not by listing them all at each stroke.
    function boardKey(map) {
      const [a, b] = [map.hexes[0], map.hexes.at(-1)];
      return `${map.hexes.length}:${a && key(a.q, a.r)}:${b && key(b.q, b.r)}:${map.hex_size}`;
    }
    // The engine's geometry of a new board, asked once per board; drawn when it comes.
    function askLayout(keys) {
      if (st.asking === keys) return;
      st.asking = keys;
      ctx
        .ask("map_layout", {})
        .then((L) => {
          if (st.asking !== keys) return;
          st.asking = null;
          index({ ...L, keys });
          update();
          if (!st.fitted) fitBoard();
        })
        .catch((e) => {
          st.asking = null;
          ctx.say(e.message);
        });
    }
    function drawHexes(map) {
      const keys = boardKey(map);
      if (keys !== st.hexKeys) {
        if (st.L?.keys !== keys) {
          askLayout(keys);
          return false;
        }
        st.hexKeys = keys;
        layers.hexes.replaceChildren();
        st.els.clear();
        st.drawn.clear();
        for (const hx of map.hexes) {
          const el = s("polygon", { points: corners(hx.q, hx.r), "data-hex": key(hx.q, hx.r) });
          st.els.set(key(hx.q, hx.r), el);
          layers.hexes.append(el);
        }
        st.box = st.L.box || [0, 0, 1, 1];
        svg.setAttribute("viewBox", st.box.map((v) => v.toFixed(2)).join(" "));
        sizeBoard();
        drawLabels();
      }
      for (const hx of map.hexes) {
        const k = key(hx.q, hx.r);
        if (st.drawn.get(k) !== hx.terrain) {
          st.els.get(k).setAttribute("class", `df-ed-hex ${hx.terrain}`);
          st.drawn.set(k, hx.terrain);
        }
      }
      return true;
    }
    // The printed board's border labels: column letters above, row numbers at both sides.
    function drawLabels() {
      const { columns, rows } = st.L.labels;
      const size = st.size * 0.42;
      layers.labels.replaceChildren(
        ...columns.map((c) => label(c.x, c.y, c.text, "df-ed-coord", size)),
        ...rows.map((r) => {
          const el = label(r.x, r.y + size * 0.35, r.text, "df-ed-coord", size);
          el.setAttribute("text-anchor", r.anchor);
          return el;
        }),
      );
    }
    function sizeBoard() {
      if (!st.box) return;
      svg.setAttribute("width", (st.box[2] * st.zoom).toFixed(0));
      svg.setAttribute("height", (st.box[3] * st.zoom).toFixed(0));
    }
    function drawRivers(map) {
      layers.rivers.replaceChildren(
        ...map.rivers.map(([a, b]) => {
          const [x1, y1, x2, y2] = sideEnds([a, b]) || [0, 0, 0, 0];
          return s("line", {
            class: "df-ed-river",
            x1: x1.toFixed(2),
            y1: y1.toFixed(2),
            x2: x2.toFixed(2),
            y2: y2.toFixed(2),
            "data-side": sideKey(a, b),
          });
        }),
      );
    }
    function label(x, y, text, cls, size) {
      const el = s("text", {
        x: x.toFixed(2),
        y: y.toFixed(2),
        class: cls,
        "font-size": size,
        "text-anchor": "middle",
      });
      el.textContent = text;
      return el;
    }
    function drawTowns(map) {
      const ports = new Set(map.ports);
      const marks = [],
        rings = [];
      for (const town of map.towns) {
        const [x, y] = centre(...town.hex);
        const big = isBig(map, town);
        const r = st.size * 0.2;
        const chosen = town.name === st.town ? " chosen" : "";
        const g = s("g", { class: `df-ed-town${chosen}`, "data-town": town.name });
        g.append(
          big
            ? s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, class: "df-ed-town-mark" })
            : s("circle", { cx: x, cy: y, r, class: "df-ed-town-mark" }),
          label(x, y - r - 0.7, town.numbers.join("·") || "?", "df-ed-number", st.size * 0.42),
          label(x, y + r + 2.4, town.name, "df-ed-name", st.size * 0.33),
        );
        marks.push(g);
        if (ports.has(town.name))
          rings.push(
            s("circle", { cx: x, cy: y, r: st.size * 0.5, class: "df-ed-port", "data-port": town.name }),
          );
      }
      layers.towns.replaceChildren(...marks);
      layers.ports.replaceChildren(...rings);
    }
    function draw() {
      const map = ctx.map;
      if (!drawHexes(map)) return;
      drawRivers(map);
      drawTowns(map);
    }

    // ------------------------------------------------------------ tools
    function toolButton(tool, text) {
      return h(
        "button",
        {
          class: st.tool === tool ? "active" : "secondary",
          "data-tool": tool,
          "aria-pressed": st.tool === tool ? "true" : "false",
          onclick: () => {
            st.tool = tool;
            drawTools();
          },
        },
        text,
      );
    }
    function drawTools() {
      const painting = st.tool === "brush" || st.tool === "fill";
      tools.replaceChildren(
        toolButton("move", `✥ ${t("df.ed.move")}`),
        toolButton("brush", `✎ ${t("df.ed.brush")}`),
        toolButton("fill", `▧ ${t("df.ed.fill")}`),
        toolButton("river", `≈ ${t("df.ed.river")}`),
        toolButton("town", `● ${t("df.ed.town")}`),
        ...(painting
          ? TERRAINS.map((tr) =>
              h(
                "button",
                {
                  class: `df-ed-terrain ${tr} ${st.terrain === tr ? "active" : "secondary"}`,
                  "data-terrain": tr,
                  "aria-pressed": st.terrain === tr ? "true" : "false",
                  onclick: () => {
                    st.terrain = tr;
                    drawTools();
                  },
                },
                t(`df.ed.${tr}`),
              ),
            )
          : []),
        h(
          "button",
          {
            class: "secondary",
            id: "df-ed-zoom-in",
            onclick: () => view.zoomBy(1.4),
            "aria-label": t("zoom.in"),
          },
          "+",
        ),
        h(
          "button",
          {
            class: "secondary",
            id: "df-ed-zoom-out",
            onclick: () => view.zoomBy(1 / 1.4),
            "aria-label": t("zoom.out"),
          },
          "−",
        ),
      );
      // The page never scrolls under a brush, a river or a tap on a town: only "move" pans.
      svg.style.touchAction = st.tool === "move" ? "pan-x pan-y" : "none";
      wrap.classList.toggle("painting", st.tool !== "move");
    }
    function drawExtra() {
      const map = ctx.map;
      const start = h(
        "select",
        {
          id: "df-ed-start",
          onchange: (ev) => ctx.change(t("df.ed.start-changed"), (m) => (m.start = ev.target.value)),
        },
        h("option", { value: "town", selected: (map.start || "town") === "town" }, t("df.ed.start-town")),
        h("option", { value: "port", selected: map.start === "port" }, t("df.ed.start-port")),
      );
      extra.replaceChildren(
        h(
          "button",
          { class: "secondary", id: "df-ed-fill-numbers", onclick: numberTowns },
          t("df.ed.number"),
        ),
        h("label", {}, t("df.ed.start"), start),
        h("span", { class: "small", id: "df-ed-count" }, t("df.ed.counts", counts(map))),
        resizeRow,
      );
    }
    // A row or column added or removed at a side of the board (the engine's map_resize): made
    // once, kept across redraws.
    const EDGES = ["top", "bottom", "left", "right"];
    function resizer() {
      const edge = h(
        "select",
        { id: "df-ed-edge", onchange: (ev) => (st.edge = ev.target.value) },
        ...EDGES.map((e) => h("option", { value: e, selected: st.edge === e }, t(`df.ed.edge-${e}`))),
      );
      return h(
        "span",
        { class: "row", id: "df-ed-resize" },
        h("label", {}, t("df.ed.resize"), edge),
        h(
          "button",
          { class: "secondary", id: "df-ed-grow", onclick: () => resize(true) },
          `+ ${t("df.ed.grow")}`,
        ),
        h(
          "button",
          { class: "secondary", id: "df-ed-shrink", onclick: () => resize(false) },
          `− ${t("df.ed.shrink")}`,
        ),
      );
    }
    async function resize(grow) {
      const before = ctx.map,
        edge = st.edge;
      try {
        const answer = await ctx.ask("map_resize", { edge, grow });
        if (ctx.map !== before || answer.map === before) return;
        const label = t(grow ? "df.ed.grown" : "df.ed.shrunk", { edge: t(`df.ed.edge-${edge}`) });
        await ctx.change(label, (m) => {
          for (const k of Object.keys(m)) delete m[k];
          Object.assign(m, answer.map);
        });
      } catch (e) {
        ctx.say(e.message);
      }
    }
    function counts(map) {
      const used = new Set(map.towns.flatMap((tw) => tw.numbers));
      return { towns: map.towns.length, numbers: used.size, all: DICE.length, ports: map.ports.length };
    }
    async function numberTowns() {
      const before = ctx.map;
      try {
        const answer = await ctx.ask("map_fill", {});
        if (ctx.map !== before) return; // changed meanwhile: the answer is of an older map
        await ctx.change(t("df.ed.numbered"), (m) => {
          for (const k of Object.keys(m)) delete m[k];
          Object.assign(m, answer.map);
        });
      } catch (e) {
        ctx.say(e.message);
      }
    }

    // ------------------------------------------------------------ pointers
    let stroke = null;
    svg.addEventListener("pointerdown", (ev) => {
      if (view.busy || st.tool === "move" || stroke) return;
      ev.preventDefault();
      svg.setPointerCapture(ev.pointerId);
      stroke = {
        id: ev.pointerId,
        tool: st.tool,
        hexes: [],
        seen: new Set(),
        sides: new Map(),
        start: point(ev),
      };
      strokeAt(point(ev));
    });
    svg.addEventListener("pointermove", (ev) => {
      if (view.busy || !stroke || stroke.id !== ev.pointerId) return;
      const began = performance.now();
      for (const c of ev.getCoalescedEvents ? ev.getCoalescedEvents() : [ev]) strokeAt(point(c));
      const spent = performance.now() - began;
      stats.moves.push(spent);
      painted(() => stats.frames.push(performance.now() - began));
    });
    const up = (ev) => {
      if (!stroke || stroke.id !== ev.pointerId) return;
      const done = stroke;
      stroke = null;
      if (ev.type === "pointerup") finish(done);
      else cancelStroke(done);
    };
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    function strokeAt(p) {
      stroke.last = p;
      if (stroke.tool === "brush") brushAt(p);
      else if (stroke.tool === "river") riverAt(p);
    }
    function brushAt(p) {
      const [q, r] = hexAt(p.x, p.y);
      const k = key(q, r);
      if (stroke.seen.has(k) || !st.els.has(k)) return;
      stroke.seen.add(k);
      stroke.hexes.push([q, r]);
      // Shown at once, one hex's class: the draft changes once, at the stroke's end.
      st.els.get(k).setAttribute("class", `df-ed-hex ${st.terrain}`);
      st.drawn.set(k, st.terrain);
    }
    function riverAt(p) {
      const side = sideAt(p.x, p.y);
      if (!side || side.d > st.size * 0.45) return;
      const k = sideKey(side.a, side.b);
      if (stroke.sides.has(k)) return;
      const ends = sideEnds([side.a, side.b]);
      if (!ends) return;
      stroke.sides.set(k, side);
      const [x1, y1, x2, y2] = ends;
      layers.preview.append(s("line", { class: "df-ed-river preview", x1, y1, x2, y2 }));
    }
    function cancelStroke(done = stroke) {
      stroke = null;
      layers.preview.replaceChildren();
      if (done) {
        st.drawn.clear(); // redrawn from the draft
        drawHexes(ctx.map);
      }
    }
    function finish(done) {
      const began = performance.now();
      layers.preview.replaceChildren();
      const moved = Math.hypot(done.last.x - done.start.x, done.last.y - done.start.y);
      let work = null;
      if (done.tool === "brush") work = paint(done.hexes);
      else if (done.tool === "fill") work = fill(done.start);
      else if (done.tool === "river") work = rivers(done, moved);
      else if (done.tool === "town") work = townAt(done.start);
      // The draft redrawn (change redraws at once): the frame after it.
      if (work) painted(() => stats.commits.push(performance.now() - began));
    }
    function paint(hexes) {
      const terrain = st.terrain;
      const keys = new Set(hexes.map(([q, r]) => key(q, r)));
      return ctx.change(t("df.ed.painted", { count: hexes.length, terrain: t(`df.ed.${terrain}`) }), (m) => {
        for (const hx of m.hexes) if (keys.has(key(hx.q, hx.r))) hx.terrain = terrain;
      });
    }
    // The hexes of one terrain joined to the one tapped, all given the brush's terrain.
    function fill(p) {
      const [q, r] = hexAt(p.x, p.y);
      const terrain = terrainOf(ctx.map);
      const from = terrain.get(key(q, r));
      if (from === undefined || from === st.terrain) return null;
      const seen = new Set([key(q, r)]);
      const todo = [[q, r]];
      while (todo.length) {
        const [a, b] = todo.pop();
        for (const [dq, dr] of st.L.sides.map((side) => side.dir)) {
          const k = key(a + dq, b + dr);
          if (!seen.has(k) && terrain.get(k) === from) {
            seen.add(k);
            todo.push([a + dq, b + dr]);
          }
        }
      }
      const to = st.terrain;
      return ctx.change(t("df.ed.filled", { count: seen.size, terrain: t(`df.ed.${to}`) }), (m) => {
        for (const hx of m.hexes) if (seen.has(key(hx.q, hx.r))) hx.terrain = to;
      });
    }
    // A tap toggles the side nearest it; a drag adds every side it runs along.
    function rivers(done, moved) {
      const tapped = moved < st.size * 0.3;
      const have = new Set(ctx.map.rivers.map(([a, b]) => sideKey(a, b)));
      const sides = [...done.sides.keys()];
      if (!sides.length) return null;
      if (tapped && sides.length === 1 && have.has(sides[0]))
        return ctx.change(t("df.ed.river-removed"), (m) => {
          m.rivers = m.rivers.filter(([a, b]) => sideKey(a, b) !== sides[0]);
        });
      const added = sides.filter((k) => !have.has(k));
      if (!added.length) return null;
      return ctx.change(t("df.ed.river-added", { count: added.length }), (m) => {
        for (const k of added) m.rivers.push(sidePair(k));
      });
    }
    // A tap in the town tool: the town there chosen, or a new one on a land hex.
    function townAt(p) {
      const [q, r] = hexAt(p.x, p.y);
      const k = key(q, r);
      if (!st.els.has(k)) return null;
      const there = ctx.map.towns.find((tw) => key(...tw.hex) === k);
      if (there) {
        st.town = there.name;
        drawTowns(ctx.map);
        drawTown();
        return null;
      }
      const name = freshName(ctx.map);
      const free = DICE.find((n) => !ctx.map.towns.some((tw) => tw.numbers.includes(n)));
      st.town = name;
      return ctx.change(t("df.ed.town-added", { name }), (m) => {
        m.towns.push({ name, hex: [q, r], numbers: free === undefined ? [] : [free] });
      });
    }
    function freshName(map) {
      for (let n = map.towns.length + 1; ; n++) {
        const name = t("df.ed.town-name", { n });
        if (!map.towns.some((tw) => tw.name === name)) return name;
      }
    }

    // ------------------------------------------------------------ the town chosen
    function editTown(label, fn) {
      const name = st.town;
      return ctx.change(label, (m) => {
        const town = m.towns.find((tw) => tw.name === name);
        if (!town) return false;
        return fn(town, m);
      });
    }
    function drawTown() {
      const town = ctx.map.towns.find((tw) => tw.name === st.town);
      if (!town) {
        townBox.hidden = true;
        townBox.replaceChildren();
        return;
      }
      townBox.hidden = false;
      const big = isBig(ctx.map, town);
      const port = ctx.map.ports.includes(town.name);
      townBox.replaceChildren(
        h("h3", {}, t("df.ed.town-title", { name: town.name })),
        h(
          "div",
          { class: "row" },
          h(
            "label",
            {},
            t("df.ed.town-name-label"),
            h("input", {
              id: "df-ed-town-name",
              value: town.name,
              onchange: (ev) => rename(ev.target.value.trim()),
            }),
          ),
        ),
        h(
          "div",
          { class: "row" },
          h(
            "label",
            {},
            t("df.ed.numbers"),
            h("input", {
              id: "df-ed-town-numbers",
              value: town.numbers.join(", "),
              inputmode: "numeric",
              onchange: (ev) => setNumbers(ev.target.value),
            }),
          ),
        ),
        h(
          "div",
          { class: "row" },
          h(
            "label",
            {},
            h("input", {
              type: "checkbox",
              id: "df-ed-town-big",
              checked: big,
              onchange: () => setBig(!big),
            }),
            ` ${t("df.ed.big")}`,
          ),
          h(
            "label",
            {},
            h("input", {
              type: "checkbox",
              id: "df-ed-town-port",
              checked: port,
              onchange: () => setPort(!port),
            }),
            ` ${t("df.ed.port")}`,
          ),
        ),
        h(
          "div",
          { class: "row" },
          h(
            "button",
            { class: "secondary", id: "df-ed-town-remove", onclick: removeTown },
            t("df.ed.town-remove"),
          ),
          h(
            "button",
            {
              class: "secondary",
              onclick: () => {
                st.town = null;
                drawTowns(ctx.map);
                drawTown();
              },
            },
            t("df.ed.town-done"),
          ),
        ),
      );
    }
    function rename(name) {
      const old = st.town;
      if (!name || name === old || ctx.map.towns.some((tw) => tw.name === name)) {
        if (name && name !== old) ctx.say(t("df.ed.name-taken", { name }));
        drawTown();
        return;
      }
      st.town = name;
      ctx.change(t("df.ed.renamed", { old, name }), (m) => {
        const town = m.towns.find((tw) => tw.name === old);
        if (!town) return false;
        town.name = name;
        m.ports = m.ports.map((p) => (p === old ? name : p));
        if (m["x-big"]) m["x-big"] = m["x-big"].map((p) => (p === old ? name : p));
      });
    }
    // The numbers as typed: 11..66, both digits 1-6; what is not one is said, not kept.
    function setNumbers(text) {
      const numbers = text
        .split(/[^0-9]+/)
        .filter(Boolean)
        .map(Number);
      const wrong = numbers.filter((n) => !DICE.includes(n));
      if (wrong.length || !numbers.length) {
        ctx.say(
          t("df.ed.bad-numbers", { numbers: wrong.join(", ") || "—", low: DICE[0], high: DICE.at(-1) }),
        );
        drawTown();
        return;
      }
      editTown(t("df.ed.numbers-set", { name: st.town, numbers: numbers.join(", ") }), (town) => {
        town.numbers = [...new Set(numbers)];
      });
    }
    // A big town has two numbers; while editing, the map lists its big towns in "x-big" (what
    // "Number the towns" gives two). Made big, the lowest free number is added at once; made
    // small, it keeps its first.
    function setBig(big) {
      editTown(t(big ? "df.ed.made-big" : "df.ed.made-small", { name: st.town }), (town, m) => {
        const others = (m["x-big"] || []).filter((n) => n !== town.name);
        m["x-big"] = big ? [...others, town.name].sort() : others;
        if (!big) {
          town.numbers = town.numbers.slice(0, 1);
          return;
        }
        const used = new Set(m.towns.flatMap((tw) => tw.numbers));
        const free = DICE.filter((n) => !used.has(n)).slice(0, Math.max(0, 2 - town.numbers.length));
        town.numbers.push(...free);
      });
    }
    function setPort(port) {
      editTown(t(port ? "df.ed.made-port" : "df.ed.made-inland", { name: st.town }), (town, m) => {
        m.ports = port ? [...m.ports, town.name] : m.ports.filter((p) => p !== town.name);
      });
    }
    function removeTown() {
      const name = st.town;
      st.town = null;
      ctx.change(t("df.ed.town-removed", { name }), (m) => {
        m.towns = m.towns.filter((tw) => tw.name !== name);
        m.ports = m.ports.filter((p) => p !== name);
        if (m["x-big"]) m["x-big"] = m["x-big"].filter((p) => p !== name);
      });
    }

    // ------------------------------------------------------------ the host's calls
    function update() {
      if (stroke) cancelStroke();
      draw();
      drawExtra();
      if (document.activeElement?.closest?.("#df-ed-town") == null) drawTown();
    }
    function hexBox([q, r]) {
      const [x, y] = centre(q, r);
      if (Number.isNaN(x)) return { x: 0, y: 0, w: 0, h: 0 };
      return { x: x - st.L.pitch / 2, y: y - st.size, w: st.L.pitch, h: 2 * st.size };
    }
    // A problem's place: its hexes, its sides (a side between two hexes that are not
    // neighbours: both hexes) and its towns (by name, when the engine gave no hex: the town of a
    // name used twice is the hex it gave). Only what is on the board: a hex off it has no place
    // to ring (the host lists the problem only).
    function place(problem) {
      const boxes = new Map();
      if (!st.L) return [];
      const add = (hx) => {
        if (Array.isArray(hx) && st.els.has(key(hx[0], hx[1]))) boxes.set(key(hx[0], hx[1]), hexBox(hx));
      };
      for (const hx of problem.hexes || []) add(hx);
      for (const [a, b] of problem.sides || []) {
        const ends = st.els.has(key(...a)) && st.els.has(key(...b)) && sideEnds([a, b]);
        if (!ends) {
          add(a);
          add(b);
          continue;
        }
        const [x1, y1, x2, y2] = ends;
        boxes.set(`${key(...a)}|${key(...b)}`, {
          x: Math.min(x1, x2) - 1,
          y: Math.min(y1, y2) - 1,
          w: Math.abs(x2 - x1) + 2,
          h: Math.abs(y2 - y1) + 2,
        });
      }
      if (!problem.hexes?.length)
        for (const name of problem.cities || []) add(ctx.map.towns.find((tw) => tw.name === name)?.hex);
      return [...boxes.values()];
    }
    // Bring boxes into view: zoomed so that a hex is at least a finger wide, centred.
    function show(boxes) {
      const x0 = Math.min(...boxes.map((b) => b.x)),
        y0 = Math.min(...boxes.map((b) => b.y));
      const x1 = Math.max(...boxes.map((b) => b.x + b.w)),
        y1 = Math.max(...boxes.map((b) => b.y + b.h));
      const fit = Math.min(wrap.clientWidth / (x1 - x0 + 20), wrap.clientHeight / (y1 - y0 + 20));
      view.zoom = Math.min(Math.max(st.zoom, Math.min(fit, 44 / st.L.pitch)), Math.max(fit, 0.5));
      wrap.scrollLeft = ((x0 + x1) / 2 - st.box[0]) * st.zoom - wrap.clientWidth / 2;
      wrap.scrollTop = ((y0 + y1) / 2 - st.box[1]) * st.zoom - wrap.clientHeight / 2;
      wrap.scrollIntoView({ block: "nearest" });
    }

    // The whole board in its window at first, a hex never narrower than about 26 px.
    function fitBoard() {
      if (!st.box || !wrap.clientWidth) return;
      st.fitted = true;
      const high = Number.parseFloat(getComputedStyle(wrap).maxHeight) || wrap.clientHeight;
      const fit = Math.min(wrap.clientWidth / st.box[2], high / st.box[3]);
      view.zoom = Math.max(fit, 26 / st.L.pitch);
    }

    const resizeRow = resizer();
    drawTools();
    update();
    return { update, place, show, svg };
  }

  window.TW.editors.dampfross = {
    start: {
      // From 10 x 8 up to the largest board the kits print (an A0 poster: 88 x 69 hexes wide, 61 x
      // 99 tall; map_start makes the largest that fits when both are asked).
      // A random map needs room for its towns apart: the kit's usual size for 3 to 6 players.
      sizes: { min: [10, 8], max: [88, 99], default: [14, 10], defaults: { random: [30, 22] } },
      kinds: ["empty", "random"],
    },
    mount,
  };
})();
