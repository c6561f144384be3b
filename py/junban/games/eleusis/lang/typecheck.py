"""Types and number ranges of a parsed rule, checked before the rule ever runs.

Types: ``int`` (ranks, counts, arithmetic), ``bool``, ``suit``, ``colour`` and ``card`` (only as the left of
``.feature``). Every number gets a range ``lo..hi`` from its parts (a rank is 1..13, a count 0..MAX_MAINLINE, ...);
a rule whose numbers could pass ``MAX_VALUE`` is refused here, so judging never meets a huge number.
"""
from __future__ import annotations

from junban.games.eleusis.lang.errors import RuleError
from junban.games.eleusis.lang.limits import MAX_AGGREGATES, MAX_MAINLINE, MAX_VALUE
from junban.games.eleusis.lang.syntax import Node

TYPE_WORDS = {"int": "a number", "bool": "a yes/no value", "suit": "a suit", "colour": "a colour", "card": "a card"}
FEATURE_TYPES = {"rank": "int", "suit": "suit", "colour": "colour", "odd": "bool", "even": "bool", "face": "bool",
                 "prime": "bool", "red": "bool", "black": "bool"}


def _found(node: Node) -> str:
    return f"{TYPE_WORDS[node.type]}"


def _need(node: Node, want: str, what: str) -> None:
    if node.type != want:
        raise RuleError(node.pos, what, _found(node))


def _bound(node: Node, lo: int, hi: int) -> None:
    if lo < -MAX_VALUE or hi > MAX_VALUE:
        raise RuleError(node.pos, f"numbers that stay within {MAX_VALUE}", "an expression that could grow larger")
    node.lo, node.hi = lo, hi


