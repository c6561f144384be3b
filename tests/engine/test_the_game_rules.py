"""The Game: the rules of ../shared/rules/the-game.md as examples."""
import pytest

from junban.errors import ConfigError, GameOver, MalformedAction, RuleViolation
from junban.games import the_game as game
from junban.games.the_game.rules import (
    CARDS,
    State,
    can_play_sequence,
    fits,
    hand_size,
    normalize_config,
    pile_top,
    suggest_start,
)


def table(hands, piles=((), (), (), ()), draw=None, players=None, turn=1, active=0, **flags):
    """A hand-made position: every card not in hands or piles is in the draw pile (unless given)."""
    config = normalize_config({"players": players or len(hands), **flags})
    used = {c for h in hands for c in h} | {c for p in piles for c in p}
    if draw is None:
        draw = [c for c in CARDS if c not in used]
    state = State(config=config, seed="t", draw=list(draw), hands=[list(h) for h in hands],
                  piles=[[(c, 1) for c in p] for p in piles], markers=[None] * 4, active=active, turn=turn)
    from junban.games.the_game.rules import _begin_turn

    _begin_turn(state)
    return state


# ---------------------------------------------------------------- the piles


def test_ascending_pile_takes_higher_cards_only():
    assert fits(8, 0, 4) and fits(13, 0, 8)
    assert not fits(3, 0, 4) and not fits(4, 0, 4)


def test_descending_pile_takes_lower_cards_only():
    assert fits(90, 2, 94) and not fits(95, 2, 94) and not fits(94, 2, 94)


def test_pile_47_ascending_37_may_be_played_backwards_trick():
    assert fits(37, 0, 47)
    assert not fits(36, 0, 47) and not fits(38, 0, 47)


def test_pile_65_descending_75_may_be_played_backwards_trick():
    assert fits(75, 3, 65)
    assert not fits(74, 3, 65) and not fits(76, 3, 65)


def test_backwards_trick_any_number_of_times_32_22_12_2():
    s = table([[22, 12, 2, 50, 60, 70, 80, 90]], piles=((32,), (), (), ()), players=1)
    for card in (22, 12, 2):
        s = game.apply(s, {"play": card, "pile": 0})
    assert pile_top(s, 0) == 2


def test_piles_start_at_1_and_100():
    s = game.new_game({"players": 1}, "7")
    assert [p["top"] for p in game.view(s, 0)["piles"]] == [1, 1, 100, 100]


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players,size", [(1, 8), (2, 7), (3, 6), (4, 6), (5, 6)])
def test_hand_sizes(players, size):
    s = game.new_game({"players": players}, "x")
    assert all(len(h) == size for h in s.hands)
    assert len(s.draw) == 98 - players * size


@pytest.mark.parametrize("players,size", [(1, 7), (2, 6), (3, 5), (5, 5)])
def test_smaller_hands_variant_deals_one_fewer(players, size):
    assert hand_size(normalize_config({"players": players, "small_hands": True})) == size


def test_same_seed_same_deal_and_different_seed_different_deal():
    a = game.new_game({"players": 2}, "123")
    b = game.new_game({"players": 2}, "123")
    c = game.new_game({"players": 2}, "124")
    assert a.hands == b.hands and a.draw == b.draw
    assert a.hands != c.hands


def test_suggested_start_is_the_card_closest_to_a_pile_start():
    assert suggest_start([[50, 60], [40, 98], [3, 70]]) == 1  # 98 is 2 from 100; 3 is 2 from 1: tie → lower seat
    assert suggest_start([[50, 60], [40, 97], [2, 70]]) == 2


def test_chosen_start_player():
    s = game.new_game({"players": 3, "start": 2}, "1")
    assert s.active == 2


@pytest.mark.parametrize("bad", [{"players": 0}, {"players": 6}, {"players": "2"}, {"players": True},
                                 {"players": 2, "expert": 1}, {"players": 2, "start": 2}, {"players": 2, "x": 1}])
def test_bad_configs_are_refused(bad):
    with pytest.raises(ConfigError):
        normalize_config(bad)


# ---------------------------------------------------------------- a turn


