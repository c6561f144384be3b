"""A guest phone's side of a table played on several phones: one seat, held by the host's phone.

The guest opens the host's pairing code (a Junban link: ``#/join?p=<token>``), makes the answer the host must take
(shown as a QR code and as a short code to send back), and once the channel is open says ``hello``. From then on
it keeps what the host sends — the latest view of its seat, the public move log, whose turn it is — and sends the
person's intents, one at a time, each marked with the position it was made at (``protocol.position_mark``), so the
host never applies one twice. ``GuestGame`` reads like a ``Session`` to the table that draws it, without ever
holding the game: no deal, no other hand, no seed (a hint's bot gets a seed this phone drew itself, ``hint_seed``,
which determines nothing of the host's game).

What a guest must keep to come back (the page closed, the screen went dark, the Wi-Fi blinked) is ``record()``:
the table, the seat, and the last snapshot. Scanning the host's new code for the same seat picks it up again.

For the host's own reload, a welcomed guest keeps a *standing offer* (``_offer_standing``): a second connection of
its own, whose code it sends the host (``standing``), who keeps it in its save. When the host's page comes back it
answers that offer; this phone, its page and that connection still open, takes the answer (``take_back``) and the
channel opens on it: one exchange. The standing offer lives as long as this page (a phone that reloaded too pairs
as before: a new code, its answer back).
"""
from __future__ import annotations

from junban.errors import JunbanError
from junban.games import load_game, shapes
from junban.net import protocol
from junban.net.protocol import ProtocolError
from junban.rng import secret_seed
from junban.session import MAX_ACTIONS, MAX_HINTS, Seat, clean_name
from junban.storage import ENDED, GUEST, KIND_READERS, VIEW, UnreadableRecord, check_shape, migrate

PING_EVERY = 2.0
LOST_AFTER = 8.0
UNREACHABLE_AFTER = 20.0  # the answer is shown, yet no channel: has the host taken it? can the phones reach?
LEAVE_GRACE = 1.0  # seconds a phone that left keeps its channel for the host's goodbye (its ``leave`` goes out first)
# The move log a phone keeps, as text: far above any game's (Eleusis's longest, ~1,100 actions, is ~300,000), within
# what a seat's record may be (storage.MAX_GUEST_CHARS), and what a phone draws in its move log in a few seconds.
MAX_LOG_CHARS = 800_000
GUEST_SCHEMA = 2  # 1 kept the host's bots' seed in its welcome (storage.MIGRATIONS drops it)

# The guest's status: "preparing" (its answer is being made), "answering" (answer shown, waiting for the host),
# "joining" (the channel is open, waiting for the host's welcome), "playing", "lost" (was playing, gone quiet),
# "unreachable" (no channel within UNREACHABLE_AFTER), "ended" (the host closed the seat or the table, gave the seat
# to a bot or a person at its device, or this phone's person left: ``problem`` says which, "net.bye.<why>").


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

    def __init__(self, table_id: str, seat: int, game: str, welcome: dict, hint_seed: str):
        self.id = table_id
        self.game = game
        self.module = load_game(game)
        self.seat = seat
        self.config = self.module.normalize_config(welcome["config"])
        self.shapes = shapes.load(game)  # what this game's seat may be sent (junban.games.shapes)
        if len(welcome["seats"]) != self.config.get("players", len(welcome["seats"])) or not 0 <= seat < len(
                welcome["seats"]):
            raise ProtocolError("the host names seats this game does not have", code="net.field", field="seats")
        self.seed = None  # never sent: it would deal every hand again
        self.hint_seed = hint_seed  # this phone's own: the host's bots' seed is never sent (it is the deal's)
        self.welcome = welcome  # what this phone keeps of the host's welcome (read_welcome)
        self.seats = [_seat_from(raw, i) for i, raw in enumerate(welcome["seats"])]
        self.mode = None
        self.hints = welcome.get("hints", 0)
        self.remote = True
        self.at = ""
        self.latest: dict | None = None  # the last update
        self.legal: list = []

    # What a table reads of a session.
    @property
    def to_act(self) -> int | None:
        return self.latest["to_act"] if self.latest else None

    @property
    def seats_to_act(self) -> list[int]:
        """Every seat the game waits for (several at once in 23's discard), as the host last said."""
        if not self.latest:
            return []
        to_act = self.latest["to_act"]  # a snapshot kept from a host of before 23's simultaneous discard:
        return list(self.latest.get("deciding", [] if to_act is None else [to_act]))

    def may_act(self, seat: int | None) -> bool:
        return seat is not None and seat in self.seats_to_act

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

    def legal_actions(self, seat: int | None = None) -> list[dict]:
        """This seat's legal actions, as the host sent them (the only seat this phone has)."""
        return list(self.legal) if self.may_act(self.seat) and seat in (None, self.seat) else []

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

    def bot_seat(self) -> int | None:
        return None

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


