"""What the app keeps in localStorage: saves, history, settings. Nothing here is ever silently dropped.

Keys (all under ``junban.``):

- ``junban.save.<id>``   one game in progress or finished (a ``Session`` record)
- ``junban.history``     finished games, for statistics
- ``junban.settings``    language, bot speed, ...
- ``junban.daily``       the daily challenges: per game and date, the counted attempt and its result (``junban.daily``)
- ``junban.guest.<table>`` a seat this phone plays at another phone's table (``junban.net.guest``): the table, the
  seat and the last snapshot the host sent, to show it again and go on after scanning the host's next code
- ``junban.draft.<id>``  the guess being written in a game of Eleusis solo science (plain text)
- ``junban.backup.<what>.<time>``  anything we could not read, kept aside exactly as it was found; ``<what>`` is
  ``save.<id>``, ``history``, ``history-entries`` (odd entries taken out of a readable history), ``settings``, ``daily`` or
  ``odd`` (a key Junban never writes), ``<time>`` milliseconds (``.2``, ``.3`` … when two fall in the same one)

Every record carries ``schema`` (its format version) and ``type``. Records of an older schema are migrated on
read; a record we cannot read (too large, nested too deeply, bad JSON, a future schema, a field of the wrong shape)
is copied to a backup key, removed from its place, and reported in ``problems`` so the app can tell the person.
With no room for the copy it stays where it is (``left_in_place``) and is reported again at every start until the
person downloads or deletes it (the Storage screen). A record of many items (the history's entries, the settings'
values, the daily record's days) with some items that do not fit is copied aside whole, exactly as found, and
written back with the items that fit.

**The shapes.** Nothing read from storage, a file or a link is used before it has passed its shape (``SAVE``,
``ENTRY``, ``SETTING_SHAPES``, ``DAY``, and ``junban.transfer``'s file and link): the type of every field, the
length of every text, the range of every number, the count of every list and how deeply values nest. So code that
uses a record never meets a list where it expects a name, a 5,000-digit score or a date in the year 10¹⁰⁰.

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
import unicodedata
from dataclasses import dataclass, field

from junban.errors import JunbanError
from junban.games import GAME_MODULES
from junban.session import MAX_ACTIONS, MAX_HINTS, MODES

PREFIX = "junban."
SAVE_PREFIX = PREFIX + "save."
BACKUP_PREFIX = PREFIX + "backup."
HISTORY_KEY = PREFIX + "history"
SETTINGS_KEY = PREFIX + "settings"
DAILY_KEY = PREFIX + "daily"
GUEST_PREFIX = PREFIX + "guest."
MAX_GUEST_RECORDS = 20  # seats at other phones' tables kept; the oldest go first (the host holds each game)
MAX_GUEST_CHARS = 1_000_000  # one seat's record (half the read limit: a host cannot fill this phone's storage)
DRAFT_PREFIX = PREFIX + "draft."  # + save id: the guess being written in a game of solo science

MAX_RECORD_CHARS = 2_000_000
MAX_DEPTH = 32  # records Junban writes nest 6 deep at most; the browser's parser fails somewhere past 4,000
MAX_HISTORY = 5000
KEEP_FINISHED_SAVES = 20  # more finished saves than this: the app offers to remove the oldest (never by itself)
SAVE_ID = re.compile(r"^[a-z0-9]{4,32}$")
GUEST_TABLE = re.compile(r"^[a-z0-9]{1,12}$")
SAVE_MODES = MODES  # how a saved game is played: daily, practice, a first game that teaches
MAX_TIME = 10_000_000_000  # seconds since 1970 (the year 2286): any time a record may hold
MAX_DRAFT = 2000  # characters of a guess being written
MAX_DAYS = 2000  # daily records kept (about a year and a half of every game)
MAX_GRID = 800  # characters of a daily record's squares
UNKNOWN_GAME = "?"  # RecordName.game of a save whose game this version does not know

CURRENT_SCHEMA = {"save": 1, "history": 1, "settings": 1, "daily": 1, "guest": 2}


MISSING = object()  # what _read_json gives for a key with nothing (readable) in it


class StorageFull(JunbanError):
    """The browser refused to store more (quota exceeded)."""


class TooLarge(JunbanError):
    """A record larger than Junban keeps of its kind (not written)."""


class UnreadableRecord(JunbanError):
    """A stored record that cannot be used; it has been kept aside under a backup key.

    ``cause``: for a save whose moves do not replay, the engine's own error (so the UI can say it in words)."""

    cause: Exception | None = None


# --------------------------------------------------------------------------- bounded parsing

