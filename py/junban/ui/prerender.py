"""The first screens as HTML, drawn at build time on CPython by the app's own code (build.py writes them into
``index.html``), so that a first visit shows something to read and tap before Python is up in the browser.

Each is what the app draws for a person with nothing stored on this device, in one language: home, each game's
setup screen and rules, and the screen a page waits on for everything else (a shared deal, a saved game: "Loading…",
never home's games). What depends on the day is drawn for ``BUILD_DAY`` and put right in the page by a few lines
of ``index.html`` before the first paint (the daily deals' links carry the date as their seed). When Python is up,
the app's first render takes the page over where it is the same (``Renderer``'s ``take_over``: no element is drawn
again, so nothing moves or flashes), or draws it afresh where it is not (a setup screen's seed, ``BUILD_SEED`` until
Python draws a random one; a device that has saved games). The same code always draws the same page.
"""
from __future__ import annotations

from dataclasses import dataclass

from junban import links
from junban.ui import i18n
from junban.ui.dom import to_html

# The day the build draws home's daily challenges for; index.html puts today's date where it appears.
BUILD_DAY = "2000-01-01"
# The seed a setup screen shows until Python is up and draws the person's own (a take-over draws it afresh there).
# Fixed, not random: the build's version is a hash of its files, so a random seed here made every build of the same
# code a new version, and every returning player download the whole build again after a mere redeploy.
BUILD_SEED = "123456789"


class _Storage:
    def __init__(self):
        self.data: dict[str, str] = {}

    def get(self, key):
        return self.data.get(key)

    def set(self, key, text):
        self.data[key] = text

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


class BuildPlatform:
    """What the app needs of a page to draw a screen, at build time: nothing stored, one language, ``BUILD_DAY``."""

    document = None
    root = None
    persistent = True

    def __init__(self, lang: str, hash_text: str):
        self.storage = _Storage()
        self._lang = lang
        self.hash = hash_text

    def languages(self):
        return [self._lang]

    def now(self):
        return 946_684_800.0  # BUILD_DAY, 00:00 UTC

    def today(self):
        return BUILD_DAY

    def seconds_to_midnight(self):
        return 86_400.0

    def get_hash(self):
        return self.hash

    def set_hash(self, hash_text, replace=False):
        self.hash = hash_text

    def page_url(self):
        return "./"

    def call_later(self, seconds, fn):
        return 0

    def cancel(self, handle):
        pass

    def prefers_reduced_motion(self):
        return False

    def can_share(self):
        return False

    def set_lang(self, lang):
        pass

    def set_skip_link(self, text):
        pass

    def set_title(self, title):
        pass

    def announce(self, text):
        pass

    def focus(self, selector):
        pass

    def scroll_to_top(self):
        pass


@dataclass
class FirstScreen:
    """One screen the page can show before Python is up: which addresses it is for (``route``: "home",
    "setup <game>", "rules <game>" or "loading"), its language, its title and skip link, and its HTML (the
    children of ``#app``)."""

    route: str
    lang: str
    title: str
    skip_link: str
    html: str


def first_screen(route: str, lang: str) -> FirstScreen:
    """Draw one first screen with the app's own code (``route`` as ``FirstScreen.route``)."""
    from junban.ui.app import App
    from junban.ui.i18n import t
    from junban.ui.screens.loading import LoadingScreen

    kind, _, game = route.partition(" ")
    hash_text = {"home": "#/", "setup": f"#/{game}", "rules": f"#/rules/{game}", "loading": "#/"}[kind]
    previous = i18n.language()
    try:
        app = App(BuildPlatform(lang, hash_text))
        app.services.use_language(lang)
        app.screen = LoadingScreen(app.services) if kind == "loading" else app._screen_for(links.parse_route(hash_text))
        if kind == "setup":
            app.screen.seed = BUILD_SEED
        return FirstScreen(route, lang, app.page_title(), t("skip.link"), to_html(app.page()))
    finally:
        i18n.set_language(previous)


def first_screens() -> list[FirstScreen]:
    """Every first screen the page carries: home, each game's setup and rules, and the loading screen, in English
    and in Japanese."""
    from junban.games import available_games
    from junban.ui.games import has_ui
    from junban.ui.screens.rules import RULE_TEXTS

    games = [game for game in available_games() if has_ui(game)]
    routes = ["home", *(f"setup {game}" for game in games), *(f"rules {game}" for game in games if game in RULE_TEXTS),
              "loading"]
    return [first_screen(route, lang) for lang in i18n.LANGUAGES for route in routes]
