// La Strada's page: merchants on the settlements, travel days kept, gold by the scoring table.
"use strict";
(() => {
const { h, s, api, say, change, G, boardView, toolbar, playerButtons, swatch, colourOf, hexCentre, hexPoints, render } = window.TW;


// The rules numbers come from the default rules preset (/api/catalogue).
function preset() { return (window.TW.catalogue.find(g => g.name === "lastrada") || {}).preset || {}; }

function lastrada() {
  const map = G.board.map, players = G.record.players, sc = G.score, rules = preset();
  const most = rules.max_merchants_per_settlement;
  const settlements = G.record.settlements || {};
  const board = boardView(g => {
    for (const st of map.settlements) {
      const [x, y] = hexCentre(st.hex), size = G.board.layout.size;
      (settlements[st.id] || []).forEach((p, k) => {
        const i = players.indexOf(p), a = (k / most) * 2 * Math.PI - Math.PI / 2;
        g.append(s("circle", { cx: x + Math.cos(a) * size * 0.72, cy: y + Math.sin(a) * size * 0.72, r: size * 0.22, fill: colourOf(i), stroke: "#000", "stroke-width": 0.6, "pointer-events": "none", class: "merchant" }));
      });
      g.append(s("circle", { cx: x, cy: y, r: size * 0.8, fill: "transparent", class: "settlement", "data-settlement": st.id, onclick: () => toggleMerchant(st.id) }));
    }
  });
  const reserve = G.record.reserve || {};
  const results = h("div", { class: "card" }, h("h2", {}, "Gold"),
    h("table", { id: "gold" }, h("tr", {}, h("th", {}, "Player"), h("th", { class: "num" }, "Gold"), h("th", { class: "num" }, "Travel days left")),
      players.map((p, i) => h("tr", {}, h("td", {}, swatch(i), p), h("td", { class: "num" }, sc.gold[p]),
        h("td", { class: "num" }, h("input", { type: "number", min: 0, max: rules.max_reserve, value: reserve[p] || 0, "aria-label": `${p} travel days`, onchange: ev => setReserve(p, ev.target.value) }))))),
    h("p", { class: "winner", id: "winners" }, `Leading: ${sc.winners.join(" and ")}`),
    h("h2", {}, "Gold per settlement"),
    h("table", { id: "settlement-gold" }, h("tr", {}, h("th", {}, "Settlement"), h("th", {}, "Merchants"), h("th", { class: "num" }, "Gold each")),
      sc.settlements.filter(st => st.players.length).map(st => h("tr", {}, h("td", {}, `${st.id} (${st.kind.replaceAll("_", " ")})`),
        h("td", {}, st.players.map(p => h("span", {}, swatch(players.indexOf(p)), p, " "))), h("td", { class: "num" }, st.gold_each)))));
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

function newGame() {
  const variant = h("select", { id: "new-variant" }, h("option", { value: "standard" }, "standard"), h("option", { value: "two-player" }, "two players"));
  return {
    elements: [h("div", { class: "row" }, h("label", {}, "Variant", variant))],
    complete(record) { record.variant = variant.value; record.settlements = {}; record.reserve = {}; },
  };
}

window.TW.games.lastrada = { page: lastrada, newGame };
})();
