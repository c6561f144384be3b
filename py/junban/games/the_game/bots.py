"""Bots for The Game: a seat's policy over its own view (see ``junban.bots`` for the protocol).

Levels: ``baseline`` (smallest jumps, tricks, nearly free extras) and ``strong`` (card counting, whole-turn
evaluation, endgame search, pile-marker signals). Both plan the whole turn from the position at its start and
then hand out one action per ``act`` call:

1. before the first play: clear this seat's markers left from its previous turn (they would lapse at this
   turn's end anyway; clearing first lets a view tell old markers from new ones);
2. the planned plays, one per call;
3. the signals for the partners (``keep`` / ``small`` markers, never numbers), then ``end_turn``.

If the plays on the table are not the planned ones (a person asked for a hint after playing), the rest of the turn
is planned from the position now; if no legal way to reach the minimum is left, the bot asks to ``undo``.
``act`` is a function of the view alone: the plan cache is only a shortcut, keyed on the turn's start position.
"""
from __future__ import annotations

import importlib

from junban.games.the_game.seat_view import Position, current, turn_start

LEVELS = ("baseline", "strong")
DEFAULT_LEVEL = "strong"

# Level -> the module that plans its turns: plan_turn(position) and desired_markers(position, plays).
PLANNERS = {"baseline": "junban.games.the_game.baseline", "strong": "junban.games.the_game.strategy"}
PLAN_CACHE_SIZE = 8


class TheGameBot:
    """One seat's bot. ``act(view)`` returns the next action of this seat's turn."""

    def __init__(self, level: str, seed: str, seat: int):
        if level not in PLANNERS:
            raise ValueError(f"unknown bot level {level!r} for The Game")
        self.level = level
        self.seed = seed
        self.seat = seat
        self._planner = importlib.import_module(PLANNERS[level])
        self._plans: dict = {}

    def act(self, view: dict) -> dict:
        """The next action for the seat whose view this is (it must be that seat's turn)."""
        return self._next(view, with_markers=True)

    def suggest(self, view: dict) -> dict:
        """A hint for a person: the next play, ``end_turn`` or ``undo`` (never a marker action)."""
        return self._next(view, with_markers=False)

    # ------------------------------------------------------------------ the turn

    def _next(self, view: dict, with_markers: bool) -> dict:
        if view["outcome"] is not None:
            raise ValueError("the game is over")
        if view["active"] != view["seat"]:
            raise ValueError("it is not this seat's turn")
        start = turn_start(view)
        plan = self._plan(start)
        played = [tuple(x) for x in view["played_this_turn"]]
        position = start
        if plan is not None and played == plan[: len(played)]:
            if not played and with_markers and start.own_markers:
                pile, _kind = start.own_markers[0]
                return {"mark": None, "pile": pile, "seat": view["seat"]}
            plays = plan[len(played):]
        else:
            position = current(view)
            plays = self._plan(position)
            if plays is None:
                if view["can_undo"]:
                    return {"undo": True}
                if view["can_end_turn"]:
                    return {"end_turn": True}
                raise ValueError("no legal way to go on from this position")
        if plays:
            card, pile = plays[0]
            return {"play": card, "pile": pile}
        if with_markers:
            mark = self._signal(view, position, plan if position is start else [])
            if mark is not None:
                return mark
        return {"end_turn": True}

    def _plan(self, position: Position):
        plan = self._plans.get(position)
        if plan is None and position not in self._plans:
            plan = self._planner.plan_turn(position)
            if plan is not None and len(plan) < position.need:
                # A planner must reach the minimum; if one ever falls short, the baseline's turn is used.
                plan = importlib.import_module(PLANNERS["baseline"]).plan_turn(position)
            plan = None if plan is None else [tuple(p) for p in plan]
            if len(self._plans) >= PLAN_CACHE_SIZE:
                self._plans.pop(next(iter(self._plans)))
            self._plans[position] = plan
        return plan

    def _signal(self, view: dict, position: Position, plays) -> dict | None:
        """The next marker action that brings this seat's markers to the planner's wish (partners' kept)."""
        wanted = self._planner.desired_markers(position, plays)
        partner_piles = {p for p, _kind, _seat in position.markers}
        mine = {}
        for p, pile_view in enumerate(view["piles"]):
            marker = pile_view["marker"]
            if marker and marker["seat"] == view["seat"]:
                mine[p] = marker["kind"]
        for pile in range(4):
            kind = wanted.get(pile)
            if kind is not None and pile not in partner_piles and mine.get(pile) != kind:
                return {"mark": kind, "pile": pile, "seat": view["seat"]}
            if kind is None and pile in mine:
                return {"mark": None, "pile": pile, "seat": view["seat"]}
        return None


def make_bot(level: str, seed: str, seat: int) -> TheGameBot:
    return TheGameBot(level, seed, seat)
