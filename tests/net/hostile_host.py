"""What a hostile host's page can send a guest phone, and the phone's stored seat, changed one field at a time
(issue 39: of 843 one-field changes of a stored seat record, 92 stopped the app from starting at
``#/seat/<table>``). Shared by tests/net/test_phones_hostile_host.py (a seeded slice) and
tools/fuzz_seat_records.py (every change)."""
from __future__ import annotations

import json
import random
from functools import lru_cache

from junban.storage import BACKUP_PREFIX, GUEST_PREFIX
from tests.net.test_playing_on_phones import hosted
from tests.ui.fakeplatform import DictStorage
from tests.ui.phoneskit import Room, choose, host_table, join

CSS = "5;background-image:url(https://evil.example/x.png);position:fixed;inset:0;background:red"
HOSTILE = [None, True, -1, 0, 10**9, 1.5, "x", CSS, [], {}, [1, 2], ["AS", "AS"], list(range(4900)),
           {"kind": "person"}, "\u202e"]
TABLES = {"the-game": ["person", "phone", "bot"], "23": ["person", "phone", "person"],
          "eleusis": ["person", "phone", "person"]}


@lru_cache(maxsize=None)
def stored_seat(game: str) -> tuple[str, str]:
    """(key, text) of a guest phone's seat record a few moves into a real game of ``game``."""
    room = Room()
    host, _ = hosted(room, game, TABLES[game], fields={"seed": f"hostile-{game}"})
    storage = DictStorage()
    guest, _ = join(room, host, 1, storage=storage)
    table = host_table(host)
    for _ in range(12):
        seat = table.session.to_act
        if seat is None:
            break
        if seat == 1:
            guest.screen.act(choose(game, 1, guest.screen.session.legal_actions(), table.session.state))
        elif not table.session.seats[seat].is_bot:
            table.viewer = seat
            table.act(choose(game, seat, table.session.legal_actions(), table.session.state))
            host.render()
        room.run(1.0)
    [key] = [k for k in storage.data if k.startswith(GUEST_PREFIX)]
    return key, storage.data[key]


def leaves(value, path=()):
    """Every place in a record: (path, value)."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, path + (index,))


def changed(record, path, value):
    record = json.loads(json.dumps(record))
    if not path:
        return value
    holder = record
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return record


def one_field_changes(game: str, count: int | None = None, seed: int = 39):
    """(path, value, record text) for one-field changes of ``game``'s stored seat: every place with every hostile
    value (``count``: that many of them, drawn with ``seed``)."""
    key, text = stored_seat(game)
    record = json.loads(text)
    cases = [(path, value) for path, _ in leaves(record) if path for value in HOSTILE]
    if count is not None:
        cases = random.Random(seed).sample(cases, min(count, len(cases)))
    for path, value in cases:
        yield path, value, json.dumps(changed(record, path, value))


def open_seat(text: str, key: str, from_home: bool) -> dict:
    """A phone whose seat record is ``text`` starts at its seat's address (or at home, then taps its Open): what
    happened — whether it crashed, what it shows, whether the record was kept aside, and the page's styles."""
    storage = DictStorage({key: text})
    table = key[len(GUEST_PREFIX):]
    room = Room()
    crashes = []
    app, platform = room.phone("#/" if from_home else f"#/seat/{table}", storage=storage)
    original = app.services.report_crash
    app.services.report_crash = lambda err: (crashes.append(err), original(err))
    if from_home:
        app.go(f"#/seat/{table}")
    app.render()
    shown = type(app.screen).__name__
    text_shown = platform.root.textContent
    from junban.storage import Store

    reasons = [k.reason.code if k.reason else None for k in Store(storage).kept_aside()]
    return {"crashes": crashes, "screen": shown, "hash": platform.hash, "kept_reasons": reasons,
            "kept_aside": any(k.startswith(BACKUP_PREFIX) for k in storage.data),
            "said": [n.text for n in app.services.notices], "text": text_shown,
            "styles": styles(platform.root), "stored": storage.data.get(key)}


def styles(root) -> list[str]:
    """Every style attribute on the page."""
    return [node.attributes["style"] for node in root.find_all(lambda n: "style" in n.attributes)]


def check_opened(result: dict) -> None:
    """The app started and went on: the seat's table, or home with a word (the record kept aside); never a crash,
    never a style a host wrote."""
    assert not result["crashes"], f"crashed: {result['crashes']}"
    assert result["screen"] in ("SeatScreen", "HomeScreen"), result["screen"]
    if result["screen"] == "HomeScreen":
        assert result["kept_aside"] and result["said"], "kept aside, and said so"
    assert not any("url(" in s or ";" in s.split("--", 1)[-1] for s in result["styles"]), result["styles"][:5]
