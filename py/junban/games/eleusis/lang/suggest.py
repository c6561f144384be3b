"""Did you mean …? A correction for a rule text that does not compile.

Three kinds of slip are fixed, at the place the error is reported:

- a misspelt word: ``colur`` → ``colour``, ``hart`` → ``hearts``, ``rnak`` → ``rank`` (the nearest word of the
  language by edit distance, swaps of two neighbours counting once; after ``.`` only card features);
- a swapped or Japanese-keyboard operator: ``=<`` → ``<=``, ``=>`` → ``>=``, ``=!`` → ``!=``, ``≦`` → ``<=``,
  ``≧`` → ``>=``;
- a Japanese word for a term of the language: ``ハート`` → ``hearts``, ``赤`` → ``red``, ``ランク`` → ``rank``.

``suggest(text)`` applies one fix at a time (up to ``MAX_FIXES``) and keeps a fix only if the text then reads
further (the error moves right) or compiles. It returns a ``Suggestion`` (the corrected text, whether it compiles,
and each change as (what was typed, what replaces it)), or None when it has nothing to offer.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from junban.games.eleusis.lang.errors import RuleError
from junban.games.eleusis.lang.syntax import (
    BOOL_WORDS,
    CARD_REFS,
    COLOUR_WORDS,
    FUNCTIONS,
    KEYWORDS,
    MAINLINE_WORDS,
    parse,
)
from junban.games.eleusis.lang.typecheck import check_types

MAX_FIXES = 3

# (the word to suggest, the spellings it stands for): the suggestion is always the first, canonical spelling.
FEATURE_WORDS = (("rank", ("rank", "value")), ("suit", ("suit",)), ("colour", ("colour", "color")), ("odd", ("odd",)),
                 ("even", ("even",)), ("face", ("face",)), ("prime", ("prime",)), ("red", ("red",)),
                 ("black", ("black",)))
VALUE_WORDS = (
    *((word, (word,)) for word in CARD_REFS),
    ("hearts", ("hearts", "heart")), ("spades", ("spades", "spade")), ("diamonds", ("diamonds", "diamond")),
    ("clubs", ("clubs", "club")),
    *((word, (word,)) for word in COLOUR_WORDS), *((word, (word,)) for word in BOOL_WORDS),
    *((word, (word,)) for word in FUNCTIONS), *((word, (word,)) for word in MAINLINE_WORDS),
    ("ace", ("ace",)), ("jack", ("jack",)), ("queen", ("queen",)), ("king", ("king",)),
    *((word, (word,)) for word in sorted(KEYWORDS)),
)
JAPANESE_WORDS = {
    "ハート": "hearts", "スペード": "spades", "ダイヤ": "diamonds", "ダイヤモンド": "diamonds", "クラブ": "clubs",
    "赤": "red", "黒": "black", "ランク": "rank", "数字": "rank", "スート": "suit", "マーク": "suit", "色": "colour",
    "絵札": "face", "奇数": "odd", "偶数": "even", "素数": "prime", "エース": "ace", "ジャック": "jack",
    "クイーン": "queen", "キング": "king", "かつ": "and", "または": "or", "ではない": "not", "でない": "not",
}
OPERATOR_FIXES = {"=<": "<=", "=>": ">=", "=!": "!=", "≦": "<=", "≧": ">=", "≠": "!="}


@dataclass(frozen=True)
class Suggestion:
    text: str  # the corrected rule text
    compiles: bool  # the corrected text is a rule
    changes: tuple  # ((typed, replacement), ...) in the order they were made


def _compile_error(text: str) -> RuleError | None:
    try:
        check_types(parse(text))
    except RuleError as err:
        return err
    return None


def distance(a: str, b: str) -> int:
    """Edit distance where inserting, deleting or changing a letter, or swapping two neighbours, costs 1."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[i - 2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def nearest_word(word: str, after_dot: bool) -> str | None:
    """The language's word nearest to ``word`` (None if none is near enough: 1 edit for short words, 2 for
    longer, 3 for long ones)."""
    word = word.lower()
    allowed = 1 if len(word) <= 4 else (2 if len(word) <= 8 else 3)
    best, best_distance = None, allowed + 1
    for canonical, spellings in (FEATURE_WORDS if after_dot else VALUE_WORDS):
        d = min(distance(word, s) for s in spellings)
        if d < best_distance and d < len(word):
            best, best_distance = canonical, d
    return best


def _fold(ch: str) -> str:
    return unicodedata.normalize("NFKC", ch)


def _fix_at(text: str, pos: int) -> tuple[int, int, str] | None:
    """One fix near ``pos`` (the error's place): (start, end, replacement), or None."""
    # an operator typed the other way round, or from a Japanese keyboard
    for start in (pos - 1, pos):
        if start < 0:
            continue
        for typed, fixed in OPERATOR_FIXES.items():
            window = "".join(_fold(c) for c in text[start:start + len(typed)])
            if window == typed:
                return start, start + len(typed), fixed
    # a Japanese word for a term of the language
    for word in sorted(JAPANESE_WORDS, key=len, reverse=True):
        if text.startswith(word, pos):
            return pos, pos + len(word), JAPANESE_WORDS[word]
    # a misspelt word
    end = pos
    while end < len(text) and (_fold(text[end]).isascii() and (_fold(text[end]).isalnum() or text[end] == "_")):
        end += 1
    word = "".join(_fold(c) for c in text[pos:end])
    if not word or not word[0].isalpha():
        return None
    before = pos - 1
    while before >= 0 and text[before].isspace():
        before -= 1
    after_dot = before >= 0 and _fold(text[before]) == "."
    fixed = nearest_word(word, after_dot)
    if fixed is None or fixed == word.lower():
        return None
    return pos, end, fixed


def suggest(text: str) -> Suggestion | None:
    if not isinstance(text, str):
        return None
    err = _compile_error(text)
    if err is None:
        return None
    changes = []
    for _ in range(MAX_FIXES):
        fix = _fix_at(text, err.position)
        if fix is None:
            break
        start, end, replacement = fix
        candidate = text[:start] + replacement + text[end:]
        next_err = _compile_error(candidate)
        if next_err is not None and next_err.position <= start + len(replacement) - 1:
            break  # the fix does not help: the text still goes wrong there
        changes.append((text[start:end], replacement))
        text, err = candidate, next_err
        if err is None:
            break
    if not changes:
        return None
    return Suggestion(text=text, compiles=err is None, changes=tuple(changes))


def nearest(word: str, known, limit: int = 2) -> list[str]:
    """Known words (of the plain-words lexicons) within a small edit distance of ``word``, nearest first."""
    word = word.lower()
    allowed = 1 if len(word) <= 4 else 2
    scored = []
    for candidate in known:
        if abs(len(candidate) - len(word)) > allowed:
            continue
        d = distance(word, candidate)
        if 0 < d <= allowed:
            scored.append((d, candidate))
    scored.sort()
    return [c for _, c in scored[:limit]]
