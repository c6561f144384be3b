"""23 in the browser, played the way a person plays it: by the keyboard alone, by clicks, reloads and links."""
from __future__ import annotations

import json
import re

import pytest

from tests.browser.conftest import DESKTOP, PHONE, open_app, screenshot
from tests.browser.test_accessibility import audit

VS_STRONG = "#/23?players=2&bots=1&level=strong&seed=2026"


def hand(page) -> list[int]:
    return [int(x) for x in page.locator(".tt-hand .tt-card").all_inner_texts()]


def pile(page):
    return page.get_by_role("img", name=re.compile(r"^Pile, "))


def focused_label(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.textContent.trim()")


def choose_by_keys(page, number: int) -> None:
    """Walk the hand with the arrow keys to a card of ``number`` and choose it with Space."""
    for _ in range(20):
        page.keyboard.press("ArrowRight")
        if focused_label(page) == str(number):
            page.keyboard.press("Space")
            return
    raise AssertionError(f"the arrow keys never reached {number}")


def card_costs(page) -> list[tuple[int, str | None]]:
    """(number, badge) for each card the engine lets the person play now: '+n' on the pile, 'chip' with chips."""
    script = "els => els.map(e => [e.querySelector('button').textContent, e.querySelector('.tt-badge')?.textContent])"
    return [(int(n), b) for n, b in page.locator(".tt-hand .tt-card-slot:not(.unplayable)").evaluate_all(script)]


def both_sizes(page, name: str) -> None:
    """Screenshots at desktop and phone size, each checked by axe-core (no serious or critical violation); on the
    phone nothing may scroll sideways and every touch target is at least 44 px."""
    screenshot(page, f"23-{name}-desktop")
    violations = audit(page)
    assert not violations, f"{name} (desktop): {json.dumps(violations)}"
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    screenshot(page, f"23-{name}-phone")
    violations = audit(page)
    assert not violations, f"{name} (phone): {json.dumps(violations)}"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], f"{name}: sideways scrolling"
    small = page.evaluate("""() => [...document.querySelectorAll('#main button, #main a, #main select')]
        .filter(e => e.offsetParent && !e.closest('.move-log'))
        .map(e => e.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length""")
    assert small == 0, f"{name}: {small} touch targets smaller than 44 px on the phone"
    page.set_viewport_size(DESKTOP)


def take_a_turn_by_keys(page, state: dict) -> None:
    """One decision of the person, by keys only: cheap plays, one pass now and then, bonus chips when they help."""
    costs = card_costs(page)
    priced = sorted((int(b[1:]), n) for n, b in costs if b and b.startswith("+"))
    chip_cards = [n for n, b in costs if b and not b.startswith("+")]
    note = page.locator(".tt-note").all_inner_texts()
    alone = any("last player" in text for text in note)
    pass_ok = page.locator("#tt-pass").is_enabled()
    state["turns"] += 1
    if state["turns"] == 1:  # names as a screen reader reads them
        for name in ("Play", "Pass", "Pass and force", "Drop out"):
            assert page.get_by_role("button", name=name, exact=True).count() == 1, name
        for number in set(hand(page)):
            assert page.get_by_role("button", name=str(number), exact=True).count() == hand(page).count(number)
        value = page.locator(".tt-top .tt-face").last.inner_text()  # the top card's number is the pile's value
        assert page.get_by_role("img", name=f"Pile, value {value}", exact=True).count() == 1
    if priced and priced[0][0] <= 1:
        choose_by_keys(page, priced[0][1])
    elif pass_ok and not alone and not state["passed"]:
        page.keyboard.press("s")
        state["passed"] = True
        return
    elif chip_cards:
        choose_by_keys(page, chip_cards[0])
        for _ in range(3):
            if page.locator("#tt-play").is_enabled():
                break
            page.keyboard.press("+")
        state["chips"] += 1
    elif priced:
        choose_by_keys(page, priced[0][1])
    elif pass_ok and not alone:
        page.keyboard.press("s")
        return
    else:
        page.keyboard.press("x")  # asks first; the safe answer has the focus
        assert page.locator("#drop-no").evaluate("e => e === document.activeElement")
        page.keyboard.press("Tab")
        assert page.locator("#drop-yes").evaluate("e => e === document.activeElement")
        page.keyboard.press("Enter")
        return
    assert page.locator("#tt-play").is_enabled(), "the chosen play is legal"
    if not state["shot"] and (state["chips"] or state["turns"] >= 4):
        state["shot"] = True
        both_sizes(page, "mid-game")
    page.keyboard.press("p")
    state["passed"] = False


