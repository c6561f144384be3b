"""23: the rules of ../shared/rules/23.md as examples."""
from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from junban.errors import ConfigError, GameOver, MalformedAction, RuleViolation
from junban.games import load_game
from junban.games.twenty_three import rules
from tests.engine.test_twenty_three_support import table

IN, OUT, DROPPED = rules.IN, rules.OUT, rules.DROPPED


def discard_all(state):
    while state.phase == "discard":
        state = rules.apply(state, rules.legal_actions(state)[0])
    return state


def snapshot(state):
    return copy.deepcopy(state.__dict__)


# --------------------------------------------------------------------------- setup


def test_the_game_is_registered_under_its_slug():
    game = load_game("23")
    assert game.SLUG == "23" and list(game.SEATS) == [2, 3, 4]


def test_config_defaults_and_errors():
    assert rules.normalize_config({}) == {"players": 2}
    assert rules.normalize_config({"players": 4}) == {"players": 4}
    for bad in ({"players": 1}, {"players": 5}, {"players": True}, {"players": "3"}, {"colour": 1}, []):
        with pytest.raises(ConfigError):
            rules.normalize_config(bad)


def test_the_deck_has_66_cards_one_1_two_2s_three_of_each_other():
    counts = Counter(rules.DECK)
    assert len(rules.DECK) == 66 and counts[1] == 1 and counts[2] == 2
    assert all(counts[n] == 3 for n in range(3, 24))


@pytest.mark.parametrize("players, used", [(2, 30), (3, 45), (4, 60)])
def test_cards_used_by_player_count_with_the_1_always_in(players, used):
    for seed in ("a", "b", "c", "d"):
        state = rules.new_game({"players": players}, seed)
        assert [len(h) for h in state.hands] == [15] * players
        assert sum(len(h) for h in state.hands) == used and len(state.box) == 66 - used
        assert any(1 in h for h in state.hands) and 1 not in state.box
        rules.check_invariants(state)


def test_the_deal_depends_on_the_seed_and_the_round():
    assert rules.deal_round(3, "x", 1) == rules.deal_round(3, "x", 1)
    assert rules.deal_round(3, "x", 1) != rules.deal_round(3, "x", 2)
    assert rules.deal_round(3, "x", 1) != rules.deal_round(3, "y", 1)


def _three_of(state, seat):
    return [c for c in state.hands[seat] if c != 1][-3:]


def test_every_seat_discards_3_at_the_same_time_in_any_order_and_never_the_1():
    state = rules.new_game({"players": 3}, "discards")
    assert state.phase == "discard" and rules.seats_to_act(state) == [0, 1, 2] and rules.to_act(state) == 0
    holder = next(s for s, h in enumerate(state.hands) if 1 in h)
    with pytest.raises(RuleViolation, match="1 may not"):
        rules.apply(state, {"discard": [1] + [c for c in state.hands[holder] if c != 1][:2], "seat": holder})
    for seat in (2, 0, 1):  # the last seat first: nobody waits for the seats before theirs
        actions = rules.seat_actions(state, seat)
        assert actions and all(a["seat"] == seat and len(a["discard"]) == 3 and 1 not in a["discard"] for a in actions)
        assert all(a in rules.legal_actions(state) for a in actions)
        assert rules.acting_seat(state, actions[-1]) == seat
        state = rules.apply(state, actions[-1])
        assert len(state.hands[seat]) == 12 and len(state.discards[seat]) == 3
        if state.phase == "discard":
            assert seat not in rules.seats_to_act(state) and rules.seat_actions(state, seat) == []
            assert rules.to_act(state) == rules.seats_to_act(state)[0]
            assert {a["seat"] for a in rules.legal_actions(state)} == set(rules.seats_to_act(state))
        rules.check_invariants(state)
    assert state.phase == "play"
    assert [e["seat"] for e in state.log if e["event"] == "discard"] == [2, 0, 1]


def test_a_seat_discards_once_a_round():
    state = rules.new_game({"players": 2}, "once")
    state = rules.apply(state, {"discard": _three_of(state, 1), "seat": 1})
    before = snapshot(state)
    with pytest.raises(RuleViolation, match="discarded this round already"):
        rules.apply(state, {"discard": _three_of(state, 1), "seat": 1})
    for bad_seat in (2, -1):
        with pytest.raises(MalformedAction):
            rules.apply(state, {"discard": _three_of(state, 0), "seat": bad_seat})
    for bad_seat in (True, "0", None):
        with pytest.raises(MalformedAction):
            rules.apply(state, {"discard": _three_of(state, 0), "seat": bad_seat})
    assert snapshot(state) == before


