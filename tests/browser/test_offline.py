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

import pytest

import build
from tests.browser.conftest import Server, open_app
from tests.browser.test_the_game_browser import card, draw_count, hand, pile

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
    # The whole build is kept, and nothing else; of the font's rarer parts, only those a page asked for.
    lazy = {server.base + path for path in build.lazy_font_files(dist_dir)}
    assert expected <= kept <= expected | lazy, "the whole build, and nothing else, is kept"
    assert server.base + "vendor/pyodide/pyodide.asm.wasm" in expected

    server.stop()
    assert_nothing_listens(server.port)
    page = open_app(context.new_page(), server)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    play_a_turn_from_home(page)
    page.reload()  # and once more, from the game's own address
    page.wait_for_selector('html[data-ready="true"]')
    assert draw_count(page) == 88


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
    assert wait_for_offline_copy(first)["caches"][0].endswith(version_a)

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
    assert fetched_hashes(page, paths) == file_hashes(build_b, paths)
    assert page.locator(".notice-update").count() == 0
