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
# A phone with a camera (camera_phone_factory): Chromium's fake camera plays a file, and nobody is asked.
FAKE_CAMERA_ARGS = ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"]
READY = 'html[data-ready="true"]'
# The test fixtures' browser only (the tools keep Chromium's own process model): the pages of one site (127.0.0.1,
# whatever the port) in one context share a renderer, so a pooled context's next boot finds Pyodide's WebAssembly
# compiled by the boots before (ContextPool).
TEST_BROWSER_ARGS = [*CHROMIUM_ARGS, "--process-per-site"]
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


# Every port this process has served the app on. An origin's storage, service worker and caches stay in a browser
# context that is lent again (ContextPool), so a port is never served twice: a new Server is a new origin.
_SERVED_PORTS: set[int] = set()


class Server:
    """The build served on 127.0.0.1 at a port this process has never served before (a fresh origin)."""

    def __init__(self, directory: Path, prefix: str = ""):
        refused = []
        self.httpd = build.make_server(directory, 0)
        while self.httpd.server_address[1] in _SERVED_PORTS:  # the system gave back a port it had given before
            refused.append(self.httpd)
            self.httpd = build.make_server(directory, 0)
        for httpd in refused:
            httpd.server_close()
        self.port = self.httpd.server_address[1]
        _SERVED_PORTS.add(self.port)
        self.base = f"http://127.0.0.1:{self.port}/{prefix}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(dist_dir):
    """The build served for this test alone: an origin no page has opened before, so a context lent again by the
    pool is a fresh profile to it (its storage, service worker, caches and HTTP cache entries are all of other
    origins). Starting one costs a socket and a thread."""
    srv = Server(dist_dir)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def session_server(dist_dir):
    """One origin for the whole session (a worker's): for fixtures that outlive a test (``booted_desktop``)."""
    srv = Server(dist_dir)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def playwright_driver():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run the README's test command, which installs it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_driver):
    """Chromium as people run it (its own process model): for fixtures and tests that make their own contexts,
    and for tests marked ``fresh_context``."""
    b = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture(scope="session")
def pooled_browser(playwright_driver):
    """The Chromium of the context pool (``--process-per-site``, ContextPool). Not for a test that opens several
    pages of one origin in one context: they would share one renderer and one copy of the storage, so what one tab
    does about another's write is at once what the others read (test_storage_browser.py's three tabs each expect to
    find a damaged record themselves); mark such a test ``fresh_context``."""
    b = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=TEST_BROWSER_ARGS)
    yield b
    b.close()


class Watch:
    """Everything a page did that a test must not tolerate."""

    def __init__(self):
        self.outside: list[str] = []
        self.errors: list[str] = []
        self._listening: list[tuple[object, str, object]] = []

    def attach(self, context) -> None:
        def on_request(request):
            host = urlparse(request.url).hostname
            if request.url.startswith(("data:", "blob:")):
                return
            if host not in ("127.0.0.1", "localhost"):
                self.outside.append(request.url)

        context.on("request", on_request)
        self._listening.append((context, "request", on_request))

    def watch_context(self, context) -> None:
        """``attach`` the context and every page it opens from now on."""
        self.attach(context)
        context.on("page", self.attach_page)
        self._listening.append((context, "page", self.attach_page))

    def detach(self, context) -> None:
        """Stop watching ``context`` (a pooled context goes on to another test)."""
        for owner, event, handler in [h for h in self._listening if h[0] is context]:
            owner.remove_listener(event, handler)
            self._listening.remove((owner, event, handler))

    def attach_page(self, page) -> None:
        page.on("pageerror", lambda err: self.errors.append(f"uncaught: {err}"))
        page.on("console", lambda msg: self.errors.append(f"console.{msg.type}: {msg.text}")
                if msg.type == "error" else None)

    def check(self) -> None:
        assert not self.outside, f"the page requested something that is not localhost: {self.outside[:5]}"
        assert not self.errors, f"the page had errors: {self.errors[:5]}"


@pytest.fixture
def watch():
    w = Watch()
    yield w
    w.check()


# --------------------------------------------------------------------------- contexts lent again by a pool

FRESH_CONTEXTS_ENV = "JUNBAN_TEST_FRESH_CONTEXTS"  # "1": every context_factory call makes a new context (no pool)

# What a test may do to a context that outlasts the test: such a context is closed, never lent again.
_LASTING_CONTEXT_CALLS = ("set_default_navigation_timeout", "set_default_timeout", "set_geolocation",
                          "set_extra_http_headers", "set_offline", "add_init_script", "expose_binding",
                          "expose_function", "route_web_socket", "route_from_har", "grant_permissions",
                          "clear_permissions")
