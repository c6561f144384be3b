"""Eleusis table bots: legal actions only, deterministic, blind to the secret rule, and playing like scientists."""
import json

import pytest

from junban.games.eleusis import bots, cards, library, rules
from tests.engine.eleusis_table_helpers import ALTERNATE, arrange, decline, play, table


def bot_game(seed: str, levels: list[str], difficulty: str = "medium", max_actions: int = 3000):
    """A whole game of bots; every action checked against the legal ones; returns (state, actions, views seen)."""
    state = rules.new_game({"players": len(levels), "difficulty": difficulty}, seed)
    seat_bots = [bots.make_bot(level, seed, seat) for seat, level in enumerate(levels)]
    seen = []
    actions = []
    while rules.to_act(state) is not None:
        seat = rules.to_act(state)
        view = rules.view(state, seat)
        action = seat_bots[seat].act(view)
        assert_legal(state, action)
        seen.append((seat, view, action))
        state = rules.apply(state, json.loads(json.dumps(action)))
        rules.check_invariants(state)
        actions.append(action)
        assert len(actions) < max_actions, "the bots' game did not end"
    return state, actions, seen


def assert_legal(state, action):
    assert "stop" not in action, "bots never stop the game"
    if "play" in action and len(action["play"]) > 1:
        hand = list(state.hands[state.active])
        assert 2 <= len(action["play"]) <= 4
        for card in action["play"]:
            hand.remove(card)  # raises if the card is not in hand as often as played
    else:
        assert action in rules.legal_actions(state), action


def history(rule: str, turns: int, seed: str = "h", players: int = 4):
    """A round of ``turns`` plays: a right card when the player holds one (every third turn a wrong one, so hands
    do not run out), else "no play"."""
    state = table(players=players, rule=rule, seed=seed)
    compiled = state.rule
    for turn in range(turns):
        hand = state.hands[state.active]
        right = [c for c in hand if compiled.judge(state.mainline, c)]
        wrong = [c for c in hand if not compiled.judge(state.mainline, c)]
        if wrong and (turn % 3 == 2 or not right):
            action = {"play": [wrong[0]]}
        else:
            action = {"play": [right[0]]} if right else {"no_play": True}
        state = decline(rules.apply(state, action))
        assert state.phase == "play" and state.round == 0
    return state


@pytest.fixture(scope="module")
def strong_game():
    return bot_game("bots-1", ["strong"] * 4)


def test_a_game_of_strong_bots_ends_with_legal_actions_only(strong_game):
    state, actions, _ = strong_game
    out = rules.outcome(state)
    assert out["reason"] == "all-dealt" and out["rounds"] == 4
    kinds = {next(iter(a)) for a in actions}
    assert {"rule_id", "play"} <= kinds


def test_a_mixed_table_with_baseline_bots_ends_too():
    state, _, _ = bot_game("bots-2", ["baseline", "strong", "baseline"], difficulty="easy")
    assert rules.outcome(state)["rounds"] == 3


def test_bot_decisions_depend_only_on_the_view(strong_game):
    _, _, seen = strong_game
    for seat, view, action in seen[::5]:
        fresh = bots.make_bot("strong", "bots-1", seat)
        assert fresh.act(json.loads(json.dumps(view))) == action


def test_bots_cannot_reach_the_secret_rule():
    state = rules.apply(rules.new_game({"first_dealer": 0}, "secret"), {"rule_id": "heart-calls-spade"})
    secret = library.get("heart-calls-spade")
    for seat in (1, 2, 3):
        text = json.dumps(rules.view(state, seat))
        assert secret.rule not in text and secret.id not in text and secret.words_en not in text
    bot = bots.make_bot("strong", "secret", 1)
    bot.act(rules.view(state, 1))
    assert not any(isinstance(v, rules.State) for v in vars(bot).values()), "a bot holds views, never the state"