@pytest.mark.parametrize("order", [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)])
def test_the_round_opens_the_same_whatever_order_the_seats_discard_in(order):
    dealt = rules.new_game({"players": 3}, "orders")
    state = dealt
    for seat in order:
        state = rules.apply(state, {"discard": _three_of(dealt, seat), "seat": seat})
    reference = dealt
    for seat in (0, 1, 2):
        reference = rules.apply(reference, {"discard": _three_of(dealt, seat), "seat": seat})
    ours, theirs = snapshot(state), snapshot(reference)
    assert ours.pop("log")[3:] == theirs.pop("log")[3:]  # the opening; only who discarded first differs
    assert ours == theirs


def test_an_old_log_taken_seat_by_seat_is_one_order_of_the_simultaneous_discard():
    """Logs made when the discard went seat by seat hold discards without a seat: each is the first seat's yet to
    discard, as then."""
    dealt = rules.new_game({"players": 3}, "old-log")
    old = named = dealt
    for seat in (0, 1, 2):
        assert rules.acting_seat(old, {"discard": _three_of(dealt, seat)}) == seat
        old = rules.apply(old, {"discard": _three_of(dealt, seat)})
        named = rules.apply(named, {"discard": _three_of(dealt, seat), "seat": seat})
    assert snapshot(old) == snapshot(named)


def test_the_discard_tells_the_others_only_that_a_seat_has_discarded():
    dealt = rules.new_game({"players": 3}, "hidden")
    after = rules.apply(dealt, {"discard": _three_of(dealt, 0), "seat": 0})
    for seat in (1, 2):
        was, now = rules.view(dealt, seat), rules.view(after, seat)
        changed = {k for k in now if now[k] != was[k]}
        assert changed == {"discarded", "hand_counts", "log", "deciding", "active"}, changed
        assert now["discarded"] == [True, False, False] and now["hand_counts"] == [12, 15, 15]
        assert now["deciding"] == [1, 2] and was["deciding"] == [0, 1, 2]
        assert now["log"][-1] == {"event": "discard", "round": 1, "seat": 0, "cards": 3}
        assert now["active"] == 1 and now["discards"] == []


def test_a_discard_is_never_in_another_seats_view():
    state = rules.new_game({"players": 2}, "secret")
    state = rules.apply(state, {"discard": [c for c in state.hands[0] if c != 1][-3:]})
    mine, theirs = rules.view(state, 0), rules.view(state, 1)
    assert mine["discards"] == state.discards[0]
    assert theirs["discards"] == [] and theirs["discarded"] == [True, False]
    assert state.log[-1] == {"event": "discard", "round": 1, "seat": 0, "cards": 3}


def test_discarding_cards_not_held_or_the_wrong_number_is_refused():
    state = rules.new_game({"players": 2}, "refuse")
    missing = next(n for n in range(2, 24) if n not in state.hands[0])
    before = snapshot(state)
    with pytest.raises(RuleViolation, match=f"do not hold a {missing}"):
        rules.apply(state, {"discard": [missing] + [c for c in state.hands[0] if c != 1][:2]})
    with pytest.raises(MalformedAction):
        rules.apply(state, {"discard": [c for c in state.hands[0] if c != 1][:2]})
    with pytest.raises(RuleViolation, match="discards 3"):
        rules.apply(state, {"pass": True})
    assert snapshot(state) == before


def test_the_holder_of_the_1_opens_the_pile_automatically_and_the_next_seat_plays():
    for seed in ("o1", "o2", "o3", "o4", "o5"):
        state = discard_all(rules.new_game({"players": 4}, seed))
        opening = state.log[-1]
        holder = opening["seat"]
        assert opening == {"event": "opening", "round": 1, "seat": holder, "cards": [1], "value": 1}
        assert state.pile == [[1]] and state.pile_value == 1
        assert len(state.hands[holder]) == 11 and 1 not in state.hands[holder]
        assert rules.to_act(state) == (holder + 1) % 4
        rules.check_invariants(state)


# --------------------------------------------------------------------------- playing cards


