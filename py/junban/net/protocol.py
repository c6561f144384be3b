"""Playing on several phones: the messages between the host phone and the phones of its guests.

The **host** holds the game as a table on one device does (log, engine, bots, saves). A **guest** is a seat played
on another phone, joined to the host by its own data channel: the pairing code the host showed for that seat made
the channel (``junban.net.sdp``), so everything arriving on it speaks for that seat and no other. The browser
encrypts the channel; a phone that never scanned the code cannot open one.

Every message is one JSON object of text, ``{"v": 1, "t": <kind>, "s": <sequence number>, ...}``. ``s`` counts the
messages one side sent on one channel (1, 2, 3 ...): a message whose number is not above the last one taken is a
replay and is refused. What each side may send:

guest -> host
    ``hello``   ``table``, ``seat``: the first message on a channel; names the table and seat the guest believes
                it joined (a mismatch closes the channel). Said again later, it asks for the whole table again
                (as ``resync``).
    ``act``     ``action`` (the game's own action, checked by the engine), ``at`` (the position the guest saw
                when it acted: the ``at`` of the host's last ``update``). The host applies it only if its game is
                still at a position it recently sent that seat and only other seats acted since (seats deciding
                at once), so an intent sent twice (a retry after the Wi-Fi blinked) is never applied twice.
    ``resync``  the guest's move log does not add up: send it whole again.
    ``hint``    the person on that phone took a hint on their turn (counted for that seat, at most once a turn,
                never in the host's own game: the host's person took no hint).
    ``ping``    nothing to say, still here.
    ``leave``   ``seat``: the person leaves the table (asked first on the phone). The seat must be this channel's
                own (a phone cannot speak for another seat: the host knows which channel a message came on); the
                host marks the seat *left* (not lost), answers ``bye`` ``left`` and closes the channel. The game is
                not changed: the seat waits for the host to give it to a bot, a person here, or a phone again.
    ``standing`` ``code``: this phone's *standing offer* (``sdp.pack_offer``, for this same table and seat: fresh
                connection credentials, nothing of the game), a connection the phone keeps waiting while its page
                lives. The host keeps it in its save (``Session.standing``); after the host's page reloads it
                answers that offer and shows the answer, which the phone (its page and that connection still
                open) scans: one exchange per phone to come back instead of two. The mirror of ``spare``.

host -> guest
    ``welcome`` ``table``, ``seat``, ``game``, ``config``, ``seats`` (names and kinds), ``hints`` (the hints this
                seat took, as the host counted them). Nothing made from the deal's seed: the phone's own hints
                get a seed the phone draws itself.
    ``log``     ``from``, ``entries``: the public move log from entry ``from`` on (the guest cuts its copy there
                and appends); long logs come in several messages.
    ``update``  ``at``, ``view`` (``view(state, seat)``, built fresh), ``to_act``, ``deciding`` (every seat the
                game waits for: several at once in 23's discard), ``over``, ``outcome``, ``legal`` (the seat's
                own legal actions when the game waits for it, else null), ``log_len`` (entries the guest should now
                hold). A full snapshot: a guest that missed some simply takes the latest. ``at`` is
                ``position_mark``: a digest of nothing but what this seat is sent (the number of actions, the
                public log, this update), so it can tell the phone nothing it was not told.
    ``ack``     ``of`` (the ``s`` of the guest's ``act``), ``ok``; refused: ``code``, ``params`` (short plain
                values), ``text``. A guest shows a refusal only in its own words, by its code (never the host's
                text: a host's page may say anything).
    ``next``    ``table``, ``seat``, ``game``: a rematch — the host started the next game of this table (a new deal or
                the same deal again) and this phone goes on there over this channel, with no new pairing, at
                ``seat``: its own, or another if the host reseated the phones. Only after the guest's game is
                over; the same game; the new table's id is the new save's (random, never made from its seed).
                The guest answers ``hello`` for the new table and that seat and is welcomed as any phone that
                joins (a hello for any other seat is let go: ``wrong_table``).
    ``seats``   ``seats`` (names and kinds, as in ``welcome``): who plays each seat changed (the host gave a seat to a
                bot, a person at its device or a phone); the same seats, names and count, only their hands.
    ``spare``   ``code``: a pairing code (``sdp.pack_offer``) for this same table and seat, whose connection the host
                keeps waiting: the phone keeps it with its seat and, after a reload or a lost channel, answers it
                at once (one exchange to come back instead of two). Fresh connection credentials only.
    ``ping``, ``bye`` (``why``: ``host_left``; ``seat_closed`` (a host of before issue 41's takeover: the seat is
                played at the host now); ``here`` (the host gave the seat to a person at its own device); ``bot`` (to a
                bot); ``left`` (this phone said ``leave``); ``wrong_table``; ``flood``: let go, it sent far more than a
                person could; ``no_seat``: at a rematch the host reseated the phones and gave this one no seat).

How much a guest may send is bounded per kind (``junban.net.limits``): more than that is not read; the phone is
told (an ``ack`` with ``net.too_fast``), and one that keeps on is let go (``bye`` ``flood``), the host's person
told. A full resend (``resync``, ``hello``) happens at most once a second per phone, whatever it asks.

Everything received is untrusted: ``decode`` bounds its size and depth before parsing, checks every field's type
and size, and raises ``ProtocolError`` with a stable ``code``; the receiver then changes nothing.
"""
from __future__ import annotations

