"""Rule text -> tokens. Positions always refer to the text as typed.

Each character is first folded with Unicode NFKC, so full-width letters, digits and symbols from a Japanese
keyboard (``ｃａｒｄ．ｒａｎｋ　＞　３``) read as their ASCII twins. Words are case-insensitive (phones capitalise
the first letter). Also accepted: ``≠ ≤ ≥``, the minus sign ``−``, ``×``, ``…`` for ``..``, and the suit symbols
``♠ ♥ ♦ ♣`` (and their white forms) as suit names.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from junban.games.eleusis.lang.errors import RuleError
from junban.games.eleusis.lang.limits import MAX_LITERAL, MAX_TEXT_LENGTH, MAX_TOKENS

SUIT_SYMBOL_WORDS = {
    "\u2660": "spades", "\u2664": "spades",
    "\u2665": "hearts", "\u2661": "hearts",
    "\u2666": "diamonds", "\u2662": "diamonds",
    "\u2663": "clubs", "\u2667": "clubs",
}
_CHAR_ALIASES = {"\u2212": "-", "\u00d7": "*", "\u2260": "\u2260", "\u2264": "\u2264", "\u2265": "\u2265"}
# Longest first: the lexer takes the longest symbol that matches.
SYMBOLS = ("...", "..", "==", "!=", "<>", "<=", ">=", "\u2260", "\u2264", "\u2265",
           "(", ")", "[", "]", ",", ".", "+", "-", "*", "=", "<", ">")
_SYMBOL_CANONICAL = {"...": "..", "==": "=", "<>": "!=", "\u2260": "!=", "\u2264": "<=", "\u2265": ">="}


@dataclass(frozen=True)
class Token:
    kind: str  # "num", "name", "sym" or "end"
    value: object  # int for num, lower-case str for name, canonical str for sym
    pos: int  # 0-based offset in the original text
    text: str  # as typed (for messages)

    def shown(self) -> str:
        if self.kind == "end":
            return "the end of the rule"
        return repr(self.text)


def _fold(text: str) -> tuple[str, list[int]]:
    """NFKC-fold each character; return the folded text and, per folded character, its original offset."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        if ch in SUIT_SYMBOL_WORDS:
            folded = " " + SUIT_SYMBOL_WORDS[ch] + " "
        elif ch in _CHAR_ALIASES:
            folded = _CHAR_ALIASES[ch]
        elif ord(ch) < 128:
            folded = ch
        else:
            folded = unicodedata.normalize("NFKC", ch)
            if folded in _CHAR_ALIASES:
                folded = _CHAR_ALIASES[folded]
        out.append(folded)
        where.extend([i] * len(folded))
    return "".join(out), where


def _describe_char(ch: str) -> str:
    if ch == "\x00":
        return "a NUL character"
    if unicodedata.category(ch).startswith("C"):
        return f"a control character (U+{ord(ch):04X})"
    return repr(ch)


def tokenize(text: str) -> list[Token]:
    if not isinstance(text, str):
        raise RuleError(0, "a rule written as text")
    if len(text) > MAX_TEXT_LENGTH:
        raise RuleError(MAX_TEXT_LENGTH, f"a rule of at most {MAX_TEXT_LENGTH} characters",
                        f"{len(text)} characters")
    folded, where = _fold(text)
    tokens: list[Token] = []
    i = 0
    n = len(folded)
    while i < n:
        ch = folded[i]
        if ch in " \t\r\n\u3000" or ch.isspace() and ch.isprintable():
            i += 1
            continue
        start = i
        pos = where[i]
        if "0" <= ch <= "9":
            while i < n and "0" <= folded[i] <= "9":
                i += 1
            digits = folded[start:i]
            if len(digits) > len(str(MAX_LITERAL)) or int(digits) > MAX_LITERAL:
                raise RuleError(pos, f"a number from 0 to {MAX_LITERAL}", repr(_original(text, where, start, i)))
            tokens.append(Token("num", int(digits), pos, _original(text, where, start, i)))
        elif ch.isascii() and (ch.isalpha() or ch == "_"):
            while i < n and folded[i].isascii() and (folded[i].isalnum() or folded[i] == "_"):
                i += 1
            tokens.append(Token("name", folded[start:i].lower(), pos, _original(text, where, start, i)))
        else:
            for sym in SYMBOLS:
                if folded.startswith(sym, i):
                    i += len(sym)
                    tokens.append(Token("sym", _SYMBOL_CANONICAL.get(sym, sym), pos,
                                        _original(text, where, start, i)))
                    break
            else:
                raise RuleError(pos, "a word, a number or one of ( ) [ ] , . .. + - * = != < <= > >=",
                                _describe_char(text[pos]))
        if len(tokens) > MAX_TOKENS:
            raise RuleError(pos, f"a shorter rule (at most {MAX_TOKENS} words and symbols)")
    tokens.append(Token("end", None, len(text), ""))
    return tokens


def _original(text: str, where: list[int], start: int, end: int) -> str:
    """The original characters behind folded characters start..end."""
    first = where[start]
    last = where[end - 1] if end - 1 < len(where) else len(text) - 1
    return text[first:last + 1]
