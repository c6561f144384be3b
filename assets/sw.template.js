// Junban's service worker: the build, kept for offline use. build.py writes dist/sw.js from this template, filling
// in VERSION (a hash of the build) and three lists of files, each with its integrity hash (build.py's offline_files):
// FILES, everything a page loads; JAPANESE, the further parts of the Japanese font that the Japanese texts need;
// LAZY, files only some pages ever ask for (the font's other parts, for a player's name; PyScript's editor and
// terminal chunks, which this app never loads).
//
// - install: fetch every file of FILES as the server has it now, checked against its hash, into a staging cache.
//   Each request is revalidated with the server (cache: "no-cache"), so a file the page has just downloaded is
//   reused when the server says it is current instead of being downloaded a second time. If any file fails
//   (offline, or a server still holding a mix of two builds) the install fails and is retried at a later
//   visit: a version is only ever offered complete and of one build. The JAPANESE and LAZY files the version
//   before kept are carried over when unchanged (their hash is checked), so an update never takes them away.
// - activate (at once on a first visit; for an update, when the page asks: {type: "skip-waiting"}, after the
//   person accepted the reload, see assets/update.js): copy the staging cache into the version's cache, carry
//   over again what older versions kept since the install, then delete their caches. Why copy: Chrome compiles
//   every script put in a cache during install into a "full" code cache, and loading that made each later start
//   measurably slower (docs/performance.md); files put during activate do not get it.
// - message {type: "keep-japanese"} (assets/update.js, once a page shows Japanese): fetch and keep every JAPANESE
//   file not kept yet, so that Japanese works offline from then on.
// - fetch: answer from this version's cache, the network only for what is not in it. Responses are passed on
//   as they are (rewriting them costs time on every load). A JAPANESE or LAZY file fetched from the network is
//   checked against its hash and kept in this version's cache, so it works offline from then on.
// Every URL is relative to this file, so the app works at a domain root and under a subpath alike.
const VERSION = "__VERSION__";
const FILES = [/* __FILES__ */];
const JAPANESE = [/* __JAPANESE__ */];
const LAZY = [/* __LAZY__ */];
const KEPT_LATER = new Map([...JAPANESE, ...LAZY]);

// Caches are shared by the whole origin: name ours by the scope too, so two copies of the app on one
// origin (say /junban/ and /junban-beta/) never delete each other's files.
const PREFIX = `junban ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;
const STAGING = CACHE + " staging";
const INDEX = "index.html";

self.addEventListener("install", (event) => {
  event.waitUntil(precache(STAGING).then(() => carryOver(STAGING)));
});

async function precache(name) {
  const cache = await caches.open(name);
  await Promise.all(FILES.map(async ([path, integrity]) => {
    // index.html is asked for by the address people open ("./"): the page's own download of it is in the browser's
    // cache under that address, so revalidating it there costs a 304, where "index.html" downloaded it again.
    const response = await fetch(new Request(path === INDEX ? "./" : path, { cache: "no-cache", integrity }));
    if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
    if (path === INDEX) await cache.put("./", response.clone()); // the address people open
    await cache.put(path, response);
  }));
}

/** The JAPANESE and LAZY files an older version of this scope kept, into the cache ``name``, where unchanged. */
async function carryOver(name) {
  const cache = await caches.open(name);
  for (const older of await caches.keys()) {
    if (!older.startsWith(PREFIX) || older.startsWith(CACHE)) continue;
    const kept = await caches.open(older);
    for (const [path, integrity] of KEPT_LATER) {
      const hit = await kept.match(path);
      if (hit && !(await cache.match(path)) && (await hashOf(hit.clone())) === integrity) await cache.put(path, hit);
    }
  }
}

async function hashOf(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return "sha256-" + btoa(String.fromCharCode(...digest));
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
    // Again, before the older caches go: what an older version kept after this one's install read it (a page
    // still on it showed Japanese meanwhile) would be lost with them.
    await carryOver(CACHE);
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "keep-japanese") event.waitUntil(keep(JAPANESE));
});

/** Fetch and keep, in this version's cache, each of ``files`` not kept yet (one that fails is tried again at the
 * next request). */
async function keep(files) {
  const cache = await caches.open(CACHE);
  await Promise.all(files.map(async ([path, integrity]) => {
    if (await cache.match(path)) return;
    try {
      const response = await fetch(new Request(path, { integrity }));
      if (response.ok) await cache.put(path, response);
    } catch {
      // offline, or a server already holding another build: the part is fetched when a page needs it
    }
  }));
}

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
  const integrity = KEPT_LATER.get(path);
  if (!integrity) return fetch(request);
  const response = await fetch(new Request(path, { integrity }));
  if (response.ok) await cache.put(path, response.clone());
  return response;
}
