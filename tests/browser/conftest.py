"""Browser tests: the built app in Debian's Chromium, driven by Playwright, served on 127.0.0.1.

Every test fails if the page requested anything that is not localhost, threw an uncaught error, or logged a
console error. One build per run: ``build.py test`` builds into a temporary folder and names it in
``JUNBAN_TEST_DIST``; a plain ``pytest`` builds into the run's temporary folder, once for all its pytest-xdist
workers. Parallel runs never share a dist/. Each worker has its own Chromium and server (docs/testing.md).
"""
from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest

import build

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Nothing but the test server resolves; "<uuid>.local" names do (by mDNS, as on a phone's Wi-Fi): Chromium gives
    # its host addresses to WebRTC under such names, and two phones could not connect without them.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE *.local",
]
# The test fixtures' browser only (the tools keep Chromium's own process model): the pages of one site in one
# context share a renderer, so a context lent again (ContextPool) boots the app without compiling Pyodide's
# WebAssembly again (docs/testing.md).
TEST_BROWSER_ARGS = [*CHROMIUM_ARGS, "--process-per-site"]
# A phone with a camera (camera_phone_factory): Chromium's fake camera plays a file, and nobody is asked.
FAKE_CAMERA_ARGS = ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]
READY = 'html[data-ready="true"]'
BOOT_TIMEOUT_MS = 90_000
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PHONE = {"width": 375, "height": 667}
DESKTOP = {"width": 1280, "height": 800}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


TEST_DIST_ENV = "JUNBAN_TEST_DIST"


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory) -> Path:
    """The build every browser test runs: ``$JUNBAN_TEST_DIST`` when set (``build.py test`` built it), else one
    build into the run's temporary folder, shared by its pytest-xdist workers (the first one to get there builds it,
    holding a file lock, the others wait for it). Tests only read it: copy it to change a file."""
    given = os.environ.get(TEST_DIST_ENV)
    if given:
        target = Path(given)
        if not (target / "index.html").is_file():
            pytest.fail(f"{TEST_DIST_ENV}={given} is not a build (no index.html): unset it or run build.py first")
        return target
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # every worker's basetemp is a folder of the run's
    target, done = root / "dist", root / "dist.built"
    with open(root / "dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            build.build(target)
            done.touch()
    return target


class Server:
    def __init__(self, directory: Path, prefix: str = ""):
        self.httpd = build.make_server(directory, 0)
        self.port = self.httpd.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}/{prefix}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def server(dist_dir):
    srv = Server(dist_dir)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run the README's test command, which installs it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=TEST_BROWSER_ARGS)
        yield b
        b.close()


class Watch:
    """Everything a page did that a test must not tolerate."""

    def __init__(self):
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.origins: set[str] = set()  # every origin the test's contexts asked for (the pool wipes them)
        self._handlers: list[tuple[object, str, object]] = []

    def attach(self, context) -> None:
        def on_request(request):
            if request.url.startswith(("data:", "blob:")):
                return
            url = urlparse(request.url)
            if url.scheme in ("http", "https"):
                self.origins.add(f"{url.scheme}://{url.netloc}")
            if url.hostname not in ("127.0.0.1", "localhost"):
                self.outside.append(request.url)

        context.on("request", on_request)
        self._handlers.append((context, "request", on_request))

    def attach_page(self, page) -> None:
        page.on("pageerror", lambda err: self.errors.append(f"uncaught: {err}"))
        page.on("console", lambda msg: self.errors.append(f"console.{msg.type}: {msg.text}")
                if msg.type == "error" else None)

    def watch_context(self, context) -> None:
        """``attach`` the context and every page it opens."""
        self.attach(context)
        context.on("page", self.attach_page)
        self._handlers.append((context, "page", self.attach_page))

    def detach(self, context) -> None:
        """Stop watching ``context`` (a pooled context goes on to another test)."""
        for owner, event, handler in [h for h in self._handlers if h[0] is context]:
            owner.remove_listener(event, handler)
            self._handlers.remove((owner, event, handler))

    def check(self) -> None:
        assert not self.outside, f"the page requested something that is not localhost: {self.outside[:5]}"
        assert not self.errors, f"the page had errors: {self.errors[:5]}"


@pytest.fixture
def watch():
    w = Watch()
    yield w
    w.check()


# --------------------------------------------------------------------------- contexts lent from a pool


FRESH_CONTEXTS_ENV = "JUNBAN_TEST_FRESH_CONTEXTS"  # "1": every context_factory call makes a new context (no pool)

