"""Firefox pages for tests and tools, with the part of Playwright's Page API the phone helpers use.

Python Playwright cannot drive Debian's Firefox ESR; ``firefox_driver.mjs`` (puppeteer-core over WebDriver BiDi)
can. ``Firefox()`` starts one Firefox and that script; ``firefox.new_page(viewport, touch)`` is a page in a browser
context of its own (another phone: its own storage and service worker). A ``FirefoxPage`` answers ``goto``,
``reload``, ``evaluate``, ``wait_for_function``, ``wait_for_selector``, ``wait_for_url``, ``click``, ``fill``,
``press``, ``input_value``, ``screenshot`` and ``locator`` (``count``, ``nth``, ``first``, ``all``, ``click``/
``tap``, ``inner_text``, ``is_enabled``, ``evaluate_all``, ``check``, ``wait_for``), so ``tests/browser/phones.py``'s
helpers (pairing through the screens, ``Table``, the persons of each game) drive a Firefox phone as they drive a
Chromium one. Commands may come from several threads: each waits for its own answer.

Everything a page logs, throws or requests is kept (``page.console``, ``page.errors``, ``page.requests``): the test
decides what fails it (``outside_requests``, ``console_errors``).
"""
from __future__ import annotations

import fnmatch
import json
import os
import re
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

FIREFOX = "/usr/bin/firefox-esr"
DRIVER = Path(__file__).with_name("firefox_driver.mjs")
ROOT = Path(__file__).resolve().parents[2]

# "id => ..." (one bare parameter): a function as Playwright takes it, not an expression to wrap
_BARE_ARROW = re.compile(r"(async\s+)?[A-Za-z_$][\w$]*\s*=>")


class DriverError(AssertionError):
    pass


class TimeoutError(AssertionError):  # noqa: A001 - what Playwright's waits raise, by the same name
    pass


class Firefox:
    """One Firefox ESR process (headless, a fresh profile) and the driver script in front of it."""

    def __init__(self, prefs: dict | None = None, executable: str = FIREFOX):
        if not Path(executable).exists():
            raise DriverError(f"{executable} is missing: run the README's test command, which installs it")
        env = {**os.environ, "JUNBAN_FIREFOX": executable, "JUNBAN_FIREFOX_PREFS": json.dumps(prefs or {})}
        self.proc = subprocess.Popen(["node", str(DRIVER)], cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, encoding="utf-8",
                                     errors="replace", env=env, bufsize=1)
        self._lock = threading.Lock()
        self._waiting: dict[int, dict] = {}
        self._next = 0
        self.pages: dict[str, FirefoxPage] = {}
        self.version = None
        self._ready = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._ready.wait(90) or self.version is None:
            self.close()
            raise DriverError(f"Firefox did not start (run {DRIVER.name} by hand to see why)")

    def _read(self) -> None:
        for line in self.proc.stdout:  # (stderr goes nowhere: a pipe nobody reads would fill and stop the driver)
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if not isinstance(msg, dict):
                continue
            try:
                self._take(msg)
            except Exception:  # noqa: BLE001 - the reader must outlive any odd line
                continue
        self._ready.set()
        for slot in list(self._waiting.values()):
            slot["done"].set()

    def _take(self, msg: dict) -> None:
        if "id" in msg:
            slot = self._waiting.get(msg["id"])
            if slot is not None:
                slot["answer"] = msg
                slot["done"].set()
            return
        event = msg.get("event")
        if event == "ready":
            self.version = msg.get("text")
            self._ready.set()
        page = self.pages.get(msg.get("page"))
        if page is not None:
            page._heard(event, msg)

    def call(self, op: str, timeout: float = 180, **fields):
        with self._lock:
            self._next += 1
            msg_id = self._next
            slot = {"done": threading.Event(), "answer": None}
            self._waiting[msg_id] = slot
            self.proc.stdin.write(json.dumps({"id": msg_id, "op": op, **fields}) + "\n")
            self.proc.stdin.flush()
        if not slot["done"].wait(timeout):
            raise TimeoutError(f"Firefox did not answer {op} within {timeout} s")
        self._waiting.pop(msg_id, None)
        answer = slot["answer"]
        if answer is None:
            raise DriverError(f"the Firefox driver ended during {op}")
        if not answer.get("ok"):
            raise DriverError(f"{op}: {answer.get('error')}")
        return answer.get("value")

    def new_page(self, viewport: dict | None = None, touch: bool = False) -> FirefoxPage:
        page_id = self.call("page", viewport=viewport, touch=touch)
        page = FirefoxPage(self, page_id)
        self.pages[page_id] = page
        return page

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.call("quit", timeout=20)
            except AssertionError:
                pass
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass


