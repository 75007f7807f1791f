// A board drawn in the page from a board plan: the engine's answer to the `board` question
// (trackwright.core.boardplan), for a map added on this phone alone, which has no printed board
// built for it. The plan has the printed board's size, places and players (the same numbers
// the kits print with, so taps land where they do on a built-in map) and simple drawing items;
// this module only turns them into an SVG of the same shape as a built board's (its viewBox in
// the board's millimetres) and chooses the colours, each kind also told by its shape or line
// (waves on the sea, peaks on hills, trees in forests, double lines) so black and white reads.
//
//   window.TWBoardPlan.board(plan, t)   {svg, layout, width, height, players}: what a built
//                                       board's JSON holds; t translates the region names
//   window.TWBoardPlan.svg(plan)        the SVG text alone
//   window.TWBoardPlan.item(item, layout)  one drawing item's SVG elements (text), for a page
//                                       that redraws only the items that changed (the editors)
"use strict";
(() => {
  // Fill, outline and line width (mm) by item class.
  const STYLE = {
    paper: { fill: "#ffffff" },
    "df-plain": { fill: "#f4efdc", stroke: "#8f8a78", width: 0.18 },
    "df-hill": { fill: "#dcc08c", stroke: "#8f7a52", width: 0.18 },
    "df-water": { fill: "#bfdcf0", stroke: "#9cc3de", width: 0.18 },
    "df-river": { stroke: "#2c74bd", width: 0.9 },
    "df-port": { fill: "none", stroke: "#2c74bd", width: 0.45 },
    "df-town": { fill: "#b3261e" },
    "df-coord": { fill: "#5a5a5a" },
    "ls-ground": { fill: "#efe6cf" },
    "ls-frame": { fill: "none", stroke: "#7b6a4a", width: 0.8 },
    "ls-plain": { fill: "#e6ecb8", stroke: "#9aa27a", width: 0.3 },
    "ls-forest": { fill: "#84b36f", stroke: "#5b8a4b", width: 0.3 },
    "ls-hill": { fill: "#c8a46a", stroke: "#8c6c3c", width: 0.3 },
    "ls-border": { stroke: "#3d3d3d", width: 0.9 },
    "ls-spot": { fill: "#fbf7ea", stroke: "#000000", width: 0.4 },
    "ta-sea": { fill: "#d6e9f5" },
    "ta-land": { fill: "#f6f1e2", stroke: "#8a8672", width: 0.35 },
    "ta-lake": { fill: "#d6e9f5", stroke: "#8a8672", width: 0.3 },
    "ta-mountain": { fill: "#dad7d1" },
    "ta-river": { fill: "none", stroke: "#4f93cc", width: 1.3 },
    "ta-single": { stroke: "#2b2b2b", width: 0.55 },
    "ta-node": { fill: "#2b2b2b" },
    "ta-city": { stroke: "#000000", width: 0.45 },
    "ta-cartouche": { fill: "#ffffff", stroke: "#444444", width: 0.4 },
    "ta-id": { fill: "#555555" },
  };
  // A double line: a heavy dark stroke with the land's colour down its middle.
  const DOUBLE = { outer: 1.9, inner: 0.7, ink: "#2b2b2b", land: "#f6f1e2" };
  const KIND = { city: "#8e2c2c", fortified_village: "#6b4a8e", hamlet: "#2f6a8e", farm: "#5d7d2c" };

  const n = (v) => String(Math.round(v * 100) / 100);
  function esc(text) {
    return String(text).replace(
      /[&<>"']/g,
      (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
    );
  }
  function paint(c, extra = "") {
    const st = STYLE[c] || {};
    let out = ` fill="${st.fill || "none"}"`;
    if (st.stroke) out += ` stroke="${st.stroke}" stroke-width="${st.width}"`;
    return out + extra;
  }
  const points = (ring) => ring.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");
  const box = (x, y, w, h, attrs) =>
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" ${attrs}/>`;
  const disc = (x, y, r, attrs) => `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" ${attrs}/>`;
  const polygon = (ring, attrs) => `<polygon points="${points(ring)}" ${attrs}/>`;

  function hexes(item, layout) {
    const d = item.hexes
      .map((key) => {
        const [x, y] = layout.centres[key];
        return `M${layout.corners.map(([dx, dy]) => `${n(x + dx)},${n(y + dy)}`).join("L")}Z`;
      })
      .join("");
    return `<path d="${d}"${paint(item.c, ' stroke-linejoin="round"')}/>`;
  }
  function lines(item) {
    if (!item.segs.length) return "";
    const d = item.segs.map(([x1, y1, x2, y2]) => `M${n(x1)},${n(y1)}L${n(x2)},${n(y2)}`).join("");
    if (item.c === "ta-double")
      return (
        `<path d="${d}" stroke="${DOUBLE.ink}" stroke-width="${DOUBLE.outer}" fill="none"/>` +
        `<path d="${d}" stroke="${DOUBLE.land}" stroke-width="${DOUBLE.inner}" fill="none"/>`
      );
    return `<path d="${d}"${paint(item.c, ' stroke-linecap="round"')}/>`;
  }
  function paths(item) {
    const d = item.rings.map((r) => `M${points(r).replaceAll(" ", "L")}${item.closed ? "Z" : ""}`).join("");
    return `<path d="${d}"${paint(item.c, ' fill-rule="evenodd" stroke-linejoin="round"')}/>`;
  }
  function dots(item) {
    return item.pts.map(([x, y]) => disc(x, y, item.r, paint(item.c))).join("");
  }
  function squares(item) {
    const r = item.r;
    return item.pts.map(([x, y]) => box(x - r, y - r, 2 * r, 2 * r, paint(item.c))).join("");
  }
  function shapes(item) {
    const r = item.r;
    return item.pts
      .map(([x, y, fill, outline]) => {
        const city = disc(x, y, r, `fill="${esc(fill)}"${paint(item.c).replace(/ fill="[^"]*"/, "")}`);
        const k = r * 0.55;
        const mark = outline
          ? polygon(
              outline.map(([a, b]) => [x + a * k, y + b * k]),
              'fill="#ffffff"',
            )
          : disc(x, y, k * 0.9, 'fill="#ffffff"');
        return city + mark;
      })
      .join("");
  }
  function text(item) {
    const weight = item.bold ? ' font-weight="bold"' : "";
    const halo =
      item.c === "halo" ? ` stroke="#ffffff" stroke-width="${n(item.size * 0.18)}" paint-order="stroke"` : "";
    const fill = STYLE[item.c]?.fill || "#000000";
    return (
      `<text x="${n(item.x)}" y="${n(item.y)}" font-size="${item.size}" text-anchor="${item.anchor}"` +
      ` font-family="DejaVu Sans, Verdana, sans-serif" fill="${fill}"${weight}${halo}>${esc(item.s)}</text>`
    );
  }
  // Small pictures in a hex of size s: sea waves, hill peaks, trees, La Strada's settlements.
  const MARKS = {
    wave(x, y, s) {
      const half = s * 0.34;
      let d = "";
      for (const [dx, dy] of [
        [-0.14 * s, -0.18 * s],
        [0.14 * s, 0.2 * s],
      ]) {
        const pts = [];
        for (let k = 0; k <= 8; k++)
          pts.push(
            `${n(x + dx - half + (2 * half * k) / 8)},${n(y + dy - 0.09 * s * Math.sin((2 * Math.PI * k) / 8))}`,
          );
        d += `M${pts.join("L")}`;
      }
      return `<path d="${d}" stroke="#4f86b8" stroke-width="0.25" fill="none"/>`;
    },
    hill(x, y, s) {
      const k = s * 0.22;
      const yy = y + 0.15 * s;
      const d =
        `M${n(x - 2.2 * k)},${n(yy + k)}L${n(x - 1.1 * k)},${n(yy - 0.6 * k)}L${n(x)},${n(yy + k)}` +
        `M${n(x - 0.2 * k)},${n(yy + k)}L${n(x + 1.1 * k)},${n(yy - 1.2 * k)}L${n(x + 2.4 * k)},${n(yy + k)}`;
      return `<path d="${d}" stroke="#6b4f25" stroke-width="0.35" fill="none"/>`;
    },
    forest(x, y, s) {
      const k = s * 0.16;
      return [-1.3 * k, 1.3 * k]
        .map((dx) =>
          polygon(
            [
              [x + dx - k, y + k],
              [x + dx, y - 1.3 * k],
              [x + dx + k, y + k],
            ],
            'fill="#3f6b32"',
          ),
        )
        .join("");
    },
  };
  // La Strada's settlements: a picture of its kind (towers, a wall, houses, a farm) in its colour.
  function settlement(kind) {
    return (x, y, s) => {
      const k = s * 0.09;
      const ink = `stroke="#000000" stroke-width="0.3" fill="${KIND[kind] || "#777777"}"`;
      const house = (cx, cy, w) =>
        polygon(
          [
            [cx - w, cy + w],
            [cx - w, cy - 0.2 * w],
            [cx, cy - w],
            [cx + w, cy - 0.2 * w],
            [cx + w, cy + w],
          ],
          ink,
        );
      if (kind === "city")
        return [
          [-2 * k, k],
          [0, 3 * k],
          [2 * k, 1.8 * k],
        ]
          .map(([dx, hh]) => box(x + dx - k, y - hh, 2 * k, 2 * k + hh, ink))
          .join("");
      if (kind === "fortified_village")
        return box(x - 3 * k, y - 2 * k, 6 * k, 4 * k, `${ink} stroke-dasharray="${n(k)} ${n(k / 2)}"`);
      if (kind === "hamlet")
        return house(x - 1.4 * k, y + 0.5 * k, 1.3 * k) + house(x + 1.4 * k, y + 0.5 * k, 1.3 * k);
      return (
        house(x - k, y + 0.3 * k, 1.6 * k) +
        box(x + 1.2 * k, y + 0.4 * k, 2 * k, 1.5 * k, 'stroke="#000000" stroke-width="0.3" fill="#d9c36a"')
      );
    };
  }
  function marks(item) {
    const draw = MARKS[item.m] || (item.m.startsWith("ls-") ? settlement(item.m.slice(3)) : null);
    return draw ? item.pts.map(([x, y]) => draw(x, y, item.s)).join("") : "";
  }
  function rect(item) {
    return box(item.x, item.y, item.w, item.h, paint(item.c));
  }
  const DRAW = { rect, hexes, lines, paths, dots, rings: dots, squares, shapes, text, marks };

  function svg(plan) {
    const body = plan.items.map((item) => (DRAW[item.t] ? DRAW[item.t](item, plan.layout) : "")).join("");
    const w = n(plan.width),
      h = n(plan.height);
    const size = `viewBox="0 0 ${w} ${h}" width="${w}mm" height="${h}mm"`;
    return `<svg xmlns="http://www.w3.org/2000/svg" ${size}>${body}</svg>`;
  }
  // The plan as a built board's JSON: the region names (keys of the page's texts) in its language.
  function board(plan, t) {
    const layout = structuredClone(plan.layout);
    for (const region of Object.values(layout.regions || {})) region.label = t(region.label);
    return { svg: svg(plan), layout, width: plan.width, height: plan.height, players: plan.players };
  }
  const item = (it, layout) => (DRAW[it.t] ? DRAW[it.t](it, layout) : "");
  window.TWBoardPlan = { board, svg, item };
})();
