"""Equivalence of rules (same game: they accept exactly the same mainlines) and its counterexamples."""
import pytest

from junban.games.eleusis.equivalence import card_classes, compare, equivalent
from junban.games.eleusis.lang import compile_rule as c


def assert_counterexample(a, b, ce):
    """Both rules accept every card of the mainline; they disagree on the card, as reported."""
    for i, card in enumerate(ce.mainline):
        assert a.judge(ce.mainline[:i], card) and b.judge(ce.mainline[:i], card)
    assert a.judge(ce.mainline, ce.card) == ce.a_accepts
    assert b.judge(ce.mainline, ce.card) == ce.b_accepts != ce.a_accepts


@pytest.mark.parametrize("x, y", [
    ("card.colour != prev.colour", "if prev.red then card.black else card.red"),
    ("card.colour != prev.colour", "card.red = prev.black"),
    ("card.odd != prev.odd", "(card.rank + prev.rank) mod 2 = 1"),
    ("card.rank = next(prev.rank)", "card.rank = wrap(prev.rank + 1)"),
    ("if position mod 3 = 0 then card.black else card.red", "if length mod 3 = 2 then card.black else card.red"),
    # differs only after mainlines neither rule can build
    ("card.colour != prev.colour", "card.colour != prev.colour and card.colour = prev2.colour"),
    # the running total starts at 0, so it stays even exactly when every card is even
    ("(sum(each.rank) + card.rank) mod 2 = 0", "card.even"),
])
def test_equivalent_pairs(x, y):
    ok, ce = equivalent(c(x), c(y))
    assert ok and ce is None
    ok2, _ = equivalent(c(y), c(x))
    assert ok2


@pytest.mark.parametrize("x, y", [
    ("card.colour != prev.colour", "card.colour = prev.colour"),
    ("card.suit != prev.suit and card.suit != prev2.suit", "card.suit != prev.suit"),
    ("card.suit = prev.suit or card.rank = prev.rank", "card.suit = prev.suit"),
    ("if count(each.red) < count(each.black) then card.red else card.black", "card.colour != prev.colour"),
    ("card.rank > prev.rank and card.suit != prev2.suit",
     "card.rank > prev.rank and card.suit != prev2.suit and card.rank != 7"),
    ("position mod 5 != 0 or card.face", "true"),
    ("card.red", "card.red and length < 12"),
])
def test_different_pairs_give_a_valid_counterexample(x, y):
    a, b = c(x), c(y)
    ok, ce = equivalent(a, b)
    assert not ok
    assert_counterexample(a, b, ce)


def test_exact_when_both_read_a_bounded_window():
    result = compare(c("card.rank > prev.rank and card.suit != prev2.suit"),
                     c("card.rank > prev.rank and card.suit != prev2.suit and true"))
    assert result.equivalent and result.exact


def test_the_first_counterexample_is_a_shortest_one():
    ok, ce = equivalent(c("card.colour != prev.colour"), c("card.colour != prev.colour and card.rank != 5"))
    assert not ok and len(ce.mainline) == 0 and ce.card.startswith("5")


def test_simulation_when_a_rule_counts_over_the_mainline():
    a = c("count(each.red) >= 0 and card.colour != prev.colour")
    b = c("card.colour != prev.colour")
    result = compare(a, b)
    assert result.equivalent and not result.exact
    different = compare(c("count(each.red) < 3 or card.black"), c("card.red or card.black"))
    assert not different.equivalent
    assert_counterexample(c("count(each.red) < 3 or card.black"), c("card.red or card.black"),
                          different.counterexample)


def test_over_budget_falls_back_to_simulation():
    result = compare(c("card.rank > prev.rank and card.suit != prev2.suit"),
                     c("card.rank > prev.rank and card.suit != prev2.suit and true"), exact_budget=1000)
    assert result.equivalent and not result.exact


def test_card_classes():
    assert len(card_classes(frozenset({"colour"}))) == 2
    assert len(card_classes(frozenset({"suit"}))) == 4
    assert len(card_classes(frozenset({"rank"}))) == 13
    assert len(card_classes(frozenset({"odd", "red"}))) == 4
    assert len(card_classes(frozenset({"rank", "suit"}))) == 52
