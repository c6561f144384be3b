"""The Game's table as a person meets it on a phone and a desktop: everything a decision needs on one screen,
the move log and the recap after the bots' turns, dragging cards (mouse and touch), cards that travel (and
don't, under reduced motion), the pass-the-device recap, the Japanese font, and messages that never push the
table down."""
from __future__ import annotations

import contextlib
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    DESKTOP, PHONE, as_on_a_first_visit, follow_link, japanese_font_loaded, open_app, screenshot)

LANDSCAPE = {"width": 667, "height": 375}
SOLO = "#/the-game?players=1&seed=table-{}"  # a deal per test (desktop_table: the same link would resume its game)


def phone(context_factory, **kwargs):
    return context_factory(viewport=PHONE, has_touch=True, is_mobile=True, **kwargs).new_page()


def my_turn(page, timeout: int = 120_000) -> None:
    """Wait until the person is to act (the End turn button is there) and the page has settled."""
    page.wait_for_selector("#end-turn", timeout=timeout)
    page.wait_for_timeout(150)


def hand(page) -> list[int]:
    return [int(x.split()[0]) for x in page.locator(".hand .card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")]


def top(page, pile: int) -> int:
    return int(page.locator(f"#pile-{pile} .pile-top .card-num").inner_text())


def outside(page, selector: str) -> list[str]:
    """The elements matching ``selector`` that are not wholly inside the viewport."""
    return page.evaluate("""selector => {
        const out = [];
        for (const el of document.querySelectorAll(selector)) {
            const r = el.getBoundingClientRect();
            if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
                out.push(`${el.id || el.className} ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
        }
        return out;
    }""", selector)


def assert_decision_fits(page) -> None:
    """The whole hand, the four piles with their tops, the draw-pile count and End turn are on the screen, and
    the page does not scroll either way."""
    for selector in (".hand .card", ".pile", ".pile .pile-top", ".draw-count", "#end-turn", ".seat-chip"):
        assert page.locator(selector).count(), selector
        assert not outside(page, selector), (selector, outside(page, selector))
    size = page.viewport_size
    assert page.evaluate("document.documentElement.scrollHeight") <= size["height"], "the table scrolls"
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], "the table scrolls sideways"


def test_at_375x667_everything_a_decision_needs_is_on_screen(context_factory, server):
    """1 to 5 players, each table opened by its link in the same page (one boot, not five)."""
    page = phone(context_factory)
    open_app(page, server, "#/")
    for players in (1, 2, 3, 4, 5):
        bots = players - 1
        link = f"#/the-game?players={players}&bots={bots}&seed=fit-{players}" + ("&start=1" if players > 1 else "")
        as_on_a_first_visit(page)  # as each table was in a profile of its own: its top bar offers "Learn"
        follow_link(page, server, link)
        if bots:
            expect(page.get_by_label("Bot speed")).to_be_visible()  # the speed control is shown, and still it fits
            page.get_by_label("Bot speed").select_option("instant")
        my_turn(page)
        with where(f"{players} players, first turn"):
            assert_decision_fits(page)
        # A turn played, the bots' turns in between, and the person's turn again: still one screen, now with the
        # recap.
        for card in sorted(hand(page))[:2]:
            page.get_by_role("button", name=re.compile(rf"^{card}( fire)?$")).click()
            page.locator(".pile.legal").first.click()
        page.get_by_role("button", name="End turn").click()
        my_turn(page)
        with where(f"{players} players, second turn"):
            assert_decision_fits(page)
        if bots:
            expect(page.locator("#recap")).to_contain_text("Since your turn")
        screenshot(page, f"the-game-{players}p-phone")


@contextlib.contextmanager
def where(place: str):
    """An assertion failing inside says where (which table, which turn) as well as what."""
    try:
        yield
    except AssertionError as err:
        raise AssertionError(f"{place}: {err}") from err


def test_a_phone_on_its_side_and_a_desktop_use_the_room(context_factory, server):
    for viewport, name in ((LANDSCAPE, "landscape"), (DESKTOP, "desktop")):
        page = context_factory(viewport=viewport, has_touch=viewport is LANDSCAPE).new_page()
        open_app(page, server, "#/the-game?players=5&bots=4&seed=fit-5&start=1&variant=fire")
        my_turn(page)
        assert_decision_fits(page)
        if viewport is DESKTOP:
            expect(page.get_by_role("log", name="Moves")).to_be_visible()  # beside the table, always
        screenshot(page, f"the-game-5p-{name}")


