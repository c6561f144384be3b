"""Moving games between devices: the export file, importing it (merging, never overwriting), one game as a link."""
import base64
import json
import zlib
from pathlib import Path

import pytest

from junban import links, transfer
from junban.session import Seat, Session
from junban.storage import DAILY_KEY, HISTORY_KEY, SAVE_PREFIX, SETTINGS_KEY, Store, UnreadableRecord
from tests.ui.fakeplatform import DictStorage

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "v1"
DEEP = "[" * 10000 + "]" * 10000


def fixture_device() -> Store:
    """A device with every released fixture: saves of each game, a history, settings, the daily record."""
    data = {SAVE_PREFIX + json.loads(p.read_text())["id"]: p.read_text() for p in FIXTURES.glob("save-*.json")}
    data[HISTORY_KEY] = (FIXTURES / "history.json").read_text()
    data[SETTINGS_KEY] = (FIXTURES / "settings.json").read_text()
    data[DAILY_KEY] = (FIXTURES / "daily.json").read_text()
    return Store(DictStorage(data))


def ids():
    count = iter(range(1000))
    return lambda: f"copy{next(count):04d}"


def test_everything_exported_and_imported_on_a_fresh_device_is_the_same_and_plays_on():
    here = fixture_device()
    there = Store(DictStorage())
    result = transfer.import_bundle(there, transfer.read_file(transfer.export_file(here, 1.0)), ids())
    assert result.games == {transfer.ADDED: len(here.list_saves())} and not result.full
    for summary in here.list_saves():
        assert there.read_save(summary.id) == here.read_save(summary.id)
    assert there.history() == here.history() and there.settings() == here.settings()
    assert there.daily() == here.daily() and result.days_added == 3
    game = Session.from_record(there.read_save("fixture0001tg"))
    game.apply(game.legal_actions()[0])  # and it plays on
    again = transfer.import_bundle(there, transfer.read_file(transfer.export_file(here, 2.0)), ids())
    assert again.games == {transfer.SAME: len(here.list_saves())} and again.history_added == 0


def a_game(moves: int | None, seed="5", id="abcd1234") -> dict:
    """A solo game of The Game, ``moves`` cards played or turns ended (None: to its end)."""
    s = Session(id, "the-game", {"players": 1}, seed, [Seat("person", "Ann")], created=1.0)
    while not s.is_over and (moves is None or len(s.actions) < moves):
        s.apply(next(a for a in s.legal_actions() if "mark" not in a and "undo" not in a))
    record = s.to_record()
    record["updated"] = 2.0
    return record


def test_importing_never_overwrites_a_game_silently():
    store = Store(DictStorage())
    store.write_save(a_game(3))
    new_id = ids()
    assert transfer.merge_save(store, a_game(5), new_id) == (transfer.UPDATED, "abcd1234")  # ours are all in it
    assert len(store.read_save("abcd1234")["actions"]) == 5
    assert transfer.merge_save(store, a_game(2), new_id) == (transfer.KEPT, "abcd1234")  # further here
    assert transfer.merge_save(store, a_game(5), new_id) == (transfer.SAME, "abcd1234")
    other = a_game(2, seed="6")  # same name, another deal: both are kept
    assert transfer.merge_save(store, other, new_id) == (transfer.COPIED, "copy0000")
    assert len(store.read_save("abcd1234")["actions"]) == 5 and store.read_save("copy0000")["seed"] == "6"


@pytest.mark.parametrize("text, code", [
    (DEEP, "record.too_deep"),
    ("x" * (transfer.MAX_FILE_CHARS + 1), "record.too_large"),
    ("{not json", "record.bad_json"),
    (json.dumps({"type": "something else"}), "transfer.not_export"),
    (json.dumps({"type": "junban-export", "schema": 2, "saves": []}), "transfer.newer"),
    (json.dumps({"type": "junban-export", "schema": 1, "saves": {}}), "record.field"),
    (json.dumps({"type": "junban-export", "schema": 1}), "transfer.empty"),
], ids=["deep", "huge", "not-json", "foreign", "newer", "saves-not-a-list", "empty"])
def test_a_hostile_or_foreign_file_is_refused_with_a_reason(text, code):
    with pytest.raises(UnreadableRecord) as refused:
        transfer.read_file(text)
    assert refused.value.code == code


def test_a_game_in_a_file_whose_moves_do_not_replay_is_left_out_and_counted():
    bad = a_game(2)
    bad["actions"].append({"play": 99, "pile": 0})  # 99 is not in the hand
    good = a_game(2, id="good0001")
    bundle = transfer.read_file(json.dumps({"type": "junban-export", "schema": 1, "saves": [bad, good, {"x": 1}]}))
    assert [s["id"] for s in bundle.saves] == ["good0001"]
    assert [e.code for e in bundle.refused] == ["record.replay", "record.wrong_type"]


def test_imported_settings_fill_in_only_what_is_not_set_here():
    store = Store(DictStorage())
    store.write_settings({"speed": "slow"})
    bundle = transfer.Bundle(settings={"speed": "fast", "lang": "ja"})
    assert transfer.import_bundle(store, bundle, ids()).settings == "taken"
    assert store.settings() == {"speed": "slow", "lang": "ja"}
    assert transfer.import_bundle(store, transfer.Bundle(settings={"speed": "fast"}), ids()).settings == "kept"


def test_a_game_sent_as_a_link_arrives_whole_and_a_changed_link_is_refused():
    record = a_game(6)
    token = transfer.game_token(record)
    assert transfer.game_from_token(token).saves == [record]
    route = links.parse_route(f"#/receive?game={token}")
    assert route.name == "receive" and route.params == {"game": token}
    changed = token[:20] + ("A" if token[20] != "A" else "B") + token[21:]
    for bad, code in ((changed, "send.damaged"), (token[:-3], "send.damaged"), ("not a token!", "send.damaged"),
                      ("A" * (transfer.MAX_TOKEN_CHARS + 4), "send.too_long")):
        with pytest.raises(UnreadableRecord) as refused:
            transfer.game_from_token(bad)
        assert refused.value.code == code


def signed(payload: bytes, version: int = transfer.TOKEN_VERSION) -> str:
    """A token as a forger would make one: the checksum is public, so only the contents protect us."""
    body = bytes([version]) + payload
    return base64.urlsafe_b64encode(body + transfer._check(body)).decode().rstrip("=")


def deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def test_a_forged_link_is_checked_like_any_stored_game():
    record = a_game(1)
    compact = {short: record[name] for short, name in transfer._LINK_FIELDS.items()}
    illegal = dict(compact, a=[{"play": 99, "pile": 0}])
    cases = [
        (signed(deflate(json.dumps(illegal).encode())), "send.not_a_game"),
        (signed(deflate(DEEP.encode())), "record.too_deep"),
        (signed(deflate(b" " * (transfer.MAX_TOKEN_BYTES + 10))), "send.too_long"),  # a decompression bomb
        (signed(deflate(json.dumps(compact).encode()), version=9), "send.version"),
    ]
    for token, code in cases:
        with pytest.raises(UnreadableRecord) as refused:
            transfer.game_from_token(token)
        assert refused.value.code == code


def test_a_game_too_long_for_a_link_gets_none_and_is_sent_as_a_file():
    import random

    rng = random.Random(1)
    record = a_game(0)
    record["actions"] = [{"play": rng.randrange(2, 100), "pile": rng.randrange(4)} for _ in range(5000)]
    assert transfer.game_token(record) is None  # (not replayable either: only its size matters here)
    record["actions"] = record["actions"][:50]
    assert len(transfer.game_token(record)) <= transfer.MAX_TOKEN_CHARS
