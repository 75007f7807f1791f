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
//         sizes: { min: [cols, rows], max: [cols, rows], default: [cols, rows] },
//         kinds: ["empty", "random"],  // the kinds of `map_start` this game answers
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
//                     toolbar, problems and measures are outside it)
//   ctx.game          the game's name ("dampfross")
//   ctx.map           getter: the draft map JSON (a map file as `trackwright generate GAME --map`
//                     reads it). NEVER mutate it: edit through ctx.change.
//   ctx.change(label, mutate) -> Promise
//                     one undoable step: the host deep-copies ctx.map, calls mutate(copy) (edit
//                     the copy in place; return false to cancel), and when the copy differs, makes
//                     it the draft at once (ctx.map is the copy as soon as change returns, and
//                     update() has been called), says `label` (a text already translated,
//                     e.g. t("df.ed.painted", {count: 20})) with an Undo button, and saves the
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
//   ctx.lang          the interface's language ("en", "fr", "de", "it")
//
// STRINGS
//   The host's texts: "ed.*" keys in i18n/app.json. A module's texts: "<prefix>.ed.*" keys in
//   its game's strings file (games/<game>.strings.json, which the page already loads): "df.ed.*"
//   Dampfross, "ta.ed.*" TransAmerica, "ls.ed.*" La Strada; en, fr, de and it, the same keys and
//   {placeholders} in each (tests/web/test_i18n.py). Counted texts: "key.one"/"key.other" with
//   {count}, looked up as t("key", {count}).
//
// THE HOST DOES (a module never does these)
//   undo/redo (toolbar buttons #ed-undo, #ed-redo; Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z), the draft in
//   IndexedDB after every change (and a synchronous journal, so a killed tab loses nothing shown),
//   `map_check` in the worker (debounced, stale answers dropped), the problems list (#ed-problems,
//   each an <li data-kind="<kind>">: a tap rings its place on the board and brings it into view),
//   the measures panel (#ed-measures: measures.lines, the histogram, the warnings), export
//   (#ed-export: `map.json` as finished only when check.finished; else #ed-save-draft), import
//   (#ed-import), "Start a game with this map" (#ed-play), "Print this map" with a laptop
//   (#ed-print: POST api/edit/print).
//
// FOR TESTS
//   window.twEditorIdle() -> Promise: nothing pending (the save, the debounced check, its answer,
//   the redraw). window.TWEditor.current: {draftId, map, check, undoDepth, redoDepth} or null.
// ============================================================================
"use strict";