# What a test may do to a context that a wipe cannot undo: such a context is closed, never lent again.
_LASTING_CONTEXT_CALLS = ("set_default_navigation_timeout", "set_default_timeout", "set_geolocation",
                          "set_extra_http_headers", "set_offline", "add_init_script", "expose_binding",
                          "expose_function", "route_web_socket", "route_from_har", "grant_permissions",
                          "clear_permissions")
_LASTING_CLOCK_CALLS = ("install", "fast_forward", "pause_at", "resume", "run_for", "set_fixed_time",
                        "set_system_time")


def _mark_lasting_changes() -> None:
    """Wrap the Playwright calls that change a context for good so they mark it (``_junban_changed``); once."""
    from playwright._impl import browser_context, clock

    if getattr(browser_context.BrowserContext, "_junban_marked", False):
        return

    def marking(cls, name, owner):
        original = getattr(cls, name)

        async def call(self, *args, **kwargs):
            owner(self)._junban_changed = True
            return await original(self, *args, **kwargs)

        def plain(self, *args, **kwargs):
            owner(self)._junban_changed = True
            return original(self, *args, **kwargs)

        import inspect
        setattr(cls, name, call if inspect.iscoroutinefunction(original) else plain)

    for name in _LASTING_CONTEXT_CALLS:
        marking(browser_context.BrowserContext, name, lambda ctx: ctx)
    for name in _LASTING_CLOCK_CALLS:
        marking(clock.Clock, name, lambda c: c._browser_context)
    browser_context.BrowserContext._junban_marked = True


class ContextPool:
    """Browser contexts lent to tests and, when a test is done with one, wiped and lent again (docs/testing.md).

    A context made with the same options comes back with no page, no storage of any origin it visited (local and
    session storage, IndexedDB, Cache Storage, service workers, cookies), an empty HTTP cache and no routes: to
    the app it is a fresh profile. What it keeps is Chromium's renderer for the test server's site
    (``--process-per-site``: the next page of that site reuses it while it lives), so the next boot does not
    compile Pyodide's WebAssembly again: ~45 % less CPU per boot (tools/bench_test_boot.py). A context a test
    closed, or changed for good (an init script, a clock, a timeout, offline, permissions, a listener of its
    own), is not lent again."""

    MAX_IDLE = 6

    def __init__(self, browser, enabled: bool = True):
        self.browser = browser
        self.enabled = enabled
        self.idle: list[tuple[tuple, object]] = []
        self.closed: set[int] = set()
        if enabled:
            _mark_lasting_changes()

    def take(self, options: dict):
        key = tuple(sorted((k, repr(v)) for k, v in options.items()))
        for i, (idle_key, ctx) in enumerate(self.idle):
            if idle_key == key:
                del self.idle[i]
                return key, ctx
        ctx = self.browser.new_context(**options)
        ctx.on("close", lambda _ctx, ident=id(ctx): self.closed.add(ident))
        ctx._impl_obj._junban_changed = False
        ctx._impl_obj._junban_listeners = ctx._impl_obj._events_count
        return key, ctx

    def give_back(self, key: tuple, ctx, origins: set[str]) -> None:
        if id(ctx) in self.closed:
            self.closed.discard(id(ctx))
            return
        impl = ctx._impl_obj
        if not self.enabled or impl._junban_changed or impl._events_count != impl._junban_listeners:
            self._close(ctx)
            return
        try:
            for page in ctx.pages:
                page.close()  # first: a page may still write its storage as it goes (pagehide)
            blank = ctx.new_page()
            cdp = ctx.new_cdp_session(blank)
            for origin in sorted(origins):
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            cdp.send("Network.clearBrowserCache")
            cdp.detach()
            ctx.clear_cookies()
            ctx.unroute_all(behavior="ignoreErrors")
            blank.close()
        except Exception:  # a context that cannot be wiped is not lent again
            self._close(ctx)
            return
        self.idle.append((key, ctx))
        while len(self.idle) > self.MAX_IDLE:
            self._close(self.idle.pop(0)[1])

    def _close(self, ctx) -> None:
        self.closed.discard(id(ctx))
        try:
            ctx.close()
        except Exception:
            pass

    def close(self) -> None:
        for _, ctx in self.idle:
            self._close(ctx)
        self.idle.clear()


@pytest.fixture(scope="session")
def context_pool(browser):
    pool = ContextPool(browser, enabled=os.environ.get(FRESH_CONTEXTS_ENV) != "1")
    yield pool
    pool.close()


