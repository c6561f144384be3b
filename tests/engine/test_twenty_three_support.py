"""Shared helpers of the 23 tests (no tests here): tables set up like a rule example, random games."""
from __future__ import annotations

import random

from junban.games.twenty_three import rules


def table(hands: list[list[int]], value: int, active: int = 0, bonus: list[int] | None = None,
          penalties: list[int] | None = None, status: list[str] | None = None, round_number: int = 1) -> rules.State:
    """A play-phase table with the given hands and pile value (the pile shows 1 then ``value``).

    Cards are not conserved in such a table, so tests on it check the rule, not ``check_invariants``."""
    n = len(hands)
    state = rules.new_game({"players": n}, "example")
    while state.phase == "discard":
        state = rules.apply(state, rules.legal_actions(state)[0])
    state = state.copy()
    state.round = round_number
    state.hands = [sorted(h) for h in hands]
    state.pile = [[1]] if value == 1 else [[1], [value]]
    state.pile_value = value
    state.active = active
    state.bonus = list(bonus) if bonus is not None else [3] * n
    state.penalties = list(penalties) if penalties is not None else [0] * n
    state.status = list(status) if status is not None else [rules.IN if h else rules.OUT for h in hands]
    state.log = []
    return state


def random_game(players: int, seed: str, choose_seed: int, check=None, max_actions: int = 5000):
    """Play a game with uniformly random legal actions; call ``check(state)`` after every action."""
    rng = random.Random(choose_seed)
    state = rules.new_game({"players": players}, seed)
    actions = []
    while rules.to_act(state) is not None:
        action = rng.choice(rules.legal_actions(state))
        state = rules.apply(state, action)
        actions.append(action)
        if check:
            check(state)
        assert len(actions) <= max_actions, "a random game did not end"
    return state, actions
