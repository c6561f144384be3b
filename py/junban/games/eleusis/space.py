"""The scientist's rule pieces at table time: ``hypotheses.json`` (made by ``grammar.build``) and their truth.

A **situation** is a mainline and a card; its ``Probe`` holds the three-valued truth of every atom (bit i of ``t``
/ ``f``: atom i is true / false; neither: unknown, because it reads a card that is not there) and of every
condition (``ct`` / ``cf``), the length, and the case of each multi-way split. Atoms that read the card and one
earlier card come from truth tables (a row per earlier card, plus the row where it is missing); atoms and
conditions about the whole line (counts, totals, the length, the last two cards together) are judged by the rule
language itself, once per mainline for every kind of card they can tell apart. Nothing depends on the clock.
"""
from __future__ import annotations

import json
import pkgutil
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from junban.games.eleusis import cards
from junban.games.eleusis.equivalence import card_class_key, card_classes
from junban.games.eleusis.grammar import GROUP_ORDER, TABLE_GROUPS, split_text, unpack
from junban.games.eleusis.lang import Rule, compile_rule

DATA_NAME = "hypotheses.json"
CONTEXT_CACHE = 4000  # mainlines whose line-wide truths are kept (then the cache starts afresh)
_INDEX = {code: i for i, code in enumerate(cards.DECK)}
_MISSING = 52  # the table row where the earlier card is not there


@dataclass(frozen=True)
class Probe:
    t: int
    f: int
    ct: int
    cf: int
    length: int
    cases: tuple  # per multi-way split: the index of its case, or None when unknown


@dataclass
class Split:
    """A multi-way split: ``if c1 then b1 else if c2 then b2 ... else bn`` (the last case is the rest)."""

    name: str
    conditions: list[str | None]
    rules: list[Rule]
    keep: list[int]  # per case: the branches kept (bit i = atom i)
    coarser: list[list[int]]  # blocks of cases whose two-block combos are 'if' rules already


def _pad8(n: int) -> int:
    return (n + 7) // 8 * 8


