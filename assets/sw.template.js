// Junban's service worker: the whole build, kept for offline use. build.py writes dist/sw.js from this
// template, filling in VERSION (a hash of the build) and FILES (every file of dist/, with its integrity hash).
//
// - install: fetch every file past the HTTP cache, checked against its hash, into a cache named by VERSION.
//   If any file fails (offline, or a server still holding a mix of two builds) the install fails and is
//   retried at a later visit: a cache is only ever complete and of one build.
// - fetch: answer from this version's cache, the network only for what is not in it. Responses are
//   passed on as they are (rewriting them costs time on every load).
// - a new version waits until the page asks it to take over ({type: "skip-waiting"}, after the person
//   accepted the reload; see assets/update.js); then it deletes the caches of older versions.
// Every URL is relative to this file, so the app works at a domain root and under a subpath alike.
const VERSION = "__VERSION__";
const FILES = [/* __FILES__ */];

// Caches are shared by the whole origin: name ours by the scope too, so two copies of the app on one
// origin (say /junban/ and /junban-beta/) never delete each other's files.
const PREFIX = `junban ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;
const INDEX = "index.html";

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(FILES.map(async ([path, integrity]) => {
    const response = await fetch(new Request(path, { cache: "reload", integrity }));
    if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
    if (path === INDEX) await cache.put("./", response.clone()); // the address people open
    await cache.put(path, response);
  }));
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
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
  const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
  return hit || fetch(request);
}
