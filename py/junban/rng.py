"""Seeded randomness shared by every game.

A game's seed is a short string (from a link, the setup screen or the daily deal). Every random choice derives
from it through ``rng_for(seed, *parts)``: a ``random.Random`` seeded with a string, which gives the same
sequence on CPython and on Pyodide (never seed from ``hash()``, which is salted per process). Whoever must not be
able to rebuild the deal (a bot) gets ``derived_seed(seed, *parts)`` instead: a one-way hash of it.

``random_seed()`` deals a new game from 9 random digits (readable, shareable); a table played on several phones
deals from ``secret_seed()`` instead (128 random bits), since there a guessed seed would give every hand away.
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


def derived_seed(seed: str, *parts: object) -> str:
    """A seed for one purpose made one way from ``seed`` (SHA-256, 32 hex digits, itself a valid seed): the same
    inputs give the same seed everywhere, and nobody holding it can find ``seed`` to deal the cards again."""
    import hashlib  # here, not at the top: in Pyodide it costs 10-20 ms, and the first screen never needs it

    key = "junban|" + "|".join([seed, *(str(p) for p in parts)])
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def random_seed() -> str:
    """A fresh seed for a new deal (not reproducible by design): short enough to read, type and share."""
    return str(random.SystemRandom().randrange(10**8, 10**9))


SECRET_BITS = 128


def secret_seed() -> str:
    """A fresh seed nobody can guess (128 random bits from the system, as 32 hex digits): the deal of a table
    played on several phones, where a seed that could be searched would give away every hand."""
    return f"{random.SystemRandom().getrandbits(SECRET_BITS):032x}"