# A JSON string (skipped whole, escapes included; an unterminated one runs to the end); anything but a bracket.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?')
_NOT_BRACKET = re.compile(r"[^\[\]]+")
_JSON_CHARS = str.maketrans("{}", "[]", "0123456789-+.eE,: \t\n\rtruefalsn")  # brackets as [ ]; the rest of JSON goes


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """How deeply brackets nest in ``text`` outside strings (anything past ``limit`` counts as ``limit + 1``), in C
    string operations (a record is read at every start and every move): strings cut out, then everything but the
    brackets, then the innermost pairs ``[]`` removed once per level. Brackets left unpaired (a cut text) count as
    levels too."""
    outside = _STRING.sub("", text) if "\\" in text else "".join(text.split('"')[::2])
    brackets = _NOT_BRACKET.sub("", outside.translate(_JSON_CHARS))
    depth = 0
    while "[]" in brackets and depth <= limit:
        brackets = brackets.replace("[]", "")
        depth += 1
    return min(depth + brackets.count("["), limit + 1)


def parse_json(text: object, max_chars: int = MAX_RECORD_CHARS, max_depth: int = MAX_DEPTH):
    """Parse untrusted JSON (storage, a file, a link) after bounding its size and depth; UnreadableRecord if not."""
    if not isinstance(text, str):
        raise UnreadableRecord("it is not text", code="record.bad_json")
    if len(text) > max_chars:
        raise UnreadableRecord("it is far too large", code="record.too_large")
    if nesting_depth(text, max_depth) > max_depth:
        raise UnreadableRecord("it is nested far too deeply to be anything Junban wrote", code="record.too_deep")
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except (ValueError, RecursionError):  # ValueError: also an integer of more than 4,300 digits
        raise UnreadableRecord("it is not valid JSON (perhaps cut off)", code="record.bad_json") from None


def to_json(record) -> str:
    return json.dumps(record, separators=(",", ":"), allow_nan=False)


# Migrations: MIGRATIONS[type][n] turns a schema-n record into a schema-(n+1) record.
def _guest_v2(record: dict) -> dict:
    """A guest seat's record of format 1 kept the host's bots' seed in its welcome (made from the deal's seed: a
    key to every hand): it goes; the seat shows as before."""
    welcome = record.get("welcome")
    if isinstance(welcome, dict):
        welcome = {k: v for k, v in welcome.items() if k != "bot_seed"}
    return dict(record, schema=2, welcome=welcome)


MIGRATIONS: dict[str, dict[int, object]] = {"save": {}, "history": {}, "settings": {}, "daily": {},
                                            "guest": {1: _guest_v2}}


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


# --------------------------------------------------------------------------- the shapes of records


class Misfit(Exception):
    """Where a value leaves its shape: ``path`` names the field (``seats[2].name``), in our own words only. Each
    shape that holds the value adds its step on the way out (nothing is spent on paths while values fit)."""

    def __init__(self):
        super().__init__()
        self.steps: list = []  # innermost first: field names and list indices

    @property
    def path(self) -> str:
        path = ""
        for step in reversed(self.steps):
            path += f"[{step}]" if type(step) is int else f".{step}" if path else step
        return path


class Shape:
    """What a value must look like. ``check`` raises Misfit; it never hashes, compares or sizes a value before
    knowing its type, so any JSON value (a list where a name is expected, a 4,000-digit number) is just a misfit."""

    def check(self, value) -> None:
        raise NotImplementedError

    def fits(self, value) -> bool:
        try:
            self.check(value)
        except Misfit:
            return False
        return True


_SURROGATE = re.compile("[\ud800-\udfff]")


class Text(Shape):
    """A string of ``shortest``..``longest`` characters (matching ``pattern`` in full, if given); never a lone
    surrogate; with ``plain``, no control, format or direction characters either (a name shown as it is)."""

    def __init__(self, longest: int, pattern: str | None = None, shortest: int = 0, plain: bool = False):
        self.longest, self.shortest, self.plain = longest, shortest, plain
        self.pattern = re.compile(pattern) if pattern else None

    def check(self, value):
        if type(value) is not str or not self.shortest <= len(value) <= self.longest:
            raise Misfit()
        if self.pattern is not None:
            if not self.pattern.fullmatch(value):  # the patterns are ASCII: no surrogate gets through
                raise Misfit()
        elif _SURROGATE.search(value) or (self.plain and any(unicodedata.category(ch)[0] == "C" for ch in value)):
            raise Misfit()


class Choice(Shape):
    """One of a few strings."""

    def __init__(self, *values: str):
        self.values = values

    def check(self, value):
        if type(value) is not str or value not in self.values:
            raise Misfit()


class Int(Shape):
    def __init__(self, lowest: int, highest: int):
        self.lowest, self.highest = lowest, highest

    def check(self, value):
        if type(value) is not int or not self.lowest <= value <= self.highest:
            raise Misfit()


