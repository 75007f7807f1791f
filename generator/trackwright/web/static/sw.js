// trackwright's service worker: keeps the whole app (pages, engines, Pyodide, maps, boards) so
// that it opens and plays with the network off. Written by `trackwright site`, which fills in
// the version (a digest of every file) and the files, each with the SHA-256 of its bytes.
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

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(Object.entries(PRECACHE).map(([url, digest]) => keep(cache, url, digest)));
      await self.skipWaiting();
    })(),
  );
});

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
  const scope = new URL(self.registration.scope);
  if (url.pathname.startsWith(`${scope.pathname}api/`)) return; // the laptop's API: never cached
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(event.request, { ignoreSearch: true });
      if (hit) return hit;
      if (event.request.mode === "navigate") {
        const page = await cache.match("./");
        if (page) return page;
      }
      return fetch(event.request);
    })(),
  );
});
