"""What the app keeps in localStorage: saves, history, settings. Nothing here is ever silently dropped.

Keys (all under ``junban.``):

- ``junban.save.<id>``   one game in progress or finished (a ``Session`` record)
- ``junban.history``     finished games, for statistics
- ``junban.settings``    language, bot speed, ...
- ``junban.daily``       the daily challenges: per game and date, the counted attempt and its result (``junban.daily``)
- ``junban.guest.<table>`` a seat this phone plays at another phone's table (``junban.net.guest``): the table, the
  seat and the last snapshot the host sent, to show it again and go on after scanning the host's next code
- ``junban.backup.<what>.<time>``  anything we could not read, kept aside exactly as it was found; ``<what>`` is
  ``save.<id>``, ``history``, ``history-entries`` (odd entries taken out of a readable history), ``settings``, ``daily`` or
  ``odd`` (a key Junban never writes), ``<time>`` milliseconds (``.2``, ``.3`` … when two fall in the same one)

Every record carries ``schema`` (its format version) and ``type``. Records of an older schema are migrated on
read; a record we cannot read (too large, nested too deeply, bad JSON, wrong types, a future schema) is copied to
a backup key, removed from its place, and reported in ``problems`` so the app can tell the person. With no room
for the copy it stays where it is (``left_in_place``) and is reported again at every start until the person
downloads or deletes it (the Storage screen).

Every text read from storage, a file or a link is bounded *before* it is parsed (``parse_json``): its length, and
its nesting depth by a linear scan that skips strings. Python's parser recurses once per level; in the browser a
few thousand levels overflow the JavaScript stack and take the whole engine down, beyond any ``except``.

The backend is anything with ``get(key) -> str | None``, ``set(key, text)`` (raising ``StorageFull`` when the
quota is exceeded), ``remove(key)`` and ``keys() -> list[str]``: localStorage in the browser, a dict in tests.
"""
from __future__ import annotations

import json
import math
import re
import time
from dataclasses import dataclass, field

from junban.errors import JunbanError
from junban.games import GAME_MODULES

PREFIX = "junban."
SAVE_PREFIX = PREFIX + "save."
BACKUP_PREFIX = PREFIX + "backup."
HISTORY_KEY = PREFIX + "history"
SETTINGS_KEY = PREFIX + "settings"
DAILY_KEY = PREFIX + "daily"
GUEST_PREFIX = PREFIX + "guest."
MAX_GUEST_RECORDS = 20  # seats at other phones' tables kept; the oldest go first (the host holds each game)

MAX_RECORD_CHARS = 2_000_000
MAX_DEPTH = 32  # records Junban writes nest 6 deep at most; the browser's parser fails somewhere past 4,000
MAX_HISTORY = 5000
KEEP_FINISHED_SAVES = 20  # more finished saves than this: the app offers to remove the oldest (never by itself)
SAVE_ID = re.compile(r"^[a-z0-9]{4,32}$")
GUEST_TABLE = re.compile(r"^[a-z0-9]{1,12}$")
SAVE_MODES = ("daily", "practice", "tutorial", "tutorial-done")  # junban.session.MODES
MAX_HINTS = 20000
UNKNOWN_GAME = "?"  # RecordName.game of a save whose game this version does not know

CURRENT_SCHEMA = {"save": 1, "history": 1, "settings": 1, "daily": 1, "guest": 1}


MISSING = object()  # what _read_json gives for a key with nothing (readable) in it


class StorageFull(JunbanError):
    """The browser refused to store more (quota exceeded)."""


class UnreadableRecord(JunbanError):
    """A stored record that cannot be used; it has been kept aside under a backup key.

    ``cause``: for a save whose moves do not replay, the engine's own error (so the UI can say it in words)."""

    cause: Exception | None = None


# --------------------------------------------------------------------------- bounded parsing

