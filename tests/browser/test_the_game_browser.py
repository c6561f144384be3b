"""The Game in the browser, played the way a person plays it: by clicks, keys, reloads and links."""
from __future__ import annotations

import json
import re
import time

import pytest

from playwright.sync_api import expect

from tests.browser.conftest import PHONE, open_app, screenshot

SOLO = "#/the-game?players=1&seed=123"


def hand(page) -> list[int]:
    labels = page.locator(".hand .card").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    return [int(label.split()[0]) for label in labels]


def pile_tops(page) -> list[str]:
    """Each pile's accessible name (it comes from the pile's text, e.g. "Ascending pile 1, top 12")."""
    return page.locator(".pile .pile-top").evaluate_all("els => els.map(e => e.textContent.replace(/\\s+/g, ' ').trim())")


def pile_label(locator) -> str:
    return " ".join(locator.locator(".pile-top").text_content().split())


def draw_count(page) -> int:
    return int(page.locator(".draw-count").inner_text())


def card(page, number: int):
    return page.get_by_role("button", name=re.compile(rf"^{number}( fire)?$"))


def pile(page, name: str):
    return page.get_by_role("button", name=re.compile(rf"^{name}, top \d+"))


@pytest.mark.smoke  # the fast tier's test of this game (docs/testing.md)
def test_solo_link_then_a_full_turn_by_clicks_then_reload(page, server):
    open_app(page, server, SOLO)
    assert re.search(r"#/play/[a-z0-9]+$", page.url), "the link became a saved game's address"
    cards = hand(page)
    assert len(cards) == 8 and draw_count(page) == 90
    end_turn = page.get_by_role("button", name="End turn")
    assert end_turn.is_disabled()
    low, second = sorted(cards)[:2]
    card(page, low).click()
    assert "legal" in pile(page, "Ascending pile 1").get_attribute("class")
    pile(page, "Ascending pile 1").click()
    assert pile_label(pile(page, "Ascending pile 1")).startswith(f"Ascending pile 1, top {low}")
    assert end_turn.is_disabled(), "one card is not the minimum"
    card(page, second).click()
    pile(page, "Ascending pile 1").click()
    assert end_turn.is_enabled()
    end_turn.click()
    page.wait_for_function("() => document.querySelector('.draw-count').textContent === '88'")
    after = hand(page)
    assert len(after) == 8 and low not in after and second not in after
    screenshot(page, "the-game-solo-desktop")

    tops = pile_tops(page)
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    assert hand(page) == after and pile_tops(page) == tops and draw_count(page) == 88


def test_the_same_link_in_a_fresh_profile_deals_the_same_hand(context_factory, server):
    first = open_app(context_factory().new_page(), server, SOLO)
    second = open_app(context_factory().new_page(), server, SOLO)
    assert hand(first) == hand(second)
    other = open_app(context_factory().new_page(), server, "#/the-game?players=1&seed=124")
    assert hand(other) != hand(first)


def test_keyboard_play_arrows_digits_and_undo(desktop_table):
    page = desktop_table("#/the-game?players=1&seed=keys-arrows", ".hand .card")
    low = min(hand(page))
    page.keyboard.press("ArrowRight")  # selects the first (lowest) card
    assert card(page, low).get_attribute("aria-pressed") == "true"
    page.keyboard.press("1")  # onto Ascending pile 1
    assert pile_label(pile(page, "Ascending pile 1")).startswith(f"Ascending pile 1, top {low}")
    page.keyboard.press("u")
    assert pile_label(pile(page, "Ascending pile 1")) == "Ascending pile 1, top 1"
    assert low in hand(page)


def test_tampered_link_gives_a_message_and_the_setup_screen_and_keeps_saves(page, server):
    open_app(page, server, SOLO)
    card(page, min(hand(page))).click()  # a game with a move is kept (one with none is not)
    pile(page, "Ascending pile 1").click()
    saves_before = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('junban.save.')).length")
    page.goto(server.base + "#/the-game?players=9&seed=<script>alert(1)</script>")
    page.wait_for_selector(".notice-error")
    assert "could not be opened" in page.locator(".notice-error").inner_text()
    assert page.get_by_role("heading", name="New game: The Game").is_visible()
    saves_after = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('junban.save.')).length")
    assert saves_after == saves_before == 1


