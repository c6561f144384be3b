"""Hints for an Eleusis player, from the scientist's reading of their own seat's view (never the secret rule).

The evidence is the one the bots weigh (``bots.evidence`` at the table, ``science_bot.science_evidence`` in solo
science, wrong guesses dropped as the science bot drops them); the reading is the bots' own (``belief.read``), and
so are the decisions: the card the bot in this seat would play, and in solo science whether it would guess now.
In three steps a player may ask for one by one:

1. **what the evidence says**: how sure the scientist is (``belief``: the calibrated probability that its best rule
   is the secret rule; of positions read so, about that share had the right rule), whether it would guess now (solo
   science), how many rules still fit, the leading ideas (the most probable rules grouped by how they judge) and
   what they look at (``ASPECTS``: colour, suit, rank, parity, the previous card, ...);
2. **a card to try**: the card the bot would play here (solo science: the card expected to cost the fewest plays,
   the one that best splits the leading ideas by weight; at the table: the strong bot's card), how likely it is
   right, how many of the ideas stay after each verdict and which then leads; at the table also the card most
   likely right, and whether nothing in hand looks playable ("No play");
3. **the best guess**: the leading rule, its text and its words (English and Japanese).

Work is bounded by counts (leading rules, probed mainlines, cards in hand), never by the clock; the hint is a
deterministic function of the view.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache

from junban.games.eleusis import cards
from junban.games.eleusis.belief import Idea, Reading, read as read_evidence
from junban.games.eleusis.bots import NO_PLAY_RISK, evidence, observe, table_play
from junban.games.eleusis.lang import LANGS, Rule, compile_rule
from junban.games.eleusis.science_bot import (
    drop_wrong_guesses,
    observe_science,
    recent_contexts,
    science_choice,
    science_evidence,
)
from junban.games.eleusis.scientist import Hypotheses, Scientist, default_hypotheses, entropy

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
    """The card the bot in this seat would play: how likely it is right, whether it tells the two leading ideas
    apart, how many of the ideas stay if it is right and if it is wrong, and the idea that then leads."""

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
    sure: float  # the probability that the best rule is the secret rule (``belief.sure``: what is said to people)
    fitting: int  # rules of the scientist's space that fit the evidence (the fewest contradictions)
    contradicted: int  # pieces of evidence even the best rules contradict (0 while the rule is in the space)
    ideas: int  # distinct ideas (groups of rules that judge alike) among the leading rules
    leaders: tuple[Lead, ...]  # the SHOWN leading ideas, best first
    aspects: tuple[tuple[str, float], ...]  # what the leading rules look at: (aspect, share), most read first
    try_card: Try | None  # None with no hand to play from
    surest: tuple[str, float] | None  # the card most likely right and its probability (the table only)
    nothing_fits: bool  # no card in hand looks playable (the table: "No play" looks right)
    best: str  # the leading rule's text
    words: dict  # the leading rule in plain words, per language
    would_guess: bool | None = None  # solo science: whether the science bot would guess its best rule now


def hint_to_json(hint: Hint) -> dict:
    """A hint as plain JSON-able data (what the bots' worker sends back: junban.thinking)."""
    return asdict(hint)


def hint_from_json(data: dict) -> Hint:
    """The hint ``hint_to_json`` gave."""

    def lead(item):
        return None if item is None else Lead(item["text"], item["share"], tuple(item["aspects"]))

    tried = data["try_card"]
    return Hint(**{**data,
                   "leaders": tuple(lead(item) for item in data["leaders"]),
                   "aspects": tuple(tuple(pair) for pair in data["aspects"]),
                   "try_card": None if tried is None else Try(**{**tried, "if_right": lead(tried["if_right"]),
                                                                  "if_wrong": lead(tried["if_wrong"])}),
                   "surest": None if data["surest"] is None else tuple(data["surest"])})


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
    """A hint for the seat whose table view this is (its hand, after the current mainline): the card is the one
    the strong bot would play first."""
    sci = Scientist(hypotheses or default_hypotheses())
    observe(sci, evidence(view, full=True))
    reading = read_evidence(sci, view["mainline"])
    card = None
    if view["hand"]:
        play = table_play(sci, view, strong=True)
        card = play["cards"][0] if play.get("cards") else sci.surely_right(view["mainline"], view["hand"])[0]
    return read(sci, reading, view["mainline"], view["hand"], card, table=True)


def science_hint(view: dict, hypotheses: Hypotheses | None = None) -> Hint:
    """A hint for solo science mode (its hand, after the mainline; rules already guessed wrong never lead): the
    science bot's own decision, the card it would play and whether it would guess now."""
    sci = Scientist(hypotheses or default_hypotheses())
    items, guesses = science_evidence(view)
    observe_science(sci, items, guesses)
    drop_wrong_guesses(sci, {g["text"] for g in guesses})
    reading = read_evidence(sci, view["mainline"], recent_contexts(view))
    choice = science_choice(sci, reading, view["mainline"], view["hand"], view["plays_left"])
    card = choice.card or (view["hand"][0] if view["hand"] else None)
    return read(sci, reading, view["mainline"], view["hand"], card, table=False,
                would_guess=choice.kind == "guess")


# --------------------------------------------------------------------------- what the scientist says


def read(sci: Scientist, reading: Reading, mainline: list[str], hand: list[str], card: str | None, table: bool,
         would_guess: bool | None = None) -> Hint:
    """The hint from a scientist that has seen the evidence, its reading, and the card the bot would play."""
    best = reading.best
    ideas = reading.ideas
    leaders = tuple(_lead(idea) for idea in ideas[:SHOWN])
    top = [h for idea in ideas for h in idea.members]
    weight = sum(h.weight for h in top) or 1.0
    read_by: dict[str, float] = {}
    for h in top:
        for aspect in aspects_of(h.text):
            read_by[aspect] = read_by.get(aspect, 0.0) + h.weight / weight
    aspects = tuple(sorted(((a, min(1.0, s)) for a, s in read_by.items()),
                           key=lambda a_s: (-round(a_s[1], 6), ASPECTS.index(a_s[0]))))
    try_card = surest = None
    nothing_fits = False
    if hand and card is not None:
        distinct = sorted(set(hand), key=cards.DECK.index)
        ps = sci.p_accept_all(mainline, distinct)
        p = ps[distinct.index(card)]
        splits = len(ideas) >= 2 and ideas[0].judges(mainline, card) != ideas[1].judges(mainline, card)
        try_card = Try(card, p, entropy(p), splits, *_answers(ideas, mainline, card))
        if table:
            surest = max(zip(distinct, ps), key=lambda cp: cp[1])
            nothing_fits = sum(ps) < NO_PLAY_RISK
    rule = _rule(best.text)
    return Hint(evidence=sci.evidence, sure=reading.sure, fitting=sci.count(), contradicted=sci.min_errors,
                ideas=len(ideas), leaders=leaders, aspects=aspects, try_card=try_card, surest=surest,
                nothing_fits=nothing_fits, best=best.text, words={lang: rule.describe(lang) for lang in LANGS},
                would_guess=would_guess)


def _lead(idea: Idea) -> Lead:
    return Lead(idea.text, idea.share, aspects_of(idea.text))


def _answers(ideas: tuple[Idea, ...], mainline: list[str], card: str) -> tuple[int, int, Lead | None, Lead | None]:
    """How many ideas call ``card`` right and how many wrong, and the leading idea of each side."""
    right = [i for i in ideas if i.judges(mainline, card)]
    wrong = [i for i in ideas if not i.judges(mainline, card)]
    return (len(right), len(wrong), _lead(right[0]) if right else None, _lead(wrong[0]) if wrong else None)
