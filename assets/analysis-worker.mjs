// The Game's deal analysis ("Could this deal have been won?", junban/games/the_game/analysis.py) in a worker of its
// own, started by the page for one analysis and ended after it (py/junban/ui/browser.py's start_analysis).
//
// Why a worker: the analysis takes tens of MB of Python objects (the positions its searches explore), and a wasm
// memory never shrinks: run in the page, it stayed taken until the page was closed (docs/performance.md). Ended,
// a worker gives all of it back. And the page's thread stays free while it runs, so it runs without pausing for
// frames. The price is a second Pyodide, resumed from the same snapshot as the page's (~1 s here).
//
// Messages. In: {request: {config, seed, actions, people}} (JSON text). Out: {kind: "progress", json} as the
// analysis goes (at most every 100 ms); {kind: "verdict", json} as soon as the best result from the start is known
// (the page shows it while the turning point is looked for; again if a later search finds a better best); then
// {kind: "done", json} (its result) or {kind: "failed", message}.
import { startPython } from "./python-worker.mjs";

const PROGRESS_MS = 100;
const NODES_PER_STEP = 25;

self.onmessage = async ({ data }) => {
  try {
    const pyodide = await startPython();
    pyodide.globals.set("request", data.request);
    pyodide.runPython(`
import json
from junban.games.the_game.analysis import Analysis
asked = json.loads(request)
analysis = Analysis(asked["config"], asked["seed"], asked["actions"], people=asked["people"])
`);
    const analysis = pyodide.globals.get("analysis");
    let shown = performance.now();
    let verdicts = 0;
    while (!analysis.run(NODES_PER_STEP)) {
      if (analysis.verdict_version !== verdicts) {
        verdicts = analysis.verdict_version;
        postMessage({ kind: "verdict", json: pyodide.runPython("json.dumps(analysis.verdict)") });
      }
      if (performance.now() - shown >= PROGRESS_MS) {
        shown = performance.now();
        postMessage({ kind: "progress", json: pyodide.runPython("json.dumps(analysis.progress)") });
      }
    }
    postMessage({ kind: "done", json: pyodide.runPython("json.dumps(analysis.result)") });
  } catch (err) {
    postMessage({ kind: "failed", message: String(err?.message ?? err) });
  }
};
