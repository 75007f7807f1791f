// trackwright at the table: the shell of the phone app. Games live on this device (IndexedDB,
// store.js) and are scored by the rules engines running in the page (engine.js: the same Python
// as the command line). When the app is served by `trackwright serve`, it also keeps every game
// on the laptop: changes are pushed and pulled, merged by the engine's merge, and a real
// conflict is shown with what each device did. Each game's own page script
// (games/<game>.js) registers itself in TW.games; a game without one gets the generic page.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const params = new URLSearchParams(location.search);
if (params.get("key")) localStorage.setItem("tw-key", params.get("key"));
const KEY = localStorage.getItem("tw-key") || "";
const Store = window.TWStore,
  Engine = window.TWEngine;

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

// ------------------------------------------------------------------ the interface's language
//
// Every text the pages show is looked up by key: t("key", {name: value}) in the chosen language
// (the phone's own first, or the one chosen in the header; kept on this device), falling back to
// English. The shell's texts are in i18n/app.json; each game's page has its own
// games/<game>.strings.json (a game is one unit). Both have one table per language with the
// same keys and the same {placeholders} (tests/web/test_i18n.py checks it). Numbers of the rules are
// never written in a text: they come in as placeholders from the rules preset.
const LANGS = ["en", "fr", "de", "it"];
const I18N = { lang: "en", tables: [] };
function chosenLang() {
  const kept = localStorage.getItem("tw-lang");
  if (LANGS.includes(kept)) return kept;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const two = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(two)) return two;
  }
  return "en";
}
// A text that counts something has a form for each plural category of a language
// ("df.line-to.one", "df.line-to.other": "Line of 1 step", "Line of 4 steps"), chosen by the
// number in {count} as the language's rules say (Intl.PluralRules: French "one" takes 0 and 1);
// "other" when the language has no form of its own for the category.
const PLURALS = {};
function pluralOf(lang, count) {
  PLURALS[lang] ||= new Intl.PluralRules(lang);
  return PLURALS[lang].select(count);
}
function textIn(lang, key) {
  for (const table of I18N.tables) {
    const v = table[lang]?.[key];
    if (v !== undefined) return v;
  }
  return null;
}
function t(key, vars = {}) {
  const counted = typeof vars.count === "number";
  let text = null;
  for (const lang of [I18N.lang, "en"]) {
    text = counted
      ? (textIn(lang, `${key}.${pluralOf(lang, vars.count)}`) ?? textIn(lang, `${key}.other`))
      : null;
    text ??= textIn(lang, key);
    if (text !== null) break;
  }
  if (text === null) {
    console.warn("no text for", key);
    text = key;
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}
// "Ann and Ben" in the interface's language.
function joinNames(names) {
  return names.length < 2
    ? names.join("")
    : `${names.slice(0, -1).join(", ")} ${t("and")} ${names[names.length - 1]}`;
}
async function loadStrings(path) {
  const r = await fetch(path);
  if (!r.ok) {
    console.warn(`${path}: ${r.status}`);
    return;
  }
  I18N.tables.push(await r.json());
}
function setLang(lang) {
  I18N.lang = LANGS.includes(lang) ? lang : "en";
  document.documentElement.lang = I18N.lang;
}
function langPicker() {
  const sel = h(
    "select",
    {
      id: "lang",
      "aria-label": t("language"),
      onchange: (ev) => {
        localStorage.setItem("tw-lang", ev.target.value);
        setLang(ev.target.value);
        G.queue = G.queue.then(route);
      },
    },
    LANGS.map((l) => h("option", { value: l, selected: l === I18N.lang }, t(`lang.${l}`))),
  );
  return sel;
}

let statusTimer = null;
// A message at the foot of the screen (always in view). A change's message carries an Undo button,
// so that what a tap or a stroke did can be taken back at once, without scrolling to the toolbar.
// ok: true for a success, "info" for progress (neither drawn as a problem), else a problem.
function say(text, ok = false, undoable = false) {
  const box = document.getElementById("status");
  const again = undoable
    ? h("button", { class: "secondary", id: "status-undo", onclick: () => undo() }, t("undo"))
    : "";
  const kind = ok === "info" ? "msg info" : ok ? "msg ok" : "msg";
  box.replaceChildren(h("div", { class: kind }, h("span", {}, text), again));
  clearTimeout(statusTimer);
  statusTimer = setTimeout(() => box.replaceChildren(), undoable ? 6000 : ok ? 2500 : 7000);
}
function download(name, data) {
  const a = h("a", {
    href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" })),
    download: name,
  });
  document.body.append(a);
  a.click();
  a.remove();
}
function newId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

// ------------------------------------------------------------------ the laptop, when there is one

const Server = { available: false, lan: false, reason: "" };
async function api(method, path, body, opts = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (KEY) headers["X-Trackwright-Key"] = KEY;
  if (opts.token) headers["X-Game-Token"] = opts.token;
  if (opts.etag) headers["If-None-Match"] = opts.etag;
  // A request the network has dropped (Wi-Fi gone, laptop asleep) is given up after a few
  // seconds, so that syncing goes on with the next try instead of waiting for ever.
  const r = await fetch(`api/${path}`, {
    method,
    headers,
    cache: "no-store",
    signal: opts.signal
      ? AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeout || 6000)])
      : AbortSignal.timeout(opts.timeout || 6000),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (r.status === 304) return { status: 304, data: null };
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok && !opts.accept?.includes(r.status)) {
    const err = new Error(data?.detail || r.statusText || "request failed");
    err.status = r.status;
    err.data = data;
    throw err;
  }
  return { status: r.status, data, etag: r.headers.get("ETag") };
}
async function findServer() {
  try {
    const { data } = await api("GET", "hello", undefined, { accept: [403] });
    Server.available = !!(data?.trackwright && data.key_ok !== false);
    Server.lan = !!data?.lan;
    Server.reason = data && data.key_ok === false ? t("laptop.needs-key") : "";
    Server.qr = data?.qr;
    Server.url = data?.url;
  } catch {
    Server.available = false;
  }
}

// ------------------------------------------------------------------ maps and boards

