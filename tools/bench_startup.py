#!/usr/bin/env python3
"""Start-up time of the app, side by side with a bare page that only boots the same vendored Pyodide.

    python tools/bench_startup.py [--runs 7] [--dist DIR] [--settle 5] [--warm-ups 2]

Builds dist/ into a temporary folder (or uses --dist), puts tools/bare_pyodide.html next to its index.html as
bare.html, serves the folder on 127.0.0.1 and loads the pages in headless Chromium (Debian's /usr/bin/chromium),
alternating their order: the app, the bare page (a plain start of Pyodide: the bar's yardstick) and the bare page
booting Pyodide the app's way, from the build's memory snapshot (what the app adds on top of its own boot):

- cold: a fresh browser profile for every load (nothing cached, no service worker);
- warm: one persistent profile per page, visited twice first (--warm-ups; the app's service worker installs, the
  browser writes its caches; the browser stays open --settle seconds after each visit), then measured on a new
  browser launch per run, as a person coming back to the app.

Every load is a browser launch and a boot of Pyodide: 6 warm-up visits and 6 loads a run (the bare page, which
starts Pyodide plainly, takes 8-9 s of the browser's CPU a load here, the others 3-6 s). The suite's smoke run takes one run and one
warm-up visit a page (9 loads), which still installs the app's service worker before the warm load.

"Ready" is the moment <html data-ready="true"> is set (the app: its first screen is interactive; the bare page:
Pyodide ran one line of Python), in ms from navigation start. Beside it, the CPU time all the browser's processes
spent from navigation to ready (from /proc): on a machine shared with other work the wall times scatter, the CPU
times much less. The app's first contentful paint (the static shell,
before Python) comes from the Paint Timing API; its Python share from the marks py/main.py leaves. The bar
(issue 6): app ready <= 1.10 x bare ready, cold and warm; first contentful paint <= 300 ms.

Prints a table, then one JSON line (junban.bench.common.print_result).
"""
from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import io
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "py")]

import build  # noqa: E402
from junban.bench.common import print_result, print_table  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP  # noqa: E402

BAR_RATIO = 1.10
BAR_FCP_MS = 300.0
# bare: the yardstick of the bar, a plain start of the vendored Pyodide. bare-snapshot: the same page booting
# Pyodide the app's way (from the build's snapshot), to show what the app adds on top of its own boot.
PAGES = {"bare": "bare.html", "bare-snapshot": "bare.html?snapshot", "app": ""}

# Runs in every page before its own scripts: note when data-ready turns "true", and keep the paint entries.
INIT_SCRIPT = """
(() => {
  new MutationObserver(() => {
    if (window.__readyAt === undefined && document.documentElement.getAttribute("data-ready") === "true") {
      window.__readyAt = performance.now();
    }
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
  addEventListener("py:progress", e => performance.mark("pyscript: " + e.detail));  // PyScript's own steps
  window.__paints = {};
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__paints[e.name || e.identifier] = e.startTime || e.renderTime;
  }).observe({type: "paint", buffered: true});
})();
"""

COLLECT = """() => {
  const marks = Object.fromEntries(performance.getEntriesByType("mark").map(e => [e.name, e.startTime]));
  const fetched = {};
  for (const e of performance.getEntriesByType("resource")) {
    const name = e.name.split("/").pop().replace(/^junban-[0-9a-f]+[.]zip$/, "app.zip");
    fetched[name] = [e.startTime, e.responseEnd];
  }
  return {ready: window.__readyAt, paints: window.__paints, marks, fetched,
          controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)};
}"""


