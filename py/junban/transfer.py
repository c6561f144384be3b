"""Moving games between devices with no server: one file with everything, and one game as a file or a link.

**The file** (``export_file``, ``read_file``) is JSON::

    {"type": "junban-export", "schema": 1, "exported": <seconds>,
     "saves": [<save record>, ...], "history": [<entry>, ...], "settings": {<values>}}

"Send this game" as a file is the same with one save and no history or settings. A single save record (a kept-aside
save the Storage screen downloaded) reads too. Everything in a file is untrusted: its size and nesting are bounded
before parsing (``junban.storage.parse_json``), every save is checked like a stored one and replayed move by move,
history entries are checked one by one, settings keep only known keys of the right form.

**Importing merges, never overwrites silently** (``import_bundle``): a game not here is added; the same game is left
alone; a game whose moves only extend ours is brought up to date (ours are all in it); a game further along here is
kept; a game that differs (same id, other moves or table) is added as a copy under a new id. History entries are
added by id; settings fill only what is not set here. The result counts each case so the person is told.

**The link** (``game_token``, ``game_from_token``): ``#/receive?game=<token>``, token = base64url of a version byte
and the raw-deflated compact JSON of one game (id, game, config, seed, seats, actions, times), followed by 6 bytes
of SHA-256 of both. A changed, cut or foreign token is refused (``UnreadableRecord`` with a ``send.*`` code) before
anything is stored; the unpacked size is bounded; the game is then checked and replayed like a file's.
"""
from __future__ import annotations

import base64
import hashlib
import re
import zlib
from dataclasses import dataclass, field

from junban.session import MAX_ACTIONS
from junban.storage import (
    MAX_HISTORY,
    StorageFull,
    UnreadableRecord,
    check_save,
    parse_json,
    replay_failure,
    to_json,
    valid_history_entry,
)

EXPORT_TYPE = "junban-export"
EXPORT_SCHEMA = 1
MAX_FILE_CHARS = 8_000_000  # more than any browser lets one site store
MAX_SAVES_IN_FILE = 2000
SETTINGS_KEYS = {"lang": str, "speed": str, "names": list}

TOKEN_VERSION = 1
MAX_TOKEN_CHARS = 8000  # the longest link written or followed (a whole 8-player Eleusis game by bots: ~2,000)
MAX_TOKEN_BYTES = 600_000  # the unpacked game (a decompression bomb stops here)
_TOKEN_CHARS = re.compile(r"^[A-Za-z0-9_-]+$")
_CHECK_BYTES = 6
_LINK_FIELDS = {"i": "id", "g": "game", "c": "config", "s": "seed", "p": "seats", "a": "actions", "t": "created",
                "u": "updated"}


# --------------------------------------------------------------------------- checking one game


def validated_save(record: object) -> dict:
    """A save from outside, checked and replayed; the record as this version writes it (its times kept)."""
    from junban.errors import JunbanError
    from junban.session import Session

    record = check_save(record)
    try:
        session = Session.from_record(record)
    except (JunbanError, ValueError, TypeError, KeyError) as err:
        raise replay_failure(err) from None
    clean = session.to_record()
    clean["created"], clean["updated"] = record["created"], record["updated"]
    return clean


# --------------------------------------------------------------------------- the file


def export_file(store, now: float) -> str:
    """Every readable save, the history and the settings as one file's text."""
    saves = [store.read_save(s.id) for s in store.list_saves()]
    return to_json({"type": EXPORT_TYPE, "schema": EXPORT_SCHEMA, "exported": now,
                    "saves": [s for s in saves if s is not None], "history": store.history(),
                    "settings": store.settings()})


def game_file(record: dict, now: float) -> str:
    """One game as a file's text (the same format, with that save alone)."""
    return to_json({"type": EXPORT_TYPE, "schema": EXPORT_SCHEMA, "exported": now, "saves": [record]})


@dataclass
class Bundle:
    """What a file holds that this version can use; ``refused``: saves it cannot (with why)."""

    saves: list[dict] = field(default_factory=list)
    history: list[dict] = field(default_factory=list)
    settings: dict = field(default_factory=dict)
    refused: list[UnreadableRecord] = field(default_factory=list)