def test_pile_5_two_8s_cost_2_penalty_chips():
    state = rules.apply(table([[8, 8, 12], [9]], 5), {"play": [8, 8]})
    assert state.penalties[0] == 2 and state.pile_value == 8 and state.pile[-1] == [8, 8]
    assert state.hands[0] == [12] and rules.to_act(state) == 1


def test_playing_the_pile_value_or_one_above_costs_nothing():
    assert rules.apply(table([[5, 9], [9]], 5), {"play": [5]}).penalties[0] == 0
    assert rules.apply(table([[6, 9], [9]], 5), {"play": [6]}).penalties[0] == 0
    assert rules.apply(table([[7, 9], [9]], 5), {"play": [7]}).penalties[0] == 1


def test_several_cards_must_share_a_number_and_do_not_change_the_penalty():
    state = table([[9, 9, 9, 12], [3]], 5)
    assert rules.apply(state, {"play": [9, 9, 9]}).penalties[0] == rules.apply(state, {"play": [9]}).penalties[0] == 3
    with pytest.raises(MalformedAction, match="same number"):
        rules.apply(state, {"play": [9, 12]})


def test_a_card_below_the_pile_value_needs_bonus_chips():
    state = table([[4, 20], [9]], 5)
    with pytest.raises(RuleViolation, match="below the pile value 5"):
        rules.apply(state, {"play": [4]})


def test_pile_14_one_bonus_chip_lets_a_10_be_played_without_penalty():
    state = rules.apply(table([[10, 20], [9]], 14), {"play": [10], "bonus": 1, "value": 10})
    assert state.penalties[0] == 0 and state.bonus[0] == 2 and state.pile_value == 10
    entry = state.log[-1]
    assert (entry["from"], entry["bonus"], entry["value"], entry["penalty"]) == (14, 1, 10, 0)
    # one chip reaches 9..19 from 14: any of them may be named
    assert rules.apply(table([[10, 20], [9]], 14), {"play": [10], "bonus": 1, "value": 9}).penalties[0] == 0


def test_pile_10_bonus_chip_to_15_then_17_costs_1():
    state = rules.apply(table([[17, 20], [9]], 10), {"play": [17], "bonus": 1, "value": 15})
    assert state.penalties[0] == 1 and state.bonus[0] == 2 and state.pile_value == 17


def test_k_bonus_chips_reach_5k_and_no_further():
    state = table([[5, 23], [9]], 20)
    with pytest.raises(RuleViolation, match="move the pile value 20 only to 15..23"):
        rules.apply(state, {"play": [5], "bonus": 1, "value": 5})
    with pytest.raises(RuleViolation, match="below the adjusted value"):
        rules.apply(state, {"play": [5], "bonus": 2, "value": 10})
    done = rules.apply(state, {"play": [5], "bonus": 3, "value": 5})
    assert done.penalties[0] == 0 and done.bonus[0] == 0 and done.pile_value == 5


def test_more_bonus_chips_than_held_are_refused():
    state = table([[5, 23], [9]], 20, bonus=[3, 3])
    before = snapshot(state)
    with pytest.raises(RuleViolation, match="only 3 bonus chips"):
        rules.apply(state, {"play": [5], "bonus": 4, "value": 5})
    assert snapshot(state) == before
    assert rules.apply(state, {"play": [5], "bonus": 3, "value": 5}).bonus[0] == 0


def test_a_play_can_be_previewed_before_committing():
    state = table([[17, 20], [9]], 10, penalties=[2, 0])
    assert rules.preview_play(state, {"play": [17], "bonus": 1, "value": 15}) == {
        "value": 15, "penalty": 1, "bonus": 1, "goes_out": False, "returned": 0}
    out = table([[13], [9]], 10, penalties=[2, 0])
    assert rules.preview_play(out, {"play": [13]}) == {
        "value": 10, "penalty": 2, "bonus": 0, "goes_out": True, "returned": 3}
    before = snapshot(state)
    with pytest.raises(RuleViolation, match="below the pile value"):
        rules.preview_play(table([[4, 20], [9]], 5), {"play": [4]})
    with pytest.raises(MalformedAction):
        rules.preview_play(state, {"pass": True})
    assert snapshot(state) == before