_LASTING_CLOCK_CALLS = ("install", "fast_forward", "pause_at", "resume", "run_for", "set_fixed_time",
                        "set_system_time")


def _mark_lasting_changes() -> None:
    """Wrap the Playwright calls that change a context for good so that they mark it (``_junban_changed``); once."""
    import inspect

    from playwright._impl import browser_context, clock

    context_class, clock_class = browser_context.BrowserContext, clock.Clock
    if getattr(context_class, "_junban_marked", False):
        return

    def marking(cls, name, owner):
        original = getattr(cls, name)

        async def call(self, *args, **kwargs):
            owner(self)._junban_changed = True
            return await original(self, *args, **kwargs)

        def plain(self, *args, **kwargs):
            owner(self)._junban_changed = True
            return original(self, *args, **kwargs)

        setattr(cls, name, call if inspect.iscoroutinefunction(original) else plain)

    for name in _LASTING_CONTEXT_CALLS:
        marking(context_class, name, lambda ctx: ctx)
    for name in _LASTING_CLOCK_CALLS:
        marking(clock_class, name, lambda owner: owner._browser_context)
    context_class._junban_marked = True


def _listeners(context) -> int:
    impl = context._impl_obj
    return sum(impl.listener_count(event) for event in impl.event_names())


class ContextPool:
    """Browser contexts lent to the tests of a worker, and lent again once a test is done with one
    (docs/testing.md, *Part six*).

    Why: a boot in a new context costs ~6 s of CPU, half of it a new renderer compiling Pyodide's WebAssembly
    again. A pooled context keeps a renderer for the test server's site (``--process-per-site``: every port of
    127.0.0.1 is one site) and, in it, a *keeper* page holding Pyodide's compiled module (V8 shares a module's
    compiled code between pages of a process): the next boot in that context costs ~2–3 s of CPU, not ~6–7.

    Why it is still a fresh profile to the app: every test gets a server on a port never served before (``server``,
    ``Server``), and storage, service workers, caches and the HTTP cache are per origin (scheme, host and port).
    What a test's pages leave behind is of origins nobody opens again. A context comes back with its test's pages
    closed, its routes and cookies removed; one the test closed, or changed for good (an init script, a clock, a
    timeout, offline, permissions, a listener of its own), is closed instead, never lent again."""

    MAX_IDLE = 10
    # A renderer that lives on gathers what its pages left (in the whole run before this limit, one crashed, and the
    # next test lent its context failed at once): a context is retired after this many lends, and at once when any
    # of its pages crashed.
    MAX_LENDS = 12
    KEEPER = """async () => {
        const response = await fetch("vendor/pyodide/pyodide.asm.wasm");
        window.keptModule = await WebAssembly.compileStreaming(response);
    }"""

    def __init__(self, browser, keeper_server: "Server | None"):
        self.browser = browser
        self.keeper_server = keeper_server  # None: no pool (every context is new)
        self.idle: list[tuple[tuple, object]] = []
        self.keepers: dict[int, object] = {}
        if keeper_server:
            _mark_lasting_changes()

    @property
    def enabled(self) -> bool:
        return self.keeper_server is not None

    def take(self, options: dict):
        key = tuple(sorted((k, repr(v)) for k, v in options.items()))
        for i, (idle_key, ctx) in enumerate(self.idle):
            if idle_key == key:
                del self.idle[i]
                if ctx._impl_obj._junban_crashed or self.keepers[id(ctx)].is_closed():  # its keeper died idle
                    self._close(ctx)
                    break
                ctx._impl_obj._junban_lends += 1
                return key, ctx
        ctx = self.browser.new_context(**options)
        impl = ctx._impl_obj
        impl._junban_crashed = False
        impl._junban_lends = 0

        def crashed(_page, impl=impl):
            impl._junban_crashed = True

        ctx.on("page", lambda page: page.on("crash", crashed))  # the test's pages (their listeners die with them)
        keeper = ctx.new_page()
        try:
            keeper.goto(self.keeper_server.base + "manifest.webmanifest")
            keeper.evaluate(self.KEEPER)
        except Exception:  # a keeper that failed only makes the boots slower
            pass
        self.keepers[id(ctx)] = keeper
        impl._junban_changed = False
        impl._junban_listeners = _listeners(ctx)
        return key, ctx

    def give_back(self, key: tuple, ctx) -> None:
        keeper = self.keepers.get(id(ctx))
        impl = ctx._impl_obj
        if (keeper is None or keeper.is_closed() or impl._junban_changed or _listeners(ctx) != impl._junban_listeners
                or ctx not in self.browser.contexts or impl._junban_crashed or impl._junban_lends >= self.MAX_LENDS):
            self._close(ctx)
            return
        try:
            for page in ctx.pages:
                if page is not keeper:
                    page.close()
            ctx.unroute_all(behavior="ignoreErrors")
            ctx.clear_cookies()
        except Exception:  # a context that cannot be tidied is not lent again
            self._close(ctx)
            return
        self.idle.append((key, ctx))
        while len(self.idle) > self.MAX_IDLE:
            self._close(self.idle.pop(0)[1])

    def _close(self, ctx) -> None:
        self.keepers.pop(id(ctx), None)
        try:
            ctx.close()
        except Exception:
            pass

    def close(self) -> None:
        for _, ctx in self.idle:
            self._close(ctx)
        self.idle.clear()