def test_a_bot_dealer_picks_a_library_rule_of_the_tables_difficulty_never_twice_and_hints_only_when_easy():
    for difficulty in library.LEVELS:
        state = rules.new_game({"players": 3, "difficulty": difficulty}, "deal")
        picked = []
        while state.phase == "rule":
            action = bots.make_bot("strong", "deal", rules.to_act(state)).act(rules.view(state, rules.to_act(state)))
            assert library.get(action["rule_id"]).level == difficulty
            assert action["library_hint"] is (difficulty == "easy" and library.get(action["rule_id"]).hint_en is not None)
            picked.append(action["rule_id"])
            state = rules.apply(state, action)
            seat = rules.to_act(state)
            same = [c for c in cards.DECK if cards.is_red(c) == cards.is_red(state.mainline[-1])]
            state = arrange(state, hands={seat: same[:4]})
            if state.rule.judge(state.mainline, same[0]):
                break  # this rule accepts a same-coloured card: no quick right "no play" here
            state = rules.apply(state, {"no_play": True})
        assert len(set(picked)) == len(picked)


def test_once_the_rule_is_clear_a_strong_bot_plays_a_sure_string():
    state = history(ALTERNATE, 30)
    seat = state.active
    last_red = cards.is_red(state.mainline[-1])
    hand = ["2S", "3H", "4C", "5D"] if last_red else ["2H", "3S", "4D", "5C"]
    state = arrange(state, hands={seat: hand + ["9S", "9C"] if last_red else hand + ["9H", "9D"]})
    action = bots.make_bot("strong", "x", seat).act(rules.view(state, seat))
    assert len(action["play"]) >= 2 and rules.judge_cards(state.rule, state.mainline, action["play"])
    baseline = bots.make_bot("baseline", "x", seat).act(rules.view(state, seat))
    assert len(baseline["play"]) == 1, "the baseline bot never plays strings"


def test_a_strong_bot_declares_no_play_with_a_surely_unplayable_hand():
    state = history(ALTERNATE, 30)
    seat = state.active
    red = cards.is_red(state.mainline[-1])
    same = [c for c in cards.DECK if cards.is_red(c) == red][:6]
    state = arrange(state, hands={seat: same})
    assert bots.make_bot("strong", "x", seat).act(rules.view(state, seat)) == {"no_play": True}


def test_a_strong_bot_learns_from_the_sideline_and_the_baseline_bot_does_not():
    state = table(rule="card.rank >= 7", mainline=["9H"], hands={1: ["2C", "5D", "8S"], 2: ["3S"], 3: ["4C"]})
    state = decline(play(state, "2C"))
    state = decline(play(state, "3S"))
    state = decline(play(state, "4C"))
    view = rules.view(state, 1)
    strong = bots.make_bot("strong", "x", 1)
    baseline = bots.make_bot("baseline", "x", 1)
    p_low_strong = strong.scientist(view).p_accept(view["mainline"], "5D")
    p_low_baseline = baseline.scientist(view).p_accept(view["mainline"], "5D")
    assert p_low_strong < p_low_baseline


def test_a_strong_bot_becomes_prophet_when_it_knows_the_rule_and_judges_by_it():
    state = history("card.suit = prev.suit", 40, players=5)
    seat = state.active
    suit = cards.suit(state.mainline[-1])
    right_card = next(c for c in state.stock if cards.suit(c) == suit)
    others = [c for c in state.stock if cards.suit(c) != suit][:2]
    state = arrange(state, hands={seat: [right_card] + others})
    state = play(state, right_card)
    assert state.phase == "prophet_offer"
    bot = bots.make_bot("strong", "x", seat)
    assert bot.act(rules.view(state, seat)) == {"prophet": True}
    state = rules.apply(state, {"prophet": True})
    player = state.active
    wrong = next(c for c in state.hands[player] if cards.suit(c) != suit) if any(
        cards.suit(c) != suit for c in state.hands[player]) else None
    if wrong is None:
        pytest.skip("the next player holds only cards of that suit")
    state = play(state, wrong)
    assert bot.act(rules.view(state, seat)) == {"judge": False}
    assert bots.make_bot("baseline", "x", seat).act(rules.view(state, seat)) == {"judge": False}


def test_a_bot_without_evidence_does_not_claim_to_be_prophet():
    state = table(mainline=["QH"], hands={1: ["2S", "3H"]})
    state = play(state, "2S")
    assert bots.make_bot("strong", "x", 1).act(rules.view(state, 1)) == {"prophet": False}


def test_unknown_levels_are_refused():
    with pytest.raises(ValueError):
        bots.make_bot("genius", "x", 0)
