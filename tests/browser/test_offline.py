"""Offline like an installed app: after one visit the app plays with the server gone, and a new build is
offered as a reload and then taken as a whole (never a mix of two builds).

Each test runs its own server, because it stops it or swaps the build it serves.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import socket
import time

import pytest

import build
from tests.browser.conftest import Server, open_app
from tests.browser.test_the_game_browser import card, draw_count, hand, pile

# Each test opens the app again in its context, server stopped, and several tabs of one origin (ContextPool).
pytestmark = pytest.mark.fresh_context

UPDATE_TIMEOUT_MS = 60_000


@pytest.fixture
def own_server():
    """Servers for one test (``own_server(directory, prefix="")``), stopped at its end."""
    servers = []

    def make(directory, prefix: str = "") -> Server:
        servers.append(Server(directory, prefix))
        return servers[-1]

    yield make
    for server in servers:
        server.stop()


def build_version(dist) -> str:
    return re.search(r'^const VERSION = "(\w+)";$', (dist / "sw.js").read_text(encoding="utf-8"), re.M).group(1)


def wait_for_offline_copy(page) -> dict:
    """Wait until the service worker has precached the build and is activated; its scope and caches."""
    return page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.ready;
        const worker = registration.active;
        while (worker.state !== "activated") {
            await new Promise(changed => worker.addEventListener("statechange", changed, {once: true}));
        }
        return {scope: registration.scope, caches: await caches.keys()};
    }""")


def precached_urls(page, cache_name: str) -> set[str]:
    return set(page.evaluate("name => caches.open(name).then(c => c.keys()).then(rs => rs.map(r => r.url))", cache_name))


def fetched_hashes(page, paths: list[str]) -> dict[str, str]:
    """sha256 of each path as the page gets it now (through its service worker)."""
    return page.evaluate("""async paths => {
        const out = {};
        for (const path of paths) {
            const body = await (await fetch(path)).arrayBuffer();
            const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
            out[path] = Array.from(digest, b => b.toString(16).padStart(2, "0")).join("");
        }
        return out;
    }""", paths)


def file_hashes(dist, paths: list[str]) -> dict[str, str]:
    return {path: hashlib.sha256((dist / path).read_bytes()).hexdigest() for path in paths}


def play_a_turn_from_home(page) -> None:
    """Home -> The Game's setup -> a solo game -> the two lowest cards onto ascending pile 1 -> end the turn."""
    page.goto(page.url.split("#")[0] + "#/")
    page.locator(".game-the-game").get_by_role("link", name="New game").click()
    page.get_by_role("button", name="1 player").click()
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector(".pile")
    assert draw_count(page) == 90
    for number in sorted(hand(page))[:2]:
        card(page, number).click()
        pile(page, "Ascending pile 1").click()
    page.get_by_role("button", name="End turn").click()
    page.wait_for_function("() => document.querySelector('.draw-count').textContent === '88'")
    assert len(hand(page)) == 8


def assert_nothing_listens(port: int) -> None:
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def test_after_one_visit_the_app_plays_with_the_server_stopped(context_factory, dist_dir, own_server):
    server = own_server(dist_dir)
    context = context_factory()
    first = open_app(context.new_page(), server)
    offline = wait_for_offline_copy(first)
    assert offline["scope"] == server.base
    [cache] = offline["caches"]
    assert cache.endswith(build_version(dist_dir))
    expected = {server.base + path for path in build.precache_files(dist_dir)} | {server.base}
    kept = precached_urls(first, cache)
    # What a page loads is kept, and nothing else; of the rest (the font's parts for Japanese texts and for names,
    # PyScript's editor), only what a page asked for: an English visitor does not get the Japanese parts.
    files = build.offline_files(dist_dir)
    later = {server.base + path for path in files["japanese"] + files["lazy"]}
    assert expected <= kept <= expected | later, "what a page loads, and nothing else, is kept"
    assert server.base + "vendor/pyodide/pyodide.asm.wasm" in expected
    assert not {server.base + path for path in files["japanese"]} <= kept

    server.stop()
    assert_nothing_listens(server.port)
    page = open_app(context.new_page(), server)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    play_a_turn_from_home(page)
    page.reload()  # and once more, from the game's own address
    page.wait_for_selector('html[data-ready="true"]')
    assert draw_count(page) == 88


