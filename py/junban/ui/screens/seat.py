"""The guest's phone: joining a table held by another phone, and playing one seat of it.

- ``JoinScreen`` (``#/join?p=<code>``, or ``#/join`` to scan one): the host's pairing code opened — by the phone's
  camera app (the code is a Junban link), Junban's own scanner, or a link sent — becomes this phone's answer, shown
  as a QR code for the host to scan and as a short code to send back. Once the host has taken it and welcomed this
  phone, the seat's table opens in its place.
- ``SeatScreen`` (``#/seat/<table>``): that seat's table, drawn by the same table code as on one device
  (``TableScreen``) from what the host sent: this seat's view, the public move log. An action goes to the host, which
  applies it with the engine; the table changes when the host's update comes back. Without a connection (the page
  was reloaded, the Wi-Fi dropped) it shows the last snapshot and the way back: *Rejoin* (the spare code the host
  sent and this phone kept: its answer at once, one exchange) or the host's code scanned again; either goes on
  where the seat was. When the host's page reloaded while this one did not, the host shows its answer to this
  phone's standing offer: "When Aiko's table is back, scan its code" takes it here (scanned or pasted, one
  exchange; ``Guest.take_back``). When the host starts its table's next game (a rematch), this phone moves to its
  seat there by itself (``next``), the finished game kept in its History.

The phone keeps one record per such seat (``junban.guest.<table>``, storage.py), written at every update, and its
own History records the finished game for its seat (from what it saw).
"""
from __future__ import annotations

from junban.links import JOIN, pairing_token
from junban.net import guest as guest_net
from junban.errors import JunbanError
from junban.storage import StorageFull, TooLarge
from junban.ui import i18n, sound
from junban.ui.dom import h
from junban.ui.parts.icons import phone_icon
from junban.ui.i18n import error_text, t
from junban.ui.parts import movelog
from junban.ui.parts.qr import camera_problem, qr_svg
from junban.ui.parts.sheet import confirm
from junban.ui.records import guest_names
from junban.ui.screens.table import TableScreen

i18n.register("phones")

VIDEO_ID = "join-video"
BACK_VIDEO_ID = "guest-back-video"  # the seat's own scanner, for the host's code after its reload


# ---------------------------------------------------------------------- the guest, across screens


def connect(services, pairing: guest_net.Pairing):
    """This phone's guest for ``pairing``: the one already joined to that seat, or a new connection (with what was
    kept of the seat from an earlier one, if any)."""
    current = services.guest
    if (current is not None and current.table_id == pairing.table_id and current.seat == pairing.seat
            and current.status in ("playing", "joining") and current.conn is not None):
        return current
    if current is not None:
        current.close()
    kept = services.store.read_guest(pairing.table_id)
    services.report_storage_problems()
    if kept is not None and (kept.get("seat") != pairing.seat or kept.get("game") != pairing.game):
        kept = None  # another seat (or game) under the same name: start afresh
    guest = guest_net.Guest(services.platform, pairing, lambda what: _changed(services, guest, what), kept=kept)
    services.guest = guest
    if not services.platform.peer_supported():  # no WebRTC at all: said at once, with what to do instead
        guest.problem, guest.status = "net.no_webrtc", "unreachable"
        return guest

    def ready(failure):
        if failure:
            guest.problem = "net.no_code"
            guest.status = "unreachable"
            _changed(services, guest, "status")
        else:
            guest.start()

    services.platform.load_peer_code(ready)
    return guest


