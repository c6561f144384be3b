// Junban's table script: cards that travel, and cards that can be dragged. Python marks what is what with data-
// attributes (py/junban/ui/parts/motion.py says which); this script only moves things on the page and turns a
// drop into the same intent a click gives. It never decides anything about a game.
//
// Travel (FLIP): before a render Python calls junbanTable.before(), which notes where every [data-flip] thing is;
// after it, junbanTable.after(ms) makes whatever moved travel from its old place to its new one. A thing that
// changes place on the table (hand -> pile: [data-zone] differs) flies as a copy above everything, so no
// container clips it; a thing that moves within its place (a hand closing up) slides where it is. Nothing
// waits for an animation, and under prefers-reduced-motion nothing travels.
const reduced = matchMedia("(prefers-reduced-motion: reduce)");
let noted = null; // key -> {rect, zone}, measured before a render
let origins = null; // origin name -> rect
const letGo = new Map(); // key -> rect where a dragged card was dropped (it flies on from there)

function zoneOf(el) {
  const zone = el.closest("[data-zone]");
  return zone ? zone.getAttribute("data-zone") : "";
}

function visibleRect(el) {
  const rect = el.getBoundingClientRect();
  return rect.width || rect.height ? rect : null;
}

function before() {
  noted = new Map();
  origins = new Map();
  for (const el of document.querySelectorAll("[data-flip]")) {
    const rect = visibleRect(el);
    if (rect) noted.set(el.getAttribute("data-flip"), { rect, zone: zoneOf(el) });
  }
  for (const el of document.querySelectorAll("[data-origin]")) {
    const rect = visibleRect(el);
    if (rect) origins.set(el.getAttribute("data-origin"), rect);
  }
  for (const [key, rect] of letGo) noted.set(key, { rect, zone: "hand-drop" });
  letGo.clear();
}

// A strip of many seats scrolls sideways between its pinned chips (yours, the dealer's): after a render, the
// chip of the seat to act is brought into the room between them.
function activeSeatInView() {
  for (const strip of document.querySelectorAll(".seat-strip.many")) {
    const chip = strip.querySelector(".seat-chip.active");
    if (!chip || chip.matches(".pin-only, .pin-first, .pin-second")) continue;
    const s = strip.getBoundingClientRect();
    let left = s.left;
    let right = s.right;
    for (const pin of strip.querySelectorAll(".pin-only, .pin-first, .pin-second")) {
      const r = pin.getBoundingClientRect();
      if (r.left - s.left < s.right - r.right) left = Math.max(left, r.right);
      else right = Math.min(right, r.left);
    }
    const c = chip.getBoundingClientRect();
    const dx = c.left < left ? c.left - left - 6 : (c.right > right ? c.right - right + 6 : 0);
    if (dx) strip.scrollBy({ left: dx, behavior: reduced.matches ? "auto" : "smooth" });
  }
}

function after(ms) {
  activeSeatInView();
  typingInSight();
  const was = noted;
  const from = origins;
  noted = origins = null;
  // The first drawing of a table (nothing was there before) deals nothing: cards are simply there.
  if (!was || !was.size || !ms || reduced.matches) return;
  for (const el of document.querySelectorAll("[data-flip]")) {
    const key = el.getAttribute("data-flip");
    let old = was.get(key);
    if (!old) {
      const source = el.getAttribute("data-flip-from");
      const rect = source && from.get(source);
      if (rect) old = { rect, zone: "origin" };
    }
    const now = old && visibleRect(el);
    if (!now) continue;
    const dx = old.rect.left - now.left;
    const dy = old.rect.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    if (old.zone === zoneOf(el)) slide(el, dx, dy, ms);
    else fly(el, old.rect, now, ms);
  }
}

function slide(el, dx, dy, ms) {
  el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
    { duration: ms, easing: "cubic-bezier(.2, .8, .2, 1)", composite: "add" });
}