class Number(Shape):
    """An int or a finite float (never a bool) in a range."""

    def __init__(self, lowest: float, highest: float):
        self.lowest, self.highest = lowest, highest

    def check(self, value):
        if type(value) not in (int, float) or not self.lowest <= value <= self.highest:  # NaN fails the range
            raise Misfit()


class Flag(Shape):
    def check(self, value):
        if type(value) is not bool:
            raise Misfit()


class Maybe(Shape):
    """None, or a value of ``shape``."""

    def __init__(self, shape: Shape):
        self.shape = shape

    def check(self, value):
        if value is not None:
            self.shape.check(value)


class Date(Shape):
    """A day as ``YYYY-MM-DD`` that exists."""

    def check(self, value):
        from datetime import date

        if type(value) is not str or not _DATE.fullmatch(value):
            raise Misfit()
        try:
            date.fromisoformat(value)
        except ValueError:
            raise Misfit() from None


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class ListOf(Shape):
    def __init__(self, item: Shape, longest: int, shortest: int = 0):
        self.item, self.longest, self.shortest = item, longest, shortest

    def check(self, value):
        if type(value) is not list or not self.shortest <= len(value) <= self.longest:
            raise Misfit()
        check = self.item.check
        for i, item in enumerate(value):
            try:
                check(item)
            except Misfit as misfit:
                misfit.steps.append(i)
                raise


class Fields(Shape):
    """An object with ``required`` and ``optional`` fields of their shapes; other fields only if ``extra`` gives
    their shape (names of at most 32 letters, digits, ``_`` and ``-``), at most ``most`` fields in all."""

    def __init__(self, required: dict, optional: dict | None = None, extra: Shape | None = None, most: int = 0):
        self.required, self.optional, self.extra = required, optional or {}, extra
        self.most = most or len(self.required) + len(self.optional)

    def check(self, value):
        if type(value) is not dict:
            raise Misfit()
        for name in self.required:
            if name not in value:
                misfit = Misfit()
                misfit.steps.append(name)
                raise misfit
        if len(value) > self.most:
            raise Misfit()
        for name, item in value.items():
            shape = self.required.get(name) or self.optional.get(name)
            try:
                if shape is None:
                    if self.extra is None or not _FIELD_NAME.fullmatch(name):
                        raise Misfit()
                    shape = self.extra
                shape.check(item)
            except Misfit as misfit:
                misfit.steps.append(name if shape is not None else _field_name(name))
                raise


_FIELD_NAME = re.compile(r"[A-Za-z0-9_-]{1,32}")


class Plain(Shape):
    """Any JSON value nesting at most ``depth`` containers deep, with short texts (``longest``), short lists and
    objects (``most`` items; field names as ``Fields`` takes them) and numbers of a sane size: what a game's
    settings, a move or a setting of a later version may hold. The engine checks the meaning; this the size."""

    def __init__(self, depth: int, longest: int = 1200, most: int = 64):
        self.depth, self.text, self.most = depth, Text(longest), most

    def check(self, value, depth: int | None = None):
        kind = type(value)
        if value is None or kind is bool:
            return
        if kind is int or kind is float:
            if not -1e12 <= value <= 1e12:
                raise Misfit()
        elif kind is str:
            self.text.check(value)
        elif kind is list or kind is dict:
            depth = self.depth if depth is None else depth
            if depth <= 0 or len(value) > self.most:
                raise Misfit()
            items = enumerate(value) if kind is list else value.items()
            for step, item in items:
                try:
                    if kind is dict and not _FIELD_NAME.fullmatch(step):
                        step = _field_name(step)
                        raise Misfit()
                    self.check(item, depth - 1)
                except Misfit as misfit:
                    misfit.steps.append(step)
                    raise
        else:
            raise Misfit()


def _field_name(name: object) -> str:
    """A field name from outside, safe to show: letters, digits, ``_`` and ``-`` only, at most 24."""
    kept = "".join(ch for ch in str(name)[:200] if ch.isascii() and (ch.isalnum() or ch in "_-"))[:24]
    return kept or "?"


def misfit_error(misfit: Misfit) -> UnreadableRecord:
    if not misfit.path:
        return UnreadableRecord("it is not a record of its kind", code="record.not_object")
    return UnreadableRecord(f"its field '{misfit.path}' is missing or of the wrong type", code="record.field",
                            name=misfit.path)


def check_shape(shape: Shape, value) -> None:
    """UnreadableRecord (naming the field) unless ``value`` fits ``shape``."""
    try:
        shape.check(value)
    except Misfit as misfit:
        raise misfit_error(misfit) from None


