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
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Watch:
    """Everything a page did that a test must not tolerate."""

    def __init__(self):
        self.outside: list[str] = []
        self.errors: list[str] = []

    def attach(self, context) -> None:
        def on_request(request):
            host = urlparse(request.url).hostname
            if request.url.startswith(("data:", "blob:")):
                return
            if host not in ("127.0.0.1", "localhost"):
                self.outside.append(request.url)

        context.on("request", on_request)

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


@pytest.fixture
def context_factory(browser, watch):
    """New browser contexts (fresh profiles) that are watched; closed at the end of the test."""
    contexts = []

    def make(viewport=DESKTOP, **kwargs):
        ctx = browser.new_context(viewport=viewport, **kwargs)
        watch.attach(ctx)
        ctx.on("page", watch.attach_page)
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.fixture
def page(context_factory):
    return context_factory().new_page()


@pytest.fixture(scope="module")
def booted_desktop(browser, server):
    """One desktop page (1280x800, a profile of its own) with the app booted, lent in turn to the tests of a module
    that take ``desktop_table``; with its own ``Watch``, read after each of those tests."""
    watch = Watch()
    context = browser.new_context(viewport=DESKTOP)
    watch.attach(context)
    context.on("page", watch.attach_page)
    page = open_app(context.new_page(), server, "#/")
    yield page, watch, set()
    context.close()


@pytest.fixture
def desktop_table(booted_desktop, server):
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
        return follow_link(page, server, hash_text, drawn)

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
