"""Eleusis at the table: rule examples from the spec (../shared/rules/eleusis.md), one situation each.

Most examples use the rule "alternating colours" (card.colour != prev.colour), four seats, seat 0 dealing, so
seat 1 plays first, then 2, then 3.
"""
import json

import pytest

from junban.errors import ConfigError, GameOver, MalformedAction, NotYourTurn, RuleViolation
from junban.games.eleusis import cards, rules
from tests.engine.eleusis_table_helpers import arrange, decline, play, table

# 40 cards alternating black and red, for sudden death
ALTERNATING_40 = [f"{r}{s}" for pair in (("S", "H"), ("C", "D"))
                  for r in cards.RANK_CODES[:10] for s in pair]


# ---------------------------------------------------------------- configuration and setup


def test_config_defaults_and_refusals():
    assert rules.normalize_config({}) == {"players": 4, "difficulty": "medium", "first_dealer": None}
    for bad, words in [({"players": 2}, "3 to 8"), ({"players": 9}, "3 to 8"), ({"players": True}, "3 to 8"),
                       ({"difficulty": "expert"}, "easy, medium or hard"), ({"first_dealer": 4}, "first dealer"),
                       ({"colour": 1}, "unknown setting")]:
        with pytest.raises(ConfigError, match=words):
            rules.normalize_config(bad)


def test_three_seats_are_the_flagged_short_variant():
    state = rules.new_game({"players": 3}, "s")
    assert rules.view(state, 0)["short_variant"] is True
    assert rules.view(rules.new_game({"players": 4}, "s"), 0)["short_variant"] is False


def test_the_last_seat_deals_first_by_default_and_fixes_the_rule_before_the_deal():
    state = rules.new_game({"players": 5}, "s")
    assert state.phase == "rule" and rules.to_act(state) == 4 and not state.hands
    assert {"manual": True} in rules.legal_actions(state)
    assert {"rule_id": "alternating-colours", "library_hint": False} in rules.legal_actions(state)


def test_deal_two_decks_twelve_cards_to_each_player_none_to_the_dealer_and_a_starter():
    state = table(players=5, dealer=2)
    assert [len(h) for h in state.hands] == [12, 12, 0, 12, 12]
    assert len(state.mainline) == 1 and state.sidelines == [[]]
    assert len(state.stock) + 48 + 1 + len(state.laid_aside) == 104
    assert state.phase == "play" and rules.to_act(state) == 3, "play starts at the dealer's left"
    rules.check_invariants(state)


def test_starters_the_rule_rejects_are_laid_aside_judged_with_an_empty_mainline():
    seen_aside = False
    for seed in ("a", "b", "c", "d"):
        state = table(rule="card.face", seed=seed)
        assert cards.rank(state.mainline[0]) >= 11
        assert all(cards.rank(c) < 11 for c in state.laid_aside)
        seen_aside = seen_aside or bool(state.laid_aside)
    assert seen_aside
    # a rule about the previous card accepts any first card (its unknown part does not count)
    assert not table(rule="card.rank > prev.rank", seed="a").laid_aside


def test_a_rule_that_accepts_no_first_card_or_is_not_a_rule_is_refused():
    state = rules.new_game({}, "s")
    with pytest.raises(RuleViolation, match="no first card"):
        rules.apply(state, {"rule": "card.red and card.black"})
    with pytest.raises(RuleViolation, match="at character 12"):
        rules.apply(state, {"rule": "card.rank >"})
    with pytest.raises(RuleViolation, match="unknown library rule"):
        rules.apply(state, {"rule_id": "nope"})


def test_the_library_hint_can_be_given_only_for_a_rule_that_has_one():
    # found by the fuzzer: the hint flag on a rule without a hint was accepted (and ignored) though not listed
    state = rules.new_game({}, "s")
    legal = rules.legal_actions(state)
    assert {"rule_id": "alternating-colours", "library_hint": True} in legal
    assert {"rule_id": "seven-or-lower", "library_hint": True} not in legal
    with pytest.raises(RuleViolation, match="no hint"):
        rules.apply(state, {"rule_id": "seven-or-lower", "library_hint": True})
    assert rules.apply(state, {"rule_id": "alternating-colours", "library_hint": True}).hint is not None


# ---------------------------------------------------------------- single cards and strings


