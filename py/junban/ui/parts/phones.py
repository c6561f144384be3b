"""Playing on several phones, at the host's table: which seats are played on other phones, their pairing codes,
and whether each phone is there.

The table (``screens/table.py``) attaches a ``junban.net.host.Host`` when its game has seats played on other phones
(``Seat.phone``). The host lives in ``services.hosts`` while the app runs, so the phones stay connected when the
person looks at another screen and comes back; while no table shows it, a phone's intents are refused ("the
host is away"). A page that reloads starts without connections: a phone seat whose phone left its standing offer in
the save gets this table's answer to it (shown first: the phone takes it, one exchange); any other gets a new code.

The phones sheet shows one seat's pairing at a time (its QR code, the link to send instead, and where to scan or
paste the answer the guest's phone shows), and a line per phone seat saying how it is.

**Who plays each seat** (``render_setup``, from the table's menu and the phones sheet): every seat, bots too, can be
switched at any time between Here, Phone and Bot (``switch``). It is not a move: the game's log is untouched (so its
replay, its History entry and its links stay as they were); only the save's seats change. A seat leaving a phone
is let go at the host (``Host.release``: its phone is told, its spare code kept for a way back); a seat a bot takes
is played at once if the game waits for it (the table's bot loop, from that seat's view as any bot); a seat given
back to a phone gets its pairing code (or takes the answer of the phone's *Rejoin*). A phone whose person left
(``Host._leave``) or that stays lost is handed to a bot in one tap from its notice or its line in the sheet.
"""
from __future__ import annotations

from junban.bots import bot_module
from junban.errors import JunbanError
from junban.net.host import Host
from junban.ui import i18n
from junban.ui.dom import h
from junban.ui.parts.icons import phone_icon
from junban.ui.i18n import error_text, t
from junban.ui.parts.qr import camera_problem, qr_svg
from junban.ui.parts.sheet import sheet

i18n.register("phones")

VIDEO_ID = "phones-video"


def may_host(table) -> bool:
    """May this table move seats onto phones? A game played on phones, under way, with people at it (not a daily
    challenge, which is one person's attempt, nor a first game that teaches)."""
    from junban.net.protocol import GAMES

    session = table.session
    return (session.game in GAMES and not session.is_over and not session.mode and len(session.seats) > 1
            and (any(not s.is_bot for s in session.seats) or getattr(table, "hosting", None) is not None)
            and not getattr(session, "remote", False))


def menu_item(table):
    """The table menu's "Play on several phones" (a table under way moves its people's seats onto phones), at a
    table with phones "Who plays each seat"."""
    if not may_host(table):
        return None
    return h("button", {"type": "button", "class": "button menu-item", "data-act": "phones:setup",
                        "id": "phones-setup"}, phone_icon(), " ",
             t("phones.seats_button") if table.hosting is not None else t("setup.phones_button"))


KINDS = ("here", "phone", "bot")  # who plays a seat: a person at this device, a friend's phone, a bot


def seat_kind(info) -> str:
    return "bot" if info.is_bot else "phone" if info.phone else "here"


def render_setup(table):
    """Who plays each seat: Here / Phone / Bot for every seat (bots too), then Done. Nothing changes before Done."""
    choice = getattr(table, "phones_choice", {})
    rows = []
    for seat, info in enumerate(table.session.seats):
        kind = choice.get(seat, seat_kind(info))
        rows.append(h("li", {"class": "phones-row", "key": seat},
                      h("span", {"class": "phones-name"}, table.seat_name(seat)),
                      h("div", {"class": "segmented small", "role": "group",
                                "aria-label": t("setup.seat_kind", seat=table.seat_name(seat))},
                        [h("button", {"type": "button", "class": "seg", "data-act": f"phones:{option}",
                                      "data-arg": str(seat), "id": f"seat-{seat}-{option}", "key": option,
                                      "aria-pressed": "true" if kind == option else "false"},
                           t(f"setup.{option}")) for option in KINDS])))
    hosting = table.hosting is not None
    return sheet("phones-setup", t("phones.seats_button") if hosting else t("setup.phones_button"),
                 [h("p", {"class": "help"}, t("phones.seats_help") if hosting else t("setup.phone_help")),
                  h("ul", {"class": "phones-list"}, rows),
                  h("p", {"class": "help phones-privacy"}, t("phones.privacy")),
                  known_deal(table)],
                 "table:close",
                 actions=[h("button", {"type": "button", "class": "button sheet-first", "data-act": "table:close"},
                            t("phones.cancel")),
                          h("button", {"type": "button", "class": "button primary", "data-act": "phones:apply",
                                       "id": "phones-apply"}, t("phones.apply"))])


