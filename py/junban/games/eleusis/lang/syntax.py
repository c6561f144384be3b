"""The grammar of the rule language and its parser (tokens -> tree of ``Node``).

::

    rule     := expr END
    expr     := 'if' expr 'then' expr ['else' expr]  |  or
    or       := and ('or' and)*
    and      := not ('and' not)*
    not      := 'not' not  |  compare
    compare  := arith [ cmp arith  |  'is' ['not'] arith  |  ['not'] 'in' '[' item (',' item)* ']' ]
    item     := arith ['..' arith]
    arith    := term (('+' | '-') term)*
    term     := unary (('*' | 'mod') unary)*
    unary    := '-' unary  |  postfix
    postfix  := primary ['.' feature]
    primary  := NUMBER | literal | cardref | 'length' | 'position' | function '(' expr (',' expr)* ')'
              | '(' expr ')' | 'if' ...
    cmp      := '=' | '==' | '!=' | '<>' | '<' | '<=' | '>' | '>=' | '≠' | '≤' | '≥'

Comparisons do not chain. ``else`` reaches as far right as it can, so ``if a then b else c and d`` is
``if a then b else (c and d)``; ``else`` belongs to the nearest ``if``.
"""
from __future__ import annotations

from junban.games.eleusis.lang.errors import RuleError
from junban.games.eleusis.lang.lexer import Token, tokenize
from junban.games.eleusis.lang.limits import MAX_DEPTH, MAX_LIST_ITEMS, MAX_NODES

CARD_REFS = {"card": 0, "prev": 1, "prev2": 2, "prev3": 3, "first": -1, "each": -2}
FEATURES = {
    "rank": "rank", "value": "rank",
    "suit": "suit",
    "colour": "colour", "color": "colour",
    "odd": "odd", "even": "even",
    "face": "face", "prime": "prime",
    "red": "red", "black": "black",
}
SUIT_WORDS = {
    "spades": "S", "spade": "S", "hearts": "H", "heart": "H",
    "diamonds": "D", "diamond": "D", "clubs": "C", "club": "C",
}
RANK_WORDS = {"ace": 1, "a": 1, "jack": 11, "j": 11, "queen": 12, "q": 12, "king": 13, "k": 13}
COLOUR_WORDS = {"red": "red", "black": "black"}
BOOL_WORDS = {"true": True, "false": False}
FUNCTIONS = {"abs": 1, "min": 2, "max": 2, "wrap": 1, "next": 1, "count": 1, "sum": 1}
MAINLINE_WORDS = ("length", "position")
KEYWORDS = frozenset({"if", "then", "else", "and", "or", "not", "in", "is", "mod"})
COMPARISONS = ("=", "!=", "<", "<=", ">", ">=")

VALUE_HINT = "a value: a number, card.rank, prev.suit, red, hearts, length, count(...), ..."


class Node:
    """One piece of a rule. ``kind`` says which; ``args`` are its parts; ``value`` its payload.

    Kinds and payloads: ``num`` (int), ``bool`` (bool), ``suit`` ("S" "H" "D" "C"), ``colour`` ("red" "black"),
    ``cardref`` (name: card prev prev2 prev3 first each), ``feature`` (feature name; args = (cardref,)),
    ``length``, ``position``, ``neg``, ``arith`` ("+" "-" "*" "mod"), ``cmp`` (one of COMPARISONS),
    ``in`` (True for ``in``, False for ``not in``; args = (value, item...)), ``range`` (args = (low, high)),
    ``and``, ``or``, ``not``, ``if`` (args = (cond, then) or (cond, then, else)), ``call`` (function name).
    The type checker fills ``type`` ("int" "bool" "suit" "colour" "card") and, for numbers, ``lo``..``hi``.
    """

    __slots__ = ("kind", "pos", "args", "value", "type", "lo", "hi")

    def __init__(self, kind: str, pos: int, args: tuple = (), value: object = None):
        self.kind = kind
        self.pos = pos
        self.args = args
        self.value = value
        self.type: str | None = None
        self.lo = 0
        self.hi = 0

    def walk(self):
        yield self
        for arg in self.args:
            yield from arg.walk()

    def __repr__(self) -> str:
        inner = ", ".join(repr(a) for a in self.args)
        return f"{self.kind}{'' if self.value is None else ':' + str(self.value)}({inner})"