const Maps = { index: [], catalogue: [] };
const SOURCES = {
  "built-in": "source.builtin",
  uploaded: "source.uploaded",
  imported: "source.imported",
  "on this phone": "source.phone",
};
function sourceLabel(source) {
  return SOURCES[source] ? t(SOURCES[source]) : source;
}
function mapKey(e) {
  return e.builtin ? `b:${e.id}` : `s:${e.sha256}`;
}
function mapEntries(game) {
  return Maps.index.filter((e) => e.game === game);
}
function entryOf(record) {
  const ref = record.map;
  if (typeof ref === "string" && ref.startsWith("sha256:"))
    return Maps.index.find((e) => e.sha256 === ref.slice(7) && e.game === record.game) || null;
  return Maps.index.find((e) => e.builtin && e.id === ref && e.game === record.game) || null;
}
async function mapData(entry) {
  if (entry.data) return entry.data;
  if (entry.file) {
    const r = await fetch(entry.file);
    if (r.ok) {
      entry.data = await r.json();
      return entry.data;
    }
  }
  const kept = await Store.map(entry.sha256);
  if (kept) {
    entry.data = kept.data;
    entry.text = kept.text;
    return entry.data;
  }
  if (Server.available) {
    entry.data = (await api("GET", `maps/${entry.sha256}`)).data;
    return entry.data;
  }
  throw new Error(t("game.no-map"));
}
// A map's board: built with the site, or by the laptop; a map of this phone's own (added as a
// file, or embedded in a record) is drawn here from the engine's plan of it (board-plan.js).
async function boardOf(entry, lang) {
  if (entry.boards) {
    const r = await fetch(entry.boards[lang] || entry.boards.en);
    if (r.ok) return r.json();
  }
  if (Server.available) {
    try {
      return (await api("GET", `boards/${entry.game}/${entry.sha256}?lang=${lang}`)).data;
    } catch (e) {
      if (e.status !== 404) throw e; // a map the laptop does not hold: drawn here
    }
  }
  return plannedBoard(entry, lang);
}
// The engine's plan of a map is kept with the map on this device (IndexedDB, by the map's hash
// and the game), so that the game reopened draws its board at once, before the engines are
// ready; once they are, the plan is asked again and the board redrawn if it changed (a newer
// engine).
const plannedBoards = new Map();
async function plannedBoard(entry, lang) {
  const key = `${entry.game}:${entry.sha256}:${lang}`;
  if (!plannedBoards.has(key)) {
    const kept = await keptPlan(entry);
    const board = window.TWBoardPlan.board(kept || (await askPlan(entry)), t);
    board.kept = !!kept; // drawn before the engines could say: checked when they are ready
    plannedBoards.set(key, board);
  }
  return plannedBoards.get(key);
}
// A map's JSON as its hash was taken of: the file's own text when this device keeps it (JSON.parse
// loses how a number was spelled, 1.0 or 1, which the hash counts).
async function mapText(entry) {
  const data = await mapData(entry);
  return entry.text || JSON.stringify(data);
}
async function askPlan(entry) {
  const sha = await Engine.rememberMap(await mapText(entry));
  remembered.add(`sha256:${sha}`);
  const plan = await Engine.ask("board", { game: entry.game, map: `sha256:${sha}` }, {});
  await keepPlan(entry, plan);
  return plan;
}
async function keptPlan(entry) {
  try {
    return (await Store.map(entry.sha256))?.plans?.[entry.game] || null;
  } catch {
    return null; // no IndexedDB here: the engine's plan each time
  }
}
// Kept with a map this device keeps (a laptop's maps have their boards drawn by the laptop).
async function keepPlan(entry, plan) {
  try {
    const kept = await Store.map(entry.sha256);
    if (kept) await Store.putMap({ ...kept, plans: { ...kept.plans, [entry.game]: plan } });
  } catch {
    // not kept: asked again next time
  }
}
// The engines ready: the kept plan a board was drawn from checked against theirs; true when it
// changed (the board is then drawn again from theirs).
async function replanned(entry, board) {
  board.kept = false;
  const kept = await keptPlan(entry);
  const plan = await askPlan(entry);
  if (JSON.stringify(plan) === JSON.stringify(kept)) return false;
  for (const k of [...plannedBoards.keys()])
    if (k.startsWith(`${entry.game}:${entry.sha256}:`)) plannedBoards.delete(k);
  return true;
}
const remembered = new Set();
async function ensureMap(record) {
  const ref = record.map;
  if (typeof ref !== "string" || !ref.startsWith("sha256:") || remembered.has(ref)) return;
  const entry = entryOf(record) || { sha256: ref.slice(7), game: record.game };
  await Engine.rememberMap(await mapText(entry));
  remembered.add(ref);
}
// A record as the command line reads it: a built-in map named with its content hash, any other
// map embedded; never a path.
async function portable(record) {
  const out = structuredClone(record);
  const entry = entryOf(record);
  if (typeof record.map === "string" && record.map.startsWith("sha256:"))
    out.map = await mapData(entry || { sha256: record.map.slice(7), game: record.game });
  else if (entry) out.map_sha256 = entry.sha256;
  return out;
}
// A portable record as this device keeps it (an embedded map kept once, by hash).
async function local(record) {
  const out = structuredClone(record);
  delete out.map_sha256;
  if (out.map && typeof out.map === "object") {
    const text = JSON.stringify(out.map);
    const sha = await Engine.rememberMap(text);
    if (!Maps.index.some((e) => e.sha256 === sha)) {
      await Store.putMap({ sha256: sha, game: out.game, name: out.map.name || "map", data: out.map });
      Maps.index.push({
        game: out.game,
        id: sha.slice(0, 12),
        name: out.map.name || "map",
        builtin: false,
        sha256: sha,
        source: "imported",
        data: out.map,
      });
    }
    remembered.add(`sha256:${sha}`);
    out.map = `sha256:${sha}`;
  }
  return out;
}
async function loadMaps() {
  const [index, catalogue] = await Promise.all([
    fetch("maps/index.json").then((r) => r.json()),
    fetch("catalogue.json").then((r) => r.json()),
  ]);
  Maps.index = index;
  Maps.catalogue = catalogue;
  TW.catalogue = catalogue;
  for (const kept of await Store.maps())
    if (!Maps.index.some((e) => e.sha256 === kept.sha256))
      Maps.index.push({
        game: kept.game,
        id: kept.sha256.slice(0, 12),
        name: kept.name,
        builtin: false,
        sha256: kept.sha256,
        source: "on this phone",
        data: kept.data,
        text: kept.text,
      });
}

// ------------------------------------------------------------------ the game being played

const G = {
  id: null,
  game: null,
  record: null,
  board: null,
  score: null,
  scoredKey: null,
  player: 0,
  mode: null,
  zoom: 1.4,
  queue: Promise.resolve(),
  lang: "en",
  problem: null,
  opening: Promise.resolve(), // the opened game's first score, asked once the engines are up
};
// For the tests: a Promise of the moment nothing is left to do: the queue of changes, the opened
// game's first score, the engines' answers in flight (a game page also asks outside the queue,
// after a redraw, and redraws with the answer: they come from the engines' worker) and the sync.
window.twIdle = async () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  for (let round = 0; round < 50; round++) {
    const queue = G.queue;
    await queue;
    await G.opening;
    await tick(); // what a redraw put off (a game page's checks)
    await Engine.idle();
    await tick(); // the redraws with the answers
    if (G.queue === queue && !Engine.pending) break;
  }
  await syncQueue;
};

function scoredKey(record) {
  const r = { ...record };
  delete r["x-draft"];
  return JSON.stringify(r);
}
async function rescore() {
  const key = scoredKey(G.record);
  if (key === G.scoredKey && G.score) return;
  const r = JSON.parse(key);
  try {
    G.score = await Engine.score(r);
    G.problem = null;
  } catch (e) {
    G.problem = e.message;
  }
  G.scoredKey = key;
}

// Changes run one after the other, each made from the latest record when its turn comes; a
// change is stored on this device (and committed) before the page shows it, and says what it did
// (message: a text, or a function giving it once the change is made) with Undo at hand.
function change(fn, message) {
  G.queue = G.queue
    .then(async () => {
      const record = structuredClone(G.record);
      if (fn(record) === false) return;
      const previous = G.record;
      if (JSON.stringify(previous) === JSON.stringify(record)) return;
      // The engine checks a change that counts before it is kept: a rule broken is said, not
      // stored (unless the game was already out of the rules: then the change may mend it).
      const key = scoredKey(record);
      let score = G.score,
        problem = G.problem;
      if (key !== G.scoredKey) {
        try {
          score = await Engine.score(JSON.parse(key));
          problem = null;
        } catch (e) {
          if (!e.engine) throw e;
          if (G.score && !G.problem) {
            say(e.message);
            render();
            return;
          }
          problem = e.message;
        }
      }
      G.game.record = record;
      G.game.seq = (G.game.seq || 0) + 1;
      G.game.updated = Date.now();
      G.game.pending = !!G.game.server;
      // Kept at once in the journal (synchronous), then in IndexedDB; a page opened after a
      // killed tab finds the journal and finishes the write (recover()). The journal holds the
      // new record only (the one it replaces is still IndexedDB's until the write commits); a
      // record too big for localStorage's quota is written to IndexedDB before it is shown.
      const journal = `tw-journal-${G.game.id}`;
      const journaled = keepJournal(journal, { seq: G.game.seq, record, pending: G.game.pending });
      if (!journaled) await Store.change(G.game, previous);
      G.record = record;
      G.score = score;
      G.problem = problem;
      G.scoredKey = key;
      render();
      const said = typeof message === "function" ? message() : message;
      if (said) say(said, true, true);
      if (journaled) {
        await Store.change(G.game, previous);
        localStorage.removeItem(journal);
      }
      scheduleSync();
    })
    .catch((e) => {
      say(e.message);
      render();
    });
  return G.queue;
}
// The journal entry of a change, kept synchronously; false when localStorage cannot hold it.
function keepJournal(journal, entry) {
  try {
    localStorage.setItem(journal, JSON.stringify(entry));
    return true;
  } catch {
    localStorage.removeItem(journal);
    return false;
  }
}
function undo() {
  G.queue = G.queue
    .then(async () => {
      const back = await Store.undo(G.game);
      if (back === null) {
        say(t("undo.nothing"));
        return;
      }
      G.record = G.game.record;
      await rescore();
      render();
      say(t("undo.done"), true);
      scheduleSync();
    })
    .catch((e) => say(e.message));
  return G.queue;
}

