"""A guest phone's side of a table played on several phones: one seat, held by the host's phone.

The guest opens the host's pairing code (a Junban link: ``#/join?p=<token>``), makes the answer the host must take
(shown as a QR code and as a short code to send back), and once the channel is open says ``hello``. From then on
it keeps what the host sends — the latest view of its seat, the public move log, whose turn it is — and sends the
person's intents, one at a time, each marked with the position it was made at (``protocol.position_mark``), so the
host never applies one twice. ``GuestGame`` reads like a ``Session`` to the table that draws it, without ever
holding the game: no deal, no other hand, no seed.

What a guest must keep to come back (the page closed, the screen went dark, the Wi-Fi blinked) is ``record()``:
the table, the seat, and the last snapshot. Scanning the host's new code for the same seat picks it up again.
"""
from __future__ import annotations

from junban.errors import JunbanError
from junban.games import load_game
from junban.net import protocol
from junban.net.protocol import ProtocolError
from junban.session import Seat, clean_name
from junban.storage import VIEW

PING_EVERY = 2.0
LOST_AFTER = 8.0
UNREACHABLE_AFTER = 20.0  # the answer is shown, yet no channel: has the host taken it? can the phones reach?
GUEST_SCHEMA = 1

# The guest's status: "preparing" (its answer is being made), "answering" (answer shown, waiting for the host),
# "joining" (the channel is open, waiting for the host's welcome), "playing", "lost" (was playing, gone quiet),
# "unreachable" (no channel within UNREACHABLE_AFTER), "ended" (the host closed the seat or the table).


class Pairing:
    """What a pairing code says: the connection offer, and the table, seat and game it is for."""

    def __init__(self, token: str):
        from junban.net import sdp

        if not isinstance(token, str) or not 20 <= len(token) <= 600:
            raise ProtocolError("not a Junban pairing code", code="net.bad_code")
        self.offer_sdp, meta = sdp.unpack_offer(token)  # SdpError (a JunbanError) says what is wrong
        self.table_id, self.seat, self.game = protocol.unpack_meta(meta)


class GuestGame:
    """The game as this seat knows it, read like a ``Session`` by the table (a seat's view, not the game)."""

    def __init__(self, table_id: str, seat: int, game: str, welcome: dict):
        self.id = table_id
        self.game = game
        self.module = load_game(game)
        self.seat = seat
        self.config = self.module.normalize_config(welcome["config"])
        self.seed = None  # never sent: it would deal every hand again
        self.bot_seed = welcome["bot_seed"]
        self.seats = [_seat_from(raw, i) for i, raw in enumerate(welcome["seats"])]
        self.mode = None
        self.hints = 0
        self.remote = True
        self.at = ""
        self.latest: dict | None = None  # the last update
        self.legal: list = []

    # What a table reads of a session.
    @property
    def to_act(self) -> int | None:
        return self.latest["to_act"] if self.latest else None

    @property
    def is_over(self) -> bool:
        return bool(self.latest and self.latest["over"])

    @property
    def outcome(self) -> dict | None:
        return self.latest["outcome"] if self.latest and self.latest["over"] else None

    @property
    def assisted(self) -> bool:
        return self.hints > 0

    def view(self, seat: int) -> dict:
        if self.latest is None:
            raise JunbanError("nothing from the host yet", code="net.no_view")
        return self.latest["view"]  # this seat's: the only one this phone has

    def legal_actions(self) -> list[dict]:
        return list(self.legal) if self.to_act == self.seat else []

    @property
    def actions(self) -> tuple:
        """The game's log stays with the host: this phone has none (its move log comes as public entries)."""
        return ()

    def person_seats(self) -> list[int]:
        """The people at this device: this seat."""
        return [self.seat]

    def phone_seats(self) -> list[int]:
        return []  # a guest hosts nobody

    def bot_to_act(self) -> bool:
        return False  # bots run on the host

    def in_last_stretch(self) -> bool:
        return False

    def take(self, update: dict) -> None:
        self.latest = update
        self.at = update["at"]
        self.legal = update["legal"] or []


