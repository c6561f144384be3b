"""Moving games between devices with no server: one file with everything, and one game as a file or a link.

**The file** (``export_file``, ``read_file``) is JSON::

    {"type": "junban-export", "schema": 1, "exported": <seconds>,
     "saves": [<save record>, ...], "history": [<entry>, ...], "settings": {<values>}, "daily": [<day>, ...]}

"Send this game" as a file is the same with one save (and its day of the daily record, when it is that day's counted
attempt). A single save record (a kept-aside save the Storage screen downloaded) reads too. Everything in a file is
untrusted: its size and nesting are bounded before parsing (``junban.storage.parse_json``), the file must fit
``FILE``, every save is checked like a stored one (``junban.storage.SAVE``) and replayed move by move, every history
entry, setting and day must fit its shape. What does not is counted, named to the person and kept aside (one
``import`` backup, shaped like a file, so it can be downloaded or imported again).

**Importing merges, never overwrites silently** (``import_bundle``): the daily record's days first (a day not here is
added; a day whose counted attempt here is another game keeps ours), then the games: a game not here is added; the
same game is left alone; a game whose moves only extend ours is brought up to date (ours are all in it); a game
further along here is kept; a game that differs (same id, other moves or table) is added as a copy under a new id,
once (a copy already here is "already here"). A game keeps the most hints either side took, and is today's daily
game only where the daily record here counts it (else practice). History entries are added by id, never removing
one of ours (what does not fit in the history is counted); settings fill only what is not set here.

**The link** (``game_token``, ``game_from_token``): ``#/receive?game=<token>``, token = base64url of a version byte
and the raw-deflated compact JSON of one game (``LINK``: id, game, config, seed, seats, actions, times, hints, mode,
and its day of the daily record when it is that day's counted attempt), followed by 6 bytes of SHA-256 of both. A
changed, cut or foreign token is refused (``UnreadableRecord`` with a ``send.*`` code) before anything is stored; the
unpacked size is bounded; the game is then checked and replayed like a file's, and merged like one.

**Two tabs** (``other_tab_wrote``): localStorage gives each tab its own view, brought up to date a moment after
another tab writes, so two writes at the same moment can cross and the last one wins. Every merge re-reads what is
stored right before it writes (``Store.write_checked``); and when another tab's write arrives that is not what this
tab sees stored, the one of the two that would be lost is merged back: another version of a game is kept as a
separate saved game, missing history entries and days are added again.
"""
from __future__ import annotations

import base64
import hashlib
import re
import zlib
from dataclasses import dataclass, field

from junban import daily
from junban.session import MAX_ACTIONS
from junban.storage import (
    DAILY_KEY,
    DAY,
    ENTRY,
    HISTORY_KEY,
    KIND_READERS,
    MAX_DAYS,
    MAX_HISTORY,
    MAX_SETTINGS,
    SAVE_ID,
    SAVE_PREFIX,
    TIME,
    Choice,
    Fields,
    Int,
    ListOf,
    Maybe,
    Shape,
    StorageFull,
    UnreadableRecord,
    check_save,
    check_shape,
    parse_json,
    read_daily,
    read_history,
    read_settings,
    replay,
    to_json,
)

EXPORT_TYPE = "junban-export"
EXPORT_SCHEMA = 1
MAX_FILE_CHARS = 8_000_000  # more than any browser lets one site store
MAX_SAVES_IN_FILE = 2000

TOKEN_VERSION = 2  # 1: without hints, mode and the day (still read)
MAX_TOKEN_CHARS = 8000  # the longest link written or followed (a whole 8-player Eleusis game by bots: ~2,000)
MAX_TOKEN_BYTES = 600_000  # the unpacked game (a decompression bomb stops here)
_TOKEN_CHARS = re.compile(r"^[A-Za-z0-9_-]+$")
_CHECK_BYTES = 6
_LINK_FIELDS = {"i": "id", "g": "game", "c": "config", "s": "seed", "p": "seats", "a": "actions", "t": "created",
                "u": "updated"}
_LINK_EXTRAS = {"h": "hints", "m": "mode"}  # version 2: written when the game has them


class Anything(Shape):
    """Any value (parse_json bounded its size and depth): the items inside are checked one by one."""

    def check(self, value):
        return None