// ------------------------------------------------------------------ sync with the laptop

let syncQueue = Promise.resolve();
const syncTimers = new Map(); // a game's id: its sync to come (one per game)
// The game is the one that changed (the open one, unless told): by the time the sync runs, home
// (no game) or another may be open, or the same game opened again (a new object: that is the one
// synced, or the store's copy if it was changed and left, so that this older copy of it never
// overwrites its newer changes; see current()).
function scheduleSync(delay = 0, game = G.game) {
  if (!Server.available || !game?.server) return;
  clearTimeout(syncTimers.get(game.id));
  watchGame();
  syncTimers.set(
    game.id,
    setTimeout(() => {
      syncTimers.delete(game.id);
      syncQueue = syncQueue.then(async () => syncGame(await current(game))).catch(() => {});
    }, delay),
  );
}
async function adopt(game, record, version, message) {
  const previous = game.record;
  const mine = await local(record);
  game.server.version = version;
  game.server.base = record;
  game.pending = false;
  game.conflict = null;
  if (JSON.stringify(mine) !== JSON.stringify(previous)) {
    game.record = mine;
    game.seq = (game.seq || 0) + 1;
    game.updated = Date.now();
    await Store.change(game, previous);
    if (G.game === game) {
      G.record = mine;
      await rescore();
      render();
      if (message) say(message, true);
    }
  } else await Store.change(game);
}
// The network is used outside the queue of changes (a slow laptop never holds up a tap); what
// comes back is applied inside it, and only if no change was made meanwhile.
function applied(work) {
  G.queue = G.queue.then(work).catch((e) => say(e.message));
  return G.queue;
}
// The copy of a game that answers about it belong to: the same game opened again meanwhile is
// another object (read back from the store), which the page shows and changes; once left again,
// the store's copy if it was changed there (its seq moved on), so that an answer about the older
// copy never saves that copy over the newer one.
async function current(game) {
  if (G.game?.id === game.id) return G.game;
  const stored = await Store.get(game.id);
  return stored && (stored.seq || 0) !== (game.seq || 0) ? stored : game;
}
// Whether a copy of a game still holds the record sent from it (no change made since).
function holds(copy, game, sent) {
  return copy === game ? copy.record === sent : JSON.stringify(copy.record) === JSON.stringify(sent);
}
async function syncGame(game) {
  if (!Server.available || !game.server) return;
  const { id, token } = game.server;
  try {
    if (game.pending && !game.conflict) {
      const sent = game.record;
      const { status, data } = await api(
        "POST",
        `games/${id}/sync`,
        { base: game.server.version, record: await portable(sent) },
        { token, accept: [409] },
      );
      await applied(async () => {
        const copy = await current(game);
        const unchanged = holds(copy, game, sent);
        if (status === 409) {
          if (!unchanged || !data || !("conflicts" in data)) {
            scheduleSync(500, copy);
            return;
          }
          copy.conflict = data;
          await Store.change(copy);
          if (G.game === copy) render();
        } else if (unchanged)
          await adopt(copy, data.record, data.version, data.merged ? t("sync.merged") : null);
        else {
          copy.server.version = data.version;
          copy.server.base = data.record;
          await Store.change(copy);
          scheduleSync(0, copy);
        }
      });
    } else if (!game.pending) {
      const seen = game.server.version;
      await pulled(game, seen, await api("GET", `games/${id}`, undefined, { token, etag: `"${seen}"` }));
    }
    setOnline(true);
  } catch (e) {
    if (e.status) say(e.message);
    else setOnline(false);
  }
}
// Another device's change, as the laptop answered it: adopted unless this phone changed the game
// meanwhile (then its own change is sent and merged instead). True when adopted.
async function pulled(game, seen, r) {
  if (r.status === 304 || !r.data) return false;
  let done = false;
  await applied(async () => {
    const copy = await current(game);
    if (copy.pending || copy.server.version !== seen) return;
    await adopt(copy, r.data, Number((r.etag || '"0"').replaceAll('"', "")), t("sync.updated"));
    done = true;
  });
  return done;
}
// Live updates: the open game's next version, asked of the laptop, which answers as soon as
// another device changes the game (a long poll: GET games/{id}/wait, 304 after WAIT seconds with
// no change); one request at a time, outside the queue of syncs, so a change made here is sent at
// once while it waits.
const WAIT = 20;
let watching = null;
function watchGame() {
  const game = G.game?.server && Server.available ? G.game : null;
  if (watching?.game === game) return;
  if (watching) watching.stop.abort(); // another game opened, or none: its wait is given up
  watching = null;
  if (!game) return;
  const watch = { game, stop: new AbortController() };
  watching = watch;
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  (async () => {
    while (watching === watch && G.game === game && Server.available) {
      const { id, token } = game.server,
        seen = game.server.version;
      try {
        const r = await api("GET", `games/${id}/wait?version=${seen}&timeout=${WAIT}`, undefined, {
          token,
          timeout: (WAIT + 10) * 1000,
          accept: [429],
          signal: watch.stop.signal,
        });
        setOnline(true);
        if (r.status === 429) await pause(2000);
        else if (r.status !== 304 && !(await pulled(game, seen, r))) await pause(300);
      } catch (e) {
        if (e.status === 404 || e.status === 403 || watch.stop.signal.aborted) break;
        setOnline(false);
        await pause(1500);
      }
    }
    if (watching === watch) watching = null;
  })();
}
function resolveConflict(keep) {
  const game = G.game;
  return applied(async () => {
    // Tapped twice, or the game left before the queue came to it: nothing left to decide.
    if (!game?.conflict || G.game !== game) return;
    const conflict = game.conflict;
    if (keep === "theirs") {
      await adopt(game, conflict.record, conflict.version, t("sync.kept-theirs"));
      render();
      return;
    }
    game.server.version = conflict.version;
    game.server.base = conflict.record;
    game.conflict = null;
    game.pending = true;
    await Store.change(game);
    scheduleSync();
    render();
  });
}
let online = true;
function setOnline(value) {
  if (online !== value) {
    online = value;
    const b = document.getElementById("sync-state");
    if (b) b.textContent = syncLabel();
  }
}
function syncLabel() {
  if (!Server.available || !G.game?.server) return t("sync.on-phone");
  if (!online) return t("sync.unreachable");
  return G.game.pending ? t("sync.sending") : t("sync.saved");
}
// Changes this phone could not send yet (the laptop unreachable) are sent again every few
// seconds; another device's changes come by the long poll (watchGame).
setInterval(() => {
  watchGame();
  if (G.game?.server && Server.available && (G.game.pending || !online)) scheduleSync();
}, 1500);
window.addEventListener("online", () => scheduleSync());

// ------------------------------------------------------------------ the games' own pages

const TW = { games: {}, catalogue: [] };
window.TW = TW;

async function loadGames() {
  await Promise.all(Maps.catalogue.filter((g) => g.strings).map((g) => loadStrings(`games/${g.strings}`)));
  await Promise.all(
    Maps.catalogue
      .filter((g) => g.page)
      .map(
        (g) =>
          new Promise((resolve, reject) => {
            const el = document.createElement("script");
            el.src = `games/${g.page}`;
            el.onload = resolve;
            el.onerror = () => reject(new Error(t("game.no-page", { game: g.title })));
            document.head.append(el);
          }),
      ),
  );
}
function gameUnit(name) {
  return TW.games[name] || genericGame;
}
function titleOf(name) {
  const g = Maps.catalogue.find((c) => c.name === name);
  return g ? g.title : name;
}

