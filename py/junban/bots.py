"""Bots: policies over one seat's view.

Each game package has a ``bots`` module with ``LEVELS`` (names, weakest first, the levels a table offers),
optionally ``BENCH_LEVELS`` (levels kept for the benchmarks only), ``DEFAULT_LEVEL`` and
``make_bot(level, seed, seat) -> Bot``. A bot has one method, ``act(view) -> action``, and receives nothing but
the view of its own seat (plain JSON-able data), so it cannot reach hidden cards. ``act`` must be a deterministic
function of (the bot's seed, seat, level, the view): a resumed or replayed game then gets the same bot decisions.

Every bot is made here, by ``make_bot(game, level, deal_seed, seat)``: the bot's seed is ``bot_seed``, derived one
way from the deal's seed, never the deal's seed itself (from which the dealer would deal every hand again).
"""
from __future__ import annotations

import importlib
from typing import Protocol

from junban.games import GAME_MODULES
from junban.rng import derived_seed


class Bot(Protocol):
    level: str

    def act(self, view: dict) -> dict: ...


def bot_module(game: str):
    return importlib.import_module(GAME_MODULES[game] + ".bots")


def bot_seed(game: str, deal_seed: str) -> str:
    """The seed the bots of a deal get: one way from the deal's seed, so reproducible but no key to the deal."""
    return derived_seed(deal_seed, game, "bot")


def make_bot(game: str, level: str, deal_seed: str, seat: int) -> Bot:
    """The bot of ``level`` for ``seat`` at a deal of ``game`` made from ``deal_seed`` (a table's or a benchmark's
    levels alike); it gets ``bot_seed``, never the deal's seed."""
    return make_bot_from(game, level, bot_seed(game, deal_seed), seat)


def make_bot_from(game: str, level: str, seed_of_bots: str, seat: int) -> Bot:
    """The same bot from the bots' seed itself (``bot_seed``): what a phone playing one seat of a table held by
    another gets, for a hint, since it never has the deal's seed."""
    module = bot_module(game)
    if level not in module.LEVELS and level not in getattr(module, "BENCH_LEVELS", ()):
        raise ValueError(f"unknown bot level {level!r} for {game}")
    return module.make_bot(level, seed_of_bots, seat)
