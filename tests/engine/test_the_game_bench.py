"""The Game benchmark: the command's output form, and the same seed set gives the same numbers."""
from __future__ import annotations

import json

import pytest

from junban.bench import the_game as bench


def run(capsys, argv: list[str]) -> dict:
    assert bench.main(argv) == 0
    out = capsys.readouterr().out.strip().splitlines()
    return json.loads(out[-1])


def test_last_line_is_the_result(capsys):
    result = run(capsys, ["--players", "2", "--games", "6", "--seed", "t", "--bot", "baseline"])
    for key in ("games", "perfect_rate", "win_rate", "mean_left", "ci95_perfect", "seconds"):
        assert key in result
    assert result["games"] == 6
    lo, hi = result["ci95_perfect"]
    assert 0 <= lo <= result["perfect_rate"] <= hi <= 1
    assert result["win_rate"] >= result["perfect_rate"]


@pytest.mark.parametrize("bot,variant", [("baseline", []), ("baseline", ["--variant", "expert", "fire"]),
                                         ("strong", [])])
def test_same_seed_set_same_result_with_any_workers(capsys, bot, variant):
    argv = ["--players", "3", "--games", "4", "--seed", "repro", "--bot", bot, *variant]
    one = run(capsys, argv)
    again = run(capsys, argv)
    spread = run(capsys, [*argv, "--workers", "2"])
    for key in ("results_digest", "perfect_rate", "win_rate", "mean_left"):
        assert one[key] == again[key] == spread[key]


def test_a_different_seed_set_gives_different_deals(capsys):
    a = run(capsys, ["--players", "1", "--games", "5", "--seed", "a", "--bot", "baseline"])
    b = run(capsys, ["--players", "1", "--games", "5", "--seed", "b", "--bot", "baseline"])
    assert a["results_digest"] != b["results_digest"]


def test_variants_reach_the_engine():
    config = bench.game_config(4, ["expert", "small", "fire", "strict"])
    assert config["expert"] and config["small_hands"] and config["on_fire"] and config["strict"]
    assert config["players"] == 4


def test_clairvoyant_reports_the_solvers_work_and_replays_its_lines(capsys, monkeypatch):
    from junban.bench import the_game_solver

    replayed = []
    check = the_game_solver.check_line
    monkeypatch.setattr(the_game_solver, "check_line", lambda *a: replayed.append(a[1]) or check(*a))
    result = run(capsys, ["--players", "3", "--games", "3", "--seed", "clair", "--bot", "clairvoyant", "--variant",
                          "fire"])
    assert replayed == ["clair-0", "clair-1", "clair-2"]   # every deal's line went through the engine
    assert result["perfect"] == 3 and result["proven_optimal"] == 3
    assert result["node_limit"] == the_game_solver.NODE_LIMIT
    nodes, seconds = result["nodes"], result["cpu_seconds"]
    assert 1 <= nodes["mean"] <= nodes["max"] and nodes["p95"] <= nodes["max"]
    assert 0 < seconds["mean"] <= seconds["max"]


def test_a_line_that_breaks_the_rules_is_refused():
    from junban.bench.the_game_solver import check_line
    from junban.errors import RuleViolation

    with pytest.raises(RuleViolation):
        check_line({"players": 1}, "bad-line", [{"end_turn": True}])   # no card played: the turn may not end
    with pytest.raises(AssertionError):
        check_line({"players": 1}, "bad-line", [])                       # a line must end the game