// ------------------------------------------------------------------ home: games and new game

async function home() {
  G.game = null;
  document.getElementById("title").textContent = t("games");
  const main = document.getElementById("main");
  const games = await Store.games();
  const linked = new Set(games.filter((g) => g.server).map((g) => g.server.id));
  const list = h(
    "div",
    { class: "card games" },
    h("h2", {}, t("home.games")),
    games.length
      ? games.map((g) => {
          const where = g.server ? ` · ${t("home.on-laptop")}` : "";
          return h(
            "a",
            { href: `#/game/${g.id}`, "data-game": g.id },
            `${titleOf(g.game)} · ${g.record.players.join(", ")} · ${entryName(g.record)}${where}`,
          );
        })
      : h("p", { class: "small" }, t("home.no-game")),
  );
  const laptop = h("div", { class: "card", id: "laptop" });
  if (Server.available) {
    laptop.append(h("h2", {}, t("home.laptop")));
    try {
      const { data } = await api("GET", "games");
      const others = data.filter((g) => !linked.has(g.id));
      laptop.append(
        others.length
          ? h(
              "div",
              {},
              others.map((g) =>
                h(
                  "div",
                  { class: "row" },
                  h(
                    "span",
                    { "data-listed": g.id },
                    `${titleOf(g.game)} · ${g.players.join(", ")}`,
                    h("br"),
                    h("span", { class: "small" }, laptopGameWords(g)),
                  ),
                  h(
                    "button",
                    {
                      class: "secondary",
                      "data-join": g.id,
                      // Disabled while it runs: a second tap made a second copy of the game.
                      onclick: (ev) => {
                        const button = ev.currentTarget;
                        button.disabled = true;
                        join(g)
                          .catch((e) => say(e.message))
                          .finally(() => {
                            button.disabled = false;
                          });
                      },
                    },
                    t("home.join"),
                  ),
                ),
              ),
            )
          : h("p", { class: "small" }, t("home.all-here")),
      );
      if (Server.qr)
        laptop.append(
          h(
            "details",
            {},
            h("summary", {}, t("home.let-join")),
            h("div", { class: "qr" }),
            h("p", { class: "small" }, Server.url || ""),
          ),
        );
      const qr = laptop.querySelector(".qr");
      if (qr && Server.qr) qr.innerHTML = Server.qr;
    } catch (e) {
      laptop.append(h("p", { class: "small" }, e.message));
    }
  } else {
    laptop.append(h("p", { class: "small" }, Server.reason || t("home.alone")));
  }

  const gameSel = h(
    "select",
    { id: "new-game" },
    Maps.catalogue.map((g) => h("option", { value: g.name }, g.title)),
  );
  const mapSel = h("select", { id: "new-map" });
  const playersBox = h("div", { id: "new-players" });
  const extrasBox = h("div", { id: "new-extras" });
  let extras = null;
  const players = () => [...playersBox.querySelectorAll("input.player")].map((i) => i.value.trim());
  function fillMaps() {
    mapSel.replaceChildren(
      ...mapEntries(gameSel.value).map((m) =>
        h(
          "option",
          { value: mapKey(m) },
          `${m.name}${m.seed != null ? ` · ${t("map.seed", { seed: m.seed })}` : ""} (${sourceLabel(m.source)})`,
        ),
      ),
    );
    const unit = gameUnit(gameSel.value);
    extras = unit.newGame ? unit.newGame({ players, queue: (run) => queued(run) }) : null;
    extrasBox.replaceChildren(...(extras?.elements ? extras.elements : []));
    mapChanged();
  }
  function addPlayer(name) {
    playersBox.append(
      h(
        "div",
        { class: "row" },
        h("input", { class: "player", value: name, "aria-label": t("home.player-name") }),
      ),
    );
    if (extras?.playersChanged) extras.playersChanged();
  }
  function queued(run) {
    createButton.disabled = true;
    G.queue = G.queue
      .then(run)
      .catch((e) => say(e.message))
      .finally(() => {
        createButton.disabled = false;
      });
    return G.queue;
  }
  function selectedEntry() {
    return Maps.index.find((e) => mapKey(e) === mapSel.value && e.game === gameSel.value);
  }
  function mapChanged() {
    const entry = selectedEntry();
    if (extras?.mapChanged) queued(async () => extras.mapChanged(entry ? await mapData(entry) : null));
  }
  const createButton = h("button", { id: "create", onclick: () => queued(create) }, t("home.start"));
  gameSel.addEventListener("change", fillMaps);
  mapSel.addEventListener("change", mapChanged);
  ["Ann", "Ben", "Cleo"].forEach(addPlayer);
  // A map the editor sent here ("Start a game with this map"): chosen.
  const chosen = TW.chosenMap;
  TW.chosenMap = null;
  if (chosen && Maps.catalogue.some((g) => g.name === chosen.game)) gameSel.value = chosen.game;
  fillMaps();
  if (chosen && [...mapSel.options].some((o) => o.value === chosen.key)) {
    mapSel.value = chosen.key;
    mapChanged();
  }

  async function create() {
    const from = pageShown();
    const entry = selectedEntry();
    if (!entry) {
      say(t("home.choose-map"));
      return;
    }
    const record = {
      game: gameSel.value,
      map: entry.builtin ? entry.id : `sha256:${entry.sha256}`,
      players: players().filter(Boolean),
    };
    if (extras?.complete) extras.complete(record);
    await engineStarted();
    await ensureMap(record);
    try {
      await Engine.score(JSON.parse(scoredKey(record)));
    } catch (e) {
      say(e.message);
      return;
    }
    await startGame(record, null, from);
  }
  async function upload(ev) {
    const file = ev.target.files[0];
    if (!file) return;
    const chosen = [gameSel.value, mapSel.value];
    try {
      const text = await file.text();
      await engineStarted();
      const key = await addMap(text, file.name);
      // Chosen unless the user chose another game or map while the engines started.
      if (gameSel.value === chosen[0] && mapSel.value === chosen[1]) {
        gameSel.value = JSON.parse(text).game;
        fillMaps();
        mapSel.value = key;
        mapChanged();
      }
      say(t("home.map-added"), true);
    } catch (e) {
      say(`${file.name}: ${inWords(e.message, gameSel.value)}`);
    }
  }
  async function importRecord(ev) {
    const file = ev.target.files[0];
    if (!file) return;
    const from = pageShown();
    let data = null;
    try {
      data = JSON.parse(await file.text());
      if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error(t("import.not-record"));
      if (typeof data.map === "string" && (data.map.endsWith(".json") || data.map.includes("/")))
        throw new Error(t("import.path"));
      await engineStarted();
      await Engine.score(data);
      await startGame(await local(data), null, from);
    } catch (e) {
      say(`${file.name}: ${inWords(e.message, data?.game)}`);
    }
  }
  const form = h(
    "div",
    { class: "card" },
    h("h2", {}, t("home.new")),
    h("div", { class: "row" }, h("label", {}, t("home.game"), gameSel)),
    h("div", { class: "row" }, h("label", {}, t("home.map"), mapSel)),
    h(
      "div",
      { class: "row" },
      h(
        "label",
        {},
        t("home.add-map"),
        h("input", { type: "file", id: "upload-map", accept: ".json,application/json", onchange: upload }),
      ),
    ),
    extrasBox,
    h("h2", {}, t("home.players")),
    playersBox,
    h(
      "div",
      { class: "row" },
      h("button", { class: "secondary", onclick: () => addPlayer("") }, t("home.add-player")),
    ),
    h("div", { class: "row" }, createButton),
    h(
      "div",
      { class: "row" },
      h(
        "label",
        {},
        t("home.import"),
        h("input", {
          type: "file",
          id: "import-game",
          accept: ".json,application/json",
          onchange: importRecord,
        }),
      ),
    ),
  );
  const print = h(
    "div",
    { class: "card" },
    h("a", { href: "#/print", id: "print-link" }, t("print.link")),
    h("br"),
    h("a", { href: "#/edit", id: "edit-link" }, t("ed.link")),
  );
  main.replaceChildren(h("h1", {}, t("home.title")), list, laptop, form, print);
  boardCache.board = null;
  boardCache.wrap = null;
  memo.clear();
}
// What tells a game on the laptop from another of the same players: its map, when it was started
// and last changed (a server before `updated` and `map_name` gives the start and the map's key).
// A map file's text added to this device (checked by its game's loader in the engines): its key
// in the home page's list of maps.
async function addMap(text, fileName) {
  const sha = await Engine.rememberMap(text);
  const data = JSON.parse(text);
  // The file's text kept too: the hash is of it (reopened, the game's map is the same).
  await Store.putMap({ sha256: sha, game: data.game, name: data.name || fileName, data, text });
  if (!Maps.index.some((e) => e.sha256 === sha))
    Maps.index.push({
      game: data.game,
      id: sha.slice(0, 12),
      name: data.name || fileName,
      builtin: false,
      sha256: sha,
      source: "on this phone",
      data,
      text,
    });
  return `s:${sha}`;
}
function laptopGameWords(g) {
  const when = (seconds) =>
    new Date(seconds * 1000).toLocaleString(I18N.lang, {
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
    });
  return t("home.laptop-game", {
    map: g.map === "embedded" && g.map_name ? g.map_name : entryName({ game: g.game, map: g.map }),
    started: when(g.created),
    changed: when(g.updated ?? g.created),
  });
}
function entryName(record) {
  const e = entryOf(record);
  return e ? e.name : String(record.map).slice(0, 20);
}