ANYTHING = Anything()
FILE = Fields(  # an export file; each save, entry, setting and day is then checked on its own
    {"type": Choice(EXPORT_TYPE), "schema": Int(1, 1000)},
    {"exported": TIME, "saves": ListOf(ANYTHING, MAX_SAVES_IN_FILE), "history": ListOf(ANYTHING, MAX_HISTORY),
     "settings": Fields({}, extra=ANYTHING, most=MAX_SETTINGS), "daily": ListOf(ANYTHING, MAX_DAYS)})
LINK = Fields(  # the compact game a link carries (its fields are checked as a save's once unpacked)
    {short: ANYTHING for short in _LINK_FIELDS},
    {"h": ANYTHING, "m": ANYTHING, "d": Maybe(ANYTHING)})


# --------------------------------------------------------------------------- checking one game


def validated_save(record: object) -> dict:
    """A save from outside, checked and replayed; the record as this version writes it (its times kept; a long
    log folded as opening it would)."""
    record = check_save(record)
    if not SAVE_ID.fullmatch(record["id"]):
        raise UnreadableRecord("its name is not one Junban writes", code="record.bad_name")
    clean = replay(record).to_record()
    clean["created"], clean["updated"] = record["created"], record["updated"]
    return clean


# --------------------------------------------------------------------------- the file


def export_file(store, now: float) -> str:
    """Every readable save, the history, the settings and the daily record as one file's text."""
    saves = [store.read_save(s.id) for s in store.list_saves()]
    return to_json({"type": EXPORT_TYPE, "schema": EXPORT_SCHEMA, "exported": now,
                    "saves": [s for s in saves if s is not None], "history": store.history(),
                    "settings": store.settings(), "daily": store.daily()})


def game_file(record: dict, now: float, days: list[dict] = ()) -> str:
    """One game as a file's text (the same format, with that save alone, and its day of the daily record if it
    is that day's counted attempt)."""
    day = daily.day_of(list(days), record)
    return to_json({"type": EXPORT_TYPE, "schema": EXPORT_SCHEMA, "exported": now, "saves": [record],
                    **({"daily": [day]} if day else {})})


@dataclass
class Bundle:
    """What a file (or a link) holds that this version can use, and what it cannot (``refused``: why each save
    was refused; ``odd``: the parts that do not fit, as found, to keep aside)."""

    saves: list[dict] = field(default_factory=list)
    history: list[dict] = field(default_factory=list)
    settings: dict = field(default_factory=dict)
    daily: list[dict] = field(default_factory=list)
    refused: list[UnreadableRecord] = field(default_factory=list)
    odd_saves: list = field(default_factory=list)
    odd_history: list = field(default_factory=list)
    odd_settings: dict = field(default_factory=dict)
    odd_daily: list = field(default_factory=list)

    @property
    def odd(self) -> bool:
        return bool(self.odd_saves or self.odd_history or self.odd_settings or self.odd_daily)


def read_file(text: object) -> Bundle:
    """Read an exported file (or one save record). Raises UnreadableRecord for a file that is not one."""
    bundle = read_bundle(parse_json(text, max_chars=MAX_FILE_CHARS))
    if not (bundle.saves or bundle.history or bundle.settings or bundle.daily or bundle.odd):
        raise UnreadableRecord("it holds no games, history or settings", code="transfer.empty")
    return bundle


def read_bundle(data: object) -> Bundle:
    """A parsed file's contents, each part checked against its shape."""
    if isinstance(data, dict) and data.get("type") == "save":
        data = {"type": EXPORT_TYPE, "schema": EXPORT_SCHEMA, "saves": [data]}
    if not isinstance(data, dict) or data.get("type") != EXPORT_TYPE:
        raise UnreadableRecord("it is not a file Junban exported", code="transfer.not_export")
    if type(data.get("schema")) is int and data["schema"] > EXPORT_SCHEMA:
        raise UnreadableRecord("it was exported by a newer version of Junban", code="transfer.newer")
    check_shape(FILE, data)
    bundle = Bundle()
    for record in data.get("saves", []):
        try:
            bundle.saves.append(validated_save(record))
        except UnreadableRecord as err:
            bundle.refused.append(err)
            bundle.odd_saves.append(record)
    history, settings, days = _as_records(data)
    bundle.history, bundle.odd_history = read_history(history)
    bundle.settings, bundle.odd_settings = read_settings(settings)
    bundle.daily, bundle.odd_daily = read_daily(days)
    return bundle


def _as_records(data: dict) -> tuple[dict, dict, dict]:
    """A file's history, settings and days as the stored records they are read like."""
    return ({"schema": 1, "type": "history", "entries": data.get("history", [])},
            {"schema": 1, "type": "settings", "values": data.get("settings", {})},
            {"schema": 1, "type": "daily", "days": data.get("daily", [])})