def test_a_right_card_extends_the_mainline():
    state = table(mainline=["QH"], hands={1: ["2S", "3H", "9D"]})
    state = play(state, "2S")
    assert state.mainline == ["QH", "2S"] and state.played_by == [None, 1]
    assert sorted(state.hands[1]) == ["3H", "9D"]
    assert state.events[-1] == {"type": "play", "seat": 1, "right": True, "mainline_before": 1, "cards": ["2S"],
                                "penalty": 0, "expelled": False, "out": False}


def test_a_wrong_card_goes_on_the_sideline_under_the_last_mainline_card_and_draws_two():
    state = table(mainline=["QH"], hands={1: ["2S", "3H", "9D"]}, top=["KC", "KS"])
    state = play(state, "3H")
    assert state.mainline == ["QH"] and state.sidelines == [[{"cards": ["3H"], "seat": 1}]]
    assert sorted(state.hands[1]) == sorted(["2S", "9D", "KC", "KS"])
    assert state.events[-1]["penalty"] == 2


def test_a_right_string_extends_the_mainline_in_the_stated_order():
    state = table(mainline=["QH"], hands={1: ["2S", "3H", "4C", "9D"]})
    state = play(state, "2S", "3H", "4C")
    assert state.mainline == ["QH", "2S", "3H", "4C"] and state.hands[1] == ["9D"]


def test_a_wrong_string_stays_together_on_the_sideline_and_draws_twice_as_many_cards():
    state = table(mainline=["QH"], hands={1: ["2S", "3C", "4H", "9D"]})
    before = len(state.hands[1])
    state = play(state, "2S", "3C", "4H")  # 3C after 2S is black after black: the whole string is wrong
    assert state.mainline == ["QH"] and state.sidelines[0] == [{"cards": ["2S", "3C", "4H"], "seat": 1}]
    assert len(state.hands[1]) == before - 3 + 6 and state.events[-1]["penalty"] == 6


def test_a_string_needs_every_card_in_hand_as_often_as_it_is_played_and_has_at_most_four_cards():
    state = table(mainline=["QH"], hands={1: ["2S", "3H", "4C", "5D", "6S"]})
    with pytest.raises(RuleViolation, match="not in your hand"):
        play(state, "2S", "2S")
    with pytest.raises(MalformedAction, match="1 to 4"):
        play(state, "2S", "3H", "4C", "5D", "6S")
    with pytest.raises(MalformedAction):
        rules.apply(state, {"play": "2S"})


def test_turns_go_clockwise_skipping_the_dealer():
    state = table(players=4, dealer=2, mainline=["QH"])
    order = []
    for _ in range(4):
        order.append(rules.to_act(state))
        state = decline(play(state, state.hands[state.active][0]))
    assert order == [3, 0, 1, 3]


# ---------------------------------------------------------------- no play


def test_a_right_no_play_puts_the_hand_under_the_stock_and_deals_four_fewer():
    hand = ["2H", "3H", "4D", "5D", "6H", "7H"]
    state = table(mainline=["QH"], hands={1: hand})
    stock_before = len(state.stock)
    state = rules.apply(state, {"no_play": True})
    assert state.stock[:6] == hand, "the hand goes to the bottom of the stock"
    assert len(state.hands[1]) == 2 and len(state.stock) == stock_before + 6 - 2
    assert state.events[-1]["hand"] == hand and state.events[-1]["right"] is True
    assert state.phase == "play" and rules.to_act(state) == 2, "no Prophet offer after a no play"


def test_a_right_no_play_with_four_cards_goes_out_and_ends_the_round():
    state = table(mainline=["QH"], hands={1: ["2H", "3H", "4D", "5D"]})
    state = rules.apply(state, {"no_play": True})
    assert state.phase == "rule" and state.round == 1
    first = state.rounds[0]
    assert first["reason"] == "out" and first["out"] == 1 and first["hands"][1] == 0
    assert first["scores"][1] == max(first["hands"]) + 4


def test_a_wrong_no_play_the_first_correct_card_in_deck_order_is_played_and_five_drawn():
    state = table(mainline=["QH"], hands={1: ["3H", "9C", "9S", "2D"]})
    state = rules.apply(state, {"no_play": True})
    assert state.mainline == ["QH", "9S"], "spades come before clubs"
    assert len(state.hands[1]) == 3 + 5
    assert state.events[-1]["placed"] == "9S" and state.events[-1]["penalty"] == 5


def test_a_further_deck_is_shuffled_in_when_the_stock_has_four_or_fewer_cards():
    state = table(mainline=["QH"], hands={1: ["3H", "9C"]}, stock_size=5, spare=3)
    assert state.decks_used == 2
    state = play(state, "3H")  # wrong: draws 2; after the first the stock has 4
    assert state.decks_used == 3 and len(state.stock) > 4
    rules.check_invariants(state)


