"""Eleusis at the table, over many random games: cards conserved, scores as the spec, rounds always end, replay.

The random players are sensible but fallible: they often play a right card when they hold one, declare "no play"
when they hold none, and otherwise try anything (strings, wrong cards, wrong "no play"s); Prophets and manual
dealers judge mostly right. A manual dealer judges by a library rule the test picks.
"""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from junban.gamelog import GameLog, replay
from junban.games.eleusis import cards, library, rules

ROUND_ACTION_LIMIT = 3000
EASY_TEXTS = ["card.colour != prev.colour", "card.rank >= prev.rank or card.face", "card.suit != prev.suit"]


class RandomTable:
    """Chooses an action for whichever seat is to act, looking at the whole state (tests only)."""

    def __init__(self, seed: int, manual: float = 0.15, stop: float = 0.0):
        self.rng = random.Random(seed)
        self.manual = manual
        self.stop = stop
        self.shadow = None  # the rule a manual dealer judges by

    def truth(self, state):
        return state.rule or self.shadow

    def act(self, state) -> dict:
        rng = self.rng
        phase = state.phase
        if rng.random() < self.stop:
            return {"stop": True}
        if phase == "rule":
            r = rng.random()
            if r < self.manual:
                self.shadow = rng.choice(library.all_rules()).compiled()
                return {"manual": True, "hint": "look"}
            if r < self.manual + 0.1:
                return {"rule": rng.choice(EASY_TEXTS)}
            rule = rng.choice(library.all_rules())
            return {"rule_id": rule.id, "library_hint": bool(rule.hint_en) and rng.random() < 0.5}
        rule = self.truth(state)
        if phase == "starter":
            return {"judge": rule.judge((), state.turned) if rng.random() < 0.95 else rng.random() < 0.5}
        if phase == "prophet_offer":
            return {"prophet": rng.random() < 0.3}
        if phase in ("prophet_judge", "dealer_judge"):
            return self.judge(state, rule, accurate=0.95 if phase == "dealer_judge" else 0.85)
        return self.play(state, rule)

    def judge(self, state, rule, accurate: float) -> dict:
        pending = state.pending
        rng = self.rng
        if pending.get("no_play"):
            right = rules.first_correct_card(rule, state.mainline, pending["hand"])
            if rng.random() < accurate:
                return {"judge": True} if right is None else {"judge": False, "card": right}
            return {"judge": False, "card": rng.choice(pending["hand"])} if rng.random() < 0.5 else {"judge": True}
        truth = rules.judge_cards(rule, state.mainline, pending["cards"])
        return {"judge": truth if rng.random() < accurate else not truth}

    def play(self, state, rule) -> dict:
        rng = self.rng
        hand = state.hands[state.active]
        right = [c for c in set(hand) if rule.judge(state.mainline, c)]
        r = rng.random()
        if right and r < 0.6:
            first = rng.choice(sorted(right))
            rest = list(hand)
            rest.remove(first)
            follow = [c for c in set(rest) if rule.judge(state.mainline + [first], c)]
            if follow and r < 0.15:
                return {"play": [first, rng.choice(sorted(follow))]}
            return {"play": [first]}
        if not right and r < 0.7:
            return {"no_play": True}
        if r < 0.8 and len(hand) >= 2:
            return {"play": rng.sample(hand, min(len(hand), rng.randint(2, 4)))}
        if r < 0.9:
            return {"no_play": True}
        return {"play": [rng.choice(hand)]}


def expected_scores(config, entry):
    """The spec's scoring, written out again independently of the engine."""
    seats = [s for s in range(config["players"]) if s != entry["dealer"]]
    hands = entry["hands"]
    largest = max(hands[s] for s in seats)
    scores = {s: largest - hands[s] + (4 if hands[s] == 0 else 0) for s in seats}
    if entry["prophet"] is not None:
        scores[entry["prophet"]] += entry["prophet_bonus"]
    best = max(scores.values())
    scores[entry["dealer"]] = best if entry["prophet"] is None else min(best, 2 * entry["before_marker"])
    return [scores[s] for s in range(config["players"])]


def play_game(seed: int, players: int, **policy):
    table = RandomTable(seed, **policy)
    config = {"players": players}
    state = rules.new_game(config, f"p{seed}")
    actions = []
    since_round = 0
    while rules.to_act(state) is not None:
        action = table.act(state)
        rounds_before = len(state.rounds)
        hands_before = [len(h) for h in state.hands]
        state = rules.apply(state, action)
        actions.append(action)
        rules.check_invariants(state)
        since_round += 1
        if len(state.rounds) > rounds_before:
            entry = state.rounds[-1]
            assert entry["scores"] == expected_scores(state.config, entry)
            assert sum(entry["hands"]) <= sum(hands_before) + 8 + 5, "the recorded hands are the final hands"
            since_round = 0
        assert since_round < ROUND_ACTION_LIMIT, "a round did not end"
    return state, actions


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 8))
def test_random_games_conserve_cards_score_as_the_spec_and_every_round_ends(seed, players):
    state, _ = play_game(seed, players)
    out = rules.outcome(state)
    assert out["reason"] == "all-dealt" and out["rounds"] == players and all(state.dealt)
    assert out["totals"] == [sum(r["scores"][s] for r in state.rounds) for s in range(players)]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_games_stopped_at_random_moments_give_ten_to_those_who_never_dealt(seed):
    state, _ = play_game(seed, 4, stop=0.004)
    out = rules.outcome(state)
    if out["reason"] == "stopped":
        assert out["never_dealt"] == [s for s in range(4) if not state.dealt[s]]
        assert len(out["never_dealt"]) + out["rounds"] + (1 if sum(state.dealt) > out["rounds"] else 0) == 4


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_replaying_the_log_rebuilds_the_same_game(seed):
    state, actions = play_game(seed, 5)
    again = replay(GameLog("eleusis", dict(state.config), state.seed, actions))
    for seat in range(5):
        assert rules.view(again, seat) == rules.view(state, seat)
    assert again.rounds == state.rounds and again.totals == state.totals


def test_the_same_seed_deals_the_same_round_and_another_seed_another():
    a = rules.apply(rules.new_game({}, "same"), {"rule_id": "odd-even"})
    b = rules.apply(rules.new_game({}, "same"), {"rule_id": "odd-even"})
    c = rules.apply(rules.new_game({}, "other"), {"rule_id": "odd-even"})
    assert a.hands == b.hands and a.stock == b.stock and a.mainline == b.mainline
    assert a.hands != c.hands


def test_views_are_fresh_data_holding_nothing_of_the_state():
    state, _ = play_game(7, 4)
    view = rules.view(state, 1)
    view["totals"].append(99)
    view["rounds"][0]["scores"][0] = -1
    assert rules.view(state, 1) != view
    assert cards.is_card("QH")
