"""Help at the table in the browser, at phone (touch) and desktop sizes, in English and Japanese: the rules sheet
over every table leaves the game as it was; each first game that teaches played to its end by doing what its
bubble points at (and The Game's by keyboard alone); the daily challenge resumed on a second open, counted once,
its share text copied; a link opened again resumes its game; a hinted game marked in the result and the history."""
from __future__ import annotations

import json
import re

import pytest
from junban import bots
from junban.session import Seat, Session
from playwright.sync_api import expect

from tests.browser import coach
from tests.browser.conftest import DESKTOP, PHONE, as_on_a_first_visit, follow_link, open_app, screenshot
from tests.browser.phones import wait_python
from tests.browser.test_accessibility import audit

VIEWS = {"phone-en": (PHONE, "en-US"), "desktop-ja": (DESKTOP, "ja-JP")}
TABLES = {  # a table, and what shows that the person is to act (so nothing moves while the rules are read)
    "the-game": ("#/the-game?players=1&seed=rules-1", "#end-turn"),
    "23": ("#/23?players=2&bots=1&level=baseline&seed=rules-2", "#tt-discard"),
    "eleusis": ("#/eleusis?players=4&bots=3&level=baseline&seed=rules-3", "#el-play"),
    "eleusis-science": ("#/eleusis-science?seed=rules-4", "#el-play"),
}
RULES_NAME = {"en": "Rules of {game}", "ja": "{game}のルール"}
TITLES = {"en": {"the-game": "The Game", "23": "23", "eleusis": "Eleusis", "eleusis-science": "Eleusis: solo science"},
          "ja": {"the-game": "ザ・ゲーム", "23": "23", "eleusis": "エレウシス", "eleusis-science": "エレウシス：一人で科学"}}


def new_page(context_factory, view: str, **kwargs):
    viewport, locale = VIEWS[view]
    phone = viewport is PHONE
    return context_factory(viewport=viewport, locale=locale, has_touch=phone, is_mobile=phone, **kwargs).new_page()


def table_state(page) -> dict:
    return page.evaluate("""() => ({
        body: document.querySelector('.table-body').innerText,
        pressed: [...document.querySelectorAll('[aria-pressed=true]')].map(e => e.id),
        save: Object.keys(localStorage).filter(k => k.startsWith('junban.save.')).map(k => localStorage.getItem(k)),
    })""")


@pytest.mark.parametrize("view", VIEWS)
def test_the_rules_sheet_over_every_table_leaves_the_game_as_it_was(context_factory, server, view):
    """The four tables in turn in one page, each opened by its link (one boot per view, not one per table)."""
    page = new_page(context_factory, view)
    lang = VIEWS[view][1][:2]
    open_app(page, server, "#/")
    for game, (link, ready) in TABLES.items():
        as_on_a_first_visit(page)  # as each table was in a profile of its own: its top bar offers "Learn"
        follow_link(page, server, link, ready)
        # Nothing moves while the rules are read: the bots that act with the person (23's discards) have acted.
        wait_python(page, "not __import__('__main__').app.screen.session.bot_to_act()", timeout_ms=60_000)
        page.wait_for_timeout(300)
        if game == "the-game":
            page.locator(".hand .card").first.click()  # something chosen but not played: it stays chosen
        before = table_state(page)
        page.locator("#open-rules").click()
        title = RULES_NAME[lang].format(game=TITLES[lang][game])
        sheet = page.get_by_role("dialog", name=title)
        expect(sheet).to_be_visible()
        expect(sheet.locator("#rules-tutorial")).to_be_visible()  # the first game that teaches, from the rules
        assert sheet.locator(".rules-section").count() >= 3, game
        if view == "phone-en":
            screenshot(page, f"rules-sheet-{game}-{view}")
            sheet.get_by_role("button", name="Close").tap()
        else:
            page.keyboard.press("Escape")
        expect(page.get_by_role("dialog")).to_have_count(0)
        expect(page.locator("#open-rules")).to_be_focused()
        assert table_state(page) == before, game


