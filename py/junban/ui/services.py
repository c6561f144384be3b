"""What the app gives every screen: storage, settings, messages, focus, navigation and new games.

Screens receive one ``Services`` object and import nothing from ``junban.ui.app``: the app routes and renders,
the services do everything else a screen may ask for. So the UI reads top-down (app -> screens -> game tables ->
shared table parts) with no import cycle, and a test can hand a screen services of its own.

Messages ("notices") belong to the screen they were raised on: showing another screen clears them, except the
ones marked ``sticky`` (a new version is ready, storage is full). Information clears itself after a few seconds
(unless it offers an ``action``, a button the person needs time to reach); errors stay until dismissed or until
the screen changes.

Games: ``create_session`` makes a game and saves it; a game with no move yet is kept out of the saved games
(home lists only games with a move; ``sweep_empty_saves`` removes old empty ones; a table that is left empty
removes its own). ``show_new_table`` opens a new game so that Back leads home, never to the setup that made it.
``started_game`` finds a game already started from the same link. Daily challenges (``junban.daily``): a new
game of a daily deal gets its mode ("daily" or "practice"); the counted attempt is recorded at its first saved
move and its result when it ends. ``note_hint`` records a hint taken (the game is then *assisted*).
"""
from __future__ import annotations

import random
import traceback
from dataclasses import dataclass

from junban import daily
from junban.errors import JunbanError
from junban.storage import StorageFull, Store
from junban.ui import i18n
from junban.ui.i18n import error_text, t
from junban.ui.records import log_notice, problem_notice

# Bot speed: the pause before each bot action, in seconds.
SPEEDS = {"slow": 1.4, "normal": 0.75, "fast": 0.3, "instant": 0.0}
# How long a card takes to travel, in milliseconds, at each speed (0: cards jump, nothing travels).
MOTION_MS = {"slow": 520, "normal": 340, "fast": 180, "instant": 0}
# "sound": the tables' sounds and vibrations (ui/sound.py); on, but silent until the person's first tap.
DEFAULT_SETTINGS = {"lang": None, "speed": "normal", "names": [], "tutorials_offered": [], "sound": True}
EMPTY_SAVE_AGE = 12 * 3600  # a save with no move this old is removed at start-up (no tab can still be on it)
INFO_SECONDS = 6.0  # an information notice clears itself after this long


@dataclass
class Notice:
    kind: str  # "info", "error" or "update"
    text: str
    key: str
    sticky: bool = False
    action: tuple | None = None  # (label, intent, argument): a button in the notice
    more: tuple | None = None  # a second, quieter button (label, intent, argument)


def new_save_id() -> str:
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    rng = random.SystemRandom()
    return "".join(rng.choice(alphabet) for _ in range(12))


