"""Routes in the URL hash, and share links that deal the same game on any device.

Routes:

- ``#/``                          home
- ``#/<game>``                    setup screen of a game (``the-game``, ``23``, ``eleusis``)
- ``#/<game>?seed=..&players=..`` a shared deal: starts that game at once (``seed`` present); without ``seed``
                                  the setup screen opens with the other keys filled in
- ``#/play/<save id>``            a saved game
- ``#/history``                   statistics of finished games
- ``#/rules/<game>``              the rules reference
- ``#/tutorial/<game>``           the game's first game that teaches (the one under way, if any)
- ``#/storage``                   what is stored, kept-aside records, export and import
- ``#/receive?game=<token>``      one game in progress sent from another device (``junban.transfer``)
- ``#/join?p=<token>``            a host phone's pairing code for one seat (``junban.net``): this phone plays it
- ``#/seat/<table>``              the seat this phone plays at another phone's table

Share-link keys common to every game: ``seed`` (the deal), ``players`` (seats), ``bots`` (how many of the seats are
bots; they take the last seats, people the first), ``level`` (bots' level). Each game adds its own keys through
``junban.games.<game>.links`` (``KEYS``, ``config_from_params``, ``params_from_config``). Everything in a link is
untrusted: sizes are bounded, unknown keys and bad values raise ``LinkError`` with a message for the person.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field

from junban import bots as bot_registry
from junban.errors import ConfigError, JunbanError
from junban.games import DAILY_DEALS, GAME_MODULES, load_game
from junban.rng import SeedError, normalize_seed

MAX_LINK_LENGTH = 2048
MAX_RECEIVE_LINK_LENGTH = 8200  # a game sent as a link (junban.transfer.MAX_TOKEN_CHARS, and the route)
RECEIVE = "/receive?game="
JOIN = "/join?p="
_PAIRING_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,600}$")  # checked further by junban.net.guest.Pairing
_TABLE_ID = re.compile(r"^[a-z0-9]{1,12}$")
MAX_VALUE_LENGTH = 1200
MAX_FIELDS = 32  # settings in one link
COMMON_KEYS = ("seed", "players", "bots", "level")
RULES_OF = {"eleusis-science": "eleusis"}  # a game whose rules reference is another game's
TUTORIAL_GAMES = ("the-game", "23", "eleusis")  # games with a first game that teaches (junban.ui.tutorials)
_SAVE_ID = re.compile(r"^[a-z0-9]{4,32}$")


class LinkError(JunbanError):
    """A link that cannot be followed; the message says why, for a person."""


@dataclass
class Route:
    name: str  # home | setup | deal | play | history | rules | storage | receive | tutorial | join | seat
    game: str | None = None
    params: dict = field(default_factory=dict)
    save_id: str | None = None


@dataclass
class TableSetup:
    """Everything a shared link fixes: the game, its config, the deal, and which seats are bots."""

    game: str
    config: dict
    seed: str
    players: int
    bots: int
    level: str | None


def pairing_token(text: str) -> str | None:
    """The pairing code in a scanned or pasted text: a Junban join link (whole, or within a message), or the code
    alone; None if there is none."""
    text = (text or "").strip() if isinstance(text, str) else ""
    marker = "#" + JOIN
    if marker in text:
        text = text.split(marker, 1)[1]
    text = text.split("&", 1)[0].split()[0] if text.split() else ""
    return text if 20 <= len(text) <= 600 and all(c.isalnum() or c in "-_" for c in text) else None


def parse_route(hash_text: str) -> Route:
    """Turn ``location.hash`` into a Route. Raises LinkError for anything malformed."""
    if not isinstance(hash_text, str):
        raise LinkError("the link is not readable", code="link.unreadable")
    text = hash_text[1:] if hash_text.startswith("#") else hash_text
    receive = text.startswith(RECEIVE)
    if len(hash_text) > (MAX_RECEIVE_LINK_LENGTH if receive else MAX_LINK_LENGTH):
        raise LinkError("the link is too long", code="link.too_long")
    if receive:  # the token is checked (characters, checksum, size) by junban.transfer.game_from_token
        return Route("receive", params={"game": text[len(RECEIVE):]})
    if text in ("", "/"):
        return Route("home")
    if text == JOIN[:-3]:  # "#/join": scan a host's code
        return Route("join")
    if text.startswith(JOIN):
        token = text[len(JOIN):]
        if not _PAIRING_TOKEN.match(token):
            raise LinkError("the pairing code in the link is cut short or changed", code="link.bad_pairing")
        return Route("join", params={"p": token})
    if not text.startswith("/"):
        raise LinkError("the link does not lead to a page of Junban", code="link.nowhere")
    path, _, query = text[1:].partition("?")
    parts = [p for p in path.split("/") if p != ""]
    params = _parse_query(query)
    if len(parts) == 1 and parts[0] in GAME_MODULES:
        return Route("deal" if "seed" in params else "setup", game=parts[0], params=params)
    if params:
        raise LinkError("the link has settings this page does not take", code="link.extra_settings")
    if len(parts) == 2 and parts[0] == "play":
        if not _SAVE_ID.match(parts[1]):
            raise LinkError("the saved game in the link is not one Junban writes", code="link.bad_save_id")
        return Route("play", save_id=parts[1])
    if len(parts) == 2 and parts[0] == "seat":
        if not _TABLE_ID.match(parts[1]):
            raise LinkError("the table in the link is not one Junban names", code="link.bad_table")
        return Route("seat", save_id=parts[1])
    if parts == ["history"]:
        return Route("history")
    if parts == ["storage"]:
        return Route("storage")
    if len(parts) == 2 and parts[0] == "rules" and parts[1] in GAME_MODULES:
        return Route("rules", game=RULES_OF.get(parts[1], parts[1]))
    if len(parts) == 2 and parts[0] == "tutorial" and parts[1] in TUTORIAL_GAMES:
        return Route("tutorial", game=parts[1])
    raise LinkError("the link does not lead to a page of Junban", code="link.nowhere")


def _parse_query(query: str) -> dict:
    if not query:
        return {}
    fields = query.split("&")
    if len(fields) > MAX_FIELDS or not all("=" in f for f in fields):
        raise LinkError("the link's settings are not readable", code="link.bad_query")
    pairs = [tuple(percent_decode(part.replace("+", " ")) for part in f.split("=", 1)) for f in fields]
    params: dict = {}
    for key, value in pairs:
        if key in params:
            raise LinkError(f"the setting '{_short(key)}' appears twice in the link", code="link.twice", key=_short(key))
        if len(value) > MAX_VALUE_LENGTH:
            raise LinkError(f"the setting '{_short(key)}' is too long", code="link.value_too_long", key=_short(key))
        params[key] = value
    return params


# Percent-encoding, written here rather than imported: urllib.parse (with ipaddress) is the only part of the
# standard library the first screen would load beyond what Pyodide has loaded already, ~40-70 ms of start-up.
_HEX = frozenset("0123456789abcdefABCDEF")
_ALWAYS_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def percent_decode(text: str) -> str:
    """``%XX`` escapes to the UTF-8 text they spell (bytes that are no UTF-8 become U+FFFD); a ``%`` that starts no
    escape is kept as it is."""
    if "%" not in text:
        return text
    first, *rest = text.split("%")
    out = bytearray(first.encode("utf-8", "surrogatepass"))
    for part in rest:
        if len(part) >= 2 and part[0] in _HEX and part[1] in _HEX:
            out.append(int(part[:2], 16))
            part = part[2:]
        else:
            out += b"%"
        out += part.encode("utf-8", "surrogatepass")
    return out.decode("utf-8", "replace")


def percent_encode(text: str, safe: str = "") -> str:
    """Every character but ASCII letters, digits, ``_.-~`` and ``safe`` as ``%XX`` escapes of its UTF-8 bytes."""
    keep = _ALWAYS_SAFE | frozenset(safe)
    return "".join(ch if ch in keep else "".join(f"%{b:02X}" for b in ch.encode("utf-8", "surrogatepass"))
                   for ch in text)


def _short(text: str) -> str:
    text = "".join(ch for ch in text if ch.isprintable())
    return text if len(text) <= 20 else text[:20] + "…"


def game_links(game: str):
    return importlib.import_module(GAME_MODULES[game] + ".links")


def _int_param(params: dict, key: str, default: int, low: int, high: int, what: str) -> int:
    raw = params.get(key)
    if raw is None:
        return default
    if not re.fullmatch(r"[0-9]{1,3}", raw) or not low <= int(raw) <= high:
        raise LinkError(f"{what} must be a number from {low} to {high}", code="link.number", key=what, low=low,
                        high=high)
    return int(raw)


def setup_from_params(game: str, params: dict, require_seed: bool = True) -> TableSetup:
    """Validate a link's keys for ``game``. Raises LinkError with a message for a person."""
    module = load_game(game)
    extra = game_links(game)
    unknown = set(params) - set(COMMON_KEYS) - set(extra.KEYS)
    if unknown:
        name = _short(sorted(unknown)[0])
        raise LinkError(f"the link has an unknown setting: '{name}'", code="link.unknown_key", key=name)
    seats = module.SEATS
    players = _int_param(params, "players", seats.start, seats.start, seats.stop - 1, "players")
    bots = _int_param(params, "bots", 0, 0, players, "bots")
    levels = bot_registry.bot_module(game).LEVELS
    level = params.get("level")
    if level is not None and level not in levels:
        raise LinkError(f"the bot level must be one of: {', '.join(levels)}", code="link.level",
                        levels=", ".join(levels))
    if bots and level is None:
        level = bot_registry.bot_module(game).DEFAULT_LEVEL
    seed = params.get("seed")
    if seed is None:
        if require_seed:
            raise LinkError("the link has no seed", code="link.no_seed")
        seed = ""
    else:
        try:
            seed = normalize_seed(seed)
        except SeedError as err:
            raise LinkError(str(err), code=err.code, **err.params) from None
    try:
        config = module.normalize_config(extra.config_from_params(params, players))
    except ConfigError as err:
        raise LinkError(str(err), code=err.code, **err.params) from None
    return TableSetup(game=game, config=config, seed=seed, players=players, bots=bots, level=level)


def share_link(game: str, config: dict, seed: str, players: int, bots: int, level: str | None) -> str:
    """The hash part of a link that deals this game again (append it to the page's address)."""
    params = {"players": str(players)}
    if bots:
        params["bots"] = str(bots)
        if level:
            params["level"] = level
    params.update(game_links(game).params_from_config(config))
    params["seed"] = seed
    query = "&".join(f"{k}={percent_encode(v, safe=',:')}" for k, v in params.items())
    return f"#/{game}?{query}"


def daily_link(game: str, today: str) -> str | None:
    """The daily deal: the date is the seed, so everyone gets the same deal that day (None if the game has none)."""
    daily = DAILY_DEALS.get(game)
    if daily is None:
        return None
    query = "&".join(f"{k}={v}" for k, v in daily.items())
    return f"#/{game}?{query}&seed={today}"
