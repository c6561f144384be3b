"""Two builds' start-up side by side, interleaved load by load: each build's app, and the bare page that resumes that
build's own Pyodide snapshot (what the app adds on top of its own boot: issue 33's yardstick).

    python3 tools/bench_startup_ab.py DIST_A DIST_B [--rounds 14] [--hash '#/the-game?seed=1&players=1']
                                      [--host-gzip] [--plain-bare] [--modes cold,warm] [--warm-up-hash ADDRESS]
                                      [--warm-ups 2] [--settle 5]

Each round loads every page cold (a fresh profile) and warm (one persistent profile per page, visited twice first so
the service worker has the build: --warm-ups), rotating which goes first. Interleaving load by load puts the two builds under
the same machine load, which a run of tools/bench_startup.py per build cannot: on this shared 2-core machine a
build's ready time moves by ±30 % between runs. With --hash both apps open that address instead of home (a shared
deal link, say: the page is ready when its game's table is up). --host-gzip serves the files as GitHub Pages does
(gzip for the types it compresses; the local server otherwise sends every file as it is). --plain-bare adds the bare
page booting Pyodide plainly (issue 6's yardstick). --warm-up-hash: where the apps' two warm-up visits go (a game,
say '#/the-game?players=2&bots=1&seed=1'), when what a first visit runs decides what the browser keeps: V8 writes
its code cache of Pyodide's wasm only once it has optimized enough of it, which a visit to home alone may not reach
(docs/performance.md), so a warm start after a home-only visit compiles the wasm again. Build a variant with
`python3 -c "import build, pathlib; build.build(pathlib.Path('/tmp/dist-x'))"`.

Prints each round, then per mode and page: the median ready time (ms from navigation start to <html
data-ready="true">) with its quartiles, and the browser's CPU time until ready (all its processes, from /proc: it
scatters far less than wall time on a busy machine); the median of each round's B/A ratio with its quartiles and
how many rounds B was faster; each app against its bare page (the median of the per-round ratios); and the load
average during the run. Last, one JSON line.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_startup  # noqa: E402


def quartiles(values: list[float]) -> tuple[float, float, float]:
    """(first quartile, median, third quartile)."""
    if len(values) < 2:
        return (values[0],) * 3 if values else (float("nan"),) * 3
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dist_a", type=Path)
    parser.add_argument("dist_b", type=Path)
    parser.add_argument("--rounds", type=int, default=14)
    parser.add_argument("--hash", default="", help="the address both apps open (default: home)")
    parser.add_argument("--host-gzip", action="store_true", help="gzip what GitHub Pages gzips")
    parser.add_argument("--plain-bare", action="store_true", help="also the bare page starting Pyodide plainly")
    parser.add_argument("--modes", default="cold,warm", help="cold, warm or both (default cold,warm)")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds open after each warm-up visit")
    parser.add_argument("--warm-ups", type=int, default=2, choices=(1, 2),
                        help="visits of each page before its warm loads (default 2; 1 for smoke runs)")
    parser.add_argument("--warm-up-hash", default=None,
                        help="the address the apps' warm-up visits open (default: --hash), say a game's table")
    args = parser.parse_args(argv)
    modes = [m for m in args.modes.split(",") if m]
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="junban-startup-ab-"))
    sites = {"A": bench_startup.Site(args.dist_a, work, args.host_gzip),
             "B": bench_startup.Site(args.dist_b, work, args.host_gzip)}
    pages = {"A": sites["A"].base + args.hash, "B": sites["B"].base + args.hash,
             "A bare": sites["A"].base + "bare.html?snapshot", "B bare": sites["B"].base + "bare.html?snapshot"}
    if args.plain_bare:
        pages["plain bare"] = sites["A"].base + "bare.html"
    loads: dict[str, dict[str, list[tuple[float, float]]]] = {m: {k: [] for k in pages} for m in modes}
    load_average = [os.getloadavg()[0]]
    try:
        with sync_playwright() as playwright:
            if "warm" in modes:
                for kind, url in pages.items():
                    if kind in ("A", "B") and args.warm_up_hash is not None:
                        url = sites[kind].base + args.warm_up_hash
                    for _ in range(args.warm_ups):
                        bench_startup.visit(playwright, work / f"warm-{kind}", url, settle=args.settle,
                                            offline_copy=kind in ("A", "B"))
            for r in range(args.rounds):
                kinds = list(pages)
                order = kinds[r % len(kinds):] + kinds[:r % len(kinds)]
                for mode in modes:
                    for kind in order:
                        if mode == "cold":
                            profile = work / f"cold-{r}"
                            load = bench_startup.visit(playwright, profile, pages[kind])
                            shutil.rmtree(profile, ignore_errors=True)
                        else:
                            load = bench_startup.visit(playwright, work / f"warm-{kind}", pages[kind], settle=1.0)
                        loads[mode][kind].append((load["ready"], load["cpu_ms"]))
                load_average.append(os.getloadavg()[0])
                print(f"round {r + 1}/{args.rounds} (load {load_average[-1]:.1f}): " + "; ".join(
                    f"{mode} " + " ".join(f"{k} {loads[mode][k][-1][0]:.0f}" for k in pages) for mode in modes),
                    flush=True)
    finally:
        for site in sites.values():
            site.close()
        shutil.rmtree(work, ignore_errors=True)

    result: dict = {"rounds": args.rounds, "warm_ups": args.warm_ups, "hash": args.hash or "#/",
                    "host_gzip": args.host_gzip,
                    "load_average": {"min": min(load_average), "median": statistics.median(load_average),
                                     "max": max(load_average)}}
    for mode in modes:
        kinds = loads[mode]
        row = result[mode] = {}
        for kind, samples in kinds.items():
            ready = quartiles([r for r, _ in samples])
            cpu = quartiles([c for _, c in samples])
            row[kind] = {"ready_ms": [round(x) for x in ready], "cpu_ms": [round(x) for x in cpu]}
            print(f"{mode:5} {kind:10} ready {ready[1]:6.0f} ms ({ready[0]:.0f}–{ready[2]:.0f})   "
                  f"CPU {cpu[1]:6.0f} ms ({cpu[0]:.0f}–{cpu[2]:.0f})")
        for what, index in (("ready", 0), ("cpu", 1)):
            ratios = [b[index] / a[index] for a, b in zip(kinds["A"], kinds["B"])]
            q = quartiles(ratios)
            faster = sum(x < 1 for x in ratios)
            row[f"b_over_a_{what}"] = {"median": round(q[1], 3), "quartiles": [round(q[0], 3), round(q[2], 3)],
                                       "b_faster_rounds": faster}
            print(f"{mode:5} B/A {what:5} per round: median {q[1]:.3f} ({q[0]:.3f}–{q[2]:.3f}), B faster in "
                  f"{faster} of {len(ratios)} rounds")
        for build_name in ("A", "B"):
            ratios = [app[0] / bare[0] for app, bare in zip(kinds[build_name], kinds[f"{build_name} bare"])]
            row[f"{build_name}_over_its_bare"] = round(statistics.median(ratios), 3)
            print(f"{mode:5} app {build_name} / its bare page resuming its snapshot, per round: "
                  f"median {statistics.median(ratios):.3f}")
    print(f"load average (1 min) during the run: {min(load_average):.1f}–{max(load_average):.1f}, "
          f"median {statistics.median(load_average):.1f} on {os.cpu_count()} CPUs")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
