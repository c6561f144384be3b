"""The package's later archive in the browser (junban/archives.py, build.py's FIRST_SCREEN_FILES): the home screen
never waits for it; a page opened on a game waits for it on the start-up screen; a screen asked for later shows
"Loading the games…" until it is in, then comes up; a fetch that fails says so, and "Try again" opens the screen."""
from __future__ import annotations

from tests.browser.conftest import BOOT_TIMEOUT_MS, READY, HeldRequests, open_app

LATER = "**/junban-later-*.zip"


def heading(page) -> str:
    return page.locator("#main h1").first.inner_text()


def test_the_home_screen_comes_up_without_the_later_archive_and_a_game_waits_for_it(page, server):
    held = HeldRequests(page, LATER)
    open_app(page, server)  # ready while the later archive is held
    assert heading(page).startswith("Junban")
    assert page.locator(".game-tile").count() >= 3  # the games of the build, listed before their code is here
    for _ in range(100):  # the request may reach the test a moment after the page said it was ready
        if held.routes:
            break
        page.wait_for_timeout(50)
    assert held.routes, "the later archive is asked for once the first screen is up"
    # Everything of the later part is asked for after the first screen is up, none of it before.
    ready_at = page.evaluate("performance.getEntriesByName('junban:ready')[0].startTime")
    page.wait_for_function("""performance.getEntriesByType('resource')
        .filter(e => /junban-later[.]css|table[.]js|coach[.]js|sound[.]js/.test(e.name)).length === 4""")
    later = page.evaluate("""performance.getEntriesByType('resource')
        .filter(e => /junban-later|table[.]js|coach[.]js|sound[.]js/.test(e.name)).map(e => [e.name, e.startTime])""")
    assert {name.rsplit("/", 1)[1] for name, _ in later} == {"junban-later.css", "table.js", "coach.js", "sound.js"}
    assert all(start > ready_at for _, start in later), (ready_at, later)

    page.locator(".game-the-game").get_by_role("link", name="New game").click()
    page.get_by_role("heading", name="Loading the games…").wait_for()
    assert page.get_attribute("#main .loading", "aria-busy") == "true"
    held.release()
    page.get_by_role("heading", name="New game: The Game").wait_for()
    page.get_by_role("button", name="1 player").click()
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector(".pile")


def test_a_game_link_opened_first_waits_for_the_later_archive_and_is_ready_only_at_the_table(page, server):
    held = HeldRequests(page, LATER)
    page.goto(server.base + "#/the-game?seed=12&players=2&bots=1")
    for _ in range(BOOT_TIMEOUT_MS // 50):  # main.py asks for it at once, and waits for it on the start-up screen
        if held.routes:
            break
        page.wait_for_timeout(50)
    assert held.routes
    page.wait_for_timeout(300)
    assert page.get_by_role("heading", name="Loading the games…").is_visible()  # never home's games
    assert page.locator("#app .game-tile").count() == 0 and page.locator(".pile").count() == 0
    assert page.get_attribute("html", "data-ready") != "true"  # ready means the screen asked for is up
    held.release()
    page.wait_for_selector(READY)
    assert page.locator(".pile").count() == 4
    assert page.evaluate("location.hash").startswith("#/play/")


def test_a_later_archive_that_cannot_be_fetched_is_said_and_tried_again(browser, server):
    # Not watched: the failed request is logged by the browser as an error, which is the point here.
    context = browser.new_context(locale="ja-JP")
    try:
        page = context.new_page()
        page.route(LATER, lambda route: route.abort("internetdisconnected"))
        page.goto(server.base + "#/rules/23")
        page.get_by_role("heading", name="ゲームを読み込めませんでした").wait_for(timeout=BOOT_TIMEOUT_MS)
        assert page.get_attribute("html", "data-ready") == "true"  # the page is usable: try again, or go home
        assert "接続を確かめてから" in page.locator("#main").inner_text()  # and why, in the browser's words
        assert page.locator("#main").get_by_role("link", name="ホーム", exact=True).count() == 1
        page.unroute(LATER)
        page.get_by_role("button", name="もう一度試す").click()
        page.get_by_role("heading", name="23のルール").wait_for()
    finally:
        context.close()