# Every font face of the page that holds one of ``text``'s characters, loaded (from the worker's cache, offline):
# their statuses ("loaded", or "error" for a part that could not be fetched).
# The Japanese font's stylesheet is linked once the first screen is up (later under load: before it, no face
# matches and the list is empty), so it is waited for first.
LOAD_FONT_FOR = """async (text) => {
  for (let i = 0; i < 300 && !document.getElementById("font-ja")?.sheet; i++) await new Promise((r) => setTimeout(r, 100));
  await document.fonts.ready;
  const faces = await document.fonts.load("16px 'Noto Sans JP Variable'", text).catch((err) => String(err));
  return Array.isArray(faces) ? faces.map((face) => face.status) : [faces];
}"""


def test_offline_an_eleusis_table_draws_its_suits_in_the_app_font(context_factory, dist_dir, own_server):
    """Issue 34's defect 12: the suits on an Eleusis table (♠ ♣ ♦) come from a part of the Japanese font in English
    too; after a first visit to home only, that part is there offline — no failed request, no fallback font."""
    server = own_server(dist_dir)
    context = context_factory()
    wait_for_offline_copy(open_app(context.new_page(), server))
    server.stop()
    assert_nothing_listens(server.port)
    page = open_app(context.new_page(), server, "#/eleusis?players=4&bots=3&seed=offline-suits")
    page.wait_for_selector(".el-card")
    assert any(suit in page.locator("body").inner_text() for suit in "♠♣♦♥")
    statuses = page.evaluate(LOAD_FONT_FOR, "♠♣♦♥")
    assert statuses and set(statuses) == {"loaded"}, statuses


def wait_for_japanese_kept(page, cache_name: str, paths: list[str]) -> None:
    """Wait until the cache ``cache_name`` holds every one of ``paths``. Polled from here: Playwright's
    wait_for_function takes the Promise an async predicate returns as a true value at once, so it never waited."""
    deadline = time.monotonic() + UPDATE_TIMEOUT_MS / 1000
    while True:
        missing = page.evaluate("""async ([name, paths]) => {
            const cache = await caches.open(name);
            const missing = [];
            for (const path of paths) if (!(await cache.match(path))) missing.push(path);
            return missing;
        }""", [cache_name, paths])
        if not missing:
            return
        assert time.monotonic() < deadline, f"never kept in {cache_name}: {missing}"
        page.wait_for_timeout(250)


def test_once_japanese_is_shown_every_screen_works_offline_in_japanese(context_factory, dist_dir, own_server):
    """A first visit in English, then the switch to Japanese: the worker keeps the Japanese font's parts (issue 33:
    not for every visitor, but from the moment Japanese is shown), and with the server gone the Japanese home, rules
    and tables draw every glyph from the kept parts, with no failed request."""
    server = own_server(dist_dir)
    context = context_factory()
    first = open_app(context.new_page(), server)
    [cache] = wait_for_offline_copy(first)["caches"]
    first.locator("button.lang").click()
    first.wait_for_function("document.documentElement.lang === 'ja'")
    wait_for_japanese_kept(first, cache, build.offline_files(dist_dir)["japanese"])
    server.stop()
    assert_nothing_listens(server.port)
    page = open_app(context.new_page(), server)
    assert page.evaluate("document.documentElement.lang") == "ja"
    for hash_text in ("#/", "#/rules/eleusis", "#/rules/the-game", "#/eleusis?players=4&bots=3&seed=offline-ja",
                      "#/the-game?players=1&seed=offline-ja", "#/history", "#/storage"):
        page.goto(server.base + hash_text)
        page.wait_for_selector('html[data-ready="true"]')
        page.wait_for_timeout(300)
        text = page.locator("body").inner_text()
        statuses = page.evaluate(LOAD_FONT_FOR, "".join(sorted(set(text))))
        assert statuses and set(statuses) == {"loaded"}, (hash_text, statuses)


def test_a_first_visit_in_japanese_keeps_the_japanese_parts(context_factory, dist_dir, own_server):
    """A browser set to Japanese shows Japanese from the first screen: its worker keeps the Japanese parts once
    it is active, and the rules read offline."""
    server = own_server(dist_dir)
    context = context_factory(locale="ja-JP")
    first = open_app(context.new_page(), server)
    assert first.evaluate("document.documentElement.lang") == "ja"
    [cache] = wait_for_offline_copy(first)["caches"]
    wait_for_japanese_kept(first, cache, build.offline_files(dist_dir)["japanese"])
    server.stop()
    page = open_app(context.new_page(), server, "#/rules/eleusis")
    statuses = page.evaluate(LOAD_FONT_FOR, "".join(sorted(set(page.locator("body").inner_text()))))
    assert statuses and set(statuses) == {"loaded"}, statuses


