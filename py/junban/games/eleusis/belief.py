"""How sure the scientist is of its best rule, as a probability that holds up: the one reading of the evidence that
the science bot, the table bots and the hints share.

``read(sci, mainline, contexts)`` gives the best rule, the mainlines probed (a walk along the best rule from the
current mainline, one from the empty mainline and one card after each of ``contexts``: ``scientist.probe_contexts``),
``raw``: the share of the surviving weight that judges like the best rule on every card after all of them, the
leading **ideas** (the ``LEADERS`` most probable rules grouped by how they judge there, the best rule's idea first,
each with its share of the weight), and ``p``: the probability that the best rule is the secret rule.

**Calibration.** ``raw`` is a share under the scientist's prior (simpler rules weigh more), not a frequency: the
secret rules people write are not drawn from that prior, some lie outside the space, and rules that agree on the
probed mainlines may still differ elsewhere. ``p = calibrated(raw, evidence)`` maps it to how often a best rule read
so turns out to be the secret rule: ``p = 1 / (1 + exp(-z))`` with ``z = CALIBRATION_SLOPE * logit(raw) +
CALIBRATION_SHIFT + CALIBRATION_EVIDENCE * evidence / EVIDENCE_UNIT`` (the more evidence, the fewer surviving rivals
that are mere exceptions the prior weighs too much), a logistic fit over every turn of the science bot's games on the **tuning** sets only (the library and
``tests/fixtures/eleusis/tuning-kinds.json``), each turn labelled by whether its best rule was equivalent to the
secret rule (``tools/eleusis_calibration.py`` fits it from ``python -m junban.bench eleusis --turns FILE``). It is
what the bots decide by (``science_bot``, the table's Prophet), unchanged since issue 32.

**Sure** (``sure``: what the hint says to people) is the same probability read more closely, and fitted where the
bots were never tuned: ``p = 1 / (1 + exp(-z))``, ``z`` the dot product of ``SURE_WEIGHTS`` with ``sure_features``:
the logit of ``raw``, the evidence, whether the best rule reads only the card played (no earlier card, no count, no
place in the line), and that times the evidence and times the logit of ``raw``. ``raw`` alone understates a rule
about the card alone: every rule that also reads the previous card and agrees on the pairs seen so far keeps its
weight, so "no aces" could be right for ten plays at a belief of 5% (issue 42, ``docs/bench-eleusis.md``). Fitted by
``tools/eleusis_calibration.py --sure`` on a rule set spread like everyday play that the bots were not tuned on
(``common-fit.json``, three deals per rule; the turns are in ``docs/data/eleusis-sure/``); measured on its twin
``common-heldout.json`` and the older held-out sets, never fitted on: ECE 0.034 pooled, within 0.05 on every kind but
single-card rules (0.156: Sure is not told the secret rule's kind, and a best rule about the card alone is right a
third of the time in single-card games and almost never in others; no calibration of these inputs does better than
0.112 there, nor with how the weight splits between rules about the card alone and the others, ``card_alone_split``,
0.104. ``docs/bench-eleusis.md``, "How sure, on new rules").
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from junban.games.eleusis import cards
from junban.games.eleusis.lang import Rule, compile_rule
from junban.games.eleusis.scientist import (
    CONFIDENCE_DEPTH,
    Hypotheses,
    Hypothesis,
    Part,
    Scientist,
    probe_contexts,
    reachable_contexts,
)

LEADERS = 24  # the most probable rules grouped into ideas
CALIBRATION_SLOPE = 0.625  # fitted on the tuning sets (see the module docstring)
CALIBRATION_SHIFT = -0.93
CALIBRATION_EVIDENCE = 0.72  # per EVIDENCE_UNIT pieces of evidence seen
EVIDENCE_UNIT = 10
EVIDENCE_CAP = 40  # evidence beyond this counts as this much (the table sees more than solo science ever does)
FAINT = 0.02  # a share known to be below this is not weighed further (what is left of it is an upper bound)
RAW_FLOOR = 1e-4  # shares are clipped to [RAW_FLOOR, 1 - RAW_FLOOR] before the logit


def calibration_features(raw: float, evidence: int) -> tuple[float, float]:
    """What the calibration reads: the logit of the raw share, and the evidence seen (in ``EVIDENCE_UNIT``s)."""
    x = min(max(raw, RAW_FLOOR), 1 - RAW_FLOOR)
    return math.log(x / (1 - x)), min(evidence, EVIDENCE_CAP) / EVIDENCE_UNIT


def calibrated(raw: float, evidence: int = 0) -> float:
    """The probability that a best rule whose idea holds ``raw`` of the surviving weight, after ``evidence``
    pieces of evidence, is the secret rule (as the bots weigh it)."""
    x, e = calibration_features(raw, evidence)
    z = CALIBRATION_SLOPE * x + CALIBRATION_SHIFT + CALIBRATION_EVIDENCE * e
    return 1 / (1 + math.exp(-z))


SURE_FEATURES = ("logit raw", "1", "evidence", "card alone", "card alone x evidence", "card alone x logit raw")
SURE_WEIGHTS = (0.713, -0.073, 0.387, -0.278, 1.555, 0.337)  # fitted on untuned sets (see the module docstring)


@lru_cache(maxsize=4096)
def reads_only_the_card(text: str) -> bool:
    """Does the rule judge the card played by itself (no earlier card, no count, no place in the line)?"""
    try:
        info = rule_of(text).info
    except Exception:  # not a rule: nothing to say of it
        return False
    return info.refs <= {"card"} and not info.aggregates and info.length_period == 1 and \
        info.length_threshold == 0 and info.length_bounded


def sure_features(raw: float, evidence: int, best_text: str) -> tuple[float, ...]:
    """What "Sure" reads (``SURE_FEATURES``)."""
    x, e = calibration_features(raw, evidence)
    alone = 1.0 if reads_only_the_card(best_text) else 0.0
    return x, 1.0, e, alone, alone * e, alone * x


def sure(raw: float, evidence: int, best_text: str) -> float:
    """The probability said to people that the best rule (``best_text``, its idea holding ``raw`` of the surviving
    weight) is the secret rule, after ``evidence`` pieces of evidence."""
    z = sum(w * f for w, f in zip(SURE_WEIGHTS, sure_features(raw, evidence, best_text)))
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, z))))


_CARD_ALONE: dict[int, Part] = {}


def card_alone_part(hyp: Hypotheses) -> Part:
    """The rules of ``hyp`` about the card alone (every piece ``reads_only_the_card``), made once per space."""
    part = _CARD_ALONE.get(id(hyp))
    if part is None:
        part = _CARD_ALONE[id(hyp)] = Part(hyp, reads_only_the_card)
    return part


def card_alone_split(sci: Scientist, best_text: str, lines) -> tuple[float, float, float]:
    """How the weight splits between rules about the card alone and rules about earlier cards, places or counts
    (the evidence may not separate them yet): ``raw`` (the share of the surviving weight judging like the best rule
    on the probed ``lines``: the best rule's idea), the card-alone share of the idea's weight, and of all the
    surviving weight. One pass, as ``read``'s raw share, with the part weighed (a few ms more; the first call in a
    process sorts the space's pieces: ``card_alone_part``). Sure does not use it (no calibration of it with Sure's
    inputs reaches the per-kind target, issue 42): ``read`` gives it only when asked (``split``; the bench records
    it)."""
    return sci.agreement_within(best_text, lines, stop_below=FAINT, part=card_alone_part(sci.hyp))


@lru_cache(maxsize=512)
def rule_of(text: str) -> Rule:
    return compile_rule(text)


@dataclass(frozen=True)
class Idea:
    """Rules that judge alike on the probed mainlines: the most probable one's text, the idea's share of the
    surviving weight (for the best rule's idea, ``raw``: every surviving rule that judges alike, not only the
    leaders), and the rules it holds among the leaders."""

    text: str
    share: float
    members: tuple[Hypothesis, ...]
    verdicts: tuple[tuple[bool, ...], ...] = ()  # per probed mainline, its verdict on every card of the deck

    def judges(self, mainline: Sequence[str], card: str) -> bool:
        return rule_of(self.text).judge(mainline, card)


@dataclass(frozen=True)
class Reading:
    best: Hypothesis
    lines: tuple[tuple[str, ...], ...]  # the probed mainlines
    raw: float  # share of the surviving weight judging like the best rule on every probed mainline
    p: float  # calibrated(raw, evidence): the probability that the best rule is the secret rule, as the bots weigh it
    ideas: tuple[Idea, ...]  # the best rule's idea first, then the others, heaviest first
    evidence: int = 0  # pieces of evidence seen
    card_alone: tuple = ()  # with read(split=True): the card-alone share of the best idea's weight and of all of it

    @property
    def sure(self) -> float:
        """The probability said to people (the hint's "Sure"): ``sure`` of this reading."""
        return sure(self.raw, self.evidence, self.best.text)

    def belief(self, raw: float, more: int = 0) -> float:
        """The probability a best idea holding ``raw`` would have after ``more`` further pieces of evidence."""
        return calibrated(raw, self.evidence + more)

    @property
    def runner_up(self) -> float:
        """The share of the second idea (0 with one idea)."""
        return self.ideas[1].share if len(self.ideas) > 1 else 0.0

    def after_refutation(self) -> float:
        """The share the leading idea is expected to hold once a counterexample has refuted the best rule's idea
        (a wrong guess of the best rule).

        The science mode shows where a wrong guess differs, first where the player can test it: after the current
        mainline, then further along the line (the probed mainlines are in that order: the walk from the current
        mainline first), a card the secret rule accepts first. Ideas that would show the same difference stay
        together; the counterexample keeps one such bucket, the one holding the secret rule, so the expected share
        of the idea then leading is the sum over buckets of the heaviest idea in each (rules beyond the leading
        ideas count for nothing), over the weight left once the best rule's idea is gone."""
        left = 1 - self.raw
        if left <= 0 or len(self.ideas) < 2:
            return 0.0
        guess = self.ideas[0].verdicts
        heaviest: dict[tuple, float] = {}
        for idea in self.ideas[1:]:
            where = first_difference(guess, idea.verdicts)
            heaviest[where] = max(heaviest.get(where, 0.0), idea.share)
        return min(1.0, sum(heaviest.values()) / left)


def first_difference(guess: tuple, secret: tuple) -> tuple:
    """Where the science mode would show the difference between two rules, from their verdicts on the probed
    mainlines in order: the first mainline where they differ, and there the first card the secret rule accepts and
    the guess rejects, else the first card they judge differently."""
    for line, (g, s) in enumerate(zip(guess, secret)):
        if g != s:
            for c, (x, y) in enumerate(zip(g, s)):
                if y and not x:
                    return line, c, True
            for c, (x, y) in enumerate(zip(g, s)):
                if x != y:
                    return line, c, y
    return ()


def read(sci: Scientist, mainline: Sequence[str], contexts: Sequence[Sequence[str]] = (),
         depth: int = CONFIDENCE_DEPTH, ahead_only: bool = False, split: bool = False) -> Reading:
    """What the evidence ``sci`` has seen says, with the player at ``mainline`` (``contexts``: mainlines of recent
    counterexamples, probed too). ``ahead_only``: probe only where the line can still go (a walk from ``mainline``):
    then ``p`` is how likely the best rule judges every card still to come as the secret rule does, which is what a
    Prophet needs, rather than how likely it is the secret rule. ``split``: also ``card_alone_split``."""
    best = sci.best()
    lines = tuple(reachable_contexts(best.text, mainline, depth) if ahead_only
                  else probe_contexts(best.text, mainline, depth, contexts))
    if split:
        raw, *card_alone = card_alone_split(sci, best.text, lines)
    else:
        raw, card_alone = sci.agreement(best.text, lines, stop_below=FAINT), ()
    total = sci.survivors().mass()
    groups: dict[tuple, list[Hypothesis]] = {}
    for h in sci.top(LEADERS):
        rule = rule_of(h.text)
        key = tuple(tuple(rule.judge_all(list(line), cards.DECK)) for line in lines)
        groups.setdefault(key, []).append(h)
    ideas = []
    for key, members in groups.items():
        mine = any(h.text == best.text for h in members)
        share = raw if mine else (sum(h.weight for h in members) / total if total > 0 else 0.0)
        ideas.append(Idea(best.text if mine else members[0].text, min(1.0, share), tuple(members), key))
    ideas.sort(key=lambda i: (i.text != best.text, -i.share))
    return Reading(best, lines, raw, calibrated(raw, sci.evidence), tuple(ideas), sci.evidence, tuple(card_alone))