def test_a_whole_game_against_the_strong_bot_by_keyboard_alone_to_the_final_ranking(page, server):
    open_app(page, server, VS_STRONG)
    assert re.search(r"#/play/[a-z0-9]+$", page.url)
    assert len(hand(page)) == 15 and pile(page).get_attribute("aria-label").startswith("Pile, empty")
    page.get_by_label("Bot speed").select_option("instant")
    page.evaluate("document.activeElement.blur()")  # keys go to the table, not to the speed menu
    state = {"turns": 0, "passed": False, "chips": 0, "shot": False}
    shots = set()
    for _ in range(300):
        if page.locator("#end").count():
            break
        if page.locator("#sheet-result").count():  # the result, over the table: read it, then close it
            assert page.locator("#sheet-result .tt-place").count() >= 2
            page.keyboard.press("Escape")
            continue
        if page.locator("#tt-next-round").count():
            if "summary" not in shots:
                shots.add("summary")
                both_sizes(page, "round-summary")
            assert page.locator("#tt-next-round").evaluate("e => e === document.activeElement")
            page.keyboard.press("Enter")
            page.wait_for_selector("#tt-discard")
            page.wait_for_selector("[role=dialog]", state="detached")
        elif page.locator("#tt-discard").count():
            if "discard" not in shots:
                shots.add("discard")
                both_sizes(page, "discard")
            for _ in range(3):
                page.keyboard.press("ArrowLeft")
                page.keyboard.press("Space")
            page.keyboard.press("d")
        elif page.locator("#tt-play, #tt-drop").count():  # a dead end offers Drop out and Pass only
            take_a_turn_by_keys(page, state)
        else:
            page.wait_for_timeout(50)  # the bot is playing
    end = page.locator("#end")
    assert end.is_visible(), "the game reached its end"
    assert shots == {"summary", "discard"} and state["shot"]
    title = end.get_by_role("heading").inner_text()
    assert re.fullmatch(r"(Player 1|Bot 2) wins!|Shared win: Player 1 and Bot 2!", title)
    places = end.locator(".tt-place").all_inner_texts()
    assert len(places) == 2 and places[0].startswith("1st")
    both_sizes(page, "final-ranking")

    page.get_by_role("link", name="History").first.click()
    page.wait_for_selector("table.stats")
    assert page.locator("table.stats tbody tr").count() == 1
    assert page.locator("svg.bar-chart").get_attribute("aria-label").startswith("Penalty chips at the end")
    screenshot(page, "23-history-desktop")
    history = json.loads(page.evaluate("localStorage.getItem('junban.history')"))
    (entry,) = history["entries"]
    assert entry["game"] == "23" and entry["bucket"] == "standard"
    assert entry["won"] == title.startswith(("Player 1", "Shared"))


@pytest.mark.smoke  # the fast tier's test of this game (docs/testing.md)
def test_a_play_by_clicks_then_reload_resumes_the_same_position(page, server):
    open_app(page, server, "#/23?players=3&bots=2&level=baseline&seed=r1")
    page.get_by_label("Bot speed").select_option("instant")
    for card in page.locator(".tt-hand .tt-card").all()[-3:]:
        card.click()
    page.get_by_role("button", name="Discard 3 cards").click()
    page.get_by_role("button", name="Play").wait_for()
    value = int(pile(page).get_attribute("aria-label").split()[-1])
    card = min(c for c in hand(page) if c >= value)
    page.get_by_role("button", name=str(card), exact=True).first.click()
    assert page.locator("#tt-preview").inner_text().startswith(f"{card} on {value}")
    page.get_by_role("button", name="Play").click()
    page.wait_for_function("document.getElementById('status').textContent === 'Player 1, your turn.'")
    before = (hand(page), pile(page).get_attribute("aria-label"), page.locator(".seat-strip").inner_text(),
              page.locator("#move-log").inner_text())
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    page.get_by_role("button", name="Play").wait_for()
    after = (hand(page), pile(page).get_attribute("aria-label"), page.locator(".seat-strip").inner_text(),
             page.locator("#move-log").inner_text())
    assert after == before


def test_the_same_link_in_a_fresh_profile_deals_the_same_hand(context_factory, server):
    link = "#/23?players=3&bots=2&level=strong&seed=123"
    first = open_app(context_factory().new_page(), server, link)
    second = open_app(context_factory(viewport=PHONE).new_page(), server, link)
    assert len(hand(first)) == 15 and hand(first) == hand(second)
    other = open_app(context_factory().new_page(), server, "#/23?players=3&bots=2&level=strong&seed=124")
    assert hand(other) != hand(first)