class FirefoxPage:
    engine = "firefox"

    def __init__(self, firefox: Firefox, page_id: str):
        self.firefox = firefox
        self.id = page_id
        self.url = "about:blank"
        self.console: list[tuple[str, str]] = []
        self.errors: list[str] = []
        self.requests: list[str] = []

    def _heard(self, event: str, msg: dict) -> None:
        if event == "console":
            self.console.append((msg.get("type", ""), msg.get("text", "")))
        elif event == "pageerror":
            self.errors.append(msg.get("text", ""))
        elif event == "request":
            self.requests.append(msg.get("text", ""))

    def _call(self, op: str, **fields):
        return self.firefox.call(op, page=self.id, **fields)

    # -- what the tests check

    def outside_requests(self) -> list[str]:
        return [u for u in self.requests if not u.startswith(("data:", "blob:", "about:"))
                and urlparse(u).hostname not in ("127.0.0.1", "localhost")]

    def console_errors(self) -> list[str]:
        return [text for kind, text in self.console if kind == "error"] + [f"uncaught: {e}" for e in self.errors]

    # -- Playwright's Page, the part the helpers use

    def goto(self, url: str, timeout: float = 120_000) -> None:
        self._call("goto", url=url)
        self.url = url

    def reload(self, timeout: float = 120_000) -> None:
        self._call("reload")

    def evaluate(self, expression: str, arg=None):
        source = expression.strip()
        if not (source.startswith(("(", "async", "function")) and "=>" in source.split("{", 1)[0]
                or source.startswith(("function", "async function")) or _BARE_ARROW.match(source)):
            source = f"() => ({source})"
        return self._call("evaluate", fn=source, arg=arg)

    def wait_for_function(self, expression: str, arg=None, polling: float = 50, timeout: float = 30_000):
        deadline = time.monotonic() + timeout / 1000
        while True:
            value = self.evaluate(expression, arg)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.id}: {expression[:120]} stayed false for {timeout / 1000:.0f} s")
            time.sleep(max(polling, 20) / 1000)

    def wait_for_selector(self, selector: str, timeout: float = 30_000, state: str = "visible"):
        check = {"visible": "(s) => { const e = document.querySelector(s); return !!e && e.getClientRects().length > 0; }",
                 "attached": "(s) => !!document.querySelector(s)",
                 "detached": "(s) => !document.querySelector(s)"}[state]
        self.wait_for_function(check, arg=selector, timeout=timeout)
        return self.locator(selector) if state != "detached" else None

    def wait_for_url(self, pattern: str, timeout: float = 30_000) -> None:
        self.wait_for_function("() => location.href", timeout=timeout)
        deadline = time.monotonic() + timeout / 1000
        while not fnmatch.fnmatchcase(self.evaluate("location.href"), pattern):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.id}: the address never matched {pattern}")
            time.sleep(0.05)

    def locator(self, selector: str) -> Locator:
        return Locator(self, [[selector, None]])

    def click(self, selector: str) -> None:
        self.locator(selector).click()

    tap = click

    def fill(self, selector: str, text: str) -> None:
        self.locator(selector).fill(text)

    def press(self, selector: str, key: str) -> None:
        self.locator(selector).press(key)

    def input_value(self, selector: str) -> str:
        return self.locator(selector).input_value()

    def inner_text(self, selector: str) -> str:
        return self.locator(selector).inner_text()

    def screenshot(self, path: str, full_page: bool = False) -> None:
        self._call("screenshot", path=str(path), fullPage=full_page)

    def close(self) -> None:
        self.firefox.call("close", page=self.id)


