"""Storage: saves and history survive corruption; unreadable data is kept aside, never dropped."""
import json

from junban.session import Seat, Session
from junban.storage import BACKUP_PREFIX, SAVE_PREFIX, StorageFull, Store
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
    backend = DictStorage(quota=2000)
    store = Store(backend)
    store.write_save(a_session("keep0001").to_record())
    s = a_session("big00001")
    for _ in range(60):
        legal = [a for a in s.legal_actions() if "mark" in a]
        s.apply(legal[0])
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