def _apply_setup(table) -> None:
    """Done: the chosen seats change hands (the game goes on, its save says who plays where)."""
    table.close_sheet()
    switch(table, dict(getattr(table, "phones_choice", {})))


def switch(table, kinds: dict) -> None:
    """Give seats to other hands: ``kinds`` maps a seat to "here", "phone" or "bot". Not a move: the game's log is
    untouched, only the save's seats change. A seat that leaves a phone is let go at the host (its phone told why,
    its spare code kept: ``Host.release``); a bot plays at the seat's own level if it had one at this table, else
    at the table's (``table_shape``), from its seat's view, at once if the game waits for it (the table's bot
    loop); a seat back on a phone gets its pairing (``attach``); a person here takes the turn on this device. A
    seat's own bot level is kept in its ``Seat`` (and so in the save) while a person plays it."""
    from junban.session import Seat

    session = table.session
    _, _, level = table.table_shape()
    level = level or bot_module(session.game).DEFAULT_LEVEL
    old = list(session.seats)
    seats = []
    for seat, info in enumerate(old):
        kind = kinds.get(seat, seat_kind(info))
        kind = kind if kind in KINDS else seat_kind(info)
        if kind == "bot":
            seats.append(info if info.is_bot else Seat("bot", info.name, info.level or level))
        else:  # (a seat's own bot level stays with it, in the save: a bot taking it again plays at that level)
            seats.append(Seat("person", info.name, info.level, phone=kind == "phone"))
    changed = [seat for seat in range(len(old)) if seat_kind(old[seat]) != seat_kind(seats[seat])]
    if not changed:
        return
    host = table.hosting or table.services.hosts.get(session.id)
    for seat in changed:
        if old[seat].phone and host is not None:
            host.release(seat, seat_kind(seats[seat]))
        table.services.dismiss(f"phone-{seat}")
    session.seats = seats
    session.forget_bots(changed)
    if any(old[seat].is_bot for seat in changed):
        table.thinking = None  # a move a bot was working out for a seat it no longer plays is dropped when it comes
    table.services.save(session)
    if host is not None:
        host.seats_changed()  # the other phones' chips say who plays each seat now
    people = session.person_seats()
    table.viewer = people[0] if len(people) == 1 else (table.viewer if table.viewer in people else None)
    table.local = table.ui.new_table_state()  # a selection made for the seat before is not the new hands'
    if session.phone_seats():
        table.hosting = attach(table)
    elif host is not None and any(may_rejoin(host, s) for s in host.links):
        table.hosting = host  # no phone seat now, but a phone's way back still waits (its spare code)
    else:
        table.hosting = None
        if host is not None:
            host.close()
            table.services.hosts.pop(session.id, None)
    table.services.announce(" ".join(t(f"phones.switched.{seat_kind(seats[s])}", name=table.seat_name(s))
                                     for s in changed))


