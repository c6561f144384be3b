// Python in a worker of the page's own (assets/analysis-worker.mjs, assets/thinking-worker.mjs): the vendored
// Pyodide resumed from the build's snapshot, as the page's (assets/pyodide-early.mjs), with the package's two
// archives as the page has them (pyscript.json names the first, which names the later: junban/archives.py), read
// from the service worker's copy when offline.
import { start } from "./pyodide-early.mjs";

async function bytesOf(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Pyodide with the whole package importable (once per worker). */
let python = null;
export function startPython() {
  python ??= (async () => {
    const pyodide = await start();
    const config = await (await fetch(new URL("../pyscript.json", import.meta.url))).json();
    const [first] = Object.keys(config.files);
    pyodide.FS.writeFile("/junban.zip", await bytesOf(new URL(first, new URL("../", import.meta.url))));
    pyodide.runPython(`
import sys
sys.path.insert(0, "/junban.zip")
from junban.archives import LaterArchive
later = LaterArchive.described_in("/junban.zip", "/junban-later.zip").install()
`);
    const laterUrl = pyodide.runPython("later.url");
    const later = await bytesOf(new URL(laterUrl, new URL("../", import.meta.url)));
    pyodide.globals.set("later_bytes", later);
    pyodide.runPython("later.arrived(later_bytes.to_bytes())\ndel later_bytes");
    return pyodide;
  })();
  return python;
}
