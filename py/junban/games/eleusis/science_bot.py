"""The science bot: plays solo science mode by expected value, from the scientist's calibrated belief.

Each turn it reads the evidence (``belief.read``: the best rule, its probability ``p`` of being the secret rule, the
leading ideas and their shares) and compares what each move is expected to cost in plays, the game's own score
(plays left at the right guess, a wrong guess costing ``science.WRONG_GUESS_COST``, nothing if unsolved):

- **guess the best rule**: right with probability ``p`` (nothing more to spend); wrong, it costs 2 plays and its
  counterexample refutes the best idea and tells the rival ideas apart by where they differ from it
  (``after_wrong_guess``);
- **play a card**: one play, and the verdict either keeps the best idea (its share grows: the ideas that judged
  the card otherwise are gone) or refutes it (the idea that judged it so leads).

What a position still costs is ``plays_to_go(p)``: the plays a game still spends, wrong guesses counted, from a
turn whose best rule has probability ``p`` (never more than the plays left). ``PLAYS_TO_GO_SCALE`` and
``PLAYS_TO_GO_POWER`` were fitted on the bot's own games on the tuning sets. The bot guesses its best rule when a
guess is expected to cost less than a play, and otherwise plays the card that best splits the surviving rules by weight (``Scientist.choose_play``: the most information, with a look one play
ahead). When no card in hand can change anything it guesses.

The bot's view is its only input; ``act`` is a deterministic function of (level, seed, view). ``last_decision``
says what it chose and why (``p``: the belief a hint would show).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from junban.games.eleusis import cards
from junban.games.eleusis.belief import Reading, read
from junban.games.eleusis.science import WRONG_GUESS_COST
from junban.games.eleusis.scientist import Hypotheses, Scientist, default_hypotheses, entropy

PLAYS_TO_GO_SCALE = 15.5  # plays_to_go(p) = SCALE * (1 - p) ** POWER, fitted on the tuning sets
PLAYS_TO_GO_POWER = 1.32
STILL = 0.05  # bits (with the look ahead): a hand that teaches less than this is no use at all
COUNTEREXAMPLE_TRUST = 0.5  # how far to trust what a counterexample is expected to tell apart (0: only the runner-up)


def plays_to_go(p: float, left: int) -> float:
    """Plays a game is expected still to spend from a turn whose best rule has probability ``p`` of being the
    secret rule, with ``left`` plays left (it cannot spend more than it has)."""
    return min(float(max(0, left)), PLAYS_TO_GO_SCALE * max(0.0, 1 - p) ** PLAYS_TO_GO_POWER)


@dataclass(frozen=True)
class Choice:
    """A move and what it was weighed at: the expected plays still to spend after guessing and after the best play."""

    kind: str  # "guess" (the best rule) | "play"
    card: str | None  # the card to play (also the best card when guessing, if any)
    p: float  # the belief in the best rule
    guess_cost: float
    play_cost: float  # of the best card (inf with no card)
    why: str


def card_costs(reading: Reading, mainline: Sequence[str], distinct: Sequence[str], ps: Sequence[float],
               left: int) -> list[float]:
    """Per card, the plays expected still to spend if it is played now: one, plus what the position costs after
    each verdict (the best idea kept, its share grown; or refuted, the idea that judged the card so leading)."""
    best = reading.ideas[0]
    out = []
    for card, right in zip(distinct, ps):
        says = best.judges(mainline, card)
        q = right if says else 1 - right  # the verdict the best idea expects
        kept = reading.belief(min(1.0, reading.raw / q), 1) if q > 0 else 0.0
        rivals = [i.share for i in reading.ideas[1:] if i.judges(mainline, card) != says]
        refuted = reading.belief(min(1.0, max(rivals) / (1 - q)) if rivals and q < 1 else 0.0, 1)
        out.append(1 + q * plays_to_go(kept, left - 1) + (1 - q) * plays_to_go(refuted, left - 1))
    return out


def after_wrong_guess(reading: Reading) -> float:
    """The belief expected in the leading idea once a guess of the best rule has been refuted: between what the
    runner-up idea holds of the weight left and what the counterexample is expected to leave
    (``Reading.after_refutation``: the ideas grouped by where the counterexample would show their difference),
    trusting the latter by ``COUNTEREXAMPLE_TRUST``."""
    left = 1 - reading.raw
    plain = min(1.0, reading.runner_up / left) if left > 0 else 0.0
    hoped = reading.after_refutation()
    return reading.belief(plain + COUNTEREXAMPLE_TRUST * max(0.0, hoped - plain), 1)


def guess_cost(reading: Reading, left: int) -> float:
    """Plays expected still to spend if the best rule is guessed now."""
    return (1 - reading.p) * min(float(left), WRONG_GUESS_COST + plays_to_go(after_wrong_guess(reading),
                                                                          left - WRONG_GUESS_COST))


def science_choice(sci: Scientist, reading: Reading, mainline: Sequence[str], hand: Sequence[str], left: int,
                   threshold: float | None = None) -> Choice:
    """Guess the best rule or play the most informative card, by expected plays still to spend (``threshold``:
    instead guess whenever the belief reaches it, for the benchmark's curve of fixed thresholds; the card played
    is chosen the same way)."""
    cost_guess = guess_cost(reading, left)
    if left <= 0 or not hand:
        return Choice("guess", None, reading.p, cost_guess, float("inf"), "no plays left")
    distinct = sorted(set(hand), key=cards.DECK.index)
    ps = sci.p_accept_all(mainline, distinct)
    card, _p, _bits, teaches = sci.choose_play(mainline, distinct, ps=ps)
    cost_play = card_costs(reading, mainline, [card], [ps[distinct.index(card)]], left)[0]
    if threshold is not None:
        if reading.p >= threshold:
            return Choice("guess", card, reading.p, cost_guess, cost_play, "belief reached the threshold")
        return Choice("play", card, reading.p, cost_guess, cost_play, "below the threshold")
    if teaches < STILL:
        return Choice("guess", card, reading.p, cost_guess, cost_play, "nothing to learn from the hand")
    if cost_guess <= cost_play:
        return Choice("guess", card, reading.p, cost_guess, cost_play, "a guess is worth more than a play")
    return Choice("play", card, reading.p, cost_guess, cost_play, "a play is worth more than a guess")


# --------------------------------------------------------------------------- the evidence of a view


def science_evidence(view: dict) -> tuple[list[tuple[tuple, str, bool]], list[dict]]:
    """The evidence a science-mode view shows, in the order it arose: laid-aside first cards, then for each
    mainline card the card itself and the sideline under it; and the wrong guesses with their counterexamples."""
    mainline = view["mainline"]
    items: list[tuple[tuple, str, bool]] = [((), c, False) for c in view["laid_aside"]]
    for i, card in enumerate(mainline):
        items.append((tuple(mainline[:i]), card, True))
        for wrong in view["sidelines"][i]:
            items.append((tuple(mainline[:i + 1]), wrong, False))
    guesses = [g for g in view["guesses"] if not g["right"]]
    return items, guesses


def observe_science(sci: Scientist, items: list[tuple[tuple, str, bool]], guesses: list[dict]) -> None:
    """Tell the scientist ``science_evidence``: the judged cards, then the wrong guesses' counterexamples."""
    for before, card, verdict in items:
        sci.observe(before, [card], verdict)
    for guess in guesses:
        ce = guess["counterexample"]
        if ce is not None:
            sci.observe(ce["mainline"], [ce["card"]], ce["secret_accepts"])


