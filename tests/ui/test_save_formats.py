"""Saves of every released format still load (fixtures in tests/fixtures/saves/v<N>/, one folder per format)."""
import json
from pathlib import Path

import pytest

from junban.session import Session
from junban.storage import CURRENT_SCHEMA, HISTORY_KEY, SAVE_PREFIX, SETTINGS_KEY, Store
from tests.ui.fakeplatform import DictStorage

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"
SAVE_FILES = sorted(FIXTURES.glob("v*/save-*.json"))


def test_every_current_format_has_fixtures():
    for kind, version in CURRENT_SCHEMA.items():
        folder = FIXTURES / f"v{version}"
        names = [p.name for p in folder.glob("*.json")]
        assert any(n.startswith(kind) for n in names), f"no fixture of the current {kind} format v{version}"


@pytest.mark.parametrize("path", SAVE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_released_save_formats_load_and_replay(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    backend = DictStorage({SAVE_PREFIX + record["id"]: json.dumps(record)})
    store = Store(backend)
    loaded = store.read_save(record["id"])
    assert loaded is not None and not store.take_problems()
    session = Session.from_record(loaded)
    assert len(session.actions) == len(record["actions"])
    assert session.is_over == record["finished"]


@pytest.mark.parametrize("folder", sorted(p.parent for p in FIXTURES.glob("v*/history.json")), ids=lambda p: p.name)
def test_released_history_and_settings_formats_load(folder):
    backend = DictStorage({HISTORY_KEY: (folder / "history.json").read_text(encoding="utf-8"),
                           SETTINGS_KEY: (folder / "settings.json").read_text(encoding="utf-8")})
    store = Store(backend)
    assert len(store.history()) >= 1
    assert store.settings().get("lang") in ("en", "ja")
    assert not store.take_problems()


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("v*/guest-*.json")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_released_guest_seat_formats_load(path):
    """A seat played at another phone's table, as a guest phone kept it, still shows its last snapshot."""
    from junban.net.guest import game_from_record
    from junban.storage import GUEST_PREFIX

    record = json.loads(path.read_text(encoding="utf-8"))
    store = Store(DictStorage({GUEST_PREFIX + record["table"]: json.dumps(record)}))
    loaded = store.read_guest(record["table"])
    assert loaded is not None and not store.take_problems()
    game, entries = game_from_record(loaded)
    assert game is not None and game.seat == record["seat"] and game.view(game.seat)["hand"]
    assert len(entries) == len(record["entries"])


def test_a_guest_seat_of_format_1_is_written_back_without_the_bots_seed():
    """Format 1 kept the host's bots' seed (made from the deal's: a key to every hand); read once, it is gone."""
    from junban.storage import GUEST_PREFIX

    text = (FIXTURES / "v1" / "guest-the-game-in-progress.json").read_text(encoding="utf-8")
    record = json.loads(text)
    backend = DictStorage({GUEST_PREFIX + record["table"]: text})
    store = Store(backend)
    assert "bot_seed" in text and store.read_guest(record["table"])["schema"] == 2
    stored = backend.data[GUEST_PREFIX + record["table"]]
    assert "bot_seed" not in stored and json.loads(stored)["update"] == record["update"]