@pytest.fixture(scope="session")
def context_pool(request, dist_dir):
    if os.environ.get(FRESH_CONTEXTS_ENV) == "1":
        yield ContextPool(None, None)
        return
    keeper_server = Server(dist_dir)
    pool = ContextPool(request.getfixturevalue("pooled_browser"), keeper_server)
    yield pool
    pool.close()
    keeper_server.stop()


@pytest.fixture
def context_factory(context_pool, watch, request, browser, server):  # server: stopped only once its pages are closed
    """Browser contexts that are fresh profiles to the app (with ``server``'s origin) and are watched; done with at
    the end of the test. They come from the worker's ``context_pool``; a test marked ``@pytest.mark.fresh_context``
    (or every test, with JUNBAN_TEST_FRESH_CONTEXTS=1) gets new ones, closed at its end."""
    fresh = request.node.get_closest_marker("fresh_context") is not None or not context_pool.enabled
    lent = []

    def make(viewport=DESKTOP, **kwargs):
        options = {"viewport": viewport, **kwargs}
        key, ctx = (None, browser.new_context(**options)) if fresh else context_pool.take(options)
        watch.watch_context(ctx)
        lent.append((key, ctx))
        return ctx

    yield make
    for key, ctx in lent:
        watch.detach(ctx)
        if key is None:
            ctx.close()
        else:
            context_pool.give_back(key, ctx)


@pytest.fixture
def page(context_factory):
    return context_factory().new_page()


@pytest.fixture(scope="module")
def booted_desktop(browser, session_server):
    """One desktop page (1280x800, a profile of its own) with the app booted, lent in turn to the tests of a module
    that take ``desktop_table``; with its own ``Watch``, read after each of those tests."""
    watch = Watch()
    context = browser.new_context(viewport=DESKTOP)
    watch.attach(context)
    context.on("page", watch.attach_page)
    page = open_app(context.new_page(), session_server, "#/")
    yield page, watch, set()
    context.close()


@pytest.fixture
def desktop_table(booted_desktop, session_server):
    """``deal(hash_text, drawn="#status")``: a new deal's table (a link with ``seed=``, a seed no test of the
    module used before: the same link opened again resumes its game) in a desktop page where the app is up already,
    as the module's earlier tests left it (one boot per module and worker, not one per test: docs/testing.md). For
    a test that plays on a table of its own and is not about a fresh profile, its first screen or storage: saves
    and history pile up across the tests; the settings are a fresh profile's again before each deal
    (``as_with_a_fresh_profiles_settings``). Anything the page requested outside localhost, or an error it had,
    during the test fails the test, as with ``page``."""
    page, watch, opened = booted_desktop
    watch.outside.clear()
    watch.errors.clear()
    page.set_viewport_size(DESKTOP)  # a test before may have left it at a phone's size

    def deal(hash_text: str, drawn: str = "#status"):
        assert "seed=" in hash_text, "a new deal each test: its own table, not the one the last test left"
        assert hash_text not in opened, f"{hash_text} was opened in this page before: it would resume that game " \
                                        "(give each test a seed of its own)"
        opened.add(hash_text)
        as_with_a_fresh_profiles_settings(page)  # a test before may have set the bots to "instant" (no travel)
        return follow_link(page, session_server, hash_text, drawn)

    yield deal
    watch.check()


def open_app(page, server, hash_text: str = ""):
    page.goto(server.base + hash_text)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    return page


