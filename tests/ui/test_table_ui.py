"""The table every game shares, on CPython (fake DOM and timers): the pass-the-device cover's own sheets and words,
the recap of what happened since a person's last turn."""
from __future__ import annotations

import pytest

from tests.ui import tablekit
from tests.ui.tablekit import button, by_attr, by_id, click

TWO_AT_ONE_DEVICE = "#/the-game?players=2&seed=77&start=1"  # two people passing the device


def _end_a_turn(app, platform) -> None:
    table = app.screen
    for _ in range(2):
        card = next(a for a in table.session.legal_actions() if "play" in a)
        table.act(card)
    app.render()
    click(app, button(platform, "End turn"))


def test_the_cover_opens_the_rules_and_the_menu_over_itself_and_shows_no_hand():
    app, platform = tablekit.start(TWO_AT_ONE_DEVICE)
    assert by_attr(platform, "id", "handover-title")
    for opener, dialog in (("open-rules", "sheet-rules"), ("open-menu", "sheet-menu")):
        click(app, by_id(platform, opener))
        assert by_attr(platform, "id", dialog), f"{opener} opened nothing on the cover"
        cover = by_attr(platform, "class", "handover")[0]
        assert "inert" in cover.attributes, "the cover is inert under its sheet"
        assert not by_attr(platform, "data-act", "tg:card"), "no hand is shown"
        click(app, by_attr(platform, "class", "sheet-close")[0])
        assert not by_attr(platform, "role", "dialog")
        assert platform.focused == f"#{opener}"
    click(app, button(platform, "I am Player 1: show my hand"))
    assert not by_attr(platform, "role", "dialog"), "no sheet opened late over the hand"


def test_the_covers_recap_speaks_to_the_person_it_calls():
    app, platform = tablekit.start(TWO_AT_ONE_DEVICE)
    click(app, button(platform, "I am Player 1: show my hand"))
    _end_a_turn(app, platform)
    cover = by_attr(platform, "class", "handover")[0]
    assert "Pass the device to Player 2" in cover.textContent
    assert "Player 1" in cover.textContent
    assert "(you)" not in cover.textContent, "the recap called the previous player 'you' on Player 2's cover"
    click(app, by_id(platform, "open-menu"))
    click(app, button(platform, "Moves"))
    log = by_id(platform, "move-log")
    assert "Player 1 (you)" not in log.textContent


def test_the_move_log_draws_a_turn_again_when_its_moves_or_its_words_change():
    """Turns already drawn are used again as they were (a long log would otherwise be redrawn every move); a move
    taken back and another made, or the language switched, draws them again."""
    from junban.ui.parts import movelog
    from tests.ui.test_language_switch import switch_language

    app, platform = tablekit.start("#/the-game?players=1&seed=77&start=1")
    table = app.screen
    plays = [a for a in table.session.legal_actions() if "play" in a]
    first, other = plays[0], next(a for a in plays if a["play"] != plays[0]["play"])
    table.act(first)
    app.render()
    assert str(first["play"]) in by_id(platform, "move-log").textContent
    table.act({"undo": True})
    table.act(other)
    app.render()
    assert str(other["play"]) in by_id(platform, "move-log").textContent, "drawn again after the undo"
    _end_a_turn_of_one(app, table)
    once, again = (movelog.render_log(table).children[0].children for _ in range(2))
    assert once[0] is again[0], "a turn that did not change is the drawing made before"
    before = by_id(platform, "move-log").textContent
    switch_language(app, platform, "ja")
    after = by_id(platform, "move-log").textContent
    assert after != before and "プレイヤー1" in after and "Player 1" not in after


def _end_a_turn_of_one(app, table) -> None:
    while not any("end_turn" in a for a in table.session.legal_actions()):
        table.act(next(a for a in table.session.legal_actions() if "play" in a))
    table.act(next(a for a in table.session.legal_actions() if "end_turn" in a))
    app.render()


@pytest.mark.parametrize("game, field", [("eleusis", "el-first-dealer"), ("the-game", "opt-start")])
def test_who_deals_or_starts_first_names_the_seats_as_they_were_typed(game, field):
    app, platform = tablekit.start(f"#/{game}")
    click(app, button(platform, "4 players"))
    for i in range(4):
        click(app, by_attr(platform, "data-arg", f"{i}:person")[0])
    for i, name in enumerate(["Ann", "Bo", "", "Dee"]):  # a name left blank stays "Player 3"
        app.field(f"name-{i}", name, False)  # typed: the input shows it
        app.field(f"name-{i}", name, True)  # done (the field's change)
    choice = by_attr(platform, "data-field", field)[0]
    options = [o.textContent for o in choice.find_all(lambda n: n.tagName == "option")]
    assert options[1:] == ["Ann", "Bo", "Player 3", "Dee"], options
    assert "Dee" in options[0] or game == "the-game", options  # "Automatic: the last seat (Dee)"
