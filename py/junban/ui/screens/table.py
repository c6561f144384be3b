"""The table, common to every game: whose device it is, bots at a readable pace, the move log, saving, sharing,
the sheets over the table, the end.

The game's own UI module (``junban.ui.games.<game>``) draws the table from a view and turns clicks into actions;
this screen owns what every game shares:

- **Passing the device.** With several people at one device, a person's hand is shown only after they confirm
  "I am NAME" on a cover screen, so nobody sees another's cards. The cover shows what happened since that
  person's last turn. ``viewer`` is the seat whose hand is shown. When several seats decide at once (23's secret
  discard: ``session.seats_to_act``), the people here take their turns one after another behind the cover (the
  viewer first, if the game waits for them), while bots and phones decide in the meantime.
- **Bots** act one action at a time with a pause (the speed setting), never all at once; "skip to my turn" drops
  the pause until a person is to act. The page stays responsive: each bot action is its own timer callback.
- **What happened**: the move log (``parts.movelog``) beside the table on a wide screen, a one-line recap that
  opens it on a phone; cards travel as they are played (``parts.motion``).
- **Sheets** over the table (``parts.sheet``): the menu (share, bot speed, language), the rules, the log on a
  phone, the result; a game adds its own (The Game's pile markers, a confirmation).
- **Saving** after every action; another tab writing the same save is noticed, never silently overwritten.
- **The end**: the result (once in the history), replay this deal / new deal / share.
- **Help**: the rules as a sheet; hints a game's table gives go through ``note_hint`` (the game is then marked
  assisted); a first game that teaches (``parts.tutorial``, a save of mode "tutorial") adds its coach mark, may
  refuse an action the step does not ask for, holds the bots while the person reads, and plays its own bots.
"""
from __future__ import annotations

from junban import links
from junban.errors import IllegalAction, JunbanError
from junban.games import acting_seat
from junban.rng import random_seed, secret_seed
from junban.session import Session
from junban.ui import i18n, sound, tutorials
from junban.ui.dom import h
from junban.ui.games import game_ui
from junban.ui.i18n import error_text, t
from junban.ui.parts import marks, movelog, phones, reseat
from junban.ui.parts.kept import Kept
from junban.ui.parts.motion import origin
from junban.ui.parts.sheet import SheetState, sheet
from junban.ui.services import SPEEDS

# Sheets every table has; a game's own sheets are drawn by its module (``render_sheet``).
SHARED_SHEETS = ("menu", "log", "rules", "result", "phones", "phones-setup")
# The sheets the pass-the-device cover opens over itself (the top bar's ? and ☰ work there too); they show
# nothing of anyone's hand.
COVER_SHEETS = ("menu", "log", "rules")