# The shapes of what Junban stores. Texts are as long as Junban ever writes them, numbers as large.
GAME_SLUG = Text(40, r"[a-z0-9-]+", 1)
SEED = Text(40, r"[A-Za-z0-9_.:-]+", 1)  # junban.rng.normalize_seed
TIME = Number(0, MAX_TIME)
NAME = Text(64, plain=True)
SEAT = Fields({"kind": Choice("person", "bot"), "name": NAME}, {"level": Text(20, r"[a-z0-9_-]+", 1), "phone": Flag()})
ACTION = Fields({}, extra=Plain(3), most=8)  # the engine checks every move strictly; this bounds its size
CONFIG = Fields({}, extra=Plain(2), most=16)
PAIRING_CODE = Text(600, r"[A-Za-z0-9_-]+", 20)  # a pairing code as junban.net.sdp packs it (base64url)
# A phone's standing offer, kept by its host (junban.net.host: the way back in one exchange after the host's reload)
STANDING = ListOf(Fields({"seat": Int(0, 7), "code": PAIRING_CODE}), 8)
SAVE = Fields(
    {"schema": Int(1, 1000), "type": Choice("save"), "id": Text(32, r"[a-z0-9]+", 4), "game": GAME_SLUG,
     "config": CONFIG, "seed": SEED, "seats": ListOf(SEAT, 8, 1), "actions": ListOf(ACTION, MAX_ACTIONS),
     "created": TIME, "updated": TIME, "finished": Flag()},
    {"mode": Choice(*SAVE_MODES), "hints": Int(0, MAX_HINTS), "private": Flag(), "standing": STANDING})
ENTRY = Fields(  # one finished game in the history (junban.history); at most ~350 characters as JSON
    {"id": Text(40, r"[A-Za-z0-9_.:-]+", 1), "game": GAME_SLUG, "bucket": Text(32, r"[a-z0-9+_-]+", 1),
     "players": Int(1, 8), "won": Flag()},
    {"perfect": Flag(), "score": Maybe(Int(-1_000_000, 1_000_000)), "at": TIME, "seed": SEED,
     "mode": Choice("daily", "practice", "tutorial"), "assisted": Flag()})
SETTING_SHAPES = {  # the settings this version uses; a later version's settings are kept as they are (Plain)
    "lang": Text(8, r"[a-z]{2,3}"), "speed": Text(16, r"[a-z]+"), "names": ListOf(NAME, 8),
    "tutorials_offered": ListOf(GAME_SLUG, 10), "sound": Flag(),
}
OTHER_SETTING = Plain(4, longest=2000)
MAX_SETTINGS = 64
DAY = Fields(  # one day's counted daily attempt (junban.daily); a later version's fields are kept (Plain)
    {"game": GAME_SLUG, "date": Date(), "save": Text(40, r"[A-Za-z0-9_-]+", 1), "finished": Flag(),
     "assisted": Flag(), "grid": Text(MAX_GRID)},
    {"won": Maybe(Flag()), "perfect": Maybe(Flag()), "score": Maybe(Int(-10_000, 10_000)),
     "place": Maybe(Int(0, 100)), "players": Maybe(Int(0, 100))},
    extra=Plain(2, longest=200), most=20)
DRAFT = Text(MAX_DRAFT)
# What a host phone sends a guest of a seat's view, and what the guest keeps of it (junban.net): plain data, as
# large as an Eleusis view late in a game gets (its rounds' events), never deeper than a view nests.
VIEW = Plain(8, longest=4000, most=5000)
EVENT = Plain(5, longest=1200, most=200)  # one entry of the public move log (junban.ui.parts.movelog)
ENDED = ("host_left", "seat_closed", "here", "bot", "left", "wrong_table", "flood", "no_seat", "bye")
GUEST = Fields(  # a seat this phone plays at another phone's table (junban.net.guest.Guest.record)
    {"schema": Int(1, 1000), "type": Choice("guest"), "table": Text(12, r"[a-z0-9]+", 1), "seat": Int(0, 7),
     "game": GAME_SLUG, "entries": ListOf(ListOf(EVENT, 3, 3), MAX_ACTIONS),
     "updated": TIME},
    {"welcome": Maybe(VIEW), "update": Maybe(VIEW), "hints": Int(0, MAX_HINTS), "hint_seed": SEED,
     "spare": PAIRING_CODE,  # the host's spare pairing code: back in one exchange
     "ended": Choice(*ENDED)})  # why the host let this phone go (``bye``): not a seat it plays now


def check_save(record: object, save_id: str | None = None) -> dict:
    """A save record brought to the current format and checked field by field (not replayed); UnreadableRecord if
    it is not one. ``save_id``: the name it is stored under (None: its own id must be a name Junban writes)."""
    record = migrate(record, "save")
    check_shape(SAVE, record)
    if save_id is not None and record["id"] != save_id:
        raise UnreadableRecord("it is stored under another game's name", code="record.wrong_id")
    return record


