"""Bots for 23. They see only their seat's view; ``act`` is a deterministic function of (seed, seat, level, view).

- ``baseline``: the simple policy of ``policy`` (isolation discards; the cheapest play when it costs at most 1,
  otherwise one pass, then the cheapest play or dropping out).
- ``strong``: determinized Monte Carlo. For each decision (discard or turn) it deals the unseen cards at random
  into the other hands (consistent with the view: hand counts, the pile, its own discards; the 1 always in a
  hand), tries candidate moves on the same deals, plays each round to its end with the baseline policy for every
  seat (``playout.Round``, which models the baseline opponents exactly), and keeps the move with the best mean
  result, spending the work by successive halving (see ``Budget``). Candidates: every useful play (each number,
  each count of its copies, each useful chip count), pass, pass and force, drop out; for the discard, the ten
  choices leaving the hand with the fewest skipped numbers plus the baseline's. Result measured: before the last
  round, the margin of chip-adjusted penalties (penalty − 2 per bonus chip) over the other seats' mean; in the last
  round, the share of the win plus 0.05 × the margin of final totals. Work is counted in simulated moves, never
  the clock, so a decision is reproducible.

Both bots obey the never-pass-forever rule: no second pass (or pass and force) before someone has played or
dropped out since their last one. A table of these bots therefore always finishes a round: between two passes of a
seat the table makes progress, and there are finitely many plays and drop-outs in a round.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from junban.games.twenty_three.playout import NEVER, Round
from junban.games.twenty_three.policy import (
    CHIP_COST,
    DROP,
    FORCE,
    PASS,
    baseline_move,
    isolation_discard,
    play_moves,
    to_action,
)
from junban.games.twenty_three.rules import DECK, IN, LOWEST, SLUG, final_totals
from junban.rng import rng_for

LEVELS = ("baseline", "strong")
DEFAULT_LEVEL = "strong"


# --------------------------------------------------------------------------- reading a view


@dataclass
class Seat:
    """The part of a view the bots use, for the seat to act."""

    seat: int
    hand: list[int]
    value: int
    chips: int
    penalties: list[int]
    bonus: list[int]
    in_round: list[bool]
    hand_counts: list[int]
    forced: bool
    progress: int  # plays and drop-outs this round
    passed_at: list[int]  # per seat, the progress at its last pass this round (NEVER if none)

    @property
    def may_pass(self) -> bool:
        return self.passed_at[self.seat] != self.progress and sum(self.in_round) > 1


def read_view(view: dict) -> Seat:
    seat = view["seat"]
    n = len(view["hand_counts"])
    progress = 0
    passed_at = [NEVER] * n
    for entry in view["log"]:
        if entry["round"] != view["round"]:
            continue
        if entry["event"] in ("play", "drop_out"):
            progress += 1
        elif entry["event"] == "pass":
            passed_at[entry["seat"]] = progress
    return Seat(
        seat=seat,
        hand=list(view["hand"]),
        value=view["pile_value"],
        chips=view["bonus"][seat],
        penalties=list(view["penalties"]),
        bonus=list(view["bonus"]),
        in_round=[s == IN for s in view["status"]],
        hand_counts=list(view["hand_counts"]),
        forced=view["forced"],
        progress=progress,
        passed_at=passed_at,
    )


def unseen_cards(view: dict) -> list[int]:
    """The cards this seat has not seen this round: other hands, the box, others' discards and dropped hands."""
    rest = list(DECK)
    for card in view["hand"] + view["discards"] + view["dropped"] + [c for p in view["pile"] for c in p]:
        rest.remove(card)
    return rest


def _check_turn(view: dict) -> None:
    if view["active"] != view["seat"]:
        raise ValueError("it is not this bot's turn")


# --------------------------------------------------------------------------- baseline


class BaselineBot:
    level = "baseline"

    def __init__(self, seed: str, seat: int):
        self.seed = seed
        self.seat = seat

    def act(self, view: dict) -> dict:
        _check_turn(view)
        if view["phase"] == "discard":
            return {"discard": isolation_discard(view["hand"])}
        me = read_view(view)
        move = baseline_move(me.hand, me.value, me.chips, me.penalties[me.seat], me.forced, me.may_pass,
                             sum(me.in_round) > 1)
        return to_action(move)