def test_wasted_bonus_chips_are_legal_but_not_listed():
    state = table([[12, 20], [9]], 10)
    listed = [a for a in rules.legal_actions(state) if a.get("play") == [12]]
    assert listed == [{"play": [12]}, {"play": [12], "bonus": 1, "value": 12}]
    wasted = rules.apply(state, {"play": [12], "bonus": 2, "value": 11})
    assert wasted.bonus[0] == 1 and wasted.penalties[0] == 0


def test_legal_plays_list_every_number_count_and_useful_chip_count():
    state = table([[4, 13, 13, 21], [9]], 10, bonus=[2, 3])
    plays = [a for a in rules.legal_actions(state) if "play" in a]
    assert plays == [
        {"play": [4], "bonus": 2, "value": 4},
        {"play": [13]}, {"play": [13, 13]},
        {"play": [13], "bonus": 1, "value": 13}, {"play": [13, 13], "bonus": 1, "value": 13},
        {"play": [21]}, {"play": [21], "bonus": 1, "value": 15}, {"play": [21], "bonus": 2, "value": 20},
    ]
    for action in plays:
        rules.apply(state, action)


def test_malformed_plays_are_refused_with_the_state_unchanged():
    state = table([[8, 8, 12], [9]], 5)
    before = snapshot(state)
    bad = [
        [8], {"play": 8}, {"play": []}, {"play": [True]}, {"play": [24]}, {"play": [8], "bonus": 1},
        {"play": [8], "bonus": 0, "value": 5}, {"play": [8], "bonus": 1, "value": 0}, {"pass": False},
        {"pass": True, "force": False}, {"drop_out": 1}, {"play": [8], "extra": 1}, {"bonus": 1, "value": 5},
    ]
    for action in bad:
        with pytest.raises(MalformedAction):
            rules.apply(state, action)
    with pytest.raises(RuleViolation, match="only 2 cards numbered 8"):
        rules.apply(state, {"play": [8, 8, 8]})
    with pytest.raises(RuleViolation, match="do not hold a 13"):
        rules.apply(state, {"play": [13]})
    assert snapshot(state) == before


# --------------------------------------------------------------------------- going out


def test_going_out_returns_up_to_3_penalty_chips_after_the_plays_penalty():
    state = rules.apply(table([[9], [20]], 5, penalties=[4, 0]), {"play": [9]})
    # 3 penalty for skipping 6, 7, 8 first (7 chips), then 3 returned
    assert state.penalties[0] == 4 and state.status[0] == OUT and state.log[-1]["returned"] == 3
    state = rules.apply(table([[6, 6], [20]], 5, penalties=[1, 0]), {"play": [6, 6]})
    assert state.penalties[0] == 0 and state.log[-1]["returned"] == 1
    state = rules.apply(table([[6], [20]], 5), {"play": [6]})
    assert state.penalties[0] == 0 and state.log[-1]["returned"] == 0 and state.log[-1]["out"]


def test_a_player_who_went_out_takes_no_more_turns():
    state = rules.apply(table([[6], [20, 21], [7, 8]], 5), {"play": [6]})
    assert rules.to_act(state) == 1
    state = rules.apply(state, {"pass": True})
    state = rules.apply(state, {"play": [7]})
    assert rules.to_act(state) == 1


# --------------------------------------------------------------------------- passing and forcing


def test_a_pass_costs_1_and_is_allowed_with_playable_cards():
    state = rules.apply(table([[6, 9], [9]], 5), {"pass": True})
    assert state.penalties[0] == 1 and state.pile_value == 5 and rules.to_act(state) == 1
    assert state.log[-1] == {"event": "pass", "round": 1, "seat": 0, "force": False, "penalty": 1, "lapsed": False}


def test_pile_17_pass_and_force_then_the_next_player_plays_20_for_2():
    state = rules.apply(table([[18, 22], [20, 21]], 17), {"pass": True, "force": True})
    assert state.penalties[0] == 2 and state.forced and rules.to_act(state) == 1
    assert all("play" in a for a in rules.legal_actions(state))
    before = snapshot(state)
    for action in ({"pass": True}, {"pass": True, "force": True}, {"drop_out": True}):
        with pytest.raises(RuleViolation, match="forced"):
            rules.apply(state, action)
    assert snapshot(state) == before
    state = rules.apply(state, {"play": [20]})
    assert state.penalties[1] == 2 and not state.forced and state.log[-1]["forced"]