class _Checker:
    def __init__(self) -> None:
        self.aggregates = 0

    def check(self, node: Node, in_aggregate: bool = False) -> str:
        method = getattr(self, "_" + node.kind)
        node.type = method(node, in_aggregate)
        return node.type

    # -- leaves
    def _num(self, node: Node, agg: bool) -> str:
        _bound(node, node.value, node.value)
        return "int"

    def _bool(self, node: Node, agg: bool) -> str:
        return "bool"

    def _suit(self, node: Node, agg: bool) -> str:
        return "suit"

    def _colour(self, node: Node, agg: bool) -> str:
        return "colour"

    def _cardref(self, node: Node, agg: bool) -> str:
        if node.value == "each" and not agg:
            raise RuleError(node.pos, "'each' only inside count(...) or sum(...)", "'each' outside them")
        return "card"

    def _length(self, node: Node, agg: bool) -> str:
        _bound(node, 0, MAX_MAINLINE)
        return "int"

    def _position(self, node: Node, agg: bool) -> str:
        _bound(node, 1, MAX_MAINLINE + 1)
        return "int"

    def _feature(self, node: Node, agg: bool) -> str:
        self.check(node.args[0], agg)
        kind = FEATURE_TYPES[node.value]
        if node.value == "rank":
            _bound(node, 1, 13)
        return kind

    # -- numbers
    def _neg(self, node: Node, agg: bool) -> str:
        (inner,) = node.args
        self.check(inner, agg)
        _need(inner, "int", "a number after '-'")
        _bound(node, -inner.hi, -inner.lo)
        return "int"

    def _arith(self, node: Node, agg: bool) -> str:
        left, right = node.args
        self.check(left, agg)
        self.check(right, agg)
        word = "'mod'" if node.value == "mod" else repr(node.value)
        _need(left, "int", f"a number before {word}")
        _need(right, "int", f"a number after {word}")
        if node.value == "+":
            _bound(node, left.lo + right.lo, left.hi + right.hi)
        elif node.value == "-":
            _bound(node, left.lo - right.hi, left.hi - right.lo)
        elif node.value == "*":
            corners = [a * b for a in (left.lo, left.hi) for b in (right.lo, right.hi)]
            _bound(node, min(corners), max(corners))
        else:  # x mod y: 0..y-1 for y >= 1; 0 when y <= 0
            _bound(node, 0, max(0, right.hi - 1))
        return "int"

    def _call(self, node: Node, agg: bool) -> str:
        name = node.value
        if name in ("count", "sum"):
            if agg:
                raise RuleError(node.pos, f"{name}(...) not inside another count or sum", f"nested {name}")
            self.aggregates += 1
            if self.aggregates > MAX_AGGREGATES:
                raise RuleError(node.pos, f"at most {MAX_AGGREGATES} uses of count and sum")
            (body,) = node.args
            self.check(body, True)
            if name == "count":
                _need(body, "bool", "a yes/no question about 'each' card, e.g. count(each.red)")
                _bound(node, 0, MAX_MAINLINE)
                return "int"
            _need(body, "int", "a number about 'each' card, e.g. sum(each.rank)")
            _bound(node, min(0, body.lo * MAX_MAINLINE), max(0, body.hi * MAX_MAINLINE))
            return "int"
        for arg in node.args:
            self.check(arg, agg)
        if name == "next":
            (arg,) = node.args
            if arg.type == "suit":
                return "suit"
            if arg.type == "colour":
                return "colour"
            _need(arg, "int", "a rank, a suit or a colour inside next(...)")
            _bound(node, 1, 13)
            return "int"
        for arg in node.args:
            _need(arg, "int", f"a number inside {name}(...)")
        if name == "abs":
            (arg,) = node.args
            lo = 0 if arg.lo <= 0 <= arg.hi else min(abs(arg.lo), abs(arg.hi))
            _bound(node, lo, max(abs(arg.lo), abs(arg.hi)))
        elif name == "wrap":
            _bound(node, 1, 13)
        elif name == "min":
            a, b = node.args
            _bound(node, min(a.lo, b.lo), min(a.hi, b.hi))
        else:  # max
            a, b = node.args
            _bound(node, max(a.lo, b.lo), max(a.hi, b.hi))
        return "int"

    # -- comparisons and logic
    def _cmp(self, node: Node, agg: bool) -> str:
        left, right = node.args
        self.check(left, agg)
        self.check(right, agg)
        if left.type == "card":
            raise RuleError(left.pos, "a feature of the card, e.g. card.rank or card.suit", "a bare card")
        if right.type == "card":
            raise RuleError(right.pos, "a feature of the card, e.g. prev.rank or prev.suit", "a bare card")
        if node.value in ("=", "!="):
            if left.type != right.type:
                raise RuleError(right.pos, f"{TYPE_WORDS[left.type]} to compare with {TYPE_WORDS[left.type]}",
                                _found(right))
        else:
            _need(left, "int", f"a number before '{node.value}' (only numbers are ordered)")
            _need(right, "int", f"a number after '{node.value}'")
        return "bool"

    def _in(self, node: Node, agg: bool) -> str:
        value, *items = node.args
        self.check(value, agg)
        if value.type == "card":
            raise RuleError(value.pos, "a feature of the card before 'in', e.g. card.rank", "a bare card")
        for item in items:
            if item.kind == "range":
                self.check(item, agg)
                if value.type != "int":
                    raise RuleError(item.pos, f"{TYPE_WORDS[value.type]} in the list (ranges are for numbers)",
                                    "a range")
            else:
                self.check(item, agg)
                if item.type != value.type:
                    raise RuleError(item.pos, f"{TYPE_WORDS[value.type]} in the list", _found(item))
        return "bool"

    def _range(self, node: Node, agg: bool) -> str:
        low, high = node.args
        self.check(low, agg)
        self.check(high, agg)
        _need(low, "int", "a number before '..'")
        _need(high, "int", "a number after '..'")
        return "int"

    def _logic(self, node: Node, agg: bool, word: str) -> str:
        for arg in node.args:
            self.check(arg, agg)
            _need(arg, "bool", f"a yes/no value {word} (a comparison or a feature like card.red)")
        return "bool"

    def _and(self, node: Node, agg: bool) -> str:
        return self._logic(node, agg, "around 'and'")

    def _or(self, node: Node, agg: bool) -> str:
        return self._logic(node, agg, "around 'or'")

    def _not(self, node: Node, agg: bool) -> str:
        return self._logic(node, agg, "after 'not'")

    def _if(self, node: Node, agg: bool) -> str:
        cond, then, *rest = node.args
        self.check(cond, agg)
        _need(cond, "bool", "a yes/no condition after 'if'")
        self.check(then, agg)
        if then.type == "card":
            raise RuleError(then.pos, "a feature of the card after 'then'", "a bare card")
        if not rest:
            _need(then, "bool", "a yes/no value after 'then' when there is no 'else' (no 'else' means: else true)")
            return "bool"
        other = rest[0]
        self.check(other, agg)
        if other.type != then.type:
            raise RuleError(other.pos, f"{TYPE_WORDS[then.type]} after 'else', like after 'then'", _found(other))
        if then.type == "int":
            _bound(node, min(then.lo, other.lo), max(then.hi, other.hi))
        return then.type


def check_types(root: Node) -> None:
    """Annotate types and ranges; the whole rule must be a yes/no value. Raises ``RuleError``."""
    _Checker().check(root)
    if root.type != "bool":
        raise RuleError(root.pos, "a yes/no rule, e.g. card.rank > prev.rank", _found(root))