def file_problem(data: object) -> UnreadableRecord | None:
    """What is still wrong with a kept-aside ``import`` record (None: all of it reads now)."""
    bundle = read_bundle(data)
    if bundle.refused:
        return bundle.refused[0]
    if bundle.odd:
        n = len(bundle.odd_history) + len(bundle.odd_settings) + len(bundle.odd_daily)
        return UnreadableRecord(f"{n} of its entries are not games Junban records", code="record.odd_entries", n=n)
    return None


KIND_READERS["import"] = file_problem  # the Storage screen says what is still wrong with a kept-aside import


def _odd_file(bundle: Bundle, now: float) -> str:
    """What a file held that could not be read, as a file of its own (kept aside as ``import``)."""
    return to_json({"type": EXPORT_TYPE, "schema": EXPORT_SCHEMA, "exported": now, "saves": bundle.odd_saves,
                    "history": bundle.odd_history, "settings": bundle.odd_settings, "daily": bundle.odd_daily})


# --------------------------------------------------------------------------- merging


ADDED, SAME, UPDATED, KEPT, COPIED = "added", "same", "updated", "kept", "copied"


def merge_save(store, record: dict, new_id) -> tuple[str, str]:
    """Store one validated save without losing anything here; return (what happened, the id it is stored under).
    What is stored is read again right before writing (``Store.write_checked``). Raises StorageFull (nothing
    half-written)."""
    for _ in range(3):
        outcome, save_id, to_write, expected = _merge_plan(store, record, new_id)
        if to_write is None or store.write_checked(to_write, expected):
            return outcome, save_id
    raise StorageFull("storage kept changing under the import")  # never seen: another tab writing without end


def _merge_plan(store, record: dict, new_id) -> tuple[str, str, dict | None, str | None]:
    """(outcome, the id the game is stored under, the record to write or None, what was stored under that record's
    key when it was read: the write happens only if it still is)."""
    days = store.daily()
    theirs = dict(record, mode=daily.mode_here(days, record)) if record.get("mode") else dict(record)
    key = SAVE_PREFIX + record["id"]
    expected = store.raw(key)
    ours = store.read_save(record["id"])
    if ours is None and store.raw(key) is None:
        return ADDED, record["id"], _tidy(theirs), None
    if ours is not None and all(ours[k] == record[k] for k in ("game", "config", "seed", "seats")):
        mine, their_moves = ours["actions"], record["actions"]
        hints = max(ours.get("hints", 0), record.get("hints", 0))
        if their_moves[: len(mine)] == mine and len(their_moves) > len(mine):
            mode = daily.mode_here(days, dict(theirs, mode=theirs.get("mode") or ours.get("mode")))
            return UPDATED, record["id"], _tidy(dict(theirs, hints=hints, mode=mode)), expected
        if mine[: len(their_moves)] == their_moves:
            outcome = SAME if len(mine) == len(their_moves) else KEPT
            raised = hints != ours.get("hints", 0)  # the other device took a hint this one did not hear of
            return outcome, record["id"], (_tidy(dict(ours, hints=hints)) if raised else None), expected
    copy_here = _same_id(store, record)
    if copy_here is not None:
        return SAME, copy_here, None, None
    copy = dict(theirs, id=new_id())
    copy["mode"] = daily.mode_here(days, copy)
    return COPIED, copy["id"], _tidy(copy), None


def _tidy(record: dict) -> dict:
    """A save as Session.to_record writes it: no mode or hints when it has none. A game that came in a file or a
    link is never a private deal here (its seed travelled with it: ``Session.private``)."""
    out = {k: v for k, v in record.items() if k not in ("mode", "hints", "private")}
    if record.get("mode"):
        out["mode"] = record["mode"]
    if record.get("hints"):
        out["hints"] = record["hints"]
    return out


def _same_id(store, record: dict) -> str | None:
    """The id of a save here (under any id) holding exactly this game: the same table and the same moves."""
    for summary in store.list_saves():
        if summary.game != record["game"] or summary.seed != record["seed"] or summary.moves != len(record["actions"]):
            continue
        ours = store.read_save(summary.id)
        if ours is not None and all(ours[k] == record[k] for k in ("config", "seats", "actions")):
            return summary.id
    return None


