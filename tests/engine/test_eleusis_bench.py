"""The Eleusis science benchmark: the command's output form, reproducible digests, and what --told tells."""
from __future__ import annotations

import json

import pytest

from junban.bench import eleusis as bench
from junban.games.eleusis import belief
from junban.games.eleusis.lang import compile_rule

RULES = "tests/fixtures/eleusis/tuning-kinds.json"


def run(capsys, argv: list[str]) -> dict:
    assert bench.main(argv) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_last_line_is_the_result_with_numbers_per_kind_and_the_beliefs_calibration(capsys, tmp_path):
    turns = tmp_path / "turns.json"
    result = run(capsys, ["--rules", RULES, "--level", "everyday", "--games", "1", "--seed", "t",
                          "--turns", str(turns)])
    assert result["games"] == result["rules"] == 10
    assert set(result["kinds"]) == {"everyday"}
    kind = result["kinds"]["everyday"]
    for key in ("games", "solved", "solved_rate", "mean_score", "mean_plays_to_solve", "mean_wrong_guesses",
                "brier", "ece", "mean_score_ci95", "brier_ci95", "ece_ci95", "turns"):
        assert kind[key] == result[key], key
    for key in ("solved_rate", "mean_score", "mean_plays_to_solve", "mean_wrong_guesses", "brier", "ece"):
        lo, hi = result[f"{key}_ci95"]
        assert lo <= result[key] <= hi, key
    assert 0 <= result["ece"] <= 1 and 0 <= result["brier"] <= 1
    buckets = result["reliability"]
    assert len(buckets) == 10 and sum(b["turns"] for b in buckets) == result["turns"]
    games = json.loads(turns.read_text())
    assert len(games) == 10 and sum(len(g["turns"]) for g in games) == result["turns"]
    # brier and ece measure "Sure" (what the hint says: field 9), not the bots' own belief (field 0)
    pairs = [(t[9], t[1]) for g in games for t in g["turns"]]
    assert result["brier"] == round(bench.brier_score(pairs), 4)
    assert result["ece"] == round(bench.calibration_error(pairs), 4)
    for g in games:
        for t in g["turns"]:
            assert t[9] == pytest.approx(belief.sure(t[2], t[6], t[7]), abs=1e-3)  # (raw recorded to 4 places)
            idea, weight = t[10]  # the card-alone share of the best rule's idea and of all the surviving weight
            assert 0 <= idea <= 1 and 0 <= weight <= 1
            assert idea > 0 or not belief.reads_only_the_card(t[7])  # the best rule itself weighs in its idea
    assert any(0 < t[10][1] < 1 for g in games for t in g["turns"])


def test_calibration_error_and_brier_by_hand():
    pairs = [(0.05, False), (0.05, False), (0.95, True), (0.95, False), (0.55, True), (0.55, True)]
    # buckets 0.0-0.1: belief .05, right 0 (2 turns); 0.9-1.0: .95 vs .5 (2); 0.5-0.6: .55 vs 1 (2)
    assert bench.calibration_error(pairs) == pytest.approx((2 * 0.05 + 2 * 0.45 + 2 * 0.45) / 6)
    assert bench.brier_score(pairs) == pytest.approx((2 * 0.0025 + 0.0025 + 0.9025 + 2 * 0.2025) / 6)
    rows = bench.reliability(pairs)
    assert [r["turns"] for r in rows] == [2, 0, 0, 0, 0, 2, 0, 0, 0, 2]


def test_a_fixed_threshold_guesses_as_soon_as_the_belief_reaches_it(capsys, tmp_path):
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps([{"name": "alternate colours", "rule": "card.colour != prev.colour"}]))
    turns = tmp_path / "turns.json"
    result = run(capsys, ["--rules", str(rules), "--games", "2", "--seed", "thr", "--threshold", "0.3",
                          "--turns", str(turns)])
    assert result["threshold"] == 0.3
    for game in json.loads(turns.read_text()):
        for bots_belief, _right, _raw, left, _made, move, *_ in game["turns"]:
            assert (move == "guess") == (bots_belief >= 0.3) or left == 0


def test_the_same_seed_set_gives_the_same_digest_with_any_workers(capsys, tmp_path):
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps([{"name": "alternate colours", "rule": "card.colour != prev.colour"},
                                 {"name": "follow suit", "rule": "card.suit = prev.suit"}]))
    argv = ["--rules", str(rules), "--games", "1", "--seed", "repro"]
    one = run(capsys, argv)
    spread = run(capsys, [*argv, "--workers", "2"])
    assert one["results_digest"] == spread["results_digest"]
    other = run(capsys, ["--rules", str(rules), "--games", "1", "--seed", "other"])
    assert other["results_digest"] != one["results_digest"]


def test_told_judgements_are_the_secret_rules_verdicts_and_rest_says_nothing_of_first_cards():
    rule = compile_rule("if length = 0 then card.face else card.colour != prev.colour")
    rest = bench.told_judgements(rule, "s", first_card=False)
    everything = bench.told_judgements(rule, "s", first_card=True)
    assert rest and all(before for before, _, _ in rest)
    assert all(rule.judge(list(before), card) == right for before, card, right in everything)
    assert sum(1 for before, _, _ in everything if not before) == 52
