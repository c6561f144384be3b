"""Switching to Japanese in the middle of a game, in Chromium (issue 31): the seats named by default in English read
in Japanese at the table, on home's saved games and in the setup screen's name box, and the live region speaks the
new language."""
from __future__ import annotations

from tests.browser.conftest import DESKTOP, PHONE, japanese_font_loaded, open_app, screenshot


def test_names_made_in_english_read_in_japanese_after_the_switch_and_so_does_the_live_region(context_factory,
                                                                                             server):
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        touch = {"has_touch": True, "is_mobile": True} if viewport is PHONE else {}
        page = open_app(context_factory(viewport=viewport, locale="en-US", **touch).new_page(), server, "#/23")
        page.get_by_role("button", name="Start game").click()
        cards = page.locator(".tt-hand .tt-card")
        cards.first.wait_for()
        for card in cards.all()[-3:]:  # the highest three (the 1 cannot be discarded)
            card.click()
        page.locator("#tt-discard:not([disabled])").click()
        page.wait_for_function("document.getElementById('live').textContent.includes('Bot 2')")  # in English
        # the bots play on their own clock: switch once the turn is back, so no bot move speaks over the switch
        page.wait_for_function("document.getElementById('status').textContent === 'Player 1, your turn.'")

        page.locator("#open-menu").click()
        page.get_by_role("button", name="Switch language to 日本語").click()
        page.wait_for_function("document.documentElement.lang === 'ja'")
        assert page.locator("#live").text_content() == "日本語で表示しています。"
        assert page.locator(".seat-name").all_inner_texts()[:2] == ["プレイヤー1", "ボット2"]

        page.goto(server.base + "#/")
        who = page.locator(".saves li").first.inner_text()
        assert "プレイヤー1、ボット2" in who and "Player" not in who
        japanese_font_loaded(page, page.locator("main").inner_text())
        page.locator(".saves").first.scroll_into_view_if_needed()
        screenshot(page, f"language-switch-home-{name}-ja")

        page.goto(server.base + "#/23")
        assert page.locator("input[data-field='name-0']").input_value() == "プレイヤー1"
        japanese_font_loaded(page, page.locator("main").inner_text())
        screenshot(page, f"language-switch-setup-{name}-ja")
        page.close()