def test_the_move_log_and_recap_after_the_bots_turns(context_factory, server):
    page = phone(context_factory)
    open_app(page, server, "#/the-game?players=3&bots=2&seed=abc&start=1")
    page.get_by_label("Bot speed").select_option("fast")
    mine = sorted(hand(page))[:2]
    for card in mine:
        page.get_by_role("button", name=str(card), exact=True).click()
        page.get_by_role("button", name=re.compile(r"^Ascending pile 1, top")).click()
    page.get_by_role("button", name="End turn").click()
    my_turn(page)
    recap = page.locator("#recap")
    expect(recap).to_contain_text("Since your turn:")
    expect(recap).to_contain_text("Bot 2")
    expect(recap).to_contain_text("Bot 3")
    expect(page.locator(".recent-tag").first).to_be_visible()  # the bots' fresh cards are marked on the piles
    screenshot(page, "the-game-recap-phone")
    recap.click()
    log = page.get_by_role("dialog", name="Moves").get_by_role("log", name="Moves")
    expect(log).to_be_visible()
    turns = log.locator(".log-turn")
    expect(turns).to_have_count(3)
    expect(turns.nth(0)).to_contain_text("Player 1 (you)")
    for card in mine:
        expect(turns.nth(0)).to_contain_text(str(card))
    screenshot(page, "the-game-log-phone")
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(recap).to_be_focused()
    # Once the person acts, the marks go.
    card = hand(page)[-1]
    page.get_by_role("button", name=str(card), exact=True).click()
    page.locator(".pile.legal").first.click()
    expect(page.locator(".recent-tag")).to_have_count(0)


def test_the_pass_the_device_cover_tells_what_happened_since(desktop_table):
    page = desktop_table("#/the-game?players=3&bots=1&seed=77&start=1", ".handover")
    page.get_by_role("button", name="I am Player 1: show my hand").click()
    page.get_by_label("Bot speed").select_option("instant")
    for card in sorted(hand(page))[:2]:
        page.get_by_role("button", name=str(card), exact=True).click()
        page.locator(".pile.legal").first.click()
    page.get_by_role("button", name="End turn").click()
    cover = page.locator(".handover")
    expect(cover).to_contain_text("Pass the device to Player 2")
    expect(cover.locator(".recap")).to_contain_text("Player 1")


def drag(page, source, target, steps: int = 8) -> None:
    a = source.bounding_box()
    b = target.bounding_box() if not isinstance(target, dict) else target
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 5, a["y"] - 20, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=steps)
    page.mouse.up()


def test_drag_a_card_onto_a_pile_with_a_mouse(desktop_table):
    page = desktop_table(SOLO.format("drag"), ".hand .card")
    high = max(hand(page))
    drag(page, page.get_by_role("button", name=str(high), exact=True), page.locator("#pile-0"))
    expect(page.locator("#pile-0 .pile-top .card-num")).to_have_text(str(high))
    assert high not in hand(page)
    # Dropped where it may not go (below an ascending pile's top, or on the status line): it comes back.
    low = next(c for c in hand(page) if c < high and c != high - 10)
    before = hand(page)
    drag(page, page.get_by_role("button", name=str(low), exact=True), page.locator("#pile-0"))
    drag(page, page.get_by_role("button", name=str(low), exact=True), page.locator("#status"))
    page.wait_for_timeout(300)
    assert hand(page) == before and top(page, 0) == high
    expect(page.locator(".notice-error")).to_have_count(0)  # a drag that goes nowhere is not an error
    expect(page.locator("#motion-layer > *")).to_have_count(0)  # nothing is left floating


def test_drag_a_card_onto_a_pile_by_touch(context_factory, server):
    page = phone(context_factory)
    open_app(page, server, "#/the-game?players=1&seed=123")
    high = max(hand(page))
    card = page.get_by_role("button", name=str(high), exact=True).bounding_box()
    pile = page.locator("#pile-3").bounding_box()
    cdp = page.context.new_cdp_session(page)
    x0, y0 = card["x"] + card["width"] / 2, card["y"] + card["height"] / 2
    x1, y1 = pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x0 + (x1 - x0) * i / 10, "y": y0 + (y1 - y0) * i / 10}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(page.locator("#pile-3 .pile-top .card-num")).to_have_text(str(high))
    assert high not in hand(page)
    assert page.evaluate("window.scrollY") == 0, "dragging did not scroll the page"