def read_history(record: object) -> tuple[list, list]:
    """(entries that fit, entries that do not) of a history record; UnreadableRecord if it is not one."""
    record = migrate(record, "history")
    entries = record.get("entries")
    if type(entries) is not list:
        raise UnreadableRecord("the list of games is missing", code="record.no_entries")
    if len(entries) > MAX_HISTORY:
        raise UnreadableRecord("its field 'entries' is missing or of the wrong type", code="record.field",
                               name="entries")
    return [e for e in entries if ENTRY.fits(e)], [e for e in entries if not ENTRY.fits(e)]


def read_settings(record: object) -> tuple[dict, dict]:
    """(values that fit, values that do not) of a settings record; UnreadableRecord if it is not one."""
    record = migrate(record, "settings")
    values = record.get("values")
    if type(values) is not dict or len(values) > MAX_SETTINGS:
        raise UnreadableRecord("its field 'values' is missing or of the wrong type", code="record.field",
                               name="values")
    good, odd = {}, {}
    for name, value in values.items():
        shape = SETTING_SHAPES.get(name, OTHER_SETTING if _FIELD_NAME.fullmatch(name) else None)
        (good if shape is not None and shape.fits(value) else odd)[name] = value
    return good, odd


def read_daily(record: object) -> tuple[list, list]:
    """(days that fit, days that do not) of the daily record; a second attempt of a day already there does not
    fit (a day has one counted attempt). UnreadableRecord if it is not one."""
    record = migrate(record, "daily")
    days = record.get("days")
    if type(days) is not list or len(days) > MAX_DAYS:
        raise UnreadableRecord("its list of daily challenges is not readable", code="record.daily")
    good, odd, seen = [], [], set()
    for day in days:
        fits = DAY.fits(day) and (day["game"], day["date"]) not in seen
        (good if fits else odd).append(day)
        if fits:
            seen.add((day["game"], day["date"]))
    return good, odd


def replay(record: dict):
    """A checked save's game, replayed as opening it does (a long log folded: ``Session.compact``). UnreadableRecord
    (its cause: the engine's error) if its moves do not replay, or if the log goes on past its last stretch with
    moves that do not bring the game to its end (a table could never open it)."""
    from junban.session import LONG_LOG, Session  # the engines load only when a save is replayed

    try:
        session = Session.from_record(record)
        if len(session.actions) >= LONG_LOG:
            session.compact()
    except (JunbanError, ValueError, TypeError, KeyError, RecursionError) as err:
        raise replay_failure(err) from None
    return session


