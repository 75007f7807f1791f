// La Strada's page: the end of a game entered at the table, and its gold.
//
// Two ways to enter the merchants, both as few taps as the board allows:
// - settlement by settlement (the default, as the rules clear the board to score it: one
//   settlement after the other): the page rings one settlement on the board, the table taps the
//   button showing who stands on it (one tap, whoever and however many), and the next settlement
//   comes up, in reading order over the board;
// - player by player: a player chosen, a tap on a settlement adds their merchant, a second tap
//   takes it away.
// Then the travel days each player kept: one tap on a day button, which moves on to the next
// player. The scores, the winners and how the tie was broken, and the gold per settlement come
// from the engine (the same Python as `trackwright score lastrada`); the page asks the engine
// (question `entry_state`) how many merchants a settlement takes in this variant and how many
// each player has left, and never decides a rule itself.
"use strict";
(() => {
  const TW = window.TW;
  const { t, joinNames, h, s, say, change, G, boardView, toolbar, render, hexCentre } = TW;

  // The rules numbers come from the default rules preset (catalogue.json).
  function preset() {
    return TW.catalogue.find((g) => g.name === "lastrada")?.preset || {};
  }

  const KINDS = ["city", "fortified_village", "hamlet", "farm"];
  function kindName(kind) {
    return KINDS.includes(kind) ? t(`ls.kind.${kind}`) : kind;
  }

  // ------------------------------------------------------------------ what the engine says

  // The engine's answer for the record as it is (entry_state), asked after each change; the
  // page's taps wait for it (it is part of the page's queue of changes).
  const info = { key: null, data: null, error: null };
  function infoNow() {
    return info.key === G.scoredKey ? info.data : null;
  }
  async function refreshInfo() {
    if (!G.game || G.record.game !== "lastrada" || info.key === G.scoredKey) return;
    const key = G.scoredKey;
    try {
      info.data = await TW.engine.ask("entry_state", JSON.parse(key));
      info.error = null;
    } catch (e) {
      info.data = null;
      info.error = e.message;
    }
    info.key = key;
    if (G.game && G.record.game === "lastrada") render();
  }
  function askSoon() {
    if (info.key === G.scoredKey) return;
    G.queue = G.queue.then(refreshInfo).catch((e) => say(e.message));
  }
  // A change (stored before it is shown), then the engine's answer about it.
  function edit(fn, message) {
    change(fn, message);
    G.queue = G.queue.then(refreshInfo).catch((e) => say(e.message));
    return G.queue;
  }

  // ------------------------------------------------------------------ drawing

  const SHAPES = {
    circle: (r) => s("circle", { cx: 0, cy: 0, r }),
    square: (r) => s("rect", { x: -r * 0.85, y: -r * 0.85, width: r * 1.7, height: r * 1.7 }),
    triangle: (r) => s("polygon", { points: `0,${-r * 1.1} ${r},${r * 0.75} ${-r},${r * 0.75}` }),
    diamond: (r) => s("polygon", { points: `0,${-r * 1.15} ${r * 1.05},0 0,${r * 1.15} ${-r * 1.05},0` }),
  };
  function playerStyle(i) {
    const ps = G.board.players;
    return ps[i % ps.length];
  }
  // A player's piece: their colour in their shape, as on the printed travel-day tracks (colour is
  // never the only cue).
  function piece(i, x, y, r, attrs = {}) {
    const st = playerStyle(i);
    const el = (SHAPES[st.shape] || SHAPES.circle)(r);
    el.setAttribute("transform", `translate(${x.toFixed(2)},${y.toFixed(2)})`);
    for (const [k, v] of Object.entries({
      fill: st.colour,
      stroke: "#000",
      "stroke-width": Math.max(0.4, r * 0.18),
      "pointer-events": "none",
      ...attrs,
    }))
      el.setAttribute(k, v);
    return el;
  }
  function badge(i, size = 18) {
    const svg = s("svg", {
      width: size,
      height: size,
      viewBox: "-1.3 -1.3 2.6 2.6",
      class: "ls-badge",
      "aria-hidden": "true",
    });
    svg.append(piece(i, 0, 0, 1, { "stroke-width": 0.16 }));
    return svg;
  }

  // The settlements in reading order over the board (top row first, left to right): the order
  // in which the page goes through them.
  function ordered() {
    const map = G.board.map;
    return map.settlements.slice().sort((a, b) => {
      const [ax, ay] = hexCentre(a.hex),
        [bx, by] = hexCentre(b.hex);
      return Math.abs(ay - by) > 1 ? ay - by : ax - bx;
    });
  }
  // A tap target around each settlement: as large as the board lets it be without overlapping.
  // How near two settlements lie (a tap on the board zooms in first when that is under a fingertip).
  function nearest() {
    const cs = G.board.map.settlements.map((st) => hexCentre(st.hex));
    let near = Infinity;
    for (let i = 0; i < cs.length; i++)
      for (let j = i + 1; j < cs.length; j++)
        near = Math.min(near, Math.hypot(cs[i][0] - cs[j][0], cs[i][1] - cs[j][1]));
    return near;
  }
  function targetRadius() {
    return Math.min(G.board.layout.size * 1.4, nearest() / 2);
  }

  // ------------------------------------------------------------------ the page

  const walk = { at: 0, game: null, scrolled: null };
  let fitted = null;

  function lastrada() {
    const map = G.board.map,
      players = G.record.players;
    const data = infoNow();
    askSoon();
    if (walk.game !== G.id) {
      walk.game = G.id;
      walk.at = 0;
      walk.scrolled = null;
      G.mode = null;
    }
    if (fitted !== G.id) {
      fitted = G.id;
      fitBoard();
    }
    const order = ordered();
    walk.at = Math.max(0, Math.min(order.length - 1, walk.at));
    const mode = G.mode === "player" ? "player" : "walk";
    const byTurns = Array.isArray(G.record.turns);
    const settlements = G.record.settlements || {};
    const current = order[walk.at];
    const size = G.board.layout.size;

    const board = boardView(
      (g) => {
        for (const st of map.settlements) {
          const [x, y] = hexCentre(st.hex);
          const here =
            (byTurns ? G.score.settlements.find((x) => x.id === st.id)?.players : settlements[st.id]) || [];
          const slots = Math.max(here.length, 1);
          here.forEach((p, k) => {
            const a = (k / Math.max(slots, 2)) * 2 * Math.PI - Math.PI / 2;
            g.append(
              piece(
                players.indexOf(p),
                x + Math.cos(a) * size * 0.78,
                y + Math.sin(a) * size * 0.78,
                size * 0.3,
                { class: "merchant" },
              ),
            );
          });
        }
        if (mode === "walk" && !byTurns && current) {
          const [x, y] = hexCentre(current.hex);
          g.append(
            s("circle", {
              cx: x,
              cy: y,
              r: size * 1.25,
              fill: "none",
              stroke: "#e69f00",
              "stroke-width": size * 0.22,
              "pointer-events": "none",
              id: "ls-current",
            }),
          );
          g.append(
            s("circle", {
              cx: x,
              cy: y,
              r: size * 1.25,
              fill: "none",
              stroke: "#000",
              "stroke-width": size * 0.05,
              "stroke-dasharray": `${size * 0.3} ${size * 0.2}`,
              "pointer-events": "none",
            }),
          );
        }
      },
      {
        key: "ls-settlements",
        spacing: nearest(),
        // A tap near no settlement says so, in the words of what a tap does now.
        miss: () =>
          say(
            t(byTurns ? "ls.miss-turns" : mode === "player" ? "ls.miss-player" : "ls.miss-walk", {
              player: players[G.player],
            }),
          ),
        draw: (g) => {
          const r = targetRadius();
          for (const st of map.settlements) {
            const [x, y] = hexCentre(st.hex);
            g.append(
              s("circle", {
                cx: x,
                cy: y,
                r,
                fill: "transparent",
                class: "settlement",
                "data-settlement": st.id,
                onclick: () => tapSettlement(st.id),
              }),
            );
          }
        },
      },
    );
    if (mode === "walk") requestAnimationFrame(() => showOnBoard(current));
    if (!byTurns) requestAnimationFrame(() => entryInView(mode, current));

    const modeButton = (name, label) =>
      h(
        "button",
        {
          class: name === mode ? "active" : "secondary",
          id: `ls-mode-${name}`,
          onclick: () => {
            G.mode = name === "walk" ? null : "player";
            render();
          },
        },
        label,
      );
    const parts = [
      h("h1", { class: "ls-title" }, `La Strada · ${map.name}`),
      G.record.variant === "two-player"
        ? h(
            "details",
            { class: "small", id: "ls-variant" },
            h("summary", {}, t("ls.variant-two")),
            t("ls.variant-two-note"),
          )
        : "",
      lsStyle(),
      // The players: a tap chooses one (to enter their merchants on the board, and their days).
      TW.playerButtons(badge, choosePlayer),
    ];
    if (byTurns) {
      parts.push(toolbar([]), h("p", { class: "small", id: "ls-by-turns" }, t("ls.by-turns")), board);
    } else {
      parts.push(toolbar([modeButton("walk", t("ls.mode-walk")), modeButton("player", t("ls.mode-player"))]));
      parts.push(board, mode === "walk" ? walkPanel(order, data) : playerPanel(data), daysPanel(data));
    }
    parts.push(results(order, data));
    return parts;
  }

  function lsStyle() {
    return TW.cached("ls-style", "1", () =>
      h(
        "style",
        {},
        `
.ls-title { font-size: 1.1rem; margin: .1rem 0 .4rem; }
/* Settlement by settlement (and player by player, the days) the next taps are on the buttons at
   the foot of the screen: what a tap did is said at the top, under the header, never over them. */
body:has(#ls-walk) #status, body:has(#ls-player) #status { top: 3.7rem; bottom: auto; }
.ls-entry { padding: .5rem .6rem; margin: .4rem 0; }
.ls-where .id { color: #666; font-size: .78rem; font-weight: 400; }
.ls-entry h2 { margin: 0 0 .35rem; font-size: 1rem; }
.board-frame:has(+ #ls-walk) .board-wrap { max-height: 36vh; }
.board-frame:has(+ .ls-entry) .board-wrap { max-height: 52vh; }
.ls-walk-head { display: flex; align-items: center; gap: .4rem; }
.ls-walk-head .ls-where { flex: 1 1 auto; min-width: 0; font-weight: 600; line-height: 1.2; }
.ls-walk-head button { width: 44px; justify-content: center; padding: 0; flex: none; }
.ls-group { display: flex; gap: .3rem; margin-top: .3rem; }
.ls-group button { flex: 1 1 0; min-width: 0; min-height: 44px; padding: .15rem .2rem; justify-content: center;
  gap: .15rem; background: #fff; color: #1d1d1d; border: 1px solid #999; overflow: hidden; white-space: nowrap;
  font-size: .85rem; }
.ls-group button.here { background: #fff3d6; border: 2px solid #e69f00; font-weight: 700; }
.ls-group button.nobody { color: #555; }
.ls-badge { flex: none; vertical-align: -3px; }
.ls-days { display: grid; grid-template-columns: repeat(6, 1fr); gap: .3rem; }
.ls-days button { justify-content: center; padding: 0; background: #fff; color: #1d1d1d; border: 1px solid #999;
  font-weight: 600; }
.ls-days button.here { background: #fff3d6; border: 2px solid #e69f00; }
#players button { gap: .3rem; padding: .3rem .6rem; }
.toolbar:has(#ls-mode-walk) button { padding-left: .6rem; padding-right: .6rem; }
#players .left { font-size: .75rem; opacity: .8; }
#settlement-gold td, #settlement-gold th, #gold td, #gold th { padding: .3rem .3rem; }
#settlement-gold tr[data-settlement] { cursor: pointer; }
#settlement-gold .who { display: block; white-space: nowrap; }
#settlement-gold .id { color: #666; font-size: .78rem; }
#gold input { width: 3.6rem; min-height: 40px; padding: .1rem .3rem; text-align: right; }
`,
      ),
    );
  }

  function choosePlayer(i) {
    G.player = i;
    if (!Array.isArray(G.record.turns)) G.mode = "player";
    render();
  }

  // ------------------------------------------------------------------ settlement by settlement

  // Every set of players a settlement can hold (the engine says how many it takes), fewest
  // first, each as one button; then nobody.
  function groups(players, most) {
    const out = [];
    const n = players.length;
    for (let k = 1; k <= Math.min(most, n); k++) {
      const group = [];
      const pick = (start, chosen) => {
        if (chosen.length === k) {
          group.push(chosen.slice());
          return;
        }
        for (let i = start; i < n; i++) {
          chosen.push(i);
          pick(i + 1, chosen);
          chosen.pop();
        }
      };
      pick(0, []);
      out.push(group);
    }
    return out;
  }
  function walkPanel(order, data) {
    const players = G.record.players,
      st = order[walk.at];
    const here = G.record.settlements?.[st.id] || [];
    const pays = here.length ? G.score.settlements.find((x) => x.id === st.id) : null;
    const head = h(
      "div",
      { class: "ls-walk-head" },
      h(
        "button",
        {
          class: "secondary",
          id: "ls-prev",
          "aria-label": t("ls.prev"),
          disabled: walk.at === 0,
          onclick: () => goTo(walk.at - 1),
        },
        "‹",
      ),
      h(
        "div",
        {
          class: "ls-where",
          id: "ls-where",
          "data-settlement": st.id,
          "data-n": walk.at + 1,
          "data-count": order.length,
        },
        kindName(st.kind),
        " ",
        h("span", { class: "id" }, st.id),
        h(
          "div",
          { class: "small" },
          t("ls.walk-who", { n: walk.at + 1, count: order.length }),
          pays ? ` · ${t("ls.walk-pays", { gold: pays.gold_each })}` : "",
        ),
      ),
      h(
        "button",
        {
          class: "secondary",
          id: "ls-next",
          "aria-label": t("ls.next"),
          disabled: walk.at >= order.length - 1,
          onclick: () => goTo(walk.at + 1),
        },
        "›",
      ),
    );
    if (!data)
      return h(
        "div",
        { class: "card ls-entry", id: "ls-walk" },
        head,
        h("p", { class: "small" }, info.error || t("ls.asking")),
      );
    const same = (set) => set.length === here.length && set.every((i) => here.includes(players[i]));
    const button = (set) => {
      const names = set.map((i) => players[i]);
      const full = set.some((i) => data.left[players[i]] <= 0 && !here.includes(players[i]));
      return h(
        "button",
        {
          class: same(set) ? "here" : "",
          "data-merchants": names.join(","),
          disabled: full,
          title: full
            ? t("ls.none-left", {
                players: joinNames(names.filter((p) => data.left[p] <= 0 && !here.includes(p))),
              })
            : joinNames(names),
          "aria-label": joinNames(names),
          onclick: () => setHere(st.id, names),
        },
        set.map((i) => badge(i, set.length > 2 ? 15 : 18)),
        set.length === 1 ? h("span", {}, players[set[0]]) : "",
      );
    };
    const rows = groups(players, data.most).flatMap((group) => {
      // Wide groups go on two rows (at most four buttons a row on a phone).
      const width = group.length > 4 ? Math.ceil(group.length / 2) : group.length;
      const chunks = [];
      for (let i = 0; i < group.length; i += width) chunks.push(group.slice(i, i + width));
      return chunks.map((chunk) => h("div", { class: "ls-group" }, chunk.map(button)));
    });
    const nobody = h(
      "button",
      {
        class: `nobody${here.length ? "" : " here"}`,
        "data-merchants": "",
        onclick: () => setHere(st.id, []),
      },
      t("ls.nobody"),
    );
    // Nobody goes on the last row when it holds a single button (everyone), else on its own.
    const last = rows[rows.length - 1];
    if (last && last.childNodes.length === 1) last.append(nobody);
    else rows.push(h("div", { class: "ls-group" }, nobody));
    return h("div", { class: "card ls-entry", id: "ls-walk" }, head, rows);
  }
  function goTo(k) {
    walk.at = k;
    render();
  }
  function setHere(id, names) {
    const order = ordered();
    const next = order.findIndex((st) => st.id === id) + 1;
    const st = order[next - 1];
    edit(
      (record) => {
        record.settlements = record.settlements || {};
        if (names.length) record.settlements[id] = names;
        else delete record.settlements[id];
      },
      names.length
        ? t("ls.said-here", { place: `${kindName(st.kind)} ${id}`, players: joinNames(names) })
        : t("ls.said-nobody", { place: `${kindName(st.kind)} ${id}` }),
    );
    // On to the next settlement; after the last one, the travel days of the first player.
    if (next < order.length) walk.at = next;
    else G.player = 0;
    render();
    if (next >= order.length)
      requestAnimationFrame(() => {
        const d = document.getElementById("ls-days");
        if (d) d.scrollIntoView({ block: "center" });
      });
  }
  // The board scrolled so that the settlement being entered is in view (the board is not moved
  // when it already is).
  function showOnBoard(st) {
    const wrap = document.getElementById("board"),
      over = document.querySelector("svg.board-overlay");
    if (!wrap || !over || !st || walk.scrolled === `${st.id}|${G.zoom}`) return;
    walk.scrolled = `${st.id}|${G.zoom}`;
    const [x, y] = hexCentre(st.hex);
    const m = over.getScreenCTM(),
      box = wrap.getBoundingClientRect();
    if (!m) return;
    const px = x * m.a + m.e - box.left,
      py = y * m.d + m.f - box.top,
      margin = G.board.layout.size * 2 * m.a;
    if (px < margin || px > wrap.clientWidth - margin) wrap.scrollLeft += px - wrap.clientWidth / 2;
    if (py < margin || py > wrap.clientHeight - margin) wrap.scrollTop += py - wrap.clientHeight / 2;
  }
  // A tapped button is redrawn by the tap: its focus let go first, so the browser does not scroll
  // the page back to its top when the focused button leaves the page (the entry scrolled into
  // view stays in view).
  document.addEventListener(
    "click",
    (ev) => {
      if (G.game && G.record?.game === "lastrada" && ev.target.closest?.("#main button"))
        document.activeElement?.blur?.();
    },
    true,
  );
  // When an entry starts (the game opened, the other way chosen), what is tapped next is brought
  // onto the screen with the board, once: settlement by settlement, the board's window made
  // shorter so that the walk's last buttons fit under it (the page keeps its place: the mode
  // buttons stay clear of the messages); player by player, the page scrolled so that the
  // player's panel and days fit under the board, the board's top kept clear of the header. Never
  // again until the next one: the player's own scrolling is left alone.
  const entry = { key: null };
  const SHORTEST = 160; // CSS px: the board's window, walking, at least
  function entryInView(mode, current) {
    const key = `${G.id}|${mode}`;
    const last = document.getElementById(mode === "walk" ? "ls-walk" : "ls-days"),
      frame = document.querySelector(".board-frame"),
      wrap = document.getElementById("board");
    if (entry.key === key || !last || !frame || !wrap || !infoNow()) return;
    entry.key = key;
    wrap.style.maxHeight = "";
    const below = last.getBoundingClientRect().bottom - (window.innerHeight - 6);
    if (below <= 0) return;
    if (mode === "walk") {
      wrap.style.maxHeight = `${Math.max(SHORTEST, wrap.clientHeight - below)}px`;
      walk.scrolled = null;
      showOnBoard(current);
      return;
    }
    const head = document.querySelector("header")?.getBoundingClientRect().bottom || 0;
    const room = frame.getBoundingClientRect().top - head - 6;
    if (room > 0) window.scrollBy({ top: Math.min(below, room), behavior: "instant" });
  }
  // The whole land in the board's width on a phone (the frame with the tracks and tables left
  // out of view): every settlement can be seen at once, and no two lie closer than a fingertip
  // (44 CSS px; at 360 px that costs the outer hexes' rims a few pixels).
  function fitBoard() {
    const cs = Object.values(G.board.layout.centres),
      size = G.board.layout.size;
    const xs = cs.map((c) => c[0]),
      ys = cs.map((c) => c[1]);
    const width = Math.max(...xs) - Math.min(...xs) + 2 * size;
    const room = Math.min(window.innerWidth, 1100) - 28;
    G.zoom = Math.max(0.4, 46 / (2 * nearest()), Math.min(1.4, room / (width * 2)));
    requestAnimationFrame(() => {
      const wrap = document.getElementById("board");
      if (!wrap) return;
      wrap.scrollLeft = (Math.min(...xs) - size) * 2 * G.zoom;
      wrap.scrollTop = (Math.min(...ys) - size) * 2 * G.zoom;
    });
  }

  // ------------------------------------------------------------------ player by player

  function playerPanel(data) {
    const p = G.record.players[G.player];
    return h(
      "div",
      { class: "card ls-entry", id: "ls-player" },
      h("h2", {}, t("ls.player-head", { player: p })),
      h("p", { class: "small", id: "hint" }, t("ls.player-hint", { player: p })),
      data
        ? h(
            "p",
            { class: "small", id: "ls-count" },
            t("ls.player-count", { player: p, placed: data.placed[p], count: data.left[p] }),
          )
        : "",
    );
  }
  function tapSettlement(id) {
    if (Array.isArray(G.record.turns)) {
      say(t("ls.miss-turns"));
      return;
    }
    if (G.mode !== "player") {
      const k = ordered().findIndex((st) => st.id === id);
      if (k >= 0) goTo(k);
      return;
    }
    const p = G.record.players[G.player],
      data = infoNow();
    const here = G.record.settlements?.[id] || [];
    if (!here.includes(p) && data) {
      const st = G.board.map.settlements.find((x) => x.id === id);
      if (here.length >= data.most) {
        say(t("ls.full", { kind: kindName(st.kind), most: data.most }));
        return;
      }
      if (data.left[p] <= 0) {
        say(t("ls.no-merchant-left", { player: p, merchants: data.merchants }));
        return;
      }
    }
    const st = G.board.map.settlements.find((x) => x.id === id);
    const place = `${kindName(st.kind)} ${id}`;
    edit(
      (record) => {
        record.settlements = record.settlements || {};
        const now = record.settlements[id] || [];
        record.settlements[id] = now.includes(p) ? now.filter((x) => x !== p) : [...now, p];
        if (!record.settlements[id].length) delete record.settlements[id];
      },
      t(here.includes(p) ? "ls.said-removed" : "ls.said-added", { player: p, place }),
    );
  }

  // ------------------------------------------------------------------ travel days kept

  // One button a day, from none to the most a player keeps: a tap sets the chosen player's days
  // and moves on to the next player.
  function daysPanel(data) {
    const players = G.record.players,
      p = players[G.player];
    const most = data ? data.max_reserve : preset().max_reserve;
    const kept = G.record.reserve?.[p] || 0;
    const days = [];
    for (let d = 0; d <= most; d++) days.push(d);
    return h(
      "div",
      { class: "card ls-entry", id: "ls-days" },
      h("h2", {}, badge(G.player), " ", t("ls.days-head", { player: p })),
      h(
        "div",
        { class: "ls-days" },
        days.map((d) =>
          h(
            "button",
            {
              class: d === kept ? "here" : "",
              "data-days": d,
              "aria-label": t("ls.days-button", { player: p, count: d }),
              onclick: () => setDays(p, d, true),
            },
            String(d),
          ),
        ),
      ),
    );
  }
  function setDays(p, days, advance) {
    edit(
      (record) => {
        record.reserve = { ...(record.reserve || {}), [p]: days };
      },
      t("ls.days-button", { player: p, count: days }),
    );
    if (advance) {
      G.player = (G.record.players.indexOf(p) + 1) % G.record.players.length;
      render();
    }
  }

  // ------------------------------------------------------------------ the gold

  function results(order, data) {
    const players = G.record.players,
      sc = G.score;
    const reserve = sc.reserve || {};
    const most = data ? data.max_reserve : preset().max_reserve;
    const byTurns = Array.isArray(G.record.turns);
    const table = h(
      "table",
      { id: "gold" },
      h(
        "tr",
        {},
        h("th", {}, t("ls.player")),
        h("th", { class: "num" }, t("ls.gold")),
        h("th", { class: "num" }, t("ls.days-kept")),
      ),
      players.map((p, i) =>
        h(
          "tr",
          { "data-player": p },
          h("td", {}, badge(i), " ", p),
          h("td", { class: "num" }, sc.gold[p]),
          h(
            "td",
            { class: "num" },
            byTurns
              ? String(reserve[p])
              : h("input", {
                  type: "number",
                  inputmode: "numeric",
                  min: 0,
                  max: most,
                  value: reserve[p] || 0,
                  "aria-label": t("ls.days-of", { player: p }),
                  onchange: (ev) =>
                    setDays(p, Math.max(0, Math.min(most, Math.round(Number(ev.target.value) || 0))), false),
                }),
          ),
        ),
      ),
    );
    const rows = order
      .map((st) => sc.settlements.find((x) => x.id === st.id))
      .filter((st) => st?.players.length);
    const perSettlement = h(
      "table",
      { id: "settlement-gold" },
      h(
        "tr",
        {},
        h("th", {}, t("ls.settlement")),
        h("th", {}, t("ls.merchants")),
        h("th", { class: "num" }, t("ls.gold-each")),
      ),
      rows.map((st) =>
        h(
          "tr",
          {
            "data-settlement": st.id,
            onclick: () => {
              if (!byTurns) {
                G.mode = null;
                walk.scrolled = null;
                goTo(order.findIndex((x) => x.id === st.id));
                document.getElementById("board").scrollIntoView({ block: "center" });
              }
            },
          },
          h("td", {}, kindName(st.kind), " ", h("span", { class: "id" }, st.id)),
          h(
            "td",
            {},
            st.players.map((p) => h("span", { class: "who" }, badge(players.indexOf(p), 14), " ", p)),
          ),
          h("td", { class: "num" }, st.gold_each),
        ),
      ),
    );
    return h(
      "div",
      { class: "card", id: "ls-results" },
      h("h2", {}, t("ls.gold-title")),
      table,
      h("p", { class: "winner", id: "winners" }, winnersText(data)),
      h("h2", {}, t("ls.per-settlement")),
      rows.length ? perSettlement : h("p", { class: "small", id: "settlement-gold" }, t("ls.no-merchant")),
    );
  }
  // The winners as the engine gives them, and what decided: the gold, or the travel days kept
  // among the players tied on gold, or nothing (a shared win).
  function winnersText(data) {
    if (!data) return "";
    const o = data.outcome,
      placed = Object.values(data.placed).reduce((a, b) => a + b, 0);
    if (!placed) return t("ls.no-merchant");
    if (o.decided_by === "gold") return t("ls.wins-gold", { player: o.winners[0], gold: o.gold });
    if (o.decided_by === "reserve")
      return t("ls.wins-reserve", {
        tied: joinNames(o.tied),
        gold: o.gold,
        player: o.winners[0],
        count: o.reserve,
      });
    return t("ls.wins-shared", { players: joinNames(o.winners), gold: o.gold, count: o.reserve });
  }

  // ------------------------------------------------------------------ a new game

  // The variant follows the number of players (the engine says which a number may play); the
  // table sees it, and the rules of the two-player variant, before the game starts.
  function newGame({ players }) {
    const variant = h(
      "select",
      { id: "new-variant", "aria-label": t("ls.variant") },
      h("option", { value: "standard" }, t("ls.variant-standard")),
      h("option", { value: "two-player" }, t("ls.variant-two")),
    );
    const note = h("p", { class: "small", id: "new-variant-note" });
    const known = {};
    function show() {
      const n = players().filter(Boolean).length,
        allowed = known[n];
      if (!allowed) return;
      for (const o of variant.options) o.disabled = !allowed.includes(o.value);
      if (!allowed.includes(variant.value)) variant.value = allowed[0] || "standard";
      note.textContent = variant.value === "two-player" ? t("ls.variant-two-note") : "";
    }
    async function learn() {
      const [lo, hi] = (TW.catalogue.find((g) => g.name === "lastrada") || { players: [2, 4] }).players;
      for (let n = lo; n <= hi; n++)
        if (!known[n]) known[n] = await TW.engine.ask("variants", { game: "lastrada" }, n);
      show();
    }
    newGameForm.update = () => {
      if (variant.isConnected) show();
    };
    learn().catch((e) => say(e.message));
    return {
      elements: [h("div", { class: "row" }, h("label", {}, t("ls.variant"), variant)), note],
      playersChanged: show,
      complete(record) {
        const allowed = known[record.players.length];
        record.variant = allowed && !allowed.includes(variant.value) ? allowed[0] : variant.value;
        record.settlements = {};
        record.reserve = {};
      },
    };
  }
  // The names are typed in the shell's form: the variant follows as they change.
  const newGameForm = { update: null };
  document.addEventListener("input", (ev) => {
    if (ev.target.classList?.contains("player") && newGameForm.update) newGameForm.update();
  });

  window.TW.games.lastrada = { page: lastrada, newGame };
})();
