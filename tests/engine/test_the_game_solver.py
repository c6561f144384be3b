"""The solver of The Game (every card known): rule examples for its pieces, and lines the engine replays."""
from __future__ import annotations

import pytest

from junban.games.the_game import rules, solver
from junban.games.the_game.solver import Solve


def live_below(live) -> list[int]:
    """below[x]: how many of the live cards are smaller than x (what the turn search counts skips with)."""
    return [sum(1 for c in live if c < x) for x in range(102)]


def replay(config: dict, seed: str, actions: list[dict]) -> rules.State:
    """Apply a line from the deal's start through the engine (which refuses any illegal action)."""
    state = rules.new_game(config, seed)
    for action in actions:
        state = rules.apply(state, action)
    return state


def solved(config: dict, seed: str, actions=(), **limits) -> tuple[Solve, dict]:
    search = Solve(config, seed, actions, **limits)
    search.run()
    return search, search.result


# --------------------------------------------------------------------------- cards and piles


def test_a_pile_can_be_brought_back_by_backwards_tricks_through_live_cards():
    assert solver.reach(0, 60, set()) == 60
    assert solver.reach(0, 60, {50, 40}) == 40         # 50, then 40: each 10 below the top
    assert solver.reach(0, 60, {65, 55, 45}) == 45     # 65 on 60, then 55 and 45
    assert solver.reach(1, 93, {95, 85, 75}) == 75     # 95, then 85 and 75 below the old top
    assert solver.reach(2, 30, {35, 45, 40}) == 45     # descending: 40 on 30 (trick), or 35 then 45
    assert solver.reach(3, 20, {25}) == 20             # 25 does not fit a descending 20, so no trick follows


def test_dead_cards_are_the_live_cards_no_pile_can_ever_take():
    tops = (60, 70, 30, 20)
    assert solver.dead_cards(tops, {45, 55, 65, 99, 2}) == 0   # 65, 55, 45 ride down on 60; 99 and 2 fit directly
    assert solver.dead_cards(tops, {45, 55, 99, 2}) == 2       # without 65, neither 55 nor 45 can ever be played
    assert solver.dead_cards((61, 70, 30, 20), {41, 51}) == 0  # 51 = 61 - 10 first, then 41 = 51 - 10
    assert solver.dead_cards((61, 70, 30, 20), {41}) == 1
    assert solver.dead_cards((1, 1, 100, 100), set(range(2, 100))) == 0


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_dead_cards_never_outnumber_the_cards_a_game_leaves(players):
    """The count is a lower bound: in games the baseline bot plays out, no turn start counts more dead cards than
    the game finally leaves (a card counted dead is never played)."""
    from junban.games.the_game.bots import make_bot

    for k in range(4):
        seed = f"dead-{players}-{k}"
        state = rules.new_game({"players": players}, seed)
        bots = [make_bot("baseline", seed, s) for s in range(players)]
        counts = []
        while not rules.is_over(state):
            if not state.played:
                known = solver.Known(state)
                counts.append(solver.dead_cards(known.root[1], known.live(known.root)))
            state = rules.apply(state, bots[state.active].act(rules.view(state, state.active)))
        assert max(counts) <= state.ended["left"]
        assert any(counts) or state.ended["left"] < 10   # the bound says something in lost games


def test_only_the_cards_that_matter_are_tried_on_each_pile():
    """Ascending 30: 31 is tried, not 35 (it would skip 31). Ascending 60: its trick card 50 and the nearest, 62.
    Descending 70: 62. Descending 40: the nearest, 35, and the trick card 50."""
    hand = (31, 35, 48, 50, 62)
    found = {(card, pile) for _, card, pile in solver.plays_that_matter(hand, 0, (30, 60, 70, 40))}
    assert found == {(31, 0), (50, 1), (62, 1), (62, 2), (35, 3), (50, 3)}


def test_a_card_whose_trick_partner_is_in_hand_is_tried_even_when_it_is_not_the_nearest():
    """Ascending 42, hand 44 and 48, 38: 48 then 38 (48 - 10) leaves the pile lower than it was."""
    found = {(card, pile) for _, card, pile in solver.plays_that_matter((38, 44, 48), 0, (42, 99, 2, 2))}
    assert (48, 0) in found and (44, 0) in found


def test_free_plays_are_tricks_pairs_and_plays_that_skip_no_live_card():
    """Ascending 34: 24 is its backwards trick. Ascending 40: 41 skips no live card. Then 57 and its trick partner
    47 on 41 leave the pile at 47, skipping none. 80 would skip 57, 60 and 70: not free."""
    hand = (24, 41, 47, 57, 80)
    below = live_below(set(hand) | {30, 60, 70})
    mask, tops, plays = solver.free_plays(hand, 0, (34, 40, 75, 72), (), below)
    assert plays == ((24, 0), (41, 1), (57, 1), (47, 1))
    assert tops == (24, 47, 75, 72) and mask == 0b01111


