// TransAmerica's page: track, start markers and hands of a round; the scores with the missing
// tracks the engine found.
"use strict";
(() => {
const { h, s, api, say, change, G, boardView, toolbar, playerButtons, swatch, colourOf, hexCentre, hexPoints, render } = window.TW;
// The rules numbers come from the default rules preset (/api/catalogue).
function dottedOutUpTo() { return ((window.TW.catalogue.find(g => g.name === "transamerica") || {}).preset || {}).dotted_out_up_to; }


const REGIONS = ["green", "blue", "yellow", "red", "orange"];

function taDraft() { return structuredClone(G.record["x-draft"] || { cities: {}, starts: {}, track: [] }); }
function key(a, b) { return a < b ? a + "|" + b : b + "|" + a; }

function transamerica() {
  const map = G.board.map;
  const nodes = Object.fromEntries(map.nodes.map(n => [n.id, n]));
  const draft = taDraft();
  const placed = new Set(draft.track.map(([a, b]) => key(a, b)));
  const last = G.score.rounds.length ? G.score.rounds[G.score.rounds.length - 1] : null;
  const showing = G.record["x-draft"] === undefined && last;
  const mode = G.mode || "track";
  const board = boardView(g => {
    const roundTrack = showing ? new Set(G.record.rounds[G.record.rounds.length - 1].track.map(([a, b]) => key(a, b))) : placed;
    for (const e of map.edges) {
      if (!roundTrack.has(key(e.a, e.b))) continue;
      const a = nodes[e.a], b = nodes[e.b];
      g.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#5a3a1e", "stroke-width": 2.6, "pointer-events": "none" }));
    }
    if (showing) G.record.players.forEach((p, i) => (last.routes[p] || []).forEach(([x, y]) => {
      const a = nodes[x], b = nodes[y];
      g.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: colourOf(i), "stroke-width": 2.2, "stroke-dasharray": i % 2 ? "4 2" : "none", "pointer-events": "none", class: "missing" }));
    }));
    if (!showing) for (const p of currentProblems()) for (const [x, y] of p.edges) {
      const a = nodes[x], b = nodes[y];
      g.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#d00", "stroke-width": 3.2, "stroke-dasharray": "2 1.5", "pointer-events": "none", class: "stray" }));
    }
    const starts = showing ? G.record.rounds[G.record.rounds.length - 1].starts : draft.starts;
    G.record.players.forEach((p, i) => { const n = nodes[starts[p]]; if (n) g.append(s("circle", { cx: n.x, cy: n.y, r: 4.5, fill: colourOf(i), stroke: "#000", "stroke-width": 0.6, "pointer-events": "none" })); });
  }, { key: `${showing ? "shown" : "entry"}|${mode}`, stroke: !showing && mode === "track" ? strokeTrack : null, draw: g => {
    if (showing) return;
    if (mode === "start") {
      for (const n of map.nodes) g.append(s("circle", { cx: n.x, cy: n.y, r: 6, fill: "rgba(0,0,0,0.08)", class: "node", "data-node": n.id, onclick: () => setStart(n.id) }));
      return;
    }
    for (const e of map.edges) {
      const a = nodes[e.a], b = nodes[e.b];
      g.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "transparent", "stroke-width": 9, class: "edge", "data-edge": key(e.a, e.b), onclick: () => toggleTrack(e.a, e.b) }));
    }
  } });
  const shownRound = showing ? G.record.rounds[G.record.rounds.length - 1] : null;
  const cost = Object.fromEntries(map.edges.map(e => [key(e.a, e.b), e.cost]));
  // The scored round's evidence, as the engine gave it: the hand and the missing tracks
  // (F3-F4 a single line, G8=H8 a double one).
  const evidence = p => h("span", { class: "small evidence", "data-evidence": p },
    `${(shownRound.cities[p] || []).join(", ")} · missing ${last.missing[p]}` +
    ((last.routes[p] || []).length ? ": " + last.routes[p].map(([a, b]) => `${a}${cost[key(a, b)] === 2 ? "=" : "-"}${b}`).join(" ") : ""));
  const handsKey = JSON.stringify([showing ? last.round : 0, showing ? null : [draft.cities, draft.starts], G.record.players]);
  const hands = window.TW.cached("ta-hands", handsKey, () => h("div", { class: "card hands" }, h("h2", {}, showing ? `Round ${last.round} scored` : `Round ${G.score.rounds.length + 1}: cards and start markers`),
    G.record.players.map((p, i) => h("div", { class: "row" }, swatch(i), h("b", {}, p),
      h("span", { class: "small", "data-start": p }, "start " + ((showing ? shownRound.starts : draft.starts)[p] || "–")),
      showing ? evidence(p) : REGIONS.map(region => {
        const options = map.cities.filter(c => c.region === region && (G.record.players.length > dottedOutUpTo() || !c.dotted));
        const current = (draft.cities[p] || []).find(name => options.some(c => c.name === name)) || "";
        return h("select", { "aria-label": `${p} ${region}`, "data-hand": p + ":" + region, onchange: ev => setCity(p, region, ev.target.value) },
          h("option", { value: "" }, region), options.map(c => h("option", { value: c.name, selected: c.name === current }, c.name)));
      })))));
  const actions = showing
    ? [h("button", { id: "next-round", onclick: nextRound, disabled: G.score.game_over }, "Next round")]
    : [h("button", { class: mode === "track" ? "active" : "secondary", onclick: () => { G.mode = "track"; render(); }, id: "mode-track" }, "Tap track"),
       h("button", { class: mode === "start" ? "active" : "secondary", onclick: () => { G.mode = "start"; render(); }, id: "mode-start" }, "Tap start"),
       h("button", { id: "score-round", onclick: scoreRound }, "Score round")];
  if (!showing) setTimeout(checkDraft, 0);
  const problems = showing ? [] : currentProblems();
  const before = problems.length ? h("div", { class: "card problems", id: "problems" }, h("h2", {}, "Before scoring"),
    problems.map(p => h("p", { class: "small", "data-problem": p.kind }, p.message))) : "";
  return [h("h1", {}, `TransAmerica · ${map.name}`), playerButtons(), toolbar(actions), board, before, hands,
    window.TW.cached("ta-scores", G.scoredKey, taScores)];
}

