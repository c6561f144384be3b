"""The strong bot's turn: card counting and a whole-turn search over the position after the turn.

Every card not yet on a pile is *live*: in this hand or unseen (partners' hands and the draw pile). A live card's
*room* is the number of piles that still accept it (higher than an ascending top, lower than a descending one, or
exactly the backwards-trick card). A turn is judged by the position it leaves: the summed pressure of every live
card, steeply rising as its room shrinks (a card with no room will never be played). Playing a card removes it
from the live cards; a jump that skips live cards takes room from each of them. Cards already played cost nothing
to skip, which is what counting buys.
"""
from __future__ import annotations

from junban.games.the_game.seat_view import Position
from junban.games.the_game.turns import after, layers, placements, remaining

# Pressure of one live card by its room (0..4 piles accept it).
PRESSURE = (40.0, 6.0, 1.5, 0.4, 0.0)
HAND_WEIGHT = 1.0
UNSEEN_WEIGHT = 1.0
EXTRA_PLAY_PRICE = 0.0
BEAM = 400
EXTRA_LAYERS = 4


def room(card: int, tops) -> int:
    a0, a1, d0, d1 = tops
    n = (card > a0 or card == a0 - 10) + (card > a1 or card == a1 - 10)
    n += (card < d0 or card == d0 + 10) + (card < d1 or card == d1 + 10)
    return n


class Counting:
    """Prefix counts of the unseen cards, so the pressure of a position costs O(1) besides the hand."""

    def __init__(self, unseen):
        below = [0] * 102
        for x in range(1, 101):
            below[x + 1] = below[x] + (x in unseen)
        self.below = below  # below[x] = unseen cards < x
        self.unseen = unseen

    def between(self, lo: int, hi: int) -> int:
        """Unseen cards x with lo <= x < hi."""
        if hi <= lo:
            return 0
        return self.below[max(0, min(101, hi))] - self.below[max(0, min(101, lo))]

    def pressure(self, tops) -> float:
        a0, a1, d0, d1 = tops
        cuts = sorted({2, 100, min(100, max(2, a0 + 1)), min(100, max(2, a1 + 1)), min(100, max(2, d0)),
                       min(100, max(2, d1))})
        total = 0.0
        for s, e in zip(cuts, cuts[1:]):
            n = (s > a0) + (s > a1) + (s < d0) + (s < d1)
            total += PRESSURE[n] * self.between(s, e)
        # Backwards-trick cards have one more pile than the intervals say.
        unseen = self.unseen
        for t, step in ((a0, -10), (a1, -10), (d0, 10), (d1, 10)):
            x = t + step
            if x in unseen:
                n = room(x, tops)
                total += PRESSURE[n] - PRESSURE[n - 1]
        return total


def evaluate(counting: Counting, tops, hand) -> float:
    value = UNSEEN_WEIGHT * counting.pressure(tops)
    for card in hand:
        value += HAND_WEIGHT * PRESSURE[room(card, tops)]
    return value


def plan_turn(position: Position) -> list | None:
    hand = position.hand
    counting = Counting(position.unseen)
    layer = layers(hand, position.tops, position.need, lambda c, p, t: 0.0)
    if not layer:
        return None
    best = None
    frontier = layer
    for extra in range(EXTRA_LAYERS + 1):
        scored = []
        for (mask, tops), (_, plays) in frontier.items():
            rest = remaining(hand, mask)
            value = evaluate(counting, tops, rest) + EXTRA_PLAY_PRICE * extra
            if position.burning and any(p not in {q for _, q in plays} for p in position.burning):
                value += 1000.0
            scored.append((value, plays, mask, tops))
        if not scored:
            break
        scored.sort()
        if best is None or scored[0][:2] < best:
            best = scored[0][:2]
        nxt = {}
        for value, plays, mask, tops in scored[:BEAM]:
            for i, card in enumerate(hand):
                if mask >> i & 1:
                    continue
                for c, p in placements((card,), tops):
                    key = (mask | 1 << i, after(tops, c, p))
                    if key not in nxt:
                        nxt[key] = (0.0, plays + ((c, p),))
        frontier = nxt
    return list(best[1])


def desired_markers(position: Position, plays) -> dict:
    return {}
