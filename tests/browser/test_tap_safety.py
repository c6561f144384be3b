"""Tap-safe tables: a double tap on any button that opens a confirmation never answers it. The answers of a
confirmation never put the costly one where the button that opened it was (phone and desktop), and a sheet ignores
taps while it arrives; once it has arrived, it answers at once."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import positions
from tests.browser.conftest import DESKTOP, PHONE, as_on_a_first_visit, open_app

SETTLED_MS = 600  # well after a sheet has arrived


def _stored_actions(page, session) -> list:
    return page.evaluate("key => JSON.parse(localStorage.getItem(key)).actions", f"junban.save.{session.id}")


def _eleusis_scores(page):
    page.locator("#el-scores").click()
    page.wait_for_selector("#el-stop")
    page.wait_for_timeout(SETTLED_MS)


def _eleusis_plan_prophet(page):
    page.locator("#el-prophet-plan").click()
    page.locator(".el-hand .el-card-button").first.click()


def _saved_as(save_id: str, build):
    """``build``'s position under another save id: the cases share one page, where two positions of one id would be
    one save (the later opened over the earlier)."""
    def built():
        session = build()
        session.id = save_id
        return session
    return built


# name: (position, what to do before, the opener, the confirmation, its costly answer and the action it takes)
CASES = {
    "23 drop out": (positions.twenty_three_turn, None, "#tt-drop", "#sheet-drop", "#drop-yes", {"drop_out": True}),
    "The Game end turn on fire": (positions.the_game_fire_overdue, None, "#end-turn", "#sheet-fire-end",
                                  "#fire-end-yes", {"end_turn": True}),
    "Eleusis no play": (positions.eleusis_turn, None, "#el-no-play", "#sheet-no-play", "#no-play-yes",
                        {"no_play": True}),
    # Play with "Become Prophet" on plays, then asks (answered "not now", the offer is gone: it cannot be asked again)
    "Eleusis play and become Prophet": (_saved_as("eltapplan5", lambda: positions.eleusis_turn(5)),
                                        _eleusis_plan_prophet, "#el-play", "#sheet-prophet", "#prophet-yes",
                                        {"prophet": True}),
    "Eleusis Prophet's call": (positions.eleusis_prophet_judging, None, "#el-wrong", "#sheet-call", "#call-yes",
                               {"judge": False}),
    "Eleusis dealer's verdict by hand": (positions.eleusis_dealer_judging, None, "#el-wrong", "#sheet-verdict",
                                         "#verdict-yes", {"judge": False}),
    "Eleusis stop the game": (_saved_as("eltapstop4", positions.eleusis_turn), _eleusis_scores, "#el-stop",
                              "#sheet-stop", "#stop-yes", {"stop": True}),
}


def _centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _contains(box: dict, x: float, y: float) -> bool:
    return box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_double_tap_on_what_opens_a_confirmation_never_answers_it(context_factory, server, size):
    """Every confirmation in CASES, each position opened as a save in the same page (one boot, not seven)."""
    phone = size == "phone"
    page = context_factory(viewport=PHONE if phone else DESKTOP, has_touch=phone, is_mobile=phone).new_page()
    open_app(page, server, "#/")
    for case in CASES:
        as_on_a_first_visit(page)  # as each position was in a profile of its own: its top bar offers "Learn"
        _double_tap_never_answers(page, server, case, phone)


def _double_tap_never_answers(page, server, case: str, phone: bool) -> None:
    build, before, opener, dialog, costly, costly_action = CASES[case]
    session = build()
    positions.open_save(page, server, session)
    if before:
        page.wait_for_selector("#status")
        before(page)
    page.wait_for_selector(opener)
    page.wait_for_timeout(300)
    start = len(_stored_actions(page, session))
    x, y = _centre(page, opener)

    def tap():
        if phone:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)

    def taken() -> list:
        return _stored_actions(page, session)[start:]

    tap()
    tap()  # a quick double tap: the second lands as the sheet arrives
    page.wait_for_timeout(SETTLED_MS)
    assert costly_action not in taken(), f"{case}: the double tap answered the confirmation"
    if not page.locator(dialog).count():  # the second tap came late and said "no": ask again, if it can be
        if taken():
            return
        if before and not page.locator(opener).is_visible():
            before(page)  # the opener lives in a sheet the late "no" closed (Eleusis's Stop is in the scores)
        page.locator(opener).click()
        page.wait_for_timeout(SETTLED_MS)
    # Settled, the costly answer is not where the opener was: a slower second tap never takes it.
    assert not _contains(page.locator(costly).bounding_box(), x, y), f"{case}: {costly} is where {opener} was"
    for answer in (costly, dialog + " .sheet-first"):  # both answers are on the screen
        box = page.locator(answer).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"], f"{case}: {answer}"
    tap()
    page.wait_for_timeout(SETTLED_MS)
    assert costly_action not in taken(), f"{case}: a slow second tap answered the confirmation"


def _hit_at(page, selector: str, click_first: str | None = None) -> bool:
    """Is the element at ``selector``'s centre (or inside it) what a tap there reaches, right after clicking
    ``click_first`` (in the same task: the table has drawn the sheet, which has not moved yet)?"""
    return page.evaluate("""([selector, first]) => {
        if (first) document.querySelector(first).click();
        const el = document.querySelector(selector);
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && el.contains(hit);
    }""", [selector, click_first])


def test_a_sheet_ignores_taps_while_it_arrives_then_answers_at_once(context_factory, server):
    page = context_factory(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    session = positions.twenty_three_turn()
    positions.open_save(page, server, session)
    page.wait_for_selector("#tt-drop")
    assert not _hit_at(page, "#drop-yes", click_first="#tt-drop"), "the sheet took a tap as it arrived"
    page.wait_for_timeout(SETTLED_MS)
    assert _hit_at(page, "#drop-yes")
    page.locator("#drop-yes").tap()
    expect(page.locator("#sheet-drop")).to_have_count(0)
    assert _stored_actions(page, session)[-1] == {"drop_out": True}


def test_a_quick_double_tap_on_a_pile_plays_and_the_next_tap_on_a_card_sets_no_marker(context_factory, server):
    """Issue 41, in today's challenge of The Game on a phone: a card picked, a quick double tap on a pile (the card
    played by the first tap), then a tap meant for a card. The second tap never opens the pile's markers, so the tap
    after it lands on the hand, as meant: no marker is set, nothing but plays is logged."""
    from tests.browser.test_storage_browser import save_id

    page = context_factory(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    open_app(page, server, "#/")
    page.locator("#daily-the-game").click()
    page.locator(".hand .card").first.wait_for()
    page.wait_for_timeout(300)
    session_id = save_id(page)
    cards = page.locator(".hand .card")
    low = cards.first  # the lowest card fits the first ascending pile
    low.tap()
    x, y = _centre(page, "#pile-0")
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(120)
    page.touchscreen.tap(x, y)  # the second tap of a quick double tap
    page.wait_for_timeout(SETTLED_MS + 200)  # the person looks at their hand (any sheet has arrived by now)
    cx, cy = _centre(page, ".hand .card >> nth=0")
    page.touchscreen.tap(cx, cy)  # meant for a card (where a markers sheet puts "Keep")
    page.wait_for_timeout(SETTLED_MS)
    actions = page.evaluate("key => JSON.parse(localStorage.getItem(key)).actions", f"junban.save.{session_id}")
    assert [a for a in actions if "mark" in a] == [], f"a marker was set: {actions}"
    assert len(actions) == 1 and "play" in actions[0]
    expect(page.locator("#sheet-markers")).to_have_count(0)
    assert page.locator(".hand .card.selected, .hand .card[aria-pressed='true']").count() == 1, "the card is picked"