def test_minimum_is_two_while_the_draw_pile_has_cards():
    s = table([[10, 20, 30, 40, 50, 60, 70, 80]], players=1)
    s = game.apply(s, {"play": 10, "pile": 0})
    assert {"end_turn": True} not in game.legal_actions(s)
    with pytest.raises(RuleViolation):
        game.apply(s, {"end_turn": True})
    s = game.apply(s, {"play": 20, "pile": 0})
    assert {"end_turn": True} in game.legal_actions(s)


def test_expert_minimum_is_three():
    s = table([[10, 20, 30, 40, 50, 60, 70, 80]], players=1, expert=True)
    assert s.minimum == 3


def test_minimum_is_one_once_the_draw_pile_is_empty_also_in_expert():
    s = table([[10, 20]], draw=[], players=1, expert=True)
    assert s.minimum == 1
    s = game.apply(s, {"play": 10, "pile": 0})
    assert {"end_turn": True} in game.legal_actions(s)


def test_more_than_the_minimum_up_to_the_whole_hand():
    s = table([[10, 20, 30, 40, 50, 60, 70, 80]], players=1)
    for card in (10, 20, 30, 40, 50, 60, 70, 80):
        s = game.apply(s, {"play": card, "pile": 0})
    s = game.apply(s, {"end_turn": True})
    assert len(s.hands[0]) == 8 and len(s.draw) == 90 - 8


def test_end_of_turn_draws_as_many_as_played():
    s = table([[10, 20, 30, 40, 50, 60, 70], [11, 21, 31, 41, 51, 61, 71]])
    s = game.apply(s, {"play": 10, "pile": 0})
    s = game.apply(s, {"play": 20, "pile": 0})
    before = len(s.draw)
    s = game.apply(s, {"end_turn": True})
    assert len(s.hands[0]) == 7 and len(s.draw) == before - 2
    assert s.active == 1


def test_draw_pile_running_out_draws_fewer():
    s = table([[10, 20, 30, 40, 50, 60, 70, 80]], draw=[99], players=1)
    s = game.apply(s, {"play": 10, "pile": 0})
    s = game.apply(s, {"play": 20, "pile": 0})
    s = game.apply(s, {"end_turn": True})
    assert len(s.hands[0]) == 7 and s.draw == [] and s.minimum == 1


def test_empty_hand_is_skipped():
    s = table([[10], [20, 30], [40]], draw=[])
    s = game.apply(s, {"play": 10, "pile": 0})
    s = game.apply(s, {"end_turn": True})
    assert s.active == 1
    s = game.apply(s, {"play": 20, "pile": 0})
    s = game.apply(s, {"end_turn": True})
    assert s.active == 2
    s = game.apply(s, {"play": 40, "pile": 0})
    s = game.apply(s, {"end_turn": True})
    assert s.active == 1  # seat 0 has no cards: skipped


def test_no_pass_cannot_play_minimum_ends_the_game():
    # Ascending tops 98 and 97, descending tops 3 and 4: nothing in this hand fits anywhere.
    s = table([[50, 60, 70, 80, 90, 40, 30, 20]], piles=((98,), (97,), (3,), (4,)), players=1)
    assert s.ended is not None
    assert s.ended["reason"] == "stuck" and s.ended["result"] == "loss"
    assert s.ended["left"] == 98 - 4


def test_one_playable_card_is_not_enough_when_two_are_required():
    s = table([[99, 60, 70, 80, 90, 40, 30, 20]], piles=((98,), (97,), (3,), (4,)), players=1)
    assert s.ended is not None and s.ended["reason"] == "stuck"


def test_a_sequence_counts_even_if_the_second_card_needs_the_first():
    # 37 fits nowhere at first (ascending 40 and 99, descending 3 and 4); after 47 on 40 it is a backwards trick.
    assert can_play_sequence([47, 37], [40, 99, 3, 4], 2)  # 47 on 40, then 37 = 47 - 10
    assert not can_play_sequence([37], [40, 99, 3, 4], 2)
    assert not can_play_sequence([37, 60], [40, 99, 3, 4], 2)


def test_illegal_card_is_refused_and_nothing_changes():
    s = table([[10, 20, 30, 40, 50, 60, 70, 80]], piles=((47,), (), (), ()), players=1)
    before = s.copy()
    with pytest.raises(RuleViolation):
        game.apply(s, {"play": 30, "pile": 0})
    assert s == before


