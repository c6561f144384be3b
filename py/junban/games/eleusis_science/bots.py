"""The bot of solo science mode: the scientist (``junban.games.eleusis.science_bot.ScienceBot``), so a person can
watch a bot find a rule, seat 1 set to "bot" on the setup screen."""
from __future__ import annotations

from junban.games.eleusis.science_bot import ScienceBot, make_science_bot

LEVELS = ("scientist",)
DEFAULT_LEVEL = "scientist"


def make_bot(level: str, seed: str, seat: int) -> ScienceBot:
    return make_science_bot(level, seed, seat)
