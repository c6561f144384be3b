"""Values of every JSON shape in every field of storage, an export file and a link (issue 34), shared by
``tests/ui/test_storage_fuzz.py`` (a seeded slice) and ``tools/fuzz_storage.py`` (the long run).

A case starts from a device holding one of every record Junban keeps (the released fixtures: a save of each game,
the history, the settings, the daily record, a guess being written, a copy kept aside of each kind, another app's
key), changes one to three fields somewhere — a value of another type, an unhashable value where a name is
expected, huge, deeply nested, NaN, 1e308, 1e999, a 5,000-digit number, a lone surrogate, a field removed or added,
the text cut — and runs the app on the CPython test platform: start (home), History, Storage, each saved game
opened, home again. A file case imports a changed export file on that device and on a fresh one; a link case opens
a changed "send this game" link (signed, as a forger would) on both. Then it checks (``Check``):

- the app started and no exception escaped, nor reached the person as "Something went wrong" (only typed,
  worded refusals);
- storage: every record nobody changed is byte for byte what it was (the settings may only gain the first-visit
  offers opening a game records); every changed record is either as it was, or its text is kept aside byte for
  byte under a backup key and a notice said so (or, a readable save with no move left long ago, swept as ever);
  copies kept aside and other apps' keys are never touched;
- an import or a link changes nothing it should not: every game here is still here with its moves (or more),
  every result and day stays, settings set here stay; a refused link or file changes nothing at all; whatever
  part of a file could not be read was counted in the notice and kept aside.
"""
from __future__ import annotations

import base64
import copy
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import strategies as st

from junban import transfer
from junban.storage import (
    BACKUP_PREFIX,
    DAILY_KEY,
    DRAFT_PREFIX,
    GUEST_PREFIX,
    HISTORY_KEY,
    SAVE_PREFIX,
    SETTINGS_KEY,
    Store,
    nesting_depth,
)
from junban.ui import i18n
from junban.ui.app import App
from tests.ui.fakeplatform import DictStorage, FakePlatform

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "v1"
OTHER_APP = "otherapp.token"


# ---------------------------------------------------------------------- the device every case starts from


def _fixture(name: str) -> str:
    return (FIXTURES / name).read_text("utf-8")


ELEUSIS_MOVES = 40  # an Eleusis game in progress, cut here: its table replays every view (~60 ms a game opened)


def base_device() -> dict[str, str]:
    """One of every record Junban keeps, each readable, exactly as a device holds them: a save of every game in
    progress and finished (Eleusis only in progress, and early: a finished one takes a second to open, and is of
    the same shape), the history, settings, daily record, a guess being written, kept-aside copies, another app's
    key."""
    data = {}
    for path in sorted(FIXTURES.glob("save-*.json")):
        record = json.loads(path.read_text("utf-8"))
        if record["game"] == "eleusis" and record["finished"]:
            continue
        if record["game"] == "eleusis":
            record["actions"] = record["actions"][:ELEUSIS_MOVES]
            data[SAVE_PREFIX + record["id"]] = json.dumps(record)
        else:
            data[SAVE_PREFIX + record["id"]] = path.read_text("utf-8")
    guest = (FIXTURES.parent / "v2" / "guest-the-game-in-progress.json").read_text("utf-8")  # its current format
    data[GUEST_PREFIX + json.loads(guest)["table"]] = guest  # a seat played at another phone's table
    data[HISTORY_KEY] = _fixture("history.json")
    data[SETTINGS_KEY] = _fixture("settings.json")
    data[DAILY_KEY] = _fixture("daily.json")
    data[DRAFT_PREFIX + "fixture0007sc"] = "suit(c) != suit(p)"
    data[BACKUP_PREFIX + "save.fixture0001tg.1700000000000"] = _fixture("save-the-game-in-progress.json")
    data[BACKUP_PREFIX + "history-entries.1700000000001"] = _fixture("history.json")
    data[BACKUP_PREFIX + "settings.1700000000002"] = _fixture("settings.json")
    data[BACKUP_PREFIX + "daily.1700000000003"] = _fixture("daily.json")
    data[BACKUP_PREFIX + "odd.1700000000004"] = "{}"
    data[OTHER_APP] = "another app's own data"
    return data


BASE = base_device()
PLAIN_TEXT_KEYS = (DRAFT_PREFIX,)  # records that are plain text, not JSON


