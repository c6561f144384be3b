"""The Eleusis rule language: parsing, types, judging (including the first card) and plain words."""
import re
from pathlib import Path

import pytest

from junban.errors import JunbanError
from junban.games.eleusis.lang import RuleError, compile_rule

LANG_DIR = Path(__file__).resolve().parents[2] / "py" / "junban" / "games" / "eleusis" / "lang"


def accepts(text, mainline, card):
    return compile_rule(text).accepts(mainline, card)


# ---------------------------------------------------------------- judging


def test_alternating_colours():
    rule = compile_rule("card.colour != prev.colour")
    assert rule.accepts(["QH"], "3S")
    assert not rule.accepts(["QH"], "3D")
    assert rule.accepts(["QH", "3S"], "10D")


def test_the_issue_example_if_red_then_higher_else_lower():
    rule = compile_rule("if prev.colour = red then card.rank > prev.rank else card.rank < prev.rank")
    assert rule.accepts(["7H"], "9C")  # after red: higher
    assert not rule.accepts(["7H"], "5C")
    assert rule.accepts(["7S"], "5C")  # after black: lower
    assert not rule.accepts(["7S"], "7D")


def test_first_card_parts_about_earlier_cards_do_not_count():
    # With an empty mainline 'prev' is unknown: only the rest of the rule can reject the first card.
    assert accepts("card.colour != prev.colour", [], "QH")
    assert accepts("card.red and card.rank > prev.rank", [], "QH")
    assert not accepts("card.red and card.rank > prev.rank", [], "QS")
    assert not accepts("card.rank > prev.rank and card.red", [], "QS")  # order does not matter
    assert accepts("card.black or card.rank > prev.rank", [], "2H")  # unknown or false: unknown -> accepted
    assert accepts("prev2.suit = card.suit", ["AS"], "KH")  # prev2 missing with one card


def test_if_with_unknown_condition_is_known_when_both_branches_agree():
    assert not accepts("if prev.red then card.black else card.face and card.black", [], "2H")
    assert accepts("if prev.red then card.black else card.red", [], "2H")  # branches disagree -> unknown


def test_if_without_else_means_otherwise_anything():
    rule = compile_rule("if prev.face then not card.face")
    assert not rule.accepts(["KH"], "QS")
    assert rule.accepts(["KH"], "2S")
    assert rule.accepts(["9H"], "QS")


def test_features():
    assert accepts("card.rank = 12 and card.suit = hearts and card.colour = red", [], "QH")
    assert accepts("card.odd and card.face and card.prime", [], "KS")  # K = 13
    assert accepts("card.even and card.face and not card.prime", [], "QS")
    assert accepts("card.black and not card.red", [], "AC")
    assert accepts("card.value = 1 and card.color = black", [], "AC")  # aliases
    assert not accepts("card.prime", [], "AS")  # 1 is not prime


def test_rank_words_and_suit_symbols():
    assert accepts("card.rank = K", [], "KD")
    assert accepts("card.rank = queen", [], "QD")
    assert accepts("card.rank in [ace, jack]", [], "JD")
    assert accepts("card.suit = ♠", [], "2S") and accepts("card.suit = \u2661", [], "2H")


def test_wrap_around_ranks_and_suits():
    assert accepts("card.rank = next(prev.rank)", ["KS"], "AD")  # K -> A
    assert accepts("card.rank = wrap(prev.rank - 1)", ["AS"], "KD")
    assert accepts("card.suit = next(prev.suit)", ["2C"], "2S")  # clubs -> spades
    assert accepts("card.colour = next(prev.colour)", ["2C"], "2D")
    assert accepts("(card.rank - prev.rank) mod 13 = 1", ["KS"], "AH")


def test_arithmetic_and_mod_by_zero():
    assert accepts("card.rank * 2 - 1 = 5", [], "3H")
    assert accepts("card.rank mod 0 = 0", [], "7H")  # x mod y is 0 when y <= 0
    assert accepts("-card.rank < 0 and abs(-3) = 3 and min(2, 5) = 2 and max(2, 5) = 5", [], "7H")
    assert accepts("(card.rank + prev.rank) mod 3 = 0", ["5C"], "4C")


def test_mainline_length_position_counts_and_sums():
    mainline = ["2H", "3S", "4D", "KC"]
    assert accepts("length = 4 and position = 5", mainline, "AH")
    assert accepts("count(each.red) = 2 and count(each.face) = 1", mainline, "AH")
    assert accepts("sum(each.rank) = 22", mainline, "AH")
    assert accepts("count(each.suit = hearts) = 1", mainline, "AH")
    assert accepts("position mod 3 = 2", mainline, "AH")
    assert accepts("first.rank = 2 and prev3.rank = 3 and prev2.rank = 4 and prev.rank = 13", mainline, "AH")
    assert accepts("count(each.rank > card.rank) = 4", mainline, "AH")  # 'card' inside count


def test_in_lists_and_ranges():
    assert accepts("card.rank in [2, 3, 5..7]", [], "6H")
    assert not accepts("card.rank in [2, 3, 5..7]", [], "4H")
    assert accepts("card.suit not in [hearts, spades]", [], "4D")
    assert accepts("card.rank in [prev.rank - 1 .. prev.rank + 1]", ["5S"], "4H")


def test_case_insensitive_words_and_full_width_text():
    assert accepts("If Prev.Colour = Red Then Card.Rank > Prev.Rank Else Card.Rank < Prev.Rank", ["7H"], "9C")
    assert accepts("ｃａｒｄ．ｒａｎｋ　＞　３", [], "5H")  # typed on a Japanese keyboard
    assert accepts("card.rank ≥ 3 and card.rank ≤ 5 and card.rank ≠ 4", [], "5H")
    assert accepts("card.rank is not 4 and card.suit is hearts", [], "5H")


