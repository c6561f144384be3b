"""Start-up: index.html begins booting Pyodide before PyScript has loaded, from the snapshot of its memory the
build made, and PyScript takes over that same interpreter (assets/pyodide-early.mjs, named as the interpreter in
pyscript.json)."""
from __future__ import annotations

import gzip
import json
import os

import pytest

import build
from tests.browser.conftest import BOOT_TIMEOUT_MS, open_app

# Resource timings and PyScript's progress events (py:progress), recorded from the very start of the page.
RECORD_PROGRESS = """
window.__progress = [];
addEventListener("py:progress", (e) => window.__progress.push([e.detail, performance.now()]));
"""


def test_pyodide_boots_once_and_before_pyscript_asks_for_it(page, server, dist_dir):
    assert json.loads((dist_dir / "pyscript.json").read_text(encoding="utf-8"))["interpreter"] == \
        "./assets/pyodide-early.mjs"
    page.add_init_script(RECORD_PROGRESS)
    open_app(page, server)
    wasm = page.evaluate("""performance.getEntriesByType("resource")
        .filter((e) => e.name.endsWith("/pyodide.asm.wasm")).map((e) => e.startTime)""")
    progress = dict(page.evaluate("window.__progress"))
    assert len(wasm) == 1, f"Pyodide's wasm was requested {len(wasm)} times: one interpreter, booted once"
    # PyScript asks for its interpreter only after its own modules and config; by then Pyodide is under way.
    assert wasm[0] < progress["Loading interpreter"] <= progress["Loaded interpreter"] < progress["Loaded Pyodide"]
    assert page.locator(".game-tile").count() >= 3  # the home screen, rendered by Python


PROBE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>probe</title><link rel="icon" href="data:,"></head><body>
<script type="module" async>import { start } from "./assets/pyodide-early.mjs"; start();</script>
<script type="module">
import { loadPyodide, start, version } from "./assets/pyodide-early.mjs";
const lines = [];
const probe = { version };
try {
  loadPyodide({ packages: ["numpy"] });
} catch (err) {
  probe.refused = err.message;
}
const pyodide = await loadPyodide({ stdout: (line) => lines.push("out: " + line),
                                    stderr: (line) => lines.push("err: " + line), indexURL: "./assets" });
pyodide.runPython("import sys; print('to stdout'); print('to stderr', file=sys.stderr)");
probe.same = pyodide === await start();
probe.lines = lines;
probe.python = pyodide.runPython("import sys; sys.version.split()[0]");
window.__probe = probe;
</script></body></html>"""


def test_the_early_pyodide_module_hands_over_one_interpreter_with_pyscripts_streams(page, server):
    """What PyScript relies on: loadPyodide() returns the interpreter start() began (one boot, one wasm fetch),
    Python's output goes to the streams PyScript passes, and options this app never uses are refused."""
    page.route(server.base + "probe.html", lambda route: route.fulfill(body=PROBE_PAGE, content_type="text/html"))
    page.goto(server.base + "probe.html")
    page.wait_for_function("window.__probe !== undefined", timeout=BOOT_TIMEOUT_MS)
    probe = page.evaluate("window.__probe")
    assert probe["same"] is True
    assert probe["lines"] == ["out: to stdout", "err: to stderr"]
    assert "packages" in probe["refused"]
    assert probe["python"].startswith("3.14.") and probe["version"]
    wasm = page.evaluate("""performance.getEntriesByType("resource")
        .filter((e) => e.name.endsWith("/pyodide.asm.wasm")).length""")
    assert wasm == 1


# How Pyodide's wasm can fail to arrive. Pyodide itself only logs a failed wasm instantiation and leaves its
# promise pending, and the rejected fetch of an aborted request goes unhandled only if it fails before
# Pyodide awaits it: both must end in the message, whatever the timing.
WASM_FAILURES = {
    "connection lost": lambda route: route.abort(),
    "not found": lambda route: route.fulfill(status=404, body="not found", content_type="text/plain"),
    "not wasm": lambda route: route.fulfill(status=200, body="<html>captive portal</html>", content_type="text/html"),
}


