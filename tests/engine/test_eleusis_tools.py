"""Smoke runs of the Eleusis tools that docs/bench-eleusis.md quotes: the calibration fit and the figures."""
from __future__ import annotations

import json
import os
import subprocess
import sys

ROOT = __file__.rsplit("/tests/", 1)[0]


def tool(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": "py"})


def test_the_calibration_fit_recovers_a_known_slope_and_shift(tmp_path):
    import math
    import random

    rng = random.Random(7)
    games = []
    for _ in range(60):
        turns = []
        for _ in range(20):
            raw = rng.random()
            x = math.log(max(raw, 1e-4) / max(1 - raw, 1e-4))
            right = rng.random() < 1 / (1 + math.exp(-(1.5 * x + 0.5)))
            turns.append([0.0, right, raw, 10, 5, "play"])
        games.append({"turns": turns})
    path = tmp_path / "turns.json"
    path.write_text(json.dumps(games))
    out = tool("tools/eleusis_calibration.py", str(path))
    assert out.returncode == 0, out.stderr
    fitted = json.loads(out.stdout.strip().splitlines()[-1])
    assert abs(fitted["CALIBRATION_SLOPE"] - 1.5) < 0.25 and abs(fitted["CALIBRATION_SHIFT"] - 0.5) < 0.25


def fit_and_measure(tmp_path, fit_games: list[dict], held_games: list[dict]) -> dict:
    """Sure fitted on ``fit_games`` and measured on ``held_games`` (as fit.json and held.json): the tool's result."""
    fit_file, held_file = tmp_path / "fit.json", tmp_path / "held.json"
    fit_file.write_text(json.dumps(fit_games))
    held_file.write_text(json.dumps(held_games))
    out = tool("tools/eleusis_calibration.py", "--sure", str(fit_file), "--measure", str(held_file))
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_sure_is_fitted_on_some_runs_and_measured_on_others_per_kind(tmp_path):
    """A rule about the card alone is right far more often than its raw share says: the fit finds it (a positive
    weight for "card alone"), and the measured runs are told per kind with the bounds."""
    import math
    import random

    rng = random.Random(11)

    def games(n: int) -> list[dict]:
        out = []
        for g in range(n):
            alone = g % 2 == 0
            turns = []
            for e in range(1, 12):
                raw = rng.random() * 0.5
                x = math.log(raw / (1 - raw))
                z = 0.8 * x + (1.5 if alone else -0.5) + 0.1 * e
                right = rng.random() < 1 / (1 + math.exp(-z))
                best = "card.red" if alone else "card.colour != prev.colour"
                turns.append([0.1, right, raw, 30 - e, e, "play", e, best, rng.random() * 0.2])
            out.append({"name": f"rule{g}", "game": 0, "level": "single-card" if alone else "previous-card",
                        "turns": turns})
        return out

    result = fit_and_measure(tmp_path, games(80), games(30))
    held_file = tmp_path / "held.json"
    weights = dict(zip(["raw", "shift", "evidence", "alone", "alone_e", "alone_raw"], result["SURE_WEIGHTS"]))
    assert weights["alone"] > 1.0, weights
    measured = result["measured"]
    assert set(measured) == {"all", "single-card", "previous-card"}
    assert measured["all"]["fitted"]["ece"] < measured["all"]["bots"]["ece"]  # the bots' 0.1 is far off
    assert 0 < measured["single-card"]["noise"] < 0.2 and result["oracle_ece"] <= measured["all"]["fitted"]["ece"] + .02
    for kind in ("all", "single-card"):  # the interval holds the measured ECE; the kind-blind oracle is no worse
        low, high = measured[kind]["ci95"]
        assert low <= measured[kind]["fitted"]["ece"] <= high
    assert measured["all"]["oracle blind"] == result["oracle_ece"]
    alone = result["card_alone_measured"]  # "card.red" is the best rule of every single-card game, of no other
    assert alone["single-card"]["turns"] == 15 * 11 and alone["previous-card"] == {"turns": 0, "right": 0}
    assert 0 < result["sure_cpu"]["warm_us"] < 1000 and result["sure_cpu"]["cold_us_max"] > 0
    cv = tool("tools/eleusis_calibration.py", "--sure", "--cv", str(held_file))
    assert cv.returncode == 0, cv.stderr
    held = json.loads(cv.stdout.strip().splitlines()[-1])["cross_validated"]
    assert set(held) == {"all", "single-card", "previous-card"} and held["all"]["turns"] == 30 * 11
    # each group of rules is predicted by a fit on the others: near the fit on all, never the same numbers
    assert abs(held["all"]["cross-validated"]["mean"] - held["all"]["right"]) < 0.05
    assert held["single-card"]["cross-validated"] != held["single-card"]["sure now"]
    old = tool("tools/eleusis_calibration.py", "--sure", str(tmp_path / "fit.json"), "--measure", _old_turns(tmp_path))
    assert old.returncode == 2 and "run the bench again" in old.stderr, old.stderr


def test_the_oracle_told_how_the_weight_splits_sees_what_sure_s_inputs_cannot(tmp_path):
    """A best rule about the card alone, right only in single-card games where its idea's weight is mostly about the
    card alone (field 10), which it never is in the other games: Sure's six inputs cannot tell those turns apart,
    the kind-blind oracle refitted with the split can."""
    import random

    rng = random.Random(5)

    def games(n: int) -> list[dict]:
        out = []
        for g in range(n):
            single = g % 2 == 0
            turns = []
            for e in range(1, 9):
                idea = rng.random() if single else rng.random() * 0.5
                right = single and idea > 0.5 and rng.random() < 0.9
                turns.append([0.1, right, 0.2, 30 - e, e, "play", e, "card.red", 0.1, 0.1, [idea, 0.1]])
            out.append({"name": f"rule{g}", "game": 0, "level": "single-card" if single else "previous-card",
                        "turns": turns})
        return out

    result = fit_and_measure(tmp_path, games(20), games(40))
    single = result["measured"]["single-card"]
    assert single["oracle blind"] > 0.15 and single["oracle blind + split"] < single["oracle blind"] - 0.05, single
    assert result["measured"]["previous-card"]["oracle blind + split"] < 0.1 and result["oracle_split_ece"] < 0.15


def _old_turns(tmp_path) -> str:
    path = tmp_path / "old.json"
    path.write_text(json.dumps([{"level": "x", "turns": [[0.1, True, 0.1, 30, 0, "play", 1]]}]))
    return str(path)


def _result(path, threshold, solved, score):
    buckets = [{"bucket": [i / 10, (i + 1) / 10], "turns": 3, "mean_belief": i / 10 + 0.05,
                "right_rate": i / 10} for i in range(10)]
    path.write_text("table\n" + json.dumps({
        "threshold": threshold, "games": 20, "rules_file": "x.json", "solved_rate": solved,
        "solved_rate_ci95": [solved - 0.1, min(1.0, solved + 0.05)], "mean_score": score,
        "mean_score_ci95": [score - 1, score + 1], "reliability": buckets, "brier": 0.1, "turns": 30}) + "\n")
    return str(path)


def test_the_figures_are_svg_pictures_of_the_results(tmp_path):
    policy = _result(tmp_path / "p.json", None, 0.95, 16.0)
    low = _result(tmp_path / "a.json", 0.3, 0.85, 15.0)
    high = _result(tmp_path / "b.json", 0.7, 0.97, 13.0)
    out = tool("tools/eleusis_figures.py", "reliability", str(tmp_path / "r.svg"), policy)
    assert out.returncode == 0, out.stderr
    svg = (tmp_path / "r.svg").read_text()
    assert svg.startswith("<svg") and "ECE 0.050" in svg and svg.count("<circle") == 10
    out = tool("tools/eleusis_figures.py", "frontier", str(tmp_path / "f.svg"), policy, low, high)
    assert out.returncode == 0, out.stderr
    svg = (tmp_path / "f.svg").read_text()
    assert "expected value" in svg and ">0.30<" in svg and ">0.70<" in svg
    wrong_order = tool("tools/eleusis_figures.py", "frontier", str(tmp_path / "g.svg"), low, policy)
    assert wrong_order.returncode == 2


def test_the_sure_figure_shows_sure_beside_the_bots_belief_with_the_ece_per_kind(tmp_path):
    """The figure draws Sure as ``belief.sure`` has it now, from each turn's inputs, not the run's own field 9."""
    from junban.games.eleusis import belief

    stated = belief.sure(0.1, 5, "card.red")
    games = [{"level": kind, "turns": [[0.05, i % 2 == 0, 0.1, 30, i, "play", 5, "card.red", 0.0, 0.99]
                                       for i in range(10)]} for kind in ("single-card", "place")]
    turns = tmp_path / "t.json"
    turns.write_text(json.dumps(games))
    out = tool("tools/eleusis_figures.py", "sure", str(tmp_path / "s.svg"), str(turns))
    assert out.returncode == 0, out.stderr
    svg = (tmp_path / "s.svg").read_text()
    # Sure says the same on every turn, right half the time; the bots said 0.05 (ECE 0.45); the recorded 0.99 unread
    assert f"ECE {abs(stated - 0.5):.3f}" in svg and ">single-card (10)<" in svg and ">0.450<" in svg
    assert "ECE 0.490" not in svg
    games[0]["turns"][0] = games[0]["turns"][0][:7]
    turns.write_text(json.dumps(games))
    assert tool("tools/eleusis_figures.py", "sure", str(tmp_path / "s.svg"), str(turns)).returncode == 2


def test_the_pool_of_runs_counts_wrong_guesses_and_plays_from_the_turns(tmp_path):
    solved = {"name": "a", "level": "single-card", "solved": True, "score": 24,
              "turns": [[0.1, False, 0.1, 30, 0, "play", 1], [0.3, False, 0.3, 29, 1, "guess", 2],
                        [0.2, False, 0.2, 27, 1, "play", 3], [0.6, True, 0.6, 26, 2, "play", 4],
                        [0.7, True, 0.7, 25, 3, "play", 5], [0.8, True, 0.8, 24, 4, "guess", 6]]}
    # 4 plays and 1 wrong guess: 30 - 4 - 2 = 24 plays left at the right guess
    unsolved = {"name": "b", "level": "history", "solved": False, "score": 0,
                "turns": [[0.05, False, 0.05, 1, 29, "play", 30], [0.1, False, 0.1, 0, 30, "guess", 31]]}
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    one.write_text(json.dumps([solved]))
    two.write_text(json.dumps([unsolved]))
    out = subprocess.run([sys.executable, "tools/eleusis_pool.py", str(one), str(two)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, env={**os.environ, "PYTHONPATH": "py"})
    assert out.returncode == 0, out.stderr
    pooled = json.loads(out.stdout)
    assert (pooled["games"], pooled["solved"], pooled["mean_score"]) == (2, 1, 12)
    assert pooled["mean_wrong_guesses"] == 1  # one wrong guess in each game
    assert pooled["mean_plays_to_solve"] == 4 and pooled["turns"] == 8
    assert set(pooled["kinds"]) == {"single-card", "history"} and pooled["kinds"]["history"]["solved"] == 0
