// Pyodide, started as soon as the page is parsed instead of after PyScript's own modules have loaded.
//
// PyScript asks for its interpreter only at the end of a chain of module loads (core.js, its core chunk,
// pyscript.json, its plugins): ~250-400 ms after navigation in traced loads here, where a page that boots
// Pyodide itself asks at once (docs/performance.md). pyscript.json names this module as PyScript's interpreter
// ("interpreter" takes the URL of a module with Pyodide's exports), and index.html calls start() first thing.
// When PyScript then calls loadPyodide(), it gets the interpreter already on its way, and its output streams
// are connected to it.
//
// Pyodide resumes from a snapshot of its memory taken right after its own start-up (build.py, made by
// tools/snapshot_pyodide.mjs) instead of starting Python again: a bare page here has it up in ~0.8 s instead of
// ~2-3 s (docs/performance.md). The snapshot is the same for every visitor, so what start-up seeded from entropy is
// reseeded at once (Python's `random`), and what it read from the browser is read again (LANG, the locale). If the snapshot
// cannot be used (an old browser without DecompressionStream, a failed fetch, a restore that throws) or is not
// worth its download (a first visit over a slow link), Pyodide starts from scratch as it would without it.
//
// It is the same vendored Pyodide with the options PyScript passes: its stdout and stderr are connected when
// it calls; its indexURL (this module's folder) is not passed on, since Pyodide finds its files next to
// pyodide.mjs by itself. Anything else PyScript could ask for (packages, a lock file) this app never
// configures, and it is refused loudly rather than ignored.
import { loadPyodide as loadVendoredPyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

// PyScript's streams, once it passes them; until then Python's output goes to the console.
const streams = { stdout: console.log, stderr: console.error };
let booting = null;

/** Begin booting Pyodide (once); returns the promise of the interpreter. */
export function start() {
  if (booting === null) {
    booting = boot({
      stdout: (...args) => streams.stdout(...args),
      stderr: (...args) => streams.stderr(...args),
    });
    booting.catch(() => {}); // reported by index.html (on the page) and PyScript, which await the same promise
  }
  return booting;
}

const SNAPSHOT = new URL("../vendor/pyodide/pyodide-snapshot.bin", import.meta.url);

/** The snapshot's memory, as the build wrote it (tools/snapshot_pyodide.mjs): gzip-compressed (3.6 MB instead of
 * 31 MB), and a delta: its first stretch, the wasm's static data, is XORed with the memory as the wasm is
 * instantiated, and Pyodide's magic number is zeroed until that is undone (``armSnapshot``). */
async function snapshotMemory() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`${SNAPSHOT.pathname}: HTTP ${response.status}`);
  const file = new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  const prefix = new DataView(file.buffer, 0, 16);
  if (new TextDecoder().decode(file.subarray(0, 4)) !== "JBSD") throw new Error("not a snapshot of this build");
  return { snapshot: file.subarray(16), length: prefix.getUint32(4, true), offset: prefix.getUint32(8, true),
           magic: prefix.getUint32(12, true) };
}

/** Undo the delta, given the wasm memory as just instantiated (Pyodide restores the snapshot right after). */
function armSnapshot({ snapshot, length, offset, magic }, memory) {
  const stored = new Uint32Array(snapshot.buffer, snapshot.byteOffset + offset, length / 4);
  const initial = new Uint32Array(memory.buffer, 0, length / 4);
  for (let i = 0; i < stored.length; i++) stored[i] ^= initial[i];
  new DataView(snapshot.buffer, snapshot.byteOffset, 4).setUint32(0, magic, true);
}

/** The snapshot's memory as Pyodide's `_loadSnapshot`: handed over once and then let go (Pyodide keeps the
 * option, and the 31 MB would otherwise stay alive next to the memory restored from it). ``arm(memory)`` undoes
 * the delta once the wasm is instantiated. */
function snapshotOnce() {
  let memory = snapshotMemory();
  memory.catch(() => {}); // a failure is handled where Pyodide awaits it; until then it is not "unhandled"
  let delta = null;
  return {
    then(resolve, reject) {
      const handed = memory ?? Promise.reject(new Error("the snapshot was already used"));
      memory = null;
      return handed.then((file) => { delta = file; return file.snapshot; }).then(resolve, reject);
    },
    arm(wasmMemory) {
      if (delta !== null) armSnapshot(delta, wasmMemory);
      delta = null;
    },
  };
}