@pytest.mark.parametrize("action", [None, [], {"play": "37", "pile": 0}, {"play": 37}, {"play": True, "pile": 0},
                                    {"play": 1, "pile": 0}, {"play": 37, "pile": 4}, {"end_turn": False},
                                    {"undo": 1}, {"mark": "big", "pile": 0}, {"mark": "keep", "pile": 0, "seat": 9},
                                    {"play": 10, "pile": 0, "extra": 1}])
def test_malformed_actions_are_refused_and_nothing_changes(action):
    s = table([[10, 20, 30, 40, 50, 60, 70, 80]], players=1)
    before = s.copy()
    with pytest.raises(MalformedAction):
        game.apply(s, action)
    assert s == before


def test_card_not_in_hand_is_refused():
    s = table([[10, 20, 30, 40, 50, 60, 70, 80]], players=1)
    with pytest.raises(RuleViolation):
        game.apply(s, {"play": 11, "pile": 0})


# ---------------------------------------------------------------- undo


def test_undo_takes_back_cards_of_this_turn_only():
    s = table([[10, 20, 30, 40, 50, 60, 70, 80]], players=1)
    s = game.apply(s, {"play": 10, "pile": 0})
    s = game.apply(s, {"play": 20, "pile": 0})
    s = game.apply(s, {"undo": True})
    assert pile_top(s, 0) == 10 and 20 in s.hands[0]
    s = game.apply(s, {"play": 30, "pile": 0})
    s = game.apply(s, {"end_turn": True})
    with pytest.raises(RuleViolation):
        game.apply(s, {"undo": True})


def test_strict_table_has_no_undo():
    s = table([[10, 20, 30, 40, 50, 60, 70, 80]], players=1, strict=True)
    s = game.apply(s, {"play": 10, "pile": 0})
    assert {"undo": True} not in game.legal_actions(s)
    with pytest.raises(RuleViolation):
        game.apply(s, {"undo": True})


def test_stuck_mid_turn_non_strict_only_undo_helps():
    s = table([[99, 90, 50, 51, 52, 53, 54, 55]], piles=((98,), (89,), (3,), (4,)), players=1)
    s = game.apply(s, {"play": 99, "pile": 1})  # 99 on 89: now 90 fits nowhere and the minimum is not reached
    assert s.ended is None
    assert [a for a in game.legal_actions(s) if "mark" not in a] == [{"undo": True}]
    s = game.apply(s, {"undo": True})
    s = game.apply(s, {"play": 99, "pile": 0})
    s = game.apply(s, {"play": 90, "pile": 1})
    assert {"end_turn": True} in game.legal_actions(s)


def test_stuck_mid_turn_in_strict_game_ends_it():
    s = table([[99, 60, 50, 51, 52, 53, 54, 55]], piles=((98,), (97,), (3,), (4,)), players=1, strict=True)
    assert s.ended is not None  # cannot reach 2 at all: it ended at the turn start
    s2 = table([[99, 90, 50, 51, 52, 53, 54, 55]], piles=((98,), (89,), (3,), (4,)), players=1, strict=True)
    assert s2.ended is None  # 99 on 98 and 90 on 89 reach the minimum
    s2 = game.apply(s2, {"play": 99, "pile": 1})  # 99 on 89: now 90 fits nowhere
    assert s2.ended is not None and s2.ended["reason"] == "stuck"


def test_strict_expert_game_ends_when_one_more_card_fits_but_two_are_still_required():
    # Expert: 3 a turn. 99 on 98, 90 on 89 and 60 on 4 reach it; 99 on 89 first leaves 60 alone to play (found by
    # the fuzzer: the game went on with only pile markers left to do)
    hand = [99, 90, 60, 74, 75, 76]  # 74, 75, 76 fit nowhere, not even as backwards tricks
    s = table([hand], piles=((98,), (89,), (3,), (61,)), players=1, strict=True, expert=True)
    assert s.ended is None and s.minimum == 3
    s = game.apply(s, {"play": 99, "pile": 1})
    assert s.ended is not None and (s.ended["reason"], s.ended["result"]) == ("stuck", "loss")


