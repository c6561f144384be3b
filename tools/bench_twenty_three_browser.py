#!/usr/bin/env python3
"""How long a 23 bot's decision takes in the browser: Pyodide in headless Chromium, the app's own code.

    python tools/bench_twenty_three_browser.py [--players 2,4] [--games 4] [--seed bench] [--level strong]
                                               [--repeat R] [--dist DIR]

Builds dist/ into a temporary folder (or copies the build ``--dist`` names) and opens it in headless Chromium under the timing page of
``tools/browser_timing.py`` (the vendored Pyodide and the app's Python archive exactly as built; never added to the
repository's dist/), then plays whole games there with a bot in every seat. Each decision is timed inside Python
with ``time.perf_counter`` around ``bot.act(view(state, seat))`` — what the table runs for a bot's turn
(``Session.bot_action``), without the page's redraw. Prints a table per player count and, last, one JSON object:
decisions, p50/p95/max in ms, overall and per phase (the secret discard, the plays).

Only wall time exists in the browser, so on a busy machine it also counts other processes' work. ``--repeat R``
times every decision R times on the same view (the bots are deterministic and keep no state between decisions, so
each call does the same work; the tool checks that all R answers agree) and reports, besides the first call, the
fastest of the R (the row "fastest", every phase): the bot's own cost with most of the interference filtered out.
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

from tools.browser_timing import add_dist_option, summary, timing_page  # noqa: E402

# Runs inside Pyodide: plays one game with a bot in every seat and times every decision ``repeat`` times.
HARNESS = r'''
import json, sys, time
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
'''


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="2,4", help="comma-separated player counts (default 2,4)")
    parser.add_argument("--games", type=int, default=4, help="games per player count (default 4)")
    parser.add_argument("--seed", default="bench", help="seed prefix; game i plays seed '<seed>-<players>-<i>'")
    parser.add_argument("--level", default="strong", help="bot level in every seat (default strong)")
    parser.add_argument("--repeat", type=int, default=1, help="time each decision R times (default 1)")
    add_dist_option(parser)
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]

    results: dict = {}
    python = None
    agree = True
    with timing_page(args.dist) as page:
        page.run(HARNESS)
        for players in counts:
            times: dict[str, list[float]] = {"all": [], "discard": [], "play": [], "fastest": []}
            started = time.perf_counter()
            for game in range(args.games):
                seed = f"{args.seed}-{players}-{game}"
                data = json.loads(page.run(f"timed_game({players!r}, {seed!r}, {args.level!r}, {args.repeat!r})"))
                python, agree = data["python"], agree and data["agree"]
                for phase, first, fastest in data["times"]:
                    times["all"].append(first)
                    times[phase].append(first)
                    times["fastest"].append(fastest)
                done = game + 1
                bar = "#" * (20 * done // args.games)
                print(f"\r{players} players [{bar:<20}] {done}/{args.games} games", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
            if args.repeat == 1:
                del times["fastest"]
            results[str(players)] = {"games": args.games, "seconds": round(time.perf_counter() - started, 1),
                                     **{name: summary(values) for name, values in times.items()}}
        version = page.chromium

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
