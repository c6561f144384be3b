"""The app: routes the URL hash to a screen, renders it, turns page events into intents, keeps saves.

A screen is an object with ``render() -> dom node``, ``handle(act, arg)``, and optionally ``field(name, value,
final)``, ``key(key, ctrl, alt, typing) -> bool``, ``after_render()``, ``leave()``. Intents come from elements
carrying ``data-act`` (and ``data-arg``); form fields carry ``data-field``. Nothing a person can type or a link can
carry is ever parsed as HTML.
"""
from __future__ import annotations

import importlib
import importlib.util
import random
import traceback

from junban import links
from junban.errors import JunbanError
from junban.games import GAME_MODULES
from junban.storage import StorageFull, Store
from junban.ui import i18n
from junban.ui.dom import Renderer, h
from junban.ui.i18n import error_text, t
from junban.ui.records import log_notice, problem_notice

i18n.register("common")
i18n.register("errors")
i18n.register("storage")

SPEEDS = {"slow": 1.4, "normal": 0.75, "fast": 0.3, "instant": 0.0}
DEFAULT_SETTINGS = {"lang": None, "speed": "normal", "names": []}

# game slug -> module with that game's screens (setup options, table, results)
GAME_UIS = {
    "the-game": "junban.ui.games.the_game",
    "23": "junban.ui.games.twenty_three",
    "eleusis": "junban.ui.games.eleusis",
    "eleusis-science": "junban.ui.games.eleusis_science",
}


def game_ui(game: str):
    return importlib.import_module(GAME_UIS[game])


def has_ui(game: str) -> bool:
    """Is this game playable in this build (its engine and its table UI are present)?"""
    return game in GAME_UIS and importlib.util.find_spec(GAME_UIS[game]) is not None


def new_save_id() -> str:
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    rng = random.SystemRandom()
    return "".join(rng.choice(alphabet) for _ in range(12))


