"""23: the tuned heuristic (the strong bot's model of every seat), as rule examples."""
from __future__ import annotations

import pytest

from junban.games.twenty_three.heuristic import WEIGHTS, Weights, hand_cost, heuristic_discard, heuristic_move
from junban.games.twenty_three.policy import DROP, FORCE, PASS, PLAY

ALONE = 0.0
PLAIN = Weights()


def test_a_run_from_the_pile_goes_out_for_free_and_returns_three_chips():
    assert hand_cost([8, 9, 10], 7, ALONE, penalties=5) == -3


def test_going_out_returns_at_most_the_chips_taken():
    assert hand_cost([12], 7, ALONE, penalties=0) == 1  # 4 skipped, 3 of them returned: as dear as dropping the 12


def test_a_card_below_the_pile_is_lost_and_a_far_card_is_not_worth_its_jump():
    assert hand_cost([3, 20], 10, ALONE, penalties=0) == 2  # jumping to 20 costs 9: drop both


def test_the_pile_climbing_between_turns_loses_the_next_card():
    assert hand_cost([10, 11, 12], 10, 1.5, penalties=0) == 1  # after the 10 the pile is past 11; 12 plays free
    assert hand_cost([10, 11, 12], 10, ALONE, penalties=3) == -3


def test_a_card_that_costs_nothing_is_played_at_once_every_copy():
    assert heuristic_move([7, 7, 9, 15], 7, 3, 0, False, True, 3, False, PLAIN) == (PLAY, 7, 2, 0, 7)
    assert heuristic_move([8, 15], 7, 0, 0, True, False, 1, True, PLAIN) == (PLAY, 8, 1, 0, 7)


def test_a_forced_player_without_any_play_passes_and_one_who_can_play_does():
    assert heuristic_move([3], 20, 0, 4, True, True, 2, True, PLAIN) == (PASS,)
    assert heuristic_move([3, 22], 20, 0, 4, True, True, 2, True, PLAIN)[0] == PLAY


def test_no_card_playable_even_with_chips_means_dropping_out_once_passing_is_spent():
    assert heuristic_move([2, 3], 20, 0, 4, False, False, 1, True, PLAIN) == (DROP,)


def test_no_pass_or_force_when_it_already_passed_since_the_table_last_moved():
    move = heuristic_move([14, 15, 16, 17], 8, 0, 0, False, False, 3, True, PLAIN)
    assert move not in ((PASS,), (FORCE,))


def test_a_bonus_chip_sends_the_pile_down_to_save_a_triple_and_a_run():
    move = heuristic_move([15, 15, 15, 16, 17, 18], 20, 1, 6, False, True, 1, True, PLAIN)
    assert move == (PLAY, 15, 3, 1, 15)


def test_a_last_card_one_number_away_goes_out():
    assert heuristic_move([12], 10, 0, 5, False, True, 2, True, PLAIN) == (PLAY, 12, 1, 0, 10)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_discard_is_three_cards_of_the_hand_never_the_1(players):
    hand = [1, 2, 3, 3, 4, 5, 9, 12, 13, 14, 14, 15, 16, 17, 23]
    chosen = heuristic_discard(hand, players - 1, WEIGHTS[players])
    assert len(chosen) == 3 and 1 not in chosen
    rest = list(hand)
    for card in chosen:
        rest.remove(card)
    assert 23 in chosen  # the card farthest from the rest