class TableScreen:
    motion = True  # cards travel between renders (assets/table.js)
    screen_class = "table-screen"
    focus_on_show = "#status || #main"

    def __init__(self, services, session: Session):
        self.services = services
        self.session = session
        self.ui = game_ui(session.game)
        people = session.person_seats()
        self.viewer: int | None = people[0] if len(people) == 1 else None
        self.local = self.ui.new_table_state()  # the game UI's own selection state
        self.log = movelog.MoveLog(self.ui, session)
        self.log_length = len(session.actions)  # how many of the game's actions the move log has seen
        self.kept = Kept()  # parts of the table drawn again only when what they show changed (parts/kept.py)
        self._view = None  # (state, seat, its view): the last view made (``view``)
        self.sheet = SheetState()
        self.bot_timer = None
        self.thinking = None  # while a bot's move is being worked out: the token of that request (ui/thinking.py)
        self.skipping = False
        self.share_url: str | None = None
        self.recap_folded_at: int | None = None  # the recap folded to one line while the log had this many entries
        self.shared: str | None = None  # how "Share this deal" went ("copied", "failed", ...; services.share)
        self.conflict = False
        self.stored_actions = list(session.actions)  # the log as this tab last wrote or read it in storage
        self.opened_at = services.platform.now()
        self.send_link: str | None | bool = False  # "Send this game" (screens/storage.py): closed, a link, too long
        self.sent: str | None = None  # how sharing that link went
        self.review = None  # a finished game's analysis and replay (a game UI's), shown instead of the table
        self.tutorial = tutorials.start(self)
        self.offer_tutorial = not session.mode and services.first_visit(session.game)  # shown in the top bar
        self.hosting = None  # the host of seats played on other phones (parts/phones.py), if it has any
        phones.attach(self)
        if any(seat.is_bot for seat in session.seats) and not session.is_over and self.tutorial is None:
            from junban.ui.thinking import Thinking

            Thinking.of(services).warm_up()  # the bots' worker starts now: the first move does not wait for it
        if session.is_over:
            self._record_finished()

    @property
    def title(self) -> str:
        return t(f"game.{self.session.game}.title")

    # ------------------------------------------------------------------ who sees what

    @property
    def people(self) -> list[int]:
        return self.session.person_seats()

    def person_to_act(self) -> int | None:
        """The person at this device whose decision the game waits for: the viewer if it waits for them, else the
        first of the people it waits for (several at once in 23's discard); None while it waits for nobody here."""
        waiting = self.session.seats_to_act
        people = self.people
        if self.viewer in waiting and self.viewer in people:
            return self.viewer
        return next((seat for seat in waiting if seat in people), None)

    def needs_handover(self) -> bool:
        """Is a person at this device to act whose hand must not be shown until they confirm they hold it?"""
        seat = self.person_to_act()
        return seat is not None and len(self.people) >= 2 and seat != self.viewer

    def view(self) -> dict:
        """The view the screen draws: the viewer's, or (no viewer yet) a seat's view with the hand hidden. Made
        once per position and seat (a drawing asks for it a dozen times; the engine's states are never changed in
        place, and nothing here changes a view)."""
        seat = self.viewer if self.viewer is not None else (self.people[0] if self.people else 0)
        state = getattr(self.session, "state", None)  # (a guest's game holds its one view already)
        made = self._view
        if made is not None and made[0] is state and made[1] == seat:
            return made[2]
        view = self.session.view(seat)
        self._view = (state, seat, view) if state is not None else None
        return view

    @property
    def reader(self) -> int | None:
        """Whom the table's words address ("(you)" in the recap and the log): the person the pass-the-device
        cover calls, else the viewer."""
        return self.person_to_act() if self.needs_handover() else self.viewer

    def hand_visible(self) -> bool:
        return self.viewer is not None and not self.needs_handover()

    def my_turn(self) -> bool:
        """May the viewer act now (their hand shown, the game waiting for their decision)?"""
        return self.hand_visible() and self.session.may_act(self.viewer)

    def legal(self) -> list[dict]:
        """What the viewer may do now (the engine's legal actions of their seat; none when it is not their turn)."""
        return self.session.legal_actions(self.viewer) if self.my_turn() else []

    def seat_name(self, seat: int) -> str:
        info = self.session.seats[seat]
        return i18n.default_name(info.name, seat, info.kind)

    def moment(self):
        """Where the game stands, as a value that changes with every action (what a hint was computed for)."""
        return len(self.session.actions)

    def entries(self) -> list:
        """The move log's entries (what a phone at this table is sent of the log)."""
        return self.log.entries

    def since_my_turn(self) -> list:
        """What the others did since the viewer last acted (the recap; a game marks these cards on the table)."""
        if self.viewer is None:
            return []
        return self.log.since_last_action_of(self.viewer)

    # ------------------------------------------------------------------ render

    def header_items(self):
        """The table's own part of the top bar: its title, the game's own buttons (``bar_items(table)``, if the
        game has any: Eleusis's "Your guess"), and buttons for the rules and the menu."""
        game_items = getattr(self.ui, "bar_items", None)
        # The title, the tutorial's offer and the rules and menu buttons change only with the language: kept.
        return h("div", {"class": "table-bar"},
                 self.kept.part("title", (self.session.game,), self._title),
                 marks.mode_chip(self.session),
                 game_items(self) if game_items else None,
                 self.kept.part("learn", (self.session.game,), self._learn) if self.offer_tutorial else None,
                 self._link_button(),
                 self.kept.part("rules", (), lambda: h(
                     "button", {"type": "button", "class": "bar-button", "data-act": "table:sheet", "data-arg": "rules",
                                "id": "open-rules", "aria-haspopup": "dialog", "aria-label": t("table.rules")},
                     h("span", {"class": "bar-icon", "aria-hidden": "true"}, "?"),
                     h("span", {"class": "bar-label"}, t("table.rules")))),
                 self.kept.part("menu", (), lambda: h(
                     "button", {"type": "button", "class": "bar-button", "data-act": "table:sheet", "data-arg": "menu",
                                "id": "open-menu", "aria-haspopup": "dialog", "aria-label": t("table.menu")},
                     h("span", {"class": "bar-icon", "aria-hidden": "true"}, "☰"))))

    def _learn(self):
        """The top bar's offer of the game's first game that teaches (on a first visit)."""
        return h("a", {"class": "bar-button learn", "href": f"#/tutorial/{self.session.game}", "id": "learn",
                       "aria-label": t("tut.offer.play")},
                 h("span", {"class": "bar-label"}, t("tut.offer.play")),
                 h("span", {"class": "bar-label-short", "aria-hidden": "true"}, t("tut.learn_short")))

    def _title(self):
        """The game's name; where it has a short form ("Solo science"), a phone's narrow top bar shows that one
        (screen readers still read the whole name)."""
        short = f"game.{self.session.game}.title_short"
        if not i18n.has(short):
            return h("h1", {"class": "table-title"}, self.title)
        return h("h1", {"class": ["table-title", "has-short"]},
                 h("span", {"class": "title-full"}, self.title),
                 h("span", {"class": "title-short", "aria-hidden": "true"}, t(short)))

    def _link_button(self):
        """The top bar's button for the phones joined to this table (parts/phones.py), if it has any."""
        return phones.bar_button(self) if self.hosting else None

    def render(self):
        if self.review is not None:
            return h("div", {"class": ["table-frame", f"game-{self.session.game}", "reviewing"],
                             "inert": True if self.sheet.is_open() else None, "key": "frame"},
                     h("div", {"class": "table-body"}, self.review.render(self))), self._sheet()
        if self.needs_handover():
            return [self._cover(), self._sheet() if self.sheet.name in COVER_SHEETS else None]
        body = self.ui.render_table(self)  # first: drawing the table may open one of the game's sheets
        sheet_open = self.sheet.is_open()
        over = self.session.is_over
        return [
            h("div", {"class": ["table-frame", f"game-{self.session.game}", "over" if over else None],
                      "inert": True if sheet_open else None, "key": "frame"},
              h("div", {"class": "table-head"}, self._seats(), self._recap_row(), self._controls()),
              h("div", {"class": "table-body"}, body),
              h("aside", {"class": "table-log", "aria-labelledby": "log-title"},
                h("h2", {"class": "log-title", "id": "log-title"}, t("log.title")),
                movelog.render_log(self)) if self.log.enabled else None,
              self._end_banner() if over and not self.sheet.is_open("result") else None),
            self._sheet(),
            self.tutorial.render(self) if self.tutorial else None,
        ]

    def _cover(self):
        seat = self.person_to_act()
        name = self.seat_name(seat)
        since = self.log.since_last_action_of(seat)
        recap = movelog.render_recap(self, ("since", since), button=False) if since else None
        before, _, after = t("table.pass_to", name="\0").partition("\0")
        return h(
            "section", {"class": "handover", "aria-labelledby": "handover-title", "key": "handover",
                        "inert": True if self.sheet.name in COVER_SHEETS else None},
            # a short name is never cut at its end ("Player / 2")
            h("h1", {"id": "handover-title"}, before,
              h("span", {"class": "nowrap" if len(name) <= 16 else None}, name), after),
            h("p", {}, t("table.pass_help", name=name)),
            recap,
            h("button", {"type": "button", "class": "button primary big", "data-act": "table:reveal",
                         "id": "reveal"}, t("table.i_am", name=name)),
            h("p", {"class": "muted"}, h("a", {"href": "#/"}, t("table.leave"))),
        )

    def _seats(self):
        """A chip per seat: its name, what the game says of it (cards in hand, chips, ...), who is to act."""
        status = getattr(self.ui, "seat_status", None)
        if status is None:
            return None
        view = self.view()
        waiting = self.session.seats_to_act
        # More than five seats may not fit a phone's width: the strip then scrolls sideways (and takes the
        # keyboard's focus so the arrow keys scroll it too), and keeps your seat and the seats the game names
        # (``seats_in_view``: Eleusis's dealer) pinned at its ends while the others scroll between them.
        many = len(self.session.seats) > 5
        keep = getattr(self.ui, "seats_in_view", None)
        pinned = sorted({s for s in [self.reader, *(keep(self, view) if keep else [])] if s is not None})[:2]
        pins = {pinned[0]: "pin-only"} if len(pinned) == 1 else {pinned[0]: "pin-first", pinned[1]: "pin-second"} \
            if pinned else {}
        facts = getattr(self.ui, "seat_facts", None)  # what the game's chip reads of the view: kept while equal
        items = []
        for seat, info in enumerate(self.session.seats):
            is_active = seat in waiting and not self.session.is_over

            def chip(seat=seat, info=info, is_active=is_active):
                return h(
                    "li", {"class": ["seat-chip", "active" if is_active else None, "bot" if info.is_bot else None,
                                     "me" if seat == self.viewer else None, pins.get(seat)],
                           "key": seat, "aria-current": "true" if is_active else None, **origin(f"seat-{seat}")},
                    h("span", {"class": "seat-name"}, self.seat_name(seat),
                      phones.seat_mark(self, seat) if info.phone else None),
                    h("span", {"class": "seat-status"}, status(self, view, seat)))

            if facts is None:
                items.append(chip())
                continue
            inputs = (self.seat_name(seat), is_active, info.is_bot, seat == self.viewer, pins.get(seat),
                      phones.seat_mark_state(self, seat) if info.phone else None, facts(view, seat))
            items.append(self.kept.part(("seat", seat), inputs, chip))
        return h("ul", {"class": ["seat-strip", "many" if many else None], "aria-label": t("table.seats"),
                        "tabindex": "0" if many else None}, items)

    def _controls(self):
        session = self.session
        if not any(seat.is_bot for seat in session.seats) or session.is_over:
            return None
        return h("div", {"class": "table-controls"},
                 h("label", {"class": "speed"}, h("span", {"class": "speed-label"}, t("table.bot_speed")),
                   self._speed_select("speed")),
                 h("button", {"type": "button", "class": "button small skip", "data-act": "table:skip", "id": "skip",
                              "aria-label": t("table.skip")},
                   _skip_icon(), h("span", {"class": "skip-word", "aria-hidden": "true"}, t("table.skip_short")))
                 if session.bot_to_act() and self.people else None)

    def _speed_select(self, ident: str):
        speed = self.services.settings.get("speed", "normal")
        return h("select", {"data-field": "speed", "value": speed, "id": ident, "aria-label": t("table.bot_speed")},
                 [h("option", {"value": k, "selected": k == speed, "key": k}, t(f"speed.{k}")) for k in SPEEDS])

    def _recap_row(self):
        if not self.log.enabled:
            return None
        folded = self.recap_folded_at == len(self.log.entries)
        session, viewer = self.session, self.viewer
        # what the recap reads (``movelog.recap_entries``, the seats' names): kept while it is the same
        inputs = (self.log, self.log.version, movelog.names(self), viewer, session.may_act(viewer), session.to_act,
                  self.reader, folded)
        return self.kept.part("recap", inputs, lambda: h("div", {"class": "recap-row"},
                                                         movelog.render_recap(self, folded=folded)))

    def _end_banner(self):
        return h("section", {"class": "end-banner", "aria-labelledby": "end-title", "id": "end"},
                 self.ui.result_summary(self), marks.result_marks(self.session), self._end_actions())

    def _end_actions(self):
        extra = getattr(self.ui, "end_actions", None)
        return h("div", {"class": "actions end-actions"},
                 h("button", {"type": "button", "class": "button primary", "data-act": "table:same-deal",
                              "id": "same-deal"}, t("end.same_deal")),
                 h("button", {"type": "button", "class": "button", "data-act": "table:new-deal", "id": "new-deal"},
                   t("end.new_deal")),
                 h("button", {"type": "button", "class": "button", "data-act": "reseat:open", "id": "reseat"},
                   t("reseat.button")) if reseat.may_reseat(self) else None,
                 extra(self) if extra else None,
                 h("button", {"type": "button", "class": "button", "data-act": "table:share"}, t("table.share")),
                 h("a", {"class": "button quiet", "href": "#/history"}, t("end.history")),
                 h("a", {"class": "button quiet", "href": "#/"}, t("end.home")))

    # ------------------------------------------------------------------ sheets

    def open_sheet(self, name: str, arg: str | None = None, opener: str | None = None, focus: str | None = None,
                   unasked: bool = False):
        """Open a sheet over the table; ``unasked``: it opens by itself, not at a tap on its opener (it then
        ignores taps longer as it arrives: parts/sheet.py)."""
        self.sheet.open(self.services, name, arg, opener, focus, unasked)

    def close_sheet(self) -> None:
        self.sheet.close(self.services)

    def _sheet(self):
        layer = self._sheet_layer()
        if layer is not None and self.sheet.unasked:
            layer.attrs["class"] = f"{layer.attrs.get('class', '')} unasked".strip()
        return layer

    def _sheet_layer(self):
        name = self.sheet.name
        if name is None:
            return None
        if name == "menu":
            return sheet("menu", t("table.menu"), self._menu(), "table:close", kind="menu", anchor="at-top-end")
        if name == "log":
            return sheet("log", t("log.title"), movelog.render_log(self, place="sheet"), "table:close")
        if name == "rules":
            from junban.ui.screens.rules import rules_body

            return sheet("rules", t("rules.title", game=self.title), rules_body(self.session.game), "table:close")
        if name == "phones":
            return phones.render_sheet(self)
        if name == "phones-setup":
            return phones.render_setup(self)
        if name == "reseat":
            return reseat.render(self)
        if name == "result":
            # The result, here or (once this sheet is closed) in the banner, is always "#end".
            return sheet("result", t("end.title"),
                         h("section", {"class": "end-result", "id": "end", "aria-labelledby": "end-title"},
                           self.ui.result_summary(self), marks.result_marks(self.session), self._celebration()),
                         "table:close",
                         actions=self._end_actions(), kind="result")
        return self.ui.render_sheet(self, name, self.sheet.arg)

    def _menu(self):
        other = "ja" if i18n.language() == "en" else "en"
        bots = any(seat.is_bot for seat in self.session.seats)
        return [
            # A secret deal's seed (a table with phones) is not shown while the game runs: a glance would give
            # the friends' phones every hand.
            None if self.session.private and not self.session.is_over else
            h("p", {"class": "menu-seed muted"}, t("table.seed", seed=self.session.seed)),
            h("div", {"class": "menu-items"},
              h("button", {"type": "button", "class": "button menu-item sheet-first", "data-act": "table:share",
                           "id": "share"}, t("table.share")),
              self._share_box(),
              h("button", {"type": "button", "class": "button menu-item", "data-act": "send:open", "id": "send"},
                t("send.button")),
              _send_box(self),
              phones.menu_item(self),
              h("label", {"class": "menu-item speed"}, t("table.bot_speed"), self._speed_select("menu-speed"))
              if bots else None,
              h("label", {"class": "menu-item setting"},
                h("input", {"type": "checkbox", "data-field": "sound", "id": "menu-sound",
                            "checked": self.services.settings.get("sound") is True}),
                t("table.sound")),
              h("button", {"type": "button", "class": "button menu-item", "data-act": "table:sheet", "data-arg": "log"},
                t("log.title")) if self.log.enabled else None,
              h("button", {"type": "button", "class": "button menu-item", "data-act": "table:sheet",
                           "data-arg": "rules"}, t("table.rules")),
              h("button", {"type": "button", "class": "button menu-item", "data-act": "app:lang", "data-arg": other,
                           "lang": other, "aria-label": t("nav.language_to", name=i18n.LANGUAGES[other])},
                i18n.LANGUAGES[other]),
              h("a", {"class": "button menu-item", "href": "#/history"}, t("nav.history")),
              h("a", {"class": "button menu-item", "href": "#/"}, t("end.home"))),
        ]

    def _share_box(self):
        if not self.share_url:
            return None
        note = {"copied": t("table.copied"), "failed": t("table.copy_failed")}.get(self.shared)
        return h("div", {"class": "share-box"},
                 h("label", {"for": "share-url"}, t("table.share_label")),
                 h("input", {"id": "share-url", "type": "text", "readonly": True, "value": self.share_url}),
                 h("p", {"class": ["share-note", self.shared], "id": "share-note"}, note) if note else None)

    def _celebration(self):
        kind = getattr(self.ui, "celebrate", lambda table: None)(self)
        if not kind:
            return None
        # Falling cards for a win worth celebrating; CSS stops them under prefers-reduced-motion.
        return h("div", {"class": ["celebration", f"celebration-{kind}"], "aria-hidden": "true"},
                 [h("span", {"class": "confetti", "key": i, "style": f"--i:{i}"}) for i in range(18)])

    # ------------------------------------------------------------------ input

    def start_review(self, review) -> None:
        """Show a finished game's review (``review.render/handle/key/start/stop``) instead of the table."""
        self.review = review
        review.start()
        self.services.focus_after_render("#review-title")

    def handle(self, act: str, arg: str | None) -> None:
        if self.review is not None and act.startswith("review:"):
            self.review.handle(act, arg)
            return
        if act == "table:reveal":
            self.viewer = self.person_to_act()
            self.local = self.ui.new_table_state()
            self.services.announce(t("table.your_turn", name=self.seat_name(self.viewer)))
            self.services.focus_after_render("#status || #main")
        elif act == "table:skip":
            self.skipping = True
            self._schedule_bot(immediate=True)
        elif act == "table:share":
            self.share()
        elif act == "table:sheet" and arg in SHARED_SHEETS:
            self.open_sheet(arg, opener=f"#open-{arg}" if arg in ("menu", "rules") else "#recap")
        elif act == "table:recap-fold":
            # folded until something new happens: the next recap opens again
            folded = self.recap_folded_at == len(self.log.entries)
            self.recap_folded_at = None if folded else len(self.log.entries)
            self.services.focus_after_render("#recap-fold")
        elif act == "table:log":
            self.open_sheet("log", opener="#recap", focus="#sheet-log h2")
        elif act == "table:close":
            self.close_sheet()
        elif act == "table:new-deal":
            self.replay_table(None)
        elif act == "table:same-deal":
            self.replay_table(self.session.seed)
        elif act.startswith("tutorial:") and self.tutorial is not None:
            self.tutorial.handle(self, act)
        elif act.startswith("phones:"):
            phones.handle(self, act, arg)
        elif act.startswith("reseat:"):
            reseat.handle(self, act, arg)
        elif act.startswith("send:"):
            from junban.ui.screens.storage import handle_send

            handle_send(self, act)
        else:
            self.ui.handle(self, act, arg)

    def language_changed(self) -> None:
        """The app now speaks another language: what the table still says in a notice follows it."""
        phones.say_again(self)

    def field(self, name: str, value, final: bool) -> bool:
        if name.startswith("phones-"):
            return phones.field(self, name, value, final)
        if name.startswith("reseat-"):
            return reseat.field(self, name, value)
        if name == "speed" and value in SPEEDS:
            if value != self.services.settings.get("speed"):
                self.services.set_setting("speed", value)
            return True
        if name == "sound" and type(value) is bool:
            self.services.set_setting("sound", value)
            return True
        handler = getattr(self.ui, "field", None)
        return bool(handler and handler(self, name, value))

    def key(self, key: str, ctrl: bool = False, alt: bool = False, typing: bool = False) -> bool:
        if self.sheet.is_open():
            if key == "Escape":
                self.close_sheet()
                return True
            return False
        if typing or self.needs_handover():
            return False
        if self.review is not None:
            return self.review.key(key)
        handler = getattr(self.ui, "key", None)
        return bool(handler and handler(self, key, ctrl))

    # ------------------------------------------------------------------ playing

    def act(self, action: dict) -> bool:
        """Apply an action (for the seat it speaks for: the seat to act, or one of the seats deciding at once); say
        what happened; save. Returns False if it was refused."""
        if self.conflict:
            self.services.notify(t("table.conflict"), "error", key="conflict")
            return False
        if self.tutorial is not None and not self.tutorial.allows(self, action):
            return False
        error = self._apply(action)
        if error is not None:
            self.refuse(t("table.illegal", reason=error_text(error)))
            return False
        self.services.dismiss("illegal")
        return True

    def apply_for(self, seat: int, action: dict) -> JunbanError | None:
        """A seat played on another phone acts (``junban.net.host`` checked it speaks for that seat): applied as
        any action is, or the reason it was refused (for that phone to show; this screen says nothing)."""
        if self.conflict:
            return JunbanError("this game was changed in another tab", code="net.host_conflict")
        error = self._apply(action)
        if error is None:
            self.services.render()
        return error

    def _apply(self, action: dict) -> IllegalAction | None:
        self.thinking = None  # a bot's move worked out for the position before is no longer asked for
        session = self.session
        seat = session.acting_seat(action)
        if type(seat) is not int or not 0 <= seat < len(session.seats):
            seat = session.to_act  # a malformed seat: the engine refuses the action
        before = session.view(seat) if seat is not None else None
        observed = session.view(movelog.OBSERVER)
        try:
            session.apply(action)
        except IllegalAction as err:
            return err
        after = session.view(movelog.OBSERVER)
        if len(session.actions) > self.log_length:
            self.log.add(len(session.actions) - 1, seat, observed, after, action)
        else:  # the action came back to a recent position: the run since then left the game's log (session.py)
            self.log.drop_from(len(session.actions))
        self.log_length = len(session.actions)
        entries = self.log.entries
        event = entries[-1].event if entries and entries[-1].index == len(session.actions) - 1 else None
        sound.give(self.services, sound.action_cue(session.game, event, self.people, observed, after))
        if self.tutorial is not None:
            self.tutorial.after_action(self)
        self._store()
        if self.hosting is not None:
            self.hosting.sync()  # every phone at the table sees it at once
        message = self.ui.describe_action(self, before, action, seat)
        if session.is_over:
            self._record_finished()
            self.open_sheet("result", focus="#sheet-result h2", unasked=True)
            message = f"{message} {self.ui.result_line(self)}".strip()
        if message:
            self.services.announce(message)
        return None

    def refuse(self, message: str) -> None:
        """A move the table will not make: say why (and vibrate, where the device can)."""
        self.services.notify(message, "error", key="illegal")
        sound.give(self.services, "refused")

    def _record_finished(self) -> None:
        self.services.record_finished(self.session, self.ui.history_entry(self.session))

    def note_hint(self) -> None:
        """A game's table gave the person a hint: the game is assisted from now on (saved, shown at the end)."""
        self.services.note_hint(self.session)

    def _store(self) -> None:
        """Save, unless another tab has changed this game's log since this tab last wrote or read it (then warn
        instead of overwriting)."""
        stored = self.services.store.read_save(self.session.id)
        self.services.report_storage_problems()
        if stored is not None and stored["actions"] != self.stored_actions:
            self.conflict = True
            self.services.notify(t("table.conflict"), "error", key="conflict")
            return
        if self.services.save(self.session):
            self.stored_actions = list(self.session.actions)

    def storage_changed(self, key: str | None) -> None:
        """Another tab changed storage: follow this game if it moved on there, or warn."""
        key_here = f"junban.save.{self.session.id}"
        if key is not None and key != key_here:
            return
        store = self.services.store
        record = store.read_save(self.session.id)
        if record is None and (any(p.key == key_here for p in store.problems)
                               or store.kept_aside_since(self.session.id, self.opened_at)):
            # Stored unreadable by someone (kept aside, with a notice): this tab's game is whole; save it again.
            self.services.report_storage_problems()
            if not self.conflict and self.services.save(self.session):
                self.stored_actions = list(self.session.actions)
            self.services.render()
            return
        if record is None:
            self.services.notify(t("table.deleted_elsewhere"), "error", key="conflict")
            self.conflict = True
            self.services.render()
            return
        theirs = record["actions"]
        if theirs == self.session.actions:
            self.stored_actions = list(theirs)
            return
        ours, state = list(self.session.actions), self.session.state
        if self.session.follow(theirs, may_shorten=ours == self.stored_actions):
            self.stored_actions = list(theirs)
            self._log_followed(ours, state)
            self.services.notify(t("table.followed"), "info", key="followed")
            if self.session.is_over:
                self._record_finished()
        else:
            self.conflict = True
            self.services.notify(t("table.conflict"), "error", key="conflict")
        self.services.render()

    def _log_followed(self, ours: list, state) -> None:
        """Bring the move log to the game's log after following another tab: the new actions one by one when
        they only added to ours (from ``state``, ours' last), else the whole log again (a run was folded away)."""
        actions = self.session.actions
        if actions[: len(ours)] == ours:
            module = self.session.module
            for index in range(len(ours), len(actions)):
                seat = acting_seat(module, state, actions[index])
                before = module.view(state, movelog.OBSERVER)
                state = module.apply(state, actions[index])
                self.log.add(index, seat, before, module.view(state, movelog.OBSERVER), actions[index])
        else:
            self.log = movelog.MoveLog(self.ui, self.session)
        self.log_length = len(actions)

    # ------------------------------------------------------------------ bots

    def drawn(self) -> None:
        """The page shows this screen's latest drawing: the game's table notes when (its ``drawn(table, now)``)."""
        hook = getattr(self.ui, "drawn", None)
        if hook is not None:
            hook(self, self.services.platform.now())

    def after_render(self) -> None:
        sound.allow(self.services, True)  # (off again when the table is left)
        self.drawn()
        if self.hosting is not None:
            self.hosting.sync()  # every phone at the table sees the change
            self.services.platform.wake_lock(not self.session.is_over)  # phones wait on this screen
        if self.tutorial is not None and self.tutorial.holds_bots():
            return
        if self.session.bot_to_act() and not self.conflict:
            self._schedule_bot()
        elif not self.session.is_over:
            self.skipping = False

    def _schedule_bot(self, immediate: bool = False) -> None:
        if self.thinking is not None:  # a move is being worked out: it is played when it comes (skipping or not)
            return
        if self.bot_timer is not None:
            if not immediate:
                return
            self.services.platform.cancel(self.bot_timer)
        delay = 0.0 if (immediate or self.skipping) else SPEEDS.get(self.services.settings.get("speed"), 0.75)
        if not self.people:  # a table of bots only: watchable, never instant
            delay = max(delay, 0.15)
        self.bot_timer = self.services.platform.call_later(delay, self._bot_step)

    def _bot_step(self, *_args) -> None:
        """The bot to act moves: its move is worked out by the thinking service (``ui/thinking.py``: a worker of
        its own, so the page stays free meanwhile), then played (``_bot_answered``). A tutorial plays its own bots."""
        self.bot_timer = None
        if not self.services.is_showing(self) or not self.session.bot_to_act() or self.conflict:
            return
        if self.tutorial is not None:
            try:
                action = self.tutorial.bot_action(self)
            except Exception as err:  # a bot must never freeze the table: report and stop the bots
                action = err
            self._bot_plays(action)
            return
        from junban.ui.thinking import Thinking

        token = self.thinking = object()

        def current() -> bool:
            return self.thinking is token and self.services.is_showing(self) and not self.conflict

        Thinking.of(self.services).bot_action(self.session, self._bot_answered(token), current)

    def _bot_answered(self, token):
        def answered(action) -> None:
            if self.thinking is token:
                self.thinking = None
            self._bot_plays(action)

        return answered

    def _bot_plays(self, action) -> None:
        """Play the bot's move (an ``Exception``: its thinking failed: reported, and the bots stop)."""
        try:
            if isinstance(action, Exception):
                raise action
            self.act(action)
        except Exception as err:  # a bot must never freeze the table: report and stop the bots
            self.services.report_crash(err)
            self.conflict = True
        self.services.render()

    def leave(self) -> None:
        sound.allow(self.services, False)
        if self.hosting is not None:
            phones.detach(self)
            self.services.platform.wake_lock(False)
        if self.review is not None:
            self.review.stop()
        if self.bot_timer is not None:
            self.services.platform.cancel(self.bot_timer)
            self.bot_timer = None
        self.thinking = None  # a move still being worked out is dropped when it comes
        # a game with no move is not kept — unless the person took a hint in it: then it has begun (a daily
        # challenge opened again must still be the assisted game, not a fresh deal)
        if not self.session.actions and not self.session.hints and not self.conflict:
            stored = self.services.store.read_save(self.session.id)
            if stored is not None and not stored["actions"] and not stored.get("hints"):
                self.services.store.delete_save(self.session.id)

    # ------------------------------------------------------------------ sharing and new deals

    def table_shape(self) -> tuple[int, int, str | None]:
        seats = self.session.seats
        bot_levels = [s.level for s in seats if s.is_bot]
        level = max(set(bot_levels), key=bot_levels.count) if bot_levels else None
        return len(seats), len(bot_levels), level

    def share(self) -> None:
        """"Share this deal": the share sheet (or the clipboard) gets its link; the menu shows it, and says whether
        it was copied."""
        players, bots, level = self.table_shape()
        # Shared links put people first and bots last; the deal (config + seed) is the same.
        link = links.share_link(self.session.game, self.session.config, self.session.seed, players, bots, level)
        self.share_url = self.services.platform.page_url() + link
        self.shared = None
        self.services.share(lambda outcome: setattr(self, "shared", outcome), t("table.copied"),
                            t("table.copy_failed"), url=self.share_url, title=f"Junban · {self.title}")
        if not self.sheet.is_open("menu"):
            self.open_sheet("menu", opener="#open-menu")
        self.services.focus_after_render("#share-url")

    def replay_table(self, seed: str | None, seats: list | None = None, moves: dict | None = None) -> None:
        """A new table of the same game and seats (or ``seats``, the host's reseating: ``parts/reseat.py``): the
        same deal (``seed``), or a new one (None). A new deal at a table with phones is a secret one
        (``rng.secret_seed``); the same deal is as private as it was. The phones connected to this table go on to
        the new one with no new pairing (``Host.take_over``): in their seats, or where ``moves`` says."""
        seats = list(seats or self.session.seats)
        private = self.session.private if seed is not None else any(s.phone for s in seats)
        if seed is None:
            seed = secret_seed() if private else random_seed()
        session = self.services.create_session(self.session.game, self.session.config, seed, seats, private=private)
        if session is not None:
            if self.hosting is not None:  # a rematch: the phones still connected go on to it (parts/phones.py)
                self.services.rematches[session.id] = (self.hosting, moves)
            self.services.go(f"#/play/{session.id}")


def _skip_icon():
    return h("svg", {"class": "icon", "viewBox": "0 0 16 16", "aria-hidden": "true", "focusable": "false"},
             h("path", {"d": "M2 3l6 5-6 5zM8 3l6 5-6 5z"}))


def _send_box(table):
    if table.send_link is False:
        return None
    from junban.ui.screens.storage import send_box

    return send_box(table)