def travelling(page) -> int:
    """How many animations are running right now on the table (cards flying or sliding)."""
    return page.evaluate("document.getAnimations().filter(a => a.playState === 'running' && "
                         "a.effect && a.effect.target && a.effect.target.closest('#motion-layer, .hand')).length")


def slow_motion(page, rate: float = 0.1):
    """Runs the page's animations at `rate` of their speed (CDP), so a flight of ~0.4 s lasts ~4 s: one counted
    after a click's round trip is still in the air at any load (the whole suite at load 13 once counted 0, the
    card had landed already). Returns the CDP session."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": rate})
    return cdp


def test_cards_travel_when_played_and_not_under_reduced_motion(context_factory, server):
    for motion, expected in (("no-preference", True), ("reduce", False)):
        page = context_factory(reduced_motion=motion).new_page()
        open_app(page, server, "#/the-game?players=1&seed=123")
        slow_motion(page)  # the next play then lands while the first card still flies
        card = min(hand(page))
        page.get_by_role("button", name=str(card), exact=True).click()
        page.get_by_role("button", name=re.compile(r"^Ascending pile 1, top")).click()
        moving = travelling(page)
        assert (moving > 0) is expected, f"{motion}: {moving} animations"
        expect(page.locator("#pile-0 .pile-top .card-num")).to_have_text(str(card))
        # Input is never blocked by motion: the next card can be played at once.
        second = min(hand(page))
        page.get_by_role("button", name=str(second), exact=True).click()
        page.get_by_role("button", name=re.compile(r"^Ascending pile 2, top")).click()
        expect(page.locator("#pile-1 .pile-top .card-num")).to_have_text(str(second))


def test_while_a_card_flies_the_pile_already_names_its_new_top(desktop_table):
    """Only the picture moves: the pile's accessible name says the new top at once, not "top" with no number."""
    page = desktop_table(SOLO.format("flies"), ".hand .card")
    cdp = slow_motion(page, 0.05)  # a flight of ~7 s
    try:
        card = min(hand(page))
        page.get_by_role("button", name=str(card), exact=True).click()
        page.locator("#pile-0").click()
        assert travelling(page) > 0
        expect(page.get_by_role("button", name=re.compile(rf"^Ascending pile 1, top {card}\b"))).to_be_visible(
            timeout=2000)
        assert travelling(page) > 0, "the card had landed already: the check proved nothing"
    finally:  # the page goes on to the module's next test
        cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})
        cdp.detach()


def test_undo_brings_the_card_back_into_the_hand(desktop_table):
    page = desktop_table(SOLO.format("undo"), ".hand .card")
    card = min(hand(page))
    page.get_by_role("button", name=str(card), exact=True).click()
    page.get_by_role("button", name=re.compile(r"^Ascending pile 1, top")).click()
    page.get_by_role("button", name="Undo").click()
    assert card in hand(page) and top(page, 0) == 1
    assert travelling(page) > 0, "the card travels back"


def test_a_message_floats_over_the_table_and_stays_on_its_screen(desktop_table):
    page = desktop_table(SOLO.format("message"), ".hand .card")
    piles_at = page.locator(".piles").bounding_box()["y"]
    high = max(hand(page))
    page.get_by_role("button", name=str(high), exact=True).click()
    page.locator("#pile-0").click()
    low = next(c for c in hand(page) if c < high and c != high - 10)
    page.get_by_role("button", name=str(low), exact=True).click()
    page.locator("#pile-0").click()  # does not fit: a message
    expect(page.locator(".notice-error")).to_be_visible()
    assert page.locator(".piles").bounding_box()["y"] == piles_at, "the message pushed the table down"
    page.get_by_role("link", name="Junban home").click()
    expect(page.get_by_role("heading", name=re.compile("Junban"))).to_be_visible()
    expect(page.locator(".notice")).to_have_count(0)
    assert page.evaluate("document.activeElement !== document.body"), "focus was left on the page body"


def test_markers_from_the_pile_itself_in_japanese(context_factory, server):
    page = context_factory(viewport=PHONE, locale="ja-JP", has_touch=True).new_page()
    open_app(page, server, "#/the-game?players=2&bots=1&seed=77&start=1")
    page.locator("#pile-2").click()
    menu = page.get_by_role("dialog", name=re.compile("のマーカー"))
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitemradio")).to_have_count(3)
    menu.get_by_role("menuitemradio", name="ここには置かないで").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.locator("#pile-2 .marker-badge")).to_contain_text("置かないで")
    expect(page.locator(".notice")).to_have_count(0)  # the old select refused its own second event
    # An engine refusal reads in Japanese, not English.
    page.get_by_role("button", name="手番終了").evaluate("b => b.removeAttribute('disabled')")
    page.get_by_role("button", name="手番終了").click()
    expect(page.locator(".notice-error")).to_contain_text("手番を終える前に")
    assert page.locator(".skip-link").text_content() == "本文へ移動"
    expect(page.locator(".seat-chip .seat-name").first).to_have_text("プレイヤー1")
    screenshot(page, "the-game-marker-ja-phone")