# A JSON string (skipped whole, escapes included; an unterminated one runs to the end) or one bracket.
_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]')


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deeply brackets nest in ``text`` outside strings, in one pass; stops counting once past ``limit``."""
    depth = deepest = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        char = text[match.start()]
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
        elif char in "]}":
            depth -= 1
    return deepest


def parse_json(text: object, max_chars: int = MAX_RECORD_CHARS, max_depth: int = MAX_DEPTH):
    """Parse untrusted JSON (storage, a file, a link) after bounding its size and depth; UnreadableRecord if not."""
    if not isinstance(text, str):
        raise UnreadableRecord("it is not text", code="record.bad_json")
    if len(text) > max_chars:
        raise UnreadableRecord("it is far too large", code="record.too_large")
    if nesting_depth(text, max_depth) > max_depth:
        raise UnreadableRecord("it is nested far too deeply to be anything Junban wrote", code="record.too_deep")
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise UnreadableRecord("it is not valid JSON (perhaps cut off)", code="record.bad_json") from None


def to_json(record) -> str:
    return json.dumps(record, separators=(",", ":"), allow_nan=False)


# Migrations: MIGRATIONS[type][n] turns a schema-n record into a schema-(n+1) record.
MIGRATIONS: dict[str, dict[int, object]] = {"save": {}, "history": {}, "settings": {}, "daily": {}, "guest": {}}


def migrate(record: dict, kind: str) -> dict:
    """Bring a record to the current schema of its type, or raise UnreadableRecord."""
    if not isinstance(record, dict):
        raise UnreadableRecord("not an object", code="record.not_object")
    if record.get("type") != kind:
        raise UnreadableRecord(f"not a {kind} record", code="record.wrong_type")
    version = record.get("schema")
    if type(version) is not int or version < 1:
        raise UnreadableRecord("no format version", code="record.no_version")
    current = CURRENT_SCHEMA[kind]
    if version > current:
        raise UnreadableRecord(f"written by a newer version of Junban (format {version})", code="record.newer",
                               version=version)
    while version < current:
        step = MIGRATIONS[kind].get(version)
        if step is None:
            raise UnreadableRecord(f"format {version} cannot be upgraded", code="record.cannot_upgrade",
                                   version=version)
        record = step(record)
        version = record["schema"]
    return record


def check_save(record: object, save_id: str | None = None) -> dict:
    """A save record brought to the current format and checked field by field (not replayed); UnreadableRecord if
    it is not one. ``save_id``: the name it is stored under (None: its own id must be a name Junban writes)."""
    record = migrate(record, "save")
    _check_save_shape(record, record.get("id") if save_id is None else save_id)
    if not SAVE_ID.match(record["id"]):
        raise UnreadableRecord("its name is not one Junban writes", code="record.bad_name")
    return record


def replay_problem(record: dict) -> UnreadableRecord | None:
    """Why a (checked) save's moves do not replay, or None if they do."""
    from junban.session import Session  # the engines load only when a save is replayed

    try:
        Session.from_record(record)
    except (JunbanError, ValueError, TypeError, KeyError) as err:
        return replay_failure(err)
    return None


def replay_failure(err: Exception) -> UnreadableRecord:
    problem = UnreadableRecord(f"its moves could not be replayed: {err}", code="record.replay", reason=str(err))
    problem.cause = err
    return problem


# --------------------------------------------------------------------------- what a record is, in words


@dataclass(frozen=True)
class RecordName:
    """What a stored record is, for a person (``junban.ui.records`` says it in words): never its key, which any
    page of the same origin may have written.

    ``kind``: ``save``, ``guest``, ``history``, ``history-entries``, ``settings``, ``daily`` or ``odd``. A save's ``game`` is its slug,
    ``UNKNOWN_GAME``, or None when unreadable; ``when``: its last move (seconds), when readable."""

    kind: str
    game: str | None = None
    when: float | None = None


_FINISHED = re.compile(r'"finished"\s*:\s*true')
_BACKUP_WHAT = re.compile(r"^(save\.[a-z0-9]{4,32}|guest\.[a-z0-9]{1,12}|history|history-entries|settings|daily|odd)$")