def attach(table):
    """The host of this table's phone seats (made once per game while the app runs), or None without any."""
    session = table.session
    if not session.phone_seats():
        return None
    services = table.services
    if not services.platform.peer_supported():  # no WebRTC at all: said in the table's first drawing, seats played here
        _play_here(table, services.hosts.get(session.id))
        return None
    host = services.hosts.get(session.id)
    if host is None:
        host = Host(services.platform, session.id, session.game, table, on_change=lambda: _changed(table),
                    page_url=services.platform.page_url())
        host.save = lambda: services.save(host.session)  # (a phone's standing offer is kept in the save)
        services.hosts[session.id] = host
    host.attach(table, on_change=lambda: _changed(table))
    previous, moves = services.rematches.pop(session.id, (None, None))
    if previous is not None:  # a rematch: the phones of the table before come along, no new pairing
        services.hosts.pop(previous.table_id, None)
        moved = host.take_over(previous, moves)
        if moved:  # said on screen (an info notice that goes by itself) and aloud
            if moves is None or all(old == new for old, new in moves.items()):
                words = t("phones.rematch", names=", ".join(table.seat_name(s) for s in moved))
            else:
                words = t("phones.reseated", names=", ".join(t("phones.reseated_one", name=table.seat_name(s),
                                                                n=s + 1) for s in moved))
            services.notify(words, "info", key="phones-rematch")
    table.phones_seat = None  # the seat whose code the sheet shows
    table.phones_scanning = False
    table.phones_error = None
    table.local_answer = ""  # an answer being pasted
    table.hosting = host
    if not session.is_over:
        services.platform.load_peer_code(lambda failure: _peer_code_ready(table, host, failure))
    return host


def _peer_code_ready(table, host: Host, failure: str | None) -> None:
    if failure:
        table.phones_error = t("phones.no_code", reason=failure)
    else:
        for seat in table.session.phone_seats():
            status = host.status(seat)
            # this page reloaded: a phone that left its standing offer takes this table's answer to it (one exchange)
            refused = host.answer_standing(seat) if status == "closed" and seat in host.session.standing else None
            if refused is not None:  # not a code for this seat (a changed save): said, and a new code instead
                table.services.notify(t("phones.standing_refused", name=table.seat_name(seat)), "error",
                                      key=f"phone-standing-{seat}")
            if host.status(seat) in ("closed", "released"):  # (released: a seat given back to a phone)
                host.offer(seat)
        # (a phone coming along from the game before, "connecting" until its hello, needs no code)
        waiting = next((s for s in table.session.phone_seats()
                        if host.status(s) in ("preparing", "offering", "answering")), None)
        if waiting is not None and not table.sheet.is_open():
            table.phones_seat = waiting
            table.open_sheet("phones", opener="#open-phones")
    table.services.render()


def detach(table) -> None:
    """The table is left: the phones stay connected, but nothing is played until it is shown again."""
    stop_scan(table)
    if table.hosting is not None:
        table.hosting.detach(table)


def _changed(table) -> None:
    host = table.hosting
    if host is None:
        return
    if any(link.problem == "net.no_webrtc" for link in host.links.values()):
        _play_here(table, host)
        return
    _say_lost(table, host)
    seat = table.phones_seat
    if seat is not None and host.status(seat) == "playing" and table.sheet.is_open("phones"):
        stop_scan(table)
        table.services.announce(t("phones.joined", name=table.seat_name(seat)))
        table.phones_seat = _first_waiting(table)
        if table.phones_seat is None:
            table.close_sheet()
    if table.services.is_showing(table):
        table.services.render()


def _play_here(table, host: Host | None) -> None:
    """This browser cannot connect to phones at all (no WebRTC): the seats on phones are played here, the game
    goes on, and the host is told why and what to do instead (in view: the phones sheet closes). Called as the
    table is made (``attach``, ``host`` None unless one was kept from before), so the notice is in its first
    drawing."""
    from junban.session import Seat

    session = table.session
    names = [table.seat_name(s) for s in session.phone_seats()]
    session.seats = [Seat(info.kind, info.name, info.level, phone=False) for info in session.seats]
    table.services.save(session)
    if host is not None:
        host.close()
    table.services.hosts.pop(session.id, None)
    table.hosting = None
    table.phones_scanning = False
    if table.sheet.is_open("phones"):
        table.close_sheet()
    people = session.person_seats()
    table.viewer = people[0] if len(people) == 1 else None
    table.services.notify(t("phones.no_webrtc_here", names=", ".join(names)), "error", key="phones-none",
                          sticky=True)
    if table.services.is_showing(table):
        table.services.render()


