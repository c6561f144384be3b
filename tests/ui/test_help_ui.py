"""Help around the games on CPython: hints mark a game assisted (save, result, history, statistics filter), links
opened again resume with "start again", Back from a table leads home, games with no move are not kept, the setup
leads with what a player chooses, the rules (page and sheet) lead into a first game, a game's first visit offers
it, and the save's new fields are validated while old saves still load."""
from __future__ import annotations

import json

import pytest
from junban.session import Session
from junban.storage import HISTORY_KEY, SAVE_PREFIX, Store

from tests.ui.fakeplatform import DictStorage
from tests.ui.tablekit import button, by_id, click, named, nodes, play_out, select, start

SOLO = "#/the-game?players=1&seed=123"


def test_a_hint_marks_the_game_assisted_in_the_save_the_result_and_the_history():
    app, platform = start(SOLO)
    table = app.screen
    click(app, button(platform, "Hint"))
    click(app, button(platform, "Hint"))
    assert app.store.read_save(table.session.id)["hints"] == 2
    play_out(app)
    assert "Assisted: you took 2 hints." in by_id(platform, "result-marks").textContent
    entry, = app.store.history()
    assert entry["assisted"] is True
    app.go("#/history")
    recent = select(platform, ".recent-game")
    assert len(recent) == 1 and "Assisted" in recent[0].textContent
    assert nodes(platform, lambda n: n.tagName == "table")
    click(app, button(platform, "Without help"))
    assert not nodes(platform, lambda n: n.tagName == "table"), "the statistics leave the assisted game out"
    assert not select(platform, ".recent-game")
    click(app, button(platform, "All games"))
    assert nodes(platform, lambda n: n.tagName == "table")


def test_a_game_without_hints_is_not_marked():
    app, platform = start(SOLO)
    play_out(app)
    assert not select(platform, "#result-marks")
    entry, = app.store.history()
    assert "assisted" not in entry and "hints" not in app.store.read_save(app.screen.session.id)


def test_a_link_opened_again_resumes_its_game_and_offers_to_start_again():
    app, platform = start(SOLO)
    first = app.screen.session
    card = min(first.view(0)["hand"])
    click(app, by_id(platform, f"card-{card}"))
    click(app, by_id(platform, "pile-0"))
    app.go(SOLO)
    assert app.screen.session.id == first.id and platform.hash == f"#/play/{first.id}"
    notice, = [n for n in app.notices if n.key == "resumed"]
    assert notice.text == "You have started this deal before: here is your game."
    start_again = named(platform, "Start again")[0]
    click(app, start_again)
    fresh = app.screen.session
    assert fresh.id != first.id and fresh.actions == [] and fresh.seed == first.seed
    assert platform.history[-2] == "#/", "Back from the new copy leads home"
    assert app.store.read_save(first.id) is not None, "the first game is kept"


def test_another_table_of_the_same_seed_is_not_the_same_game():
    app, _ = start(SOLO)
    first = app.screen.session.id
    app.go("#/the-game?players=2&bots=1&seed=123")
    assert app.screen.session.id != first


def test_back_from_a_table_started_on_the_setup_screen_leads_home():
    app, platform = start("#/the-game")
    app.dispatch("setup:start", None)  # the setup form is submitted
    table = app.screen
    assert platform.history[-2:] == ["#/", f"#/play/{table.session.id}"]
    assert "#/the-game" not in platform.history[-2:]


def test_a_game_with_no_move_is_not_kept_in_saved_games():
    app, platform = start(SOLO)
    empty = app.screen.session.id
    assert app.store.read_save(empty) is not None  # a reload before the first move still finds it
    app.go("#/")
    assert app.store.read_save(empty) is None, "left with no move: removed"
    assert not select(platform, ".save")
    app.go(SOLO)
    moved = app.screen.session
    click(app, by_id(platform, f"card-{min(moved.view(0)['hand'])}"))
    click(app, by_id(platform, "pile-0"))
    app.go("#/")
    assert len(select(platform, ".save")) == 1