# --------------------------------------------------------------------------- strong


@dataclass(frozen=True)
class Budget:
    """Work per decision, counted in simulated moves (never the clock), so a decision is reproducible.

    The search is successive halving: the candidates still in the race are all tried on the same fresh deals
    until the phase's share of ``moves`` is spent (at least ``min_deals`` deals), then the better half goes on to
    the next phase, until one is left or the moves are spent."""

    moves: int = 16000
    discard_moves: int = 16000  # for the secret discard, whose playouts are whole rounds
    min_deals: int = 4
    discard_candidates: int = 10
    playout_overhead: int = 8  # a playout costs this many moves besides its own (copying, scoring)


class StrongBot:
    level = "strong"

    def __init__(self, seed: str, seat: int, budget: Budget | None = None):
        self.seed = seed
        self.seat = seat
        self.budget = budget or Budget()

    def _rng(self, view: dict) -> random.Random:
        return rng_for(self.seed, SLUG, "bot", self.level, self.seat, view["round"], len(view["log"]))

    def act(self, view: dict) -> dict:
        _check_turn(view)
        if view["phase"] == "discard":
            return {"discard": self._discard(view)}
        return to_action(self._play(view))

    def search(self, options: list, deal, playout, budget: int) -> int:
        """Successive halving over ``options``: ``deal()`` makes a determinization, ``playout(deal, option)``
        plays it out and returns (utility, simulated moves); ``budget`` simulated moves in all. Returns the index
        of the best option."""
        alive = list(range(len(options)))
        totals = [0.0] * len(options)
        tried = [0] * len(options)
        phases = max(1, (len(options) - 1).bit_length())
        spent = 0
        for phase in range(phases):
            target = budget * (phase + 1) // phases
            deals = 0
            while deals < self.budget.min_deals or spent < target:
                sample = deal()
                for i in alive:
                    utility, moves = playout(sample, options[i])
                    totals[i] += utility
                    tried[i] += 1
                    spent += moves + self.budget.playout_overhead
                deals += 1
            alive.sort(key=lambda i: (-totals[i] / tried[i], i))
            alive = alive[: (len(alive) + 1) // 2]
            if len(alive) == 1:
                break
        return min(alive, key=lambda i: (-totals[i] / tried[i], i))

    # ----- playing

    def candidates(self, me: Seat) -> list[tuple]:
        moves = play_moves(me.hand, me.value, me.chips)
        if me.forced:
            return moves or [(PASS,)]
        if me.may_pass:
            moves.append((PASS,))
            moves.append((FORCE,))
        moves.append((DROP,))
        return moves

    def _play(self, view: dict) -> tuple:
        me = read_view(view)
        moves = self.candidates(me)
        if len(moves) == 1:
            return moves[0]
        rng = self._rng(view)
        pool = unseen_cards(view)
        final = view["round"] == view["rounds"]

        def playout(table: Round, move: tuple) -> tuple[float, int]:
            trial = table.copy()
            trial.step(move)
            moves_made = 1 + trial.finish_with_baseline()
            return self._utility(trial, me.seat, final), moves_made

        return moves[self.search(moves, lambda: self._deal(me, pool, rng), playout, self.budget.moves)]

    def _deal(self, me: Seat, pool: list[int], rng: random.Random) -> Round:
        """A determinization: the unseen cards dealt at random into the other hands."""
        cards = list(pool)
        rng.shuffle(cards)
        hands = []
        taken = 0
        for s, count in enumerate(me.hand_counts):
            if s == me.seat:
                hands.append(list(me.hand))
            else:
                hands.append(sorted(cards[taken:taken + count]))
                taken += count
        return Round(hands, me.value, list(me.penalties), list(me.bonus), list(me.in_round), me.seat, me.forced,
                     me.progress, list(me.passed_at))

    @staticmethod
    def _utility(table: Round, seat: int, final: bool) -> float:
        """Higher is better: in the last round the share of the win plus a little margin; before it the margin
        of chip-adjusted penalties over the other seats' mean."""
        if final:
            totals = final_totals(table.penalties, table.bonus)
        else:
            totals = [p - CHIP_COST * b for p, b in zip(table.penalties, table.bonus)]
        mine = totals[seat]
        others = [t for s, t in enumerate(totals) if s != seat]
        margin = sum(others) / len(others) - mine
        if not final:
            return margin
        best = min(totals)
        share = 1.0 / totals.count(best) if mine == best else 0.0
        return share + 0.05 * margin

    # ----- discarding

    def _discard(self, view: dict) -> list[int]:
        hand = view["hand"]
        options = discard_options(hand, self.budget.discard_candidates)
        if len(options) == 1:
            return options[0]
        rng = self._rng(view)
        seat = view["seat"]
        n = len(view["hand_counts"])
        final = view["round"] == view["rounds"]

        def playout(hands: list[list[int]], choice: list[int]) -> tuple[float, int]:
            mine = list(hand)
            for card in choice:
                mine.remove(card)
            trial_hands = [mine if s == seat else list(h) for s, h in enumerate(hands)]
            holder = next(s for s in range(n) if LOWEST in trial_hands[s])
            trial_hands[holder].remove(LOWEST)
            table = Round(trial_hands, LOWEST, list(view["penalties"]), list(view["bonus"]), [True] * n,
                          (holder + 1) % n, False, 0, [NEVER] * n)
            moves_made = table.finish_with_baseline()
            return self._utility(table, seat, final), moves_made

        return options[self.search(options, lambda: deal_before_play(view, rng), playout, self.budget.discard_moves)]


def deal_before_play(view: dict, rng: random.Random) -> list[list[int]]:
    """A determinization during the discard: the other seats' hands after their discards (the baseline's for those
    still to discard); the 1 is always in some hand. Our own entry is our hand as it is."""
    seat = view["seat"]
    counts = view["hand_counts"]
    pool = unseen_cards(view)
    holder = seat
    if LOWEST not in view["hand"]:
        pool.remove(LOWEST)
        others = [s for s in range(len(counts)) if s != seat]
        holder = rng.choices(others, weights=[counts[s] for s in others])[0]
    rng.shuffle(pool)
    hands = []
    taken = 0
    for s, count in enumerate(counts):
        if s == seat:
            hands.append(list(view["hand"]))
            continue
        own_one = s == holder
        hand = sorted(pool[taken:taken + count - own_one] + [LOWEST] * own_one)
        taken += count - own_one
        if not view["discarded"][s]:
            for card in isolation_discard(hand):
                hand.remove(card)
        hands.append(hand)
    return hands


def discard_options(hand: list[int], limit: int) -> list[list[int]]:
    """Up to ``limit`` promising discards, best first by how little the rest of the hand skips when played alone
    in order (a cheap static measure), the baseline's choice always among them."""
    cards = sorted(c for c in hand if c != LOWEST)
    seen = set()
    scored = []
    for a in range(len(cards)):
        for b in range(a + 1, len(cards)):
            for c in range(b + 1, len(cards)):
                choice = (cards[a], cards[b], cards[c])
                if choice in seen:
                    continue
                seen.add(choice)
                rest = list(hand)
                for card in choice:
                    rest.remove(card)
                scored.append((solo_skips(rest), choice))
    scored.sort()
    options = [list(choice) for _, choice in scored[:limit]]
    base = isolation_discard(hand)
    if base not in options:
        options[-1:] = [base]
    return options


def solo_skips(hand: list[int]) -> int:
    """Numbers skipped when a sorted hand is played alone, bottom up from the 1."""
    skips = 0
    previous = LOWEST
    for card in sorted(hand):
        if card > previous + 1:
            skips += card - previous - 1
        previous = card
    return skips


def make_bot(level: str, seed: str, seat: int):
    if level == "baseline":
        return BaselineBot(seed, seat)
    if level == "strong":
        return StrongBot(seed, seat)
    raise ValueError(f"unknown bot level {level!r} for 23")
