// Junban's coach mark: the bubble of a first game that teaches (py/junban/ui/parts/tutorial.py) stands beside
// what it points at, and a ring marks that thing. Python draws the bubble (#coach) with the target's selector in
// data-coach-target ("a || b": the first one shown) and what else its text talks about in data-coach-about
// ("a, b": every one shown; an open sheet always counts), which the bubble leaves in sight; this script only
// places it, after every change of the page, a resize or a scroll. It never decides anything about a game, and
// never moves the page's own elements.
const GAP = 10;
let frame = 0;
let lastTarget = null;

function shown(el) {
  const rect = el.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== "hidden";
}

function find(selectors) {
  for (const selector of selectors.split(" || ")) {
    let found = [];
    try { found = document.querySelectorAll(selector); } catch (_) { continue; }
    for (const el of found) if (shown(el) && !el.closest("#coach")) return el;
  }
  return null;
}

function ring() {
  let el = document.getElementById("coach-ring");
  if (!el) {
    el = Object.assign(document.createElement("div"), { id: "coach-ring" });
    el.setAttribute("aria-hidden", "true");
    document.body.append(el);
  }
  return el;
}

function setStyle(el, values) {
  for (const [name, value] of Object.entries(values)) if (el.style[name] !== value) el.style[name] = value;
}

// Where an element rests: its box without the transform it is moving by (a sheet sliding in by sheet-up), so the
// bubble stands where the sheet will be, not where it is on its way (it covered a sliding result sheet for ~150 ms,
// then jumped at the animation's end).
function restingRect(el) {
  const parent = el.offsetParent;
  const moving = el.getAnimations && el.getAnimations().some(a => a.playState === "running");
  if (!parent || !moving || getComputedStyle(el).transform === "none") return el.getBoundingClientRect();
  const p = parent.getBoundingClientRect();
  const left = p.left + parent.clientLeft + el.offsetLeft, top = p.top + parent.clientTop + el.offsetTop;
  return { left, top, right: left + el.offsetWidth, bottom: top + el.offsetHeight, width: el.offsetWidth,
    height: el.offsetHeight };
}

// Every shown element of "a, b" (what the step's text talks about besides its target), and any open sheet.
function aboutRects(selectors) {
  const out = [];
  const list = [...(selectors ? selectors.split(",") : []), ".sheet-layer .sheet"];
  for (const selector of list) {
    let found = [];
    try { found = document.querySelectorAll(selector.trim()); } catch (_) { continue; }
    for (const el of found) if (shown(el) && !el.closest("#coach")) out.push(restingRect(el));
  }
  return out;
}

function overlap(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

function place() {
  frame = 0;
  const bubble = document.getElementById("coach");
  const old = document.getElementById("coach-ring");
  if (!bubble) { if (old) old.remove(); lastTarget = null; return; }
  const selector = bubble.getAttribute("data-coach-target") || "";
  const target = selector ? find(selector) : null;
  if (target && target !== lastTarget) {
    const r = target.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) target.scrollIntoView({ block: "nearest", behavior: "instant" });
  }
  lastTarget = target;
  const width = Math.min(380, innerWidth - 16);
  const height = bubble.offsetHeight;
  const about = aboutRects(bubble.getAttribute("data-coach-about"));
  const r = target ? target.getBoundingClientRect() : null;
  if (r) {
    setStyle(ring(), { display: "block", left: `${r.left - 5}px`, top: `${r.top - 5}px`, width: `${r.width + 10}px`,
      height: `${r.height + 10}px` });
  } else if (old) {
    old.style.display = "none";
  }
  // Where the bubble may stand, in order of preference: below its target, else above it (so a row it stands in,
  // a hand of cards, stays in view), else beside it; then just clear of what the text talks about; then at the
  // top or the foot of the screen; last, over the app's bar at the top (a tall sheet: the game's result). The
  // first that covers neither the target nor what the text talks about wins; else the one covering least of it
  // (never the target, if it can help it).
  const x = r ? Math.max(8, Math.min(innerWidth - width - 8, r.left + r.width / 2 - width / 2)) : (innerWidth - width) / 2;
  const middle = r ? Math.max(56, Math.min(innerHeight - height - 8, r.top + r.height / 2 - height / 2)) : 56;
  const spots = [];
  if (r) {
    spots.push({ left: x, top: r.bottom + GAP }, { left: x, top: r.top - GAP - height },
      { left: r.right + GAP, top: middle, side: "right" }, { left: r.left - GAP - width, top: middle, side: "left" });
  }
  for (const a of about) spots.push({ left: x, top: a.top - GAP - height }, { left: x, top: a.bottom + GAP });
  spots.push({ left: x, top: innerHeight - height - 8 }, { left: x, top: 56 });
  for (const a of about) spots.push({ left: x, top: a.top - GAP - height, overBar: true });
  spots.push({ left: x, top: 8, overBar: true });
  let best = null;
  for (const spot of spots) {
    if (spot.top < (spot.overBar ? 8 : 52) || spot.top + height > innerHeight - 4 || spot.left < 8
        || spot.left + width > innerWidth - 8) continue;
    const box = { left: spot.left, top: spot.top, right: spot.left + width, bottom: spot.top + height };
    let cost = r ? overlap(box, r) * 1e6 : 0;
    for (const a of about) cost += overlap(box, a);
    if (!best || cost < best.cost) best = { ...spot, cost };
    if (cost === 0) break;
  }
  if (!best) best = { left: x, top: Math.max(52, innerHeight - height - 8) };
  let side = "none";
  if (r && best.side) side = best.side;
  else if (r && best.top >= r.bottom) side = "below";
  else if (r && best.top + height <= r.top) side = "above";
  if (r) {
    bubble.style.setProperty("--arrow-x", `${Math.max(16, Math.min(width - 16, r.left + r.width / 2 - best.left))}px`);
    bubble.style.setProperty("--arrow-y", `${Math.max(16, Math.min(height - 16, r.top + r.height / 2 - best.top))}px`);
  }
  bubble.setAttribute("data-side", side);
  setStyle(bubble, { left: `${best.left}px`, top: `${best.top}px`, bottom: "auto", width: `${width}px` });
}

function schedule() {
  if (!frame) frame = requestAnimationFrame(place);
}

new MutationObserver(schedule).observe(document.getElementById("app"), {
  subtree: true, childList: true, attributes: true,
  attributeFilter: ["class", "data-coach-target", "data-coach-about", "aria-pressed", "open", "hidden", "inert",
    "disabled"] });
addEventListener("resize", schedule);
new ResizeObserver(schedule).observe(document.getElementById("app"));  // a layout that moved (a font came in)
if (document.fonts) document.fonts.addEventListener("loadingdone", schedule);
addEventListener("scroll", schedule, true);
addEventListener("animationend", schedule, true);  // a sheet that slid in, a card that landed
addEventListener("transitionend", schedule, true);