def _changed(services, guest, what: str) -> None:
    if services.guest is not guest:
        return
    if what in ("update", "spare", "seats") or (what == "status" and guest.ended):
        _keep_record(services, guest)
    screen = services.current()
    if what == "next":  # a rematch: the finished game stays in History; the new table opens once it is here
        _record_finished(services, guest)
    elif what == "update" and guest.moved_from is not None and guest.game is not None:
        _moved_on(services, guest, screen)
        return
    # To the seat's table once the host has welcomed this phone (a phone coming back holds its last snapshot
    # from the start, yet must show its answer until then).
    if isinstance(screen, JoinScreen) and screen.guest is guest and guest.status == "playing" \
            and guest.game is not None and guest.game.latest is not None:
        services.go(f"#/seat/{guest.table_id}", replace=True)
        return
    if isinstance(screen, SeatScreen) and screen.table_id == guest.table_id and guest.status == "playing" \
            and guest.game is not None and guest.game.latest is not None and screen.session is not guest.game:
        services.go(f"#/seat/{guest.table_id}", replace=True)  # welcomed again on this page (the host's reload)
        return
    if isinstance(screen, SeatScreen) and screen.table_id == guest.table_id:
        screen.heard(what)
    if screen is not None:
        services.render()


def _keep_record(services, guest) -> None:
    """Write this seat's record (its snapshot, its spare code, why the host let it go), if it has a game yet."""
    if guest.game is None:
        return
    try:
        services.store.write_guest(guest.record())
    except StorageFull:
        services.notify(t("storage.full"), "error", key="storage-full", sticky=True)
    except TooLarge:  # played on here; only its snapshot is not kept
        services.notify(t("guest.too_large"), "error", key="guest-too-large")


def _record_finished(services, guest) -> None:
    """The game this seat just left for the host's next one, in this phone's History (once, as its table does)."""
    game, guest.finished = guest.finished, None
    if game is None or not game.is_over:
        return
    if not any(e.get("id") == game.id and e.get("game") == game.game for e in services.store.history()):
        from junban.ui.games import game_ui

        services.record_finished(game, game_ui(game.game).history_entry(game))


def _moved_on(services, guest, screen) -> None:
    """The next game's first update is here: the seat's table of the finished game gives way to the new one's,
    and the phone says so (wherever it is, it is told)."""
    old, guest.moved_from = guest.moved_from, None
    before, guest.moved_seat = guest.moved_seat, None
    host, seat = guest_names(guest.record())
    if before is not None and before != guest.seat:  # the host reseated the phones: where this one sits now
        words = t("guest.next_seat", host=host or t("guest.the_host"), n=guest.seat + 1,
                  count=len(guest.game.seats), name=seat or t("join.seat_of_plain", n=guest.seat + 1))
    else:
        words = t("guest.next_game", host=host, name=seat) if host and seat else t("guest.next_game_plain")
    if isinstance(screen, SeatScreen) and screen.table_id == old:
        services.go(f"#/seat/{guest.table_id}", replace=True)
    services.notify(words, "info", key="guest-next")  # (said aloud too)
    services.render()


# ---------------------------------------------------------------------- joining