function layer() {
  let el = document.getElementById("motion-layer");
  if (!el) {
    el = Object.assign(document.createElement("div"), { id: "motion-layer" });
    el.setAttribute("aria-hidden", "true");
    document.body.append(el);
  }
  return el;
}

function copyOf(el, rect) {
  const copy = el.cloneNode(true);
  for (const node of [copy, ...copy.querySelectorAll("*")]) {
    for (const name of ["id", "data-act", "data-flip", "data-drop-ok", "data-drop", "data-origin"]) node.removeAttribute(name);
  }
  copy.classList.add("in-flight");
  Object.assign(copy.style, { position: "fixed", left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`,
    height: `${rect.height}px`, margin: "0", zIndex: "1000", pointerEvents: "none", transition: "none" });
  copy.tabIndex = -1;
  layer().append(copy);
  return copy;
}

function fly(el, oldRect, now, ms) {
  const copy = copyOf(el, now);
  const sx = oldRect.width / now.width || 1;
  const sy = oldRect.height / now.height || 1;
  const dx = oldRect.left - now.left + (oldRect.width - now.width) / 2;
  const dy = oldRect.top - now.top + (oldRect.height - now.height) / 2;
  // Only the picture moves: the card in its new place is see-through (not hidden) while its copy flies, so its
  // name (a pile's "top 37") and any live region holding it say the new state at once.
  el.style.opacity = "0";
  const flight = copy.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` },
    { transform: "translate(0, 0) scale(1.08)", offset: 0.8 },
    { transform: "none" },
  ], { duration: ms * 1.25, easing: "cubic-bezier(.3, .7, .2, 1)" });
  const land = () => { copy.remove(); el.style.opacity = ""; };
  flight.finished.then(land, land);
}

// ---------------------------------------------------------------------------------------------------- drag
// A pointer pressed on a [data-drop-ok] card and moved more than a few pixels drags a copy of it. The places it
// may go ([data-drop] named in its data-drop-ok) light up; let go over one, and the intent is sent as a
// "junban:act" event (act: data-drag-act, arg: "<data-drag-arg>@<place>"); let go anywhere else, and it flies
// back. Mouse, pen and touch alike (pointer events).
const THRESHOLD = 8;
let drag = null;
let swallowClickUntil = 0;

function placesFor(card) {
  return (card.getAttribute("data-drop-ok") || "").split(" ").filter(Boolean);
}

function placeAt(x, y) {
  const hit = document.elementFromPoint(x, y);
  return hit ? hit.closest("[data-drop]") : null;
}

function startDrag(event) {
  const card = drag.card;
  const rect = card.getBoundingClientRect();
  drag.rect = rect;
  drag.copy = copyOf(card, rect);
  drag.copy.classList.add("dragged");
  card.classList.add("drag-source");
  document.body.classList.add("dragging");
  for (const name of placesFor(card)) {
    const place = document.querySelector(`[data-drop="${CSS.escape(name)}"]`);
    if (place) place.classList.add("drop-ok");
  }
  try { card.setPointerCapture(event.pointerId); } catch (_) { /* the pointer is already gone */ }
}

function endDrag() {
  if (!drag) return;
  const { card, copy } = drag;
  card.classList.remove("drag-source");
  document.body.classList.remove("dragging");
  for (const el of document.querySelectorAll(".drop-ok, .drop-over")) el.classList.remove("drop-ok", "drop-over");
  if (copy && copy.isConnected && !copy.dataset.returning) copy.remove();
  drag = null;
}

document.addEventListener("pointerdown", (event) => {
  if (drag || (event.pointerType === "mouse" && event.button !== 0)) return;
  const card = event.target.closest("[data-drop-ok]");
  if (!card || card.closest("[inert]")) return;
  drag = { card, id: event.pointerId, x0: event.clientX, y0: event.clientY, copy: null, over: null };
});

