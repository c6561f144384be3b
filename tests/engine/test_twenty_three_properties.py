"""23: property-based games (hypothesis): invariants at every step, the round always ends, replay determinism,
illegal actions change nothing, and the bots' fast round model agrees with the engine."""
from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from junban.errors import IllegalAction
from junban.gamelog import GameLog, replay
from junban.games.twenty_three import policy, rules
from junban.games.twenty_three.playout import NEVER, Round
from tests.engine.test_twenty_three_support import random_game

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
players_st = st.integers(min_value=2, max_value=4)
seed_st = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=8)


def check_step(before: rules.State, action: dict, after: rules.State) -> None:
    """The chips an action moves are exactly the rule's."""
    rules.check_invariants(after)
    seat = before.active
    delta = after.penalties[seat] - before.penalties[seat]
    if "discard" in action:
        assert delta == 0
    elif "play" in action:
        card = action["play"][0]
        value = action.get("value", before.pile_value)
        cost = max(0, card - value - 1)
        returned = min(3, before.penalties[seat] + cost) if len(action["play"]) == len(before.hands[seat]) else 0
        assert delta == cost - returned
        assert after.bonus[seat] == before.bonus[seat] - action.get("bonus", 0)
    elif "pass" in action:
        assert delta == (2 if action.get("force") else 1)
    else:
        assert delta == len(before.hands[seat])
    for other in range(before.config["players"]):
        if other != seat:
            assert after.penalties[other] == before.penalties[other] and after.bonus[other] == before.bonus[other]


@SETTINGS
@given(players=players_st, seed=seed_st, choices=st.integers(min_value=0, max_value=10**6))
def test_random_games_keep_every_invariant_and_always_end(players, seed, choices):
    rng = random.Random(choices)
    state = rules.new_game({"players": players}, seed)
    rules.check_invariants(state)
    rounds_seen = {1}
    for _ in range(3000):
        if rules.to_act(state) is None:
            break
        action = rng.choice(rules.legal_actions(state))
        after = rules.apply(state, action)
        check_step(state, action, after)
        state = after
        rounds_seen.add(state.round)
    assert rules.to_act(state) is None, "the game did not end"
    assert rounds_seen == {1, 2}
    result = rules.outcome(state)
    assert result["totals"] == [max(0, p - 2 * b) for p, b in zip(state.penalties, state.bonus)]
    assert min(result["totals"]) == result["totals"][result["winners"][0]]