def _say_lost(table, host: Host) -> None:
    """A phone that was playing and is gone (or whose person left) gets a notice with its way back and a bot a tap
    away; back, the notice goes."""
    seen = table.__dict__.setdefault("phones_seen", {})
    for seat in table.session.phone_seats():
        status = host.status(seat)
        key = f"phone-{seat}"
        if (status == "left" and seen.get(seat) != "left") or (status in ("lost", "unreachable")
                                                                and seen.get(seat) == "playing"):
            _notice(table, host, seat)
        elif status == "playing":
            table.services.dismiss(key)
        seen[seat] = status


def _notice(table, host: Host, seat: int) -> None:
    """Say (or say again, in the language now shown) what became of ``seat``'s phone, with what to do."""
    status = host.status(seat)
    if table.session.is_over or status not in ("left", "lost", "unreachable"):
        return
    name = table.seat_name(seat)
    to_bot = (t("phones.to_bot"), "phones:to-bot", str(seat))  # a seat whose phone is gone: a bot in one tap
    if status == "left":
        table.services.notify(t("phones.left_notice", name=name), "error", key=f"phone-{seat}", action=to_bot,
                              more=(t("phones.show_code"), "phones:show", str(seat)))
        return
    link = host.links.get(seat)
    flooded = link is not None and link.problem == "net.flood"
    back = not flooded and may_rejoin(host, seat)
    table.services.notify(t("phones.flood_notice" if flooded else "phones.lost_back_notice" if back
                            else "phones.lost_notice", name=name), "error", key=f"phone-{seat}",
                          action=(t("phones.take_answer" if back else "phones.show_code"), "phones:show", str(seat)),
                          more=to_bot)


def say_again(table) -> None:
    """The language changed: the phones' notices still shown say it in the new one."""
    host = table.hosting
    shown = {n.key for n in table.services.notices}
    for seat in table.session.phone_seats() if host is not None else ():
        if f"phone-{seat}" in shown:
            _notice(table, host, seat)


def _first_waiting(table) -> int | None:
    host = table.hosting
    for seat in table.session.phone_seats():
        if host is not None and host.status(seat) != "playing":
            return seat
    return None


# ---------------------------------------------------------------------- drawing


def bar_button(table):
    """The top bar's phones button: how many phones are here, of how many (a warning when one is missing)."""
    host = table.hosting
    seats = table.session.phone_seats()
    if not seats:
        return None  # (a host kept only for a phone's way back: Who plays each seat gives the seat back)
    here = sum(1 for s in seats if host.status(s) == "playing")
    missing = here < len(seats) and not table.session.is_over
    return h("button", {"type": "button", "class": ["bar-button", "phones-button", "warn" if missing else None],
                        "data-act": "table:sheet", "data-arg": "phones", "id": "open-phones",
                        "aria-haspopup": "dialog", "aria-label": t("phones.button", here=here, n=len(seats))},
             h("span", {"class": "bar-icon", "aria-hidden": "true"}, phone_icon()),
             h("span", {"class": "phones-count", "aria-hidden": "true"}, f"{here}/{len(seats)}"))


def seat_mark_state(table, seat: int) -> str | None:
    """What ``seat_mark`` shows of a phone seat: None at a guest's table, else that phone's state."""
    return None if table.hosting is None else _state(table.hosting.status(seat))


