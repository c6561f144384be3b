"""The meaning of the pieces of a rule said in words, shared by the English and Japanese grammars.

The grammars (``phrases_en``, ``phrases_ja``) find the pieces in the order their language says them; the
functions here say what the pieces mean, the same in both: kinds of card joined by "and" / "or" ("hearts and
diamonds" is either, "red and odd" is both), relations waiting for the card they are about ("the same suit ...
as the previous card"), conditions about the previous card or the card played, places in the line, alternations
and runs. ``FAIL`` (from ``grammar_kit``) rejects a reading.
"""
from __future__ import annotations

from junban.games.eleusis import cards
from junban.games.eleusis.lang import compile_rule
from junban.games.eleusis.lang import meaning as m
from junban.games.eleusis.lang.grammar_kit import FAIL
from junban.games.eleusis.lang.meaning import Clause, NumPred, Sel


def span(a: int, b: int):
    return NumPred("range", min(a, b), max(a, b)) if a != b else NumPred("=", a)


PROP_VAGUE = {"high": ("§.rank >= 8", "high"), "low": ("§.rank <= 7", "low")}


def prop_word(value) -> Sel:
    name, noun = value
    if name in PROP_VAGUE:
        text, note = PROP_VAGUE[name]
        return Sel(text, noun=noun, vague=(note,))
    return m.prop(name, noun)


def narrowed(head: Sel, inner: Sel) -> Sel:
    """A bracket after a kind of card says what it is: "high (8 to K)" replaces the vague word (and only it:
    "low red cards (A to 7)" stays red), else narrows."""
    if head.vague and not inner.relative:
        text = head.text
        for word, (vague_text, _) in PROP_VAGUE.items():
            if word in head.vague:
                text = text.replace(vague_text, f"({inner.text})")
        return Sel(text, noun=head.noun)
    return m.and_(head, inner).with_noun(head.noun)


def with_mods(head: Sel, mods) -> Sel:
    sel = head
    for how, other in mods or []:
        sel = narrowed(sel, other) if how == "paren" else m.and_(sel, other).with_noun(sel.noun)
    return sel


def exclusive(a: Sel, b: Sel) -> bool:
    """Can no card be both? (red and black, hearts and spades, 7 or less and 8 or more)"""
    if a.relative or b.relative:
        return False
    try:
        rule = compile_rule(m.and_(a, b).on("card"))
    except Exception:
        return False
    return not any(rule.judge((), c) for c in cards.DECK)


def kinds_joined(items) -> Sel:
    """Kinds of card joined by "and", "or" or ",": "or" is either; "and" between nouns ("hearts and diamonds",
    "face cards and aces") or kinds no card can be at once ("red and black") is either too; otherwise both
    ("red and odd", "black and 8 or more")."""
    sel, rest = items[0], items[1:]
    ops = []
    for k in range(0, len(rest), 2):
        ops.append(rest[k])
    # a bare comma in a list takes the meaning of the list's last word ("A, B or C"); a list of commas alone is
    # not a list of kinds of card (it may be clauses, or a pattern)
    final = next((op for op in reversed(ops) if op != "comma"), None)
    if final is None and ops:
        return FAIL
    for k in range(0, len(rest), 2):
        op, other = rest[k], rest[k + 1]
        op = final if op == "comma" else op
        if op == "or" or (sel.noun and other.noun) or exclusive(sel, other):
            sel = m.or_(sel, other)
        else:
            sel = m.and_(sel, other)
    return sel


class Rel:
    """A statement about the card played and another card not yet named ("higher", "the same suit"), made whole
    by ``bind(ref)``; ``ref``: the card it names, if it names one."""

    def __init__(self, make, ref: str | None = None):
        self.make, self.ref = make, ref

    def bind(self, ref: str) -> Sel | None:
        return self.make(self.ref or ref)