def read_entries(raw: list, game: GuestGame) -> list[tuple[int, int | None, dict]]:
    """Move log entries from a host: plain data (``protocol.read_entries``) whose events fit the game's shapes."""
    entries = protocol.read_entries(raw, len(game.seats))
    for index, _seat, event in entries:
        if index >= MAX_ACTIONS:
            raise ProtocolError("bad log entry", code="net.log")
        game.shapes.check_event(game.config, event)
    return entries


def read_welcome(message: dict, pairing_table: str, pairing_seat: int, pairing_game: str) -> dict:
    """A host's welcome, checked against the code the guest scanned."""
    if (message.get("table") != pairing_table or message.get("seat") != pairing_seat
            or message.get("game") != pairing_game):
        raise ProtocolError("the host names another table", code="net.wrong_table")
    seats = protocol.need_list(message, "seats", 8)
    config = protocol.need_dict(message, "config")
    hints = message.get("hints", 0)
    if type(hints) is not int or not 0 <= hints <= MAX_HINTS:
        raise ProtocolError("bad hints", code="net.field", field="hints")
    if not 0 <= pairing_seat < len(seats):
        raise ProtocolError("bad seat", code="net.field", field="seat")
    return {"config": config, "seats": seats, "hints": hints}  # what this phone keeps of it (nothing else)


