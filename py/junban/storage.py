"""What the app keeps in localStorage: saves, history, settings. Nothing here is ever silently dropped.

Keys (all under ``junban.``):

- ``junban.save.<id>``   one game in progress or recently finished (a ``Session`` record)
- ``junban.history``     finished games, for statistics
- ``junban.settings``    language, bot speed, ...
- ``junban.daily``       the daily challenges: per game and date, the counted attempt and its result (``junban.daily``)
- ``junban.backup.<key>.<time>``  anything we could not read, kept aside exactly as it was found

Every record carries ``schema`` (its format version) and ``type``. Records of an older schema are migrated on
read; a record we cannot read (bad JSON, wrong types, a future schema, absurd size) is copied to a backup key,
removed from its place, and reported in ``problems`` so the app can tell the person.

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

PREFIX = "junban."
SAVE_PREFIX = PREFIX + "save."
BACKUP_PREFIX = PREFIX + "backup."
HISTORY_KEY = PREFIX + "history"
SETTINGS_KEY = PREFIX + "settings"
DAILY_KEY = PREFIX + "daily"

MAX_RECORD_CHARS = 2_000_000
MAX_HISTORY = 5000
KEEP_FINISHED_SAVES = 20
SAVE_ID = re.compile(r"^[a-z0-9]{4,32}$")
SAVE_MODES = ("daily", "practice", "tutorial", "tutorial-done")  # junban.session.MODES
MAX_HINTS = 20000

CURRENT_SCHEMA = {"save": 1, "history": 1, "settings": 1, "daily": 1}


MISSING = object()  # what _read_json gives for a key with nothing (readable) in it


class StorageFull(JunbanError):
    """The browser refused to store more (quota exceeded)."""


class UnreadableRecord(JunbanError):
    """A stored record that cannot be used; it has been kept aside under a backup key."""


# Migrations: MIGRATIONS[type][n] turns a schema-n record into a schema-(n+1) record.
MIGRATIONS: dict[str, dict[int, object]] = {"save": {}, "history": {}, "settings": {}, "daily": {}}


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
    """Something stored that could not be read: why, and where it was kept (None: left in place, no room)."""

    key: str
    reason: "UnreadableRecord"
    backup_key: str | None


@dataclass
class Store:
    backend: object
    clock: object = time.time
    problems: list[Problem] = field(default_factory=list)

    # -- low level

    def _read_json(self, key: str):
        """The parsed value at ``key``; MISSING if there is none or it was unreadable (and kept aside)."""
        raw = self.backend.get(key)
        if raw is None:
            return MISSING
        if len(raw) > MAX_RECORD_CHARS:
            self.quarantine(key, raw, UnreadableRecord("it is far too large", code="record.too_large"))
            return MISSING
        try:
            return json.loads(raw, parse_constant=_reject_constant)
        except (ValueError, RecursionError):
            self.quarantine(key, raw, UnreadableRecord("it is not valid JSON (perhaps cut off)", code="record.bad_json"))
            return MISSING

    def _write_json(self, key: str, record: dict) -> None:
        text = json.dumps(record, separators=(",", ":"), allow_nan=False)
        self.backend.set(key, text)

    def quarantine(self, key: str, raw: str, reason: "UnreadableRecord") -> str | None:
        """Move unreadable data aside (never delete it) and remember to tell the person why."""
        backup_key = f"{BACKUP_PREFIX}{key[len(PREFIX):] if key.startswith(PREFIX) else key}.{int(self.clock() * 1000)}"
        try:
            self.backend.set(backup_key, raw)
        except StorageFull:
            # No room for a copy: leave the data where it is, untouched, and still tell the person.
            self.problems.append(Problem(key, reason, None))
            return None
        self.backend.remove(key)
        self.problems.append(Problem(key, reason, backup_key))
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
            record = migrate(record, "save")
            _check_save_shape(record, save_id)
        except UnreadableRecord as err:
            self.quarantine(key, self.backend.get(key) or "", err)
            return None
        return record

    def save_unreadable(self, save_id: str, reason: "UnreadableRecord") -> None:
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
        if record.get("finished"):
            self._prune_finished()

    def delete_save(self, save_id: str) -> None:
        self.backend.remove(SAVE_PREFIX + save_id)

    def _prune_finished(self) -> None:
        finished = [s for s in self.list_saves() if s.finished]
        for summary in finished[KEEP_FINISHED_SAVES:]:
            self.delete_save(summary.id)

    # -- history

    def history(self) -> list[dict]:
        record = self._read_json(HISTORY_KEY)
        if record is MISSING:
            return []
        try:
            record = migrate(record, "history")
            entries = record.get("entries")
            if not isinstance(entries, list):
                raise UnreadableRecord("the list of games is missing", code="record.no_entries")
        except UnreadableRecord as err:
            self.quarantine(HISTORY_KEY, self.backend.get(HISTORY_KEY) or "", err)
            return []
        return [e for e in entries if _valid_history_entry(e)]

    def add_history(self, entry: dict) -> None:
        """Record a finished game once (by its save id)."""
        entries = self.history()
        if any(e.get("id") == entry.get("id") for e in entries):
            return
        entries.append(entry)
        self._write_history(entries[-MAX_HISTORY:])

    def prune_history(self, keep_last: int) -> int:
        """Keep only the newest ``keep_last`` entries; return how many were removed."""
        entries = self.history()
        removed = max(0, len(entries) - keep_last)
        if removed:
            self._write_history(entries[removed:])
        return removed

    def _write_history(self, entries: list[dict]) -> None:
        self._write_json(HISTORY_KEY, {"schema": CURRENT_SCHEMA["history"], "type": "history", "entries": entries})

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
        self.settings()
        self.history()
        self.daily()
        self.list_saves()

    # -- backups

    def backups(self) -> list[str]:
        return sorted(k for k in self.backend.keys() if k.startswith(BACKUP_PREFIX))


def _reject_constant(name: str):
    raise ValueError(f"{name} is not allowed")


def _check_save_shape(record: dict, save_id: str) -> None:
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


def _valid_history_entry(entry: object) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("id"), str)
        and isinstance(entry.get("game"), str)
        and isinstance(entry.get("bucket"), str)
        and type(entry.get("players")) is int
        and isinstance(entry.get("won"), bool)
    )