// The page shown, as "still on the page tapped on" compares it: the home page is "#/" whether the
// address ends in "#/" or in nothing (a page opened without a hash, then home tapped: still home).
function pageShown() {
  return location.hash.replace(/^(#\/?)?$/, "#/");
}
// The game opened when made, unless the user went elsewhere meanwhile (the page they were on when
// they tapped, `from`: the engines, the laptop may take seconds); it is on the home page's list.
async function startGame(record, server = null, from = pageShown()) {
  const game = {
    id: newId(),
    game: record.game,
    record,
    created: Date.now(),
    updated: Date.now(),
    seq: 0,
    server,
    pending: false,
  };
  if (Server.available && !server) {
    try {
      const { data } = await api("POST", "games", await portable(record));
      game.server = {
        id: data.id,
        token: data.token || "",
        version: data.version,
        base: await portable(record),
      };
    } catch (e) {
      say(t("home.phone-only", { why: e.message }));
    }
  }
  await Store.create(game);
  if (pageShown() === from) location.hash = `#/game/${game.id}`;
}
async function join(summary) {
  const from = pageShown();
  const token = summary.token || "";
  const r = await api("GET", `games/${summary.id}`, undefined, { token });
  const version = Number((r.etag || '"0"').replaceAll('"', ""));
  await startGame(await local(r.data), { id: summary.id, token, version, base: r.data }, from);
}

// ------------------------------------------------------------------ a game's common parts

function hexCentre([q, r]) {
  return G.board.layout.centres[`${q},${r}`];
}
function hexPoints(hex) {
  const [x, y] = hexCentre(hex);
  return G.board.layout.corners.map(([dx, dy]) => `${x + dx},${y + dy}`).join(" ");
}
function colourOf(i) {
  const p = G.board.players[i % G.board.players.length];
  return p.colour;
}
function swatch(i) {
  return h("span", { class: "swatch", style: `background:${colourOf(i)}` });
}

// The printed board is parsed once per game; each redraw only replaces the overlay (taps must
// redraw in a few milliseconds on a slow phone).
const boardCache = { board: null, root: null, over: null, wrap: null, targets: null };
function boardView(overlay, targets = null) {
  if (boardCache.board !== G.board) {
    const holder = document.createElement("div");
    holder.innerHTML = G.board.svg.replace(/^<\?xml[^>]*>/, "");
    const root = holder.querySelector("svg");
    root.classList.add("board-base");
    // What the page draws lies on a layer of its own over the printed board, so a tap repaints
    // only that layer, not the whole board.
    const over = s("svg", { class: "board-overlay", viewBox: root.getAttribute("viewBox") });
    const wrap = h("div", { class: "board-wrap", id: "board" });
    wrap.append(root, over);
    // The zoom buttons float over the board's corner (the board gets the screen's height).
    const frame = h(
      "div",
      { class: "board-frame" },
      wrap,
      h(
        "div",
        { class: "zoom-controls" },
        h(
          "button",
          {
            class: "secondary",
            onclick: () => zoomAt(G.zoom * 1.4),
            "aria-label": t("zoom.in"),
            id: "zoom-in",
          },
          "+",
        ),
        h(
          "button",
          {
            class: "secondary",
            onclick: () => zoomAt(G.zoom / 1.4),
            "aria-label": t("zoom.out"),
            id: "zoom-out",
          },
          "−",
        ),
      ),
    );
    // The choice to draw floats over the board's other corner, in view wherever the board is.
    const tools = h("div", { class: "board-tools" });
    frame.prepend(tools);
    Object.assign(boardCache, { board: G.board, root, over, wrap, frame, tools, targets: null });
    gestures(over);
  }
  const { over } = boardCache;
  sizeBoard();
  drawingChoice(targets?.drawing || null);
  boardCache.stroke = targets?.drawing?.on ? targets.stroke || null : null;
  boardCache.hit = targets || null;
  // One finger scrolls the page and pans the board unless the player has chosen to draw: then the
  // board takes every finger (one draws, two zoom and pan).
  over.style.touchAction = boardCache.stroke ? "none" : "pan-x pan-y";
  boardCache.frame.classList.toggle("drawing", !!boardCache.stroke);
  const old = over.querySelector("#overlay");
  if (old) old.remove();
  const g = s("g", { id: "overlay" });
  overlay(g);
  // The tap targets (hundreds of them) change only with the mode: kept between redraws.
  const keep =
    targets && boardCache.targets && boardCache.targets.key === targets.key ? boardCache.targets.el : null;
  if (boardCache.targets && boardCache.targets.el !== keep) boardCache.targets.el.remove();
  if (targets && !keep) {
    const t = s("g", { id: "targets" });
    targets.draw(t);
    boardCache.targets = { key: targets.key, el: t };
  }
  if (!targets) boardCache.targets = null;
  if (boardCache.targets && !boardCache.targets.el.isConnected) over.append(boardCache.targets.el);
  over.insertBefore(g, boardCache.targets ? boardCache.targets.el : null);
  return boardCache.frame;
}
// The "Draw track" switch, shown when the page takes strokes: pressed, the board draws.
function drawingChoice(drawing) {
  const { tools } = boardCache;
  if (!drawing) {
    tools.replaceChildren();
    return;
  }
  const on = !!drawing.on;
  tools.replaceChildren(
    h(
      "button",
      {
        id: "draw",
        class: on ? "active" : "secondary",
        "aria-pressed": on ? "true" : "false",
        onclick: () => drawing.set(!on),
      },
      on ? `✎ ${t("board.drawing")}` : `✎ ${t("board.draw")}`,
    ),
  );
}
function sizeBoard() {
  for (const el of [boardCache.root, boardCache.over]) {
    el.setAttribute("width", `${G.board.width * G.zoom * 2}`);
    el.setAttribute("height", `${G.board.height * G.zoom * 2}`);
  }
}
// Zoom so that the board point at (x, y) on the screen (the middle of the board's window when
// none is given) stays where it is.
function zoomAt(zoom, x = null, y = null, scrollBy = [0, 0]) {
  const wrap = boardCache.wrap;
  if (!wrap) return;
  const box = wrap.getBoundingClientRect();
  const px = x === null ? box.width / 2 : x - box.left,
    py = y === null ? box.height / 2 : y - box.top;
  // Never farther out than 0.4 with the buttons, unless a view was fitted farther out (a player's
  // missing tracks from coast to coast): "−" then stays there rather than zooming in.
  const next = Math.min(6, Math.max(Math.min(0.4, G.zoom), zoom));
  const cx = (wrap.scrollLeft + px) / G.zoom,
    cy = (wrap.scrollTop + py) / G.zoom;
  G.zoom = next;
  sizeBoard();
  wrap.scrollLeft = cx * next - px - scrollBy[0];
  wrap.scrollTop = cy * next - py - scrollBy[1];
}
// Zoom and pan the board so that a box of it (board units: x0, y0, x1, y1) fills its window less
// the room kept free at each side (CSS px: the zoom buttons, rings, names), the zoom kept within
// [least, most]: the games' views of one player's network or missing tracks.
function fitBoard([x0, y0, x1, y1], room, least, most) {
  const { wrap, over } = boardCache;
  if (!wrap || !over) return;
  const perZoom = over.getScreenCTM().a / G.zoom;
  const high = Number.parseFloat(getComputedStyle(wrap).maxHeight) || wrap.clientHeight;
  const wide = wrap.clientWidth - room.left - room.right,
    tall = high - room.top - room.bottom;
  const fit = Math.min(wide / ((x1 - x0) * perZoom), tall / ((y1 - y0) * perZoom));
  G.zoom = Math.min(most, Math.max(least, fit));
  render(); // the board sized at the new zoom
  const ctm = over.getScreenCTM(),
    box = wrap.getBoundingClientRect();
  const middle = [
    box.left + wrap.clientLeft + room.left + wide / 2,
    box.top + wrap.clientTop + room.top + (wrap.clientHeight - room.top - room.bottom) / 2,
  ];
  wrap.scrollLeft += ((x0 + x1) / 2) * ctm.a + ctm.e - middle[0];
  wrap.scrollTop += ((y0 + y1) / 2) * ctm.d + ctm.f - middle[1];
}
// Fingers on the board: two fingers pinch and pan (anchored where they are); one finger scrolls
// the page and pans the board (the browser's own scrolling: touch-action pan-x pan-y), unless the
// player has chosen to draw: then one finger dragged along the printed lines is a stroke (a
// magnifier shows what is under the finger). A finger put down and lifted without moving is a tap,
// hit-tested here (tapAt): never misread as a stroke, never lost to a drawn shape too small.
function gestures(over) {
  const down = new Map();
  let pinch = null,
    stroke = null,
    tap = null,
    drag = null;
  const svgPoint = (e) => {
    const p = over.createSVGPoint();
    p.x = e.clientX;
    p.y = e.clientY;
    return p.matrixTransform(over.getScreenCTM().inverse());
  };
  over.addEventListener("pointerdown", (e) => {
    down.set(e.pointerId, { x: e.clientX, y: e.clientY });
    tap = down.size === 1 ? { id: e.pointerId, x: e.clientX, y: e.clientY } : null;
    if (down.size === 2) {
      stroke = null;
      hideMagnifier();
      drawStroke(over, []);
      const [a, b] = [...down.values()];
      pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), zoom: G.zoom, mid: [(a.x + b.x) / 2, (a.y + b.y) / 2] };
    } else if (down.size === 1 && boardCache.stroke)
      stroke = { id: e.pointerId, start: [e.clientX, e.clientY], points: [svgPoint(e)], live: false };
    // A mouse (a laptop's) drags the board about while not drawing, as a finger's scrolling does.
    else if (e.pointerType === "mouse") {
      const wrap = boardCache.wrap;
      drag = { x: e.clientX, y: e.clientY, left: wrap.scrollLeft, top: wrap.scrollTop };
    }
  });
  over.addEventListener("pointermove", (e) => {
    if (!down.has(e.pointerId)) return;
    down.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (tap && Math.hypot(e.clientX - tap.x, e.clientY - tap.y) > 10) tap = null;
    if (drag) {
      boardCache.wrap.scrollLeft = drag.left - (e.clientX - drag.x);
      boardCache.wrap.scrollTop = drag.top - (e.clientY - drag.y);
      return;
    }
    if (pinch && down.size === 2) {
      const [a, b] = [...down.values()];
      const mid = [(a.x + b.x) / 2, (a.y + b.y) / 2];
      zoomAt((pinch.zoom * Math.hypot(a.x - b.x, a.y - b.y)) / pinch.d, mid[0], mid[1], [
        mid[0] - pinch.mid[0],
        mid[1] - pinch.mid[1],
      ]);
      pinch.zoom = G.zoom;
      pinch.d = Math.hypot(a.x - b.x, a.y - b.y);
      pinch.mid = mid;
      return;
    }
    if (!stroke || stroke.id !== e.pointerId) return;
    if (!stroke.live && Math.hypot(e.clientX - stroke.start[0], e.clientY - stroke.start[1]) > 8) {
      stroke.live = true;
      over.setPointerCapture(e.pointerId);
    }
    if (!stroke.live) return;
    for (const c of e.getCoalescedEvents ? e.getCoalescedEvents() : [e]) stroke.points.push(svgPoint(c));
    drawStroke(over, stroke.points);
    showMagnifier(e.clientX, e.clientY, stroke.points);
  });
  const up = (e) => {
    down.delete(e.pointerId);
    drag = null;
    const tapped = tap && tap.id === e.pointerId && e.type === "pointerup" && !pinch ? tap : null;
    if (!down.size) tap = null;
    if (pinch && down.size < 2) {
      pinch = null;
      render();
      return;
    }
    if (stroke && stroke.id === e.pointerId) {
      const done = stroke;
      stroke = null;
      hideMagnifier();
      drawStroke(over, []);
      if (done.live && e.type === "pointerup" && boardCache.stroke) {
        boardCache.stroke(done.points.map((p) => [p.x, p.y]));
        return;
      }
    }
    if (tapped) tapAt(over, tapped.x, tapped.y);
  };
  over.addEventListener("pointerup", up);
  over.addEventListener("pointercancel", up);
}
// A finger's reach: a target counts as hit within 22 CSS px of it (a target 44 px across, whatever
// the drawn shape), the nearest one winning. When the page's targets lie closer together than 44 px
// at this zoom, the tap zooms in there instead (and says so): no target is ever smaller than a finger.
const REACH = 22;
function tapAt(over, x, y) {
  const hit = boardCache.hit;
  if (!hit || !boardCache.targets) {
    if (hit?.miss) hit.miss();
    return;
  }
  const m = over.getScreenCTM(),
    scale = Math.abs(m.a);
  if (hit.spacing && hit.spacing * scale < 2 * REACH) {
    zoomAt((G.zoom * (2 * REACH + 4)) / (hit.spacing * scale), x, y);
    say(t("board.zoomed-for-tap"), true);
    return;
  }
  const p = over.createSVGPoint();
  p.x = x;
  p.y = y;
  const q = p.matrixTransform(m.inverse());
  let best = null,
    bestD = Infinity,
    second = Infinity;
  for (const el of boardCache.targets.el.children) {
    const d = targetDistance(el, q.x, q.y);
    if (d < bestD) {
      second = bestD;
      bestD = d;
      best = el;
    } else if (d < second) second = d;
  }
  // Beyond reach, or as near one target as another (a finger between two): said, nothing done.
  if (!best || bestD * scale > REACH || (second - bestD) * scale < 3) {
    if (hit.miss) hit.miss();
    else say(t("board.missed"));
    return;
  }
  best.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}
