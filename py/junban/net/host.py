"""The host phone's side of a table played on several phones: a link per seat played on another phone.

For each such seat the host shows a pairing code (``offer``: a Junban link holding the connection's offer and the
table, seat and game), takes the answer the guest's phone shows (``answer``), and from then on:

- sends that seat only what it may know: its own ``view`` built fresh, the public move log, whose turn it is, the
  legal actions when it is that seat's turn (``sync``, after every change of the game, to every guest at once);
- takes that seat's intents (``act``) and nothing else: the engine decides, the host answers each with an ``ack``
  (refused: the engine's reason), and an intent made against a position the game has left is refused as stale
  (unless only other seats acted since: seats deciding at once, as in 23's discard), so a retried intent is never
  applied twice;
- reads a phone's messages only within their budget (``junban.net.limits``): a phone that floods the host is told,
  then let go with a notice, and the other phones never wait on it; a full resend happens at most once a second;
- notices a phone that went quiet (no message for ``LOST_AFTER`` seconds, or the connection failing) and marks
  the seat lost, so the host can show its code again (a new connection: the guest scans it and goes on where it was);
- hears a phone's person leave (``leave``, on that seat's own channel: a phone cannot leave for another seat) and
  marks the seat *left*, not lost;
- lets a seat go when the host gives it to a bot or to a person at its own device (``release``): the phone is told
  why and can no longer act; the seat's spare connection is kept, so if the seat is given back to that phone, it
  comes back with one exchange as after a reload. Who plays a seat is never a game action: nothing here touches
  the game's log.

It also keeps a spare connection per welcomed phone, whose code the phone keeps (``_offer_spare``): a phone back
from a reload answers it at once, one exchange instead of two. The mirror for the host's own reload: each phone
sends its *standing offer* (``standing``), which the host keeps in its save; a reloaded host answers it
(``answer_standing``) and shows that answer, which the phone, its page still open, takes: one exchange per phone. A rematch hands the open channels to the next
game's host (``take_over``): the phones go on there with no new pairing.

The host never needs the guest: a lost seat just waits for its person. What the host sends is plain data; the
table it serves (``source``) applies the actions, saves, and draws the host's own screen.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from junban.errors import JunbanError
from junban.net import limits, protocol
from junban.net.protocol import TRANSPORT_ERRORS, ProtocolError
from junban.session import MAX_HINTS

PING_EVERY = 2.0  # seconds between heartbeats when nothing else was sent
LOST_AFTER = 8.0  # no message for this long: the phone is gone (the connection itself says "failed" at ~15 s)
CONNECT_WITHIN = 20.0  # an answer taken but no channel open by then: the phones cannot reach each other
RECENT = 16  # an intent made at one of a seat's last this many updates may still be taken (``_only_others_since``)

# A seat link's status: "preparing" (its code is being made), "offering" (code shown, waiting for the guest's
# answer), "connecting" (answer taken), "playing", "lost" (was playing, gone quiet), "unreachable" (answer taken,
# never connected), "left" (its person left the table from the phone: ``leave``), "released" (the host gave the seat
# to a bot or a person at its own device: ``release``; its spare connection still waits), "answering" (after the
# host's reload: its answer to the phone's standing offer shown, waiting for the phone to take it), "closed" (no link).
SHOWN_CODE = ("preparing", "offering", "answering", "connecting", "unreachable")

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
    sent_mark: str | None = None  # the position of the last update it got (protocol.position_mark)
    sent_key: tuple | None = None  # the host's game when that update was made (Host._game_key)
    recent: list = field(default_factory=list)  # its latest updates: (mark, actions, log entries, last entry)
    problem: str | None = None  # why it is lost / unreachable (a code the UI puts in words)
    offer_name: bytes = b""  # the first bytes of the shown code's fingerprint: what the guest's answer names
    welcomed: bool = False
    joined_once: bool = False
    budget: limits.Budget = field(default_factory=limits.Budget)  # what this channel may still send
    last_full: float = -1e18  # when the whole table was last sent (welcome, resync)
    full_timer: object = None  # a full resend asked for too soon, waiting for its second
    hints: int = 0  # hints this seat's person took, at most one a turn (never the host's own game's)
    hinted: bool = False  # a hint was counted in this turn of the seat
    owner: object = None  # the Host that holds this link now (a rematch hands it to the next game's: take_over)
    spare_conn: str | None = None  # a second connection kept waiting for this seat's phone to come back (``spare``)
    spare_code: str | None = None  # its pairing code (sent to the phone, which keeps it with its seat)
    spare_name: bytes = b""  # the first bytes of its fingerprint: what an answer to it names
    standing: bool = False  # the shown code is this host's answer to the phone's standing offer (``answer_standing``)


class Host:
    def __init__(self, platform, table_id: str, game: str, source, on_change, page_url: str = "", save=None):
        """``source``: the table being played — ``session`` (the game), ``entries()`` (the move log's entries),
        ``apply_for(seat, action) -> JunbanError | None`` and ``note_hint()``. ``on_change()``: draw again.
        ``save()``: write the game's save (a phone's standing offer is kept in it: ``Session.standing``)."""
        self.platform = platform
        self.table_id = table_id
        self.game = game
        self.source = source
        self.on_change = on_change
        self.page_url = page_url
        self.save = save or (lambda: None)
        self.session = source.session  # the game (kept while no table shows it)
        self.links: dict[int, SeatLink] = {}
        self._by_conn: dict[str, SeatLink] = {}
        self._digests: list = []  # (move log entry, the log's digest up to it): Host._log_digest
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
        link.owner = self
        self.links[seat] = link
        self._drop_conn(link)
        link.code = None
        link.offer_name = b""
        link.problem = None
        link.standing = False
        self._set(link, "preparing")

        def on_event(conn, kind, data):
            if link.conn != conn:
                return  # an older connection of this seat
            if link.owner is not self:  # the channel went on to the next game's table (take_over)
                link.owner._event(link, kind, data)
                return
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
            text, (offer_name, table_name, named_seat) = sdp.read_named_answer(sdp.answer_token(token))
        except sdp.SdpError as err:
            return err
        target = next((link for link in self.links.values() if link.offer_name == offer_name), None)
        spare = next((link for link in self.links.values()
                      if link.spare_conn is not None and link.spare_name == offer_name), None)
        if target is None and spare is not None:  # a phone back from a reload, answering the code it kept
            if spare.status == "released":  # the seat is played by a bot or a person here now: not a phone's
                return ProtocolError("this seat is not played on a phone now", code="pairing.seat_released",
                                     seat=spare.seat)
            if spare.seat != seat:
                self.routed_to = spare.seat
            self._use_spare(spare, text)
            return None
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

    def take_over(self, previous: "Host", moves: dict[int, int | None] | None = None) -> list[int]:
        """A rematch: the phones connected to ``previous`` (the table just finished) go on to this table over the
        channels already open — no new pairing. ``moves`` is the host's reseating (a phone's seat there -> its
        seat here, None: given to nobody); without it, every phone keeps its seat. Each is told ``next`` (this
        table's id and its seat here; nothing of the new deal) and then says ``hello`` for this table as a phone
        that joined; its welcome and the new game follow, from its new seat's view only. A channel gone quiet is
        taken along too (it hears ``next`` if it comes back); a phone given no seat is told so (``bye``
        ``no_seat``: its finished game stays on it); a seat whose phone had no channel (a code shown, a phone lost)
        is asked for as at any new table. The seats here taken by phones, in order; ``previous`` is closed (its
        remaining codes with it)."""
        moved = []
        for seat, link in sorted(previous.links.items()):
            if link.conn is None or not link.welcomed:
                continue
            to = seat if moves is None else moves.get(seat, seat)
            if to is None or to not in self.session.phone_seats() or self.links.get(to) is not None:
                previous._send(link, "bye", why="no_seat")  # the host (or a bot) plays that seat now
                previous._drop_conn(link)
                previous._drop_spare(link)
                del previous.links[seat]
                continue
            previous._send(link, "next", table=self.table_id, seat=to, game=self.game)
            previous._drop_spare(link)  # its code names the old table: the new game's welcome brings a new one
            del previous.links[seat]
            previous._by_conn.pop(link.conn, None)
            if link.full_timer is not None:
                self.platform.cancel(link.full_timer)
                link.full_timer = None
            link.owner, link.seat = self, to
            link.welcomed = False  # until its hello for this table
            link.sent, link.sent_key, link.sent_mark, link.recent = [], None, None, []
            link.hints, link.hinted, link.last_full = 0, False, -1e18
            link.code, link.offer_name, link.problem = None, b"", None
            if link.status == "playing":
                self._set(link, "connecting")
            self.links[to] = link
            self._by_conn[link.conn] = link
            moved.append(to)
        previous.close()
        if moved:
            self._ensure_timer()
        return sorted(moved)

    def release(self, seat: int, why: str) -> None:
        """The host gives ``seat`` to a bot (``why`` "bot") or to a person at its own device ("here"), whatever its
        phone's state (playing, lost, left, a code shown): the phone is told why (``bye``) and its channel and any
        code shown are closed, so it can no longer act. The seat's spare connection stays: if the host gives the
        seat back to that phone, the phone's *Rejoin* answers it (one exchange), and until then such an answer is
        refused (``pairing.seat_released``)."""
        link = self.links.get(seat)
        if link is None:
            return
        self._send(link, "bye", why=why)
        self._drop_conn(link)
        link.code, link.offer_name, link.problem = None, b"", None
        self._set(link, "released")

    def seats_changed(self) -> None:
        """Who plays a seat changed: every phone still at the table is told (``seats``), so its chips say who plays
        each seat now (the phone of a seat that left a phone was let go before: ``release``)."""
        seats = [seat_data(s) for s in self.session.seats]
        for link in self.links.values():
            if link.welcomed and link.conn is not None:
                self._send(link, "seats", seats=seats)

    def _leave(self, link: SeatLink, message: dict) -> None:
        """The phone's person left the table (asked first on the phone). Only for this channel's own seat: the
        host knows which seat a channel speaks for, and a ``leave`` naming another is refused, nothing changed.
        The game waits for the seat as for a lost phone; the host's person reads "Ben left" and may give the seat
        to a bot (or show a new code). The spare is kept: the friend may change their mind."""
        named = message.get("seat")
        if type(named) is not int or named != link.seat:
            self._refuse(link, message["s"], ProtocolError("a phone may leave only its own seat",
                                                           code="net.not_your_seat"))
            return
        self._send(link, "bye", why="left")
        self._drop_conn(link)
        link.problem = "net.left"
        self._set(link, "left")

    # ------------------------------------------------------------------ coming back with one exchange

    def _offer_spare(self, link: SeatLink) -> None:
        """Once a phone is welcomed, the host keeps a second connection waiting for that seat and sends the phone
        its code over the open channel (``spare``): the phone keeps it with its seat, so after a reload (or a
        dropped channel) it answers at once and the host takes that answer — one exchange instead of two. The
        spare lives as long as the host's page (a reloaded host has none: its phones pair as before); one is
        made per seat, sent again on each new channel, and replaced once used."""
        from junban.net import sdp

        if link.spare_code is not None:
            self._send(link, "spare", code=link.spare_code)
            return
        if link.spare_conn is not None or self.closed:
            return  # (being made: sent when its offer is ready)

        def on_event(conn, kind, data):
            owner = link.owner
            if link.conn == conn:  # this spare became the seat's channel
                owner._event(link, kind, data)
            elif link.spare_conn != conn:
                return
            elif kind == "offer":
                try:
                    token = sdp.pack_offer(str(data), protocol.pack_meta(owner.table_id, link.seat, owner.game))
                except JunbanError:
                    owner._drop_spare(link)
                    return
                link.spare_code, link.spare_name = token, sdp.fingerprint(str(data))[:4]
                if link.welcomed:
                    owner._send(link, "spare", code=link.spare_code)
            elif kind in ("closed", "error") or (kind == "state" and data in ("failed", "closed")):
                owner._drop_spare(link)

        link.spare_conn = self.platform.peer_host(on_event)

    def _use_spare(self, link: SeatLink, answer_sdp: str) -> None:
        """The phone answered the spare code it kept: that connection becomes the seat's channel (any other, a
        lost one or a code shown meanwhile, is closed); a new spare follows its welcome."""
        conn, name = link.spare_conn, link.spare_name
        link.spare_conn, link.spare_code, link.spare_name = None, None, b""
        self._drop_conn(link)
        link.conn, link.offer_name, link.code, link.problem = conn, name, None, None
        self._by_conn[conn] = link
        self.platform.peer_answer(conn, answer_sdp)
        self._set(link, "connecting")

    def _drop_spare(self, link: SeatLink) -> None:
        if link.spare_conn is not None:
            self.platform.peer_close(link.spare_conn)
        link.spare_conn, link.spare_code, link.spare_name = None, None, b""

    # ------------------------------------------------------------------ the host's reload in one exchange per phone

    def _keep_standing(self, link: SeatLink, message: dict) -> None:
        """The phone's standing offer (``standing``): kept in the save if it is a pairing code for this very table,
        seat and game (fresh connection credentials, nothing else), else refused with the reason, nothing kept."""
        from junban.net.guest import seat_pairing

        code = message.get("code")
        if not isinstance(code, str) or len(code) > 600 or seat_pairing(code, self.table_id, link.seat,
                                                                         self.game) is None:
            self._refuse(link, message["s"], ProtocolError("not a code for this seat", code="net.bad_standing"))
            return
        if self.session.standing.get(link.seat) != code:
            self.session.standing[link.seat] = code
            self.save()

    def answer_standing(self, seat: int) -> JunbanError | None:
        """After this host's page reloaded: answer the standing offer ``seat``'s phone sent (kept in the save) and
        show that answer (status "answering"); the phone, whose page and standing connection are still open,
        takes it (one exchange) and the channel opens as after any answer. An error (nothing made) when the save
        holds none for the seat, or one that is not a code for this table and seat (then it is dropped)."""
        from junban.net import sdp
        from junban.net.guest import seat_pairing

        code = self.session.standing.get(seat)
        if code is None:
            return ProtocolError("this seat's phone left no standing code", code="net.no_standing", seat=seat)
        pairing = seat_pairing(code, self.table_id, seat, self.game)
        if pairing is None:
            del self.session.standing[seat]
            self.save()
            return ProtocolError("the standing code kept for this seat is not one for it", code="net.bad_standing",
                                 seat=seat)
        link = self.links.get(seat) or SeatLink(seat)
        link.owner = self
        self.links[seat] = link
        self._drop_conn(link)
        link.code, link.offer_name, link.problem, link.standing = None, b"", None, True
        self._set(link, "preparing")

        def on_event(conn, kind, data):
            if link.conn != conn:
                return
            if link.owner is not self:
                link.owner._event(link, kind, data)
                return
            if kind == "answer":
                try:
                    link.code = sdp.pack_answer(str(data), sdp.answer_names(pairing.offer_sdp, self.table_id, seat))
                except JunbanError as err:
                    link.problem = err.code or "net.unreachable"
                    self._set(link, "unreachable")
                    self._drop_conn(link)
                else:
                    self._set(link, "answering")
                self.on_change()
            elif link.status == "answering" and (kind in ("closed", "error") or (
                    kind == "state" and data in ("failed", "closed"))):
                self._lose(link, "net.standing_stale")  # the phone's standing connection is gone (its page reloaded)
                self.on_change()
            else:
                self._event(link, kind, data)

        link.conn = self.platform.peer_guest(pairing.offer_sdp, on_event)
        self._by_conn[link.conn] = link
        self._ensure_timer()
        return None

    def close(self) -> None:
        """The host leaves the table: every guest is told, every connection closed."""
        for link in list(self.links.values()):
            self._send(link, "bye", why="host_left")
            self._drop_conn(link)
            self._drop_spare(link)
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
        now = self.platform.now()
        link.last_in = now
        verdict = link.budget.verdict(None, now)  # all kinds together, before any parsing
        if verdict != limits.TAKE:
            self._over_budget(link, verdict, None)
            return
        try:
            message = protocol.decode(text, protocol.FROM_GUEST, protocol.MAX_FROM_GUEST, link.seq_in)
        except ProtocolError as err:
            self._refuse(link, None, err)
            return
        link.seq_in = message["s"]
        kind = message["t"]
        verdict = link.budget.verdict(kind, now)
        if verdict != limits.TAKE:
            self._over_budget(link, verdict, message["s"])
            return
        if kind == "hello":
            self._hello(link, message)
        elif kind == "ping":
            pass  # still here (a channel that goes on to a rematch may ping before its hello for the new table)
        elif not link.welcomed:
            self._refuse(link, message["s"], ProtocolError("say hello first", code="net.no_hello"))
        elif kind == "act":
            self._act(link, message)
        elif kind == "resync":
            self._full_sync(link)
        elif kind == "hint":
            self._hint(link)
        elif kind == "leave":
            self._leave(link, message)
        elif kind == "standing":
            self._keep_standing(link, message)
        if link.status == "lost" and link.welcomed:
            self._set(link, "playing")

    def _over_budget(self, link: SeatLink, verdict: str, seq: int | None) -> None:
        """A message beyond the phone's budget (``limits``): not acted on; the phone is told once, and let go when
        it keeps on (the host's person is told: the seat's phone is shown lost, with a new code a tap away)."""
        if verdict == limits.TELL:
            self._refuse(link, seq, ProtocolError("too many messages: slow down", code="net.too_fast"))
        elif verdict == limits.DROP:
            self._send(link, "bye", why="flood")
            self._lose(link, "net.flood")

    def _hello(self, link: SeatLink, message: dict) -> None:
        table = message.get("table")
        seat = message.get("seat")
        if table != self.table_id or seat != link.seat or type(seat) is not int:
            self._send(link, "bye", why="wrong_table")
            self._lose(link, "net.wrong_table")
            return
        if not self._on_phone(link.seat):  # a bot or a person here plays it now: never a phone's again unasked
            self.release(link.seat, "bot" if self.session.seats[link.seat].is_bot else "here")
            return
        if link.welcomed:  # said again on a channel already welcomed: the whole table again, as for resync
            self._full_sync(link)
            return
        session = self.session
        link.welcomed = True
        link.joined_once = True
        link.problem = None
        if link.standing and self.session.standing.pop(link.seat, None) is not None:
            self.save()  # used: the phone's next standing offer follows its welcome
        link.standing = False
        self._set(link, "playing")
        # Nothing made from the deal's seed: the phone's hints get a seed the phone draws itself.
        self._send(link, "welcome", table=self.table_id, seat=link.seat, game=self.game,
                   config=session.config, seats=[seat_data(s) for s in session.seats], hints=link.hints)
        link.last_full = self.platform.now()
        self._sync_link(link, full=True)
        self._offer_spare(link)

    def _full_sync(self, link: SeatLink) -> None:
        """Send the phone the whole table again (its log did not add up): now, or once its second since the last
        full resend has passed; asked again meanwhile, it is still sent once."""
        now = self.platform.now()
        wait = link.last_full + limits.FULL_SYNC_EVERY - now
        if wait > 0:
            if link.full_timer is None:
                conn = link.conn

                def due(*_args):
                    link.full_timer = None
                    if link.conn == conn and link.welcomed and self.links.get(link.seat) is link:
                        self._full_sync(link)

                link.full_timer = self.platform.call_later(wait, due)
            return
        link.last_full = now
        self._sync_link(link, full=True)

    def _hint(self, link: SeatLink) -> None:
        """The phone's person took a hint: counted for that seat, at most once in each of its turns (a hint is
        given only on one's turn), never in the host's own game (the host's person took none)."""
        if self.session.to_act == link.seat and not link.hinted:
            link.hinted = True
            link.hints = min(link.hints + 1, MAX_HINTS)

    def hints(self, seat: int) -> int:
        """How many hints the person playing ``seat`` on a phone took (as their phone told it)."""
        link = self.links.get(seat)
        return link.hints if link is not None else 0

    def _act(self, link: SeatLink, message: dict) -> None:
        seq = message["s"]
        try:
            action = protocol.plain_action(message.get("action"))
            at = message.get("at")
            session = self.session
            if self.source is None:
                raise ProtocolError("the host is not at the table just now", code="net.host_away")
            if not self._on_phone(link.seat):
                raise ProtocolError("this seat is not played on this phone now", code="net.seat_released")
            if session.acting_seat(action) != link.seat:
                raise ProtocolError("it is not this seat's turn", code="net.not_your_turn")
            if at != self._mark_now(link) and not self._only_others_since(link, at):
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

    def _only_others_since(self, link: SeatLink, at: object) -> bool:
        """Was ``at`` one of the recent positions this seat was sent, since which only other seats have acted? Seats
        that decide at once (23's discard) each send an intent made at the position they saw: another seat's
        choice landing first does not make theirs stale. An intent already taken once is still refused: its seat
        acted since (an action the move log does not name a seat for counts as this seat's), and so is one made
        before the log was cut back (a fold)."""
        seen = next((r for r in reversed(link.recent) if r[0] == at), None)
        if seen is None:
            return False
        _, start, count, last = seen
        actions, entries = self.session.actions, self.source.entries()
        if not start < len(actions) or len(entries) < count or (count and entries[count - 1] is not last):
            return False
        seats = {entry.index: entry.seat for entry in entries[count:]}
        return all(seats.get(index, link.seat) != link.seat for index in range(start, len(actions)))

    def _on_phone(self, seat: int) -> bool:
        """Is ``seat`` played on a phone at the host's game (not given to a bot or a person here)?"""
        seats = self.session.seats
        return 0 <= seat < len(seats) and bool(seats[seat].phone)

    def _refuse(self, link: SeatLink, seq: int | None, err: JunbanError) -> None:
        self._send(link, "ack", of=seq, ok=False, **protocol.reason_fields(err))

    # ------------------------------------------------------------------ sending the game

    def sync(self) -> None:
        """Bring every guest at the table up to date (only what changed is sent: a log tail and a fresh view)."""
        for link in self.links.values():
            if link.status in ("playing", "lost") and link.welcomed:
                self._sync_link(link)

    def _game_key(self) -> tuple:
        """The host's game as it stands, cheaply: its session, and its log's length and last action (an action
        appends a new object; a fold cuts the log). Equal keys: nothing a seat sees has changed."""
        actions = self.session.actions
        return (self.session, len(actions), actions[-1] if actions else None)

    def _unchanged(self, link: SeatLink) -> bool:
        key, sent = self._game_key(), link.sent_key
        return sent is not None and sent[0] is key[0] and sent[1] == key[1] and sent[2] is key[2]

    def _update(self, seat: int) -> dict:
        """What an update tells ``seat`` (its ``at`` aside)."""
        session = self.session
        deciding = session.seats_to_act
        over = session.is_over
        return {"view": session.view(seat), "to_act": session.to_act, "deciding": deciding, "over": over,
                "outcome": session.outcome if over else None,
                "legal": session.legal_actions(seat) if seat in deciding else None,
                "log_len": len(self.source.entries())}

    def _mark_now(self, link: SeatLink) -> str:
        """The position ``link``'s seat would be told now (its last update's, if the game has not moved since)."""
        if self._unchanged(link) and link.sent_mark is not None:
            return link.sent_mark
        return self._mark_of(self._update(link.seat), self.source.entries())

    def _mark_of(self, update: dict, entries: list) -> str:
        """The position an update tells its seat (``protocol.position_mark``: made of what that seat is sent)."""
        return protocol.position_mark(len(self.session.actions), self._log_digest(entries), update)

    def _log_digest(self, entries: list) -> str:
        """The digest of the public move log (protocol.log_digest), kept per entry so only new entries cost."""
        chain = self._digests
        same = 0
        limit = min(len(chain), len(entries))
        while same < limit and chain[same][0] is entries[same]:
            same += 1
        del chain[same:]
        digest = chain[-1][1] if chain else protocol.NO_LOG
        for entry in entries[same:]:
            digest = protocol.log_digest(digest, protocol.entry_data(entry.index, entry.seat, entry.event))
            chain.append((entry, digest))
        return digest

    def _sync_link(self, link: SeatLink, full: bool = False) -> None:
        """Send ``link`` what changed since its last update (``full``: its whole log and an update again)."""
        if self.source is None:
            return  # nothing changes while no table shows the game; the phones get it when one does
        entries = self.source.entries()
        if full:
            link.sent, link.sent_key = [], None
        common = 0
        limit = min(len(link.sent), len(entries))
        while common < limit and link.sent[common] is entries[common]:
            common += 1
        if self._unchanged(link) and common == len(entries) == len(link.sent):
            return
        if common != len(link.sent) or common != len(entries) or full:  # its log: cut where it differs, add the rest
            starts = range(common, len(entries), protocol.LOG_CHUNK) if common < len(entries) else [common]
            for start in starts:
                chunk = entries[start:start + protocol.LOG_CHUNK]
                self._send(link, "log", entries=[protocol.entry_data(e.index, e.seat, e.event) for e in chunk],
                           **{"from": start})
        link.sent = list(entries)
        update = self._update(link.seat)
        if link.seat not in update["deciding"]:
            link.hinted = False  # the seat's turn is over: its next turn may count a hint again
        mark = self._mark_of(update, entries)
        self._send(link, "update", at=mark, **update)
        link.sent_mark, link.sent_key = mark, self._game_key()
        link.recent = [*link.recent, (mark, len(self.session.actions), len(entries), entries[-1] if entries else None)]
        del link.recent[:-RECENT]

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
        self._set(link, "lost" if problem in ("net.lost", "net.wrong_table", "net.flood") else "unreachable")
        if close:
            self._drop_conn(link)
            link.welcomed = False

    def _drop_conn(self, link: SeatLink) -> None:
        if link.conn is not None:
            self._by_conn.pop(link.conn, None)
            self.platform.peer_close(link.conn)
            link.conn = None
        if link.full_timer is not None:
            self.platform.cancel(link.full_timer)
            link.full_timer = None
        link.seq_in = link.seq_out = 0
        link.welcomed = False
        link.budget = limits.Budget()  # a new channel starts with a full budget
        link.sent, link.sent_key, link.sent_mark = [], None, None

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
