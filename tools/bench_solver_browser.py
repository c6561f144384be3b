#!/usr/bin/env python3
"""How long "Analyse this deal" takes in the browser: The Game's analysis in Pyodide, in headless Chromium.

    python tools/bench_solver_browser.py [--players 1] [--player strong|baseline|greedy] [--games 40]
                                         [--seed solver-browser] [--slice 20] [--variant expert ...] [--browser-only]
                                         [--dist DIR | --no-build]

Runs ``python build.py`` (dist/; not with ``--no-build`` or ``--dist DIR``, an existing build) and opens a copy of dist/ under the timing page of
``tools/browser_timing.py``, which loads the vendored Pyodide and the app's own archives. For each deal (seed
``<seed>-<i>``) ``--player`` plays a whole game at every seat (not timed): the strong bot, the baseline bot, or
``greedy``, a simple greedy person (each turn the minimum, each card the one that skips the fewest numbers on its pile,
a backwards trick whenever there is one, then the turn ends); then ``analysis.Analysis`` (every seat a person)
answers it — the best result from the start and the turning point — in slices of ``--slice`` nodes, as a page runs
it between frames. The tool reports, per deal (p50/p95/max, ms), the time to the verdict (the best result from the
start: what the page shows first, with its line to watch) and to the whole analysis (the turning point too), the
longest slice (the longest
the page's main thread would be busy at once) and how much the page's wasm memory grew over all the analyses (it
never shrinks), then (not with ``--browser-only``) times the same analyses on this machine's CPython for the
Pyodide/CPython ratio. Prints a table, then one JSON object as the last line.
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.browser_timing import add_build_options, chosen_dist, run_both, run_calls, summary  # noqa: E402

VARIANT_KEYS = {"expert": "expert", "small": "small_hands", "fire": "on_fire"}

# Runs inside Pyodide (and on CPython for the ratio): plays one deal, then times its analysis.
HARNESS = r'''
import json, time
from junban.games.the_game import rules
from junban.games.the_game.analysis import Analysis
from junban.bots import make_bot

def greedy_action(state):
    """A simple greedy person: the minimum each turn, each card the one that skips the fewest numbers on its pile,
    a backwards trick whenever there is one; then the turn ends."""
    best = None
    for card in state.hands[state.active]:
        for pile in rules.PILES:
            top = rules.pile_top(state, pile)
            if rules.fits(card, pile, top):
                skipped = -1 if rules.is_backwards_trick(card, pile, top) else abs(card - top)
                if best is None or (skipped, card, pile) < best:
                    best = (skipped, card, pile)
    if best is not None and (len(state.played) < state.minimum or best[0] < 0):
        return {"play": best[1], "pile": best[2]}
    return {"end_turn": True}

def finished_game(config, seed, player):
    state = rules.new_game(config, seed)
    bots = [make_bot("the-game", player, seed, s) for s in range(state.config["players"])] if player != "greedy" else []
    actions = []
    while not rules.is_over(state):
        action = greedy_action(state) if player == "greedy" else bots[state.active].act(rules.view(state, state.active))
        actions.append(action)
        state = rules.apply(state, action)
    return actions

def wasm_memory():
    """The page's wasm memory in bytes (0 on CPython)."""
    try:
        import pyodide_js
    except ImportError:
        return 0
    return pyodide_js._module.HEAP8.length

def time_analysis(config, seed, slice_nodes, player):
    actions = finished_game(config, seed, player)
    memory_before = wasm_memory()
    started = time.perf_counter()
    analysis = Analysis(config, seed, actions, people=range(config["players"]))
    slices = []
    verdict_ms = None
    while True:
        t0 = time.perf_counter()
        done = analysis.run(slice_nodes)
        slices.append((time.perf_counter() - t0) * 1000)
        if verdict_ms is None and analysis.verdict_version:
            verdict_ms = (time.perf_counter() - started) * 1000
        if done:
            break
    ms = (time.perf_counter() - started) * 1000
    result = analysis.result
    point = result["turning_point"]
    return json.dumps({"ms": ms, "verdict_ms": verdict_ms, "longest_slice_ms": max(slices), "slices": len(slices),
                       "nodes": result["nodes"],
                       "actual_left": result["actual"]["left"], "best_left": result["best"]["best_left"],
                       "best_proven": result["best"]["proven_optimal"],
                       "turning_point": None if point is None else point["turn_index"],
                       "turning_point_proven": None if point is None else point["proven"],
                       "memory_before": memory_before, "memory": wasm_memory()})
