"""A rule tree back to tidy rule text: only the brackets the grammar needs, negations folded in.

``tidy(text)`` parses a rule and prints it again: ``not (card.rank <= 7)`` becomes ``card.rank > 7``, ``not not x``
becomes ``x``, ``not (x in [...])`` becomes ``x not in [...]``, ``x and true`` becomes ``x``, ``if c then true else
x`` becomes ``c or x`` (the same rule, also where ``c`` reads a card that is not there), and ranks compared
with a card's rank are written as ``ace`` ``jack`` ``queen`` ``king``. The plain-words reader and the sentence
builder write their rules with brackets everywhere; this is what a person sees as the rule's code.
"""
from __future__ import annotations

from junban.games.eleusis.lang.syntax import Node, parse

_INVERSE = {"=": "!=", "!=": "=", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
# how tightly each kind binds (a part looser than its place needs gets brackets)
_IF, _OR, _AND, _NOT, _CMP, _ADD, _MUL, _NEG, _ATOM = range(9)


def tidy(text: str) -> str:
    """``text`` (a rule) printed again with the fewest brackets, negations folded in. Raises ``RuleError``."""
    return show(simplify(parse(text)))


def simplify(node: Node) -> Node:
    """Fold ``not`` into comparisons and lists, drop double negation and ``and true`` / ``or false``."""
    args = tuple(simplify(a) for a in node.args)
    kind = node.kind
    if kind == "not":
        (inner,) = args
        if inner.kind == "not":
            return inner.args[0]
        if inner.kind == "cmp":
            return Node("cmp", inner.pos, inner.args, _INVERSE[inner.value])
        if inner.kind == "in":
            return Node("in", inner.pos, inner.args, not inner.value)
        if inner.kind == "bool":
            return Node("bool", inner.pos, (), not inner.value)
    if kind == "if" and len(args) == 3 and args[1].kind == "bool":
        # if c then true else x = c or x; if c then false else x = not c and x (the same for unknown c too)
        cond, then, other = args
        if then.value:
            return simplify(Node("or", node.pos, (cond, other)))
        return simplify(Node("and", node.pos, (Node("not", node.pos, (cond,)), other)))
    if kind in ("and", "or"):
        neutral = kind == "and"  # x and true = x; x or false = x
        kept = [a for a in args if not (a.kind == "bool" and a.value is neutral)]
        if any(a.kind == "bool" and a.value is not neutral for a in args):
            return Node("bool", node.pos, (), not neutral)
        if len(kept) == 1:
            return kept[0]
        if not kept:
            return Node("bool", node.pos, (), neutral)
        args = tuple(kept)
    return Node(kind, node.pos, args, node.value)


def _bind(node: Node) -> int:
    kind = node.kind
    if kind == "if":
        return _IF
    if kind == "or":
        return _OR
    if kind == "and":
        return _AND
    if kind == "not":
        return _NOT
    if kind in ("cmp", "in"):
        return _CMP
    if kind == "arith":
        return _ADD if node.value in "+-" else _MUL
    if kind == "neg":
        return _NEG
    return _ATOM


def _is_rank(node: Node) -> bool:
    return node.kind == "feature" and node.value == "rank"


def show(node: Node, need: int = _IF) -> str:
    """Rule text for ``node``, in brackets if it binds more loosely than ``need``."""
    text = _show(node)
    return f"({text})" if _bind(node) < need else text


def _show(node: Node) -> str:
    kind, args = node.kind, node.args
    if kind == "num":
        return str(node.value)
    if kind == "bool":
        return "true" if node.value else "false"
    if kind == "suit":
        return _SUIT_NAMES[node.value]
    if kind in ("colour", "cardref"):
        return node.value
    if kind in ("length", "position"):
        return kind
    if kind == "feature":
        return f"{args[0].value}.{node.value}"
    if kind == "neg":
        return "-" + show(args[0], _NEG)
    if kind == "arith":
        op = node.value
        level = _ADD if op in "+-" else _MUL
        return f"{show(args[0], level)} {op} {show(args[1], level + 1)}"
    if kind == "cmp":
        left, right = args
        return f"{_value(left, right)} {node.value} {_value(right, left)}"
    if kind == "in":
        value, *items = args
        shown = []
        for item in items:
            if item.kind == "range":
                shown.append(f"{show(item.args[0], _ADD)}..{show(item.args[1], _ADD)}")
            else:
                shown.append(show(item, _ADD))
        return f"{show(value, _ADD)} {'in' if node.value else 'not in'} [{', '.join(shown)}]"
    if kind == "not":
        return "not " + show(args[0], _NOT)
    if kind in ("and", "or"):
        level = _AND if kind == "and" else _OR
        return f"{show(args[0], level)} {kind} {show(args[1], level + 1)}"
    if kind == "if":
        cond, then, *rest = args
        text = f"if {show(cond, _OR)} then {show(then, _OR)}"
        if rest:
            text += f" else {show(rest[0], _IF)}"
        return text
    if kind == "call":
        return f"{node.value}({', '.join(show(a) for a in args)})"
    raise ValueError(f"cannot show a {kind} node")


def _value(node: Node, other: Node) -> str:
    """A value beside ``other``: a rank compared with a card's rank is written as a word (king, ace)."""
    if node.kind == "num" and _is_rank(other) and node.value in _RANK_NAMES:
        return _RANK_NAMES[node.value]
    return show(node, _ADD)