# ---------------------------------------------------------------- the Prophet


def prophet_table(**arrangement):
    """Seat 1 has played 2S right after QH and becomes Prophet; seat 2 is to play."""
    state = table(mainline=["QH"], **arrangement)
    state = play(state, "2S")
    assert state.phase == "prophet_offer" and rules.to_act(state) == 1
    return rules.apply(state, {"prophet": True})


def test_becoming_prophet_puts_the_marker_on_the_last_card_played():
    state = prophet_table(hands={1: ["2S", "5C"], 2: ["3H", "4S", "4H"]})
    assert state.prophet == 1 and state.marker == {"seat": 1, "mainline": 2, "cards": 2, "on": ["mainline", 1]}
    assert rules.to_act(state) == 2


def test_a_prophet_after_a_wrong_play_marks_the_sideline_card():
    state = table(mainline=["QH"], hands={1: ["3D", "5C"]})
    state = rules.apply(play(state, "3D"), {"prophet": True})
    assert state.marker["on"] == ["sideline", 0, 0] and state.marker["cards"] == 2


def test_prophet_conditions_two_other_players_still_in_and_once_a_round():
    three = table(players=3, mainline=["QH"], hands={1: ["2S", "5C"]})
    assert play(three, "2S").phase == "play", "3 seats: never two other players, never a Prophet"
    state = prophet_table(hands={1: ["2S", "5C"], 2: ["3H", "4S", "4H"], 3: ["6S", "7H"]})
    assert state.phase == "play" and rules.to_act(state) == 2
    state = rules.apply(play(state, "3H"), {"judge": False})  # 3H is right after 2S: the Prophet is wrong
    assert state.prophet is None and 1 in state.was_prophet
    # the player who overthrew the Prophet may become Prophet; seat 1 never again this round
    assert state.phase == "prophet_offer" and rules.to_act(state) == 2
    assert not rules.may_become_prophet(state, 1)


def test_the_prophet_judges_first_and_when_right_the_play_is_handled_as_usual():
    state = prophet_table(hands={1: ["2S", "5C"], 2: ["3C", "4S", "4H"]})
    state = play(state, "3C")  # black after 2S: wrong
    assert state.phase == "prophet_judge" and rules.to_act(state) == 1
    assert rules.legal_actions(state)[:2] == [{"judge": True}, {"judge": False}]
    hand = len(state.hands[2])
    state = rules.apply(state, {"judge": False})
    assert state.prophet == 1 and state.sidelines[-1] == [{"cards": ["3C"], "seat": 2}]
    assert len(state.hands[2]) == hand - 1 + 2, "the usual penalty"
    assert state.events[-1]["prophet"] == {"seat": 1, "judge": False, "card": None, "right": True}
    assert rules.to_act(state) == 3, "the Prophet does not play"


def test_an_overthrown_prophet_draws_five_and_the_player_takes_no_penalty():
    state = prophet_table(hands={1: ["2S", "5C"], 2: ["3C", "4S", "4H"]})
    state = rules.apply(play(state, "3C"), {"judge": True})  # wrong card, judged right: the Prophet is wrong
    assert state.prophet is None and state.marker is None
    assert len(state.hands[1]) == 1 + 5
    assert sorted(state.hands[2]) == ["4H", "4S"], "no penalty, and the hand still shrinks"
    assert state.sidelines[-1] == [{"cards": ["3C"], "seat": 2}], "the wrong card still goes to the sideline"


def test_a_prophet_wrongly_rejecting_a_no_play_is_overthrown_and_the_no_play_counts_as_usual():
    state = prophet_table(hands={1: ["2S", "5C"], 2: ["3C", "4S", "5S", "6C", "7S"]})
    state = rules.apply(state, {"no_play": True})  # after 2S every black card is wrong: a right no play
    assert {"judge": False, "card": "3C"} in rules.legal_actions(state)
    state = rules.apply(state, {"judge": False, "card": "3C"})
    assert state.prophet is None and len(state.hands[2]) == 1, "the usual new hand of 4 fewer"


def test_a_prophet_misjudging_a_wrong_no_play_the_dealer_places_one_correct_card_and_no_penalty():
    state = prophet_table(hands={1: ["2S", "5C"], 2: ["3C", "4S", "5H", "6D"]})
    state = rules.apply(rules.apply(state, {"no_play": True}), {"judge": True})
    assert state.prophet is None and state.mainline[-1] == "5H"
    assert sorted(state.hands[2]) == ["3C", "4S", "6D"], "one card placed, no 5 penalty cards"


