// The map editor's host (#/edit): choose a game and a start, then edit a draft map with undo and
// redo, kept on this device after every change, checked by the game's own loader in the engines'
// worker, exported, printed by a laptop and played. Each game draws its own tools and board in a
// module of its own (static/games/<game>-editor.js); this file is everything around it.
//
// ============================================================================ THE HOST API
// (the contract in editor-contract.md, made exact; game modules follow this and nothing else)
//
// ROUTES
//   #/edit                       choose a game and a start; the drafts of this device
//   #/edit/<game>/<draft id>     the editor of one draft
//
// A GAME'S MODULE
//   The game declares it: `editor="<game>-editor.js"` on its Game (scorer/trackwright/games/),
//   like `page`; the catalogue says `"editor": "<file>"`, the site ships and precaches it, the
//   host loads it (a classic <script>, after app.js and this file) the first time #/edit opens.
//   The module registers itself:
//
//     window.TW.editors.<game> = {
//       start: {                       // what the start page offers for "empty" and "random"
//         sizes: { min: [cols, rows], max: [cols, rows], default: [cols, rows],
//                  defaults: { <kind>: [cols, rows] },  // optional: a kind's own default
//                  without: [<kind>, ...] },  // optional: kinds that take no size (the host
//                                             // hides the fields and sends the default)
//         kinds: ["empty", "random"],  // the kinds of `map_start` this game answers; the host
//                                      // asks map_start({game}, {kind, cols, rows, seed, lang})
//                                      // and, when the answer is {laptop: true, message} (a
//                                      // random map the page cannot make), asks the laptop
//                                      // (POST api/edit/random) or says the message
//       },
//       mount(ctx) -> {
//         update(),                    // called after every change (ctx.map is the new draft),
//                                      // undo/redo, and every new check answer (ctx.check)
//         place(problem) -> [{x, y, w, h}, ...],
//                                      // where a problem (or warning) of ctx.check lies, boxes
//                                      // in the board SVG's user units (the viewBox); [] when
//                                      // it has no place (the host lists it only)
//         svg,                         // the board's <svg> element (the host draws its rings
//                                      // in a <g class="ed-rings"> it appends last to it, and
//                                      // appends it again after each update())
//         show(boxes),                 // optional: bring these boxes into view (zoom/scroll);
//                                      // without it the host calls scrollIntoView on the ring
//         unmount(),                   // optional: the editor is left (drop listeners)
//       },
//     };
//
// ctx (one object per mounted editor; its getters always give the current value)
//   ctx.root          a <div class="ed-game"> for the module's tools and board (the host's
//                     toolbar with the map's name field (#ed-name: it edits map.name), problems
//                     and measures are outside it)
//   ctx.game          the game's name ("dampfross")
//   ctx.map           getter: the draft map JSON (a map file as `trackwright generate GAME --map`
//                     reads it). NEVER mutate it: edit through ctx.change.
//   ctx.change(label, mutate) -> Promise
//                     one undoable step: the host deep-copies ctx.map, calls mutate(copy) (edit
//                     the copy in place; return false to cancel), and when the copy differs, makes
//                     it the draft at once (ctx.map is the copy as soon as change returns, and
//                     update() has been called), says `label` at the foot of the screen (a text
//                     already translated: ctx.t of a "df.ed.painted" key with {count: 20}), saves the
//                     draft on this device (the Promise resolves when IndexedDB has committed).
//                     Checks are asked after it, debounced. A stroke of the brush is ONE change:
//                     draw the stroke's preview yourself, call change once on pointerup.
//   ctx.check         getter: the last `map_check` answer for the current draft, or null while
//                     none has come for it ({problems, measures, finished}: editor-contract.md)
//   ctx.checking      getter: true while a check of the current draft is awaited
//   ctx.ask(name, args) -> Promise
//                     Engine.ask(name, {game, map: ctx.map}, args) in the engines' worker (e.g.
//                     ask("map_fill", {}) -> {map}); rejects with an Error (.engine true: the
//                     rules' one line). The answer may come after other changes: compare
//                     ctx.map to the one you asked with (ctx.map === before) before applying.
//   ctx.say(text, ok) a message at the foot of the screen (ok: a success, shown briefly)
//   ctx.t, ctx.h, ctx.s  TW.t (texts by key), TW.h (HTML element), TW.s (SVG element)
//   ctx.view(opts) -> view
//                     the board's pan and zoom, one helper for every module. opts: {wrap (the
//                     scrolling element), target (the element taking pointers: make the view
//                     before adding your own pointer listeners to it), size(zoom) (you size
//                     the board to zoom px per unit), zoom (the first), min, max (default 0.2,
//                     8), panning() (true when a mouse drag should move the board: the Move
//                     tool), pinch (two fingers pan and zoom; otherwise a finger scrolls
//                     natively), onPinch() (a second finger came down: drop your stroke)}.
//                     view.zoom (get; set: clamped, size called), view.zoomBy(k, keep) (about
//                     the window's centre, or keep = [x, y] px in the scrolled content),
//                     view.centre(x, y) (scroll a board point, in units, to the window's
//                     middle), view.busy (a pan or pinch is under way: ignore the pointer).
//   ctx.toolButtons(prefix, tools, current, pick) -> [button]
//                     the module's tool row: one button per tool, id `<prefix>-tool-<tool>`, text
//                     `<prefix>.ed.tool-<tool>`, the current one pressed; pick(tool) on a tap.
//   ctx.lang          the interface's language ("en", "fr", "de", "it")
//
// STRINGS
//   The host's texts: "ed.*" keys in i18n/app.json. A module's texts: "<prefix>.ed.*" keys in
//   its game's strings file (games/<game>.strings.json, which the page already loads): "df.ed.*"
//   Dampfross, "ta.ed.*" TransAmerica, "ls.ed.*" La Strada; en, fr, de and it, the same keys and
//   {placeholders} in each (tests/web/test_i18n.py). Counted texts: "key.one"/"key.other" with
//   {count}, looked up as ctx.t with {count} in its values.
//
// THE HOST DOES (a module never does these)
//   undo/redo (toolbar buttons #ed-undo, #ed-redo; Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z), the draft in
//   IndexedDB after every change (and a synchronous journal, so a killed tab loses nothing shown),
//   `map_check` in the worker (debounced, stale answers dropped), the problems list (#ed-problems,
//   each an <li data-kind="<kind>">: a tap rings its place on the board and brings it into view),
//   the measures panel (#ed-measures: measures.lines, the histogram, the warnings), export
//   (#ed-export: `map.json` as finished only when check.finished; else #ed-save-draft; when the
//   finished map's measures are a sample, `measures.exact === false` (TransAmerica's hands), the
//   file downloads at once and the host then asks the game's `map_exact` ({lang, budget_ms}: a
//   part of every hand per answer, {done, total, progress, measures: null until done}) again and
//   again in the worker, a check of a further edit going between two parts, and shows the exact
//   figures in #ed-exact (data-state running|done|stopped|failed; #ed-exact-stop stops), import
//   (#ed-import), "Start a game with this map" (#ed-play), "Print this map" with a laptop
//   (#ed-print: POST api/edit/print).
//
// FOR TESTS
//   window.twEditorIdle() -> Promise: nothing pending (the save, the debounced check, its answer,
//   the redraw; not the exact measures after an export, which take seconds: wait for
//   #ed-exact[data-state=done]). window.TWEditor.current: {draftId, map, check, undoDepth,
//   redoDepth, exact: {state, done, total} | null} or null.
//   window.TWEditor.checkTimes: ms from each edit to its check shown (benchmarks/editor_page.py).
// ============================================================================
"use strict";
(() => {
  const TW = window.TW;
  const Store = window.TWStore,
    Engine = window.TWEngine;
  TW.editors = {};
  const CHECK_DELAY = 150; // ms after the last change before the draft is checked
  const KEEP_STEPS = 30; // undo steps kept with the draft on this device (more in memory)
  const MEMORY_STEPS = 300;
  const EXACT_PART_MS = 250; // each part of the exact measures after an export: a check waits no longer

  // The editor open now (null on the start page).
  let E = null;
  // The exact run of the editor just left, {draftId, run}: a change of the app's language draws
  // the page again, and the same draft's run then goes on, its figures asked in the new language.
  let left = null;
  const idleWaiters = [];
  const loaded = new Map(); // game -> Promise of its module's script
  const checkTimes = []; // ms from an edit to its check shown, for benchmarks

  const t = (...a) => TW.t(...a);
  const h = (...a) => TW.h(...a);
  const copy = (x) => structuredClone(x);
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  function catalogueOf(game) {
    return TW.catalogue.find((g) => g.name === game) || null;
  }
  function editable() {
    return TW.catalogue.filter((g) => g.editor);
  }
  // A game's module, loaded once (a classic script: it registers TW.editors.<game>).
  function loadModule(game) {
    const entry = catalogueOf(game);
    if (!entry?.editor) return Promise.reject(new Error(t("ed.no-editor", { game })));
    if (!loaded.has(game))
      loaded.set(
        game,
        new Promise((resolve, reject) => {
          const el = document.createElement("script");
          el.src = `games/${entry.editor}`;
          el.onload = () => resolve(TW.editors[game]);
          el.onerror = () => reject(new Error(t("ed.no-editor", { game: entry.title })));
          document.head.append(el);
        }),
      );
    return loaded.get(game);
  }

  // ---------------------------------------------------------------- drafts on this device

  const journalKey = (id) => `tw-draft-journal-${id}`;
  // A draft as kept: {id, game, name, map, undo: [maps], redo: [maps], seq, created, updated}.
  function kept(draft) {
    return {
      ...draft,
      undo: draft.undo.slice(-KEEP_STEPS),
      redo: draft.redo.slice(-KEEP_STEPS),
    };
  }
  // A change is kept at once in a journal (synchronous, before it is drawn: a killed tab loses
  // nothing shown; a map too big for localStorage is kept by IndexedDB alone), then in IndexedDB
  // once the new draft has been drawn (the write clones the draft and its undo steps: after the
  // frame, not in it); the journal goes once the write has committed.
  function journal(draft, text = JSON.stringify(draft.map)) {
    try {
      localStorage.setItem(journalKey(draft.id), `{"seq":${draft.seq},"map":${text}}`);
    } catch {
      localStorage.removeItem(journalKey(draft.id));
    }
  }
  // The next frame drawn (or a quarter second, in a hidden tab that draws none).
  const afterFrame = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      setTimeout(resolve, 250);
    });
  async function save(draft) {
    await afterFrame();
    const seq = draft.seq;
    await Store.putDraft(kept(draft));
    const j = localStorage.getItem(journalKey(draft.id));
    if (j && JSON.parse(j).seq === seq) localStorage.removeItem(journalKey(draft.id));
  }
  function persist(draft, text) {
    journal(draft, text);
    E.saving = E.saving.then(() => save(draft)).catch((e) => TW.say(e.message));
  }
  // A draft opened after a killed tab: the journal's newer map is the draft's.
  async function recovered(draft) {
    const text = localStorage.getItem(journalKey(draft.id));
    if (!text) return draft;
    const entry = JSON.parse(text);
    if (entry.seq > draft.seq && !same(entry.map, draft.map)) {
      draft.undo.push(draft.map);
      draft.map = entry.map;
      draft.seq = entry.seq;
      draft.redo = [];
      draft.updated = Date.now();
      await Store.putDraft(kept(draft));
    }
    localStorage.removeItem(journalKey(draft.id));
    return draft;
  }
  async function newDraft(game, map) {
    const draft = {
      id: TW.newId(),
      game,
      name: map.name || t("ed.untitled"),
      map,
      undo: [],
      redo: [],
      seq: 0,
      created: Date.now(),
      updated: Date.now(),
    };
    await Store.putDraft(draft);
    return draft;
  }

  // ---------------------------------------------------------------- the start page

  async function startPage(main) {
    document.getElementById("title").textContent = t("ed.title");
    const games = editable();
    const gameSel = h(
      "select",
      { id: "ed-game" },
      games.map((g) => h("option", { value: g.name }, g.title)),
    );
    const startSel = h("select", { id: "ed-start" });
    const options = h("div", { id: "ed-start-options" });
    const fileInput = h("input", { type: "file", id: "ed-file", accept: ".json,application/json" });
    const go = h("button", { id: "ed-begin" }, t("ed.begin"));
    async function fillStarts() {
      const game = gameSel.value;
      const unit = await loadModule(game).catch(() => null);
      // A game chosen while this one's module loaded: its own filling is the one to show.
      if (game !== gameSel.value) return;
      const kinds = unit?.start?.kinds || [];
      const maps = TW.Maps.index.filter((e) => e.game === game);
      startSel.replaceChildren(
        ...kinds.map((k) => h("option", { value: `kind:${k}` }, t(`ed.start.${k}`))),
        h("option", { value: "file" }, t("ed.start.file")),
        ...maps.map((m) =>
          h(
            "option",
            { value: `map:${m.builtin ? `b:${m.id}` : `s:${m.sha256}`}` },
            `${m.builtin ? t("ed.start.builtin") : t("ed.start.device")}: ${m.name}`,
          ),
        ),
      );
      startChanged(unit);
    }
    function startChanged(unit = TW.editors[gameSel.value]) {
      const v = startSel.value;
      const sizes = unit?.start?.sizes;
      const parts = [];
      if (v.startsWith("kind:") && sizes && !sizes.without?.includes(v.slice(5))) {
        const [c0, r0] = sizes.defaults?.[v.slice(5)] || sizes.default || sizes.min;
        parts.push(
          h(
            "div",
            { class: "row" },
            h("label", {}, t("ed.cols"), sizeInput("ed-cols", c0, sizes.min[0], sizes.max[0])),
            h("label", {}, t("ed.rows"), sizeInput("ed-rows", r0, sizes.min[1], sizes.max[1])),
          ),
        );
      }
      if (v === "kind:random")
        parts.push(
          h(
            "div",
            { class: "row" },
            h(
              "label",
              {},
              t("ed.seed"),
              h("input", {
                id: "ed-seed",
                type: "number",
                value: Math.floor(Math.random() * 1e6),
              }),
            ),
          ),
        );
      if (v === "file") parts.push(h("div", { class: "row" }, fileInput));
      options.replaceChildren(...parts);
    }
    gameSel.addEventListener("change", () => fillStarts());
    startSel.addEventListener("change", () => startChanged());
    go.addEventListener("click", () =>
      busy(go, async () => {
        // Opened only if the user is still here: the engines or the laptop may take seconds.
        const from = TW.pageShown();
        const draft = await begin(gameSel.value, startSel.value, fileInput.files[0]);
        if (draft && TW.pageShown() === from) location.hash = `#/edit/${draft.game}/${draft.id}`;
      }),
    );
    const drafts = await Store.drafts();
    const list = h(
      "div",
      { class: "card", id: "ed-drafts" },
      h("h2", {}, t("ed.drafts")),
      drafts.length
        ? h(
            "ul",
            { class: "ed-draft-list" },
            drafts.map((d) =>
              h(
                "li",
                { "data-draft": d.id },
                h(
                  "a",
                  { href: `#/edit/${d.game}/${d.id}` },
                  `${catalogueOf(d.game)?.title || d.game} · ${d.name}`,
                ),
                " ",
                h("span", { class: "small" }, new Date(d.updated).toLocaleString(TW.I18N.lang)),
                " ",
                h(
                  "button",
                  {
                    class: "secondary",
                    "data-remove": d.id,
                    onclick: async () => {
                      if (!confirm(t("ed.remove-sure", { name: d.name }))) return;
                      const from = TW.pageShown();
                      await Store.removeDraft(d.id);
                      // Drawn again in the page's queue, as a route is, and only if still here:
                      // a draft opened meanwhile keeps its editor.
                      TW.G.queue = TW.G.queue
                        .then(() => (TW.pageShown() === from && !E ? startPage(main) : null))
                        .catch((e) => TW.say(e.message));
                    },
                  },
                  t("ed.remove"),
                ),
              ),
            ),
          )
        : h("p", { class: "small" }, t("ed.no-drafts")),
    );
    main.replaceChildren(
      h("h1", {}, t("ed.title")),
      h(
        "div",
        { class: "card", id: "ed-new" },
        h("h2", {}, t("ed.new")),
        games.length
          ? [
              h("div", { class: "row" }, h("label", {}, t("home.game"), gameSel)),
              h("div", { class: "row" }, h("label", {}, t("ed.start"), startSel)),
              options,
              h("div", { class: "row" }, go),
            ]
          : h("p", {}, t("ed.none")),
      ),
      list,
    );
    if (games.length) await fillStarts();
  }
  function sizeInput(id, value, min, max) {
    return h("input", { id, type: "number", value, min, max, step: 1, class: "ed-size" });
  }
  async function busy(button, work) {
    button.disabled = true;
    try {
      await work();
    } catch (e) {
      TW.say(TW.inWords(e.message));
    } finally {
      button.disabled = false;
    }
  }
  function number(id) {
    const el = document.getElementById(id);
    return el ? Math.round(Number(el.value)) : null;
  }
  // A new draft from the start chosen.
  async function begin(game, start, file) {
    if (start === "file") {
      if (!file) throw new Error(t("ed.choose-file"));
      return fromFile(file, game);
    }
    if (start.startsWith("map:")) {
      const key = start.slice(4);
      const entry = TW.Maps.index.find(
        (e) => e.game === game && (e.builtin ? `b:${e.id}` : `s:${e.sha256}`) === key,
      );
      return newDraft(game, copy(await TW.mapData(entry)));
    }
    const kind = start.slice(5);
    const sizes = TW.editors[game]?.start?.sizes;
    const sizeless = sizes?.without?.includes(kind);
    const fallback = sizes?.defaults?.[kind] || sizes?.default || [null, null];
    const cols = sizeless ? fallback[0] : number("ed-cols"),
      rows = sizeless ? fallback[1] : number("ed-rows");
    if (sizes && !sizeless) {
      if (!(cols >= sizes.min[0] && cols <= sizes.max[0] && rows >= sizes.min[1] && rows <= sizes.max[1]))
        throw new Error(t("ed.size-range", { min: sizes.min.join(" × "), max: sizes.max.join(" × ") }));
    }
    // Read once, before the wait: the page may be another by the time the engines answer.
    const seed = number("ed-seed") ?? 0;
    await TW.engineStarted();
    const map = await Engine.ask("map_start", { game }, { kind, cols, rows, seed, lang: TW.I18N.lang });
    return newDraft(game, await orLaptop(game, map, { kind, cols, rows, seed }));
  }
  // A start the engines cannot make in the page (a random map needs the laptop's map makers):
  // asked of the laptop when there is one (POST api/edit/random), else its message said.
  async function orLaptop(game, map, args) {
    if (!map || map.game || !map.laptop) return map;
    if (!TW.Server.available) throw new Error(map.message);
    TW.say(t("ed.laptop-making"), true);
    const { data } = await TW.api(
      "POST",
      "edit/random",
      { game, cols: args.cols, rows: args.rows, seed: args.seed, lang: TW.I18N.lang },
      { timeout: 120000 },
    );
    return data;
  }
  // A map.json file: any game's map (its draft too), as a new draft.
  async function fromFile(file, expected = null) {
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch {
      throw new Error(`${file.name}: ${t("ed.not-json")}`);
    }
    if (!data || typeof data !== "object" || Array.isArray(data) || !catalogueOf(data.game)?.editor)
      throw new Error(`${file.name}: ${t("ed.not-map")}`);
    if (expected && data.game !== expected)
      TW.say(t("ed.other-game", { game: catalogueOf(data.game).title }));
    return newDraft(data.game, data);
  }

  // ---------------------------------------------------------------- the editor

  async function editorPage(main, game, id) {
    const stored = await Store.draft(id);
    if (!stored || stored.game !== game) {
      main.replaceChildren(h("p", {}, t("ed.missing")), h("a", { href: "#/edit" }, t("ed.title")));
      return;
    }
    const draft = await recovered(stored);
    const unit = await loadModule(game);
    const root = h("div", { class: "ed-game" });
    E = {
      draft,
      unit,
      root,
      view: null,
      check: null, // the last answer, for E.checkedMap
      checkedMap: null,
      checkError: null,
      asking: null, // the map whose check is awaited
      timer: null,
      focus: null, // the problem tapped
      saving: Promise.resolve(),
      keys: null,
      changedAt: null,
      text: null, // the draft map's JSON text, once made
    };
    document.getElementById("title").textContent = `${catalogueOf(game).title} · ${t("ed.title")}`;
    const parts = frame();
    main.replaceChildren(...parts);
    E.view = unit.mount(context());
    E.keys = keyboard;
    document.addEventListener("keydown", keyboard);
    panels();
    rings();
    scheduleCheck(0);
    resumeExact(id);
  }
  function context() {
    const e = E;
    return {
      root: e.root,
      game: e.draft.game,
      get map() {
        return e.draft.map;
      },
      get check() {
        return e.checkedMap === e.draft.map ? e.check : null;
      },
      get checking() {
        return e.asking === e.draft.map || e.timer !== null;
      },
      // A module's change that lands after its editor was left (an engine's late answer) is
      // dropped: it must never replace the draft open now.
      change: (label, mutate) => (e === E ? change(label, mutate) : Promise.resolve()),
      ask: (name, args) => Engine.ask(name, { game: e.draft.game, map: e.draft.map }, args),
      say: (text, ok = false) => TW.say(text, ok),
      t: TW.t,
      h: TW.h,
      s: TW.s,
      lang: TW.I18N.lang,
      view: boardView,
      toolButtons,
    };
  }

  // ---------------------------------------------------------------- a module's tool row
  function toolButtons(prefix, tools, current, pick) {
    return tools.map((tool) =>
      h(
        "button",
        {
          class: current === tool ? "active" : "secondary",
          "aria-pressed": current === tool ? "true" : "false",
          "data-tool": tool,
          id: `${prefix}-tool-${tool}`,
          onclick: () => pick(tool),
        },
        t(`${prefix}.ed.tool-${tool}`),
      ),
    );
  }

  // ---------------------------------------------------------------- pan and zoom (ctx.view)
  function boardView(o) {
    const wrap = o.wrap;
    const [min, max] = [o.min ?? 0.2, o.max ?? 8];
    let zoom = o.zoom ?? 1;
    const down = new Map(); // pointer id -> [x, y] on the screen
    let pan = null;
    const view = {
      get zoom() {
        return zoom;
      },
      set zoom(z) {
        zoom = Math.min(max, Math.max(min, z));
        o.size(zoom);
      },
      get busy() {
        return pan !== null;
      },
      zoomBy(k, keep = null) {
        const old = zoom;
        const cx = keep ? keep[0] : wrap.scrollLeft + wrap.clientWidth / 2,
          cy = keep ? keep[1] : wrap.scrollTop + wrap.clientHeight / 2;
        view.zoom = zoom * k;
        wrap.scrollLeft = (cx * zoom) / old - wrap.clientWidth / 2;
        wrap.scrollTop = (cy * zoom) / old - wrap.clientHeight / 2;
      },
      centre(x, y) {
        wrap.scrollLeft = x * zoom - wrap.clientWidth / 2;
        wrap.scrollTop = y * zoom - wrap.clientHeight / 2;
      },
    };
    const fingers = () => {
      const [a, b] = [...down.values()];
      return { d: Math.hypot(a[0] - b[0], a[1] - b[1]), mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
    };
    function pinchMove() {
      const now = fingers();
      wrap.scrollLeft -= now.mid[0] - pan.mid[0];
      wrap.scrollTop -= now.mid[1] - pan.mid[1];
      if (pan.d > 0 && Math.abs(now.d / pan.d - 1) > 0.02) {
        const box = wrap.getBoundingClientRect();
        const keep = [wrap.scrollLeft + now.mid[0] - box.left, wrap.scrollTop + now.mid[1] - box.top];
        view.zoomBy(now.d / pan.d, keep);
      }
      pan = now;
    }
    o.target.addEventListener("pointerdown", (ev) => {
      down.set(ev.pointerId, [ev.clientX, ev.clientY]);
      if (o.pinch && down.size === 2) {
        o.onPinch?.();
        pan = fingers();
      } else if (ev.pointerType === "mouse" && o.panning?.())
        pan = { mouse: [ev.clientX, ev.clientY, wrap.scrollLeft, wrap.scrollTop] };
    });
    o.target.addEventListener("pointermove", (ev) => {
      if (!down.has(ev.pointerId)) return;
      down.set(ev.pointerId, [ev.clientX, ev.clientY]);
      if (pan?.mouse) {
        wrap.scrollLeft = pan.mouse[2] - (ev.clientX - pan.mouse[0]);
        wrap.scrollTop = pan.mouse[3] - (ev.clientY - pan.mouse[1]);
      } else if (pan && down.size === 2) pinchMove();
    });
    for (const end of ["pointerup", "pointercancel", "pointerleave"])
      o.target.addEventListener(end, (ev) => {
        if (end === "pointerleave" && ev.pointerType !== "mouse") return;
        down.delete(ev.pointerId);
        if (!down.size || pan?.mouse) pan = null;
      });
    return view;
  }
  function frame() {
    const button = (id, key, onclick, cls = "secondary") => h("button", { id, class: cls, onclick }, t(key));
    const importInput = h("input", {
      type: "file",
      id: "ed-import",
      accept: ".json,application/json",
      onchange: (ev) => importFile(ev.target),
    });
    const name = h("input", {
      id: "ed-name",
      value: E.draft.map.name || "",
      "aria-label": t("ed.name"),
      onchange: (ev) => {
        const v = ev.target.value.trim();
        if (v) change(t("ed.renamed", { name: v }), (m) => (m.name = v));
      },
    });
    const bar = h(
      "div",
      { class: "row toolbar ed-toolbar" },
      h("a", { href: "#/edit", class: "button secondary", id: "ed-back" }, t("ed.back")),
      button("ed-undo", "undo", () => undo()),
      button("ed-redo", "ed.redo", () => redo()),
      name,
    );
    const out = h(
      "div",
      { class: "row ed-out", id: "ed-out" },
      button("ed-export", "ed.export", () => exportMap(true), ""),
      button("ed-save-draft", "ed.save-draft", () => exportMap(false)),
      button("ed-play", "ed.play", () => play()),
      button("ed-print", "ed.print", () => printMap()),
      h("label", { class: "button secondary" }, t("ed.import"), importInput),
    );
    E.state = h("p", { class: "small", id: "ed-state" });
    E.problems = h("div", { class: "card", id: "ed-problems" });
    E.measures = h("div", { class: "card", id: "ed-measures" });
    E.out = out;
    return [bar, E.state, E.root, out, E.problems, E.measures];
  }

  // One step: the draft's map replaced by an edited copy (nothing when it is the same).
  function change(label, mutate) {
    if (!E) return Promise.resolve();
    const next = copy(E.draft.map);
    if (mutate(next) === false) return Promise.resolve();
    // The map's text, made once: to tell a change from none, and for the journal.
    const text = JSON.stringify(next);
    E.text ??= JSON.stringify(E.draft.map);
    if (text === E.text) return Promise.resolve();
    step(next, "undo", label, text);
    return E.saving;
  }
  // Make `map` the draft, pushing the one it replaces on the stack `onto` (undo or redo).
  function step(map, onto, label, text = JSON.stringify(map)) {
    const d = E.draft;
    d[onto].push(d.map);
    if (d[onto].length > MEMORY_STEPS) d[onto].shift();
    if (onto === "undo" && label !== null) d.redo = [];
    d.map = map;
    d.seq += 1;
    d.updated = Date.now();
    if (map.name) d.name = map.name;
    E.focus = null;
    E.changedAt ??= performance.now();
    E.text = text;
    persist(d, text);
    redraw();
    if (label) TW.say(label, true, false);
    scheduleCheck();
  }
  function undo() {
    if (!E) return;
    const d = E.draft;
    if (!d.undo.length) {
      TW.say(t("undo.nothing"));
      return;
    }
    const back = d.undo.pop();
    step(back, "redo", null);
    TW.say(t("undo.done"), true);
  }
  function redo() {
    if (!E) return;
    const d = E.draft;
    if (!d.redo.length) {
      TW.say(t("ed.redo-nothing"));
      return;
    }
    const again = d.redo.pop();
    d.undo.push(d.map);
    d.map = again;
    d.seq += 1;
    d.updated = Date.now();
    E.focus = null;
    E.changedAt ??= performance.now();
    E.text = JSON.stringify(again);
    persist(d, E.text);
    redraw();
    TW.say(t("ed.redone"), true);
    scheduleCheck();
  }
  function keyboard(ev) {
    if (!(ev.ctrlKey || ev.metaKey) || ev.altKey) return;
    if (ev.target.closest?.("input, textarea, select")) return; // their own undo
    const key = ev.key.toLowerCase();
    if (key === "z" && !ev.shiftKey) undo();
    else if (key === "y" || (key === "z" && ev.shiftKey)) redo();
    else return;
    ev.preventDefault();
  }
  function redraw() {
    const name = document.getElementById("ed-name");
    if (name && document.activeElement !== name) name.value = E.draft.map.name || "";
    E.view.update();
    panels();
    rings();
  }

  // ---------------------------------------------------------------- checks

  function scheduleCheck(delay = CHECK_DELAY) {
    clearTimeout(E.timer);
    const e = E;
    e.timer = setTimeout(() => {
      e.timer = null;
      askCheck(e);
    }, delay);
  }
  // One check in flight at a time; when it answers for a map that is no longer the draft, the
  // draft is asked about at once (answers for old maps are never shown).
  async function askCheck(e) {
    if (e !== E || e.asking) return;
    const map = e.draft.map;
    e.asking = map;
    panels();
    try {
      const answer = await Engine.ask(
        "map_check",
        { game: e.draft.game, map },
        { lang: TW.I18N.lang, exact: false },
      );
      e.check = answer;
      e.checkedMap = map;
      e.checkError = null;
    } catch (err) {
      e.check = null;
      e.checkedMap = map;
      e.checkError = err.message;
    } finally {
      e.asking = null;
    }
    if (e !== E) return;
    if (e.draft.map !== map) {
      if (e.timer === null) askCheck(e);
      return;
    }
    e.view.update();
    panels();
    rings();
    // From the first change not yet checked to its check shown (benchmarks/editor_page.py).
    if (e.changedAt !== null) {
      const since = e.changedAt;
      requestAnimationFrame(() => setTimeout(() => checkTimes.push(performance.now() - since), 0));
      e.changedAt = null;
    }
    settle();
  }
  function current() {
    return E && E.checkedMap === E.draft.map ? E.check : null;
  }

  // ---------------------------------------------------------------- problems and measures

  // The last answer shown while the draft is checked again (marked as being checked), so that
  // nothing jumps under a finger at each stroke; null when the last check failed.
  function shownCheck() {
    if (!E) return null;
    const failed = !current() && E.checkError && E.checkedMap === E.draft.map;
    return failed ? null : current() || E.check;
  }
  function stateText(shown) {
    if (!shown && E.checkError && E.checkedMap === E.draft.map)
      return t("ed.check-failed", { why: E.checkError });
    if (!shown) return t("ed.checking");
    return shown.finished ? t("ed.finished") : t("ed.unfinished", { count: shown.problems.length });
  }
  function panels() {
    if (!E) return;
    const check = current();
    const shown = shownCheck();
    E.state.textContent = stateText(shown);
    E.state.className = `small${check?.finished ? " ok" : ""}${check ? "" : " stale"}`;
    const finished = !!check?.finished;
    document.getElementById("ed-export").disabled = !finished;
    document.getElementById("ed-play").disabled = !finished;
    const print = document.getElementById("ed-print");
    print.hidden = !TW.Server.available;
    print.disabled = !finished;
    E.problems.classList.toggle("stale", !check);
    E.measures.classList.toggle("stale", !check);
    E.problems.replaceChildren(
      h("h2", {}, t("ed.problems")),
      shown
        ? shown.problems.length
          ? problemList(shown.problems, "problem")
          : h("p", { class: "small" }, t("ed.no-problems"))
        : h("p", { class: "small" }, stateText(null)),
    );
    E.measures.replaceChildren(
      h("h2", {}, t("ed.measures")),
      ...(E.exact ? [E.exact.box, h("h3", {}, t("ed.exact.draft"))] : []),
      ...(shown ? measures(shown.measures) : []),
    );
    if (E.exact) exactShown(E.exact);
  }
  function problemList(problems, cls) {
    return h(
      "ul",
      { class: `ed-list ${cls}s` },
      problems.map((p, i) =>
        h(
          "li",
          {
            class: `ed-${cls}`,
            "data-kind": p.kind,
            "data-index": i,
            tabindex: 0,
            role: "button",
            onclick: () => focusOn(p),
            onkeydown: (ev) => ev.key === "Enter" && focusOn(p),
          },
          p.message,
        ),
      ),
    );
  }
  function measures(m) {
    if (!m) return [];
    const out = [];
    for (const l of m.lines || [])
      out.push(
        h(
          "div",
          { class: "ed-measure-line" },
          h("span", { class: "ed-measure-label" }, l.label),
          " ",
          h("span", { class: "ed-measure-value" }, l.value),
          l.note ? h("div", { class: "small" }, l.note) : "",
        ),
      );
    if (m.histogram?.length) {
      out.push(h("p", { class: "small" }, t("ed.histogram")), histogram(m.histogram, m.histogram_band));
      if (m.histogram_band?.label)
        out.push(h("p", { class: "small", id: "ed-histogram-band" }, m.histogram_band.label));
    }
    if (m.warnings?.length) out.push(h("h3", {}, t("ed.warnings")), problemList(m.warnings, "warning"));
    return out;
  }
  // [[value, count], ...] as bars, the value under each; a band ({low, high, most}: the
  // measures' histogram_band) shades the bars from low to high and draws a line after most.
  function histogram(rows, band = null) {
    const most = Math.max(...rows.map(([, c]) => c), 1);
    const w = 10,
      high = 40;
    const svg = TW.s("svg", {
      class: "ed-histogram",
      viewBox: `0 0 ${rows.length * w} ${high + 8}`,
      role: "img",
      "aria-label": t("ed.histogram"),
    });
    if (band) {
      rows.forEach(([value], i) => {
        if (value >= band.low && value <= band.high)
          svg.append(
            TW.s("rect", { x: i * w, y: 0, width: w, height: high, class: "ed-band", fill: "#e3e3e3" }),
          );
      });
      const x = rows.filter(([value]) => value <= band.most).length * w;
      svg.append(
        TW.s("line", {
          x1: x,
          y1: 0,
          x2: x,
          y2: high,
          class: "ed-band-most",
          stroke: "#c62828",
          "stroke-width": 0.8,
        }),
      );
    }
    rows.forEach(([value, count], i) => {
      const bh = (count / most) * high;
      const bar = TW.s("rect", { x: i * w + 1, y: high - bh, width: w - 2, height: bh, class: "ed-bar" });
      const title = TW.s("title", {});
      title.textContent = `${value}: ${count}`;
      bar.append(title);
      svg.append(bar);
      if (i % Math.ceil(rows.length / 8) === 0) {
        const label = TW.s("text", {
          x: i * w + w / 2,
          y: high + 7,
          "font-size": 6,
          "text-anchor": "middle",
        });
        label.textContent = String(value);
        svg.append(label);
      }
    });
    return svg;
  }

  // Every problem and warning of the check ringed at its place on the board; the one tapped
  // ringed boldly and brought into view.
  function rings() {
    const svg = E?.view?.svg;
    if (!svg) return;
    let layer = svg.querySelector(":scope > g.ed-rings");
    if (!layer) layer = TW.s("g", { class: "ed-rings" });
    layer.replaceChildren();
    svg.append(layer); // last: over everything the module draws
    const check = shownCheck();
    if (!check) return;
    const all = [
      ...check.problems.map((p) => [p, "problem"]),
      ...(check.measures?.warnings || []).map((p) => [p, "warning"]),
    ];
    for (const [p, cls] of all) {
      for (const box of E.view.place(p)) {
        const pad = 1.5;
        const focused = E.focus && same(E.focus, p);
        layer.append(
          TW.s("rect", {
            class: `ed-ring ${cls}${focused ? " focus" : ""}`,
            "data-kind": p.kind,
            x: box.x - pad,
            y: box.y - pad,
            width: box.w + 2 * pad,
            height: box.h + 2 * pad,
            rx: Math.min(box.w, box.h) / 2 + pad,
          }),
        );
      }
    }
  }
  function focusOn(p) {
    E.focus = p;
    rings();
    const boxes = E.view.place(p);
    for (const li of document.querySelectorAll(".ed-problem, .ed-warning"))
      li.classList.toggle("focus", li.textContent === p.message);
    if (!boxes.length) {
      TW.say(t("ed.no-place"));
      return;
    }
    if (E.view.show) E.view.show(boxes);
    else E.view.svg.querySelector("g.ed-rings .focus")?.scrollIntoView({ block: "center", inline: "center" });
  }

  // ---------------------------------------------------------------- out of the editor

  function fileName(suffix) {
    const base = (E.draft.map.name || E.draft.game).replace(/[^\p{L}\p{N}_-]+/gu, "-").replace(/^-|-$/g, "");
    return `${base || E.draft.game}${suffix}.json`;
  }
  function exportMap(finished) {
    const check = current();
    if (finished && !check?.finished) {
      TW.say(t("ed.not-finished"));
      return;
    }
    TW.download(fileName(finished ? "" : "-draft"), E.draft.map);
    const sampled = finished && check.measures?.exact === false && check.measures.hands > 0;
    TW.say(finished ? t(sampled ? "ed.exact.started" : "ed.exported") : t("ed.saved-draft"), true);
    if (sampled) measureEvery(E, E.draft.map);
  }

  // ---------------------------------------------------------------- every hand, after an export

  // The exported map's exact figures, asked a part at a time (map_exact) while the editor stays
  // usable: strokes are drawn at once, and their checks go in the worker between two parts. The
  // run goes on when the draft changes (its figures are the exported file's, and say so); it
  // ends when stopped, when the editor is left or another map is exported. The worker keeps a
  // stopped run: exporting the same map again goes on from where it stopped.
  async function measureEvery(e, map) {
    if (e.exact?.map === map && e.exact.state !== "stopped" && e.exact.state !== "failed") return;
    const run = { map, game: e.draft.game, done: 0, total: 0, progress: "", measures: null };
    run.state = "running";
    await measuring(e, run);
  }
  // A run's box drawn in the app's language, and its parts asked (in that language) until every
  // hand is measured: a finished run answers at once, its lines in the new words.
  async function measuring(e, run) {
    run.lang = TW.I18N.lang;
    run.box = exactBox(run);
    e.exact = run;
    panels();
    while (run.state === "running" && e === E && e.exact === run) {
      try {
        const answer = await Engine.ask(
          "map_exact",
          { game: run.game, map: run.map },
          { lang: TW.I18N.lang, budget_ms: EXACT_PART_MS },
        );
        if (run.state !== "running") break;
        Object.assign(run, { done: answer.done, total: answer.total, progress: answer.progress });
        if (answer.measures) Object.assign(run, { measures: answer.measures, state: "done", drawn: null });
      } catch (err) {
        Object.assign(run, { state: "failed", why: err.message });
      }
      if (e === E && e.exact === run) exactShown(run);
    }
  }
  // The run of the same draft kept by leave(), when the page is drawn again in another language:
  // it goes on (or is asked again, done, for its lines' words); a run stopped by a tap stays so.
  function resumeExact(id) {
    const kept = left;
    left = null;
    if (!kept || kept.draftId !== id || kept.run.lang === TW.I18N.lang) return;
    const run = kept.run;
    if (JSON.stringify(run.map) === JSON.stringify(E.draft.map)) run.map = E.draft.map;
    if (run.state === "failed" || (run.state === "stopped" && !run.left)) {
      run.lang = TW.I18N.lang;
      run.box = exactBox(run);
      E.exact = run;
      panels();
      return;
    }
    run.state = "running";
    run.left = false;
    measuring(E, run);
  }
  function exactBox(run) {
    const stop = h(
      "button",
      {
        class: "secondary",
        id: "ed-exact-stop",
        onclick: () => {
          if (run.state !== "running") return;
          run.state = "stopped";
          exactShown(run);
        },
      },
      t("ed.exact.stop"),
    );
    const box = h(
      "div",
      {
        id: "ed-exact",
        class: "ed-exact",
        "aria-live": "polite",
        style: "border-bottom:1px solid #ccc;margin-bottom:0.5em",
      },
      h("h3", {}, t("ed.exact.title")),
      h("p", { class: "small", id: "ed-exact-state" }),
      stop,
      h("div", { id: "ed-exact-figures" }),
    );
    Object.assign(run, { stop, drawn: null });
    return box;
  }
  // The run's state in its box (kept from one redraw of the panel to the next, so that a tap on
  // Stop is never lost under a redraw); its figures drawn once, when they come.
  function exactShown(run) {
    const box = run.box;
    box.dataset.state = run.state;
    run.stop.hidden = run.state !== "running";
    const words = {
      running: () => run.progress || t("ed.exact.starting"),
      stopped: () =>
        run.total ? t("ed.exact.stopped", { done: run.done, total: run.total }) : t("ed.exact.stopped-soon"),
      failed: () => t("ed.exact.failed", { why: run.why }),
      done: () => (E && E.draft.map !== run.map ? t("ed.exact.changed") : run.progress),
    };
    box.querySelector("#ed-exact-state").textContent = words[run.state]();
    if (run.state === "done" && run.drawn !== run.measures) {
      run.drawn = run.measures;
      const figures = box.querySelector("#ed-exact-figures");
      figures.replaceChildren(...measures({ ...run.measures, warnings: [] }));
      // The sample's figures below keep their ids.
      for (const el of figures.querySelectorAll("[id]")) el.id = `${el.id}-exact`;
      box.dataset.exact = String(run.measures.exact === true);
      box.dataset.hands = String(run.measures.hands);
    }
  }
  async function importFile(input) {
    const file = input.files[0];
    input.value = "";
    if (!file) return;
    try {
      const draft = await fromFile(file);
      location.hash = `#/edit/${draft.game}/${draft.id}`;
    } catch (e) {
      TW.say(e.message);
    }
  }
  // "Start a game with this map": the map added to this device as the home page adds a file,
  // then the home page with it chosen.
  async function play() {
    if (!current()?.finished) return;
    // The draft and the page as they were tapped: the engines may start for seconds, and the
    // user who went elsewhere meanwhile (another draft, home) is not pulled back.
    const { map, game } = E.draft,
      name = fileName(""),
      from = TW.pageShown();
    try {
      await TW.engineStarted();
      const key = await TW.addMap(JSON.stringify(map), name);
      if (TW.pageShown() !== from) return;
      TW.chosenMap = { game, key };
      location.hash = "#/";
    } catch (e) {
      TW.say(TW.inWords(e.message, game));
    }
  }
  // "Print this map": the laptop makes the kit (POST api/edit/print) and the page downloads it.
  async function printMap() {
    if (!current()?.finished || !TW.Server.available) return;
    const button = document.getElementById("ed-print");
    // Named before the laptop answers: by then another draft may be open, or none.
    const zip = fileName("").replace(/json$/, "zip");
    await busy(button, async () => {
      TW.say(t("ed.printing"), true);
      const headers = { "Content-Type": "application/json" };
      const key = localStorage.getItem("tw-key");
      if (key) headers["X-Trackwright-Key"] = key;
      const r = await fetch("api/edit/print", {
        method: "POST",
        headers,
        body: JSON.stringify({ map: E.draft.map, lang: TW.I18N.lang, paper: "a4" }),
      });
      if (!r.ok) {
        let detail = r.statusText;
        try {
          detail = (await r.json()).detail || detail;
        } catch {
          // the status alone
        }
        throw new Error(t("ed.print-failed", { why: detail }));
      }
      const blob = await r.blob();
      const a = h("a", { href: URL.createObjectURL(blob), download: zip });
      document.body.append(a);
      a.click();
      a.remove();
      TW.say(t("ed.printed"), true);
    });
  }

  // ---------------------------------------------------------------- route, leave, idle

  function leave() {
    if (!E) return;
    clearTimeout(E.timer);
    // The worker keeps what a run did; left: stopped by leaving, not by a tap (resumeExact).
    if (E.exact?.state === "running") Object.assign(E.exact, { state: "stopped", left: true });
    left = E.exact ? { draftId: E.draft.id, run: E.exact } : null;
    document.removeEventListener("keydown", E.keys);
    E.view?.unmount?.();
    E = null;
    settle();
  }
  async function page(main, rest) {
    leave();
    const parts = rest.split("/").filter(Boolean).map(decodeURIComponent);
    if (parts.length >= 2) await editorPage(main, parts[0], parts[1]);
    else await startPage(main);
  }
  function busyNow() {
    return E && (E.timer !== null || E.asking !== null);
  }
  function settle() {
    if (busyNow()) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  }
  window.twEditorIdle = async () => {
    for (let round = 0; round < 50; round++) {
      if (E) await E.saving;
      if (!busyNow()) break;
      await new Promise((resolve) => idleWaiters.push(resolve));
    }
    await Engine.idle();
  };
  window.TWEditor = {
    page,
    leave,
    checkTimes,
    get current() {
      if (!E) return null;
      return {
        draftId: E.draft.id,
        map: E.draft.map,
        check: current(),
        undoDepth: E.draft.undo.length,
        redoDepth: E.draft.redo.length,
        exact: E.exact && { state: E.exact.state, done: E.exact.done, total: E.exact.total },
      };
    },
  };
})();
