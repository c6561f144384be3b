"""How sure the scientist is of its best rule, as a probability that holds up: the one reading of the evidence that
the science bot, the table bots and the hints share.

``read(sci, mainline, contexts)`` gives the best rule, the mainlines probed (a walk along the best rule from the
current mainline, one from the empty mainline and one card after each of ``contexts``: ``scientist.probe_contexts``),
``raw``: the share of the surviving weight that judges like the best rule on every card after all of them, the
leading **ideas** (the ``LEADERS`` most probable rules grouped by how they judge there, the best rule's idea first,
each with its share of the weight), and ``p``: the probability that the best rule is the secret rule.

**Calibration.** ``raw`` is a share under the scientist's prior (simpler rules weigh more), not a frequency: the
secret rules people write are not drawn from that prior, some lie outside the space, and rules that agree on the
probed mainlines may still differ elsewhere. ``p = calibrated(raw)`` maps it to how often a best rule read so turns
out to be the secret rule: ``p = 1 / (1 + exp(-(CALIBRATION_SLOPE * logit(raw) + CALIBRATION_SHIFT)))``, a logistic
fit over every turn of the science bot's games on the **tuning** sets only (the library and
``tests/fixtures/eleusis/tuning-kinds.json``), each turn labelled by whether its best rule was equivalent to the
secret rule (``tools/eleusis_calibration.py`` fits it from ``python -m junban.bench eleusis --turns FILE``). The
held-out sets measure it (``brier``, ``ece`` of the bench), never fit it.
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
    Hypothesis,
    Scientist,
    probe_contexts,
    reachable_contexts,
)

LEADERS = 24  # the most probable rules grouped into ideas
CALIBRATION_SLOPE = 1.18  # fitted on the tuning sets (see the module docstring)
CALIBRATION_SHIFT = 0.89
RAW_FLOOR = 1e-4  # shares are clipped to [RAW_FLOOR, 1 - RAW_FLOOR] before the logit


def calibrated(raw: float) -> float:
    """The probability that a best rule whose idea holds ``raw`` of the surviving weight is the secret rule."""
    x = min(max(raw, RAW_FLOOR), 1 - RAW_FLOOR)
    z = CALIBRATION_SLOPE * math.log(x / (1 - x)) + CALIBRATION_SHIFT
    return 1 / (1 + math.exp(-z))


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

    def judges(self, mainline: Sequence[str], card: str) -> bool:
        return rule_of(self.text).judge(mainline, card)


@dataclass(frozen=True)
class Reading:
    best: Hypothesis
    lines: tuple[tuple[str, ...], ...]  # the probed mainlines
    raw: float  # share of the surviving weight judging like the best rule on every probed mainline
    p: float  # calibrated(raw): the probability that the best rule is the secret rule
    ideas: tuple[Idea, ...]  # the best rule's idea first, then the others, heaviest first

    @property
    def runner_up(self) -> float:
        """The share of the second idea (0 with one idea)."""
        return self.ideas[1].share if len(self.ideas) > 1 else 0.0


def read(sci: Scientist, mainline: Sequence[str], contexts: Sequence[Sequence[str]] = (),
         depth: int = CONFIDENCE_DEPTH, ahead_only: bool = False) -> Reading:
    """What the evidence ``sci`` has seen says, with the player at ``mainline`` (``contexts``: mainlines of recent
    counterexamples, probed too). ``ahead_only``: probe only where the line can still go (a walk from ``mainline``):
    then ``p`` is how likely the best rule judges every card still to come as the secret rule does, which is what a
    Prophet needs, rather than how likely it is the secret rule."""
    best = sci.best()
    lines = tuple(reachable_contexts(best.text, mainline, depth) if ahead_only
                  else probe_contexts(best.text, mainline, depth, contexts))
    raw = sci.agreement(best.text, lines)
    total = sci.survivors().mass()
    groups: dict[tuple, list[Hypothesis]] = {}
    for h in sci.top(LEADERS):
        rule = rule_of(h.text)
        key = tuple(tuple(rule.judge_all(list(line), cards.DECK)) for line in lines)
        groups.setdefault(key, []).append(h)
    ideas = []
    for members in groups.values():
        mine = any(h.text == best.text for h in members)
        share = raw if mine else (sum(h.weight for h in members) / total if total > 0 else 0.0)
        ideas.append(Idea(best.text if mine else members[0].text, min(1.0, share), tuple(members)))
    ideas.sort(key=lambda i: (i.text != best.text, -i.share))
    return Reading(best, lines, raw, calibrated(raw), tuple(ideas))
