// trackwright web scorer: the pages. All rules and scores come from the server's engines;
// this file only shows the board (the print's own SVG), takes taps and sends records.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const params = new URLSearchParams(location.search);
if (params.get("key")) localStorage.setItem("tw-key", params.get("key"));
const KEY = localStorage.getItem("tw-key") || "";

function tokenFor(gid) {
  if (params.get("token")) localStorage.setItem("tw-token-" + gid, params.get("token"));
  return localStorage.getItem("tw-token-" + gid) || "";
}

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, "");
    else if (v !== false && v != null) el.setAttribute(k, v);
  }
  for (const c of children.flat()) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

function s(tag, attrs = {}) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v);
  }
  return el;
}

async function api(method, path, body, opts = {}) {
  const headers = { "Content-Type": "application/json" };
  if (KEY) headers["X-Trackwright-Key"] = KEY;
  if (opts.gid) headers["X-Game-Token"] = tokenFor(opts.gid);
  if (opts.version != null) headers["If-Match"] = String(opts.version);
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (!r.ok) {
    const err = new Error((data && data.detail) || r.statusText || "request failed");
    err.status = r.status;
    throw err;
  }
  return { data, etag: r.headers.get("ETag") };
}

let statusTimer = null;
function say(text, ok = false) {
  const box = document.getElementById("status");
  box.replaceChildren(h("div", { class: ok ? "msg ok" : "msg" }, text));
  clearTimeout(statusTimer);
  statusTimer = setTimeout(() => box.replaceChildren(), ok ? 2500 : 7000);
}