def test_a_new_build_is_offered_as_a_reload_and_then_used_whole(context_factory, dist_dir, tmp_path, own_server):
    # Build B: build A with a changed file (what a new deploy is), its worker rewritten by build.py.
    build_a, build_b = dist_dir, tmp_path / "b"
    shutil.copytree(build_a, build_b)
    main = (build_a / "main.py").read_text(encoding="utf-8")
    (build_b / "main.py").write_text(main + '\ndocument.documentElement.setAttribute("data-build", "B")\n',
                                     encoding="utf-8")
    version_a, version_b = build_version(build_a), build.write_service_worker(build_b)
    assert version_b != version_a
    later = (build_a / "sw.js").stat().st_mtime + 60  # a later deploy: Last-Modified has 1 s resolution
    for changed in ("sw.js", "main.py"):
        os.utime(build_b / changed, (later, later))
    site = tmp_path / "site"  # what the server serves: build A, then build B
    site.symlink_to(build_a, target_is_directory=True)
    server = own_server(site)
    context = context_factory()

    first = open_app(context.new_page(), server)  # the first visit installs A's worker
    [cache_a] = wait_for_offline_copy(first)["caches"]
    assert cache_a.endswith(version_a)
    japanese = build.offline_files(build_a)["japanese"]  # kept by A (as when Japanese is shown), carried over to B
    first.evaluate("navigator.serviceWorker.ready.then((r) => r.active.postMessage({type: 'keep-japanese'}))")
    wait_for_japanese_kept(first, cache_a, japanese)

    site.unlink()
    site.symlink_to(build_b, target_is_directory=True)  # deploy B
    page = open_app(context.new_page(), server)  # A's worker serves it; the browser finds B meanwhile
    page.get_by_role("button", name="Reload").wait_for(timeout=UPDATE_TIMEOUT_MS)
    assert "A new version of Junban is ready" in page.locator(".notice-update").inner_text()
    first.get_by_role("button", name="Reload").wait_for(timeout=UPDATE_TIMEOUT_MS)  # every open page is told
    first.close()

    # Until the person accepts, the app keeps running A and gets A's files, even across a reload.
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    page.get_by_role("button", name="Reload").wait_for(timeout=UPDATE_TIMEOUT_MS)
    paths = build.precache_files(build_b)
    assert [p for p in paths if file_hashes(build_a, [p]) != file_hashes(build_b, [p])] == ["main.py"]
    assert page.get_attribute("html", "data-build") is None
    assert fetched_hashes(page, paths) == file_hashes(build_a, paths)

    with page.expect_navigation():
        page.get_by_role("button", name="Reload").click()
    page.wait_for_selector('html[data-ready="true"][data-build="B"]')
    assert page.evaluate("caches.keys()") == [f"junban {server.base} {version_b}"], "A's cache is gone"
    assert {server.base + path for path in japanese} <= precached_urls(page, f"junban {server.base} {version_b}")
    assert fetched_hashes(page, paths) == file_hashes(build_b, paths)
    assert page.locator(".notice-update").count() == 0


def test_offline_a_finished_game_is_analysed_in_its_worker(context_factory, dist_dir, own_server):
    """"Could this deal have been won?" runs in a worker of its own (assets/analysis-worker.mjs), which loads
    Pyodide and the app's archives itself: after one visit all of it comes from the service worker's precache."""
    from tests.browser.test_the_game_review import PAGE_MEMORY, finished_solo_save

    server = own_server(dist_dir)
    context = context_factory()
    first = open_app(context.new_page(), server)
    wait_for_offline_copy(first)
    record = finished_solo_save("review-off")
    first.evaluate("r => localStorage.setItem('junban.save.' + r.id, JSON.stringify(r))", record)
    server.stop()
    assert_nothing_listens(server.port)
    page = context.new_page()
    workers = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(server.base + f"#/play/{record['id']}")
    page.wait_for_selector('html[data-ready="true"]')
    before = page.evaluate(PAGE_MEMORY)
    page.get_by_role("button", name="Analyse this deal").click()
    page.wait_for_selector("#review-verdict", timeout=120_000)
    assert workers == [server.base + "assets/analysis-worker.mjs"]
    assert page.evaluate(PAGE_MEMORY) == before, "the analysis ran in its worker, not in the page"
