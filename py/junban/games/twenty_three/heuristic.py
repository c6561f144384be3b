"""The tuned heuristic player of 23: a fast policy that plays like a sensible person (the strong bot's model of
every seat in its play-outs, its own seat included).

It looks one move ahead and scores what is left with ``hand_cost``, a rough forecast of what a hand will still
cost: the cards are played lowest first while the pile climbs ``rise`` numbers per other player between two of our
turns, a card the pile passes is lost (one chip when the hand is put back), and the hand stops where stopping is
cheapest (dropping out the rest) or goes out (returning up to 3 chips).

In words:

- a play that costs nothing (every copy of a card equal to the pile value or one above) is made at once;
- otherwise every move is scored as its cost now plus ``hand_cost`` of what is left, and the cheapest wins: the
  lowest live number with each useful count of bonus chips, the next live number, any lower number the chips
  reach (which also sends the pile down, so the cards above it live again), a pass or a pass and force (the pile
  climbs a lap before our next turn; the force makes the next player climb it), and dropping out;
- when forced, the cheapest play by the same score (or the lapse).

A bonus chip costs ``Weights.chip`` (an unused one returns 2 penalty chips at the end) or ``Weights.chip_early``
before the last round (round 2 may need it more). ``Weights`` holds the tuned numbers; the tuning is
``tools/tune_twenty_three.py`` (self-play).
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from junban.games.twenty_three.policy import DROP, FORCE, PASS, PLAY
from junban.games.twenty_three.rules import BONUS_REACH, GOING_OUT_RETURN, LOWEST


@dataclass(frozen=True)
class Weights:
    """The heuristic's numbers (in penalty chips, or pile numbers for the climbs)."""

    rise: float = 1.0  # how far the pile climbs per other player in the round between two of our turns
    pass_rise: float = 1.0  # the climb per other player that a pass waits for
    force_rise: float = 2.0  # the climb per other player after a pass and force (the next one must play)
    chip: float = 2.0  # the cost of spending a bonus chip in the last round
    chip_early: float = 3.0  # ... before the last round


# By the number of players at the table; tuned by ``tools/tune_twenty_three.py`` (seed set ``tune23``).
WEIGHTS = {
    2: Weights(pass_rise=0.75),
    3: Weights(force_rise=0.5),
    4: Weights(rise=0.0, force_rise=1.0),
}


def hand_cost(hand: list[int], value: float, rise: float, penalties: int) -> float:
    """Forecast of what a sorted ``hand`` will still cost when it is our turn on pile ``value``: the lowest live
    number each turn, the pile climbing ``rise`` between our turns; stop (drop out) where that is cheapest."""
    size = len(hand)
    best = float(size)
    cost = 0.0
    played = 0
    pile = value
    i = bisect_left(hand, value)
    while i < size:
        card = hand[i]
        j = bisect_right(hand, card, i)
        if card > pile + 1:
            cost += card - pile - 1
        if cost - GOING_OUT_RETURN >= best:
            break
        played += j - i
        if played == size:
            return min(best, cost - min(GOING_OUT_RETURN, penalties + cost))
        if cost + size - played < best:
            best = cost + size - played
        pile = card + rise
        i = bisect_left(hand, pile, j)
    return best


def scored_moves(hand: list[int], value: int, chips: int, penalties: int, others: int, final: bool,
                 weights: Weights, plays_only: bool = False, may_pass: bool = True,
                 may_force: bool = True) -> list[tuple[float, tuple]]:
    """The moves the heuristic weighs, each with its score (cost now plus the forecast of what is left): every
    copy of the lowest live number with each useful count of bonus chips, of the next live number, and of each
    lower number the chips reach (the fewest chips that do); pass, pass and force, drop out."""
    chip_cost = weights.chip if final else weights.chip_early
    rise = weights.rise * others
    size = len(hand)
    scored = []
    live = bisect_left(hand, value)
    i = bisect_left(hand, value - BONUS_REACH * chips) if chips else live
    live_numbers = 0
    while i < size and live_numbers < 2:
        card = hand[i]
        j = bisect_right(hand, card, i)
        rest = hand[:i] + hand[j:]
        if card < value:  # a lower number: the fewest chips that reach it, which also send the pile down to it
            bonus = (value - card + BONUS_REACH - 1) // BONUS_REACH
            scored.append((chip_cost * bonus + _later(rest, card, rise, penalties, 0),
                           (PLAY, card, j - i, bonus, card)))
        else:
            live_numbers += 1
            gap = card - value - 1
            later = _later(rest, card, rise, penalties, gap)
            scored.append((gap + later, (PLAY, card, j - i, 0, value)))
            bonus = 1
            while live_numbers == 1 and bonus <= chips and gap > 0:
                reduced = gap - BONUS_REACH * bonus
                if reduced < 0:
                    reduced = 0
                if not rest:
                    later = -min(GOING_OUT_RETURN, penalties + reduced)
                scored.append((reduced + chip_cost * bonus + later,
                               (PLAY, card, j - i, bonus, min(card, value + BONUS_REACH * bonus))))
                if not reduced:
                    break
                bonus += 1
        i = j
    if plays_only:
        return scored
    if others and may_pass:
        scored.append((1 + hand_cost(hand, value + weights.pass_rise * others, rise, penalties + 1), (PASS,)))
        if may_force:
            scored.append((2 + hand_cost(hand, value + weights.force_rise * others, rise, penalties + 2), (FORCE,)))
    scored.append((float(size), (DROP,)))
    return scored


def _later(rest: list[int], card: int, rise: float, penalties: int, cost: int) -> float:
    """The forecast after playing every copy of ``card`` at penalty ``cost`` (going out when nothing is left)."""
    if not rest:
        return -min(GOING_OUT_RETURN, penalties + cost)
    return hand_cost(rest, card + rise, rise, penalties + cost)


def heuristic_move(hand: list[int], value: int, chips: int, penalties: int, forced: bool, may_pass: bool,
                   others: int, final: bool, weights: Weights) -> tuple:
    """The heuristic's move for a sorted, non-empty hand; ``others`` is how many other players are in the round."""
    i = bisect_left(hand, value)
    if i < len(hand) and hand[i] <= value + 1:
        return (PLAY, hand[i], bisect_right(hand, hand[i], i) - i, 0, value)
    scored = scored_moves(hand, value, chips, penalties, others, final, weights, plays_only=forced,
                          may_pass=may_pass)
    if not scored:
        return (PASS,)  # forced with no play at all: the force lapses
    return min(scored, key=lambda s: s[0])[1]


def heuristic_discard(hand: list[int], others: int, weights: Weights) -> list[int]:
    """Three times, the card whose removal leaves the cheapest forecast from the opening (never the 1)."""
    rest = sorted(hand)
    rise = weights.rise * others
    chosen = []
    for _ in range(3):
        best, best_card = None, None
        for card in sorted(set(rest)):
            if card == LOWEST:
                continue
            i = rest.index(card)
            trial = rest[:i] + rest[i + 1:]
            score = hand_cost(trial, LOWEST, rise, 0)
            if best is None or score < best or (score == best and card > best_card):
                best, best_card = score, card
        rest.remove(best_card)
        chosen.append(best_card)
    return sorted(chosen)