function download(name, data) {
  const a = h("a", { href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" })), download: name });
  document.body.append(a); a.click(); a.remove();
}

const G = { gid: null, version: null, record: null, board: null, score: null, player: 0, mode: null, zoom: 1.4,
            queue: Promise.resolve() };

// Changes run one after the other, each computed from the latest record when its turn comes, so
// quick taps never race each other (and tests can wait for the page to be idle).
function change(fn, message) {
  G.queue = G.queue.then(async () => {
    const record = structuredClone(G.record);
    if (fn(record) === false) return;
    await save(record, message);
  }).catch(e => say(e.message));
  return G.queue;
}
window.twIdle = () => G.queue;

// ------------------------------------------------------------------ home: games and new game

async function home() {
  document.getElementById("title").textContent = "games";
  const main = document.getElementById("main");
  const [{ data: games }, { data: maps }] = await Promise.all([api("GET", "/api/games"), api("GET", "/api/maps")]);
  const list = h("div", { class: "card games" }, h("h2", {}, "Games"),
    games.length ? games.map(g => h("a", { href: "/game/" + g.id + (g.token ? "?token=" + g.token : ""), "data-game": g.id },
      `${g.game} · ${g.players.join(", ")} · ${g.map} · v${g.version}`)) : h("p", { class: "small" }, "No game yet."));

  const gameSel = h("select", { id: "new-game" }, ["transamerica", "dampfross", "lastrada"].map(g => h("option", { value: g }, g)));
  const mapSel = h("select", { id: "new-map" });
  const variant = h("select", { id: "new-variant" }, h("option", { value: "standard" }, "standard"), h("option", { value: "two-player" }, "two players"));
  const variantRow = h("div", { class: "row" }, h("label", {}, "Variant", variant));
  const playersBox = h("div", { id: "new-players" });
  const startsBox = h("div", { id: "new-starts" });
  let towns = [];
  function fillMaps() {
    mapSel.replaceChildren(...maps.filter(m => m.game === gameSel.value).map(m =>
      h("option", { value: m.ref }, `${m.name}${m.seed != null ? " · seed " + m.seed : ""} (${m.source})`)));
    variantRow.hidden = gameSel.value !== "lastrada";
    loadTowns();
  }
  function addPlayer(name) {
    playersBox.append(h("div", { class: "row" }, h("input", { class: "player", value: name, "aria-label": "player name" })));
    drawStarts();
  }
  function loadTowns() {
    // Queued like every change, so the form is never sent half-loaded (and tests can wait).
    createButton.disabled = true;
    G.queue = G.queue.then(async () => {
      towns = [];
      if (gameSel.value === "dampfross" && mapSel.value) {
        const { data } = await api("GET", "/api/maps/view?game=dampfross&ref=" + encodeURIComponent(mapSel.value));
        const map = data.map;
        towns = map.towns.filter(t => map.start !== "port" || map.ports.includes(t.name));
      }
      drawStarts();
    }).catch(e => say(e.message)).finally(() => { createButton.disabled = false; });
    return G.queue;
  }
  function drawStarts() {
    startsBox.replaceChildren();
    if (gameSel.value !== "dampfross") return;
    [...playersBox.querySelectorAll("input.player")].forEach((inp, i) => {
      startsBox.append(h("div", { class: "row" }, h("label", {}, `Start of player ${i + 1}`,
        h("select", { class: "start" }, towns.map((t, k) => h("option", { value: JSON.stringify(t.hex), selected: k === i }, `${t.numbers.join("·")} ${t.name}`))))));
    });
  }
  const createButton = h("button", { id: "create", onclick: create }, "Start game");
  gameSel.addEventListener("change", fillMaps);
  mapSel.addEventListener("change", loadTowns);
  ["Ann", "Ben", "Cleo"].forEach(addPlayer);
  fillMaps();

  async function create() {
    const players = [...playersBox.querySelectorAll("input.player")].map(i => i.value.trim()).filter(Boolean);
    const game = gameSel.value;
    const record = { game, map: mapSel.value, players };
    if (game === "transamerica") { record.rounds = []; record["x-draft"] = { cities: {}, starts: {}, track: [] }; }
    if (game === "dampfross") {
      record.starts = {};
      [...startsBox.querySelectorAll("select.start")].forEach((sel, i) => { if (players[i]) record.starts[players[i]] = JSON.parse(sel.value); });
      record.events = [];
    }
    if (game === "lastrada") { record.variant = variant.value; record.settlements = {}; record.reserve = {}; }
    try {
      const { data } = await api("POST", "/api/games", record);
      location.href = "/game/" + data.id + (data.token ? "?token=" + data.token : "");
    } catch (e) { say(e.message); }
  }
  async function upload(ev) {
    const file = ev.target.files[0];
    if (!file) return;
    try {
      const { data } = await api("POST", "/api/maps", JSON.parse(await file.text()));
      maps.push({ ...data, source: "uploaded" });
      gameSel.value = data.game; fillMaps(); mapSel.value = data.ref; loadTowns();
      say("Map uploaded", true);
    } catch (e) { say(e.message || "not a JSON file"); }
  }
  async function importRecord(ev) {
    const file = ev.target.files[0];
    if (!file) return;
    try {
      const { data } = await api("POST", "/api/games", JSON.parse(await file.text()));
      location.href = "/game/" + data.id + (data.token ? "?token=" + data.token : "");
    } catch (e) { say(e.message || "not a JSON file"); }
  }
  const form = h("div", { class: "card" }, h("h2", {}, "New game"),
    h("div", { class: "row" }, h("label", {}, "Game", gameSel)),
    h("div", { class: "row" }, h("label", {}, "Map", mapSel)),
    h("div", { class: "row" }, h("label", {}, "Upload a map.json", h("input", { type: "file", accept: ".json,application/json", onchange: upload }))),
    variantRow,
    h("h2", {}, "Players"), playersBox,
    h("div", { class: "row" }, h("button", { class: "secondary", onclick: () => addPlayer("") }, "+ player")),
    startsBox,
    h("div", { class: "row" }, createButton),
    h("div", { class: "row" }, h("label", {}, "Import a game (JSON)", h("input", { type: "file", accept: ".json,application/json", onchange: importRecord }))));
  main.replaceChildren(h("h1", {}, "Score at the table"), list, form);
}

// ------------------------------------------------------------------ a game



async function load() {
  const { data, etag } = await api("GET", "/api/games/" + G.gid, undefined, { gid: G.gid });
  G.record = data;
  G.version = Number((etag || '"0"').replaceAll('"', ""));
  G.score = (await api("GET", "/api/games/" + G.gid + "/score", undefined, { gid: G.gid })).data;
}

async function save(record, message) {
  try {
    const { data } = await api("PUT", "/api/games/" + G.gid, record, { gid: G.gid, version: G.version });
    G.version = data.version;
    G.record = record;
    G.score = (await api("GET", "/api/games/" + G.gid + "/score", undefined, { gid: G.gid })).data;
    if (message) say(message, true);
    return true;
  } catch (e) {
    say(e.message);
    if (e.status === 409) await load();
    return false;
  } finally {
    render();
  }
}

function undo() {
  G.queue = G.queue.then(async () => {
    try {
      await api("POST", "/api/games/" + G.gid + "/undo", undefined, { gid: G.gid, version: G.version });
      await load();
      say("Undone", true);
    } catch (e) { say(e.message); if (e.status === 409) await load(); }
    render();
  });
  return G.queue;
}

function colourOf(i) { const p = G.board.players[i % G.board.players.length]; return p.colour; }
function swatch(i) { return h("span", { class: "swatch", style: `background:${colourOf(i)}` }); }

function boardView(overlay) {
  const wrap = h("div", { class: "board-wrap", id: "board" });
  wrap.innerHTML = G.board.svg.replace(/^<\?xml[^>]*>/, "");
  const root = wrap.querySelector("svg");
  root.setAttribute("width", `${G.board.width * G.zoom * 2}`);
  root.setAttribute("height", `${G.board.height * G.zoom * 2}`);
  const g = s("g", { id: "overlay" });
  overlay(g);
  root.append(g);
  return wrap;
}

function toolbar(extra = []) {
  return h("div", { class: "row" },
    h("button", { class: "secondary", onclick: () => { G.zoom = Math.max(0.4, G.zoom / 1.4); render(); }, "aria-label": "zoom out" }, "−"),
    h("button", { class: "secondary", onclick: () => { G.zoom = Math.min(6, G.zoom * 1.4); render(); }, "aria-label": "zoom in" }, "+"),
    h("button", { class: "secondary", onclick: undo, id: "undo" }, "Undo"),
    h("button", { class: "secondary", onclick: async () => { const { data } = await api("GET", "/api/games/" + G.gid, undefined, { gid: G.gid }); download(`${G.record.game}-${G.gid}.json`, data); } }, "Export"),
    ...extra);
}

function playerButtons() {
  return h("div", { class: "row", id: "players" }, G.record.players.map((p, i) =>
    h("button", { class: "secondary" + (G.player === i ? " active" : ""), onclick: () => { G.player = i; render(); }, "data-player": p }, swatch(i), p)));
}

function render() {
  const main = document.getElementById("main");
  const scroll = document.getElementById("board");
  const pos = scroll ? [scroll.scrollLeft, scroll.scrollTop] : null;
  const page = { transamerica: transamerica, dampfross: dampfross, lastrada: lastrada }[G.record.game]();
  main.replaceChildren(...page);
  const again = document.getElementById("board");
  if (again && pos) { again.scrollLeft = pos[0]; again.scrollTop = pos[1]; }
}

// ------------------------------------------------------------------ TransAmerica

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
      const a = nodes[e.a], b = nodes[e.b];
      if (roundTrack.has(key(e.a, e.b)))
        g.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#5a3a1e", "stroke-width": 2.6, "pointer-events": "none" }));
      if (!showing)
        g.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "transparent", "stroke-width": 9, class: "edge", "data-edge": key(e.a, e.b), onclick: () => toggleTrack(e.a, e.b) }));
    }
    if (showing) G.record.players.forEach((p, i) => (last.routes[p] || []).forEach(([x, y]) => {
      const a = nodes[x], b = nodes[y];
      g.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: colourOf(i), "stroke-width": 2.2, "stroke-dasharray": i % 2 ? "4 2" : "none", "pointer-events": "none", class: "missing" }));
    }));
    const starts = showing ? G.record.rounds[G.record.rounds.length - 1].starts : draft.starts;
    G.record.players.forEach((p, i) => { const n = nodes[starts[p]]; if (n) g.append(s("circle", { cx: n.x, cy: n.y, r: 4.5, fill: colourOf(i), stroke: "#000", "stroke-width": 0.6, "pointer-events": "none" })); });
    if (!showing && mode === "start") for (const n of map.nodes)
      g.append(s("circle", { cx: n.x, cy: n.y, r: 6, fill: "rgba(0,0,0,0.08)", class: "node", "data-node": n.id, onclick: () => setStart(n.id) }));
  });
  const hands = h("div", { class: "card hands" }, h("h2", {}, showing ? `Round ${last.round} scored` : `Round ${G.score.rounds.length + 1}: cards and start markers`),
    G.record.players.map((p, i) => h("div", { class: "row" }, swatch(i), h("b", {}, p),
      h("span", { class: "small" }, "start " + (draft.starts[p] || "–")),
      showing ? [] : REGIONS.map(region => {
        const options = map.cities.filter(c => c.region === region && (G.record.players.length > 3 || !c.dotted));
        const current = (draft.cities[p] || []).find(name => options.some(c => c.name === name)) || "";
        return h("select", { "aria-label": `${p} ${region}`, "data-hand": p + ":" + region, onchange: ev => setCity(p, region, ev.target.value) },
          h("option", { value: "" }, region), options.map(c => h("option", { value: c.name, selected: c.name === current }, c.name)));
      }))));
  const actions = showing
    ? [h("button", { id: "next-round", onclick: nextRound, disabled: G.score.game_over }, "Next round")]
    : [h("button", { class: mode === "track" ? "active" : "secondary", onclick: () => { G.mode = "track"; render(); } }, "Tap track"),
       h("button", { class: mode === "start" ? "active" : "secondary", onclick: () => { G.mode = "start"; render(); }, id: "mode-start" }, "Tap start"),
       h("button", { id: "score-round", onclick: scoreRound }, "Score round")];
  return [h("h1", {}, `TransAmerica · ${map.name}`), playerButtons(), toolbar(actions), board, hands, taScores()];
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

