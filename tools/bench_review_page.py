#!/usr/bin/env python3
"""How long a person waits for "Analyse this deal": the real page, from the click to the verdict, in headless Chromium.

    python tools/bench_review_page.py [--players 1] [--games 20] [--seed solver-browser] [--dist DIR | --no-build]

``tools/bench_solver_browser.py`` times the analysis itself in Pyodide; this times what the page adds around it too:
one slice of solver work per timer callback (``the_game_review.SLICE_SECONDS``), the progress drawn after each. For each
deal (seed ``<seed>-<i>``, the same deals as that tool) the strong bot plays a whole game at every seat on CPython (not
timed), the game is saved as the app saves it (every seat a person), the page opens it on its result, and the time
from the click on "Analyse this deal" to the verdict on the page is measured with the page's own clock. Runs
``python build.py`` first (not with ``--no-build`` or ``--dist DIR``) and serves a copy of dist/. Prints a table, then one JSON object.
"""
from __future__ import annotations

import argparse
import json
import platform
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))

from junban import bots
from junban.session import Seat, Session

from tests.browser.conftest import READY
from tools.browser_timing import BOOT_TIMEOUT_MS, add_build_options, chosen_dist, served_page, summary

VERDICT_TIMEOUT_MS = 600_000


def finished_save(players: int, seed: str, index: int) -> dict:
    """A game played to its end by the strong bot at every seat, as the app saves it (every seat a person)."""
    seats = [Seat("person", f"P{s + 1}") for s in range(players)]
    session = Session(f"rvbench{players}x{index}", "the-game", {"players": players}, seed, seats)
    hands = [bots.make_bot("the-game", "strong", seed, s) for s in range(players)]
    while not session.is_over:
        seat = session.to_act
        session.apply(hands[seat].act(session.view(seat)))
    return session.to_record()


def time_in_page(page, base: str, record: dict) -> float:
    """Open the saved game on its result, click "Analyse this deal", wait for the verdict: milliseconds between."""
    page.goto(base + "#/")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.evaluate("r => localStorage.setItem('junban.save.' + r.id, JSON.stringify(r))", record)
    page.goto(base + f"#/play/{record['id']}")
    page.wait_for_selector("#analyse", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("() => { window.junbanClick = performance.now(); document.querySelector('#analyse').click(); }")
    page.wait_for_selector("#review-verdict", timeout=VERDICT_TIMEOUT_MS)
    ms = page.evaluate("() => performance.now() - window.junbanClick")
    page.evaluate("id => localStorage.removeItem('junban.save.' + id)", record["id"])
    return ms


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1, choices=range(1, 6), help="player count (default 1)")
    parser.add_argument("--games", type=int, default=20, help="deals (default 20)")
    parser.add_argument("--seed", default="solver-browser", help="deal i uses seed '<seed>-<i>'")
    add_build_options(parser)
    args = parser.parse_args(argv)
    dist = chosen_dist(args)
    records = [finished_save(args.players, f"{args.seed}-{i}", i) for i in range(args.games)]
    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="junban-review-page-") as tmp:
        site = Path(tmp) / "app"
        shutil.copytree(dist, site)
        with served_page(site) as (page, base, chromium):
            for n, record in enumerate(records, 1):
                times.append(time_in_page(page, base, record))
                print(f"\rpage: {n}/{len(records)}", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
    row = summary(times, count="deals")
    print(f"{'deals':>6} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9}")
    print(f"{row['deals']:>6} {row['p50_ms']:>9} {row['p95_ms']:>9} {row['max_ms']:>9}")
    print(json.dumps({"players": args.players, "deals": len(records), "seed": args.seed, "click_to_verdict": row,
                      "chromium": chromium, "machine": f"{platform.machine()}, {platform.processor() or 'cpu'}"},
                     sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
