"""Informed bots for The Game: the strong bot told what its seat cannot see, to measure what that is worth.

Benchmark only (they read the game state; ``build.py`` never ships ``bench/``), like the clairvoyant solver. Each
plays exactly as the strong bot (the same turn search, candidates, markers and greedy play-outs), except for the
deals its candidate turns are played out against:

- ``informed-hands``: the partners' real hands, with ``ENDGAME_SAMPLES`` shuffles of the real draw pile (what a
  team that showed each other their hands would know; alone, shuffles of the draw pile as the strong bot makes);
  with ``known`` below 1, only part of them: each card a partner holds is told with that chance (drawn once per
  deal, seat and card, so what a seat was told stays told), and the rest of every sampled hand is dealt from
  the cards not told, as the strong bot deals them (``known`` 0 is the strong bot's own sampling);
- ``informed-deal``: the real hands and the real draw order (one deal: everything).

They play out every turn (``playouts_from`` = 98 cards left to draw) unless told to start later, so the figures
show what the play-outs could do with the hidden cards known.
"""
from __future__ import annotations

import random

from junban.games.the_game import strategy
from junban.games.the_game.bots import TheGameBot
from junban.games.the_game.rules import State
from junban.games.the_game.seat_view import Position

KNOWS = {"informed-hands": "hands", "informed-deal": "deal"}
EVERY_TURN = 98


class InformedBot(TheGameBot):
    """The strong bot, its play-out deals taken from ``self.table`` (the bench sets it before every ``act``)."""

    def __init__(self, name: str, seed: str, seat: int, playouts_from: int = EVERY_TURN, known: float = 1.0):
        super().__init__("strong", seed, seat)
        if not 0.0 <= known <= 1.0 or (known < 1.0 and KNOWS[name] != "hands"):
            raise ValueError("only informed-hands can be told part of the partners' hands (0 <= known <= 1)")
        self.knows = KNOWS[name]
        self.playouts_from = playouts_from
        self.known = known
        self.table: State | None = None
        self._planner = self

    def plan_turn(self, position: Position):
        return strategy.plan_turn(position, deals=self.real_deals, late_draw=self.playouts_from)

    def desired_markers(self, position: Position, plays) -> dict:
        return strategy.desired_markers(position, plays)

    def told(self, card: int) -> bool:
        """Whether this seat is told ``card`` while a partner holds it (the same answer all deal long)."""
        return self.known >= 1.0 or random.Random(f"known|{self.seed}|{self.seat}|{card}").random() < self.known

    def real_deals(self, position: Position) -> list:
        """The play-out deals, (hands, draw) as ``strategy.sampled_deals`` gives them, built from the table."""
        table = self.table
        if self.known < 1.0:
            return self.partly_told_deals(position)
        hands = [None if s == position.seat else sorted(h) for s, h in enumerate(table.hands)]
        if self.knows == "deal":
            return [(hands, list(table.draw))]
        rng = strategy.playout_rng(position)
        deals = []
        for _ in range(strategy.ENDGAME_SAMPLES):
            draw = list(table.draw)
            rng.shuffle(draw)
            deals.append((hands, draw))
        return deals

    def partly_told_deals(self, position: Position) -> list:
        """Sampled deals in which every partner holds the cards this seat was told of, the rest dealt at random
        from the cards not told (the partners in seat order, then the draw pile), as ``sampled_deals`` does."""
        told = [[] if s == position.seat else [c for c in h if self.told(c)]
                for s, h in enumerate(self.table.hands)]
        rest = sorted(position.unseen.difference(*told))
        rng = strategy.playout_rng(position)
        deals = []
        for _ in range(strategy.ENDGAME_SAMPLES):
            rng.shuffle(rest)
            hands, k = [None] * position.players, 0
            for s in range(position.players):
                if s != position.seat:
                    dealt = position.hand_counts[s] - len(told[s])
                    hands[s] = sorted(told[s] + rest[k:k + dealt])
                    k += dealt
            deals.append((hands, rest[k:]))
        return deals
