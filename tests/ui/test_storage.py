"""Storage: saves and history survive corruption; unreadable data is kept aside, never dropped."""
import json

import pytest

from junban.session import Seat, Session
from junban.storage import (
    BACKUP_PREFIX,
    HISTORY_KEY,
    MAX_DEPTH,
    MAX_HISTORY,
    MAX_RECORD_CHARS,
    SAVE_PREFIX,
    SETTINGS_KEY,
    StorageFull,
    Store,
    UnreadableRecord,
    name_record,
    nesting_depth,
    parse_json,
)
from tests.ui.fakeplatform import DictStorage


def a_session(id="abcd1234", seed="5"):
    return Session(id, "the-game", {"players": 1}, seed, [Seat("person", "Ann")])


def test_a_save_round_trips_through_storage():
    store = Store(DictStorage())
    s = a_session()
    s.apply(s.legal_actions()[0])
    store.write_save(s.to_record())
    again = Session.from_record(store.read_save("abcd1234"))
    assert again.state == s.state and again.actions == s.actions


def test_corrupted_save_is_kept_aside_and_others_still_work():
    backend = DictStorage()
    store = Store(backend)
    store.write_save(a_session("good0001").to_record())
    backend.set(SAVE_PREFIX + "bad00001", '{"schema": 1, "type": "save", "id": "bad0')  # cut off
    backend.set(SAVE_PREFIX + "bad00002", json.dumps({"schema": 99, "type": "save"}))
    backend.set(SAVE_PREFIX + "bad00003", json.dumps({"schema": 1, "type": "save", "id": 5}))
    backend.set("otherapp.key", "whatever")
    saves = store.list_saves()
    assert [s.id for s in saves] == ["good0001"]
    problems = store.take_problems()
    assert sorted(p.key for p in problems) == [SAVE_PREFIX + "bad00001", SAVE_PREFIX + "bad00002", SAVE_PREFIX + "bad00003"]
    assert all(p.backup_key and p.backup_key.startswith(BACKUP_PREFIX) for p in problems)
    assert backend.get(problems[0].backup_key) is not None  # the data itself is kept
    assert backend.get("otherapp.key") == "whatever"


def test_storage_full_raises_and_loses_nothing_already_stored():
    backend = DictStorage(quota=1000)
    store = Store(backend)
    store.write_save(a_session("keep0001").to_record())
    s = a_session("big00001")
    while not s.is_over:  # cards played and turns ended (markers set and cleared would fold away)
        s.apply(next(a for a in s.legal_actions() if "mark" not in a and "undo" not in a))
    try:
        store.write_save(s.to_record())
        raised = False
    except StorageFull:
        raised = True
    assert raised
    assert store.read_save("keep0001") is not None


def test_history_prune_keeps_the_newest():
    store = Store(DictStorage())
    for i in range(10):
        store.add_history({"id": f"g{i}", "game": "the-game", "bucket": "standard", "players": 1, "won": True,
                           "perfect": False, "score": i, "at": i})
    assert store.prune_history(4) == 6
    assert [e["id"] for e in store.history()] == ["g6", "g7", "g8", "g9"]


# ---------------------------------------------------------------------- bounded before parsing

DEEP = "[" * 10000 + "]" * 10000


def test_nesting_is_counted_outside_strings_only():
    assert nesting_depth('{"a": [[1], {"b": "[[[[{{{{"}]}') == 3
    assert nesting_depth('["\\"[[[[", "]]]]\\\\", [[]]]') == 3
    assert nesting_depth('"an unterminated [[[ string') == 0
    assert nesting_depth(DEEP) == MAX_DEPTH + 1  # the scan stops once past the limit


def test_a_record_nested_past_the_limit_is_refused_before_it_is_parsed(monkeypatch):
    def never(*_args, **_kwargs):
        raise AssertionError("a too deeply nested text reached the JSON parser")

    monkeypatch.setattr("junban.storage.json.loads", never)
    with pytest.raises(UnreadableRecord) as refused:
        parse_json(DEEP)
    assert refused.value.code == "record.too_deep"
    with pytest.raises(UnreadableRecord) as refused:
        parse_json("x" * (MAX_RECORD_CHARS + 1))
    assert refused.value.code == "record.too_large"


def test_deep_settings_history_and_save_are_kept_aside_and_named_in_words():
    backend = DictStorage({SETTINGS_KEY: DEEP, HISTORY_KEY: DEEP, SAVE_PREFIX + "deep0001": DEEP})
    store = Store(backend, clock=lambda: 1_800_000_000.0)
    store.check_all()
    problems = store.take_problems()
    assert {p.what.kind for p in problems} == {"settings", "history", "save"}
    assert all(p.reason.code == "record.too_deep" for p in problems)
    assert sorted(k for k in backend.data if k.startswith(BACKUP_PREFIX)) == [
        "junban.backup.history.1800000000000", "junban.backup.save.deep0001.1800000000000",
        "junban.backup.settings.1800000000000"]
    assert all(backend.get(p.backup_key) == DEEP for p in problems), "kept exactly as found"
    assert store.settings() == {} and store.history() == [] and store.list_saves() == []