def read_update(message: dict, game: GuestGame) -> dict:
    """A host's update, checked as plain data of a view's size and then against the game's own shapes (every field
    of the seat's view, cards that exist, seats at this table, counts within the deck: ``junban.games.shapes``)."""
    players = len(game.seats)
    at = protocol.need_str(message, "at", 40)
    view = protocol.need_dict(message, "view")
    for name in ("view", "outcome", "legal"):  # plain data of a view's size: the table's code then reads it
        if not VIEW.fits(message.get(name)):
            raise ProtocolError(f"bad {name}", code="net.field", field=name)
    to_act = message.get("to_act")
    if not (to_act is None or (type(to_act) is int and 0 <= to_act < players)):
        raise ProtocolError("bad to_act", code="net.field", field="to_act")
    deciding = message.get("deciding", [] if to_act is None else [to_act])  # a host of before 23's simultaneous discard
    if not (isinstance(deciding, list) and len(deciding) <= players
            and all(type(s) is int and 0 <= s < players for s in deciding)):
        raise ProtocolError("bad deciding", code="net.field", field="deciding")
    over = message.get("over")
    if type(over) is not bool:
        raise ProtocolError("bad over", code="net.field", field="over")
    outcome = message.get("outcome")
    if outcome is not None and not isinstance(outcome, dict):
        raise ProtocolError("bad outcome", code="net.field", field="outcome")
    legal = message.get("legal")
    if legal is not None and (not isinstance(legal, list) or not all(isinstance(a, dict) for a in legal)):
        raise ProtocolError("bad legal", code="net.field", field="legal")
    log_len = protocol.need_int(message, "log_len", 0, MAX_ACTIONS)
    update = {"at": at, "view": view, "to_act": to_act, "deciding": deciding, "over": over, "outcome": outcome,
              "legal": legal, "log_len": log_len}
    game.shapes.check_update(game.config, game.seat, update)
    return update


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
        self.hint_seed = secret_seed()  # the seed of this phone's hint bot (kept with the seat: the same hints)
        self.hinted_at: str | None = None  # the position the host was last told of a hint at
        self.refused_from_host = 0  # messages from the host left out (they did not fit)
        self.rejoined_from: list | None = None
        self.entry_chars: list[int] = []  # each move log entry's size as text (MAX_LOG_CHARS in all)
        self.went_back = 0  # moves of this phone's log the host no longer has, found on joining again (to say)
        self.last_resync = -1e18
        self.resync_due = False
        self.spare: str | None = None  # the host's spare code for this seat (``spare``): a way back in one exchange
        self.moved_from: str | None = None  # the table this seat just left for the host's next game (``next``)
        self.moved_seat: int | None = None  # the seat this phone played there (the host may have reseated it)
        self.finished: GuestGame | None = None  # that table's game, over, until the screens have recorded it
        self.standing_conn: str | None = None  # this phone's standing offer: a connection kept for the host's reload
        self.standing_code: str | None = None  # its pairing code (sent to the host: ``standing``)
        self.standing_offer: str | None = None  # its offer's SDP (what the host's answer must name)
        self.standing_table: str | None = None  # the table it names (a rematch moves the seat: a new one then)
        self.back_taken = False  # an answer of the host's to the standing offer was taken, its channel awaited
        self.ended: str | None = None  # why the host let this phone go (``bye``: storage.ENDED), until welcomed again
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
        self._drop_standing()
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
                self.problem = protocol.TRANSPORT_ERRORS.get(data, self.problem)  # the real cause, not the Wi-Fi
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
        except Exception as err:  # noqa: BLE001 - anything a host's page could send: left out, nothing changed
            self.problem = getattr(err, "code", None) or "net.bad_message"
            self.refused_from_host += 1
            self._ask_resync()
            self.on_change("unfit")
            return
        if what:
            self.on_change(what)

    def _take(self, message: dict) -> str | None:
        kind = message["t"]
        if kind == "welcome":
            welcome = read_welcome(message, self.table_id, self.seat, self.game_slug)
            hints = self.game.hints if self.game is not None else 0
            self.game = GuestGame(self.table_id, self.seat, self.game_slug, welcome, self.hint_seed)
            self.game.hints = max(hints, self.game.hints)
            self.rejoined_from = list(self.entries) if self.entries else None  # what it had: is the host behind?
            self.welcome = welcome
            self.problem = self.ended = None
            self.back_taken = False
            self._set("playing")
            self._offer_standing()
            return "status"
        if kind == "ping":
            return None  # (also between a ``next`` and the new table's welcome)
        if self.game is None:
            raise ProtocolError("no welcome yet", code="net.no_welcome")
        if kind == "next":
            self._next(message)
            return "next"
        if kind == "seats":  # who plays each seat changed at the host: the same seats, other hands
            raw = protocol.need_list(message, "seats", 8)
            if len(raw) != len(self.game.seats):
                raise ProtocolError("the host names seats this game does not have", code="net.field", field="seats")
            self.game.seats = [_seat_from(seat, i) for i, seat in enumerate(raw)]
            self.welcome = dict(self.welcome, seats=raw)
            self.game.welcome = self.welcome
            return "seats"
        if kind == "spare":
            code = protocol.need_str(message, "code", 600)
            if seat_pairing(code, self.table_id, self.seat, self.game_slug) is None:
                raise ProtocolError("not a code for this seat", code="net.bad_spare")
            self.spare = code
            return "spare"
        if kind == "log":
            start = protocol.need_int(message, "from", 0, len(self.entries))
            entries = read_entries(protocol.need_list(message, "entries", protocol.LOG_CHUNK), self.game)
            sizes = self.entry_chars[:start] + [len(protocol.encode("e", 0, e=list(e))) for e in entries]
            if start + len(entries) > MAX_ACTIONS or sum(sizes) > MAX_LOG_CHARS:
                raise ProtocolError("the move log is larger than a phone keeps", code="net.log_too_large")
            self.entries = self.entries[:start] + entries
            self.entry_chars = sizes
            return None
        if kind == "update":
            update = read_update(message, self.game)
            if update["log_len"] != len(self.entries):
                raise ProtocolError("the move log does not add up", code="net.log")
            self.game.take(update)
            if self.rejoined_from is not None:  # the first update after a welcome: did the host lose moves?
                old, self.rejoined_from = self.rejoined_from, None
                common = 0
                while common < min(len(old), len(self.entries)) and old[common] == self.entries[common]:
                    common += 1
                self.went_back = len(old) - common  # (its page reloaded from a save that missed them)
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
            known = why in ENDED and why != "bye"  # ("bye": a reason this phone does not know)
            self.problem = f"net.bye.{why}" if known else "net.bye"
            self.ended = why if known else "bye"
            if why in ("bot", "here") and self.game is not None:  # its own chip says who plays the seat now
                self._seat_played_by("bot" if why == "bot" else "person")
            self._set("ended")
            self.close()
            return "status"
        return None

    def _next(self, message: dict) -> None:
        """A rematch: the host started its table's next game and this phone goes on there, over this channel, at the
        seat it names (its own, or another the host reseated it to: only that seat's view comes, as to any phone
        that joins). Taken only once this seat's game is over, for the same game, at a table of another id, a seat
        the game has; the finished game stays as it was (its record, its History); this phone says hello for the
        new table and is welcomed as any phone that joins (nothing of the old game carries over: a new hint seed,
        no log)."""
        table = protocol.need_str(message, "table", 12)
        seat = message.get("seat")  # its own, or another: the host may reseat the phones at a rematch
        most = protocol.MOST_SEATS[protocol.GAMES.index(self.game_slug)]
        if (not self.game.is_over or type(seat) is not int or not 0 <= seat < most
                or message.get("game") != self.game_slug
                or table == self.table_id or any(ch not in protocol.TABLE_ID_CHARS for ch in table)):
            raise ProtocolError("the host cannot move this seat there", code="net.bad_next")
        self.moved_from, self.finished, self.moved_seat = self.table_id, self.game, self.seat
        self.table_id, self.seat = table, seat
        self.game, self.welcome, self.entries, self.entry_chars = None, None, [], []
        self.pending, self.queued, self.refusal, self.rejoined_from = None, [], None, None
        self.went_back, self.hinted_at, self.hint_seed = 0, None, secret_seed()
        self.problem, self.spare = None, None
        self._drop_standing()  # its code names the old table: the new table's welcome brings a new one
        self._set("joining")
        self._send("hello", table=self.table_id, seat=self.seat)

    def _seat_played_by(self, kind: str) -> None:
        """The host gave this seat to a bot or a person at its own device (``bye``): this phone's copy of the seats
        says so, its own chip too (the host's ``seats`` message goes only to the phones still at the table)."""
        raw = list(self.welcome.get("seats") or []) if isinstance(self.welcome, dict) else []
        if not 0 <= self.seat < len(raw) or not isinstance(raw[self.seat], dict):
            return
        raw[self.seat] = {"kind": kind, "name": raw[self.seat].get("name")}
        self.game.seats = [_seat_from(seat, i) for i, seat in enumerate(raw)]
        self.welcome = dict(self.welcome, seats=raw)
        self.game.welcome = self.welcome

    # ------------------------------------------------------------------ the host's reload in one exchange

    def _offer_standing(self) -> None:
        """Once welcomed, keep a standing offer (a connection this phone offers, waiting) and send the host its code
        (``standing``: a pairing code of this table, seat and game, fresh connection credentials, nothing else).
        One per page and table: sent again on each new channel, replaced once used."""
        from junban.net import sdp

        if self.standing_code is not None and self.standing_table == self.table_id:
            self._send("standing", code=self.standing_code)
            return
        if self.standing_conn is not None and self.standing_table == self.table_id:
            return  # (being made: sent when its offer is ready)
        self._drop_standing()
        table = self.standing_table = self.table_id

        def on_event(conn, kind, data):
            if conn == self.conn:  # it became the channel (``take_back``)
                self._event(kind, data)
            elif conn != self.standing_conn:
                return
            elif kind == "offer":
                try:
                    code = sdp.pack_offer(str(data), protocol.pack_meta(table, self.seat, self.game_slug))
                except JunbanError:  # no address to offer (Wi-Fi off): no way back but a new code
                    self._drop_standing()
                    return
                self.standing_code, self.standing_offer = code, str(data)
                if self.status == "playing" and self.table_id == table:
                    self._send("standing", code=code)
            elif kind == "open":  # the host's answer was taken: this is the seat's channel now
                if self.conn is not None:
                    self.platform.peer_close(self.conn)
                self.conn, self.standing_conn = conn, None
                self.standing_code = self.standing_offer = self.standing_table = None
                self.seq_in = 0  # a new channel: the host counts its messages from 1 again
                self._event(kind, data)
            elif kind in ("closed", "error") or (kind == "state" and data in ("failed", "closed")):
                answered = self.back_taken
                self._drop_standing()
                if answered and self.status not in ("playing", "ended"):
                    self.problem = "net.unreachable"
                    self._set("unreachable")
                    self.on_change("status")

        self.standing_conn = self.platform.peer_host(on_event)

    @property
    def standing_ready(self) -> bool:
        """Can this phone take the host's answer to its standing offer (after the host's page reloaded)?"""
        return self.standing_conn is not None and self.standing_code is not None and not self.back_taken \
            and self.standing_table == self.table_id

    def take_back(self, text: str) -> JunbanError | None:
        """The host's answer to this phone's standing offer (scanned or pasted, after the host's page reloaded):
        taken if it names that very offer (its fingerprint's first bytes), this table and this seat — else the
        reason, nothing done. The channel then opens on the standing connection and this phone says hello."""
        from junban.net import sdp

        if not self.standing_ready:
            return ProtocolError("no way back to offer just now", code="net.no_standing")
        try:
            answer_sdp, (offer_name, table_name, seat) = sdp.read_named_answer(sdp.answer_token(text))
        except sdp.SdpError as err:
            return err
        if table_name != sdp.table_names(self.table_id):
            return ProtocolError("this code is for another table", code="pairing.other_table")
        if seat != self.seat:
            return ProtocolError("this code is for another seat's phone", code="pairing.other_seat", seat=seat)
        if offer_name != sdp.fingerprint(self.standing_offer)[:4]:
            return ProtocolError("this code answers an older code of this phone", code="pairing.old_standing")
        self.back_taken = True
        self.problem = None
        self._set("joining")
        self.platform.peer_answer(self.standing_conn, answer_sdp)
        self._ensure_timer()
        return None

    def _drop_standing(self) -> None:
        if self.standing_conn is not None:
            self.platform.peer_close(self.standing_conn)
        self.standing_conn = self.standing_code = self.standing_offer = self.standing_table = None
        self.back_taken = False

    def leave(self) -> None:
        """The person leaves the table (the screen asked first): the host is told (``leave``, for this seat), so
        it reads "Ben left" rather than a lost phone; nothing more is sent, and the channel is let go once the
        host said goodbye, or after ``LEAVE_GRACE`` (the message goes out before the connection closes). The
        game is the host's: the seat waits there (for a bot, a person, or this phone again with a new code)."""
        if self.status == "ended":
            return
        sent = self.status == "playing" and self._send("leave", seat=self.seat)
        self.pending, self.queued = None, []
        self.problem, self.ended = "net.bye.left", "left"
        self._set("ended")
        if sent:
            self.platform.call_later(LEAVE_GRACE, lambda *_: self.close())
        else:
            self.close()

    def act(self, action: dict) -> None:
        """The person's intent: sent now, or after the one in flight is answered."""
        self.refusal = None
        self.queued.append(action)
        self._send_queued()

    def note_hint(self) -> None:
        """The person took a hint (each step of Eleusis's hint sheet is one): counted here; the host is told once
        per position (it counts at most one a turn for this seat)."""
        if self.game is None:
            return
        self.game.hints = min(self.game.hints + 1, MAX_HINTS)
        if self.hinted_at != self.game.at:
            self.hinted_at = self.game.at
            self._send("hint")

    def _ask_resync(self) -> None:
        """Ask the host for the whole table again: at once, or at the next tick if one was asked within a second
        (a host that keeps sending what does not fit is not answered with a flood)."""
        now = self.platform.now()
        if now - self.last_resync >= 1.0:
            self.last_resync = now
            self.resync_due = False
            self._send("resync")
        else:
            self.resync_due = True

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
        if self.resync_due and self.status == "playing":
            self._ask_resync()
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
        if self.status != "ended" and (self.conn is not None or self.back_taken):
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
            "game": self.game_slug, "welcome": getattr(self, "welcome", None), "hint_seed": self.hint_seed,
            "update": game.latest if game else None, "hints": game.hints if game else 0,
            "entries": [list(e) for e in self.entries], "updated": self.platform.now(),
            **({"spare": self.spare} if self.spare else {}),
            **({"ended": self.ended} if self.ended else {}),
        }

    def _restore(self, kept: dict) -> None:
        game, entries = game_from_record(kept)
        if game is not None:
            self.welcome = game.welcome
            self.hint_seed = game.hint_seed
            self.game, self.entries = game, entries
            spare = kept.get("spare")
            if isinstance(spare, str) and seat_pairing(spare, self.table_id, self.seat, self.game_slug):
                self.spare = spare
            self.ended = kept.get("ended") if kept.get("ended") in ENDED else None
            self.entry_chars = [len(protocol.encode("e", 0, e=list(e))) for e in entries]