document.addEventListener("pointermove", (event) => {
  if (!drag || event.pointerId !== drag.id) return;
  const dx = event.clientX - drag.x0;
  const dy = event.clientY - drag.y0;
  if (!drag.copy) {
    if (Math.hypot(dx, dy) < THRESHOLD) return;
    startDrag(event);
  }
  event.preventDefault();
  drag.copy.style.transform = `translate(${dx}px, ${dy}px) rotate(${Math.max(-8, Math.min(8, dx / 12))}deg)`;
  const place = placeAt(event.clientX, event.clientY);
  const ok = place && placesFor(drag.card).includes(place.getAttribute("data-drop"));
  if (drag.over && drag.over !== place) drag.over.classList.remove("drop-over");
  drag.over = ok ? place : null;
  if (ok) place.classList.add("drop-over");
}, { passive: false });

function finish(event, cancelled) {
  if (!drag || event.pointerId !== drag.id) return;
  if (!drag.copy) { drag = null; return; } // a tap: the click that follows does the work
  swallowClickUntil = performance.now() + 400;
  const place = cancelled ? null : placeAt(event.clientX, event.clientY);
  const name = place && place.getAttribute("data-drop");
  const { card, copy, rect } = drag;
  if (name && placesFor(card).includes(name)) {
    const key = card.getAttribute("data-flip");
    if (key) letGo.set(key, copy.getBoundingClientRect()); // it flies on from where it was let go
    endDrag();
    card.dispatchEvent(new CustomEvent("junban:act", { bubbles: true, detail: {
      act: card.getAttribute("data-drag-act"), arg: `${card.getAttribute("data-drag-arg")}@${name}` } }));
    return;
  }
  // Not a place it may go: it flies back to the hand.
  copy.dataset.returning = "1";
  endDrag();
  const back = copy.animate([{ transform: copy.style.transform }, { transform: "none" }],
    { duration: reduced.matches ? 0 : 180, easing: "ease-out" });
  const gone = () => copy.remove();
  back.finished.then(gone, gone);
  void rect;
}

document.addEventListener("pointerup", (event) => finish(event, false));
document.addEventListener("pointercancel", (event) => finish(event, true));
document.addEventListener("click", (event) => {
  if (performance.now() < swallowClickUntil) {
    event.stopPropagation();
    event.preventDefault();
    swallowClickUntil = 0;
  }
}, true);

// ---------------------------------------------------------------------------------------------------- keyboard
// Where the browser keeps laying the page out under the on-screen keyboard (it only shrinks the visual viewport),
// --keyboard is the keyboard's height, so the bars of actions (.action-bar) stand above it.
const view = window.visualViewport;
function keyboardInset() {
  const zoomed = Math.abs(view.scale - 1) > 0.01; // a pinch zoom shrinks the visual viewport too: not a keyboard
  const inset = zoomed ? 0 : Math.max(0, Math.round(innerHeight - view.height - view.offsetTop));
  document.documentElement.style.setProperty("--keyboard", `${inset}px`);
}
// When the keyboard comes up (the page gets shorter) or the bar under it grows (the checker's answer), the box
// being typed in stays in sight between the top bar and the bar of actions, as phones do for a focused field.
function typingInSight() {
  const box = document.activeElement;
  if (!box || !box.matches("textarea, input[type=text], input:not([type])")) return;
  const r = box.getBoundingClientRect();
  const top = (document.querySelector(".topbar") || { getBoundingClientRect: () => ({ bottom: 0 }) })
    .getBoundingClientRect().bottom;
  let bottom = innerHeight;
  for (const bar of document.querySelectorAll(".action-bar")) {
    const b = bar.getBoundingClientRect();
    const after = box.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (b.height && after && !bar.contains(box)) bottom = Math.min(bottom, b.top);
  }
  if (r.bottom > bottom - 6) window.scrollBy(0, Math.min(r.bottom - bottom + 6, r.top - top - 6));
  else if (r.top < top + 6) window.scrollBy(0, r.top - top - 6);
}
addEventListener("resize", typingInSight);
if (view) {
  view.addEventListener("resize", () => { keyboardInset(); typingInSight(); });
  view.addEventListener("scroll", keyboardInset);
  keyboardInset();
}

window.junbanTable = { before, after };
