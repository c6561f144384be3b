"""Table bots for Eleusis: scientists at the table, reasoning over the rule language's space of hypotheses.

Every bot sees only its own seat's view. From the round's public record it builds the evidence the scientist
(``junban.games.eleusis.scientist``) weighs: laid-aside starters (rejected on an empty mainline), mainline cards
(accepted), sideline cards and strings (rejected; a wrong string says only that one of its cards was wrong),
"no play" declarations with the hand shown (right: none of those cards was playable; wrong: one was, and the
card the judge placed is on the mainline). It then plays, levels:

- ``baseline``: learns from the mainline alone, as bots that ignore wrong plays do; plays single cards, the one
  most likely right (with a little weight for what a card would teach); declares "no play" when nothing in hand
  looks playable, or when the mainline looks stuck (two turns of the table without a right play); never becomes
  Prophet.
- ``strong``: learns from every card and declaration. While unsure it plays the card that best trades the chance
  of being right against what the card would teach; once confident it plays cards it is sure of, as strings of
  2-4 when the whole string is sure; it declares "no play" when the hand is surely unplayable (or the mainline
  looks stuck, as above); it becomes Prophet when that is worth more by the table's scoring than playing on, by the
  calibrated probability that its best rule is the secret rule (``belief``, the same reading as the science bot and
  the hints: ``prophet_value``); as Prophet it judges by its best rule.

As a dealer every bot picks a library rule of the table's difficulty (one not used in an earlier round), giving
the library's hint only at "easy". Work per decision is bounded by counts (cards in hand, the deck, string
length), never by the clock. ``act`` is a deterministic function of (level, seed, seat, view).
"""
from __future__ import annotations

from junban.games.eleusis import cards, library
from junban.games.eleusis.lang import Rule, compile_rule
from junban.games.eleusis.rules import SLUG, STRING_MAX, first_correct_card, judge_cards
from junban.games.eleusis.belief import read
from junban.games.eleusis.scientist import Scientist, default_hypotheses, entropy
from junban.games.eleusis.fit import evidence  # noqa: F401 (the bots' and hints' evidence: moved to fit)
from junban.rng import rng_for

LEVELS = ("baseline", "strong")
DEFAULT_LEVEL = "strong"

SURE = 0.92  # play a card this likely right without caring what it teaches
STRING_SURE = 0.88  # play a string when all of it is right with at least this probability
INFORMATION_WEIGHT = 0.6  # worth of a bit of information, in cards (a right card is worth +1, a wrong one -1)
NO_PLAY_RISK = 0.1  # declare "no play" when the chances that some card is playable add up to less than this
PROPHET_POINTS_PER_PLAY = 1.2  # a Prophet's points per play of the others (1 if right, 2 if wrong; most are right)
OVERTHROW_PENALTY = 5  # penalty cards of an overthrown Prophet
GOING_OUT_BONUS = 4  # points for a player with no cards at the end of a round
PROPHET_MIN_MAINLINE = 6  # evidence needed before claiming to know the rule
STUCK_ROUNDS = 2  # this many plays per player in the round, all wrong in a row: the mainline is stuck


def wrong_in_a_row(view: dict) -> int:
    """Plays since the mainline last grew, all of them wrong."""
    count = 0
    for event in reversed(view["events"]):
        if event["type"] == "play" and not event["right"]:
            count += 1
        elif event["type"] in ("play", "no_play", "starter"):
            break
    return count


def looks_stuck(view: dict) -> bool:
    """No card has joined the mainline for two whole turns of the table: probably nothing can follow it."""
    active = len([s for s in range(len(view["hand_counts"])) if s != view["dealer"] and s != view["prophet"]
                  and s not in view["expelled"]])
    return wrong_in_a_row(view) >= STUCK_ROUNDS * max(1, active)


def observe(sci: Scientist, items: list[tuple]) -> None:
    """Tell the scientist each piece of ``evidence`` in order."""
    for kind, before, played, verdict in items:
        if kind == "cards":
            sci.observe(before, played, verdict)
        else:
            sci.observe_no_play(before, played, verdict)


def table_play(sci: Scientist, view: dict, strong: bool = True) -> dict:
    """The play of a bot (or a hint) at this seat: ``{"kind": "no_play"}``, or ``{"kind": "sure" | "explore",
    "cards": [...], ...}``. By the table's scoring a right card sheds one card and a wrong one adds one (the card
    goes to the sideline, two penalty cards come): a card right with probability p is worth 2p - 1, plus
    ``INFORMATION_WEIGHT`` per bit it teaches while unsure."""
    mainline = view["mainline"]
    hand = view["hand"]
    distinct = sorted(set(hand), key=cards.DECK.index)
    ps = sci.p_accept_all(mainline, distinct)
    if sum(ps) < NO_PLAY_RISK or looks_stuck(view):
        return {"kind": "no_play", "risk": sum(ps)}
    best_p, best_card = max(zip(ps, distinct), key=lambda pc: pc[0])
    if best_p >= SURE:
        played = _string(sci, mainline, hand, best_card, best_p) if strong else [best_card]
        return {"kind": "sure", "cards": played, "p": best_p}
    weight = INFORMATION_WEIGHT if strong else INFORMATION_WEIGHT / 3
    score, card = max(((2 * p - 1) + weight * entropy(p), c) for p, c in zip(ps, distinct))
    return {"kind": "explore", "cards": [card], "score": score}