# ---------------------------------------------------------------- the end


def test_all_cards_played_is_a_perfect_win():
    s = table([[98, 99]], piles=((97,), (), (), ()), draw=[], players=1)
    # Put the other 94 cards on piles as filler (kept legal: pile 1 ascending 2..95 except 97..99)
    filler = [c for c in CARDS if c not in (97, 98, 99)]
    s.piles[1] = [(c, 1) for c in filler]
    s = game.apply(s, {"play": 98, "pile": 0})
    s = game.apply(s, {"play": 99, "pile": 0})
    assert s.ended == {"result": "perfect", "left": 0, "reason": "all-played", "seat": 0}


@pytest.mark.parametrize("left,result", [(1, "win"), (9, "win"), (10, "loss")])
def test_nine_or_fewer_left_is_a_win(left, result):
    hand = list(range(40, 40 + left))
    s = table([hand], piles=((99,), (98,), (2,), (3,)), draw=[], players=1)
    assert s.ended["result"] == result and s.ended["left"] == left


# ---------------------------------------------------------------- On Fire


def fire_table(**kw):
    return table(kw.pop("hands"), on_fire=True, **kw)


def test_fire_cards_are_marked_in_the_view():
    s = game.new_game({"players": 1, "on_fire": True}, "1")
    assert game.view(s, 0)["fire_cards"] == [22, 33, 44, 55, 66, 77]
    assert game.view(game.new_game({"players": 1}, "1"), 0)["fire_cards"] == []


def test_fire_card_covered_by_the_end_of_the_next_turn_is_fine():
    s = fire_table(hands=[[22, 23, 50, 60, 70, 80], [24, 25, 51, 61, 71, 81]], players=2)
    s = game.apply(s, {"play": 22, "pile": 0})
    s = game.apply(s, {"play": 50, "pile": 1})
    s = game.apply(s, {"end_turn": True})
    assert s.ended is None  # still burning, but the next player may cover it
    s = game.apply(s, {"play": 24, "pile": 0})
    s = game.apply(s, {"play": 51, "pile": 1})
    s = game.apply(s, {"end_turn": True})
    assert s.ended is None


def test_fire_card_still_on_top_after_the_next_turn_loses():
    s = fire_table(hands=[[22, 23, 50, 60, 70, 80], [24, 25, 51, 61, 71, 81]], players=2)
    s = game.apply(s, {"play": 22, "pile": 0})
    s = game.apply(s, {"play": 50, "pile": 1})
    s = game.apply(s, {"end_turn": True})
    s = game.apply(s, {"play": 51, "pile": 1})
    s = game.apply(s, {"play": 61, "pile": 1})
    s = game.apply(s, {"end_turn": True})
    assert s.ended["result"] == "loss" and s.ended["reason"] == "fire"
    assert s.ended["card"] == 22 and s.ended["pile"] == 0 and s.ended["seat"] == 1


def test_solo_fire_must_be_covered_by_the_end_of_your_own_next_turn():
    s = fire_table(hands=[[22, 50, 60, 70, 80, 90, 91, 92]], players=1)
    s = game.apply(s, {"play": 22, "pile": 0})
    s = game.apply(s, {"play": 50, "pile": 1})
    s = game.apply(s, {"end_turn": True})
    assert s.ended is None
    plays = [c for c in s.hands[0] if c > 60]
    s = game.apply(s, {"play": 60, "pile": 1}) if 60 in s.hands[0] else game.apply(s, {"play": plays[0], "pile": 1})
    s = game.apply(s, {"play": max(s.hands[0]), "pile": 1})
    s = game.apply(s, {"end_turn": True})
    assert s.ended is not None and s.ended["reason"] == "fire"


def test_covering_fire_with_fire_gives_the_new_card_its_own_deadline():
    s = fire_table(hands=[[22, 33, 50, 60, 70, 80], [34, 35, 51, 61, 71, 81]], players=2)
    s = game.apply(s, {"play": 22, "pile": 0})
    s = game.apply(s, {"play": 33, "pile": 0})  # 33 covers 22 but burns itself
    s = game.apply(s, {"end_turn": True})
    assert s.ended is None
    s = game.apply(s, {"play": 34, "pile": 0})
    s = game.apply(s, {"play": 35, "pile": 0})
    s = game.apply(s, {"end_turn": True})
    assert s.ended is None


