"""The table, common to every game: whose device it is, bots at a readable pace, saving, sharing, the end.

The game's own UI module (``junban.ui.games.<game>``) draws the table from a view and turns clicks into actions;
this screen owns what every game shares:

- **Passing the device.** With several people at one device, a person's hand is shown only after they confirm
  "I am NAME" on a cover screen, so nobody sees another's cards. ``viewer`` is the seat whose hand is shown.
- **Bots** act one action at a time with a pause (the speed setting), never all at once; "skip to my turn" drops
  the pause until a person is to act. The page stays responsive: each bot action is its own timer callback.
- **Saving** after every action; another tab writing the same save is noticed, never silently overwritten.
- **The end**: the result, a history entry (once), share / same deal / new deal.
"""
from __future__ import annotations

from junban import links
from junban.errors import IllegalAction
from junban.rng import random_seed
from junban.session import Session
from junban.ui.app import SPEEDS, game_ui
from junban.ui.dom import h
from junban.ui.i18n import error_text, t


class TableScreen:
    def __init__(self, app, session: Session):
        self.app = app
        self.session = session
        self.ui = game_ui(session.game)
        people = session.person_seats()
        self.viewer: int | None = people[0] if len(people) == 1 else None
        self.local = self.ui.new_table_state()  # the game UI's own selection state
        self.bot_timer = None
        self.skipping = False
        self.share_url: str | None = None
        self.conflict = False
        self.stored_actions = list(session.actions)  # the log as this tab last wrote or read it in storage
        self.opened_at = app.platform.now()
        self.send_link: str | None | bool = False  # "Send this game" (screens/storage.py): closed, a link, too long
        if session.is_over:
            self.app.record_finished(session)

    @property
    def title(self) -> str:
        return t(f"game.{self.session.game}.title")

    # ------------------------------------------------------------------ who sees what

    @property
    def people(self) -> list[int]:
        return self.session.person_seats()

    def needs_handover(self) -> bool:
        """Is a person to act whose hand must not be shown until they confirm they hold the device?"""
        seat = self.session.to_act
        if seat is None or len(self.people) < 2 or self.session.seats[seat].is_bot:
            return False
        return seat != self.viewer

    def view(self) -> dict:
        """The view the screen draws: the viewer's, or (no viewer yet) a seat's view with the hand hidden."""
        seat = self.viewer if self.viewer is not None else (self.people[0] if self.people else 0)
        return self.session.view(seat)

    def hand_visible(self) -> bool:
        return self.viewer is not None and not self.needs_handover()

    def my_turn(self) -> bool:
        return self.hand_visible() and self.session.to_act == self.viewer

    def seat_name(self, seat: int) -> str:
        return self.session.seats[seat].name

    # ------------------------------------------------------------------ render

    def render(self):
        if self.needs_handover():
            seat = self.session.to_act
            name = self.seat_name(seat)
            return h(
                "section", {"class": "handover", "aria-labelledby": "handover-title"},
                h("h1", {"id": "handover-title"}, t("table.pass_to", name=name)),
                h("p", {}, t("table.pass_help", name=name)),
                h("button", {"type": "button", "class": "button primary big", "data-act": "table:reveal",
                             "id": "reveal"}, t("table.i_am", name=name)),
                h("p", {"class": "muted"}, h("a", {"href": "#/"}, t("table.leave"))),
            )
        return [
            self._toolbar(),
            self.ui.render_table(self),
            self._end_panel() if self.session.is_over else None,
        ]

    def _toolbar(self):
        session = self.session
        bots = any(seat.is_bot for seat in session.seats)
        bot_busy = session.bot_to_act()
        speed = self.app.settings.get("speed", "normal")
        return h(
            "div", {"class": "toolbar"},
            h("div", {"class": "toolbar-title"},
              h("h1", {"class": "table-title"}, self.title),
              h("span", {"class": "muted seed"}, t("table.seed", seed=session.seed))),
            h("div", {"class": "toolbar-actions"},
              h("label", {"class": "speed"}, t("table.bot_speed"),
                h("select", {"data-field": "speed", "value": speed},
                  [h("option", {"value": k, "selected": k == speed, "key": k}, t(f"speed.{k}")) for k in SPEEDS]))
              if bots else None,
              h("button", {"type": "button", "class": "button", "data-act": "table:skip", "id": "skip"},
                t("table.skip")) if bot_busy and not session.is_over and self.people else None,
              h("button", {"type": "button", "class": "button", "data-act": "table:share", "id": "share"},
                t("table.share")),
              h("button", {"type": "button", "class": "button", "data-act": "send:open", "id": "send"},
                t("send.button"))),
            self._share_box(),
            _send_box(self),
        )

    def _share_box(self):
        if not self.share_url:
            return None
        return h("div", {"class": "share-box"},
                 h("label", {"for": "share-url"}, t("table.share_label")),
                 h("input", {"id": "share-url", "type": "text", "readonly": True, "value": self.share_url}),
                 h("button", {"type": "button", "class": "button quiet", "data-act": "table:share-close",
                              "aria-label": t("table.share_close")}, "×"))

    def _end_panel(self):
        return h(
            "section", {"class": "end-panel", "aria-labelledby": "end-title", "id": "end"},
            self.ui.result_summary(self),
            h("div", {"class": "actions"},
              h("button", {"type": "button", "class": "button primary", "data-act": "table:new-deal"}, t("end.new_deal")),
              h("button", {"type": "button", "class": "button", "data-act": "table:same-deal"}, t("end.same_deal")),
              h("button", {"type": "button", "class": "button", "data-act": "table:share"}, t("table.share")),
              h("a", {"class": "button quiet", "href": "#/history"}, t("end.history")),
              h("a", {"class": "button quiet", "href": "#/"}, t("end.home"))),
        )

    # ------------------------------------------------------------------ input

    def handle(self, act: str, arg: str | None) -> None:
        if act == "table:reveal":
            self.viewer = self.session.to_act
            self.local = self.ui.new_table_state()
            self.app.announce(t("table.your_turn", name=self.seat_name(self.viewer)))
            self.app.focus_after_render("#main")
        elif act == "table:skip":
            self.skipping = True
            self._schedule_bot(immediate=True)
        elif act == "table:share":
            self.share()
        elif act == "table:share-close":
            self.share_url = None
        elif act == "table:new-deal":
            self.replay_table(random_seed())
        elif act == "table:same-deal":
            self.replay_table(self.session.seed)
        elif act.startswith("send:"):
            from junban.ui.screens.storage import handle_send

            handle_send(self, act)
        else:
            self.ui.handle(self, act, arg)

    def field(self, name: str, value, final: bool) -> bool:
        if name == "speed" and value in SPEEDS:
            self.app.set_setting("speed", value)
            return True
        handler = getattr(self.ui, "field", None)
        return bool(handler and handler(self, name, value))

    def key(self, key: str, ctrl: bool = False, alt: bool = False, typing: bool = False) -> bool:
        if typing or self.needs_handover():
            return False
        handler = getattr(self.ui, "key", None)
        return bool(handler and handler(self, key, ctrl))

    # ------------------------------------------------------------------ playing

    def act(self, action: dict) -> bool:
        """Apply an action for the seat to act; say what happened; save. Returns False if it was refused."""
        if self.conflict:
            self.app.notify(t("table.conflict"), "error", key="conflict")
            return False
        session = self.session
        seat = session.to_act
        before = session.view(seat) if seat is not None else None
        try:
            session.apply(action)
        except IllegalAction as err:
            self.app.notify(t("table.illegal", reason=error_text(err)), "error", key="illegal")
            return False
        self.app.dismiss("illegal")
        self._store()
        message = self.ui.describe_action(self, before, action, seat)
        if session.is_over:
            self.app.record_finished(session)
            message = f"{message} {self.ui.result_line(self)}".strip()
        if message:
            self.app.announce(message)
        return True

    def _store(self) -> None:
        """Save, unless another tab has moved this game on (then warn instead of overwriting)."""
        stored = self.app.store.read_save(self.session.id)
        self.app.report_storage_problems()
        if stored is not None and stored["actions"] != self.stored_actions:
            self.conflict = True
            self.app.notify(t("table.conflict"), "error", key="conflict")
            return
        if self.app.save(self.session):
            self.stored_actions = list(self.session.actions)

    def storage_changed(self, key: str | None) -> None:
        """Another tab changed storage: follow this game if it moved on there, or warn."""
        if key is not None and key != f"junban.save.{self.session.id}":
            return
        key = f"junban.save.{self.session.id}"
        store = self.app.store
        record = store.read_save(self.session.id)
        if record is None and (any(p.key == key for p in store.problems)
                               or store.kept_aside_since(self.session.id, self.opened_at)):
            # Stored unreadable by someone (kept aside, with a notice): this tab's game is whole; save it again.
            self.app.report_storage_problems()
            if not self.conflict and self.app.save(self.session):
                self.stored_actions = list(self.session.actions)
            self.app.render()
            return
        if record is None:
            self.app.notify(t("table.deleted_elsewhere"), "error", key="conflict")
            self.conflict = True
            self.app.render()
            return
        theirs = record["actions"]
        if theirs == self.session.actions:
            self.stored_actions = list(theirs)
            return
        if self.session.follow(theirs, may_shorten=self.session.actions == self.stored_actions):
            self.stored_actions = list(theirs)
            self.app.notify(t("table.followed"), "info", key="followed")
            if self.session.is_over:
                self.app.record_finished(self.session)
        else:
            self.conflict = True
            self.app.notify(t("table.conflict"), "error", key="conflict")
        self.app.render()

    # ------------------------------------------------------------------ bots

    def after_render(self) -> None:
        if self.session.bot_to_act() and not self.conflict:
            self._schedule_bot()
        elif not self.session.is_over:
            self.skipping = False

    def _schedule_bot(self, immediate: bool = False) -> None:
        if self.bot_timer is not None:
            if not immediate:
                return
            self.app.platform.cancel(self.bot_timer)
        delay = 0.0 if (immediate or self.skipping) else SPEEDS.get(self.app.settings.get("speed"), 0.75)
        if not self.people:  # a table of bots only: watchable, never instant
            delay = max(delay, 0.15)
        self.bot_timer = self.app.platform.call_later(delay, self._bot_step)

    def _bot_step(self, *_args) -> None:
        self.bot_timer = None
        if self.app.screen is not self or not self.session.bot_to_act() or self.conflict:
            return
        try:
            action = self.session.bot_action()
            self.act(action)
        except Exception as err:  # a bot must never freeze the table: report and stop the bots
            self.app._report_crash(err)
            self.conflict = True
        self.app.render()

    def leave(self) -> None:
        if self.bot_timer is not None:
            self.app.platform.cancel(self.bot_timer)
            self.bot_timer = None

    # ------------------------------------------------------------------ sharing and new deals

    def table_shape(self) -> tuple[int, int, str | None]:
        seats = self.session.seats
        bot_levels = [s.level for s in seats if s.is_bot]
        level = max(set(bot_levels), key=bot_levels.count) if bot_levels else None
        return len(seats), len(bot_levels), level

    def share(self) -> None:
        players, bots, level = self.table_shape()
        # Shared links put people first and bots last; the deal (config + seed) is the same.
        link = links.share_link(self.session.game, self.session.config, self.session.seed, players, bots, level)
        self.share_url = self.app.platform.page_url() + link

        def done(ok: bool) -> None:
            self.app.announce(t("table.copied") if ok else t("table.copy_failed"))

        self.app.platform.copy_text(self.share_url, done)
        self.app.focus_after_render("#share-url")

    def replay_table(self, seed: str) -> None:
        session = self.app.create_session(self.session.game, self.session.config, seed, list(self.session.seats))
        if session is not None:
            self.app.go(f"#/play/{session.id}")


def _send_box(table):
    if table.send_link is False:
        return None
    from junban.ui.screens.storage import send_box

    return send_box(table)
