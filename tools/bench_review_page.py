#!/usr/bin/env python3
"""How long a person waits for "Analyse this deal": the real page, from the click to the verdict, in headless Chromium.

    python tools/bench_review_page.py [--players 1] [--player strong|baseline|greedy] [--games 20]
                                      [--seed solver-browser] [--verdict-only] [--dist DIR | --no-build]

``tools/bench_solver_browser.py`` times the analysis itself in Pyodide; this times what the page adds around it too:
the analysis's worker (its start: a second Pyodide, the app's archives) and its messages, or where no worker runs,
the page's slices. For each deal (seed ``<seed>-<i>``, the same deals and players as that tool) ``--player`` plays a
whole game at every seat on CPython (not timed), the game is saved as the app saves it (every seat a person), the
page opens it on its result, and two times are measured with the page's own clock from the click on "Analyse this
deal": to the verdict on the page (with its best line to watch; ``click_to_verdict``) and to the whole analysis,
the turning point shown too (``click_to_whole``; not with ``--verdict-only``, which leaves each analysis once its
verdict is shown: leaving the table ends its worker). Runs
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

from junban.session import Seat, Session

from tests.browser.conftest import READY
from tools.bench_solver_browser import HARNESS
from tools.browser_timing import BOOT_TIMEOUT_MS, add_build_options, chosen_dist, served_page, summary

VERDICT_TIMEOUT_MS = 600_000


def finished_save(players: int, seed: str, index: int, player: str = "strong") -> dict:
    """A game played to its end by ``player`` at every seat (the players of ``tools/bench_solver_browser.py``), as
    the app saves it (every seat a person)."""
    harness: dict = {}
    exec(HARNESS, harness)
    seats = [Seat("person", f"P{s + 1}") for s in range(players)]
    session = Session(f"rvbench{players}x{index}", "the-game", {"players": players}, seed, seats)
    for action in harness["finished_game"](session.config, seed, player):
        session.apply(action)
    assert session.is_over
    return session.to_record()


def time_in_page(page, base: str, record: dict, verdict_only: bool = False) -> tuple[float, float | None]:
    """Open the saved game on its result, click "Analyse this deal", wait for the verdict, then (not
    ``verdict_only``) for the whole analysis: milliseconds from the click to each."""
    page.goto(base + "#/")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.evaluate("r => localStorage.setItem('junban.save.' + r.id, JSON.stringify(r))", record)
    page.goto(base + f"#/play/{record['id']}")
    page.wait_for_selector("#analyse", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("() => { window.junbanClick = performance.now(); document.querySelector('#analyse').click(); }")
    page.wait_for_selector("#review-verdict", timeout=VERDICT_TIMEOUT_MS)
    verdict = page.evaluate("() => performance.now() - window.junbanClick")
    if verdict_only:
        page.evaluate("id => localStorage.removeItem('junban.save.' + id)", record["id"])
        return verdict, None
    page.wait_for_selector('section.review[data-analysis="done"]', timeout=VERDICT_TIMEOUT_MS)
    whole = page.evaluate("() => performance.now() - window.junbanClick")
    page.evaluate("id => localStorage.removeItem('junban.save.' + id)", record["id"])
    return verdict, whole


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1, choices=range(1, 6), help="player count (default 1)")
    parser.add_argument("--player", default="strong", choices=("strong", "baseline", "greedy"),
                        help="who plays the games analysed, at every seat (default strong)")
    parser.add_argument("--games", type=int, default=20, help="deals (default 20)")
    parser.add_argument("--verdict-only", action="store_true", help="time the verdict only (not the whole analysis)")
    parser.add_argument("--seed", default="solver-browser", help="deal i uses seed '<seed>-<i>'")
    add_build_options(parser)
    args = parser.parse_args(argv)
    dist = chosen_dist(args)
    records = [finished_save(args.players, f"{args.seed}-{i}", i, args.player) for i in range(args.games)]
    times: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory(prefix="junban-review-page-") as tmp:
        site = Path(tmp) / "app"
        shutil.copytree(dist, site)
        with served_page(site) as (page, base, chromium):
            for n, record in enumerate(records, 1):
                times.append(time_in_page(page, base, record, args.verdict_only))
                print(f"\rpage: {n}/{len(records)}", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
    rows = {"click_to_verdict": summary([v for v, _ in times], count="deals")}
    if not args.verdict_only:
        rows["click_to_whole"] = summary([w for _, w in times], count="deals")
    print(f"{'from the click':>16} {'deals':>6} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9}")
    for name, row in rows.items():
        print(f"{name[9:]:>16} {row['deals']:>6} {row['p50_ms']:>9} {row['p95_ms']:>9} {row['max_ms']:>9}")
    print(json.dumps({"players": args.players, "player": args.player, "deals": len(records), "seed": args.seed,
                      "per_deal_ms": [[round(v), None if w is None else round(w)] for v, w in times], **rows,
                      "chromium": chromium, "machine": f"{platform.machine()}, {platform.processor() or 'cpu'}"},
                     sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