def seat_mark(table, seat: int):
    """A phone seat's chip says it is played on a phone; at the host, also whether that phone is here."""
    if table.hosting is None:  # a guest's table: the other phones are the host's business
        return h("span", {"class": "phone-mark", "title": t("phones.on_phone")}, phone_icon(),
                 h("span", {"class": "visually-hidden"}, " ", t("phones.on_phone")))
    state = _state(table.hosting.status(seat))
    return h("span", {"class": ["phone-mark", "here" if state == "here" else "away"],
                      "title": t(f"phones.state.{state}")},
             phone_icon(),
             h("span", {"class": "visually-hidden"}, " ", t(f"phones.state.{state}")))


def _state(status: str) -> str:
    return {"preparing": "waiting", "offering": "waiting", "connecting": "connecting", "playing": "here",
            "lost": "lost", "unreachable": "unreachable", "left": "left"}.get(status, "waiting")


def render_sheet(table):
    host = table.hosting
    session = table.session
    seat = table.phones_seat if table.phones_seat in session.phone_seats() else _first_waiting(table)
    table.phones_seat = seat
    pairing_shown = seat is not None and host is not None and not session.is_over
    # a refusal is shown under the answer field
    answer_field = pairing_shown and (host.status(seat) == "offering" or may_rejoin(host, seat))
    rows = [_seat_row(table, s) for s in session.phone_seats()]
    return sheet("phones", t("phones.title"),
                 [h("p", {"class": "error-text", "role": "alert"}, table.phones_error)
                  if table.phones_error and not answer_field else None,
                  _pairing(table, seat) if pairing_shown else None,
                  h("ul", {"class": "phones-list", "aria-label": t("phones.list")}, rows),
                  None if session.is_over else
                  h("button", {"type": "button", "class": "button", "data-act": "phones:setup", "id": "phones-seats"},
                    t("phones.seats_button")),
                  h("p", {"class": "help phones-privacy"}, t("phones.privacy")),
                  known_deal(table)],
                 "table:close", kind="wide")


def known_deal(table):
    """A table with phones whose deal was not dealt in secret for them (a shared link, a seed typed or shown at
    setup, a game moved onto phones) says so: whoever knows its seed can work out every hand."""
    if table.session.private or table.session.is_over:
        return None
    return h("p", {"class": "phones-known-deal warning", "id": "phones-known-deal"}, t("phones.known_deal"))


def _seat_row(table, seat: int):
    host = table.hosting
    status = host.status(seat)
    state = _state(status)
    name = table.seat_name(seat)
    showing = seat == table.phones_seat and state != "here"
    return h("li", {"class": ["phones-row", f"phones-{state}"], "key": seat},
             h("span", {"class": "phones-name"}, phone_icon(), " ", name),
             h("span", {"class": "phones-state"}, t(f"phones.state.{state}")),
             None if showing or state == "here" or table.session.is_over else
             h("button", {"type": "button", "class": "button small", "data-act": "phones:show", "data-arg": str(seat)},
               t("phones.show_code")))


