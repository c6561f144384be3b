#!/usr/bin/env python3
"""The long run of the twin-game privacy check (issue 39): many random games of all three games, each played twice
— game A, and a twin B that differs in everything the phone's seat may not know — and the phone's messages compared
byte for byte (``tests/net/twins.py`` says exactly what differs and what is compared).

    python3 tools/twin_phones.py [--cases 300] [--workers 2] [--seed 0] [--games the-game 23 eleusis] [--leaks]

A case is a game, a number of seats, the phone's seat, how many of the other seats are bots (the rest are people at
the host), a seed for every seat's choices and (Eleusis) how many rounds are played. ``--leaks`` also plants each
leak of ``twins.LEAKS`` once and checks the twins see it. Prints progress, a table per game and, last, one JSON
line; exit status 1 if any case leaked (or a planted leak went unseen).
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

import pytest  # noqa: E402  (its MonkeyPatch, outside a test)

from junban.bench.common import print_result, progress  # noqa: E402
from tests.net import twins  # noqa: E402


def draw_case(rng: random.Random, games: list[str]) -> twins.Case:
    game = rng.choice(games)
    players = rng.choice(twins.PLAYERS[game])
    return twins.make_case(game, players, rng.randrange(players), rng.randrange(players), rng.randrange(10**9),
                           max_actions=240, rounds=rng.choice((1, 2, 2, 3)))


def run_case(case: twins.Case) -> dict:
    monkeypatch = pytest.MonkeyPatch()
    start = time.process_time()
    try:
        result = twins.twin_case(case, monkeypatch)
    except Exception:  # noqa: BLE001 - a harness failure is reported with its case, never hidden
        return {"case": repr(case), "game": case.game, "error": traceback.format_exc(limit=6)}
    finally:
        monkeypatch.undo()
    return {"case": repr(case), "game": case.game, "leaked": twins.leaked(result),
            "why": twins.describe(result) if twins.leaked(result) else None,
            "actions": len(result["a"].actions), "messages": len(result["a"].messages), "marks": result["a"].marks,
            "varied": result["varied"], "cpu": time.process_time() - start}


def run_leak(name: str) -> dict:
    monkeypatch = pytest.MonkeyPatch()
    plant, case = twins.LEAKS[name]
    try:
        twins.trusting_guest(monkeypatch)
        plant(monkeypatch)
        result = twins.twin_case(case, monkeypatch)
        return {"leak": name, "seen": twins.leaked(result)}
    finally:
        monkeypatch.undo()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", nargs="*", default=list(twins.GAMES), choices=twins.GAMES)
    parser.add_argument("--leaks", action="store_true", help="also plant each known leak once")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = [draw_case(rng, args.games) for _ in range(args.cases)]
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        results = list(progress(pool.imap_unordered(run_case, cases), len(cases), "twins"))
        leaks = list(pool.imap_unordered(run_leak, list(twins.LEAKS))) if args.leaks else []
    wall = time.perf_counter() - started
    failures = [r for r in results if r.get("error") or r.get("leaked")]
    for failure in failures:
        print(f"FAILED {failure['case']}:\n{failure.get('error') or failure['why']}\n", file=sys.stderr)
    rows = {}
    for game in args.games:
        mine = [r for r in results if r["game"] == game and not r.get("error")]
        varied = {key: sum(r["varied"][key] for r in mine)
                  for key in ("cards moved", "discards", "rules", "rules kept")}
        rows[game] = {"cases": len([r for r in results if r["game"] == game]),
                      "actions": sum(r["actions"] for r in mine),
                      "messages": sum(r["messages"] for r in mine), "marks checked": sum(r["marks"] for r in mine),
                      **varied, "leaked": sum(1 for r in mine if r["leaked"]),
                      "errors": sum(1 for r in results if r["game"] == game and r.get("error")),
                      "cpu s": round(sum(r["cpu"] for r in mine), 1)}
    columns = ["cases", "actions", "messages", "marks checked", "cards moved", "discards", "rules", "rules kept",
               "leaked", "errors", "cpu s"]
    print("| game | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for game, row in rows.items():
        print(f"| {game} | " + " | ".join(str(row[c]) for c in columns) + " |")
    for leak in leaks:
        print(f"planted: {leak['leak']}: {'seen' if leak['seen'] else 'NOT SEEN'}")
    unseen = [leak["leak"] for leak in leaks if not leak["seen"]]
    print_result({"tool": "twin_phones", "cases": len(cases), "seed": args.seed, "wall_s": round(wall, 1),
                  "games": rows, "failures": len(failures), "leaks_planted": len(leaks), "leaks_unseen": unseen})
    return 1 if failures or unseen else 0


if __name__ == "__main__":
    sys.exit(main())
