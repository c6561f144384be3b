"""A bot's move (or the scientist's hint) as a request and its answer, plain JSON both ways, so that the thinking can run where it does not
hold up the page: in a worker of its own (``assets/thinking-worker.mjs``, asked by ``junban.ui.thinking``), or in
the page where no worker can run. A request carries what the bot may know — its game, level, the bots' seed (never
the deal's: ``junban.bots.bot_seed``), its seat and that seat's view — so the answer is the one the page would have
computed (``Bot.act`` is a deterministic function of exactly these). ``tests/ui/test_thinking.py`` checks that a
table's bots play the same games either way.
"""
from __future__ import annotations

import json

from junban import bots as bot_registry

_BOTS_KEPT = 32  # bots kept between requests (a bot may keep what it worked out for the next move: faster, same)
_bots: dict[tuple, object] = {}


def bot_request(game: str, level: str, seed_of_bots: str, seat: int, view: dict) -> dict:
    """The request for the move of the bot of ``level`` in ``seat``, which sees ``view``."""
    return {"kind": "bot", "game": game, "level": level, "seed": seed_of_bots, "seat": seat, "view": view}


def eleusis_hint_request(which: str, view: dict) -> dict:
    """The request for the scientist's hint to the person whose ``view`` this is: ``which`` "table" (an Eleusis
    table) or "science" (solo science)."""
    return {"kind": "eleusis-hint", "which": which, "view": view}


def eleusis_hint(which: str, view: dict):
    """The scientist's hint (``junban.games.eleusis.hints``: the table's or solo science's)."""
    from junban.games.eleusis import hints

    return (hints.table_hint if which == "table" else hints.science_hint)(view)


def answer(request: dict) -> dict:
    """What a request asks for: ``{"action": ...}`` for a bot's move, ``{"hint": ...}`` for a hint
    (``hints.hint_to_json``)."""
    if request.get("kind") == "eleusis-hint":
        from junban.games.eleusis.hints import hint_to_json

        return {"hint": hint_to_json(eleusis_hint(request["which"], request["view"]))}
    if request.get("kind") != "bot":
        raise ValueError(f"not a request this knows: {request.get('kind')!r}")
    key = (request["game"], request["level"], request["seed"], request["seat"])
    bot = _bots.get(key)
    if bot is None:
        if len(_bots) >= _BOTS_KEPT:
            _bots.clear()
        bot = _bots[key] = bot_registry.make_bot_from(*key)
    return {"action": bot.act(request["view"])}


def answer_json(text: str) -> str:
    """``answer`` from and to JSON text (what the worker is sent and sends back)."""
    return json.dumps(answer(json.loads(text)))