def test_the_japanese_webfont_is_shipped_and_used(context_factory, server):
    page = context_factory(locale="ja-JP").new_page()
    fonts = []
    page.on("request", lambda r: fonts.append(r.url) if "/vendor/fonts/" in r.url else None)
    open_app(page, server, "#/")
    japanese_font_loaded(page, "順番")
    assert page.evaluate("""document.fonts.check("16px 'Noto Sans JP Variable'", "順番")""")
    woff = [u for u in fonts if u.endswith(".woff2")]
    assert woff, "a part of the Japanese font was downloaded for the page's glyphs"
    assert len(woff) < 40, "only the parts holding shown glyphs, not the whole font"


def test_kanji_of_every_part_of_the_font_are_drawn_full_width_not_as_boxes(context_factory, server):
    """点, 得 and 表 sit in parts of the font that also cover Latin; with a Latin font first in the list Chromium drew
    them as narrow boxes. A kanji is as wide as its font size; a box is about half."""
    page = context_factory(viewport=PHONE, locale="ja-JP").new_page()
    open_app(page, server, "#/eleusis?players=4&bots=3&level=baseline&seed=font-1")
    japanese_font_loaded(page, "点得表")
    for selector in (".el-seat-points", ".el-scores-button"):
        element = page.locator(selector).first
        kanji = element.evaluate("e => e.textContent.replace(/[0-9]/g, '')")
        assert kanji, selector
        width = element.evaluate("""e => { const r = document.createRange(); r.selectNodeContents(e);
            const digits = e.textContent.replace(/[^0-9]/g, '').length;
            return r.getBoundingClientRect().width - digits * parseFloat(getComputedStyle(e).fontSize) * 0.6; }""")
        size = element.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert width >= 0.85 * size * len(kanji), (selector, kanji, width, size)


def test_a_name_in_kanji_on_an_english_page_is_drawn_full_width_not_as_boxes(context_factory, server):
    """A person may name their seat in kanji on an English page; with "Liberation Sans" named before the Japanese
    webfont, Chromium drew those kanji as boxes."""
    page = context_factory(viewport=PHONE, locale="en-US").new_page()
    open_app(page, server, "#/")
    page.evaluate("""() => localStorage.setItem('junban.settings', JSON.stringify({schema: 1, type: 'settings',
        values: {lang: 'en', speed: 'normal', names: ['点得表'], tutorials_offered: ['the-game', '23', 'eleusis']}}))""")
    page.reload()
    open_app(page, server, "#/eleusis?players=4&bots=3&level=baseline&seed=font-1")
    name = page.locator(".seat-chip .seat-name").first
    assert name.text_content() == "点得表"
    japanese_font_loaded(page, "点得表", weight=700)
    width = name.evaluate("e => { const r = document.createRange(); r.selectNodeContents(e); return r.getBoundingClientRect().width; }")
    size = name.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert width >= 0.85 * size * 3, (width, size)


def test_the_history_fits_a_phone_in_both_languages(context_factory, server):
    for locale in ("en-US", "ja-JP"):
        page = context_factory(viewport=PHONE, locale=locale).new_page()
        open_app(page, server, "#/history")
        page.evaluate("""() => localStorage.setItem('junban.history', JSON.stringify({schema: 1, type: 'history',
            entries: Array.from({length: 9}, (_, i) => ({id: 'h' + i, game: i % 3 === 2 ? '23' : 'the-game',
            bucket: i % 3 ? 'standard' : 'expert', players: 1 + (i % 2), won: i % 4 !== 0, perfect: i === 5,
            score: (i * 7) % 30, at: 1790000000 + i, seed: String(i)}))}))""")
        page.reload()
        page.wait_for_selector("table.stats")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        widths = page.locator(".stats th[scope=row]").evaluate_all("els => els.map(e => e.getBoundingClientRect().width)")
        assert min(widths) > 200, f"a row's name is squeezed: {widths}"
        screenshot(page, f"history-{locale[:2]}-phone")