def drop_wrong_guesses(sci: Scientist, wrong: set[str]) -> None:
    """Never offer a rule already guessed wrong as the best (it may survive when no rule fits all the
    evidence)."""
    for _ in range(len(wrong) + 1):
        best = sci.best()
        if best.text not in wrong:
            break
        sci.exclude(best)


def wrong_texts(view: dict) -> frozenset:
    """The rules a view shows guessed wrong."""
    return frozenset(g["text"] for g in view["guesses"] if not g["right"])


def recent_contexts(view: dict) -> list[list[str]]:
    """The mainlines of the last two counterexamples: probed too, so a rule refuted there cannot look sure."""
    return [g["counterexample"]["mainline"] for g in view["guesses"][-2:] if g["counterexample"]]


# --------------------------------------------------------------------------- the bot


class ScienceBot:
    """Plays solo science mode from the view alone; ``act`` is deterministic in (level, seed, view)."""

    def __init__(self, level: str = "scientist", seed: str = "", seat: int = 0,
                 hypotheses: Hypotheses | None = None, told: Sequence[tuple] = (), threshold: float | None = None):
        """``told``: judgements (mainline, card, right) known besides the view's (benchmarks measure with them
        how much a scientist told more would gain; the table never tells a bot anything). ``threshold``: guess
        whenever the belief reaches it instead of by expected value (the benchmark's curve)."""
        self.level = level
        self.seed = seed
        self.seat = seat
        self.hyp = hypotheses or default_hypotheses()
        self.told = list(told)
        self.threshold = threshold
        self._scientist = self._fresh()
        self._seen_items: list = []
        self._seen_guesses: list = []
        self.last_decision: dict = {}
        self.record_split = False  # the bench's --turns: read the card-alone split too (no decision uses it)

    def _fresh(self) -> Scientist:
        sci = Scientist(self.hyp)
        for before, card, verdict in self.told:
            sci.observe(before, [card], verdict)
        return sci

    def _sync(self, view: dict) -> Scientist:
        items, guesses = science_evidence(view)
        n, g = len(self._seen_items), len(self._seen_guesses)
        if items[:n] != self._seen_items or guesses[:g] != self._seen_guesses:
            self._scientist = self._fresh()
            self._seen_items, self._seen_guesses = [], []
            n = g = 0
        sci = self._scientist
        observe_science(sci, items[n:], guesses[g:])
        self._seen_items, self._seen_guesses = items, guesses
        drop_wrong_guesses(sci, set(wrong_texts(view)))
        return sci

    def act(self, view: dict) -> dict:
        sci = self._sync(view)
        reading = read(sci, view["mainline"], recent_contexts(view), split=self.record_split)
        choice = science_choice(sci, reading, view["mainline"], view["hand"], view["plays_left"], self.threshold)
        self.last_decision = {"kind": choice.kind, "why": choice.why, "best": reading.best.text, "p": reading.p,
                              "raw": reading.raw, "runner_up": reading.runner_up, "evidence": reading.evidence,
                              "sure": reading.sure, "card_alone": reading.card_alone,
                              "card": choice.card,
                              "guess_cost": choice.guess_cost, "play_cost": choice.play_cost}
        if choice.kind == "guess":
            return {"guess": reading.best.text}
        return {"play": choice.card}


def make_science_bot(level: str = "scientist", seed: str = "", seat: int = 0) -> ScienceBot:
    return ScienceBot(level, seed, seat)
