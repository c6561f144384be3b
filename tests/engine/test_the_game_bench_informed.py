"""The benchmark's informed bots: the strong bot with the hidden cards told, to measure what they are worth."""
from __future__ import annotations

import json

import pytest

from junban.bench import the_game as bench
from junban.bench.the_game_informed import EVERY_TURN, InformedBot
from junban.games.the_game import rules, strategy
from junban.games.the_game.seat_view import turn_start


def table(players: int, seed: str = "informed") -> rules.State:
    return rules.new_game(rules.normalize_config({"players": players}), seed)


def test_sampled_deals_split_the_unseen_cards_between_partners_and_the_draw_pile():
    state = table(3)
    position = turn_start(rules.view(state, 0))
    deals = strategy.sampled_deals(position)
    assert len(deals) == strategy.ENDGAME_SAMPLES
    assert deals == strategy.sampled_deals(position)  # a function of the view
    for hands, draw in deals:
        assert hands[0] is None
        assert [len(hands[s]) for s in (1, 2)] == [len(state.hands[1]), len(state.hands[2])]
        dealt = [*hands[1], *hands[2], *draw]
        assert sorted(dealt) == sorted(position.unseen)
    assert len({tuple(draw) for _, draw in deals}) > 1


@pytest.mark.parametrize("name", ["informed-hands", "informed-deal"])
def test_informed_deals_hold_the_real_hidden_cards(name):
    state = table(3)
    bot = InformedBot(name, "informed", 1)
    bot.table = state
    position = turn_start(rules.view(state, 1))
    deals = bot.real_deals(position)
    assert len(deals) == (1 if name == "informed-deal" else strategy.ENDGAME_SAMPLES)
    for hands, draw in deals:
        assert hands[1] is None
        assert hands[0] == sorted(state.hands[0]) and hands[2] == sorted(state.hands[2])
        if name == "informed-deal":
            assert draw == state.draw
        else:
            assert sorted(draw) == sorted(state.draw)
    if name == "informed-hands":
        assert len({tuple(draw) for _, draw in deals}) > 1


def test_partly_told_deals_keep_the_told_cards_where_they_are_and_deal_the_rest():
    state = table(3)
    bot = InformedBot("informed-hands", "informed", 1, known=0.5)
    bot.table = state
    position = turn_start(rules.view(state, 1))
    told = {s: [c for c in state.hands[s] if bot.told(c)] for s in (0, 2)}
    partners_cards = len(state.hands[0]) + len(state.hands[2])
    assert 0 < len(told[0]) + len(told[2]) < partners_cards
    assert told == {s: [c for c in state.hands[s] if bot.told(c)] for s in (0, 2)}  # told once, told for good
    deals = bot.real_deals(position)
    assert len(deals) == strategy.ENDGAME_SAMPLES
    for hands, draw in deals:
        assert hands[1] is None
        for s in (0, 2):
            assert len(hands[s]) == len(state.hands[s]) and set(told[s]) <= set(hands[s])
        assert sorted([*hands[0], *hands[2], *draw]) == sorted(position.unseen)
    untold = [c for s in (0, 2) for c in state.hands[s] if c not in told[s]]
    assert any(set(untold) - set(hands[0]) - set(hands[2]) for hands, _ in deals)  # not the real hands
    assert len({tuple(hands[0]) for hands, _ in deals}) > 1


def test_told_nothing_an_informed_bot_samples_as_the_strong_bot_does():
    state = table(3)
    bot = InformedBot("informed-hands", "informed", 1, known=0.0)
    bot.table = state
    position = turn_start(rules.view(state, 1))
    sampled = [([None if h is None else sorted(h) for h in hands], draw)
               for hands, draw in strategy.sampled_deals(position)]
    assert bot.real_deals(position) == sampled


def test_only_informed_hands_can_be_told_part_of_the_hands():
    with pytest.raises(ValueError):
        InformedBot("informed-deal", "informed", 0, known=0.5)
    with pytest.raises(ValueError):
        InformedBot("informed-hands", "informed", 0, known=1.5)


def test_informed_bots_play_every_turn_out_unless_told_later(monkeypatch):
    state = table(2)
    seen = []
    monkeypatch.setattr(strategy, "endgame_choice", lambda position, deals: seen.append(deals) or [])
    position = turn_start(rules.view(state, 0))
    assert position.draw_count > strategy.LATE_DRAW
    every = InformedBot("informed-deal", "informed", 0)
    every.table = state
    every.plan_turn(position)
    assert seen == [[([None, sorted(state.hands[1])], state.draw)]]
    later = InformedBot("informed-deal", "informed", 0, playouts_from=strategy.LATE_DRAW)
    later.table = state
    later.plan_turn(position)
    assert len(seen) == 1  # not played out this early: the strong bot's turn search instead


def run(capsys, argv: list[str]) -> dict:
    assert bench.main(argv) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


@pytest.mark.parametrize("name", ["informed-hands", "informed-deal"])
def test_informed_benchmark_runs_through_the_engine_and_repeats(capsys, name):
    argv = ["--players", "2", "--games", "2", "--seed", "inf", "--bot", name, "--playouts-from", "12"]
    one = run(capsys, argv)
    spread = run(capsys, [*argv, "--workers", "2"])
    assert one["games"] == 2 and one["bot"] == name and one["playouts_from"] == 12
    assert one["results_digest"] == spread["results_digest"]


def test_informed_runs_every_turn_by_default(capsys):
    result = run(capsys, ["--players", "1", "--games", "1", "--seed", "inf", "--bot", "informed-deal"])
    assert result["playouts_from"] == EVERY_TURN


@pytest.mark.parametrize("argv, complaint", [
    (["--bot", "strong", "--playouts-from", "30"], "--playouts-from applies to the informed bots only"),
    (["--bot", "informed-hands", "--playouts-from", "-1"], "--playouts-from must be 0 or more"),
    (["--bot", "informed-deal", "--known", "0.5"], "--known applies to informed-hands only"),
    (["--bot", "informed-hands", "--known", "2"], "--known must be between 0 and 1"),
])
def test_informed_options_are_refused_where_they_do_not_apply(capsys, argv, complaint):
    with pytest.raises(SystemExit):
        bench.parse_args(argv)
    assert complaint in capsys.readouterr().err


def test_a_partly_told_run_reports_how_much_it_was_told(capsys):
    result = run(capsys, ["--players", "3", "--games", "2", "--seed", "inf", "--bot", "informed-hands",
                          "--known", "0.5", "--playouts-from", "12"])
    assert result["known"] == 0.5 and result["games"] == 2
