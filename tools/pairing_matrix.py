#!/usr/bin/env python3
"""Pairing across browsers at a person's pace, counted: every engine pair (host's browser x guest's browser:
Chromium, Firefox ESR) with the answer handed to the host 1, 15 and 60 s after the guest's phone showed it, through
the app's own screens (the host's phones sheet, the link opened on the guest, the answer pasted), ``--runs`` times
each, with default browser settings (no pref that hides or shows host addresses).

    python3 tools/pairing_matrix.py [--runs 10] [--delays 1,15,60] [--pairs cc,cf,fc,ff] [--dist DIR]

A pair is named by two letters, host then guest: ``c`` Debian's Chromium (Playwright, the tests' flags), ``f``
Debian's Firefox ESR (tests/browser/firefox.py over WebDriver BiDi). Each round runs one host per pair at once,
each host with one guest per delay (tests/browser/engines.py), so a round lasts about the longest delay plus the
pages' start; a pairing succeeds when the guest shows its seat's table within ``--settle`` seconds of the paste.
Prints the success count per pair and delay (and the median seconds from the paste to the table), then one JSON
line (junban.bench.common.print_result). Quote the machine's load beside it.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from junban.bench.common import print_result  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, READY, Server  # noqa: E402
from tests.browser.engines import Pairing, hand_over, open_links, set_up  # noqa: E402
from tests.browser.firefox import Firefox  # noqa: E402
from tools.browser_timing import given_or_built  # noqa: E402

ENGINES = {"c": "chromium", "f": "firefox"}


def measure(dist: Path, runs: int, delays: list[int], pairs: list[str], settle: float = 30.0,
            chromium=None, log=print) -> dict:
    """Success counts on ``dist``: {pair: {delay: {"ok", "runs", "seconds"}}}; ``chromium``: a Playwright browser
    type to launch from (one is started)."""
    if chromium is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            return measure(dist, runs, delays, pairs, settle, p.chromium, log)
    server = Server(dist)
    browser = chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    firefox = Firefox()
    counts = {pair: {delay: {"ok": 0, "runs": 0, "seconds": []} for delay in delays} for pair in pairs}
    contexts = []

    def page(engine: str, hash_text: str = "#/"):
        if engine == "f":
            p = firefox.new_page(viewport=PHONE, touch=True)
        else:
            context = browser.new_context(viewport=PHONE, has_touch=True)
            contexts.append(context)
            p = context.new_page()
        p.goto(server.base + hash_text)
        p.wait_for_selector(READY, timeout=120_000, state="attached")
        return p

    try:
        for run in range(runs):
            pairings = [Pairing(page(pair[0], f"#/the-game?players={len(delays) + 1}"),
                                [page(pair[1]) for _ in delays], list(delays), f"{pair}-{run}") for pair in pairs]
            try:
                for pairing in pairings:
                    set_up(pairing)
                for pairing in pairings:
                    open_links(pairing)
                hand_over(pairings, settle)
            except AssertionError as err:  # a page that would not start: the round counts as failed
                log(f"round {run + 1}: {err}")
            for pair, pairing in zip(pairs, pairings):
                for seat, words in pairing.unseated.items():
                    log(f"round {run + 1}: {pair} seat {seat} ({pairing.delays[seat - 1]} s) never seated; its "
                        f"screen said: {' '.join(words.split())!r}")
                for seat, delay in zip(pairing.seats(), pairing.delays):
                    seconds = pairing.seated.get(seat)
                    cell = counts[pair][delay]
                    cell["runs"] += 1
                    if seconds is not None:
                        cell["ok"] += 1
                        cell["seconds"].append(seconds)
                for p in [pairing.host, *pairing.guests]:
                    p.close()
            for context in contexts:
                context.close()
            contexts.clear()
            log(f"round {run + 1}/{runs}: " + ", ".join(
                f"{pair} {delay}s {counts[pair][delay]['ok']}/{counts[pair][delay]['runs']}"
                for pair in pairs for delay in delays))
        versions = {"chromium": browser.version, "firefox": firefox.version}
    finally:
        firefox.close()
        browser.close()
        server.stop()
    for pair in pairs:
        for delay in delays:
            cell = counts[pair][delay]
            cell["median_s"] = round(statistics.median(cell["seconds"]), 1) if cell["seconds"] else None
    return {"versions": versions, "counts": {p: {str(d): c for d, c in v.items()} for p, v in counts.items()},
            "load_average": [round(x, 2) for x in os.getloadavg()]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--delays", default="1,15,60", help="seconds between the answer shown and pasted")
    parser.add_argument("--pairs", default="cc,cf,fc,ff", help="host then guest: c Chromium, f Firefox")
    parser.add_argument("--settle", type=float, default=30.0, help="seconds from the paste to the guest's table")
    parser.add_argument("--dist", type=Path, help="a built dist/ to use (default: build one)")
    args = parser.parse_args(argv)
    delays = [int(d) for d in args.delays.split(",")]
    pairs = [p for p in args.pairs.split(",") if len(p) == 2 and set(p) <= set(ENGINES)]
    load_before = [round(x, 2) for x in os.getloadavg()]
    started = time.monotonic()
    with given_or_built(args.dist) as dist:
        result = measure(dist, args.runs, delays, pairs, args.settle, log=lambda text: print(text, flush=True))
    result["load_average_before"] = load_before
    result["wall_s"] = round(time.monotonic() - started)
    print(f"{result['versions']}; load average {load_before} before, {result['load_average']} after; "
          f"{result['wall_s']} s")
    print(f"{'host -> guest':<22}" + "".join(f"{f'{d} s':>16}" for d in delays))
    for pair in pairs:
        cells = [result["counts"][pair][str(d)] for d in delays]
        print(f"{ENGINES[pair[0]] + ' -> ' + ENGINES[pair[1]]:<22}" + "".join(
            f"{c['ok']:>6}/{c['runs']:<3}({c['median_s'] if c['median_s'] is not None else '-':>4} s)" for c in cells))
    print_result(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