class JoinScreen:
    screen_class = "join-screen"
    focus_on_show = "#main h1"

    def __init__(self, services, token: str | None):
        self.services = services
        self.guest = None
        self.error: str | None = None
        self.scanning = False
        self.pairing = None
        self.sent: str | None = None  # how sending the answer code went (services.share)
        self.paste_text = ""  # a host's link or code being pasted
        self.paste_error: str | None = None  # why it is not one, said under the box
        if token:
            self._open(token)

    @property
    def title(self) -> str:
        return t("join.title")

    def _open(self, token: str) -> None:
        try:
            self.pairing = guest_net.Pairing(token)
        except JunbanError as err:
            self.error = t("join.bad_code", reason=error_text(err))
            return
        self.error = None
        self.guest = connect(self.services, self.pairing)
        if self.guest.game is not None and self.guest.status == "playing":
            self.services.go(f"#/seat/{self.guest.table_id}", replace=True)

    def render(self):
        guest = self.guest
        head = [h("h1", {}, t("join.title"))]
        if self.pairing is not None:
            head.append(h("p", {"class": "join-seat"}, self._seat_words()))
        body = []
        if self.error:
            body.append(h("p", {"class": "error-text", "role": "alert"}, self.error))
        if guest is not None and guest.problem in TRANSPORT_PROBLEMS and guest.game is None:
            # this browser cannot answer at all (no WebRTC): said at once, with what to do instead
            body.append(h("p", {"class": "error-text", "role": "alert", "id": "join-problem"}, _problem(guest)))
        elif guest is None or guest.status == "ended":
            if guest is not None:
                body.append(h("p", {"class": "error-text", "role": "alert"}, _problem(guest)))
            body.append(self._scanner())
        elif guest.status == "preparing":
            body.append(h("p", {"class": "muted", "aria-busy": "true"}, t("join.making")))
        else:
            body.append(self._answer(guest))
        return h("section", {"class": "join"}, head, body)

    def _seat_words(self) -> str:
        """The seat being joined: by its name and its host's when this phone sat there before (the code names only
        the seat's number and the game), else its number in that game."""
        pairing = self.pairing
        game = t(f"game.{pairing.game}.title")
        kept = self.services.store.read_guest(pairing.table_id)
        if kept is not None and kept.get("seat") == pairing.seat and kept.get("game") == pairing.game:
            host, seat = guest_names(kept)
            if host and seat:
                return t("join.seat_named", name=seat, host=host, game=game)
        return t("join.seat_of", n=pairing.seat + 1, game=game)

    def _answer(self, guest):
        code = guest.answer_code or ""
        matrix = self.services.platform.qr_matrix(code) if code else []
        status = {"answering": t("join.waiting"), "joining": t("join.joining"), "playing": t("join.joining")}
        problem = _problem(guest) if guest.status in ("unreachable", "lost") else None
        return h("div", {"class": "join-answer"},
                 h("h2", {}, t("join.answer_title")),
                 h("p", {"class": "help"}, t("join.answer_help")),
                 h("div", {"class": "join-qr"}, qr_svg(matrix, t("join.answer_label"), "join-qr")),
                 h("p", {"class": "join-status", "role": "status", "aria-live": "polite"},
                   status.get(guest.status, "")),
                 h("p", {"class": "error-text", "role": "alert"}, problem) if problem else None,
                 h("label", {"class": "field-label", "for": "join-code"}, t("join.code_label")),
                 h("div", {"class": "row"},
                   h("input", {"type": "text", "readonly": True, "value": code, "id": "join-code"}),
                   h("button", {"type": "button", "class": "button primary small", "data-act": "join:copy",
                                "id": "join-copy"},
                     t("join.share") if self.services.platform.can_share() else t("join.copy"))),
                 h("p", {"class": ["share-note", self.sent], "id": "join-note", "role": "status"},
                   {"copied": t("join.copied"), "failed": t("table.copy_failed")}[self.sent])
                 if self.sent in ("copied", "failed") else None)

    def _scanner(self):
        return h("div", {"class": "join-scan"},
                 h("p", {"class": "help"}, t("join.scan_help")),
                 h("video", {"id": VIDEO_ID, "class": "join-video", "playsinline": True, "muted": True,
                             "aria-label": t("join.camera")}) if self.scanning else None,
                 h("button", {"type": "button", "class": "button primary", "data-act": "join:scan", "id": "join-scan"},
                   t("join.scan_stop") if self.scanning else t("join.scan_again")),
                 paste_box("join-paste", "join:paste", self.paste_text, self.paste_error, t("join.paste_label"),
                           t("home.join_paste"), t("home.join_go")))

    def field(self, name: str, value, final: bool) -> bool:
        if name != "join-paste" or not isinstance(value, str):
            return False
        self.paste_text, self.paste_error = value[:2000], None
        if "#" + JOIN in value and pairing_token(value) is not None:
            self._paste()  # a whole link pasted goes at once
        return True

    def _paste(self) -> None:
        token = pairing_token(self.paste_text)
        if token is None:
            self.paste_error = t("home.join_not_code") if self.paste_text.strip() else t("home.join_empty")
            self.services.focus_after_render("#join-paste")
            return
        self._stop_scan()
        self.paste_text = ""
        self.services.go(f"#/join?p={token}", replace=True)

    def handle(self, act: str, arg: str | None) -> None:
        if act == "join:paste":
            self._paste()
        elif act == "join:copy" and self.guest is not None and self.guest.answer_code:
            # The phone's share sheet (a message to the host), else the clipboard, with a visible confirmation.
            self.sent = None
            self.services.share(lambda outcome: setattr(self, "sent", outcome), t("join.copied"),
                                t("table.copy_failed"), text=self.guest.answer_code, title=t("join.answer_label"))
        elif act == "join:scan":
            if self.scanning:
                self._stop_scan()
            else:
                self.scanning = True
                # The scanner comes with pairing's scripts, not yet loaded on a page opened at #/join itself.
                self.services.platform.load_peer_code(self._start_scan)

    def _start_scan(self, failure: str | None = None) -> None:
        if not self.scanning or not self.services.is_showing(self):
            return
        if failure:
            self.scanning = False
            self.error = t("phones.no_code", reason=failure)
            self.services.render()
            return

        def on_event(kind, data):
            if not self.scanning:
                return
            if kind == "text":
                token = pairing_token(str(data))
                if token is None:
                    self.error = t("join.not_a_code")
                else:
                    self._stop_scan()
                    self.services.go(f"#/join?p={token}", replace=True)
                    return
            elif kind == "error":
                self.scanning = False
                self.error = camera_problem("join", data)
            self.services.render()

        self.services.platform.scan_start(VIDEO_ID, on_event)

    def _stop_scan(self) -> None:
        if self.scanning:
            self.scanning = False
            self.services.platform.scan_stop()

    def leave(self) -> None:
        self._stop_scan()


