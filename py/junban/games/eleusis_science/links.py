"""Share-link keys of solo science mode (besides seed, players, bots, level; see junban.links).

- ``difficulty``: easy / medium / hard — the seed then picks the library rule of that difficulty.
- ``rule``: a custom secret rule as a rule-link token (``junban.games.eleusis.rulelink``: packed and masked so the
  rule cannot be read off the link at a glance, with a checksum so a changed link is refused).
- ``hint=1``: show the library rule's hint, if it has one.

A link carrying a library rule chosen by id encodes that rule as a token too, so the link never names it.
"""
from __future__ import annotations

from junban.errors import ConfigError
from junban.games.eleusis import library, rulelink

KEYS = ("difficulty", "rule", "hint")


def config_from_params(params: dict, players: int) -> dict:
    config: dict = {}
    difficulty = params.get("difficulty")
    if difficulty is not None:
        if difficulty not in library.LEVELS:
            raise ConfigError("the difficulty is easy, medium or hard", code="config.el_difficulty")
        config["level"] = difficulty
    token = params.get("rule")
    if token is not None:
        try:
            config["rule"] = rulelink.decode(token)
        except rulelink.RuleLinkError as err:
            raise ConfigError(str(err), code="rule_link.invalid") from None
    hint = params.get("hint")
    if hint is not None:
        if hint not in ("0", "1"):
            raise ConfigError("hint must be 0 or 1", code="config.el_hint")
        config["show_hint"] = hint == "1"
    return config


def params_from_config(config: dict) -> dict:
    params: dict = {}
    if config.get("rule") is not None:
        params["rule"] = rulelink.encode(config["rule"])
    elif config.get("rule_id") is not None:
        params["rule"] = rulelink.encode(library.get(config["rule_id"]).rule)
    else:
        params["difficulty"] = config.get("level", "medium")
    if config.get("show_hint"):
        params["hint"] = "1"
    return params


def rule_link(rule_text: str) -> str:
    """The hash part of a link that sets this rule for a friend to find (with a fresh deal of their own)."""
    return f"#/eleusis-science?rule={rulelink.encode(rule_text)}"