def test_a_prophet_naming_any_correct_card_for_a_wrong_no_play_is_right_and_that_card_is_played():
    state = prophet_table(hands={1: ["2S", "5C"], 2: ["3C", "4S", "5H", "6D"]})
    state = rules.apply(rules.apply(state, {"no_play": True}), {"judge": False, "card": "6D"})
    assert state.prophet == 1 and state.mainline[-1] == "6D" and len(state.hands[2]) == 3 + 5
    with pytest.raises(RuleViolation, match="name the correct card"):
        rules.apply(rules.apply(prophet_table(hands={1: ["2S", "5C"], 2: ["3C", "5H"]}), {"no_play": True}),
                    {"judge": False})


# ---------------------------------------------------------------- sudden death


def test_no_sudden_death_before_forty_mainline_cards():
    state = table(mainline=ALTERNATING_40[:39], hands={1: ["2H", "3S"]})
    state = play(state, "2H")  # 10D was last: red after red is wrong
    assert 1 not in state.expelled


def test_after_forty_correct_cards_a_wrong_play_expels_after_the_usual_penalty():
    state = table(mainline=ALTERNATING_40, hands={1: ["2H", "3S"]})
    assert rules.view(state, 1)["sudden_death"]
    state = play(state, "2H")
    assert state.expelled == [1] and len(state.hands[1]) == 1 + 2
    assert state.phase == "play" and rules.to_act(state) == 2, "no Prophet offer for an expelled player"
    state = play(state, state.hands[2][0])
    assert rules.to_act(decline(state)) == 3
    state = decline(state)
    state = play(state, state.hands[3][0])
    assert rules.to_act(decline(state)) == 2, "the expelled player takes no more turns"


def test_in_sudden_death_a_wrong_no_play_also_expels():
    state = table(mainline=ALTERNATING_40, hands={1: ["2H", "3S"]})
    state = rules.apply(state, {"no_play": True})
    assert state.expelled == [1] and state.mainline[-1] == "3S"


def test_with_a_prophet_sudden_death_starts_thirty_cards_after_the_marker():
    state = table(mainline=ALTERNATING_40[:10], hands={1: ["2S", "5C"], 2: ["2H", "3S"]})
    state = rules.apply(play(state, "2S"), {"prophet": True})
    assert state.marker["mainline"] == 11
    state = arrange(state, mainline=ALTERNATING_40)  # 40 cards, 29 after the marker: not yet with a Prophet
    assert not rules.sudden_death(state)
    state = arrange(state, mainline=ALTERNATING_40 + ["AS"])
    assert rules.sudden_death(state)


def test_a_dead_end_where_no_card_can_follow_is_sudden_death_at_once():
    state = table(rule="card.rank > prev.rank", mainline=["5H", "KS"], hands={1: ["2H", "3S"]})
    assert rules.dead_end(state) and rules.sudden_death(state) and rules.view(state, 2)["dead_end"]
    state = play(state, "2H")
    assert state.expelled == [1], "the line could never reach 40 cards: a wrong play expels now"
    alive = table(rule="card.rank > prev.rank", mainline=["5H", "QS"], hands={1: ["2H", "3S"]})
    assert not rules.dead_end(alive) and not rules.sudden_death(alive)


def test_the_round_ends_when_every_player_but_the_prophet_is_expelled():
    state = table(mainline=["QH"], hands={1: ["2S", "5C"], 2: ["2H", "3S"], 3: ["4H", "4D"]})
    state = rules.apply(play(state, "2S"), {"prophet": True})
    state = arrange(state, mainline=ALTERNATING_40 + ["AS", "AH"])  # 30 cards after the marker at 12
    state.marker = dict(state.marker, mainline=12)
    assert rules.sudden_death(state)
    state = rules.apply(play(state, "2H"), {"judge": False})  # red after AH: wrong, and the Prophet says so
    assert state.expelled == [2] and rules.to_act(state) == 3
    state = rules.apply(play(state, "4D"), {"judge": False})
    assert state.phase == "rule", "nobody but the Prophet is left"
    last = state.rounds[0]
    assert last["reason"] == "expelled" and last["expelled"] == [2, 3] and last["prophet"] == 1


# ---------------------------------------------------------------- scoring


