"""Start-up: index.html begins booting Pyodide before PyScript has loaded, and PyScript takes over that same
interpreter (assets/pyodide-early.mjs, named as the interpreter in pyscript.json)."""
from __future__ import annotations

import json

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


def test_a_page_whose_game_engine_cannot_load_says_so_instead_of_loading_for_ever(browser, server):
    """Pyodide's wasm cannot be fetched (say, the first visit lost its connection): the shell tells the person,
    in both languages, and the page never claims to be ready."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.route("**/pyodide.asm.wasm", lambda route: route.abort())
        page.goto(server.base)
        failed = page.locator("#shell .boot.failed")
        failed.wait_for(timeout=BOOT_TIMEOUT_MS)
        text = failed.inner_text()
        assert "Junban could not start its game engine" in text and "reload the page" in text
        assert "ゲームエンジンを起動できませんでした" in text
        assert not page.locator(".boot-bar").is_visible()
        assert page.get_attribute("#shell", "aria-busy") == "false"
        assert page.get_attribute("html", "data-ready") == "false"
    finally:
        context.close()
