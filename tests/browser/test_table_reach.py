"""What the tables show is never cut (a role badge, The Game's trail chips, the FIRE label, "cover it this turn!",
23's dropped-out mark), in English and Japanese at 375x667; with 6 to 8 seats the seat strip keeps your seat and
the dealer's in view while the others scroll between them."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser import positions
from tests.browser.conftest import PHONE, as_on_a_first_visit, japanese_font_loaded, open_app, screenshot, settle


def phone(context_factory, lang: str):
    return context_factory(viewport=PHONE, has_touch=True, is_mobile=True,
                           locale="ja-JP" if lang == "ja" else "en-US").new_page()


def cut(page, selector: str) -> list[str]:
    """The elements matching ``selector`` that are drawn only in part: their own text cut (an ellipsis), or half
    hidden by a box around them that clips (wholly hidden is not cut: a trail chip that does not fit is left out)."""
    return page.evaluate("""selector => {
        const out = [];
        for (const el of document.querySelectorAll(selector)) {
            const r = el.getBoundingClientRect();
            // not drawn, or only for screen readers (a 1px box; its layout size, as a chip's pop animation may
            // scale its drawn box past 1px while it runs)
            if (r.width <= 1 || r.height <= 1 || el.offsetWidth <= 1 || el.offsetHeight <= 1) continue;
            if (el.scrollWidth > el.clientWidth + 1) { out.push(`${el.className} "${el.textContent}": its text is cut`); continue; }
            for (let box = el.parentElement; box; box = box.parentElement) {
                const style = getComputedStyle(box);
                if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
                const b = box.getBoundingClientRect();
                const inside = r.left >= b.left - .5 && r.right <= b.right + .5 && r.top >= b.top - .5 && r.bottom <= b.bottom + .5;
                const outside = r.right <= b.left || r.left >= b.right || r.bottom <= b.top || r.top >= b.bottom;
                if (!inside && !outside) { out.push(`${el.className} "${el.textContent}": cut by ${box.className}`); break; }
                if (outside) break;
            }
        }
        return out;
    }""", selector)


def cut_once_still(page, selector: str, within_ms: int = 3000) -> list[str]:
    """``cut(page, selector)`` once the page is still: animations ended, and a strip that scrolls its seat into
    view (smoothly, over a moment a loaded machine stretches) given up to ``within_ms`` to get there."""
    settle(page)
    for _ in range(within_ms // 100):
        found = cut(page, selector)
        if not found:
            return found
        page.wait_for_timeout(100)
    return cut(page, selector)


def shown(page, selector: str) -> int:
    return page.evaluate("s => [...document.querySelectorAll(s)].filter(e => e.getBoundingClientRect().width > 1).length",
                         selector)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_nothing_the_tables_name_is_cut_on_a_phone(context_factory, server, lang):
    """Five recorded positions opened one after another in one page (one boot, not five), each drawn as on a first
    visit (its top bar offering "Learn", as when each had a profile of its own)."""
    cases = [
        (positions.the_game_deep_piles, "#end-turn", [".trail-card", ".card .fire-word", ".tg-variant"]),
        (positions.the_game_fire_overdue, "#end-turn", [".fire-note", ".tg-variant"]),
        (positions.twenty_three_with_a_seat_dropped, "#tt-play", [".seat-chip .tt-word-mark", ".seat-chip .tt-stat"]),
        (positions.eleusis_prophet_judging, "#el-wrong", [".el-seat-role", ".el-seat-points"]),
        # (eight seats scroll: a chip half under the strip's end is cut on purpose; the dealer's is pinned whole)
        (lambda: positions.eleusis_turn(8), "#el-play", [".el-seat-role"]),
    ]
    page = open_app(phone(context_factory, lang), server, "#/")
    for build, ready, selectors in cases:
        as_on_a_first_visit(page)
        session = build()
        positions.open_save(page, server, session, lang=lang)
        page.wait_for_selector(ready)
        if lang == "ja":
            japanese_font_loaded(page, page.locator("#main").inner_text())
        for selector in selectors:
            assert shown(page, selector), (session.id, selector)
            assert not cut_once_still(page, selector), (session.id, lang, cut(page, selector))
        screenshot(page, f"reach-{session.id}-{lang}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_solo_science_title_is_whole_beside_the_daily_badge_on_a_phone(context_factory, server, lang):
    page = phone(context_factory, lang)
    positions.open_save(page, server, positions.eleusis_science_daily(), lang=lang)
    page.wait_for_selector("#sci-play-help")
    if lang == "ja":
        japanese_font_loaded(page, page.locator(".table-bar").inner_text(), 700)
    expect(page.locator("#mode-chip")).to_be_visible()
    title = page.get_by_role("heading", level=1)
    expect(title).to_have_accessible_name({"en": "Eleusis: solo science", "ja": "エレウシス：一人で科学"}[lang])
    assert not cut_once_still(page, ".table-title"), cut(page, ".table-title")
    assert not cut(page, "#mode-chip")
    screenshot(page, f"science-daily-title-{lang}")


def _covered(page, selector: str) -> bool:
    """Is the centre of ``selector`` off the screen or under another element?"""
    return page.evaluate("""s => {
        const el = document.querySelector(s); const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        if (x < 0 || x > innerWidth || y < 0 || y > innerHeight) return true;
        const hit = document.elementFromPoint(x, y); return !hit || !el.contains(hit);
    }""", selector)


def test_with_many_seats_your_seat_and_the_dealers_stay_in_view_as_the_strip_scrolls(context_factory, server):
    """6, 7 and 8 seats, each position opened as a save in the same page (one boot, not three)."""
    page = open_app(phone(context_factory, "en"), server, "#/")
    for players in (6, 7, 8):
        as_on_a_first_visit(page)  # as each position was in a profile of its own: its top bar offers "Learn"
        session = positions.eleusis_turn(players)
        positions.open_save(page, server, session)
        page.wait_for_selector("#el-play")
        strip = page.get_by_role("list", name="Players")
        expect(strip).to_have_attribute("tabindex", "0")  # the keyboard scrolls it too
        assert page.evaluate("() => { const s = document.querySelector('.seat-strip'); "
                             "return s.scrollWidth > s.clientWidth; }"), f"{players} seats: the strip does not scroll"
        dealer = session.view(0)["dealer"]
        me, theirs = ".seat-chip.me", f".seat-strip > li:nth-child({dealer + 1})"
        expect(page.locator(theirs)).to_contain_text("Dealer", ignore_case=True)
        for where in ("0", "s.scrollWidth / 2", "s.scrollWidth"):
            page.evaluate(f"() => {{ const s = document.querySelector('.seat-strip'); s.scrollLeft = {where}; }}")
            page.wait_for_timeout(100)
            assert not _covered(page, me), f"{players} seats: your seat scrolled out of view ({where})"
            assert not _covered(page, theirs), f"{players} seats: the dealer's seat scrolled out of view ({where})"
            # between them, the other seats pass under the pinned chips: at least one is shown in part
        assert not cut(page, ".el-seat-role"), f"{players} seats"


def in_view(page, selector: str) -> bool:
    """Is ``selector`` wholly on the screen and not under anything (a tap on its centre reaches it)?"""
    return page.evaluate("""s => {
        const el = document.querySelector(s); if (!el) return false;
        const r = el.getBoundingClientRect();
        if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + .5 || r.right > innerWidth + .5) return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && el.contains(hit);
    }""", selector)


def scroll_to(page, where: str) -> None:
    page.evaluate(f"window.scrollTo(0, {where})")
    page.wait_for_timeout(150)


def play_no_play_and_become_prophet_stay_on_screen(page, lang: str) -> None:
    """Wherever the page is scrolled, Play, No play and Become Prophet are on screen, and the last card is reachable
    above the bar."""
    assert page.locator(".el-hand .el-card-button").count() == 28
    for where in ("0", "document.documentElement.scrollHeight / 2", "document.documentElement.scrollHeight"):
        scroll_to(page, where)
        for selector in ("#el-play", "#el-no-play", "#el-prophet-plan"):
            assert in_view(page, selector), f"{selector} left the screen ({lang}, scrolled to {where})"
    scroll_to(page, "0")
    page.locator(".el-hand .el-card-button").last.scroll_into_view_if_needed()
    page.locator(".el-hand .el-card-button").last.tap()  # the last card is reachable above the bar
    assert in_view(page, "#el-play")
    screenshot(page, f"eleusis-28-cards-8-seats-{lang}")


def chips_half_hidden(page) -> list[str]:
    """The seat chips drawn only in part: a point of the chip reaches it and another does not (under a pinned chip
    or past the strip's end). A chip wholly under a pinned one, or wholly scrolled away, is not half hidden."""
    return page.evaluate("""() => {
        const out = [];
        const strip = document.querySelector('.seat-strip').getBoundingClientRect();
        for (const chip of document.querySelectorAll('.seat-strip > .seat-chip')) {
            const r = chip.getBoundingClientRect();
            const xs = [r.left + 3, r.left + r.width / 2, r.right - 3];
            const seen = xs.map(x => {
                if (x < strip.left || x > strip.right) return false;
                const hit = document.elementFromPoint(x, r.top + r.height / 2);
                return !!hit && chip.contains(hit);
            });
            if (seen.some(v => v) && !seen.every(v => v)) out.push(chip.textContent.trim().slice(0, 24));
        }
        return out;
    }""")


def the_hand_is_above_the_bar_and_the_strip_readable(page, lang: str) -> None:
    """As the table opens: the whole 28-card hand above the action bar, "Since your turn" uncut, and the seat strip
    with every chip whole or wholly out of sight wherever it is scrolled."""
    if lang == "ja":
        japanese_font_loaded(page, page.locator("#main").inner_text())
    settle(page)
    # the whole hand above the action bar, as the table opens (nothing to scroll to find the last row)
    bar_top = page.locator(".el-bar").bounding_box()["y"]
    cards = page.locator(".el-hand .el-card-button")
    assert cards.count() == 28
    low = max(cards.nth(i).bounding_box()["y"] + cards.nth(i).bounding_box()["height"] for i in range(28))
    assert low <= bar_top + .5, f"the hand reaches {low:.0f} px, under the action bar at {bar_top:.0f} px"
    # "Since your turn": a line per seat that acted, none cut at the right edge
    assert page.locator(".recap-several .recap-item").count() == 6  # Bot 2 to Bot 7 (Bot 8 deals)
    assert not cut(page, ".recap-several .recap-item, .recap-several .recap-what")
    # the seat strip: at rest wherever it is scrolled, every chip is whole or wholly out of sight
    for where in ("0", "s.scrollWidth / 2", "s.scrollWidth"):
        page.evaluate(f"() => {{ const s = document.querySelector('.seat-strip'); s.scrollLeft = {where}; }}")
        page.wait_for_timeout(400)
        assert not chips_half_hidden(page), (where, chips_half_hidden(page))
        assert not _covered(page, ".seat-chip.me")
    assert not cut(page, ".seat-chip .seat-name")
    screenshot(page, f"eleusis-8-seats-28-cards-strip-{lang}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_8_seat_table_with_28_cards_on_a_phone_keeps_the_hand_the_strip_and_the_actions_in_view(
        context_factory, server, lang):
    """One position, one boot, two things looked at on it (they were two tests, a boot each): the table as it opens,
    then scrolled and played on."""
    page = phone(context_factory, lang)
    positions.open_save(page, server, positions.eleusis_big_hand(8, 28), lang=lang)
    page.wait_for_selector("#el-play")
    the_hand_is_above_the_bar_and_the_strip_readable(page, lang)
    play_no_play_and_become_prophet_stay_on_screen(page, lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", ["the-game", "23", "eleusis"])
def test_a_setup_screens_start_is_on_screen_on_a_phone(context_factory, server, game, lang):
    page = phone(context_factory, lang)
    page.goto(f"{server.base}#/{game}")
    page.wait_for_selector("#start")
    page.wait_for_timeout(300)
    assert in_view(page, "#start"), "Start is below the fold"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"
    scroll_to(page, "document.documentElement.scrollHeight")
    assert in_view(page, "#start")
    screenshot(page, f"setup-{game}-phone-{lang}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_dealers_start_the_round_and_the_checkers_verdict_stay_on_screen_with_the_keyboard_open(
        context_factory, server, lang):
    page = phone(context_factory, lang)
    positions.open_save(page, server, positions.eleusis_dealer(), lang=lang)
    page.wait_for_selector("#el-start-round")
    assert in_view(page, "#el-start-round")
    box = page.locator("#el-rule-text")
    box.tap()
    # The on-screen keyboard takes the lower ~45% of the screen: the page is laid out in what is left.
    page.set_viewport_size({"width": PHONE["width"], "height": 370})
    page.wait_for_timeout(300)
    for rule, verdict in (("card.colour != prev.colour", "el-check-ok"), ("card.colur = red", "el-check-error")):
        box.fill(rule)
        page.wait_for_timeout(300)
        expect(page.locator(f"#el-rule-check.{verdict}")).to_be_visible()
        assert in_view(page, "#el-rule-check > p"), f"the verdict is hidden ({rule})"
        assert in_view(page, "#el-start-round"), f"the button is hidden ({rule})"
        assert in_view(page, "#el-rule-text"), "the rule box itself is hidden"
        screenshot(page, f"eleusis-rule-keyboard-{verdict}-{lang}")
    expect(page.locator("#el-start-round")).to_be_disabled()
    box.fill("card.colour != prev.colour")
    page.locator("#el-start-round").tap()
    expect(page.locator("#el-rule-text")).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_storages_download_and_import_are_on_screen_on_a_phone(context_factory, server, lang):
    page = phone(context_factory, lang)
    for i in range(6):  # a device with a few games
        session = positions.twenty_three_turn(seed=f"st{i}")
        positions.open_save(page, server, session, lang=lang)
    page.goto(f"{server.base}#/storage")
    page.wait_for_selector("#st-export")
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollHeight") > PHONE["height"], "a long page, as it should be"
    for where in ("0", "document.documentElement.scrollHeight"):
        scroll_to(page, where)
        assert in_view(page, "#st-export") and in_view(page, ".st-file"), f"scrolled to {where}"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"
    screenshot(page, f"storage-phone-{lang}")
