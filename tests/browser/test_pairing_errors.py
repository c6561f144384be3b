"""A refused paste is said where the person looks: right under the answer field and its Connect button, in view on
a 375x667 phone, in English and Japanese (issue 41, "Errors out of sight")."""
from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE, open_app, screenshot
from tests.browser.phones import paste_answer, set_up_table, shown_link


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_a_refused_answer_is_said_under_the_field_in_view(context_factory, server, locale):
    host = open_app(context_factory(viewport=PHONE, has_touch=True, locale=locale).new_page(), server,
                    "#/the-game?players=2")
    set_up_table(host, ["person", "phone"])
    paste_answer(host, shown_link(host))  # the host's own link pasted back
    error = host.locator("#phones-answer-error")
    error.wait_for()
    text = error.inner_text()
    assert ("your own pairing link" in text) if locale == "en-US" else ("あなた自身のペアリングリンク" in text)
    field = host.locator("#phones-answer").bounding_box()
    box = error.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"] + 1, f"in view: {box}"  # (sub-pixels)
    assert 0 <= box["y"] - (field["y"] + field["height"]) < 80, "right under the field"
    assert host.locator("#phones-answer").get_attribute("aria-describedby") == "phones-answer-error"
    screenshot(host, f"pairing-refused-{locale[:2]}-phone")
