"""Run Python timing code in the built app's Pyodide, in headless Chromium: the harness of the browser bot benchmarks.

``timing_page()`` builds dist/ into a temporary folder as ``app/`` (or copies a given dist/ there; nothing is ever
added to a dist/), writes the timing page ``PAGE`` beside it, serves the folder on 127.0.0.1 (``build.make_server``)
and opens the page in /usr/bin/chromium through Playwright. The page loads the vendored Pyodide, unpacks both of
the package's archives (the first screen's, named in app/pyscript.json, and the later one it names) and puts them on
``sys.path``; ``TimingPage.run(code)`` then runs Python there and
returns the value of its last expression (a JSON string, by the tools' convention). On leaving, the page must not
have thrown an uncaught error nor asked for a non-local URL.

``run_calls`` runs a harness and then a list of calls in the page, ``run_calls_in_cpython`` the very same code on this
machine's CPython (for the Pyodide/CPython ratio), ``run_both`` does both; ``add_build_options`` and ``chosen_dist``
give every tool the same ``--dist DIR`` / ``--no-build`` choice of build; ``given_or_built`` is the other tools'
``--dist DIR`` or else a build into a temporary folder. ``percentile`` and ``summary`` are the tools' statistics:
nearest-rank p50/p95 and the maximum, in ms.
"""
from __future__ import annotations

import contextlib
import json
import math
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repository's build script: build, make_server)
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, READY  # noqa: E402

BOOT_TIMEOUT_MS = 180_000
LOCAL = ("http://127.0.0.1", "data:", "blob:")

PAGE = r"""<!doctype html>
<!-- Bot timing page (tools/browser_timing.py), served beside the built app as ./app/; never part of dist/. -->
<html lang="en" data-ready="false">
<meta charset="utf-8">
<title>Junban bot timing</title>
<link rel="icon" href="data:,">
<script type="module">
import { loadPyodide } from "./app/vendor/pyodide/pyodide.mjs";

// The package's two archives (build.py): the first screen's, named in pyscript.json, and the later one, which the
// first names in junban/later.json. Both are unpacked into one folder on sys.path.
const fetchBytes = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
};
const config = await (await fetch("./app/pyscript.json")).json();
const first = Object.keys(config.files)[0].replace(/^\.\//, "./app/");
const pyodide = await loadPyodide({ indexURL: "./app/vendor/pyodide/" });
pyodide.unpackArchive(await fetchBytes(first), "zip", { extractDir: "/junban-app" });
const later = JSON.parse(pyodide.FS.readFile("/junban-app/junban/later.json", { encoding: "utf8" })).url;
pyodide.unpackArchive(await fetchBytes(later.replace(/^\.\//, "./app/")), "zip", { extractDir: "/junban-app" });
pyodide.runPython("import sys; sys.path.insert(0, '/junban-app')");
window.junbanRun = (code) => pyodide.runPython(code);
window.junbanPython = pyodide.runPython("import sys; sys.version.split()[0]");
document.documentElement.dataset.ready = "true";
</script>
</html>
"""


class TimingPage:
    """The open timing page: ``run`` Python in its Pyodide; ``chromium`` and ``pyodide_python`` are the versions."""

    def __init__(self, page, chromium: str):
        self.page = page
        self.chromium = chromium
        self.pyodide_python: str = page.evaluate("window.junbanPython")

    def run(self, code: str):
        """Run ``code`` in Pyodide's globals (they persist between calls); the value of its last expression."""
        return self.page.evaluate("code => window.junbanRun(code)", code)


@contextlib.contextmanager
def served_page(site: Path) -> Iterator[tuple]:
    """``site`` served on 127.0.0.1 and a page in headless Chromium: (page, the site's base URL, Chromium's version).

    Raises RuntimeError on leaving if the page threw an uncaught error or asked for a URL that is not local.
    """
    from playwright.sync_api import sync_playwright

    errors: list[str] = []
    remote: list[str] = []
    server = build.make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.on("pageerror", lambda err: errors.append(str(err)))
            page.on("request", lambda req: None if req.url.startswith(LOCAL) else remote.append(req.url))
            yield page, f"http://127.0.0.1:{server.server_address[1]}/", browser.version
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if errors:
        raise RuntimeError(f"the page failed: {errors[0]}")
    if remote:
        raise RuntimeError(f"the page asked for a non-local URL: {remote[0]}")


