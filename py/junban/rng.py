"""Seeded randomness shared by every game.

A game's seed is a short string (from a link, the setup screen or the daily deal). Every random choice derives
from it through ``rng_for(seed, *parts)``: a ``random.Random`` seeded with a string, which gives the same
sequence on CPython and on Pyodide (never seed from ``hash()``, which is salted per process).
"""
from __future__ import annotations

import random
import re

from junban.errors import JunbanError

SEED_MAX_LENGTH = 40
_SEED_CHARS = re.compile(r"^[A-Za-z0-9_.:-]+$")


class SeedError(JunbanError, ValueError):
    """A seed that cannot be used (the message says why)."""


def normalize_seed(seed: object) -> str:
    """Return the canonical seed string; raise SeedError (a ValueError) for anything but a short plain token.

    Ints are accepted and turned into their decimal text, so seed 123 and seed "123" give the same deal.
    """
    if isinstance(seed, int) and not isinstance(seed, bool):
        seed = str(seed)
    if not isinstance(seed, str):
        raise SeedError("a seed may only contain letters, digits and - _ . :", code="seed.chars")
    seed = seed.strip()
    if not seed:
        raise SeedError("the seed is empty", code="seed.empty")
    if len(seed) > SEED_MAX_LENGTH:
        raise SeedError(f"a seed has at most {SEED_MAX_LENGTH} characters", code="seed.too_long", max=SEED_MAX_LENGTH)
    if not _SEED_CHARS.match(seed):
        raise SeedError("a seed may only contain letters, digits and - _ . :", code="seed.chars")
    return seed


def rng_for(seed: str, *parts: object) -> random.Random:
    """A generator for one purpose of one game, e.g. ``rng_for(seed, "the-game", "deal")``."""
    key = "junban|" + "|".join([seed, *(str(p) for p in parts)])
    return random.Random(key)


def random_seed() -> str:
    """A fresh seed for a new deal (not reproducible by design)."""
    return str(random.SystemRandom().randrange(10**8, 10**9))