# ---------------------------------------------------------------------- backups: bounded names, never overwritten


def test_backups_have_bounded_names_and_two_in_the_same_millisecond_both_survive():
    odd_key = SAVE_PREFIX + "\u200f" * 50 + "x" * 100_000
    backend = DictStorage({odd_key: "{}", SAVE_PREFIX + "bad00001": "{", SAVE_PREFIX + "bad00002": "{"})
    store = Store(backend, clock=lambda: 1_800_000_000.0)
    store.check_all()
    backups = store.backups()
    assert len(backups) == 3 and all(len(k) < 60 for k in backups), backups
    assert "junban.backup.odd.1800000000000" in backups
    assert {name_record(k, backend.get(k)).kind for k in backups} == {"odd", "save"}


def test_a_record_with_no_room_for_a_copy_stays_in_place_and_is_listed_to_delete():
    backend = DictStorage({SAVE_PREFIX + "big00001": "{" + " " * 3000}, quota=3100)
    store = Store(backend)
    store.check_all()
    [problem] = store.take_problems()
    assert problem.backup_key is None and backend.get(SAVE_PREFIX + "big00001") is not None
    [kept] = store.kept_aside()
    assert kept.key == SAVE_PREFIX + "big00001" and kept.since is None and kept.reason.code == "record.bad_json"
    store.delete_kept(kept.key)
    store.check_all()
    assert not store.take_problems() and not store.kept_aside() and store.usage().total == 0


# ---------------------------------------------------------------------- nothing dropped without a word

ENTRY = {"game": "the-game", "bucket": "standard", "players": 1, "won": True, "perfect": False, "score": 3}


def history_with(entries) -> str:
    return json.dumps({"schema": 1, "type": "history", "entries": entries})


def test_odd_history_entries_are_kept_aside_and_reported_not_dropped_on_the_next_write():
    odd = [{"id": 5}, "not a game"]
    text = history_with([dict(ENTRY, id="g1", at=1), *odd, dict(ENTRY, id="g2", at=2)])
    backend = DictStorage({HISTORY_KEY: text})
    store = Store(backend)
    assert [e["id"] for e in store.history()] == ["g1", "g2"]
    [problem] = store.take_problems()
    assert problem.what.kind == "history-entries" and problem.reason.params == {"n": 2}
    assert backend.get(problem.backup_key) == text, "the history as found, byte for byte"
    store.add_history(dict(ENTRY, id="g3", at=3))
    assert [e["id"] for e in store.history()] == ["g1", "g2", "g3"] and not store.take_problems()
    assert backend.get(problem.backup_key) == text, "still kept"


def test_odd_history_entries_with_no_room_aside_are_written_back_as_they_were():
    odd = {"id": "x" * 400}
    text = history_with([dict(ENTRY, id="g1", at=1), odd])
    backend = DictStorage({HISTORY_KEY: text}, quota=len(HISTORY_KEY) + len(text) + 150)
    store = Store(backend)
    assert [e["id"] for e in store.history()] == ["g1"]
    [problem] = store.take_problems()
    assert problem.backup_key is None
    store.add_history(dict(ENTRY, id="g2", at=2))
    assert odd in json.loads(backend.get(HISTORY_KEY))["entries"], "left in place, so kept in place"
    store.delete_kept(HISTORY_KEY)  # the person deletes the odd entries on the Storage screen: the games stay
    assert json.loads(backend.get(HISTORY_KEY))["entries"] == [dict(ENTRY, id="g1", at=1), dict(ENTRY, id="g2", at=2)]


def test_finished_saves_are_never_removed_by_the_store_itself():
    store = Store(DictStorage())
    for i in range(25):
        record = a_session(f"done{i:04d}").to_record()
        record.update(finished=True, updated=1000 + i)
        store.write_save(record)
    assert len(store.list_saves()) == 25
    assert [s.id for s in store.old_finished()] == [f"done{i:04d}" for i in range(4, -1, -1)]


def test_the_history_says_how_many_of_its_oldest_entries_made_room():
    store = Store(DictStorage())
    store.merge_history([dict(ENTRY, id=f"g{i}", at=i) for i in range(MAX_HISTORY)])
    assert store.add_history(dict(ENTRY, id="new", at=MAX_HISTORY)) == 1
    assert store.add_history(dict(ENTRY, id="new", at=MAX_HISTORY)) == 0, "a game is recorded once"
