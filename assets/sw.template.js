// Junban's service worker: the whole build, kept for offline use. build.py writes dist/sw.js from this
// template, filling in VERSION (a hash of the build) and FILES (every file of dist/, with its integrity hash).
//
// - install: fetch every file as the server has it now, checked against its hash, into a staging cache. Each
//   request is revalidated with the server (cache: "no-cache"), so a file the page has just downloaded is
//   reused when the server says it is current instead of being downloaded a second time. If any file fails
//   (offline, or a server still holding a mix of two builds) the install fails and is retried at a later
//   visit: a version is only ever offered complete and of one build.
// - activate (at once on a first visit; for an update, when the page asks: {type: "skip-waiting"}, after the
//   person accepted the reload, see assets/update.js): copy the staging cache into the version's cache, then
//   delete the caches of older versions. Why copy: Chrome compiles every script put in a cache during install
//   into a "full" code cache, and loading that made each later start measurably slower (docs/performance.md);
//   files put during activate do not get it.
// - fetch: answer from this version's cache, the network only for what is not in it. Responses are passed on
//   as they are (rewriting them costs time on every load). A LAZY file fetched from the network is checked
//   against its hash and kept in this version's cache, so it works offline from then on.
// Every URL is relative to this file, so the app works at a domain root and under a subpath alike.
const VERSION = "__VERSION__";
const FILES = [/* __FILES__ */];
// Parts of the Japanese font holding no glyph of the app's own texts: kept once a page has needed one.
const LAZY = [/* __LAZY__ */];
const LAZY_INTEGRITY = new Map(LAZY);

// Caches are shared by the whole origin: name ours by the scope too, so two copies of the app on one
// origin (say /junban/ and /junban-beta/) never delete each other's files.
const PREFIX = `junban ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;
const STAGING = CACHE + " staging";
const INDEX = "index.html";

self.addEventListener("install", (event) => {
  event.waitUntil(precache(STAGING));
});

async function precache(name) {
  const cache = await caches.open(name);
  await Promise.all(FILES.map(async ([path, integrity]) => {
    const response = await fetch(new Request(path, { cache: "no-cache", integrity }));
    if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
    if (path === INDEX) await cache.put("./", response.clone()); // the address people open
    await cache.put(path, response);
  }));
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    if (await caches.has(STAGING)) {
      const staging = await caches.open(STAGING);
      const cache = await caches.open(CACHE);
      for (const request of await staging.keys()) await cache.put(request, await staging.match(request));
      await caches.delete(STAGING);
    } else if (!(await caches.has(CACHE))) {
      await precache(CACHE); // the staging cache went missing (another version's activation removed it)
    }
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(fromCache(request));
});

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  // A page address may carry a query (the route itself is in the hash, which never reaches us).
  const options = { ignoreSearch: request.mode === "navigate" };
  const hit = (await cache.match(request, options)) ||
    (await caches.match(request, { ...options, cacheName: STAGING })); // a copy cut short by a crash
  if (hit) return hit;
  const path = request.url.slice(self.registration.scope.length);
  const integrity = LAZY_INTEGRITY.get(path);
  if (!integrity) return fetch(request);
  const response = await fetch(new Request(path, { integrity }));
  if (response.ok) await cache.put(path, response.clone());
  return response;
}