@pytest.fixture
def context_factory(context_pool, watch, request):
    """Browser contexts that are fresh profiles to the app and are watched; done with at the end of the test.

    They come from the worker's ``context_pool`` (wiped, their renderer warm): a test marked
    ``@pytest.mark.fresh_context`` (or every test, with JUNBAN_TEST_FRESH_CONTEXTS=1) gets new ones instead."""
    fresh = request.node.get_closest_marker("fresh_context") is not None or not context_pool.enabled
    lent = []

    def make(viewport=DESKTOP, **kwargs):
        options = {"viewport": viewport, **kwargs}
        if fresh:
            key, ctx = None, context_pool.browser.new_context(**options)
        else:
            key, ctx = context_pool.take(options)
        watch.watch_context(ctx)
        lent.append((key, ctx))
        return ctx

    yield make
    for key, ctx in lent:
        watch.detach(ctx)
        if key is None:
            ctx.close()
        else:
            context_pool.give_back(key, ctx, watch.origins)


@pytest.fixture
def page(context_factory):
    return context_factory().new_page()


def open_app(page, server, hash_text: str = ""):
    page.goto(server.base + hash_text)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    return page


def japanese_font_loaded(page, text: str, weight: int = 400) -> None:
    """Wait until the Japanese font's stylesheet (linked once the first screen is up) and its parts for ``text``
    have loaded, so what is measured or photographed is drawn in it."""
    page.wait_for_function("document.getElementById('font-ja')?.sheet != null")
    page.evaluate("([font, text]) => document.fonts.load(font, text)", [f"{weight} 16px 'Noto Sans JP Variable'", text])
    page.evaluate("document.fonts.ready")
    page.wait_for_timeout(200)  # the text is drawn again in the font just loaded


def settle(page) -> None:
    """Wait until every finite animation on the page has ended (a move's fade-in, a pile's pop), so what is
    audited or photographed is what a player reads. Endless ones (the boot bar) are not waited for, nor anything
    past 5 s (a paused animation never finishes)."""
    page.evaluate("""() => Promise.race([
        Promise.all(document.getAnimations()
            .filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
            .map(a => a.finished.catch(() => null))),
        new Promise(done => setTimeout(done, 5000))])""")


def screenshot(page, name: str) -> Path:
    settle(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# --------------------------------------------------------------------------- several phones (issue 30)


@pytest.fixture
def phone_factory(context_factory, server):
    """``make(count, hash_text="", locale="en-US")``: ``count`` phones, each a browser context of its own (375x667,
    touch) with the app open at ``hash_text`` and ready. Any two can connect by WebRTC (CHROMIUM_ARGS lets the
    ``<uuid>.local`` names of their addresses resolve). tests/browser/phones.py drives the transport on them."""

    def make(count: int = 2, hash_text: str = "", locale: str = "en-US", **kwargs):
        return [open_app(context_factory(viewport=PHONE, has_touch=True, locale=locale, **kwargs).new_page(),
                         server, hash_text) for _ in range(count)]

    return make


@pytest.fixture
def camera_phone_factory(browser, server, watch, tmp_path):
    """``launch(rows, hash_text="", locale="en-US")``: a phone as a Chromium process of its own whose rear camera
    films the QR code ``rows`` (its '0'/'1' rows, such as a host page's ``junbanQR.matrix(text)``), camera
    permission granted; returns its page, the app open at ``hash_text`` and ready. Watched like every page;
    closed at the end of the test. ``launch.film(page, rows)``: that phone's camera films another code from its
    next scan on (the camera reads its file when a scan starts)."""
    from tests.browser.phones import write_qr_y4m

    launched = []
    frames = {}

    def film(page, rows) -> None:
        write_qr_y4m(frames[page], list(rows))

    def launch(rows, hash_text: str = "", locale: str = "en-US"):
        frame = write_qr_y4m(tmp_path / f"camera-{len(launched)}.y4m", list(rows))
        camera = [*FAKE_CAMERA_ARGS, f"--use-file-for-fake-video-capture={frame}"]
        process = browser.browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *camera])
        launched.append(process)
        context = process.new_context(viewport=PHONE, has_touch=True, locale=locale, permissions=["camera"])
        watch.watch_context(context)
        page = context.new_page()
        frames[page] = frame
        return open_app(page, server, hash_text)

    launch.film = film
    yield launch
    for process in launched:
        process.close()
