"""Are two rules the same rule? Equal as games: they accept exactly the same mainlines.

Two rules are **equivalent** when, on every mainline that both accept card by card (starting from the empty
mainline), they accept the same next cards. Then every game goes the same under either rule. Rules that differ
only after mainlines neither can ever build (``card.colour != prev.colour`` and the same rule with an extra
``and card.colour = prev2.colour``) are equivalent. The relation is symmetric: if ``a`` agrees with ``b`` on every
mainline ``b`` can build, the two build the same mainlines.

A **counterexample** is such a mainline plus a next card that one rule accepts and the other rejects.

Exact, by enumeration, when both rules read a bounded window (no count/sum; length only as ``length mod k`` or
against fixed numbers): the mainlines are explored breadth first as abstract states (length phase, first card,
the last few cards) where each card stands for its class (cards the two rules cannot tell apart, e.g. only the
colour matters), so the first counterexample found is a shortest one. Otherwise, or when the state space is
beyond the budget, by simulation: seeded random mainlines built from cards both accept, every next card tested.
"""
from __future__ import annotations

import random
from math import lcm
from dataclasses import dataclass

from junban.games.eleusis import cards
from junban.games.eleusis.lang import Rule
from junban.games.eleusis.lang.analysis import RANK_FEATURES

EXACT_BUDGET = 400_000  # rule judgements for the exact search (both rules counted)
SIMULATION_BUDGET = 60_000  # rule judgements for the simulation
SIMULATION_LENGTH = 60  # longest random mainline
FILLER = "2C"


@dataclass(frozen=True)
class Counterexample:
    """After ``mainline`` (both rules accept every card of it) rule a says ``a_accepts`` to ``card``; b says the
    opposite."""

    mainline: tuple[str, ...]
    card: str
    a_accepts: bool

    @property
    def b_accepts(self) -> bool:
        return not self.a_accepts

    def to_dict(self) -> dict:
        return {"mainline": list(self.mainline), "card": self.card, "a_accepts": self.a_accepts}


@dataclass(frozen=True)
class Comparison:
    equivalent: bool
    exact: bool  # True: proven by enumeration (or a counterexample found); False: no difference found by simulation
    counterexample: Counterexample | None
    judgements: int


def equivalent(a: Rule, b: Rule) -> tuple[bool, Counterexample | None]:
    """(True, None) if the rules are equivalent; else (False, a counterexample). See ``compare`` for exactness."""
    result = compare(a, b)
    return result.equivalent, result.counterexample


def compare(a: Rule, b: Rule, exact_budget: int = EXACT_BUDGET, simulation_budget: int = SIMULATION_BUDGET,
            seed: str = "", prefer_a_accepts: bool = False, start: tuple[str, ...] = ()) -> Comparison:
    """Compare two rules. With ``prefer_a_accepts``, among the shortest counterexamples one where ``a`` accepts
    the card is chosen (the science mode shows the secret rule's *right* cards first: they teach more).

    With a ``start`` mainline, only the mainlines that continue it are explored (``start`` itself, then cards both
    rules accept after it): "equivalent" then means the rules agree on every game that goes on from ``start``."""
    start = tuple(start)
    if a.text == b.text:
        return Comparison(True, True, None, 0)
    if a.info.bounded_window and b.info.bounded_window:
        result = _enumerate(a, b, exact_budget, prefer_a_accepts, start)
        if result is not None:
            return result
    return _simulate(a, b, simulation_budget, seed, prefer_a_accepts, start)


def card_class_key(code: str, features: frozenset) -> tuple:
    """What rules reading only ``features`` see of a card: two cards with the same key cannot be told apart."""
    parts: list = []
    if "rank" in features:
        parts.append(cards.rank(code))
    else:
        for feature in sorted(features & RANK_FEATURES):
            parts.append((feature, _rank_feature(feature, cards.rank(code))))
    if "suit" in features:
        parts.append(cards.suit(code))
    elif features & {"colour", "red", "black"}:
        parts.append(cards.is_red(code))
    return tuple(parts)


def card_classes(features: frozenset) -> list[str]:
    """One representative card per class of cards that rules reading only ``features`` cannot tell apart."""
    seen: dict[tuple, str] = {}
    for code in cards.DECK:
        seen.setdefault(card_class_key(code, features), code)
    return list(seen.values())


def _rank_feature(feature: str, rank: int) -> bool:
    if feature == "odd":
        return rank % 2 == 1
    if feature == "even":
        return rank % 2 == 0
    if feature == "face":
        return rank >= 11
    return rank in (2, 3, 5, 7, 11, 13)  # prime


def _enumerate(a: Rule, b: Rule, budget: int, prefer_a_accepts: bool = False,
               start: tuple[str, ...] = ()) -> Comparison | None:
    window = max(a.info.window, b.info.window)
    uses_first = "first" in a.info.refs or "first" in b.info.refs
    period = _lcm(a.info.length_period, b.info.length_period)
    threshold = max(a.info.length_threshold, b.info.length_threshold, window + 1)
    reps = card_classes(a.info.features | b.info.features)

    def state_of(mainline: tuple[str, ...]) -> tuple:
        n = len(mainline)
        phase = n if n < threshold else threshold + (n - threshold) % period
        first = mainline[0] if uses_first and mainline else None
        return (phase, first, mainline[-window:] if window else ())

    judged = 0
    seen = {state_of(start)}
    level: list[tuple[str, ...]] = [start]
    while level:
        found: list[Counterexample] = []
        following: list[tuple[str, ...]] = []
        for mainline in level:
            judged += 2 * len(reps)
            if judged > budget:
                return None
            va = a.judge_all(mainline, reps)
            vb = b.judge_all(mainline, reps)
            for card, x, y in zip(reps, va, vb):
                if x != y:
                    found.append(Counterexample(mainline, card, x))
                elif x:
                    nxt = mainline + (card,)
                    key = state_of(nxt)
                    if key not in seen:
                        seen.add(key)
                        following.append(nxt)
            if found and not prefer_a_accepts:
                break
        if found:
            return Comparison(False, True, _pick(found, prefer_a_accepts), judged)
        level = following
    return Comparison(True, True, None, judged)


def _pick(found: list[Counterexample], prefer_a_accepts: bool) -> Counterexample:
    if prefer_a_accepts:
        for ce in found:
            if ce.a_accepts:
                return ce
    return found[0]


def _simulate(a: Rule, b: Rule, budget: int, seed: str, prefer_a_accepts: bool = False,
              start: tuple[str, ...] = ()) -> Comparison:
    salt = f"|{','.join(start)}" if start else ""
    rng = random.Random(f"junban|eleusis|equivalence|{seed}|{a.text}|{b.text}{salt}")
    deck = list(cards.DECK)
    judged = 0
    while judged < budget:
        mainline: list[str] = list(start)
        for _ in range(SIMULATION_LENGTH):
            judged += 2 * len(deck)
            va = a.judge_all(mainline, deck)
            vb = b.judge_all(mainline, deck)
            both = []
            found = []
            for card, x, y in zip(deck, va, vb):
                if x != y:
                    found.append(Counterexample(tuple(mainline), card, x))
                elif x:
                    both.append(card)
            if found:
                return Comparison(False, True, _pick(found, prefer_a_accepts), judged)
            if not both or judged >= budget:
                break
            mainline.append(rng.choice(both))
    return Comparison(True, False, None, judged)


def _lcm(x: int, y: int) -> int:
    return lcm(x, y)
