"""The host phone's side of a table played on several phones: a link per seat played on another phone.

For each such seat the host shows a pairing code (``offer``: a Junban link holding the connection's offer and the
table, seat and game), takes the answer the guest's phone shows (``answer``), and from then on:

- sends that seat only what it may know: its own ``view`` built fresh, the public move log, whose turn it is, the
  legal actions when it is that seat's turn (``sync``, after every change of the game, to every guest at once);
- takes that seat's intents (``act``) and nothing else: the engine decides, the host answers each with an ``ack``
  (refused: the engine's reason), and an intent made against a position the game has left is refused as stale, so
  a retried intent is never applied twice;
- notices a phone that went quiet (no message for ``LOST_AFTER`` seconds, or the connection failing) and marks
  the seat lost, so the host can show its code again (a new connection: the guest scans it and goes on where it was).

The host never needs the guest: a lost seat just waits for its person. What the host sends is plain data; the
table it serves (``source``) applies the actions, saves, and draws the host's own screen.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from junban.errors import JunbanError
from junban.net import protocol
from junban.net.protocol import ProtocolError

PING_EVERY = 2.0  # seconds between heartbeats when nothing else was sent
LOST_AFTER = 8.0  # no message for this long: the phone is gone (the connection itself says "failed" at ~15 s)
CONNECT_WITHIN = 20.0  # an answer taken but no channel open by then: the phones cannot reach each other

# A seat link's status: "preparing" (its code is being made), "offering" (code shown, waiting for the guest's
# answer), "connecting" (answer taken), "playing", "lost" (was playing, gone quiet), "unreachable" (answer taken,
# never connected), "closed" (the host stopped it).
SHOWN_CODE = ("preparing", "offering", "connecting", "unreachable")

# The transport's errors (assets/peer.js) as the problems the screens name: each is its own cause, never the Wi-Fi.
TRANSPORT_ERRORS = {
    "no-webrtc": "net.no_webrtc",  # this browser has no RTCPeerConnection (or refuses to make one)
    "offer-failed": "net.offer_failed",
    "answer-failed": "net.answer_failed",
    "bad-offer": "net.bad_offer",
    "bad-answer": "net.bad_answer",
}


@dataclass
class SeatLink:
    seat: int
    status: str = "closed"
    conn: str | None = None
    code: str | None = None  # the pairing link shown as a QR code
    since: float = 0.0  # when the status last changed
    seq_out: int = 0
    seq_in: int = 0
    last_in: float = 0.0
    last_out: float = 0.0
    sent: list = field(default_factory=list)  # the log entries this guest holds, in order
    sent_mark: str | None = None  # the position of the last update it got
    problem: str | None = None  # why it is lost / unreachable (a code the UI puts in words)
    offer_name: bytes = b""  # the first bytes of the shown code's fingerprint: what the guest's answer names
    welcomed: bool = False
    joined_once: bool = False


class Host:
    def __init__(self, platform, table_id: str, game: str, source, on_change, page_url: str = ""):
        """``source``: the table being played — ``session`` (the game), ``entries()`` (the move log's entries),
        ``apply_for(seat, action) -> JunbanError | None`` and ``note_hint()``. ``on_change()``: draw again."""
        self.platform = platform
        self.table_id = table_id
        self.game = game
        self.source = source
        self.on_change = on_change
        self.page_url = page_url
        self.session = source.session  # the game (kept while no table shows it)
        self.links: dict[int, SeatLink] = {}
        self._by_conn: dict[str, SeatLink] = {}
        self.routed_to: int | None = None  # the seat the last answer went to, when it was another seat's
        self._timer = None
        self.closed = False

    def attach(self, source, on_change) -> None:
        """A table shows this game (again): it plays the phones' intents and draws the changes."""
        self.source, self.on_change, self.session = source, on_change, source.session
        self.sync()

    def detach(self, source) -> None:
        """The table is left: the phones stay connected, their intents are refused until it is shown again."""
        if self.source is source:
            self.source = None
            self.on_change = lambda: None

    # ------------------------------------------------------------------ pairing

    def offer(self, seat: int) -> None:
        """Make a new pairing code for ``seat`` (its old connection, if any, is closed)."""
        from junban.net import sdp

        link = self.links.get(seat) or SeatLink(seat)
        self.links[seat] = link
        self._drop_conn(link)
        link.code = None
        link.offer_name = b""
        link.problem = None
        self._set(link, "preparing")

        def on_event(conn, kind, data):
            if link.conn != conn:
                return  # an older connection of this seat
            if kind == "offer":
                try:
                    token = sdp.pack_offer(str(data), protocol.pack_meta(self.table_id, seat, self.game))
                except JunbanError as err:  # no address to offer (Wi-Fi off), a game that cannot be paired
                    link.problem = err.code or "net.unreachable"
                    self._set(link, "unreachable")
                    self._drop_conn(link)
                else:
                    link.code = join_link(self.page_url, token)
                    link.offer_name = sdp.fingerprint(str(data))[:4]
                    self._set(link, "offering")
                self.on_change()
            else:
                self._event(link, kind, data)

        link.conn = self.platform.peer_host(on_event)
        self._by_conn[link.conn] = link
        self._ensure_timer()

    def answer(self, seat: int, token: str) -> JunbanError | None:
        """The guest's answer (scanned or pasted) where ``seat``'s code is shown; an error to show if it cannot be
        taken. The answer names the code it answers (``sdp.answer_names``): one made for another seat's code goes
        to that seat if it is waiting (``routed_to`` says which), else it is refused at once with the reason, so
        a mixed-up answer never starts a connection that cannot work."""
        from junban.net import sdp

        self.routed_to = None
        if JOIN_ROUTE in (token if isinstance(token, str) else ""):
            return ProtocolError("this is the host's own pairing link", code="pairing.own_link")
        try:
            text, extra = sdp.read_answer(answer_token(token))
        except sdp.SdpError as err:
            return err
        names = sdp.names_of(extra)
        if names is None:
            return sdp.SdpError("pairing.malformed", "the answer names no code")
        offer_name, table_name, named_seat = names
        target = next((link for link in self.links.values() if link.offer_name == offer_name), None)
        if target is None:
            if table_name != sdp.table_names(self.table_id):
                return ProtocolError("this answer is for another table's code", code="pairing.other_table")
            if named_seat in self.links:
                return ProtocolError("this answer is for an older code of that seat", code="pairing.old_code",
                                     seat=named_seat)
            return ProtocolError("this answer is for a code of another table", code="pairing.other_table")
        if target.conn is None or target.status not in ("offering", "unreachable"):
            if target.seat != seat:
                return ProtocolError("this answer is for another seat's code, already answered",
                                     code="pairing.seat_taken", seat=target.seat)
            return ProtocolError("this seat is not waiting for an answer", code="net.not_waiting")
        if target.seat != seat:
            self.routed_to = target.seat
        self.platform.peer_answer(target.conn, text)
        self._set(target, "connecting")
        return None

    def stop(self, seat: int) -> None:
        """Stop playing ``seat`` on another phone (its code or connection is closed)."""
        link = self.links.pop(seat, None)
        if link is not None:
            self._send(link, "bye", why="seat_closed")
            self._drop_conn(link)

    def close(self) -> None:
        """The host leaves the table: every guest is told, every connection closed."""
        for link in list(self.links.values()):
            self._send(link, "bye", why="host_left")
            self._drop_conn(link)
        self.links.clear()
        if self._timer is not None:
            self.platform.cancel(self._timer)
            self._timer = None
        self.closed = True

    def status(self, seat: int) -> str:
        link = self.links.get(seat)
        return link.status if link is not None else "closed"

    # ------------------------------------------------------------------ events from the transport

    def _event(self, link: SeatLink, kind: str, data) -> None:
        before = (link.status, link.problem)
        self._take_event(link, kind, data)
        if (link.status, link.problem) != before:
            self.on_change()  # the host's screen shows each phone's state; a game change draws by itself

    def _take_event(self, link: SeatLink, kind: str, data) -> None:
        now = self.platform.now()
        if kind == "open":
            link.last_in = now
            self._set(link, "connecting")  # until its hello
        elif kind == "message":
            self._receive(link, data)
        elif kind == "state":
            if data in ("failed", "closed"):
                self._lose(link, "net.lost" if link.joined_once else "net.unreachable")
            elif data == "disconnected" and link.status == "playing":
                self._lose(link, "net.lost", close=False)
            elif data == "connected" and link.status == "lost" and link.welcomed:
                self._set(link, "playing")
        elif kind == "error" and data in TRANSPORT_ERRORS:
            self._lose(link, TRANSPORT_ERRORS[data])  # the real cause, not the Wi-Fi
        elif kind in ("closed", "error"):
            self._lose(link, "net.lost" if link.joined_once else "net.unreachable")

    def _receive(self, link: SeatLink, text) -> None:
        try:
            message = protocol.decode(text, protocol.FROM_GUEST, protocol.MAX_FROM_GUEST, link.seq_in)
        except ProtocolError as err:
            self._refuse(link, None, err)
            return
        link.seq_in = message["s"]
        link.last_in = self.platform.now()
        kind = message["t"]
        if kind == "hello":
            self._hello(link, message)
        elif not link.welcomed:
            self._refuse(link, message["s"], ProtocolError("say hello first", code="net.no_hello"))
        elif kind == "act":
            self._act(link, message)
        elif kind == "resync":
            link.sent = []
            link.sent_mark = None
            self.sync()
        elif kind == "hint" and self.source is not None:
            self.source.note_hint()
        if link.status == "lost" and link.welcomed:
            self._set(link, "playing")

    def _hello(self, link: SeatLink, message: dict) -> None:
        table = message.get("table")
        seat = message.get("seat")
        if table != self.table_id or seat != link.seat or type(seat) is not int:
            self._send(link, "bye", why="wrong_table")
            self._lose(link, "net.wrong_table")
            return
        session = self.session
        link.welcomed = True
        link.joined_once = True
        link.sent = []
        link.sent_mark = None
        link.problem = None
        self._set(link, "playing")
        self._send(link, "welcome", table=self.table_id, seat=link.seat, game=self.game,
                   config=session.config, seats=[seat_data(s) for s in session.seats],
                   bot_seed=session.bot_seed)
        self._sync_link(link)

    def _act(self, link: SeatLink, message: dict) -> None:
        seq = message["s"]
        try:
            action = protocol.plain_action(message.get("action"))
            at = message.get("at")
            session = self.session
            if self.source is None:
                raise ProtocolError("the host is not at the table just now", code="net.host_away")
            if session.acting_seat(action) != link.seat:
                raise ProtocolError("it is not this seat's turn", code="net.not_your_turn")
            if at != protocol.position_mark(session.actions):
                raise ProtocolError("the table has moved on since", code="net.stale")
        except ProtocolError as err:
            self._refuse(link, seq, err)
            self._sync_link(link)  # the latest position, whatever the guest missed
            return
        error = self.source.apply_for(link.seat, action)
        if error is not None:
            self._refuse(link, seq, error)
            return
        self._send(link, "ack", of=seq, ok=True)
        self.sync()

    def _refuse(self, link: SeatLink, seq: int | None, err: JunbanError) -> None:
        self._send(link, "ack", of=seq, ok=False, **protocol.reason_fields(err))

    # ------------------------------------------------------------------ sending the game

    def sync(self) -> None:
        """Bring every guest at the table up to date (only what changed is sent: a log tail and a fresh view)."""
        for link in self.links.values():
            if link.status in ("playing", "lost") and link.welcomed:
                self._sync_link(link)

    def _sync_link(self, link: SeatLink) -> None:
        if self.source is None:
            return  # nothing changes while no table shows the game; the phones get it when one does
        session = self.session
        entries = self.source.entries()
        mark = protocol.position_mark(session.actions)
        common = 0
        limit = min(len(link.sent), len(entries))
        while common < limit and link.sent[common] is entries[common]:
            common += 1
        if mark == link.sent_mark and common == len(entries) == len(link.sent):
            return
        if common != len(link.sent) or common != len(entries):  # the guest's log: cut where it differs, add the rest
            starts = range(common, len(entries), protocol.LOG_CHUNK) if common < len(entries) else [common]
            for start in starts:
                chunk = entries[start:start + protocol.LOG_CHUNK]
                self._send(link, "log", entries=[protocol.entry_data(e.index, e.seat, e.event) for e in chunk],
                           **{"from": start})
        link.sent = list(entries)
        seat = link.seat
        to_act = session.to_act
        over = session.is_over
        self._send(link, "update", at=mark, view=session.view(seat), to_act=to_act, over=over,
                   outcome=session.outcome if over else None,
                   legal=session.legal_actions() if to_act == seat else None, log_len=len(entries))
        link.sent_mark = mark

    def _send(self, link: SeatLink, kind: str, **fields) -> bool:
        if link.conn is None:
            return False
        link.seq_out += 1
        link.last_out = self.platform.now()
        return bool(self.platform.peer_send(link.conn, protocol.encode(kind, link.seq_out, **fields)))

    # ------------------------------------------------------------------ liveness

    def _ensure_timer(self) -> None:
        if self._timer is None and not self.closed:
            self._timer = self.platform.call_later(PING_EVERY, self._tick)

    def _tick(self, *_args) -> None:
        self._timer = None
        now = self.platform.now()
        changed = False
        for link in list(self.links.values()):
            if link.status == "playing":
                if now - link.last_in > LOST_AFTER:
                    self._lose(link, "net.lost", close=False)
                    changed = True
                elif now - link.last_out >= PING_EVERY:
                    self._send(link, "ping")
            elif link.status == "connecting" and now - link.since > CONNECT_WITHIN and not link.welcomed:
                self._lose(link, "net.unreachable")
                changed = True
        if self.links:
            self._ensure_timer()
        if changed:
            self.on_change()

    def _lose(self, link: SeatLink, problem: str, close: bool = True) -> None:
        if link.status in ("lost", "unreachable", "closed") and (not close or link.conn is None):
            return
        link.problem = problem
        self._set(link, "lost" if problem in ("net.lost", "net.wrong_table") else "unreachable")
        if close:
            self._drop_conn(link)
            link.welcomed = False

    def _drop_conn(self, link: SeatLink) -> None:
        if link.conn is not None:
            self._by_conn.pop(link.conn, None)
            self.platform.peer_close(link.conn)
            link.conn = None
        link.seq_in = link.seq_out = 0
        link.welcomed = False

    def _set(self, link: SeatLink, status: str) -> None:
        if link.status != status:
            link.status = status
            link.since = self.platform.now()


def seat_data(seat) -> dict:
    return {"kind": seat.kind, "name": seat.name, **({"phone": True} if getattr(seat, "phone", False) else {})}


JOIN_ROUTE = "#/join?p="


def join_link(page_url: str, token: str) -> str:
    """The pairing code as a Junban link: a phone's camera app opens Junban on the join screen with it."""
    return f"{page_url}{JOIN_ROUTE}{token}"


def answer_token(text: str) -> str:
    """The answer as pasted or scanned: the token alone (a pasted text may carry spaces, or a whole message)."""
    text = text.strip() if isinstance(text, str) else ""
    words = text.split()
    return max(words, key=len) if words else ""