def name_record(key: str, raw: str | None) -> RecordName:
    """Name a record by where it is (or was, for a backup) and, for a save, by what it says it is."""
    what = _backup_what(key) if key.startswith(BACKUP_PREFIX) else _live_what(key)
    if what.startswith("guest."):
        return RecordName("guest")
    if not what.startswith("save"):
        return RecordName(what)
    game = when = None
    try:
        record = parse_json(raw)
    except UnreadableRecord:
        record = None
    if isinstance(record, dict):
        slug = record.get("game")
        if isinstance(slug, str):
            game = slug if slug in GAME_MODULES else UNKNOWN_GAME
        moment = record.get("updated", record.get("created"))
        if type(moment) in (int, float) and math.isfinite(moment) and 0 < moment < 1e11:
            when = float(moment)
    return RecordName("save", game, when)


def backup_time(key: str) -> float | None:
    """When a backup was made (seconds), from its key."""
    match = re.search(r"\.(\d{1,15})(?:\.\d{1,4})?$", key)
    return int(match.group(1)) / 1000 if match and key.startswith(BACKUP_PREFIX) else None


def _live_what(key: str) -> str:
    if key == HISTORY_KEY:
        return "history"
    if key == SETTINGS_KEY:
        return "settings"
    if key == DAILY_KEY:
        return "daily"
    if key.startswith(GUEST_PREFIX):
        return f"guest.{key[len(GUEST_PREFIX):]}" if GUEST_TABLE.match(key[len(GUEST_PREFIX):]) else "odd"
    save_id = key[len(SAVE_PREFIX):] if key.startswith(SAVE_PREFIX) else ""
    return f"save.{save_id}" if SAVE_ID.match(save_id) else "odd"


def _backup_what(key: str) -> str:
    rest = re.sub(r"\.\d{1,15}(?:\.\d{1,4})?$", "", key[len(BACKUP_PREFIX):])
    return rest if _BACKUP_WHAT.match(rest) else "odd"


# --------------------------------------------------------------------------- the store


@dataclass
class SaveSummary:
    """What the saved-games list shows, read without replaying the game."""

    id: str
    game: str
    players: int
    seats: list[dict]
    seed: str
    updated: float
    finished: bool
    moves: int
    mode: str | None = None  # "daily", "practice", "tutorial", "tutorial-done" (junban.session.MODES)
    assisted: bool = False


@dataclass
class Problem:
    """Something stored that could not be read: what it was, why, and where it was kept (None: left in place)."""

    key: str
    reason: UnreadableRecord
    backup_key: str | None
    what: RecordName = field(default_factory=lambda: RecordName("odd"))


@dataclass
class KeptAside:
    """A record the person may download or delete on the Storage screen: a backup, or one left in place."""

    key: str
    what: RecordName
    since: float | None  # when it was kept aside (None: left in place)
    size: int  # characters, key included
    reason: UnreadableRecord | None  # what is wrong with it now (None: it reads fine now)


USAGE_PARTS = ("games", "finished", "history", "settings", "aside", "other")  # other: other apps on the site


@dataclass
class Usage:
    """Per part (``USAGE_PARTS``): how many records, and how many characters (localStorage counts key and value)."""

    records: dict = field(default_factory=lambda: dict.fromkeys(USAGE_PARTS, 0))
    chars: dict = field(default_factory=lambda: dict.fromkeys(USAGE_PARTS, 0))

    @property
    def total(self) -> int:
        return sum(self.chars.values())

    def add(self, part: str, chars: int) -> None:
        self.records[part] += 1
        self.chars[part] += chars


