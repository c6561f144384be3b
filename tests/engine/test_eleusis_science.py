"""Solo science mode: the rules of the mode, illegal actions, invariants over random games, replay determinism."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from junban.errors import ConfigError, GameOver, MalformedAction, RuleViolation
from junban.games.eleusis import cards, science
from junban.games.eleusis.lang import compile_rule


def game(rule="card.colour != prev.colour", seed="s1", **config):
    return science.new_game({"rule": rule, **config}, seed)


def a_card(state, right: bool):
    """A card of the hand that the secret rule judges right (or wrong) now."""
    for card in state.hand:
        if state.rule.judge(state.mainline, card) == right:
            return card
    pytest.skip("no such card in this hand")


# ---------------------------------------------------------------- setup


def test_setup_twelve_cards_thirty_plays_and_a_starter_the_rule_accepts():
    state = game("card.rank = king or card.rank = queen", seed="starter")
    assert len(state.hand) == 12 and state.plays_left == 30 and state.plays_made == 0
    assert cards.rank(state.mainline[0]) in (12, 13)
    assert state.laid_aside and all(cards.rank(c) not in (12, 13) for c in state.laid_aside)
    assert state.sidelines == [[]]
    science.check_invariants(state)


def test_the_same_seed_deals_the_same_game():
    a, b = science.new_game({"level": "hard"}, "same"), science.new_game({"level": "hard"}, "same")
    assert science.view(a) == science.view(b) and a.secret == b.secret
    assert science.new_game({"level": "hard"}, "other").hand != a.hand


def test_a_library_rule_by_level_or_by_id():
    state = science.new_game({"level": "easy"}, "lib")
    assert state.secret_id is not None and state.config["level"] == "easy"
    by_id = science.new_game({"rule_id": "suit-cycle"}, "lib")
    assert by_id.secret == "card.suit = next(prev.suit)" and by_id.config["level"] == "medium"


@pytest.mark.parametrize("config, words", [
    ({"colour": "red"}, "unknown setting"),
    ({"level": "expert"}, "easy, medium or hard"),
    ({"rule": "card.red", "rule_id": "suit-cycle"}, "either"),
    ({"rule_id": "nope"}, "unknown library rule"),
    ({"rule": "card.rank >"}, "not a rule"),
    ({"rule": "card.red and card.black"}, "accepts no first card"),
    ({"plays": 0}, "plays"),
    ({"plays": True}, "plays"),
    ({"hand_size": 50}, "hand size"),
    ({"show_hint": "yes"}, "show_hint"),
])
def test_bad_configs(config, words):
    with pytest.raises(ConfigError, match=words):
        science.new_game(config, "bad")


# ---------------------------------------------------------------- plays


def test_a_right_card_extends_the_mainline_and_the_hand_is_refilled():
    state = game()
    card = a_card(state, True)
    new = science.apply(state, {"play": card})
    assert new.mainline == state.mainline + [card] and new.sidelines[-1] == []
    assert len(new.hand) == 12 and new.plays_left == 29 and new.last_play == {"card": card, "right": True}
    assert state.plays_left == 30 and len(state.mainline) == 1  # the old state is unchanged


def test_a_wrong_card_goes_on_the_sideline_under_the_last_mainline_card():
    state = game()
    card = a_card(state, False)
    new = science.apply(state, {"play": card})
    assert new.mainline == state.mainline and new.sidelines == [[card]]
    assert len(new.hand) == 12 and new.plays_left == 29 and new.last_play["right"] is False


def test_a_further_deck_is_shuffled_in_when_the_stock_runs_low():
    state = game(seed="decks", plays=100)
    while state.plays_left > 0:
        state = science.apply(state, {"play": state.hand[0]})
    assert state.decks_used >= 3 and len(state.stock) > 4
    science.check_invariants(state)


# ---------------------------------------------------------------- guesses


def test_an_equivalent_guess_solves_the_game_with_the_plays_left_as_score():
    state = science.apply(game(), {"play": a_card(game(), True)})
    done = science.apply(state, {"guess": "if prev.red then card.black else card.red"})
    assert done.ended["solved"] and done.ended["score"] == 29 and done.ended["reason"] == "solved"
    assert science.to_act(done) is None and science.legal_actions(done) == []
    assert done.ended["rule"] == "card.colour != prev.colour" and done.ended["words"]["ja"]


def test_a_wrong_guess_costs_two_plays_and_shows_where_the_rules_differ():
    state = game()
    new = science.apply(state, {"guess": "card.red"})
    assert new.plays_left == 28 and not new.ended
    ce = new.guesses[-1]["counterexample"]
    secret, guess = compile_rule(state.secret), compile_rule("card.red")
    for i, card in enumerate(ce["mainline"]):
        assert secret.judge(ce["mainline"][:i], card) and guess.judge(ce["mainline"][:i], card)
    assert secret.judge(ce["mainline"], ce["card"]) == ce["secret_accepts"]
    assert guess.judge(ce["mainline"], ce["card"]) != ce["secret_accepts"]


def test_the_counterexample_comes_from_the_players_own_cards_when_they_show_one():
    state = game()
    wrong = a_card(state, False)
    state = science.apply(state, {"play": wrong})
    new = science.apply(state, {"guess": "true"})
    ce = new.guesses[-1]["counterexample"]
    assert ce["from_play"] and ce["card"] == wrong and ce["secret_accepts"] is False


def test_a_found_counterexample_is_after_the_current_last_card_when_the_rules_differ_there():
    state = game(seed="b")  # the first card is red, so 'card.red' accepts the whole line so far
    assert cards.is_red(state.mainline[0]) and not state.laid_aside
    ce = science.apply(state, {"guess": "card.red"}).guesses[-1]["counterexample"]
    assert ce["mainline"] == state.mainline and not ce["from_play"], "never a first card the player cannot play"
    assert ce["secret_accepts"] and not cards.is_red(ce["card"])


def _plays_right(state, n):
    for _ in range(n):
        card = a_card(state, True)
        state = science.apply(state, {"play": card})
    return state


@pytest.mark.parametrize("secret, guess", [
    ("card.colour != prev.colour", "card.colour != prev.colour or card.face"),
    ("card.rank > prev.rank or prev.rank = king", "card.rank >= prev.rank"),
    ("if position mod 2 = 1 then card.red else card.black", "card.colour != prev.colour"),
    ("card.suit = prev2.suit", "card.suit = prev.suit"),
    ("if length = 0 then card.red else card.colour != prev.colour", "card.colour != prev.colour"),
])
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_a_counterexample_is_where_the_player_can_test_it_or_only_the_start_differs(secret, guess, seed):
    state = _plays_right(game(secret, seed), 2)
    ce = science.apply(state, {"guess": guess}).guesses[-1]["counterexample"]
    s, g = compile_rule(secret), compile_rule(guess)
    assert s.judge(ce["mainline"], ce["card"]) == ce["secret_accepts"] != g.judge(ce["mainline"], ce["card"])
    if ce["from_play"]:
        return
    line = state.mainline
    if ce["mainline"]:
        assert ce["mainline"][:len(line)] == line or line[:len(ce["mainline"])] == ce["mainline"], \
            "after the current last card, further along the line, or after an earlier card of it"
    else:  # only the start differs: every card after every point of the line is judged alike
        for i in range(1, len(line) + 1):
            assert s.judge_all(line[:i], cards.DECK) == g.judge_all(line[:i], cards.DECK)


def test_a_guess_differing_only_on_how_the_line_starts_is_told_so():
    state = game("if length = 0 then card.red else card.colour != prev.colour", seed="b")
    assert not state.laid_aside, "nothing the player saw shows the first-card condition"
    ce = science.apply(state, {"guess": "card.colour != prev.colour"}).guesses[-1]["counterexample"]
    assert ce["mainline"] == [] and not ce["from_play"] and not cards.is_red(ce["card"])
    assert science.testable_difference(state, compile_rule("card.colour != prev.colour")) is None


def test_a_guess_that_is_not_a_rule_costs_nothing():
    state = game()
    with pytest.raises(RuleViolation, match="not a rule"):
        science.apply(state, {"guess": "card.rank >"})


def test_out_of_plays_one_last_guess():
    state = game(plays=2)
    state = science.apply(state, {"play": state.hand[0]})
    state = science.apply(state, {"play": state.hand[0]})
    assert state.plays_left == 0 and science.legal_actions(state) == [{"give_up": True}]
    with pytest.raises(RuleViolation, match="no plays"):
        science.apply(state, {"play": state.hand[0]})
    last = science.apply(state, {"guess": "card.red"})
    assert last.ended["solved"] is False and last.ended["reason"] == "out-of-plays" and last.ended["score"] == 0
    right = science.apply(state, {"guess": "card.colour != prev.colour"})
    assert right.ended["solved"] and right.ended["score"] == 0


def test_a_wrong_guess_never_takes_plays_below_zero():
    state = game(plays=1)
    state = science.apply(state, {"guess": "card.red"})
    assert state.plays_left == 0 and not state.ended


def test_giving_up_shows_the_rule():
    done = science.apply(game(), {"give_up": True})
    assert done.ended["reason"] == "gave-up" and not done.ended["solved"]
    assert science.view(done)["outcome"]["rule"] == "card.colour != prev.colour"


# ---------------------------------------------------------------- illegal actions and views


@pytest.mark.parametrize("action, error", [
    ("play", MalformedAction), ({"play": "1H"}, MalformedAction), ({"play": 12}, MalformedAction),
    ({"play": "QH", "x": 1}, MalformedAction), ({"guess": 3}, MalformedAction), ({"give_up": 1}, MalformedAction),
    ({}, MalformedAction),
])
def test_malformed_actions(action, error):
    with pytest.raises(error):
        science.apply(game(), action)


def test_a_card_not_in_hand_and_actions_after_the_end():
    state = game()
    missing = next(c for c in cards.DECK if c not in state.hand)
    with pytest.raises(RuleViolation):
        science.apply(state, {"play": missing})
    done = science.apply(state, {"give_up": True})
    with pytest.raises(GameOver):
        science.apply(done, {"play": done.hand[0]})


def test_the_view_hides_the_secret_rule_until_the_end():
    state = science.new_game({"rule": "card.colour != prev.colour", "show_hint": True}, "v")
    view = science.view(state)
    assert "colour" not in repr(view) and view["config"]["custom_rule"] is True and view["outcome"] is None
    hinted = science.view(science.new_game({"rule_id": "alternating-colours", "show_hint": True}, "v"))
    assert hinted["hint"] == {"en": "Look at the colours.", "ja": "色に注目。"}
    view["hand"].clear()
    assert len(state.hand) == 12  # a view holds no reference into the state


# ---------------------------------------------------------------- random games and replay


def random_game(seed: str, picks: list[int]):
    state = science.new_game({"level": ("easy", "medium", "hard")[picks[0] % 3] if picks else "easy"}, seed)
    log = []
    guesses = ["card.red", "card.colour != prev.colour", "card.rank > prev.rank", state.secret, "card.rank >"]
    for pick in picks:
        if science.to_act(state) is None:
            break
        if pick % 17 == 0:
            action = {"guess": guesses[pick % len(guesses)]}
        else:
            actions = science.legal_actions(state)
            action = actions[pick % len(actions)]
            if "give_up" in action and pick % 5:
                continue
        try:
            state = science.apply(state, action)
        except RuleViolation:
            continue
        log.append(action)
        science.check_invariants(state)
    return state, log


@settings(max_examples=40, deadline=None)
@given(st.text("abcdefgh0123456789", min_size=1, max_size=8), st.lists(st.integers(0, 10_000), max_size=45))
def test_random_games_keep_the_invariants_and_replay_identically(seed, picks):
    state, log = random_game(seed, picks)
    again = science.new_game(state.config, seed)
    for action in log:
        again = science.apply(again, action)
    assert science.view(again) == science.view(state)
    assert science.outcome(again) == science.outcome(state)
