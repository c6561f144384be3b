"""The app: routes the URL hash to a screen, renders it, turns page events into intents.

A screen is an object with ``render() -> dom node``, ``handle(act, arg)``, and optionally ``field(name, value,
final)``, ``key(key, ctrl, alt, typing) -> bool``, ``after_render()``, ``leave()``, ``storage_changed(key)``.
Screens are built with the app's ``Services`` (``junban.ui.services``: storage, settings, messages, new games)
and never import this module. Intents come from elements carrying ``data-act`` (and ``data-arg``); form fields
carry ``data-field``. Nothing a person can type or a link can carry is ever parsed as HTML.

In the browser only the first screen's code is there at start (``junban.archives``): the rest is fetched once
the first screen is up. A screen, intent or key that needs it before it has arrived raises ``NotLoadedYet``;
the app then shows "Loading…" (or says so, for an intent) and does it again as soon as the code is in.
"""
from __future__ import annotations

from junban import links
from junban.archives import NotLoadedYet
from junban.errors import JunbanError
from junban.games import GAME_MODULES
from junban.ui import i18n
from junban.ui.dom import Renderer, h
from junban.ui.games import has_ui
from junban.ui.i18n import error_text, t
from junban.ui.services import Services

i18n.register("common")
i18n.register("errors")
i18n.register("help")
i18n.register("storage")


