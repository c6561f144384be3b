#!/usr/bin/env python3
"""Where WebKit's start-up time goes, beside Chromium's: WebKitGTK (the engine closest to Safari here, driven by
Selenium through /usr/bin/WebKitWebDriver and the MiniBrowser, under xvfb-run) and Debian's Chromium (Playwright),
each opening the app three ways in one browser session:

- first: a first visit (nothing cached; the service worker installs and precaches the build);
- again: the page opened again once the service worker has the build (the offline copy serves every file);
- offline: the same with the server stopped (only the offline copy answers).

    python3 tools/bench_webkit.py [--dist DIR] [--runs 2]

Per load: ready (ms from navigation start to ``<html data-ready="true">``), and the steps on the way — the wasm
fetched (Resource Timing's responseEnd), ``main.py`` starting (the ``junban:main`` mark, once Pyodide and PyScript
are up), its imports and first render — so the gap between the engines can be placed: the wasm's download or its
compile (WebKit keeps no compiled wasm between loads), the snapshot's restore, Python itself. WebKitGTK's automation
sessions keep nothing on disk, so a browser restart cannot be measured there: "again" is a second load in the same
session, for both engines. Each reopen waits until the browser is idle (its processes using under a third of a core
over 0.3 s, at most 15 s): a page opened while JavaScriptCore still tiers up the page before's wasm (on one compiler
thread for the whole web process, ~2-4 s after that page is ready here) waits for that thread, which has nothing to do
with the offline copy (docs/performance.md); ``--no-settle`` reopens at once, as this tool did before, to show it.
``--requests`` prints every request of each load (start, first byte, end). Needs ``pip install selenium``
(requirements-dev.txt) and Debian's webkit2gtk-driver and xvfb. Last, one JSON line.
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
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_startup  # noqa: E402

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
DRIVER = "/usr/bin/WebKitWebDriver"
REQUESTS = """return performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource")).map(
  (e) => [e.name.replace(location.origin, ""), e.startTime, e.responseStart, e.responseEnd, e.transferSize]);"""
STEPS = """return (() => {
  const ready = document.documentElement.getAttribute("data-ready") === "true";
  const marks = Object.fromEntries(performance.getEntriesByType("mark").map((e) => [e.name, e.startTime]));
  const wasm = performance.getEntriesByType("resource").find((e) => e.name.endsWith("/pyodide.asm.wasm"));
  const ready_at = marks["junban:ready"];
  return {ready, ready_ms: ready_at, wasm_fetched_ms: wasm ? wasm.responseEnd : null,
          wasm_from: wasm ? (wasm.transferSize === 0 ? "cache" : "network") : null,
          main_py_ms: marks["junban:main"], imported_ms: marks["junban:imported"],
          controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)};
})();"""
SW_ACTIVE = """const done = arguments[arguments.length - 1];
if (!navigator.serviceWorker) { done(false); } else {
  navigator.serviceWorker.ready.then(async ({active}) => {
    while (active.state !== "activated") {
      await new Promise((changed) => active.addEventListener("statechange", changed, {once: true}));
    }
    done(true);
  });
}"""


def settle(cpu_seconds, window: float = 0.3, share: float = 1 / 3, limit: float = 15.0) -> float:
    """Wait until the browser (``cpu_seconds()``: its processes' CPU time) used under ``share`` of a core over
    ``window`` s, at most ``limit`` s; the seconds waited."""
    start = time.monotonic()
    before = cpu_seconds()
    while time.monotonic() - start < limit:
        time.sleep(window)
        now = cpu_seconds()
        if now - before < share * window:
            break
        before = now
    return time.monotonic() - start


def wait_ready(get_steps, timeout: float = 240.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        steps = get_steps()
        if steps and steps["ready"] and steps["ready_ms"] is not None:
            return steps
        time.sleep(0.2)
    raise RuntimeError("the app did not become ready")


def webkit_session(site, work: Path, options_: argparse.Namespace) -> dict:
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    options = Options()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    driver = webdriver.WebKitGTK(options=options, service=Service(executable_path=DRIVER))
    driver.set_script_timeout(240)
    try:
        driver_pid = driver.service.process.pid  # WebKitWebDriver: the MiniBrowser and its processes are below it
        return session(lambda url: driver.get(url), lambda: driver.execute_script(STEPS),
                       lambda: driver.execute_async_script(SW_ACTIVE), site, options_,
                       lambda: bench_startup.tree_cpu_seconds(lambda pid, cmdline: pid == driver_pid),
                       lambda: driver.execute_script(REQUESTS))
    finally:
        driver.quit()


def chromium_session(site, work: Path, options_: argparse.Namespace) -> dict:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(work / "chromium-profile"), executable_path=bench_startup.CHROMIUM, args=bench_startup.CHROMIUM_ARGS,
            viewport=bench_startup.DESKTOP)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            profile = f"--user-data-dir={work / 'chromium-profile'}".encode()
            return session(lambda url: page.goto(url), lambda: page.evaluate(f"() => {{ {STEPS} }}"),
                           lambda: page.evaluate("() => new Promise((done) => { " + SW_ACTIVE.replace(
                               "const done = arguments[arguments.length - 1];", "") + " })"), site, options_,
                           lambda: bench_startup.tree_cpu_seconds(lambda pid, cmdline: profile in cmdline
                                                    and b"--type=" not in cmdline),
                           lambda: page.evaluate(f"() => {{ {REQUESTS} }}"))
        finally:
            context.close()


def session(goto, steps, sw_active, site, options, cpu_seconds, requests) -> dict:
    loads = {}

    def load(kind: str, url: str) -> None:
        settled = 0.0 if options.no_settle or kind == "first" else settle(cpu_seconds)
        goto(url)
        loads[kind] = {**wait_ready(steps), "settled_ms": round(settled * 1000)}
        if options.requests:
            for name, start, first_byte, end, size in requests():
                print(f"    {kind:7} {start:7.0f} {first_byte:7.0f} {end:7.0f} ms {size:9} B  {name}", file=sys.stderr)

    load("first", site.base)
    sw_active()
    time.sleep(1.0)
    load("again", site.base + "?again")
    site.httpd.shutdown()  # offline: only the service worker's copy answers
    site.httpd.server_close()
    try:
        load("offline", site.base + "?offline")
    finally:
        site.restart()
    return loads


class RestartableSite(bench_startup.Site):
    def restart(self) -> None:
        import threading

        port = self.httpd.server_address[1]
        self.httpd.server_close()
        import functools

        self.httpd = bench_startup.build.ThreadingServer(
            ("127.0.0.1", port), functools.partial(bench_startup.HostLikeHandler, directory=str(self.dir)))
        self.httpd.host_gzip = True
        self.httpd.pages_headers = False
        self.httpd.handle_error = lambda request, address: None
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, help="an existing build (default: build one into a temp folder)")
    parser.add_argument("--runs", type=int, default=2, help="sessions per engine (default 2)")
    parser.add_argument("--no-settle", action="store_true",
                        help="reopen as soon as the page before is ready, not once the browser is idle")
    parser.add_argument("--requests", action="store_true",
                        help="print every request of each load: start, first byte, end (ms), bytes transferred")
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):  # the MiniBrowser has no headless mode
        return subprocess.call(["xvfb-run", "-a", sys.executable, *sys.argv])
    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium never fetches a driver
    loadavg = [os.getloadavg()[0]]
    results: dict[str, dict[str, list[dict]]] = {"webkit": {}, "chromium": {}}
    for run in range(args.runs):
        for engine, start in (("webkit", webkit_session), ("chromium", chromium_session)):
            work = Path(tempfile.mkdtemp(prefix=f"junban-{engine}-"))
            site = RestartableSite(args.dist, work, host_gzip=True)
            try:
                loads = start(site, work, args)
            finally:
                site.close()
                shutil.rmtree(work, ignore_errors=True)
            loadavg.append(os.getloadavg()[0])
            for kind, steps in loads.items():
                results[engine].setdefault(kind, []).append(steps)
                print(f"run {run + 1} {engine:8} {kind:7} ready {steps['ready_ms']:7.0f} ms  wasm fetched "
                      f"{steps['wasm_fetched_ms'] or 0:7.0f} ms  main.py {steps['main_py_ms'] or 0:7.0f} ms  "
                      f"(settled {steps['settled_ms'] / 1000:.1f} s, load {loadavg[-1]:.1f})",
                      file=sys.stderr, flush=True)
    summary: dict = {"runs": args.runs, "settle": not args.no_settle}
    for engine, kinds in results.items():
        summary[engine] = {}
        for kind, loads in kinds.items():
            summary[engine][kind] = {key: round(statistics.median(x[key] for x in loads if x[key] is not None))
                                     for key in ("ready_ms", "wasm_fetched_ms", "main_py_ms", "imported_ms")
                                     if any(x[key] is not None for x in loads)}
    for kind in ("first", "again", "offline"):
        w, c = summary["webkit"].get(kind, {}), summary["chromium"].get(kind, {})
        if w and c:
            print(f"{kind:7} ready: WebKit {w['ready_ms']} ms, Chromium {c['ready_ms']} ms "
                  f"({w['ready_ms'] / c['ready_ms']:.2f}x); main.py starts {w.get('main_py_ms')} / {c.get('main_py_ms')} ms; "
                  f"wasm fetched {w.get('wasm_fetched_ms')} / {c.get('wasm_fetched_ms')} ms")
    summary["load_average"] = {"min": min(loadavg), "median": statistics.median(loadavg), "max": max(loadavg)}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