_FIND = """(steps) => {
  let found = [document];
  for (const [selector, index] of steps) {
    const next = found.flatMap((root) => [...root.querySelectorAll(selector)]);
    found = index === null ? next : (index < 0 ? next.slice(index).slice(0, 1) : next.slice(index, index + 1));
  }
  return found;
}"""


class Locator:
    def __init__(self, page: FirefoxPage, steps: list):
        self.page = page
        self.steps = steps

    def _eval(self, body: str, extra=None):
        fn = f"([steps, extra]) => {{ const found = ({_FIND})(steps); {body} }}"
        return self.page.evaluate(fn, [self.steps, extra])

    def locator(self, selector: str) -> Locator:
        return Locator(self.page, [*self.steps, [selector, None]])

    def nth(self, index: int) -> Locator:
        *head, (selector, old) = self.steps
        if old is not None:
            return Locator(self.page, [*self.steps, [":scope", index]])
        return Locator(self.page, [*head, [selector, index]])

    @property
    def first(self) -> Locator:
        return self.nth(0)

    @property
    def last(self) -> Locator:
        return self.nth(-1)

    def count(self) -> int:
        return self._eval("return found.length;")

    def all(self) -> list[Locator]:
        return [self.nth(i) for i in range(self.count())]

    def wait_for(self, state: str = "visible", timeout: float = 30_000) -> None:
        check = {"visible": "found.length > 0 && found[0].getClientRects().length > 0",
                 "attached": "found.length > 0", "detached": "found.length === 0",
                 "hidden": "found.length === 0 || found[0].getClientRects().length === 0"}[state]
        deadline = time.monotonic() + timeout / 1000
        while not self._eval(f"return {check};"):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.page.id}: {self.steps} never {state}")
            time.sleep(0.05)

    def _one(self) -> None:
        self.wait_for("visible")

    def click(self, timeout: float = 30_000) -> None:
        self.wait_for("visible", timeout)
        self.page._call("click", steps=self._single())

    tap = click

    def check(self) -> None:
        if not self._eval("return found.length > 0 && found[0].checked;"):
            self.click()

    def fill(self, text: str) -> None:
        self.wait_for("visible")
        self.page._call("fill", steps=self._single(), text=text)

    def press(self, key: str) -> None:
        self.wait_for("attached")
        self.page._call("press", steps=self._single(), key=key)

    def _single(self) -> list:
        *head, (selector, index) = self.steps
        return [*head, [selector, 0 if index is None else index]]

    def input_value(self) -> str:
        self.wait_for("attached")
        return self._eval("return found[0].value;")

    def inner_text(self) -> str:
        self.wait_for("attached")
        return self._eval("return found[0].innerText;")

    def text_content(self) -> str:
        self.wait_for("attached")
        return self._eval("return found[0].textContent;")

    def get_attribute(self, name: str):
        self.wait_for("attached")
        return self._eval("return found[0].getAttribute(extra);", name)

    def is_enabled(self) -> bool:
        self.wait_for("attached")
        return self._eval("return !found[0].disabled && !found[0].hasAttribute('disabled');")

    def is_visible(self) -> bool:
        return self._eval("return found.length > 0 && found[0].getClientRects().length > 0;")

    def evaluate_all(self, fn: str):
        return self._eval(f"return ({fn})(found);")

    def evaluate(self, fn: str):
        self.wait_for("attached")
        return self._eval(f"return ({fn})(found[0]);")
