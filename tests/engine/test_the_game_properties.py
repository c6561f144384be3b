"""The Game: random legal games keep every invariant, and replaying a log gives the identical state."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from junban.gamelog import GameLog, replay
from junban.games import the_game as game
from junban.games.the_game.rules import PILES, can_play_sequence, cards_left, fits, pile_top

configs = st.fixed_dictionaries({
    "players": st.integers(1, 5),
    "expert": st.booleans(),
    "small_hands": st.booleans(),
    "on_fire": st.booleans(),
    "strict": st.booleans(),
})


def play_random(config, seed, policy_seed):
    """Play a game to its end with random legal moves; check the rules after every action.

    The random player sometimes sets markers and undoes cards, and prefers plays that keep the turn's minimum
    reachable (a stuck player undoes); it ends the turn at random once allowed.
    """
    rng = random.Random(policy_seed)
    state = game.new_game(config, seed)
    actions = []
    undos = marks = 0
    while game.to_act(state) is not None:
        legal = game.legal_actions(state)
        plays = [a for a in legal if "play" in a]
        safe = [a for a in plays if _keeps_minimum(state, a)]
        roll = rng.random()
        if marks < 2 and roll < 0.03:
            action = rng.choice([a for a in legal if "mark" in a])
            marks += 1
        elif {"undo": True} in legal and (not safe and {"end_turn": True} not in legal or (roll < 0.08 and undos < 3)):
            action = {"undo": True}
            undos += 1
        elif {"end_turn": True} in legal and (not plays or roll < 0.5):
            action = {"end_turn": True}
        else:
            action = rng.choice(safe or plays)
        before = state
        state = game.apply(state, action)
        actions.append(action)
        game.check_invariants(state)
        check_step(before, state, action)
        if "end_turn" in action:
            undos = marks = 0
        assert len(actions) < 3000, "a game never ends"
    return state, actions


def _keeps_minimum(state, action) -> bool:
    after = game.apply(state, action)
    if after.ended is not None:
        return True
    need = after.minimum - len(after.played)
    tops = [pile_top(after, p) for p in PILES]
    return can_play_sequence(after.hands[after.active], tops, need)


def check_step(before, after, action):
    """Piles only move by the rules; the minimum is enforced; nothing else changes on a mark."""
    if "play" in action:
        card, pile = action["play"], action["pile"]
        top = before.piles[pile][-1][0] if before.piles[pile] else (1 if pile < 2 else 100)
        assert fits(card, pile, top)
        assert after.piles[pile][-1][0] == card
        assert all(after.piles[p] == before.piles[p] for p in PILES if p != pile)
    if "end_turn" in action:
        assert len(before.played) >= before.minimum
        if after.ended is None:
            assert after.played == [] and after.turn == before.turn + 1
    if "mark" in action:
        assert after.piles == before.piles and after.hands == before.hands


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 10**6), policy=st.integers(0, 2**32))
def test_random_games_keep_the_rules_and_replay_identically(config, seed, policy):
    state, actions = play_random(config, str(seed), policy)
    outcome = game.outcome(state)
    left = cards_left(state)
    assert outcome["left"] == left
    if outcome["reason"] in ("fire", "fire-at-end"):
        assert config["on_fire"] and outcome["result"] == "loss"
    else:
        assert outcome["result"] == ("perfect" if left == 0 else "win" if left <= 9 else "loss")
    replayed = replay(GameLog("the-game", config, str(seed), actions))
    assert replayed == state


@settings(max_examples=30, deadline=None)
@given(config=configs, seed=st.integers(0, 10**6), policy=st.integers(0, 2**32))
def test_views_show_only_the_seats_own_hand(config, seed, policy):
    state, _ = play_random(config, str(seed), policy)
    for seat in range(config["players"]):
        v = game.view(state, seat)
        assert v["hand"] == sorted(state.hands[seat])
        assert v["hand_counts"] == [len(h) for h in state.hands]
        assert v["draw_count"] == len(state.draw)
        assert "draw" not in v and "hands" not in v
