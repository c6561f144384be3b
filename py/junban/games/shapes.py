"""What a seat of a game is sent, as shapes: the common parts of each game's ``shapes`` module.

A phone playing one seat of a table held by another phone (``junban.net.guest``) trusts nothing the host sends: a
host's page can send anything that parses. Before it shows or keeps an update or a move log entry, it checks it
against its game's own shapes (``junban.games.<game>.shapes``): every field of the seat's view with its type, the
card values that exist, seats within the table, counts and sizes within what the deck and the rules allow (a hand
of 4,900 cards, a card value ``"5;background-image:url(…)"``, 8 seats at a table of 2 or a pile of 2 are refused).
The game's engine knows its view; its shapes module says it, and ``tests/engine/test_seat_shapes.py`` plays many
games to check that every view, outcome, legal action and log event the host makes fits.

Each game's module gives ``check_update(config, seat, update)`` (``view``, ``to_act``, ``over``, ``outcome``,
``legal``) and ``check_event(config, event)``; both raise ``Unfit`` naming the field. The shape classes are the
storage layer's (``junban.storage``: ``Fields``, ``ListOf``, ``Int`` ...), with a few more here.
"""
from __future__ import annotations

import importlib

from junban.errors import JunbanError
from junban.games import GAME_MODULES
from junban.storage import Misfit, Shape


class Unfit(JunbanError):
    """Something a host sent that is not what the game's seat could be sent (``field`` says where)."""


def load(game: str):
    """The shapes module of ``game``."""
    return importlib.import_module(GAME_MODULES[game] + ".shapes")


def check(shape: Shape, value, what: str) -> None:
    """``Unfit`` (naming ``what`` and the field) unless ``value`` fits ``shape``."""
    try:
        shape.check(value)
    except Misfit as misfit:
        path = misfit.path
        raise Unfit(f"the host sent a {what} this game cannot have ({path or what})", code="net.shape",
                    field=f"{what}.{path}"[:60] if path else what) from None


def require(condition: bool, what: str) -> None:
    """``Unfit`` unless ``condition`` (a check across fields: counts that add up, a seat that is this one)."""
    if not condition:
        raise Unfit(f"the host sent a {what} that does not add up", code="net.shape", field=what[:60])


class Exactly(Shape):
    """One value (compared only once its type is known to be the value's own)."""

    def __init__(self, value):
        self.value = value

    def check(self, value):
        if type(value) is not type(self.value) or value != self.value:
            raise Misfit()


class Sorted(Shape):
    """A list of ``item`` in ascending order (a hand as a view gives it)."""

    def __init__(self, item: Shape, longest: int, key=None):
        from junban.storage import ListOf

        self.items, self.key = ListOf(item, longest), key

    def check(self, value):
        self.items.check(value)
        keys = [self.key(v) for v in value] if self.key else value
        if any(a > b for a, b in zip(keys, keys[1:])):
            raise Misfit()


class Check(Shape):
    """``shape``, then ``test(value)`` (a rule of the game across the value's parts)."""

    def __init__(self, shape: Shape, test):
        self.shape, self.test = shape, test

    def check(self, value):
        self.shape.check(value)
        if not self.test(value):
            raise Misfit()


def seat(players: int):
    from junban.storage import Int

    return Int(0, players - 1)


def each_seat(item: Shape, players: int):
    """A list with one ``item`` per seat."""
    from junban.storage import ListOf

    return ListOf(item, players, players)
