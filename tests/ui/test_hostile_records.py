"""Records of an unexpected shape, in storage, a file or a link (issue 34): the app starts, nothing is lost, nobody
is misled. Each test is one defect found by an attack on the app, as the person met it."""
from __future__ import annotations

import json

import pytest

from junban import transfer
from junban.session import LAST_STRETCH, Seat, Session
from junban.storage import (
    BACKUP_PREFIX,
    DAILY_KEY,
    DRAFT_PREFIX,
    HISTORY_KEY,
    MAX_HISTORY,
    SAVE_PREFIX,
    SETTINGS_KEY,
    Store,
)
from junban.ui import i18n
from junban.ui.app import App
from tests.ui.fakeplatform import DictStorage, FakePlatform
from tests.ui.test_transfer import a_game, fixture_device, ids

ENTRY = {"game": "the-game", "bucket": "standard", "players": 1, "won": True, "perfect": False, "score": 3}


def start(storage: DictStorage, hash_text: str = "#/") -> tuple[App, FakePlatform]:
    i18n.set_language("en")
    platform = FakePlatform(storage, hash_text=hash_text)
    app = App(platform)
    app.start()
    return app, platform


def said(app: App) -> str:
    return " ".join(n.text for n in app.notices)


def backups(storage: DictStorage) -> dict:
    return {k: v for k, v in storage.data.items() if k.startswith(BACKUP_PREFIX)}


def settings_text(values) -> str:
    return json.dumps({"schema": 1, "type": "settings", "values": values})


def history_text(entries) -> str:
    return json.dumps({"schema": 1, "type": "history", "entries": entries})


def import_file(app: App, platform: FakePlatform, data) -> str:
    """Pick a file on the Storage screen; what the import said."""
    app.go("#/storage")
    platform.chosen_files["st-import"] = data if isinstance(data, str) else json.dumps(data)
    app.field("st:import", "C:\\fakepath\\junban.json", final=True)
    return said(app)


def export(saves=(), history=(), settings=None, daily=()) -> dict:
    return {"type": "junban-export", "schema": 1, "exported": 1.0, "saves": list(saves), "history": list(history),
            **({"settings": settings} if settings is not None else {}), "daily": list(daily)}


# ---------------------------------------------------------------------- 1 and 10: settings of any shape


@pytest.mark.parametrize("values", [
    {"speed": {}}, {"speed": []}, {"lang": {}}, {"lang": ["ja"]}, {"lang": 5}, {"names": "Ann"},
    {"tutorials_offered": [[]]}, {"speed": "fast", "names": [{"first": "Ann"}]}, {"sound": "off"},
], ids=["speed-object", "speed-list", "lang-object", "lang-list", "lang-number", "names-text", "offered-nested",
        "one-of-two", "sound-text"])
def test_a_setting_of_any_shape_is_kept_aside_with_a_notice_and_the_app_starts(values):
    text = settings_text(values)
    storage = DictStorage({SETTINGS_KEY: text})
    app, platform = start(storage)
    assert "Junban could not read the settings: values that are not ones Junban writes" in said(app)
    assert list(backups(storage).values()) == [text], "kept aside exactly as found"
    assert "Today's challenge" in platform.root.textContent  # home is up
    app.dispatch("app:lang", "ja")  # the next write of the settings
    assert list(backups(storage).values()) == [text], "still kept after the settings are written again"
    if "speed" in values and values["speed"] == "fast":
        assert json.loads(storage.get(SETTINGS_KEY))["values"]["speed"] == "fast", "what fits stays"


def test_settings_whose_values_are_not_an_object_are_kept_aside_with_a_notice():
    text = settings_text("lang=ja")
    storage = DictStorage({SETTINGS_KEY: text})
    app, _ = start(storage)
    assert "Junban could not read the settings: its field “values” is missing or of the wrong type" in said(app)
    assert list(backups(storage).values()) == [text]


# ---------------------------------------------------------------------- 2: a history entry's time


@pytest.mark.parametrize("at", ["yesterday", None, [1], {"t": 1}, True, 1e300])
def test_a_history_entry_whose_time_is_not_a_time_is_kept_aside_and_history_opens(at):
    text = history_text([dict(ENTRY, id="g1", at=1.0), dict(ENTRY, id="g2", at=at)])
    storage = DictStorage({HISTORY_KEY: text})
    app, platform = start(storage, "#/history")
    assert "Junban could not read some entries of the history" in said(app)
    assert list(backups(storage).values()) == [text]
    assert "1 finished game on this device." in platform.root.textContent
    assert not any("Something went wrong" in n.text for n in app.notices)