def test_the_force_applies_to_the_next_player_still_in_the_round():
    state = table([[18, 22], [], [20, 21]], 17, status=[IN, OUT, IN])
    state = rules.apply(state, {"pass": True, "force": True})
    assert rules.to_act(state) == 2 and state.forced


def test_a_forced_player_with_no_play_even_with_all_bonus_chips_passes_for_1():
    state = table([[18, 22], [3, 4]], 20, bonus=[3, 3])  # 3 chips reach 5: still above 4
    state = rules.apply(state, {"pass": True, "force": True})
    assert rules.legal_actions(state) == [{"pass": True}]
    with pytest.raises(RuleViolation, match="lapsed"):
        rules.apply(state, {"pass": True, "force": True})
    state = rules.apply(state, {"pass": True})
    assert state.penalties == [2, 1] and not state.forced and rules.to_act(state) == 0
    assert state.log[-1]["lapsed"] is True


def test_a_forced_player_who_can_play_with_bonus_chips_must_play():
    state = table([[18, 22], [3, 4]], 20, bonus=[3, 3])
    state.pile_value = 19
    state.pile[-1] = [19]
    state = rules.apply(state, {"pass": True, "force": True})
    assert rules.legal_actions(state) == [{"play": [4], "bonus": 3, "value": 4}]
    with pytest.raises(RuleViolation, match="play at least one card"):
        rules.apply(state, {"pass": True})


def test_nobody_to_force_when_alone_in_the_round():
    state = table([[18, 22], []], 17, status=[IN, OUT])
    assert {"pass": True, "force": True} not in rules.legal_actions(state)
    with pytest.raises(RuleViolation, match="no other player"):
        rules.apply(state, {"pass": True, "force": True})
    state = rules.apply(state, {"pass": True})
    assert rules.to_act(state) == 0 and state.penalties[0] == 1


# --------------------------------------------------------------------------- dropping out


def test_dropping_out_costs_1_per_card_and_the_hand_goes_to_the_box_unseen():
    state = rules.apply(table([[3, 4, 22], [20, 21], [19]], 17), {"drop_out": True})
    assert state.penalties[0] == 3 and state.status[0] == DROPPED and state.hands[0] == []
    assert state.dropped[0] == [3, 4, 22] and rules.to_act(state) == 1
    assert rules.view(state, 0)["dropped"] == [3, 4, 22]
    assert rules.view(state, 1)["dropped"] == [] and rules.view(state, 1)["hand_counts"][0] == 0
    assert state.log[-1] == {"event": "drop_out", "round": 1, "seat": 0, "cards": 3, "penalty": 3}


def test_the_round_ends_when_everyone_is_out_and_round_2_keeps_chips():
    state = table([[22], [20, 21]], 17, penalties=[5, 1], bonus=[2, 3])
    state = rules.apply(state, {"drop_out": True})
    assert state.round == 1 and rules.to_act(state) == 1
    state = rules.apply(state, {"play": [20], "bonus": 1, "value": 19})
    state = rules.apply(state, {"play": [21]})  # goes out: returns 1 chip
    assert state.round == 2 and state.phase == "discard" and rules.to_act(state) == 0
    assert state.penalties == [6, 0] and state.bonus == [2, 2]
    assert [len(h) for h in state.hands] == [15, 15] and state.pile == [] and state.status == [IN, IN]
    assert [e["event"] for e in state.log[-2:]] == ["play", "round_end"]
    assert state.log[-1]["penalties"] == [6, 0]


# --------------------------------------------------------------------------- the end


def test_final_totals_refund_2_per_unused_bonus_chip_never_below_0():
    assert rules.final_totals([3, 10, 0, 7], [2, 1, 3, 0]) == [0, 8, 0, 7]


def test_equal_totals_share_the_place_and_the_win():
    assert rules.places([4, 4, 7]) == [1, 1, 3]
    assert rules.places([5, 2, 2, 9]) == [3, 1, 1, 4]


