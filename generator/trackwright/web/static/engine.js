// The rules engines in the page: the same Python the command line runs, in Pyodide (from the
// site's own pyodide/ folder: nothing from a CDN). The page asks; the engines decide.
//
//   window.trackwright.ready            a Promise, resolved when the engines are loaded
//   window.trackwright.score(record)    a Promise of exactly what `trackwright score GAME
//                                       RECORD --json` prints (the map built in or embedded)
"use strict";
(() => {
  const base = new URL(".", document.currentScript ? document.currentScript.src : location.href);
  const started = performance.now();
  let bridge = null;

  async function boot() {
    const [{ loadPyodide }, zip] = await Promise.all([
      import(new URL("pyodide/pyodide.mjs", base).href),
      fetch(new URL("engines.zip", base)).then((r) => {
        if (!r.ok) throw new Error(`engines.zip: ${r.status}`);
        return r.arrayBuffer();
      }),
    ]);
    const py = await loadPyodide({ indexURL: new URL("pyodide/", base).href, fullStdLib: false });
    const loaded = performance.now();
    const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
    py.unpackArchive(new Uint8Array(zip), "zip", { extractDir: site });
    bridge = py.pyimport("trackwright.play.bridge");
    // Milliseconds since the page's navigation started (benchmarks/phone.py reads them).
    window.trackwright.timing = { pyodide: loaded, ready: performance.now(), script: started };
    return true;
  }

  function call(name, ...args) {
    const reply = JSON.parse(bridge[name](...args));
    if (reply.error) {
      const e = new Error(reply.error);
      e.engine = true;
      throw e;
    }
    return reply.ok;
  }

  const ready = boot();
  const engine = {
    ready,
    async score(record) {
      await ready;
      return call("score_text", JSON.stringify(record));
    },
    async draftProblems(record) {
      await ready;
      return call("draft_problems_text", JSON.stringify(record));
    },
    // A game's own question to its engine (Game.questions), e.g. the fastest routes of a race.
    async ask(name, record, args = null) {
      await ready;
      return call("ask_text", name, JSON.stringify(record), JSON.stringify(args));
    },
    // The same with byte buffers (Uint8Arrays) beside the JSON: args name them by index.
    async askBytes(name, record, args, buffers) {
      await ready;
      return call("ask_bytes_text", name, JSON.stringify(record), JSON.stringify(args), buffers);
    },
    async merge(base, mine, theirs) {
      await ready;
      return call("merge_text", JSON.stringify(base), JSON.stringify(mine), JSON.stringify(theirs));
    },
    async rememberMap(text) {
      await ready;
      return call("remember_map_text", text);
    },
  };
  window.trackwright = { ready, score: (record) => engine.score(record), version: null };
  window.TWEngine = engine;
})();
