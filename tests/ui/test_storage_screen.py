"""The Storage screen and storage notices on CPython (fake DOM): what a person reads and what each button does."""
from __future__ import annotations

import json
import unicodedata

from junban.storage import BACKUP_PREFIX, HISTORY_KEY, SAVE_PREFIX, SETTINGS_KEY
from junban.ui import i18n
from junban.ui.app import App
from tests.ui.fakeplatform import DictStorage, FakePlatform
from tests.ui.test_transfer import a_game, fixture_device

DEEP = "[" * 10000 + "]" * 10000


def start(storage: DictStorage, hash_text: str = "#/", lang: str = "en") -> tuple[App, FakePlatform]:
    platform = FakePlatform(storage, hash_text=hash_text, languages=(lang,))
    app = App(platform)
    app.start()
    return app, platform


def notices(app: App) -> list[str]:
    return [notice.text for notice in app.notices]


def buttons(platform, act: str) -> list:
    return platform.root.find_all(lambda n: n.attributes.get("data-act") == act)


def test_notices_name_records_in_words_never_by_key_and_stay_short_and_plain():
    hostile_key = SAVE_PREFIX + "\u202e\u200f" + "k" * 100_000
    unknown = dict(a_game(1), game="poker", id="poker001")
    storage = DictStorage({SETTINGS_KEY: DEEP, SAVE_PREFIX + "deep0001": json.dumps(dict(a_game(1), id="deep0001",
                                                                                          actions=DEEP)),
                           hostile_key: "{}", SAVE_PREFIX + "poker001": json.dumps(unknown)})
    app, platform = start(storage)
    said = notices(app)
    assert any(n.startswith("Junban could not read the settings: it is nested far too deeply") for n in said)
    assert any("a record under a name Junban never writes" in n for n in said)
    assert not any("junban." in n or "kkkk" in n for n in said)
    assert all(len(n) < 400 for n in said)
    assert not any(unicodedata.category(ch) == "Cf" for n in said for ch in n)
    home = platform.root.textContent
    assert "A game this version does not know" in home or "a game this version does not know" in home
    assert "game.poker.title" not in home


def test_the_storage_screen_lists_what_was_kept_aside_and_deleting_it_all_ends_the_notices():
    app, platform = start(DictStorage({HISTORY_KEY: DEEP, SETTINGS_KEY: "{", "otherapp.token": "keep me"}),
                          "#/storage")
    page = platform.root.textContent
    assert "The history of finished games" in page and "What is wrong: it is nested far too deeply" in page
    assert "The settings" in page and "it is not valid JSON" in page
    app.dispatch("st:aside-download", "0")
    assert platform.downloads[-1][1] in (DEEP, "{"), "a kept-aside record downloads exactly as it was found"
    first = app.screen.aside[0]
    app.dispatch("st:delete", "aside:0")
    assert "? This cannot be undone." in platform.root.textContent
    app.store.keep_copy("odd", "arrived meanwhile")  # another tab keeps something aside under the question
    app.screen.storage_changed(None)
    app.dispatch("st:delete-yes", "")
    assert platform.storage.get(first.key) is None and len(app.screen.aside) == 2, "the record asked about went"
    assert any(n.startswith("Deleted: ") for n in notices(app))
    app.dispatch("st:aside-all", None)
    app.dispatch("st:aside-all-yes", "")
    assert not [k for k in platform.storage.data if k.startswith(BACKUP_PREFIX)]
    assert platform.storage.data == {"otherapp.token": "keep me"}, "another app's data is never touched"
    again, _ = start(platform.storage)
    assert not [n for n in notices(again) if "could not read" in n]


def test_export_then_import_on_a_fresh_device_says_what_it_did():
    device = fixture_device()
    app, platform = start(device.backend, "#/storage")
    app.dispatch("st:export", None)
    name, text = platform.downloads[-1]
    assert name.startswith("junban-") and name.endswith(".json")
    fresh, other = start(DictStorage(), "#/storage", lang="en")
    other.chosen_files["st-import"] = text
    fresh.field("st:import", "C:\\fakepath\\junban.json", final=True)
    [said] = [n for n in notices(fresh) if n.startswith("Imported")]
    games = len(device.list_saves())  # every released save fixture
    assert said == (f"Imported: {games} games added, 1 result added to the history, 3 days of daily challenges added, "
                    "settings taken from the file.")
    assert i18n.language() == "ja", "the imported settings (Japanese) are taken on at once"
    i18n.set_language("en")
    other.chosen_files["st-import"] = DEEP
    fresh.field("st:import", "x", final=True)
    assert "This file could not be imported: it is nested far too deeply" in " ".join(notices(fresh))


def test_more_than_twenty_finished_games_are_offered_for_removal_and_their_results_stay():
    storage = DictStorage()
    for i in range(22):
        record = dict(a_game(None), id=f"done{i:04d}", updated=1000.0 + i)
        storage.set(SAVE_PREFIX + record["id"], json.dumps(record))
    app, platform = start(storage)
    assert "22 finished games are saved here" in platform.root.textContent
    app.dispatch("prune:ask", None)
    assert "Remove the 2 oldest finished games?" in platform.root.textContent
    app.dispatch("prune:yes", "")
    assert "2 old finished games removed; their results stay in the history." in notices(app)
    assert sorted(k for k in storage.data if k.startswith(SAVE_PREFIX))[:1] == [SAVE_PREFIX + "done0002"]
    assert {e["id"] for e in app.store.history()} == {"done0000", "done0001"}
    assert [e["at"] for e in app.store.history()] == [1000.0, 1001.0], "dated when they were played"


def test_a_marker_set_and_cleared_at_the_table_leaves_no_trace_in_the_save_or_the_move_log():
    from tests.ui.tablekit import by_attr, by_id, click

    app, platform = start(DictStorage(), "#/the-game?players=1&seed=123")
    key = SAVE_PREFIX + app.screen.session.id
    click(app, by_id(platform, "pile-2"))
    click(app, by_attr(platform, "data-arg", "2:keep")[0])
    assert len(json.loads(platform.storage.get(key))["actions"]) == 1
    assert len(app.screen.log.entries) == 1
    click(app, by_id(platform, "pile-2"))
    click(app, by_attr(platform, "data-arg", "2:none")[0])
    assert json.loads(platform.storage.get(key))["actions"] == []
    assert app.screen.log.entries == [] and not app.notices