def test_an_import_does_not_plant_a_history_entry_whose_time_is_not_a_number():
    storage = DictStorage()
    app, platform = start(storage)
    words = import_file(app, platform, export(history=[dict(ENTRY, id="g1", at="yesterday")]))
    assert "1 result, setting or daily challenge in the file could not be read" in words
    assert "result added" not in words and app.store.history() == []
    app.go("#/history")
    assert "No finished games yet" in platform.root.textContent or "history.empty" not in platform.root.textContent


# ---------------------------------------------------------------------- 3 and 4: the history's bounds


def test_importing_many_newer_results_never_removes_results_of_this_device():
    storage = DictStorage()
    app, platform = start(storage)
    mine = [dict(ENTRY, id=f"mine{i}", at=100.0 + i) for i in range(10)]
    app.store.merge_history(mine)
    theirs = [dict(ENTRY, id=f"new{i}", at=1000.0 + i) for i in range(MAX_HISTORY)]
    words = import_file(app, platform, export(history=theirs))
    ids_now = {e["id"] for e in app.store.history()}
    assert {e["id"] for e in mine} <= ids_now, "this device's own results stay"
    assert len(ids_now) == MAX_HISTORY
    assert f"{MAX_HISTORY - 10} results added to the history" in words
    assert f"10 results were not added: the history keeps {MAX_HISTORY}" in words


def test_a_huge_history_entry_in_a_file_is_not_imported_and_the_history_stays_readable():
    storage = DictStorage()
    app, platform = start(storage)
    app.store.add_history(dict(ENTRY, id="mine", at=1.0))
    words = import_file(app, platform, export(history=[dict(ENTRY, id="big", at=2.0, seed="x" * 2_100_000)]))
    assert "1 result, setting or daily challenge in the file could not be read" in words
    again = Store(storage)
    assert [e["id"] for e in again.history()] == ["mine"] and not again.take_problems()


# ---------------------------------------------------------------------- 5: hints and the daily mode travel


def daily_game(moves: int, hints: int = 1) -> dict:
    """Today's daily The Game, assisted, ``moves`` moves in."""
    s = Session("dail0001", "the-game", {"players": 1}, "2026-11-22", [Seat("person", "Ann")], created=1.0,
                mode="daily", hints=hints)
    while len(s.actions) < moves:
        s.apply(next(a for a in s.legal_actions() if "mark" not in a and "undo" not in a))
    return dict(s.to_record(), updated=2.0)


TODAY_DAY = {"game": "the-game", "date": "2026-11-22", "save": "dail0001", "finished": False, "assisted": True,
             "grid": ""}


def test_a_game_brought_up_to_date_by_a_link_keeps_its_hints_and_stays_todays_daily():
    storage = DictStorage({SAVE_PREFIX + "dail0001": json.dumps(daily_game(3)),
                           DAILY_KEY: json.dumps({"schema": 1, "type": "daily", "days": [TODAY_DAY]})})
    later = daily_game(5, hints=2)  # sent back from the other device, two moves and a hint later
    token = transfer.game_token(later, [TODAY_DAY])
    app, _ = start(storage, f"#/receive?game={token}")
    stored = json.loads(storage.get(SAVE_PREFIX + "dail0001"))
    assert len(stored["actions"]) == 5 and stored["hints"] == 2 and stored["mode"] == "daily"
    assert app.screen.session.assisted and app.screen.session.mode == "daily"


def test_a_game_brought_up_to_date_by_a_file_without_hints_keeps_the_hints_taken_here():
    storage = DictStorage({SAVE_PREFIX + "dail0001": json.dumps(daily_game(3, hints=1)),
                           DAILY_KEY: json.dumps({"schema": 1, "type": "daily", "days": [TODAY_DAY]})})
    app, platform = start(storage)
    later = {k: v for k, v in daily_game(5).items() if k not in ("hints", "mode")}  # as an old link carried it
    assert "1 game brought up to date" in import_file(app, platform, export(saves=[later]))
    stored = json.loads(storage.get(SAVE_PREFIX + "dail0001"))
    assert len(stored["actions"]) == 5 and stored["hints"] == 1 and stored["mode"] == "daily"


# ---------------------------------------------------------------------- 6: the same conflict twice


