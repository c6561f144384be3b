"""Bots for 23. They see only their seat's view; ``act`` is a deterministic function of (seed, seat, level, view).
The seed is the bot's own (``junban.bots.make_bot`` derives it one way from the deal's).

- ``baseline``: the simple policy of ``policy`` (isolation discards; the cheapest play when it costs at most 1,
  otherwise one pass, then the cheapest play or dropping out).
- ``strong``: determinized Monte Carlo over a sensible model of every seat. For each decision (discard or turn)
  it deals the unseen cards at random into the other hands (consistent with the view: hand counts, the pile, its
  own discards, the 1 always in a hand, and no number a seat showed it lacks, see ``read_view``), tries the
  candidate moves on the same deals, plays each round to its end with the tuned heuristic (``heuristic``) for
  every seat, its own included, and keeps the move with the best mean result, spending the work by successive
  halving (``Budget``). Candidates: every useful play (each number with all its copies, each useful chip count),
  pass, pass and force, and dropping out only when ``may_drop_out`` allows it (never while a card plays at no
  penalty, bonus chips allowed, unless that play is provably worse); for the discard, the ten choices leaving the
  hand with the fewest skipped numbers, the heuristic's among them.
- ``strong-v1`` (benchmark only, ``BENCH_LEVELS``): the first strong bot, the same search with the baseline
  playing every seat in the play-outs, each count of copies a candidate and no rule on dropping out. It makes the
  decisions it made as ``strong`` (for the same seed).

Result measured by both searches: before the last round, the margin of chip-adjusted penalties (penalty − 2 per
bonus chip) over the other seats' mean; in the last round, the share of the win plus 0.05 × the margin of final
totals. Work is counted in simulated moves, never the clock, so a decision is reproducible.

Every bot obeys the never-pass-forever rule: no second pass (or pass and force) before someone has played or
dropped out since their last one. A table of these bots therefore always finishes a round: between two passes of a
seat the table makes progress, and there are finitely many plays and drop-outs in a round.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from junban.games.twenty_three.heuristic import WEIGHTS, Weights, heuristic_discard, heuristic_move, scored_moves
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
from junban.games.twenty_three.rules import (
    DEAL,
    DECK,
    GOING_OUT_RETURN,
    IN,
    LOWEST,
    SLUG,
    chips_for_free_play,
    final_totals,
)
from junban.rng import rng_for

LEVELS = ("baseline", "strong")  # offered at the table
BENCH_LEVELS = ("strong-v1",)  # for the benchmark only
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
    lacks: list[set[int]]  # per seat, numbers it cannot hold if it plays sensibly (see ``read_view``)

    @property
    def may_pass(self) -> bool:
        return self.passed_at[self.seat] != self.progress and sum(self.in_round) > 1


def read_view(view: dict) -> Seat:
    """The seat's situation, and what this round's public log says about the other hands: a seat that passed, or
    played anything but a card costing nothing, while the pile value was v held neither a v nor a v + 1 (a sensible
    player plays those at once), and cards only ever leave a hand, so it holds neither now."""
    seat = view["seat"]
    n = len(view["hand_counts"])
    progress = 0
    passed_at = [NEVER] * n
    lacks: list[set[int]] = [set() for _ in range(n)]
    value = LOWEST
    for entry in view["log"]:
        if entry["round"] != view["round"]:
            continue
        event = entry["event"]
        if event == "opening":
            value = LOWEST
        elif event == "play":
            progress += 1
            if entry["bonus"] or entry["cards"][0] > value + 1:
                lacks[entry["seat"]].update((value, value + 1))
            value = entry["cards"][0]
        elif event == "drop_out":
            progress += 1
        elif event == "pass":
            passed_at[entry["seat"]] = progress
            lacks[entry["seat"]].update((value, value + 1))
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
        lacks=lacks,
    )


def unseen_cards(view: dict) -> list[int]:
    """The cards this seat has not seen this round: other hands, the box, others' discards and dropped hands."""
    rest = list(DECK)
    for card in view["hand"] + view["discards"] + view["dropped"] + [c for p in view["pile"] for c in p]:
        rest.remove(card)
    return rest