def follow(page, name: str, limit: int = 700) -> list[str]:
    """Do what the bubble says until it is gone, with screenshots of its third and sixth words."""
    def each(text: str, said: list[str]) -> None:
        if said[-1] == text and len(said) in (3, 6) and text not in shot:
            shot.add(text)
            screenshot(page, f"{name}-step{len(said)}")

    shot: set[str] = set()
    return coach.follow(page, name, limit, each)


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("game", ["the-game", "23", "eleusis"])
def test_a_first_game_played_to_its_end_by_doing_what_the_bubble_says(context_factory, server, game, view):
    page = new_page(context_factory, view)
    open_app(page, server, "#/")
    page.locator(f".game-{game} a[href='#/tutorial/{game}']").click()
    expect(page.locator("#coach")).to_be_visible()
    expect(page.locator("#mode-chip")).to_have_text("First game" if view == "phone-en" else "はじめて")
    if page.locator("#speed").count():
        page.locator("#speed").select_option("instant")
    said = follow(page, f"tutorial-{game}-{view}")
    assert len(said) >= 10 and not any("{" in text for text in said)
    expect(page.locator("#coach")).to_have_count(0)
    expect(page.locator("#coach-ring")).to_have_count(0)
    saved = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('junban.save.'))
        .map(k => JSON.parse(localStorage.getItem(k)).mode)""")
    assert saved == ["tutorial-done"]
    screenshot(page, f"tutorial-{game}-{view}-end")
    page.go_back()
    expect(page.locator(".hero")).to_be_visible()  # Back from the table leads home


def test_the_game_first_game_by_keyboard_alone(page, server):
    open_app(page, server, "#/tutorial/the-game")
    for _ in range(2):
        expect(page.locator("#coach-next")).to_be_focused()
        page.keyboard.press("Enter")
    for card in (21, 11):  # focus goes to the card the step asks for; Enter picks it, 1 plays it on pile 1
        expect(page.locator(f"#card-{card}")).to_be_focused()
        page.keyboard.press("Enter")
        page.keyboard.press("1")
    expect(page.locator("#coach-next")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#pile-3")).to_be_focused()
    page.keyboard.press("Enter")  # the pile's markers
    keep = page.get_by_role("menuitemradio", name="Keep (please don't play here)")
    for _ in range(4):
        if keep.evaluate("e => e === document.activeElement"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#end-turn")).to_be_focused()
    page.keyboard.press("Enter")
    for _ in range(3):
        page.locator("#coach-next").wait_for()
        expect(page.locator("#coach-next")).to_be_focused()
        page.keyboard.press("Enter")
    expect(page.locator("#coach")).to_have_count(0)
    violations = audit(page)
    assert not violations, json.dumps(violations, indent=1)


def today(page) -> str:
    return page.evaluate("""() => { const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; }""")


def nearly_finished(date: str, save_id: str) -> tuple[dict, dict]:
    """Today's daily deal of The Game played by the baseline bot up to its last action (save record, last action)."""
    session = Session(save_id, "the-game", {"players": 1}, date, [Seat("person", "Player 1")],
                      created=1_790_000_000.0, mode="daily")
    bot = bots.make_bot("the-game", "baseline", date, 0)
    while not session.is_over:
        session.apply(bot.act(session.view(0)))
    actions = session.actions
    session = Session(save_id, "the-game", session.config, date, session.seats, actions[:-1], 1_790_000_000.0,
                      1_790_000_000.0, mode="daily")
    return session.to_record(), actions[-1]


def take(page, action: dict) -> None:
    if "play" in action:
        page.locator(f"#card-{action['play']}").click()
        page.locator(f"#pile-{action['pile']}").click()
    else:
        page.locator("#end-turn").click()


