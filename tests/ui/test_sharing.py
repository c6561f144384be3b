"""Sharing from a table, on CPython: "Share this deal" and "Send this game" hand their link to the phone's share
sheet where the browser has one, copy it elsewhere, and say on the screen what happened (the daily's result on
home: tests/ui/test_daily.py)."""
from __future__ import annotations

from tests.ui.tablekit import by_attr, by_id, click, start

SOLO = "#/the-game?players=1&seed=123"


def menu(app, platform):
    click(app, by_id(platform, "open-menu"))


def test_share_this_deal_copies_its_link_and_says_so_on_the_screen():
    app, platform = start(SOLO)
    menu(app, platform)
    click(app, by_id(platform, "share"))
    link, = platform.copied
    assert link.startswith("http://127.0.0.1:8000/#/the-game?") and "seed=123" in link
    assert by_id(platform, "share-url").attributes["value"] == link
    assert by_id(platform, "share-note").textContent == "The link is copied."  # seen, not only heard
    assert platform.announcements[-1] == "The link is copied."


def test_share_this_deal_uses_the_share_sheet_where_there_is_one():
    app, platform = start(SOLO, lang="ja")
    platform.share_sheet = True
    menu(app, platform)
    click(app, by_id(platform, "share"))
    shared, = platform.shared
    assert shared["url"] == by_id(platform, "share-url").attributes["value"] and shared["title"] == "Junban · ザ・ゲーム"
    assert platform.copied == [] and not by_attr(platform, "id", "share-note")


def test_a_link_that_cannot_be_copied_is_left_in_its_box_with_words_saying_so():
    app, platform = start(SOLO)
    platform.clipboard_works = False
    menu(app, platform)
    click(app, by_id(platform, "share"))
    assert by_id(platform, "share-note").textContent == "Copy the link from the box."
    assert platform.focused == "#share-url"


def test_send_this_game_has_a_button_that_copies_its_link():
    app, platform = start(SOLO)
    hand = sorted(app.screen.view()["hand"])
    app.screen.act({"play": hand[0], "pile": 0})
    menu(app, platform)
    click(app, by_id(platform, "send"))
    link = by_id(platform, "send-url").attributes["value"]
    assert "#/receive?game=" in link and platform.focused == "#send-share"
    copy = by_id(platform, "send-share")
    assert copy.textContent == "Copy the link"
    click(app, copy)
    assert platform.copied == [link] and by_id(platform, "send-note").textContent == "The link is copied."


def test_send_this_game_offers_the_share_sheet_where_there_is_one():
    app, platform = start(SOLO, lang="ja")
    platform.share_sheet = True
    app.screen.act({"play": min(app.screen.view()["hand"]), "pile": 0})
    menu(app, platform)
    click(app, by_id(platform, "send"))
    button = by_id(platform, "send-share")
    assert button.textContent == "リンクを共有"
    click(app, button)
    assert platform.shared[-1]["url"] == by_id(platform, "send-url").attributes["value"] and platform.copied == []
