"""The baseline bot's turn: the smallest jumps that reach the minimum, then only nearly free extra cards.

A play's price is its jump (the card's distance from the top in the pile's direction; a backwards trick is -10),
plus a surcharge on piles a partner marked (``keep``: leave it alone; ``small``: only small jumps). The turn is
the cheapest sequence of exactly the required number of cards (searched over every order, so a legal turn is
always found when one exists), extended by plays that cost at most ``EXTRA_MAX_JUMP`` (tricks and neighbours).
Fire cards left on top from an earlier turn are covered before the turn ends when the hand can.
"""
from __future__ import annotations

from junban.games.the_game.seat_view import Position
from junban.games.the_game.turns import jump, layers, placements, replay_plays

EXTRA_MAX_JUMP = 1
KEEP_SURCHARGE = 12
SMALL_JUMP = 3
SMALL_SURCHARGE = 8
# Extra plays beyond the minimum searched to cover burning fire cards.
FIRE_EXTRA_LAYERS = 3


def play_price(position: Position):
    keep = {p for p, kind, _ in position.markers if kind == "keep"}
    small = {p for p, kind, _ in position.markers if kind == "small"}

    def price(card: int, pile: int, tops) -> float:
        step = jump(card, pile, tops[pile])
        value = -10 if step < 0 else step
        if pile in keep:
            value += KEEP_SURCHARGE
        elif pile in small and step > SMALL_JUMP:
            value += SMALL_SURCHARGE
        return value

    return price


def plan_turn(position: Position) -> list | None:
    """The plays of the rest of this turn, or None when the hand cannot play the cards still required."""
    hand, price = position.hand, play_price(position)
    burning = set(position.burning)
    count = position.need
    layer = layers(hand, position.tops, count, price)
    if not layer:
        return None
    best = min(layer.values())
    # Cover a fire card that would burn at the end of this turn, if a few more cards can do it.
    if burning and _burns(position, best[1]):
        for extra in range(1, FIRE_EXTRA_LAYERS + 1):
            if count + extra > len(hand):
                break
            covering = [e for e in layers(hand, position.tops, count + extra, price).values()
                        if not _burns(position, e[1])]
            if covering:
                best = min(covering)
                break
    plays = list(best[1])
    tops = replay_plays(position.tops, plays)
    left = [c for c in hand if c not in {c for c, _ in plays}]
    while left:
        options = sorted((price(c, p, tops), c, p) for c, p in placements(left, tops))
        if not options or options[0][0] > EXTRA_MAX_JUMP:
            break
        _, card, pile = options[0]
        plays.append((card, pile))
        tops = tops[:pile] + (card,) + tops[pile + 1:]
        left.remove(card)
    return plays


def _burns(position: Position, plays) -> bool:
    covered = {p for _, p in plays}
    return any(p not in covered for p in position.burning)


def desired_markers(position: Position, plays) -> dict:
    """The baseline sends no signals."""
    return {}

