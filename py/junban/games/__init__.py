"""The games, each a package with the same protocol, imported only when needed.

A game package (``junban.games.<name>``) exposes these module-level names:

``SLUG``
    Its route and save name: ``"the-game"``, ``"23"``, ``"eleusis"``.
``SEATS``
    ``range`` of allowed seat counts.
``normalize_config(raw: dict) -> dict``
    Validate and complete a configuration (from setup, a link or a save); raise ``ConfigError`` with a message
    for a person. The result is canonical: JSON-able, every key present, so equal configs compare equal.
``new_game(config: dict, seed: str) -> State``
    Deal. All randomness comes from ``junban.rng.rng_for(seed, ...)``.
``to_act(state) -> int | None``
    The seat whose decision the game waits for; ``None`` once the game is over. Where several seats decide at
    once (23's secret discard), the first of them in seat order, so whoever takes one seat at a time (a benchmark,
    a replayed log) still moves the game on.
``legal_actions(state) -> list[dict]``
    Every action the engine takes now (JSON-able dicts): the seat to act's, and those of any other seat that may
    act now (each such action names its seat: The Game's pile markers, 23's discard).
``apply(state, action: dict) -> State``
    A new state; the old one is never changed. An illegal action raises an ``IllegalAction`` subclass.
``view(state, seat: int) -> dict``
    What that seat may know: its own hand, the public table, counts of hidden things. Plain JSON-able data built
    fresh on every call, holding no reference into the state, so a bot given a view cannot reach hidden cards.
``outcome(state) -> dict | None``
    The result once the game is over.
``check_invariants(state) -> None``
    Assert the game's invariants (used by the property and fuzz tests).

Optional (``junban.session`` uses them to keep long logs playable; see its docstring):

``winds_down(action: dict) -> bool``
    Does the action bring the game nearer its end whatever happens (False for what the rules let a player
    repeat without end: The Game's markers and undo, 23's pass)? Absent: every action does.
``position(state) -> hashable``
    What decides the rest of the game; an action that returns to a recent position folds out of the log.
``table_talk(action: dict) -> bool``
    Is the action table talk (it says something, never moves a card: The Game's pile markers)? A session takes at
    most ``session.TALK_RUN`` of them in a row. Absent: no action is.
``acting_seat(state, action: dict) -> int | None``
    The seat an action speaks for (a table played on several phones takes a phone's action only for its own
    seat). Absent: the seat to act. The Game's pile markers name their seat: any seat may set one at any time;
    so does 23's discard.
``seats_to_act(state) -> list[int]``
    Every seat whose decision the game waits for, in seat order, for a game where several seats decide at once:
    23's discard, where each seat yet to discard may act, in any order, once (then it leaves the list). A table
    lets its bots act for their seats, takes the people at one device one after another behind the
    pass-the-device cover, and each phone at once. Absent: ``[to_act]`` (none once the game is over). Table talk
    any seat may add at any time (The Game's markers) is not a decision the game waits for.
``seat_actions(state, seat: int) -> list[dict]``
    The actions of ``legal_actions`` that ``seat`` may take now (what a table offers that seat, and all a phone
    is sent: never another seat's choices). Absent: those whose ``acting_seat`` is ``seat``, when ``seat`` is to
    act.
``log_view(state) -> dict``
    The part of a view the table's move log reads (``junban.ui.parts.movelog``), for a game whose views carry
    their whole public log (23): replaying a long log through ``view`` would cost the square of its length.

A game's log (config + seed + actions) is the truth: ``junban.gamelog.replay`` rebuilds any state from it.
"""
from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

# slug -> module; the order is the order on the home screen.
GAME_MODULES = {
    "the-game": "junban.games.the_game",
    "23": "junban.games.twenty_three",
    "eleusis": "junban.games.eleusis",
    "eleusis-science": "junban.games.eleusis_science",
}

# slug -> the share-link keys of its daily deal (the date is the seed, so everyone gets the same deal that day).
# Kept here, not in the games' link modules, so that the home screen offers them without loading any game.
DAILY_DEALS = {
    "the-game": {"players": "1"},  # a solo game
    "23": {"players": "3", "bots": "2", "level": "strong"},  # you against two strong bots
    "eleusis": {"players": "4", "bots": "3"},  # you and three bots, a bot dealing first
    "eleusis-science": {"difficulty": "medium"},  # today's date picks a medium rule
}


def load_game(slug: str) -> ModuleType:
    """Import a game's engine by its slug (KeyError for an unknown slug)."""
    return importlib.import_module(GAME_MODULES[slug])


def seats_to_act(module: ModuleType, state) -> list[int]:
    """The game's ``seats_to_act`` (else the seat to act, if any)."""
    ask = getattr(module, "seats_to_act", None)
    if ask is not None:
        return ask(state)
    seat = module.to_act(state)
    return [] if seat is None else [seat]


def acting_seat(module: ModuleType, state, action: dict) -> int | None:
    """The game's ``acting_seat`` (else the seat to act)."""
    ask = getattr(module, "acting_seat", None)
    return ask(state, action) if ask is not None else module.to_act(state)


def seat_actions(module: ModuleType, state, seat: int) -> list[dict]:
    """What ``seat`` may do now: the game's ``seat_actions`` (else its legal actions that speak for that seat);
    none when the game does not wait for it."""
    if seat not in seats_to_act(module, state):
        return []
    ask = getattr(module, "seat_actions", None)
    if ask is not None:
        return ask(state, seat)
    return [a for a in module.legal_actions(state) if acting_seat(module, state, a) == seat]


def available_games() -> list[str]:
    """Slugs of the games whose engine is present in this build."""
    found = []
    for slug, module in GAME_MODULES.items():
        if importlib.util.find_spec(module) is not None:
            found.append(slug)
    return found