class Services:
    """The app's services for screens. ``go``, ``render`` and ``current`` (the screen shown) are the app's own."""

    def __init__(self, platform, go, render, current):
        self.platform = platform
        self.store = Store(platform.storage, clock=platform.now)
        self.settings = {**DEFAULT_SETTINGS, **self._read_settings()}
        self.notices: list[Notice] = []
        self.focus_target: str | None = None
        self._go = go
        self._render = render
        self._current = current
        self._timers: dict[str, int] = {}
        self._log_warned: dict[str, str] = {}  # save id -> which long-log notice it has had
        self.hosts: dict = {}  # save id -> junban.net.host.Host: tables with seats on other phones (parts/phones.py)
        self.rematches: dict = {}  # new save id -> (the Host of the table it follows, its reseating or None): its
        # phones go on (parts/phones.py, parts/reseat.py)
        self.guest = None  # junban.net.guest.Guest: this phone's seat at another phone's table (screens/join.py)

    # ------------------------------------------------------------------ navigation and drawing

    def go(self, hash_text: str, replace: bool = False) -> None:
        """Show the screen of a route (and record it in the browser's history unless ``replace``)."""
        self._go(hash_text, replace)

    def render(self) -> None:
        """Draw the current screen again (after a change that did not come from a click or a key)."""
        self._render()

    def current(self):
        """The screen on the page."""
        return self._current()

    def is_showing(self, screen) -> bool:
        """Is ``screen`` still the one on the page (a timer may fire after the person left it)?"""
        return self._current() is screen

    def focus_after_render(self, selector: str) -> None:
        self.focus_target = selector

    def announce(self, text: str) -> None:
        """Say something to screen readers (the live region)."""
        self.platform.announce(text)

    def motion_ms(self) -> int:
        """How long cards travel now: by the bot-speed setting; 0 when the person prefers reduced motion."""
        if self.platform.prefers_reduced_motion():
            return 0
        return MOTION_MS.get(self.settings.get("speed"), MOTION_MS["normal"])

    def share(self, on_done, copied: str, failed: str, text: str | None = None, url: str | None = None,
              title: str | None = None) -> None:
        """Hand a text or a link to the phone's share sheet where the browser has one, else copy it to the
        clipboard (``platform.share``). Then ``on_done(outcome)`` — "shared", "copied", "cancelled" (the person
        closed the sheet) or "failed" (nothing copied: the screen shows it to copy by hand) — the outcome said to
        screen readers (``copied`` or ``failed``), and the screen drawn again, so it can show what happened."""

        def done(outcome: str) -> None:
            on_done(outcome)
            if outcome in ("copied", "failed"):
                self.announce(copied if outcome == "copied" else failed)
            self._render()

        self.platform.share(done, text=text, url=url, title=title)

    # ------------------------------------------------------------------ messages

    def notify(self, text: str, kind: str = "info", key: str | None = None, sticky: bool = False,
               action: tuple | None = None, more: tuple | None = None) -> None:
        key = key or text
        for notice in self.notices:
            if notice.key == key:
                if notice.text != text:  # the same kind of message with news: show the news (and its buttons)
                    notice.text, notice.action, notice.more = text, action, more
                    self.platform.announce(text)
                if key in self._timers:  # said again: it stays its time from now, not from the first time
                    self.platform.cancel(self._timers[key])
                    self._timers[key] = self.platform.call_later(INFO_SECONDS, lambda *_: self._expire(key))
                return
        self.notices.append(Notice(kind, text, key, sticky, action, more))
        self.platform.announce(text)
        if kind == "info" and not sticky and action is None:
            self._timers[key] = self.platform.call_later(INFO_SECONDS, lambda *_: self._expire(key))

    def _expire(self, key: str) -> None:
        self._timers.pop(key, None)
        if any(n.key == key for n in self.notices):
            self.dismiss(key)
            self._render()

    def dismiss(self, key: str) -> None:
        self.notices = [n for n in self.notices if n.key != key]
        timer = self._timers.pop(key, None)
        if timer is not None:
            self.platform.cancel(timer)

    def clear_notices(self) -> None:
        """A new screen: what was said about the last one no longer applies."""
        for notice in [n for n in self.notices if not n.sticky]:
            self.dismiss(notice.key)

    def report_crash(self, err: Exception) -> None:
        traceback.print_exception(err)
        self.notify(t("app.crash", reason=type(err).__name__), "error", key="crash")

    # ------------------------------------------------------------------ settings

    def _read_settings(self) -> dict:
        """The stored settings this version uses. Their shapes are checked by the store (``SETTING_SHAPES``: a value
        of another shape is kept aside with a notice); what is left to check here is what this version knows."""
        values = self.store.settings()
        clean = {}
        if values.get("lang") in i18n.LANGUAGES:
            clean["lang"] = values["lang"]
        if values.get("speed") in SPEEDS:
            clean["speed"] = values["speed"]
        if type(values.get("sound")) is bool:
            clean["sound"] = values["sound"]
        if "names" in values:
            from junban.session import clean_name

            clean["names"] = [clean_name(n, "") for n in values["names"]]
        if "tutorials_offered" in values:
            from junban.games import GAME_MODULES

            clean["tutorials_offered"] = [g for g in values["tutorials_offered"] if g in GAME_MODULES]
        return clean

    def reload_settings(self) -> None:
        """Settings changed in storage (an import): take them on, language included."""
        self.settings = {**DEFAULT_SETTINGS, **self._read_settings()}
        lang = self.settings.get("lang")
        if lang in i18n.LANGUAGES and lang != i18n.language():
            self.use_language(lang)

    def set_setting(self, key: str, value) -> None:
        self.settings[key] = value
        try:
            self.store.write_settings({k: v for k, v in self.settings.items() if v is not None})
        except StorageFull:
            self.notify(t("storage.full"), "error", key="storage-full", sticky=True)
        if key == "lang":
            self.use_language(value)

    def use_language(self, lang: str) -> None:
        """Show the app in ``lang``: its texts, the page's lang attribute, the skip link."""
        i18n.set_language(lang)
        self.platform.set_lang(i18n.language())
        self.platform.set_skip_link(t("skip.link"))

    # ------------------------------------------------------------------ games and saves

    def default_seats(self, game: str, players: int, bots: int, level: str | None) -> list:
        """People first (named as in the settings, else "Player n"), then bots ("Bot n"), in the current language."""
        from junban.session import Seat

        seats = []
        people = players - bots
        for i in range(players):
            if i < people:
                seats.append(Seat("person", self.person_name(i)))
            else:
                seats.append(Seat("bot", t("seat.bot", n=i + 1), level))
        return seats

    def person_name(self, seat: int) -> str:
        """The name remembered for a person's seat (a default one, "Player 2", in the current language), else
        "Player n"."""
        names = self.settings.get("names") or []
        name = names[seat] if seat < len(names) else None
        if isinstance(name, str) and name:
            return i18n.default_name(name, seat, "person")
        return t("seat.person", n=seat + 1)

    def create_session(self, game: str, config: dict, seed: str, seats: list, mode: str | None = None,
                       private: bool = False):
        """A new game, saved at once; None (and a message) if the setup is refused. Without ``mode``, a daily
        deal is today's challenge or practice (``junban.daily.mode_for``). ``private``: dealt from a secret seed
        for a table with phones (``rng.secret_seed``)."""
        from junban.session import Session

        try:
            session = Session(new_save_id(), game, config, seed, seats, created=self.platform.now(), mode=mode,
                              private=private)
        except JunbanError as err:
            self.notify(error_text(err), "error")
            return None
        if mode is None:
            session.mode = daily.mode_for(game, session.config, session.seed, seats, self.platform.today(),
                                          self.store.daily())
        self.save(session)
        return session

    def show_new_table(self, session) -> None:
        """Go to a new game's table so that Back leads home: the entry that made it (a setup, a link) becomes home."""
        self.platform.set_hash("#/", replace=True)
        self.go(f"#/play/{session.id}")

    def started_game(self, game: str, config: dict, seed: str, shape: list, mode: str | None = None):
        """The newest save of this deal at a table of this shape ((kind, level) per seat), if any; with ``mode``,
        only saves of that mode. Today's counted daily attempt comes first."""
        found = []
        for summary in self.store.list_saves():
            if summary.game != game or summary.seed != seed or (mode is not None and summary.mode != mode):
                continue
            record = self.store.read_save(summary.id)
            if record is None or record["config"] != config:
                continue
            seats = [(s.get("kind"), s.get("level") if s.get("kind") == "bot" else None) for s in record["seats"]]
            if seats == shape:
                found.append(((summary.mode == "daily", summary.updated), summary.id))
        self.report_storage_problems()
        return max(found)[1] if found else None

    def save(self, session) -> bool:
        """Write the session; on a full storage keep playing and tell the person. The first saved move of a daily
        game makes it today's counted attempt (unless another game got there first: then it is practice)."""
        if session.mode == "daily" and session.actions:
            before = self.store.daily()
            days, counted = daily.note_started(before, session.game, session.seed, session.id, session.assisted)
            if not counted:
                session.mode = "practice"
            elif daily.attempt(before, session.game, session.seed) is None:
                self._write_daily(days)
        try:
            self.store.write_save(session.to_record())
        except StorageFull:
            self.notify(t("storage.full"), "error", key="storage-full", sticky=True)
            return False
        finally:
            self.warn_if_long(session)
        self.dismiss("storage-full")
        return True

    def _write_daily(self, days: list[dict]) -> None:
        try:
            self.store.write_daily(days)
        except StorageFull:
            self.notify(t("storage.full"), "error", key="storage-full", sticky=True)

    def note_hint(self, session) -> None:
        """The person took a hint: the game is assisted from now on (in the save, the result, the history)."""
        from junban.session import MAX_HINTS

        first = session.hints == 0
        session.hints = min(session.hints + 1, MAX_HINTS)  # a save counts so many at most (assisted all the same)
        self.save(session)
        if first and session.mode == "daily":
            self._write_daily(daily.note_assisted(self.store.daily(), session.game, session.seed, session.id))

    def warn_if_long(self, session) -> None:
        """Say it before a game's log reaches its last stretch, and again once in it: never a silent stop."""
        notice = log_notice(session)
        if notice and self._log_warned.get(session.id) != notice[0]:
            stage, text = notice
            self._log_warned[session.id] = stage
            self.dismiss("log-long")
            self.notify(text, "error", key="log-long")

    def record_finished(self, session, entry: dict, at: float | None = None) -> None:
        """Add a finished game to the history once (``entry``: what its game's statistics keep; ``at``: when it
        ended, if not now), marked assisted and by its mode; a daily challenge's counted attempt keeps its result
        for the home screen."""
        entry = dict(entry, id=session.id, game=session.game, players=len(session.seats),
                     at=self.platform.now() if at is None else at)
        if session.seed is not None:  # a seat played on another phone never has its deal's seed
            entry["seed"] = session.seed
        if session.assisted:
            entry["assisted"] = True
        if session.mode:
            entry["mode"] = "tutorial" if session.mode.startswith("tutorial") else session.mode
        try:
            removed = self.store.add_history(entry)
        except StorageFull:
            self.notify(t("storage.full"), "error", key="storage-full", sticky=True)
            removed = 0
        if removed:
            from junban.storage import MAX_HISTORY

            self.notify(t("storage.history_trimmed", n=removed, max=MAX_HISTORY), "info")
        if session.mode == "daily":
            seat = (session.person_seats() or [0])[0]
            result = daily.result_of(session.game, session.outcome, seat, len(session.seats))
            squares = daily.grid(session.game, session.config, session.seed, session.actions, seat)
            days = daily.note_finished(self.store.daily(), session.game, session.seed, session.id, result,
                                       session.assisted, squares)
            self._write_daily(days)

    def sweep_empty_saves(self) -> None:
        """Remove saves of games that never got a move and were left long ago (a tab closed on a new game)."""
        now = self.platform.now()
        for summary in self.store.list_saves():
            if (summary.moves == 0 and not summary.finished and now - summary.updated > EMPTY_SAVE_AGE
                    and not (self.store.read_save(summary.id) or {}).get("hints")):  # a hint taken: it has begun
                self.store.delete_save(summary.id)

    def first_visit(self, game: str) -> bool:
        """Is this the person's first visit of a game that has a first game that teaches? (Noted at once, so the
        offer is made once: on the setup screen, or in the table's top bar.)"""
        from junban.ui.tutorials import has_tutorial

        offered = list(self.settings.get("tutorials_offered") or [])
        if not has_tutorial(game) or game in offered:
            return False
        self.set_setting("tutorials_offered", offered + [game])
        return True

    def report_storage_problems(self) -> None:
        for problem in self.store.take_problems():
            self.notify(problem_notice(problem, self.platform.now()), "error")

    def other_tab_wrote(self, key: str | None, theirs: str | None) -> bool:
        """Another tab wrote ``theirs`` under ``key``: if this tab's own write crossed it, what would be lost is
        merged back (``junban.transfer.other_tab_wrote``), and the person is told (True)."""
        if key is None or theirs is None:
            return False
        from junban.storage import name_record
        from junban.transfer import COPIED, other_tab_wrote
        from junban.ui.records import record_words

        outcome = other_tab_wrote(self.store, key, theirs, new_save_id)
        if outcome == COPIED:
            what = record_words(name_record(key, theirs), self.platform.now())
            self.notify(t("storage.two_tabs_copy", record=what), "error", key="two-tabs-copy")
        elif outcome == "merged":
            self.notify(t("storage.two_tabs_merged"), "info", key="two-tabs")
        self.report_storage_problems()
        return outcome is not None
