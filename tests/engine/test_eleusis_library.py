"""The rule library: at least 40 rules in three levels, each a rule with names, words, and a true acceptance rate."""
import json
import random
from pathlib import Path

import pytest

from junban.games.eleusis import library
from junban.games.eleusis.checker import HIGH, LOW, acceptance_rate
from junban.games.eleusis.equivalence import compare
from junban.games.eleusis.lang import compile_rule

HELDOUT = Path(__file__).resolve().parents[1] / "fixtures" / "eleusis" / "heldout.json"
RULES = library.all_rules()


def test_forty_rules_in_three_levels_with_unique_ids():
    assert len(RULES) >= 40
    assert len({r.id for r in RULES}) == len(RULES)
    for level in library.LEVELS:
        assert len(library.rules_by_level(level)) >= 10


@pytest.mark.parametrize("entry", RULES, ids=[r.id for r in RULES])
def test_every_rule_parses_describes_and_has_its_texts(entry):
    rule = compile_rule(entry.rule)
    assert rule.describe("en") and rule.describe("ja")
    for lang in ("en", "ja"):
        assert entry.name(lang) and entry.words(lang)
        assert (entry.hint(lang) is None) == (entry.hint_en is None)
    assert entry.level in library.LEVELS


@pytest.mark.parametrize("entry", RULES, ids=[r.id for r in RULES])
def test_the_measured_acceptance_rate_is_true(entry):
    # measured again with other random play: within 0.03 (more than 4 standard errors at 6000 judgements)
    rate = acceptance_rate(entry.compiled(), 6000, seed="library-test")
    assert abs(rate - entry.acceptance) < 0.03, (entry.id, rate, entry.acceptance)
    assert LOW <= entry.acceptance <= HIGH, "a library rule should accept neither almost all nor almost nothing"


def test_the_classics_are_there():
    texts = {r.rule for r in RULES}
    assert "card.colour != prev.colour" in texts
    assert "card.prime != prev.prime" in texts
    assert "if prev.face then card.rank < prev.rank else card.rank > prev.rank" in texts
    assert "card.suit = next(prev.suit)" in texts
    assert "if prev.red then card.rank > prev.rank else card.rank < prev.rank" in texts
    assert any("position mod" in t for t in texts)


def test_get_and_pick():
    assert library.get("alternating-colours").rule == "card.colour != prev.colour"
    with pytest.raises(KeyError):
        library.get("no-such-rule")
    picks = {library.pick("hard", random.Random(i)).id for i in range(200)}
    assert picks == {r.id for r in library.rules_by_level("hard")}
    assert library.pick("easy", random.Random(7)) == library.pick("easy", random.Random(7))
    with pytest.raises(ValueError):
        library.rules_by_level("expert")


def test_no_two_library_rules_are_the_same_rule():
    for i, a in enumerate(RULES):
        for b in RULES[i + 1:]:
            assert not compare(a.compiled(), b.compiled()).equivalent, (a.id, b.id)


def test_the_held_out_rules_are_not_in_the_library():
    heldout = json.loads(HELDOUT.read_text(encoding="utf-8"))
    assert len(heldout) >= 30
    assert {h["level"] for h in heldout} == set(library.LEVELS)
    for h in heldout:
        mine = compile_rule(h["rule"])
        for entry in RULES:
            assert not compare(mine, entry.compiled()).equivalent, (h["name"], entry.id)


def test_the_data_file_is_in_canonical_form():
    entries = json.loads(library.DATA_PATH.read_text(encoding="utf-8"))
    assert library.DATA_PATH.read_text(encoding="utf-8") == library.dump(entries)
