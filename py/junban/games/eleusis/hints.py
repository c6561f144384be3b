"""Hints for an Eleusis player, from the scientist's reading of their own seat's view (never the secret rule).

The evidence is the one the bots weigh (``bots.evidence`` at the table, ``scientist.science_evidence`` in solo
science, wrong guesses dropped as the science bot drops them); the ``Scientist`` then says, in three steps a
player may ask for one by one:

1. **what the evidence says**: how sure it is (the share of the surviving weight that judges like its best rule
   on the mainlines the bots probe), how many rules still fit, the leading ideas (the most probable rules grouped
   by how they judge) and what they look at (``ASPECTS``: colour, suit, rank, parity, the previous card, ...);
2. **a card to try**: the card of the hand that tells the two leading ideas apart and, among those, teaches the
   most (bits of expected information, as the bots weigh plays); when no card of the hand separates them, the
   card the bots would play to learn (``Scientist.choose_play``). How likely it is right, how many of the
   ideas stay after each verdict and which then leads; at the table also the card most likely right, and whether
   nothing in hand looks playable ("No play");
3. **the best guess**: the leading rule, its text and its words (English and Japanese).

Work is bounded by counts (leading rules, probed mainlines, cards in hand), never by the clock; the hint is a
deterministic function of the view.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from junban.games.eleusis import cards
from junban.games.eleusis.bots import NO_PLAY_RISK, evidence, observe
from junban.games.eleusis.lang import LANGS, Rule, compile_rule
from junban.games.eleusis.scientist import (
    CONFIDENCE_DEPTH,
    Hypotheses,
    Hypothesis,
    Scientist,
    default_hypotheses,
    drop_wrong_guesses,
    entropy,
    observe_science,
    probe_contexts,
    science_evidence,
)

LEADERS = 24  # the most probable rules looked at (as the science bot's guess weighs them)
SHOWN = 5  # leading ideas kept in a hint
ASPECTS = ("colour", "suit", "rank", "parity", "previous", "two_back", "three_back", "first", "start", "position",
           "counts")
_FEATURE_ASPECT = {"colour": "colour", "red": "colour", "black": "colour", "suit": "suit", "rank": "rank",
                   "face": "rank", "prime": "rank", "odd": "parity", "even": "parity"}
_REF_ASPECT = {"prev": "previous", "prev2": "two_back", "prev3": "three_back", "first": "first", "each": "counts"}


@dataclass(frozen=True)
class Lead:
    """A leading idea: the most probable rule of a group that judges alike, the group's share of the surviving
    weight, and what the rule looks at."""

    text: str
    share: float
    aspects: tuple[str, ...]


@dataclass(frozen=True)
class Try:
    """The card that best tells the leading ideas apart: how many of the ideas stay if it is right and if it is
    wrong, and the idea that then leads."""

    card: str
    p_right: float
    bits: float
    splits_top: bool  # the two leading ideas judge it differently
    stay_right: int
    stay_wrong: int
    if_right: Lead | None
    if_wrong: Lead | None


@dataclass(frozen=True)
class Hint:
    evidence: int  # pieces of evidence weighed
    sure: float  # share of the surviving weight that judges like the best rule where plays were and can go
    fitting: int  # rules of the scientist's space that fit the evidence (the fewest contradictions)
    contradicted: int  # pieces of evidence even the best rules contradict (0 while the rule is in the space)
    ideas: int  # distinct ideas (groups of rules that judge alike) among the LEADERS most probable rules
    leaders: tuple[Lead, ...]  # the SHOWN leading ideas, best first
    aspects: tuple[tuple[str, float], ...]  # what the leading rules look at: (aspect, share), most read first
    try_card: Try | None  # None with no hand to play from
    surest: tuple[str, float] | None  # the card most likely right and its probability (the table only)
    nothing_fits: bool  # no card in hand looks playable (the table: "No play" looks right)
    best: str  # the leading rule's text
    words: dict  # the leading rule in plain words, per language


@lru_cache(maxsize=512)
def aspects_of(text: str) -> tuple[str, ...]:
    """What a rule reads, in ``ASPECTS`` order: features of the cards, which earlier cards, the start of the
    line (``length = 0``), positions and lengths otherwise, counts and totals over the line."""
    root = _rule(text).root
    found = set()
    starts = set()
    for node in root.walk():
        if node.kind == "cmp" and node.value == "=" and any(a.kind == "num" and a.value == 0 for a in node.args):
            starts.update(id(a) for a in node.args if a.kind == "length")
    for node in root.walk():
        if node.kind == "feature":
            found.add(_FEATURE_ASPECT.get(node.value, node.value))
        elif node.kind == "cardref" and node.value in _REF_ASPECT:
            found.add(_REF_ASPECT[node.value])
        elif node.kind == "call" and node.value in ("count", "sum"):
            found.add("counts")
        elif node.kind in ("length", "position"):
            found.add("start" if id(node) in starts else "position")
    return tuple(a for a in ASPECTS if a in found)


@lru_cache(maxsize=512)
def _rule(text: str) -> Rule:
    return compile_rule(text)


# --------------------------------------------------------------------------- from a view


def table_hint(view: dict, hypotheses: Hypotheses | None = None) -> Hint:
    """A hint for the seat whose table view this is (its hand, after the current mainline)."""
    sci = Scientist(hypotheses or default_hypotheses())
    observe(sci, evidence(view, full=True))
    return read(sci, view["mainline"], view["hand"], table=True)


def science_hint(view: dict, hypotheses: Hypotheses | None = None) -> Hint:
    """A hint for solo science mode (its hand, after the mainline; rules already guessed wrong never lead)."""
    sci = Scientist(hypotheses or default_hypotheses())
    items, guesses = science_evidence(view)
    observe_science(sci, items, guesses)
    drop_wrong_guesses(sci, {g["text"] for g in guesses})
    return read(sci, view["mainline"], view["hand"], table=False)


# --------------------------------------------------------------------------- what the scientist says


def read(sci: Scientist, mainline: list[str], hand: list[str], table: bool) -> Hint:
    """The hint from a scientist that has seen the evidence."""
    best = sci.best()
    lines = probe_contexts(best.text, mainline, CONFIDENCE_DEPTH)
    sure = sci.agreement(best.text, lines)
    top = sci.top(LEADERS)
    total = sci.survivors().mass()
    groups = _groups(top, lines)
    leaders = tuple(_lead(members, total) for members in groups[:SHOWN])
    weight = sum(h.weight for h in top) or 1.0
    read_by: dict[str, float] = {}
    for h in top:
        for aspect in aspects_of(h.text):
            read_by[aspect] = read_by.get(aspect, 0.0) + h.weight / weight
    aspects = tuple(sorted(((a, min(1.0, s)) for a, s in read_by.items()),
                           key=lambda a_s: (-round(a_s[1], 6), ASPECTS.index(a_s[0]))))
    try_card = surest = None
    nothing_fits = False
    if hand:
        distinct = sorted(set(hand), key=cards.DECK.index)
        ps = sci.p_accept_all(mainline, distinct)
        card, p, splits = _card_to_try(sci, groups, mainline, distinct, ps)
        try_card = Try(card, p, entropy(p), splits, *_answers(groups, total, mainline, card))
        if table:
            surest = max(zip(distinct, ps), key=lambda cp: cp[1])
            nothing_fits = sum(ps) < NO_PLAY_RISK
    rule = _rule(best.text)
    return Hint(evidence=sci.evidence, sure=sure, fitting=sci.count(), contradicted=sci.min_errors,
                ideas=len(groups), leaders=leaders, aspects=aspects, try_card=try_card, surest=surest,
                nothing_fits=nothing_fits, best=best.text, words={lang: rule.describe(lang) for lang in LANGS})


def _groups(top: list[Hypothesis], lines: list[tuple[str, ...]]) -> list[list[Hypothesis]]:
    """The rules grouped by their verdicts on every card after each probed mainline, most probable first."""
    groups: dict[tuple, list[Hypothesis]] = {}
    for h in top:
        rule = _rule(h.text)
        key = tuple(tuple(rule.judge_all(list(line), cards.DECK)) for line in lines)
        groups.setdefault(key, []).append(h)
    return sorted(groups.values(), key=lambda g: -sum(h.weight for h in g))


def _lead(members: list[Hypothesis], total: float) -> Lead:
    share = sum(h.weight for h in members) / total if total > 0 else 0.0
    return Lead(members[0].text, min(1.0, share), aspects_of(members[0].text))


def _card_to_try(sci: Scientist, groups: list[list[Hypothesis]], mainline: list[str], distinct: list[str],
                 ps: list[float]) -> tuple[str, float, bool]:
    """(card, probability right, whether it splits the two leading ideas): the most informative card among those
    the two leading ideas judge differently (ties: more likely right, then deck order), else the bots' choice."""
    if len(groups) >= 2:
        first, second = _rule(groups[0][0].text), _rule(groups[1][0].text)
        splitting = [(c, p) for c, p in zip(distinct, ps) if first.judge(mainline, c) != second.judge(mainline, c)]
        if splitting:
            card, p = max(splitting, key=lambda cp: (round(entropy(cp[1]), 6), cp[1]))
            return card, p, True
    card, p, _bits, _score = sci.choose_play(mainline, distinct, ps=ps)
    return card, p, False


def _answers(groups: list[list[Hypothesis]], total: float, mainline: list[str],
             card: str) -> tuple[int, int, Lead | None, Lead | None]:
    """How many ideas call ``card`` right and how many wrong, and the leading idea of each side."""
    right = [g for g in groups if _rule(g[0].text).judge(mainline, card)]
    wrong = [g for g in groups if not _rule(g[0].text).judge(mainline, card)]
    return (len(right), len(wrong), _lead(right[0], total) if right else None,
            _lead(wrong[0], total) if wrong else None)