def seat_pairing(code: object, table_id: str, seat: int, game: str) -> Pairing | None:
    """A pairing code for a seat — the host's spare code (``spare``) or a phone's standing offer (``standing``) — if
    it is one for that very table, seat and game; else None."""
    try:
        pairing = Pairing(code)
    except Exception:  # noqa: BLE001 - anything a host (or a page) put there: not a way back
        return None
    return pairing if (pairing.table_id, pairing.seat, pairing.game) == (table_id, seat, game) else None


def game_from_record(record: dict) -> tuple[GuestGame | None, list]:
    """The seat as a phone kept it (``Guest.record``): its game as last seen and its move log; (None, []) if the
    record does not hold one."""
    try:
        welcome = record["welcome"]
        if not isinstance(welcome, dict):
            return None, []
        welcome = read_welcome(dict(welcome, t="welcome", table=record["table"], seat=record["seat"],
                                    game=record["game"]), record["table"], record["seat"], record["game"])
        hint_seed = record.get("hint_seed")
        game = GuestGame(record["table"], record["seat"], record["game"], welcome,
                         hint_seed if isinstance(hint_seed, str) else secret_seed())
        entries = read_entries(record.get("entries") or [], game)
        if sum(len(protocol.encode("e", 0, e=list(e))) for e in entries) > MAX_LOG_CHARS:
            return None, []
        update = record.get("update")
        if isinstance(update, dict):
            game.take(read_update(update, game))
        hints = record.get("hints")
        game.hints = hints if type(hints) is int and 0 <= hints <= MAX_HINTS else 0
        return game, entries
    except Exception:  # noqa: BLE001 - anything a host or a page could have put there: not a seat to show
        return None, []


def guest_problem(record) -> UnreadableRecord | None:
    """What is wrong with a kept-aside seat played at another phone's table: its shape, then its game's (what its
    host sent must fit the game)."""
    try:
        record = migrate(record, "guest")
        check_shape(GUEST, record)
    except UnreadableRecord as err:
        return err
    game, _entries = game_from_record(record)
    if game is None or game.latest is None:
        return UnreadableRecord("the host had sent this seat something this phone cannot show",
                                code="record.guest_unfit")
    return None


KIND_READERS["guest"] = guest_problem  # the Storage screen says what is wrong with a kept-aside seat
