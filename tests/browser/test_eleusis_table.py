"""Eleusis and solo science at the table, phone first: at 375x667 the hand, Play and No play and the newest cards of
the layout are on screen at the moment of acting (3 to 8 seats, a 40-card mainline, ~20 cards in hand), the whole
layout as a grid that fits the phone's width, "No play" asking first, cards that travel (and don't under reduced
motion), and solo science's guess one tap away. Screenshots in English and Japanese, phone and desktop."""
from __future__ import annotations

import re

import pytest
from junban.games.eleusis import cards, rulelink
from junban.session import Seat, Session
from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, PHONE, as_on_a_first_visit, follow_link, open_app, screenshot, settle
from tests.browser.positions import eleusis_knowing_the_rule, open_save
from tests.browser.test_the_game_table import outside, phone, slow_motion, travelling, where

MY_PLAY = "#el-play"


def my_play_turn(page, timeout: int = 90_000) -> None:
    """Wait until the person is to play (closing a round's summary on the way) and the page has settled."""
    for _ in range(40):
        page.wait_for_selector(f"{MY_PLAY}, #sheet-round, #sheet-result", timeout=timeout)
        if page.locator("#sheet-round").count():
            page.locator("#el-round-close").click()
            continue
        break
    page.wait_for_function("() => document.querySelector('.el-hand .el-card-button:not([disabled])')", timeout=timeout)
    page.wait_for_timeout(200)


def assert_turn_fits(page) -> None:
    """The whole hand, Play, No play and the newest mainline card are inside the viewport; nothing scrolls."""
    for selector in (".el-hand .el-card-button", "#el-play", "#el-no-play", ".el-newest .el-main .el-card",
                     ".seat-chip.active, .seat-chip.me"):
        assert page.locator(selector).count(), selector
        assert not outside(page, selector), (selector, outside(page, selector))
    size = page.viewport_size
    assert page.evaluate("document.documentElement.scrollHeight") <= size["height"], "the table scrolls"
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], "the table scrolls sideways"


def test_at_375x667_the_hand_play_no_play_and_the_newest_cards_are_on_screen(context_factory, server):
    """3 to 8 seats, each table opened by its link in the same page (one boot, not six: a boot is 6-8 s of CPU)."""
    page = phone(context_factory)
    open_app(page, server, "#/")
    for players in (3, 4, 5, 6, 7, 8):
        as_on_a_first_visit(page)  # as each table was in a profile of its own: its top bar offers "Learn"
        follow_link(page, server, f"#/eleusis?players={players}&bots={players - 1}&seed=fit-{players}")
        page.get_by_label("Bot speed").select_option("instant")
        for turn in range(3):
            my_play_turn(page)
            with where(f"{players} seats, turn {turn + 1}"):
                assert_turn_fits(page)
            page.locator(".el-hand .el-card-button").nth(turn).click()
            page.locator(MY_PLAY).click()
        my_play_turn(page)
        with where(f"{players} seats, turn 4"):
            assert_turn_fits(page)
        expect(page.locator("#recap")).to_contain_text("Since your turn")
        screenshot(page, f"eleusis-{players}p-phone")


def long_mainline(players: int) -> Session:
    """A round with 40 cards on the mainline and ~20 cards in the person's hand (seat 1), the person to play.

    Every seat is driven by the test, knowing the rule: the person plays wrong cards (each draws 2) until they hold
    20, then right ones; the others play right cards; nobody becomes Prophet."""
    seats = [Seat("person", "Player 1")] + [Seat("bot", f"Bot {i + 1}", "baseline") for i in range(1, players)]
    session = Session("longmainline", "eleusis", {"players": players}, "long-40", seats)

    def pick(state, seat, right, wrong):
        if seat == 0 and len(state.mainline) >= 40 and len(state.hands[0]) >= 20:
            return None
        if seat == 0 and len(state.hands[0]) < 20 and wrong:
            return wrong[0]
        return (right or wrong)[0]

    return eleusis_knowing_the_rule(session, pick, limit=400)


def test_a_40_card_mainline_and_20_cards_in_hand_still_fit_a_phone_and_the_whole_layout_reads(context_factory, server):
    session = long_mainline(6)
    page = phone(context_factory)
    open_save(page, server, session)
    my_play_turn(page)
    assert page.locator(".el-hand .el-card-button").count() >= 20
    assert page.locator(".el-line > .el-col:not(.el-aside)").count() >= 40
    assert_turn_fits(page)
    expect(page.locator(".el-sudden")).to_be_visible()  # 40 mainline cards: sudden death
    screenshot(page, "eleusis-40-cards-phone")
    page.get_by_role("button", name="Whole layout").click()
    grid = page.get_by_role("dialog", name="The whole layout")
    expect(grid).to_be_visible()
    # the grid fits the phone's width: every card is within the screen's sides, none overlaps another
    boxes = grid.locator(".el-card").evaluate_all("els => els.map(e => { const r = e.getBoundingClientRect(); "
                                                  "return [r.left, r.top, r.right, r.bottom]; })")
    view = session.view(0)
    assert len(boxes) == len(view["mainline"]) + sum(len(g["cards"]) for s in view["sidelines"] for g in s) \
        + len(view["laid_aside"])
    assert all(left >= 0 and right <= PHONE["width"] for left, _, right, _ in boxes)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] + 0.5 or b[2] <= a[0] + 0.5 or a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5, "overlap"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "eleusis-whole-layout-phone")
    page.keyboard.press("Escape")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "eleusis-40-cards-desktop")


