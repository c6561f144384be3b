// Junban's coach mark: the bubble of a first game that teaches (py/junban/ui/parts/tutorial.py) stands beside
// what it points at, and a ring marks that thing. Python draws the bubble (#coach) with the target's selector in
// data-coach-target ("a || b": the first one shown); this script only places it, after every change of the page,
// a resize or a scroll. It never decides anything about a game, and never moves the page's own elements.
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
  let left = (innerWidth - width) / 2;
  let top = innerHeight - height - 8;
  let side = "none";
  if (target) {
    const r = target.getBoundingClientRect();
    setStyle(ring(), { display: "block", left: `${r.left - 5}px`, top: `${r.top - 5}px`, width: `${r.width + 10}px`,
      height: `${r.height + 10}px` });
    const middle = Math.max(56, Math.min(innerHeight - height - 8, r.top + r.height / 2 - height / 2));
    left = Math.max(8, Math.min(innerWidth - width - 8, r.left + r.width / 2 - width / 2));
    // Below it, else above it (so a row it stands in, a hand of cards, stays in view), else beside it.
    if (r.bottom + GAP + height <= innerHeight - 4) { top = r.bottom + GAP; side = "below"; }
    else if (r.top - GAP - height >= 52) { top = r.top - GAP - height; side = "above"; }
    else if (r.right + GAP + width <= innerWidth - 8) { left = r.right + GAP; top = middle; side = "right"; }
    else if (r.left - GAP - width >= 8) { left = r.left - GAP - width; top = middle; side = "left"; }
    else if (r.top + r.height / 2 > innerHeight / 2) { top = 56; }
    else { top = innerHeight - height - 8; }
    bubble.style.setProperty("--arrow-x", `${Math.max(16, Math.min(width - 16, r.left + r.width / 2 - left))}px`);
    bubble.style.setProperty("--arrow-y", `${Math.max(16, Math.min(height - 16, r.top + r.height / 2 - top))}px`);
  } else if (old) {
    old.style.display = "none";
  }
  bubble.setAttribute("data-side", side);
  setStyle(bubble, { left: `${left}px`, top: `${top}px`, bottom: "auto", width: `${width}px` });
}

function schedule() {
  if (!frame) frame = requestAnimationFrame(place);
}

new MutationObserver(schedule).observe(document.getElementById("app"), {
  subtree: true, childList: true, attributes: true,
  attributeFilter: ["class", "data-coach-target", "aria-pressed", "open", "hidden", "inert", "disabled"] });
addEventListener("resize", schedule);
addEventListener("scroll", schedule, true);
addEventListener("animationend", schedule, true);  // a sheet that slid in, a card that landed
addEventListener("transitionend", schedule, true);