def test_empty_saves_left_behind_by_a_closed_tab_are_swept_at_start_up():
    storage = DictStorage()
    record = {"schema": 1, "type": "save", "id": "oldempty1", "game": "the-game", "config": {"players": 1},
              "seed": "1", "seats": [{"kind": "person", "name": "A"}], "actions": [], "created": 1.0,
              "updated": 1.0, "finished": False}
    storage.set(SAVE_PREFIX + "oldempty1", json.dumps(record))
    recent = dict(record, id="newempty1", created=1_799_999_000.0, updated=1_799_999_000.0)
    storage.set(SAVE_PREFIX + "newempty1", json.dumps(recent))
    app, platform = start("#/", storage=storage)
    assert app.store.read_save("oldempty1") is None, "a day-old empty game is removed"
    assert app.store.read_save("newempty1") is not None, "an empty game another tab may be on is kept"
    assert not select(platform, ".save"), "neither is listed"


def test_the_setup_leads_with_players_and_bots_and_folds_the_seed_under_more():
    _, platform = start("#/23")
    form = select(platform, "form.setup")[0]
    order = [n.tagName for n in form.childNodes]
    more = by_id(platform, "setup-more")
    assert more.tagName == "details" and "open" not in more.attributes
    assert order.index("details") > order.index("fieldset"), "the seed comes after what a player chooses"
    assert by_id(platform, "seed").parentNode.parentNode is more


def test_a_games_first_visit_offers_its_first_game_once():
    app, platform = start("#/eleusis")
    offer = by_id(platform, "tutorial-offer")
    assert "New to Eleusis?" in offer.textContent
    assert select(platform, '#tutorial-offer a')[0].attributes["href"] == "#/tutorial/eleusis"
    app.go("#/eleusis")
    assert not select(platform, "#tutorial-offer"), "offered once"
    app.go("#/the-game?players=1&seed=5")  # a first visit by a link: in the table's top bar
    assert by_id(platform, "learn").attributes["href"] == "#/tutorial/the-game"


@pytest.mark.parametrize("game,route", [("the-game", SOLO), ("23", "#/23?players=2&bots=1&seed=1"),
                                        ("eleusis", "#/eleusis?players=4&bots=3&seed=1"),
                                        ("eleusis-science", "#/eleusis-science?seed=1")])
def test_the_rules_sheet_opens_over_every_table_and_leads_into_a_first_game(game, route):
    app, platform = start(route, timers=3)
    table = app.screen
    before = (list(table.session.actions), dict(table.local))
    click(app, by_id(platform, "open-rules"))
    dialog = by_id(platform, "sheet-rules")
    assert dialog.attributes["role"] == "dialog"
    assert select(platform, "#sheet-rules #rules-tutorial")[0].attributes["href"] == \
        "#/tutorial/" + ("eleusis" if game == "eleusis-science" else game)
    assert app.key("Escape")
    assert not select(platform, "#sheet-rules") and platform.focused == "#open-rules"
    assert (list(table.session.actions), dict(table.local)) == before


@pytest.mark.parametrize("field,value", [("hints", -1), ("hints", "2"), ("hints", True), ("mode", "ranked"),
                                         ("mode", 3)])
def test_a_save_whose_mode_or_hints_are_wrong_is_kept_aside(field, value):
    record = {"schema": 1, "type": "save", "id": "bad0001", "game": "the-game", "config": {"players": 1},
              "seed": "1", "seats": [{"kind": "person", "name": "A"}], "actions": [], "created": 1.0,
              "updated": 1.0, "finished": False, field: value}
    backend = DictStorage({SAVE_PREFIX + "bad0001": json.dumps(record)})
    store = Store(backend)
    assert store.read_save("bad0001") is None
    problem, = store.take_problems()
    assert problem.reason.code == "record.field" and problem.reason.params["name"] == field


def test_a_save_keeps_its_mode_and_hints_and_an_old_one_has_none():
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "v1"
    new = json.loads((folder / "save-the-game-daily-assisted.json").read_text("utf-8"))
    session = Session.from_record(new)
    assert (session.mode, session.hints, session.assisted) == ("daily", 2, True)
    old = Session.from_record(json.loads((folder / "save-the-game-in-progress.json").read_text("utf-8")))
    assert (old.mode, old.hints, old.assisted) == (None, 0, False)
    assert "mode" not in old.to_record() and "hints" not in old.to_record()


def test_history_entries_of_old_versions_still_count():
    storage = DictStorage({HISTORY_KEY: json.dumps({"schema": 1, "type": "history", "entries": [
        {"id": "x1", "game": "the-game", "bucket": "standard", "players": 1, "won": True, "score": 3, "at": 1.0}]})})
    app, platform = start("#/history", storage=storage)
    click(app, button(platform, "Without help"))
    assert nodes(platform, lambda n: n.tagName == "table"), "an entry without the field was played without help"
