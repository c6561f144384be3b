#!/usr/bin/env python3
"""Fuzz what Junban reads from storage, export files and links: N cases in all (default 100,000).

    python3 tools/fuzz_storage.py [--cases 100000] [--workers 2] [--seed 0]

Each case is one of ``tests/ui/storage_fuzzing.py``'s (the same checks as the seeded slice in
``tests/ui/test_storage_fuzz.py``, with other cases): a device whose records got values of any JSON shape, run
through start, home, History, Storage and its saved games (six cases in ten); an export file with any value in any
field, imported on that device or a fresh one (two in ten); a "send this game" link with any value in any field of
its game, opened on either (two in ten). Cases are drawn by Hypothesis from a seed per worker and batch, so a run is
repeatable. A failure is printed with its case and stops that batch. Prints progress, a table and, last, one JSON
line. Exit status 1 if anything failed.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from junban.bench.common import progress  # noqa: E402
from tests.ui import storage_fuzzing as fuzz  # noqa: E402

KINDS = {"storage": 6, "file": 2, "link": 2}  # cases of each kind in ten
BATCH = 250  # cases per work item


def _cases(kind: str):
    if kind == "storage":
        return fuzz.storage_cases(), fuzz.check_storage_case
    if kind == "file":
        return (st.tuples(fuzz.file_cases(), st.booleans(), st.integers(0, 7)),
                lambda case: fuzz.check_file_case(case[0], {} if case[1] else fuzz.BASE, case[2] == 0))
    return (st.tuples(fuzz.link_cases(), st.booleans(), st.integers(0, 7)),
            lambda case: fuzz.check_link_case(case[0], {} if case[1] else fuzz.BASE, case[2] == 0))


def run_batch(item: tuple[str, int, int]) -> dict:
    """``count`` cases of ``kind`` drawn from seed ``batch_seed``: how many ran, and the failure if one was met."""
    kind, batch_seed, count = item
    strategy, check = _cases(kind)
    ran = [0]

    @seed(batch_seed)
    @settings(max_examples=count, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck), phases=(Phase.generate,), report_multiple_bugs=False)
    @given(strategy)
    def one(case):
        ran[0] += 1
        check(case)

    failure = None
    cpu = time.process_time()
    try:
        one()
    except Exception:  # the case and its traceback, as Hypothesis reports them
        failure = traceback.format_exc()[-4000:]
    return {"kind": kind, "seed": batch_seed, "cases": ran[0], "failure": failure, "cpu": time.process_time() - cpu}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0, help="the first batch's seed")
    args = parser.parse_args()
    items = []
    for kind, share in KINDS.items():
        wanted = args.cases * share // sum(KINDS.values())
        items += [(kind, args.seed + len(items) + i, min(BATCH, wanted - i * BATCH))
                  for i in range((wanted + BATCH - 1) // BATCH)]
    items.sort(key=lambda item: item[1] % 10)  # the kinds interleaved, so progress says how far the run is
    started = time.perf_counter()
    totals = {kind: {"cases": 0, "failures": [], "cpu": 0.0} for kind in KINDS}
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for report in progress(pool.imap_unordered(run_batch, items), len(items), "storage fuzz"):
            totals[report["kind"]]["cases"] += report["cases"]
            totals[report["kind"]]["cpu"] += report["cpu"]
            if report["failure"]:
                totals[report["kind"]]["failures"].append((report["seed"], report["failure"]))
                print(f"\nFAILURE in a {report['kind']} case (batch seed {report['seed']}):\n{report['failure']}",
                      file=sys.stderr, flush=True)
    wall = time.perf_counter() - started
    print(f"\n{'kind':<10} {'cases':>10} {'failures':>9} {'CPU ms a case':>14}")
    for kind, total in totals.items():
        per_case = 1000 * total["cpu"] / max(1, total["cases"])
        print(f"{kind:<10} {total['cases']:>10,} {len(total['failures']):>9} {per_case:>14.0f}")
    cases = sum(t["cases"] for t in totals.values())
    failures = sum(len(t["failures"]) for t in totals.values())
    worker_cpu = sum(t["cpu"] for t in totals.values())
    print(f"{'all':<10} {cases:>10,} {failures:>9}   ({wall:.0f} s wall, {worker_cpu:.0f} s CPU in "
          f"{args.workers} workers)")
    print(json.dumps({"cases": {k: t["cases"] for k, t in totals.items()}, "failures": failures,
                      "failed_seeds": [s for t in totals.values() for s, _ in t["failures"]], "wall_s": round(wall),
                      "worker_cpu_s": round(worker_cpu)}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
