// Branch Line's page: choose a player, tap a link to give it to them (tap again to take it
// back); the points, the winners and why come from the engine (the same Python as
// `trackwright score branchline`), never from this page.
"use strict";
(() => {
  const TW = window.TW;
  const { t, h, G, change, toolbar, playerButtons } = TW;

  function owner(a, b) {
    const claims = G.record.claims || {};
    return Object.keys(claims).find((p) => claims[p].some(([x, y]) => (x === a && y === b) || (x === b && y === a)));
  }

  function toggle(a, b) {
    const player = G.record.players[G.player];
    change((record) => {
      record.claims = record.claims || {};
      const held = owner(a, b);
      if (held) record.claims[held] = record.claims[held].filter(([x, y]) => !(x === a && y === b) && !(x === b && y === a));
      if (held !== player) record.claims[player] = [...(record.claims[player] || []), [a, b]];
    }, t("bl.changed", { a, b }));
  }

  function linkButtons() {
    const links = Object.keys(G.board.layout.links);
    return h("div", { class: "row", id: "bl-links" }, links.map((key) => {
      const [a, b] = key.split("-");
      const held = owner(a, b);
      return h("button", { class: "secondary", "data-link": key, onclick: () => toggle(a, b) },
        held ? `${a}–${b} · ${held}` : `${a}–${b}`);
    }));
  }

  function scores() {
    const s = G.score;
    const rows = s.players.map((p) => {
      const e = s.evidence[p];
      const why = e.joins_termini ? t("bl.joins", { path: e.joins_termini.join("–") }) : "";
      return h("tr", { "data-player": p }, h("td", {}, p), h("td", {}, String(s.points[p])), h("td", {}, `${e.length} ${why}`));
    });
    return h("div", { class: "card", id: "bl-score" }, h("h2", {}, t("bl.score")),
      h("table", {}, h("tr", {}, h("th", {}, t("bl.player")), h("th", {}, t("bl.points")), h("th", {}, t("bl.length"))), rows),
      h("p", { id: "bl-winners" }, t("bl.leads", { players: s.winners.join(", ") })));
  }

  function page() {
    return [h("h1", {}, "Branch Line"), toolbar(), playerButtons(), linkButtons(), scores()];
  }

  TW.games.branchline = { page };
})();