// Python run once after a restore: what the snapshot froze that must differ per visitor or per browser. Still
// frozen: the C library's time zone names (time.tzname, time.timezone are UTC's; local times themselves are
// right, the browser computes them on every call); the app uses neither.
const FRESHEN = `
import locale, os, random, sys
random.seed()  # from os.urandom: the browser's crypto.getRandomValues
os.environ["LANG"] = lang
try:
    locale.setlocale(locale.LC_CTYPE, "")  # what Python's start-up does with LANG
except locale.Error:  # a language the C library does not know: keep C.UTF-8, as a plain start would
    pass
while sys.path.count("") > 1:  # loadPyodide() puts "" first once more on every load
    sys.path.remove("")
`;

/** Whether to resume from the snapshot. From the offline copy (a page the service worker controls) always. On a
 * first visit the snapshot is 3.6 MB more to download before Python runs: it pays on a fast link and costs on a
 * slow one (emulated cold loads of a bare page here: Pyodide up in 5.3 s instead of 7.4 s at 50 Mbit/s, 16.1 s
 * instead of 15.0 s at 10 Mbit/s), so a browser that reports a slow link or asks to save data starts it plainly. */
function shouldResumeFromSnapshot() {
  if (typeof DecompressionStream !== "function") return false;
  if (navigator.serviceWorker?.controller) return true;
  const link = navigator.connection;
  return !(link?.saveData || ["slow-2g", "2g", "3g"].includes(link?.effectiveType));
}

/** Pyodide's loadPyodide(), rejecting when its wasm cannot be instantiated. Pyodide itself only logs that
 * ("wasm instantiation failed!") and leaves the promise pending for ever: a lost connection, a 404 or a captive
 * portal's page in place of the wasm would otherwise leave "Starting…" on screen with nothing to say why.
 * Pyodide instantiates its wasm with WebAssembly.instantiateStreaming (WebAssembly.instantiate if that fails);
 * for the length of the load, both are watched for a rejection, and ``instantiated(memory)`` is called with the
 * wasm's memory as soon as it exists (before Pyodide goes on). */
async function loadPyodideOrFail(options, instantiated = () => {}) {
  const originals = { instantiateStreaming: WebAssembly.instantiateStreaming, instantiate: WebAssembly.instantiate };
  let wasmFailed;
  const failure = new Promise((_, reject) => { wasmFailed = reject; });
  for (const [name, original] of Object.entries(originals)) {
    WebAssembly[name] = function watched(...args) {
      const result = original.apply(this, args);
      if (!(args[0] instanceof WebAssembly.Module)) {  // not a small module Pyodide makes for itself
        result.catch((err) => wasmFailed(new Error(`Pyodide's wasm could not be loaded: ${err?.message ?? err}`)));
      }
      return result.then((made) => {
        if (made.instance?.exports.memory) instantiated(made.instance.exports.memory);
        return made;
      });
    };
  }
  try {
    return await Promise.race([loadVendoredPyodide(options), failure]);
  } finally {
    Object.assign(WebAssembly, originals);
  }
}

/** How the interpreter started: "snapshot" (resumed from it) or "scratch"; null while it starts. */
let startedFrom = null;
export function howStarted() {
  return startedFrom;
}

/** Pyodide resumed from the snapshot; started from scratch if that cannot be done. */
async function boot(options) {
  if (shouldResumeFromSnapshot()) {
    try {
      const snapshot = snapshotOnce();
      const pyodide = await loadPyodideOrFail({ ...options, _loadSnapshot: snapshot }, (memory) => snapshot.arm(memory));
      // Emscripten's LANG on a plain start: the browser's language as a POSIX locale name.
      const lang = (navigator.language ?? "C").replace("-", "_") + ".UTF-8";
      pyodide.runPython(FRESHEN, { globals: pyodide.toPy({ lang }) });
      startedFrom = "snapshot";
      return pyodide;
    } catch (err) {
      console.warn("Junban: Pyodide could not resume from its snapshot; starting it from scratch.", err);
    }
  }
  const pyodide = await loadPyodideOrFail(options);
  startedFrom = "scratch";
  return pyodide;
}

/** What PyScript calls: the interpreter start() began, with PyScript's streams attached. */
export function loadPyodide({ stdout, stderr, indexURL, ...rest } = {}) {
  const unsupported = Object.keys(rest);
  if (unsupported.length) {
    throw new Error(`pyodide-early.mjs cannot pass on ${unsupported.join(", ")}: boot Pyodide from pyscript.json directly`);
  }
  if (stdout) streams.stdout = stdout;
  if (stderr) streams.stderr = stderr;
  return start();
}