def test_the_same_conflicting_file_or_link_adds_one_copy_however_often_it_is_opened():
    storage = DictStorage({SAVE_PREFIX + "abcd1234": json.dumps(a_game(3))})
    app, platform = start(storage)
    other = a_game(2, seed="6")  # the same name, another deal
    assert "1 game differed from the one here and was added as a copy" in import_file(app, platform,
                                                                                        export(saves=[other]))
    assert "1 game was already here" in import_file(app, platform, export(saves=[other]))
    app.go(f"#/receive?game={transfer.game_token(other)}")
    assert len([k for k in storage.data if k.startswith(SAVE_PREFIX)]) == 2


# ---------------------------------------------------------------------- 7: what a file held that could not be read


def test_an_import_says_why_a_game_was_refused_counts_every_part_left_out_and_keeps_them_aside():
    storage = DictStorage()
    app, platform = start(storage)
    bad = a_game(2)
    bad["actions"].append({"play": 99, "pile": 0})  # not in the hand
    data = export(saves=[bad, a_game(2, id="good0001")], history=[dict(ENTRY, id="g1", at=1.0), {"id": 5}],
                  settings={"speed": 7, "names": ["Ann"]})
    words = import_file(app, platform, data)
    assert "1 game in the file could not be read and was left out (its moves could not be replayed:" in words
    assert "2 results, settings or daily challenges in the file could not be read" in words
    assert "what could not be read was kept aside (Storage)" in words
    [(key, kept)] = backups(storage).items()
    assert key.startswith(BACKUP_PREFIX + "import.")
    assert json.loads(kept)["saves"] == [bad] and json.loads(kept)["history"] == [{"id": 5}]
    assert json.loads(kept)["settings"] == {"speed": 7}
    assert "The parts of an imported file that could not be read" in platform.root.textContent


# ---------------------------------------------------------------------- 8: a log no table could open


@pytest.fixture(scope="module")
def talkative_23() -> dict:
    """Two people at 23 who passed past the last stretch: the log replays, yet no table could take it on."""
    s = Session("talk0001", "23", {"players": 2}, "7", [Seat("person", "Ann"), Seat("person", "Ben")], created=1.0)
    while len(s.actions) < LAST_STRETCH:
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a == {"pass": True}), legal[0]))
    s.extend([{"pass": True}] * 4)
    return dict(s.to_record(), updated=2.0)


def test_a_log_past_the_last_stretch_with_table_talk_is_refused_by_a_file(talkative_23):
    storage = DictStorage()
    app, platform = start(storage)
    words = import_file(app, platform, export(saves=[talkative_23]))
    assert "1 game in the file could not be read" in words and "nearly full" in words
    assert not [k for k in storage.data if k.startswith(SAVE_PREFIX)]


def test_a_stored_log_no_table_could_open_is_kept_aside_instead_of_sending_the_person_home_for_ever(talkative_23):
    text = json.dumps(talkative_23)
    storage = DictStorage({SAVE_PREFIX + "talk0001": text})
    app, _ = start(storage, "#/play/talk0001")
    assert "Junban could not read a saved game of 23" in said(app)
    assert list(backups(storage).values()) == [text] and SAVE_PREFIX + "talk0001" not in storage.data


# ---------------------------------------------------------------------- 11: two tabs at the same moment


class Browser:
    """localStorage as Chromium keeps it: the browser's copy, and each tab's own view of it. A tab sees its own
    writes at once and another tab's only when they are delivered (``deliver``), in the order they reached the
    browser; a tab with a write of the same key still on its way keeps its own in view, and every other tab gets
    a storage event with the new value."""

    def __init__(self, data: dict):
        self.data = dict(data)
        self.tabs: list[TabView] = []
        self.queue: list = []

    def tab(self) -> "TabView":
        view = TabView(self)
        self.tabs.append(view)
        return view

    def deliver(self) -> None:
        """Deliver every write on its way, and those the tabs make while they are told (until none are left)."""
        while self.queue:
            self._deliver()

    def _deliver(self) -> None:
        queue, self.queue = self.queue, []
        for n, (writer, key, value) in enumerate(queue):
            if value is None:
                self.data.pop(key, None)
            else:
                self.data[key] = value
            for tab in self.tabs:
                if tab is writer:
                    continue
                if not any(w is tab and k == key for w, k, _ in queue[n + 1:]):
                    tab.apply(key, value)
                tab.app.storage_changed(key, value)


