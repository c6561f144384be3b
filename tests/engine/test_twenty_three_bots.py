"""23 bots: legal actions only, deterministic, never pass forever, every table of bots finishes."""
from __future__ import annotations

import pytest

from junban.bots import make_bot as make_any_bot
from junban.games.twenty_three import bots, rules
from tests.engine.test_twenty_three_support import table

SMALL = bots.Budget(moves=1500, min_deals=2, discard_candidates=4)


def small_strong(seed: str, seat: int) -> bots.StrongBot:
    return bots.StrongBot(seed, seat, SMALL)


def play_table(players: int, seed: str, makers: list) -> rules.State:
    """Play a whole game with bots, checking each action is legal and nobody passes twice without progress."""
    state = rules.new_game({"players": players}, seed)
    seats = [makers[s](seed, s) for s in range(players)]
    last_pass: dict[int, int] = {}
    progress = 0
    actions = 0
    while (seat := rules.to_act(state)) is not None:
        action = seats[seat].act(rules.view(state, seat))
        assert action in rules.legal_actions(state), action
        if "pass" in action and not state.forced:
            assert last_pass.get(seat) != (state.round, progress), "a bot passed twice without progress"
            last_pass[seat] = (state.round, progress)
        if "play" in action or "drop_out" in action:
            progress += 1
        state = rules.apply(state, action)
        actions += 1
        assert actions < 2000, "the bots do not finish"
    return state


def test_the_levels_and_the_shared_factory():
    assert bots.LEVELS == ("baseline", "strong") and bots.DEFAULT_LEVEL == "strong"
    assert make_any_bot("23", "baseline", "s", 0).level == "baseline"
    assert make_any_bot("23", "strong", "s", 1).level == "strong"
    with pytest.raises(ValueError):
        make_any_bot("23", "perfect", "s", 0)


def test_tables_of_baseline_bots_always_finish():
    for i in range(240):
        players = 2 + i % 3
        state = play_table(players, f"fin-{i}", [bots.BaselineBot] * players)
        assert rules.outcome(state) is not None


def test_tables_with_strong_bots_always_finish():
    for i in range(9):
        players = 2 + i % 3
        makers = [small_strong if (s + i) % 2 == 0 else bots.BaselineBot for s in range(players)]
        if i % 3 == 0:
            makers = [small_strong] * players
        assert rules.outcome(play_table(players, f"strong-{i}", makers)) is not None


def test_bots_are_deterministic_in_seed_seat_and_view():
    state = rules.new_game({"players": 3}, "det")
    for _ in range(12):
        seat = rules.to_act(state)
        view = rules.view(state, seat)
        first = bots.make_bot("strong", "k", seat).act(view)
        assert bots.make_bot("strong", "k", seat).act(rules.view(state, seat)) == first
        assert bots.make_bot("baseline", "k", seat).act(view) == bots.make_bot("baseline", "z", seat).act(view)
        state = rules.apply(state, first)


def test_a_bot_acts_only_on_its_turn():
    state = rules.new_game({"players": 2}, "turn")
    with pytest.raises(ValueError):
        bots.make_bot("baseline", "s", 1).act(rules.view(state, 1))


def test_the_strong_bot_plays_the_free_card_instead_of_passing():
    state = table([[9, 15, 22], [10, 11, 12]], 8)
    action = bots.make_bot("strong", "t", 0).act(rules.view(state, 0))
    assert action == {"play": [9]}


def test_the_strong_bot_goes_out_when_it_is_free():
    state = table([[14, 14], [3, 20, 21], [15, 16]], 13)
    action = bots.make_bot("strong", "t", 0).act(rules.view(state, 0))
    assert action == {"play": [14, 14]}


def test_the_baseline_passes_once_on_a_big_jump_then_acts():
    state = table([[20, 21], [9, 10]], 8)
    bot = bots.make_bot("baseline", "t", 0)
    assert bot.act(rules.view(state, 0)) == {"pass": True}
    state = rules.apply(state, {"pass": True})
    state = rules.apply(state, {"pass": True})
    assert rules.to_act(state) == 0
    assert "pass" not in bot.act(rules.view(state, 0))


def test_the_baseline_discards_isolated_cards_never_the_1():
    assert bots.BaselineBot("s", 0).act({
        "seat": 0, "active": 0, "phase": "discard",
        "hand": [1, 2, 3, 3, 4, 5, 9, 12, 13, 14, 14, 15, 16, 17, 23],
    }) == {"discard": [9, 17, 23]}  # 23 (6 from 17), 9 (3 from 12), then the highest of the gap-1 cards