def test_pass_the_device_hides_the_hand_until_the_person_confirms(desktop_table):
    page = desktop_table("#/the-game?players=2&seed=pass-77&start=1", ".handover")
    cover = page.get_by_role("heading", name=re.compile("Pass the device to Player 1"))
    assert cover.is_visible()
    assert page.locator(".hand .card").count() == 0, "no hand is shown on the cover screen"
    page.get_by_role("button", name="I am Player 1: show my hand").click()
    cards = sorted(hand(page))
    assert len(cards) == 7
    for c in cards[:2]:
        card(page, c).click()
        pile(page, "Ascending pile 1").click()
    page.get_by_role("button", name="End turn").click()
    assert page.get_by_role("heading", name=re.compile("Pass the device to Player 2")).is_visible()
    assert page.locator(".hand .card").count() == 0


def test_a_game_with_a_bot_seat_played_to_its_end_then_history(page, server):
    open_app(page, server, "#/the-game?players=2&bots=1&seed=2026&start=1")
    page.get_by_label("Bot speed").select_option("instant")
    # The person follows the hints; the strong bot plays its turns in between. Bounded by time, not by a count
    # of polls: a strong bot's turn in Pyodide takes a varying number of them.
    deadline = time.monotonic() + 300
    while not page.locator("#sheet-result").count():
        assert time.monotonic() < deadline, "the game did not end: " + page.locator("body").inner_text()[:800]
        if page.get_by_role("button", name="End turn").count() == 0:
            page.wait_for_timeout(50)  # a bot is playing
            continue
        page.get_by_role("button", name="Hint").click()
        hinted = page.locator(".pile.hinted")
        hint = page.locator("#hint-text").inner_text()
        if hinted.count():
            hinted.click()
        elif "end your turn" in hint:
            page.get_by_role("button", name="End turn").click()
        else:
            assert "undo the last card" in hint, f"a hint the test cannot follow: {hint!r}"
            page.get_by_role("button", name="Undo").click()
    end = page.get_by_role("dialog", name="The result")
    assert end.is_visible()
    title = end.locator("#end-title").inner_text()
    assert title in ("Perfect win!", "Win!", "Lost")
    assert re.search(r"\d+ cards? left", end.inner_text())
    assert end.get_by_role("button", name="Replay this deal").is_visible()
    screenshot(page, "the-game-end-desktop")
    end.get_by_role("link", name="History").click()
    page.wait_for_selector("table.stats")
    assert page.locator("table.stats tbody tr").count() == 1
    assert page.locator("svg.bar-chart").count() == 1
    history = json.loads(page.evaluate("localStorage.getItem('junban.history')"))
    assert len(history["entries"]) == 1 and history["schema"] == 1
    screenshot(page, "history-desktop")


def test_saved_games_list_resume_and_delete(page, server):
    open_app(page, server, SOLO)
    low = min(hand(page))
    card(page, low).click()
    pile(page, "Ascending pile 1").click()
    page.get_by_role("link", name="Junban home").click()
    resume = page.get_by_role("link", name=re.compile("^Resume The Game"))
    expect(resume).to_have_count(1)
    resume.click()
    page.wait_for_selector(".pile")
    assert pile_label(pile(page, "Ascending pile 1")).startswith(f"Ascending pile 1, top {low}")
    page.get_by_role("link", name="Junban home").click()
    page.get_by_role("button", name=re.compile("^Delete The Game")).click()
    page.get_by_role("button", name="Yes, delete").click()
    assert page.get_by_text("No saved games yet").is_visible()


def test_setup_screen_starts_a_game_with_options(context_factory, server):
    page = context_factory(viewport=PHONE).new_page()
    open_app(page, server, "#/the-game")
    page.get_by_role("button", name="3 players").click()
    page.get_by_label("Name of the person at Seat 1").fill("Ann <b>")
    page.get_by_label("On Fire").check()
    page.get_by_text("More: the deal").click()  # the seed is folded under More
    page.locator("#seed").fill("fire-1")
    screenshot(page, "setup-phone")
    page.get_by_role("button", name="Start game").click()
    page.wait_for_selector(".pile")
    assert page.get_by_text("Ann <b>").first.is_visible()  # a name is text, never markup
    seats = page.locator(".seat-chip").count()
    assert seats == 3
    screenshot(page, "the-game-fire-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "no horizontal scrolling on a phone"
