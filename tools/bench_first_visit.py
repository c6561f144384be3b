#!/usr/bin/env python3
"""A first visit over a throttled link at a phone's speed: is the memory snapshot worth its download?

    python3 tools/bench_first_visit.py [--dist DIR] [--mbps 1.6,4,10] [--rate 4] [--rounds 2] [--rtt 150]

Each round loads the app cold (a fresh profile, nothing cached) at each link speed twice, in turns: as it boots
(resuming Pyodide from the build's snapshot: 3.6 MB more to download) and forced to start Pyodide plainly (the page
is told the browser asks to save data: ``navigator.connection.saveData``, which ``assets/pyodide-early.mjs``
honours). Chromium's CDP emulates the link (``Network.emulateNetworkConditions``: ``--rtt`` ms, ``--mbps`` down,
the same up) and a phone's CPU (``Emulation.setCPUThrottlingRate``, 4x as Lighthouse's mobile preset); the build
is served as GitHub Pages serves it (gzip). Per speed it prints the median time to ready (``<html data-ready>``:
the first screen is Python's, taps are carried out) of each way, and which wins. Last, one JSON line.
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

PLAIN = "Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}});"


def load(playwright, site, profile: Path, mbps: float, rtt: float, rate: float, plain: bool) -> float:
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=bench_startup.CHROMIUM, args=bench_startup.CHROMIUM_ARGS,
        viewport={"width": 375, "height": 667})
    try:
        context.add_init_script(bench_startup.INIT_SCRIPT)
        if plain:
            context.add_init_script(PLAIN)
        page = context.pages[0] if context.pages else context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        bytes_per_s = mbps * 1e6 / 8
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": rtt,
                                                       "downloadThroughput": bytes_per_s,
                                                       "uploadThroughput": bytes_per_s})
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.goto(site.base, wait_until="commit")
        page.wait_for_function("window.__readyAt !== undefined", timeout=600_000, polling=200)
        return page.evaluate("window.__readyAt")
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, help="an existing build (default: build one into a temp folder)")
    parser.add_argument("--mbps", default="1.6,4,10", help="link speeds in Mbit/s (default 1.6,4,10)")
    parser.add_argument("--rtt", type=float, default=150.0, help="round trip in ms (default 150, Lighthouse's)")
    parser.add_argument("--rate", type=float, default=4.0, help="CPU slowdown (default 4)")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    speeds = [float(x) for x in args.mbps.split(",") if x]
    loadavg = [os.getloadavg()[0]]
    work = Path(tempfile.mkdtemp(prefix="junban-first-visit-"))
    site = bench_startup.Site(args.dist, work, host_gzip=True)
    ready: dict[float, dict[str, list[float]]] = {s: {"snapshot": [], "plain": []} for s in speeds}
    try:
        with sync_playwright() as playwright:
            for r in range(args.rounds):
                for mbps in speeds:
                    ways = ["snapshot", "plain"] if r % 2 == 0 else ["plain", "snapshot"]
                    for way in ways:
                        profile = work / f"profile-{r}-{mbps}-{way}"
                        ms = load(playwright, site, profile, mbps, args.rtt, args.rate, way == "plain")
                        shutil.rmtree(profile, ignore_errors=True)
                        ready[mbps][way].append(ms)
                        loadavg.append(os.getloadavg()[0])
                        print(f"round {r + 1} {mbps:g} Mbit/s {way:8} ready {ms / 1000:6.1f} s (load {loadavg[-1]:.1f})",
                              file=sys.stderr, flush=True)
    finally:
        site.close()
        shutil.rmtree(work, ignore_errors=True)
    result: dict = {"rtt_ms": args.rtt, "cpu_rate": args.rate, "rounds": args.rounds, "speeds": {}}
    for mbps, ways in ready.items():
        snap, plain = statistics.median(ways["snapshot"]), statistics.median(ways["plain"])
        result["speeds"][f"{mbps:g}"] = {"snapshot_ms": round(snap), "plain_ms": round(plain),
                                         "plain_over_snapshot": round(plain / snap, 3)}
        print(f"{mbps:5g} Mbit/s: from the snapshot {snap / 1000:6.1f} s, plainly {plain / 1000:6.1f} s "
              f"-> {'plain' if plain < snap else 'snapshot'} wins ({plain / snap:.2f})")
    result["load_average"] = {"min": min(loadavg), "median": statistics.median(loadavg), "max": max(loadavg)}
    print(f"load average (1 min): {min(loadavg):.1f}–{max(loadavg):.1f} on {os.cpu_count()} CPUs")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