@pytest.mark.parametrize("failure", WASM_FAILURES)
def test_a_page_whose_game_engine_cannot_load_says_so_instead_of_loading_for_ever(browser, server, failure):
    """Pyodide's wasm cannot be fetched (say, the first visit lost its connection): the shell tells the person,
    in both languages, and the page never claims to be ready."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.route("**/pyodide.asm.wasm", WASM_FAILURES[failure])
        page.goto(server.base)
        failed = page.locator("#shell .boot.failed")
        failed.wait_for(timeout=30_000)  # a restore and a plain start, both failing at once: seconds, not minutes
        text = failed.inner_text()
        assert "Junban could not start its game engine" in text and "reload the page" in text
        assert "ゲームエンジンを起動できませんでした" in text
        assert not page.locator(".boot-bar").is_visible()
        assert page.get_attribute("#shell", "aria-busy") == "false"
        assert page.get_attribute("html", "data-ready") == "false"
    finally:
        context.close()


def test_a_start_that_drags_on_says_why_and_keeps_waiting(browser, server):
    """A first visit over a slow link: after 15 s without the engine, the shell says in both languages that the
    first visit downloads the engine (and that later visits start offline), and keeps waiting instead of failing."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.clock.install()
        page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered: the download drags on
        page.goto(server.base)
        page.locator("#shell .boot").wait_for()
        assert page.locator("#shell .boot-slow").count() == 0
        page.clock.run_for(14_000)
        assert page.locator("#shell .boot-slow").count() == 0
        page.clock.run_for(2_000)
        slow = page.locator("#shell .boot-slow")
        slow.wait_for()
        text = slow.inner_text()
        assert "the first visit downloads the game engine" in text and "without the network" in text
        assert "回線が遅いと" in text
        assert page.locator(".boot-bar").is_visible()
        assert page.locator("#shell .boot.failed").count() == 0
        assert page.get_attribute("html", "data-ready") == "false"
    finally:
        context.close()


# Boots Pyodide the way the app does and reports what must differ per visit or per browser after a restore.
RESTORED_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>restored</title><link rel="icon" href="data:,"></head><body>
<script type="module">
import { start, howStarted } from "./assets/pyodide-early.mjs";
const pyodide = await start();
window.__started = howStarted();
window.__restored = JSON.parse(pyodide.runPython(`
import json, locale, os, random, sys
grown = len(bytearray(64 * 1024 * 1024))  # more than the snapshot's 31 MB: the heap still grows
json.dumps({"random": random.random(), "urandom": os.urandom(8).hex(), "lang": os.environ["LANG"],
            "locale": locale.getlocale()[0], "blank_paths": sys.path.count(""), "leaked": "lang" in globals(),
            "executable": sys.executable, "grown": grown})`));
// Pyodide keeps its options: the snapshot handed over must not be kept alive by them.
window.__restored.snapshot_kept = await Promise.resolve(pyodide._api.config._loadSnapshot)
  .then(() => true, () => false);