def _pairing(table, seat: int):
    """One seat's pairing: its code (a QR code and a link), then the guest's answer (scanned or pasted)."""
    host = table.hosting
    link = host.links.get(seat)
    name = table.seat_name(seat)
    status = host.status(seat)
    if link is None or status == "preparing":
        return h("section", {"class": "phones-pairing", "aria-busy": "true"},
                 h("h3", {}, t("phones.pair_title", name=name)), h("p", {"class": "muted"}, t("phones.making")))
    problem = h("p", {"class": "error-text", "role": "alert"}, _problem_text(link.problem)) \
        if status in ("lost", "unreachable") and link.problem else None
    # a seat whose phone is gone (lost, unreachable, its person left): a bot takes it in one tap, right here
    to_bot = h("button", {"type": "button", "class": "button", "data-act": "phones:to-bot", "data-arg": str(seat),
                          "id": "phones-to-bot"}, t("phones.to_bot_named", name=name))
    if status == "left":
        return h("section", {"class": "phones-pairing"},
                 h("h3", {}, t("phones.pair_title", name=name)),
                 h("p", {"class": "error-text", "role": "alert"}, t("phones.problem.left", name=name)),
                 h("div", {"class": "actions"}, to_bot,
                   h("button", {"type": "button", "class": "button quiet", "data-act": "phones:new",
                                "data-arg": str(seat), "id": "phones-new-code"}, t("phones.new_code"))))
    if status in ("lost", "unreachable") and may_rejoin(host, seat):
        # The phone kept this seat's spare code: on it, "Rejoin" shows its answer at once; take it here.
        return h("section", {"class": "phones-pairing"},
                 h("h3", {}, t("phones.pair_title", name=name)),
                 h("p", {"class": "error-text", "role": "alert"}, t("phones.problem.lost_back"))
                 if link.problem == "net.lost" else problem,
                 h("p", {"class": "phones-step", "id": "phones-rejoin-help"}, t("phones.rejoin_help", name=name)),
                 _answer_part(table, seat),
                 h("div", {"class": "actions"}, to_bot,
                   h("button", {"type": "button", "class": "button quiet", "data-act": "phones:new",
                                "data-arg": str(seat), "id": "phones-new-code"}, t("phones.new_code"))))
    if status in ("lost", "unreachable"):
        return h("section", {"class": "phones-pairing"},
                 h("h3", {}, t("phones.pair_title", name=name)), problem,
                 h("div", {"class": "actions"},
                   h("button", {"type": "button", "class": "button primary", "data-act": "phones:new",
                                "data-arg": str(seat), "id": "phones-new-code"}, t("phones.new_code")), to_bot))
    if status == "answering":
        return _standing_answer(table, seat, link)
    if status == "connecting":
        return h("section", {"class": "phones-pairing", "aria-busy": "true"},
                 h("h3", {}, t("phones.pair_title", name=name)),
                 h("p", {"class": "phones-step"}, t("phones.connecting", name=name)))
    matrix = table.services.platform.qr_matrix(link.code) if link.code else []
    # A phone back from a reload that kept its spare code needs no code: its answer first, in view on a phone.
    rejoin = may_rejoin(host, seat) and link.joined_once
    code = [h("div", {"class": "phones-code"},
              h("div", {"class": "phones-qr"}, qr_svg(matrix, t("phones.qr_label", name=name), "phones-qr")),
              h("ol", {"class": "phones-steps"},
                h("li", {}, t("phones.step1", name=name)),
                h("li", {}, t("phones.step2")),
                h("li", {}, t("phones.step3")))),
            h("div", {"class": "phones-link row"},
              h("input", {"type": "text", "readonly": True, "value": link.code, "id": "phones-link",
                          "aria-label": t("phones.link_label", name=name)}),
              h("button", {"type": "button", "class": "button small", "data-act": "phones:copy",
                           "data-arg": str(seat)}, t("phones.copy")))]
    if rejoin:
        return h("section", {"class": "phones-pairing"},
                 h("h3", {}, t("phones.pair_title", name=name)),
                 h("p", {"class": "phones-step", "id": "phones-rejoin-help"}, t("phones.rejoin_help", name=name)),
                 _answer_part(table, seat),
                 h("p", {"class": "help", "id": "phones-rejoin-or"}, t("phones.rejoin_or_scan", name=name)),
                 code)
    return h("section", {"class": "phones-pairing"}, h("h3", {}, t("phones.pair_title", name=name)), code,
             _answer_part(table, seat))