def _check_turn(view: dict) -> None:
    seat = view["seat"]
    if view["phase"] == "discard" and not view["discarded"][seat]:
        return  # the discard is simultaneous: every seat yet to discard may
    if view["active"] != seat:
        raise ValueError("it is not this bot's turn")


def as_dealt(view: dict) -> dict:
    """The view of a seat about to discard as it was when the round was dealt. The discard is simultaneous, so a
    bot chooses from what every seat knew then: its choice never depends on which seats happened to discard
    before it (at a table, the order the people chose in)."""
    n = len(view["hand_counts"])
    this_round = view["round"]
    return dict(view, log=[e for e in view["log"] if not (e["event"] == "discard" and e["round"] == this_round)],
                discarded=[False] * n, hand_counts=[DEAL] * n)


# --------------------------------------------------------------------------- baseline


class BaselineBot:
    level = "baseline"

    def __init__(self, seed: str, seat: int):
        self.seed = seed
        self.seat = seat

    def act(self, view: dict) -> dict:
        _check_turn(view)
        if view["phase"] == "discard":
            return {"discard": isolation_discard(view["hand"]), "seat": view["seat"]}
        me = read_view(view)
        move = baseline_move(me.hand, me.value, me.chips, me.penalties[me.seat], me.forced, me.may_pass,
                             sum(me.in_round) > 1)
        return to_action(move)


# --------------------------------------------------------------------------- the search both strong bots share


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
    anchor_z: float = 1.0  # how sure the search must be to overrule the policy's own move (standard errors)