def _string(sci: Scientist, mainline: list[str], hand: list[str], first: str, p: float) -> list[str]:
    """Extend a sure card into a string while the whole string stays sure (at most 4 cards)."""
    played = [first]
    rest = list(hand)
    rest.remove(first)
    line = list(mainline) + [first]
    while len(played) < STRING_MAX and rest:
        distinct = sorted(set(rest), key=cards.DECK.index)
        qs = sci.p_accept_all(line, distinct)
        q, card = max(zip(qs, distinct), key=lambda qc: qc[0])
        if p * q < STRING_SURE:
            break
        p *= q
        played.append(card)
        rest.remove(card)
        line.append(card)
    return played


def prophet_value(p: float, view: dict) -> float:
    """What becoming Prophet now is expected to be worth, in points, against playing on, with ``p`` the probability
    that the best rule judges every card still to come as the secret rule does (``belief``). Right to the end, a
    Prophet earns 1 per right card and 2 per wrong card the others play (about ``PROPHET_POINTS_PER_PLAY`` a play)
    over the plays left in the round (at least the smallest other hand, times the other players); overthrown,
    ``OVERTHROW_PENALTY`` cards. Either way it no longer sheds its own cards: about one a turn over the same turns,
    and a hand that could go out in them would have earned the going-out bonus too."""
    me = view["seat"]
    others = [s for s in range(len(view["hand_counts"]))
              if s not in (me, view["dealer"]) and s not in view["expelled"]]
    if not others:
        return -1.0
    turns = min(view["hand_counts"][s] for s in others)
    mine = len(view["hand"])
    shed = min(mine, turns) + (GOING_OUT_BONUS / 2 if mine <= turns else 0.0)
    gain = PROPHET_POINTS_PER_PLAY * turns * len(others)
    return p * gain - (1 - p) * OVERTHROW_PENALTY - shed


class TableBot:
    """One seat's bot; keeps its scientist between calls (the same evidence always gives the same state)."""

    def __init__(self, level: str, seed: str, seat: int):
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}")
        self.level = level
        self.seed = seed
        self.seat = seat
        self.hypotheses = default_hypotheses()
        self._round: int | None = None
        self._seen: list[tuple] = []
        self._scientist = Scientist(self.hypotheses)
        self._compiled: dict[str, Rule] = {}
        self.last_decision: dict = {}

    @property
    def strong(self) -> bool:
        return self.level == "strong"

    # -- evidence

    def scientist(self, view: dict) -> Scientist:
        items = evidence(view, full=self.strong)
        n = len(self._seen)
        if view["round"] != self._round or items[:n] != self._seen:
            self._scientist = Scientist(self.hypotheses)
            self._round, self._seen, n = view["round"], [], 0
        sci = self._scientist
        observe(sci, items[n:])
        self._seen = items
        return sci

    def best_rule(self, sci: Scientist) -> Rule:
        text = sci.best_guess()
        if text not in self._compiled:
            if len(self._compiled) > 64:
                self._compiled.clear()
            self._compiled[text] = compile_rule(text)
        return self._compiled[text]

    # -- decisions

    def act(self, view: dict) -> dict:
        phase = view["phase"]
        if phase == "rule":
            return self.choose_rule(view)
        if phase == "play":
            return self.play(view)
        if phase == "prophet_offer":
            return {"prophet": self.claim_prophecy(view)}
        if phase in ("prophet_judge", "dealer_judge", "starter"):
            return self.judge(view)
        raise ValueError(f"a bot has nothing to do in phase {phase!r}")

    def choose_rule(self, view: dict) -> dict:
        difficulty = view["config"]["difficulty"]
        used = {r["rule_id"] for r in view["rounds"]}
        choices = [r for r in library.rules_by_level(difficulty) if r.id not in used] or \
            library.rules_by_level(difficulty)
        pick = choices[rng_for(self.seed, SLUG, "dealer", self.seat, view["round"]).randrange(len(choices))]
        self.last_decision = {"kind": "rule", "rule_id": pick.id}
        return {"rule_id": pick.id, "library_hint": difficulty == "easy" and pick.hint_en is not None}

    def play(self, view: dict) -> dict:
        sci = self.scientist(view)
        choice = table_play(sci, view, self.strong)
        self.last_decision = choice
        return {"no_play": True} if choice["kind"] == "no_play" else {"play": choice["cards"]}

    def claim_prophecy(self, view: dict) -> bool:
        """Become Prophet when it pays by the table's scoring (``prophet_value``), never without evidence."""
        if not self.strong or len(view["mainline"]) < PROPHET_MIN_MAINLINE:
            return False
        sci = self.scientist(view)
        if sci.min_errors > 0:
            return False  # the evidence contradicts every rule it knows: it does not know the rule
        reading = read(sci, view["mainline"], ahead_only=True)
        value = prophet_value(reading.p, view)
        self.last_decision = {"kind": "prophet", "p": reading.p, "value": value, "best": reading.best.text}
        return value > 0

    def judge(self, view: dict) -> dict:
        """As Prophet (or, never chosen by a bot, a judging dealer): the verdict of its best rule."""
        sci = self.scientist(view)
        rule = self.best_rule(sci)
        mainline = view["mainline"]
        if view["phase"] == "starter":
            return {"judge": rule.judge((), view["turned"])}
        pending = view["pending"]
        if pending.get("no_play"):
            card = first_correct_card(rule, mainline, pending["hand"])
            return {"judge": True} if card is None else {"judge": False, "card": card}
        return {"judge": judge_cards(rule, mainline, pending["cards"])}


def make_bot(level: str, seed: str, seat: int) -> TableBot:
    return TableBot(level, seed, seat)