class App:
    def __init__(self, platform):
        self.platform = platform
        self.services = Services(platform, go=self.go, render=self.render, current=lambda: self.screen)
        lang = self.services.settings.get("lang")
        self.services.use_language(lang if lang in i18n.LANGUAGES else i18n.choose_language(platform.languages()))
        # The first render takes over the first screen the build drew into the page, where the platform has one.
        self.renderer = Renderer(platform.document, platform.root, getattr(platform, "take_over", None))
        self.screen = None
        self.routed_hash: str | None = None  # the address of the screen shown
        self._rendering = False
        self.ready = False  # the first screen is up (a screen waiting for the later code is not)
        self._started = False
        self.later_code = "not asked"  # the package's later archive: "loading", "loaded" or "failed"
        self._route_waits = False  # the address shown needs the later code
        self._intents_waiting: list = []  # intents, keys and fields to do again once the later code is in

    # What tests and the platform reach through the app.
    @property
    def store(self):
        return self.services.store

    @property
    def settings(self) -> dict:
        return self.services.settings

    @property
    def notices(self):
        return self.services.notices

    def save(self, session) -> bool:
        return self.services.save(session)

    # ------------------------------------------------------------------ start and routing

    def start(self) -> None:
        self.platform.listen(self)
        early = self._early_intents()
        for kind, *args in early:  # the language first: the first screen is then drawn in it (and taken over)
            if kind == "act" and args[0] == "app:lang" and args[1] in i18n.LANGUAGES:
                self.services.set_setting("lang", args[1])
        self.store.check_all()
        self.services.sweep_empty_saves()
        self.route(self.platform.get_hash())
        # What was found unreadable is said on the first screen (after the route, which clears old notices).
        if self.store.problems:
            self.services.report_storage_problems()
            self.render()
        self._started = True
        if not self._route_waits:
            self._set_ready()
        if hasattr(self.platform, "on_update_ready"):  # the offline copy (the CPython test platform has none)
            self.platform.on_update_ready(self.offer_update)
        self.load_later_code()  # now, in the background: a game then opens at once
        for kind, *args in early:  # what was tapped or typed on the first screen, now that its screen is up
            if kind == "act" and args[0] != "app:lang":
                self.dispatch(args[0], args[1])
            elif kind == "field":
                self.field(args[0], args[1], final=args[2] is True)

    def _early_intents(self) -> list:
        """What the person tapped or typed on the first screen before the app was up (index.html kept it), in
        order: ("act", act, arg) and ("field", name, value, final), each checked for its shape."""
        early = getattr(self.platform, "early_intents", None)
        kept = []
        for intent in early() if early is not None else []:
            kind, *args = intent
            if kind == "act" and len(args) == 2 and isinstance(args[0], str):
                kept.append(("act", args[0], args[1] if isinstance(args[1], str) else None))
            elif kind == "field" and len(args) == 3 and isinstance(args[0], str):
                kept.append(("field", args[0], args[1], args[2] is True))
        return kept

    def _set_ready(self) -> None:
        if not self.ready:
            self.ready = True
            self.platform.set_ready()

    # ------------------------------------------------------------------ the later code (junban.archives)

    def load_later_code(self) -> None:
        """Fetch the package's later archive, unless it is in or on its way."""
        if self.later_code in ("loading", "loaded"):
            return
        self.later_code = "loading"
        self.platform.load_later_code(self._later_code_arrived)

    def _wait_for_later_code(self, again=None) -> None:
        """What was asked needs the later code: do ``again()`` once it is in, if the same screen is still shown
        (if ``again`` is None: show the address shown)."""
        if again is None:
            self._route_waits = True
        elif (self.screen, again) not in self._intents_waiting:
            self._intents_waiting.append((self.screen, again))
            self.services.notify(t("later.loading"), "info", key="later")
        self.load_later_code()

    def _later_code_arrived(self, failure: str | None) -> None:
        self.later_code = "failed" if failure else "loaded"
        if not (self._route_waits or self._intents_waiting):  # fetched ahead of need: nothing to draw
            return
        try:
            self.services.dismiss("later")
            if failure and self._route_waits:
                from junban.ui.screens.loading import LoadingScreen

                self.show(LoadingScreen(self.services, failed=failure))
            elif failure and self._intents_waiting:  # kept: "Try again" does them once the code is in
                self.services.notify(t("later.failed", reason=failure), "error", key="later",
                                     action=(t("later.retry"), "app:later-retry", ""))
            elif not failure:
                if self._route_waits:
                    self.route(self.platform.get_hash(), keep_notices=True)
                intents, self._intents_waiting = self._intents_waiting, []
                for screen, again in intents:
                    if screen is self.screen:
                        again()
        except Exception as err:  # never a dead page
            self.services.report_crash(err)
        self.render()
        self._set_ready()

    def route(self, hash_text: str, keep_notices: bool = False) -> None:
        """Show the screen the hash names (a link, a reload, the back button). What was said about the last
        screen is cleared, unless ``keep_notices`` (a redirect that says why it happened)."""
        notify = self.services.notify
        self._route_waits = False
        if not keep_notices:
            self.services.clear_notices()
        try:
            route = links.parse_route(hash_text)
        except links.LinkError as err:
            notify(t("link.bad", reason=error_text(err)), "error")
            game = _game_in(hash_text)
            self.go(f"#/{game}" if game else "#/", replace=True, keep_notices=True)
            return
        try:
            screen = self._screen_for(route)
        except NotLoadedYet:
            from junban.ui.screens.loading import LoadingScreen

            self._wait_for_later_code()
            screen = LoadingScreen(self.services)
        except JunbanError as err:
            notify(error_text(err), "error")
            screen = self._home()
            self.platform.set_hash("#/", replace=True)
        except Exception as err:  # never a dead page: say so, and go home
            self.services.report_crash(err)
            screen = self._home()
            self.platform.set_hash("#/", replace=True)
        if screen is not None:
            self.show(screen)
        self.routed_hash = self.platform.get_hash()
        if self._started and not self._route_waits:  # the first screen was waiting, and another came up
            self._set_ready()

    def hash_changed(self, hash_text: str) -> None:
        """The address changed (the back button, a link). Hash changes are reported late, after the app may have
        moved on by itself (a link that opened a game becomes ``#/play/<id>``): the address already shown is not
        routed again (that would open the same game twice and drop what was said about it)."""
        if hash_text != self.routed_hash:
            self.route(hash_text)

    def _screen_for(self, route: links.Route):
        services = self.services
        if route.game is not None and not has_ui(route.game):
            raise JunbanError(t("game.unavailable", game=route.game))
        if route.name == "home":
            return self._home()
        if route.name == "history":
            from junban.ui.screens.history import HistoryScreen

            return HistoryScreen(services)
        if route.name == "rules":
            from junban.ui.screens.rules import RulesScreen

            return RulesScreen(services, route.game)
        if route.name == "setup":
            from junban.ui.screens.setup import SetupScreen

            try:
                preset = links.setup_from_params(route.game, route.params, require_seed=False) if route.params else None
            except links.LinkError as err:
                services.notify(t("link.bad", reason=error_text(err)), "error")
                self.platform.set_hash(f"#/{route.game}", replace=True)
                preset = None
            return SetupScreen(services, route.game, preset)
        if route.name == "deal":
            return self._deal_from_link(route)
        if route.name == "play":
            return self._open_save(route.save_id)
        if route.name == "tutorial":
            return self._tutorial(route.game)
        if route.name == "storage":
            from junban.ui.screens.storage import StorageScreen

            return StorageScreen(services)
        if route.name == "join":  # a host phone's pairing code: this phone plays one seat of its table
            from junban.ui.screens.seat import JoinScreen

            return JoinScreen(services, route.params.get("p"))
        if route.name == "seat":
            from junban.ui.screens.seat import SeatKeptAside, SeatScreen

            try:
                screen = SeatScreen.open(services, route.save_id)
            except SeatKeptAside:  # a seat this phone cannot show: kept aside, and said so
                screen = None
            else:
                if screen is None:
                    services.notify(t("guest.missing"), "error")
            if screen is None:
                self.platform.set_hash("#/", replace=True)
                return self._home()
            return screen
        if route.name == "receive":  # a game sent from another device: stored (merged), then opened
            from junban.ui.screens.storage import receive

            save_id = receive(services, route.params)
            self.platform.set_hash(f"#/play/{save_id}" if save_id else "#/", replace=True)
            return self._open_save(save_id) if save_id else self._home()
        return self._home()

    def _home(self):
        from junban.ui.screens.home import HomeScreen

        return HomeScreen(self.services)

    def _deal_from_link(self, route: links.Route):
        from junban.ui.screens.setup import SetupScreen

        services = self.services
        try:
            setup = links.setup_from_params(route.game, route.params)
        except links.LinkError as err:
            services.notify(t("link.bad", reason=error_text(err)), "error")
            self.platform.set_hash(f"#/{route.game}", replace=True)
            return SetupScreen(services, route.game, None)
        from junban.daily import link_shape

        started = services.started_game(route.game, setup.config, setup.seed, link_shape(setup))
        if started is not None:  # the same link opened again: the game started from it, with "start again"
            services.notify(t("link.resumed"), "info", key="resumed",
                            action=(t("link.start_again"), "app:fresh", _link_of(route)))
            return self._resume(started)
        seats = services.default_seats(route.game, setup.players, setup.bots, setup.level)
        session = services.create_session(route.game, setup.config, setup.seed, seats)
        if session is None:
            return SetupScreen(services, route.game, setup)
        return self._table(self._opened(session))

    def _opened(self, session):
        """A game opened from a link: Back from its table leads home (the link's entry becomes home)."""
        self.platform.set_hash("#/", replace=True)
        self.platform.set_hash(f"#/play/{session.id}")
        return session

    def _resume(self, save_id: str):
        self.platform.set_hash("#/", replace=True)
        self.platform.set_hash(f"#/play/{save_id}")
        return self._open_save(save_id)

    def _tutorial(self, game: str):
        """A game's first game that teaches: the one under way, with "start again", or a new one."""
        from junban.daily import seat_shape
        from junban.ui.tutorials import script_for

        services = self.services
        script = script_for(game)
        seats = services.default_seats(game, script.people + script.bots, script.bots, script.level)
        config = load_game_config(game, script.config)
        started = services.started_game(game, config, script.seed, seat_shape(seats), mode="tutorial")
        if started is not None:
            services.notify(t("tut.resumed"), "info", key="resumed",
                            action=(t("link.start_again"), "app:fresh", f"#/tutorial/{game}"))
            return self._resume(started)
        session = services.create_session(game, config, script.seed, seats, mode="tutorial")
        if session is None:
            return self._home()
        return self._table(self._opened(session))

    def start_again(self, hash_text: str) -> None:
        """"Start again" on a resumed link or tutorial: a new game of the same deal."""
        try:
            route = links.parse_route(hash_text)
        except links.LinkError:
            return
        services = self.services
        if route.name == "tutorial":
            from junban.ui.tutorials import script_for

            script = script_for(route.game)
            seats = services.default_seats(route.game, script.people + script.bots, script.bots, script.level)
            session = services.create_session(route.game, script.config, script.seed, seats, mode="tutorial")
        elif route.name == "deal":
            try:
                setup = links.setup_from_params(route.game, route.params)
            except links.LinkError as err:
                services.notify(t("link.bad", reason=error_text(err)), "error")
                return
            seats = services.default_seats(route.game, setup.players, setup.bots, setup.level)
            session = services.create_session(route.game, setup.config, setup.seed, seats)
        else:
            return
        if session is not None:
            services.go(f"#/play/{session.id}", replace=True)

    def _open_save(self, save_id: str):
        from junban.storage import UnreadableRecord, replay

        record = self.store.read_save(save_id)
        self.services.report_storage_problems()
        if record is None:
            self.services.notify(t("save.missing"), "error")
            self.platform.set_hash("#/", replace=True)
            return self._home()
        try:
            session = replay(record)  # a long log written before folding existed comes back folded
        except UnreadableRecord as problem:
            self.store.save_unreadable(save_id, problem)
            self.services.report_storage_problems()
            self.platform.set_hash("#/", replace=True)
            return self._home()
        if len(session.actions) < len(record["actions"]):  # the same position
            self.services.notify(t("storage.compacted", n=len(record["actions"]) - len(session.actions)), "info")
            self.services.save(session)
        self.services.warn_if_long(session)
        return self._table(session)

    def _table(self, session):
        from junban.ui.screens.table import TableScreen

        return TableScreen(self.services, session)

    def go(self, hash_text: str, replace: bool = False, keep_notices: bool = False) -> None:
        """Navigate to a route: record it in the history (or replace the current entry) and show it."""
        self.platform.set_hash(hash_text, replace=replace)
        self.route(hash_text, keep_notices=keep_notices)

    def show(self, screen) -> None:
        """Put a screen on the page; focus moves to its main heading (never left on the page body)."""
        if self.screen is not None and hasattr(self.screen, "leave"):
            self.screen.leave()
        self.screen = screen
        self._intents_waiting = [(on, again) for on, again in self._intents_waiting if on is screen]
        self.platform.scroll_to_top()
        if self.services.focus_target is None:
            self.services.focus_after_render(getattr(screen, "focus_on_show", "#main h1 || #main"))
        self.render()

    def storage_changed(self, key: str | None, new_value: str | None = None) -> None:
        """Another tab wrote ``new_value`` under ``key`` (None: removed, or the whole storage cleared)."""
        try:
            told = self.services.other_tab_wrote(key, new_value)
            if self.screen is not None and hasattr(self.screen, "storage_changed"):
                self.screen.storage_changed(key)
            if told:
                self.render()
        except Exception as err:  # never a dead page
            self.services.report_crash(err)
            self.render()

    def offer_update(self) -> None:
        """A new version of the app is installed and waiting: say so, with a button to reload onto it."""
        self.services.notify(t("update.ready"), "update", key="update", sticky=True)
        self.render()

    # ------------------------------------------------------------------ rendering and events

    def render(self) -> None:
        if self._rendering:
            return
        self._rendering = True
        services = self.services
        try:
            screen = self.screen
            page = self.page()
            self.platform.set_title(self.page_title())
            motion = getattr(screen, "motion", False)
            if motion:
                self.platform.motion_before()
            self.renderer.render(page)
            if motion:
                self.platform.motion_after(services.motion_ms())
            if services.focus_target:
                self.platform.focus(services.focus_target)
                services.focus_target = None
        finally:
            self._rendering = False
        if screen is not None and hasattr(screen, "after_render"):
            screen.after_render()

    def page(self) -> list:
        """What the page shows of the screen: the top bar, the notices, the screen itself (``render`` draws it; the
        build writes it as HTML for the first screens, ``junban.ui.prerender``)."""
        screen = self.screen
        try:
            body = screen.render() if screen is not None else h("p", {}, t("loading"))
        except NotLoadedYet:  # a screen that draws something of the later code: drawn again once it is in
            from junban.ui.screens.loading import LoadingScreen

            self._wait_for_later_code(self.render)
            body = LoadingScreen(self.services).render()
        return [
            self._header(screen),
            self._notices(),
            h("main", {"id": "main", "class": ["screen", getattr(screen, "screen_class", None)], "tabindex": "-1"},
              body),
        ]

    def page_title(self) -> str:
        title = getattr(self.screen, "title", None)
        return f"{title} · Junban" if title else "Junban"

    def _header(self, screen):
        """The top bar. A screen may put its own things in it (a table: its title and menu)."""
        other = "ja" if i18n.language() == "en" else "en"
        extra = screen.header_items() if screen is not None and hasattr(screen, "header_items") else None
        return h(
            "header",
            {"class": ["topbar", "compact" if extra is not None else None]},
            h("a", {"href": "#/", "class": "brand"},
              h("span", {"class": "brand-mark", "lang": "ja", "aria-hidden": "true"}, "順"),
              h("span", {"class": "brand-name"}, "Junban"),
              h("span", {"class": "visually-hidden"}, " ", t("nav.home_suffix"))),
            extra,
            h("nav", {"class": "topnav", "aria-label": t("nav.label")},
              h("a", {"href": "#/history"}, t("nav.history")) if extra is None else None,
              h("button", {"type": "button", "class": "lang", "data-act": "app:lang", "data-arg": other,
                           "lang": other, "aria-label": t("nav.language_to", name=i18n.LANGUAGES[other])},
                i18n.LANGUAGES[other]) if extra is None else None),
        )

    def _notices(self):
        items = []
        for notice in self.services.notices:
            items.append(
                h("div", {"class": ["notice", f"notice-{notice.kind}", "two-actions" if notice.more else None],
                          "role": "alert" if notice.kind == "error" else "status", "key": notice.key},
                  h("p", {}, notice.text),
                  h("button", {"type": "button", "class": "button primary", "data-act": "app:update"},
                    t("update.reload")) if notice.kind == "update" else None,
                  h("button", {"type": "button", "class": "button primary small notice-action",
                               "data-act": notice.action[1], "data-arg": notice.action[2]}, notice.action[0])
                  if notice.action else None,
                  h("button", {"type": "button", "class": "button small notice-more",
                               "data-act": notice.more[1], "data-arg": notice.more[2]}, notice.more[0])
                  if notice.more else None,
                  h("button", {"type": "button", "class": "notice-close", "data-act": "app:dismiss",
                               "data-arg": notice.key, "aria-label": t("notice.dismiss")}, "×"))
            )
        return h("div", {"class": "notices", "id": "notices"}, items)

    def dispatch(self, act: str, arg: str | None) -> None:
        """An intent from the page (a click on a [data-act] element)."""
        try:
            if act == "app:lang":
                if arg in i18n.LANGUAGES:
                    self.services.set_setting("lang", arg)
                    self.services.announce(t("nav.language_now"))  # the live region speaks the new language too
                    changed = getattr(self.screen, "language_changed", None)
                    if changed is not None:  # (what a screen still says in a notice follows the language)
                        changed()
            elif act == "app:dismiss":
                self.services.dismiss(arg or "")
            elif act == "app:update":
                self.platform.apply_update()
            elif act == "app:go":
                if arg:
                    self.go(arg)
                    return
            elif act == "app:fresh":
                if arg:
                    self.start_again(arg)
                    return
            elif act == "app:later-retry":
                self.services.dismiss("later")
                if self._route_waits:
                    self.route(self.platform.get_hash())
                    return
                self.load_later_code()
            elif self.screen is not None:
                self.screen.handle(act, arg)
        except NotLoadedYet:
            self._wait_for_later_code(lambda: self.dispatch(act, arg))
        except Exception as err:  # never leave the page dead: tell the person, keep the game
            self.services.report_crash(err)
        self.render()

    def field(self, name: str, value, final: bool = False) -> None:
        if self.screen is not None and hasattr(self.screen, "field"):
            try:
                rerender = self.screen.field(name, value, final)
            except NotLoadedYet:
                self._wait_for_later_code(lambda: self.field(name, value, final))
                rerender = True
            except Exception as err:
                self.services.report_crash(err)
                rerender = True
            if rerender:
                self.render()

    def key(self, key: str, ctrl: bool = False, alt: bool = False, typing: bool = False) -> bool:
        if self.screen is None or not hasattr(self.screen, "key"):
            return False
        try:
            handled = self.screen.key(key, ctrl=ctrl, alt=alt, typing=typing)
        except NotLoadedYet:
            self._wait_for_later_code(lambda: self.key(key, ctrl, alt, typing))
            handled = True
        except Exception as err:
            self.services.report_crash(err)
            handled = True
        if handled:
            self.render()
        return bool(handled)


def load_game_config(game: str, config: dict) -> dict:
    from junban.games import load_game

    return load_game(game).normalize_config(config)


def _link_of(route: links.Route) -> str:
    """The address of a deal route (as the hash carries it)."""
    query = "&".join(f"{k}={links.percent_encode(v, safe=',:')}" for k, v in route.params.items())
    return f"#/{route.game}?{query}"


def _game_in(hash_text: str) -> str | None:
    text = hash_text.lstrip("#").lstrip("/")
    name = text.split("?", 1)[0].split("/", 1)[0]
    return name if name in GAME_MODULES else None