def _seat_from(raw: object, index: int) -> Seat:
    if not isinstance(raw, dict) or raw.get("kind") not in ("person", "bot"):
        raise ProtocolError("bad seat", code="net.field", field="seats")
    kind = raw["kind"]
    name = clean_name(raw.get("name"), f"{'Bot' if kind == 'bot' else 'Player'} {index + 1}")
    return Seat(kind, name, None, phone=raw.get("phone") is True)


def read_welcome(message: dict, pairing_table: str, pairing_seat: int, pairing_game: str) -> dict:
    """A host's welcome, checked against the code the guest scanned."""
    if (message.get("table") != pairing_table or message.get("seat") != pairing_seat
            or message.get("game") != pairing_game):
        raise ProtocolError("the host names another table", code="net.wrong_table")
    seats = protocol.need_list(message, "seats", 8)
    config = protocol.need_dict(message, "config")
    bot_seed = protocol.need_str(message, "bot_seed", 80)
    if not 0 <= pairing_seat < len(seats):
        raise ProtocolError("bad seat", code="net.field", field="seat")
    return {"config": config, "seats": seats, "bot_seed": bot_seed}


def read_update(message: dict, players: int) -> dict:
    at = protocol.need_str(message, "at", 40)
    view = protocol.need_dict(message, "view")
    for name in ("view", "outcome", "legal"):  # plain data of a view's size: the table's code then reads it
        if not VIEW.fits(message.get(name)):
            raise ProtocolError(f"bad {name}", code="net.field", field=name)
    to_act = message.get("to_act")
    if not (to_act is None or (type(to_act) is int and 0 <= to_act < players)):
        raise ProtocolError("bad to_act", code="net.field", field="to_act")
    over = message.get("over")
    if type(over) is not bool:
        raise ProtocolError("bad over", code="net.field", field="over")
    outcome = message.get("outcome")
    if outcome is not None and not isinstance(outcome, dict):
        raise ProtocolError("bad outcome", code="net.field", field="outcome")
    legal = message.get("legal")
    if legal is not None and (not isinstance(legal, list) or not all(isinstance(a, dict) for a in legal)):
        raise ProtocolError("bad legal", code="net.field", field="legal")
    log_len = protocol.need_int(message, "log_len", 0, 1_000_000)
    return {"at": at, "view": view, "to_act": to_act, "over": over, "outcome": outcome, "legal": legal,
            "log_len": log_len}


