// Pyodide, started as soon as the page is parsed instead of after PyScript's own modules have loaded.
//
// PyScript asks for its interpreter only at the end of a chain of module loads (core.js, its core chunk,
// pyscript.json, its plugins): ~250-400 ms after navigation in traced loads here, where a page that boots
// Pyodide itself asks at once (docs/performance.md). pyscript.json names this module as PyScript's interpreter
// ("interpreter" takes the URL of a module with Pyodide's exports), and index.html calls start() first thing.
// When PyScript then calls loadPyodide(), it gets the interpreter already on its way, and its output streams
// are connected to it.
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
    booting = loadVendoredPyodide({
      stdout: (...args) => streams.stdout(...args),
      stderr: (...args) => streams.stderr(...args),
    });
    booting.catch(() => {}); // reported by index.html (on the page) and PyScript, which await the same promise
  }
  return booting;
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