class SearchBot:
    """Determinized Monte Carlo with successive halving; a subclass says how the table plays on (``finish``),
    how the others discard (``other_discard``) and which moves it weighs (``candidates``, ``discard_choices``)."""

    level = ""
    rng_label = ""  # names the bot's random stream (with its seed, seat, round and the log's length)
    reads_hands = False  # whether its deals keep out of a hand the numbers the public log says it lacks
    discards_as_dealt = True  # whether it discards from the view as dealt (``as_dealt``), whoever discarded first
    default_budget = Budget()

    def __init__(self, seed: str, seat: int, budget: Budget | None = None):
        self.seed = seed
        self.seat = seat
        self.budget = budget or self.default_budget

    def _rng(self, view: dict) -> random.Random:
        return rng_for(self.seed, SLUG, "bot", self.rng_label, self.seat, view["round"], len(view["log"]))

    def act(self, view: dict) -> dict:
        _check_turn(view)
        if view["phase"] == "discard":
            return {"discard": self._discard(as_dealt(view) if self.discards_as_dealt else view), "seat": view["seat"]}
        return to_action(self._play(view))

    def finish(self, table: Round, final: bool) -> int:
        """Play the round to its end; return the number of moves made."""
        raise NotImplementedError

    def other_discard(self, hand: list[int], players: int) -> list[int]:
        """The discard this bot expects of a seat that has not discarded yet."""
        raise NotImplementedError

    def candidates(self, me: Seat) -> list[tuple]:
        raise NotImplementedError

    def discard_choices(self, hand: list[int], players: int) -> list[list[int]]:
        raise NotImplementedError

    def search(self, options: list, deal, playout, budget: int, anchor: int | None = None) -> int:
        """Successive halving over ``options``: ``deal()`` makes a determinization, ``playout(deal, option)``
        plays it out and returns (utility, simulated moves); ``budget`` simulated moves in all. Returns the index
        of the best option.

        With an ``anchor`` (the option a policy would choose), the anchor stays in the race to the end and the
        best option replaces it only if it does better on the same deals by more than ``Budget.anchor_z``
        standard errors of the paired differences."""
        alive = list(range(len(options)))
        totals = [0.0] * len(options)
        tried = [0] * len(options)
        gain = [0.0] * len(options)  # over the anchor, deal by deal: sum and sum of squares
        gain_sq = [0.0] * len(options)
        phases = max(1, (len(options) - 1).bit_length())
        spent = 0
        for phase in range(phases):
            target = budget * (phase + 1) // phases
            deals = 0
            while deals < self.budget.min_deals or spent < target:
                sample = deal()
                results = {}
                for i in alive:
                    utility, moves = playout(sample, options[i])
                    totals[i] += utility
                    tried[i] += 1
                    spent += moves + self.budget.playout_overhead
                    results[i] = utility
                if anchor is not None:
                    for i in alive:
                        difference = results[i] - results[anchor]
                        gain[i] += difference
                        gain_sq[i] += difference * difference
                deals += 1
            alive.sort(key=lambda i: (-totals[i] / tried[i], i))
            kept = alive[: (len(alive) + 1) // 2]
            if anchor is not None and anchor not in kept:
                kept.append(anchor)
            alive = kept
            if len(alive) == 1:
                break
        best = min(alive, key=lambda i: (-totals[i] / tried[i], i))
        if anchor is None or best == anchor:
            return best
        count = tried[best]
        mean = gain[best] / count
        variance = max(0.0, gain_sq[best] / count - mean * mean) * count / max(1, count - 1)
        return best if mean > self.budget.anchor_z * math.sqrt(variance / count) else anchor

    # ----- playing

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
            moves_made = 1 + self.finish(trial, final)
            return self._utility(trial, me.seat, final), moves_made

        return moves[self.search(moves, lambda: self._deal(me, pool, rng), playout, self.budget.moves,
                                 self.anchor(me, moves, final))]

    def anchor(self, me: Seat, moves: list[tuple], final: bool) -> int | None:
        """The index in ``moves`` of the move the search must beat to be played instead (None: no such move)."""
        return None

    def _deal(self, me: Seat, pool: list[int], rng: random.Random) -> Round:
        """A determinization: the unseen cards dealt at random into the other hands (none of the numbers a hand
        ``lacks`` when the bot ``reads_hands``)."""
        cards = list(pool)
        rng.shuffle(cards)
        hands = []
        for s, count in enumerate(me.hand_counts):
            if s == me.seat:
                hands.append(list(me.hand))
            else:
                hand, cards = take_hand(cards, count, me.lacks[s] if self.reads_hands else ())
                hands.append(sorted(hand))
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
        n = len(view["hand_counts"])
        options = self.discard_choices(hand, n)
        if len(options) == 1:
            return options[0]
        rng = self._rng(view)
        seat = view["seat"]
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
            moves_made = self.finish(table, final)
            return self._utility(table, seat, final), moves_made

        anchor = self.discard_anchor(hand, n)
        return options[self.search(options, lambda: deal_before_play(view, rng, self.other_discard), playout,
                                   self.budget.discard_moves, None if anchor is None else options.index(anchor))]

    def discard_anchor(self, hand: list[int], players: int) -> list[int] | None:
        """The discard the search must beat to make another (among ``discard_choices``), or None."""
        return None


# --------------------------------------------------------------------------- strong-v1 (benchmark only)


class StrongV1Bot(SearchBot):
    """The first strong bot (issue 4), kept for the benchmark: every seat plays the baseline in its play-outs;
    candidates are every useful play (each count of copies), pass, pass and force and drop out; for the discard
    the ten choices leaving the fewest skipped numbers plus the baseline's."""

    level = "strong-v1"
    rng_label = "strong"  # its name when it was the strong bot: the same seed gives the same decisions
    discards_as_dealt = False  # as then: it read which seats had discarded before it (seat by seat, in seat order)

    def finish(self, table: Round, final: bool) -> int:
        return table.finish_with_baseline()

    def other_discard(self, hand: list[int], players: int) -> list[int]:
        return isolation_discard(hand)

    def candidates(self, me: Seat) -> list[tuple]:
        moves = play_moves(me.hand, me.value, me.chips)
        if me.forced:
            return moves or [(PASS,)]
        if me.may_pass:
            moves.append((PASS,))
            moves.append((FORCE,))
        moves.append((DROP,))
        return moves

    def discard_choices(self, hand: list[int], players: int) -> list[list[int]]:
        return discard_options(hand, self.budget.discard_candidates)


# --------------------------------------------------------------------------- strong


class StrongBot(SearchBot):
    """Every seat plays the tuned heuristic in the play-outs (``heuristic``); it never drops out while it holds a
    card it can play at no penalty, bonus chips allowed, unless that play is provably worse (``may_drop_out``)."""

    level = "strong"
    rng_label = "strong-2"
    reads_hands = True
    default_budget = Budget()

    def __init__(self, seed: str, seat: int, budget: Budget | None = None,
                 weights: dict[int, Weights] | None = None):
        super().__init__(seed, seat, budget)
        self.weights = weights or WEIGHTS

    def finish(self, table: Round, final: bool) -> int:
        return table.finish_with_heuristic(self.weights[len(table.hands)], final)

    def other_discard(self, hand: list[int], players: int) -> list[int]:
        return heuristic_discard(hand, players - 1, self.weights[players])

    def candidates(self, me: Seat) -> list[tuple]:
        moves = play_moves(me.hand, me.value, me.chips, all_counts=False)
        if me.forced:
            return moves or [(PASS,)]
        if me.may_pass:
            moves.append((PASS,))
            moves.append((FORCE,))
        if may_drop_out(me.hand, me.value, me.chips, me.penalties[me.seat]):
            moves.append((DROP,))
        return moves

    def anchor(self, me: Seat, moves: list[tuple], final: bool) -> int | None:
        """The heuristic's own move (its best other move when it would drop out and may not)."""
        weights = self.weights[len(me.hand_counts)]
        others = sum(me.in_round) - 1
        penalties = me.penalties[me.seat]
        move = heuristic_move(me.hand, me.value, me.chips, penalties, me.forced, me.may_pass, others, final, weights)
        if move not in moves:
            scored = [s for s in scored_moves(me.hand, me.value, me.chips, penalties, others, final, weights,
                                              plays_only=me.forced, may_pass=me.may_pass) if s[1] in moves]
            if not scored:
                return None
            move = min(scored, key=lambda s: s[0])[1]
        return moves.index(move)

    def discard_choices(self, hand: list[int], players: int) -> list[list[int]]:
        options = discard_options(hand, self.budget.discard_candidates)
        mine = heuristic_discard(hand, players - 1, self.weights[players])
        if mine not in options:
            options[-1:] = [mine]
        return options

    def discard_anchor(self, hand: list[int], players: int) -> list[int]:
        return heuristic_discard(hand, players - 1, self.weights[players])


def may_drop_out(hand: list[int], value: int, chips: int, penalties: int) -> bool:
    """Dropping out is allowed unless a card can be played at no penalty (bonus chips allowed) and that play is
    not provably worse. It is provably worse when its bonus chips alone, at the 2 penalty chips each an unused
    one returns, cost more than the whole hand even if the rest of the round costs nothing and the player goes
    out returning 3: 2 x chips - min(3, penalties) > cards in hand."""
    bonus = chips_for_free_play(hand, value, chips)
    if bonus is None:
        return True
    return CHIP_COST * bonus - min(GOING_OUT_RETURN, penalties) > len(hand)


def take_hand(cards: list[int], count: int, lacks) -> tuple[list[int], list[int]]:
    """The first ``count`` of the shuffled ``cards`` that are not in ``lacks``, and the cards left. If too few are
    (the seat did not play as expected), ``lacks`` is ignored."""
    chosen, left = [], []
    for card in cards:
        if len(chosen) < count and card not in lacks:
            chosen.append(card)
        else:
            left.append(card)
    if len(chosen) < count:
        return cards[:count], cards[count:]
    return chosen, left


def deal_before_play(view: dict, rng: random.Random, discard) -> list[list[int]]:
    """A determinization during the discard: the other seats' hands after their discards (``discard(hand,
    players)`` for those still to discard); the 1 is always in some hand. Our own entry is our hand as it is."""
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
            for card in discard(hand, len(counts)):
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


BOTS = {"baseline": BaselineBot, "strong": StrongBot, "strong-v1": StrongV1Bot}


def make_bot(level: str, seed: str, seat: int):
    """The bot of ``level`` (``LEVELS`` or ``BENCH_LEVELS``); ``seed`` is the bot's own seed, never the deal's
    (``junban.bots.make_bot`` derives it)."""
    if level not in BOTS:
        raise ValueError(f"unknown bot level {level!r} for 23")
    return BOTS[level](seed, seat)
