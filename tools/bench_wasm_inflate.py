#!/usr/bin/env python3
"""Would a pre-compressed Pyodide wasm start faster than the one the host compresses? (issue 33)

    python3 tools/bench_wasm_inflate.py [--dist DIR] [--rounds 7] [--host-level 6] [--mbps 0,20] [--latency 40]

Two ways to bring the build's `pyodide.asm.wasm` into a page, timed from the request to a compiled module
(`WebAssembly.compileStreaming`, as Pyodide compiles it):

- **host**: the wasm as it is, gzip-compressed on the fly by the server at `--host-level` (as GitHub Pages sends
  `application/wasm`: docs/performance.md, "What GitHub Pages compresses"); the browser inflates it on its network
  thread.
- **pre**: the wasm compressed by the build at `gzip -9` and served as a plain file (no Content-Encoding), inflated
  in the page by `DecompressionStream` and handed to the same streaming compile as a Response.

Each trial is a fresh browser (V8 shares a module compiled from the same bytes within a process, so a second
compile in one browser would measure nothing), the two ways in alternating order, each at every `--mbps` (0: the
local server's full speed; otherwise CDP's network throttling at that many Mbit/s down with `--latency` ms).
Prints the bytes each way sends, the median (and quartiles) of the time to a compiled module per way and speed,
the median per-trial ratio pre/host; last, one JSON line.
"""
from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tools")]

import bench_startup  # noqa: E402
from junban.bench.common import print_result, print_table  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP  # noqa: E402

WASM = "vendor/pyodide/pyodide.asm.wasm"
PRE = WASM + ".pre.gz"  # not in bench_startup.HOST_GZIPS: sent as it is
PAGE = "wasm-inflate.html"

TRIAL = """async ([way, wasm, pre]) => {
  const started = performance.now();
  let response;
  if (way === "host") {
    response = await fetch(wasm, {cache: "no-store"});
  } else {
    const packed = await fetch(pre, {cache: "no-store"});
    response = new Response(packed.body.pipeThrough(new DecompressionStream("gzip")),
                            {headers: {"Content-Type": "application/wasm"}});
  }
  const module = await WebAssembly.compileStreaming(response);
  if (!(module instanceof WebAssembly.Module)) throw new Error("no module");
  return performance.now() - started;
}"""


def trial(playwright, base: str, way: str, mbps: float, latency: float) -> float:
    """ms from the request to a compiled module, in a fresh browser."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_page(viewport=DESKTOP)
        page.goto(base + PAGE)
        if mbps > 0:
            cdp = page.context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", {
                "offline": False, "latency": latency,
                "downloadThroughput": mbps * 1_000_000 / 8, "uploadThroughput": mbps * 1_000_000 / 8})
        return page.evaluate(TRIAL, [way, base + WASM, base + PRE])
    finally:
        browser.close()


def quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        return values[0], values[0], values[0]
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=None, help="a built dist/ (default: build into a temp dir)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--host-level", type=int, default=bench_startup.GZIP_LEVEL,
                        help="the gzip level the host compresses the wasm at")
    parser.add_argument("--mbps", default="0,20", help="comma-separated speeds; 0 = unthrottled")
    parser.add_argument("--latency", type=float, default=40.0, help="ms, with a throttled speed")
    args = parser.parse_args()
    speeds = [float(s) for s in args.mbps.split(",")]

    from playwright.sync_api import sync_playwright

    bench_startup.GZIP_LEVEL = args.host_level
    with tempfile.TemporaryDirectory() as workdir:
        site = bench_startup.Site(args.dist, Path(workdir), host_gzip=True)
        wasm = (site.dir / WASM).read_bytes()
        pre_path, page_path = site.dir / PRE, site.dir / PAGE
        pre_path.write_bytes(gzip.compress(wasm, 9))
        page_path.write_text("<!doctype html><title>wasm inflate</title>", encoding="utf-8")
        sent = {"host": len(gzip.compress(wasm, args.host_level)), "pre": pre_path.stat().st_size}
        times = {(way, mbps): [] for way in ("host", "pre") for mbps in speeds}
        # The server gzips a file the first time it is asked for it (then keeps it): not a trial's time.
        request = urllib.request.Request(site.base + WASM, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as response:
            assert response.headers.get("Content-Encoding") == "gzip" and len(response.read()) == sent["host"]
        try:
            with sync_playwright() as playwright:
                for round_ in range(args.rounds):
                    for mbps in speeds:
                        order = ("host", "pre") if round_ % 2 == 0 else ("pre", "host")
                        for way in order:
                            times[way, mbps].append(trial(playwright, site.base, way, mbps, args.latency))
                        print(f"round {round_ + 1} at " + (f"{mbps:g} Mbps: " if mbps else "full speed: ")
                              + ", ".join(f"{w} {times[w, mbps][-1]:.0f} ms" for w in ("host", "pre")),
                              file=sys.stderr, flush=True)
        finally:
            pre_path.unlink(missing_ok=True)
            page_path.unlink(missing_ok=True)
            site.close()

    rows = [("wasm", f"{len(wasm) / 1e6:.2f} MB raw"),
            ("sent, host", f"{sent['host'] / 1e6:.3f} MB (gzip -{args.host_level} on the fly)"),
            ("sent, pre", f"{sent['pre'] / 1e6:.3f} MB (gzip -9 by the build, inflated in the page)")]
    result = {"rounds": args.rounds, "host_level": args.host_level, "sent_bytes": sent, "speeds": {}}
    for mbps in speeds:
        label = f"{mbps:g} Mbps" if mbps else "full speed"
        ratios = [p / h for h, p in zip(times["host", mbps], times["pre", mbps])]
        figures = {}
        for way in ("host", "pre"):
            q1, median, q3 = quartiles(times[way, mbps])
            figures[way] = {"median_ms": round(median, 1), "q1_ms": round(q1, 1), "q3_ms": round(q3, 1)}
            rows.append((f"{label}, {way}", f"{median:.0f} ms to a compiled module ({q1:.0f}–{q3:.0f})"))
        faster = sum(r < 1 for r in ratios)
        figures["pre_over_host"] = round(statistics.median(ratios), 3)
        rows.append((f"{label}, pre / host", f"{statistics.median(ratios):.3f} per trial, pre faster in "
                                              f"{faster} of {len(ratios)}"))
        result["speeds"][label] = figures
    print_table(rows)
    print_result(result)


if __name__ == "__main__":
    main()
