"""The baseline policy of 23 as pure functions of one seat's situation (used by the baseline bot and by the strong
bot's playouts, which must model the table cheaply).

A move is a tuple: ``(PLAY, card, count, bonus, value)``, ``(PASS,)``, ``(FORCE,)`` or ``(DROP,)``.

The baseline, in words:

- Discard: three times, the most isolated card (farthest from its nearest neighbour in the hand, a duplicate being
  at distance 0; the higher card on a tie), never the 1.
- Play: the cheapest play (penalty + 2 per bonus chip, less the chips returned if it goes out; all copies of the
  number) if it costs at most 1. Otherwise pass, unless forced, alone in the round, or it already passed since the
  last play or drop-out (so it never passes forever); then it plays the cheapest play, or drops out when that costs
  more than the cards in hand (or there is no play at all).
"""
from __future__ import annotations

from bisect import bisect_left

from junban.games.twenty_three.rules import (
    BONUS_REACH,
    DISCARD,
    GOING_OUT_RETURN,
    HIGHEST,
    LOWEST,
    best_value,
    useful_bonus_counts,
)

PLAY, PASS, FORCE, DROP = 0, 1, 2, 3
CHIP_COST = 2  # an unused bonus chip returns 2 penalty chips at the end


def to_action(move: tuple) -> dict:
    """The engine action for a move tuple."""
    kind = move[0]
    if kind == PLAY:
        _, card, count, bonus, value = move
        action = {"play": [card] * count}
        if bonus:
            action["bonus"] = bonus
            action["value"] = value
        return action
    if kind == PASS:
        return {"pass": True}
    if kind == FORCE:
        return {"pass": True, "force": True}
    return {"drop_out": True}


def play_moves(hand: list[int], value: int, chips: int, all_counts: bool = True) -> list[tuple]:
    """Every useful play of a sorted hand on pile ``value`` (see ``rules.legal_actions``)."""
    moves = []
    i = 0
    size = len(hand)
    low_reach = value - BONUS_REACH * chips
    while i < size:
        card = hand[i]
        j = i + 1
        while j < size and hand[j] == card:
            j += 1
        if card >= low_reach:
            counts = range(1, j - i + 1) if all_counts else (j - i,)
            for bonus in useful_bonus_counts(value, card, chips):
                adjusted = best_value(value, card, bonus)
                for count in counts:
                    moves.append((PLAY, card, count, bonus, adjusted))
        i = j
    return moves


def cheapest_play(hand: list[int], value: int, chips: int, penalties: int) -> tuple[tuple | None, float]:
    """The play of all copies of one number with the least cost (penalty + 2 per chip − chips returned on going
    out); the lowest card and fewest chips on a tie. ``(None, inf)`` when nothing can be played."""
    size = len(hand)
    i = bisect_left(hand, value)
    if i < size and hand[i] <= value + 2:
        # A card skipping at most one number: nothing is cheaper (chips cost 2; going out needs one number only).
        card = hand[i]
        j = bisect_left(hand, card + 1, i)
        cost = max(0, card - value - 1)
        if j - i == size:
            cost -= min(GOING_OUT_RETURN, penalties + cost)
        return (PLAY, card, j - i, 0, value), cost
    best, best_cost = None, float("inf")
    i = bisect_left(hand, value - BONUS_REACH * chips)
    while i < size:
        card = hand[i]
        j = i + 1
        while j < size and hand[j] == card:
            j += 1
        goes_out = i == 0 and j == size
        if card < value:  # only with chips: the fewest that reach down to it
            bonus = -((card - value) // BONUS_REACH)
            cost = CHIP_COST * bonus - (min(GOING_OUT_RETURN, penalties) if goes_out else 0)
            if cost < best_cost:
                best, best_cost = (PLAY, card, j - i, bonus, card), cost
        else:
            skipped = card - value - 1
            useful = min(chips, -(-skipped // BONUS_REACH))
            if not goes_out and min(skipped - 3 * useful, CHIP_COST * useful if skipped > 0 else 0) >= best_cost:
                break  # neither this number nor a higher one can be cheaper
            for k in range(useful + 1):
                skipped_now = max(0, skipped - BONUS_REACH * k)
                cost = skipped_now + CHIP_COST * k
                if goes_out:
                    cost -= min(GOING_OUT_RETURN, penalties + skipped_now)
                if cost < best_cost:
                    best, best_cost = (PLAY, card, j - i, k, min(card, value + BONUS_REACH * k) if k else value), cost
        i = j
    return best, best_cost


def baseline_move(hand: list[int], value: int, chips: int, penalties: int, forced: bool, may_pass: bool,
                  others_in: bool) -> tuple:
    """The baseline's move for a sorted, non-empty hand (see the module docstring)."""
    best, cost = cheapest_play(hand, value, chips, penalties)
    if forced:
        return best if best is not None else (PASS,)
    if best is not None and cost <= 1:
        return best
    if may_pass and others_in:
        return (PASS,)
    if best is None or cost > len(hand):
        return (DROP,)
    return best


def isolation_discard(hand: list[int]) -> list[int]:
    """The baseline's discard: three times the most isolated card (higher on a tie), never the 1."""
    rest = sorted(hand)
    chosen = []
    for _ in range(DISCARD):
        best, best_key = None, None
        for i, card in enumerate(rest):
            if card == LOWEST:
                continue
            gap = HIGHEST
            if i > 0:
                gap = min(gap, card - rest[i - 1])
            if i + 1 < len(rest):
                gap = min(gap, rest[i + 1] - card)
            key = (gap, card)
            if best_key is None or key > best_key:
                best, best_key = i, key
        chosen.append(rest.pop(best))
    return sorted(chosen)