class TabView(DictStorage):
    def __init__(self, browser: Browser):
        super().__init__(browser.data)
        self.browser = browser
        self.app = None

    def set(self, key, text):
        super().set(key, text)
        self.browser.queue.append((self, key, text))

    def remove(self, key):
        super().remove(key)
        self.browser.queue.append((self, key, None))

    def apply(self, key, value):
        if value is None:
            self.data.pop(key, None)
        else:
            self.data[key] = value


def two_tabs(hand_card: int):
    """A game open at a table in one tab, the Storage screen in another; the import there brings the game two
    moves further while the table, not told yet, plays a card of the hand (``hand_card``: which)."""
    from tests.ui.tablekit import click, select

    browser = Browser({SAVE_PREFIX + "abcd1234": json.dumps(a_game(3))})
    table_view, storage_view = browser.tab(), browser.tab()
    table, table_page = start(table_view, "#/play/abcd1234")
    importer, importer_page = start(storage_view, "#/storage")
    table_view.app, storage_view.app = table, importer
    later = a_game(5)
    assert "1 game brought up to date" in import_file(importer, importer_page, export(saves=[later]))
    click(table, select(table_page, ".hand .card")[hand_card])
    click(table, select(table_page, ".pile")[0])
    moved = json.loads(table_view.get(SAVE_PREFIX + "abcd1234"))["actions"]
    assert len(moved) == 4
    browser.deliver()
    logs = [json.loads(v)["actions"] for k, v in browser.data.items() if k.startswith(SAVE_PREFIX)]
    return later["actions"], moved, logs, said(table) + said(importer), table


def test_an_import_in_one_tab_and_another_move_in_another_at_the_same_moment_lose_nothing_and_are_said():
    imported, moved, logs, told, _ = two_tabs(hand_card=-1)  # not the card the import played
    assert imported != moved[: len(imported)]
    assert imported in logs and moved in logs, "both the imported moves and the card played are kept"
    assert "Another tab changed a saved game of The Game" in told and "Its version was kept" in told


def test_an_import_in_one_tab_and_the_same_move_in_another_at_the_same_moment_keep_the_longer_game():
    imported, moved, logs, told, table = two_tabs(hand_card=0)  # the card the import played next
    assert moved == imported[:4]
    assert logs == [imported], "the import held the card played, and one more"
    assert table.screen.session.actions == imported, "the table followed"


# ---------------------------------------------------------------------- the cosmetic ones


def test_a_kept_aside_history_that_reads_fine_now_has_a_put_back_button():
    good = history_text([dict(ENTRY, id="old1", at=1.0)])
    storage = DictStorage({BACKUP_PREFIX + "history.1700000000000": good})
    app, platform = start(storage, "#/storage")
    assert "It reads fine now: put it back." in platform.root.textContent
    [put_back] = platform.root.find_all(lambda n: n.attributes.get("data-act") == "st:aside-restore")
    app.dispatch("st:aside-restore", put_back.attributes["data-arg"])
    assert [e["id"] for e in app.store.history()] == ["old1"] and not backups(storage)
    assert "The history of finished games was put back." in said(app)


def test_a_bucket_of_any_length_is_not_shown_as_a_variant_name():
    storage = DictStorage()
    app, platform = start(storage)
    words = import_file(app, platform, export(history=[dict(ENTRY, id="g1", at=1.0, bucket="Expert " * 2000)]))
    assert "could not be read" in words
    app.go("#/history")
    assert "Expert Expert" not in platform.root.textContent


def test_a_very_long_stored_seed_is_kept_aside_and_never_drawn_on_home():
    record = dict(a_game(2), seed="7" * 200_000)
    text = json.dumps(record)
    storage = DictStorage({SAVE_PREFIX + "abcd1234": text})
    app, platform = start(storage)
    assert "7777777777" not in platform.root.textContent
    assert "its field “seed” is missing or of the wrong type" in said(app)
    assert list(backups(storage).values()) == [text]


def test_a_link_whose_moves_are_not_a_list_is_not_called_too_long():
    compact = {short: a_game(1)[name] for short, name in transfer._LINK_FIELDS.items()}
    compact["a"] = {"play": 1}
    from tests.ui.test_transfer import deflate, signed

    with pytest.raises(Exception) as refused:
        transfer.game_from_token(signed(deflate(json.dumps(compact).encode()), version=1))
    assert refused.value.code == "send.not_a_game" and refused.value.params["problem"].params == {"name": "actions"}


