"""Share-link keys of Eleusis at the table (besides seed, players, bots, level; see junban.links).

- ``difficulty``: easy / medium / hard — the library rules bot dealers pick (default medium).
- ``dealer``: the seat that deals first, 1..players (default: the last seat, a bot when people sit first).
"""
from __future__ import annotations

import re

from junban.errors import ConfigError
from junban.games.eleusis import library

KEYS = ("difficulty", "dealer")


def config_from_params(params: dict, players: int) -> dict:
    config: dict = {"players": players}
    difficulty = params.get("difficulty")
    if difficulty is not None:
        if difficulty not in library.LEVELS:
            raise ConfigError("the difficulty is easy, medium or hard", code="config.el_difficulty")
        config["difficulty"] = difficulty
    dealer = params.get("dealer")
    if dealer is not None:
        if not re.fullmatch(r"[1-8]", dealer) or int(dealer) > players:
            raise ConfigError(f"the first dealer must be a seat from 1 to {players}", code="config.el_dealer",
                              players=players)
        config["first_dealer"] = int(dealer) - 1
    return config


def params_from_config(config: dict) -> dict:
    params = {}
    if config.get("difficulty", "medium") != "medium":
        params["difficulty"] = config["difficulty"]
    if config.get("first_dealer") is not None:
        params["dealer"] = str(config["first_dealer"] + 1)
    return params
