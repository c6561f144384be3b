"""The Eleusis science benchmark: the command's output form, reproducible digests, and what --told tells."""
from __future__ import annotations

import json

from junban.bench import eleusis as bench
from junban.games.eleusis.lang import compile_rule

RULES = "tests/fixtures/eleusis/tuning-kinds.json"


def run(capsys, argv: list[str]) -> dict:
    assert bench.main(argv) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_last_line_is_the_result_with_numbers_per_kind(capsys):
    result = run(capsys, ["--rules", RULES, "--level", "everyday", "--games", "1", "--seed", "t"])
    assert result["games"] == result["rules"] == 10
    assert set(result["kinds"]) == {"everyday"}
    kind = result["kinds"]["everyday"]
    assert kind["games"] == 10 and kind["solved"] == result["solved"]
    assert kind["mean_wrong_guesses"] == result["mean_wrong_guesses"]
    lo, hi = result["solved_rate_ci95"]
    assert 0 <= lo <= result["solved_rate"] <= hi <= 1
    lo, hi = result["mean_wrong_guesses_ci95"]
    assert lo <= result["mean_wrong_guesses"] <= hi
    assert kind["mean_wrong_guesses_ci95"] == result["mean_wrong_guesses_ci95"]


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