# File endings GitHub Pages sends gzip-compressed (docs/performance.md, "What GitHub Pages compresses"), and the level
# counted for them (what a server compressing on the fly typically uses).
HOST_GZIPS = (".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".svg", ".txt", ".wasm", ".bin")
GZIP_LEVEL = 6


class HostLikeHandler(build.QuietHandler):
    """build.py's static files, gzip-compressed as GitHub Pages sends them when the server's ``host_gzip`` is on
    (HOST_GZIPS, to a browser that accepts gzip), with Last-Modified and 304s as before. With the server's
    ``pages_headers`` on too, every response also carries the caching headers GitHub Pages sends (an ETag — weak
    for a gzipped body, as an nginx-like server makes it —, ``Cache-Control: max-age=600``) and an ``If-None-Match``
    that matches is answered 304 (tools/first_screen_bytes.py --pages: does a first visit download a file twice?)."""

    compressed: dict = {}  # (path, mtime) -> the gzip body, made once

    def _etag(self, path: str, gzipped: bool) -> str:
        stat = os.stat(path)
        return f'{"W/" if gzipped else ""}"{int(stat.st_mtime):x}-{stat.st_size:x}"'

    def _pages_headers(self, path: str, gzipped: bool) -> None:
        if getattr(self.server, "pages_headers", False):
            self.send_header("ETag", self._etag(path, gzipped))
            self.send_header("Cache-Control", "max-age=600")

    def _not_modified(self, path: str, gzipped: bool) -> bool:
        """Answer 304 if the browser's copy is current (If-None-Match first, as HTTP says, else If-Modified-Since)."""
        match = self.headers.get("If-None-Match")
        if match is not None and getattr(self.server, "pages_headers", False):
            current = self._etag(path, gzipped).removeprefix("W/")
            fresh = any(tag.strip().removeprefix("W/") == current for tag in match.split(","))
        else:
            since = self.headers.get("If-Modified-Since")
            fresh = bool(since) and email.utils.parsedate_to_datetime(since).timestamp() >= int(os.stat(path).st_mtime)
        if fresh:
            self.send_response(304)
            self._pages_headers(path, gzipped)
            self.end_headers()
        return fresh

    def send_head(self):
        path = self.translate_path(self.path)
        if not os.path.isfile(path):
            return super().send_head()
        gzipped = (getattr(self.server, "host_gzip", False) and path.endswith(HOST_GZIPS)
                   and "gzip" in self.headers.get("Accept-Encoding", ""))
        if not gzipped and not getattr(self.server, "pages_headers", False):
            return super().send_head()
        if self._not_modified(path, gzipped):
            return None
        mtime = os.stat(path).st_mtime
        if gzipped:
            key = (path, mtime)
            if key not in self.compressed:
                with open(path, "rb") as f:
                    self.compressed[key] = gzip.compress(f.read(), GZIP_LEVEL)
            body = self.compressed[key]
        else:
            with open(path, "rb") as f:
                body = f.read()
        self.send_response(200)
        self.send_header("Content-type", self.guess_type(path))
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self._pages_headers(path, gzipped)
        self.end_headers()
        return io.BytesIO(body)


class Site:
    """The build plus bare.html, served on 127.0.0.1 in a thread; ``host_gzip``: gzip what GitHub Pages gzips."""

    def __init__(self, dist: Path | None, workdir: Path, host_gzip: bool = False, pages_headers: bool = False):
        if dist is None:
            dist = workdir / "site"
            build.build(dist)
        self.dir = dist
        shutil.copyfile(ROOT / "tools" / "bare_pyodide.html", dist / "bare.html")
        self.httpd = build.ThreadingServer(("127.0.0.1", 0), functools.partial(HostLikeHandler, directory=str(dist)))
        self.httpd.host_gzip = host_gzip
        self.httpd.pages_headers = pages_headers
        self.httpd.handle_error = lambda request, address: None  # a browser closed mid-download: not news
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        (self.dir / "bare.html").unlink(missing_ok=True)


def browser_cpu_seconds(profile: Path) -> float:
    """CPU time (user + system, with reaped children) of the browser running on ``profile`` and all its
    processes, from /proc (Linux). Unlike wall time it barely changes when other work shares the CPU."""
    flag = f"--user-data-dir={profile}".encode()
    return tree_cpu_seconds(lambda pid, cmdline: flag in cmdline and b"--type=" not in cmdline)


def tree_cpu_seconds(is_root) -> float:
    """CPU time (user + system, with reaped children) of the first process for which ``is_root(pid, cmdline)``
    holds and of all its descendants, from /proc (Linux); NaN if there is no such process."""
    ticks = os.sysconf("SC_CLK_TCK")
    stats, root = {}, None
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        stats[int(entry.name)] = (int(fields[1]), sum(int(x) for x in fields[11:15]))  # ppid, utime..cstime
        if root is None and is_root(int(entry.name), cmdline):
            root = int(entry.name)
    if root is None:
        return float("nan")
    tree, grew = {root}, True
    while grew:
        grew = False
        for pid, (ppid, _) in stats.items():
            if ppid in tree and pid not in tree:
                tree.add(pid)
                grew = True
    return sum(stats[pid][1] for pid in tree) / ticks


def visit(playwright, profile: Path, url: str, settle: float = 0.0, offline_copy: bool = False) -> dict:
    """Launch a browser on ``profile``, open ``url``, wait until ready; the page's timings."""
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=DESKTOP)
    try:
        context.add_init_script(INIT_SCRIPT)
        page = context.pages[0] if context.pages else context.new_page()
        cpu_before = browser_cpu_seconds(profile)
        page.goto(url, wait_until="commit")
        page.wait_for_function("window.__readyAt !== undefined", timeout=180_000, polling=50)
        result = page.evaluate(COLLECT)
        result["cpu_ms"] = (browser_cpu_seconds(profile) - cpu_before) * 1000
        if offline_copy:  # the app's first visit: let the service worker precache the build
            installed = page.evaluate("""Promise.race([
                navigator.serviceWorker.ready.then(async ({active}) => {
                    while (active.state !== "activated") {
                        await new Promise(changed => active.addEventListener("statechange", changed, {once: true}));
                    }
                    return true;
                }),
                new Promise(done => setTimeout(() => done(false), 120000))])""")
            if not installed:
                raise RuntimeError(f"{url}: the service worker did not install within 2 minutes")
        if settle:
            time.sleep(settle)
        return result
    finally:
        context.close()