@dataclass
class Store:
    backend: object
    clock: object = time.time
    problems: list[Problem] = field(default_factory=list)
    left_in_place: dict = field(default_factory=dict)  # key -> UnreadableRecord: no room to copy it aside

    # -- low level

    def _read_json(self, key: str):
        """The parsed value at ``key``; MISSING if there is none or it was unreadable (and kept aside)."""
        raw = self.backend.get(key)
        if raw is None:
            return MISSING
        try:
            return parse_json(raw)
        except UnreadableRecord as err:
            self.quarantine(key, raw, err)
            return MISSING

    def _write_json(self, key: str, record) -> None:
        self.backend.set(key, to_json(record))

    def quarantine(self, key: str, raw: str, reason: UnreadableRecord) -> str | None:
        """Move unreadable data aside (never delete it) and remember to tell the person why."""
        what = name_record(key, raw)
        backup_key = self.keep_copy(_live_what(key), raw)
        if backup_key is None:
            # No room for a copy: leave the data where it is, untouched, and still tell the person.
            self.left_in_place[key] = reason
        else:
            if self.backend.get(key) == raw:  # another tab may have put a good record there meanwhile
                self.backend.remove(key)
            self.left_in_place.pop(key, None)
        self.problems.append(Problem(key, reason, backup_key, what))
        return backup_key

    def keep_copy(self, what: str, raw: str) -> str | None:
        """Store ``raw`` under a new backup key for ``what``; None if there is no room."""
        base = f"{BACKUP_PREFIX}{what}.{int(self.clock() * 1000)}"
        taken = set(self.backend.keys())
        backup_key, n = base, 1
        while backup_key in taken:
            n += 1
            backup_key = f"{base}.{n}"
        try:
            self.backend.set(backup_key, raw)
        except StorageFull:
            return None
        return backup_key

    def take_problems(self) -> list[Problem]:
        problems, self.problems = self.problems, []
        return problems

    # -- saves

    def save_keys(self) -> list[str]:
        return sorted(k for k in self.backend.keys() if k.startswith(SAVE_PREFIX))

    def read_save(self, save_id: str) -> dict | None:
        """The migrated record of a save, or None (missing, or unreadable and kept aside)."""
        key = SAVE_PREFIX + save_id
        record = self._read_json(key)
        if record is MISSING:
            return None
        try:
            record = check_save(record, save_id)
        except UnreadableRecord as err:
            self.quarantine(key, self.backend.get(key) or "", err)
            return None
        return record

    def save_unreadable(self, save_id: str, reason: UnreadableRecord) -> None:
        """A save whose moves no longer replay: keep it aside and report it."""
        key = SAVE_PREFIX + save_id
        raw = self.backend.get(key)
        if raw is not None:
            self.quarantine(key, raw, reason)

    def list_saves(self) -> list[SaveSummary]:
        """Every readable save, newest first; unreadable ones are kept aside and reported."""
        summaries = []
        for key in self.save_keys():
            save_id = key[len(SAVE_PREFIX):]
            if key in self.left_in_place:
                continue  # already reported; the Storage screen lists it
            if not SAVE_ID.match(save_id):
                self.quarantine(key, self.backend.get(key) or "",
                                UnreadableRecord("its name is not one Junban writes", code="record.bad_name"))
                continue
            record = self.read_save(save_id)
            if record is None:
                continue
            summaries.append(
                SaveSummary(
                    id=save_id,
                    game=record["game"],
                    players=len(record["seats"]),
                    seats=record["seats"],
                    seed=record["seed"],
                    updated=record["updated"],
                    finished=record["finished"],
                    moves=len(record["actions"]),
                    mode=record.get("mode"),
                    assisted=bool(record.get("hints")) or record.get("mode") in ("tutorial", "tutorial-done"),
                )
            )
        summaries.sort(key=lambda s: (s.finished, -s.updated))
        return summaries

    def write_save(self, record: dict) -> None:
        """Store a session record (raises StorageFull; the caller keeps the game on the page)."""
        self._write_json(SAVE_PREFIX + record["id"], record)

    def delete_save(self, save_id: str) -> None:
        self.backend.remove(SAVE_PREFIX + save_id)

    def old_finished(self, saves: list[SaveSummary] | None = None) -> list[SaveSummary]:
        """Finished saves beyond the newest KEEP_FINISHED_SAVES, oldest last (of ``saves``, a ``list_saves()``
        already read): what the app offers to remove, never without asking; their results stay in the history."""
        return [s for s in (self.list_saves() if saves is None else saves) if s.finished][KEEP_FINISHED_SAVES:]

    # -- seats at other phones' tables

    def guest_tables(self) -> list[str]:
        return sorted(k[len(GUEST_PREFIX):] for k in self.backend.keys() if k.startswith(GUEST_PREFIX))

    def read_guest(self, table: str) -> dict | None:
        """A seat this phone plays at another phone's table, or None (missing, or unreadable and kept aside)."""
        key = GUEST_PREFIX + table
        record = self._read_json(key)
        if record is MISSING:
            return None
        try:
            record = migrate(record, "guest")
            if (record.get("table") != table or not GUEST_TABLE.match(table) or type(record.get("seat")) is not int
                    or not isinstance(record.get("game"), str) or not isinstance(record.get("entries"), list)
                    or not isinstance(record.get("welcome"), (dict, type(None)))
                    or not isinstance(record.get("update"), (dict, type(None)))):
                raise UnreadableRecord("its fields are not readable", code="record.field", name="guest")
        except UnreadableRecord as err:
            self.quarantine(key, self.backend.get(key) or "", err)
            return None
        return record

    def write_guest(self, record: dict) -> None:
        """Store a guest seat's record (raises StorageFull); beyond MAX_GUEST_RECORDS the oldest other goes."""
        self._write_json(GUEST_PREFIX + record["table"], record)
        tables = self.guest_tables()
        if len(tables) > MAX_GUEST_RECORDS:
            def updated(table: str) -> float:
                raw = self.backend.get(GUEST_PREFIX + table) or ""
                match = re.search(r'"updated":([0-9.]+)', raw)
                return float(match.group(1)) if match else 0.0
            oldest = min((t for t in tables if t != record["table"]), key=updated)
            self.backend.remove(GUEST_PREFIX + oldest)

    def delete_guest(self, table: str) -> None:
        self.backend.remove(GUEST_PREFIX + table)

    # -- history

    def history(self) -> list[dict]:
        """Every readable entry. Odd entries are kept aside (as ``history-entries``) and reported, then the
        history is written without them; with no room for the copy they stay in place, untouched."""
        entries, odd = self._history_entries()
        if odd and HISTORY_KEY not in self.left_in_place:
            raw = to_json(odd)
            backup_key = self.keep_copy("history-entries", raw)
            n = len(odd)
            reason = UnreadableRecord(f"{n} of its entries are not games Junban records", code="record.odd_entries",
                                      n=n)
            if backup_key is not None:
                try:
                    self._write_history(entries)
                except StorageFull:
                    self.backend.remove(backup_key)
                    backup_key = None
            if backup_key is None:
                self.left_in_place[HISTORY_KEY] = reason
            self.problems.append(Problem(HISTORY_KEY, reason, backup_key, RecordName("history-entries")))
        return entries

    def _history_entries(self) -> tuple[list[dict], list]:
        """(readable entries, odd entries) of the stored history."""
        record = self._read_json(HISTORY_KEY)
        if record is MISSING:
            return [], []
        try:
            record = migrate(record, "history")
            entries = record.get("entries")
            if not isinstance(entries, list):
                raise UnreadableRecord("the list of games is missing", code="record.no_entries")
        except UnreadableRecord as err:
            self.quarantine(HISTORY_KEY, self.backend.get(HISTORY_KEY) or "", err)
            return [], []
        good = [e for e in entries if valid_history_entry(e)]
        return good, [e for e in entries if not valid_history_entry(e)]

    def add_history(self, entry: dict) -> int:
        """Record a finished game once (by its save id). Returns how many of the oldest entries made room for it
        (the history keeps MAX_HISTORY; the app says so)."""
        return self.merge_history([entry])[1]

    def merge_history(self, new_entries: list[dict]) -> tuple[int, int]:
        """Add the entries whose id is not in the history yet, oldest first by ``at``; return (added, removed):
        removed counts the oldest entries that had to go to stay within MAX_HISTORY."""
        entries = self.history()
        odd_in_place = self._history_entries()[1] if HISTORY_KEY in self.left_in_place else []
        known = {e.get("id") for e in entries}
        added = []
        for entry in new_entries:
            if valid_history_entry(entry) and entry["id"] not in known:
                known.add(entry["id"])
                added.append(entry)
        if not added:
            return 0, 0
        entries = sorted(entries + added, key=_entry_time)
        removed = max(0, len(entries) - MAX_HISTORY)
        self._write_history(entries[removed:], odd_in_place)
        return len(added), removed

    def prune_history(self, keep_last: int) -> int:
        """Keep only the newest ``keep_last`` entries; return how many were removed (the person asked for it)."""
        entries = self.history()
        odd_in_place = self._history_entries()[1] if HISTORY_KEY in self.left_in_place else []
        removed = max(0, len(entries) - keep_last)
        if removed:
            self._write_history(entries[removed:], odd_in_place)
        return removed

    def _write_history(self, entries: list[dict], odd_in_place: list | None = None) -> None:
        """Odd entries that could not be kept aside are written back as they were: nothing is dropped."""
        self._write_json(HISTORY_KEY, {"schema": CURRENT_SCHEMA["history"], "type": "history",
                                       "entries": entries + (odd_in_place or [])})

    # -- settings

    def settings(self) -> dict:
        record = self._read_json(SETTINGS_KEY)
        if record is MISSING:
            return {}
        try:
            record = migrate(record, "settings")
        except UnreadableRecord as err:
            self.quarantine(SETTINGS_KEY, self.backend.get(SETTINGS_KEY) or "", err)
            return {}
        values = record.get("values")
        return dict(values) if isinstance(values, dict) else {}

    def write_settings(self, values: dict) -> None:
        self._write_json(SETTINGS_KEY, {"schema": CURRENT_SCHEMA["settings"], "type": "settings", "values": values})

    # -- daily challenges

    def daily(self) -> list[dict]:
        """The daily challenges played (``junban.daily``); an unreadable record is kept aside and reported."""
        from junban.daily import check_days

        record = self._read_json(DAILY_KEY)
        if record is MISSING:
            return []
        try:
            record = migrate(record, "daily")
            try:
                return check_days(record.get("days"))
            except ValueError as err:
                raise UnreadableRecord(str(err), code="record.daily") from None
        except UnreadableRecord as err:
            self.quarantine(DAILY_KEY, self.backend.get(DAILY_KEY) or "", err)
            return []

    def write_daily(self, days: list[dict]) -> None:
        self._write_json(DAILY_KEY, {"schema": CURRENT_SCHEMA["daily"], "type": "daily", "days": days})

    def check_all(self) -> None:
        """Read every record once (at start-up), so anything unreadable is kept aside and reported now."""
        self.left_in_place.clear()
        self.settings()
        self.history()
        self.daily()
        self.list_saves()

    # -- what takes room, and what was kept aside

    def backups(self) -> list[str]:
        return sorted(k for k in self.backend.keys() if k.startswith(BACKUP_PREFIX))

    def kept_aside_since(self, save_id: str, since: float) -> bool:
        """Was a copy of this save kept aside at ``since`` or later (by this tab or another)?"""
        prefix = f"{BACKUP_PREFIX}save.{save_id}."
        return any((backup_time(k) or 0) >= since for k in self.backups() if k.startswith(prefix))

    def usage(self) -> Usage:
        usage = Usage()
        for key in self.backend.keys():
            raw = self.backend.get(key) or ""
            usage.add(self._part(key, raw), len(key) + len(raw))
        return usage

    def _part(self, key: str, raw: str) -> str:
        if key.startswith(BACKUP_PREFIX) or (key in self.left_in_place and key != HISTORY_KEY):
            return "aside"
        if key.startswith(SAVE_PREFIX):
            return "finished" if _FINISHED.search(raw) else "games"  # quotes inside a string would be escaped
        if key.startswith(GUEST_PREFIX):
            return "games"
        return {HISTORY_KEY: "history", DAILY_KEY: "history", SETTINGS_KEY: "settings"}.get(key, "other")

    def kept_aside(self) -> list[KeptAside]:
        """Backups (newest first) and records left in place, each with what is wrong with it now."""
        found = []
        for key in list(self.left_in_place) + sorted(self.backups(), key=lambda k: -(backup_time(k) or 0)):
            raw = self.backend.get(key)
            if raw is None:
                continue
            odd_entries = key == HISTORY_KEY and self._odd_entries_in_place()
            what = RecordName("history-entries") if odd_entries else name_record(key, raw)
            found.append(KeptAside(key, what, backup_time(key), len(key) + len(raw), diagnose(what.kind, raw)))
        return found

    def raw(self, key: str) -> str | None:
        return self.backend.get(key)

    def delete_kept(self, key: str) -> None:
        """Delete a backup or a record left in place (the person asked for it on the Storage screen). Odd history
        entries left in place go alone: the readable entries stay."""
        if key == HISTORY_KEY and key in self.left_in_place and self._odd_entries_in_place():
            self._write_history(self._history_entries()[0])
        elif key.startswith(BACKUP_PREFIX) or key in self.left_in_place:
            self.backend.remove(key)
        self.left_in_place.pop(key, None)

    def _odd_entries_in_place(self) -> bool:
        reason = self.left_in_place.get(HISTORY_KEY)
        return reason is not None and reason.code == "record.odd_entries"