</script></body></html>"""


def restored_interpreter(context, server) -> dict:
    page = context.new_page()
    page.route(server.base + "restored.html",
               lambda route: route.fulfill(body=RESTORED_PAGE, content_type="text/html"))
    page.goto(server.base + "restored.html")
    page.wait_for_function("window.__restored !== undefined && 'snapshot_kept' in window.__restored",
                           timeout=BOOT_TIMEOUT_MS)
    fetched = page.evaluate("""performance.getEntriesByType("resource").map((e) => e.name.split("/").pop())""")
    return {**page.evaluate("window.__restored"), "fetched": fetched, "started": page.evaluate("window.__started")}


def test_pyodide_resumes_from_the_snapshot_and_each_visit_draws_its_own_randomness(context_factory, server):
    """Every visitor restores the same memory: what start-up seeded (Python's `random`) is reseeded from the
    browser's entropy; LANG and the locale follow the browser, as on a plain start; the heap grows past the
    snapshot's size (the build zeroes free memory under a footprint limit, which it lifts again); and the 31 MB
    handed to Pyodide are let go."""
    english = restored_interpreter(context_factory(locale="en-GB"), server)
    japanese = restored_interpreter(context_factory(locale="ja-JP"), server)
    for visit in (english, japanese):
        assert build.PYODIDE_SNAPSHOT in visit["fetched"]
        assert visit["started"] == "snapshot"  # resumed, not fallen back to a plain start
        assert visit["executable"] == "/home/pyodide/this.program"  # not the build machine's path
        assert visit["grown"] == 64 * 1024 * 1024
        assert visit["blank_paths"] == 1 and visit["leaked"] is False
        assert visit["snapshot_kept"] is False
    assert english["random"] != japanese["random"], "the snapshot's random state was not reseeded"
    assert english["urandom"] != japanese["urandom"]
    assert (english["lang"], japanese["lang"]) == ("en_GB.UTF-8", "ja_JP.UTF-8")
    assert (english["locale"], japanese["locale"]) == ("en_GB", "ja_JP")


# Which of the page's modules came from the standard library zip, and how: {module: its path in the zip}.
STDLIB_MODULES = """async () => {
  const pyodide = await (await import("./assets/pyodide-early.mjs")).start();
  return JSON.parse(pyodide.runPython(`
import json, sys
zip_path = sys.prefix.rstrip("/") + "/lib/python%d%d.zip/" % sys.version_info[:2]
json.dumps({name: module.__spec__.origin[len(zip_path):] for name, module in list(sys.modules.items())
            if (getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(zip_path)})`));
}"""


def test_the_page_compiles_no_module_of_the_standard_library(context_factory, server):
    """What the snapshot holds is imported already; every module of the standard library the page imports after
    it — PyScript's bootstrap, the home screen, a game's table and its bots — comes as bytecode from the zip the
    build made (build.py's build_stdlib_zip): a source there would be compiled in the page, twice."""
    page = context_factory().new_page()
    page.route(server.base + "restored.html", lambda route: route.fulfill(body=RESTORED_PAGE, content_type="text/html"))
    page.goto(server.base + "restored.html")
    page.wait_for_function("window.__restored !== undefined")
    at_restore = page.evaluate(STDLIB_MODULES)
    assert len(at_restore) > 100 and "asyncio" in at_restore
    for hash_text in ("", "#/the-game?players=2&bots=1&start=2&seed=stdlib", "#/eleusis?players=4&bots=3&seed=stdlib",
                      "#/23?players=3&bots=2&seed=stdlib"):
        app = context_factory().new_page()
        open_app(app, server, hash_text)
        app.wait_for_timeout(1500)  # the bots' first moves; on home, the later archive
        in_page = app.evaluate(STDLIB_MODULES)
        compiled = {name: path for name, path in in_page.items() if name not in at_restore and path.endswith(".py")}
        assert compiled == {}, f"{hash_text or 'home'} compiled these in the page"
        assert in_page["html.entities"] == "html/entities.pyc"  # PyScript's, after the restore
        if "the-game" in hash_text:  # a bot moved first
            assert in_page["hashlib"] == "hashlib.pyc"  # the bots' seeds


def test_the_snapshot_is_the_same_on_every_build(dist_dir, tmp_path):
    """The service worker's version is a hash of the build: a snapshot that changed from build to build, or from
    one machine's time zone or language to another's, would ask every player to reload for nothing."""
    again = tmp_path / build.PYODIDE_SNAPSHOT
    build.snapshot_pyodide(again, env={**os.environ, "TZ": "America/New_York", "LANG": "de_DE.UTF-8"},
                           stdlib=dist_dir / "vendor" / "pyodide" / "python_stdlib.zip")
    assert again.read_bytes() == (dist_dir / "vendor" / "pyodide" / build.PYODIDE_SNAPSHOT).read_bytes()


# Notes whether the shell ever showed its "could not start" message, however briefly.
WATCH_BOOT_FAILURE = """
new MutationObserver(() => {
  if (document.querySelector("#shell .boot.failed")) window.__bootFailedSeen = true;
}).observe(document, {subtree: true, childList: true, attributes: true});
"""
SNAPSHOT_DAMAGE = {
    "missing": {"status": 404, "body": "gone"},
    "not gzip": {"status": 200, "body": b"\x1f\x8b not really gzip"},
    "not Pyodide's memory": {"status": 200, "body": gzip.compress(bytes(31457408))},  # restoring it throws
}


@pytest.mark.parametrize("damage", SNAPSHOT_DAMAGE)
def test_without_a_usable_snapshot_pyodide_starts_from_scratch(browser, server, damage):
    """A snapshot that is missing or damaged costs time, never the game, and never a false alarm: the app starts
    as it would without it, and the shell never says the engine could not start."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(WATCH_BOOT_FAILURE)
        warnings, uncaught = [], []
        page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
        page.on("pageerror", lambda err: uncaught.append(str(err)))
        page.route("**/" + build.PYODIDE_SNAPSHOT, lambda route: route.fulfill(**SNAPSHOT_DAMAGE[damage]))
        open_app(page, server)
        assert page.get_by_role("link", name="New game").count() >= 1  # the home screen, rendered by Python
        assert page.evaluate("window.__bootFailedSeen") is None
        assert not uncaught
        assert any("could not resume from its snapshot" in text for text in warnings), warnings
    finally:
        context.close()


@pytest.mark.parametrize("link", ['{saveData: true, effectiveType: "4g"}', '{saveData: false, effectiveType: "3g"}'])
def test_a_first_visit_over_a_slow_link_starts_pyodide_plainly(context_factory, server, link):
    """The snapshot is 5 MB more to download on a first visit: not worth it when the browser asks to save data
    or reports a slow link (assets/pyodide-early.mjs)."""
    context = context_factory()
    context.add_init_script(f"""Object.defineProperty(navigator, "connection", {{value: {link}, configurable: true}});""")
    page = context.new_page()
    open_app(page, server)
    fetched = page.evaluate("""performance.getEntriesByType("resource").map((e) => e.name.split("/").pop())""")
    assert "pyodide.asm.wasm" in fetched and build.PYODIDE_SNAPSHOT not in fetched
    assert page.get_by_role("link", name="New game").count() >= 1
