// Offline and updates, on the page's side: register the service worker (./sw.js) once the app is up, tell the
// app when a new version is installed and waiting, and ask the worker to keep the Japanese font's parts once the
// page shows Japanese.
//
// The page keeps running the version it was loaded with. When a new one is waiting, the app shows a notice;
// accepting it calls junbanUpdate.apply(): the waiting worker takes over, and every open page of the app
// reloads on the new version as a whole (never a mix of old and new files).
//
// For the app (py/junban/ui/browser.py): the event "junban:update-ready" on window, the attribute
// data-update="ready" on <html> (for an update found before anyone listened), and window.junbanUpdate.apply().
const sw = navigator.serviceWorker;
let waiting = null;
let reloading = false;

function reloadOnce() {
  if (!reloading) {
    reloading = true;
    location.reload();
  }
}

// A new version is installed and waiting: tell the app; once it takes over (accepted here or in another
// tab), this page reloads onto it.
function offer(worker) {
  waiting = worker;
  worker.addEventListener("statechange", () => {
    if (worker.state === "activated") reloadOnce();
  });
  document.documentElement.setAttribute("data-update", "ready");
  dispatchEvent(new Event("junban:update-ready"));
}

// A worker that finishes installing while another one is active is a new version (the very first install
// activates at once and never takes over the page that installed it).
function track(registration, worker) {
  if (!worker) return;
  const check = () => {
    if (worker.state === "installed" && registration.active && registration.active !== worker) offer(worker);
  };
  worker.addEventListener("statechange", check);
  check();
}

async function register() {
  let registration;
  try {
    registration = await sw.register("./sw.js");
  } catch (err) {
    console.warn("Junban: no offline copy (the service worker could not be registered):", err);
    return;
  }
  if (registration.waiting && registration.active) offer(registration.waiting);
  track(registration, registration.installing);
  registration.addEventListener("updatefound", () => track(registration, registration.installing));
  // An installed app may stay open for days: look for a new version when it comes back into view
  // (at most hourly; browsers also look at every start).
  let checked = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - checked > 3600_000) {
      checked = Date.now();
      registration.update().catch(() => {}); // offline: try again later
    }
  });
}

// Once the screen asked for is up (<html data-ready="true">; a page opened on a game is ready only at its table,
// after the later part of the app has come): precaching the build (26 MB) must never compete with the start.
function whenReady(then) {
  const html = document.documentElement;
  if (html.getAttribute("data-ready") === "true") return then();
  const seen = new MutationObserver(() => {
    if (html.getAttribute("data-ready") === "true") {
      seen.disconnect();
      then();
    }
  });
  seen.observe(html, { attributes: true, attributeFilter: ["data-ready"] });
}

// The worker keeps the parts of the Japanese font that English pages do not need only for people who read
// Japanese: once the page shows it (the app sets <html lang="ja">), ask the active worker (now, or once there is
// one) to keep them all, so that every screen works offline in Japanese from then on (sw.template.js).
function keepJapaneseWhenShown() {
  const html = document.documentElement;
  let asked = false;
  const check = () => {
    if (asked || !html.lang.startsWith("ja")) return;
    asked = true;
    sw.ready.then((registration) => registration.active?.postMessage({ type: "keep-japanese" }));
  };
  new MutationObserver(check).observe(html, { attributes: true, attributeFilter: ["lang"] });
  check();
}

if (sw) {
  whenReady(register);
  keepJapaneseWhenShown();
  // A page the old version served moves with it (also when the new version was accepted in another tab).
  if (sw.controller) sw.addEventListener("controllerchange", reloadOnce);
}

window.junbanUpdate = {
  apply() {
    if (waiting) waiting.postMessage({ type: "skip-waiting" });
  },
};