def diagnose(kind: str, raw: str) -> UnreadableRecord | None:
    """What is wrong with a kept-aside record of ``kind`` now (None: it reads fine now)."""
    try:
        record = parse_json(raw)
        if kind == "save":
            return replay_problem(check_save(record))
        if kind == "history-entries":
            odd = [e for e in record if not valid_history_entry(e)] if isinstance(record, list) else [record]
            if odd:
                return UnreadableRecord("entries that are not games Junban records", code="record.odd_entries",
                                        n=len(odd))
            return None
        if kind in ("history", "settings"):
            record = migrate(record, kind)
            if kind == "history" and not isinstance(record.get("entries"), list):
                raise UnreadableRecord("the list of games is missing", code="record.no_entries")
            if kind == "history":
                return diagnose("history-entries", to_json(record["entries"]))
            return None
        if kind == "daily":
            from junban.daily import check_days

            try:
                check_days(migrate(record, kind).get("days"))
            except ValueError:
                return UnreadableRecord("its list of daily challenges is not readable", code="record.daily")
            return None
        return UnreadableRecord("its name is not one Junban writes", code="record.bad_name")
    except UnreadableRecord as err:
        return err


def _reject_constant(name: str):
    raise ValueError(f"{name} is not allowed")


def _entry_time(entry: dict) -> float:
    at = entry.get("at")
    return float(at) if type(at) in (int, float) and math.isfinite(at) else 0.0