def _standing_answer(table, seat: int, link):
    """After this page reloaded: this table's answer to the standing offer ``seat``'s phone left in the save, first
    and by itself (its QR code, the code to send instead); the phone, still at the table, takes it — one exchange.
    Below: a new code, for a phone whose page reloaded too (its standing connection is gone)."""
    name = table.seat_name(seat)
    matrix = table.services.platform.qr_matrix(link.code) if link.code else []
    return h("section", {"class": "phones-pairing"},
             h("h3", {}, t("phones.pair_title", name=name)),
             h("p", {"class": "phones-step", "id": "phones-back-help"}, t("phones.back_help", name=name)),
             h("div", {"class": "phones-code phones-back"},
               h("div", {"class": "phones-qr"}, qr_svg(matrix, t("phones.back_label", name=name), "phones-qr"))),
             h("div", {"class": "phones-link row"},
               h("input", {"type": "text", "readonly": True, "value": link.code, "id": "phones-back-code",
                           "aria-label": t("phones.back_label", name=name)}),
               h("button", {"type": "button", "class": "button small", "data-act": "phones:copy",
                            "data-arg": str(seat)}, t("phones.copy_code"))),
             h("p", {"class": "help", "id": "phones-back-or"}, t("phones.back_or_new", name=name)),
             h("div", {"class": "actions"},
               h("button", {"type": "button", "class": "button quiet", "data-act": "phones:new", "data-arg": str(seat),
                            "id": "phones-new-code"}, t("phones.new_code"))))


def may_rejoin(host: Host, seat: int) -> bool:
    """Does ``seat``'s phone hold a spare code of this host whose connection still waits (``Host._offer_spare``)?"""
    link = host.links.get(seat)
    return link is not None and link.spare_code is not None and link.spare_conn is not None


def _answer_part(table, seat: int):
    """Where the guest's answer is scanned or pasted, a refusal said right under it."""
    return h("div", {"class": "phones-answer"},
          h("video", {"id": VIDEO_ID, "class": "phones-video", "playsinline": True, "muted": True,
                      "aria-label": t("phones.camera")}) if table.phones_scanning else None,
          h("button", {"type": "button", "class": "button primary", "data-act": "phones:scan", "data-arg": str(seat),
                       "id": "phones-scan"},
            t("phones.scan_stop") if table.phones_scanning else t("phones.scan")),
          h("label", {"class": "field-label", "for": "phones-answer"}, t("phones.paste_label")),
          h("div", {"class": "row"},
            h("input", {"type": "text", "id": "phones-answer", "data-field": "phones-answer", "autocomplete": "off",
                        "spellcheck": "false", "inputmode": "text", "enterkeyhint": "go",
                        "placeholder": t("phones.paste_placeholder"),
                        "aria-invalid": "true" if table.phones_error else None,
                        "aria-describedby": "phones-answer-error" if table.phones_error else None}),
            h("button", {"type": "button", "class": "button", "data-act": "phones:paste", "data-arg": str(seat)},
              t("phones.connect"))),
          # where the eye is: right under the field and the button just tapped
          h("p", {"class": "error-text field-error", "role": "alert", "id": "phones-answer-error"},
            table.phones_error) if table.phones_error else None)


def _problem_text(code: str | None) -> str:
    if code in PROBLEMS:
        return t(f"phones.problem.{code.split('.', 1)[-1]}")
    if code and code.startswith(("pairing.", "net.")):  # the code could not be made: the reason, in words
        return t("phones.no_code", reason=error_text(JunbanError("", code=code)))
    return t("phones.problem.lost")


PROBLEMS = ("net.lost", "net.unreachable", "net.wrong_table", "net.flood", "net.no_webrtc", "net.offer_failed",
            "net.bad_answer", "net.answer_failed", "net.bad_offer", "net.standing_stale")


# ---------------------------------------------------------------------- input