def test_scores_largest_hand_minus_own_plus_four_for_going_out_dealer_takes_the_best():
    assert rules.round_scores({"players": 4}, 0, [0, 5, 0, 9], None, 0, None) == [13, 4, 13, 0]


def test_a_surviving_prophet_gets_the_bonus_and_caps_the_dealer_at_twice_the_cards_before_the_marker():
    scores = rules.round_scores({"players": 4}, 0, [0, 5, 0, 9], prophet=3, prophet_bonus=6, before_marker=5)
    assert scores == [10, 4, 13, 6]


def test_the_prophet_bonus_counts_plus_one_per_right_card_and_plus_two_per_wrong_card_after_the_marker():
    state = prophet_table(hands={1: ["2S", "5C"], 2: ["3H", "4S", "7C"], 3: ["5D", "6C", "8C", "9C"]})
    state = rules.apply(play(state, "3H", "4S"), {"judge": True})  # two right cards: +2
    state = rules.apply(play(state, "8C", "9C"), {"judge": False})  # two wrong cards: +4
    assert state.prophet_bonus == 6


def test_the_round_is_scored_when_a_player_goes_out():
    state = table(mainline=["QH"], hands={1: ["2S", "5C"], 2: ["3H"], 3: ["9C", "9D", "9S"]})
    state = decline(play(state, "2S"))
    state = play(state, "3H")
    assert state.phase == "rule" and state.round == 1 and state.dealer == 1
    first = state.rounds[0]
    assert first["hands"] == [0, 1, 0, 3] and first["scores"] == [7, 2, 7, 0]
    assert first["rule"] == "card.colour != prev.colour" and "colour" in first["words"]["en"]
    assert state.totals == first["scores"]
    # the round's public events stay with it for review, the last play (the one that went out) included
    assert [(e["type"], e.get("seat")) for e in first["events"]][-2:] == [("play", 1), ("play", 2)]
    assert first["events"][-1]["out"] and state.events == []


# ---------------------------------------------------------------- a game of rounds


def end_round_quickly(state):
    """The player to act goes out with a right "no play" of four cards or fewer."""
    seat = rules.to_act(state)
    colour = cards.is_red(state.mainline[-1])
    same = [c for c in cards.DECK if cards.is_red(c) == colour][:4]
    state = arrange(state, hands={seat: same})
    return rules.apply(state, {"no_play": True})


def test_every_seat_deals_once_clockwise_then_the_game_ends_with_the_totals():
    state = rules.new_game({"players": 3}, "g")
    dealers = []
    while state.phase != "over":
        dealers.append(state.dealer)
        state = end_round_quickly(rules.apply(state, {"rule": "card.colour != prev.colour"}))
        rules.check_invariants(state)
    assert dealers == [2, 0, 1]
    out = rules.outcome(state)
    assert out["reason"] == "all-dealt" and out["rounds"] == 3 and out["never_dealt"] == []
    assert out["totals"] == [sum(r["scores"][s] for r in state.rounds) for s in range(3)]
    assert out["winners"] == [s for s in range(3) if out["totals"][s] == max(out["totals"])]
    with pytest.raises(GameOver):
        rules.apply(state, {"stop": True})


def test_stopping_early_gives_ten_to_each_seat_that_never_dealt():
    state = rules.new_game({"players": 4}, "g")
    state = end_round_quickly(rules.apply(state, {"rule_id": "alternating-colours"}))  # seat 3 dealt
    state = rules.apply(state, {"rule": "card.red"})  # seat 0 deals; stopped in the middle of the round
    totals = list(state.totals)
    state = rules.apply(state, {"stop": True})
    out = rules.outcome(state)
    assert out["reason"] == "stopped" and out["never_dealt"] == [1, 2]
    assert out["totals"] == [totals[0], totals[1] + 10, totals[2] + 10, totals[3]]
    rules.check_invariants(state)


# ---------------------------------------------------------------- manual judging


def test_manual_judging_the_dealer_judges_the_starter_and_every_play():
    state = rules.apply(rules.new_game({"first_dealer": 0}, "m"), {"manual": True, "hint": "think colours"})
    assert state.phase == "starter" and rules.to_act(state) == 0 and state.turned
    first = state.turned
    state = rules.apply(state, {"judge": False})
    assert state.laid_aside == [first] and state.turned is not None
    starter = state.turned
    state = rules.apply(state, {"judge": True})
    assert state.mainline == [starter] and rules.to_act(state) == 1
    card = state.hands[1][0]
    state = play(state, card)
    assert state.phase == "dealer_judge" and rules.to_act(state) == 0
    state = rules.apply(state, {"judge": True})
    assert state.mainline == [starter, card]
    assert rules.view(state, 2)["hint"] == {"text": "think colours"}


