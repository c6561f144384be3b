// Bot turn times of the Eleusis scientist in Pyodide (the interpreter the browser runs), under node.
//
//   node tools/eleusis_pyodide_timing.mjs [RULES.json|library] [GAMES_PER_RULE] [SEED]
//
// Loads the vendored node_modules/pyodide, mounts py/ and plays solo science games with the bot; prints the
// turn-time percentiles and, last, one JSON line. Timing uses time.perf_counter inside Python.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [rules = "library", games = "1", seed = "pyodide"] = process.argv.slice(2);
const py = await loadPyodide();
py.FS.mkdirTree("/app/py");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.join(root, "py") }, "/app/py");
if (rules !== "library") {
  py.FS.mkdirTree("/app/rules");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: path.dirname(path.resolve(rules)) }, "/app/rules");
}
const rulesPath = rules === "library" ? "library" : "/app/rules/" + path.basename(rules);
const out = py.runPython(`
import sys, time, json
sys.path.insert(0, "/app/py")
t0 = time.perf_counter()
from junban.games.eleusis import science
from junban.games.eleusis.scientist import default_hypotheses
from junban.games.eleusis.science_bot import make_science_bot
from junban.bench.eleusis import load_rules
default_hypotheses()
setup_ms = (time.perf_counter() - t0) * 1000
rules = load_rules(${JSON.stringify(rulesPath)}, None)
turns, solved, games = [], 0, 0
first_turn = None
for i, entry in enumerate(rules):
    for g in range(${Number(games)}):
        seed = f"${seed}-{i}-{g}"
        state = science.new_game({"rule": entry["rule"]}, seed)
        bot = make_science_bot("scientist", seed)
        while science.to_act(state) is not None:
            view = science.view(state)
            t = time.perf_counter()
            action = bot.act(view)
            turns.append((time.perf_counter() - t) * 1000)
            state = science.apply(state, action)
        games += 1
        solved += science.outcome(state)["solved"]
turns.sort()
pick = lambda q: turns[min(len(turns) - 1, int(q * len(turns)))]
json.dumps({"python": sys.version.split()[0], "games": games, "solved": solved, "turns": len(turns),
            "setup_ms": round(setup_ms), "turn_ms_p50": round(pick(0.5), 1), "turn_ms_p95": round(pick(0.95), 1),
            "turn_ms_p99": round(pick(0.99), 1), "turn_ms_max": round(turns[-1], 1)})
`);
console.log(out);