def rank_vs(op: str, offset: int = 0):
    """card.rank <op> ref.rank (+ offset); against "both of the last two cards", the lower or the higher of them."""
    def make(ref: str) -> Sel:
        if ref == "last2" and op in ("<", "<=", ">", ">=") and offset == 0:
            pick = "min" if op[0] == "<" else "max"
            return Sel(f"§.rank {op} {pick}(prev.rank, prev2.rank)", relative=True)
        return each_of(lambda r: m.rank_vs(op, r, offset), ref)
    return make


def each_of(make, ref: str):
    """"the last two cards": the statement about each of them."""
    if ref == "last2":
        return m.and_(make("prev"), make("prev2"))
    return make(ref)


def same(feat: str, equal: bool = True):
    return lambda ref: each_of(lambda r: m.same(feat, r, equal), ref)


FLIP = {">": "<", "<": ">"}


def dist(op: str, n: int):
    return lambda ref: m.distance(NumPred(op, n), ref)


def steps(pred: NumPred, wrap, sign: str = ">"):
    if sign == "<":
        return FAIL
    return lambda ref: m.steps_up(pred, ref, wrap is not None)


def same_or(op: str):
    return lambda ref: m.rank_vs({">": ">=", "<": "<="}[op], ref)


def abs_eq(n1, op1, n2, op2):
    if n2 is not None and n2 != n1 or op1 == op2:
        return FAIL
    return Rel(lambda ref: m.distance(NumPred("=", n1), ref))


def keep(f: str | None, equal: bool = True):
    if f is None:
        return lambda ref: Sel(f"§.@ {'=' if equal else '!='} {ref}.@", relative=True)
    return same(f, equal)


def match_feats(fs):
    return lambda ref: m.or_(*(same(f)(ref) for f in fs))


def bound(rel, ref):
    if rel is FAIL:
        return FAIL
    if ref is not None:
        rel.ref = ref
    return rel


def sum_item(ref, negate, pred):
    sel = m.sum_with(pred, ref)
    return m.not_(sel) if negate else sel


def total_item(negate, pred):
    if pred.op == "prime":
        return FAIL
    sel = m.running_total(pred)
    return m.not_(sel) if negate else sel


class Item:
    """A piece of a statement: a kind of card (``sel``), or a relation waiting for its card (``rel``)."""

    def __init__(self, sel: Sel | None = None, rel: Rel | None = None, negate: bool = False):
        self.sel, self.rel, self.negate = sel, rel, negate


def item_of(neg, value):
    if isinstance(value, Rel):
        return Item(rel=value, negate=neg is not None)
    return Item(sel=value, negate=neg is not None)


def statement(parts) -> Sel:
    """Items joined by "and" / "or" (a bare comma takes the list's last word); relations without a card of their
    own take the nearest card named (after them first: "the same suit or rank as the previous card")."""
    items = parts[0::2]
    ops = [op for op in parts[1::2]]
    final = next((op for op in reversed(ops) if op != "comma"), None)
    if final is None and ops:
        return FAIL
    ops = [final if op == "comma" else op for op in ops]
    refs = [it.rel.ref if it.rel else None for it in items]
    sels = []
    for k, it in enumerate(items):
        if it.rel is not None:
            ref = next((r for r in refs[k:] if r), None) or next((r for r in reversed(refs[:k]) if r), "prev")
            sel = it.rel.bind(ref)
            if sel is None or sel is FAIL:
                return FAIL
        else:
            sel = it.sel
        sels.append(m.not_(sel) if it.negate else sel)
    out = sels[0]
    for op, sel in zip(ops, sels[1:]):
        out = m.or_(out, sel) if op == "or" else m.and_(out, sel)
    return out


def on(sel: Sel, ref: str):
    text = sel.on(ref)
    return FAIL if text is None else text


def cond_text(c, body_sel: Sel | None):
    """A condition as rule text; a bare kind of card ("if red", "unless it was a king") is about the previous card
    when what it asks reads the previous card, else about the card played."""
    how, sel = c
    if how == "text":
        return sel
    if how == "bare":
        how = "prev" if body_sel is not None and body_sel.relative else "card"
    if how.startswith("ref:"):
        how = how[4:]
    if how == "last2":
        return FAIL
    return on(sel, how)


