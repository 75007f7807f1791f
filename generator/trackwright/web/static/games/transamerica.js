// TransAmerica's page. While a round is entered: hands by tapping cities (on the board or on the
// cards, sorted by colour), start markers by tapping an intersection, track by strokes along the
// printed lines (or taps) once Draw track is chosen (until then one finger scrolls the page and
// pans the board), optionally turn by turn with the engine checking every turn; each change says
// what it did (laid 3, lifted 2, a start marker placed), with Undo in the message; what
// keeps the round from counting is listed before it is scored, with its place on the board.
// Once scored, the round is explained as `trackwright score --explain` draws it: each player's
// hand, start marker and missing tracks (listed, and drawn in the player's colour and dash), the
// running scores, the barrier and why the game ended. The engine decides everything; this page
// only shows it.
"use strict";
(() => {
  const TW = window.TW;
  const { t, joinNames, h, s, say, change, G, boardView, toolbar, playerButtons, colourOf, render, cached } =
    TW;
  // The Photo button lives in a script of its own (games/transamerica-photo.js), loaded once.
  if (!document.getElementById("ta-photo-script"))
    document.head.append(
      Object.assign(document.createElement("script"), {
        id: "ta-photo-script",
        src: new URL("games/transamerica-photo.js", document.baseURI).href,
      }),
    );
  const photo = () => TW.taPhoto || { button: () => "", panel: () => "" };

  // The rules numbers come from the default rules preset (catalogue.json).
  function preset() {
    return TW.catalogue.find((g) => g.name === "transamerica")?.preset || {};
  }
  function regions() {
    return Object.keys(G.board.layout?.regions || {});
  }
  function regionInfo(region) {
    return G.board.layout?.regions?.[region] || { colour: "#999", outline: null, label: region };
  }

  function taDraft() {
    return structuredClone(G.record["x-draft"] || { cities: {}, starts: {}, track: [] });
  }
  function taDraftOf(record) {
    record["x-draft"] ||= { cities: {}, starts: {}, track: [] };
    return record["x-draft"];
  }
  function key(a, b) {
    return a < b ? `${a}|${b}` : `${b}|${a}`;
  }
  function playerStyle(i) {
    const ps = G.board.players;
    return ps[i % ps.length];
  }
  function smallGame() {
    return G.record.players.length <= preset().dotted_out_up_to;
  }

  // ------------------------------------------------------------------ drawing

  function segment(g, a, b, attrs) {
    g.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, "pointer-events": "none", ...attrs }));
  }
  // A segment moved sideways by d (so that two players missing one space are drawn side by side).
  function offset(a, b, d) {
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1,
      nx = (-(b.y - a.y) / len) * d,
      ny = ((b.x - a.x) / len) * d;
    return [
      { x: a.x + nx, y: a.y + ny },
      { x: b.x + nx, y: b.y + ny },
    ];
  }
  // A shape's outline (points around 0,0 at radius 1) as an SVG polygon or circle.
  function shape(outline, x, y, r, attrs) {
    return outline
      ? s("polygon", {
          points: outline.map(([a, b]) => `${(x + a * r).toFixed(2)},${(y + b * r).toFixed(2)}`).join(" "),
          ...attrs,
        })
      : s("circle", { cx: x, cy: y, r: r * 0.9, ...attrs });
  }
  // A start marker: the player's colour with the player's shape on it (colour is never the only cue).
  function startMarker(g, node, i) {
    g.append(
      s("circle", {
        cx: node.x,
        cy: node.y,
        r: 4.2,
        fill: colourOf(i),
        stroke: "#000",
        "stroke-width": 0.5,
        "pointer-events": "none",
        class: "start-marker",
      }),
    );
    g.append(
      shape(playerStyle(i).outline, node.x, node.y, 2.4, {
        fill: "#fff",
        stroke: "#000",
        "stroke-width": 0.3,
        "pointer-events": "none",
      }),
    );
  }
  function handRing(g, node, i) {
    g.append(
      s("circle", {
        cx: node.x,
        cy: node.y,
        r: (G.board.layout.city_r || 4.4) + 1.2 + 1.1 * i,
        fill: "none",
        stroke: colourOf(i),
        "stroke-width": 0.9,
        "stroke-dasharray": playerStyle(i).dash,
        "pointer-events": "none",
        class: "hand-ring",
      }),
    );
  }
  function regionBadge(region, size = 16) {
    const info = regionInfo(region);
    const svg = s("svg", {
      width: size,
      height: size,
      viewBox: "-1.2 -1.2 2.4 2.4",
      class: "region-badge",
      "aria-hidden": "true",
    });
    svg.append(shape(info.outline, 0, 0, 1, { fill: info.colour, stroke: "#000", "stroke-width": 0.12 }));
    return svg;
  }
  function playerBadge(i, size = 16) {
    const svg = s("svg", {
      width: size,
      height: size,
      viewBox: "-1.2 -1.2 2.4 2.4",
      class: "player-badge",
      "aria-hidden": "true",
    });
    svg.append(
      s("circle", { cx: 0, cy: 0, r: 1.1, fill: colourOf(i), stroke: "#000", "stroke-width": 0.12 }),
    );
    svg.append(
      shape(playerStyle(i).outline, 0, 0, 0.62, { fill: "#fff", stroke: "#000", "stroke-width": 0.08 }),
    );
    return svg;
  }

  // ------------------------------------------------------------------ the page

  function transamerica() {
    const map = G.board.map;
    const nodes = Object.fromEntries(map.nodes.map((n) => [n.id, n]));
    const last = G.score.rounds.length ? G.score.rounds[G.score.rounds.length - 1] : null;
    const showing = G.record["x-draft"] === undefined && last;
    const title = h("h1", {}, `TransAmerica · ${map.name}`);

    if (!showing) leaveExplained();
    return showing ? scoredPage(map, nodes, last, title) : entryPage(map, nodes, title);
  }

  // ------------------------------------------------------------------ a round being entered

  function entryPage(map, nodes, title) {
    const draft = taDraft();
    const players = G.record.players;
    const placed = new Set(draft.track.map(([a, b]) => key(a, b)));
    const turnMode = Array.isArray(draft.turns);
    // No mode at first: the board is looked at, one finger scrolls the page and pans the board.
    const mode = G.mode || null;
    const L = latticeOf(map);
    const problems = currentProblems();
    const cityNode = Object.fromEntries(map.cities.map((c) => [c.name, c.node]));
    const board = boardView(
      (g) => {
        for (const e of map.edges)
          if (placed.has(key(e.a, e.b)))
            segment(g, nodes[e.a], nodes[e.b], { stroke: "#5a3a1e", "stroke-width": 2.6 });
        // Hands dealt by the phones stay hidden on this one until the round is scored.
        if (!draft.deal)
          players.forEach((p, i) => {
            (draft.cities[p] || []).forEach((c) => {
              if (nodes[cityNode[c]]) handRing(g, nodes[cityNode[c]], i);
            });
          });
        for (const p of problems) {
          for (const [x, y] of p.edges || [])
            segment(g, nodes[x], nodes[y], {
              stroke: "#d00",
              "stroke-width": 3.2,
              "stroke-dasharray": "2 1.5",
              class: "stray",
              "data-edge": key(x, y),
            });
          for (const n of problemNodes(p, cityNode))
            if (nodes[n])
              g.append(
                s("circle", {
                  cx: nodes[n].x,
                  cy: nodes[n].y,
                  r: 7.5,
                  fill: "none",
                  stroke: "#d00",
                  "stroke-width": 1.2,
                  "stroke-dasharray": "1.5 1",
                  "pointer-events": "none",
                  class: "problem-place",
                }),
              );
        }
        players.forEach((p, i) => {
          const n = nodes[draft.starts[p]];
          if (n) startMarker(g, n, i);
        });
      },
      {
        key: `entry|${mode}`,
        stroke: strokeTrack,
        drawing: { on: mode === "track", set: (on) => setMode(on ? "track" : null) },
        // How far apart the targets lie (intersections; the track spaces' middles off the next
        // line), for the shell to keep each a fingertip wide; what a tap on nothing says.
        spacing: !mode ? 0 : mode === "track" ? L.step * Math.sin(Math.PI / 3) : L.step,
        miss: () => say(t(`ta.miss-${mode || "look"}`, { player: players[G.player] })),
        draw: (g) => {
          if (mode === "start") {
            for (const n of map.nodes)
              g.append(
                s("circle", {
                  cx: n.x,
                  cy: n.y,
                  r: 6,
                  fill: "rgba(0,0,0,0.08)",
                  class: "node",
                  "data-node": n.id,
                  onclick: () => setStart(n.id),
                }),
              );
          } else if (mode === "cards") {
            for (const c of map.cities) {
              const n = nodes[c.node];
              g.append(
                s("circle", {
                  cx: n.x,
                  cy: n.y,
                  r: 8,
                  fill: "rgba(0,0,0,0.06)",
                  class: "city-target",
                  "data-city-node": c.name,
                  onclick: () => tapCity(c.name),
                }),
              );
            }
          } else if (mode === "track") {
            for (const e of map.edges) {
              const a = nodes[e.a],
                b = nodes[e.b];
              g.append(
                s("line", {
                  x1: a.x,
                  y1: a.y,
                  x2: b.x,
                  y2: b.y,
                  stroke: "transparent",
                  "stroke-width": 9,
                  class: "edge",
                  "data-edge": key(e.a, e.b),
                  onclick: () => toggleTrack(e.a, e.b),
                }),
              );
            }
          }
        },
      },
    );
    // Each mode is chosen by its button; Draw track, like the switch on the board, is also left by
    // it (pressed again: back to looking, one finger scrolling).
    const modeButton = (name, label) =>
      h(
        "button",
        {
          class: mode === name ? "active" : "secondary",
          "aria-pressed": mode === name ? "true" : "false",
          onclick: () => setMode(name === "track" && mode === "track" ? null : name),
          id: `mode-${name}`,
        },
        label,
      );
    const actions = [
      // In the order a round is entered (the rules': hands dealt, start markers, then track);
      // no Cards when the phones dealt the hands (this phone keeps them hidden).
      draft.deal ? "" : modeButton("cards", t("ta.mode-cards")),
      modeButton("start", t("ta.mode-start")),
      modeButton("track", t("ta.mode-track")),
      photo().button(),
    ];
    const round = G.score.rounds.length + 1;
    const hint = h(
      "p",
      { class: "small", id: "hint" },
      // Without a mode: what to choose, Cards not named when the phones dealt the hands.
      t(`ta.hint-${mode || (draft.deal ? "look-dealt" : "look")}`, { player: players[G.player] }),
    );
    const before = problems.length
      ? h(
          "div",
          { class: "card problems", id: "problems" },
          h("h2", {}, t("ta.before-scoring")),
          problems.map((p) =>
            h(
              "p",
              { class: "small", "data-problem": p.kind },
              problemText(p),
              p.kind === "stray" ? [...joinButtons(p, draft), liftButton(p)] : "",
            ),
          ),
        )
      : "";
    if (draftKeyNow() !== checked.key) setTimeout(checkDraft, 0);
    // On a phone the board comes right after the buttons and the hint (what one finger does now, in
    // view with the board); what is read once (the choice of turn by turn) comes after it.
    // With the cards chosen, the cards come first (no scrolling between taps), then the board.
    const handsKey = JSON.stringify([draft.cities, draft.starts, players, G.player, I18Nlang()]);
    return [
      title,
      h(
        "p",
        { class: "small round-line" },
        t("ta.round-entry", { round, placed: draft.track.length, tracks: preset().tracks }),
      ),
      playerButtons(),
      dealCard(draft),
      toolbar(actions),
      turnMode ? turnPanel(draft, true) : "",
      mode === "cards" ? cached("ta-cards", handsKey, () => cardGrid(map, draft)) : "",
      photo().panel(),
      hint,
      board,
      turnMode ? "" : turnPanel(draft, false),
      before,
      h(
        "div",
        { class: "row" },
        h("button", { id: "score-round", onclick: scoreRound }, t("ta.score-round")),
      ),
      cached("ta-hands", handsKey, () => handSummary(draft)),
      cached("ta-scores", G.scoredKey + I18Nlang(), taScores),
    ];
  }
  // A mode that takes taps or strokes on the board brings the board into view (under the page's
  // header) when it is not: the player's next gesture is on it, not a scroll to find it.
  // Start markers are tapped on intersections: the board is zoomed out as far as keeps them a
  // fingertip apart (fewer pans to reach the next marker), never further.
  function setMode(mode) {
    G.mode = mode;
    if (mode === "start") {
      const fit = (2 * TW.REACH + 4) / (2 * latticeOf(G.board.map).step);
      if (G.zoom > fit * 1.05) TW.zoomAt(fit);
    }
    render();
    const board = document.getElementById("board");
    if (!mode || mode === "cards" || !board) return;
    const top = board.getBoundingClientRect().top,
      header = document.querySelector("header")?.getBoundingClientRect().bottom || 0;
    if (top < header || top > window.innerHeight / 2) window.scrollBy(0, top - header - 4);
  }
  function I18Nlang() {
    return TW.I18N.lang;
  }

  // The cards: every city by colour, as on the printed cards. A tap gives the city to the chosen
  // player (in place of their city of that colour); a city another player holds is greyed out;
  // the dotted cards are out with few players. A hand of five moves on to the next player.
  function cardGrid(map, draft) {
    const players = G.record.players,
      me = players[G.player];
    const holder = {};
    for (const p of players) for (const c of draft.cities[p] || []) holder[c] = p;
    const rows = regions().map((region) =>
      h(
        "div",
        { class: "region-row", "data-region": region },
        h(
          "div",
          { class: "region-name", title: regionInfo(region).label },
          regionBadge(region, 20),
          h("span", { class: "label" }, regionInfo(region).label),
        ),
        h(
          "div",
          { class: "city-grid" },
          map.cities
            .filter((c) => c.region === region && !(c.dotted && smallGame()))
            .map((c) => {
              const who = holder[c.name];
              const mine = who === me,
                other = who && !mine;
              return h(
                "button",
                {
                  class: `city${mine ? " own" : ""}${other ? " dealt" : ""}`,
                  "data-city": c.name,
                  disabled: other,
                  style: mine
                    ? `border-color:${colourOf(G.player)};box-shadow:inset 0 0 0 3px ${colourOf(G.player)}`
                    : "",
                  title: other ? t("ta.held-by", { player: who }) : "",
                  onclick: () => tapCity(c.name),
                },
                other ? playerBadge(players.indexOf(who), 12) : "",
                c.name,
              );
            }),
        ),
      ),
    );
    return h(
      "div",
      { class: "card hands", id: "cards" },
      h("h2", {}, playerBadge(G.player, 20), t("ta.cards-of", { player: me })),
      h("div", { class: "cards" }, rows),
    );
  }
  // Each player's cards and start marker so far.
  function handSummary(draft) {
    const players = G.record.players;
    return h(
      "div",
      { class: "card", id: "hands" },
      h("h2", {}, t("ta.hands")),
      players.map((p, i) =>
        h(
          "div",
          { class: "row hand-summary", "data-hand": p },
          h(
            "button",
            {
              class: `secondary${i === G.player ? " active" : ""}`,
              onclick: () => {
                G.player = i;
                G.mode = "cards";
                render();
              },
            },
            playerBadge(i),
            p,
          ),
          h("span", { class: "small", "data-start": p }, t("ta.start-at", { node: draft.starts[p] || "–" })),
          h(
            "span",
            { class: "small" },
            draft.deal
              ? t("ta.hand-hidden")
              : `${(draft.cities[p] || []).length}/${regions().length}: ${(draft.cities[p] || []).join(", ")}`,
          ),
        ),
      ),
    );
  }

  // ------------------------------------------------------------------ cards dealt by the phones

  // One tap deals the round's hands (the engine's `deal`, seeded by a code); each player scans
  // the code's QR with their own phone and sees their own five cities there (handPage), while
  // this phone keeps the hands hidden until the round is scored. No laptop and no network between
  // the phones: each deals the same hands from the same code.
  const CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no I/1 or O/0 to misread
  function newCode() {
    const bytes = crypto.getRandomValues(new Uint8Array(6));
    return Array.from(bytes, (b) => CODE_LETTERS[b % CODE_LETTERS.length]).join("");
  }
  // The engine deals outside the page's queue: the button is disabled meanwhile (a second tap
  // dealt again), and the hands go to the game they were dealt for, if it is still open.
  let dealing = false;
  async function dealOnPhones() {
    if (dealing) return;
    const game = G.game;
    let dealt;
    dealing = true;
    render();
    try {
      // TW.nextDealCode: a code given by a test or a benchmark (the same deal every run).
      const code = TW.nextDealCode || newCode();
      TW.nextDealCode = null;
      dealt = await TW.engine.ask("deal", G.record, { code });
    } catch (e) {
      if (G.game === game) say(e.message);
    } finally {
      dealing = false;
    }
    if (!dealt || G.game !== game) {
      render(); // the button enabled again
      return;
    }
    G.dealShown = null;
    return change(
      (record) => {
        if (G.game !== game) return false;
        const draft = taDraftOf(record);
        draft.cities = dealt.cities;
        draft.deal = dealt.code;
      },
      t("ta.dealt", { code: dealt.code }),
    );
  }
  function undeal() {
    G.dealShown = null;
    return change((record) => {
      const draft = taDraftOf(record);
      delete draft.deal;
      draft.cities = {};
    }, t("ta.undealt"));
  }
  // The link a player's phone opens: the deal's code, the map and the players (no stored game).
  function handLink(code) {
    const parts = [code, String(G.record.map), ...G.record.players].map(encodeURIComponent);
    return `${location.href.split("#")[0]}#/hand/transamerica/${parts.join("/")}`;
  }
  // The QR code is drawn by a small library of its own (vendor/qrcode.js), loaded when first needed.
  function qrSvg(text) {
    if (!window.qrcode) {
      if (!document.getElementById("qr-script"))
        document.head.append(
          Object.assign(document.createElement("script"), {
            id: "qr-script",
            src: new URL("vendor/qrcode.js", document.baseURI).href,
            onload: () => render(),
          }),
        );
      return h("p", { class: "small" }, "…");
    }
    const qr = window.qrcode(0, "M");
    qr.addData(text);
    qr.make();
    const holder = h("div", { class: "qr deal-qr", id: "deal-qr" });
    holder.innerHTML = qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true });
    return holder;
  }
  function dealCard(draft) {
    const anyCards = Object.values(draft.cities || {}).some((hand) => hand.length);
    if (!draft.deal)
      return anyCards
        ? ""
        : h(
            "div",
            { class: "card", id: "deal-card" },
            h("p", { class: "small" }, t("ta.deal-why")),
            h("button", { id: "deal", disabled: dealing, onclick: dealOnPhones }, t("ta.deal")),
          );
    // Open until the round's first marker or track (everyone has their hand by then), then one line.
    const open = G.dealShown ?? !(draft.track.length || Object.keys(draft.starts).length);
    const link = handLink(draft.deal);
    return h(
      "div",
      { class: "card", id: "dealt" },
      h(
        "p",
        { class: "small" },
        h("b", {}, t("ta.dealt-code", { code: draft.deal })),
        " ",
        h(
          "button",
          {
            class: "secondary",
            id: "deal-toggle",
            onclick: () => {
              G.dealShown = !open;
              render();
            },
          },
          t(open ? "ta.deal-hide" : "ta.deal-show"),
        ),
      ),
      open
        ? [
            h("p", { class: "small" }, t("ta.dealt-how")),
            qrSvg(link),
            h("p", { class: "small link" }, h("a", { href: link, id: "deal-link" }, link)),
            h("button", { class: "secondary", id: "undeal", onclick: undeal }, t("ta.undeal")),
          ]
        : "",
    );
  }

  // A player's own phone, opened by the deal's QR code or link: their five cities and where they
  // lie, dealt by this phone's engine from the code, and nobody else's (the page says whose).
  function handParts(rest) {
    const [code, mapRef, ...names] = rest.split("/").map((x) => {
      try {
        return decodeURIComponent(x);
      } catch {
        return "";
      }
    });
    const players = names.filter(Boolean);
    return { code, mapRef, players };
  }
  async function handPage(main, rest) {
    const { code, mapRef, players } = handParts(rest);
    const entry = mapRef ? TW.entryOf({ game: "transamerica", map: mapRef }) : null;
    if (!code || !entry || players.length < 2) {
      main.replaceChildren(
        h("p", { class: "msg" }, t("ta.hand-bad-link")),
        h("a", { href: "#/" }, t("games")),
      );
      return;
    }
    main.replaceChildren(h("p", { id: "hand-wait" }, t("ta.hand-dealing")));
    const map = mapRef.startsWith("sha256:") ? await TW.mapData(entry) : mapRef;
    let dealt, board;
    try {
      [dealt, board] = await Promise.all([
        TW.engine.ask("deal", { game: "transamerica", map, players, rounds: [] }, { code }),
        TW.boardOf(entry, TW.I18N.lang).catch(() => null),
      ]);
      if (board) board.map = await TW.mapData(entry);
    } catch (e) {
      main.replaceChildren(h("p", { class: "msg" }, e.message));
      return;
    }
    const state = { code: dealt.code, players, cities: dealt.cities, board, entry };
    showHand(main, state, sessionStorage.getItem(`tw-hand-${dealt.code}`));
  }
  function showHand(main, state, who) {
    const pick = (p) => {
      if (p) sessionStorage.setItem(`tw-hand-${state.code}`, p);
      else sessionStorage.removeItem(`tw-hand-${state.code}`);
      showHand(main, state, p);
    };
    if (!who || !state.players.includes(who)) {
      main.replaceChildren(
        h("h1", {}, t("ta.hand-who")),
        h("p", { class: "small" }, t("ta.hand-only-yours")),
        h(
          "div",
          { class: "row hand-players", id: "hand-players" },
          state.players.map((p) => h("button", { "data-player": p, onclick: () => pick(p) }, p)),
        ),
      );
      return;
    }
    const board = state.board;
    const hand = state.cities[who] || [];
    const cities = board ? Object.fromEntries(board.map.cities.map((c) => [c.name, c])) : {};
    main.replaceChildren(
      h("h1", {}, t("ta.cards-of", { player: who })),
      h("p", { class: "small" }, t("ta.hand-code", { code: state.code })),
      h(
        "div",
        { class: "hand-cards", id: "my-hand" },
        hand.map((c) => {
          const info = board?.layout?.regions?.[cities[c]?.region];
          return h(
            "div",
            { class: "hand-card", "data-city": c, style: info ? `border-color:${info.colour}` : "" },
            h("b", {}, c),
            info ? h("span", { class: "small" }, info.label) : "",
          );
        }),
      ),
      board ? handBoard(board, hand) : "",
      h("button", { class: "secondary", id: "hand-hide", onclick: () => pick(null) }, t("ta.hand-hide")),
    );
  }
  // The printed board, fitted to the screen, with the player's cities ringed.
  function handBoard(board, hand) {
    const holder = h("div", { class: "hand-board", id: "hand-board" });
    holder.innerHTML = board.svg.replace(/^<\?xml[^>]*>/, "");
    const svg = holder.querySelector("svg");
    svg.setAttribute("width", "100%");
    svg.removeAttribute("height");
    const nodes = Object.fromEntries(board.map.nodes.map((n) => [n.id, n]));
    const g = s("g", { class: "hand-rings" });
    for (const c of board.map.cities)
      if (hand.includes(c.name) && nodes[c.node])
        g.append(
          s("circle", {
            cx: nodes[c.node].x,
            cy: nodes[c.node].y,
            r: board.width / 45,
            fill: "none",
            stroke: "#000",
            "stroke-width": board.width / 250,
            class: "hand-ring",
          }),
        );
    svg.append(g);
    return holder;
  }

  function nextWithout(record, what) {
    const players = record.players,
      draft = taDraftOf(record);
    for (let k = 1; k <= players.length; k++) {
      const i = (G.player + k) % players.length;
      if (
        what === "hand"
          ? (draft.cities[players[i]] || []).length < regions().length
          : !draft.starts[players[i]]
      )
        return i;
    }
    return G.player;
  }
  function tapCity(name) {
    const city = G.board.map.cities.find((c) => c.name === name);
    const player = G.record.players[G.player];
    const regionOf = Object.fromEntries(G.board.map.cities.map((c) => [c.name, c.region]));
    let said = "";
    return change(
      (record) => {
        const draft = taDraftOf(record);
        const held = Object.entries(draft.cities).find(([p, hand]) => p !== player && hand.includes(name));
        if (held) {
          say(t("ta.held-by", { player: held[0] }));
          return false;
        }
        let hand = draft.cities[player] || [];
        said = t(hand.includes(name) ? "ta.city-removed" : "ta.city-added", { player, city: name });
        if (hand.includes(name)) hand = hand.filter((c) => c !== name);
        else hand = [...hand.filter((c) => regionOf[c] !== city.region), name];
        hand.sort((x, y) => regions().indexOf(regionOf[x]) - regions().indexOf(regionOf[y]));
        draft.cities[player] = hand;
        if (hand.length === regions().length) G.player = nextWithout(record, "hand");
      },
      () => said,
    );
  }
  function setStart(node) {
    const player = G.record.players[G.player];
    return change(
      (record) => {
        taDraftOf(record).starts[player] = node;
        G.player = nextWithout(record, "start");
      },
      t("ta.start-set", { player, node }),
    );
  }

  // ------------------------------------------------------------------ track: strokes, taps, turns

  function turnPanel(draft, turnMode) {
    if (!turnMode) {
      return draft.track.length
        ? ""
        : h(
            "div",
            { class: "row" },
            h(
              "button",
              {
                class: "secondary",
                id: "turn-mode",
                onclick: () =>
                  change((r) => {
                    taDraftOf(r).turns = [];
                  }),
              },
              t("ta.turn-mode"),
            ),
          );
    }
    const st = turnInfo.key === draftKeyNow() ? turnInfo.state : null;
    if (turnInfo.key !== draftKeyNow()) setTimeout(checkTurns, 0);
    const turns = draft.turns.filter((x) => x.track.length);
    const text = !st
      ? t("ta.turn-checking")
      : st.ended
        ? t("ta.turns-ended", { count: turns.length })
        : t("ta.turn-now", {
            turn:
              turns.length +
              (draft.turns.length &&
              draft.turns[draft.turns.length - 1].track.length &&
              st.due === draft.turns[draft.turns.length - 1].player
                ? 0
                : 1),
            player: st.due || "–",
          });
    return h(
      "div",
      { class: "card turn", id: "turn-panel" },
      h("p", {}, h("b", { id: "turn-due" }, text)),
      st?.problem && st.problem.code === "turn" ? h("p", { class: "msg" }, problemText(st.problem)) : "",
      h(
        "div",
        { class: "row" },
        h(
          "button",
          {
            id: "end-turn",
            onclick: endTurn,
            disabled: !draft.turns.length || !draft.turns[draft.turns.length - 1].track.length,
          },
          t("ta.end-turn"),
        ),
        draft.track.length
          ? ""
          : h(
              "button",
              {
                class: "secondary",
                id: "turn-mode-off",
                onclick: () =>
                  change((r) => {
                    delete taDraftOf(r).turns;
                  }),
              },
              t("ta.turn-mode-off"),
            ),
      ),
    );
  }
  const turnInfo = { key: null, state: null };
  async function checkTurns() {
    const k = draftKeyNow();
    if (turnInfo.key === k || !G.record["x-draft"] || !G.record["x-draft"].turns) return;
    try {
      turnInfo.state = await TW.engine.ask("turn_state", JSON.parse(JSON.stringify(G.record)));
    } catch (e) {
      turnInfo.state = { problem: { code: "record", message: e.message, edges: [] } };
    }
    turnInfo.key = k;
    if (draftKeyNow() === k) render();
  }
  function endTurn() {
    return change((record) => {
      const turns = taDraftOf(record).turns;
      if (!turns?.length || !turns[turns.length - 1].track.length) return false;
      turns.push({ player: "", track: [] });
    });
  }
  // Track laid turn by turn: the engine says whose turn it is and refuses a track that breaks the
  // rules of placement (the change is then not kept, and the reason is said).
  async function addTurnTrack(edges, said) {
    await G.queue;
    const before = JSON.stringify(G.record["x-draft"]);
    const draft = taDraft();
    const ask = (d) => TW.engine.ask("turn_state", { ...JSON.parse(JSON.stringify(G.record)), "x-draft": d });
    const now = await ask(draft);
    if (now.problem && now.problem.code !== "turn") {
      say(problemText(now.problem));
      return;
    }
    if (now.ended) {
      say(t("ta.turns-ended", { count: draft.turns.filter((x) => x.track.length).length }));
      return;
    }
    const turns = draft.turns,
      lastTurn = turns[turns.length - 1];
    if (lastTurn?.track.length && lastTurn.player === now.due && now.can_add) lastTurn.track.push(...edges);
    else if (lastTurn && !lastTurn.track.length) turns[turns.length - 1] = { player: now.due, track: edges };
    else turns.push({ player: now.due, track: edges });
    draft.track = turns.flatMap((x) => x.track);
    const after = await ask(draft);
    if (after.problem) {
      say(problemText(after.problem));
      render();
      return;
    }
    return change((record) => {
      if (JSON.stringify(record["x-draft"]) !== before) return false;
      record["x-draft"] = draft;
    }, said);
  }
  function liftTurnTrack(edges, said) {
    const lifted = new Set(edges.map(([a, b]) => key(a, b)));
    return change((record) => {
      const draft = taDraftOf(record),
        turns = draft.turns,
        lastTurn = turns[turns.length - 1];
      if (!lastTurn || !edges.every(([a, b]) => lastTurn.track.some(([x, y]) => key(x, y) === key(a, b)))) {
        say(t("ta.lift-only-this-turn"));
        return false;
      }
      lastTurn.track = lastTurn.track.filter(([x, y]) => !lifted.has(key(x, y)));
      if (!lastTurn.track.length) turns.pop();
      draft.track = turns.flatMap((x) => x.track);
    }, said);
  }

  // A stroke along the printed lines: the intersections it passes near, joined by the track spaces
  // between them (one skipped intersection is bridged), as one change: laid where missing, or all
  // lifted when every one was already laid. Snapping is to within 0.4 of a track space (nearer to
  // an intersection than to any line but its own).
  const lattice = { map: null };
  function latticeOf(map) {
    if (lattice.map === map) return lattice;
    const nodes = Object.fromEntries(map.nodes.map((n) => [n.id, n]));
    const adj = {};
    for (const e of map.edges) {
      adj[e.a] ||= new Set();
      adj[e.b] ||= new Set();
      adj[e.a].add(e.b);
      adj[e.b].add(e.a);
    }
    const lengths = map.edges
      .map((e) => Math.hypot(nodes[e.a].x - nodes[e.b].x, nodes[e.a].y - nodes[e.b].y))
      .sort((x, y) => x - y);
    const step = lengths[Math.floor(lengths.length / 2)];
    const cell = step,
      grid = new Map();
    for (const n of map.nodes) {
      const k = `${Math.floor(n.x / cell)},${Math.floor(n.y / cell)}`;
      if (!grid.has(k)) grid.set(k, []);
      grid.get(k).push(n);
    }
    return Object.assign(lattice, { map, nodes, adj, step, cell, grid });
  }
  function nearestNode(L, x, y, radius) {
    let best = null,
      bestD = radius;
    const gx = Math.floor(x / L.cell),
      gy = Math.floor(y / L.cell);
    for (let i = -1; i <= 1; i++)
      for (let j = -1; j <= 1; j++)
        for (const n of L.grid.get(`${gx + i},${gy + j}`) || []) {
          const d = Math.hypot(n.x - x, n.y - y);
          if (d < bestD) {
            bestD = d;
            best = n;
          }
        }
    return best;
  }
  function strokeEdges(map, points) {
    const L = latticeOf(map);
    const dense = [];
    for (let i = 0; i < points.length; i++) {
      if (i === 0) {
        dense.push(points[0]);
        continue;
      }
      const [x0, y0] = points[i - 1],
        [x1, y1] = points[i];
      const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / (L.step / 6)));
      for (let k = 1; k <= n; k++) dense.push([x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n]);
    }
    const seq = [],
      at = [];
    dense.forEach(([x, y], i) => {
      const n = nearestNode(L, x, y, L.step * 0.4);
      if (n && seq[seq.length - 1] !== n.id) {
        seq.push(n.id);
        at.push(i);
      }
    });
    const edges = [];
    for (let i = 1; i < seq.length; i++) {
      const a = seq[i - 1],
        b = seq[i];
      if (L.adj[a]?.has(b)) {
        edges.push([a, b]);
        continue;
      }
      // One intersection skipped: the one between them that the finger passed nearest.
      const between = dense.slice(at[i - 1], at[i] + 1);
      const miss = (w) =>
        Math.min(...between.map(([x, y]) => Math.hypot(L.nodes[w].x - x, L.nodes[w].y - y)));
      const via = [...(L.adj[a] || [])].filter((w) => L.adj[b]?.has(w)).sort((u, v) => miss(u) - miss(v))[0];
      if (via) edges.push([a, via], [via, b]);
    }
    const seen = new Set();
    return edges.filter(([a, b]) => {
      const k = key(a, b);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }
  // What a stroke did is said ("laid 3", "lifted 2"), with Undo at hand; a stroke along no line
  // says so too. Whether the track may be laid stays the engine's to say.
  function layOrLift(edges) {
    if (!edges.length) {
      say(t("ta.miss-track"));
      return;
    }
    const draft = G.record["x-draft"] || { track: [] };
    const placed = new Set(draft.track.map(([x, y]) => key(x, y)));
    const lift = edges.every(([a, b]) => placed.has(key(a, b)));
    const fresh = edges.filter(([a, b]) => !placed.has(key(a, b)));
    const said = lift ? t("ta.lifted", { count: edges.length }) : t("ta.laid", { count: fresh.length });
    if (Array.isArray(draft.turns)) return lift ? liftTurnTrack(edges, said) : addTurnTrack(fresh, said);
    return change((record) => {
      const d = taDraftOf(record);
      if (lift) {
        const lifted = new Set(edges.map(([a, b]) => key(a, b)));
        d.track = d.track.filter(([x, y]) => !lifted.has(key(x, y)));
      } else d.track.push(...fresh);
    }, said);
  }
  function strokeTrack(points) {
    return layOrLift(strokeEdges(G.board.map, points));
  }
  function toggleTrack(a, b) {
    return layOrLift([[a, b]]);
  }
  TW.strokeEdges = strokeEdges;

  // ------------------------------------------------------------------ what keeps the round from counting

  // The engine's draft_problems, asked after each redraw and shown when they come back.
  const checked = { key: null, list: [] };
  function draftKeyNow() {
    return JSON.stringify([G.id, G.record["x-draft"] || null]);
  }
  function currentProblems() {
    return checked.key === draftKeyNow() ? checked.list : [];
  }
  async function checkDraft() {
    const k = draftKeyNow();
    if (checked.key === k || !G.record["x-draft"]) return;
    try {
      checked.list = await TW.engine.draftProblems(JSON.parse(JSON.stringify(G.record)));
    } catch (e) {
      checked.list = [{ kind: "record", code: "record", message: e.message, nodes: [], edges: [] }];
    }
    checked.key = k;
    if (draftKeyNow() === k) render();
  }
  // Track joined to no start marker (a photo's stray read, a slip of the finger) lifted in one tap.
  function liftButton(p) {
    const gone = new Set((p.edges || []).map(([a, b]) => key(a, b)));
    const keep = (track) => track.filter(([a, b]) => !gone.has(key(a, b)));
    return h(
      "button",
      {
        class: "secondary lift-stray",
        "data-lift": [...gone].join(" "),
        onclick: () =>
          change(
            (record) => {
              const draft = taDraftOf(record);
              draft.track = keep(draft.track);
              if (Array.isArray(draft.turns)) for (const turn of draft.turns) turn.track = keep(turn.track);
            },
            t("ta.lifted", { count: gone.size }),
          ),
      },
      t("ta.lift-stray", { count: gone.size }),
    );
  }
  // Or joined in one tap: the engine names the fewest empty spaces that would join the stray
  // network to one with a start marker (the space a photo missed between real tracks). Not
  // offered turn by turn, where a track belongs to a turn the page cannot guess.
  function joinButtons(p, draft) {
    if (Array.isArray(draft.turns)) return [];
    return (p.joins || []).map((join) =>
      h(
        "button",
        {
          class: "secondary join-stray",
          "data-join-track": join.map(([a, b]) => key(a, b)).join(" "),
          onclick: () =>
            change(
              (record) => {
                const d = taDraftOf(record);
                const placed = new Set(d.track.map(([a, b]) => key(a, b)));
                d.track.push(...join.filter(([a, b]) => !placed.has(key(a, b))));
              },
              t("ta.laid", { count: join.length }),
            ),
        },
        t("ta.join-stray", { spaces: join.map(([a, b]) => `${a}-${b}`).join(", ") }),
      ),
    );
  }
  function problemNodes(p, cityNode) {
    const city = p.params?.city;
    if (p.kind === "hand") return city && cityNode[city] ? [cityNode[city]] : [];
    return p.kind === "stray" ? [] : p.nodes || [];
  }
  // The engine's reasons for refusing a turn's track, said in the page's language.
  const REASONS = [
    "ended",
    "out-of-turn",
    "empty",
    "no-space",
    "double",
    "too-many",
    "ended-before",
    "has-track",
    "not-touching",
    "blocked",
    "all-placed",
  ];
  function problemText(p) {
    const d = p.params || {};
    switch (p.code) {
      case "unknown-city":
        return t("ta.problem-unknown-city", d);
      case "dealt-twice":
        return t("ta.problem-dealt-twice", d);
      case "dotted":
        return t("ta.problem-dotted", d);
      case "colours":
        return d.missing?.length
          ? t("ta.problem-colours", {
              player: d.player,
              regions: joinNames(d.missing.map((r) => regionInfo(r).label)),
            })
          : t("ta.problem-colours-twice", {
              player: d.player,
              regions: joinNames((d.twice || []).map((r) => regionInfo(r).label)),
            });
      case "start":
        return t("ta.problem-start", d);
      case "stray":
        return t("ta.problem-stray", d);
      case "not-ended":
        return t("ta.problem-not-ended", d);
      case "turn":
        return t("ta.problem-turn", {
          turn: d.turn,
          player: d.player,
          message:
            p.reason && REASONS.includes(p.reason)
              ? t(`ta.why-${p.reason}`, p.reason_params || {})
              : p.message,
        });
      default:
        return p.message;
    }
  }

  function scoreRound() {
    explained.scroll = true; // the answer is the explanation: its players and board brought into view
    return change((record) => {
      const draft = taDraftOf(record);
      const round = { cities: draft.cities, starts: draft.starts, track: draft.track };
      if (Array.isArray(draft.turns))
        round.turns = draft.turns
          .filter((x) => x.track.length)
          .map((x) => ({ player: x.player, track: x.track }));
      record.rounds = [...record.rounds, round];
      delete record["x-draft"];
    }, t("ta.round-scored"));
  }
  function nextRound() {
    G.dealShown = null;
    G.player = G.score.rounds.length % G.record.players.length; // the next round's first player
    return change((record) => {
      record["x-draft"] = { cities: {}, starts: {}, track: [] };
    });
  }

  // ------------------------------------------------------------------ a scored round, explained

  function scoredPage(map, nodes, last, title) {
    const shown = G.record.rounds[G.record.rounds.length - 1];
    const who = explainFor(last);
    explained.draw = (g) => explainBoard(g, map, nodes, last, shown, who);
    const board = boardView(explained.draw, null);
    if (explained.fitted !== fitKey(who)) requestAnimationFrame(() => fitExplained(map, nodes, last, shown));
    return [
      title,
      toolbar([
        h(
          "button",
          { id: "next-round", onclick: nextRound, disabled: G.score.game_over },
          t("ta.next-round"),
        ),
      ]),
      explainButtons(who),
      board,
      cached("ta-explained", `${G.scoredKey}|${who}|${I18Nlang()}`, () =>
        explainWords(map, last, shown, who),
      ),
      cached("ta-evidence", G.scoredKey + I18Nlang(), () => evidenceCard(map, last, shown)),
      cached("ta-scores", G.scoredKey + I18Nlang(), taScores),
    ];
  }

  // ------------------------------------------------------------------ the explanation, player by player

  // Whose missing tracks the board shows ("" for everyone's), which of their legs (null: all),
  // and the view last fitted to: a tap on a player (or on a leg in the words) pans and zooms the
  // board onto it, once; the fingers and the zoom buttons then move it as they like.
  const explained = { round: null, who: "", leg: null, fitted: null, scroll: false, zoom: null };
  const LABEL_PX = 12; // the names the page writes on the board, in CSS px whatever the zoom
  const MISSING_PX = 4; // the thinnest missing track on the screen, in CSS px whatever the zoom
  function explainFor(last) {
    const round = `${G.id}|${last.round}`;
    if (explained.round !== round)
      Object.assign(explained, { round, who: "", leg: null, fitted: null, scroll: true });
    return G.record.players.includes(explained.who) ? explained.who : "";
  }
  // Back to entering a round (the next one, or this one undone): the zoom the board had before.
  function leaveExplained() {
    if (explained.zoom !== null) G.zoom = explained.zoom;
    Object.assign(explained, { round: null, fitted: null, zoom: null });
  }
  function fitKey(who) {
    return `${explained.round}|${who}|${who ? explained.leg : null}`;
  }
  function showExplained(who, leg = null) {
    Object.assign(explained, { who, leg, fitted: null, scroll: true });
    render();
  }
  function explainButtons(who) {
    const button = (name, badge, label) =>
      h(
        "button",
        {
          class: who === name ? "active" : "secondary",
          "aria-pressed": who === name ? "true" : "false",
          "data-explain": name,
          onclick: () => showExplained(name),
        },
        badge,
        label,
      );
    return h(
      "div",
      { class: "row", id: "explain-players" },
      button("", "", t("ta.explain-all")),
      G.record.players.map((p, i) => button(p, playerBadge(i, 18), p)),
    );
  }

  function explainBoard(g, map, nodes, last, shown, who) {
    explained.drawnAt = G.zoom; // the widths below are CSS px at this zoom
    const players = G.record.players;
    const cityNode = Object.fromEntries(map.cities.map((c) => [c.name, c.node]));
    for (const [a, b] of shown.track || shown.turns.flatMap((x) => x.track))
      segment(g, nodes[a], nodes[b], { stroke: "#5a3a1e", "stroke-width": 2.4 });
    const them = who ? [who] : players;
    missingLines(g, nodes, last, them);
    them.forEach((p) => {
      const i = players.indexOf(p);
      for (const c of shown.cities[p] || [])
        if (nodes[cityNode[c]]) (who ? boldRing : handRing)(g, nodes[cityNode[c]], i);
    });
    const starts = last.markers || shown.starts;
    players.forEach((p, i) => {
      if (nodes[starts[p]]) startMarker(g, nodes[starts[p]], i);
    });
    g.append(boardLabels(map, nodes, last, shown, them));
  }
  // A player's city, ringed boldly in the player's colour and dash (one player shown).
  function boldRing(g, node, i) {
    g.append(
      s("circle", {
        cx: node.x,
        cy: node.y,
        r: Math.max((G.board.layout.city_r || 4.4) + 2.2, 9 / unitPx()),
        fill: "none",
        stroke: colourOf(i),
        "stroke-width": Math.max(1.8, 3 / unitPx()),
        "stroke-dasharray": scaledDash(i, Math.max(1.8, 3 / unitPx())),
        "pointer-events": "none",
        class: "hand-ring",
      }),
    );
  }
  function scaledDash(i, width) {
    const dash = playerStyle(i).dash;
    return !dash || dash === "none"
      ? "none"
      : dash
          .split(/[ ,]+/)
          .map((d) => ((Number(d) * width) / 1.8).toFixed(2))
          .join(" ");
  }
  // The missing tracks, heavier than anything printed: the player's colour and dash on a white
  // casing; a double line drawn double, as printed (and written "=" in the lists). Players
  // missing the same space are drawn side by side.
  function missingLines(g, nodes, last, them) {
    const players = G.record.players;
    const on = new Map();
    for (const p of them)
      for (const leg of last.legs?.[p] || [])
        for (const [x, y, cost] of leg.spaces) {
          const k = key(x, y);
          if (!on.has(k)) on.set(k, { x, y, cost, who: [] });
          on.get(k).who.push(p);
        }
    // Heavier than anything printed, and bold on the screen however far out the view is: at
    // least MISSING_PX CSS px (u: CSS px per board unit at the zoom now; redrawn when the zoom
    // changes), each stroke of a double line too, with a gap one sees between them.
    const u = unitPx();
    const w = them.length > 1 ? Math.max(2.2, MISSING_PX / u) : Math.max(3, (1.5 * MISSING_PX) / u),
      w2 = Math.max(MISSING_PX / u, w * 0.7),
      apart = w2 + 2 / u; // a double line's two strokes, centre to centre
    const placed = [];
    for (const { x, y, cost, who } of on.values())
      who.forEach((p, j) => {
        const [a, b] = offset(nodes[x], nodes[y], (j - (who.length - 1) / 2) * (w2 + apart + 2 / u));
        placed.push({ a, b, cost, p, i: players.indexOf(p) });
      });
    for (const { a, b, cost } of placed)
      segment(g, a, b, {
        stroke: "#fff",
        "stroke-width": cost > 1 ? apart + w2 + 3 / u : w + 3 / u,
        class: "missing-casing",
      });
    for (const { a, b, cost, p, i } of placed) {
      const lines = cost > 1 ? [offset(a, b, -apart / 2), offset(a, b, apart / 2)] : [[a, b]];
      lines.forEach(([v0, v1], k) => {
        segment(g, v0, v1, {
          stroke: colourOf(i),
          "stroke-width": cost > 1 ? w2 : w,
          "stroke-dasharray": scaledDash(i, cost > 1 ? w2 : w),
          // A double line's two strokes are one space: counted once, as the lists count it.
          class: k ? "missing-second" : cost > 1 ? "missing double" : "missing",
          "data-player": p,
        });
      });
    }
  }
  // The names the explanation uses, written by the page at a fixed size on the screen: every
  // intersection of the missing tracks, the cities and start markers of the players shown.
  function boardLabels(map, nodes, last, shown, them) {
    const cityAt = Object.fromEntries(map.cities.map((c) => [c.node, c.name]));
    const cityNode = Object.fromEntries(map.cities.map((c) => [c.name, c.node]));
    const named = new Set();
    // Everyone's at once: only the cities still to connect (more would hide the board).
    if (them.length > 1)
      for (const p of them) for (const c of last.unconnected?.[p] || []) named.add(cityNode[c]);
    else
      for (const p of them) {
        for (const [a, b] of last.routes[p] || []) named.add(a).add(b);
        for (const c of shown.cities[p] || []) named.add(cityNode[c]);
        named.add((last.markers || shown.starts)[p]);
      }
    const g = s("g", {
      class: "explain-labels",
      "font-size": (LABEL_PX / unitPx()).toFixed(3),
      "stroke-width": (3 / unitPx()).toFixed(3),
      "pointer-events": "none",
    });
    // Each name above its place, clear of the rings round a city, of the printed name (right of
    // a city) and of the printed intersection's id (below it); centred, but begun at its place
    // in the view's left third and ended there in its right third, so it stays in the window.
    const cityR = G.board.layout.city_r || 4.4;
    const ring =
      them.length > 1 ? cityR + 1.2 + 1.1 * G.record.players.length : Math.max(cityR + 2.2, 9 / unitPx());
    const xs = focusNodes(map, last, shown, them.length === 1 ? them[0] : "").map((n) => nodes[n]?.x || 0);
    const low = Math.min(...xs),
      span = Math.max(...xs) - low || 1;
    for (const n of named)
      if (nodes[n]) {
        const at = (nodes[n].x - low) / span;
        const label = s("text", {
          x: nodes[n].x,
          y: nodes[n].y - (cityAt[n] ? ring : 1.5),
          dx: at < 1 / 3 ? "-0.6em" : at > 2 / 3 ? "0.6em" : "0",
          dy: "-0.35em",
          "text-anchor": at < 1 / 3 ? "start" : at > 2 / 3 ? "end" : "middle",
          "data-label": n,
        });
        label.textContent = cityAt[n] ? `${cityAt[n]} ${n}` : n;
        g.append(label);
      }
    return g;
  }
  // CSS px per unit of the board's drawing, at the zoom now.
  function unitPx() {
    const over = document.querySelector("svg.board-overlay");
    const ctm = over?.getScreenCTM();
    return ctm?.a || 2 * G.zoom;
  }
  const watched = new WeakSet();
  // The board zoomed (buttons, fingers): the explanation drawn again at the new zoom, so that its
  // lines and names keep their size on the screen.
  function rezoomed() {
    const old = document.querySelector("svg.board-overlay #overlay");
    if (!old?.querySelector("g.explain-labels") || !explained.draw) return;
    if (explained.drawnAt !== G.zoom) {
      const g = s("g", { id: "overlay" });
      explained.draw(g);
      old.replaceWith(g);
    }
    sizeLabels();
  }
  function sizeLabels() {
    const over = document.querySelector("svg.board-overlay");
    const g = over?.querySelector("g.explain-labels");
    if (!g) return;
    g.setAttribute("font-size", (LABEL_PX / unitPx()).toFixed(3));
    g.setAttribute("stroke-width", (3 / unitPx()).toFixed(3));
    unclutter(g);
  }
  // Names that would cover one another, a missing track or a button floating over the board are
  // moved a line up or down, or to the other side of their place (the nearest free place; the
  // least covered one when none is free).
  function unclutter(g) {
    const tracks = g.ownerSVGElement.querySelectorAll("#overlay line.missing, #overlay line.missing-second");
    const placed = [...overlaysOnBoard(), ...[...tracks].map((l) => l.getBoundingClientRect())];
    const common = (r, q) =>
      Math.max(0, Math.min(r.right, q.right) - Math.max(r.left, q.left)) *
      Math.max(0, Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top));
    // What is covered, and what is outside the free part of the window (cut, or under a button).
    const free = freeBox();
    const overlap = (r) =>
      placed.reduce((sum, q) => sum + common(r, q), r.width * r.height - common(r, free));
    for (const label of g.querySelectorAll("text")) {
      const first = label.dataset.anchor || label.getAttribute("text-anchor");
      label.dataset.anchor = first;
      let best = null;
      for (const anchor of [first, ...["middle", "start", "end"].filter((x) => x !== first)]) {
        for (const k of [0, -1, 1, -2, 2, -3, 3]) {
          placeLabel(label, anchor, k);
          const cover = overlap(label.getBoundingClientRect());
          if (!best || cover < best.cover) best = { anchor, k, cover };
          if (!cover) break;
        }
        if (!best.cover) break;
      }
      placeLabel(label, best.anchor, best.k);
      placed.push(label.getBoundingClientRect());
    }
  }
  // A name k lines above (negative) or below its first place, begun, centred or ended there.
  function placeLabel(label, anchor, k) {
    label.setAttribute("text-anchor", anchor);
    label.setAttribute("dx", { start: "-0.6em", end: "0.6em" }[anchor] || "0");
    label.setAttribute("dy", `${(-0.35 + 1.1 * k).toFixed(2)}em`);
  }
  // The intersections the view is fitted to: the missing tracks of the players shown; for a
  // player who misses nothing, their network (their cities and start marker).
  function focusNodes(map, last, shown, who) {
    const leg = who && explained.leg !== null ? last.legs?.[who]?.[explained.leg] : null;
    if (leg) return [leg.from, ...leg.spaces.map((x) => x[1])];
    const them = who ? [who] : G.record.players;
    const out = them.flatMap((p) => (last.routes[p] || []).flat());
    if (out.length) return out;
    const cityNode = Object.fromEntries(map.cities.map((c) => [c.name, c.node]));
    return them.flatMap((p) => [
      ...(shown.cities[p] || []).map((c) => cityNode[c]),
      (last.markers || shown.starts)[p],
    ]);
  }
  // Zoom and pan the board so that the view's intersections fill its window (with room for the
  // rings and the names), then scroll the page to put the player buttons and the board in view.
  function fitExplained(map, nodes, last, shown) {
    const who = explainFor(last);
    const wrap = document.getElementById("board");
    const over = wrap?.querySelector("svg.board-overlay");
    const row = document.getElementById("explain-players");
    if (!wrap || !over || !row || explained.fitted === fitKey(who)) return;
    explained.fitted = fitKey(who);
    const pts = focusNodes(map, last, shown, who)
      .map((n) => nodes[n])
      .filter(Boolean);
    if (pts.length) zoomOnto(pts, ROOM);
    // The page scrolled only when some of the board is out of view (a game opened at its top
    // keeps its title and buttons in view).
    const head = document.querySelector("header")?.getBoundingClientRect().bottom || 0,
      seen = wrap.getBoundingClientRect();
    const rowTop = row.getBoundingClientRect().top;
    if (explained.scroll && (rowTop < head || seen.top < head || seen.bottom > window.innerHeight))
      window.scrollBy(0, document.getElementById("explain-players").getBoundingClientRect().top - head - 6);
    explained.scroll = false;
    if (!watched.has(over)) {
      watched.add(over);
      new MutationObserver(rezoomed).observe(over, { attributes: true, attributeFilter: ["width"] });
    }
    sizeLabels();
    if (pts.length) roomForNames(pts, new Set(focusNodes(map, last, shown, who)));
    Object.assign(document.getElementById("explain-players").dataset, {
      fitted: who,
      leg: who && explained.leg !== null ? explained.leg : "",
    });
  }

  // Room round the tracks: for the rings (mm on the board), and for the names and the zoom
  // buttons over the board's right-hand corner (CSS px on the screen).
  const RING = 7,
    ROOM = { left: 24, right: 64, top: 24, bottom: 24 };
  function zoomOnto(pts, room) {
    const box = [
      Math.min(...pts.map((p) => p.x)) - RING,
      Math.min(...pts.map((p) => p.y)) - RING,
      Math.max(...pts.map((p) => p.x)) + RING,
      Math.max(...pts.map((p) => p.y)) + RING,
    ];
    if (explained.zoom === null) explained.zoom = G.zoom;
    // Never closer than a few track spaces to the window; farther out than the zoom buttons go
    // when a player's tracks span the whole board (a phone is narrower than the board then).
    TW.fitBoard(box, room, 0.2, 3);
  }
  // The buttons that float over the board (zoom, draw), where they are on the screen.
  function overlaysOnBoard() {
    return [...document.querySelectorAll(".board-frame .zoom-controls, .board-frame .board-tools > *")]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width && r.height);
  }
  // The part of the board's window the floating buttons leave free, on the screen: the window
  // less the column of the zoom buttons (and a few px inside its edges).
  function freeBox() {
    const wrap = document.getElementById("board"),
      r = wrap.getBoundingClientRect();
    const box = {
      left: r.left + wrap.clientLeft + 4,
      top: r.top + wrap.clientTop + 4,
      right: r.left + wrap.clientLeft + wrap.clientWidth - 4,
      bottom: r.top + wrap.clientTop + wrap.clientHeight - 4,
    };
    for (const o of overlaysOnBoard())
      if (o.left > (box.left + box.right) / 2) box.right = Math.min(box.right, o.left - 4);
    return box;
  }
  // By how many CSS px the names of the view's places pass the free part of the window, each
  // side (none: null).
  function namesOutside(focus) {
    const free = freeBox(),
      out = { left: 0, right: 0, top: 0, bottom: 0 };
    for (const label of document.querySelectorAll("svg.board-overlay g.explain-labels text")) {
      if (!focus.has(label.dataset.label)) continue;
      const r = label.getBoundingClientRect();
      out.left = Math.max(out.left, free.left - r.left);
      out.right = Math.max(out.right, r.right - free.right);
      out.top = Math.max(out.top, free.top - r.top);
      out.bottom = Math.max(out.bottom, r.bottom - free.bottom);
    }
    return Object.values(out).some((v) => v > 0.5) ? out : null;
  }
  // The names are a fixed size on the screen, the board's drawing is not: fitted once, the view
  // is fitted again with the room the names that pass the free box need (a few times at most:
  // names moved out of one another's way may move again).
  function roomForNames(pts, focus) {
    const wrap = document.getElementById("board"),
      room = { ...ROOM };
    for (let k = 0; k < 3; k++) {
      const out = namesOutside(focus);
      if (!out) return;
      for (const side of Object.keys(room)) room[side] += Math.max(0, out[side]) + 2;
      const wide = wrap.clientWidth - room.left - room.right,
        tall = wrap.clientHeight - room.top - room.bottom;
      if (wide < 0.3 * wrap.clientWidth || tall < 0.3 * wrap.clientHeight) return;
      zoomOnto(pts, room);
      sizeLabels();
    }
  }

  // The words beside the board: for one player, why they lose what they lose, leg by leg; for
  // everyone, each player's count in one line. The key says what "-" and "=" are.
  function explainWords(map, last, shown, who) {
    const players = G.record.players;
    const body = who
      ? playerWords(map, last, shown, who, players.indexOf(who))
      : [
          h("p", { class: "small" }, roundEnd(last)),
          ...players.map((p, i) =>
            h(
              "p",
              { class: "explain-line", "data-explain-line": p },
              playerBadge(i, 16),
              " ",
              missesText(last, p),
            ),
          ),
          h("p", { class: "small" }, t("ta.explain-hint")),
        ];
    return h("div", { class: "card explained", id: "explained" }, body, lineKey(map, last));
  }
  function plural(count, one, other, vars = {}) {
    const form = new Intl.PluralRules(I18Nlang()).select(count);
    return form === "one" ? t(one, { count, ...vars }) : t(other, { count, ...vars });
  }
  function tracksText(count) {
    return plural(count, "ta.tracks-one", "ta.tracks-other");
  }
  function pointsText(count) {
    return plural(count, "ta.points-one", "ta.points-other");
  }
  // "Ben misses 4 tracks to connect Los Angeles and Cincinnati (1 on a double line, =): 5 points
  // lost."
  function missesText(last, p) {
    const legs = last.legs?.[p] || [];
    const spaces = legs.flatMap((l) => l.spaces);
    if (!spaces.length) return t("ta.misses-none", { player: p });
    const doubles = spaces.filter((x) => x[2] > 1).length;
    return t("ta.misses-sentence", {
      misses: plural(spaces.length, "ta.misses-one", "ta.misses-other", {
        player: p,
        cities: joinNames(last.unconnected?.[p] || []),
      }),
      doubles: doubles ? plural(doubles, "ta.doubles-one", "ta.doubles-other") : "",
      points: pointsText(last.missing[p]),
    });
  }
  function endText(map, leg, end, player) {
    const node = end === "from" ? leg.from : leg.to;
    const kind = end === "from" ? leg.from_kind : leg.to_kind;
    const city = map.cities.find((c) => c.node === node)?.name || node;
    // ta.from-network, ta.to-city, ...: each end in words by its kind (the engine's END_KINDS).
    const known = ["network", "track", "fork", "city"].includes(kind) ? kind : "fork";
    return t(`ta.${end}-${known}`, { node, city, player });
  }
  function legText(map, leg, player) {
    const line = t("ta.leg", {
      from: endText(map, leg, "from", player),
      to: endText(map, leg, "to", player),
      // Each space as the rules texts write it: F3-F4 on a single line, G8=H8 on a double one.
      spaces: leg.spaces.map(([a, b, cost]) => `${a}${cost > 1 ? "=" : "-"}${b}`).join(" "),
      tracks: tracksText(leg.spaces.length),
      points: pointsText(leg.points),
    });
    const reach = leg.reaches?.length ? t("ta.leg-reaches", { cities: joinNames(leg.reaches) }) : "";
    return line.charAt(0).toLocaleUpperCase(I18Nlang()) + line.slice(1) + reach;
  }
  function playerWords(map, last, shown, p, i, evidence = false) {
    const legs = last.legs?.[p] || [];
    return [
      h(
        "div",
        { class: "row" },
        playerBadge(i, 18),
        h("b", {}, p),
        h(
          "span",
          { class: "points" },
          // Nothing lost (the round's winner) is no "−0": the score is all there is to say.
          t(last.missing[p] ? "ta.lost" : "ta.lost-none", { points: last.missing[p], score: last.scores[p] }),
        ),
        dashKey(i),
      ),
      h(
        "p",
        { class: "small" },
        t("ta.start-at", { node: (last.markers || shown.starts)[p] }),
        " · ",
        (shown.cities[p] || []).join(", "),
      ),
      h(
        "div",
        evidence ? { class: "missing-list", "data-missing": p } : { class: "missing-list" },
        h("p", { class: "explain-line", "data-explain-line": p }, missesText(last, p)),
        legs.length
          ? h(
              "ul",
              { class: "legs", "data-legs": p },
              legs.map((leg, k) =>
                h(
                  "li",
                  {},
                  h(
                    "button",
                    { class: "leg", "data-leg": k, onclick: () => showExplained(p, k) },
                    legText(map, leg, p),
                  ),
                ),
              ),
            )
          : "",
      ),
    ];
  }
  // What "-" and "=" are, with the costs the engine counted (the map's, for a kind no player
  // misses this round).
  function lineKey(map, last) {
    const cost = (double) => {
      const seen = Object.values(last.legs || {})
        .flat()
        .flatMap((l) => l.spaces)
        .find((x) => x[2] > 1 === double);
      return seen ? seen[2] : map.edges.find((e) => e.cost > 1 === double)?.cost;
    };
    const single = cost(false),
      double = cost(true);
    return h(
      "p",
      { class: "small line-key", id: "line-key" },
      t(double ? "ta.key-lines" : "ta.key-single", {
        single: pointsText(single || 1),
        double: pointsText(double || 0),
      }),
    );
  }
  function roundEnd(last) {
    const players = G.record.players;
    const connected = last.completed_by || players.filter((p) => last.missing[p] === 0);
    const why = connected.length
      ? t("ta.ended-connected", { players: joinNames(connected) })
      : last.tracks_placed >= preset().tracks
        ? t("ta.ended-all-placed", { tracks: preset().tracks })
        : t("ta.ended-table");
    return `${t("ta.round-summary", { count: last.tracks_placed })} ${why}`;
  }

  // The player's line as drawn on the board (colour and dash), as a key beside the name.
  function dashKey(i) {
    const svg = s("svg", {
      width: 34,
      height: 10,
      viewBox: "0 0 17 5",
      class: "dash-key",
      "aria-hidden": "true",
    });
    svg.append(
      s("line", {
        x1: 0.5,
        y1: 2.5,
        x2: 16.5,
        y2: 2.5,
        stroke: colourOf(i),
        "stroke-width": 1.8,
        "stroke-dasharray": playerStyle(i).dash,
      }),
    );
    return svg;
  }
  function evidenceCard(map, last, shown) {
    const rows = G.record.players.map((p, i) =>
      h("div", { class: "evidence-row", "data-evidence": p }, playerWords(map, last, shown, p, i, true)),
    );
    return h(
      "div",
      { class: "card", id: "evidence" },
      h("h2", {}, t("ta.round-scored-title", { round: last.round })),
      h("p", { class: "small", id: "round-end" }, roundEnd(last)),
      rows,
      barrierText(last),
    );
  }
  // The barrier, as the rules set it after round two (from the preset), and why the game ended.
  function barrierText(last) {
    const rules = preset(),
      sc = G.score;
    const lines = [];
    const at = sc.rounds.find((r) => r.round === rules.barrier_round);
    if (at) {
      const before = at.round > 1 ? sc.rounds[at.round - 2].threshold : rules.end_threshold;
      const lowest = Math.min(...Object.values(at.scores));
      lines.push(
        at.threshold !== before
          ? t("ta.barrier-moved", {
              round: at.round,
              lowest,
              gap: rules.barrier_gap,
              threshold: at.threshold,
            })
          : t("ta.barrier-stayed", {
              round: at.round,
              lowest,
              min: rules.barrier_min_lowest,
              threshold: at.threshold,
            }),
      );
    } else lines.push(t("ta.barrier-later", { round: rules.barrier_round, threshold: last.threshold }));
    if (sc.game_over) {
      const below = G.record.players.filter((p) => sc.scores[p] <= sc.threshold);
      lines.push(
        below.length
          ? t("ta.over-barrier", { players: joinNames(below), threshold: sc.threshold, round: last.round })
          : t("ta.over-rounds", { round: last.round }),
      );
      lines.push(t(sc.winners.length > 1 ? "ta.winners" : "ta.winner", { players: joinNames(sc.winners) }));
    }
    return h(
      "div",
      { id: "barrier" },
      lines.map((x, i) => h("p", { class: i === lines.length - 1 && sc.game_over ? "winner" : "small" }, x)),
    );
  }

  function taScores() {
    const sc = G.score,
      players = G.record.players;
    const table = h(
      "table",
      { id: "scores" },
      h(
        "tr",
        {},
        h("th", {}, t("ta.round")),
        players.map((p, i) => h("th", { class: "num" }, playerBadge(i, 12), p)),
      ),
      sc.rounds.map((r) =>
        h(
          "tr",
          {},
          h("td", {}, r.round),
          players.map((p) =>
            h("td", { class: "num" }, r.missing[p] ? `${r.scores[p]} (−${r.missing[p]})` : r.scores[p]),
          ),
        ),
      ),
      h(
        "tr",
        {},
        h("th", {}, t("ta.now")),
        players.map((p) => h("th", { class: "num" }, sc.scores[p])),
      ),
    );
    const end = sc.game_over
      ? h(
          "p",
          { class: "winner", id: "winners" },
          t(sc.winners.length > 1 ? "ta.game-over-many" : "ta.game-over-one", {
            players: joinNames(sc.winners),
          }),
        )
      : h("p", { class: "small" }, t("ta.ends-at", { threshold: sc.threshold }));
    return h("div", { class: "card" }, h("h2", {}, t("ta.scores")), table, end);
  }

  TW.games.transamerica = {
    page: transamerica,
    handPage,
    newGame: () => ({
      complete(record) {
        record.rounds = [];
        record["x-draft"] = { cities: {}, starts: {}, track: [] };
      },
    }),
  };
})();