def follow_link(page, server, hash_text: str, drawn: str | None = None):
    """In a page where the app is up, go to another of its screens by its link, as a link in the app does: a hash
    change, no boot (``open_app`` in a new page costs 6-8 s of CPU). A deal's link (a seed in it) becomes its new
    game's address (``#/play/<id>``): that is waited for, so the last game's table is not taken for the new one's.
    Then ``drawn`` (a selector that shows the screen is up), if given."""
    before = page.evaluate("location.hash")
    page.goto(server.base + hash_text)
    if "seed=" in hash_text:
        page.wait_for_function("before => location.hash.startsWith('#/play/') && location.hash !== before",
                               arg=before, timeout=BOOT_TIMEOUT_MS)
    if drawn:
        page.wait_for_selector(drawn, timeout=BOOT_TIMEOUT_MS)
    return page


def as_on_a_first_visit(page) -> None:
    """Forget, in the running app, which games' first games that teach were offered: the next setup screen or table
    is drawn as on a fresh profile's first visit, its top bar offering that first game ("Learn"), as it was when
    each case of a test booted a profile of its own (``follow_link``, ``positions.open_save`` in one page)."""
    from tests.browser.phones import run_python

    run_python(page, "import __main__\n__main__.app.services.set_setting('tutorials_offered', [])")


def as_with_a_fresh_profiles_settings(page) -> None:
    """Put the running app's settings back to a fresh profile's (``DEFAULT_SETTINGS``: bots at normal speed, so
    cards travel; sound on; no names; language as the browser's; every first game that teaches offered again)."""
    from tests.browser.phones import run_python

    run_python(page, "import __main__\nfrom junban.ui.services import DEFAULT_SETTINGS\n"
                     "for key, value in DEFAULT_SETTINGS.items():\n"
                     "    __main__.app.services.set_setting(key, list(value) if isinstance(value, list) else value)")


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
    # caret "initial": Playwright would hide the caret by styling the inputs, which changes the page it photographs
    page.screenshot(path=str(path), full_page=True, caret="initial")
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
        watch.attach(context)
        context.on("page", watch.attach_page)
        page = context.new_page()
        frames[page] = frame
        return open_app(page, server, hash_text)

    launch.film = film
    yield launch
    for process in launched:
        process.close()


# --------------------------------------------------------------------------- Firefox (issue 40)

# Firefox's own console line when one of a guest's connections gives up while the host has not yet taken its
# answer: the guest then starts again with the same answer (assets/peer.js), so it is not an error of the app's.
FIREFOX_EXPECTED_ERRORS = ("ICE failed, add a STUN server",)


@pytest.fixture(scope="session")
def firefox():
    """One Debian Firefox ESR (headless, a fresh temporary profile: worker-safe) for the session, driven over
    WebDriver BiDi by tests/browser/firefox_driver.mjs (puppeteer-core). ``firefox.new_page(...)``."""
    from tests.browser.firefox import FIREFOX, Firefox

    if not Path(FIREFOX).exists():
        pytest.fail(f"{FIREFOX} is missing: run the README's test command, which installs it")
    fox = Firefox()
    yield fox
    fox.close()


@pytest.fixture
def firefox_factory(firefox, server):
    """``make(hash_text="", viewport=PHONE, base=server.base)``: a Firefox page (a browser context of its own: another
    phone) with the app open and ready. Each page must request nothing outside localhost and log no error (Firefox's
    own "ICE failed" line aside, see FIREFOX_EXPECTED_ERRORS); its pages are closed at the end of the test."""
    pages = []

    def make(hash_text: str = "", viewport=PHONE, base: str | None = None):
        page = firefox.new_page(viewport=viewport, touch=viewport is PHONE)
        pages.append(page)
        page.goto((base or server.base) + hash_text)
        page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS, state="attached")
        return page

    yield make
    problems = []
    for page in pages:
        problems += [f"{page.id} requested {u}" for u in page.outside_requests()]
        problems += [f"{page.id}: {e}" for e in page.console_errors()
                     if not any(known in e for known in FIREFOX_EXPECTED_ERRORS)]
        try:
            page.close()
        except AssertionError:
            pass
    assert not problems, problems[:5]


class HeldRequests:
    """Holds the page's requests matching ``pattern`` (a Playwright URL glob) until ``release``."""

    def __init__(self, page, pattern: str):
        self.routes = []
        page.route(pattern, self.hold)

    def hold(self, route) -> None:
        self.routes.append(route)

    def release(self) -> None:
        for route in self.routes:
            route.continue_()
        self.routes.clear()
