// trackwright's service worker: keeps the whole app (pages, engines, Pyodide, maps, boards) so
// that it opens and plays with the network off. Written by `trackwright site`, which fills in
// the version (a digest of every file) and the files, each with the SHA-256 of its bytes.
//
// The printed boards are kept in one language at first (each language's boards weigh about
// 2 MB): the one the page opens in by default (the first of the phone's languages the app
// speaks, else English), and any language kept by an earlier version. A board asked for in
// another language (the player chose it) is downloaded then, and every board of that language
// after it, once each; offline, a board not kept in the language asked for is answered in a
// language that is kept.
//
// The printed kits under print/ (PDFs, the Print page) are not the app's: never kept, and
// downloaded from the host when a player taps one.
"use strict";
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = `trackwright-${VERSION}`;

async function sha256(body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Each file is downloaded once. It is first looked for where it already is on this device, and
// taken if its bytes are the ones this version lists: the caches (an earlier version's: a file
// an update left unchanged, Pyodide above all, is not downloaded again; and on a first visit
// "trackwright-fetched", where the engines' worker put what it fetched while starting,
// engine-worker.js), then the browser's HTTP cache (cache: "force-cache", no request when it
// holds the file: on a first visit the page has just fetched its files there, and app.js
// registers this worker only once the engines have started). Only a file found nowhere, or
// found with other bytes (an older version's), is fetched, with cache: "reload" so that it never
// comes from a stale HTTP cache. The activation deletes every other trackwright cache.
async function keep(cache, url, digest) {
  const places = [() => caches.match(url), () => fetch(url, { cache: "force-cache" })];
  for (const place of places) {
    const found = await place().catch(() => null);
    if (!found?.ok) continue;
    const body = await found.arrayBuffer();
    if ((await sha256(body)) !== digest) continue;
    const { status, statusText, headers } = found;
    await cache.put(url, new Response(body, { status, statusText, headers }));
    return;
  }
  const fresh = await fetch(url, { cache: "reload" });
  if (!fresh.ok) throw new Error(`${url}: ${fresh.status}`);
  await cache.put(url, fresh);
}

const BOARD = /^boards\/.+\.([a-z]{2})\.json$/;
const BOARD_LANG = /\.[a-z]{2}\.json$/;
const scope = () => new URL(self.registration.scope).pathname;
const boardLangs = new Set(
  Object.keys(PRECACHE)
    .map((url) => BOARD.exec(url)?.[1])
    .filter(Boolean),
);

// The languages whose boards the install keeps (see the top).
async function installLangs() {
  const langs = new Set();
  const phone = self.navigator.languages || [self.navigator.language || "en"];
  const first = phone.map((l) => String(l).slice(0, 2).toLowerCase()).find((l) => boardLangs.has(l));
  langs.add(first || "en");
  for (const key of await caches.keys()) {
    if (!key.startsWith("trackwright-")) continue;
    for (const request of await (await caches.open(key)).keys()) {
      const lang = BOARD.exec(new URL(request.url).pathname.slice(scope().length))?.[1];
      if (boardLangs.has(lang)) langs.add(lang);
    }
  }
  return langs;
}

// A file kept once however many ask for it at the same time (the page and keepLang).
const keeping = new Map();
function keepOnce(cache, url) {
  if (!keeping.has(url)) {
    keeping.set(
      url,
      keep(cache, url, PRECACHE[url]).finally(() => keeping.delete(url)),
    );
  }
  return keeping.get(url);
}

// Every board of a language not kept yet, kept (after the one the page asked for).
async function keepLang(cache, lang) {
  for (const url of Object.keys(PRECACHE)) {
    if (BOARD.exec(url)?.[1] === lang && !(await cache.match(url))) await keepOnce(cache, url);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const langs = await installLangs();
      const wanted = Object.entries(PRECACHE).filter(([url]) => {
        const lang = BOARD.exec(url)?.[1];
        return !lang || langs.has(lang);
      });
      await Promise.all(wanted.map(([url, digest]) => keep(cache, url, digest)));
      await self.skipWaiting();
    })(),
  );
});

// A board not kept: downloaded (and its language's other boards after it), or offline, the
// same board in a language that is kept.
async function board(event, cache, url, lang) {
  try {
    await keepOnce(cache, url);
    event.waitUntil(keepLang(cache, lang).catch(() => {}));
    return await cache.match(url);
  } catch {
    for (const other of ["en", ...boardLangs]) {
      const found = await cache.match(url.replace(BOARD_LANG, `.${other}.json`));
      if (found) return found;
    }
    return Response.error();
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys())
        if (key.startsWith("trackwright-") && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.startsWith(`${scope()}api/`)) return; // the laptop's API: never cached
  // The printed kits (the Print page's PDFs and their list): from the network each time they
  // are asked for, never kept (`trackwright site` leaves them out of PRECACHE too).
  if (url.pathname.startsWith(`${scope()}print/`)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(event.request, { ignoreSearch: true });
      if (hit) return hit;
      if (event.request.mode === "navigate") {
        const page = await cache.match("./");
        if (page) return page;
      }
      const rel = url.pathname.slice(scope().length);
      const lang = BOARD.exec(rel)?.[1];
      if (lang && PRECACHE[rel]) return board(event, cache, rel, lang);
      return fetch(event.request);
    })(),
  );
});
