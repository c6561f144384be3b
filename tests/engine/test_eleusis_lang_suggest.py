"""Did you mean …? Fixes for rule texts that do not compile: misspelt words, swapped operators, Japanese words."""
from __future__ import annotations

import pytest
from junban.games.eleusis.lang import RuleError, compile_rule
from junban.games.eleusis.lang.suggest import distance, nearest_word, suggest


@pytest.mark.parametrize("typed, fixed", [
    ("card.colur = red", "card.colour = red"),            # a letter left out
    ("card.suit = hart", "card.suit = hearts"),           # a suit is suggested in the plural
    ("card.rnak > 5", "card.rank > 5"),                   # two letters swapped count once
    ("crad.rank > 5", "card.rank > 5"),
    ("card.rank =< 5", "card.rank <= 5"),                 # operators typed the other way round
    ("card.rank => prev.rank", "card.rank >= prev.rank"),
    ("card.rank =! 5", "card.rank != 5"),
    ("card.rank ≦ 5", "card.rank <= 5"),                  # a Japanese keyboard's symbol
    ("card.suit = ハート", "card.suit = hearts"),          # a Japanese word for a term of the language
    ("card.colour = 赤", "card.colour = red"),
    ("card.rank >= prev.rank adn card.red", "card.rank >= prev.rank and card.red"),
])
def test_a_slip_gets_a_fix_that_compiles(typed, fixed):
    with pytest.raises(RuleError):
        compile_rule(typed)
    suggestion = suggest(typed)
    assert suggestion is not None and suggestion.text == fixed and suggestion.compiles
    compile_rule(suggestion.text)


def test_several_slips_are_fixed_one_after_the_other():
    suggestion = suggest("card.colur = prev.colur")
    assert suggestion.text == "card.colour = prev.colour"
    assert suggestion.changes == (("colur", "colour"), ("colur", "colour"))


def test_after_a_dot_only_card_features_are_suggested():
    assert nearest_word("sut", after_dot=True) == "suit"
    assert nearest_word("hart", after_dot=True) is None, "hearts is a value, not a feature"


def test_nothing_is_offered_for_a_rule_that_compiles_a_word_too_far_off_or_a_missing_part():
    assert suggest("card.suit = hearts") is None
    assert suggest("card.rank > xyzzy") is None
    assert suggest("card.rank >") is None


def test_a_fix_that_does_not_get_the_text_further_is_not_offered():
    assert suggest("card.rank > prev.suit") is None  # a type error: no word is misspelt


def test_edit_distance_counts_a_swap_of_neighbours_once():
    assert distance("rank", "rank") == 0
    assert distance("rnak", "rank") == 1
    assert distance("colur", "colour") == 1
    assert distance("hart", "hearts") == 2
