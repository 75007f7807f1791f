// La Strada's map editor, a module on the editor host (static/editor.js). The board is the one
// the page draws for any map: the engine's board plan of the draft (question `map_board`: the
// game page's `board` plan, made from the draft read leniently, so a layout the loader refuses is
// drawn too and its problems have a place), rendered by board-plan.js. Two tools on it:
// - Pieces: the six land pieces and their positions 0..5 as the map file has them. Tap a piece to
//   choose it, then tap another piece (or drag from one to the other) to swap their places; the
//   turn buttons move the chosen piece one place round the board (swapping with the piece there).
//   A piece keeps its hexes' terrain and settlements; laid at another position it is turned with
//   it (a wedge's hexes turn about the board's centre, one sixth of a turn per position).
// - Settlements: choose a kind and tap a hex to place one there (tap it again to take it away, a
//   settlement of another kind takes the chosen kind). The settlements are numbered s01, s02, ...
//   in reading order over the board, as the arranged boards are.
// Whether the layout is one the rules allow (and the kinds' counts) is the engine's to say
// (map_check); this module never judges it.
"use strict";
(() => {
  window.TW ||= {};
  const TW = window.TW;
  TW.editors ||= {};

  const REACH = 22; // a finger's reach in CSS px (app.js's REACH)
  const KINDS = ["city", "fortified_village", "hamlet", "farm"];
  const TOOLS = ["pan", "pieces", "settlements"];

  const hexKey = (q, r) => `${q},${r}`;
  // A hex one sixth of a turn clockwise about the centre: position p's wedge laid at p + 1
  // (core/lastrada.py piece_cells: the directions of hexgrid.DIRECTIONS, one step on).
  const turn = ([q, r], steps) => {
    let h = [q, r];
    for (let k = 0; k < ((steps % 6) + 6) % 6; k++) h = [-h[1], h[0] + h[1]];
    return h;
  };
  const reading = (a, b) => a[1] - b[1] || a[0] - b[0];

  // ------------------------------------------------------------------ the edits (on the draft's copy)

  // The settlements numbered in reading order (top row first, left to right), as arranged boards.
  function renumber(map) {
    map.settlements.sort((a, b) => reading(a.hex, b.hex));
    map.settlements.forEach((st, i) => {
      st.id = `s${String(i + 1).padStart(2, "0")}`;
    });
  }
  // Two pieces swap places: each one's hexes (and the settlements on them) turned by the steps
  // between the two positions. The board is no longer the seed's arrangement: its generator goes.
  function swapPieces(map, a, b) {
    const pa = map.pieces.find((p) => p.id === a),
      pb = map.pieces.find((p) => p.id === b);
    if (!pa || !pb || a === b) return false;
    const steps = { [a]: pb.position - pa.position, [b]: pa.position - pb.position };
    const moved = new Map();
    for (const hex of map.hexes) {
      if (!(hex.piece in steps) || (hex.q === 0 && hex.r === 0)) continue;
      const [q, r] = turn([hex.q, hex.r], steps[hex.piece]);
      moved.set(hexKey(hex.q, hex.r), [q, r]);
      Object.assign(hex, { q, r });
    }
    for (const st of map.settlements) {
      const to = moved.get(hexKey(...st.hex));
      if (to) st.hex = to;
    }
    [pa.position, pb.position] = [pb.position, pa.position];
    map.pieces.sort((x, y) => (y.start ? 1 : 0) - (x.start ? 1 : 0) || x.position - y.position);
    map.hexes.sort((x, y) => x.r - y.r || x.q - y.q);
    renumber(map);
    delete map.generator;
  }
  // A tap with a kind chosen: a settlement of that kind placed, changed to it, or (already of that
  // kind) taken away.
  function settle(map, q, r, kind) {
    const at = map.settlements.findIndex((st) => st.hex[0] === q && st.hex[1] === r);
    if (at < 0) map.settlements.push({ id: "new", hex: [q, r], kind });
    else if (map.settlements[at].kind === kind) map.settlements.splice(at, 1);
    else map.settlements[at].kind = kind;
    renumber(map);
    delete map.generator;
  }

  // ------------------------------------------------------------------ the module

  function mount(ctx) {
    const { h, s, t } = ctx;
    const ui = {
      tool: "pieces",
      kind: "city",
      chosen: null,
      zoom: null,
      board: null,
      asked: null,
      hexes: null,
    };
    const root = ctx.root;
    root.classList.add("ls-editor");

    const toolbar = h("div", { class: "row ed-tools", role: "toolbar", id: "ls-tools" });
    const options = h("div", { class: "row ed-options", id: "ls-options" });
    const hint = h("p", { class: "hint", id: "ls-edit-hint" });
    const base = h("div", { class: "ed-base" });
    const over = s("svg", { class: "board-overlay ed-overlay", id: "ls-edit-overlay" });
    const marks = s("g", { id: "ls-edit-marks" });
    over.append(marks);
    const stage = h("div", { class: "ed-stage", style: "position:relative" }, base, over);
    const wrap = h(
      "div",
      { class: "board-wrap ed-board-wrap", id: "ls-edit-board", style: "overflow:auto" },
      stage,
    );
    const zoom = h(
      "div",
      { class: "zoom-controls ed-zoom" },
      h(
        "button",
        { class: "secondary", "aria-label": t("zoom.in"), id: "ls-zoom-in", onclick: () => view.zoomBy(1.4) },
        "+",
      ),
      h(
        "button",
        {
          class: "secondary",
          "aria-label": t("zoom.out"),
          id: "ls-zoom-out",
          onclick: () => view.zoomBy(1 / 1.4),
        },
        "−",
      ),
    );
    const frame = h("div", { class: "ed-frame board-frame", style: "position:relative" }, wrap, zoom);
    const counts = h("div", { class: "row small ed-counts", id: "ls-counts" });
    root.append(toolbar, options, hint, frame, counts);

    // -------------------------------------------------- the board: the engine's plan of the draft
    async function askBoard() {
      const asked = ctx.map;
      if (ui.asked === asked) return;
      ui.asked = asked;
      try {
        const plan = await ctx.ask("map_board", null);
        if (ctx.map !== asked) return; // a newer draft is being drawn
        ui.board = window.TWBoardPlan.board(plan, t);
        ui.drawn = asked;
        base.innerHTML = ui.board.svg;
        over.setAttribute("viewBox", `0 0 ${ui.board.width} ${ui.board.height}`);
        size();
        drawMarks();
      } catch (e) {
        ui.asked = null;
        ctx.say(e.message);
      }
    }
    function size() {
      if (!ui.board) return;
      if (ui.zoom === null) {
        view.zoom = Math.max(0.3, (wrap.clientWidth || root.clientWidth || 340) / ui.board.width);
        return;
      }
      const w = ui.board.width * ui.zoom,
        hh = ui.board.height * ui.zoom;
      stage.style.width = `${w}px`;
      stage.style.height = `${hh}px`;
      for (const el of [base.firstElementChild, over]) {
        if (!el) continue;
        el.setAttribute("width", w);
        el.setAttribute("height", hh);
      }
      Object.assign(over.style, { position: "absolute", left: "0", top: "0" });
    }
    // The hex under a point: the nearest centre of the plan's places, within a hex's size (or a
    // finger's reach).
    function hexAt(x, y) {
      const { centres, size: hexSize } = ui.board.layout;
      const radius = Math.max(hexSize, REACH / Math.abs(over.getScreenCTM().a || 1));
      let best = null,
        bestD = radius;
      for (const [k, [cx, cy]] of Object.entries(centres)) {
        const d = Math.hypot(cx - x, cy - y);
        if (d < bestD) {
          bestD = d;
          best = k;
        }
      }
      return best ? best.split(",").map(Number) : null;
    }
    function pieceOf(q, r) {
      return ctx.map.hexes.find((hex) => hex.q === q && hex.r === r)?.piece || null;
    }
    const point = (e) => {
      const p = over.createSVGPoint();
      p.x = e.clientX;
      p.y = e.clientY;
      return p.matrixTransform(over.getScreenCTM().inverse());
    };

    // A tap or a drag from one piece to another (a mouse or a finger).
    let press = null;
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
      if (view.busy || ui.tool === "pan" || !ui.board) return;
      const p = point(e);
      press = { id: e.pointerId, hex: hexAt(p.x, p.y) };
      over.setPointerCapture(e.pointerId);
      e.preventDefault();
    });
    const up = (e) => {
      if (!press || press.id !== e.pointerId) return;
      const from = press.hex;
      press = null;
      if (e.type !== "pointerup" || !from) return;
      const p = point(e);
      const to = hexAt(p.x, p.y) || from;
      if (ui.tool === "pieces") return piecesTap(pieceOf(...from), pieceOf(...to));
      if (ui.tool === "settlements" && to[0] === from[0] && to[1] === from[1]) return settleAt(to);
    };
    over.addEventListener("pointerup", up);
    over.addEventListener("pointercancel", up);

    function piecesTap(from, to) {
      if (!from || !to) return;
      if (from !== to) return swap(from, to);
      if (ui.chosen && ui.chosen !== to) return swap(ui.chosen, to);
      ui.chosen = ui.chosen === to ? null : to;
      draw();
    }
    function swap(a, b) {
      ui.chosen = a;
      const pa = ctx.map.pieces.find((p) => p.id === a),
        pb = ctx.map.pieces.find((p) => p.id === b);
      return ctx.change(t("ls.ed.did-swap", { a, b, pa: pa.position, pb: pb.position }), (map) =>
        swapPieces(map, a, b),
      );
    }
    function turnChosen(steps) {
      const p = ctx.map.pieces.find((x) => x.id === ui.chosen);
      if (!p) return;
      const next = ctx.map.pieces.find((x) => x.position === (p.position + steps + 6) % 6);
      if (next) swap(p.id, next.id);
    }
    function settleAt([q, r]) {
      const kind = ui.kind;
      const there = ctx.map.settlements.find((st) => st.hex[0] === q && st.hex[1] === r);
      const label =
        there?.kind === kind
          ? t("ls.ed.did-remove", { kind: t(`ls.kind.${kind}`) })
          : t("ls.ed.did-settle", { kind: t(`ls.kind.${kind}`) });
      return ctx.change(label, (map) => settle(map, q, r, kind));
    }

    // -------------------------------------------------- the tools and what they show
    function tools() {
      toolbar.replaceChildren(
        ...ctx.toolButtons("ls", TOOLS, ui.tool, (tool) => {
          ui.tool = tool;
          draw();
        }),
      );
      over.style.touchAction = ui.tool === "pan" ? "pan-x pan-y" : "none";
      const noPieces = !ctx.map.pieces?.length;
      hint.textContent = t(
        noPieces && ui.tool === "pieces" ? "ls.ed.hint-no-pieces" : `ls.ed.hint-${ui.tool}`,
      );
      options.replaceChildren(...(ui.tool === "settlements" ? kindButtons() : []));
      if (ui.tool === "pieces" && !noPieces) options.replaceChildren(...turnButtons());
    }
    function kindButtons() {
      return KINDS.map((kind) =>
        h(
          "button",
          {
            class: ui.kind === kind ? "active" : "secondary",
            "aria-pressed": ui.kind === kind ? "true" : "false",
            "data-kind": kind,
            onclick: () => {
              ui.kind = kind;
              draw();
            },
          },
          t(`ls.kind.${kind}`),
        ),
      );
    }
    // The chosen piece and its turn buttons, in the same place whether or not a piece is chosen
    // (the board does not jump when one is).
    function turnButtons() {
      const p = ctx.map.pieces.find((x) => x.id === ui.chosen);
      const none = !p;
      return [
        h(
          "span",
          { id: "ls-chosen" },
          none ? t("ls.ed.none-chosen") : t("ls.ed.chosen", { piece: p.id, position: p.position }),
          " ",
        ),
        h(
          "button",
          { class: "secondary", id: "ls-turn-left", disabled: none, onclick: () => turnChosen(-1) },
          `↺ ${t("ls.ed.turn-left")}`,
        ),
        h(
          "button",
          { class: "secondary", id: "ls-turn-right", disabled: none, onclick: () => turnChosen(1) },
          `↻ ${t("ls.ed.turn-right")}`,
        ),
      ];
    }
    // How many settlements of each kind the board has (whether that is right is the engine's to say).
    function kindCounts() {
      counts.replaceChildren(
        ...KINDS.map((kind) =>
          h(
            "span",
            { class: "ed-count", "data-kind": kind },
            t("ls.ed.count", {
              kind: t(`ls.kind.${kind}`),
              count: ctx.map.settlements.filter((st) => st.kind === kind).length,
            }),
          ),
        ),
      );
    }
    // The chosen piece outlined hex by hex, each piece's letter at its middle.
    function drawMarks() {
      marks.replaceChildren();
      if (!ui.board || ui.drawn !== ctx.map) return;
      const { centres, corners } = ui.board.layout;
      const middles = {};
      for (const hex of ctx.map.hexes) {
        const c = centres[hexKey(hex.q, hex.r)];
        if (!c || !hex.piece) continue;
        middles[hex.piece] ||= [];
        middles[hex.piece].push(c);
        if (hex.piece !== ui.chosen || ui.tool !== "pieces") continue;
        marks.append(
          s("polygon", {
            points: corners.map(([dx, dy]) => `${c[0] + dx},${c[1] + dy}`).join(" "),
            fill: "#ffffff",
            "fill-opacity": 0.35,
            stroke: "#000000",
            "stroke-width": 0.8,
            class: "ls-chosen-hex",
            "pointer-events": "none",
          }),
        );
      }
      if (ui.tool !== "pieces") return;
      for (const piece of ctx.map.pieces || []) {
        const pts = middles[piece.id] || [];
        if (!pts.length) continue;
        const label = s("text", {
          x: pts.reduce((a, p) => a + p[0], 0) / pts.length,
          y: pts.reduce((a, p) => a + p[1], 0) / pts.length,
          "font-size": 14,
          "font-weight": "bold",
          "text-anchor": "middle",
          fill: "#000000",
          stroke: "#ffffff",
          "stroke-width": 2,
          "paint-order": "stroke",
          class: "ls-piece-label",
          "data-piece": piece.id,
          "pointer-events": "none",
        });
        label.textContent = piece.id;
        marks.append(label);
      }
    }
    function draw() {
      tools();
      kindCounts();
      drawMarks();
      askBoard();
    }

    // -------------------------------------------------- what the host asks
    // A problem's place: its hexes and settlements, as boxes around the hexes.
    function place(problem) {
      if (!ui.board) return [];
      const { centres, size: hexSize } = ui.board.layout;
      const box = ([q, r]) => {
        const c = centres[hexKey(q, r)];
        return c ? { x: c[0] - hexSize, y: c[1] - hexSize, w: 2 * hexSize, h: 2 * hexSize } : null;
      };
      const hexes = [...(problem.hexes || [])];
      for (const id of problem.settlements || []) {
        const st = ctx.map.settlements.find((x) => x.id === id);
        if (st) hexes.push(st.hex);
      }
      return hexes.map(box).filter(Boolean);
    }
    function show(boxes) {
      if (!boxes.length || !ui.board) return;
      const x = boxes.reduce((a, b) => a + b.x + b.w / 2, 0) / boxes.length,
        y = boxes.reduce((a, b) => a + b.y + b.h / 2, 0) / boxes.length;
      wrap.scrollLeft = x * ui.zoom - wrap.clientWidth / 2;
      wrap.scrollTop = y * ui.zoom - wrap.clientHeight / 2;
      frame.scrollIntoView({ block: "nearest" });
    }

    draw();
    // A hex's centre on the board (tests tap there).
    const centre = (k) => ui.board?.layout.centres[k] || null;
    return { update: draw, place, show, centre, svg: over, unmount: () => root.replaceChildren() };
  }

  TW.editors.lastrada = {
    // map_start: a seeded arrangement of the six pieces (the board's size is the pieces').
    start: { sizes: null, kinds: ["random"] },
    mount,
  };
})();
