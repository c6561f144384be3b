"""What a rule said in words means, on its way to rule text (shared by the English and Japanese readers).

A ``Sel`` is a yes/no statement about **one card**, written in the rule language with ``§`` standing for that card:
``§.red``, ``§.rank <= 7``, ``§.suit = prev.suit``. ``on("card")`` makes it a statement about the card being played,
``on("prev")`` one about the previous card (a condition such as "after a red card").

A rule said in words is a list of ``Clause``: what the card must be (``body``), and when (``when``: a condition as
rule text, or None for the rule's base). ``combine`` makes one rule of them the way people mean it:

- clauses with a condition are exceptions to the base: "higher than the previous card; after a face card, lower"
  is ``if prev.face then <lower> else <higher>`` (the first condition that holds decides);
- without a base, every conditional clause holds at once: "red cards 7 or higher, black cards 7 or lower" is
  ``(if card.red then ...) and (if card.black then ...)``;
- a clause "X is always fine" is an exception whose body is any card.

Numbers said about a card (its rank, a sum, a difference) are ``NumPred``: ``> 7``, ``4..10``, a multiple of 3, ...
"""
from __future__ import annotations

import re
from dataclasses import dataclass

CARD = "§"
RANK_PRIMES = (2, 3, 5, 7, 11, 13)
SUM_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23)  # two ranks add up to at most 26
SUITS = ("spades", "hearts", "diamonds", "clubs")
FEATURE_PROPS = {  # the yes/no features that split the cards in two, and their other half
    "red": "black", "black": "red", "odd": "even", "even": "odd",
}


@dataclass(frozen=True)
class Sel:
    """A yes/no statement about one card (``§``). ``relative``: it also reads other cards (prev, first, the
    mainline), so it can only be about the card being played. ``noun``: it was said with a noun ("hearts",
    "face cards", "kings"), which matters for "and" ("hearts and diamonds" is either). ``vague``: a word read with
    an assumption ("high" as 8 to K), to say so in the read-back."""

    text: str
    relative: bool = False
    noun: bool = False
    vague: tuple = ()

    def on(self, ref: str) -> str | None:
        """The statement about ``ref`` ("card", "prev", "prev2", "first"), as rule text; None if it cannot be."""
        if ref == "card":
            return self.text.replace(CARD, "card")
        if self.relative:
            return _shift(self.text, ref)
        return self.text.replace(CARD, ref)

    def with_noun(self, noun: bool = True) -> "Sel":
        return Sel(self.text, self.relative, noun, self.vague)


ANY = Sel("true")
NONE = Sel("false")


def _shift(text: str, ref: str) -> str | None:
    """A statement about the card played, moved back to ``ref`` = prev: card -> prev, prev -> prev2, ... ."""
    if ref != "prev" or re.search(r"\b(prev3|first|each|position|length|count|sum)\b", text):
        return None
    moved = re.sub(r"\bprev2\b", "prev3", text)
    moved = re.sub(r"\bprev\b", "prev2", moved)
    return moved.replace(CARD, "prev")


def b(text: str) -> str:
    return f"({text})"


def prop(name: str, noun: bool = False) -> Sel:
    """red black odd even face prime, and their opposites number (not face) and nonprime."""
    if name == "number":
        return Sel(f"not {CARD}.face", noun=noun)
    if name == "nonprime":
        return Sel(f"not {CARD}.prime", noun=noun)
    return Sel(f"{CARD}.{name}", noun=noun)


def suit(name: str, noun: bool = True) -> Sel:
    return Sel(f"{CARD}.suit = {name}", noun=noun)


def suits(names) -> Sel:
    names = list(dict.fromkeys(names))
    if len(names) == 1:
        return suit(names[0])
    return Sel(f"{CARD}.suit in [{', '.join(names)}]", noun=True)


def ranks(values, noun: bool = True) -> Sel:
    values = sorted(set(values))
    if len(values) == 1:
        return Sel(f"{CARD}.rank = {values[0]}", noun=noun)
    return Sel(f"{CARD}.rank in [{_items(values)}]", noun=noun)


def _items(values) -> str:
    """[1, 2, 3, 7] -> '1..3, 7' (runs of 3 or more as ranges)."""
    out, run = [], []
    for v in values:
        if run and v == run[-1] + 1:
            run.append(v)
            continue
        out.extend(_run(run))
        run = [v]
    out.extend(_run(run))
    return ", ".join(out)


def _run(run: list) -> list[str]:
    if len(run) >= 3:
        return [f"{run[0]}..{run[-1]}"]
    return [str(v) for v in run]


def and_(*sels: Sel) -> Sel:
    parts = []
    for sel in sels:
        if sel.text == "true" or sel.text in (p.text for p in parts):
            continue
        parts.append(sel)
    if not parts:
        return ANY
    if len(parts) == 1:
        return parts[0]
    return Sel(" and ".join(b(p.text) for p in parts), any(p.relative for p in parts),
               all(p.noun for p in parts), _vague(parts))


def or_(*sels: Sel) -> Sel:
    parts = []
    for sel in sels:
        if sel.text == "true":
            return Sel("true", vague=_vague(sels))
        if sel.text not in (p.text for p in parts):
            parts.append(sel)
    if len(parts) == 1:
        return parts[0]
    return Sel(" or ".join(b(p.text) for p in parts), any(p.relative for p in parts),
               any(p.noun for p in parts), _vague(parts))


def not_(sel: Sel) -> Sel:
    return Sel(f"not {b(sel.text)}", sel.relative, sel.noun, sel.vague)