// How far a board point lies from a target's shape (0 inside it), in board units.
function targetDistance(el, x, y) {
  const a = (name) => Number(el.getAttribute(name));
  if (el.tagName === "circle") return Math.max(0, Math.hypot(x - a("cx"), y - a("cy")) - a("r"));
  if (el.tagName === "line") return segmentDistance(x, y, [a("x1"), a("y1")], [a("x2"), a("y2")]);
  if (el.tagName !== "polygon") return Infinity;
  const pts = el
    .getAttribute("points")
    .trim()
    .split(/\s+/)
    .map((xy) => xy.split(",").map(Number));
  let inside = false,
    d = Infinity;
  pts.forEach((p, i) => {
    const q = pts[(i + 1) % pts.length];
    if (p[1] > y !== q[1] > y && x < ((q[0] - p[0]) * (y - p[1])) / (q[1] - p[1]) + p[0]) inside = !inside;
    d = Math.min(d, segmentDistance(x, y, p, q));
  });
  return inside ? 0 : d;
}
function segmentDistance(x, y, [x1, y1], [x2, y2]) {
  const dx = x2 - x1,
    dy = y2 - y1,
    len = dx * dx + dy * dy;
  const k = len ? Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / len)) : 0;
  return Math.hypot(x - x1 - k * dx, y - y1 - k * dy);
}
function drawStroke(over, points) {
  let line = over.querySelector("#stroke");
  if (!points.length) {
    if (line) line.remove();
    return;
  }
  if (!line) {
    line = s("polyline", {
      id: "stroke",
      fill: "none",
      stroke: "#e69f00",
      "stroke-width": 2.4,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
      opacity: 0.8,
      "pointer-events": "none",
    });
    over.append(line);
  }
  line.setAttribute("points", points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "));
}
// The magnifier: the board under the finger, twice as large, above the finger.
let magnifier = null;
function showMagnifier(x, y, points) {
  const size = 120,
    scale = 2;
  if (!magnifier || magnifier.board !== G.board) {
    if (magnifier) magnifier.el.remove();
    const el = h("div", { class: "magnifier", "aria-hidden": "true" });
    const base = boardCache.root.cloneNode(true);
    const over = s("svg", { viewBox: boardCache.root.getAttribute("viewBox") });
    el.append(base, over);
    document.body.append(el);
    magnifier = { el, base, over, board: G.board };
  }
  const { el, base, over } = magnifier;
  const box = boardCache.root.getBoundingClientRect();
  const w = box.width * scale,
    hgt = box.height * scale;
  for (const svg of [base, over]) {
    svg.setAttribute("width", w);
    svg.setAttribute("height", hgt);
    svg.style.left = `${size / 2 - (x - box.left) * scale}px`;
    svg.style.top = `${size / 2 - (y - box.top) * scale}px`;
  }
  drawStroke(over, points);
  el.style.left = `${Math.max(0, Math.min(window.innerWidth - size, x - size / 2))}px`;
  el.style.top = `${Math.max(0, y - size - 40)}px`;
  el.hidden = false;
}
function hideMagnifier() {
  if (magnifier) magnifier.el.hidden = true;
}

// A part of the page kept between redraws while its key is the same (taps redraw fast).
const memo = new Map();
function cached(name, key, build) {
  const hit = memo.get(name);
  if (hit && hit.key === key) return hit.el;
  const el = build();
  memo.set(name, { key, el });
  return el;
}
async function exportGame() {
  download(`${G.record.game}-${G.id}.json`, await portable(G.record));
}
// A game page's buttons: Undo first, then the page's own. (Zoom is on the board, Export at the
// foot of every game page.)
function toolbar(extra = []) {
  return h(
    "div",
    { class: "row toolbar" },
    h("button", { class: "secondary", onclick: undo, id: "undo" }, t("undo")),
    ...extra,
  );
}
function footer() {
  return cached("footer", I18N.lang, () =>
    h(
      "div",
      { class: "row footer" },
      h("button", { class: "secondary", onclick: exportGame, id: "export" }, t("export")),
    ),
  );
}
// The players as buttons, the chosen one pressed: each with its mark (a colour swatch, or the
// game's own piece) and what a tap does (by default, choose that player).
function playerButtons(
  mark = swatch,
  choose = (i) => {
    G.player = i;
    render();
  },
) {
  return h(
    "div",
    { class: "row", id: "players" },
    G.record.players.map((p, i) =>
      h(
        "button",
        { class: `secondary${G.player === i ? " active" : ""}`, onclick: () => choose(i), "data-player": p },
        mark(i),
        p,
      ),
    ),
  );
}
// A place in a record (a JSON path: $.x-draft.starts.Dev, $.rounds[2].track) in the page's words:
// each field by its text (path.<game>.<field> in the game's strings, else path.<field>), each list
// item by its number, and the names under a field of names (players, cities, settlements) as they are.
const NAMED = new Set(["starts", "cities", "reserve", "settlements", "aims", "markers", "scores"]);
function hasText(key) {
  return I18N.tables.some((table) => table.en?.[key] !== undefined);
}
function pathWords(path, game) {
  const words = [];
  let named = false;
  for (const [, field, index, quoted] of String(path).matchAll(/\.([\w-]+)|\[(\d+)\]|\['([^']*)'\]/g)) {
    const name = field ?? quoted;
    if (index !== undefined) words.push(t("path.item", { n: Number(index) + 1 }));
    else if (named) words.push(name);
    else if (hasText(`path.${game}.${name}`)) words.push(t(`path.${game}.${name}`));
    else words.push(hasText(`path.${name}`) ? t(`path.${name}`) : name);
    named = index === undefined && !named && NAMED.has(name);
  }
  return words.join(" › ") || t("path.record");
}
// A message (an engine's, a merge's) with every JSON path in it put in words.
function inWords(message, game) {
  // One part at least: a lone "$" in a message is no path.
  return String(message).replace(/\$(?:\.[\w-]+|\[\d+\]|\['[^']*'\])+/g, (path) => pathWords(path, game));
}
function conflictCard() {
  const c = G.game?.conflict;
  if (!c) return [];
  const game = G.record?.game;
  const show = (v) => (v === null || v === undefined ? t("conflict.removed") : JSON.stringify(v));
  return [
    h(
      "div",
      { class: "card conflict", id: "conflict" },
      h("h2", {}, t("conflict.title")),
      c.error ? h("p", {}, t("conflict.rule", { error: inWords(c.error, game) })) : "",
      (c.conflicts || []).map((x) =>
        h(
          "p",
          { class: "small" },
          t("conflict.both", { path: pathWords(x.path, game), mine: show(x.mine), theirs: show(x.theirs) }),
        ),
      ),
      h(
        "div",
        { class: "row" },
        h("button", { id: "keep-mine", onclick: () => resolveConflict("mine") }, t("conflict.keep-mine")),
        h(
          "button",
          { class: "secondary", id: "keep-theirs", onclick: () => resolveConflict("theirs") },
          t("conflict.keep-theirs"),
        ),
      ),
    ),
  ];
}
// Put the page's parts in place, leaving the ones kept from the last redraw where they are (a
// kept part, such as the board, is never taken out of the page).
function place(parent, nodes) {
  const keep = new Set(nodes);
  for (const child of [...parent.childNodes]) if (!keep.has(child)) child.remove();
  nodes.forEach((n, i) => {
    if (parent.childNodes[i] !== n) parent.insertBefore(n, parent.childNodes[i] || null);
  });
}
let rendered = null;
window.twRendered = () =>
  new Promise((resolve) => {
    rendered = resolve;
  });
function render() {
  if (!G.game) return;
  if (rendered) {
    const r = rendered;
    rendered = null;
    queueMicrotask(r);
  }
  const main = document.getElementById("main");
  let unit = G.board && G.score && TW.games[G.record.game] ? TW.games[G.record.game] : genericGame;
  if (G.scoredKey === null) unit = startingGame; // never scored yet: the engines are starting
  const page = unit.page().map((n) => (n instanceof Node ? n : document.createTextNode(String(n))));
  const state = h("p", { class: "small", id: "sync-state" }, syncLabel());
  place(main, [...conflictCard(), ...page, footer(), state]);
}

// ------------------------------------------------------------------ a game before its first score

// A game opened while the rules engines start (seconds, on a slow phone): its title and its
// printed board at once, from this device and the site's files, and where the engines are; the
// game's own page replaces it with the score when they answer.
function engineProgress() {
  if (Engine.stage === "failed") return t("engine.failed", { why: Engine.problem });
  return Engine.stage === "ready" ? t("engine.scoring") : t("engine.starting");
}
function showProgress() {
  const line = document.getElementById("engine-progress");
  if (line) line.textContent = engineProgress();
}
const startingGame = {
  page() {
    return [
      h("h1", {}, `${titleOf(G.record.game)} · ${entryName(G.record)}`),
      h("p", { class: "msg", id: "engine-progress" }, engineProgress()),
      G.board ? boardView(() => {}) : "",
    ];
  },
};
// Before a button's work that needs the engines: while they start, say so (the work then waits
// for them, its button disabled by the queue).
async function engineStarted() {
  if (Engine.stage === "ready") return;
  const text = t("engine.starting");
  say(text, "info");
  await Engine.ready;
  const box = document.getElementById("status");
  if (box.textContent === text) box.replaceChildren(); // said, and no longer true
}

// ------------------------------------------------------------------ a game without a page of its own

const genericGame = {
  page() {
    const box = h(
      "textarea",
      { id: "record-json", rows: 14, style: "width:100%" },
      JSON.stringify(G.record, null, 1),
    );
    const save = h(
      "button",
      {
        id: "save-record",
        onclick: () => {
          let parsed;
          try {
            parsed = JSON.parse(box.value);
          } catch {
            say(t("generic.bad-json"));
            return;
          }
          change((record) => {
            for (const k of Object.keys(record)) delete record[k];
            Object.assign(record, parsed);
          }, t("generic.saved"));
        },
      },
      t("generic.save"),
    );
    return [
      h("h1", {}, `${titleOf(G.record.game)} · ${entryName(G.record)}`),
      toolbar([save]),
      G.board ? "" : h("p", { class: "small" }, t("generic.no-board")),
      G.problem ? h("p", { class: "msg" }, G.problem) : "",
      h("div", { class: "card" }, h("h2", {}, t("generic.record")), box),
      h(
        "div",
        { class: "card" },
        h("h2", {}, t("generic.score")),
        h("pre", { id: "score-json" }, JSON.stringify(G.score, null, 1)),
      ),
    ];
  },
};

Object.assign(TW, {
  t,
  joinNames,
  pathWords,
  I18N,
  h,
  s,
  api,
  say,
  change,
  G,
  boardView,
  cached,
  toolbar,
  playerButtons,
  swatch,
  colourOf,
  hexCentre,
  hexPoints,
  render,
  engine: Engine,
  mapData,
  boardOf,
  entryOf,
  zoomAt,
  fitBoard,
  segmentDistance,
  REACH,
  scoredKey,
  // for the map editor (editor.js)
  Maps,
  Server,
  addMap,
  engineStarted,
  pageShown,
  inWords,
  newId,
  download,
});

// ------------------------------------------------------------------ start

// A change shown but not yet in IndexedDB when the tab was killed: kept from the journal.
async function recover(game) {
  const journal = `tw-journal-${game.id}`;
  const text = localStorage.getItem(journal);
  if (!text) return game;
  const entry = JSON.parse(text);
  if (entry.seq > (game.seq || 0)) {
    const previous = game.record; // IndexedDB still holds the record the change replaced
    Object.assign(game, {
      record: entry.record,
      seq: entry.seq,
      pending: entry.pending,
      updated: Date.now(),
    });
    await Store.change(game, previous);
  }
  localStorage.removeItem(journal);
  return game;
}

async function gamePage(id) {
  const main = document.getElementById("main");
  const stored = await Store.get(id);
  const game = stored ? await recover(stored) : null;
  if (!game) {
    main.replaceChildren(h("p", {}, t("game.missing")), h("a", { href: "#/" }, t("games")));
    return;
  }
  G.id = id;
  G.game = game;
  G.record = game.record;
  G.score = null;
  G.scoredKey = null;
  G.board = null;
  G.player = 0;
  G.mode = null;
  G.problem = null;
  main.replaceChildren(h("p", {}, t("game.loading")));
  G.lang = I18N.lang;
  const entry = entryOf(game.record);
  try {
    const board = entry ? await boardOf(entry, G.lang).catch(() => null) : null;
    if (board && entry) board.map = await mapData(entry);
    G.board = board;
  } catch (e) {
    G.problem = e.message;
  }
  document.getElementById("title").textContent = `${titleOf(game.game)} · ${game.record.players.join(", ")}`;
  if (window.innerWidth < 600) G.zoom = 1.0;
  // Drawn now, from this device and the site's files (the engines may still be starting); the
  // score follows when they answer, without holding up the queue meanwhile (home or another
  // game stay a tap away).
  render();
  G.opening = scoreOpened(game);
  scheduleSync();
}
async function scoreOpened(game) {
  try {
    await Engine.ready;
  } catch {
    if (G.game === game) render(); // the page says why
    return;
  }
  await applied(async () => {
    if (G.game !== game) return;
    try {
      await ensureMap(G.record);
      await freshBoard(game);
    } catch (e) {
      G.problem = e.message;
    }
    await rescore();
    render();
  });
}
// A board drawn from a kept plan, drawn again if the engines now plan it otherwise.
async function freshBoard(game) {
  const entry = entryOf(game.record);
  if (!G.board?.kept || !entry || !(await replanned(entry, G.board))) return;
  const board = await boardOf(entry, G.lang);
  board.map = G.board.map;
  G.board = board;
}

// A page a game shows a player on their own phone, from what the link carries (no stored game):
// #/hand/<game>/<what the game reads>, e.g. TransAmerica's hand dealt by the phones.
async function handPage(game, rest) {
  G.game = null;
  const unit = gameUnit(game);
  const main = document.getElementById("main");
  if (!unit.handPage) {
    main.replaceChildren(h("p", {}, t("game.missing")), h("a", { href: "#/" }, t("games")));
    return;
  }
  document.getElementById("title").textContent = titleOf(game);
  await unit.handPage(main, rest);
}

// #/print: the built-in kits as PDFs to print (print.js).
async function printPage() {
  G.game = null;
  await window.TWPrint.page(document.getElementById("main"));
}

// #/edit: the map editor (editor.js).
async function editPage() {
  G.game = null;
  await window.TWEditor.page(document.getElementById("main"), location.hash.slice("#/edit".length));
}

async function route() {
  window.TWEditor?.leave();
  const match = location.hash.match(/^#\/game\/([^/?]+)/);
  const hand = location.hash.match(/^#\/hand\/([a-z0-9-]+)\/(.*)$/);
  try {
    if (match) await gamePage(decodeURIComponent(match[1]));
    else if (hand) await handPage(hand[1], hand[2]);
    else if (location.hash.startsWith("#/print")) await printPage();
    else if (location.hash.startsWith("#/edit")) await editPage();
    else await home();
  } catch (e) {
    console.error(e);
    say(e.message);
  }
}

// The page is drawn from this device (IndexedDB) and the site's JSON files, never waiting for
// the rules engines, which start meanwhile in their own worker (engine.js): the home page at
// once, a game's page with its board at once and its score when the engines answer.
async function start() {
  setLang(chosenLang());
  await loadStrings("i18n/app.json");
  document.getElementById("home-link").after(langPicker());
  Engine.onStage(showProgress);
  registerServiceWorker();
  await Promise.all([loadMaps().then(loadGames), findServer()]);
  window.addEventListener("hashchange", () => {
    G.queue = G.queue.then(route);
  });
  G.queue = G.queue.then(route);
  await G.queue;
}
// The service worker is registered once the engines have started (or failed to): by then the
// engines' start has put Pyodide and engines.zip in the browser's HTTP cache, from which the
// worker's install takes them (sw.js) instead of downloading them a second time, and its install
// takes no network or CPU from the start.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  Engine.ready
    .catch(() => {})
    .then(() => navigator.serviceWorker.register("sw.js"))
    .catch(() => {});
}
start().catch((e) => {
  console.error(e);
  say(e.message);
});