class Space:
    """The pieces, their sizes, and how situations are judged. Built once per process (``default_space``)."""

    def __init__(self, data: dict | None = None):
        if data is None:
            data = json.loads(pkgutil.get_data(__package__, DATA_NAME).decode("utf-8"))
        self.atom_texts = [a[0] for a in data["atoms"]]
        self.atom_sizes = [a[1] for a in data["atoms"]]
        self.atom_groups = [a[2] for a in data["atoms"]]
        self.n = len(self.atom_texts)
        self.all_atoms = (1 << self.n) - 1
        self.cond_texts = [c[0] for c in data["conditions"]]
        self.cond_sizes = [c[1] for c in data["conditions"]]
        self.cond_groups = [c[2] for c in data["conditions"]]
        self.cond_atom = [(c[3], c[4]) for c in data["conditions"]]
        self.k = len(self.cond_texts)
        self.pair_atoms = list(data["pair_atoms"])
        self.w = _pad8(len(self.pair_atoms))
        self.pair_keep = {op: unpack(m) for op, m in data["pairs"].items()}
        self.cond_sides = [[unpack(m) for m in sides] for sides in data["condition_sides"]]
        self.splits = [Split(s["name"], s["cases"], [compile_rule(c) for c in s["cases"][:-1]],
                             [unpack(m) for m in s["keep"]], s["coarser"]) for s in data["splits"]]
        self.card_classes = [i for i, g in enumerate(self.atom_groups) if g == "card"]
        # where each group's atoms lie, and the pair atoms (a leading run of each group) in the pair layout
        self.group_span: dict[str, tuple[int, int]] = {}
        for i, g in enumerate(self.atom_groups):
            first, count = self.group_span.get(g, (i, 0))
            self.group_span[g] = (first, count + 1)
        pair_set = set(self.pair_atoms)
        self.pair_runs = []  # (first atom, how many, first pair position)
        pos = 0
        for g in GROUP_ORDER:
            if g not in self.group_span:
                continue
            first, count = self.group_span[g]
            run = sum(1 for i in range(first, first + count) if i in pair_set)
            assert all(i in pair_set for i in range(first, first + run)), "pair atoms lead their group"
            if run:
                assert self.pair_atoms[pos:pos + run] == list(range(first, first + run))
                self.pair_runs.append((first, (1 << run) - 1, pos))
                pos += run
        self._table_data = data["tables"]
        self._cond_table_data = data["condition_tables"]
        self._rows: dict[tuple[str, int], list[tuple[int, int, int, int]]] = {}
        self._raw: dict[str, tuple[bytes, bytes, int, int]] = {}
        self._cond_rows: dict[tuple[str, int], tuple[int, int]] = {}
        self._cond_raw: dict[str, tuple[bytes, bytes, int, int]] = {}
        # atom conditions, by the atom group they come from: (condition bit, atom bit, negated)
        self._atom_conditions: dict[str, list[tuple[int, int, bool]]] = {}
        for k, (a, neg) in enumerate(self.cond_atom):
            if a >= 0:
                self._atom_conditions.setdefault(self.atom_groups[a], []).append((k, a, neg))
        # atoms and conditions judged by the language once per mainline
        self._line_atoms = [(i, compile_rule(self.atom_texts[i])) for i, g in enumerate(self.atom_groups)
                            if g == "line"]
        self._line_classes = [_classes(rule.info.features) for _, rule in self._line_atoms]
        self._line_conditions = [(k, compile_rule(self.cond_texts[k])) for k, g in enumerate(self.cond_groups)
                                 if g == "line"]
        self._contexts: dict[tuple[str, ...], tuple] = {}

    # -- tables
    def _table(self, group: str) -> tuple[bytes, bytes, int, int]:
        raw = self._raw.get(group)
        if raw is None:
            d = self._table_data[group]
            stride = _pad8(d["count"]) // 8
            rows = 1 if group == "card" else 53
            size = rows * 52 * stride
            raw = (unpack(d["true"]).to_bytes(size, "little"), unpack(d["false"]).to_bytes(size, "little"),
                   d["first"], stride)
            self._raw[group] = raw
        return raw

    def _row(self, group: str, r: int) -> list[tuple[int, int, int, int]]:
        """Row ``r`` of a group's table: per card (t, f) of its atoms and (ct, cf) of the conditions they judge."""
        key = (group, r)
        row = self._rows.get(key)
        if row is not None:
            return row
        tb, fb, first, stride = self._table(group)
        atom_conditions = self._atom_conditions.get(group, ())
        row = []
        base = r * 52 * stride
        for c in range(52):
            lo = base + c * stride
            t = int.from_bytes(tb[lo:lo + stride], "little") << first
            f = int.from_bytes(fb[lo:lo + stride], "little") << first
            ct = cf = 0
            for k, a, neg in atom_conditions:
                if t >> a & 1:
                    if neg:
                        cf |= 1 << k
                    else:
                        ct |= 1 << k
                elif f >> a & 1:
                    if neg:
                        ct |= 1 << k
                    else:
                        cf |= 1 << k
            row.append((t, f, ct, cf))
        self._rows[key] = row
        return row

    def _cond_row(self, group: str, r: int) -> tuple[int, int]:
        key = (group, r)
        hit = self._cond_rows.get(key)
        if hit is not None:
            return hit
        raw = self._cond_raw.get(group)
        if raw is None:
            d = self._cond_table_data[group]
            stride = _pad8(d["count"]) // 8
            size = 53 * stride
            raw = (unpack(d["true"]).to_bytes(size, "little"), unpack(d["false"]).to_bytes(size, "little"),
                   d["first"], stride)
            self._cond_raw[group] = raw
        tb, fb, first, stride = raw
        lo = r * stride
        hit = (int.from_bytes(tb[lo:lo + stride], "little") << first,
               int.from_bytes(fb[lo:lo + stride], "little") << first)
        self._cond_rows[key] = hit
        return hit

    # -- situations
    def _context(self, mainline: Sequence[str]) -> tuple:
        """What a mainline alone decides: the table rows of the earlier cards, the line-wide atoms per card
        (t, f lists), the conditions (ct, cf) and the split cases."""
        key = tuple(mainline)
        hit = self._contexts.get(key)
        if hit is not None:
            return hit
        if len(self._contexts) >= CONTEXT_CACHE:
            self._contexts.clear()
        n = len(key)
        rows = []
        for group, ref in TABLE_GROUPS.items():
            if group not in self.group_span:
                continue
            if ref is None:
                r = 0
            else:
                back = {"prev": 1, "prev2": 2, "prev3": 3}.get(ref)
                if back is None:  # first
                    r = _INDEX[key[0]] if n else _MISSING
                else:
                    r = _INDEX[key[-back]] if n >= back else _MISSING
            rows.append(self._row(group, r))
        line_t = [0] * 52
        line_f = [0] * 52
        for (bit, rule), (reps, class_of) in zip(self._line_atoms, self._line_classes):
            b = 1 << bit
            values = rule.truth_all(key, reps)
            for c in range(52):
                value = values[class_of[c]]
                if value is True:
                    line_t[c] |= b
                elif value is False:
                    line_f[c] |= b
        ct = cf = 0
        for group, back in (("prev", 1), ("prev2", 2), ("prev3", 3), ("first", 0)):
            if group not in self._cond_table_data or not self._cond_table_data[group]["count"]:
                continue
            if back:
                r = _INDEX[key[-back]] if n >= back else _MISSING
            else:
                r = _INDEX[key[0]] if n else _MISSING
            t, f = self._cond_row(group, r)
            ct |= t
            cf |= f
        for k, rule in self._line_conditions:
            value = rule.truth(key, "2C")
            if value is True:
                ct |= 1 << k
            elif value is False:
                cf |= 1 << k
        cases = tuple(_case(split, key) for split in self.splits)
        hit = (rows, line_t, line_f, ct, cf, cases)
        self._contexts[key] = hit
        return hit

    def probes(self, mainline: Sequence[str], hand: Sequence[str]) -> list[Probe]:
        """The truth of every piece for each card of ``hand`` played after ``mainline``."""
        rows, line_t, line_f, ct0, cf0, cases = self._context(mainline)
        length = len(mainline)
        out = []
        for code in hand:
            c = _INDEX[code]
            t, f, ct, cf = 1, line_f[c], ct0, cf0
            t |= line_t[c]
            for row in rows:
                rt, rf, rct, rcf = row[c]
                t |= rt
                f |= rf
                ct |= rct
                cf |= rcf
            out.append(Probe(t, f, ct, cf, length, cases))
        return out

    def split_rule_text(self, s: int, branches: list[str]) -> str:
        return split_text(self.splits[s].conditions, branches)


def _classes(features: frozenset) -> tuple[list[str], list[int]]:
    """The representative cards a rule reading ``features`` tells apart, and each card's representative index."""
    reps = card_classes(features)
    index = {card_class_key(r, features): k for k, r in enumerate(reps)}
    return reps, [index[card_class_key(code, features)] for code in cards.DECK]


def _case(split: Split, mainline: tuple[str, ...]) -> int | None:
    for k, rule in enumerate(split.rules):
        value = rule.truth(mainline, "2C")
        if value is None:
            return None
        if value:
            return k
    return len(split.rules)


@lru_cache(maxsize=1)
def default_space() -> Space:
    """The space, loaded once per process (it is the same for every game)."""
    return Space()