def when(cond: str, sel: Sel, other: Sel | None = None) -> Sel:
    """``if cond then sel [else other]`` as a statement about the card played."""
    text = f"if {b(cond)} then {b(sel.text)}"
    if other is not None:
        text += f" else {b(other.text)}"
    return Sel(text, True, False, _vague([sel] + ([other] if other else [])))


def _vague(sels) -> tuple:
    out: list = []
    for sel in sels:
        for v in sel.vague:
            if v not in out:
                out.append(v)
    return tuple(out)


def vague(sel: Sel, *notes) -> Sel:
    return Sel(sel.text, sel.relative, sel.noun, tuple(dict.fromkeys(sel.vague + notes)))


# ---------------------------------------------------------------------- relations to another card


def same(feature: str, ref: str, equal: bool = True) -> Sel:
    """The same (or a different) feature as ``ref``: colour suit rank parity face prime."""
    feat = {"parity": "odd", "color": "colour"}.get(feature, feature)
    return Sel(f"{CARD}.{feat} {'=' if equal else '!='} {ref}.{feat}", relative=True)


def rank_vs(op: str, ref: str, offset: int = 0) -> Sel:
    """card.rank <op> ref.rank (+ offset)."""
    other = f"{ref}.rank" if offset == 0 else f"{ref}.rank {'+' if offset > 0 else '-'} {abs(offset)}"
    return Sel(f"{CARD}.rank {op} {other}", relative=True)


def distance(pred: "NumPred", ref: str) -> Sel:
    """How far the card's rank is from ``ref``'s (no wrapping): abs(card.rank - ref.rank) <pred>."""
    return Sel(pred.apply(f"abs({CARD}.rank - {ref}.rank)"), relative=True)


def steps_up(pred: "NumPred", ref: str, wrap: bool) -> Sel:
    """How many ranks above ``ref`` the card is; with ``wrap`` counting round from K to A."""
    if wrap:
        return Sel(pred.apply(f"({CARD}.rank - {ref}.rank) mod 13"), relative=True)
    return Sel(pred.apply(f"{CARD}.rank - {ref}.rank"), relative=True)


def sum_with(pred: "NumPred", ref: str) -> Sel:
    return Sel(pred.apply(f"{CARD}.rank + {ref}.rank", primes=SUM_PRIMES), relative=True)


def running_total(pred: "NumPred") -> Sel:
    return Sel(pred.apply(f"sum(each.rank) + {CARD}.rank", primes=None), relative=True)


# ---------------------------------------------------------------------- numbers


@dataclass(frozen=True)
class NumPred:
    """What a number must be: ``op`` is a comparison ("<", "<=", ">", ">=", "=", "!="), "range" (``a``..``b``),
    "list" (``values``), "mod" (a multiple of ``a``), "odd", "even" or "prime"."""

    op: str
    a: int = 0
    b: int = 0
    values: tuple = ()

    def apply(self, x: str, primes: tuple | None = RANK_PRIMES) -> str:
        op = self.op
        if op == "range":
            return f"{b(x)} in [{self.a}..{self.b}]"
        if op == "list":
            return f"{b(x)} in [{_items(sorted(set(self.values)))}]"
        if op == "mod":
            return f"{b(x)} mod {self.a} = 0"
        if op in ("odd", "even"):
            return f"{b(x)} mod 2 = {1 if op == 'odd' else 0}"
        if op == "prime":
            if primes is None:
                return ""
            return f"{b(x)} in [{', '.join(str(p) for p in primes)}]"
        return f"{b(x)} {op} {self.a}"

    def on_rank(self) -> Sel:
        """The statement about a card's rank (``§.rank``)."""
        if self.op in ("odd", "even", "prime"):
            return prop(self.op)
        if self.op == "list":
            return ranks(self.values, noun=False)
        if self.op == "=":
            return ranks([self.a], noun=False)
        return Sel(self.apply(f"{CARD}.rank").replace(f"({CARD}.rank)", f"{CARD}.rank"))

    def negated(self) -> "NumPred | None":
        inverse = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "=": "!=", "!=": "="}
        if self.op in inverse:
            return NumPred(inverse[self.op], self.a)
        return None


def places(residues, period: int) -> str:
    """A condition on the card's place in the mainline: position mod period in residues (1 = first place)."""
    rs = sorted({r % period for r in residues})
    if len(rs) == 1:
        return f"position mod {period} = {rs[0]}"
    return f"position mod {period} in [{', '.join(str(r) for r in rs)}]"


# ---------------------------------------------------------------------- clauses into one rule


@dataclass
class Clause:
    body: Sel
    when: str | None = None  # a condition (rule text), or None: the rule's base
    plain: Sel | None = None  # "X is fine" said first: read as the rule "X" (see reading.clauses_of)
    pending: Sel | None = None  # a bare kind of card as condition, its card not settled yet
    subject: str | None = None  # the card the condition is about ("card", "prev"), if it named one


def combine(clauses: list[Clause]) -> Sel:
    """One statement about the card played from the clauses, as people mean them (see the module's docstring)."""
    bases = [c.body for c in clauses if c.when is None]
    conditional = [c for c in clauses if c.when is not None]
    if not conditional:
        return and_(*bases)
    if bases:
        rule = and_(*bases)
        for clause in reversed(conditional):
            rule = when(clause.when, clause.body, rule)
        return rule
    return and_(*(when(c.when, c.body) for c in conditional))