def test_the_game_ends_after_round_2_with_totals_ranking_and_winners():
    state = table([[22], [20]], 17, penalties=[9, 4], bonus=[1, 0], round_number=2)
    state = rules.apply(state, {"drop_out": True})  # 10 chips, 1 bonus left: total 8
    assert rules.outcome(state) is None
    state = rules.apply(state, {"play": [20]})  # 2 skipped, then returns 3: 3, no bonus: total 3
    result = rules.outcome(state)
    assert rules.to_act(state) is None and state.phase == "over"
    assert result["penalties"] == [10, 3] and result["bonus"] == [1, 0] and result["refund"] == [2, 0]
    assert result["totals"] == [8, 3] and result["places"] == [2, 1] and result["winners"] == [1]
    assert result["ranking"] == [{"seat": 1, "total": 3, "place": 1}, {"seat": 0, "total": 8, "place": 2}]
    assert state.log[-1]["event"] == "game_end"
    with pytest.raises(GameOver):
        rules.apply(state, {"pass": True})
    assert rules.legal_actions(state) == []


def test_a_tie_for_fewest_is_a_shared_win():
    state = table([[22], [21]], 20, penalties=[5, 3], bonus=[1, 0], round_number=2)
    state = rules.apply(state, {"drop_out": True})  # 6 chips, 1 bonus: 4
    state = rules.apply(state, {"play": [21]})  # 3, returns 3: 0
    assert rules.outcome(state)["totals"] == [4, 0]
    state = table([[22], [21]], 20, penalties=[3, 3], bonus=[2, 0], round_number=2)
    state = rules.apply(state, {"drop_out": True})  # 4 chips - 4 = 0
    state = rules.apply(state, {"play": [21]})  # 3 - 3 = 0
    result = rules.outcome(state)
    assert result["totals"] == [0, 0] and result["winners"] == [0, 1] and result["places"] == [1, 1]


# --------------------------------------------------------------------------- views


def test_a_view_shows_only_what_the_seat_may_know():
    state = discard_all(rules.new_game({"players": 3}, "view"))
    seat = rules.to_act(state)
    v = rules.view(state, seat)
    json.dumps(v)
    assert v["hand"] == sorted(state.hands[seat]) and v["discards"] == state.discards[seat]
    assert v["hand_counts"] == [len(h) for h in state.hands] and v["pile_value"] == 1
    assert v["penalties"] == [0, 0, 0] and v["bonus"] == [3, 3, 3] and v["active"] == seat and not v["forced"]
    text = json.dumps(v)
    assert "box" not in v and all(key not in text for key in ('"hands"',))
    other = (seat + 1) % 3
    assert v["hand"] != sorted(state.hands[other]) or state.hands[other] == state.hands[seat]
    v["hand"].append(99)
    v["log"][0]["cards"] = -1
    v["pile"][0].append(5)
    assert 99 not in state.hands[seat] and state.pile == [[1]] and state.log[0]["cards"] == 3


def test_view_refuses_an_unknown_seat():
    state = rules.new_game({"players": 2}, "v")
    for seat in (-1, 2, True, "0"):
        with pytest.raises(ValueError):
            rules.view(state, seat)


def test_log_view_is_the_public_log_of_its_moment_and_hands_out_copies():
    state = rules.new_game({"players": 2}, "log-view-moment")
    while not state.log:
        state = rules.apply(state, rules.legal_actions(state)[0])
    before = rules.log_view(state)["log"]
    written = len(state.log)
    after = rules.apply(state, rules.legal_actions(state)[0])
    assert len(before) == written and len(rules.log_view(after)["log"]) > written
    assert before[:] == rules.view(state, 0)["log"] == list(before)
    entry = before[0]
    entry["seat"] = "changed"
    assert state.log[0]["seat"] != "changed", "reading the log never changes the game"


@pytest.mark.parametrize("name", ["save-23-in-progress.json", "save-23-finished.json"])
def test_saved_games_whose_discards_went_seat_by_seat_still_replay(name):
    """The saves of tests/fixtures/saves (discards without a seat, seat 0 first): each discard is the first seat's
    yet to discard, so the game is the one played, and naming the seats replays to the same table."""
    from pathlib import Path

    record = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "v1" / name).read_text())
    assert any("discard" in a and "seat" not in a for a in record["actions"])
    old = named = rules.new_game(record["config"], record["seed"])
    for action in record["actions"]:
        if "discard" in action:
            assert rules.acting_seat(old, action) == rules.seats_to_act(old)[0]
            named = rules.apply(named, dict(action, seat=rules.seats_to_act(named)[0]))
        else:
            named = rules.apply(named, action)
        old = rules.apply(old, action)
        rules.check_invariants(old)
    assert snapshot(old) == snapshot(named)
    assert rules.is_over(old) == record["finished"]