def clause_of(when_value, body_sel: Sel) -> Clause | object:
    """A clause: ``body_sel`` when the condition holds. A bare kind of card as condition ("if red", 「黒なら」) is
    settled by ``clauses_of``: about the card the text's earlier condition was about, else the card played."""
    if when_value is None:
        return Clause(body_sel)
    how, sel = when_value
    if how == "bare":
        return Clause(body_sel, pending=sel)
    text = cond_text(when_value, body_sel)
    if text is FAIL:
        return FAIL
    subject = how[4:] if how.startswith("ref:") else how
    return Clause(body_sel, text, subject=subject if subject in ("card", "prev") else None)


def progression(values) -> str | object:
    values = sorted(set(values))
    if len(values) < 2:
        return FAIL
    step = values[1] - values[0]
    if step < 2 or any(b - a != step for a, b in zip(values, values[1:])) or step > 12:
        return FAIL
    return m.places([values[0]], step)


HALVES = {frozenset(("§.red", "§.black")): "colour", frozenset(("§.odd", "§.even")): "parity",
           frozenset(("§.face", "not §.face")): "face", frozenset(("§.prime", "not §.prime")): "prime"}


def alternate(a: Sel, b: Sel):
    if a.relative or b.relative:
        return FAIL
    feature = HALVES.get(frozenset((a.text, b.text)))
    if feature is not None:
        return m.same(feature, "prev", equal=False)
    pa, pb = a.on("prev"), b.on("prev")
    return m.and_(m.when(pa, b), m.when(pb, a), m.or_(a, b))


def runs(first, more):
    kinds = [first] + [x[1] for x in more]
    if any(k.relative for k in kinds):
        return FAIL
    return m.and_(*(m.when(k.on("prev"), m.not_(k)) for k in kinds))


def pattern(counted, repeated: bool):
    """Kinds of card said in turn ("red, red, black, ..."; ``counted``: (how many, kind)), going round. Kinds that
    are all different say what follows each ("red, black, red, black": after red, black); kinds that come back
    within a round say which places they take ("red, red, black": the 3rd, 6th, ... card is black)."""
    items = []
    for count, s in counted:
        if count > 6:
            return FAIL
        items.extend([s] * count)
    texts = [s.text for s in items]
    period = next(p for p in range(1, len(items) + 1) if all(texts[i] == texts[i - p] for i in range(p, len(texts))))
    if period == len(items) and not repeated and not any(c > 1 for c, _ in counted):
        return FAIL  # no sign of a pattern going round
    cycle = items[:period]
    if period < 2 or period > 12:
        return FAIL
    distinct = len({s.text for s in cycle}) == period and all(s.text != "true" for s in cycle)
    if distinct:  # each kind says what follows it
        out = [m.when(s.on("prev"), cycle[(k + 1) % period]) for k, s in enumerate(cycle)]
        return m.and_(m.or_(*cycle), *out)
    by_kind: dict = {}
    for k, s in enumerate(cycle):
        by_kind.setdefault(s.text, (s, []))[1].append((k + 1) % period)
    return m.and_(*(m.when(m.places(res, period), s) for s, res in by_kind.values() if s.text != "true"))


def clauses_of(clauses):
    """Clauses as read (a clause may have read as two: "higher unless after a king"), in order. "X can be played"
    said first is the rule X, not an exception to nothing."""
    out = []
    for c in clauses:
        out.extend(c if isinstance(c, list) else [c])
    if out and out[0].plain is not None:
        out[0] = Clause(out[0].plain)
    subject = None
    for k, clause in enumerate(out):
        if clause.subject:
            subject = clause.subject
        if clause.pending is not None:  # readings share their clauses: settle a copy
            text = clause.pending.on(subject or "card")
            if text is None:
                return FAIL
            out[k] = Clause(clause.body, text)
    return out
