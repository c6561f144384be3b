"""Switching the language while using the app (issue 31): a seat named by default in English ("Player 1", "Bot 2")
reads in Japanese after the switch wherever a name is shown (table, home's saved games, the setup screen's name
boxes), and the screen-reader live region says the switch in the new language instead of keeping the last English
sentence."""
from __future__ import annotations

from junban.ui import i18n
from tests.ui.tablekit import click, nodes, start


def switch_language(app, platform, to: str) -> None:
    """As a person does it: the top bar's language button (at a table: the one in its menu)."""
    if hasattr(app.screen, "session"):
        app.dispatch("table:sheet", "menu")
    found = [n for n in nodes(platform, lambda n: n.attributes.get("data-act") == "app:lang")]
    assert len(found) == 1 and found[0].attributes["data-arg"] == to
    click(app, found[0])


def started_in_english():
    """23 started from its setup screen in English (the names it gave are remembered), one move made."""
    app, platform = start("#/23")
    app.dispatch("setup:start", None)  # the form's "Start game"
    table = app.screen
    table.act(next(a for a in table.session.legal_actions()))
    app.render()
    return app, platform


def name_boxes(app, platform) -> list[str]:
    """The setup screen of 23: what its people's name boxes offer."""
    app.go("#/23")
    boxes = nodes(platform, lambda n: n.attributes.get("data-field", "").startswith("name-"))
    return [n.attributes["value"] for n in boxes]


def test_default_names_made_in_english_read_in_japanese_on_home_and_setup_after_the_switch():
    app, platform = started_in_english()
    assert app.services.settings["names"] == ["Player 1"]
    try:
        switch_language(app, platform, "ja")
        chips = [n.textContent for n in nodes(platform, lambda n: n.attributes.get("class") == "seat-name")]
        assert chips[:2] == ["プレイヤー1", "ボット2"]
        app.go("#/")
        saves = nodes(platform, lambda n: n.attributes.get("class") == "saves")[0].textContent
        assert "プレイヤー1、ボット2" in saves and "Player 1" not in saves and "Bot 2" not in saves
        resume = [n for n in nodes(platform, lambda n: n.attributes.get("href", "").startswith("#/play/"))]
        assert "Player 1" not in resume[0].attributes["aria-label"], "the resume button's name too"
        assert name_boxes(app, platform) == ["プレイヤー1"], "the default name in the language shown"
        switch_language(app, platform, "en")
        assert name_boxes(app, platform) == ["Player 1"]
    finally:
        i18n.set_language("en")


def test_a_name_a_person_chose_stays_as_it_is_in_either_language():
    app, platform = start("#/23")
    app.field("name-0", "Ann", final=True)
    app.dispatch("setup:start", None)  # the form's "Start game"
    try:
        switch_language(app, platform, "ja")
        assert name_boxes(app, platform) == ["Ann"]
    finally:
        i18n.set_language("en")


def test_the_live_region_follows_the_switch():
    app, platform = started_in_english()
    platform.run_timers(20)  # the bots move: their moves are announced in English
    assert platform.announcements and all(not any("\u3040" <= ch <= "\u30ff" for ch in a)
                                          for a in platform.announcements)
    try:
        switch_language(app, platform, "ja")
        assert platform.announcements[-1] == "日本語で表示しています。"
        switch_language(app, platform, "en")
        assert platform.announcements[-1] == "Now in English."
    finally:
        i18n.set_language("en")
