"""What a browser test pays to get the app ready, by the way it gets it: the figures behind the test fixtures'
design (docs/testing.md).

    python3 tools/bench_test_boot.py [--dist DIR] [--runs 5]

Ways measured, each ``--runs`` times, in a Chromium launched with the test fixtures' arguments:

- ``launch``: a new Chromium process (what a browser fixture per test would cost);
- ``new context``: a fresh profile (``browser.new_context()``) and the app booted in it: what ``page`` does;
- ``reload``: the same page loaded again;
- ``storage wiped, reload``: what a shared page would do between tests (localStorage and sessionStorage cleared,
  the service worker unregistered, then a reload);
- ``pooled context, new origin``: what ``page`` and ``context_factory`` do now (tests/browser/conftest.py,
  ContextPool): a context lent again, whose renderer keeps Pyodide's compiled module (``--process-per-site`` and a
  keeper page), and the app booted from a server on a port never served before (a fresh origin).

The ways are taken in turn within each run, so each sees the same load on the machine. ``--arg`` adds a Chromium
argument (e.g. ``--arg=--process-per-site``: then a new page of a context that ran the app shares its renderer,
docs/testing.md).

For each: wall time (median) and CPU seconds of the whole browser (median; every Chromium process, as
tools/suite_profile.py counts them), with the 1-minute load average beside them. The last line is one JSON object.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, READY, TEST_BROWSER_ARGS, ContextPool, Server  # noqa: E402
from tools.suite_profile import TreeCpu  # noqa: E402
from tools.browser_timing import given_or_built  # noqa: E402

WIPE = """async () => {
  localStorage.clear(); sessionStorage.clear();
  for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
  for (const k of await caches.keys()) await caches.delete(k);
}"""


def measure(cpu: TreeCpu, action) -> tuple[float, float]:
    cpu0, wall0 = cpu.seconds(), time.perf_counter()
    action()
    return time.perf_counter() - wall0, cpu.seconds() - cpu0


def run(dist: Path, runs: int, extra_args: list[str]) -> dict:
    from playwright.sync_api import sync_playwright

    server = Server(dist)
    cpu = TreeCpu()
    results: dict[str, list[tuple[float, float]]] = {}
    loads = []

    def record(name, pair):
        results.setdefault(name, []).append(pair)
        loads.append(os.getloadavg()[0])

    try:
        with sync_playwright() as p:
            for _ in range(runs):
                holder = {}
                record("launch", measure(cpu, lambda: holder.setdefault(
                    "b", p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS))))
                holder["b"].close()
            browser = p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *extra_args])

            def boot(page):
                page.goto(server.base)
                page.wait_for_selector(READY, timeout=180_000)

            for _ in range(runs):
                ctx = browser.new_context()
                record("new context", measure(cpu, lambda: boot(ctx.new_page())))
                second = {}
                record("new page, same context", measure(cpu, lambda: boot(second.setdefault("p", ctx.new_page()))))
                page = second["p"]
                record("reload", measure(cpu, lambda: (page.reload(), page.wait_for_selector(READY, timeout=180_000))))
                record("storage wiped, reload", measure(cpu, lambda: (page.evaluate(WIPE), page.reload(),
                                                                     page.wait_for_selector(READY, timeout=180_000))))
                ctx.close()
            browser.close()

            # The tests' pool (tests/browser/conftest.py, ContextPool): a context lent again, the next test's
            # server on a port never served before. One lend first: a new pooled context's first boot is a new
            # context's.
            pooled = p.chromium.launch(executable_path=CHROMIUM, args=[*TEST_BROWSER_ARGS, *extra_args])
            keeper_server = Server(dist)
            pool = ContextPool(pooled, keeper_server)
            try:
                for i in range(runs + 1):
                    key, ctx = pool.take({})
                    origin = Server(dist)
                    pair = measure(cpu, lambda: boot(ctx.new_page()))
                    if i:
                        record("pooled context, new origin", pair)
                    pool.give_back(key, ctx)
                    origin.stop()
            finally:
                pool.close()
                keeper_server.stop()
                pooled.close()
    finally:
        cpu.stop()
        server.stop()
    summary = {name: {"wall_s": round(statistics.median(w for w, _ in pairs), 2),
                      "cpu_s": round(statistics.median(c for _, c in pairs), 2)} for name, pairs in results.items()}
    return {"runs": runs, "chromium_args": extra_args, "load1": [min(loads), max(loads)], "ways": summary}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, help="a built dist/ (default: build one into a temporary folder)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--arg", action="append", default=[], help="one more Chromium argument (repeatable)")
    args = parser.parse_args(argv)
    with given_or_built(args.dist) as dist:
        result = run(dist, args.runs, args.arg)
    print(f"{'way':<26}{'wall s':>8}{'CPU s':>8}")
    for name, row in result["ways"].items():
        print(f"{name:<26}{row['wall_s']:>8.2f}{row['cpu_s']:>8.2f}")
    print(f"1-minute load average during the runs: {result['load1'][0]:.1f}-{result['load1'][1]:.1f}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
