"""What the app gives every screen: storage, settings, messages, focus, navigation and new games.

Screens receive one ``Services`` object and import nothing from ``junban.ui.app``: the app routes and renders,
the services do everything else a screen may ask for. So the UI reads top-down (app -> screens -> game tables ->
shared table parts) with no import cycle, and a test can hand a screen services of its own.

Messages ("notices") belong to the screen they were raised on: showing another screen clears them, except the
ones marked ``sticky`` (a new version is ready, storage is full). Information clears itself after a few seconds;
errors stay until dismissed or until the screen changes.
"""
from __future__ import annotations

import random
import traceback
from dataclasses import dataclass

from junban.errors import JunbanError
from junban.storage import StorageFull, Store
from junban.ui import i18n
from junban.ui.i18n import error_text, t
from junban.ui.records import log_notice, problem_notice

# Bot speed: the pause before each bot action, in seconds.
SPEEDS = {"slow": 1.4, "normal": 0.75, "fast": 0.3, "instant": 0.0}
# How long a card takes to travel, in milliseconds, at each speed (0: cards jump, nothing travels).
MOTION_MS = {"slow": 520, "normal": 340, "fast": 180, "instant": 0}
DEFAULT_SETTINGS = {"lang": None, "speed": "normal", "names": []}
INFO_SECONDS = 6.0  # an information notice clears itself after this long


@dataclass
class Notice:
    kind: str  # "info", "error" or "update"
    text: str
    key: str
    sticky: bool = False


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

    # ------------------------------------------------------------------ navigation and drawing

    def go(self, hash_text: str, replace: bool = False) -> None:
        """Show the screen of a route (and record it in the browser's history unless ``replace``)."""
        self._go(hash_text, replace)

    def render(self) -> None:
        """Draw the current screen again (after a change that did not come from a click or a key)."""
        self._render()

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

    # ------------------------------------------------------------------ messages

    def notify(self, text: str, kind: str = "info", key: str | None = None, sticky: bool = False) -> None:
        key = key or text
        for notice in self.notices:
            if notice.key == key:
                if notice.text != text:  # the same kind of message with news: show the news
                    notice.text = text
                    self.platform.announce(text)
                return
        self.notices.append(Notice(kind, text, key, sticky))
        self.platform.announce(text)
        if kind == "info" and not sticky:
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
        values = self.store.settings()
        clean = {}
        if values.get("lang") in i18n.LANGUAGES:
            clean["lang"] = values["lang"]
        if values.get("speed") in SPEEDS:
            clean["speed"] = values["speed"]
        names = values.get("names")
        if isinstance(names, list):
            from junban.session import clean_name

            clean["names"] = [clean_name(n, "") for n in names[:8] if isinstance(n, str)]
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

        names = self.settings.get("names") or []
        seats = []
        people = players - bots
        for i in range(players):
            if i < people:
                name = names[i] if i < len(names) and isinstance(names[i], str) and names[i] else t("seat.person", n=i + 1)
                seats.append(Seat("person", name))
            else:
                seats.append(Seat("bot", t("seat.bot", n=i + 1), level))
        return seats

    def create_session(self, game: str, config: dict, seed: str, seats: list):
        """A new game, saved at once; None (and a message) if the setup is refused."""
        from junban.session import Session

        try:
            session = Session(new_save_id(), game, config, seed, seats, created=self.platform.now())
        except JunbanError as err:
            self.notify(error_text(err), "error")
            return None
        self.save(session)
        return session

    def save(self, session) -> bool:
        """Write the session; on a full storage keep playing and tell the person."""
        try:
            self.store.write_save(session.to_record())
        except StorageFull:
            self.notify(t("storage.full"), "error", key="storage-full", sticky=True)
            return False
        finally:
            self.warn_if_long(session)
        self.dismiss("storage-full")
        return True

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
        ended, if not now)."""
        entry = dict(entry, id=session.id, game=session.game, players=len(session.seats),
                     at=self.platform.now() if at is None else at, seed=session.seed)
        try:
            removed = self.store.add_history(entry)
        except StorageFull:
            self.notify(t("storage.full"), "error", key="storage-full", sticky=True)
            return
        if removed:
            from junban.storage import MAX_HISTORY

            self.notify(t("storage.history_trimmed", n=removed, max=MAX_HISTORY), "info")

    def report_storage_problems(self) -> None:
        for problem in self.store.take_problems():
            self.notify(problem_notice(problem, self.platform.now()), "error")
