"""The Eleusis rule language: a small typed expression language for secret rules.

``compile_rule(text) -> Rule`` parses, type-checks and range-checks a rule, then builds its judge from closures
(no ``eval``/``exec``/``compile``/``ast``: the text can name nothing outside the language). Any problem raises
``RuleError`` with the 0-based ``position`` and what was ``expected`` there. See docs/rule-language.md.

A rule judges one card given the mainline (the correct cards so far, oldest first). The first card is judged
with an empty mainline: parts of the rule about earlier cards are unknown and do not count (see interpreter).
"""
from __future__ import annotations

from typing import Iterable, Sequence

from junban.games.eleusis.lang.analysis import RuleInfo, analyse
from junban.games.eleusis.lang.errors import RuleError
from junban.games.eleusis.lang.interpreter import build, check_mainline
from junban.games.eleusis.lang.syntax import Node, parse
from junban.games.eleusis.lang.typecheck import check_types
from junban.games.eleusis.lang.words import LANGS, describe

__all__ = ["Rule", "RuleError", "RuleInfo", "compile_rule", "LANGS"]


class Rule:
    """A compiled rule. Immutable; judging is a pure function of (mainline, card)."""

    __slots__ = ("text", "root", "info", "_fn")

    def __init__(self, text: str, root: Node):
        self.text = text
        self.root = root
        self.info: RuleInfo = analyse(root)
        self._fn = build(root)

    def accepts(self, mainline: Sequence[str], card: str) -> bool:
        """Is ``card`` right after ``mainline`` (correct cards so far, oldest first)? Checks its arguments."""
        check_mainline(mainline)
        check_mainline((card,))
        return self._fn([mainline, card, None, {}]) is not False

    def judge(self, mainline: Sequence[str], card: str) -> bool:
        """``accepts`` without checking the arguments (for hot loops over known-good card codes)."""
        return self._fn([mainline, card, None, {}]) is not False

    def judge_all(self, mainline: Sequence[str], cards: Iterable[str]) -> list[bool]:
        """The verdict on each of ``cards`` after the same mainline (aggregates are computed once)."""
        env = [mainline, None, None, {}]
        fn = self._fn
        out = []
        for card in cards:
            env[1] = card
            out.append(fn(env) is not False)
        return out

    def truth(self, mainline: Sequence[str], card: str) -> bool | None:
        """The three-valued result: True, False, or None when it rests on a card that is not there."""
        return self._fn([mainline, card, None, {}])

    def truth_all(self, mainline: Sequence[str], cards: Iterable[str]) -> list[bool | None]:
        """Three-valued results for each of ``cards`` after the same mainline."""
        env = [mainline, None, None, {}]
        fn = self._fn
        out = []
        for card in cards:
            env[1] = card
            out.append(fn(env))
        return out

    def describe(self, lang: str = "en") -> str:
        """The rule in plain words: ``lang`` is "en" or "ja"."""
        return describe(self.root, lang)

    def __repr__(self) -> str:
        return f"Rule({self.text!r})"


def compile_rule(text: str) -> Rule:
    """Parse and check ``text``; return the ``Rule``. Raises ``RuleError`` (position, expected) on any problem."""
    root = parse(text)
    check_types(root)
    return Rule(text, root)
