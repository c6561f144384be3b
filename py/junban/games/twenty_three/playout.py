"""A compact, fast model of one round of 23 for the strong bot's playouts.

The engine (``rules``) is the truth and keeps a full log; a playout only needs the numbers that decide the rest of
the round: hands (sorted lists), the pile value, each seat's penalty and bonus chips, who is still in, whose turn,
the force, and for the baseline's never-pass-forever rule the table's progress (plays and drop-outs so far) and the
progress at each seat's last pass. ``Round.step`` applies a move exactly as ``rules.apply`` would (the tests replay
engine games through it and compare).
"""
from __future__ import annotations

from bisect import bisect_left

from junban.games.twenty_three.heuristic import Weights, heuristic_move
from junban.games.twenty_three.policy import FORCE, PASS, PLAY, baseline_move
from junban.games.twenty_three.rules import FORCE_PENALTY, GOING_OUT_RETURN, PASS_PENALTY

NEVER = -1  # passed_at of a seat that has not passed this round


class Round:
    """One round in progress, every hand known (a determinization). Mutable: copy before trying things."""

    __slots__ = ("hands", "value", "penalties", "bonus", "in_round", "players_in", "active", "forced", "progress",
                 "passed_at")

    def __init__(self, hands: list[list[int]], value: int, penalties: list[int], bonus: list[int],
                 in_round: list[bool], active: int, forced: bool, progress: int, passed_at: list[int]):
        self.hands = hands
        self.value = value
        self.penalties = penalties
        self.bonus = bonus
        self.in_round = in_round
        self.players_in = sum(in_round)
        self.active = active
        self.forced = forced
        self.progress = progress
        self.passed_at = passed_at

    def copy(self) -> "Round":
        return Round([list(h) for h in self.hands], self.value, list(self.penalties), list(self.bonus),
                     list(self.in_round), self.active, self.forced, self.progress, list(self.passed_at))

    @property
    def over(self) -> bool:
        return self.players_in == 0

    def may_pass(self, seat: int) -> bool:
        """The never-pass-forever rule of the bots: no second pass before someone plays or drops out."""
        return self.passed_at[seat] != self.progress

    def baseline(self) -> tuple:
        """The baseline's move for the seat to act."""
        seat = self.active
        return baseline_move(self.hands[seat], self.value, self.bonus[seat], self.penalties[seat], self.forced,
                             self.passed_at[seat] != self.progress, self.players_in > 1)

    def step(self, move: tuple) -> None:
        """Apply a legal move of the seat to act and pass the turn on."""
        seat = self.active
        hand = self.hands[seat]
        kind = move[0]
        force = False
        if kind == PLAY:
            _, card, count, bonus, value = move
            i = bisect_left(hand, card)
            del hand[i:i + count]
            self.penalties[seat] += max(0, card - value - 1)
            self.bonus[seat] -= bonus
            self.value = card
            self.progress += 1
            if not hand:
                self.penalties[seat] -= min(GOING_OUT_RETURN, self.penalties[seat])
                self.in_round[seat] = False
                self.players_in -= 1
        elif kind == PASS:
            self.penalties[seat] += PASS_PENALTY
            self.passed_at[seat] = self.progress
        elif kind == FORCE:
            self.penalties[seat] += FORCE_PENALTY
            self.passed_at[seat] = self.progress
            force = True
        else:  # DROP
            self.penalties[seat] += len(hand)
            hand.clear()
            self.in_round[seat] = False
            self.players_in -= 1
            self.progress += 1
        self.forced = force
        if self.players_in:
            n = len(self.hands)
            for step in range(1, n):
                candidate = (seat + step) % n
                if self.in_round[candidate]:
                    self.active = candidate
                    break

    def finish_with_baseline(self) -> int:
        """Play the round to its end with every seat following the baseline; return the number of moves.

        The commonest baseline move, a play skipping at most one number, is taken inline (it is always the
        baseline's choice when there is one, see ``policy.cheapest_play``)."""
        return self._finish(2, self.baseline)

    def heuristic(self, weights: Weights, final: bool) -> tuple:
        """The tuned heuristic's move for the seat to act (``final``: this is the last round)."""
        seat = self.active
        return heuristic_move(self.hands[seat], self.value, self.bonus[seat], self.penalties[seat], self.forced,
                              self.passed_at[seat] != self.progress, self.players_in - 1, final, weights)

    def finish_with_heuristic(self, weights: Weights, final: bool) -> int:
        """Play the round to its end with every seat following the tuned heuristic; return the number of moves.

        Its commonest move, a play that costs nothing (every copy of the lowest card equal to the pile value or
        one above), is taken inline."""
        return self._finish(1, lambda: self.heuristic(weights, final))

    def _finish(self, inline_reach: int, choose) -> int:
        """Play the round to its end: a play of every copy of the lowest card at most ``inline_reach`` above the
        pile value, when the policy always makes it and it does not go out, is taken inline (the commonest move,
        and the speed of a play-out); every other move is ``choose()``."""
        hands = self.hands
        n = len(hands)
        moves = 0
        while self.players_in:
            moves += 1
            seat = self.active
            hand = hands[seat]
            value = self.value
            i = bisect_left(hand, value)
            if i < len(hand) and hand[i] <= value + inline_reach and len(hand) > 1 and hand[-1] != hand[i]:
                card = hand[i]
                j = bisect_left(hand, card + 1, i)
                del hand[i:j]
                if card > value + 1:
                    self.penalties[seat] += card - value - 1
                self.value = card
                self.progress += 1
                self.forced = False
                for step in range(1, n):
                    candidate = (seat + step) % n
                    if self.in_round[candidate]:
                        self.active = candidate
                        break
            else:
                self.step(choose())
        return moves
