"""The in-app rules reference of a game, in the current language, with a way into its first game that teaches."""
from __future__ import annotations

import importlib

from junban.links import TUTORIAL_GAMES
from junban.ui import i18n
from junban.ui.dom import h
from junban.ui.i18n import t

RULE_TEXTS = {"the-game": "the_game", "23": "twenty_three", "eleusis": "eleusis"}


def rules_body(game: str, heading: str = "h3") -> list:
    """The rules of a game in the current language, a section per topic (the page, with ``heading`` "h2", and
    the table's sheet)."""
    game = "eleusis" if game == "eleusis-science" else game
    module = importlib.import_module(f"junban.ui.text.{RULE_TEXTS[game]}")
    body = []
    if game in TUTORIAL_GAMES:  # the rules are also taught by playing
        body.append(h("p", {"class": "rules-tutorial", "key": "tutorial"},
                      h("span", {}, t("tut.learn_help")), " ",
                      h("a", {"class": "button primary small", "href": f"#/tutorial/{game}", "id": "rules-tutorial"},
                        t("tut.learn"))))
    for title, paragraphs in module.RULES[i18n.language()]:
        body.append(h("section", {"class": "rules-section", "key": title},
                      h(heading, {}, title), [h("p", {"key": i}, p) for i, p in enumerate(paragraphs)]))
    return body


class RulesScreen:
    def __init__(self, services, game: str):
        self.services = services
        self.game = game

    @property
    def title(self) -> str:
        return t("rules.title", game=t(f"game.{self.game}.title"))

    def render(self):
        return h("article", {"class": "rules"},
                 h("h1", {}, self.title), rules_body(self.game, "h2"),
                 h("p", {}, h("a", {"class": "button primary", "href": f"#/{self.game}"}, t("home.new_game")),
                   " ", h("a", {"class": "button quiet", "href": "#/"}, t("end.home"))))

    def handle(self, act: str, arg: str | None) -> None:
        return None
