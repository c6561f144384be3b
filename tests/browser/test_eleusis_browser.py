"""Eleusis in the browser, played as a person plays it: a round with bots to the scores, the Prophet, the dealer's
rule entry with the live checker, solo science with a wrong and a right guess, a tampered rule link.

Screenshots (phone 375×667 and desktop 1280×800) go to tests/artifacts/eleusis-*.png to be looked at.
"""
from __future__ import annotations

import re

import pytest

from junban.games.eleusis import rulelink
from tests.browser.conftest import DESKTOP, PHONE, open_app, screenshot

TABLE = "#/eleusis?players=4&bots=3&seed=browser-1"  # you in seat 1; the last seat, a bot, deals first
YOUR_TURN = "#el-play, .el-judge, .el-rule, #sheet-round, #sheet-result, #end"


def both_sizes(page, name: str) -> None:
    """Screenshots at phone and desktop size; the page itself never scrolls sideways; axe-core finds no serious
    or critical violation."""
    from tests.browser.test_accessibility import audit

    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(150)  # let the page lay out at the new size before measuring and shooting
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], f"{name}: sideways"
        screenshot(page, f"eleusis-{name}-{size}")
    violations = audit(page)
    assert not violations, (name, violations)
    page.set_viewport_size(DESKTOP)


def instant(page) -> None:
    page.get_by_label("Bot speed").select_option("instant")


def hand(page):
    return page.locator(".el-hand .el-card-button")


def wait_for_me(page) -> None:
    page.wait_for_selector(YOUR_TURN, timeout=30_000)


def take_turns(page, turns: int) -> None:
    """Play the first card of the hand ``turns`` times (the Prophet's role is never asked for, so never offered)."""
    done = 0
    while done < turns:
        wait_for_me(page)
        if page.locator("#sheet-round, #sheet-result, #end").count():
            return
        hand(page).first.click()
        page.get_by_role("button", name="Play", exact=True).click()
        done += 1


def test_a_round_with_bots_through_the_string_builder_to_the_scores(desktop_table):
    page = desktop_table(TABLE)
    instant(page)
    assert re.search(r"#/play/[a-z0-9]+$", page.url)
    wait_for_me(page)  # once the bot dealer has fixed the rule and the cards are dealt
    cards = hand(page)
    assert cards.count() == 12
    names = cards.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert all(re.fullmatch(r"(Ace|Jack|Queen|King|\d+) of (spades|hearts|diamonds|clubs)", n) for n in names)
    assert page.get_by_role("button", name="No play").is_visible()
    take_turns(page, 4)
    wait_for_me(page)
    if not page.locator("#sheet-round").count():
        screenshot(page, "eleusis-table-desktop")
        first, second = hand(page).nth(0), hand(page).nth(1)
        first_name, second_name = first.get_attribute("aria-label"), second.get_attribute("aria-label")
        second.click()
        first.click()
        order = page.locator(".el-order .el-mini .visually-hidden").all_inner_texts()
        assert order == [second_name, first_name], "the string is played in the order chosen"
        both_sizes(page, "string")
        page.get_by_role("button", name="Whole layout").click()
        assert page.get_by_role("dialog", name="The whole layout").locator(".el-view-grid").count() == 1
        screenshot(page, "eleusis-whole-layout-desktop")
        page.keyboard.press("Escape")
        page.get_by_role("button", name="Play", exact=True).click()
    take_turns(page, 200)
    page.wait_for_selector("#sheet-round", timeout=30_000)
    summary = page.get_by_role("dialog", name="Round 1 is over")
    assert summary.locator(".el-reveal").inner_text().strip(), "the rule in plain words"
    assert summary.locator("table tbody tr").count() == 4
    both_sizes(page, "round-end")


def test_becoming_prophet_and_judging(desktop_table):
    page = desktop_table("#/eleusis?players=4&bots=3&seed=browser-2")
    instant(page)
    wait_for_me(page)
    page.get_by_role("button", name="Become Prophet").click()  # the toggle: ask me after my next play
    hand(page).first.click()
    page.get_by_role("button", name="Play", exact=True).click()
    page.get_by_role("dialog").get_by_role("button", name="Become Prophet").click()
    page.wait_for_selector(".el-judge", timeout=30_000)
    assert page.get_by_role("heading", name="Judge as Prophet").is_visible()
    assert page.locator(".seat-chip .el-seat-role", has_text="Prophet").count() == 1
    both_sizes(page, "prophet")
    turns = page.locator("#move-log .log-turn").count()
    if page.get_by_role("button", name="Wrong", exact=True).count():
        page.get_by_role("button", name="Wrong", exact=True).click()
    else:
        page.get_by_role("button", name="Right: no card can be played").click()
    page.get_by_role("dialog").get_by_role("button", name="Make the call").click()
    page.wait_for_function(f"() => document.querySelectorAll('#move-log .log-turn').length > {turns}")