def test_else_reaches_right_and_binds_to_the_nearest_if():
    rule = compile_rule("if card.red then card.odd else card.even and card.face")
    assert rule.accepts([], "QS") and not rule.accepts([], "4S")
    nested = compile_rule("if card.red then if card.odd then card.face else card.rank < 5 else card.black")
    assert nested.accepts([], "KH") and not nested.accepts([], "9H") and nested.accepts([], "4H")


def test_judge_all_matches_accepts():
    rule = compile_rule("count(each.red) > count(each.black) and card.black or card.rank = prev.rank")
    mainline = ["2H", "3D", "9S"]
    hand = ["2S", "9H", "KD", "QC"]
    assert rule.judge_all(mainline, hand) == [rule.accepts(mainline, c) for c in hand]


def test_accepts_checks_its_arguments():
    rule = compile_rule("card.red")
    with pytest.raises(ValueError):
        rule.accepts([], "1H")
    with pytest.raises(ValueError):
        rule.accepts(["ZZ"], "2H")


def test_rule_text_is_kept():
    assert compile_rule("card.red").text == "card.red"


# ---------------------------------------------------------------- errors name position and expectation


@pytest.mark.parametrize("text, position, expected_words", [
    ("card.rank >", 11, "a value"),
    ("card.foo = 3", 5, "card feature"),
    ("card.rank > red", 12, "a number"),
    ("1 < 2 < 3", 6, "do not chain"),
    ("", 0, "a rule"),
    ("card", 0, "yes/no rule"),
    ("if card.red then 3", 17, "yes/no value after 'then'"),
    ("count(count(each.red) > 1)", 6, "not inside another"),
    ("each.red", 0, "'each' only inside"),
    ("card.rank = 123456", 12, "a number from 0"),
    ("card.suit = hearts and", 22, "a value"),
    ("(card.red", 9, "')'"),
    ("card.red $", 9, "a word, a number"),
    ("prev.rank.suit", 9, "an operator"),
    ("card.rank * length * length * length > 2", 19, "stay within"),
    ("if card.red card.odd", 12, "'then'"),
    ("min(card.rank) > 2", 13, "2 values"),
    ("card.rank in [hearts]", 14, "a number in the list"),
    ("card.suit in [1..3]", 15, "ranges are for numbers"),
    ("card.red and 3", 13, "yes/no value"),
    ("if card.red then card.rank else card.suit", 32, "a number after 'else'"),
])
def test_errors_name_the_position_and_what_was_expected(text, position, expected_words):
    with pytest.raises(RuleError) as info:
        compile_rule(text)
    err = info.value
    assert isinstance(err, JunbanError)
    assert err.position == position, (str(err), err.position)
    assert expected_words in err.expected
    assert f"character {position + 1}" in str(err) and err.expected in str(err)


def test_limits_on_length_and_nesting():
    with pytest.raises(RuleError) as info:
        compile_rule("card.red or " * 60 + "card.red")
    assert "at most 500 characters" in info.value.expected
    with pytest.raises(RuleError) as info:
        compile_rule("(" * 30 + "card.red" + ")" * 30)
    assert "less nesting" in info.value.expected
    with pytest.raises(RuleError):
        compile_rule("not " * 40 + "card.red")
    with pytest.raises(RuleError):
        compile_rule(" and ".join(["count(each.red) > 1"] * 7))


def test_names_outside_the_language_are_unknown_words():
    for text in ("__import__", "card.__class__", "globals", "self.rank", "os", "print", "lambda"):
        with pytest.raises(RuleError):
            compile_rule(text)


def test_the_language_never_reaches_eval_exec_compile_or_ast():
    source = "\n".join(p.read_text(encoding="utf-8") for p in LANG_DIR.glob("*.py"))
    assert not re.search(r"(?<![\w.])(eval|exec|compile|__import__)\s*\(", source)
    assert not re.search(r"^\s*(import|from)\s+ast\b", source, re.M)
    assert "getattr(self, \"_\" + node.kind)" in source  # the only dynamic lookup: node kinds made by the parser


# ---------------------------------------------------------------- plain words


@pytest.mark.parametrize("text, en, ja", [
    ("card.colour != prev.colour", "The card has a different colour from the previous card.", "出すカードと直前のカードの色が違う。"),
    ("if prev.colour = red then card.rank > prev.rank else card.rank < prev.rank",
     "If the previous card is red, then the card is higher than the previous card; "
     "otherwise the card is lower than the previous card.",
     "直前のカードが赤なら、出すカードのランクが直前のカードのランクより大きい。そうでなければ、出すカードのランクが直前のカードのランクより小さい。"),
    ("card.suit = next(prev.suit)", "spades, hearts, diamonds, clubs", "スペード→ハート→ダイヤ→クラブ"),
    ("position mod 3 = 0", "3rd, 6th, 9th", "3、6、9…枚目"),
    ("count(each.red) > count(each.black)", "number of red cards on the mainline", "正解の列の赤のカードの枚数"),
    ("not card.face", "The card is not a face card.", "出すカードが絵札ではない。"),
])
def test_plain_words(text, en, ja):
    rule = compile_rule(text)
    assert en in rule.describe("en")
    assert ja in rule.describe("ja")


def test_plain_words_only_in_known_languages():
    with pytest.raises(ValueError):
        compile_rule("card.red").describe("fr")
