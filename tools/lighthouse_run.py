#!/usr/bin/env python3
"""Lighthouse (npm ``lighthouse``, pinned in package.json: 12.2.3 runs on Node 20) on a first visit of the app,
served as GitHub Pages serves it (gzip by content type), with its mobile preset: simulated slow 4G and a 4x CPU
slowdown, a fresh profile every run.

    python3 tools/lighthouse_run.py [--dist DIR] [--runs 3] [--hash '' --hash '#/the-game?seed=1&players=1']

Builds dist/ into a temporary folder (or uses --dist), serves it on 127.0.0.1 (tools/bench_startup.py's host-like
server) and runs Lighthouse's CLI with Debian's Chromium on each address, ``--runs`` times, one address after the
other in turns. Per address it prints the medians (min-max) of the performance score and its metrics (first
contentful paint, largest contentful paint, total blocking time, cumulative layout shift, speed index, time to
interactive), the accessibility and best-practices scores, what the largest contentful paint was, and the main
thread's long tasks Lighthouse saw (unthrottled, as traced). Last, one JSON line.

The issue 43 targets (home): performance >= 0.75 (aim 0.9), LCP <= 2.5 s, TBT <= 300 ms, CLS <= 0.05.
The absolute figures depend on the machine's load (Lighthouse simulates the throttling from a trace taken at full
speed here): quote them with the load average, which the JSON line carries.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_startup  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
METRICS = {  # Lighthouse audit id -> our name (numericValue in ms, or a unitless shift)
    "first-contentful-paint": "fcp_ms",
    "largest-contentful-paint": "lcp_ms",
    "total-blocking-time": "tbt_ms",
    "cumulative-layout-shift": "cls",
    "speed-index": "si_ms",
    "interactive": "tti_ms",
}
TARGETS = {"performance": 0.75, "lcp_ms": 2500, "tbt_ms": 300, "cls": 0.05}


def run_lighthouse(url: str, out: Path, chrome_flags: list[str], timeout: int) -> dict:
    """One Lighthouse run on ``url`` (a fresh Chromium profile); its JSON report."""
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} is missing: run `npm ci` (package.json pins lighthouse)")
    env = dict(os.environ, CHROME_PATH=bench_startup.CHROMIUM)
    cmd = ["node", str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
           "--only-categories=performance,accessibility,best-practices",
           "--chrome-flags=" + " ".join(["--headless=new", *chrome_flags]),
           "--max-wait-for-load=120000"]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0 or not out.exists():
        raise RuntimeError(f"lighthouse failed on {url}:\n{done.stderr[-3000:]}")
    return json.loads(out.read_text(encoding="utf-8"))


def figures(report: dict) -> dict:
    """What one report says: scores, metrics, the LCP element, the traced long tasks."""
    audits = report["audits"]
    cats = report["categories"]
    row = {name: (cats[name]["score"] if name in cats else None)
           for name in ("performance", "accessibility", "best-practices")}
    for audit, name in METRICS.items():
        row[name] = audits.get(audit, {}).get("numericValue")
    lcp = audits.get("largest-contentful-paint-element", {}).get("details", {})
    items = [i for table in lcp.get("items", []) for i in table.get("items", [table])]
    node = next((i.get("node") for i in items if isinstance(i, dict) and i.get("node")), None)
    row["lcp_element"] = (node or {}).get("snippet", "")[:120]
    tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    row["long_tasks_traced"] = [round(t.get("duration", 0)) for t in tasks]
    row["runtime_error"] = (report.get("runtimeError") or {}).get("code")
    return row


def median_of(rows: list[dict], name: str):
    values = [r[name] for r in rows if isinstance(r.get(name), (int, float))]
    if not values:
        return None
    return {"median": round(statistics.median(values), 3), "min": round(min(values), 3),
            "max": round(max(values), 3), "n": len(values)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, help="an existing build (default: build one into a temp folder)")
    parser.add_argument("--runs", type=int, default=3, help="runs per address (default 3)")
    parser.add_argument("--hash", action="append", dest="hashes",
                        help="an address to audit (repeat; default: home and a solo deal link)")
    parser.add_argument("--timeout", type=int, default=600, help="seconds one Lighthouse run may take")
    parser.add_argument("--reports", type=Path, help="keep each run's JSON report in this folder")
    args = parser.parse_args(argv)
    hashes = args.hashes or ["", "#/the-game?seed=lighthouse&players=1"]
    load = [os.getloadavg()[0]]
    work = Path(tempfile.mkdtemp(prefix="junban-lighthouse-"))
    site = bench_startup.Site(args.dist, work, host_gzip=True)
    rows: dict[str, list[dict]] = {h: [] for h in hashes}
    try:
        for run in range(args.runs):
            for hash_text in hashes:
                report = run_lighthouse(site.base + hash_text, work / "report.json", bench_startup.CHROMIUM_ARGS,
                                        args.timeout)
                if args.reports:
                    args.reports.mkdir(parents=True, exist_ok=True)
                    name = "home" if not hash_text else "".join(c if c.isalnum() else "-" for c in hash_text)[:40]
                    shutil.copyfile(work / "report.json", args.reports / f"{name}-{run + 1}.json")
                row = figures(report)
                rows[hash_text].append(row)
                load.append(os.getloadavg()[0])
                print(f"run {run + 1}/{args.runs} {hash_text or '#/'}: performance {row['performance']} "
                      f"LCP {row['lcp_ms'] or 0:.0f} ms TBT {row['tbt_ms'] or 0:.0f} ms CLS {row['cls'] or 0:.3f} "
                      f"(load {load[-1]:.1f})", file=sys.stderr, flush=True)
    finally:
        site.close()
        shutil.rmtree(work, ignore_errors=True)

    result: dict = {"runs": args.runs, "lighthouse": "12.2.3", "preset": "mobile (simulated slow 4G, 4x CPU)",
                    "load_average": {"min": min(load), "median": statistics.median(load), "max": max(load)},
                    "cpus": os.cpu_count(), "addresses": {}}
    for hash_text, samples in rows.items():
        summary = {name: median_of(samples, name)
                   for name in ("performance", "accessibility", "best-practices", *METRICS.values())}
        summary["lcp_elements"] = sorted({r["lcp_element"] for r in samples})
        summary["long_tasks_traced_ms"] = [r["long_tasks_traced"] for r in samples]
        summary["runtime_errors"] = [r["runtime_error"] for r in samples if r["runtime_error"]]
        result["addresses"][hash_text or "#/"] = summary
        print(f"\n{hash_text or '#/ (home)'}: medians of {len(samples)} runs (min–max)")
        for name in ("performance", "accessibility", "best-practices", *METRICS.values()):
            stats = summary[name]
            target = TARGETS.get(name)
            mark = ""
            if stats and target is not None and not hash_text:
                good = stats["median"] >= target if name == "performance" else stats["median"] <= target
                mark = f"   target {'>=' if name == 'performance' else '<='} {target}: {'met' if good else 'not met'}"
            text = "—" if not stats else f"{stats['median']:g} ({stats['min']:g}–{stats['max']:g})"
            print(f"  {name:16} {text}{mark}")
        print(f"  LCP element      {' | '.join(summary['lcp_elements'])}")
    print(f"load average (1 min): {min(load):.1f}–{max(load):.1f} on {os.cpu_count()} CPUs")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
