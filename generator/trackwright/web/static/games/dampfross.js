// Dampfross's page. A build is: the die's face, a tap on a town (the engine draws the cheapest
// line there, as far as the roll pays) or on hexes, confirm; who builds next is preselected, and
// each player's aim is kept, so a line built toward the same town over several turns needs no
// tap but the die's face; a town out of view is a button in the bar once the face is chosen, or
// at once for a build paid with money (the engine's destinations: the lines that budget draws).
// The cost, who pays whom and the budget left are the engine's, shown before confirming; a roll
// may be spent in several places. A race: the town numbers rolled, each entrant's fastest legal
// route proposed by the engine (edited by tapping hexes), the players tapped in finishing order.
// The ledger: each event with its payments and the balances after. The board draws the lines
// as the engine read them, the line being drawn is said in the engine's words. Every answer
// comes from the engine (Game.questions in games/dampfross.py); the page decides nothing of the
// rules.
"use strict";
(() => {
  const {
    t,
    h,
    s,
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
  } = window.TW;
  const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"]; // a die's faces, one to six

  // The page's own look (the shell's app.css is common to every game).
  document.head.append(
    h(
      "style",
      {},
      `
#faces { display: grid; grid-template-columns: repeat(6, 1fr); gap: 4px; }
#faces button.face { font-size: 1.9rem; line-height: 1; min-width: 44px; min-height: 48px; padding: 0;
  justify-content: center; }
#race-numbers { display: grid; grid-template-columns: repeat(6, 1fr); gap: 4px; }
#race-numbers button { flex-direction: column; min-height: 48px; padding: 2px; font-size: .95rem; overflow: hidden;
  justify-content: center; }
#race-numbers button span { font-size: .62rem; max-width: 100%; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; }
#balances .df-balance { font-weight: 600; margin-right: .6rem; white-space: nowrap; }
.df-ledger { padding-left: 0; margin: 0; list-style: none; }
.df-ledger > li { border-top: 1px solid #ddd; padding: .35rem 0; }
.df-money { margin: .15rem 0 .15rem 1rem; padding: 0; }
.df-after { color: #14451a; }
#entrants .entrant { display: grid; grid-template-columns: auto 1fr auto; align-items: center; gap: .5rem;
  margin: .25rem 0; }
#entrants .entrant button { font-size: .85rem; padding: .3rem .5rem; }
.df-modes { margin-top: .3rem; }
/* The build's bar: fixed at the foot of the screen, over the board; messages show above it, in a
   strip the board leaves free (a message never hides a town to tap), the board no taller than
   the room between the header and that strip. */
.df-bar { position: fixed; left: 0; right: 0; bottom: 0; z-index: 8; background: #fff; padding: .35rem .45rem
  calc(.35rem + env(safe-area-inset-bottom)); border-top: 1px solid #bbb; box-shadow: 0 -2px 8px rgba(0,0,0,.18); }
.df-bar #faces, .df-bar .df-builders { margin-bottom: .3rem; }
.df-builders { gap: .3rem; flex-wrap: nowrap; overflow-x: auto; }
.df-builders button { flex: none; padding: .2rem .55rem; gap: .3rem; }
.df-bar p { margin: .2rem 0 .3rem; }
.df-bar-row { display: flex; align-items: center; gap: .35rem; }
.df-bar-words { flex: 1 1 auto; min-width: 0; font-size: .8rem; line-height: 1.25; height: 3.75em;
  overflow: hidden; } /* three lines, always: the bar's height (and the board's) stays put */
.df-bar-words .swatch { margin-right: .2rem; }
.df-bar-row button { flex: none; padding-left: .6rem; padding-right: .6rem; }
.df-error { color: #b3261e; font-weight: 600; }
/* Towns out of view, in the faces' place once a face is chosen: as tall as the faces (the bar
   keeps its height). */
.df-dest { display: grid; grid-template-columns: 44px repeat(4, minmax(0, 1fr)); gap: 4px; margin-bottom: .3rem; }
.df-dest button { min-height: 48px; min-width: 0; padding: 2px 3px; flex-direction: column; justify-content: center;
  gap: 0; overflow: hidden; font-size: .78rem; line-height: 1.15; }
.df-dest.df-dest-money { grid-template-columns: repeat(4, minmax(0, 1fr)); }
.df-dest button.face { font-size: 1.9rem; line-height: 1; padding: 0; }
.df-dest .df-town { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.df-bar-words #cost:not(:empty)::before { content: " · "; }
body:has(#df-bar) #status { bottom: calc(var(--df-bar-h, 8rem) + .3rem); }
body:has(#df-bar) main { padding-bottom: calc(var(--df-bar-h, 8rem) + .5rem); }
body:has(#df-bar) .board-wrap { max-height: calc(100dvh - 3.6rem - var(--df-bar-h, 8rem) - 4.6rem); }
`,
    ),
  );

  // ------------------------------------------------------------------ the draft and the engine

  function emptyDraft() {
    return { face: null, parts: [], words: [], drawn: false, aims: {}, race: null };
  }
  function draftOf(record) {
    const d = record["x-draft"];
    if (!d || !Array.isArray(d.parts)) {
      record["x-draft"] = { ...emptyDraft(), aims: d?.aims || {} };
      return record["x-draft"];
    }
    return d;
  }
  function draft() {
    return draftOf(structuredClone({ "x-draft": G.record["x-draft"] }));
  }
  function counted() {
    return JSON.parse(window.TW.scoredKey(G.record));
  }
  function keyOf(x) {
    return x.join(",");
  }
  function sameHex(a, b) {
    return a && b && a[0] === b[0] && a[1] === b[1];
  }
  function player() {
    return G.record.players[G.player];
  }

  // Answers that depend on the record as it counts (the table) or on the draft too (the preview),
  // kept by key; asked in the page's queue of changes, so a tap's answer is shown before the next.
  const known = {
    table: { key: null, data: null, error: null },
    preview: { key: null, data: null, error: null },
    race: { key: null, data: null, error: null },
    dest: { key: null, data: null, error: null },
  };
  const preselected = { key: null };

  function queued(work) {
    G.queue = G.queue.then(work).catch((e) => say(e.message));
    return G.queue;
  }
  // Asked for the game open now, and only while it still is when each loader's turn comes (a
  // route queued meanwhile opens home or another game, whose record is not this one's). The
  // player and mode are taken now too: one tapped while the table waits its turn is the user's.
  function refresh() {
    const open = G.game,
      chosen = [G.player, G.mode];
    const load = (work) => queued(() => (G.game === open ? work() : null));
    load(() => loadTable(chosen));
    load(loadPreview);
    load(loadRace);
    load(loadDestinations);
    return G.queue;
  }

  async function loadTable(chosen) {
    const key = G.scoredKey;
    if (known.table.key === key) return;
    try {
      known.table = { key, data: await window.TW.engine.ask("table", counted()), error: null };
    } catch (e) {
      known.table = { key, data: null, error: e.message };
    }
    if (preselected.key !== key && known.table.data) {
      preselected.key = key;
      // A player or mode tapped while the engine answered is the table's own choice: kept.
      if (G.player === chosen[0] && G.mode === chosen[1]) preselect(known.table.data);
    }
    render();
  }
  // Who builds next, as the engine says (the construction's turn, a tournament's building turn);
  // between races, the player with the most winnings to spend, right after a race.
  function preselect(table) {
    const players = G.record.players;
    const last = G.record.events[G.record.events.length - 1];
    let who = table.next;
    if (G.score.phase === "construction") G.mode = "build";
    else if (table.pays === "account") G.mode = "build";
    else if (table.pays === "winnings" && last && last.type === "race") {
      const best = players.slice().sort((a, b) => table.winnings[b] - table.winnings[a])[0];
      if (table.winnings[best] > 0) {
        G.mode = "build";
        who = best;
      } else G.mode = "race";
    } else G.mode = "race";
    if (who && players.includes(who)) G.player = players.indexOf(who);
  }

  function buildEvent(d, pays, who = player()) {
    const paths = (d.parts || []).filter((p) => p.length > 1);
    const e = { type: "build", player: who };
    if (paths.length === 1) e.path = paths[0];
    else e.paths = paths;
    if (pays === "roll") e.roll = d.face;
    else e.paid_from = pays;
    return e;
  }
  function pays() {
    const tb = known.table.data;
    return tb ? tb.pays : null;
  }
  function previewKey() {
    return JSON.stringify([G.scoredKey, player(), G.record["x-draft"]?.parts, G.record["x-draft"]?.face]);
  }
  async function loadPreview() {
    const key = previewKey(),
      d = draft();
    if (known.preview.key === key) return;
    const how = pays();
    if (!d.parts.some((p) => p.length > 1) || !how || (how === "roll" && !d.face)) {
      known.preview = { key, data: null, error: null };
      return;
    }
    try {
      known.preview = {
        key,
        data: await window.TW.engine.ask("preview", counted(), { event: buildEvent(d, how) }),
        error: null,
      };
    } catch (e) {
      known.preview = { key, data: null, error: e.message };
    }
    render();
  }
  // With the die's face chosen (or the build paid with winnings or the account): the lines a
  // tap on one town draws, each with its towns (the engine's, cut to what pays the build), for
  // the towns out of view offered in the bar.
  function destKey() {
    const face = G.record["x-draft"]?.face,
      how = pays();
    if (how === "roll") return face ? JSON.stringify([G.scoredKey, player(), face]) : null;
    return how ? JSON.stringify([G.scoredKey, player(), how]) : null;
  }
  async function loadDestinations() {
    const key = destKey();
    if (known.dest.key === key) return;
    if (!key) {
      known.dest = { key, data: null, error: null };
      return;
    }
    try {
      known.dest = {
        key,
        data: await window.TW.engine.ask("destinations", counted(), {
          player: player(),
          paid_from: pays(),
          roll: pays() === "roll" ? draft().face : null,
        }),
        error: null,
      };
    } catch (e) {
      known.dest = { key, data: null, error: e.message };
    }
    render();
  }
  // The race being entered: each entrant's route checked and priced by the engine.
  function raceKey() {
    const r = draft().race;
    return JSON.stringify([G.scoredKey, r?.to ? [r.from, r.to, r.routes] : null]);
  }
  async function loadRace() {
    const key = raceKey(),
      r = draft().race;
    if (known.race.key === key) return;
    if (!r?.to) {
      known.race = { key, data: null, error: null };
      return;
    }
    try {
      known.race = {
        key,
        data: await window.TW.engine.ask("race", counted(), { from: r.from, to: r.to, routes: r.routes }),
        error: null,
      };
    } catch (e) {
      known.race = { key, data: null, error: e.message };
    }
    render();
  }

  // A change made from the engine's answer: the question is asked in the queue (on the record as
  // it is then), the change is made from its answer (one change, one undo step).
  function asked(name, args, apply, message) {
    let answer = null,
      failed = null;
    queued(async () => {
      try {
        answer = await window.TW.engine.ask(name, counted(), args());
      } catch (e) {
        failed = e;
      }
    });
    change((record) => {
      if (failed) {
        say(failed.message);
        return false;
      }
      return apply(draftOf(record), answer, record);
    }, message);
    return refresh();
  }

  // ------------------------------------------------------------------ taps

  // What a change to the line did, said once it is made (with Undo at hand).
  function lineSaid() {
    const d = draft();
    return d.parts.some((p) => p.length > 1) ? lineWords(d.words) : t("df.said-no-line");
  }

  function tapHex(hex) {
    if (G.mode === "race") return tapRoute(hex);
    const who = player(),
      how = pays();
    if (!how) {
      say(t("df.no-build"));
      return;
    }
    return asked(
      "line",
      () => {
        const d = draft();
        return {
          player: who,
          paid_from: how,
          roll: how === "roll" ? d.face : null,
          parts: d.parts,
          tap: hex,
        };
      },
      (d, a) => {
        d.parts = a.parts;
        d.words = a.words;
        d.drawn = a.drawn;
        if (a.town) d.aims[who] = hex;
        if (a.reached && sameHex(d.aims[who], hex)) delete d.aims[who];
      },
      lineSaid,
    );
  }
  function chooseFace(face) {
    const who = player();
    const d0 = draft();
    const aim = d0.aims[who];
    if (aim && (!d0.parts.length || d0.drawn)) {
      // The line toward the player's aim, as far as this roll pays.
      return asked(
        "line",
        () => ({ player: who, paid_from: "roll", roll: face, parts: [], tap: aim }),
        (d, a) => {
          d.face = face;
          if (a.reached) {
            delete d.aims[who];
            d.parts = [];
            d.words = [];
            d.drawn = false;
          } else {
            d.parts = a.parts;
            d.words = a.words;
            d.drawn = true;
          }
        },
        () => `${t("df.said-face", { face: FACES[face - 1], player: who })} · ${lineSaid()}`,
      );
    }
    change(
      (record) => {
        draftOf(record).face = face;
      },
      () => t("df.said-face", { face: FACES[face - 1], player: who }),
    );
    return refresh();
  }
  // The die's face chosen again (the line it drew toward the aim taken back with it).
  function clearFace() {
    change((record) => {
      const d = draftOf(record);
      d.face = null;
      if (d.drawn) {
        d.parts = [];
        d.words = [];
        d.drawn = false;
      }
    }, t("df.said-face-cleared"));
    return refresh();
  }
  function anotherPlace() {
    change((record) => {
      const d = draftOf(record);
      if (d.parts.length && d.parts[d.parts.length - 1].length) d.parts.push([]);
      d.drawn = false;
    }, t("df.said-another"));
    return refresh();
  }
  function clearLine() {
    change((record) => {
      const d = draftOf(record);
      d.parts = [];
      d.words = [];
      d.drawn = false;
    }, t("df.said-cleared"));
    return refresh();
  }
  function confirmBuild() {
    const who = player(),
      how = pays();
    change(
      (record) => {
        const d = draftOf(record);
        if (how === "roll" && !d.face) {
          say(t("df.roll-first"));
          return false;
        }
        record.events = [...record.events, buildEvent(d, how, who)];
        d.face = null;
        d.parts = [];
        d.words = [];
        d.drawn = false;
      },
      t("df.built", { player: who }),
    );
    return refresh();
  }
  function passTurn() {
    const who = player();
    change(
      (record) => {
        const d = draftOf(record);
        record.events = [...record.events, { type: "pass", player: who }];
        d.face = null;
        d.parts = [];
        d.words = [];
        d.drawn = false;
      },
      t("df.passed", { player: who }),
    );
    return refresh();
  }
  function setMode(mode) {
    G.mode = mode;
    render();
    return refresh();
  }

  // Races: the numbers rolled (the first town fixed by the rules after the first race), then the
  // engine's proposal of every player's fastest legal route.
  function tapNumber(n) {
    const tb = known.table.data,
      r = draft().race || {};
    const fixed = tb && tb.race_from != null ? tb.race_from : null;
    if (fixed == null && (r.from == null || r.picking === "from")) {
      change(
        (record) => {
          draftOf(record).race = { from: n, to: null, routes: {}, out: [], placing: [], picking: "to" };
        },
        t("df.said-from", { from: townOfNumber(n) }),
      );
      return refresh();
    }
    const from = fixed != null ? fixed : r.from;
    return asked(
      "race",
      () => ({ from, to: n }),
      (d, a) => {
        const routes = {};
        for (const [p, proposed] of Object.entries(a.routes)) if (proposed) routes[p] = proposed.route;
        d.race = { from, to: n, routes, out: [], placing: [], picking: null };
      },
      t("df.said-race", { from: townOfNumber(from), to: townOfNumber(n) }),
    );
  }
  function pickFrom() {
    change((record) => {
      draftOf(record).race = { from: null, to: null, routes: {}, out: [], placing: [], picking: "from" };
    }, t("df.pick-from"));
    return refresh();
  }
  function entrants(r) {
    return G.record.players.filter((p) => r.routes[p] && !(r.out || []).includes(p));
  }
  function toggleOut(p) {
    const out = !(draft().race?.out || []).includes(p);
    change(
      (record) => {
        const r = draftOf(record).race;
        r.out = r.out.includes(p) ? r.out.filter((x) => x !== p) : [...r.out, p];
        r.placing = [];
      },
      t(out ? "df.said-out" : "df.said-in", { player: p }),
    );
    return refresh();
  }
  // Places by tapping the players in finishing order; the last one left is placed by itself.
  function tapPlace(p) {
    change((record) => {
      const r = draftOf(record).race;
      const i = r.placing.indexOf(p);
      if (i >= 0) {
        r.placing = r.placing.slice(0, i);
        return;
      }
      r.placing.push(p);
      const left = entrants(r).filter((x) => !r.placing.includes(x));
      if (left.length === 1) r.placing.push(left[0]);
    }, orderSaid);
    return refresh();
  }
  function orderSaid() {
    const placing = draft().race?.placing || [];
    return placing.length ? t("df.said-order", { order: placing.join(" · ") }) : t("df.said-order-none");
  }
  function tapRoute(hex) {
    const r = draft().race,
      who = player();
    if (!r?.to) {
      say(t("df.miss-race-numbers"));
      return;
    }
    return asked(
      "route",
      () => ({ from: r.from, route: draft().race.routes[who] || [], tap: hex }),
      (d, a) => {
        d.race.routes[who] = a.route;
        d.race.out = d.race.out.filter((x) => x !== who);
      },
      () =>
        t("df.said-route", { player: who, count: Math.max(0, (draft().race?.routes[who]?.length || 1) - 1) }),
    );
  }
  function confirmRace() {
    change((record) => {
      const d = draftOf(record),
        r = d.race;
      const who = entrants(r);
      const routes = Object.fromEntries(who.map((p) => [p, r.routes[p]]));
      record.events = [
        ...record.events,
        { type: "race", from: r.from, to: r.to, routes, placing: r.placing },
      ];
      d.race = null;
    }, t("df.race-recorded"));
    return refresh();
  }

  // ------------------------------------------------------------------ the page

  function townAt() {
    return cached("df-towns", G.board, () =>
      Object.fromEntries(G.board.map.towns.map((tw) => [keyOf(tw.hex), tw])),
    );
  }
  function numbers() {
    return G.board.map.towns.flatMap((tw) => tw.numbers.map((n) => [n, tw.name])).sort((a, b) => a[0] - b[0]);
  }
  function townOfNumber(n) {
    const hit = numbers().find(([k]) => k === n);
    return hit ? hit[1] : String(n);
  }

  // The lines built, as the engine read them ([q, r]: a record may name a hex by its printed
  // label, a town's name or number). Before its answer on the record as it is (the game being
  // opened, a change just made), the record's lines written in [q, r], the others once it comes.
  function isHex(x) {
    return Array.isArray(x) && x.length === 2 && Number.isInteger(x[0]) && Number.isInteger(x[1]);
  }
  function builtLines(tb) {
    if (tb && known.table.key === G.scoredKey) return tb.events.filter((e) => e.type === "build");
    return G.record.events
      .filter((e) => e.type === "build")
      .map((e) => ({
        player: e.player,
        partner: e.partner,
        paths: (e.paths || [e.path]).filter((p) => Array.isArray(p) && p.every(isHex)),
      }));
  }

  function dampfross() {
    if (known.game !== G.game) {
      // Another game, or this one opened again: its answers asked afresh, who is next preselected.
      for (const k of ["table", "preview", "race", "dest"]) known[k] = { key: null, data: null, error: null };
      known.game = G.game;
      preselected.key = null;
    }
    const map = G.board.map,
      d = draft(),
      tb = known.table.data;
    const mode = G.mode === "race" && G.score.phase === "races" ? "race" : "build";
    const players = G.record.players;
    const board = boardView(
      (g) => {
        if (!fine()) g.append(hexGroup(map));
        builtLines(tb).forEach((e) => {
          e.paths.forEach((path) => {
            for (const p of [e.player, e.partner].filter(Boolean))
              g.append(
                s("polyline", {
                  points: path
                    .map(hexCentre)
                    .map((x) => x.join(","))
                    .join(" "),
                  fill: "none",
                  stroke: colourOf(players.indexOf(p)),
                  "stroke-width": 1.6,
                  "stroke-linejoin": "round",
                  "pointer-events": "none",
                  ...networkStyle(p),
                }),
              );
          });
        });
        if (mode === "build") {
          for (const part of d.parts)
            if (part.length)
              g.append(
                s("polyline", {
                  points: part
                    .map(hexCentre)
                    .map((x) => x.join(","))
                    .join(" "),
                  fill: "none",
                  stroke: "#000",
                  "stroke-width": 1.2,
                  "stroke-dasharray": "2 1.2",
                  "pointer-events": "none",
                  class: "draft-path",
                }),
              );
          const aim = d.aims[player()];
          if (aim && hexCentre(aim)) {
            const [x, y] = hexCentre(aim);
            g.append(
              s("circle", {
                cx: x,
                cy: y,
                r: 3.2,
                fill: "none",
                stroke: colourOf(G.player),
                "stroke-width": 0.9,
                "stroke-dasharray": "1.5 1",
                "pointer-events": "none",
                id: "aim",
              }),
            );
          }
        } else if (d.race?.to) {
          entrants(d.race).forEach((p, k) => {
            const off = (k - 1) * 0.5;
            g.append(
              s("polyline", {
                points: d.race.routes[p]
                  .map(hexCentre)
                  .map(([x, y]) => `${x + off},${y + off}`)
                  .join(" "),
                fill: "none",
                stroke: colourOf(players.indexOf(p)),
                "stroke-width": 1.1,
                "stroke-dasharray": "2.4 1",
                "pointer-events": "none",
                class: "race-route",
              }),
            );
          });
        }
      },
      boardTargets(map, mode),
    );
    const over = G.score.phase === "races";
    const modes = over
      ? [
          h(
            "button",
            {
              class: mode === "build" ? "active" : "secondary",
              onclick: () => setMode("build"),
              id: "mode-build",
            },
            t("df.mode-build"),
          ),
          h(
            "button",
            {
              class: mode === "race" ? "active" : "secondary",
              onclick: () => setMode("race"),
              id: "mode-race",
            },
            t("df.mode-race"),
          ),
        ]
      : [];
    // Not for a game left meanwhile (home, or another game opened: its page asks its own);
    // refresh() checks it again when each answer's turn comes.
    const open = G.game;
    setTimeout(() => {
      if (
        G.game === open &&
        (known.table.key !== G.scoredKey ||
          known.preview.key !== previewKey() ||
          known.race.key !== raceKey() ||
          known.dest.key !== destKey())
      )
        refresh();
    }, 0);
    const game = (G.score.winners || []).length;
    requestAnimationFrame(() => showTurn(game ? "over" : mode));
    return [
      h("h1", {}, `Dampfross · ${map.name}`),
      status(modes),
      playerButtons(),
      toolbar(),
      game ? "" : mode === "build" ? buildCard(d, tb) : raceCard(d, tb),
      board,
      networkRow(),
      cached("df-ledger", JSON.stringify([G.scoredKey, known.table.key, window.TW.I18N.lang]), () =>
        ledger(tb),
      ),
    ];
  }

  // What a tap on the board can hit. Zoomed in so that hexes lie a fingertip (44 CSS px) apart,
  // every land hex; else the towns only (a tap within a finger's reach of a town is that town,
  // never a zoom the player did not ask for; a tap near no town, or between two, says so). The
  // hexes are then kept, out of sight, for the tests' and benchmarks' scripted taps.
  const FINGER = 44;
  function scale() {
    return 2 * G.zoom; // CSS px per board unit (the board is drawn at twice its size, zoomed)
  }
  function fine() {
    return Math.sqrt(3) * G.board.layout.size * scale() >= FINGER;
  }
  function hexShapes(g, map) {
    for (const hx of map.hexes)
      if (hx.terrain !== "water")
        g.append(
          s("polygon", {
            points: hexPoints([hx.q, hx.r]),
            fill: "transparent",
            class: "hex",
            "data-hex": `${hx.q},${hx.r}`,
            onclick: () => tapHex([hx.q, hx.r]),
          }),
        );
  }
  function hexGroup(map) {
    return cached("df-hex-group", G.board, () => {
      const g = s("g", { id: "df-hexes", display: "none" });
      hexShapes(g, map);
      return g;
    });
  }
  function boardTargets(map, mode) {
    const who = player();
    const miss = (key) => () => say(t(key, { player: who }));
    if (fine())
      return {
        key: "df-hexes",
        spacing: Math.sqrt(3) * G.board.layout.size,
        draw: (g) => hexShapes(g, map),
        miss: miss(mode === "race" ? "df.miss-route" : "df.miss-hex"),
      };
    return {
      key: "df-towns",
      spacing: 0,
      draw: (g) => {
        for (const tw of map.towns) {
          const [x, y] = hexCentre(tw.hex);
          g.append(
            s("circle", {
              cx: x,
              cy: y,
              r: G.board.layout.size * 0.5,
              fill: "transparent",
              class: "town",
              "data-town": tw.name,
              onclick: () => tapHex(tw.hex),
            }),
          );
        }
      },
      miss: miss(mode === "race" ? "df.miss-route-zoom" : "df.miss-town"),
    };
  }
  // The zoom buttons zoom without a redraw: the targets follow the zoom.
  document.addEventListener("click", (ev) => {
    if (ev.target.closest?.("#zoom-in, #zoom-out") && G.game && G.record?.game === "dampfross" && G.score)
      render();
  });

  // When a build starts (the game opened, a build or race recorded, another player chosen), the
  // page brings the board into view under the header, centred on the player's network (and the
  // town they aim at); when a race starts, the race's card. Never again until the next one: the
  // player's own scrolling and panning are left alone.
  const shown = { key: null };
  function showTurn(mode) {
    if (!G.game || G.record.game !== "dampfross" || !known.table.data) return;
    const bar = document.getElementById("df-bar");
    if (bar) document.body.style.setProperty("--df-bar-h", `${bar.offsetHeight}px`);
    const key = JSON.stringify([G.id, G.record.events.length, G.player, mode]);
    if (shown.key === key) return;
    shown.key = key;
    const top = mode === "race" ? document.getElementById("race") : document.querySelector(".board-frame");
    if (mode === "over" || !top) return;
    const header = document.querySelector("header")?.offsetHeight || 0;
    window.scrollTo({
      top: top.getBoundingClientRect().top + window.scrollY - header - 6,
      behavior: "instant",
    });
    if (mode === "build") {
      if (fitted.zoom !== null) {
        // The zoom the player had before the page zoomed out for a face's towns.
        G.zoom = fitted.zoom;
        fitted.zoom = null;
        render();
      }
      centreOn(buildArea(player()));
    }
  }
  // The player's network (the engine's; their start town before they build) and their aim.
  function buildArea(who) {
    const network = networkOf(who);
    const hexes = network.length ? [...network] : [known.table.data?.starts?.[who]].filter(Boolean);
    const aim = draft().aims[who];
    if (aim) hexes.push(aim);
    return hexes;
  }
  function centreOn(hexes) {
    const wrap = document.getElementById("board"),
      over = document.querySelector("svg.board-overlay");
    const pts = hexes.map(hexCentre).filter(Boolean);
    if (!wrap || !over || !pts.length) return;
    const xs = pts.map((p) => p[0]),
      ys = pts.map((p) => p[1]);
    // Where the middle of those hexes lies on the board as drawn (CSS px from its corner).
    const m = over.getScreenCTM(),
      box = wrap.getBoundingClientRect();
    const x = ((Math.min(...xs) + Math.max(...xs)) / 2) * m.a + m.e - box.left + wrap.scrollLeft;
    const y = ((Math.min(...ys) + Math.max(...ys)) / 2) * m.d + m.f - box.top + wrap.scrollTop;
    wrap.scrollLeft = x - wrap.clientWidth / 2;
    wrap.scrollTop = y - wrap.clientHeight / 2;
  }

  function status(modes) {
    const sc = G.score,
      players = G.record.players;
    const line = (sc.winners || []).length
      ? h("p", { class: "winner", id: "winners" }, t("df.won", { names: window.TW.joinNames(sc.winners) }))
      : h(
          "p",
          { id: "phase" },
          sc.phase === "construction"
            ? t("df.phase-construction", { towns: sc.unreached_towns.length })
            : t("df.phase-races", { races: sc.races_run }),
        );
    return h(
      "div",
      { class: "card df-status" },
      line,
      h(
        "div",
        { class: "row", id: "balances" },
        players.map((p, i) =>
          h("span", { class: "df-balance", "data-balance": p }, swatch(i), `${p} ${sc.balances[p]}`),
        ),
      ),
      modes.length ? h("div", { class: "row df-modes" }, modes) : "",
      known.table.error
        ? h("p", { class: "msg" }, known.table.error)
        : G.problem
          ? h("p", { class: "msg" }, G.problem)
          : "",
    );
  }

  function moneyText(m) {
    const kind =
      {
        build: "df.money-build",
        entry: "df.money-entry",
        parallel: "df.money-parallel",
        first: "df.money-first",
        fare: "df.money-fare",
        winner: "df.money-winner",
        second: "df.money-second",
      }[m.kind] || "df.money-other";
    return t(kind, { from: m.from, to: m.to, amount: m.amount, town: m.town || "", hex: m.hex || "" });
  }

  // A build at the table is three gestures: the die's face, the destination on the board,
  // Confirm. The faces, what the line costs and Confirm are in a bar fixed at the foot of the
  // screen, over the board (which the page brings into view, centred on the player's network,
  // when a build starts); the payments and balances after, and the rarer buttons, are in the
  // card above the board.
  function buildCard(d, tb) {
    const who = player(),
      how = tb ? tb.pays : null;
    const card = h("div", { class: "card", id: "build" });
    if (!tb) return card;
    const drawn = d.parts.filter((p) => p.length > 1);
    const p = known.preview.key === previewKey() ? known.preview.data : null;
    card.append(
      h("h2", {}, t("df.build-for", { player: who })),
      buildBar(d, how, tb, drawn, p),
      previewBox(d, how),
      h(
        "div",
        { class: "row" },
        h(
          "button",
          { class: "secondary", id: "another-place", onclick: anotherPlace, disabled: !drawn.length },
          t("df.another-place"),
        ),
        h(
          "button",
          { class: "secondary", id: "clear-line", onclick: clearLine, disabled: !d.parts.length },
          t("df.clear"),
        ),
      ),
    );
    return card;
  }
  function buildBar(d, how, tb, drawn, p) {
    const who = player();
    const bar = h("div", { class: "df-bar", id: "df-bar" });
    const away = (how === "roll" && d.face) || how === "winnings" || how === "account" ? outOfView() : [];
    if (away.length && how === "roll") bar.append(destinationsRow(d, away));
    else if (how === "roll")
      bar.append(
        h(
          "div",
          { class: "faces", id: "faces", role: "group", "aria-label": t("df.roll") },
          FACES.map((f, i) =>
            h(
              "button",
              {
                class: `face${d.face === i + 1 ? " active" : " secondary"}`,
                "data-face": i + 1,
                "aria-label": t("df.face", { n: i + 1 }),
                onclick: () => chooseFace(i + 1),
              },
              f,
            ),
          ),
        ),
      );
    else if (how === "winnings")
      bar.append(buildersRow(tb), away.length ? destinationsRow(d, away) : winningsLine(tb));
    else if (how === "account")
      bar.append(
        away.length
          ? destinationsRow(d, away)
          : h("p", { id: "face-account", class: "small" }, t("df.from-account")),
      );
    else bar.append(h("p", { class: "small" }, t("df.no-build")));
    const aim = d.aims[who] && townAt()[keyOf(d.aims[who])];
    const words = drawn.length
      ? lineWords(d.words)
      : aim
        ? t(how === "roll" ? "df.aim" : "df.aim-money", { town: aim.name })
        : t(how === "roll" ? "df.tap-town" : "df.tap-town-money");
    bar.append(
      h(
        "div",
        { class: "df-bar-row" },
        h(
          "div",
          { class: "df-bar-words" },
          h("b", {}, swatch(G.player), who, " "),
          h("span", { id: "line-words" }, words),
          costLine(d, how),
        ),
        // Pass while nothing is drawn (the words then have the room for the line and its cost).
        (how === "roll" || how === "account") && !drawn.length
          ? h("button", { class: "secondary", id: "pass-turn", onclick: passTurn }, t("df.pass"))
          : "",
        how === "winnings"
          ? h(
              "button",
              { class: "secondary", id: "next-race", onclick: () => setMode("race") },
              t("df.next-race"),
            )
          : "",
        h(
          "button",
          {
            id: "confirm-build",
            onclick: confirmBuild,
            disabled: !drawn.length || (how === "roll" && !d.face) || !!p?.error,
          },
          t("df.confirm"),
        ),
      ),
    );
    return bar;
  }
  // Towns out of view, offered in the bar once the die's face is chosen (in place of the faces),
  // or, for a build paid with winnings or the account, at once (in place of the words on money):
  // of each line the face draws (the engine's destinations), when none of its towns is a clear
  // target on the screen (in the board's window, off the zoom buttons, no other town within a
  // fingertip), its nearest town, with the way it lies; the nearest lines first, four at most. A
  // button is a tap on that town. The chosen face stays, to choose another. When more than four
  // lines would be out of view, the page first moves the board (and zooms it out, no further
  // than needed) over the network and the lines' towns, once for that face; the next build
  // starts at the zoom the player had.
  const AWAY = 4;
  const ARROWS = ["→", "↘", "↓", "↙", "←", "↖", "↑", "↗"];
  const fitted = { key: null, zoom: null };
  // The board's window on the screen (CSS px, a fingertip in from its edges), the zoom buttons,
  // and where a board point lies on the screen now.
  function boardWindow() {
    const wrap = document.getElementById("board"),
      over = document.querySelector("svg.board-overlay");
    if (!wrap || !over) return null;
    const m = over.getScreenCTM(),
      box = wrap.getBoundingClientRect();
    const head = document.querySelector("header")?.getBoundingClientRect().bottom || 0;
    const bar = document.getElementById("df-bar")?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY;
    const R = FINGER / 2;
    const win = {
      left: box.left + R,
      right: box.right - R,
      top: Math.max(box.top, head) + R,
      bottom: Math.min(box.bottom, bar, window.innerHeight) - R,
    };
    const shut = [...document.querySelectorAll(".zoom-controls button, .board-tools button")].map((b) =>
      b.getBoundingClientRect(),
    );
    const mid = [(win.left + win.right) / 2, (win.top + win.bottom) / 2];
    const now = (xy) => [xy[0] * m.a + m.e, xy[1] * m.d + m.f];
    return { win, shut, mid, now, perZoom: m.a / G.zoom, wrap, R };
  }
  // The lines none of whose towns is a clear target when board points lie on the screen by
  // ``at`` (board point -> CSS px).
  function awayLines(lines, view, at) {
    const { win, shut, R } = view;
    const towns = G.board.map.towns.map((tw) => at(hexCentre(tw.hex)));
    const clear = ([x, y]) =>
      x >= win.left &&
      x <= win.right &&
      y >= win.top &&
      y <= win.bottom &&
      !shut.some((r) => x > r.left - R && x < r.right + R && y > r.top - R && y < r.bottom + R) &&
      towns.filter(([a, b]) => Math.hypot(a - x, b - y) < FINGER).length <= 1;
    return lines.filter((line) => !line.towns.some((tw) => clear(at(hexCentre(tw.hex)))));
  }
  function outOfView() {
    const dest = known.dest.key === destKey() ? known.dest.data : null;
    const view = boardWindow();
    if (!dest || !view) return [];
    const away = awayLines(dest.lines, view, view.now);
    if (away.length > AWAY && fitted.key !== known.dest.key) {
      fitted.key = known.dest.key;
      setTimeout(() => fitDestinations(dest.lines), 0); // within the page's idle wait
    }
    return away.slice(0, AWAY).map((line) => {
      const town = line.towns[0],
        [x, y] = view.now(hexCentre(town.hex));
      const k = Math.round(Math.atan2(y - view.mid[1], x - view.mid[0]) / (Math.PI / 4));
      return { town, arrow: ARROWS[(k + 8) % 8] };
    });
  }
  // The board moved over the network and the nearest town of each line, zoomed out step by step
  // (no further than half the default) until four lines at most are out of view.
  function fitDestinations(lines) {
    const view = boardWindow();
    if (!view) return;
    const pts = [...networkOf(player()), ...lines.map((l) => l.towns[0].hex)].map(hexCentre).filter(Boolean);
    const xs = pts.map((p) => p[0]),
      ys = pts.map((p) => p[1]);
    const c = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    let best = null;
    for (let z = G.zoom; ; z /= 1.15) {
      const k = view.perZoom * z;
      const at = ([x, y]) => [view.mid[0] + (x - c[0]) * k, view.mid[1] + (y - c[1]) * k];
      const n = awayLines(lines, view, at).length;
      if (!best || n < best.n) best = { z, n };
      if (n <= AWAY || z / 1.15 < 0.5) break;
    }
    if (fitted.zoom === null) fitted.zoom = G.zoom;
    G.zoom = best.z;
    render(); // the board sized at the new zoom
    const now = boardWindow();
    const [x, y] = now.now(c);
    now.wrap.scrollLeft += x - now.mid[0];
    now.wrap.scrollTop += y - now.mid[1];
    render(); // the bar's towns out of view, as the board now lies
  }
  // With a roll, the chosen face first (a tap chooses another); paid with money, the towns only.
  function destinationsRow(d, away) {
    return h(
      "div",
      {
        class: d.face ? "df-dest" : "df-dest df-dest-money",
        id: "destinations",
        role: "group",
        "aria-label": t("df.destinations"),
      },
      d.face
        ? h(
            "button",
            {
              class: "face active",
              id: "change-face",
              "aria-label": t("df.change-face", { n: d.face }),
              onclick: clearFace,
            },
            FACES[d.face - 1],
          )
        : "",
      away.map(({ town, arrow }) =>
        h(
          "button",
          {
            class: "secondary",
            "data-town": town.name,
            "aria-label": t("df.toward", { town: town.name }),
            onclick: () => tapHex(town.hex),
          },
          h("span", { class: "df-arrow", "aria-hidden": "true" }, arrow),
          h("span", { class: "df-town" }, town.name),
        ),
      ),
    );
  }
  // The line being drawn in the engine's words (the line answer's): each part's steps, the
  // towns it passes or reaches, else the printed label of its end and the town nearest it.
  function lineWords(words) {
    return (words || [])
      .map((w) =>
        w.towns.length
          ? t("df.line-to", { towns: window.TW.joinNames(w.towns), count: w.steps })
          : t("df.line-near", { hex: w.hex, town: w.near, count: w.steps }),
      )
      .join(" · ");
  }
  // Between races whoever has winnings may build with them: the players with winnings, chosen
  // in the bar (the player buttons above are out of view while the board is shown).
  function buildersRow(tb) {
    const players = G.record.players;
    return h(
      "div",
      { class: "row df-builders" },
      players
        .filter((p) => tb.winnings[p] > 0)
        .map((p) =>
          h(
            "button",
            {
              class: `secondary${p === player() ? " active" : ""}`,
              "data-builder": p,
              onclick: () => {
                G.player = players.indexOf(p);
                render();
              },
            },
            swatch(players.indexOf(p)),
            `${p} ${tb.winnings[p]}`,
          ),
        ),
    );
  }
  function winningsLine(tb) {
    return h(
      "p",
      { id: "face-winnings", class: "small" },
      t("df.from-winnings", { amount: tb.winnings[player()] || 0 }),
    );
  }
  // What the line costs, of what, and what is left (in the bar, beside Confirm).
  function costLine(d, how) {
    const line = h("span", { id: "cost" });
    if (known.preview.key !== previewKey()) return line;
    if (known.preview.error) {
      line.classList.add("df-error");
      line.textContent = ` ${known.preview.error}`;
      return line;
    }
    const p = known.preview.data;
    if (!p || p.cost == null) return line;
    const budget =
      how === "roll"
        ? t("df.budget-roll", { face: FACES[d.face - 1] || "", budget: p.budget })
        : how === "winnings"
          ? t("df.budget-winnings", { budget: p.budget })
          : t("df.budget-account", { budget: p.budget });
    line.textContent = [
      t("df.cost", { cost: p.cost, budget }),
      p.payments ? t("df.cost-payments", { payments: p.payments }) : "",
      p.left != null ? (p.left >= 0 ? t("df.left", { left: p.left }) : t("df.over", { over: -p.left })) : "",
    ]
      .filter(Boolean)
      .join(" ");
    if (p.left != null && p.left < 0) line.classList.add("df-error");
    return line;
  }
  // Who pays whom and the balances after, before confirming (in the card).
  function previewBox(_d, _how) {
    const box = h("div", { id: "preview" });
    if (known.preview.key !== previewKey() || known.preview.error) return box;
    const p = known.preview.data;
    if (!p) return box;
    if (p.money.length)
      box.append(
        h(
          "ul",
          { class: "small df-money", id: "preview-money" },
          p.money.map((m) => h("li", {}, moneyText(m))),
        ),
      );
    if (p.balances)
      box.append(
        h(
          "p",
          { class: "small", id: "preview-balances" },
          t("df.after", { balances: G.record.players.map((x) => `${x} ${p.balances[x]}`).join(", ") }),
        ),
      );
    if (p.error && !(p.left != null && p.left < 0)) box.append(h("p", { class: "msg" }, p.error));
    return box;
  }

  function raceCard(d, tb) {
    const card = h("div", { class: "card", id: "race" });
    if (!tb) return card;
    const r = d.race || {};
    const from = tb.race_from != null ? tb.race_from : r.from;
    const picking = from == null || r.picking === "from" ? "from" : !r.to ? "to" : null;
    card.append(
      h(
        "h2",
        {},
        from != null && r.to
          ? t("df.race-between", { from: townOfNumber(from), to: townOfNumber(r.to) })
          : from != null
            ? t("df.race-from", { from: townOfNumber(from) })
            : t("df.race"),
      ),
    );
    if (picking) {
      card.append(h("p", { class: "small" }, picking === "from" ? t("df.pick-from") : t("df.pick-to")));
      card.append(
        h(
          "div",
          { class: "numbers", id: "race-numbers", "data-picking": picking },
          numbers().map(([n, name]) =>
            h(
              "button",
              {
                class: `secondary number${n === from ? " active" : ""}`,
                "data-number": n,
                disabled: picking === "to" && n === from,
                onclick: () => tapNumber(n),
              },
              h("b", {}, String(n)),
              h("span", {}, name),
            ),
          ),
        ),
      );
      return card;
    }
    const q = known.race.key === raceKey() ? known.race.data : null;
    if (known.race.key === raceKey() && known.race.error)
      card.append(h("p", { class: "msg" }, known.race.error));
    const list = h("div", { id: "entrants" });
    G.record.players.forEach((p, i) => {
      const route = r.routes[p],
        out = (r.out || []).includes(p);
      const info = q?.routes[p];
      let words;
      if (!route) words = t("df.no-route");
      else if (out) words = t("df.not-racing");
      else if (info?.error) words = info.error;
      else if (info)
        words =
          `${t("df.route-hexes", { count: info.hexes })}, ${t("df.route-pips", { count: info.pips })}` +
          (info.fares.length
            ? ` · ${t("df.fares", { fares: info.fares.map((f) => `${f.to} ${f.amount}`).join(", ") })}`
            : "");
      else words = "…";
      list.append(
        h(
          "div",
          { class: "entrant", "data-entrant": p },
          h("b", {}, swatch(i), p),
          h("span", { class: "small" }, words),
          route
            ? h(
                "button",
                { class: "secondary", "data-out": p, onclick: () => toggleOut(p) },
                out ? t("df.enter") : t("df.stay-out"),
              )
            : h("span"),
        ),
      );
    });
    card.append(list);
    const racing = entrants(r);
    card.append(h("h2", {}, t("df.places")));
    card.append(
      h(
        "div",
        { class: "row", id: "race-places" },
        racing.map((p) => {
          const k = r.placing.indexOf(p);
          return h(
            "button",
            { class: k >= 0 ? "active" : "secondary", "data-place": p, onclick: () => tapPlace(p) },
            swatch(G.record.players.indexOf(p)),
            k >= 0 ? t("df.placed", { n: k + 1, player: p }) : p,
          );
        }),
      ),
    );
    const ok =
      racing.length &&
      r.placing.length === racing.length &&
      !(q && Object.values(q.routes).some((x) => x?.error));
    card.append(
      h(
        "div",
        { class: "row" },
        h("button", { id: "confirm-race", onclick: confirmRace, disabled: !ok }, t("df.record-race")),
        h(
          "button",
          {
            class: "secondary",
            id: "race-other",
            onclick: () =>
              tb.race_from != null
                ? change((record) => {
                    draftOf(record).race = {
                      from,
                      to: null,
                      routes: {},
                      out: [],
                      placing: [],
                      picking: "to",
                    };
                  }, t("df.pick-to"))
                : pickFrom(),
          },
          t("df.race-change"),
        ),
      ),
    );
    card.append(h("p", { class: "small" }, t("df.edit-route", { player: player() })));
    return card;
  }

  function ledger(tb) {
    const card = h("div", { class: "card", id: "ledger" }, h("h2", {}, t("df.ledger")));
    if (!tb) return card;
    const players = G.record.players;
    const list = h("ol", { class: "df-ledger", reversed: true });
    for (const e of tb.events.slice().reverse()) {
      let head;
      if (e.type === "build") {
        const paid =
          e.paid_from === "roll"
            ? t("df.led-roll", { face: FACES[e.roll - 1] || "", cost: e.cost, budget: e.budget })
            : e.paid_from === "winnings"
              ? t("df.led-winnings", { cost: e.cost, budget: e.budget })
              : t("df.led-account", { cost: e.cost, budget: e.budget });
        const where = e.towns.length
          ? t("df.led-to", { towns: window.TW.joinNames(e.towns) })
          : e.near
            ? t("df.led-near", { town: e.near, hex: e.near_hex })
            : "";
        head = t("df.led-build", {
          player: e.partner ? window.TW.joinNames([e.player, e.partner]) : e.player,
          paid,
          where,
        });
      } else if (e.type === "pass") head = t("df.led-pass", { player: e.player });
      else head = t("df.led-race", { from: e.from_town, to: e.to_town, order: e.order.join(" · ") });
      list.append(
        h(
          "li",
          { "data-event": e.event, value: e.event },
          h("div", { class: "df-head" }, h("b", {}, `${e.event}. `), head),
          e.money.length
            ? h(
                "ul",
                { class: "small df-money" },
                e.money.map((m) => h("li", {}, moneyText(m))),
              )
            : "",
          h(
            "div",
            { class: "small df-after" },
            t("df.after", { balances: players.map((p) => `${p} ${e.balances[p]}`).join(", ") }),
          ),
        ),
      );
    }
    card.append(list);
    return card;
  }

  // ------------------------------------------------------------------ one player's network

  // A tap on a player under the board zooms and pans it onto that player's network (the
  // engine's: their lines and their partners'), drawn boldly in the player's colour and dash
  // with the others faded, the page scrolled to it; once per tap, the fingers free after.
  const shownNetwork = { who: null, fitted: null, game: null };
  function networkOf(p) {
    return known.table.data?.networks?.[p] || [];
  }
  function networkStyle(p) {
    const who = shownNetwork.who;
    if (!who || shownNetwork.game !== G.game) return {};
    if (p !== who) return { opacity: 0.3 };
    const style = G.board.players[G.record.players.indexOf(p) % G.board.players.length];
    const dash =
      style.dash && style.dash !== "none"
        ? style.dash.replace(/[\d.]+/g, (d) => (d * 1.8).toFixed(2))
        : "none";
    return { "stroke-width": 3.2, "stroke-dasharray": dash, class: "shown-network", "data-player": p };
  }
  function networkRow() {
    const players = G.record.players,
      who = shownNetwork.game === G.game ? shownNetwork.who : null;
    const hexes = who ? networkOf(who) : [];
    const at = townAt();
    const towns = hexes.map((x) => at[keyOf(x)]?.name).filter(Boolean);
    if (who && shownNetwork.fitted !== `${G.game?.id}|${who}`) requestAnimationFrame(fitNetwork);
    return h(
      "div",
      { class: "card", id: "networks" },
      h("h2", {}, t("df.networks")),
      h(
        "div",
        { class: "row", id: "network-players" },
        players.map((p, i) =>
          h(
            "button",
            {
              class: who === p ? "active" : "secondary",
              "aria-pressed": who === p ? "true" : "false",
              "data-network": p,
              onclick: () => {
                Object.assign(shownNetwork, { who: who === p ? null : p, fitted: null, game: G.game });
                render();
              },
            },
            swatch(i),
            p,
          ),
        ),
      ),
      h(
        "p",
        { class: "small", id: "network-words" },
        who
          ? t(
              new Intl.PluralRules(window.TW.I18N.lang).select(hexes.length) === "one"
                ? "df.network-one"
                : "df.network-other",
              {
                player: who,
                count: hexes.length,
                towns: towns.length ? window.TW.joinNames(towns) : t("df.network-no-town"),
              },
            )
          : t("df.network-hint"),
      ),
    );
  }
  // The board zoomed so that the network fills its window, then the page scrolled to show it.
  function fitNetwork() {
    const who = shownNetwork.who,
      wrap = document.getElementById("board"),
      over = wrap?.querySelector("svg.board-overlay"),
      row = document.getElementById("networks");
    const pts = networkOf(who).map(hexCentre).filter(Boolean);
    if (!wrap || !over || !row || !pts.length) return;
    shownNetwork.fitted = `${G.game?.id}|${who}`;
    const size = G.board.layout.size,
      room = { left: 28, right: 28, top: 28, bottom: 28 };
    window.TW.fitBoard(
      [
        Math.min(...pts.map((p) => p[0])) - size,
        Math.min(...pts.map((p) => p[1])) - size,
        Math.max(...pts.map((p) => p[0])) + size,
        Math.max(...pts.map((p) => p[1])) + size,
      ],
      room,
      0.3,
      4,
    );
    const head = document.querySelector("header")?.getBoundingClientRect().bottom || 0;
    window.scrollBy(0, wrap.getBoundingClientRect().top - head - 6);
    document.getElementById("network-players").dataset.fitted = who;
  }

  // ------------------------------------------------------------------ a new game

  // The new-game form: each player's start town (sea ports only where the map says so), labelled
  // with the player's name as it is typed. By default the towns lie far apart (the first town
  // of the map, then each time the town farthest from those chosen, in hexes): a default the
  // table changes, no rule.
  function hexDistance([q1, r1], [q2, r2]) {
    const dq = q1 - q2,
      dr = r1 - r2;
    return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
  }
  function spread(towns, n) {
    const chosen = towns.length ? [0] : [];
    while (chosen.length < Math.min(n, towns.length)) {
      let best = -1,
        far = -1;
      towns.forEach((tw, k) => {
        if (chosen.includes(k)) return;
        const d = Math.min(...chosen.map((c) => hexDistance(tw.hex, towns[c].hex)));
        if (d > far) {
          far = d;
          best = k;
        }
      });
      chosen.push(best);
    }
    return chosen;
  }
  function newGame(ctx) {
    const startsBox = h("div", { id: "new-starts" });
    let towns = [];
    let picked = []; // the towns chosen by hand, by player (a default otherwise)
    function label(i) {
      const name = ctx.players()[i];
      return name ? t("df.start-of-name", { player: name }) : t("df.start-of", { n: i + 1 });
    }
    function draw() {
      startsBox.replaceChildren();
      const n = ctx.players().length,
        defaults = spread(towns, n);
      ctx.players().forEach((_p, i) => {
        const chosen = picked[i] ?? defaults[i] ?? i;
        startsBox.append(
          h(
            "div",
            { class: "row" },
            h(
              "label",
              {},
              h("span", { class: "start-label" }, label(i)),
              h(
                "select",
                {
                  class: "start",
                  onchange: (ev) => {
                    picked[i] = ev.target.selectedIndex;
                  },
                },
                towns.map((tw, k) =>
                  h(
                    "option",
                    { value: JSON.stringify(tw.hex), selected: k === chosen },
                    `${tw.numbers.join("·")} ${tw.name}`,
                  ),
                ),
              ),
            ),
          ),
        );
      });
    }
    // The labels follow the names as they are typed.
    startsBox.relabel = () =>
      startsBox.querySelectorAll(".start-label").forEach((el, i) => {
        el.textContent = label(i);
      });
    forms.starts = startsBox;
    return {
      elements: [startsBox],
      playersChanged: draw,
      async mapChanged(map) {
        towns = map ? map.towns.filter((tw) => map.start !== "port" || map.ports.includes(tw.name)) : [];
        picked = [];
        draw();
      },
      complete(record) {
        record.starts = {};
        [...startsBox.querySelectorAll("select.start")].forEach((sel, i) => {
          if (record.players[i]) record.starts[record.players[i]] = JSON.parse(sel.value);
        });
        record.events = [];
        record["x-draft"] = emptyDraft();
      },
    };
  }
  const forms = { starts: null };
  document.addEventListener("input", (ev) => {
    if (ev.target.classList?.contains("player") && forms.starts?.isConnected) forms.starts.relabel();
  });

  window.TW.games.dampfross = { page: dampfross, newGame };
})();