import json
import re

from junban.errors import JunbanError

VERSION = 1
# A guest's messages are small (an action is a few dozen characters; Eleusis's longest, a rule text, stays far
# below). A host's update carries a view (an Eleusis view late in a round: ~10 KB); log chunks are bounded below.
MAX_FROM_GUEST = 16_000
MAX_FROM_HOST = 200_000  # under the data channel's 256 KB message size
MAX_DEPTH = 12
LOG_CHUNK = 200  # log entries per ``log`` message
MAX_NAME = 40
MAX_TABLE_ID = 40

FROM_GUEST = ("hello", "act", "resync", "hint", "ping", "leave", "standing")
FROM_HOST = ("welcome", "log", "update", "ack", "next", "spare", "seats", "ping", "bye")


class ProtocolError(JunbanError):
    """A message that cannot be taken (malformed, oversized, replayed, forged, out of turn)."""


def encode(kind: str, seq: int, **fields) -> str:
    return json.dumps({"v": VERSION, "t": kind, "s": seq, **fields}, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def _depth_ok(text: str, limit: int) -> bool:
    """Brackets nest at most ``limit`` deep outside strings (checked before parsing: Python's parser recurses)."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def _reject_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def decode(text: object, allowed: tuple[str, ...], max_chars: int, last_seq: int) -> dict:
    """Parse one received message of a kind in ``allowed`` with a sequence number above ``last_seq``."""
    if not isinstance(text, str):
        raise ProtocolError("not text", code="net.not_text")
    if len(text) > max_chars:
        raise ProtocolError("too large", code="net.too_large")
    if not _depth_ok(text, MAX_DEPTH):
        raise ProtocolError("nested too deeply", code="net.too_deep")
    try:
        message = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("not JSON", code="net.bad_json") from None
    if not isinstance(message, dict):
        raise ProtocolError("not an object", code="net.not_object")
    if message.get("v") != VERSION or type(message.get("v")) is not int:
        raise ProtocolError("another version of Junban", code="net.version")
    kind = message.get("t")
    if kind not in allowed:
        raise ProtocolError("unknown message", code="net.unknown_kind")
    seq = message.get("s")
    if type(seq) is not int or seq <= last_seq or seq > last_seq + 1_000_000:
        raise ProtocolError("out of sequence (a replay?)", code="net.sequence")
    return message


# --------------------------------------------------------------------------- field checks


def need_int(message: dict, key: str, low: int, high: int) -> int:
    value = message.get(key)
    if type(value) is not int or not low <= value <= high:
        raise ProtocolError(f"bad {key}", code="net.field", field=key)
    return value


def need_str(message: dict, key: str, max_len: int) -> str:
    value = message.get(key)
    if not isinstance(value, str) or not value or len(value) > max_len:
        raise ProtocolError(f"bad {key}", code="net.field", field=key)
    return value


def need_dict(message: dict, key: str) -> dict:
    value = message.get(key)
    if not isinstance(value, dict):
        raise ProtocolError(f"bad {key}", code="net.field", field=key)
    return value


def need_list(message: dict, key: str, max_len: int) -> list:
    value = message.get(key)
    if not isinstance(value, list) or len(value) > max_len:
        raise ProtocolError(f"bad {key}", code="net.field", field=key)
    return value


def plain_action(value: object) -> dict:
    """An action as a guest may send one: an object of plain JSON values (the engine checks the rest)."""
    if not isinstance(value, dict) or not value or len(value) > 8:
        raise ProtocolError("not an action", code="net.action")
    for key in value:
        if not isinstance(key, str) or len(key) > 24:
            raise ProtocolError("not an action", code="net.action")
    return value


_CODE = re.compile(r"[a-z0-9_]+(?:\.[a-z0-9_]+){0,3}")
_PARAM_NAME = re.compile(r"[a-z_]{1,24}")
_PARAM_TEXT = re.compile(r"[A-Za-z0-9_.:-]{0,24}")  # a card, a seat, a setting's name: never a sentence


def _plain_params(params: object) -> dict:
    """The parameters of a refusal that may fill in one of our own sentences: short words and small numbers."""
    if not isinstance(params, dict):
        return {}
    def plain(value) -> bool:
        return (type(value) is int and -1_000_000 <= value <= 1_000_000) or (
            isinstance(value, str) and _PARAM_TEXT.fullmatch(value) is not None)

    return {k: v for k, v in list(params.items())[:8] if isinstance(k, str) and _PARAM_NAME.fullmatch(k) and plain(v)}


def reason_fields(err: JunbanError) -> dict:
    """A refusal as data the other phone can put in its own language: the error's code, its plain parameters, and
    the English text (for a person reading the messages; a guest never shows it)."""
    return {"code": err.code or "", "params": _plain_params(err.params), "text": str(err)[:200]}


def reason_error(message: dict) -> JunbanError:
    """The refusal an ``ack`` carries, rebuilt as an error that has a code and plain parameters only: the guest
    says it in its own words (``ui.i18n.error_text``: the catalogue's sentence for the code, else a general one),
    never in the host's, which a host's page could make say anything."""
    code = message.get("code")
    code = code if isinstance(code, str) and len(code) <= 60 and _CODE.fullmatch(code) else "net.refused"
    return JunbanError("the host's game refused it", code=code, **_plain_params(message.get("params")))


def _canonical(value) -> bytes:
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode("utf-8")


NO_LOG = ""  # the digest of an empty move log


def log_digest(previous: str, entry: list) -> str:
    """The move log's running digest, one entry (as sent: ``entry_data``) further than ``previous``."""
    import hashlib  # here: in Pyodide the import costs 10-20 ms, and only a host needs it

    return hashlib.sha256(previous.encode("ascii") + b"|" + _canonical(entry)).hexdigest()[:32]


def position_mark(actions: int, log: str, update: dict) -> str:
    """Where the game stands for one seat: a short text that changes with every action and comes back when the log
    is folded back to an earlier position. It is made of what that seat is sent and nothing else — the number of
    actions (each log entry names its action's place anyway), the public log's digest (``log_digest``) and the
    seat's update (``view``, ``to_act``, ``deciding``, ``over``, ``outcome``, ``legal``, ``log_len``) — so a phone can learn
    nothing from it that the rest of the message did not tell it (a checksum of the whole log once spelled out
    other seats' secret choices). A host rebuilt from its save marks the same positions the same way."""
    import hashlib

    return f"{actions}.{hashlib.sha256(log.encode('ascii') + b'|' + _canonical(update)).hexdigest()[:16]}"


# --------------------------------------------------------------------------- log entries


def entry_data(index: int, seat: int | None, event: dict) -> list:
    return [index, seat, event]


def read_entries(raw: list, players: int) -> list[tuple[int, int | None, dict]]:
    """Log entries from a host: [index, seat, event] with a plain event object."""
    from junban.storage import EVENT

    entries = []
    for item in raw:
        if (not isinstance(item, list) or len(item) != 3 or type(item[0]) is not int or item[0] < 0
                or not (item[1] is None or (type(item[1]) is int and 0 <= item[1] < players))
                or not isinstance(item[2], dict) or not EVENT.fits(item[2])):
            raise ProtocolError("bad log entry", code="net.log")
        entries.append((item[0], item[1], item[2]))
    return entries


# --------------------------------------------------------------------------- what a pairing code says


GAMES = ("the-game", "23", "eleusis")  # the games played on several phones, by their number in a pairing code
MOST_SEATS = (5, 4, 8)  # seats at a table of each (its engine's SEATS; tests/net/test_protocol_checks.py checks)
TABLE_ID_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789"


def pack_meta(table_id: str, seat: int, game: str) -> bytes:
    """The table, seat and game a pairing code is for, in 11 bytes (a table is named by its save's id: 12 letters
    or digits as this app makes them, at most 12 to be paired)."""
    if not 1 <= len(table_id) <= 12 or any(ch not in TABLE_ID_CHARS for ch in table_id):
        raise ProtocolError("this game's name is too long to pair", code="net.table_id")
    number = 0
    for ch in table_id:
        number = number * 36 + TABLE_ID_CHARS.index(ch)
    return bytes([GAMES.index(game), seat, len(table_id)]) + number.to_bytes(8, "big")


def unpack_meta(data: bytes) -> tuple[str, int, str]:
    """(table id, seat, game) from a pairing code's bytes; ProtocolError if they are not one."""
    if len(data) != 11 or data[0] >= len(GAMES) or data[1] >= MOST_SEATS[min(data[0], len(GAMES) - 1)] \
            or not 1 <= data[2] <= 12:
        raise ProtocolError("not a Junban pairing code", code="net.bad_code")
    number = int.from_bytes(data[3:], "big")
    chars = []
    for _ in range(data[2]):
        number, digit = divmod(number, 36)
        chars.append(TABLE_ID_CHARS[digit])
    if number:
        raise ProtocolError("not a Junban pairing code", code="net.bad_code")
    return "".join(reversed(chars)), data[1], GAMES[data[0]]


# The transport's errors (assets/peer.js) as the problems the screens name: each is its own cause, never the Wi-Fi.
TRANSPORT_ERRORS = {
    "no-webrtc": "net.no_webrtc",  # this browser has no RTCPeerConnection (or refuses to make one)
    "offer-failed": "net.offer_failed",
    "answer-failed": "net.answer_failed",
    "bad-offer": "net.bad_offer",
    "bad-answer": "net.bad_answer",
}