// ------------------------------------------------------------------ hex boards

function hexCentre([q, r]) {
  const L = G.board.layout;
  return [L.ox + L.size * G.board.sqrt3 * (q + r / 2), L.oy + L.size * 1.5 * r];
}
function hexPoints(hex) {
  const [x, y] = hexCentre(hex), sz = G.board.layout.size, k = G.board.sqrt3 / 2;
  return [[k, -0.5], [k, 0.5], [0, 1], [-k, 0.5], [-k, -0.5], [0, -1]].map(([dx, dy]) => `${x + sz * dx},${y + sz * dy}`).join(" ");
}

// ------------------------------------------------------------------ Dampfross

function dfDraft() { return structuredClone(G.record["x-draft"] || { path: [], roll: 6, routes: {}, from: "", to: "", placing: "" }); }

function dampfross() {
  const map = G.board.map, draft = dfDraft(), mode = G.mode === "race" ? "race" : "build";
  const players = G.record.players;
  const board = boardView(g => {
    G.record.events.filter(e => e.type === "build").forEach(e => (e.paths || [e.path]).forEach(path => {
      const i = players.indexOf(e.player);
      g.append(s("polyline", { points: path.map(hexCentre).map(p => p.join(",")).join(" "), fill: "none", stroke: colourOf(i), "stroke-width": 1.6, "stroke-linejoin": "round", "pointer-events": "none" }));
    }));
    const current = mode === "build" ? draft.path : (draft.routes[players[G.player]] || []);
    if (current.length) g.append(s("polyline", { points: current.map(hexCentre).map(p => p.join(",")).join(" "), fill: "none", stroke: "#000", "stroke-width": 1.2, "stroke-dasharray": "2 1.2", "pointer-events": "none", id: "draft-path" }));
    for (const hx of map.hexes) if (hx.terrain !== "water")
      g.append(s("polygon", { points: hexPoints([hx.q, hx.r]), fill: "transparent", class: "hex", "data-hex": `${hx.q},${hx.r}`, onclick: () => tapHex([hx.q, hx.r]) }));
  });
  const sc = G.score;
  const panel = mode === "build"
    ? h("div", { class: "card" }, h("h2", {}, `Build for ${players[G.player]}`),
        h("div", { class: "row" }, h("label", {}, "Roll", h("select", { id: "roll", onchange: ev => setDraft({ roll: Number(ev.target.value) }) },
          ["winnings", 1, 2, 3, 4, 5, 6].map(v => h("option", { value: v === "winnings" ? 0 : v, selected: draft.roll === (v === "winnings" ? 0 : v) }, v === "winnings" ? "from winnings" : v))))),
        h("p", { class: "small" }, draft.path.length ? `Line: ${draft.path.map(x => `(${x})`).join(" → ")}` : "Tap the hexes of the line, starting on the player's own line."),
        h("div", { id: "preview" }),
        h("div", { class: "row" }, h("button", { id: "confirm-build", onclick: confirmBuild, disabled: draft.path.length < 2 }, "Confirm"),
          h("button", { class: "secondary", onclick: () => setDraft({ path: [] }) }, "Clear")))
    : h("div", { class: "card" }, h("h2", {}, "Race"),
        h("div", { class: "row" }, h("label", {}, "From", h("input", { type: "number", id: "race-from", value: draft.from, onchange: ev => setDraft({ from: ev.target.value }) })),
          h("label", {}, "To", h("input", { type: "number", id: "race-to", value: draft.to, onchange: ev => setDraft({ to: ev.target.value }) }))),
        h("p", { class: "small" }, `Tap ${players[G.player]}'s route (${(draft.routes[players[G.player]] || []).length} hexes). Entrants: ${Object.keys(draft.routes).join(", ") || "none"}.`),
        h("div", { class: "row" }, h("label", {}, "Places", h("input", { id: "race-placing", value: draft.placing || Object.keys(draft.routes).join(", "), onchange: ev => setDraft({ placing: ev.target.value }) }))),
        h("div", { class: "row" }, h("button", { id: "confirm-race", onclick: confirmRace }, "Record race"),
          h("button", { class: "secondary", onclick: () => setDraft({ routes: {}, placing: "" }) }, "Clear routes")));
  const ledger = h("div", { class: "card" }, h("h2", {}, "Ledger"),
    h("p", { id: "phase" }, `Phase: ${sc.phase}. ${sc.winner ? sc.winner + " wins." : ""}`),
    h("table", { id: "balances" }, h("tr", {}, players.map(p => h("th", { class: "num" }, p))), h("tr", {}, players.map(p => h("td", { class: "num" }, sc.balances[p])))),
    h("table", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Event"), h("th", {}, "Money")),
      sc.events.slice().reverse().map(e => h("tr", {}, h("td", {}, e.event),
        h("td", {}, e.type === "build" ? `${e.player}: line of ${e.cost} (${e.paid_from} ${e.budget})` : `race ${e.from_town} – ${e.to_town}`),
        h("td", { class: "small" }, sc.ledger.filter(t => t.event === e.event).map(t => `${t.from}→${t.to} ${t.amount} (${t.reason})`).join("; "))))));
  const modes = [h("button", { class: mode === "build" ? "active" : "secondary", onclick: () => { G.mode = "build"; render(); } }, "Build"),
                 h("button", { class: mode === "race" ? "active" : "secondary", onclick: () => { G.mode = "race"; render(); }, id: "mode-race" }, "Race")];
  setTimeout(previewBuild, 0);
  return [h("h1", {}, `Dampfross · ${map.name}`), playerButtons(), toolbar(modes), board, panel, ledger];
}

