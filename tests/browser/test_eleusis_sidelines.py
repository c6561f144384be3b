"""Every clue in view: a sideline of any length is seen under its mainline card on a phone (375x667), in solo
science and at a table, with 1, 4 and 10 wrong cards: the line shows the first wrong card and, when there are more,
a count of the others ("+3") that opens the whole layout at that card, where every one of them is drawn. Screenshots
go to tests/artifacts/eleusis-sideline-*.png to be looked at."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from junban.games.eleusis.cards import card_name_en
from tests.browser import positions
from tests.browser.conftest import DESKTOP, PHONE, as_on_a_first_visit, open_app, screenshot, settle

PLACES = {
    "science": (positions.eleusis_science_sideline, "#sci-play-help", 2),  # (position, ready, the column)
    "table": (positions.eleusis_table_sideline, "#el-play", 1),
}


def wholly_seen(locator) -> bool:
    """Is the element drawn whole on the screen: inside the viewport and inside every box around it that clips,
    and on top where its centre is (a tap there reaches it)?"""
    return locator.evaluate("""el => {
        const r = el.getBoundingClientRect();
        if (r.width < 1 || r.height < 1) return false;
        if (r.left < -.5 || r.top < -.5 || r.right > innerWidth + .5 || r.bottom > innerHeight + .5) return false;
        for (let box = el.parentElement; box; box = box.parentElement) {
            const s = getComputedStyle(box);
            if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
            const b = box.getBoundingClientRect();
            if (r.left < b.left - .5 || r.right > b.right + .5 || r.top < b.top - .5 || r.bottom > b.bottom + .5) return false;
        }
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && (el === hit || el.contains(hit));
    }""")


@pytest.mark.parametrize("place", PLACES)
def test_a_sideline_of_any_length_is_seen_under_its_card_on_a_phone(context_factory, server, place):
    """1, 4 and 10 wrong cards: each position opened as a save in the same page (one boot, not three)."""
    page = open_app(context_factory(viewport=PHONE, has_touch=True, is_mobile=True).new_page(), server, "#/")
    for wrong in (1, 4, 10):
        as_on_a_first_visit(page)  # as each position was in a profile of its own: its top bar offers "Learn"
        sideline_seen_on_a_phone(page, server, place, wrong)


def sideline_seen_on_a_phone(page, server, place: str, wrong: int) -> None:
    build, ready, index = PLACES[place]
    session = build(wrong)
    card = card_name_en(session.state.mainline[index])
    positions.open_save(page, server, session)
    page.wait_for_selector(ready)
    settle(page)
    column = page.locator(".el-layout .el-line > li.el-col").nth(index)
    expect(column.locator(".visually-hidden").first).to_contain_text(card)
    first = column.locator(".el-side-card").first
    assert wholly_seen(first), f"{place}, {wrong} wrong: the first wrong card is not seen under its card"
    count = page.get_by_role("button", name=f"{wrong} wrong cards after {card}: see them all in the whole layout")
    if wrong == 1:
        assert column.locator(".el-more").count() == 0, "a count with nothing out of sight"
        screenshot(page, f"eleusis-sideline-{place}-{wrong}-phone")
        return
    expect(count).to_have_text(f"+{wrong - 1}", use_inner_text=True)  # the first one shown, the others counted
    assert wholly_seen(count), f"{place}, {wrong} wrong: the count of the wrong cards out of sight is not on the screen"
    screenshot(page, f"eleusis-sideline-{place}-{wrong}-phone")
    count.tap()
    sheet = page.get_by_role("dialog", name="The whole layout")
    expect(sheet).to_be_visible()
    asked = sheet.locator(f"#el-study-col-{index}")
    expect(asked).to_be_focused()
    settle(page)
    side = asked.locator(".el-side-card")
    assert side.count() == wrong
    for i in range(wrong):  # every one of them drawn in the whole layout (the sheet scrolls to each)
        side.nth(i).scroll_into_view_if_needed()
        assert wholly_seen(side.nth(i)), f"wrong card {i + 1} of {wrong} is not seen in the whole layout"
    screenshot(page, f"eleusis-sideline-{place}-{wrong}-phone-sheet")
    sheet.get_by_role("button", name="Close").tap()
    expect(count).to_be_focused()  # back where the person was


def test_a_wide_screen_shows_two_wrong_cards_and_counts_the_rest(context_factory, server):
    """Solo science, then the table, in the same page (one boot, not two)."""
    page = open_app(context_factory(viewport=DESKTOP).new_page(), server, "#/")
    for place, (build, ready, index) in PLACES.items():
        as_on_a_first_visit(page)  # as each position was in a profile of its own: its top bar offers "Learn"
        session = build(10)
        card = card_name_en(session.state.mainline[index])
        positions.open_save(page, server, session)
        page.wait_for_selector(ready)
        settle(page)
        column = page.locator(".el-layout .el-line > li.el-col").nth(index)
        shown = column.locator(".el-side-card")
        assert wholly_seen(shown.nth(0)) and wholly_seen(shown.nth(1)), place
        count = page.get_by_role("button", name=f"10 wrong cards after {card}: see them all in the whole layout")
        expect(count).to_have_text("+8", use_inner_text=True)
        assert wholly_seen(count), place
        screenshot(page, f"eleusis-sideline-{place}-10-desktop")