// What keeps the round being entered from counting, as the engine says (draft_problems): asked
// after each redraw, shown when it comes back.
const checked = { key: null, list: [] };
function currentProblems() { return checked.key === draftKey() ? checked.list : []; }
function draftKey() { return JSON.stringify([G.id, G.record["x-draft"] || null]); }
async function checkDraft() {
  const key = draftKey();
  if (checked.key === key || !G.record["x-draft"]) return;
  try { checked.list = await window.TW.engine.draftProblems(JSON.parse(JSON.stringify(G.record))); }
  catch (e) { checked.list = [{ kind: "record", message: e.message, nodes: [], edges: [] }]; }
  checked.key = key;
  if (draftKey() === key) render();
}

function taScores() {
  const sc = G.score, players = G.record.players;
  const table = h("table", { id: "scores" }, h("tr", {}, h("th", {}, "Round"), players.map(p => h("th", { class: "num" }, p))),
    sc.rounds.map(r => h("tr", {}, h("td", {}, r.round), players.map(p => h("td", { class: "num" }, `${r.scores[p]} (−${r.missing[p]})`)))),
    h("tr", {}, h("th", {}, "Now"), players.map(p => h("th", { class: "num" }, sc.scores[p]))));
  const end = sc.game_over ? h("p", { class: "winner", id: "winners" }, `Game over: ${sc.winners.join(" and ")} ${sc.winners.length > 1 ? "win" : "wins"}.`)
    : h("p", { class: "small" }, `The game ends for a player at ${sc.threshold} points or fewer.`);
  return h("div", { class: "card" }, h("h2", {}, "Scores"), table, end);
}

function taDraftOf(record) { return record["x-draft"] || (record["x-draft"] = { cities: {}, starts: {}, track: [] }); }