def replay_problem(record: dict) -> UnreadableRecord | None:
    """Why a (checked) save's moves do not replay, or None if they do."""
    try:
        replay(record)
    except UnreadableRecord as err:
        return err
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

    ``kind``: ``save``, ``guest`` (a seat played at another phone's table), ``history``, ``history-entries``,
    ``settings``, ``daily``, ``draft`` (a guess being written), ``import`` (the parts of an imported file that could
    not be read) or ``odd``. A save's ``game`` is its slug,
    ``UNKNOWN_GAME``, or None when unreadable; ``when``: its last move (seconds), when readable."""

    kind: str
    game: str | None = None
    when: float | None = None


_FINISHED = re.compile(r'"finished"\s*:\s*true')
_BACKUP_WHAT = re.compile(r"^(save\.[a-z0-9]{4,32}|guest\.[a-z0-9]{1,12}|history|history-entries|settings|daily|draft|import|odd)$")


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
    if key.startswith(DRAFT_PREFIX):
        return "draft" if SAVE_ID.match(key[len(DRAFT_PREFIX):]) else "odd"
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


USAGE_PARTS = ("games", "finished", "drafts", "history", "settings", "aside", "other")  # other: other apps


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
    _checked: dict = field(default_factory=dict, repr=False)  # save key -> the last text of it that fit SAVE

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
        """The migrated record of a save, or None (missing, or unreadable and kept aside). A text this store has
        checked already is only parsed again (a table reads its save before every move it writes; checking the
        shape of 19,000 moves each time would cost a tenth of a second a move in the browser)."""
        key = SAVE_PREFIX + save_id
        raw = self.backend.get(key)
        if raw is not None and raw == self._checked.get(key):
            return migrate(json.loads(raw), "save")
        record = self._read_json(key)
        if record is MISSING:
            return None
        record = self._standing_checked(key, record)
        try:
            record = check_save(record, save_id)
        except UnreadableRecord as err:
            self.quarantine(key, self.backend.get(key) or "", err)
            return None
        if len(self._checked) > 500:  # more saves than any device keeps: start again
            self._checked.clear()
        self._checked[key] = raw
        return record

    def _standing_checked(self, key: str, record):
        """A save whose phones' standing offers (``standing``, optional) do not fit their shape (changed by hand or
        by another page) loses that field only: the game opens as it was, a copy of the whole record is kept
        aside, the save is written back without it, and the person is told why (those phones pair with a new
        code after this reload). Nothing else of the save is lost for a way back that can be made again."""
        if type(record) is not dict or "standing" not in record or STANDING.fits(record["standing"]):
            return record
        raw = self.backend.get(key) or ""
        reason = UnreadableRecord("its phones' ways back (field 'standing') are not readable",
                                  code="record.standing")
        backup_key = self.keep_copy(_live_what(key), raw)
        record = {name: value for name, value in record.items() if name != "standing"}
        try:
            if backup_key is not None:
                self.backend.set(key, to_json(record))  # (told once: the field is gone from the stored save)
        except StorageFull:
            pass
        self.problems.append(Problem(key, reason, backup_key, name_record(key, raw)))
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
        """Store a session record (raises StorageFull; the caller keeps the game on the page). What this version
        writes fits SAVE (tests/ui/test_hostile_records.py plays every game to check it), so it is not checked
        again when this store reads it back."""
        text = to_json(record)
        self.backend.set(SAVE_PREFIX + record["id"], text)
        self._checked[SAVE_PREFIX + record["id"]] = text

    def write_checked(self, record: dict, expected: str | None) -> bool:
        """Store a save only if what is stored under its key is still ``expected`` (None: nothing), read again
        right before writing; False (nothing written) if it changed since the caller read it."""
        if self.backend.get(SAVE_PREFIX + record["id"]) != expected:
            return False
        self.write_save(record)
        return True

    def delete_save(self, save_id: str) -> None:
        """Remove a save, and the guess being written in it, if any."""
        self.backend.remove(SAVE_PREFIX + save_id)
        self.backend.remove(DRAFT_PREFIX + save_id)

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
            schema = record.get("schema") if isinstance(record, dict) else None
            record = migrate(record, "guest")
            check_shape(GUEST, record)
            if record["table"] != table:
                raise UnreadableRecord("it is stored under another table's name", code="record.wrong_id")
        except UnreadableRecord as err:
            self.quarantine(key, self.backend.get(key) or "", err)
            return None
        if schema != record["schema"]:  # an older format kept more than it needed: written back without it
            try:
                self._write_json(key, record)
            except StorageFull:
                pass  # read again (and migrated again) next time
        return record

    def write_guest(self, record: dict) -> None:
        """Store a guest seat's record (raises StorageFull; TooLarge past MAX_GUEST_CHARS, which a host could
        otherwise push up to the whole origin's quota); beyond MAX_GUEST_RECORDS the oldest other goes, dated by its
        own ``updated`` (never by text a host could have put inside it)."""
        text = to_json(record)
        if len(text) > MAX_GUEST_CHARS:
            raise TooLarge("this seat's record is larger than a phone keeps", code="record.guest_too_large",
                           max=MAX_GUEST_CHARS)
        self.backend.set(GUEST_PREFIX + record["table"], text)
        tables = self.guest_tables()
        if len(tables) > MAX_GUEST_RECORDS:
            def updated(table: str) -> float:
                try:
                    stored = parse_json(self.backend.get(GUEST_PREFIX + table) or "")
                except UnreadableRecord:
                    return 0.0
                moment = stored.get("updated") if isinstance(stored, dict) else None
                return float(moment) if type(moment) in (int, float) and math.isfinite(moment) else 0.0
            oldest = min((t for t in tables if t != record["table"]), key=updated)
            self.backend.remove(GUEST_PREFIX + oldest)

    def delete_guest(self, table: str) -> None:
        self.backend.remove(GUEST_PREFIX + table)

    def keep_guest_aside(self, table: str, reason: UnreadableRecord) -> None:
        """A guest seat's record that fits its shape but that this phone cannot show (``junban.net.guest`` checks
        it against its game's): kept aside like any unreadable record."""
        key = GUEST_PREFIX + table
        raw = self.backend.get(key)
        if raw is not None:
            self.quarantine(key, raw, reason)


    # -- records of many items: the history's entries, the settings' values, the daily record's days

    def _items(self, key: str, kind: str):
        """(items that fit, items that do not) of the record at ``key`` (``kind``: ``READERS``). A record that is
        not one is kept aside whole. The first time items that do not fit are found, the record is copied aside
        exactly as found and written back without them; with no room for the copy it is left as it is and its
        odd items are written back with every later write (nothing is dropped)."""
        empty = {} if kind == "settings" else []
        record = self._read_json(key)
        if record is MISSING:
            return empty, type(empty)()
        try:
            good, odd = READERS[kind](record)
        except UnreadableRecord as err:
            self.quarantine(key, self.backend.get(key) or "", err)
            return empty, type(empty)()
        if odd and key not in self.left_in_place:
            what = ODD_ITEMS[kind]
            reason = odd_reason(kind, odd)
            backup_key = self.keep_copy(what, self.backend.get(key) or "")
            if backup_key is not None:
                try:
                    self._write_items(key, kind, good)
                except StorageFull:
                    self.backend.remove(backup_key)
                    backup_key = None
            if backup_key is None:
                self.left_in_place[key] = reason
            self.problems.append(Problem(key, reason, backup_key, RecordName(what)))
        return good, odd

    def _odd_in_place(self, key: str) -> bool:
        """Is the record at ``key`` in use, with items that do not fit left in it (no room to copy them aside)?"""
        reason = self.left_in_place.get(key)
        return reason is not None and reason.code in ODD_CODES

    def _write_items(self, key: str, kind: str, items) -> None:
        """Write a record of many items; odd items left in place are written back as they were."""
        if self._odd_in_place(key):
            try:
                odd = READERS[kind](parse_json(self.backend.get(key) or ""))[1]
            except UnreadableRecord:  # another tab wrote something else there meanwhile: nothing of ours is left
                odd = type(items)()
            items = {**odd, **items} if kind == "settings" else items + odd
        field_name = {"history": "entries", "settings": "values", "daily": "days"}[kind]
        self._write_json(key, {"schema": CURRENT_SCHEMA[kind], "type": kind, field_name: items})

    # -- history

    def history(self) -> list[dict]:
        """Every entry that fits ``ENTRY`` (see ``_items`` for the others)."""
        return self._items(HISTORY_KEY, "history")[0]

    def add_history(self, entry: dict) -> int:
        """Record a finished game once (by its save id). Returns how many of the oldest entries made room for it
        (the history keeps MAX_HISTORY; the app says so)."""
        return self.merge_history([entry]).removed

    def merge_history(self, new_entries: list, make_room: bool = True) -> "HistoryMerge":
        """Add the entries (that fit ``ENTRY``) whose id is not in the history yet. Beyond MAX_HISTORY, with
        ``make_room`` the oldest entries go (a game just played); without (an import), the history keeps its own
        and what does not fit is left out (the newest first kept); both are counted."""
        entries = self.history()
        known = {e["id"] for e in entries}
        added = []
        for entry in new_entries:
            if ENTRY.fits(entry) and entry["id"] not in known:
                known.add(entry["id"])
                added.append(entry)
        result = HistoryMerge()
        if not make_room and len(entries) + len(added) > MAX_HISTORY:
            room = max(0, MAX_HISTORY - len(entries))
            newest = sorted(added, key=_entry_time)[len(added) - room:] if room else []
            result.left_out = len(added) - len(newest)
            added = newest
        if not added:
            return result
        entries = sorted(entries + added, key=_entry_time)
        result.removed = max(0, len(entries) - MAX_HISTORY)
        self._write_items(HISTORY_KEY, "history", entries[result.removed:])
        result.added = len(added)
        return result

    def prune_history(self, keep_last: int) -> int:
        """Keep only the newest ``keep_last`` entries; return how many were removed (the person asked for it)."""
        entries = self.history()
        removed = max(0, len(entries) - keep_last)
        if removed:
            self._write_items(HISTORY_KEY, "history", entries[removed:])
        return removed

    # -- settings

    def settings(self) -> dict:
        """The settings' values that fit their shapes (``SETTING_SHAPES``; a later version's, ``OTHER_SETTING``)."""
        return dict(self._items(SETTINGS_KEY, "settings")[0])

    def write_settings(self, values: dict) -> None:
        """Store ``values`` over the settings stored now (a value not given here, e.g. a later version's, stays)."""
        self._write_items(SETTINGS_KEY, "settings", {**self.settings(), **values})

    # -- daily challenges

    def daily(self) -> list[dict]:
        """The daily challenges played (``junban.daily``): every day that fits ``DAY``."""
        return self._items(DAILY_KEY, "daily")[0]

    def write_daily(self, days: list[dict]) -> None:
        self._write_items(DAILY_KEY, "daily", days)

    # -- guesses being written (Eleusis solo science keeps them itself, as plain text)

    def draft_keys(self) -> list[str]:
        return sorted(k for k in self.backend.keys() if k.startswith(DRAFT_PREFIX))

    def check_drafts(self) -> None:
        """A draft under a name Junban never writes, or too long to be one, is kept aside."""
        for key in self.draft_keys():
            raw = self.backend.get(key)
            if key in self.left_in_place or raw is None:
                continue
            if not SAVE_ID.match(key[len(DRAFT_PREFIX):]):
                self.quarantine(key, raw, UnreadableRecord("its name is not one Junban writes", code="record.bad_name"))
            elif not DRAFT.fits(raw):
                self.quarantine(key, raw, UnreadableRecord("it is far too large", code="record.too_large"))

    def check_all(self) -> None:
        """Read every record once (at start-up), so anything unreadable is kept aside and reported now."""
        self.left_in_place.clear()
        self.settings()
        self.history()
        self.daily()
        self.list_saves()
        self.check_drafts()

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
        if key.startswith(BACKUP_PREFIX) or (key in self.left_in_place and not self._odd_in_place(key)):
            return "aside"
        if key.startswith(SAVE_PREFIX):
            return "finished" if _FINISHED.search(raw) else "games"  # quotes inside a string would be escaped
        if key.startswith(GUEST_PREFIX):
            return "games"
        if key.startswith(DRAFT_PREFIX):
            return "drafts"
        return {HISTORY_KEY: "history", DAILY_KEY: "history", SETTINGS_KEY: "settings"}.get(key, "other")

    def kept_aside(self) -> list[KeptAside]:
        """Backups (newest first) and records left in place, each with what is wrong with it now."""
        found = []
        for key in list(self.left_in_place) + sorted(self.backups(), key=lambda k: -(backup_time(k) or 0)):
            raw = self.backend.get(key)
            if raw is None:
                continue
            what = RecordName(ODD_ITEMS[_live_what(key)]) if self._odd_in_place(key) else name_record(key, raw)
            found.append(KeptAside(key, what, backup_time(key), len(key) + len(raw), diagnose(what.kind, raw)))
        return found

    def raw(self, key: str) -> str | None:
        return self.backend.get(key)

    def delete_kept(self, key: str) -> None:
        """Delete a backup or a record left in place (the person asked for it on the Storage screen). Odd items left
        in place go alone: the items that fit stay."""
        if self._odd_in_place(key):
            kind = _live_what(key)
            self.left_in_place.pop(key, None)
            try:
                good = READERS[kind](parse_json(self.backend.get(key) or ""))[0]
            except UnreadableRecord:
                good = None  # another tab wrote something else there meanwhile: that stays
            if good is not None:
                self._write_items(key, kind, good)
        elif key.startswith(BACKUP_PREFIX) or key in self.left_in_place:
            self.backend.remove(key)
        self.left_in_place.pop(key, None)


