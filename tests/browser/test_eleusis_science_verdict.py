"""Solo science in the browser: a wrong guess's verdict shows at the top of the guess panel, explained where the
player can test it (after the current last card), never as a first card; on a touch phone (375×667) in English and
Japanese and on a desktop. Screenshots go to tests/artifacts/eleusis-science-verdict-*.png to be looked at.
"""
from __future__ import annotations

import pytest

from junban.games.eleusis import rulelink
from tests.browser.conftest import DESKTOP, PHONE, open_app, screenshot, settle

VIEWS = {"phone": {"viewport": PHONE, "has_touch": True, "is_mobile": True}, "desktop": {"viewport": DESKTOP}}
WORDS = {"en": {"open": "Guess the rule", "box": "Your guess, in words or in the rule language", "guess": "Guess",
                "wrong": "Not the rule", "after": "after", "first": "first card"},
         "ja": {"open": "ルールを推測", "box": "言葉またはルール言語で書いたあなたの推測", "guess": "推測する",
                "wrong": "ルールではありません", "after": "の次に", "first": "最初のカード"}}


@pytest.mark.parametrize("view, lang", [("phone", "en"), ("phone", "ja"), ("desktop", "en")])
def test_a_wrong_guess_is_answered_at_the_top_of_the_panel_after_the_last_card(context_factory, server, view, lang):
    words = WORDS[lang]
    page = context_factory(locale={"en": "en-US", "ja": "ja-JP"}[lang], **VIEWS[view]).new_page()
    token = rulelink.encode("card.colour != prev.colour")
    open_app(page, server, f"#/eleusis-science?rule={token}&seed=b")  # the first card is red
    opener = page.get_by_role("button", name=words["open"])
    if opener.is_visible():
        opener.tap() if view == "phone" else opener.click()
    box = page.get_by_label(words["box"])
    box.fill("card.red")
    button = page.get_by_role("button", name=words["guess"], exact=True)
    button.tap() if view == "phone" else button.click()
    verdict = page.locator("#sci-verdict")
    verdict.wait_for(timeout=30_000)
    settle(page)
    text = verdict.inner_text()
    assert words["wrong"] in text and words["after"] in text and words["first"] not in text, text
    assert page.evaluate("document.activeElement.id") == "sci-verdict"
    top, field = verdict.bounding_box(), box.bounding_box()
    assert top["y"] + top["height"] <= field["y"] + 1, "the verdict is above the input"
    height = page.viewport_size["height"]
    assert 0 <= top["y"] and top["y"] + 40 <= height, "the verdict is on screen"
    screenshot(page, f"eleusis-science-verdict-{view}-{lang}")
