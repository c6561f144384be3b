"""Today's challenge goes to another device with "Send this game" (issue 31), in Chromium as people use it: the
link carries its day of the daily record, so on the phone that opens it the game is today's counted attempt; a
phone that already played today's challenge keeps its own attempt and gets the sent game as practice."""
from __future__ import annotations

import json

from tests.browser.conftest import DESKTOP, PHONE, japanese_font_loaded, open_app, screenshot
from tests.browser.test_robustness import play_lowest_two
from tests.browser.test_storage_browser import notice, save_id


def daily_days(page) -> list[dict]:
    text = page.evaluate("localStorage.getItem('junban.daily')")
    return json.loads(text)["days"] if text else []


def start_todays_challenge(page) -> str:
    """Home, "Today's challenge" of The Game, two cards played; the save's id."""
    page.locator("#daily-the-game").click()
    page.locator(".hand .card").first.wait_for()
    play_lowest_two(page)
    return save_id(page)


def sent_link(page, server) -> str:
    page.locator("#open-menu").click()
    page.get_by_role("button", name="Send this game").click()
    link = page.locator("#send-url").input_value()
    assert "#/receive?game=" in link
    return link[len(server.base):]


def test_todays_challenge_sent_to_a_phone_counts_there_and_never_doubles_its_own(context_factory, server):
    desk = open_app(context_factory(viewport=DESKTOP).new_page(), server, "#/")
    sent = start_todays_challenge(desk)
    (day,) = daily_days(desk)
    link = sent_link(desk, server)

    phone = open_app(context_factory(viewport=PHONE, has_touch=True, is_mobile=True).new_page(), server, link)
    notice(phone, "This game came from a link: go on where it was left.").wait_for()
    assert save_id(phone) == sent and daily_days(phone) == [day]
    phone.goto(server.base + "#/")
    go_on = phone.locator("#daily-the-game")
    assert go_on.inner_text() == "Continue today's challenge" and go_on.get_attribute("href") == f"#/play/{sent}"
    screenshot(phone, "daily-sent-home-phone-en")

    other = open_app(context_factory(viewport=PHONE, has_touch=True, is_mobile=True).new_page(), server, "#/")
    own = start_todays_challenge(other)  # this phone played today's challenge itself
    other.goto(server.base + link)
    notice(other, "This game came from a link: go on where it was left.").wait_for()
    assert save_id(other) == sent
    (counted,) = daily_days(other)
    assert counted["save"] == own, "the phone's own attempt still counts; the sent one is not a second"
    other.goto(server.base + "#/")
    assert other.locator("#daily-the-game").get_attribute("href") == f"#/play/{own}"
    rows = other.locator(".saves li").all_inner_texts()
    assert len(rows) == 2 and sum("Practice" in r for r in rows) == 1 and sum("Daily" in r for r in rows) == 1
    screenshot(other, "daily-sent-practice-home-phone-en")


def test_the_sent_challenge_on_the_phone_in_japanese(context_factory, server):
    desk = open_app(context_factory(viewport=DESKTOP).new_page(), server, "#/")
    sent = start_todays_challenge(desk)
    link = sent_link(desk, server)
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        touch = {"has_touch": True, "is_mobile": True} if viewport is PHONE else {}
        page = open_app(context_factory(viewport=viewport, locale="ja", **touch).new_page(), server, link)
        page.goto(server.base + "#/")
        go_on = page.locator("#daily-the-game")
        assert go_on.inner_text() == "今日の一局を続ける" and go_on.get_attribute("href") == f"#/play/{sent}"
        japanese_font_loaded(page, page.locator("main").inner_text())
        screenshot(page, f"daily-sent-home-{name}-ja")