function dfDraftOf(record) {
  return record["x-draft"] || (record["x-draft"] = { path: [], roll: 6, routes: {}, from: "", to: "", placing: "" });
}
function setDraft(update) {
  return change(record => { Object.assign(dfDraftOf(record), update); });
}
function tapHex(hex) {
  const racing = G.mode === "race", player = G.record.players[G.player];
  change(record => {
    const draft = dfDraftOf(record);
    const list = racing ? (draft.routes[player] = draft.routes[player] || []) : draft.path;
    const last = list[list.length - 1];
    if (last && last[0] === hex[0] && last[1] === hex[1]) list.pop(); else list.push(hex);
    if (racing && !list.length) delete draft.routes[player];
  });
}
function buildEvent(draft, player = G.player) {
  const e = { type: "build", player: G.record.players[player], path: draft.path };
  if (draft.roll) e.roll = draft.roll; else e.paid_from = "winnings";
  return e;
}
async function previewBuild() {
  const box = document.getElementById("preview");
  const draft = dfDraft();
  if (!box || draft.path.length < 2) return;
  const record = structuredClone(G.record);
  delete record["x-draft"];
  record.events = [...record.events, buildEvent(draft)];
  try {
    const { data } = await api("POST", "/api/games/" + G.gid + "/preview", record, { gid: G.gid });
    const e = data.events[data.events.length - 1];
    const money = data.ledger.filter(t => t.event === e.event).map(t => `${t.from}→${t.to} ${t.amount} (${t.reason})`);
    box.replaceChildren(h("p", { id: "cost" }, `Costs ${e.cost} of ${e.budget}.`), money.length ? h("p", { class: "small" }, money.join("; ")) : "");
  } catch (err) { box.replaceChildren(h("p", { class: "small", id: "cost" }, err.message)); }
}
function confirmBuild() {
  const player = G.player;
  return change(record => {
    const draft = dfDraftOf(record);
    record.events = [...record.events, buildEvent(draft, player)];
    draft.path = [];
  }, "Line built");
}
function confirmRace() {
  return change(record => {
    const draft = dfDraftOf(record);
    const placing = (draft.placing || Object.keys(draft.routes).join(",")).split(",").map(x => x.trim()).filter(Boolean);
    record.events = [...record.events, { type: "race", from: Number(draft.from), to: Number(draft.to), routes: draft.routes, placing }];
    record["x-draft"] = { ...draft, routes: {}, placing: "", from: draft.to, to: "" };
  }, "Race recorded");
}

