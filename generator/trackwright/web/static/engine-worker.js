// The rules engines' own thread (a module Web Worker, started by engine.js): Pyodide, from the
// site's own pyodide/ folder (nothing from a CDN), loads and runs here, so the page's main
// thread draws and answers taps while Python starts (seconds on a slow phone), and no engine
// call holds up a frame.
//
// What the page posts, each answered in turn once the engines are ready (calls made while they
// start wait here, in the order they came):
//   {id, name, args}      name: a function of trackwright.play.bridge ending in "_text"; args:
//                         its arguments (strings; for ask_bytes_text, an array of Uint8Arrays
//                         whose buffers were transferred, not copied)
// What it posts back:
//   {stage}               "python" (Pyodide loading), "engines" (the engines unpacked)
//   {ready: timing}       started; timing: {worker, fetched (the engines' snapshot in hand,
//                         unzipped), pyodide, ready}, each performance.timeOrigin
//                         + performance.now() here, which the page turns into its own clock's,
//                         and restored: whether the engines' snapshot was restored
//   {failed: message}     could not start (every call then answers with this failure)
//   {id, text}            the bridge's JSON text, {"ok": ...} or {"error": ...}, as it is
//   {id, failure}         a JavaScript or Python exception (a fault, not a rule of the game)
const base = new URL(".", self.location.href);
const clock = () => performance.timeOrigin + performance.now();
const begun = clock();

// On a first visit (the page not yet kept by the service worker: engine.js then starts this
// worker as engine-worker.js#keep), what Pyodide and the engines fetch while starting is also
// put in a cache of its own, from which the service worker's install takes it (sw.js, checked
// by its SHA-256) instead of downloading it again: the browser's HTTP cache may not keep a file
// of 10 MB (a private window's does not), Pyodide's WebAssembly. The service worker's
// activation deletes that cache.
const KEPT = "trackwright-fetched";
function keepingFetch() {
  const plain = self.fetch;
  if (self.location.hash !== "#keep" || !self.caches) return () => {};
  const kept = caches.open(KEPT);
  self.fetch = async (input, init) => {
    const response = await plain(input, init);
    if (response.ok && (init?.method || "GET") === "GET") {
      const url = input instanceof Request ? input.url : String(input);
      const copy = response.clone();
      kept.then((cache) => cache.put(url, copy)).catch(() => {});
    }
    return response;
  };
  return () => {
    self.fetch = plain;
  };
}

// The engines' memory snapshot, when the site has one (engines.snapshot.gz: Pyodide started and
// trackwright.play.bridge imported, saved by `trackwright site` with Node.js): restoring it
// skips Python's start and the engines' imports. Whether there is one is known from the
// response's status; its bytes are a Promise handed to Pyodide, which meanwhile downloads and
// compiles its WebAssembly and standard library (a first visit's downloads run side by side).
// Gzipped by the site (a web host may not compress it, or may: then the browser has already).
const timed = { snapshot: null };
async function unzipped(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  let out = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    out = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  timed.snapshot = clock();
  return out;
}

async function start(loadPyodide) {
  const options = { indexURL: new URL("pyodide/", base).href, fullStdLib: false };
  const found = await fetch(new URL("engines.snapshot.gz", base)).catch(() => null);
  if (found?.ok) {
    try {
      const py = await loadPyodide({ ...options, _loadSnapshot: unzipped(found) });
      return { py, restored: true };
    } catch {
      // Unreadable, or refused by this Pyodide (another build): started as without one.
    }
  }
  return { py: await loadPyodide(options), restored: false };
}

async function boot() {
  self.postMessage({ stage: "python" });
  const unkeep = keepingFetch();
  const zip = fetch(new URL("engines.zip", base)).then((r) => {
    if (!r.ok) throw new Error(`engines.zip: ${r.status}`);
    return r.arrayBuffer();
  });
  zip.catch(() => {}); // said below, once awaited
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  const { py, restored } = await start(loadPyodide);
  unkeep();
  const loaded = clock();
  self.postMessage({ stage: "engines" });
  // The engines' files, for what they import or read later (the photo reader, maps, presets);
  // restored, they are imported already, and random (if imported) is reseeded: the snapshot
  // holds one state for every phone.
  const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
  py.unpackArchive(new Uint8Array(await zip), "zip", { extractDir: site });
  if (restored) py.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
  const bridge = py.pyimport("trackwright.play.bridge");
  const fetched = timed.snapshot ?? loaded;
  self.postMessage({ ready: { worker: begun, fetched, pyodide: loaded, ready: clock(), restored } });
  return bridge;
}

const booting = boot();
booting.catch((e) => self.postMessage({ failed: String(e?.message || e) }));

self.onmessage = async ({ data }) => {
  const { id, name, args } = data;
  let bridge;
  try {
    bridge = await booting;
  } catch (e) {
    self.postMessage({ id, failure: String(e?.message || e) });
    return;
  }
  try {
    if (!/^[a-z_]+_text$/.test(name)) throw new Error(`the engines have no ${name}`);
    self.postMessage({ id, text: bridge[name](...args) });
  } catch (e) {
    self.postMessage({ id, failure: String(e?.message || e) });
  }
};
