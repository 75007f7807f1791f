// trackwright web scorer: the shell of the pages. All rules and scores come from the engines;
// this file shows the games list, the new-game form and a game's common parts (board, toolbar,
// players), and loads each game's own page script (static/games/<game>.js) named by the
// server's game registry (/api/catalogue). A game without a script gets the generic page.
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

// ------------------------------------------------------------------ the games' own pages

// Each game's script registers itself here: TW.games[name] = { page(), newGame(ctx) }.
const TW = window.TW = { games: {}, catalogue: [] };

async function loadGames() {
  const { data } = await api("GET", "/api/catalogue");
  TW.catalogue = data;
  await Promise.all(data.filter(g => g.page).map(g => new Promise((resolve, reject) => {
    const el = document.createElement("script");
    el.src = "/static/games/" + g.page;
    el.onload = resolve;
    el.onerror = () => reject(new Error("cannot load the page of " + g.title));
    document.head.append(el);
  })));
}

function gameUnit(name) { return TW.games[name] || genericGame; }
function titleOf(name) { const g = TW.catalogue.find(c => c.name === name); return g ? g.title : name; }

// ------------------------------------------------------------------ home: games and new game

async function home() {
  document.getElementById("title").textContent = "games";
  const main = document.getElementById("main");
  const [{ data: games }, { data: maps }] = await Promise.all([api("GET", "/api/games"), api("GET", "/api/maps")]);
  const list = h("div", { class: "card games" }, h("h2", {}, "Games"),
    games.length ? games.map(g => h("a", { href: "/game/" + g.id + (g.token ? "?token=" + g.token : ""), "data-game": g.id },
      `${g.game} · ${g.players.join(", ")} · ${g.map} · v${g.version}`)) : h("p", { class: "small" }, "No game yet."));

  const gameSel = h("select", { id: "new-game" }, TW.catalogue.map(g => h("option", { value: g.name }, g.name)));
  const mapSel = h("select", { id: "new-map" });
  const playersBox = h("div", { id: "new-players" });
  const extrasBox = h("div", { id: "new-extras" });
  let extras = null;
  const players = () => [...playersBox.querySelectorAll("input.player")].map(i => i.value.trim());
  function fillMaps() {
    mapSel.replaceChildren(...maps.filter(m => m.game === gameSel.value).map(m =>
      h("option", { value: m.ref }, `${m.name}${m.seed != null ? " · seed " + m.seed : ""} (${m.source})`)));
    const unit = gameUnit(gameSel.value);
    extras = unit.newGame ? unit.newGame({ players, queue: run => queued(run) }) : null;
    extrasBox.replaceChildren(...(extras && extras.elements ? extras.elements : []));
    mapChanged();
  }
  function addPlayer(name) {
    playersBox.append(h("div", { class: "row" }, h("input", { class: "player", value: name, "aria-label": "player name" })));
    if (extras && extras.playersChanged) extras.playersChanged();
  }
  // Queued like every change, so the form is never sent half-loaded (and tests can wait).
  function queued(run) {
    createButton.disabled = true;
    G.queue = G.queue.then(run).catch(e => say(e.message)).finally(() => { createButton.disabled = false; });
    return G.queue;
  }
  function mapChanged() {
    if (extras && extras.mapChanged) queued(() => extras.mapChanged(mapSel.value));
  }
  const createButton = h("button", { id: "create", onclick: create }, "Start game");
  gameSel.addEventListener("change", fillMaps);
  mapSel.addEventListener("change", mapChanged);
  ["Ann", "Ben", "Cleo"].forEach(addPlayer);
  fillMaps();

  async function create() {
    const record = { game: gameSel.value, map: mapSel.value, players: players().filter(Boolean) };
    if (extras && extras.complete) extras.complete(record);
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
      gameSel.value = data.game; fillMaps(); mapSel.value = data.ref; mapChanged();
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
    extrasBox,
    h("h2", {}, "Players"), playersBox,
    h("div", { class: "row" }, h("button", { class: "secondary", onclick: () => addPlayer("") }, "+ player")),
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

// Where a hex lies on the board: the server sends every hex's centre and the corner offsets,
// made by the same geometry as the print.
function hexCentre([q, r]) { return G.board.layout.centres[q + "," + r]; }
function hexPoints(hex) {
  const [x, y] = hexCentre(hex);
  return G.board.layout.corners.map(([dx, dy]) => `${x + dx},${y + dy}`).join(" ");
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
  const page = gameUnit(G.record.game).page();
  main.replaceChildren(...page);
  const again = document.getElementById("board");
  if (again && pos) { again.scrollLeft = pos[0]; again.scrollTop = pos[1]; }
}

// ------------------------------------------------------------------ a game without a page of its own

const genericGame = {
  page() {
    const box = h("textarea", { id: "record-json", rows: 14, style: "width:100%" }, JSON.stringify(G.record, null, 1));
    const save = h("button", { id: "save-record", onclick: () => {
      let parsed;
      try { parsed = JSON.parse(box.value); } catch (e) { say("not valid JSON"); return; }
      change(record => { Object.keys(record).forEach(k => delete record[k]); Object.assign(record, parsed); }, "Saved");
    } }, "Save");
    return [h("h1", {}, `${titleOf(G.record.game)} · ${G.record.map}`), toolbar([save]),
      h("div", { class: "card" }, h("h2", {}, "Record"), box),
      h("div", { class: "card" }, h("h2", {}, "Score"), h("pre", { id: "score-json" }, JSON.stringify(G.score, null, 1)))];
  },
};

Object.assign(TW, { h, s, api, say, change, G, boardView, toolbar, playerButtons, swatch, colourOf, hexCentre, hexPoints, render });

// ------------------------------------------------------------------ start

async function gamePage(gid) {
  G.gid = gid;
  try {
    await load();
    // The board is the printed drawing, in the phone's language when the kit speaks it.
    const lang = (navigator.language || "en").slice(0, 2);
    const boardLang = ["fr", "de", "it"].includes(lang) ? lang : "en";
    if (TW.games[G.record.game]) G.board = (await api("GET", `/api/games/${gid}/board?lang=${boardLang}`, undefined, { gid })).data;
  } catch (e) { document.getElementById("main").replaceChildren(h("p", {}, e.message)); return; }
  document.getElementById("title").textContent = `${G.record.game} · ${G.record.players.join(", ")}`;
  if (window.innerWidth < 600) G.zoom = 1.0;
  render();
}

const match = location.pathname.match(/^\/game\/([^/]+)/);
loadGames().then(() => (match ? gamePage(match[1]) : home())).catch(e => { console.error(e.stack); say(e.message); });