def read_file(text: object) -> Bundle:
    """Read an exported file (or one save record). Raises UnreadableRecord for a file that is not one."""
    data = parse_json(text, max_chars=MAX_FILE_CHARS)
    if isinstance(data, dict) and data.get("type") == "save":
        data = {"type": EXPORT_TYPE, "schema": EXPORT_SCHEMA, "saves": [data]}
    if not isinstance(data, dict) or data.get("type") != EXPORT_TYPE or type(data.get("schema")) is not int:
        raise UnreadableRecord("it is not a file Junban exported", code="transfer.not_export")
    if data["schema"] > EXPORT_SCHEMA:
        raise UnreadableRecord("it was exported by a newer version of Junban", code="transfer.newer")
    bundle = Bundle()
    saves = data.get("saves", [])
    if not isinstance(saves, list) or len(saves) > MAX_SAVES_IN_FILE:
        raise UnreadableRecord("it is not a file Junban exported", code="transfer.not_export")
    for record in saves:
        try:
            bundle.saves.append(validated_save(record))
        except UnreadableRecord as err:
            bundle.refused.append(err)
    history = data.get("history", [])
    if isinstance(history, list):
        bundle.history = [entry for entry in history[-MAX_HISTORY:] if valid_history_entry(entry)]
    settings = data.get("settings", {})
    if isinstance(settings, dict):
        bundle.settings = {key: value for key, value in settings.items()
                           if key in SETTINGS_KEYS and _plain_setting(value, SETTINGS_KEYS[key])}
    if not (bundle.saves or bundle.refused or bundle.history or bundle.settings):
        raise UnreadableRecord("it holds no games, history or settings", code="transfer.empty")
    return bundle


def _plain_setting(value: object, kind: type) -> bool:
    if kind is str:
        return isinstance(value, str) and len(value) <= 16
    return isinstance(value, list) and len(value) <= 8 and all(isinstance(v, str) and len(v) <= 100 for v in value)


# --------------------------------------------------------------------------- merging


ADDED, SAME, UPDATED, KEPT, COPIED = "added", "same", "updated", "kept", "copied"


def merge_save(store, record: dict, new_id) -> tuple[str, str]:
    """Store one validated save without losing anything here; return (what happened, the id it is stored under).
    Raises StorageFull (nothing half-written)."""
    ours = store.read_save(record["id"])
    if ours is None:
        store.write_save(record)
        return ADDED, record["id"]
    same_table = all(ours[k] == record[k] for k in ("game", "config", "seed", "seats"))
    mine, theirs = ours["actions"], record["actions"]
    if same_table and mine == theirs:
        return SAME, record["id"]
    if same_table and theirs[: len(mine)] == mine:
        store.write_save(record)
        return UPDATED, record["id"]
    if same_table and mine[: len(theirs)] == theirs:
        return KEPT, record["id"]
    copy = dict(record, id=new_id())
    store.write_save(copy)
    return COPIED, copy["id"]


@dataclass
class ImportResult:
    games: dict = field(default_factory=dict)  # ADDED/SAME/UPDATED/KEPT/COPIED -> count
    refused: int = 0
    history_added: int = 0
    history_removed: int = 0
    settings: str | None = None  # "taken" (some filled in), "kept" (ours differ and stayed), None
    full: bool = False  # storage became full: what is counted was stored, the rest not


def import_bundle(store, bundle: Bundle, new_id) -> ImportResult:
    """Merge a file's contents into the store (see the module's docstring); stops where storage is full."""
    result = ImportResult(refused=len(bundle.refused))
    try:
        for record in bundle.saves:
            outcome, _ = merge_save(store, record, new_id)
            result.games[outcome] = result.games.get(outcome, 0) + 1
        if bundle.history:
            result.history_added, result.history_removed = store.merge_history(bundle.history)
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


# --------------------------------------------------------------------------- the link


def game_token(record: dict) -> str | None:
    """The link token of one game, or None if it would be longer than a link may be (send the file instead)."""
    compact = {short: record[name] for short, name in _LINK_FIELDS.items()}
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = bytes([TOKEN_VERSION]) + packer.compress(to_json(compact).encode("utf-8")) + packer.flush()
    token = base64.urlsafe_b64encode(body + _check(body)).decode("ascii").rstrip("=")
    return token if len(token) <= MAX_TOKEN_CHARS else None


def game_from_token(token: object) -> dict:
    """The validated save record a link token carries. Raises UnreadableRecord (``send.*`` or the save's own
    problem) and changes nothing."""
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
    if body[0] != TOKEN_VERSION:
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
    if not isinstance(compact, dict) or set(compact) != set(_LINK_FIELDS):
        raise UnreadableRecord("the game in this link is damaged", code="send.damaged")
    if not isinstance(compact["a"], list) or len(compact["a"]) > MAX_ACTIONS:
        raise UnreadableRecord("the game in this link is too long", code="send.too_long")
    record = {"schema": 1, "type": "save", "finished": False}
    record.update({name: compact[short] for short, name in _LINK_FIELDS.items()})
    try:
        return validated_save(record)
    except UnreadableRecord as err:
        raise UnreadableRecord(str(err), code="send.not_a_game", reason=str(err), problem=err) from None


def _check(body: bytes) -> bytes:
    return hashlib.sha256(b"junban game link|" + body).digest()[:_CHECK_BYTES]
