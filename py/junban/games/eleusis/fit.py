"""How well a rule fits what a table has shown: a player's (or a Prophet's) guess checked against the evidence of
the round, as their own seat sees it (issue 42).

``evidence(view)`` is the round's public record as the bots read it (laid-aside starters, every play with its
verdict, "no play" declarations with the hand shown); ``disagreements(rule, items)`` is each piece of it the rule
would have judged otherwise. Nothing here reads a secret rule: a view never holds one but the dealer's.
"""
from __future__ import annotations

from dataclasses import dataclass

from junban.games.eleusis.lang import Rule
from junban.games.eleusis.rules import judge_cards


def evidence(view: dict, full: bool = True) -> list[tuple]:
    """The round's evidence in the order it arose: ``("cards", before, played, accepted)`` and
    ``("no_play", before, hand, right)``. Without ``full``: only the cards that joined the mainline."""
    mainline = view["mainline"]
    items: list[tuple] = []
    if full:
        items += [("cards", (), (c,), False) for c in view["laid_aside"]]
    for event in view["events"]:
        kind = event["type"]
        if kind == "starter":
            items.append(("cards", (), (event["card"],), True))
            continue
        if kind not in ("play", "no_play"):
            continue
        before = tuple(mainline[:event["mainline_before"]])
        if kind == "play":
            if full or event["right"]:
                items.append(("cards", before, tuple(event["cards"]), event["right"]))
        else:
            if full:
                items.append(("no_play", before, tuple(event["hand"]), event["right"]))
            if not event["right"]:
                items.append(("cards", before, (event["placed"],), True))
    return items



@dataclass(frozen=True)
class Disagreement:
    """Where ``rule`` judges otherwise than the table did: after ``before`` the ``cards`` played (or, for a "no
    play", the hand shown) were judged ``shown_right``; the rule says the opposite."""

    kind: str  # "cards" or "no_play"
    before: tuple
    cards: tuple
    shown_right: bool


def judges_right(rule: Rule, kind: str, before: tuple, cards: tuple) -> bool:
    """The verdict ``rule`` gives: a string of cards is right when each card is right after the ones before it; a
    "no play" is right when no card of the hand is."""
    if kind == "no_play":
        return not any(rule.judge(before, c) for c in cards)
    return judge_cards(rule, list(before), list(cards))


def disagreements(rule: Rule, items: list[tuple]) -> list[Disagreement]:
    """Every piece of ``items`` (``evidence``) that ``rule`` judges otherwise than the table did, in order."""
    return [Disagreement(kind, tuple(before), tuple(played), verdict) for kind, before, played, verdict in items
            if judges_right(rule, kind, tuple(before), tuple(played)) != verdict]