@dataclass
class ImportResult:
    games: dict = field(default_factory=dict)  # ADDED/SAME/UPDATED/KEPT/COPIED -> count
    ids: list = field(default_factory=list)  # where each of the bundle's saves is stored now, in order
    refused: int = 0  # saves that could not be read
    refused_reason: UnreadableRecord | None = None  # why (the first)
    history_added: int = 0
    history_left_out: int = 0  # entries that did not fit in the history (it keeps MAX_HISTORY, ours first)
    odd_entries: int = 0  # history entries, settings and days of the file that could not be read
    days_added: int = 0
    days_kept: int = 0  # days whose counted attempt here is another game: ours kept
    settings: str | None = None  # "taken" (some filled in), "kept" (ours differ and stayed), None
    kept_aside: str | None = None  # "kept": what could not be read was kept aside; "no_room": it could not be
    full: bool = False  # storage became full: what is counted was stored, the rest not


def import_bundle(store, bundle: Bundle, new_id) -> ImportResult:
    """Merge a file's contents into the store (see the module's docstring); stops where storage is full."""
    result = ImportResult(refused=len(bundle.refused), refused_reason=(bundle.refused or [None])[0],
                          odd_entries=len(bundle.odd_history) + len(bundle.odd_settings) + len(bundle.odd_daily))
    try:
        if bundle.odd:
            backup = store.keep_copy("import", _odd_file(bundle, store.clock()))
            result.kept_aside = "kept" if backup else "no_room"
        if bundle.daily:
            days, result.days_added, result.days_kept = daily.merge_days(store.daily(), bundle.daily)
            if result.days_added or days != store.daily():
                store.write_daily(days)
        for record in bundle.saves:
            outcome, save_id = merge_save(store, record, new_id)
            result.games[outcome] = result.games.get(outcome, 0) + 1
            result.ids.append(save_id)
        if bundle.history:
            merged = store.merge_history(bundle.history, make_room=False)
            result.history_added, result.history_left_out = merged.added, merged.left_out
        if bundle.settings:
            ours = store.settings()
            merged = {**bundle.settings, **ours}
            if merged != ours:
                store.write_settings(merged)
                result.settings = "taken"
            elif any(ours.get(k) != v for k, v in bundle.settings.items()):
                result.settings = "kept"
    except StorageFull:
        result.full = True
    return result


# --------------------------------------------------------------------------- two tabs


def other_tab_wrote(store, key: str, theirs: str | None, new_id) -> str | None:
    """Another tab wrote ``theirs`` under ``key`` (a storage event). If this tab sees something else stored there,
    the two writes crossed and the last one won: merge the other back as an import would (a game that extends ours
    is taken, another version of it is kept as a separate saved game; missing history entries and days are added
    again). Returns what happened (``merge_save``'s outcome, or ``"merged"``), or None when nothing was lost."""
    if theirs is None or store.raw(key) == theirs:
        return None
    try:
        if key.startswith(SAVE_PREFIX):
            record = validated_save(check_save(parse_json(theirs), key[len(SAVE_PREFIX):]))
            outcome = merge_save(store, record, new_id)[0]
            return outcome if outcome in (UPDATED, COPIED) else None
        if key == HISTORY_KEY:
            return "merged" if store.merge_history(read_history(parse_json(theirs))[0], make_room=False).added else None
        if key == DAILY_KEY:
            days = daily.merge_days(store.daily(), read_daily(parse_json(theirs))[0])[0]
            if days != store.daily():
                store.write_daily(days)
                return "merged"
    except (UnreadableRecord, StorageFull):
        return None  # theirs is not readable (this tab keeps it aside when it reads it there), or no room
    return None


# --------------------------------------------------------------------------- putting back what was kept aside


def put_back(store, key: str, kind: str, new_id) -> None:
    """Put a kept-aside record that reads fine now back where it belongs, merged with what is here (never
    overwriting), then delete the copy. Raises UnreadableRecord (it does not read) or StorageFull."""
    data = parse_json(store.raw(key))
    if kind == "save":
        merge_save(store, validated_save(data), new_id)
    elif kind == "import":
        bundle = read_bundle(data)
        if bundle.refused or bundle.odd:
            raise bundle.refused[0] if bundle.refused else UnreadableRecord(
                "entries that are not games Junban records", code="record.odd_entries", n=len(bundle.odd_history))
        if import_bundle(store, bundle, new_id).full:
            raise StorageFull("no room")
    elif kind in ("history", "history-entries"):
        good, odd = read_history(data) if not isinstance(data, list) else (
            [e for e in data if ENTRY.fits(e)], [e for e in data if not ENTRY.fits(e)])
        _refuse_odd(odd, "history")
        store.merge_history(good, make_room=False)
    elif kind == "settings":
        good, odd = read_settings(data)
        _refuse_odd(odd, "settings")
        store.write_settings({**good, **store.settings()})
    elif kind == "daily":
        good, odd = read_daily(data)
        _refuse_odd(odd, "daily")
        store.write_daily(daily.merge_days(store.daily(), good)[0])
    else:
        raise UnreadableRecord("its name is not one Junban writes", code="record.bad_name")
    store.delete_kept(key)