class Guest:
    def __init__(self, platform, pairing: Pairing, on_change, kept: dict | None = None):
        """``pairing``: the host's code. ``kept``: this seat's record from an earlier connection (``record()``),
        if the person was here before. ``on_change(what)``: draw again (what: "status", "update", "ack")."""
        self.platform = platform
        self.pairing = pairing
        self.table_id, self.seat, self.game_slug = pairing.table_id, pairing.seat, pairing.game
        self.on_change = on_change
        self.status = "preparing"
        self.problem: str | None = None
        self.answer_code: str | None = None
        self.conn: str | None = None
        self.seq_out = 0
        self.seq_in = 0
        self.last_in = 0.0
        self.last_out = 0.0
        self.since = platform.now()
        self.game: GuestGame | None = None
        self.entries: list[tuple[int, int | None, dict]] = []
        self.pending: dict | None = None  # the intent in flight: {"s", "action", "at"}
        self.queued: list[dict] = []  # intents made while one was in flight
        self.refusal: JunbanError | None = None  # the host's last refusal, to show
        self.channel = 0  # how many channels this seat has had (an intent remembers the one it went out on)
        self.kept = kept
        self._timer = None
        if kept:
            self._restore(kept)

    # ------------------------------------------------------------------ connecting

    def start(self) -> None:
        from junban.net import sdp

        def on_event(conn, kind, data):
            if conn != self.conn:
                return
            if kind == "answer":
                self.answer_code = sdp.pack_answer(str(data), sdp.answer_names(self.pairing.offer_sdp, self.table_id,
                                                                                  self.seat))
                self._set("answering")
                self.on_change("status")
            else:
                self._event(kind, data)

        self.conn = self.platform.peer_guest(self.pairing.offer_sdp, on_event)
        self._set("preparing")
        self._ensure_timer()

    def close(self) -> None:
        if self.conn is not None:
            self.platform.peer_close(self.conn)
            self.conn = None
        if self._timer is not None:
            self.platform.cancel(self._timer)
            self._timer = None

    def _event(self, kind: str, data) -> None:
        if kind == "open":
            self.last_in = self.platform.now()
            self.channel += 1
            self._set("joining")
            self._send("hello", table=self.table_id, seat=self.seat)
        elif kind == "message":
            self._receive(data)
            return
        elif kind == "state":
            if data in ("failed", "closed"):
                self._lose()
            elif data == "disconnected" and self.status == "playing":
                self._set("lost")
                self.problem = "net.lost"
            elif data == "connected" and self.status == "lost" and self.game is not None:
                self._set("playing")
        elif kind in ("closed", "error"):
            self._lose()
            if kind == "error":
                from junban.net.host import TRANSPORT_ERRORS

                self.problem = TRANSPORT_ERRORS.get(data, self.problem)  # the real cause, not the Wi-Fi
        self.on_change("status")

    def _lose(self) -> None:
        if self.status == "ended":
            return
        self.problem = "net.lost" if self.status in ("playing", "lost", "joining") else "net.unreachable"
        self._set("lost" if self.problem == "net.lost" else "unreachable")
        if self.conn is not None:
            self.platform.peer_close(self.conn)
            self.conn = None

    # ------------------------------------------------------------------ receiving

    def _receive(self, text) -> None:
        try:
            message = protocol.decode(text, protocol.FROM_HOST, protocol.MAX_FROM_HOST, self.seq_in)
            self.seq_in = message["s"]
            self.last_in = self.platform.now()
            what = self._take(message)
        except (ProtocolError, JunbanError, ValueError, TypeError, KeyError) as err:
            self.problem = getattr(err, "code", None) or "net.bad_message"
            self._send("resync")
            self.on_change("status")
            return
        if what:
            self.on_change(what)

    def _take(self, message: dict) -> str | None:
        kind = message["t"]
        if kind == "welcome":
            welcome = read_welcome(message, self.table_id, self.seat, self.game_slug)
            hints = self.game.hints if self.game is not None else 0
            self.game = GuestGame(self.table_id, self.seat, self.game_slug, welcome)
            self.game.hints = hints
            self.welcome = welcome
            self.problem = None
            self._set("playing")
            return "status"
        if self.game is None:
            raise ProtocolError("no welcome yet", code="net.no_welcome")
        if kind == "log":
            start = protocol.need_int(message, "from", 0, len(self.entries))
            entries = protocol.read_entries(protocol.need_list(message, "entries", protocol.LOG_CHUNK),
                                            len(self.game.seats))
            self.entries = self.entries[:start] + entries
            return None
        if kind == "update":
            update = read_update(message, len(self.game.seats))
            if update["log_len"] != len(self.entries):
                raise ProtocolError("the move log does not add up", code="net.log")
            self.game.take(update)
            if self.pending is not None:
                if self.pending["at"] != update["at"]:
                    self.pending = None  # taken (or overtaken): never sent again
                elif self.pending["channel"] != self.channel:  # sent on a channel that dropped, and not taken
                    self.queued.insert(0, self.pending["action"])
                    self.pending = None
            self._send_queued()
            return "update"
        if kind == "ack":
            of = message.get("of")
            if self.pending is not None and of == self.pending["s"]:
                self.pending = None
                if message.get("ok") is not True:
                    self.refusal = protocol.reason_error(message)
                self._send_queued()
                return "ack"
            if message.get("ok") is not True:
                self.refusal = protocol.reason_error(message)
                return "ack"
            return None
        if kind == "bye":
            why = message.get("why")
            self.problem = f"net.bye.{why}" if why in ("host_left", "seat_closed", "wrong_table") else "net.bye"
            self._set("ended")
            self.close()
            return "status"
        return None  # ping

    # ------------------------------------------------------------------ acting

    def act(self, action: dict) -> None:
        """The person's intent: sent now, or after the one in flight is answered."""
        self.refusal = None
        self.queued.append(action)
        self._send_queued()

    def note_hint(self) -> None:
        if self.game is not None:
            self.game.hints += 1
        self._send("hint")

    def _send_queued(self) -> None:
        if self.pending is not None or not self.queued or self.status != "playing" or self.game is None:
            return
        action = self.queued.pop(0)
        seq = self._send("act", action=action, at=self.game.at)
        if seq:
            self.pending = {"s": seq, "action": action, "at": self.game.at, "channel": self.channel}

    @property
    def busy(self) -> bool:
        return self.pending is not None or bool(self.queued)

    def _send(self, kind: str, **fields) -> int:
        if self.conn is None:
            return 0
        self.seq_out += 1
        self.last_out = self.platform.now()
        ok = self.platform.peer_send(self.conn, protocol.encode(kind, self.seq_out, **fields))
        return self.seq_out if ok else 0

    # ------------------------------------------------------------------ liveness

    def _ensure_timer(self) -> None:
        if self._timer is None:
            self._timer = self.platform.call_later(PING_EVERY, self._tick)

    def _tick(self, *_args) -> None:
        self._timer = None
        now = self.platform.now()
        changed = False
        if self.status == "playing":
            if now - self.last_in > LOST_AFTER:
                self.problem = "net.lost"
                self._set("lost")
                changed = True
            elif now - self.last_out >= PING_EVERY:
                self._send("ping")
        elif self.status in ("answering", "preparing", "joining") and now - self.since > UNREACHABLE_AFTER:
            self.problem = "net.unreachable"
            self._set("unreachable")  # the channel may still open: the host can take the answer late
            changed = True
        if self.status != "ended" and self.conn is not None:
            self._ensure_timer()
        if changed:
            self.on_change("status")

    def _set(self, status: str) -> None:
        if status != self.status:
            self.status = status
            self.since = self.platform.now()

    # ------------------------------------------------------------------ keeping it

    def record(self) -> dict:
        """What this phone keeps of the seat (storage ``junban.guest.<table>``): enough to show the table again
        and to go on after scanning the host's next code."""
        game = self.game
        return {
            "schema": GUEST_SCHEMA, "type": "guest", "table": self.table_id, "seat": self.seat,
            "game": self.game_slug, "welcome": getattr(self, "welcome", None),
            "update": game.latest if game else None, "hints": game.hints if game else 0,
            "entries": [list(e) for e in self.entries], "updated": self.platform.now(),
        }

    def _restore(self, kept: dict) -> None:
        game, entries = game_from_record(kept)
        if game is not None:
            self.welcome = kept["welcome"]
            self.game, self.entries = game, entries


def game_from_record(record: dict) -> tuple[GuestGame | None, list]:
    """The seat as a phone kept it (``Guest.record``): its game as last seen and its move log; (None, []) if the
    record does not hold one."""
    try:
        welcome = record["welcome"]
        if not isinstance(welcome, dict):
            return None, []
        welcome = read_welcome(dict(welcome, t="welcome", table=record["table"], seat=record["seat"],
                                    game=record["game"]), record["table"], record["seat"], record["game"])
        game = GuestGame(record["table"], record["seat"], record["game"], welcome)
        entries = protocol.read_entries(record.get("entries") or [], len(game.seats))
        update = record.get("update")
        if isinstance(update, dict):
            game.take(read_update(update, len(game.seats)))
        hints = record.get("hints")
        game.hints = hints if type(hints) is int and 0 <= hints < 100_000 else 0
        return game, entries
    except (JunbanError, KeyError, TypeError, ValueError):
        return None, []