@dataclass
class HistoryMerge:
    """What ``Store.merge_history`` did: entries added, the oldest removed to make room, entries left out."""

    added: int = 0
    removed: int = 0
    left_out: int = 0


READERS = {"history": read_history, "settings": read_settings, "daily": read_daily}
ODD_ITEMS = {"history": "history-entries", "settings": "settings", "daily": "daily"}  # what a backup is named
ODD_CODES = ("record.odd_entries", "record.odd_values", "record.odd_days")


def odd_reason(kind: str, odd) -> UnreadableRecord:
    """Why a record of many items was copied aside: how many of its items do not fit (and, for settings, which)."""
    n = len(odd)
    if kind == "settings":
        names = ", ".join(_field_name(name) for name in list(odd)[:3]) + (", …" if n > 3 else "")
        return UnreadableRecord(f"{n} of its values are not ones Junban writes ({names})", code="record.odd_values",
                                n=n, names=names)
    if kind == "daily":
        return UnreadableRecord(f"{n} of its days are not readable", code="record.odd_days", n=n)
    return UnreadableRecord(f"{n} of its entries are not games Junban records", code="record.odd_entries", n=n)


def diagnose(kind: str, raw: str) -> UnreadableRecord | None:
    """What is wrong with a kept-aside record of ``kind`` now (None: it reads fine now)."""
    try:
        if kind == "draft":
            return None if DRAFT.fits(raw) else UnreadableRecord("it is far too large", code="record.too_large")
        record = parse_json(raw)
        if kind == "save":
            return replay_problem(check_save(record))
        if kind in READERS or kind == "history-entries":
            if kind == "history-entries" and type(record) is list:  # kept aside by an earlier version: the entries
                odd = [e for e in record if not ENTRY.fits(e)]
            else:
                odd = READERS[ODD_KIND.get(kind, kind)](record)[1]
            return odd_reason(ODD_KIND.get(kind, kind), odd) if odd else None
        if kind in KIND_READERS:
            return KIND_READERS[kind](record)
        return UnreadableRecord("its name is not one Junban writes", code="record.bad_name")
    except UnreadableRecord as err:
        return err


ODD_KIND = {"history-entries": "history"}
# Kinds of kept-aside record that another module knows how to read, each registering its reader here (it imports
# this module, not the reverse): ``import`` (the parts of an imported file that could not be read) is
# junban.transfer's, ``guest`` (a seat played at another phone's table) junban.net.guest's.
KIND_READERS: dict = {}


def _reject_constant(name: str):
    raise ValueError(f"{name} is not allowed")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999 parses as infinity, which no record holds and JSON cannot write back
        raise ValueError("a number out of range")
    return value


def _entry_time(entry: dict) -> float:
    at = entry.get("at")
    return float(at) if type(at) in (int, float) and math.isfinite(at) else 0.0