'''


def deals(args) -> list[tuple[dict, str]]:
    config = {"players": args.players, **{VARIANT_KEYS[v]: True for v in args.variant}}
    return [(config, f"{args.seed}-{i}") for i in range(args.games)]


def calls(jobs, args) -> list[str]:
    """The harness call for each deal (the same text runs in Pyodide and on CPython)."""
    return [f"time_analysis(json.loads({json.dumps(config)!r}), {seed!r}, {args.slice}, {args.player!r})"
            for config, seed in jobs]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1, choices=range(1, 6), help="player count (default 1)")
    parser.add_argument("--player", default="strong", choices=("strong", "baseline", "greedy"),
                        help="who plays the games analysed, at every seat (default strong)")
    parser.add_argument("--games", type=int, default=40, help="deals (default 40)")
    parser.add_argument("--seed", default="solver-browser", help="deal i uses seed '<seed>-<i>'")
    parser.add_argument("--slice", type=int, default=20, help="solver nodes per run() call (default 20)")
    parser.add_argument("--variant", action="extend", nargs="+", default=[], choices=sorted(VARIANT_KEYS))
    parser.add_argument("--browser-only", action="store_true",
                        help="skip the CPython run (and its check that both analysed the deals alike)")
    add_build_options(parser)
    args = parser.parse_args(argv)

    jobs = deals(args)
    if args.browser_only:
        started = time.perf_counter()
        browser, info = run_calls(HARNESS, calls(jobs, args), chosen_dist(args))
        info["browser_seconds"] = round(time.perf_counter() - started, 1)
        cpython = []
    else:
        browser, cpython, info = run_both(HARNESS, calls(jobs, args), chosen_dist(args))
    strip = ("ms", "verdict_ms", "longest_slice_ms", "memory_before", "memory")
    if cpython and [{k: v for k, v in r.items() if k not in strip} for r in browser] != \
            [{k: v for k, v in r.items() if k not in strip} for r in cpython]:
        raise AssertionError("Pyodide and CPython analysed the deals differently")

    table = {}
    for where, results in (("browser", browser), ("cpython", cpython)):
        if not results:
            continue
        table[where] = {"verdict": summary([r["verdict_ms"] for r in results], count="deals"),
                        "analysis": summary([r["ms"] for r in results], count="deals"),
                        "longest_slice": summary([r["longest_slice_ms"] for r in results], count="deals")}
    ratio = (table["browser"]["analysis"]["p50_ms"] / max(table["cpython"]["analysis"]["p50_ms"], 1e-9)
             if cpython else float("nan"))
    print(f"{'where':>8} {'deals':>6} {'verdict p50':>12} {'verdict p95':>12} {'p50 ms':>9} {'p95 ms':>9} "
          f"{'max ms':>9} {'slice p95':>10} {'slice max':>10}")
    for where, row in table.items():
        v, a, s = row["verdict"], row["analysis"], row["longest_slice"]
        print(f"{where:>8} {a['deals']:>6} {v['p50_ms']:>12} {v['p95_ms']:>12} {a['p50_ms']:>9} {a['p95_ms']:>9} "
              f"{a['max_ms']:>9} {s['p95_ms']:>10} {s['max_ms']:>10}")
    nodes = sorted(r["nodes"] for r in browser)
    result = {
        "players": args.players,
        "player": args.player,
        "wasm_memory_mb": {"before": round(browser[0]["memory_before"] / 2**20, 1),
                           "after": round(browser[-1]["memory"] / 2**20, 1),
                           "most_one_analysis_added": round(max(r["memory"] - r["memory_before"] for r in browser) / 2**20, 1)},
        "variants": sorted(args.variant),
        "deals": len(jobs),
        "seed": args.seed,
        "slice_nodes": args.slice,
        "browser": table["browser"],
        "cpython": table.get("cpython"),
        "pyodide_over_cpython_p50": round(ratio, 2) if cpython else None,
        "nodes": {"p50": nodes[len(nodes) // 2], "max": nodes[-1]},
        "games_lost": sum(r["actual_left"] > 0 for r in browser),
        "perfect_possible": sum(r["best_left"] == 0 for r in browser),
        "turning_points": sum(r["turning_point"] is not None for r in browser),
        "turning_points_proven": sum(bool(r["turning_point_proven"]) for r in browser),
        "browser_seconds": info["browser_seconds"],
        "chromium": info["chromium"],
        "pyodide_python": info["pyodide_python"],
        "host_python": platform.python_version(),
        "machine": f"{platform.machine()}, {platform.processor() or 'cpu'}",
    }
    print(f"verdict in Pyodide: p50 {table['browser']['verdict']['p50_ms']} ms, "
          f"p95 {table['browser']['verdict']['p95_ms']} ms; "
          f"whole analysis: p50 {table['browser']['analysis']['p50_ms']} ms, "
          f"p95 {table['browser']['analysis']['p95_ms']} ms, max {table['browser']['analysis']['max_ms']} ms; "
          f"Pyodide/CPython (p50) {ratio:.2f}")
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
