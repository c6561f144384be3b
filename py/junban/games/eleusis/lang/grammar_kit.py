"""A small parser kit for the plain-words readers: tokens, and grammars written as combinators.

Every parser is a callable ``p(stream, i) -> [(value, j), ...]``: each way of reading the tokens from ``i`` (to
``j``), best first, at most ``PER_END`` per end ``j`` (the first found are kept). So a grammar can say "a list of cards, or a
comparison" and let what follows decide, without backtracking by hand; phrases are short (the rule language's own
limit is 500 characters), so this costs little. ``FAIL`` from an action rejects a reading.
"""
from __future__ import annotations

from dataclasses import dataclass

FAIL = object()
MAX_PARTIAL = 96  # readings kept while a sequence is read
PER_END = 4  # readings kept for each end (best first)


@dataclass(frozen=True)
class Tok:
    kind: str
    value: object
    start: int  # offsets in the text as typed
    end: int
    text: str


class Stream:
    def __init__(self, toks: list[Tok]):
        self.toks = toks
        self.memo: dict = {}
        self.furthest = 0

    def reached(self, j: int) -> None:
        if j > self.furthest:
            self.furthest = j


def _first_per_end(results):
    """The first PER_END different readings for each end (an equal reading found again is dropped)."""
    kept: dict = {}
    out = []
    for value, j in results:
        here = kept.setdefault(j, [])
        if len(here) >= PER_END or any(_equal(value, v) for v in here):
            continue
        here.append(value)
        out.append((value, j))
    return out


def _equal(a, b) -> bool:
    if a is b:
        return True
    try:
        return bool(a == b)
    except Exception:
        return False


class T:
    """One token of ``kind`` (with one of ``values``, if given); its value, or ``act(token)``."""

    def __init__(self, kind: str, *values, act=None):
        self.kind, self.values, self.act = kind, values, act

    def __call__(self, s: Stream, i: int):
        if i < len(s.toks):
            tok = s.toks[i]
            if tok.kind == self.kind and (not self.values or tok.value in self.values):
                s.reached(i + 1)
                value = tok.value if self.act is None else self.act(tok)
                return [] if value is FAIL else [(value, i + 1)]
        return []


class Seq:
    def __init__(self, *parts, act=None):
        self.parts, self.act = parts, act

    def __call__(self, s: Stream, i: int):
        partial = [((), i)]
        for part in self.parts:
            following = []
            for values, j in partial:
                for value, k in part(s, j):
                    following.append((values + (value,), k))
            if not following:
                return []
            partial = following[:MAX_PARTIAL]
        out = []
        for values, j in partial:
            value = self.act(*values) if self.act else values
            if value is not FAIL:
                out.append((value, j))
        return _first_per_end(out)


class Alt:
    def __init__(self, *options):
        self.options = options

    def __call__(self, s: Stream, i: int):
        out = []
        for option in self.options:
            out.extend(option(s, i))
        return _first_per_end(out)


class Opt:
    def __init__(self, part, default=None):
        self.part, self.default = part, default

    def __call__(self, s: Stream, i: int):
        return _first_per_end(list(self.part(s, i)) + [(self.default, i)])


class Many:
    """``part`` once or more (``least`` times at least), with ``sep`` between (its value is dropped unless
    ``keep_sep``: then the list alternates items and separators)."""

    def __init__(self, part, sep=None, least: int = 1, keep_sep: bool = False):
        self.part, self.sep, self.least, self.keep_sep = part, sep, least, keep_sep

    def __call__(self, s: Stream, i: int):
        out = [([], i)] if self.least == 0 else []
        frontier = [((), i)]
        count = 0
        while frontier:
            following = []
            for items, j in frontier:
                starts = [((), j)] if not items or self.sep is None else \
                    [((sep,) if self.keep_sep else (), k) for sep, k in self.sep(s, j)]
                for sep_items, k in starts:
                    for value, m in self.part(s, k):
                        following.append((items + sep_items + (value,), m))
            count += 1
            following = following[:MAX_PARTIAL]
            if count >= self.least:
                out.extend((list(items), j) for items, j in following)
            frontier = following
            if count > 40:
                break
        out.sort(key=lambda r: -r[1])  # the longest list first: a list is read as far as it goes
        return _first_per_end(out)


class Map:
    def __init__(self, part, act):
        self.part, self.act = part, act

    def __call__(self, s: Stream, i: int):
        out = []
        for value, j in self.part(s, i):
            mapped = self.act(value)
            if mapped is not FAIL:
                out.append((mapped, j))
        return _first_per_end(out)


class Rule:
    """A named, memoised parser whose body is set later (grammars refer to themselves)."""

    def __init__(self, name: str):
        self.name = name
        self.body = None

    def __call__(self, s: Stream, i: int):
        key = (id(self), i)
        if key in s.memo:
            return s.memo[key]
        s.memo[key] = []  # a rule that reaches itself without reading a token reads nothing
        result = self.body(s, i)
        s.memo[key] = result
        return result


def parse_all(parser, toks: list[Tok]):
    """Every complete reading of ``toks`` (best first) and how far the furthest reading got."""
    s = Stream(toks)
    results = [value for value, j in parser(s, 0) if j == len(toks)]
    return results, s.furthest
