"""Two builds' start-up side by side: bare Pyodide, build A's app and build B's app, interleaved load by load.

    python3 tools/bench_startup_ab.py DIST_A DIST_B [--rounds 14] [--hash '#/the-game?seed=1&players=1']

Each round loads the three pages cold (fresh profile) and warm (one persistent profile per page, visited twice
first so the service worker has the build), rotating which goes first. Interleaving load by load puts the two
builds under the same machine load, which a run of tools/bench_startup.py per build cannot: on this shared
2-core machine the ratio of one build moves by ±0.1 between runs. Prints each round, then per mode the median
ready time and browser CPU of each page, the ratio of the medians, and the median of each round's own ratio.
With --hash both apps open that address instead of home (a shared deal link, say: the page is ready when its
game's table is up). Build a variant with `python3 -c "import build, pathlib; build.build(pathlib.Path('/tmp/dist-x'))"`.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_startup  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dist_a", type=Path)
    parser.add_argument("dist_b", type=Path)
    parser.add_argument("--rounds", type=int, default=14)
    parser.add_argument("--hash", default="", help="the address both apps open (default: home)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="junban-startup-ab-"))
    site_a, site_b = bench_startup.Site(args.dist_a, work), bench_startup.Site(args.dist_b, work)
    pages = {"bare": site_a.base + "bare.html", "A": site_a.base + args.hash, "B": site_b.base + args.hash}
    loads: dict[str, dict[str, list[tuple[float, float]]]] = {m: {k: [] for k in pages} for m in ("cold", "warm")}
    try:
        with sync_playwright() as playwright:
            for kind, url in pages.items():
                for _ in range(2):
                    bench_startup.visit(playwright, work / f"warm-{kind}", url, settle=5.0, offline_copy=kind != "bare")
            for r in range(args.rounds):
                order = list(pages)[r % 3:] + list(pages)[:r % 3]
                for kind in order:
                    profile = work / f"cold-{kind}-{r}"
                    load = bench_startup.visit(playwright, profile, pages[kind])
                    shutil.rmtree(profile, ignore_errors=True)
                    loads["cold"][kind].append((load["ready"], load["cpu_ms"]))
                for kind in order:
                    load = bench_startup.visit(playwright, work / f"warm-{kind}", pages[kind], settle=1.0)
                    loads["warm"][kind].append((load["ready"], load["cpu_ms"]))
                print(f"round {r + 1}/{args.rounds}: " + "; ".join(
                    f"{mode} " + " ".join(f"{k} {loads[mode][k][-1][0]:.0f}" for k in pages) for mode in loads),
                    flush=True)
    finally:
        site_a.close()
        site_b.close()
        shutil.rmtree(work, ignore_errors=True)

    for mode, kinds in loads.items():
        ready = {k: statistics.median(r for r, _ in v) for k, v in kinds.items()}
        cpu = {k: statistics.median(c for _, c in v) for k, v in kinds.items()}
        per_round = {k: statistics.median(a[0] / b[0] for a, b in zip(kinds[k], kinds["bare"])) for k in ("A", "B")}
        print(f"{mode}: ready " + ", ".join(f"{k} {ready[k]:.0f} ms" for k in pages)
              + "; CPU " + ", ".join(f"{k} {cpu[k]:.0f} ms" for k in pages)
              + f"; ratio A {ready['A'] / ready['bare']:.3f}, B {ready['B'] / ready['bare']:.3f}"
              + f"; per-round ratio A {per_round['A']:.3f}, B {per_round['B']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
