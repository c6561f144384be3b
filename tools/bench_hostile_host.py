#!/usr/bin/env python3
"""What issue 39's costly attacks cost now, measured on CPython over the fake network (CPU seconds of this
process, the median of ``--repeat`` runs; Pyodide in a phone's browser runs the same Python several times slower):

- a guest phone taking an update whose hand has 4,900 cards (once: 786 s), and starting with such a seat stored
  (once: 77 s at every start);
- a guest phone drawing its seat's move log sheet with the largest log it keeps (``guest.MAX_LOG_CHARS`` of
  Eleusis events: ~3,000 "no play" entries of 12-card hands);
- a host taking 1,000 ``resync`` at a 1,200-action log (once: 31 s busy, 87 MB sent back) and 20,001 ``hint``
  (once: a save kept aside at the next start), with what it sent back.

    python3 tools/bench_hostile_host.py [--repeat 3] [--only update start log resync hint]

Prints a table and, last, one JSON line.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from junban.bench.common import print_result  # noqa: E402
from junban.net import protocol  # noqa: E402


def cpu(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def big_hand_update() -> float:
    from tests.net.test_phones_hostile_host import a_table

    room, host, guest, _ = a_table()
    mine = guest.services.guest
    view = dict(mine.game.latest["view"], hand=list(range(2, 100)) * 50)
    link = host.screen.hosting.links[1]
    text = protocol.encode("update", link.seq_out + 1, at="9.x", view=view, to_act=1, over=False, outcome=None,
                           legal=None, log_len=len(mine.entries))
    return cpu(lambda: mine._receive(text))


def big_hand_start() -> float:
    from tests.net import hostile_host as hh

    key, text = hh.stored_seat("the-game")
    record = json.loads(text)
    record["update"]["view"]["hand"] = list(range(2, 100)) * 50
    changed = json.dumps(record)
    return cpu(lambda: hh.open_seat(changed, key, from_home=False))


def largest_log_drawn() -> tuple[float, int]:
    """A guest's seat with as much Eleusis move log as it keeps (no-play events of 12-card hands), drawn once."""
    from junban.net.guest import MAX_LOG_CHARS
    from tests.net.test_phones_hostile_host import a_table

    room, host, guest, _ = a_table("eleusis")
    mine = guest.services.guest
    event = {"kind": "no_play", "seat": 0, "round": 1, "right": True, "hand": ["10H", "2C", "KD"] * 4,
             "new_hand": 8, "penalty": 0, "expelled": False, "out": False, "round_over": False, "ends_turn": True,
             "marks": ["right"]}
    link = host.screen.hosting.links[1]
    index = len(mine.entries)
    while sum(mine.entry_chars) < MAX_LOG_CHARS - 50_000:
        link.seq_out += 1
        mine._receive(protocol.encode("log", link.seq_out, entries=[[index + i, 0, event] for i in range(200)],
                                      **{"from": index}))
        index = len(mine.entries)
    update = dict(mine.game.latest, log_len=len(mine.entries))
    update.pop("at")
    link.seq_out += 1
    mine._receive(protocol.encode("update", link.seq_out, at="1.y", **update))
    guest.screen.heard("update")
    guest.render()
    guest.screen.open_sheet("log")  # the whole move log, as its sheet shows it (a wide screen shows it beside)
    return cpu(guest.render), len(mine.entries)


def resync_flood() -> tuple[float, int]:
    from tests.net.test_phones_attacks import long_23_save, send_raw
    from tests.ui.fakeplatform import DictStorage
    from tests.ui.phoneskit import Room, join

    storage = DictStorage()
    save_id = long_23_save(storage, 1200)
    room = Room()
    host, _ = room.phone(f"#/play/{save_id}", storage=storage)
    room.run(0.5)
    attacker, _ = join(room, host, 1)
    before = len(room.network.sent)

    def flood():
        for _ in range(10):
            for _ in range(100):
                send_raw(room, attacker, "resync")
            room.run(0.1, limit=50_000)

    seconds = cpu(flood)
    back = sum(len(t) for s, c, t in room.network.sent[before:] if s is host.platform)
    return seconds, back


def hint_flood() -> tuple[float, bool]:
    from tests.net.test_phones_attacks import phone_table, send_raw
    from tests.ui.fakeplatform import DictStorage
    from tests.ui.phoneskit import Room

    storage = DictStorage()
    room, host, guests = phone_table("the-game", ["person", "phone"], storage=storage)

    def flood():
        for _ in range(40):
            for _ in range(500):
                send_raw(room, guests[1], "hint")
            room.run(0.015, limit=50_000)

    seconds = cpu(flood)
    again, _ = Room().phone("#/", storage=storage)
    return seconds, not again.store.problems and bool(again.store.list_saves())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", nargs="*", default=["update", "start", "log", "resync", "hint"])
    args = parser.parse_args()
    runs = {name: [] for name in args.only}
    extra = {}
    for _ in range(args.repeat):
        if "update" in runs:
            runs["update"].append(big_hand_update())
        if "start" in runs:
            runs["start"].append(big_hand_start())
        if "log" in runs:
            seconds, extra["log entries"] = largest_log_drawn()
            runs["log"].append(seconds)
        if "resync" in runs:
            seconds, extra["bytes sent back to the resync flood"] = resync_flood()
            runs["resync"].append(seconds)
        if "hint" in runs:
            seconds, extra["host's save reads back after 20,001 hints"] = hint_flood()
            runs["hint"].append(seconds)
    rows = [("a guest takes an update with a 4,900-card hand (was 786 s)", "update"),
            ("a guest starts with that seat stored (was 77 s)", "start"),
            ("a guest draws its move log sheet with the largest log it keeps", "log"),
            ("a host takes 1,000 resync at a 1,200-action log (was 31 s)", "resync"),
            ("a host takes 20,001 hint (its save was kept aside)", "hint")]
    print("| attack | CPU s (median) |")
    print("|---|---:|")
    result = {}
    for words, name in rows:
        if name not in runs:
            continue
        value = statistics.median(runs[name])
        result[name + "_cpu_s"] = round(value, 4)
        print(f"| {words} | {value:.4f} |")
    for words, value in extra.items():
        print(f"{words}: {value}")
    print_result({"tool": "bench_hostile_host", "repeat": args.repeat, **result,
                  "log_entries": extra.get("log entries"),
                  "resync_bytes_back": extra.get("bytes sent back to the resync flood"),
                  "hint_save_reads_back": extra.get("host's save reads back after 20,001 hints")})
    return 0


if __name__ == "__main__":
    sys.exit(main())
