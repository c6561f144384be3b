#!/usr/bin/env python3
"""Every one-field change of a guest phone's stored seat (issue 39: of 843 such changes, 92 stopped the app from
starting at ``#/seat/<table>``), for each game: every place in a real seat record (``tests/net/hostile_host.py``
makes one a few moves into a game) given every hostile value (wrong types, huge and negative numbers, CSS, a
4,900-item list, ...), each opened at the seat's address and from home. The app must start every time and show the
seat, or keep the record aside with a word; never crash, never carry a style a host wrote.

    python3 tools/fuzz_seat_records.py [--games the-game 23 eleusis] [--limit N]

Prints a table and, last, one JSON line; exit status 1 if any case failed.
"""
from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from junban.bench.common import print_result, progress  # noqa: E402
from tests.net import hostile_host as hh  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=["the-game", "23", "eleusis"])
    parser.add_argument("--limit", type=int, default=None, help="at most this many changes per game (drawn)")
    args = parser.parse_args()
    rows, failures = {}, []
    started = time.perf_counter()
    for game in args.games:
        key, _ = hh.stored_seat(game)
        cases = list(hh.one_field_changes(game, args.limit))
        row = {"changes": len(cases), "opens": 0, "shown": 0, "kept aside": 0, "failed": 0}
        for path, value, text in progress(cases, len(cases), game):
            for from_home in (False, True):
                row["opens"] += 1
                try:
                    result = hh.open_seat(text, key, from_home)
                    hh.check_opened(result)
                except Exception:  # noqa: BLE001 - every failure is reported with its case
                    row["failed"] += 1
                    failures.append(f"{game} {list(path)} = {str(value)[:60]} (from home: {from_home}):\n"
                                    f"{traceback.format_exc(limit=3)}")
                    continue
                row["shown"] += result["screen"] == "SeatScreen"
                row["kept aside"] += result["kept_aside"]
        rows[game] = row
    for failure in failures[:20]:
        print(failure, file=sys.stderr)
    columns = ["changes", "opens", "shown", "kept aside", "failed"]
    print("| game | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for game, row in rows.items():
        print(f"| {game} | " + " | ".join(str(row[c]) for c in columns) + " |")
    print_result({"tool": "fuzz_seat_records", "games": rows, "failures": len(failures),
                  "wall_s": round(time.perf_counter() - started, 1)})
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
