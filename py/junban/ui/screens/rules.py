"""The in-app rules reference of a game, in the current language."""
from __future__ import annotations

import importlib

from junban.ui import i18n
from junban.ui.dom import h
from junban.ui.i18n import t

RULE_TEXTS = {"the-game": "the_game", "23": "twenty_three", "eleusis": "eleusis"}


class RulesScreen:
    def __init__(self, app, game: str):
        self.app = app
        self.game = game

    @property
    def title(self) -> str:
        return t("rules.title", game=t(f"game.{self.game}.title"))

    def render(self):
        module = importlib.import_module(f"junban.ui.text.{RULE_TEXTS[self.game]}")
        sections = module.RULES[i18n.language()]
        body = []
        for heading, paragraphs in sections:
            body.append(h("section", {"class": "rules-section", "key": heading},
                          h("h2", {}, heading), [h("p", {"key": i}, p) for i, p in enumerate(paragraphs)]))
        return h("article", {"class": "rules"},
                 h("h1", {}, self.title), body,
                 h("p", {}, h("a", {"class": "button primary", "href": f"#/{self.game}"}, t("home.new_game")),
                   " ", h("a", {"class": "button quiet", "href": "#/"}, t("end.home"))))

    def handle(self, act: str, arg: str | None) -> None:
        return None
