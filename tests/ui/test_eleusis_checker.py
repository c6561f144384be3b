"""The rule checker's words: every error the rule language gives reads in the person's language, with the caret
under the right character and a fix when a slip can be fixed."""
from __future__ import annotations

import re

import pytest
from junban.games.eleusis.lang import RuleError, compile_rule
from junban.ui import i18n
from junban.ui.games import eleusis_checker as checker

# Rule texts that go wrong in every way the language reports (each line a different phrase of it).
BAD_RULES = (
    "", "   ", "card.colur = red", "card.suit = hart", "card.rank =< 5", "card.rank >", "(card.rank > 3",
    "card.rank > 3 > 2", "card.suit in 1..3", "card.suit in [1, 2", "card.suit in [1..3]", "card.suit in [red]",
    "card.rank in [hearts]", "3.rank > 2", "card.rank.suit", "max(1) > 2", "max(1, 2, 3) > 2", "max 1", "abs(1 > 2",
    "card.rank > prev.suit", "card.suit = 3", "card > prev", "card.rank = prev", "card in [1]", "not 3",
    "card.red and 3", "card.red or 3", "if 3 then card.red", "if card.red card.black", "if card.red then 3",
    "if card.red then card.rank else card.suit", "if card.red then card", "card.rank + red > 3", "red - 1 > 0",
    "-red > 1", "count(card.rank) > 1", "sum(card.red) > 1", "next(card.red) > 1", "abs(card.red) > 1",
    "each.red", "count(count(each.red) > 1) > 1", "card.rank", "card.suit = hearts ♥ x", "card.rank > 9999999",
    "card.rank ＞ ５ かつ", "if card.red then card.red else", "card.rank > (1", "[1, 2]", "then", "card.rank > if",
)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_error_of_the_rule_language_is_said_in_the_persons_language(lang):
    i18n.set_language(lang)
    try:
        seen = set()
        for text in BAD_RULES:
            with pytest.raises(RuleError) as caught:
                compile_rule(text)
            err = caught.value
            for part in (err.expected, err.found):
                if part:
                    assert checker.known(part), f"{text!r}: no words for {part!r}"
                    seen.add(part)
            message = checker.error_message(err.position, err.expected, err.found)
            if lang == "ja":
                outside_code = re.sub(r"'[^']*'|[a-z]+(\.[a-z]+)?\(?(\.\.\.)?\)?|\[[^\]]*\]", "", message)
                assert not re.search(r"[A-Za-z]{3,}", outside_code), (text, message)
        assert len(seen) > 30, "the corpus reaches most of the language's phrases"
    finally:
        i18n.set_language("en")


def test_the_caret_stands_under_the_error_for_ascii_and_full_width_text():
    assert checker.caret_lines("card.rank >", 11) == ("card.rank >", " " * 11 + "^")
    shown, caret = checker.caret_lines("ｃａｒｄ．ｃｏｌｕｒ", 5)
    assert shown == "ｃａｒｄ．ｃｏｌｕｒ" and caret == "\u3000" * 5 + "^"
    long = "card.rank >= prev.rank and card.suit != prev.suit and card.colur"
    shown, caret = checker.caret_lines(long, long.index("colur"))
    assert shown.startswith("…") and shown[caret.index("^")] == "c"


def test_a_report_offers_the_fix_and_remembers_no_words_of_the_current_language():
    report = checker.rule_report("card.suit = hart")
    assert report["fix"] == {"text": "card.suit = hearts", "changes": [["hart", "hearts"]]}
    assert "message" not in report, "the message is made when drawn, so a change of language shows at once"
    assert checker.applied_fix(report) == "card.suit = hearts"
    assert checker.rule_report("card.suit = hearts")["ok"]


def test_the_words_offered_as_examples_read_and_never_give_a_library_rule_away():
    """Every phrase quoted as an example in the checker's texts reads as a rule, in either language, and none is
    a library rule (an example must not hand a solo-science player the answer)."""
    from junban.games.eleusis import library
    from junban.games.eleusis.equivalence import compare
    from junban.games.eleusis.lang.phrases import understand
    from junban.ui.text import eleusis as texts

    quoted = set()
    for catalog in (texts.EN, texts.JA):
        for key in ("el.check.placeholder", "el.check.empty", "el.words.try", "sci.guess.help"):
            for a, b in re.findall(r"“([^”]+)”|「([^」]+)」", catalog[key]):
                quoted.add(a or b)
            if key == "el.check.placeholder":
                quoted.add(re.sub(r"^(e\.g\. |例：)", "", catalog[key]))
    assert len(quoted) >= 6, quoted
    for phrase in quoted:
        got = understand(phrase)
        assert got.ok, phrase
        rule = compile_rule(got.rule)
        assert not any(compare(rule, entry.compiled()).equivalent for entry in library.all_rules()), phrase