@pytest.mark.parametrize("view", VIEWS)
def test_the_daily_challenge_resumed_counted_once_and_shared(context_factory, server, view):
    page = new_page(context_factory, view, permissions=["clipboard-read", "clipboard-write"])
    en = view == "phone-en"
    open_app(page, server, "#/")
    date = today(page)
    page.locator("#daily-the-game").click()
    expect(page.locator("#mode-chip")).to_have_text("Daily" if en else "今日の一局")
    first = page.evaluate("location.hash")
    page.locator(".hand .card").first.click()
    page.locator(".pile.legal").first.click()
    page.go_back()  # Back from the table leads home, never to a setup
    expect(page.locator("#daily-the-game")).to_have_text("Continue today's challenge" if en else "今日の一局を続ける")
    page.locator("#daily-the-game").click()
    assert page.evaluate("location.hash") == first, "opened again the same day: the same game"
    page.goto(server.base + f"#/the-game?players=1&seed={date}")  # the daily link itself, opened again
    page.wait_for_selector(".hand .card")
    assert page.evaluate("location.hash") == first
    expect(page.get_by_role("button", name="Start again" if en else "最初からやり直す")).to_be_visible()
    # Play today's attempt to its last move (prepared on CPython, the same deal), then make that move here.
    save_id = first.rsplit("/", 1)[1]
    record, last = nearly_finished(date, save_id)
    page.evaluate("""([key, record, date, id]) => {
        localStorage.setItem(key, JSON.stringify(record));
        localStorage.setItem('junban.daily', JSON.stringify({schema: 1, type: 'daily', days: [
            {game: 'the-game', date: date, save: id, finished: false, assisted: false, grid: ''}]}));
    }""", [f"junban.save.{save_id}", record, date, save_id])
    page.reload()
    page.wait_for_selector("#end-turn")
    take(page, last)
    result = page.get_by_role("dialog")
    expect(result.locator("#result-marks")).to_contain_text(date)
    screenshot(page, f"daily-result-{view}")
    result.locator("#same-deal").click()  # a second go at the same deal is practice
    expect(page.locator("#mode-chip")).to_have_text("Practice" if en else "練習")
    page.locator(".hand .card").first.click()
    page.locator(".pile.legal").first.click()
    page.locator("a.brand").click()  # home
    days = page.evaluate("JSON.parse(localStorage.getItem('junban.daily')).days")
    assert len(days) == 1 and days[0]["save"] == save_id and days[0]["finished"], "counted once"
    today_line = page.locator("#daily-result-the-game")
    expect(today_line).to_contain_text("Today:" if en else "今日：")
    page.locator("#daily-share-the-game").click()  # no share sheet here: copied, and the screen says so
    expect(page.locator("#daily-note-the-game")).to_be_visible()
    copied = page.evaluate("navigator.clipboard.readText()")
    head, line, *squares, link = copied.split("\n")
    assert date in head and line in today_line.inner_text()
    assert link.endswith(f"#/the-game?players=1&seed={date}") and squares
    assert not re.search(r"[0-9]", "".join(squares)), "the squares show no card"
    screenshot(page, f"daily-home-{view}")


def test_a_link_opened_again_resumes_with_start_again(context_factory, server):
    page = new_page(context_factory, "phone-en")
    link = "#/the-game?players=2&bots=1&level=baseline&seed=again-1&start=1"
    open_app(page, server, link)
    page.locator(".hand .card").first.click()
    page.locator(".pile.legal").first.click()
    first = page.evaluate("location.hash")
    open_app(page, server, link)  # the same link again (a bookmark, a friend's message)
    assert page.evaluate("location.hash") == first
    expect(page.locator(".log-event")).not_to_have_count(0)
    screenshot(page, "link-resumed-phone")
    page.get_by_role("button", name="Start again").tap()
    expect(page.locator(".log-event")).to_have_count(0)
    assert page.evaluate("location.hash") != first
    page.go_back()
    expect(page.locator(".hero")).to_be_visible()
    expect(page.locator(".save")).to_have_count(1)  # the new copy has no move yet: not kept; the first is


def test_a_hinted_game_is_marked_in_the_result_and_the_history(context_factory, server):
    page = new_page(context_factory, "desktop-ja")
    open_app(page, server, "#/")
    save_id = "hinted0001"
    record, last = nearly_finished("2020-01-01", save_id)
    record.pop("mode")
    page.evaluate("([key, record]) => localStorage.setItem(key, JSON.stringify(record))",
                  [f"junban.save.{save_id}", record])
    page.goto(server.base + f"#/play/{save_id}")
    page.wait_for_selector("#hint")
    page.locator("#hint").click()
    take(page, last)
    expect(page.get_by_role("dialog").locator("#result-marks")).to_contain_text("アシストあり")
    page.get_by_role("dialog").get_by_role("link", name="履歴").click()
    expect(page.locator(".recent-game").first).to_contain_text("アシストあり")
    expect(page.locator("table.stats")).to_have_count(1)
    screenshot(page, "history-assisted-desktop-ja")
    page.get_by_role("button", name="助けなし").click()
    expect(page.locator("table.stats")).to_have_count(0)
    expect(page.locator(".recent-game")).to_have_count(0)
