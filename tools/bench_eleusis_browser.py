#!/usr/bin/env python3
"""How long an Eleusis table bot's turn takes in the browser: Pyodide in headless Chromium, the app's own code.

    python tools/bench_eleusis_browser.py [--players 4,6] [--games 3] [--seed bench] [--level strong]
                                          [--difficulty medium]

Builds dist/ into a temporary folder, writes a bare benchmark page next to it (never into the repository's dist/),
serves it on 127.0.0.1 and opens it in Chromium (/usr/bin/chromium, through Playwright). The page loads the
vendored Pyodide and the app's Python archive as built, then plays whole games (every round) with a bot in every
seat. Each decision is timed inside Python with ``time.perf_counter`` around ``bot.act(view(state, seat))`` — what
the table runs for a bot's turn — without the page's redraw. Building the hypothesis space (once per page, on the
first decision that needs it) is reported apart as ``setup_ms``. Prints a table per player count and phase and, last,
one JSON object (p50/p95/max in ms). Only wall time exists in the browser: on a busy machine it counts other
processes' work too.
"""
from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repository's build script)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

PAGE = """<!doctype html>
<meta charset="utf-8">
<title>Eleusis bot timing</title>
<script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const config = await (await fetch("./pyscript.json")).json();
const archive = Object.keys(config.files)[0];
const py = await loadPyodide({ indexURL: "./vendor/pyodide/" });
py.unpackArchive(await (await fetch(archive)).arrayBuffer(), "zip", { extractDir: "/bench" });
py.runPython(`
import json, sys, time
sys.path.insert(0, "/bench")
from junban.bots import make_bot
from junban.games.eleusis import rules
from junban.games.eleusis.scientist import default_space

def setup():
    start = time.perf_counter()
    default_space()
    return json.dumps({"setup_ms": (time.perf_counter() - start) * 1000, "python": sys.version.split()[0]})

def timed_game(players, seed, level, difficulty):
    state = rules.new_game({"players": players, "difficulty": difficulty}, seed)
    bots = [make_bot("eleusis", level, seed, seat) for seat in range(players)]
    times = []
    while (seat := rules.to_act(state)) is not None:
        view = rules.view(state, seat)
        start = time.perf_counter()
        action = bots[seat].act(view)
        times.append([state.phase, (time.perf_counter() - start) * 1000, len(view["hand"])])
        state = rules.apply(state, action)
    return json.dumps({"times": times, "rounds": len(state.rounds)})
`);
window.setupSpace = () => py.globals.get("setup")();
window.timedGame = (a) => py.globals.get("timed_game")(a[0], a[1], a[2], a[3]);
document.documentElement.dataset.ready = "true";
</script>
"""
PHASES = ("all", "play", "prophet_offer", "prophet_judge", "rule")


def percentile(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile of sorted values: the smallest value with at least q of them at or below it."""
    return ordered[min(len(ordered), max(1, math.ceil(q * len(ordered)))) - 1]


def summary(values: list[float]) -> dict:
    ordered = sorted(values)
    if not ordered:
        return {}
    return {"decisions": len(ordered), "p50_ms": round(percentile(ordered, 0.5), 1),
            "p95_ms": round(percentile(ordered, 0.95), 1), "max_ms": round(ordered[-1], 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="4,6", help="comma-separated seat counts (default 4,6)")
    parser.add_argument("--games", type=int, default=3, help="whole games per seat count (default 3)")
    parser.add_argument("--seed", default="bench", help="game i at n seats plays seed '<seed>-<n>-<i>'")
    parser.add_argument("--level", default="strong", help="bot level in every seat (default strong)")
    parser.add_argument("--difficulty", default="medium", help="library rules the bot dealers pick (default medium)")
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]

    from playwright.sync_api import sync_playwright

    results: dict = {}
    with tempfile.TemporaryDirectory(prefix="junban-bench-") as tmp:
        dist = Path(tmp) / "dist"
        build.build(dist)
        (dist / "bench-eleusis.html").write_text(PAGE, encoding="utf-8")
        server = build.make_server(dist, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda err: errors.append(str(err)))
                page.goto(f"http://127.0.0.1:{server.server_address[1]}/bench-eleusis.html")
                page.wait_for_selector('html[data-ready="true"]', timeout=120_000)
                setup = json.loads(page.evaluate("() => window.setupSpace()"))
                for players in counts:
                    times: dict[str, list[float]] = {phase: [] for phase in PHASES}
                    started = time.perf_counter()
                    rounds = 0
                    for game in range(args.games):
                        data = json.loads(page.evaluate(
                            "a => window.timedGame(a)", [players, f"{args.seed}-{players}-{game}", args.level,
                                                          args.difficulty]))
                        rounds += data["rounds"]
                        for phase, ms, _hand in data["times"]:
                            times["all"].append(ms)
                            times.setdefault(phase, []).append(ms)
                        print(f"\r{players} seats: {game + 1}/{args.games} games", end="", file=sys.stderr, flush=True)
                    print(file=sys.stderr)
                    results[str(players)] = {"games": args.games, "rounds": rounds,
                                             "seconds": round(time.perf_counter() - started, 1),
                                             **{phase: summary(v) for phase, v in times.items() if v}}
                version = browser.version
                browser.close()
                if errors:
                    raise RuntimeError(f"the benchmark page failed: {errors[0]}")
        finally:
            server.shutdown()
            server.server_close()

    print(f"{'seats':>5} {'phase':>14} {'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for players, result in results.items():
        for phase in PHASES:
            row = result.get(phase)
            if row:
                print(f"{players:>5} {phase:>14} {row['decisions']:>9} {row['p50_ms']:>8} {row['p95_ms']:>8} "
                      f"{row['max_ms']:>8}")
    print(f"hypothesis space built once in {setup['setup_ms']:.0f} ms")
    print(json.dumps({"tool": "bench_eleusis_browser", "level": args.level, "difficulty": args.difficulty,
                      "seed": args.seed, "chromium": version, "pyodide_python": setup["python"],
                      "setup_ms": round(setup["setup_ms"]), "host": platform.machine(), "results": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
