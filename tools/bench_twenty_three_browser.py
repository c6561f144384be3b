#!/usr/bin/env python3
"""How long a 23 bot's decision takes in the browser: Pyodide in headless Chromium, the app's own code.

    python tools/bench_twenty_three_browser.py [--players 2,4] [--games 4] [--seed bench] [--level strong]
                                               [--repeat R]

Builds dist/ into a temporary folder, adds a bare benchmark page there (never to the repository's dist/), serves it
on 127.0.0.1 and opens it in Chromium (/usr/bin/chromium, through Playwright). The page loads the vendored Pyodide
and the app's Python archive exactly as built, then plays whole games with a bot in every seat. Each decision is
timed inside Python with ``time.perf_counter`` around ``bot.act(view(state, seat))`` — what the table runs for a
bot's turn (``Session.bot_action``), without the page's redraw. Prints a table per player count and, last, one JSON
object: decisions, p50/p95/max in ms, overall and per phase (the secret discard, the plays).

Only wall time exists in the browser, so on a busy machine it also counts other processes' work. ``--repeat R``
times every decision R times on the same view (the bots are deterministic and keep no state between decisions, so
each call does the same work; the tool checks that all R answers agree) and reports, besides the first call, the
fastest of the R (the row "fastest", every phase): the bot's own cost with most of the interference filtered out.
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
<title>23 bot timing</title>
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
from junban.games.twenty_three import rules

def timed_game(players, seed, level, repeat):
    state = rules.new_game({"players": players}, seed)
    bots = [make_bot("23", level, seed, seat) for seat in range(players)]
    times, agree = [], True
    while (seat := rules.to_act(state)) is not None:
        calls, actions = [], []
        for _ in range(repeat):
            start = time.perf_counter()
            actions.append(bots[seat].act(rules.view(state, seat)))
            calls.append((time.perf_counter() - start) * 1000)
        agree = agree and all(a == actions[0] for a in actions)
        times.append([state.phase, calls[0], min(calls)])
        state = rules.apply(state, actions[0])
    return json.dumps({"times": times, "agree": agree, "python": sys.version.split()[0]})
`);
window.timedGame = (a) => py.globals.get("timed_game")(a[0], a[1], a[2], a[3]);
document.documentElement.dataset.ready = "true";
</script>
"""


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile of sorted ``values``: the smallest value with at least q of them at or below it."""
    return values[min(len(values), max(1, math.ceil(q * len(values)))) - 1]


def summary(times: list[float]) -> dict:
    ordered = sorted(times)
    return {"decisions": len(ordered), "p50_ms": round(percentile(ordered, 0.50), 1),
            "p95_ms": round(percentile(ordered, 0.95), 1), "max_ms": round(ordered[-1], 1)} if ordered else {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="2,4", help="comma-separated player counts (default 2,4)")
    parser.add_argument("--games", type=int, default=4, help="games per player count (default 4)")
    parser.add_argument("--seed", default="bench", help="seed prefix; game i plays seed '<seed>-<players>-<i>'")
    parser.add_argument("--level", default="strong", help="bot level in every seat (default strong)")
    parser.add_argument("--repeat", type=int, default=1, help="time each decision R times (default 1)")
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="junban-bench-") as tmp:
        dist = Path(tmp) / "dist"
        build.build(dist)
        (dist / "bench-23.html").write_text(PAGE, encoding="utf-8")
        server = build.make_server(dist, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/bench-23.html"
        results: dict = {}
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda err: errors.append(str(err)))
                page.goto(url)
                page.wait_for_selector('html[data-ready="true"]', timeout=120_000)
                python = None
                agree = True
                for players in counts:
                    times: dict[str, list[float]] = {"all": [], "discard": [], "play": [], "fastest": []}
                    started = time.perf_counter()
                    for game in range(args.games):
                        seed = f"{args.seed}-{players}-{game}"
                        data = json.loads(page.evaluate("a => window.timedGame(a)",
                                                        [players, seed, args.level, args.repeat]))
                        python, agree = data["python"], agree and data["agree"]
                        for phase, first, fastest in data["times"]:
                            times["all"].append(first)
                            times[phase].append(first)
                            times["fastest"].append(fastest)
                        done = game + 1
                        bar = "#" * (20 * done // args.games)
                        print(f"\r{players} players [{bar:<20}] {done}/{args.games} games", end="", file=sys.stderr,
                              flush=True)
                    print(file=sys.stderr)
                    if args.repeat == 1:
                        del times["fastest"]
                    results[str(players)] = {"games": args.games, "seconds": round(time.perf_counter() - started, 1),
                                             **{name: summary(values) for name, values in times.items()}}
                version = browser.version
                browser.close()
                if errors:
                    raise RuntimeError(f"the benchmark page failed: {errors[0]}")
        finally:
            server.shutdown()
            server.server_close()

    print(f"{'players':>7} {'phase':>8} {'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for players, result in results.items():
        for phase in ("all", "discard", "play", "fastest"):
            row = result.get(phase)
            if row:
                print(f"{players:>7} {phase:>8} {row['decisions']:>9} {row['p50_ms']:>8} {row['p95_ms']:>8} "
                      f"{row['max_ms']:>8}")
    print(json.dumps({"tool": "bench_twenty_three_browser", "level": args.level, "seed": args.seed,
                      "repeat": args.repeat, "repeats_agree": agree,
                      "chromium": version, "pyodide_python": python, "host": platform.machine(),
                      "results": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