def paste_box(name: str, act: str, value: str, error: str | None, label: str, placeholder: str, go: str,
              form_class: str = "join-paste"):
    """A box for a host's link or code (field ``name``), its button (``act``; ``#<name>-go``) and why the last one
    was refused, right under it (``#<name>-error``, the field's description)."""
    return h("form", {"class": form_class, "data-submit": act},
             h("label", {"class": "field-label", "for": name}, label),
             h("div", {"class": "row"},
               h("input", {"type": "text", "id": name, "data-field": name, "value": value, "autocomplete": "off",
                           "spellcheck": "false", "placeholder": placeholder, "enterkeyhint": "go",
                           "aria-invalid": "true" if error else None,
                           "aria-describedby": f"{name}-error" if error else None}),
               h("button", {"type": "button", "class": "button small", "data-act": act, "id": f"{name}-go"}, go)),
             h("p", {"class": "error-text field-error", "id": f"{name}-error", "role": "alert"}, error)
             if error else None)


def refusal_text(err: JunbanError) -> str:
    """Why the host refused an action, in this phone's own words: the catalogue's sentence for its code, else a
    general one (a host's page may put anything in its text; this phone never shows it)."""
    return error_text(err) if i18n.knows_error(err) else t("err.net.refused")


TRANSPORT_PROBLEMS = ("net.no_webrtc", "net.offer_failed", "net.answer_failed", "net.bad_offer", "net.bad_answer")


def _problem(guest) -> str:
    problem = guest.problem or ""
    if problem.startswith("net.bye."):
        return t("join.ended." + problem[len("net.bye."):])
    if problem == "net.bye":
        return t("join.ended")
    if problem == "net.no_webrtc":
        return t("join.no_webrtc")
    if problem in TRANSPORT_PROBLEMS:
        return t("join.transport_error")
    if problem == "net.unreachable" and guest.conn is not None and guest.status == "unreachable":
        return t("join.waiting_host")  # still trying: the host may not have taken the answer yet
    if problem == "net.unreachable":
        return t("join.unreachable")
    if problem == "net.no_code":
        return t("phones.no_code", reason="")
    return t("join.lost")


# ---------------------------------------------------------------------- the seat's table


class SeatKeptAside(Exception):
    """A stored seat could not be shown and was kept aside (a notice said so)."""


def keep_aside(services, table_id: str) -> None:
    """Keep a stored seat this phone cannot show aside (Storage lists it, to download or delete), and say so."""
    from junban.storage import UnreadableRecord

    services.store.keep_guest_aside(table_id, UnreadableRecord(
        "the host had sent this seat something this phone cannot show", code="record.guest_unfit"))
    services.report_storage_problems()


