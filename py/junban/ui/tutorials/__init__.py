"""The first games that teach, one script per game (``junban.ui.parts.tutorial`` runs them at the table).

Each module here gives ``SCRIPT`` (a ``Script``: the deal, the table, the steps, the tutorial's bots). Texts are
in ``junban.ui.text.help`` (``tut.<game>.*``).
"""
from __future__ import annotations

import importlib

from junban.links import TUTORIAL_GAMES

TUTORIALS = {
    "the-game": "junban.ui.tutorials.the_game",
    "23": "junban.ui.tutorials.twenty_three",
    "eleusis": "junban.ui.tutorials.eleusis",
}


assert tuple(TUTORIALS) == TUTORIAL_GAMES  # the routes (#/tutorial/<game>) know the same games


def has_tutorial(game: str | None) -> bool:
    return game in TUTORIALS


def script_for(game: str):
    return importlib.import_module(TUTORIALS[game]).SCRIPT


def start(table):
    """The tutorial running at a table (its save's mode is "tutorial"), or None."""
    from junban.ui.parts.tutorial import DONE, TUTORIAL, Tutorial

    session = table.session
    if session.mode != TUTORIAL or not has_tutorial(session.game):
        return None
    running = Tutorial(script_for(session.game), table)
    if running.finished:
        session.mode = DONE
        return None
    return running
