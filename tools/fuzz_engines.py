#!/usr/bin/env python3
"""Fuzz every game engine with seeded random play: at least N legal actions in total (default 1,000,000).

    PYTHONPATH=py python3 tools/fuzz_engines.py [--actions 1000000] [--workers 2] [--start 0] [--games G ...]

At every step: the game's invariants, a save (JSON) and a reload that must equal the original; every finished log
replayed to the identical result; and malformed/illegal actions thrown at random states must be refused with typed
errors and change nothing. The actions are split evenly over the games present. Prints progress, a table and, last,
one JSON line. Exit status 1 if anything failed.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from junban.bench.common import progress  # noqa: E402
from tests.engine.fuzzing import FuzzReport, feed_garbage, fuzz_games, play_legal  # noqa: E402

BATCH = 20  # games per work item


def run_batch(item: tuple[str, int]) -> FuzzReport:
    game, first_seed = item
    report = FuzzReport()
    for seed in range(first_seed, first_seed + BATCH):
        play_legal(game, seed, report)
        feed_garbage(game, seed, report, probes=10)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1_000_000, help="legal actions in total, at least")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--games", nargs="+", choices=fuzz_games(), help="only these games (default: every game present)")
    args = parser.parse_args()
    games = args.games or fuzz_games()
    target = args.actions // len(games)
    totals = {g: FuzzReport() for g in games}
    started = time.perf_counter()
    import multiprocessing

    for game in games:
        next_seed = args.start
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            while totals[game].actions < target:
                # estimate the batches still needed from the actions per game seen so far
                per_game = totals[game].actions / max(1, totals[game].games) or 50
                batches = max(1, min(200, int((target - totals[game].actions) / (per_game * BATCH)) + 1))
                items = [(game, next_seed + i * BATCH) for i in range(batches)]
                next_seed += batches * BATCH
                # In seed order (imap), so that which games count is the same on every run.
                for report in progress(pool.imap(run_batch, items), len(items), f"{game:10}"):
                    t = totals[game]
                    t.games += report.games
                    t.actions += report.actions
                    t.reloads += report.reloads
                    t.replays += report.replays
                    t.garbage += report.garbage
                    t.failures += report.failures
                    if t.actions >= target:
                        break  # the first estimate of the batches needed can be far too high (long games)
    seconds = time.perf_counter() - started
    print(f"{'game':12}{'games':>8}{'actions':>10}{'reloads':>10}{'replays':>9}{'refused':>9}{'failures':>9}")
    for game, t in totals.items():
        print(f"{game:12}{t.games:>8}{t.actions:>10}{t.reloads:>10}{t.replays:>9}{t.garbage:>9}{len(t.failures):>9}")
        for failure in t.failures[:5]:
            print("   ", failure)
    result = {
        "games": sum(t.games for t in totals.values()),
        "actions": sum(t.actions for t in totals.values()),
        "reloads": sum(t.reloads for t in totals.values()),
        "refused": sum(t.garbage for t in totals.values()),
        "failures": sum(len(t.failures) for t in totals.values()),
        "per_game": {g: t.actions for g, t in totals.items()},
        "seconds": round(seconds, 1),
    }
    print(json.dumps(result, sort_keys=True))
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
