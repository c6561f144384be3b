// Debian's Firefox ESR driven over WebDriver BiDi by puppeteer-core, for tests and tools written in Python
// (Python Playwright cannot drive a stock Firefox). tests/browser/firefox.py starts this script and talks to it:
// one JSON object a line on stdin, one answer a line on stdout, so any number of pages can be driven at once.
//
//   {"id": 1, "op": "page", "viewport": {"width": 375, "height": 667}, "touch": true}   -> {"id": 1, "value": "f1"}
//   {"id": 2, "op": "goto", "page": "f1", "url": "http://127.0.0.1:8000/#/"}
//   {"id": 3, "op": "evaluate", "page": "f1", "fn": "(arg) => ...", "arg": ...}         -> its JSON value
//   {"id": 4, "op": "click", "page": "f1", "steps": [["css", index or null], ...]}      (a real mouse click, once
//                                                        the element can take it, as Playwright's click waits)
//   {"id": 5, "op": "fill", ...steps, "text": "..."}, {"op": "press", ...steps, "key": "Enter"}
//   {"op": "reload" | "screenshot" (path, fullPage) | "close", "page": ...}, {"op": "quit"}
//
// Answers: {"id", "ok": true, "value"} or {"id", "ok": false, "error"}. Unasked: {"event": "console" | "pageerror"
// | "request", "page", "type", "text"} for everything a page logs, throws or requests (the test decides what fails).
// Every page is a browser context of its own (its own storage, service worker and cookies: another phone).
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const executablePath = process.env.JUNBAN_FIREFOX || "/usr/bin/firefox-esr";
const prefs = JSON.parse(process.env.JUNBAN_FIREFOX_PREFS || "{}");
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  extraPrefsFirefox: prefs,
  protocolTimeout: 180_000,
});
const pages = new Map();
let lastPage = 0;

function say(obj) {
  process.stdout.write(JSON.stringify(obj) + "\n");
}

// Steps: [[selector, index or null], ...], each looked for inside the elements the step before found.
const RESOLVE = `(steps) => {
  let found = [document];
  for (const [selector, index] of steps) {
    const next = found.flatMap((root) => [...root.querySelectorAll(selector)]);
    found = index === null ? next : (index < 0 ? next.slice(index).slice(0, 1) : next.slice(index, index + 1));
  }
  return found[0] || null;
}`;

async function element(page, steps) {
  const handle = await page.evaluateHandle(`(${RESOLVE})(${JSON.stringify(steps)})`);
  const el = handle.asElement();
  if (!el) throw new Error(`no element for ${JSON.stringify(steps)}`);
  return el;
}

// What Playwright checks before it clicks, here by hand (puppeteer clicks at once): the element is attached, has a
// size, is not disabled, holds still for two frames, and is what a tap at its centre would hit. A tap that comes
// too soon is lost as a person's would be (a sheet ignores taps while it arrives: its layer has no pointer events),
// so a test waits, as Playwright's click does, until the element can take it.
async function whyNotClickable(e, attempt) {
  if (!e.isConnected) return "detached";
  // A bar fixed at the foot of the screen may cover an element scrolled just into view: other alignments next time.
  const block = ["nearest", "center", "start", "end"][attempt % 4];
  e.scrollIntoView({ block, inline: "nearest" });
  const before = e.getBoundingClientRect();
  const frame = () => new Promise((done) => { requestAnimationFrame(() => done()); setTimeout(done, 100); });
  await frame();
  await frame();
  const box = e.getBoundingClientRect();
  if (!box.width || !box.height) return "not visible";
  if (box.x !== before.x || box.y !== before.y || box.width !== before.width || box.height !== before.height) {
    return "moving";
  }
  if (e.disabled) return "disabled";
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  if (hit === e || e.contains(hit)) return "";
  return "a tap there hits " + (hit ? hit.outerHTML.slice(0, 120) : "nothing");
}

async function clickable(el, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const why = await el.evaluate(whyNotClickable, attempt);
    if (!why) return;
    if (Date.now() > deadline) throw new Error(`not clickable for ${timeoutMs / 1000} s: ${why}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

async function newPage(msg) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const id = `f${++lastPage}`;
  pages.set(id, { page, context });
  if (msg.viewport) await page.setViewport({ ...msg.viewport, hasTouch: Boolean(msg.touch), isMobile: false });
  page.on("console", (m) => say({ event: "console", page: id, type: m.type(), text: m.text() }));
  page.on("pageerror", (err) => say({ event: "pageerror", page: id, text: String(err && err.message || err) }));
  page.on("request", (r) => say({ event: "request", page: id, text: r.url() }));
  return id;
}

const ops = {
  page: newPage,
  async goto({ page, url }) {
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: 120_000 });
  },
  async reload({ page }) {
    await page.reload({ waitUntil: "domcontentloaded", timeout: 120_000 });
  },
  async evaluate({ page, fn, arg }) {
    const value = await page.evaluate(`(async () => { const v = await (${fn})(${JSON.stringify(arg ?? null)});
      return v === undefined ? null : JSON.stringify(v); })()`);
    return value === null ? null : JSON.parse(value);
  },
  // Input goes to the tab in front: a page behind others gets no rendering, and input dispatched to it waits for
  // ever (every page here is a tab of one Firefox).
  async click({ page, steps }) {
    await page.bringToFront();
    const el = await element(page, steps);
    await clickable(el);
    await el.click();
  },
  async fill({ page, steps, text }) {
    await page.bringToFront();
    const el = await element(page, steps);
    await clickable(el);
    await el.click({ count: 3 });
    await el.evaluate((e) => { e.select?.(); });
    await page.keyboard.press("Backspace");
    if (text) await page.keyboard.type(text);
  },
  async press({ page, steps, key }) {
    await page.bringToFront();
    await (await element(page, steps)).focus();
    await page.keyboard.press(key);
  },
  async screenshot({ page, path, fullPage }) {
    await page.screenshot({ path, fullPage: Boolean(fullPage) });
  },
  async close({ id }) {
    const entry = pages.get(id);
    pages.delete(id);
    if (entry) await entry.context.close();
  },
};

async function run(msg) {
  if (msg.op === "quit") {
    say({ id: msg.id, ok: true, value: null });
    await browser.close();
    process.exit(0);
  }
  const op = ops[msg.op];
  if (!op) throw new Error(`unknown op ${msg.op}`);
  const entry = msg.page ? pages.get(msg.page) : null;
  if (msg.page && !entry) throw new Error(`no page ${msg.page}`);
  return op({ ...msg, page: entry && entry.page, id: msg.op === "close" ? msg.page : msg.id });
}

say({ event: "ready", text: await browser.version() });
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  run(msg).then(
    (value) => say({ id: msg.id, ok: true, value: value ?? null }),
    (err) => say({ id: msg.id, ok: false, error: String(err && err.stack || err) }),
  );
});
lines.on("close", async () => {
  await browser.close().catch(() => {});
  process.exit(0);
});
