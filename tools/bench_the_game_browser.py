#!/usr/bin/env python3
"""How long The Game's bots take in the browser: Pyodide in headless Chromium, running the app's own archive.

    python tools/bench_the_game_browser.py [--players 1,2,3,4,5] [--games 6] [--seed browser]
                                           [--level strong] [--variant expert ...] [--repeat R] [--dist DIR | --no-build]

Runs ``python build.py`` (dist/; not with ``--no-build`` or ``--dist DIR``, an existing build) and opens a copy of dist/ in headless Chromium under the
timing page of ``tools/browser_timing.py`` (nothing is added to dist/), which loads the vendored Pyodide and unpacks
the app archive named in dist/pyscript.json. Every deal is then played in Pyodide with a bot in every seat, each
``bot.act(view)`` timed with ``time.perf_counter`` — one act() call is one uninterrupted stretch of the page's main
thread, so its maximum is the longest freeze a bot turn can cause. A turn's time is the sum of its act() calls
(planning happens in the first; the rest read the cached plan).

The same deals are then timed on this machine's CPython for the Pyodide/CPython ratio. Wall time also counts other
processes on a busy machine: ``--repeat R`` re-plans the first act() of every turn R-1 more times with fresh bots and
reports the fastest ("own cost") beside the first measurement. Prints a table, then one JSON object as the last line.
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.browser_timing import add_build_options, chosen_dist, run_both, summary  # noqa: E402

VARIANT_KEYS = {"expert": "expert", "small": "small_hands", "fire": "on_fire", "strict": "strict"}

# Runs inside Pyodide (and on CPython for the ratio): plays one deal and times every act() call.
HARNESS = r'''
import json, time
from junban.games.the_game import rules
from junban.bots import make_bot

def time_deal(config, seed, level, repeat):
    state = rules.new_game(config, seed)
    seats = [make_bot("the-game", level, seed, s) for s in range(state.config["players"])]
    acts, turns, fastest = [], [], []
    turn_ms, turn_fast, first = 0.0, 0.0, True
    while not rules.is_over(state):
        seat = rules.to_act(state)
        seen = rules.view(state, seat)
        t0 = time.perf_counter()
        action = seats[seat].act(seen)
        ms = (time.perf_counter() - t0) * 1000
        best = ms
        if first and repeat > 1:
            for _ in range(repeat - 1):
                fresh = make_bot("the-game", level, seed, seat)
                t0 = time.perf_counter()
                again = fresh.act(rules.view(state, seat))
                best = min(best, (time.perf_counter() - t0) * 1000)
                assert again == action, "a fresh bot chose differently on the same view"
        acts.append(ms)
        turn_ms += ms
        turn_fast += best
        first = False
        state = rules.apply(state, action)
        if "end_turn" in action or rules.is_over(state):
            turns.append(turn_ms)
            fastest.append(turn_fast)
            turn_ms, turn_fast, first = 0.0, 0.0, True
    return json.dumps({"acts": acts, "turns": turns, "fastest": fastest, "result": state.ended["result"],
                       "left": state.ended["left"]})
'''


def stats(values: list[float]) -> dict:
    return summary(values, count="n", digits=2)


def deals(args) -> list[tuple[dict, str]]:
    out = []
    for players in [int(p) for p in args.players.split(",")]:
        config = {"players": players, **{VARIANT_KEYS[v]: True for v in args.variant}}
        out += [(config, f"{args.seed}-{players}-{i}") for i in range(args.games)]
    return out


def calls(jobs, args) -> list[str]:
    """The harness call for each deal (the same text runs in Pyodide and on CPython)."""
    return [f"time_deal(json.loads({json.dumps(config)!r}), {seed!r}, {args.level!r}, {args.repeat})" for config, seed in jobs]


def summarize(results: list[dict]) -> dict:
    return {
        "turn": stats([t for r in results for t in r["turns"]]),
        "turn_fastest": stats([t for r in results for t in r["fastest"]]),
        "act": stats([a for r in results for a in r["acts"]]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="1,2,3,4,5", help="comma-separated player counts (default 1,2,3,4,5)")
    parser.add_argument("--games", type=int, default=6, help="deals per player count (default 6)")
    parser.add_argument("--seed", default="browser", help="deal i of N players uses seed '<seed>-<N>-<i>'")
    parser.add_argument("--level", default="strong", choices=("baseline", "strong"))
    parser.add_argument("--variant", action="extend", nargs="+", default=[], choices=sorted(VARIANT_KEYS))
    parser.add_argument("--repeat", type=int, default=1, help="re-plan each turn's first act() R times (default 1)")
    add_build_options(parser)
    args = parser.parse_args(argv)

    jobs = deals(args)
    browser_results, cpython_results, info = run_both(HARNESS, calls(jobs, args), chosen_dist(args))

    assert [r["left"] for r in browser_results] == [r["left"] for r in cpython_results], \
        "Pyodide and CPython played different games"
    by_players: dict[str, dict] = {}
    for (config, _), b, c in zip(jobs, browser_results, cpython_results):
        entry = by_players.setdefault(str(config["players"]), {"browser": [], "cpython": []})
        entry["browser"].append(b)
        entry["cpython"].append(c)

    print(f"{'players':>7} {'where':>8} {'turns':>6} {'turn p50':>9} {'turn p95':>9} {'turn max':>9} "
          f"{'act p95':>8} {'act max':>8} {'own p95':>8}")
    table = {}
    for players, entry in by_players.items():
        table[players] = {}
        for where in ("browser", "cpython"):
            s = summarize(entry[where])
            table[players][where] = s
            t, a, f = s["turn"], s["act"], s["turn_fastest"]
            print(f"{players:>7} {where:>8} {t['n']:>6} {t['p50_ms']:>9} {t['p95_ms']:>9} {t['max_ms']:>9} "
                  f"{a['p95_ms']:>8} {a['max_ms']:>8} {f['p95_ms']:>8}")
    overall_b, overall_c = summarize(browser_results), summarize(cpython_results)
    ratio = overall_b["turn_fastest"]["p50_ms"] / max(overall_c["turn_fastest"]["p50_ms"], 1e-9)
    result = {
        "level": args.level,
        "variants": sorted(args.variant),
        "deals": len(jobs),
        "repeat": args.repeat,
        "browser": overall_b,
        "cpython": overall_c,
        "pyodide_over_cpython_p50": round(ratio, 2),
        "per_players": table,
        "browser_seconds": info["browser_seconds"],
        "chromium": info["chromium"],
        "pyodide_python": info["pyodide_python"],
        "host_python": platform.python_version(),
        "machine": f"{platform.machine()}, {platform.processor() or 'cpu'}",
    }
    print(f"all: turn p95 {overall_b['turn']['p95_ms']} ms, act max {overall_b['act']['max_ms']} ms in Pyodide; "
          f"Pyodide/CPython (p50) {ratio:.2f}")
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
