"""The dealer's rule checker: what a rule does, shown while it is typed.

``check(text)`` gives a ``CheckReport``: the error (position and what was expected) if the text is not a rule;
otherwise the acceptance rate over random play, a warning when it is under ``LOW`` or over ``HIGH``, and the rule
in plain words (en, ja). Random play: several short games where each card is drawn at random from the 52 kinds
and judged against the mainline built so far (a right card joins it). The sampling is bounded by an estimate of
the rule's work, so a check stays quick even for the largest rule the language allows.
"""
from __future__ import annotations

import random
from dataclasses import asdict, dataclass

from junban.games.eleusis import cards
from junban.games.eleusis.lang import Rule, RuleError, compile_rule

LOW = 0.10
HIGH = 0.80
GAME_PLAYS = 25  # judgements per simulated game
CHECK_JUDGEMENTS = 400  # at most, for the live checker
WORK_BUDGET = 120_000  # closure steps the live checker may spend (estimated)


@dataclass
class CheckReport:
    ok: bool
    text: str
    error: str | None = None
    position: int | None = None
    expected: str | None = None
    acceptance: float | None = None  # share of randomly played cards the rule accepts
    judgements: int = 0
    warning: str | None = None  # "too-few" | "too-many" | None
    warning_en: str | None = None
    warning_ja: str | None = None
    words_en: str | None = None
    words_ja: str | None = None

    def to_dict(self) -> dict:
        return asdict(self)


def acceptance_rate(rule: Rule, judgements: int, seed: str = "") -> float:
    """Share of cards accepted in random play (``judgements`` cards over games of ``GAME_PLAYS``)."""
    rng = random.Random(f"junban|eleusis|acceptance|{seed}|{rule.text}")
    deck = cards.DECK
    accepted = 0
    done = 0
    while done < judgements:
        mainline: list[str] = []
        for _ in range(min(GAME_PLAYS, judgements - done)):
            card = deck[rng.randrange(52)]
            done += 1
            if rule.judge(mainline, card):
                accepted += 1
                mainline.append(card)
    return accepted / judgements if judgements else 0.0


def _work_per_judgement(rule: Rule) -> int:
    nodes = 0
    for node in rule.root.walk():
        nodes += 1
        if node.kind == "call" and node.value in ("count", "sum"):
            nodes += sum(1 for _ in node.walk()) * GAME_PLAYS
    return nodes


def check(text: str) -> CheckReport:
    try:
        rule = compile_rule(text)
    except RuleError as err:
        return CheckReport(False, text if isinstance(text, str) else "", error=str(err), position=err.position,
                           expected=err.expected)
    judgements = max(60, min(CHECK_JUDGEMENTS, WORK_BUDGET // _work_per_judgement(rule)))
    rate = acceptance_rate(rule, judgements)
    report = CheckReport(True, text, acceptance=round(rate, 3), judgements=judgements,
                         words_en=rule.describe("en"), words_ja=rule.describe("ja"))
    if rate < LOW:
        report.warning = "too-few"
        report.warning_en = f"This rule accepts only about {rate:.0%} of cards: players will hardly ever be right."
        report.warning_ja = f"このルールで正解になるカードは約{rate:.0%}しかなく、ほとんど正解できません。"
    elif rate > HIGH:
        report.warning = "too-many"
        report.warning_en = f"This rule accepts about {rate:.0%} of cards: almost anything is right."
        report.warning_ja = f"このルールでは約{rate:.0%}のカードが正解になり、ほとんど何でも正解です。"
    return report