class _Parser:
    def __init__(self, tokens: list[Token]):
        self.tokens = tokens
        self.i = 0
        self.depth = 0
        self.nodes = 0

    # -- helpers
    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def advance(self) -> Token:
        tok = self.tokens[self.i]
        if tok.kind != "end":
            self.i += 1
        return tok

    def at_name(self, *words: str) -> bool:
        return self.tok.kind == "name" and self.tok.value in words

    def at_sym(self, *syms: str) -> bool:
        return self.tok.kind == "sym" and self.tok.value in syms

    def expect_name(self, word: str, what: str) -> Token:
        if not self.at_name(word):
            raise RuleError(self.tok.pos, what, self.tok.shown())
        return self.advance()

    def expect_sym(self, sym: str, what: str) -> Token:
        if not self.at_sym(sym):
            raise RuleError(self.tok.pos, what, self.tok.shown())
        return self.advance()

    def node(self, kind: str, pos: int, args: tuple = (), value: object = None) -> Node:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise RuleError(pos, f"a simpler rule (at most {MAX_NODES} parts)")
        return Node(kind, pos, args, value)

    def enter(self, pos: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise RuleError(pos, f"less nesting (at most {MAX_DEPTH} levels of brackets, if, not and minus)")

    def leave(self) -> None:
        self.depth -= 1

    # -- grammar
    def rule(self) -> Node:
        if self.tok.kind == "end":
            raise RuleError(self.tok.pos, "a rule, e.g. card.colour != prev.colour", "an empty text")
        root = self.expr()
        if self.tok.kind != "end":
            raise RuleError(self.tok.pos, self._after_value_hint(), self.tok.shown())
        return root

    def _after_value_hint(self) -> str:
        return "the end of the rule, 'and', 'or', 'then', 'else' or an operator"

    def expr(self) -> Node:
        if self.at_name("if"):
            return self.if_expr()
        return self.or_expr()

    def if_expr(self) -> Node:
        start = self.advance()
        self.enter(start.pos)
        cond = self.expr()
        self.expect_name("then", "'then' after the condition of 'if'")
        then = self.expr()
        args = (cond, then)
        if self.at_name("else"):
            self.advance()
            args = (cond, then, self.expr())
        self.leave()
        return self.node("if", start.pos, args)

    def or_expr(self) -> Node:
        left = self.and_expr()
        while self.at_name("or"):
            tok = self.advance()
            left = self.node("or", tok.pos, (left, self.and_expr()))
        return left

    def and_expr(self) -> Node:
        left = self.not_expr()
        while self.at_name("and"):
            tok = self.advance()
            left = self.node("and", tok.pos, (left, self.not_expr()))
        return left

    def not_expr(self) -> Node:
        if self.at_name("not"):
            tok = self.advance()
            self.enter(tok.pos)
            inner = self.not_expr()
            self.leave()
            return self.node("not", tok.pos, (inner,))
        return self.compare()

    def compare(self) -> Node:
        left = self.arith()
        tok = self.tok
        if tok.kind == "sym" and tok.value in COMPARISONS:
            self.advance()
            node = self.node("cmp", tok.pos, (left, self.arith()), tok.value)
        elif self.at_name("is"):
            self.advance()
            op = "="
            if self.at_name("not"):
                self.advance()
                op = "!="
            node = self.node("cmp", tok.pos, (left, self.arith()), op)
        elif self.at_name("in") or (self.at_name("not") and self._next_is_in()):
            positive = self.advance().value == "in"
            if not positive:
                self.advance()
            node = self.node("in", tok.pos, (left, *self.items()), positive)
        else:
            return left
        nxt = self.tok
        if (nxt.kind == "sym" and nxt.value in COMPARISONS) or (nxt.kind == "name" and nxt.value in ("is", "in")):
            raise RuleError(nxt.pos, "'and' or 'or' between two comparisons (comparisons do not chain)",
                            nxt.shown())
        return node

    def _next_is_in(self) -> bool:
        nxt = self.tokens[self.i + 1]
        return nxt.kind == "name" and nxt.value == "in"

    def items(self) -> list[Node]:
        open_tok = self.expect_sym("[", "'[' to start a list, e.g. [2, 3, 5] or [1..6]")
        self.enter(open_tok.pos)
        items = []
        while True:
            low = self.arith()
            if self.at_sym(".."):
                dots = self.advance()
                low = self.node("range", dots.pos, (low, self.arith()))
            items.append(low)
            if len(items) > MAX_LIST_ITEMS:
                raise RuleError(low.pos, f"a shorter list (at most {MAX_LIST_ITEMS} items; use a..b for a range)")
            if self.at_sym(","):
                self.advance()
                continue
            self.expect_sym("]", "',' or ']' in the list")
            break
        self.leave()
        return items

    def arith(self) -> Node:
        left = self.term()
        while self.at_sym("+", "-"):
            tok = self.advance()
            left = self.node("arith", tok.pos, (left, self.term()), tok.value)
        return left

    def term(self) -> Node:
        left = self.unary()
        while self.at_sym("*") or self.at_name("mod"):
            tok = self.advance()
            op = "*" if tok.kind == "sym" else "mod"
            left = self.node("arith", tok.pos, (left, self.unary()), op)
        return left

    def unary(self) -> Node:
        if self.at_sym("-"):
            tok = self.advance()
            self.enter(tok.pos)
            inner = self.unary()
            self.leave()
            return self.node("neg", tok.pos, (inner,))
        return self.postfix()

    def postfix(self) -> Node:
        base = self.primary()
        if self.at_sym("."):
            dot = self.advance()
            if base.kind != "cardref":
                raise RuleError(dot.pos, "'.' only after a card (card, prev, prev2, prev3, first, each)",
                                "'.'")
            tok = self.tok
            if tok.kind != "name" or tok.value not in FEATURES:
                raise RuleError(tok.pos, "a card feature: rank, suit, colour, odd, even, face, prime, red or black",
                                tok.shown())
            self.advance()
            base = self.node("feature", base.pos, (base,), FEATURES[tok.value])
            if self.at_sym("."):
                raise RuleError(self.tok.pos, "an operator after the feature", "a second '.'")
        return base

    def primary(self) -> Node:
        tok = self.tok
        if tok.kind == "num":
            self.advance()
            return self.node("num", tok.pos, (), tok.value)
        if tok.kind == "sym" and tok.value == "(":
            self.advance()
            self.enter(tok.pos)
            inner = self.expr()
            self.expect_sym(")", "')' to close the '(' at character %d" % (tok.pos + 1))
            self.leave()
            return inner
        if tok.kind == "name":
            word = tok.value
            if word == "if":
                return self.if_expr()
            if word in CARD_REFS:
                self.advance()
                return self.node("cardref", tok.pos, (), word)
            if word in FUNCTIONS:
                return self.call()
            if word in MAINLINE_WORDS:
                self.advance()
                return self.node(word, tok.pos)
            if word in BOOL_WORDS:
                self.advance()
                return self.node("bool", tok.pos, (), BOOL_WORDS[word])
            if word in COLOUR_WORDS:
                self.advance()
                return self.node("colour", tok.pos, (), COLOUR_WORDS[word])
            if word in SUIT_WORDS:
                self.advance()
                return self.node("suit", tok.pos, (), SUIT_WORDS[word])
            if word in RANK_WORDS:
                self.advance()
                return self.node("num", tok.pos, (), RANK_WORDS[word])
            if word in KEYWORDS:
                raise RuleError(tok.pos, VALUE_HINT, f"the keyword {tok.shown()}")
            raise RuleError(tok.pos, VALUE_HINT, f"the unknown word {tok.shown()}")
        raise RuleError(tok.pos, VALUE_HINT, tok.shown())

    def call(self) -> Node:
        name_tok = self.advance()
        name = name_tok.value
        open_tok = self.expect_sym("(", f"'(' after {name}")
        self.enter(open_tok.pos)
        args = [self.expr()]
        while self.at_sym(","):
            self.advance()
            args.append(self.expr())
        want = FUNCTIONS[name]
        if len(args) != want or not self.at_sym(")"):
            if len(args) < want and self.at_sym(")"):
                raise RuleError(self.tok.pos, f"{want} values for {name}(...), separated by ','", "')'")
            if len(args) > want:
                raise RuleError(args[want].pos, f"')': {name}(...) takes {want} value{'s' if want > 1 else ''}",
                                "another value")
            self.expect_sym(")", f"')' to close {name}(")
        self.advance()
        self.leave()
        return self.node("call", name_tok.pos, tuple(args), name)


def parse(text: str) -> Node:
    """Parse rule text into a tree (not yet type-checked). Raises ``RuleError``."""
    return _Parser(tokenize(text)).rule()
