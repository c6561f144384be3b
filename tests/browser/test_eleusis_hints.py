"""The scientist's hints in the browser (Pyodide): Hint opens a sheet of steps, a card to try is ringed in the hand,
the best guess is turned over on request; on a touch phone (375×667) and a desktop (1280×800), in English and
Japanese, each step fits the screen without scrolling.

Screenshots go to tests/artifacts/eleusis-hint-*.png to be looked at.
"""
from __future__ import annotations

import pytest

from tests.browser.conftest import DESKTOP, PHONE, open_app, screenshot, settle
from tests.browser.test_accessibility import audit

WORDS = {
    "en": {"hint": "Hint", "title": "Hint from the scientist", "card": "Show a card to try",
           "guess": "The scientist's best guess", "ring": "(the card to try)"},
    "ja": {"hint": "ヒント", "title": "科学者のヒント", "card": "試すカードを見る",
           "guess": "科学者のいちばんの推測", "ring": "（試すカード）"},
}
VIEWS = {"phone": {"viewport": PHONE, "has_touch": True, "is_mobile": True}, "desktop": {"viewport": DESKTOP}}
LOCALES = {"en": "en-US", "ja": "ja-JP"}


def fits(page) -> None:
    """The sheet is whole on screen and its body does not scroll."""
    settle(page)  # the sheet slides up
    box = page.locator("#sheet-hint").bounding_box()
    height = page.viewport_size["height"]
    assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1, box
    body = page.locator("#sheet-hint .sheet-body")
    assert body.evaluate("b => b.scrollHeight <= b.clientHeight + 1"), "the hint sheet scrolls"
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def press(page, locator, touch: bool) -> None:
    locator.tap() if touch else locator.click()


def step_through(page, lang: str, view: str, screen: str) -> None:
    words = WORDS[lang]
    touch = view == "phone"
    press(page, page.get_by_role("button", name=words["hint"], exact=True), touch)
    sheet = page.get_by_role("dialog", name=words["title"])
    sheet.wait_for(timeout=30_000)
    assert page.evaluate("document.activeElement.id") == "hint-step-1"
    fits(page)
    screenshot(page, f"eleusis-hint-{screen}-1-{view}-{lang}")
    press(page, sheet.get_by_role("button", name=words["card"]), touch)
    page.wait_for_selector("#hint-step-2")
    fits(page)
    screenshot(page, f"eleusis-hint-{screen}-2-{view}-{lang}")
    press(page, page.locator("#hint-more-2"), touch)
    page.wait_for_selector("#hint-step-3")
    assert sheet.get_by_role("heading", name=words["guess"]).is_visible()
    fits(page)
    screenshot(page, f"eleusis-hint-{screen}-3-{view}-{lang}")
    assert not audit(page), "axe-core finds a serious or critical violation in the hint sheet"
    page.keyboard.press("Escape")
    page.wait_for_selector("#sheet-hint", state="detached")
    assert page.evaluate("document.activeElement.id") == "el-hint-open"
    ringed = page.locator(".el-card-button.hinted")
    assert ringed.count() == 1 and ringed.get_attribute("aria-label").endswith(words["ring"])
    assert ringed.is_visible() and ringed.bounding_box()["y"] + 40 <= page.viewport_size["height"]
    screenshot(page, f"eleusis-hint-{screen}-ringed-{view}-{lang}")


@pytest.mark.parametrize("view, lang", [("phone", "en"), ("desktop", "ja")])
def test_solo_science_hints_step_by_step(context_factory, server, view, lang):
    page = context_factory(locale=LOCALES[lang], **VIEWS[view]).new_page()
    open_app(page, server, "#/eleusis-science?seed=browser-hint")
    step_through(page, lang, view, "science")


@pytest.mark.parametrize("view, lang", [("phone", "ja"), ("desktop", "en")])
def test_table_hints_on_the_persons_turn(context_factory, server, view, lang):
    page = context_factory(locale=LOCALES[lang], **VIEWS[view]).new_page()
    open_app(page, server, "#/eleusis?players=4&bots=3&seed=browser-hint")
    page.locator("#speed, #menu-speed").first.select_option("instant")
    page.wait_for_selector("#el-hint-open", timeout=60_000)
    step_through(page, lang, view, "table")