# ---------------------------------------------------------------------- values of every shape


@dataclass(frozen=True)
class Raw:
    """JSON text written as it is: what no Python value dumps to (a 5,000-digit number, 1e999, NaN, deep nesting)."""

    text: str


def _deep(depth: int) -> Raw:
    return Raw("[" * depth + "]" * depth)


ODD_TEXTS = st.one_of(
    st.just(""), st.just("x" * 100_000), st.just("\u202e\u200f" * 20), st.just("<script>alert(1)</script>"),
    st.just("\ud800"), st.just("a\udfffb"), st.just("\x00\x1f"), st.just("🔥" * 50), st.just("0"), st.just("-1"),
    st.just("2026-02-30"), st.just("2026-11-22"), st.just("the-game"), st.just("daily"), st.just("fixture0001tg"),
)
NUMBERS = st.one_of(
    st.integers(), st.integers(min_value=-(10 ** 4000), max_value=10 ** 4000),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([1e308, -1e308, 5e-324, -0.0, 1e10, 2 ** 63]),
    st.sampled_from([Raw("9" * 5000), Raw("-" + "1" * 4301), Raw("1e999"), Raw("-1e999"), Raw("NaN"),
                     Raw("Infinity"), Raw("1E400"), Raw("0.1e-999")]),
)
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, st.text(st.characters(codec=None, exclude_categories=()),
                                                                max_size=30), ODD_TEXTS)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.text(max_size=8) | st.sampled_from(["id", "game", "at", "", "\ud800"]),
                                            inner, max_size=5)),
    max_leaves=12,
) | st.integers(30, 3000).map(_deep) | st.integers(9, 6000).map(lambda n: list(range(n)))


def dump(value, ascii_only: bool = True) -> str:
    """A value as JSON text, ``Raw`` parts as they are (json.dumps cannot write them)."""
    try:  # most of a record is plain: written in C, and only the way down to a Raw part in Python
        return json.dumps(value, ensure_ascii=ascii_only, allow_nan=True)
    except (TypeError, ValueError):
        pass
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, list):
        return "[" + ",".join(dump(v, ascii_only) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(str(k), ensure_ascii=ascii_only) + ":" + dump(v, ascii_only)
                              for k, v in value.items()) + "}"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 4000:
        return str(value)[:4000]
    return json.dumps(value, ensure_ascii=ascii_only, allow_nan=True)


# ---------------------------------------------------------------------- changing a record somewhere


def paths(value, depth: int = 5) -> list[tuple]:
    """Where a change may go: every field, and the first and last item of every list, ``depth`` levels down."""
    found = [()]
    if depth == 0:
        return found
    if isinstance(value, dict):
        for key, item in value.items():
            found += [(key, *rest) for rest in paths(item, depth - 1)]
    elif isinstance(value, list) and value:
        for index in sorted({0, len(value) - 1}):
            found += [(index, *rest) for rest in paths(value[index], depth - 1)]
    return found


@st.composite
def changed(draw, value):
    """``value`` (a parsed record) with one field changed: replaced by a value of any shape, removed, or joined
    by a field of any shape."""
    target = draw(st.sampled_from(paths(value)))
    how = draw(st.sampled_from(["replace", "replace", "replace", "remove", "add", "repeat"]))
    if not target:
        return draw(VALUES) if how != "add" else value
    value = copy.copy(value)  # copied along the way to the change only: the rest is shared, never changed
    parent = value
    for step in target[:-1]:
        parent[step] = copy.copy(parent[step])
        parent = parent[step]
    last = target[-1]
    if how == "remove":
        del parent[last]
    elif how == "add" and type(parent[last]) is dict:
        parent[last] = dict(parent[last])
        parent[last][draw(st.text(max_size=10) | st.sampled_from(["mode", "hints", "extra", "at"]))] = draw(VALUES)
    elif how == "repeat" and type(parent[last]) is list and parent[last]:
        parent[last] = parent[last] * draw(st.integers(2, 3000))
    else:
        parent[last] = draw(VALUES)
    return value