def test_every_candidate_turn_covers_a_fire_card_left_on_top():
    """On Fire: 33 lies on ascending pile 0 since an earlier turn, so every turn must play on it."""
    hand = (12, 40, 50, 60, 70, 80)
    below = live_below(set(hand))
    ends = solver.candidate_turns(hand, (33, 1, 100, 100), 2, (0,), below)
    assert ends and all(tops[0] != 33 for _, tops in ends)


def test_a_play_out_follows_the_rules_to_the_end():
    config = rules.normalize_config({"players": 2, "on_fire": True})
    known = solver.Known(rules.new_game(config, "play-out"))
    score, turns = solver.play_out(known, known.root, record=True)
    _, state = solver.line_actions(rules.new_game(config, "play-out"), turns)
    assert rules.outcome(state)["left"] + (solver.FIRE_LOSS if state.ended["reason"].startswith("fire") else 0) == score


# --------------------------------------------------------------------------- lines the engine replays


@pytest.mark.parametrize("players,seeds", [(1, ("line-1-1", "line-1-2", "line-1-7")),
                                           (2, ("line-2-0", "line-2-4")), (3, ("line-3-1", "line-3-6")),
                                           (4, ("line-4-0", "line-4-4")), (5, ("line-5-0", "line-5-3"))])
def test_the_line_found_is_a_perfect_game_the_engine_replays(players, seeds):
    config = rules.normalize_config({"players": players})
    for seed in seeds:
        _, found = solved(config, seed)
        assert found["perfect"] and found["best_left"] == 0 and found["proven_optimal"]
        state = replay(config, seed, found["line"])
        assert rules.outcome(state)["result"] == "perfect"
        assert sum(1 for a in found["line"] if "play" in a) == 98
        assert set(map(frozenset, (a.keys() for a in found["line"]))) <= {frozenset({"play", "pile"}),
                                                                          frozenset({"end_turn"})}


@pytest.mark.parametrize("variant", [{"on_fire": True}, {"expert": True}, {"small_hands": True},
                                     {"on_fire": True, "expert": True}])
def test_variants_are_solved_by_their_own_rules(variant):
    """Expert turns play at least 3 cards while the draw pile lasts; On Fire a fire card never stays on top past
    the next turn. The engine, replaying the line, is the judge."""
    config = rules.normalize_config({"players": 3, **variant})
    for seed in ("variant-0", "variant-1"):
        _, found = solved(config, seed, max_nodes=3000)
        state = replay(config, seed, found["line"])
        assert rules.outcome(state) == found["outcome"]
        assert found["perfect"]


def test_the_search_can_start_in_the_middle_of_a_turn():
    config = rules.normalize_config({"players": 1})
    state = rules.new_game(config, "middle")
    card, pile = rules.playable(state)[0]
    first = [{"play": card, "pile": pile}]
    _, found = solved(config, "middle", first)
    assert found["line"][0] != {"end_turn": True}     # one more card is required before the turn may end
    assert rules.outcome(replay(config, "middle", first + found["line"])) == found["outcome"]


def test_a_game_already_over_is_its_own_result():
    config = rules.normalize_config({"players": 1})
    state = rules.new_game(config, "over")
    actions = []
    while not rules.is_over(state):  # the baseline's own first move, over and over: it ends quickly
        action = next(a for a in rules.legal_actions(state) if "mark" not in a and "undo" not in a)
        actions.append(action)
        state = rules.apply(state, action)
    search, found = solved(config, "over", actions)
    assert search.nodes == 0 and found["line"] == [] and found["outcome"] == rules.outcome(state)


# --------------------------------------------------------------------------- slices and limits


def test_slices_give_the_same_result_as_one_run():
    config = rules.normalize_config({"players": 1})
    whole, once = solved(config, "line-1-5")
    sliced = Solve(config, "line-1-5")
    slices = 0
    while not sliced.run(7):
        slices += 1
        progress = sliced.progress
        assert 0 <= progress["fraction"] < 1 and progress["nodes"] == 7 * slices
        assert progress["best_left"] is not None     # a line exists from the first slice on
    assert slices > 3
    assert sliced.result == once and sliced.nodes == whole.nodes


def test_the_node_limit_bounds_the_work_and_still_gives_a_line():
    config = rules.normalize_config({"players": 1})
    search, found = solved(config, "line-1-6", max_nodes=10)
    assert search.nodes == 10 and search.done and search.progress["fraction"] == 1.0
    assert rules.outcome(replay(config, "line-1-6", found["line"])) == found["outcome"]
    assert not found["perfect"] and not found["proven_optimal"]   # this deal needs more than 10 nodes


def test_a_target_question_stops_at_the_first_line_good_enough():
    config = rules.normalize_config({"players": 1})
    search, found = solved(config, "line-1-6", target=9)
    assert found["best_left"] <= 9
    whole, best = solved(config, "line-1-6")
    assert best["perfect"] and search.nodes <= whole.nodes


def test_a_search_stopped_at_its_limit_goes_on_as_if_it_had_started_with_more():
    config = rules.normalize_config({"players": 1})
    _, fresh = solved(config, "line-1-6", max_nodes=400)
    search = Solve(config, "line-1-6", max_nodes=150)
    search.run()
    assert search.done and search.nodes == 150
    search.extend(400)
    assert not search.done
    search.run()
    assert search.result == fresh
