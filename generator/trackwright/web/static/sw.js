// trackwright's service worker: keeps the whole app (pages, engines, Pyodide, maps, boards) so
// that it opens and plays with the network off. Written by `trackwright site`, which fills in
// the version (a digest of every file) and the list of files.
"use strict";
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = `trackwright-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // cache: "reload" so that a new version never takes an old file from the HTTP cache.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })));
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
