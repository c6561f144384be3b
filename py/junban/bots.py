"""Bots: policies over one seat's view.

Each game package has a ``bots`` module with ``LEVELS`` (names, weakest first), ``DEFAULT_LEVEL`` and
``make_bot(level, seed, seat) -> Bot``. A bot has one method, ``act(view) -> action``, and receives nothing but
the view of its own seat (plain JSON-able data), so it cannot reach hidden cards. ``act`` must be a deterministic
function of (the bot's seed, seat, level, the view): a resumed or replayed game then gets the same bot decisions.
"""
from __future__ import annotations

import importlib
from typing import Protocol

from junban.games import GAME_MODULES


class Bot(Protocol):
    level: str

    def act(self, view: dict) -> dict: ...


def bot_module(game: str):
    return importlib.import_module(GAME_MODULES[game] + ".bots")


def make_bot(game: str, level: str, seed: str, seat: int) -> Bot:
    module = bot_module(game)
    if level not in module.LEVELS:
        raise ValueError(f"unknown bot level {level!r} for {game}")
    return module.make_bot(level, seed, seat)