def test_game_ending_with_fire_on_top_is_a_loss():
    s = fire_table(hands=[[22]], piles=((21,), (), (), ()), draw=[], players=1)
    s.piles[1] = [(c, 1) for c in CARDS if c not in (21, 22)]
    s = game.apply(s, {"play": 22, "pile": 0})
    assert s.ended["result"] == "loss" and s.ended["reason"] == "fire-at-end" and s.ended["left"] == 0


def test_fire_deadline_skips_players_with_empty_hands():
    s = fire_table(hands=[[22], [], [30, 31]], draw=[], players=3)
    s = game.apply(s, {"play": 22, "pile": 0})
    s = game.apply(s, {"end_turn": True})
    assert s.active == 2  # seat 1 has no cards: seat 2 is "the next player"
    s = game.apply(s, {"play": 30, "pile": 0})
    s = game.apply(s, {"end_turn": True})
    assert s.ended is None or s.ended["reason"] != "fire"


# ---------------------------------------------------------------- markers


def test_any_seat_sets_a_marker_and_only_the_setter_clears_it():
    s = table([[10, 20, 30, 40, 50, 60, 70], [11, 21, 31, 41, 51, 61, 71]])
    s = game.apply(s, {"mark": "keep", "pile": 2, "seat": 1})
    assert game.view(s, 0)["piles"][2]["marker"] == {"kind": "keep", "seat": 1}
    with pytest.raises(RuleViolation):
        game.apply(s, {"mark": None, "pile": 2, "seat": 0})
    s = game.apply(s, {"mark": None, "pile": 2, "seat": 1})
    assert game.view(s, 0)["piles"][2]["marker"] is None


def test_marker_clears_at_the_end_of_the_setters_next_turn():
    s = table([[10, 20, 30, 40, 50, 60, 70], [11, 21, 31, 41, 51, 61, 71]])
    s = game.apply(s, {"mark": "small", "pile": 0})  # seat 0, turn 1
    for card in (10, 20):
        s = game.apply(s, {"play": card, "pile": 1})
    s = game.apply(s, {"end_turn": True})
    assert s.markers[0] is not None  # survives the setter's own turn end
    hand = sorted(s.hands[1])
    s = game.apply(s, {"play": hand[-1], "pile": 3})
    s = game.apply(s, {"play": hand[-2], "pile": 3})
    s = game.apply(s, {"end_turn": True})
    assert s.markers[0] is not None
    hand = sorted(s.hands[0])
    s = game.apply(s, {"play": hand[-1], "pile": 2})
    s = game.apply(s, {"play": hand[-2], "pile": 2})
    s = game.apply(s, {"end_turn": True})
    assert s.markers[0] is None  # the setter's next turn has ended


def test_markers_carry_no_numbers():
    s = table([[10, 20, 30, 40, 50, 60, 70], [11, 21, 31, 41, 51, 61, 71]])
    with pytest.raises(MalformedAction):
        game.apply(s, {"mark": 37, "pile": 0})


def test_after_the_game_ends_every_action_is_refused():
    s = table([[50, 60, 70, 80, 90, 40, 30, 20]], piles=((98,), (97,), (3,), (4,)), players=1)
    with pytest.raises(GameOver):
        game.apply(s, {"end_turn": True})
    assert game.legal_actions(s) == [] and game.to_act(s) is None


def test_a_pile_marker_speaks_for_the_seat_it_names_anything_else_for_the_active_seat():
    from junban.games import load_game

    game = load_game("the-game")  # the game protocol's optional acting_seat (a phone acts only for its own seat)
    state = game.new_game(game.normalize_config({"players": 3}), "acting")
    active = game.to_act(state)
    other = (active + 1) % 3
    assert game.acting_seat(state, {"mark": "keep", "pile": 0, "seat": other}) == other
    assert game.acting_seat(state, {"mark": "keep", "pile": 0}) == active
    assert game.acting_seat(state, {"end_turn": True}) == active