# ---------------------------------------------------------------------- issue 31: the daily record travels


DAY = {"game": "the-game", "date": "2026-11-20", "save": "fixture0001tg", "finished": True, "assisted": False,
       "grid": "⭐", "won": True, "perfect": True, "score": 0, "place": None, "players": 1}


def test_the_daily_record_travels_with_a_file_and_an_import_never_doubles_a_counted_attempt():
    here = fixture_device()
    text = transfer.export_file(here, 1.0)
    assert json.loads(text)["daily"] == here.daily()
    own_day = dict(DAY, save="mine0001", date="2026-11-21", finished=False, assisted=False)
    there = Store(DictStorage({DAILY_KEY: json.dumps({"schema": 1, "type": "daily", "days": [own_day]})}))
    result = transfer.import_bundle(there, transfer.read_file(text), ids())
    assert result.days_added == 2 and result.days_kept == 1
    days = there.daily()
    assert [d for d in days if d["date"] == "2026-11-21" and d["game"] == "the-game"] == [own_day]
    daily_save = there.read_save("fixture0009dy")  # the other device's attempt of that day
    assert daily_save["mode"] == "practice", "this device's own attempt of the day still counts"
    again = transfer.import_bundle(there, transfer.read_file(text), ids())
    assert again.days_added == 0 and there.daily() == days


def test_a_game_sent_to_another_device_carries_its_day_and_counts_there():
    record = daily_game(3)
    token = transfer.game_token(record, [TODAY_DAY])
    storage = DictStorage()
    app, platform = start(storage, f"#/receive?game={token}")
    assert app.store.daily() == [TODAY_DAY]
    assert app.screen.session.mode == "daily"
    app.go("#/")
    assert "Continue today's challenge" in platform.root.textContent


def test_the_game_file_sent_carries_its_day():
    record = daily_game(3)
    text = transfer.game_file(record, 1.0, [TODAY_DAY, dict(DAY, date="2026-11-21", save="else")])
    assert json.loads(text)["daily"] == [TODAY_DAY]


# ---------------------------------------------------------------------- issue 31: Storage and History in words


def test_the_guess_being_written_counts_as_junbans_on_the_storage_screen():
    storage = DictStorage({DRAFT_PREFIX + "abcd1234": "suit(c) = suit(p)"})
    app, platform = start(storage, "#/storage")
    page = platform.root.textContent
    assert "1 guess being written (Eleusis, solo science)" in page and "Other apps" not in page


def test_history_says_cards_left_on_the_games_average_and_a_finished_game_shows_its_result():
    finished = dict(a_game(None), id="done0001")
    storage = DictStorage({SAVE_PREFIX + "done0001": json.dumps(finished)})
    app, platform = start(storage)
    session = Session.from_record(finished)
    from junban.ui.games import game_ui

    app.services.record_finished(session, game_ui("the-game").history_entry(session))
    left = session.outcome["left"]
    app.go("#/")
    assert f"{left} cards left" in platform.root.textContent, "home's saved game says its result"
    app.go("#/storage")
    assert f"{left} cards left" in platform.root.textContent
    app.go("#/history")
    assert "Average cards left" in platform.root.textContent


# ---------------------------------------------------------------------- what this version writes fits its shapes


@pytest.mark.parametrize("game", ["the-game", "23", "eleusis", "eleusis-science"])
def test_every_save_this_version_writes_fits_the_shape_it_is_read_with(game):
    """A store does not check again what it wrote itself: so every record a game writes must fit SAVE (random
    configurations and random play, every move)."""
    import random

    from junban.storage import SAVE, check_shape
    from tests.engine.fuzzing import choose, game_configs

    for n in range(3):
        rng = random.Random(f"shapes|{game}|{n}")
        config = game_configs(game, rng)
        players = config.get("players", 1)
        seats = [Seat("person", "Ann")] + [Seat("bot", f"Bot {i + 2}", "baseline") for i in range(players - 1)]
        s = Session("abcd1234", game, config, f"seed-{n}", seats, created=1.0, mode=rng.choice([None, "practice"]),
                    hints=rng.randint(0, 3))
        while not s.is_over and len(s.actions) < 400:
            check_shape(SAVE, s.to_record())
            s.apply(choose(s.legal_actions(), rng))
        check_shape(SAVE, s.to_record())