@pytest.mark.smoke  # the fast tier's test of this game (docs/testing.md)
def test_the_dealers_rule_entry_with_the_live_checker(desktop_table):
    page = desktop_table("#/eleusis?players=4&bots=3&dealer=1&seed=browser-3")
    instant(page)
    box = page.get_by_label("Your rule, in words or in the rule language")
    box.fill("if prev.red then card.rank > prev.rank else card.")
    page.wait_for_selector(".el-check-error")
    assert "At character 50" in page.locator("#el-rule-check").inner_text()
    assert page.locator(".el-caret").inner_text().rstrip().endswith("^")
    assert page.get_by_role("button", name="Start the round").is_disabled()
    box.fill("if prev.red then card.rank > prev.rank else card.black")
    page.wait_for_selector(".el-check-ok")
    check = page.locator("#el-rule-check").inner_text()
    assert "If the previous card is red" in check and "Accepts about" in check
    both_sizes(page, "rule-entry")
    page.get_by_role("button", name="Start the round").click()
    page.wait_for_selector(".el-secret")
    assert "card.black" in page.locator(".el-secret").inner_text(), "the dealer sees the rule"
    page.wait_for_function("() => document.querySelectorAll('.el-line .el-col').length >= 2", timeout=30_000)


def test_solo_science_a_wrong_guess_shows_cards_and_a_right_guess_wins(desktop_table):
    token = rulelink.encode("card.suit != prev.suit")
    page = desktop_table(f"#/eleusis-science?rule={token}&seed=browser-4")
    assert "card.suit != prev.suit" not in page.locator("#app").inner_text()
    for i in range(3):
        hand(page).nth(i).click()
        page.get_by_role("button", name="Play", exact=True).click()
    assert "27 plays left of 30" in page.locator("#status").inner_text()
    guess = page.get_by_label("Your guess, in words or in the rule language")
    guess.fill("card.rank >")
    page.wait_for_selector("#sci-guess-check.el-check-error")
    guess.fill("card.red")
    page.get_by_role("button", name="Guess", exact=True).click()
    page.wait_for_selector(".sci-guess-item.wrong .sci-ce-card")
    assert "25 plays left" in page.locator("#status").inner_text()
    both_sizes(page, "science")
    guess.fill("card.suit != prev.suit")
    page.get_by_role("button", name="Guess", exact=True).click()
    page.wait_for_selector("#sheet-result")
    end = page.locator("#sheet-result").inner_text()
    assert "Solved!" in end and "Score 25" in end
    page.get_by_role("button", name="Share this rule for a friend").click()
    link = page.locator("#sci-share-url").input_value()
    assert rulelink.decode(re.search(r"rule=([A-Za-z0-9_-]+)", link).group(1)) == "card.suit != prev.suit"
    both_sizes(page, "science-end")


def test_a_tampered_rule_link_gives_a_message_and_the_setup_screen(page, server):
    token = rulelink.encode("card.red")
    open_app(page, server, f"#/eleusis-science?rule={token[:-4]}AAAA&seed=1")
    page.wait_for_selector(".notice-error")
    assert "could not be opened" in page.locator(".notice-error").inner_text()
    assert page.get_by_role("heading", name="New game: Eleusis: solo science").is_visible()
    page.get_by_role("button", name="My own rule, for a friend").click()
    page.locator("#sci-rule-text").fill("card.rank >= prev.rank")
    page.wait_for_selector("#sci-friend-url")
    url = page.locator("#sci-friend-url").input_value()
    assert rulelink.decode(re.search(r"rule=([A-Za-z0-9_-]+)", url).group(1)) == "card.rank >= prev.rank"
    screenshot(page, "eleusis-science-setup-desktop")


def test_eleusis_screens_pass_the_accessibility_audit_and_fit(context_factory, server):
    from tests.browser.test_accessibility import audit, small_targets

    screens = {"setup": "#/eleusis", "science-setup": "#/eleusis-science", "rules": "#/rules/eleusis-science",
               "table": "#/eleusis?players=5&bots=4&seed=a11y", "science": "#/eleusis-science?seed=a11y"}
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = context_factory(viewport=viewport).new_page()
        for name, hash_text in screens.items():
            open_app(page, server, hash_text)
            if name == "table":
                wait_for_me(page)
                hand(page).first.click()
            if name == "science":
                hand(page).first.click()
            violations = audit(page)
            assert not violations, (name, size, violations)
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], (name, size)
            assert not small_targets(page), (name, size, small_targets(page)[:6])
            screenshot(page, f"eleusis-a11y-{name}-{size}")
