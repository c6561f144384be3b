"""Fuzzing the rule language: random and hostile text must only ever give a rule or a clean RuleError.

A seeded slice runs here; ``tools/eleusis_fuzz.py`` runs the same generator for longer.
"""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from junban.games.eleusis import cards
from junban.games.eleusis.lang import RuleError, compile_rule
from junban.games.eleusis.lang.limits import MAX_TEXT_LENGTH

VOCABULARY = [
    "card", "prev", "prev2", "prev3", "first", "each", ".", "rank", "suit", "colour", "odd", "even", "face",
    "prime", "red", "black", "hearts", "spades", "K", "ace", "if", "then", "else", "and", "or", "not", "in",
    "is", "mod", "(", ")", "[", "]", ",", "..", "+", "-", "*", "=", "!=", "<", "<=", ">", ">=", "length",
    "position", "count", "sum", "next", "wrap", "abs", "min", "max", "true", "false", "0", "1", "7", "13",
    "10000", "99999", "__import__", "__class__", "__builtins__", "os", "eval", "exec", "lambda", "self",
    "globals", "\x00", "\u202e", "é", "♥", "ｃａｒｄ", "\ud800", "🂡", "'", '"', ";", "\n", "\\", "{", "}",
]
SEEDS = [
    "card.colour != prev.colour",
    "if prev.colour = red then card.rank > prev.rank else card.rank < prev.rank",
    "count(each.red) < count(each.black) and card.red or card.rank in [2, 3, 5..7]",
    "(sum(each.rank) + card.rank) mod 3 != 0",
    "card.suit = next(prev.suit) and abs(card.rank - prev2.rank) <= wrap(position mod 4)",
]
HOSTILE = [
    "(" * 1000 + "card.red" + ")" * 1000,
    "not " * 1000 + "card.red",
    "-" * 1000 + "1 > 0",
    "card.rank > " + "9" * 10000,
    "card.rank > 9" + " * 9999" * 60,
    "__import__('os').system('echo pwned')",
    "card.__class__.__bases__[0].__subclasses__()",
    "().__class__", "card.rank.__add__", "prev.__dict__", "exec('1')", "eval", "compile", "open('/etc/passwd')",
    "card.red" + " or card.red" * 100000,
    "x" * 1_000_000,
    "\x00", "card.red\x00", "card\x00.red", "\ufeffcard.red", "card.red\u202e", "card.red \U0001F600",
    "\ud800", "ｉｆ　ｃａｒｄ．ｒｅｄ　ｔｈｅｎ　ｃａｒｄ．ｏｄｄ", "card.rank = ٣", "card.rank = ³",
    "card.rank in [" + ", ".join(["1"] * 100) + "]",
    " and ".join(["count(each.red) > 1"] * 10),
    "count(each.rank * each.rank * each.rank) > 1",
    "sum(sum(each.rank))", "each", "first.first", "card..rank", "card.rank..", "[1..2]", "if if if",
    "if card.red then", "else", "1 = 1 = 1", "true" + " = true" * 3,
    "card.rank * card.rank * card.rank * card.rank * card.rank * card.rank * card.rank * card.rank > 0",
    "card.rank * card.rank * card.rank * card.rank * card.rank * card.rank * card.rank * card.rank * card.rank > 0",
    "sum(each.rank) * sum(each.rank) > 0", "length * length * length > 1",
]
# Valid after all: NFKC folds the first two to rules; 13**8 stays under the 10**9 bound.
VALID_HOSTILE = {"ｉｆ　ｃａｒｄ．ｒｅｄ　ｔｈｅｎ　ｃａｒｄ．ｏｄｄ", "card.rank = ³",
                 "card.rank * card.rank * card.rank * card.rank * card.rank * card.rank * card.rank * card.rank > 0"}
MAINLINES = [[], ["QH"], ["QH", "3S"], ["2C", "KD", "7H", "7H", "AS"], list(cards.DECK[:40])]


def check_text(text):
    """Compile ``text``: it must give a working rule or a clean RuleError, never anything else."""
    try:
        rule = compile_rule(text)
    except RuleError as err:
        assert isinstance(err.position, int) and 0 <= err.position <= max(len(text), MAX_TEXT_LENGTH)
        assert err.expected and str(err)
        return None
    for mainline in MAINLINES:
        for card in ("QH", "3S", "AD", "KC"):
            assert rule.accepts(mainline, card) in (True, False)
    assert rule.describe("en") and rule.describe("ja")
    return rule


def random_text(rng):
    kind = rng.random()
    if kind < 0.4:
        return " ".join(rng.choice(VOCABULARY) for _ in range(rng.randrange(1, 30)))
    if kind < 0.8:
        text = list(rng.choice(SEEDS))
        for _ in range(rng.randrange(0, 4)):
            op = rng.randrange(3)
            i = rng.randrange(len(text) + 1)
            if op == 0 and text:
                del text[min(i, len(text) - 1)]
            elif op == 1:
                text.insert(i, rng.choice(VOCABULARY + list("()[].,+-*=<>!0123456789 ")))
            elif text:
                j = rng.randrange(len(text))
                text[min(i, len(text) - 1)], text[j] = text[j], text[min(i, len(text) - 1)]
        return "".join(text)
    return "".join(chr(rng.randrange(0, 0x3000)) for _ in range(rng.randrange(0, 40)))


def run(seed, count):
    rng = random.Random(f"eleusis-fuzz-{seed}")
    compiled = 0
    for _ in range(count):
        if check_text(random_text(rng)) is not None:
            compiled += 1
    return compiled


def test_hostile_inputs_give_clean_errors():
    for text in HOSTILE:
        if check_text(text) is not None:
            assert text in VALID_HOSTILE, text


def test_seeded_random_and_mutated_texts():
    compiled = run("tests", 1500)
    assert compiled > 100  # the generator also produces working rules, so judging is fuzzed too


def test_not_a_string():
    for value in (None, 3, b"card.red", ["card.red"]):
        try:
            compile_rule(value)
        except RuleError:
            pass


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=600))
def test_any_unicode_text(text):
    check_text(text)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(VOCABULARY), max_size=40))
def test_any_token_soup(tokens):
    check_text(" ".join(tokens))
