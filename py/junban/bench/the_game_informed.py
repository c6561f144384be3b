"""Informed bots for The Game: the strong bot told what its seat cannot see, to measure what that is worth.

Benchmark only (they read the game state; ``build.py`` never ships ``bench/``), like the clairvoyant solver. Each
plays exactly as the strong bot (the same turn search, candidates, markers and greedy play-outs), except for the
deals its candidate turns are played out against:

- ``informed-hands``: the partners' real hands, with ``ENDGAME_SAMPLES`` shuffles of the real draw pile (what a
  team that showed each other their hands would know; alone, shuffles of the draw pile as the strong bot makes);
- ``informed-deal``: the real hands and the real draw order (one deal: everything).

They play out every turn (``playouts_from`` = 98 cards left to draw) unless told to start later, so the figures
show what the play-outs could do with the hidden cards known.
"""
from __future__ import annotations

from junban.games.the_game import strategy
from junban.games.the_game.bots import TheGameBot
from junban.games.the_game.rules import State
from junban.games.the_game.seat_view import Position

KNOWS = {"informed-hands": "hands", "informed-deal": "deal"}
EVERY_TURN = 98


class InformedBot(TheGameBot):
    """The strong bot, its play-out deals taken from ``self.table`` (the bench sets it before every ``act``)."""

    def __init__(self, name: str, seed: str, seat: int, playouts_from: int = EVERY_TURN):
        super().__init__("strong", seed, seat)
        self.knows = KNOWS[name]
        self.playouts_from = playouts_from
        self.table: State | None = None
        self._planner = self

    def plan_turn(self, position: Position):
        return strategy.plan_turn(position, deals=self.real_deals, late_draw=self.playouts_from)

    def desired_markers(self, position: Position, plays) -> dict:
        return strategy.desired_markers(position, plays)

    def real_deals(self, position: Position) -> list:
        """The play-out deals, (hands, draw) as ``strategy.sampled_deals`` gives them, built from the table."""
        table = self.table
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