@contextlib.contextmanager
def timing_page(dist: Path | None = None) -> Iterator[TimingPage]:
    """The timing page over a fresh build of the app (or a copy of ``dist``), open in headless Chromium
    (``served_page``). The build's log goes to stderr, so stdout stays the tool's own."""
    with tempfile.TemporaryDirectory(prefix="junban-bot-timing-") as tmp:
        site = Path(tmp)
        if dist is None:
            with contextlib.redirect_stdout(sys.stderr):
                build.build(site / "app")
        else:
            shutil.copytree(dist, site / "app")
        (site / "index.html").write_text(PAGE, encoding="utf-8")
        with served_page(site) as (page, base, chromium):
            page.goto(base + "index.html")
            page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
            yield TimingPage(page, chromium)


def run_calls(harness: str, calls: list[str], dist: Path | None = None) -> tuple[list, dict]:
    """Run ``harness`` in the timing page, then each call (a Python expression giving a JSON string), showing
    progress on stderr: the parsed results, and the Chromium and Pyodide versions."""
    results = []
    with timing_page(dist) as page:
        page.run(harness)
        for n, call in enumerate(calls, 1):
            results.append(json.loads(page.run(call)))
            print(f"\rbrowser: {n}/{len(calls)}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        info = {"chromium": page.chromium, "pyodide_python": page.pyodide_python}
    return results, info


def run_calls_in_cpython(harness: str, calls: list[str]) -> list:
    """``run_calls`` on this machine's CPython: the very code the browser runs."""
    if str(ROOT / "py") not in sys.path:
        sys.path.insert(0, str(ROOT / "py"))
    namespace: dict = {}
    exec(harness, namespace)  # noqa: S102 (the tools' own harness, the code the browser runs)
    results = []
    for n, call in enumerate(calls, 1):
        results.append(json.loads(eval(call, namespace)))
        print(f"\rcpython: {n}/{len(calls)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return results


def add_dist_option(parser) -> None:
    """``--dist DIR``: measure an existing build, as it is (``timing_page(args.dist)``; None: a fresh build)."""
    parser.add_argument("--dist", type=Path, default=None, metavar="DIR", help="measure this build (not rebuilt)")


@contextlib.contextmanager
def given_or_built(dist: Path | None, prefix: str = "junban-dist-") -> Iterator[Path]:
    """The build a tool runs on: ``dist`` as it is when one was named (``--dist DIR``), else a fresh build into a
    temporary folder, removed on leaving. The build's log goes to stderr, so stdout stays the tool's own."""
    if dist is not None:
        yield Path(dist)
        return
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        built = Path(folder) / "dist"
        with contextlib.redirect_stdout(sys.stderr):
            build.build(built)
        yield built


def add_build_options(parser) -> None:
    """The tools' choice of build: ``--dist DIR`` (an existing build, as it is) or ``--no-build`` (dist/ as it is);
    by default the tool builds dist/ first (``chosen_dist``)."""
    add_dist_option(parser)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")


def chosen_dist(args) -> Path:
    """The build the tool measures (``add_build_options``): built first into dist/ unless one was named."""
    if args.dist is not None:
        return args.dist
    if not args.no_build:
        subprocess.run([sys.executable, "build.py"], cwd=ROOT, check=True, stdout=sys.stderr)
    return ROOT / "dist"


def run_both(harness: str, calls: list[str], dist: Path) -> tuple[list, list, dict]:
    """``run_calls`` in the browser over a copy of ``dist``, then ``run_calls_in_cpython``: (browser results, CPython
    results, info with the versions and ``browser_seconds``)."""
    started = time.perf_counter()
    browser, info = run_calls(harness, calls, dist)
    info["browser_seconds"] = round(time.perf_counter() - started, 1)
    return browser, run_calls_in_cpython(harness, calls), info


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile: the smallest value with at least a share q of the values at or below it."""
    ordered = sorted(values)
    return ordered[min(len(ordered), max(1, math.ceil(q * len(ordered)))) - 1]


def summary(values: list[float], count: str = "decisions", digits: int = 1) -> dict:
    """``{count: n, "p50_ms", "p95_ms", "max_ms"}`` rounded to ``digits``; ``{}`` for no values."""
    if not values:
        return {}
    return {count: len(values), "p50_ms": round(percentile(values, 0.5), digits),
            "p95_ms": round(percentile(values, 0.95), digits), "max_ms": round(max(values), digits)}