def test_manual_judging_a_wrong_no_play_needs_a_card_from_the_hand_shown():
    state = rules.apply(rules.new_game({"first_dealer": 0}, "m"), {"manual": True})
    state = rules.apply(state, {"judge": True})
    state = rules.apply(state, {"no_play": True})
    hand = state.pending["hand"]
    with pytest.raises(RuleViolation, match="name the correct card"):
        rules.apply(state, {"judge": False})
    stranger = next(c for c in cards.DECK if c not in hand)
    with pytest.raises(RuleViolation, match="not in the hand shown"):
        rules.apply(state, {"judge": False, "card": stranger})
    state = rules.apply(state, {"judge": False, "card": hand[0]})
    assert state.mainline[-1] == hand[0] and len(state.hands[1]) == len(hand) - 1 + 5


def test_manual_judging_with_a_prophet_the_dealer_confirms_or_overthrows():
    state = rules.apply(rules.new_game({"first_dealer": 0}, "m"), {"manual": True})
    state = rules.apply(state, {"judge": True})
    state = rules.apply(rules.apply(play(state, state.hands[1][0]), {"judge": True}), {"prophet": True})
    state = play(state, state.hands[2][0])
    assert state.phase == "prophet_judge" and rules.to_act(state) == 1
    state = rules.apply(state, {"judge": True})
    assert state.phase == "dealer_judge" and rules.to_act(state) == 0
    confirmed = rules.apply(state, {"judge": True})
    assert confirmed.prophet == 1
    overthrown = rules.apply(state, {"judge": False})
    assert overthrown.prophet is None and overthrown.events[-1]["penalty"] == 0


# ---------------------------------------------------------------- secrets, errors, library hints


def test_the_rule_is_in_the_dealers_view_only_until_the_round_ends():
    state = rules.apply(rules.new_game({"first_dealer": 0}, "h"), {"rule_id": "suit-cycle"})
    secret = "card.suit = next(prev.suit)"
    assert rules.view(state, 0)["rule"]["text"] == secret
    for seat in (1, 2, 3):
        text = json.dumps(rules.view(state, seat))
        assert secret not in text and "suit-cycle" not in text and '"words"' not in text
        assert rules.view(state, seat)["rule"] is None


def test_hands_are_secret_but_counted():
    state = table()
    v = rules.view(state, 2)
    assert v["hand"] == sorted(state.hands[2], key=cards.DECK.index) and v["hand_counts"] == [0, 12, 12, 12]
    assert "hands" not in v


def test_a_bot_dealer_gives_the_library_hint_only_when_asked():
    state = rules.new_game({}, "h")
    with_hint = rules.apply(state, {"rule_id": "only-red", "library_hint": True})
    entry = __import__("junban.games.eleusis.library", fromlist=["get"]).get("only-red")
    assert with_hint.hint == ({"en": entry.hint_en, "ja": entry.hint_ja} if entry.hint_en else None)
    assert rules.apply(state, {"rule_id": "only-red"}).hint is None


@pytest.mark.parametrize("action, error", [
    ("play", MalformedAction), ({"play": ["ZZ"]}, MalformedAction), ({"play": []}, MalformedAction),
    ({"judge": "yes"}, MalformedAction), ({"judge": True}, NotYourTurn), ({"prophet": True}, NotYourTurn),
    ({"rule": "card.red"}, NotYourTurn), ({"stop": False}, MalformedAction), ({"no_play": 1}, MalformedAction),
    ({"judge": True, "card": "QH"}, MalformedAction), ({"play": ["QH"], "seat": 1}, MalformedAction),
])
def test_illegal_actions_raise_typed_errors_and_change_nothing(action, error):
    state = table(hands={1: ["2S", "3H"]})
    before = rules.view(state, 1)
    with pytest.raises(error):
        rules.apply(state, action)
    assert rules.view(state, 1) == before
    rules.check_invariants(state)


def test_a_hint_is_bounded_and_cleaned():
    state = rules.new_game({}, "h")
    with pytest.raises(RuleViolation, match="at most 200"):
        rules.apply(state, {"rule": "card.red", "hint": "x" * 201})
    state = rules.apply(state, {"rule": "card.red", "hint": " colour\n\x00 matters "})
    assert state.hint == {"text": "colour matters"}