class SeatScreen(TableScreen):
    """One seat of a table held by another phone, drawn from what the host sent (never the game itself)."""

    def __init__(self, services, table_id: str, guest, game, entries):
        self.table_id = table_id
        self.guest = guest  # None: not connected (the last snapshot is shown)
        self.back_text = ""  # the host's code being pasted (after its reload)
        self.back_error: str | None = None  # why it was not taken, said under the box
        self.back_scanning = False
        super().__init__(services, game)
        self.offer_tutorial = False
        self.log.entries = [movelog.Entry(i, s, e) for i, s, e in entries]
        self.was_my_turn = self.my_turn()
        self.heard_view = game.latest["view"]  # what the last sound was decided from (ui/sound.py)
        self.heard_entries = len(entries)
        self._say_went_back()

    @classmethod
    def open(cls, services, table_id: str):
        """The seat's table: live if this phone is joined to it, else its last snapshot; None if there is none.
        A stored seat this phone cannot show (what a host's page sent it does not fit the game) is kept aside,
        with a notice (``SeatKeptAside``): never an app that does not start."""
        guest = services.guest
        if guest is not None and guest.table_id == table_id and guest.game is not None \
                and guest.game.latest is not None:
            return cls(services, table_id, guest, guest.game, guest.entries)
        record = services.store.read_guest(table_id)
        services.report_storage_problems()
        if record is None:
            return None
        game, entries = guest_net.game_from_record(record)
        if game is None or game.latest is None:
            keep_aside(services, table_id)
            raise SeatKeptAside(table_id)
        return cls(services, table_id, None, game, entries)

    # -- what differs from a table on one device

    @property
    def connected(self) -> bool:
        guest = self.guest
        if guest is not None and guest.table_id != self.table_id:  # the host's next game is on its way here
            return guest.moved_from == self.table_id and guest.status in ("joining", "playing")
        return guest is not None and guest.status == "playing"

    def needs_handover(self) -> bool:
        return False

    def my_turn(self) -> bool:
        """Not connected, the phone cannot act (its last snapshot is shown, and why, with the way back)."""
        return self.connected and super().my_turn()

    def moment(self):
        return self.session.at

    def act(self, action: dict) -> bool:
        if not self.connected:
            self.services.notify(_problem(self.guest) if self.guest else t("join.lost"), "error", key="guest")
            return False
        self.guest.act(action)
        return True

    def note_hint(self) -> None:
        if self.guest is not None:
            self.guest.note_hint()

    def heard(self, what: str) -> None:
        """Something came from the host: the move log and the view are the guest's latest."""
        guest = self.guest
        if guest is None:
            return
        if what == "unfit":  # left out, nothing changed: said once while it goes on
            self.services.notify(t("guest.unfit"), "error", key="guest-unfit")
            return
        self.log.entries = [movelog.Entry(i, s, e) for i, s, e in guest.entries]
        if what == "ack" and guest.refusal is not None:
            self.refuse(t("guest.refused", reason=refusal_text(guest.refusal)))
            guest.refusal = None
        elif what == "update":
            self.services.dismiss("illegal")
            self._sound()
            self._say_went_back()
        mine = self.my_turn()
        if mine and not self.was_my_turn:
            self.services.announce(t("guest.your_turn"))
        self.was_my_turn = mine
        if self.session.is_over and not self.recorded:
            self._record_finished()
            self.open_sheet("result", focus="#sheet-result h2", unasked=True)

    def _say_went_back(self) -> None:
        """Never silently: the host's game lost moves this phone had seen (found when it joined again)."""
        guest = self.guest
        if guest is not None and guest.went_back:
            self.services.notify(t("guest.went_back", n=guest.went_back), "error", key="guest-went-back")
            guest.went_back = 0

    def _sound(self) -> None:
        """The cue of what the host's update brought (its last new log entry, and the seat's view before and
        after), as a table on one device decides it; nothing when no action came (a reconnection)."""
        view, entries = self.session.latest["view"], self.guest.entries
        new = entries[self.heard_entries:] if len(entries) > self.heard_entries else []
        if new:
            event = new[-1][2]
            sound.give(self.services, sound.action_cue(self.session.game, event, self.people, self.heard_view, view))
        self.heard_view, self.heard_entries = view, len(entries)

    @property
    def recorded(self) -> bool:
        return any(e.get("id") == self.table_id and e.get("game") == self.session.game
                   for e in self.services.store.history())

    def _record_finished(self) -> None:
        if not self.recorded:
            self.services.record_finished(self.session, self.ui.history_entry(self.session))

    def after_render(self) -> None:
        sound.allow(self.services, True)  # (no bots here: they play on the host's phone)
        self.drawn()
        self.services.platform.wake_lock(self.connected and not self.session.is_over)  # the screen stays on

    def _store(self) -> None:
        return None  # the host saves the game; this phone keeps its seat's record as updates come

    def storage_changed(self, key: str | None) -> None:
        return None

    def leave(self) -> None:
        self._stop_back_scan()
        sound.allow(self.services, False)  # (the connection stays while the app runs)
        self.services.platform.wake_lock(False)

    def _controls(self):
        return None

    def _link_button(self):
        """The top bar says whether this phone is connected to the host (tapped when not: scan its code again)."""
        state = "here" if self.connected else "away"
        return h("button", {"type": "button", "class": ["bar-button", "guest-link", state],
                            "data-act": "seat:status", "id": "guest-link",
                            "aria-label": t("guest.status.here") if self.connected else t("join.lost")},
                 h("span", {"class": "bar-icon", "aria-hidden": "true"}, phone_icon()),
                 h("span", {"class": "guest-dot", "aria-hidden": "true"}))

    def render(self):
        try:
            table = super().render()
        except Exception as err:  # noqa: BLE001 - never a dead app: whatever the host sent, this phone goes on
            return self._broken(err)
        if self.connected:
            return table
        # The table as last seen, dimmed and out of reach (nothing can be sent); at the foot of the screen, where
        # the actions were, why, and the way back.
        frame = table[0] if isinstance(table, list) and table else None
        if frame is not None and getattr(frame, "key", None) == "frame":
            frame.attrs["inert"] = True
            frame.attrs["class"] = f"{frame.attrs.get('class', '')} guest-away".strip()
        record = self.services.store.read_guest(self.table_id) or {}
        host, _ = guest_names(record)
        spare = self._spare(record)
        if self._standing_shown():
            return [*(table if isinstance(table, list) else [table]), self._back_banner(host, spare)]
        banner = h("div", {"class": "guest-banner", "role": "alert", "key": "guest-banner", "id": "guest-banner"},
                   h("p", {},
                     h("strong", {}, t("guest.away_at", host=host) if host else t("guest.away")), " ",
                     t("guest.lost_rejoin") if spare and (self.guest is None or self.guest.problem in (
                         None, "net.lost")) else _problem(self.guest) if self.guest else t("join.lost")),
                   # the host's spare code kept with the seat: its answer at once, one exchange (else scan anew)
                   h("a", {"class": "button primary small", "href": f"#/join?p={spare}", "id": "guest-rejoin"},
                     t("guest.rejoin_at", host=host) if host else t("guest.rejoin_plain")) if spare else None,
                   # (a host whose page reloaded has no spare any more: its new code, scanned, always works)
                   h("a", {"class": ["button", "small", "quiet" if spare else "primary"], "href": "#/join",
                           "id": "guest-rescan"},
                     t("guest.rescan_new") if spare else t("guest.rescan", host=host) if host else
                     t("join.scan_again")))
        return [*(table if isinstance(table, list) else [table]), banner]

    # -- the host's reload: its answer to this phone's standing offer, taken here (one exchange)

    def _standing_shown(self) -> bool:
        guest = self.guest
        return guest is not None and guest.table_id == self.table_id and guest.status != "ended" and (
            guest.standing_ready or guest.back_taken)

    def _back_banner(self, host: str | None, spare: str | None):
        """Not connected, this page still open with its standing offer: the host's page may have reloaded, and then
        it shows a code for this seat — scanned or pasted here, the channel opens (nothing to send back). The
        spare's *Rejoin* stays below, for a host that did not reload."""
        guest = self.guest
        if guest.back_taken:
            body = [h("p", {"role": "status", "aria-busy": "true", "id": "guest-back-connecting"},
                      h("strong", {}, t("guest.back_connecting")))]
        else:
            body = [
                h("p", {}, h("strong", {}, t("guest.away_at", host=host) if host else t("guest.away")), " ",
                  h("strong", {"class": "guest-back-title"},
                    t("guest.back_title", host=host) if host else t("guest.back_title_plain"))),
                h("p", {"class": "guest-back-help"}, t("guest.back_help")),
                h("video", {"id": BACK_VIDEO_ID, "class": "join-video", "playsinline": True, "muted": True,
                            "aria-label": t("join.camera")}) if self.back_scanning else None,
                h("button", {"type": "button", "class": "button primary small", "data-act": "seat:back-scan",
                             "id": "guest-back-scan"},
                  t("join.scan_stop") if self.back_scanning else t("guest.back_scan")),
                paste_box("guest-back", "seat:back", self.back_text, self.back_error, t("guest.back_paste"),
                          t("guest.back_placeholder"), t("guest.back_go"), form_class="guest-back-paste"),
                h("p", {"class": "guest-back-or"}, t("guest.back_rejoin_or"), " ",
                  h("a", {"class": "button quiet small", "href": f"#/join?p={spare}", "id": "guest-rejoin"},
                    t("guest.rejoin_at", host=host) if host else t("guest.rejoin_plain"))) if spare else None]
        return h("div", {"class": "guest-banner guest-back", "role": "alert", "key": "guest-banner",
                         "id": "guest-banner"}, body)

    def field(self, name: str, value, final: bool) -> bool:
        if name == "guest-back" and isinstance(value, str):
            self.back_text, self.back_error = value[:2000], None
            if final and self.back_text.strip():
                self._take_back(self.back_text)
            return True
        return super().field(name, value, final)

    def _take_back(self, text: str) -> None:
        """The host's code scanned or pasted here: its answer to this phone's standing offer is taken (one
        exchange); a new pairing code of the host's for this seat (the host's fallback) opens the join screen, as
        scanning it anywhere would; anything else is refused with the reason, under the box."""
        guest = self.guest
        token = pairing_token(text)
        if token is not None and guest_net.seat_pairing(token, self.table_id, guest.seat, guest.game_slug):
            self._stop_back_scan()
            self.services.go(f"#/join?p={token}")
            return
        error = guest.take_back(text)
        if error is None:
            self._stop_back_scan()
            self.back_text, self.back_error = "", None
            self.services.announce(t("guest.back_connecting"))
            return
        seat = error.params.get("seat") if getattr(error, "params", None) else None
        if error.code == "pairing.other_seat" and isinstance(seat, int) and 0 <= seat < len(self.session.seats):
            reason = t("err.pairing.other_seat", name=self.session.seats[seat].name)
        else:
            reason = error_text(error)
        self.back_error = t("guest.back_refused", reason=reason)
        self.services.announce(self.back_error)
        self.services.focus_after_render("#guest-back")

    def _back_scan(self) -> None:
        if self.back_scanning:
            self._stop_back_scan()
            return
        self.back_scanning = True

        def on_event(kind, data):
            if not self.back_scanning:
                return
            if kind == "text":
                self._take_back(str(data))
            elif kind == "error":
                self.back_scanning = False
                self.back_error = camera_problem("join", data)
            self.services.render()

        def ready(failure=None):
            if failure:
                self.back_scanning = False
                self.back_error = t("phones.no_code", reason=failure)
                self.services.render()
            elif self.back_scanning and self.services.is_showing(self):
                self.services.platform.scan_start(BACK_VIDEO_ID, on_event)

        self.services.platform.load_peer_code(ready)

    def _stop_back_scan(self) -> None:
        if self.back_scanning:
            self.back_scanning = False
            self.services.platform.scan_stop()

    def _spare(self, record: dict | None = None) -> str | None:
        """The host's spare code this phone kept for the seat (``spare``), if it is one for this very seat."""
        record = self.services.store.read_guest(self.table_id) if record is None else record
        record = record or {}
        code = record.get("spare")
        return code if guest_net.seat_pairing(code, self.table_id, record.get("seat"), record.get("game")) else None

    def _broken(self, err: Exception):
        """The seat's table could not be drawn (what the host sent fits its game's shapes, yet this phone cannot
        draw it: a defect). Said, kept aside when it is a stored snapshot, and a way home; the app goes on."""
        import traceback

        traceback.print_exception(err)
        if self.guest is None and self.services.store.read_guest(self.table_id) is not None:
            keep_aside(self.services, self.table_id)
        else:
            self.services.notify(t("guest.unfit"), "error", key="guest-unfit")
        return h("section", {"class": "guest-broken", "role": "alert"},
                 h("p", {}, t("guest.broken")),
                 h("a", {"class": "button primary", "href": "#/"}, t("end.home")))

    def _menu(self):
        other = "ja" if i18n.language() == "en" else "en"
        return [h("div", {"class": "menu-items"},
                  h("button", {"type": "button", "class": "button menu-item sheet-first", "data-act": "table:sheet",
                               "data-arg": "log"}, t("log.title")) if self.log.enabled else None,
                  h("button", {"type": "button", "class": "button menu-item", "data-act": "table:sheet",
                               "data-arg": "rules"}, t("table.rules")),
                  h("label", {"class": "menu-item setting"},
                    h("input", {"type": "checkbox", "data-field": "sound", "id": "menu-sound",
                                "checked": self.services.settings.get("sound") is True}),
                    t("table.sound")),
                  h("button", {"type": "button", "class": "button menu-item", "data-act": "app:lang",
                               "data-arg": other, "lang": other,
                               "aria-label": t("nav.language_to", name=i18n.LANGUAGES[other])}, i18n.LANGUAGES[other]),
                  h("button", {"type": "button", "class": "button menu-item", "data-act": "seat:leave"},
                    t("guest.leave")),
                  h("a", {"class": "button menu-item", "href": "#/"}, t("end.home")))]

    def _end_actions(self):
        return h("div", {"class": "actions end-actions"},
                 h("a", {"class": "button primary", "href": "#/history"}, t("end.history")),
                 h("a", {"class": "button quiet", "href": "#/"}, t("end.home")))

    def _sheet(self):
        if self.sheet.name == "leave":
            host, _ = guest_names(self.services.store.read_guest(self.table_id) or {})
            return confirm("leave", t("guest.leave"), t("guest.leave_confirm_at", host=host) if host else
                           t("guest.leave_confirm"),
                           (t("guest.leave_yes"), "seat:leave-yes"), (t("guest.leave_no"), "table:close"))
        return super()._sheet()

    def handle(self, act: str, arg: str | None) -> None:
        if act == "seat:status":
            if not self.connected:
                spare = self._spare()
                self.services.go(f"#/join?p={spare}" if spare else "#/join")
            return
        if act == "seat:leave":
            self.open_sheet("leave", opener="#open-menu")
            return
        if act == "seat:back" and self._standing_shown():
            self._take_back(self.back_text)
            return
        if act == "seat:back-scan" and self._standing_shown():
            self._back_scan()
            return
        if act == "seat:leave-yes":
            if self.guest is not None:  # the host is told (it reads "Ben left", not a lost phone)
                self.guest.leave()
                _keep_record(self.services, self.guest)  # (no longer a seat it plays: home's top leaves it out)
                self.services.guest = None
            self.services.go("#/")
            return
        if act in ("table:share", "table:new-deal", "table:same-deal") or act.startswith(("send:", "phones:")):
            return  # a seat on this phone has no deal to share or replay: the game is the host's
        super().handle(act, arg)