// ------------------------------------------------------------------ La Strada

function lastrada() {
  const map = G.board.map, players = G.record.players, sc = G.score;
  const settlements = G.record.settlements || {};
  const board = boardView(g => {
    for (const st of map.settlements) {
      const [x, y] = hexCentre(st.hex), size = G.board.layout.size;
      (settlements[st.id] || []).forEach((p, k) => {
        const i = players.indexOf(p), a = (k / 4) * 2 * Math.PI - Math.PI / 2;
        g.append(s("circle", { cx: x + Math.cos(a) * size * 0.72, cy: y + Math.sin(a) * size * 0.72, r: size * 0.22, fill: colourOf(i), stroke: "#000", "stroke-width": 0.6, "pointer-events": "none", class: "merchant" }));
      });
      g.append(s("circle", { cx: x, cy: y, r: size * 0.8, fill: "transparent", class: "settlement", "data-settlement": st.id, onclick: () => toggleMerchant(st.id) }));
    }
  });
  const reserve = G.record.reserve || {};
  const results = h("div", { class: "card" }, h("h2", {}, "Gold"),
    h("table", { id: "gold" }, h("tr", {}, h("th", {}, "Player"), h("th", { class: "num" }, "Gold"), h("th", { class: "num" }, "Travel days left")),
      players.map((p, i) => h("tr", {}, h("td", {}, swatch(i), p), h("td", { class: "num" }, sc.gold[p]),
        h("td", { class: "num" }, h("input", { type: "number", min: 0, max: 10, value: reserve[p] || 0, "aria-label": `${p} travel days`, onchange: ev => setReserve(p, ev.target.value) }))))),
    h("p", { class: "winner", id: "winners" }, `Leading: ${sc.winners.join(" and ")}`));
  return [h("h1", {}, `La Strada · ${map.name}`), h("p", { class: "small" }, "Choose a player, then tap settlements to add or remove their merchant."),
    playerButtons(), toolbar(), board, results];
}
function toggleMerchant(id) {
  const p = G.record.players[G.player];
  change(record => {
    record.settlements = record.settlements || {};
    const here = record.settlements[id] || [];
    record.settlements[id] = here.includes(p) ? here.filter(x => x !== p) : [...here, p];
    if (!record.settlements[id].length) delete record.settlements[id];
  });
}
function setReserve(p, value) {
  change(record => { record.reserve = { ...(record.reserve || {}), [p]: Number(value) }; });
}

// ------------------------------------------------------------------ start

async function gamePage(gid) {
  G.gid = gid;
  try {
    await load();
    // The board is the printed drawing, in the phone's language when the kit speaks it.
    const lang = (navigator.language || "en").slice(0, 2);
    const boardLang = ["fr", "de", "it"].includes(lang) ? lang : "en";
    G.board = (await api("GET", `/api/games/${gid}/board?lang=${boardLang}`, undefined, { gid })).data;
  } catch (e) { document.getElementById("main").replaceChildren(h("p", {}, e.message)); return; }
  document.getElementById("title").textContent = `${G.record.game} · ${G.record.players.join(", ")}`;
  if (window.innerWidth < 600) G.zoom = 1.0;
  render();
}

const match = location.pathname.match(/^\/game\/([^/]+)/);
(match ? gamePage(match[1]) : home()).catch(e => { console.error(e.stack); say(e.message); });
