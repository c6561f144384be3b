"""Share-link keys of 23 (besides seed, players, bots, level; see junban.links).

23 has no options of its own: a deal is fixed by ``players`` and ``seed`` alone, so there are no extra keys.
Example: ``#/23?players=3&bots=2&level=strong&seed=123`` (one person, two strong bots).
"""
from __future__ import annotations

KEYS: tuple[str, ...] = ()


def config_from_params(params: dict, players: int) -> dict:
    return {"players": players}


def params_from_config(config: dict) -> dict:
    return {}
