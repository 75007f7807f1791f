// The rules engines in the page: the same Python the command line runs, in Pyodide (from the
// site's own pyodide/ folder: nothing from a CDN), started in a Web Worker of its own
// (engine-worker.js) so that the page draws at once and never waits on Python's start. This is
// the page's side: each call is a message to the worker, answered in turn; a call made while
// the engines start waits for them (in the worker), so nothing needs to wait for `ready` first.
// The page asks; the engines decide.
//
//   window.trackwright.ready            a Promise, resolved (true) when the engines are loaded
//   window.trackwright.score(record)    a Promise of exactly what `trackwright score GAME
//                                       RECORD --json` prints (the map built in or embedded)
//   window.trackwright.timing           {script, worker, fetched, pyodide, ready}: ms since the
//                                       page's navigation began (benchmarks/phone.py reads them);
//                                       restored: whether the engines' memory snapshot was used
//   window.TWEngine                     the same with every call (score, draftProblems, ask,
//                                       askBytes, merge, rememberMap), and where the start is:
//                                       .stage ("starting", "python", "engines", "ready",
//                                       "failed"), .problem (why it failed), .onStage(fn);
//                                       .pending, .idle(): the calls awaiting their answers;
//                                       .helper(): a second engine like it, in a worker of
//                                       its own, started at the first call (the photo reader
//                                       shares a reading with it, games/transamerica-photo.js)
//
// An answer the rules refuse rejects with an Error whose .engine is true (its message is the
// engine's one line); any other rejection is a fault.
"use strict";
(() => {
  const base = new URL(".", document.currentScript ? document.currentScript.src : location.href);
  // One engine: a worker of its own, with its own Pyodide. The page's (window.TWEngine) answers
  // every question of the game; a helper (TWEngine.helper(), started when first asked for: a
  // second Pyodide, tens of megabytes) shares a photo's reading with it, on another core.
  function started(helper) {
    const timing = {
      script: performance.now(),
      worker: null,
      fetched: null,
      pyodide: null,
      ready: null,
      restored: null,
    };
    const waiting = new Map();
    const listeners = new Set();
    const idlers = [];
    let next = 0;
    let settle = null;
    const ready = new Promise((resolve, reject) => {
      settle = { resolve, reject };
    });
    ready.catch(() => {}); // a failed start is said by .stage and by each call, not as unhandled
    const engine = { ready, stage: "starting", problem: null };

    function staged(stage) {
      engine.stage = stage;
      for (const fn of listeners) fn(stage);
    }
    function fail(message) {
      if (engine.stage === "failed") return;
      engine.problem = message;
      staged("failed");
      settle.reject(new Error(message));
      for (const { reject } of waiting.values()) reject(new Error(message));
      waiting.clear();
      answered();
    }
    function answered() {
      if (!waiting.size) for (const resolve of idlers.splice(0)) resolve();
    }
    // The worker's clock (its performance.timeOrigin + now) on the page's.
    const ours = (t) => t - performance.timeOrigin;

    // #keep on a first visit: the worker keeps what it fetches for the service worker's install.
    // (Not a helper's: the page's own engine keeps them.)
    const first = !helper && "serviceWorker" in navigator && !navigator.serviceWorker.controller;
    const worker = new Worker(new URL(first ? "engine-worker.js#keep" : "engine-worker.js", base), {
      type: "module",
    });
    worker.addEventListener("error", (e) => fail(e.message || "the rules engines could not start"));
    worker.addEventListener("message", ({ data }) => {
      if (data.id !== undefined) {
        const call = waiting.get(data.id);
        waiting.delete(data.id);
        if (!call) return;
        if (data.failure !== undefined) call.reject(new Error(data.failure));
        else call.resolve(data.text);
        answered();
      } else if (data.stage) staged(data.stage);
      else if (data.ready) {
        Object.assign(timing, {
          worker: ours(data.ready.worker),
          fetched: ours(data.ready.fetched),
          pyodide: ours(data.ready.pyodide),
          ready: performance.now(),
          restored: Boolean(data.ready.restored),
        });
        staged("ready");
        settle.resolve(true);
      } else if (data.failed) fail(data.failed);
    });

    // The engines say their errors in the page's language (the <html lang> the page sets): told
    // before the first call made in a new one (the worker answers calls in the order they come).
    let saidIn = "en";
    function sayIn() {
      const lang = document.documentElement.lang || "en";
      if (lang === saidIn) return;
      saidIn = lang;
      call("language_text", [lang]).catch(() => {});
    }

    // One call of trackwright.play.bridge (a *_text function: JSON text in and out) in the worker.
    async function call(name, args, transfer = []) {
      if (engine.stage === "failed") throw new Error(engine.problem);
      if (name !== "language_text") sayIn();
      const text = await new Promise((resolve, reject) => {
        next += 1;
        waiting.set(next, { resolve, reject });
        worker.postMessage({ id: next, name, args }, transfer);
      });
      const reply = JSON.parse(text);
      if (reply.error) {
        const e = new Error(reply.error);
        e.engine = true;
        throw e;
      }
      return reply.ok;
    }

    Object.assign(engine, {
      // How many calls await their answer, and a Promise of the moment none does.
      get pending() {
        return waiting.size;
      },
      idle() {
        return waiting.size ? new Promise((resolve) => idlers.push(resolve)) : Promise.resolve();
      },
      onStage(fn) {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
      score(record) {
        return call("score_text", [JSON.stringify(record)]);
      },
      draftProblems(record) {
        return call("draft_problems_text", [JSON.stringify(record)]);
      },
      // A game's own question to its engine (Game.questions), e.g. the fastest routes of a race.
      ask(name, record, args = null) {
        return call("ask_text", [name, JSON.stringify(record), JSON.stringify(args)]);
      },
      // The same with byte buffers (Uint8Arrays) beside the JSON: args name them by index. The
      // buffers are handed to the engines' thread (transferred, not copied: a photo is
      // megabytes), so they are empty in the page afterwards; bytes a page keeps for another
      // call go as a copy (bytes.slice()).
      askBytes(name, record, args, buffers) {
        const transfer = new Set();
        for (const b of buffers) {
          const whole = b instanceof ArrayBuffer ? b : b.buffer;
          if (whole instanceof ArrayBuffer) transfer.add(whole);
        }
        return call(
          "ask_bytes_text",
          [name, JSON.stringify(record), JSON.stringify(args), buffers],
          [...transfer],
        );
      },
      merge(base, mine, theirs) {
        return call("merge_text", [JSON.stringify(base), JSON.stringify(mine), JSON.stringify(theirs)]);
      },
      rememberMap(text) {
        return call("remember_map_text", [text]);
      },
    });
    return { engine, ready, timing };
  }
  const { engine, ready, timing } = started(false);
  let helping = null;
  engine.helper = () => {
    if (!helping) helping = started(true).engine;
    return helping;
  };
  window.trackwright = { ready, score: (record) => engine.score(record), version: null, timing };
  window.TWEngine = engine;
})();