// A stroke along the printed lines: the intersections it passes near, joined by the track spaces
// between them (one skipped intersection is bridged), as one change: laid where missing, or all
// lifted when every one was already laid. Snapping is to within 0.4 of a track space (nearer to
// an intersection than to any line but its own).
const lattice = { map: null };
function latticeOf(map) {
  if (lattice.map === map) return lattice;
  const nodes = Object.fromEntries(map.nodes.map(n => [n.id, n]));
  const adj = {};
  for (const e of map.edges) { (adj[e.a] = adj[e.a] || new Set()).add(e.b); (adj[e.b] = adj[e.b] || new Set()).add(e.a); }
  const lengths = map.edges.map(e => Math.hypot(nodes[e.a].x - nodes[e.b].x, nodes[e.a].y - nodes[e.b].y)).sort((x, y) => x - y);
  const step = lengths[Math.floor(lengths.length / 2)];
  const cell = step, grid = new Map();
  for (const n of map.nodes) { const k = `${Math.floor(n.x / cell)},${Math.floor(n.y / cell)}`; if (!grid.has(k)) grid.set(k, []); grid.get(k).push(n); }
  return Object.assign(lattice, { map, nodes, adj, step, cell, grid });
}
function nearestNode(L, x, y, radius) {
  let best = null, bestD = radius;
  const gx = Math.floor(x / L.cell), gy = Math.floor(y / L.cell);
  for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) for (const n of L.grid.get(`${gx + i},${gy + j}`) || []) {
    const d = Math.hypot(n.x - x, n.y - y);
    if (d < bestD) { bestD = d; best = n; }
  }
  return best;
}
function strokeEdges(map, points) {
  const L = latticeOf(map);
  const dense = [];
  for (let i = 0; i < points.length; i++) {
    if (i === 0) { dense.push(points[0]); continue; }
    const [x0, y0] = points[i - 1], [x1, y1] = points[i];
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / (L.step / 6)));
    for (let k = 1; k <= n; k++) dense.push([x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n]);
  }
  const seq = [], at = [];
  dense.forEach(([x, y], i) => {
    const n = nearestNode(L, x, y, L.step * 0.4);
    if (n && seq[seq.length - 1] !== n.id) { seq.push(n.id); at.push(i); }
  });
  const edges = [];
  for (let i = 1; i < seq.length; i++) {
    const a = seq[i - 1], b = seq[i];
    if (L.adj[a] && L.adj[a].has(b)) { edges.push([a, b]); continue; }
    // One intersection skipped: the one between them that the finger passed nearest.
    const between = dense.slice(at[i - 1], at[i] + 1);
    const miss = w => Math.min(...between.map(([x, y]) => Math.hypot(L.nodes[w].x - x, L.nodes[w].y - y)));
    const via = [...(L.adj[a] || [])].filter(w => L.adj[b] && L.adj[b].has(w)).sort((u, v) => miss(u) - miss(v))[0];
    if (via) edges.push([a, via], [via, b]);
  }
  const seen = new Set();
  return edges.filter(([a, b]) => { const k = key(a, b); if (seen.has(k)) return false; seen.add(k); return true; });
}
function strokeTrack(points) {
  const edges = strokeEdges(G.board.map, points);
  if (!edges.length) return;
  return change(record => {
    const draft = taDraftOf(record);
    const placed = new Set(draft.track.map(([x, y]) => key(x, y)));
    if (edges.every(([a, b]) => placed.has(key(a, b)))) {
      const lifted = new Set(edges.map(([a, b]) => key(a, b)));
      draft.track = draft.track.filter(([x, y]) => !lifted.has(key(x, y)));
    } else for (const [a, b] of edges) if (!placed.has(key(a, b))) draft.track.push([a, b]);
  });
}
window.TW.strokeEdges = strokeEdges;

function toggleTrack(a, b) {
  change(record => {
    const draft = taDraftOf(record), k = key(a, b);
    const i = draft.track.findIndex(([x, y]) => key(x, y) === k);
    if (i >= 0) draft.track.splice(i, 1); else draft.track.push([a, b]);
  });
}
function setStart(node) {
  const player = G.record.players[G.player];
  change(record => { taDraftOf(record).starts[player] = node; });
}
function setCity(player, region, name) {
  const regionOf = Object.fromEntries(G.board.map.cities.map(c => [c.name, c.region]));
  change(record => {
    const draft = taDraftOf(record);
    const hand = (draft.cities[player] || []).filter(c => regionOf[c] !== region);
    if (name) hand.push(name);
    hand.sort((x, y) => REGIONS.indexOf(regionOf[x]) - REGIONS.indexOf(regionOf[y]));
    draft.cities[player] = hand;
  });
}
function scoreRound() {
  return change(record => {
    const draft = taDraftOf(record);
    record.rounds = [...record.rounds, { cities: draft.cities, starts: draft.starts, track: draft.track }];
    delete record["x-draft"];
  }, "Round scored");
}
function nextRound() {
  change(record => { record["x-draft"] = { cities: {}, starts: {}, track: [] }; });
}

window.TW.games.transamerica = {
  page: transamerica,
  newGame: () => ({ complete(record) { record.rounds = []; record["x-draft"] = { cities: {}, starts: {}, track: [] }; } }),
};
})();