def _refuse_odd(odd, kind: str) -> None:
    from junban.storage import odd_reason

    if odd:
        raise odd_reason(kind, odd)


# --------------------------------------------------------------------------- the link


def game_token(record: dict, days: list[dict] = ()) -> str | None:
    """The link token of one game (with its day of the daily record when it is that day's counted attempt), or None
    if it would be longer than a link may be (send the file instead)."""
    compact = {short: record[name] for short, name in _LINK_FIELDS.items()}
    compact.update({short: record[name] for short, name in _LINK_EXTRAS.items() if record.get(name)})
    day = daily.day_of(list(days), record)
    if day is not None:
        compact["d"] = {k: v for k, v in day.items() if k != "save"}  # the save is the link's game
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = bytes([TOKEN_VERSION]) + packer.compress(to_json(compact).encode("utf-8")) + packer.flush()
    token = base64.urlsafe_b64encode(body + _check(body)).decode("ascii").rstrip("=")
    return token if len(token) <= MAX_TOKEN_CHARS else None


def game_from_token(token: object) -> Bundle:
    """The game a link token carries, validated, as a bundle of one save (and its day of the daily record). Raises
    UnreadableRecord (``send.*`` or the save's own problem) and changes nothing."""
    if not isinstance(token, str) or not _TOKEN_CHARS.match(token):
        raise UnreadableRecord("the game in this link is damaged", code="send.damaged")
    if len(token) > MAX_TOKEN_CHARS:
        raise UnreadableRecord("the game in this link is too long", code="send.too_long")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (ValueError, TypeError):
        raise UnreadableRecord("the game in this link is damaged", code="send.damaged") from None
    body, check = raw[:-_CHECK_BYTES], raw[-_CHECK_BYTES:]
    if len(body) < 2 or _check(body) != check:
        raise UnreadableRecord("the game in this link is damaged or was changed", code="send.damaged")
    if body[0] not in (1, TOKEN_VERSION):
        raise UnreadableRecord("this link comes from another version of Junban", code="send.version")
    unpacker = zlib.decompressobj(-15)
    try:
        data = unpacker.decompress(body[1:], MAX_TOKEN_BYTES + 1)
        text = data.decode("utf-8")
    except (zlib.error, UnicodeDecodeError):
        raise UnreadableRecord("the game in this link is damaged", code="send.damaged") from None
    if len(data) > MAX_TOKEN_BYTES or unpacker.unconsumed_tail:
        raise UnreadableRecord("the game in this link is too long", code="send.too_long")
    compact = parse_json(text, max_chars=MAX_TOKEN_BYTES)
    if not LINK.fits(compact) or (body[0] == 1 and set(compact) != set(_LINK_FIELDS)):
        raise UnreadableRecord("the game in this link is damaged", code="send.damaged")
    if type(compact["a"]) is list and len(compact["a"]) > MAX_ACTIONS:
        raise UnreadableRecord("the game in this link is too long", code="send.too_long")
    record = {"schema": 1, "type": "save", "finished": False}
    record.update({name: compact[short] for short, name in _LINK_FIELDS.items()})
    record.update({name: compact[short] for short, name in _LINK_EXTRAS.items() if short in compact})
    try:
        bundle = Bundle(saves=[validated_save(record)])
        day = compact.get("d")
        if day is not None:
            day = dict(day, save=record["id"]) if isinstance(day, dict) else day
            check_shape(DAY, day)
            if (day["game"], day["date"]) != (record["game"], record["seed"]):
                raise UnreadableRecord("its day is not this game's", code="record.field", name="d")
            bundle.daily = [day]
    except UnreadableRecord as err:
        raise UnreadableRecord(str(err), code="send.not_a_game", reason=str(err), problem=err) from None
    return bundle


def _check(body: bytes) -> bytes:
    return hashlib.sha256(b"junban game link|" + body).digest()[:_CHECK_BYTES]

