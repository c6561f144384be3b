// Junban's table sounds: short, quiet cues made with the Web Audio API (synthesized here: nothing is fetched).
// Python decides which cue an action calls for (py/junban/ui/sound.py) and asks for it through
// junbanSound.play(name) or junbanSound.vibrate(pattern); this script only makes it, and only when all hold:
// - the page allows sounds now: <html data-sound="on">, set by Python while a table is shown and the sound
//   setting is on;
// - the person has tapped or pressed a key on the page (the browsers' autoplay rules): the audio context is made
//   at a tap, never before, and never while sounds are off;
// - the page is visible: a page in the background plays nothing and vibrates nothing.
const QUIET = 0.12; // the loudest a cue gets (of 1)
let context = null;
let tapped = false; // a tap or key press seen by this script (a tap before it loaded counts from the next one)

function allowed() {
  return document.documentElement.getAttribute("data-sound") === "on";
}

function audible() {
  return allowed() && tapped && document.visibilityState === "visible";
}

function audio() {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

// The context is made (or woken) inside a tap, as every browser allows, once sounds are on.
function onTap(event) {
  if (!event.isTrusted) return;
  tapped = true;
  if (allowed() && document.visibilityState === "visible") audio();
}
addEventListener("pointerdown", onTap, true);
addEventListener("keydown", onTap, true);
document.addEventListener("visibilitychange", () => {
  if (context && document.visibilityState !== "visible") context.suspend().catch(() => {});
});

// A tone that starts at once and fades out: its frequency may glide.
function tone(ac, at, freq, seconds, { type = "sine", level = 1, glide = 0 } = {}) {
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (glide) osc.frequency.exponentialRampToValueAtTime(glide, at + seconds);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(QUIET * level, at + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  osc.connect(gain).connect(ac.destination);
  osc.start(at);
  osc.stop(at + seconds + 0.02);
}

// A short burst of filtered noise: a card's snap or slide.
function rustle(ac, at, seconds, { freq = 2000, q = 0.8, level = 1 } = {}) {
  const frames = Math.ceil(ac.sampleRate * seconds);
  const buffer = ac.createBuffer(1, frames, ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 3;
  const source = ac.createBufferSource();
  source.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = q;
  const gain = ac.createGain();
  gain.gain.value = QUIET * level;
  source.connect(filter).connect(gain).connect(ac.destination);
  source.start(at);
}

function notes(ac, at, freqs, step, seconds, options) {
  freqs.forEach((freq, i) => tone(ac, at + i * step, freq, i === freqs.length - 1 ? seconds * 1.8 : seconds, options));
}

const CUES = {
  play: (ac, at) => { rustle(ac, at, 0.05, { freq: 1800, level: 1.6 }); tone(ac, at, 190, 0.05, { level: 0.35 }); },
  draw: (ac, at) => { rustle(ac, at, 0.08, { freq: 3200, q: 0.6 }); rustle(ac, at + 0.07, 0.07, { freq: 2600, q: 0.6 }); },
  turn: (ac, at) => notes(ac, at, [660, 990], 0.11, 0.14, { level: 0.55 }),
  trick: (ac, at) => notes(ac, at, [523, 659, 784], 0.06, 0.1, { type: "triangle", level: 0.7 }),
  wrong: (ac, at) => notes(ac, at, [220, 165], 0.1, 0.12, { type: "triangle", level: 0.9 }),
  win: (ac, at) => notes(ac, at, [523, 659, 784, 1047], 0.09, 0.14, { type: "triangle", level: 0.7 }),
  loss: (ac, at) => notes(ac, at, [392, 330, 262], 0.16, 0.18, { type: "triangle", level: 0.6 }),
};

function play(name) {
  const cue = CUES[name];
  if (!cue || !audible()) return;
  const ac = audio();
  if (ac) cue(ac, ac.currentTime + 0.01);
}

function vibrate(pattern) {
  if (!audible() || typeof navigator.vibrate !== "function") return;
  navigator.vibrate(Array.from(pattern, Number));
}

window.junbanSound = { play, vibrate };