def test_no_play_asks_first_by_touch_and_the_prophet_is_a_toggle(context_factory, server):
    page = phone(context_factory)
    open_app(page, server, "#/eleusis?players=5&bots=4&seed=touch")
    page.get_by_label("Bot speed").select_option("instant")
    my_play_turn(page)
    page.get_by_role("button", name="No play").tap()
    dialog = page.get_by_role("dialog", name="Say “no play”?")
    expect(dialog).to_contain_text("5 penalty cards")
    screenshot(page, "eleusis-no-play-phone")
    dialog.get_by_role("button", name="Keep looking").tap()
    expect(page.get_by_role("dialog")).to_have_count(0)
    toggle = page.get_by_role("button", name="Become Prophet")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.tap()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.locator(".el-hand .el-card-button").first.tap()
    page.locator(MY_PLAY).tap()
    offer = page.get_by_role("dialog", name="Do you know the rule?")
    expect(offer).to_contain_text(re.compile("right|wrong"))
    screenshot(page, "eleusis-prophet-offer-phone")
    offer.get_by_role("button", name="Not now").tap()
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_cards_travel_from_the_hand_and_not_under_reduced_motion(context_factory, server):
    for motion, expected in (("no-preference", True), ("reduce", False)):
        page = context_factory(reduced_motion=motion).new_page()
        open_app(page, server, "#/eleusis-science?seed=motion")
        slow_motion(page)
        page.locator(".el-hand .el-card-button").first.click()
        page.locator(MY_PLAY).click()
        moving = travelling(page)  # the card flies from the hand to the layout, in the motion layer
        assert (moving > 0) is expected, f"{motion}: {moving} animations"
        expect(page.locator("#status")).to_contain_text("29 plays left")


def test_science_at_375x667_enter_plays_and_the_guess_is_one_tap_away(context_factory, server):
    token = rulelink.encode("card.suit != prev.suit")
    page = phone(context_factory)
    open_app(page, server, f"#/eleusis-science?rule={token}&seed=fit-sci")
    for selector in (".el-hand .el-card-button", "#el-play", "#sci-guess-open", ".el-newest .el-main .el-card"):
        assert not outside(page, selector), (selector, outside(page, selector))
    assert page.evaluate("document.documentElement.scrollHeight") <= PHONE["height"]
    names = page.locator(".el-hand .el-card-button").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    ranks = {n: i for i, n in enumerate(cards.card_name_en(c) for c in cards.DECK)}
    assert [ranks[n] for n in names] == sorted(ranks[n] for n in names), "the hand is sorted by suit, then rank"
    first = page.locator(".el-hand .el-card-button").first
    first.focus()
    page.keyboard.press("Enter")  # choose it
    page.keyboard.press("Enter")  # and play it
    expect(page.locator("#status")).to_contain_text("29 plays left")
    page.get_by_role("button", name="Guess the rule").tap()
    box = page.get_by_label("Your guess, in words or in the rule language")
    expect(box).to_be_focused()
    settle(page)  # the drawer has slid all the way up
    assert not outside(page, "#sci-guess-text, #sci-guess")
    box.fill("card.suit != prev.siut")
    expect(page.locator("#sci-guess-check")).to_contain_text("Did you mean “suit”?")
    screenshot(page, "eleusis-science-guess-phone")
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    page.get_by_role("button", name="Guess the rule").tap()
    expect(page.get_by_label("Your guess, in words or in the rule language")).to_have_value("card.suit != prev.siut")


def test_japanese_table_and_science_screens(context_factory, server):
    page = context_factory(viewport=PHONE, locale="ja-JP", has_touch=True, is_mobile=True).new_page()
    open_app(page, server, "#/eleusis?players=4&bots=3&seed=ja")
    page.get_by_label("ボットの速さ").select_option("instant")
    my_play_turn(page)
    page.locator(".el-hand .el-card-button").first.click()
    expect(page.get_by_role("button", name="ノープレイ")).to_be_visible()
    assert_turn_fits(page)
    screenshot(page, "eleusis-ja-phone")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "eleusis-ja-desktop")
    open_app(page, server, "#/eleusis?players=4&bots=3&dealer=1&seed=ja-rule")
    page.get_by_label("言葉またはルール言語で書いたあなたのルール").fill("ｃａｒｄ．ｃｏｌｕｒ ＝ ｒｅｄ")
    check = page.locator("#el-rule-check")
    expect(check).to_contain_text("6文字目")
    expect(check).to_contain_text("「colour」のことですか")
    assert not re.search(r"\b(expected|found)\b", check.inner_text())
    screenshot(page, "eleusis-rule-ja-desktop")
    page.set_viewport_size(PHONE)
    open_app(page, server, "#/eleusis-science?seed=ja-sci")
    screenshot(page, "eleusis-science-ja-phone")