def _check_save_shape(record: dict, save_id: object) -> None:
    expected = {
        "id": str, "game": str, "config": dict, "seed": str, "seats": list, "actions": list,
        "created": (int, float), "updated": (int, float), "finished": bool,
    }
    for name, kind in expected.items():
        value = record.get(name)
        if not isinstance(value, kind) or (kind == (int, float) and (isinstance(value, bool) or not math.isfinite(value))):
            raise UnreadableRecord(f"its field '{name}' is missing or of the wrong type", code="record.field", name=name)
    if record["id"] != save_id:
        raise UnreadableRecord("it is stored under another game's name", code="record.wrong_id")
    if not all(isinstance(s, dict) for s in record["seats"]) or not 1 <= len(record["seats"]) <= 8:
        raise UnreadableRecord("its seats are not readable", code="record.bad_seats")
    # Optional (saves written before they existed have neither): how the game is played, and hints taken.
    if "mode" in record and record["mode"] not in SAVE_MODES:
        raise UnreadableRecord("its field 'mode' is of the wrong type", code="record.field", name="mode")
    hints = record.get("hints", 0)
    if type(hints) is not int or not 0 <= hints <= MAX_HINTS:
        raise UnreadableRecord("its field 'hints' is of the wrong type", code="record.field", name="hints")


def valid_history_entry(entry: object) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("id"), str)
        and isinstance(entry.get("game"), str)
        and isinstance(entry.get("bucket"), str)
        and type(entry.get("players")) is int
        and isinstance(entry.get("won"), bool)
    )
