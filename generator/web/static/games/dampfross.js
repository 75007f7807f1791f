// Dampfross's page: builds with their cost shown before confirming, races, the ledger.
"use strict";
(() => {
const { h, s, api, say, change, G, boardView, toolbar, playerButtons, swatch, colourOf, hexCentre, hexPoints, render } = window.TW;


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
        h("p", { class: "small" }, draft.path.length ? `Line: ${draft.path.length} hexes${townsOn(draft.path)}` : "Tap the hexes of the line, starting on the player's own line."),
        h("div", { id: "preview" }),
        h("div", { class: "row" }, h("button", { id: "confirm-build", onclick: confirmBuild, disabled: draft.path.length < 2 }, "Confirm"),
          h("button", { class: "secondary", id: "pass-turn", onclick: passTurn }, "Pass"),
          h("button", { class: "secondary", onclick: () => setDraft({ path: [] }) }, "Clear")))
    : h("div", { class: "card" }, h("h2", {}, "Race"),
        h("div", { class: "row" }, h("label", {}, "From", townSelect("race-from", draft.from, v => setDraft({ from: v }))),
          h("label", {}, "To", townSelect("race-to", draft.to, v => setDraft({ to: v })))),
        h("p", { class: "small" }, `Tap ${players[G.player]}'s route (${(draft.routes[players[G.player]] || []).length} hexes). Entrants: ${Object.keys(draft.routes).join(", ") || "none"}.`),
        h("div", { class: "row" }, h("label", {}, "Places", h("input", { id: "race-placing", value: draft.placing || Object.keys(draft.routes).join(", "), onchange: ev => setDraft({ placing: ev.target.value }) }))),
        h("div", { class: "row" }, h("button", { id: "confirm-race", onclick: confirmRace }, "Record race"),
          h("button", { class: "secondary", onclick: () => setDraft({ routes: {}, placing: "" }) }, "Clear routes")));
  const ledger = h("div", { class: "card" }, h("h2", {}, "Ledger"),
    h("p", { id: "phase" }, `Phase: ${sc.phase}. ${(sc.winners || []).length ? sc.winners.join(" and ") + (sc.winners.length > 1 ? " win." : " wins.") : sc.next_turn ? sc.next_turn + " to build." : ""}`),
    h("table", { id: "balances" }, h("tr", {}, players.map(p => h("th", { class: "num" }, p))), h("tr", {}, players.map(p => h("td", { class: "num" }, sc.balances[p])))),
    h("table", { id: "ledger" }, h("tr", {}, h("th", {}, "#"), h("th", {}, "Event"), h("th", {}, "Money"), h("th", {}, "Balances after")),
      sc.events.slice().reverse().map(e => h("tr", {}, h("td", {}, e.event),
        h("td", {}, e.type === "build" ? `${e.player}: line of ${e.cost} (${e.paid_from} ${e.budget})` : e.type === "pass" ? `${e.player} passes` : `race ${e.from_town} – ${e.to_town}`),
        h("td", { class: "small" }, sc.ledger.filter(t => t.event === e.event).map(t => `${t.from}→${t.to} ${t.amount} (${t.reason})`).join("; ")),
        h("td", { class: "small num" }, e.balances ? players.map(p => `${p} ${e.balances[p]}`).join(", ") : "")))));
  const modes = [h("button", { class: mode === "build" ? "active" : "secondary", onclick: () => { G.mode = "build"; render(); }, id: "mode-build" }, "Build"),
                 h("button", { class: mode === "race" ? "active" : "secondary", onclick: () => { G.mode = "race"; render(); }, id: "mode-race" }, "Race")];
  setTimeout(previewBuild, 0);
  return [h("h1", {}, `Dampfross · ${map.name}`), playerButtons(), toolbar(modes), board, panel, ledger];
}

// Towns by name, as printed, with their numbers (the die's numbers of a race).
function townsOn(path) {
  const at = Object.fromEntries(G.board.map.towns.map(t => [t.hex.join(","), t.name]));
  const names = path.map(x => at[x.join(",")]).filter(Boolean);
  return names.length ? ` (${names.join(", ")})` : "";
}
function townSelect(id, value, set) {
  const numbers = G.board.map.towns.flatMap(t => t.numbers.map(n => [n, t.name])).sort((a, b) => a[0] - b[0]);
  return h("select", { id, onchange: ev => set(ev.target.value) }, h("option", { value: "" }, "town"),
    numbers.map(([n, name]) => h("option", { value: n, selected: String(value) === String(n) }, `${n} ${name}`)));
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
    const data = await window.TW.engine.score(JSON.parse(window.TW.scoredKey(record)));
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
function passTurn() {
  const player = G.record.players[G.player];
  return change(record => { record.events = [...record.events, { type: "pass", player }]; }, `${player} passes`);
}
function confirmRace() {
  return change(record => {
    const draft = dfDraftOf(record);
    const placing = (draft.placing || Object.keys(draft.routes).join(",")).split(",").map(x => x.trim()).filter(Boolean);
    record.events = [...record.events, { type: "race", from: Number(draft.from), to: Number(draft.to), routes: draft.routes, placing }];
    record["x-draft"] = { ...draft, routes: {}, placing: "", from: draft.to, to: "" };
  }, "Race recorded");
}

// The new-game form: each player's start town (sea ports only where the map says so).
function newGame(ctx) {
  const startsBox = h("div", { id: "new-starts" });
  let towns = [];
  function draw() {
    startsBox.replaceChildren();
    ctx.players().forEach((_p, i) => {
      startsBox.append(h("div", { class: "row" }, h("label", {}, `Start of player ${i + 1}`,
        h("select", { class: "start" }, towns.map((t, k) => h("option", { value: JSON.stringify(t.hex), selected: k === i }, `${t.numbers.join("·")} ${t.name}`))))));
    });
  }
  return {
    elements: [startsBox],
    playersChanged: draw,
    async mapChanged(map) {
      towns = map ? map.towns.filter(t => map.start !== "port" || map.ports.includes(t.name)) : [];
      draw();
    },
    complete(record) {
      record.starts = {};
      [...startsBox.querySelectorAll("select.start")].forEach((sel, i) => { if (record.players[i]) record.starts[record.players[i]] = JSON.parse(sel.value); });
      record.events = [];
    },
  };
}

window.TW.games.dampfross = { page: dampfross, newGame };
})();
