"""The clairvoyant solver (benchmark only): sound cuts, perfect games that the engine confirms, honest counts."""
from __future__ import annotations

import json

import pytest

from junban.bench import the_game as bench
from junban.bench import the_game_solver as solver
from junban.games.the_game import rules


def test_a_card_is_alive_directly_or_through_a_chain_of_backwards_tricks():
    tops = (60, 70, 30, 20)
    assert solver._alive(65, tops, set())         # above ascending 60
    assert solver._alive(25, tops, set())         # below descending 30
    assert solver._alive(50, tops, set())         # 50 = 60 - 10
    assert not solver._alive(45, tops, {55})      # 55 fits nowhere either, so it cannot open a trick for 45
    assert solver._alive(45, tops, {55, 65})      # 65 on 60, then 55 and 45 as backwards tricks
    assert solver._alive(41, (61, 70, 30, 20), {51})   # 51 = 61 - 10 first, then 41 = 51 - 10
    assert not solver._alive(41, (61, 70, 30, 20), set())


def test_solver_results_are_perfect_games_the_engine_replays():
    config = rules.normalize_config({"players": 3})
    for k in range(3):
        result = solver.solve_deal(config, f"solver-{k}")
        assert result["status"] in ("perfect", "proved_not_perfect", "undecided")
        if result["status"] == "perfect":
            assert result["left"] == 0 and result["result"] == "perfect"
        else:
            assert result["left"] > 0


def test_a_wrong_line_is_refused_by_the_engine_check():
    config = rules.normalize_config({"players": 1})
    state = rules.new_game(config, "bad-line")
    card, pile = rules.playable(state)[0]
    with pytest.raises(AssertionError):
        solver.check_perfect_line(config, "bad-line", [[(card, pile)]])


def test_clairvoyant_benchmark_reports_its_limits(capsys, monkeypatch):
    monkeypatch.setattr(solver, "NODE_LIMIT", 60)
    monkeypatch.setattr(solver, "PROOF_LIMIT", 60)
    assert bench.main(["--players", "2", "--games", "3", "--seed", "clair", "--bot", "clairvoyant"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["games"] == 3
    assert result["solved_perfect"] + result["proved_not_perfect"] + result["undecided"] == 3
    assert "60 guided" in result["node_limit"]


def test_solver_refuses_on_fire():
    with pytest.raises(ValueError):
        solver.solve_deal(rules.normalize_config({"players": 2, "on_fire": True}), "fire")