class App:
    def __init__(self, platform):
        self.platform = platform
        self.store = Store(platform.storage, clock=platform.now)
        self.settings = {**DEFAULT_SETTINGS, **self._read_settings()}
        lang = self.settings.get("lang")
        i18n.set_language(lang if lang in i18n.LANGUAGES else i18n.choose_language(platform.languages()))
        platform.set_lang(i18n.language())
        self.renderer = Renderer(platform.document, platform.root)
        self.screen = None
        self.notices: list[tuple[str, str, str]] = []  # (kind, text, key), shown above the screen until dismissed
        self._focus_after: str | None = None
        self._rendering = False
        self._log_warned: dict[str, str] = {}  # save id -> which long-log notice it has had

    # ------------------------------------------------------------------ start and routing

    def start(self) -> None:
        self.platform.listen(self)
        self.store.check_all()
        self.report_storage_problems()
        self.route(self.platform.get_hash())
        self.platform.set_ready()
        if hasattr(self.platform, "on_update_ready"):  # the offline copy (the CPython test platform has none)
            self.platform.on_update_ready(self.offer_update)

    def route(self, hash_text: str) -> None:
        """Show the screen the hash names (a link, a reload, the back button)."""
        try:
            route = links.parse_route(hash_text)
        except links.LinkError as err:
            self.notify(t("link.bad", reason=error_text(err)), "error")
            game = _game_in(hash_text)
            self.go(f"#/{game}" if game else "#/", replace=True)
            return
        try:
            screen = self._screen_for(route)
        except JunbanError as err:
            self.notify(error_text(err), "error")
            screen = self._home()
            self.platform.set_hash("#/", replace=True)
        except Exception as err:  # never a dead page: say so, and go home
            self._report_crash(err)
            screen = self._home()
            self.platform.set_hash("#/", replace=True)
        if screen is not None:
            self.show(screen)

    def _screen_for(self, route: links.Route):
        if route.game is not None and not has_ui(route.game):
            raise JunbanError(t("game.unavailable", game=route.game))
        if route.name == "home":
            return self._home()
        if route.name == "history":
            from junban.ui.screens.history import HistoryScreen

            return HistoryScreen(self)
        if route.name == "rules":
            from junban.ui.screens.rules import RulesScreen

            return RulesScreen(self, route.game)
        if route.name == "setup":
            from junban.ui.screens.setup import SetupScreen

            try:
                preset = links.setup_from_params(route.game, route.params, require_seed=False) if route.params else None
            except links.LinkError as err:
                self.notify(t("link.bad", reason=error_text(err)), "error")
                self.platform.set_hash(f"#/{route.game}", replace=True)
                preset = None
            return SetupScreen(self, route.game, preset)
        if route.name == "deal":
            return self._deal_from_link(route)
        if route.name == "play":
            return self._open_save(route.save_id)
        if route.name in ("storage", "receive"):  # the Storage screen, and a game sent from another device
            from junban.ui.screens import storage

            return storage.StorageScreen(self) if route.name == "storage" else storage.receive(self, route.params)
        return self._home()

    def _home(self):
        from junban.ui.screens.home import HomeScreen

        return HomeScreen(self)

    def _deal_from_link(self, route: links.Route):
        from junban.ui.screens.setup import SetupScreen

        try:
            setup = links.setup_from_params(route.game, route.params)
        except links.LinkError as err:
            self.notify(t("link.bad", reason=error_text(err)), "error")
            self.platform.set_hash(f"#/{route.game}", replace=True)
            return SetupScreen(self, route.game, None)
        seats = self.default_seats(route.game, setup.players, setup.bots, setup.level)
        session = self.create_session(route.game, setup.config, setup.seed, seats)
        if session is None:
            return SetupScreen(self, route.game, setup)
        self.platform.set_hash(f"#/play/{session.id}", replace=True)
        return self._table(session)

    def _open_save(self, save_id: str):
        from junban.session import LONG_LOG, Session

        record = self.store.read_save(save_id)
        self.report_storage_problems()
        if record is None:
            self.notify(t("save.missing"), "error")
            self.platform.set_hash("#/", replace=True)
            return self._home()
        try:
            session = Session.from_record(record)
        except (JunbanError, ValueError, TypeError, KeyError) as err:
            from junban.storage import replay_failure

            self.store.save_unreadable(save_id, replay_failure(err))
            self.report_storage_problems()
            self.platform.set_hash("#/", replace=True)
            return self._home()
        if len(session.actions) >= LONG_LOG and session.compact():  # written before folding: same position
            self.notify(t("storage.compacted", n=len(record["actions"]) - len(session.actions)), "info")
            self.save(session)
        self.warn_if_long(session)
        return self._table(session)

    def _table(self, session):
        from junban.ui.screens.table import TableScreen

        return TableScreen(self, session)

    def go(self, hash_text: str, replace: bool = False) -> None:
        """Navigate to a route: record it in the history (or replace the current entry) and show it."""
        self.platform.set_hash(hash_text, replace=replace)
        self.route(hash_text)

    def show(self, screen) -> None:
        if self.screen is not None and hasattr(self.screen, "leave"):
            self.screen.leave()
        self.screen = screen
        self.platform.scroll_to_top()
        self.render()
        self._focus_after = None

    # ------------------------------------------------------------------ sessions and saves

    def default_seats(self, game: str, players: int, bots: int, level: str | None) -> list:
        from junban.session import Seat

        names = self.settings.get("names") or []
        seats = []
        people = players - bots
        for i in range(players):
            if i < people:
                name = names[i] if i < len(names) and isinstance(names[i], str) else t("seat.person", n=i + 1)
                seats.append(Seat("person", name))
            else:
                seats.append(Seat("bot", t("seat.bot", n=i + 1), level))
        return seats

    def create_session(self, game: str, config: dict, seed: str, seats: list):
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
            self.notify(t("storage.full"), "error", key="storage-full")
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
            self.notify(text, "info", key="log-long")

    def record_finished(self, session, at: float | None = None) -> None:
        """Add a finished game to the history once (``at``: when it ended, if not now)."""
        entry = game_ui(session.game).history_entry(session)
        entry.update({"id": session.id, "game": session.game, "players": len(session.seats),
                      "at": self.platform.now() if at is None else at, "seed": session.seed})
        try:
            removed = self.store.add_history(entry)
        except StorageFull:
            self.notify(t("storage.full"), "error", key="storage-full")
            return
        if removed:
            from junban.storage import MAX_HISTORY

            self.notify(t("storage.history_trimmed", n=removed, max=MAX_HISTORY), "info")

    def report_storage_problems(self) -> None:
        for problem in self.store.take_problems():
            self.notify(problem_notice(problem, self.platform.now()), "error")

    def storage_changed(self, key: str | None) -> None:
        """Another tab wrote to storage."""
        if self.screen is not None and hasattr(self.screen, "storage_changed"):
            self.screen.storage_changed(key)

    # ------------------------------------------------------------------ settings

    def reload_settings(self) -> None:
        """Settings changed in storage (an import): take them on, language included."""
        self.settings = {**DEFAULT_SETTINGS, **self._read_settings()}
        lang = self.settings.get("lang")
        if lang in i18n.LANGUAGES and lang != i18n.language():
            i18n.set_language(lang)
            self.platform.set_lang(lang)

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

    def set_setting(self, key: str, value) -> None:
        self.settings[key] = value
        try:
            self.store.write_settings({k: v for k, v in self.settings.items() if v is not None})
        except StorageFull:
            self.notify(t("storage.full"), "error", key="storage-full")
        if key == "lang":
            i18n.set_language(value)
            self.platform.set_lang(value)

    # ------------------------------------------------------------------ messages

    def notify(self, text: str, kind: str = "info", key: str | None = None) -> None:
        key = key or text
        if any(k == key for _, _, k in self.notices):
            return
        self.notices.append((kind, text, key))
        self.platform.announce(text)

    def offer_update(self) -> None:
        """A new version of the app is installed and waiting: say so, with a button to reload onto it."""
        self.notify(t("update.ready"), "update", key="update")
        self.render()

    def dismiss(self, key: str) -> None:
        self.notices = [n for n in self.notices if n[2] != key]

    def announce(self, text: str) -> None:
        self.platform.announce(text)

    def focus_after_render(self, selector: str) -> None:
        self._focus_after = selector

    # ------------------------------------------------------------------ rendering and events

    def render(self) -> None:
        if self._rendering:
            return
        self._rendering = True
        try:
            screen = self.screen
            body = screen.render() if screen is not None else h("p", {}, t("loading"))
            title = getattr(screen, "title", None)
            self.platform.set_title(f"{title} · Junban" if title else "Junban")
            self.renderer.render([self._header(), self._notices(), h("main", {"id": "main", "class": "screen"}, body)])
            if self._focus_after:
                self.platform.focus(self._focus_after)
                self._focus_after = None
        finally:
            self._rendering = False
        if screen is not None and hasattr(screen, "after_render"):
            screen.after_render()

    def _header(self):
        other = "ja" if i18n.language() == "en" else "en"
        return h(
            "header",
            {"class": "topbar"},
            h("a", {"href": "#/", "class": "brand"},
              h("span", {"class": "brand-mark", "aria-hidden": "true"}, "順"), "Junban",
              h("span", {"class": "visually-hidden"}, " ", t("nav.home_suffix"))),
            h("nav", {"class": "topnav", "aria-label": t("nav.label")},
              h("a", {"href": "#/history"}, t("nav.history")),
              h("button", {"type": "button", "class": "lang", "data-act": "app:lang", "data-arg": other,
                           "lang": other, "aria-label": t("nav.language_to", name=i18n.LANGUAGES[other])},
                i18n.LANGUAGES[other])),
        )

    def _notices(self):
        items = []
        for kind, text, key in self.notices:
            items.append(
                h("div", {"class": ["notice", f"notice-{kind}"], "role": "alert" if kind == "error" else "status",
                          "key": key},
                  h("p", {}, text),
                  h("button", {"type": "button", "class": "button primary", "data-act": "app:update"},
                    t("update.reload")) if kind == "update" else None,
                  h("button", {"type": "button", "class": "notice-close", "data-act": "app:dismiss", "data-arg": key,
                               "aria-label": t("notice.dismiss")}, "×"))
            )
        return h("div", {"class": "notices", "id": "notices"}, items)

    def dispatch(self, act: str, arg: str | None) -> None:
        """An intent from the page (a click on a [data-act] element)."""
        try:
            if act == "app:lang":
                if arg in i18n.LANGUAGES:
                    self.set_setting("lang", arg)
            elif act == "app:dismiss":
                self.dismiss(arg or "")
            elif act == "app:update":
                self.platform.apply_update()
            elif act == "app:go":
                if arg:
                    self.go(arg)
                    return
            elif self.screen is not None:
                self.screen.handle(act, arg)
        except Exception as err:  # never leave the page dead: tell the person, keep the game
            self._report_crash(err)
        self.render()

    def field(self, name: str, value, final: bool = False) -> None:
        if self.screen is not None and hasattr(self.screen, "field"):
            try:
                rerender = self.screen.field(name, value, final)
            except Exception as err:
                self._report_crash(err)
                rerender = True
            if rerender:
                self.render()

    def key(self, key: str, ctrl: bool = False, alt: bool = False, typing: bool = False) -> bool:
        if self.screen is None or not hasattr(self.screen, "key"):
            return False
        try:
            handled = self.screen.key(key, ctrl=ctrl, alt=alt, typing=typing)
        except Exception as err:
            self._report_crash(err)
            handled = True
        if handled:
            self.render()
        return bool(handled)

    def _report_crash(self, err: Exception) -> None:
        traceback.print_exception(err)
        self.notify(t("app.crash", reason=type(err).__name__), "error", key="crash")


def _game_in(hash_text: str) -> str | None:
    text = hash_text.lstrip("#").lstrip("/")
    name = text.split("?", 1)[0].split("/", 1)[0]
    return name if name in GAME_MODULES else None
