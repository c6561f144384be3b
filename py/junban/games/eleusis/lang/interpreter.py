"""Judging cards: a checked rule tree becomes a tree of small Python closures (no eval, exec or compile).

Missing cards. ``prev`` on an empty mainline (or ``prev2`` with one card, ``first`` before any card) is *unknown*.
Unknown spreads through numbers and comparisons; ``and``/``or``/``not`` follow three-valued logic (false and
unknown = false, true or unknown = true); ``if`` with an unknown condition is known only when both branches agree.
A rule that comes out unknown **accepts** the card: on the first card, the parts of a rule about earlier cards do
not count, and the card is accepted unless the rest of the rule already rejects it.

Arithmetic: ``x mod y`` is the remainder 0..y-1 (0 when y <= 0); ``wrap(x)`` brings any number into 1..13 the way
ranks go round (14 -> 1, 0 -> 13); ``next(rank)`` is the rank above with K -> A, ``next(suit)`` goes
spades -> hearts -> diamonds -> clubs -> spades, ``next(colour)`` is the other colour.
"""
from __future__ import annotations

import operator
from typing import Callable, Sequence

from junban.games.eleusis import cards
from junban.games.eleusis.lang.limits import MAX_MAINLINE
from junban.games.eleusis.lang.syntax import CARD_REFS, Node

PRIMES = frozenset({2, 3, 5, 7, 11, 13})
SUIT_ORDER = cards.SUITS  # S H D C: next(suit) follows this order, so the colour always changes
NEXT_SUIT = {s: SUIT_ORDER[(i + 1) % 4] for i, s in enumerate(SUIT_ORDER)}

# Feature tables: card code (or None for a missing card) -> value (None = unknown).
_CODES = cards.DECK
FEATURE_TABLES: dict[str, dict] = {
    "rank": {c: cards.rank(c) for c in _CODES},
    "suit": {c: cards.suit(c) for c in _CODES},
    "colour": {c: "red" if cards.is_red(c) else "black" for c in _CODES},
    "odd": {c: cards.rank(c) % 2 == 1 for c in _CODES},
    "even": {c: cards.rank(c) % 2 == 0 for c in _CODES},
    "face": {c: cards.rank(c) >= 11 for c in _CODES},
    "prime": {c: cards.rank(c) in PRIMES for c in _CODES},
    "red": {c: cards.is_red(c) for c in _CODES},
    "black": {c: not cards.is_red(c) for c in _CODES},
}
for _table in FEATURE_TABLES.values():
    _table[None] = None

_CMP = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
        ">=": operator.ge}

# The environment of one judgement: [mainline, card, the 'each' card, memo of card-independent aggregates].
Env = list
Fn = Callable[[Env], object]


def wrap_rank(x: int) -> int:
    return (x - 1) % 13 + 1


def _mod(x: int, y: int) -> int:
    return x % y if y > 0 else 0


def _mentions(node: Node, ref: str) -> bool:
    return any(n.kind == "cardref" and n.value == ref for n in node.walk())


def build(node: Node) -> Fn:
    """Turn a checked tree into a function env -> value (None when unknown)."""
    return _BUILDERS[node.kind](node)


def _b_num(node: Node) -> Fn:
    value = node.value
    return lambda e: value


_b_bool = _b_suit = _b_colour = _b_num


def _b_cardref(node: Node) -> Fn:
    back = CARD_REFS[node.value]
    if back == 0:
        return lambda e: e[1]
    if back == -2:
        return lambda e: e[2]
    if back == -1:
        return lambda e: e[0][0] if e[0] else None
    k = back
    return lambda e: e[0][-k] if len(e[0]) >= k else None


def _b_feature(node: Node) -> Fn:
    ref = node.args[0]
    table = FEATURE_TABLES[node.value]
    back = CARD_REFS[ref.value]
    if back == 0:
        return lambda e: table[e[1]]
    if back == 1:
        return lambda e: table[e[0][-1]] if e[0] else None
    get = _b_cardref(ref)
    return lambda e: table[get(e)]


def _b_length(node: Node) -> Fn:
    return lambda e: len(e[0])


def _b_position(node: Node) -> Fn:
    return lambda e: len(e[0]) + 1


def _b_neg(node: Node) -> Fn:
    inner = build(node.args[0])

    def f(e):
        x = inner(e)
        return None if x is None else -x
    return f


def _b_arith(node: Node) -> Fn:
    left, right = build(node.args[0]), build(node.args[1])
    op = {"+": operator.add, "-": operator.sub, "*": operator.mul, "mod": _mod}[node.value]

    def f(e):
        a = left(e)
        if a is None:
            return None
        b = right(e)
        return None if b is None else op(a, b)
    return f


