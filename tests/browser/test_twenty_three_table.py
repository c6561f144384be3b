"""23 at the table, phone first: at 375x667 the whole hand and the actions are on screen at the moment of acting
(the discard of 15 cards, and the turn: the pile, Play, Pass, Pass and force, Drop out) for 2 to 4 players; the
recap and the pile say what the bots did; dropping out asks first (by touch); cards travel and don't under
reduced motion. Screenshots in English and Japanese, phone and desktop."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, open_app, screenshot
from tests.browser.test_the_game_table import outside, phone, slow_motion, travelling


def assert_fits(page, selectors) -> None:
    for selector in selectors:
        assert page.locator(selector).count(), selector
        assert not outside(page, selector), (selector, outside(page, selector))
    size = page.viewport_size
    assert page.evaluate("document.documentElement.scrollHeight") <= size["height"], "the table scrolls"
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], "the table scrolls sideways"


def my_turn(page) -> None:
    page.wait_for_selector("#tt-play, #sheet-round, #sheet-result", timeout=60_000)
    page.wait_for_timeout(150)


def discard(page) -> None:
    page.wait_for_selector("#tt-discard")
    cards = page.locator(".tt-hand .tt-card")
    assert cards.count() == 15
    # every seat chip too: "discarding" is for screen readers only on a phone, so up to four chips share the width
    assert_fits(page, [".tt-hand .tt-card", "#tt-discard", "#tt-clear", ".seat-chip"])
    for i in range(3):
        cards.nth(14 - i).click()
    page.get_by_role("button", name="Discard 3 cards").click()


TURN = [".tt-hand .tt-card", ".tt-pile", "#tt-play", "#tt-pass", "#tt-force", "#tt-drop", ".seat-chip"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_at_375x667_the_hand_and_the_actions_are_on_screen_at_the_moment_of_acting(context_factory, server, players):
    page = phone(context_factory)
    open_app(page, server, f"#/23?players={players}&bots={players - 1}&level=baseline&seed=fit-{players}")
    expect(page.get_by_label("Bot speed")).to_be_visible()
    page.get_by_label("Bot speed").select_option("instant")
    discard(page)
    for _ in range(3):
        my_turn(page)
        if page.locator("#sheet-round, #sheet-result").count():
            break
        playable = page.locator(".tt-card-slot:not(.unplayable) .tt-card")
        if not playable.count():
            assert_fits(page, [".tt-hand .tt-card", "#tt-drop"])
            page.locator("#tt-pass").click()
            continue
        free = page.locator(".tt-card-slot:not(.unplayable):has(.tt-badge.cost, .tt-badge.free) .tt-card")
        (free if free.count() else playable).first.click()
        assert_fits(page, TURN + ["#tt-preview"])
        if page.locator("#tt-bonus-count").count():  # the bonus chips' stepper, and the adjusted value with a chip
            page.get_by_role("button", name="One more bonus chip").click()
            assert_fits(page, TURN + ["#tt-preview", "#tt-value"])
            if free.count():
                page.get_by_role("button", name="One bonus chip fewer").click()
        page.get_by_role("button", name="Play", exact=True).click()
    my_turn(page)
    if page.locator("#tt-play").count() and not page.locator("#sheet-round").count():
        assert_fits(page, TURN)
        expect(page.locator("#recap")).to_contain_text("Since your turn")
    screenshot(page, f"23-{players}p-phone")


def test_the_felt_and_the_recap_say_what_the_bots_did_and_drop_out_asks_first_by_touch(context_factory, server):
    page = phone(context_factory)
    open_app(page, server, "#/23?players=3&bots=2&level=baseline&seed=recap")
    page.get_by_label("Bot speed").select_option("fast")
    discard(page)
    my_turn(page)
    recap = page.locator("#recap")
    expect(recap).to_contain_text("Since your turn:")
    last = page.locator(".tt-last")
    expect(last).to_be_visible()
    assert page.locator(".tt-top .tt-face").count() >= 1
    page.get_by_role("button", name="Drop out").tap()
    dialog = page.get_by_role("dialog", name="Drop out?")
    expect(dialog).to_contain_text("penalty chips")
    expect(page.locator("#drop-no")).to_be_focused()  # the safe answer first
    screenshot(page, "23-drop-out-phone")
    dialog.get_by_role("button", name="Keep playing").tap()
    expect(page.get_by_role("dialog")).to_have_count(0)
    recap.tap()
    log = page.get_by_role("dialog", name="Moves").get_by_role("log", name="Moves")
    expect(log).to_contain_text("Round 1")
    expect(log).to_contain_text("discarded 3 cards")
    screenshot(page, "23-log-phone")


def test_a_played_card_travels_to_the_pile_and_not_under_reduced_motion(context_factory, server):
    """The card flies from the hand to the pile (a copy above everything, in the motion layer)."""
    for motion, expected in (("no-preference", True), ("reduce", False)):
        page = context_factory(reduced_motion=motion).new_page()
        open_app(page, server, "#/23?players=2&bots=1&level=baseline&seed=motion")
        page.get_by_label("Bot speed").select_option("slow")
        discard(page)
        my_turn(page)
        free = page.locator(".tt-card-slot:not(.unplayable):has(.tt-badge.cost, .tt-badge.free) .tt-card")
        if not free.count():
            pytest.skip("no card plays without bonus chips on this deal")
        slow_motion(page)
        free.first.click()
        page.get_by_role("button", name="Play", exact=True).click()
        moving = travelling(page)
        assert (moving > 0) is expected, f"{motion}: {moving} animations"


def test_japanese_and_desktop_screens(context_factory, server):
    page = context_factory(viewport=PHONE, locale="ja-JP", has_touch=True, is_mobile=True).new_page()
    open_app(page, server, "#/23?players=4&bots=3&level=baseline&seed=ja")
    page.get_by_label("ボットの速さ").select_option("instant")
    screenshot(page, "23-discard-ja-phone")
    for i in range(3):
        page.locator(".tt-hand .tt-card").nth(14 - i).click()
    page.get_by_role("button", name="3枚捨てる").click()
    my_turn(page)
    for name in ("出す", "パス", "パスと強制プレイ", "降りる"):
        expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()
    assert_fits(page, TURN)
    screenshot(page, "23-turn-ja-phone")
    page.set_viewport_size(DESKTOP)
    expect(page.get_by_role("log", name="手の記録")).to_be_visible()
    screenshot(page, "23-turn-ja-desktop")
