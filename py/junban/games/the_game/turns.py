"""Whole turns: the sequences of plays a hand can make onto four pile tops.

Pure functions over (hand, tops); no knowledge of other seats. A turn is a tuple of (card, pile) plays in order.
Plays are searched layer by layer (all turns of exactly k plays), merging turns that reach the same end
(same cards played, same tops) so the work stays bounded by the number of distinct ends, not of orders.
"""
from __future__ import annotations

from typing import Callable

from junban.games.the_game.rules import ASCENDING, BACKWARDS_STEP, PILES, fits

Play = tuple[int, int]
Tops = tuple[int, int, int, int]


def placements(hand, tops: Tops) -> list[Play]:
    """Every (card, pile) that fits now, cards ascending then piles in order."""
    return [(c, p) for c in hand for p in PILES if fits(c, p, tops[p])]


def after(tops: Tops, card: int, pile: int) -> Tops:
    return tops[:pile] + (card,) + tops[pile + 1:]


def jump(card: int, pile: int, top: int) -> int:
    """How far a play moves the pile in its direction (negative for a backwards trick: -10)."""
    return card - top if ASCENDING[pile] else top - card


def is_trick(card: int, pile: int, top: int) -> bool:
    return card == (top - BACKWARDS_STEP if ASCENDING[pile] else top + BACKWARDS_STEP)


def can_play(hand, tops: Tops, count: int) -> bool:
    """Is there an order of ``count`` legal plays from ``hand`` onto ``tops``?"""
    if count <= 0:
        return True
    hand = tuple(sorted(hand))
    if len(hand) < count:
        return False
    dead: set = set()

    def search(mask: int, tops: Tops, need: int) -> bool:
        if need == 0:
            return True
        if (mask, tops) in dead:
            return False
        for i, card in enumerate(hand):
            if mask >> i & 1:
                continue
            for p in PILES:
                if fits(card, p, tops[p]) and search(mask | 1 << i, after(tops, card, p), need - 1):
                    return True
        dead.add((mask, tops))
        return False

    return search(0, tops, count)


def layers(hand: tuple[int, ...], tops: Tops, count: int, cost: Callable[[int, int, Tops], float]):
    """All distinct ends of exactly ``count`` plays: {(played mask over hand, tops): (total cost, plays)}.

    ``cost(card, pile, tops_before)`` prices one play; for each end the cheapest order is kept (ties: the
    smaller play tuple, so the result never depends on dict order).
    """
    layer = {(0, tops): (0.0, ())}
    for _ in range(count):
        nxt: dict = {}
        for (mask, tops_now), (total, plays) in layer.items():
            for i, card in enumerate(hand):
                if mask >> i & 1:
                    continue
                for p in PILES:
                    if not fits(card, p, tops_now[p]):
                        continue
                    key = (mask | 1 << i, after(tops_now, card, p))
                    entry = (total + cost(card, p, tops_now), plays + ((card, p),))
                    old = nxt.get(key)
                    if old is None or entry < old:
                        nxt[key] = entry
        layer = nxt
    return layer


def remaining(hand: tuple[int, ...], mask: int) -> tuple[int, ...]:
    return tuple(c for i, c in enumerate(hand) if not mask >> i & 1)


def replay_plays(tops: Tops, plays) -> Tops:
    for card, pile in plays:
        assert fits(card, pile, tops[pile]), f"{card} does not fit on pile {pile} showing {tops[pile]}"
        tops = after(tops, card, pile)
    return tops