def _b_cmp(node: Node) -> Fn:
    left, right = build(node.args[0]), build(node.args[1])
    op = _CMP[node.value]

    def f(e):
        a = left(e)
        if a is None:
            return None
        b = right(e)
        return None if b is None else op(a, b)
    return f


def _b_in(node: Node) -> Fn:
    value = build(node.args[0])
    positive = node.value
    items = []
    for item in node.args[1:]:
        if item.kind == "range":
            items.append((True, build(item.args[0]), build(item.args[1])))
        else:
            items.append((False, build(item), None))

    def f(e):
        v = value(e)
        if v is None:
            return None
        unknown = False
        for is_range, a, b in items:
            if is_range:
                lo, hi = a(e), b(e)
                if lo is None or hi is None:
                    unknown = True
                elif lo <= v <= hi:
                    return positive
            else:
                x = a(e)
                if x is None:
                    unknown = True
                elif x == v:
                    return positive
        return None if unknown else not positive
    return f


def _b_and(node: Node) -> Fn:
    left, right = build(node.args[0]), build(node.args[1])

    def f(e):
        a = left(e)
        if a is False:
            return False
        b = right(e)
        if b is False:
            return False
        return None if a is None or b is None else True
    return f


def _b_or(node: Node) -> Fn:
    left, right = build(node.args[0]), build(node.args[1])

    def f(e):
        a = left(e)
        if a is True:
            return True
        b = right(e)
        if b is True:
            return True
        return None if a is None or b is None else False
    return f


def _b_not(node: Node) -> Fn:
    inner = build(node.args[0])

    def f(e):
        a = inner(e)
        return None if a is None else not a
    return f


def _b_if(node: Node) -> Fn:
    cond = build(node.args[0])
    then = build(node.args[1])
    other = build(node.args[2]) if len(node.args) == 3 else (lambda e: True)

    def f(e):
        c = cond(e)
        if c is True:
            return then(e)
        if c is False:
            return other(e)
        a = then(e)
        if a is None:
            return None
        return a if other(e) == a else None
    return f


def _b_call(node: Node) -> Fn:
    name = node.value
    if name in ("count", "sum"):
        return _b_aggregate(node)
    args = [build(a) for a in node.args]
    if name == "next":
        arg = args[0]
        kind = node.args[0].type
        if kind == "suit":
            step = NEXT_SUIT.__getitem__
        elif kind == "colour":
            step = {"red": "black", "black": "red"}.__getitem__
        else:
            step = lambda x: wrap_rank(x + 1)  # noqa: E731
        return lambda e: None if (x := arg(e)) is None else step(x)
    if name in ("abs", "wrap"):
        arg = args[0]
        fn = abs if name == "abs" else wrap_rank
        return lambda e: None if (x := arg(e)) is None else fn(x)
    a, b = args
    fn2 = min if name == "min" else max

    def f(e):
        x = a(e)
        if x is None:
            return None
        y = b(e)
        return None if y is None else fn2(x, y)
    return f


def _b_aggregate(node: Node) -> Fn:
    body = build(node.args[0])
    counting = node.value == "count"
    memo_key = id(node)
    memoize = not _mentions(node, "card")

    def compute(e):
        saved = e[2]
        total = 0
        unknown = False
        for x in e[0]:
            e[2] = x
            v = body(e)
            if v is None:
                unknown = True
            elif counting:
                total += v is True
            else:
                total += v
        e[2] = saved
        return None if unknown else total

    if not memoize:
        return compute

    def f(e):
        memo = e[3]
        if memo_key in memo:
            return memo[memo_key]
        value = memo[memo_key] = compute(e)
        return value
    return f


_BUILDERS = {
    "num": _b_num, "bool": _b_bool, "suit": _b_suit, "colour": _b_colour, "cardref": _b_cardref,
    "feature": _b_feature, "length": _b_length, "position": _b_position, "neg": _b_neg, "arith": _b_arith,
    "cmp": _b_cmp, "in": _b_in, "and": _b_and, "or": _b_or, "not": _b_not, "if": _b_if, "call": _b_call,
}


def check_mainline(mainline: Sequence[str]) -> None:
    if len(mainline) > MAX_MAINLINE:
        raise ValueError(f"a mainline of at most {MAX_MAINLINE} cards")
    for code in mainline:
        if code not in FEATURE_TABLES["rank"] or code is None:
            raise ValueError(f"not a card: {code!r}")
