"""A phone the host let go (issue 41), in a real browser: the host gives a friend's seat to a bot mid-game; the
friend's phone says so, its own chip shows the bot, and home no longer lists the seat at its top as one it plays."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.phones import pair_by_paste, set_up_table


def test_a_seat_given_to_a_bot_shows_on_the_friends_phone_and_leaves_its_home_strip(phone_factory):
    host, friend = phone_factory(2, "#/the-game?players=2")
    set_up_table(host, ["person", "phone"])
    assert pair_by_paste(host, friend, "the-game") == 1
    expect(friend.locator(".seat-chip").nth(1)).to_contain_text("plays on their phone")
    host.locator("#open-menu").click()
    host.locator("#phones-setup").click()
    host.locator("#seat-1-bot").click()
    host.locator("#phones-apply").click()
    expect(friend.locator("#guest-banner")).to_contain_text("gave your seat to a bot", timeout=20_000)
    own = friend.locator(".seat-chip").nth(1)
    expect(own).to_have_class(re.compile(r"\bbot\b"))
    expect(own).not_to_contain_text("plays on their phone")
    screenshot(friend, "phones-let-go-guest-en")
    friend.goto(friend.url.split("#", 1)[0] + "#/")
    friend.wait_for_selector(".join-strip")
    expect(friend.locator(".home-seat")).to_have_count(0)
    screenshot(friend, "phones-let-go-home-en")