@SETTINGS
@given(players=players_st, seed=seed_st, choices=st.integers(min_value=0, max_value=10**6))
def test_replaying_the_log_gives_an_identical_state(players, seed, choices):
    state, actions = random_game(players, seed, choices)
    again = replay(GameLog(game="23", config={"players": players}, seed=seed, actions=actions))
    assert again == state
    half = replay(GameLog(game="23", config={"players": players}, seed=seed, actions=actions[: len(actions) // 2]))
    assert half.log == state.log[: len(half.log)]


def illegal_actions(state: rules.State) -> list:
    hand = state.hands[state.active]
    absent = next(n for n in range(2, 24) if n not in hand)
    return [
        None, "pass", {"play": [absent]}, {"play": [hand[0], hand[0], hand[0], hand[0]]}, {"discard": [absent] * 3},
        {"play": [hand[-1]], "bonus": state.bonus[state.active] + 1, "value": hand[-1]},
        {"play": [hand[0]], "bonus": 1, "value": 23 if state.pile_value <= 17 else 1},
        {"pass": True, "force": True, "play": [hand[0]]}, {"drop_out": False}, {"play": [0]},
    ]


@SETTINGS
@given(players=players_st, seed=seed_st, choices=st.integers(min_value=0, max_value=10**6))
def test_illegal_actions_are_refused_and_change_nothing(players, seed, choices):
    rng = random.Random(choices)
    state = rules.new_game({"players": players}, seed)
    while rules.to_act(state) is not None:
        if rng.random() < 0.2:
            before = copy.deepcopy(state)
            legal = rules.legal_actions(state)
            for action in illegal_actions(state):
                if action in legal:
                    continue
                with pytest.raises(IllegalAction) as refused:
                    rules.apply(state, action)
                assert str(refused.value)
                assert state == before
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    with pytest.raises(IllegalAction):
        rules.apply(state, {"pass": True})


@SETTINGS
@given(players=players_st, seed=seed_st, choices=st.integers(min_value=0, max_value=10**6))
def test_every_listed_action_applies(players, seed, choices):
    rng = random.Random(choices)
    state = rules.new_game({"players": players}, seed)
    while rules.to_act(state) is not None:
        legal = rules.legal_actions(state)
        assert legal and len({repr(a) for a in legal}) == len(legal)
        for action in rng.sample(legal, min(4, len(legal))):
            rules.check_invariants(rules.apply(state, action))
        state = rules.apply(state, rng.choice(legal))


def as_move(action: dict) -> tuple:
    if "play" in action:
        cards = action["play"]
        return (policy.PLAY, cards[0], len(cards), action.get("bonus", 0), action.get("value", None))
    if "pass" in action:
        return (policy.FORCE,) if action.get("force") else (policy.PASS,)
    return (policy.DROP,)


@SETTINGS
@given(players=players_st, seed=seed_st, choices=st.integers(min_value=0, max_value=10**6))
def test_the_playout_model_follows_the_engine(players, seed, choices):
    rng = random.Random(choices)
    state = rules.new_game({"players": players}, seed)
    model = None
    while rules.to_act(state) is not None:
        if state.phase == "play" and model is None:
            model = Round([list(h) for h in state.hands], state.pile_value, list(state.penalties),
                          list(state.bonus), [s == rules.IN for s in state.status], state.active, state.forced, 0,
                          [NEVER] * players)
        action = rng.choice(rules.legal_actions(state))
        if model is not None:
            move = as_move(action)
            if move[0] == policy.PLAY and move[4] is None:
                move = move[:4] + (state.pile_value,)
            model.step(move)
        state = rules.apply(state, action)
        if model is None:
            continue
        if model.over:
            assert state.log[-1]["event"] in ("round_end", "game_end")
            ended = next(e for e in reversed(state.log) if e["event"] == "round_end")
            assert model.penalties == ended["penalties"] and model.bonus == ended["bonus"]
            model = None
        else:
            assert model.hands == [sorted(h) for h in state.hands] and model.value == state.pile_value
            assert model.penalties == state.penalties and model.bonus == state.bonus
            assert model.in_round == [s == rules.IN for s in state.status]
            assert model.active == state.active and model.forced == state.forced


def brute_cheapest(hand, value, chips, penalties):
    best, best_cost = None, float("inf")
    for card in sorted(set(hand)):
        count = hand.count(card)
        for bonus in rules.useful_bonus_counts(value, card, chips):
            adjusted = rules.best_value(value, card, bonus)
            cost = rules.penalty(adjusted, card) + 2 * bonus
            if count == len(hand):
                cost -= min(3, penalties + rules.penalty(adjusted, card))
            if cost < best_cost:
                best, best_cost = (policy.PLAY, card, count, bonus, adjusted), cost
    return best, best_cost


@settings(max_examples=400, deadline=None)
@given(hand=st.lists(st.integers(min_value=2, max_value=23), min_size=1, max_size=12),
       value=st.integers(min_value=1, max_value=23), chips=st.integers(min_value=0, max_value=3),
       penalties=st.integers(min_value=0, max_value=12))
def test_the_baselines_cheapest_play_is_the_cheapest_legal_play(hand, value, chips, penalties):
    hand = sorted(hand)
    assert policy.cheapest_play(hand, value, chips, penalties) == brute_cheapest(hand, value, chips, penalties)
    state_moves = policy.play_moves(hand, value, chips)
    for move in state_moves:
        _, card, count, bonus, adjusted = move
        low, high = rules.reach(value, bonus)
        assert card >= adjusted and (adjusted == value if not bonus else low <= adjusted <= high)


def test_check_invariants_catches_a_broken_table():
    state, _ = random_game(3, "broken", 7)
    mid = rules.new_game({"players": 3}, "broken")
    while mid.phase == "discard":
        mid = rules.apply(mid, rules.legal_actions(mid)[0])
    rng = random.Random(1)
    for _ in range(10):
        mid = rules.apply(mid, rng.choice(rules.legal_actions(mid)))
    rules.check_invariants(mid)
    breakages = [
        lambda s: s.hands[s.active].pop(),  # a lost card
        lambda s: s.box.append(s.hands[s.active].pop()),  # a card moved without a rule
        lambda s: s.penalties.__setitem__(0, s.penalties[0] + 1),  # a chip from nowhere
        lambda s: s.bonus.__setitem__(1, s.bonus[1] - 1),  # a bonus chip lost
        lambda s: setattr(s, "active", (s.active + 1) % 3),  # out of turn
        lambda s: setattr(s, "pile_value", s.pile_value + 1),  # the pile differs from its top card
        lambda s: setattr(s, "forced", not s.forced),  # a force from nowhere
    ]
    for breakage in breakages:
        broken = copy.deepcopy(mid)
        breakage(broken)
        with pytest.raises(AssertionError):
            rules.check_invariants(broken)
    ended = copy.deepcopy(state)
    ended.ended = dict(ended.ended, totals=[t + 1 for t in ended.ended["totals"]])
    with pytest.raises(AssertionError):
        rules.check_invariants(ended)