def handle(table, act: str, arg: str | None) -> None:
    host = table.hosting
    if host is None and act not in ("phones:setup", "phones:here", "phones:phone", "phones:bot", "phones:apply"):
        return
    seat = int(arg) if arg and arg.isdigit() and int(arg) in table.session.phone_seats() else None
    if act == "phones:setup":
        table.phones_choice = {}
        stop_scan(table)
        table.open_sheet("phones-setup", opener="#open-menu")
        return
    if act in ("phones:here", "phones:phone", "phones:bot") and arg and arg.isdigit() \
            and int(arg) < len(table.session.seats):
        table.__dict__.setdefault("phones_choice", {})[int(arg)] = act.split(":", 1)[1]
        return
    if act == "phones:apply":
        _apply_setup(table)
        return
    if act == "phones:to-bot" and seat is not None and not table.session.is_over:
        stop_scan(table)  # one tap: the seat whose phone is gone (left, lost) goes to a bot
        if table.sheet.is_open("phones"):
            table.close_sheet()
        switch(table, {seat: "bot"})
        return
    if act in ("phones:show", "phones:new") and seat is not None:
        stop_scan(table)
        table.phones_error = None
        table.phones_seat = seat
        if act == "phones:new" or host.status(seat) not in ("offering", "answering"):
            host.offer(seat)  # (a phone holding its spare code needs none: its answer is taken here all the same)
        if not table.sheet.is_open("phones"):
            table.open_sheet("phones", opener="#open-phones")
    elif act == "phones:copy" and seat is not None:
        link = host.links.get(seat)
        if link and link.code:
            table.services.platform.copy_text(link.code, lambda ok: table.services.announce(
                t("table.copied") if ok else t("table.copy_failed")))
    elif act == "phones:scan" and seat is not None:
        if table.phones_scanning:
            stop_scan(table)
        else:
            table.phones_scanning = True
            table.phones_seat = seat
            table.services.platform.call_later(0, lambda *_: _start_scan(table, seat))
    elif act == "phones:paste" and seat is not None:
        take_answer(table, seat, table.local_answer)


def field(table, name: str, value, final: bool) -> bool:
    if name == "phones-answer":
        table.local_answer = str(value)[:400]
        if final and table.phones_seat is not None and table.local_answer.strip():
            take_answer(table, table.phones_seat, table.local_answer)
            return True
        return False
    return False


def take_answer(table, seat: int, text: str) -> None:
    """The answer scanned or pasted where ``seat``'s code is shown. A refusal is said under the answer field, in
    view (never only in a toast behind the sheet); an answer made for another seat's code goes to that seat."""
    host = table.hosting
    error = host.answer(seat, text)
    if error is not None:
        table.phones_error = t("phones.bad_answer", reason=answer_refusal(table, error))
        table.services.announce(table.phones_error)
        platform = table.services.platform  # once drawn under the field: scrolled into view, the focus left there
        platform.call_later(0, lambda *_: platform.reveal("#phones-answer-error"))
    else:
        table.phones_error = None
        table.local_answer = ""
        stop_scan(table)
        if host.routed_to is not None:
            table.phones_seat = host.routed_to
            table.services.announce(t("phones.routed", name=table.seat_name(host.routed_to)))


def answer_refusal(table, error) -> str:
    """Why an answer was refused, in words, naming the seat it was for (by its person's name) when it says."""
    seat = error.params.get("seat") if getattr(error, "params", None) else None
    if error.code in ("pairing.old_code", "pairing.seat_taken", "pairing.seat_released") and isinstance(seat, int):
        return t(f"err.{error.code}", name=table.seat_name(seat))
    return error_text(error)


def _start_scan(table, seat: int) -> None:
    if not table.phones_scanning or not table.services.is_showing(table):
        return

    def on_event(kind, data):
        if kind == "text" and table.phones_scanning:
            take_answer(table, seat, str(data))
        elif kind == "error":
            table.phones_scanning = False
            table.phones_error = camera_problem("phones", data)
        table.services.render()

    table.services.platform.scan_start(VIDEO_ID, on_event)


def stop_scan(table) -> None:
    if getattr(table, "phones_scanning", False):
        table.phones_scanning = False
        table.services.platform.scan_stop()