def summary(values: list[float]) -> dict:
    return {"median": round(statistics.median(values), 1), "min": round(min(values), 1),
            "max": round(max(values), 1), "n": len(values)}


def measure(runs: int, dist: Path | None, settle: float, warm_ups: int = 2) -> dict:
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="junban-startup-"))
    site = Site(dist, work)
    samples: dict[str, dict[str, list[dict]]] = {mode: {kind: [] for kind in PAGES} for mode in ("cold", "warm")}
    try:
        with sync_playwright() as playwright:
            warm_profiles = {kind: work / f"warm-{kind}" for kind in PAGES}
            for kind, profile in warm_profiles.items():
                for _ in range(warm_ups):
                    visit(playwright, profile, site.base + PAGES[kind], settle=settle, offline_copy=kind == "app")
            for run in range(runs):
                order = list(PAGES) if run % 2 == 0 else list(reversed(PAGES))
                for kind in order:
                    profile = work / f"cold-{kind}-{run}"
                    samples["cold"][kind].append(visit(playwright, profile, site.base + PAGES[kind]))
                    shutil.rmtree(profile, ignore_errors=True)
                for kind in order:
                    samples["warm"][kind].append(visit(playwright, warm_profiles[kind], site.base + PAGES[kind],
                                                       settle=1.0))
                print(f"run {run + 1}/{runs}: " + ", ".join(
                    f"{mode} {kind} {samples[mode][kind][-1]['ready']:.0f} ms"
                    for mode in samples for kind in PAGES), file=sys.stderr, flush=True)
    finally:
        site.close()
        shutil.rmtree(work, ignore_errors=True)

    result: dict = {"runs": runs, "warm_ups": warm_ups, "loadavg_start_end": None}
    for mode, kinds in samples.items():
        bare = summary([s["ready"] for s in kinds["bare"]])
        app = summary([s["ready"] for s in kinds["app"]])
        marks = [s["marks"] for s in kinds["app"]]
        bare_snapshot = summary([s["ready"] for s in kinds["bare-snapshot"]])
        result[mode] = {
            "bare_ready_ms": bare,
            "bare_snapshot_ready_ms": bare_snapshot,
            "app_ready_ms": app,
            "ratio": round(app["median"] / bare["median"], 3),
            "ratio_to_bare_snapshot": round(app["median"] / bare_snapshot["median"], 3),
            "bare_cpu_ms": summary([s["cpu_ms"] for s in kinds["bare"]]),
            "app_cpu_ms": summary([s["cpu_ms"] for s in kinds["app"]]),
            "app_fcp_ms": summary([s["paints"]["first-contentful-paint"] for s in kinds["app"]]),
            "app_main_py_start_ms": summary([m["junban:main"] for m in marks]),
            "app_python_imports_ms": summary([m["junban:imported"] - m["junban:main"] for m in marks]),
            "app_python_first_render_ms": summary([m["junban:ready"] - m["junban:imported"] for m in marks]),
            "bare_pyodide_loaded_ms": summary([s["marks"]["bare:loaded"] for s in kinds["bare"]]),
            "bare_wasm_fetched_ms": summary([s["fetched"]["pyodide.asm.wasm"][1] for s in kinds["bare"]]),
            "app_wasm_fetched_ms": summary([s["fetched"]["pyodide.asm.wasm"][1] for s in kinds["app"]]),
            "app_zip_fetch_start_ms": summary([s["fetched"]["app.zip"][0] for s in kinds["app"]]),
            "app_zip_fetched_ms": summary([s["fetched"]["app.zip"][1] for s in kinds["app"]]),
            "app_served_by_service_worker": all(s["controlled"] for s in kinds["app"]),
        }
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="measured loads per page and mode (default 7)")
    parser.add_argument("--dist", type=Path, help="an existing build to measure (default: build one)")
    parser.add_argument("--settle", type=float, default=5.0,
                        help="seconds the browser stays open after each warm-up visit (default 5)")
    parser.add_argument("--warm-ups", type=int, default=2, choices=(1, 2),
                        help="visits of each page before its warm loads (default 2; 1 installs the service worker "
                             "too, but the browser may not have written all it keeps: for smoke runs)")
    args = parser.parse_args(argv)
    load_start = os.getloadavg()
    result = measure(args.runs, args.dist, args.settle, args.warm_ups)
    result["loadavg_start_end"] = [round(x, 2) for x in (*load_start, *os.getloadavg())]
    result["machine"] = {"cpus": os.cpu_count(), "chromium": CHROMIUM}
    result["bar"] = {"ratio": BAR_RATIO, "fcp_ms": BAR_FCP_MS}
    result["pass"] = all(result[m]["ratio"] <= BAR_RATIO and result[m]["app_fcp_ms"]["median"] <= BAR_FCP_MS
                         for m in ("cold", "warm"))

    def cell(stats: dict) -> str:
        return f"{stats['median']:7.0f} ms  ({stats['min']:.0f}–{stats['max']:.0f})"

    rows: list[tuple[str, object]] = [("", f"{'cold':<26}warm")]
    for key, label in (("bare_ready_ms", "bare Pyodide ready"),
                       ("bare_snapshot_ready_ms", "bare Pyodide from the snapshot ready"), ("app_ready_ms", "app ready"),
                       ("app_fcp_ms", "app first contentful paint"), ("bare_pyodide_loaded_ms", "bare: Pyodide loaded"),
                       ("bare_wasm_fetched_ms", "bare: wasm fetched"), ("app_wasm_fetched_ms", "app: wasm fetched"),
                       ("app_zip_fetch_start_ms", "app: app zip requested"),
                       ("app_zip_fetched_ms", "app: app zip fetched"),
                       ("app_main_py_start_ms", "app: main.py starts"),
                       ("app_python_imports_ms", "app: Python imports"),
                       ("app_python_first_render_ms", "app: App() + first render")):
        rows.append((label, f"{cell(result['cold'][key]):<26}{cell(result['warm'][key])}"))
    rows.append(("ratio app / bare (bar 1.10)", f"{result['cold']['ratio']:<26.3f}{result['warm']['ratio']:.3f}"))
    rows.append(("ratio app / bare from the snapshot", f"{result['cold']['ratio_to_bare_snapshot']:<26.3f}"
                                                      f"{result['warm']['ratio_to_bare_snapshot']:.3f}"))
    for key, label in (("bare_cpu_ms", "bare: browser CPU until ready"), ("app_cpu_ms", "app: browser CPU until ready")):
        rows.append((label, f"{cell(result['cold'][key]):<26}{cell(result['warm'][key])}"))
    rows.append(("warm app served by its service worker", result["warm"]["app_served_by_service_worker"]))
    rows.append(("load average at start / end", result["loadavg_start_end"]))
    print_table(rows)
    print_result(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
