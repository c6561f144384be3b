"""Share-link keys of The Game (besides seed, players, bots, level; see junban.links).

- ``variant``: comma-separated, any of ``expert`` (minimum 3), ``small`` (one card fewer in hand),
  ``fire`` (On Fire). Example: ``variant=expert,fire``.
- ``strict=1``: no undo (a played card stays played).
- ``start``: the seat that plays first, 1..players (default: the suggested seat).
"""
from __future__ import annotations

import re

from junban.errors import ConfigError

KEYS = ("variant", "strict", "start")
VARIANTS = {"expert": "expert", "small": "small_hands", "fire": "on_fire"}


def config_from_params(params: dict, players: int) -> dict:
    config = {"players": players, "expert": False, "small_hands": False, "on_fire": False, "strict": False,
              "start": None}
    variant = params.get("variant", "")
    for name in filter(None, variant.split(",")):
        if name not in VARIANTS:
            raise ConfigError(f"unknown variant '{name[:20]}' (known: {', '.join(VARIANTS)})", code="config.variant",
                              name=name[:20], known=", ".join(VARIANTS))
        config[VARIANTS[name]] = True
    strict = params.get("strict")
    if strict is not None:
        if strict not in ("0", "1"):
            raise ConfigError("strict must be 0 or 1", code="config.flag", flag="strict")
        config["strict"] = strict == "1"
    start = params.get("start")
    if start is not None:
        if not re.fullmatch(r"[1-5]", start) or int(start) > players:
            raise ConfigError(f"the start player must be a seat from 1 to {players}", code="config.start", players=players)
        config["start"] = int(start) - 1
    return config


def params_from_config(config: dict) -> dict:
    params = {}
    variant = [name for name, key in VARIANTS.items() if config.get(key)]
    if variant:
        params["variant"] = ",".join(variant)
    if config.get("strict"):
        params["strict"] = "1"
    if config.get("start") is not None:
        params["start"] = str(config["start"] + 1)
    return params