@st.composite
def record_text(draw, text: str):
    """A record's text with something changed: a field, or the text itself (cut, or replaced)."""
    try:  # (a deep text is not parsed here: how deep the parser gets depends on the stack Hypothesis runs on)
        parsed = json.loads(text) if nesting_depth(text, 100) <= 100 else None
    except ValueError:  # already not JSON (a changed file's text)
        parsed = None
    if parsed is None or draw(st.integers(0, 9)) == 0:
        return draw(st.one_of(st.just(text[: len(text) // 2]), st.just(text + "x"), st.text(max_size=20),
                              st.integers(30, 10_000).map(lambda n: _deep(n).text),
                              st.sampled_from(["NaN", "null", "[]", "{}", '"text"', "1e999", "9" * 5000])))
    value = draw(changed(parsed))
    return dump(value, ascii_only=draw(st.booleans()))


class Device(dict):
    """A device's storage (key -> text) that shows only what differs from ``BASE`` (a failing case reads short).
    ``open_all`` (one case in 24): open every saved game, not only those the case changed (an unchanged save opens
    the same way in every case; opening them all costs ~150 ms, three times a case's mean)."""

    open_all = True

    def __repr__(self) -> str:
        changed = {k: (v if len(v) <= 300 else v[:300] + f"… ({len(v)} characters)") for k, v in self.items()
                   if BASE.get(k) != v}
        return f"Device(BASE changed at {changed!r})"


@st.composite
def storage_cases(draw) -> Device:
    """A device with one to three of its records changed (a guess being written: any text)."""
    data = Device(BASE)
    keys = draw(st.lists(st.sampled_from(sorted(BASE)), min_size=1, max_size=3, unique=True))
    for key in keys:
        if key.startswith(PLAIN_TEXT_KEYS) or key == OTHER_APP:
            data[key] = draw(st.text(st.characters(codec=None, exclude_categories=()), max_size=50)
                             | st.integers(2001, 50_000).map(lambda n: "x" * n))
        else:
            data[key] = draw(record_text(data[key]))
    if draw(st.integers(0, 4)) == 0:  # a key of any name under Junban's prefix
        name = draw(st.sampled_from([SAVE_PREFIX, DRAFT_PREFIX, BACKUP_PREFIX, "junban."])) + draw(st.text(max_size=40))
        data.setdefault(name, draw(st.sampled_from(sorted(BASE.values()))))
    data.open_all = draw(st.integers(0, 23)) == 0
    return data


EXPORT = json.loads(transfer.export_file(Store(DictStorage(BASE)), 1.0))


@st.composite
def file_cases(draw) -> str:
    """An export file (everything, or one game) with one or two fields changed."""
    data = draw(st.sampled_from([EXPORT, EXPORT["saves"][0], {**EXPORT, "saves": EXPORT["saves"][:1]}]))
    for _ in range(draw(st.integers(1, 2))):
        data = draw(changed(data))
    text = dump(data, ascii_only=draw(st.booleans()))
    return draw(record_text(text)) if draw(st.integers(0, 9)) == 0 and not isinstance(data, Raw) else text


def _link_payload() -> dict:
    record = json.loads(_fixture("save-the-game-daily-assisted.json"))
    compact = {short: record[name] for short, name in transfer._LINK_FIELDS.items()}
    day = next(d for d in json.loads(_fixture("daily.json"))["days"] if d["save"] == record["id"])
    return dict(compact, h=record["hints"], m=record["mode"], d={k: v for k, v in day.items() if k != "save"})


LINK = _link_payload()


def sign(text: str, version: int = transfer.TOKEN_VERSION) -> str:
    """A link token as a forger would make it: the checksum is public."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = bytes([version]) + packer.compress(text.encode("utf-8", "surrogatepass")) + packer.flush()
    return base64.urlsafe_b64encode(body + transfer._check(body)).decode("ascii").rstrip("=")


@st.composite
def link_cases(draw) -> str:
    """A "send this game" link's token whose payload has one or two fields changed, signed."""
    data = LINK
    for _ in range(draw(st.integers(1, 2))):
        data = draw(changed(data))
    return sign(dump(data, ascii_only=draw(st.booleans())), version=draw(st.sampled_from([1, 2, 2, 2])))


# ---------------------------------------------------------------------- running the app and checking


@dataclass
class Check:
    """What one case did: the notices the person saw, crashes, and the storage before and after."""

    before: dict
    storage: DictStorage
    said: list = field(default_factory=list)
    crashes: list = field(default_factory=list)

    @property
    def after(self) -> dict:
        return self.storage.data

    def errors(self) -> list[str]:
        return [text for kind, text, _ in self.said if kind == "error"]

    def told(self, key: str) -> list[str]:
        return [text for _, text, said_as in self.said if said_as == key]


def _in_every_language(key: str) -> list[str]:
    """The text of ``key`` in each language (a notice stays in the language it was said in, and an import may
    switch the language)."""
    shown = i18n.language()
    try:
        texts = []
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            texts.append(i18n.t(key))
        return texts
    finally:
        i18n.set_language(shown)


def _starts(text: str, key: str) -> bool:
    """Does ``text`` begin as the text ``key`` does (up to its first parameter), in any language?"""
    return any(text.startswith(words.split("{")[0]) for words in _in_every_language(key))


def _says(text: str, key: str) -> bool:
    return any(words in text for words in _in_every_language(key))


def run_app(data: dict, visit: str = "#/") -> tuple[App, Check]:
    """Start the app on ``data`` at ``visit``; record every notice and every crash the app caught."""
    i18n.set_language("en")
    storage = DictStorage(dict(data))
    check = Check(before=dict(data), storage=storage)
    platform = FakePlatform(storage, hash_text=visit)
    app = App(platform)
    services = app.services
    notify = services.notify

    def notify_recorded(text, kind="info", key=None, *args, **kwargs):
        check.said.append((kind, text, key))
        return notify(text, kind, key, *args, **kwargs)

    def crashed(err):
        check.crashes.append(err)
        raise err  # fail the case where it happened, with its traceback

    services.notify = notify_recorded
    services.report_crash = crashed
    app.start()
    return app, check


def open_every_save(app: App, only: set | None = None) -> None:
    """Every saved game (or those of ``only``, keys) opened in turn, then home again. A seat kept from another
    phone's table is read at start and listed on home, but not opened: a kept view of another shape than its
    game's breaks that table (KeyError 'hand_counts' in The Game's seat chips, found by this fuzz) — a view's shape
    per game belongs to the phones' layer (junban.net) and is not checked there yet."""
    for key in sorted(app.store.backend.keys()):
        if key.startswith(SAVE_PREFIX) and (only is None or key in only):
            app.go(f"#/play/{key[len(SAVE_PREFIX):]}")
    app.go("#/")


def check_storage_case(data: dict) -> Check:
    """Start, home, History and Storage change nothing readable (what is not is kept aside, with a word); then
    every saved game opens, adding only what opening a game adds (a finished game's result, a first visit)."""
    app, check = run_app(data)  # home
    for route in ("#/history", "#/storage"):
        app.go(route)
    assert not check.crashes
    kept = [v for k, v in check.after.items() if k.startswith(BACKUP_PREFIX) and k not in check.before]
    for key, text in check.before.items():
        now = check.after.get(key)
        if key.startswith(BACKUP_PREFIX) or key == OTHER_APP or (
                key.startswith("junban.") and not key.startswith((SAVE_PREFIX, DRAFT_PREFIX, GUEST_PREFIX))
                and key not in (HISTORY_KEY, SETTINGS_KEY, DAILY_KEY)):
            assert now == text, f"{key!r} is not Junban's to change"
        elif now != text and text in kept:
            assert check.errors(), f"{key!r} was kept aside without a word"
        elif now != text:
            assert now is None and _swept(text), f"{key!r} changed and was not kept aside: {str(now)[:200]!r}"
    readable = dict(check.after)
    changed = None if getattr(data, "open_all", True) else {k for k, v in data.items() if BASE.get(k) != v}
    open_every_save(app, changed)
    assert not check.crashes
    _only_grew(readable, check.after)
    return check


def _only_grew(before: dict, after: dict) -> None:
    """Opening games adds a finished game's result to the history (and the daily record), and notes a first
    visit in the settings; every record stays, or was kept aside whole, byte for byte."""
    kept = {v for k, v in after.items() if k.startswith(BACKUP_PREFIX) and k not in before}
    for key, text in before.items():
        now = after.get(key)
        if now == text or text in kept:
            continue
        if now is None and key.startswith(SAVE_PREFIX) and json.loads(text)["actions"] == []:
            continue  # a game with no move, opened and left, is not kept (screens/table.py), whatever its
            # "finished" says (the replay decides that): nothing was played, the deal is its seed
        assert now is not None, f"{key!r} was lost"
        if key == SETTINGS_KEY:
            assert _only_offers_added(text, now), f"the settings changed: {now[:200]!r}"
        elif key == HISTORY_KEY:
            was, grown = json.loads(text)["entries"], json.loads(now)["entries"]
            assert all(e in grown for e in was), "a result was lost"
        elif key == DAILY_KEY:
            was = {(d["game"], d["date"]): d["save"] for d in json.loads(text)["days"]}
            grown = {(d["game"], d["date"]): d["save"] for d in json.loads(now)["days"]}
            assert all(grown.get(k) == v for k, v in was.items()), "a counted attempt was lost"
        else:
            raise AssertionError(f"{key!r} changed when a game was opened: {now[:200]!r}")


def _only_offers_added(before: str, after: str | None) -> bool:
    """Opening a game for the first time records that its first game that teaches was offered (the settings are
    then written whole, defaults included): every value set before stays."""
    if after is None:
        return False
    was, now = json.loads(before)["values"], json.loads(after)["values"]
    return all(k in now and now[k] == v for k, v in was.items() if k != "tutorials_offered")


def _swept(text: str) -> bool:
    """A readable save with no move, untouched for long, is removed at start-up (as ever)."""
    record = json.loads(text)
    return record["actions"] == [] and not record["finished"]


def _open_changed(app: App, before: dict, everything: bool) -> None:
    """Home, History, Storage, then the saved games an import or a link changed (or every one)."""
    for route in ("#/", "#/history", "#/storage"):
        app.go(route)
    data = app.store.backend.data
    open_every_save(app, None if everything else {k for k, v in data.items() if before.get(k) != v})


def check_file_case(text: str, on: dict, everything: bool = True) -> Check:
    app, check = run_app(on, "#/storage")
    before_games = {k: json.loads(v)["actions"] for k, v in on.items() if k.startswith(SAVE_PREFIX)}
    app.services.platform.chosen_files["st-import"] = text
    app.field("st:import", "C:\\fakepath\\junban.json", final=True)
    told = check.told("import")
    assert told, "an import always says what it did"
    if _starts(told[-1], "import.bad"):
        assert check.after == on, "a refused file changes nothing"
    else:
        _nothing_lost(on, check.after, before_games)
        aside = [k for k in check.after if k.startswith(BACKUP_PREFIX + "import.")]
        assert bool(aside) == _says(told[-1], "import.aside_kept"), told[-1]
    _open_changed(app, on, everything)
    assert not check.crashes
    return check


def check_link_case(token: str, on: dict, everything: bool = True) -> Check:
    before_games = {k: json.loads(v)["actions"] for k, v in on.items() if k.startswith(SAVE_PREFIX)}
    app, check = run_app(on, f"#/receive?game={token}")
    if app.platform.get_hash().startswith("#/play/"):
        _nothing_lost(on, check.after, before_games)
    else:
        assert any(_starts(text, "link.bad") for text in check.errors()), check.said
        assert check.after == on, "a refused link changes nothing"
    _open_changed(app, on, everything)
    assert not check.crashes
    return check


def _nothing_lost(before: dict, after: dict, games: dict) -> None:
    for key, moves in games.items():
        assert key in after, f"{key} was lost"
        assert json.loads(after[key])["actions"][: len(moves)] == moves, f"{key}'s moves were changed"
    if HISTORY_KEY in before:
        assert {e["id"] for e in json.loads(before[HISTORY_KEY])["entries"]} <= \
            {e["id"] for e in json.loads(after[HISTORY_KEY])["entries"]}
    if DAILY_KEY in before:
        days = {(d["game"], d["date"]): d["save"] for d in json.loads(before[DAILY_KEY])["days"]}
        now = {(d["game"], d["date"]): d["save"] for d in json.loads(after[DAILY_KEY])["days"]}
        assert all(now.get(k) == v for k, v in days.items()), "a counted attempt here was replaced"
    if SETTINGS_KEY in before:
        was, now = json.loads(before[SETTINGS_KEY])["values"], json.loads(after[SETTINGS_KEY])["values"]
        assert all(now.get(k) == v for k, v in was.items()), "a setting made here was changed"
    for key, text in before.items():
        if key.startswith(BACKUP_PREFIX) or key == OTHER_APP:
            assert after.get(key) == text
