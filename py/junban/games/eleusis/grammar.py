"""The pieces of the scientist's hypothesis space, grown from the rule language's grammar, and how they are judged.

Every piece is a text of the rule language (``docs/rule-language.md``); its **size** is the number of nodes of its
parse tree (``card.red`` 2, ``card.colour != prev.colour`` 5; ``prev2``, ``prev3`` and ``first`` count a little
more), so the prior can be ``exp(-LAMBDA * size)`` of the whole rule's text. The grammar enumerates, for the card being played and the earlier cards it may compare with:

- **card classes**: yes/no questions about one card (features, suits and suit lists, rank thresholds, single
  ranks, rank ranges ``in [a..b]`` and their complements, ``rank mod k``);
- **relations** with an earlier card (``prev``, ``prev2``, ``prev3``, ``first``): equal or different features,
  class comparisons ``(card.Q) = (prev.Q)`` for classes Q from lists, rank order, distance, sums, the next suit or
  rank, either/both of the two cards in a class;
- **the history of the line**: running totals ``(sum(each.rank) + card.rank) mod k``, counts of the card's rank or
  suit so far (seen before), the rank against the length of the line, the card against the last two;
- **conditions** for ``if``: classes of earlier cards, relations between them, the position (``mod 2/3/4``), the
  length, counts and totals over the line, and classes or relations of the card itself.

Equivalent pieces are kept once: **atoms** (the pieces a rule is built from) and **conditions** are judged on a
fixed probe set (``PROBES``: every card after every one-card line, after lines with every card two and three back,
and after seeded random lines up to 45 cards) and only the smallest text of each behaviour is kept (a condition
and its negation count as one). ``build()`` computes everything the scientist ships in ``hypotheses.json``: the
kept atoms and conditions, their truth tables over cards, which ``and``/``or`` pairs are new behaviour, and which
branches of each ``if`` (or position cycle, or suit map) are new behaviour on their side of the condition.
``tools/eleusis_hypotheses.py --write`` writes it; a test checks the file is up to date. Nothing here runs at
table time except ``size``.
"""
from __future__ import annotations

import base64
import json
import random
import zlib
from functools import lru_cache
from itertools import combinations
from pathlib import Path

from junban.games.eleusis import cards
from junban.games.eleusis.lang import Rule, compile_rule
from junban.games.eleusis.lang.syntax import parse

SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
EARLIER = ("prev", "prev2", "prev3", "first")
PAIR_MAX_SIZE = 9  # atoms of at most this size take part in the 'and' / 'or' pairs
DATA_VERSION = 1
DATA_PATH = Path(__file__).with_name("hypotheses.json")  # in the source tree (tools/eleusis_hypotheses.py writes it)


REFERENCE_COST = {"prev2": 1, "prev3": 2, "first": 2}  # extra size of a card further back than the previous one


def size(text: str) -> int:
    """The size of a rule text: the number of nodes of its parse tree, where a card further back than the previous
    one counts a little more (``REFERENCE_COST``: people look back one card far more often than two, three or to
    the first) and a part repeated with only its card changed counts as one node the second time (comparing the
    card's class with the previous card's, ``(card.rank <= 6) = (prev.rank <= 6)``, says the class once)."""
    seen: set[str] = set()

    def cost(node) -> int:
        key = _shape(node)
        if node.args and key in seen:
            return 1 + sum(REFERENCE_COST.get(n.value, 0) for n in node.walk() if n.kind == "cardref")
        seen.add(key)
        own = 1 + (REFERENCE_COST.get(node.value, 0) if node.kind == "cardref" else 0)
        return own + sum(cost(arg) for arg in node.args)

    return cost(parse(text))


def _shape(node) -> str:
    """A subtree's text with card references left out (two subtrees with the same shape say the same thing of
    possibly different cards)."""
    if node.kind == "cardref":
        return "@"
    return f"{node.kind}:{node.value}(" + ",".join(_shape(a) for a in node.args) + ")"


def _rank(r: int) -> str:
    return RANK_WORDS.get(r, str(r))


def _suits(group) -> str:
    return "[" + ", ".join(SUIT_WORDS[s] for s in group) + "]"


# --------------------------------------------------------------------------- the grammar


def class_texts(ref: str = "card") -> list[str]:
    """Yes/no questions about one card ``ref``, simplest first."""
    out = [f"{ref}.red", f"{ref}.black", f"{ref}.odd", f"{ref}.even", f"{ref}.face", f"not {ref}.face",
           f"{ref}.prime", f"not {ref}.prime"]
    out += [f"{ref}.suit = {SUIT_WORDS[s]}" for s in cards.SUITS]
    out += [f"{ref}.suit != {SUIT_WORDS[s]}" for s in cards.SUITS]
    out += [f"{ref}.suit in {_suits(g)}" for g in combinations(cards.SUITS, 2)]
    out += [f"{ref}.rank = {_rank(r)}" for r in range(1, 14)]
    out += [f"{ref}.rank >= {t}" for t in range(2, 14)] + [f"{ref}.rank <= {t}" for t in range(1, 13)]
    out += [f"{ref}.rank != {_rank(r)}" for r in range(1, 14)]
    out += [f"{ref}.rank mod {k} = {r}" for k in (3, 4) for r in range(k)]
    for a in range(2, 13):
        for b in range(a + 1, 13):
            out += [f"{ref}.rank in [{a}..{b}]", f"{ref}.rank not in [{a}..{b}]"]
    return out


def partition_texts(ref: str) -> list[str]:
    """Two-class splits of the cards, as a question about ``ref`` (for comparing the card's class with an earlier
    card's): features, suit groups, rank thresholds and rank bands of three or more ranks."""
    out = [f"{ref}.odd", f"{ref}.face", f"{ref}.prime"]
    out += [f"{ref}.suit in [spades, hearts]", f"{ref}.suit in [spades, diamonds]"]
    out += [f"{ref}.suit = {SUIT_WORDS[s]}" for s in cards.SUITS]
    out += [f"{ref}.rank >= {t}" for t in range(2, 14)]
    out += [f"{ref}.rank in [{a}..{b}]" for a in range(2, 13) for b in range(a + 2, 13)]
    return out


def relation_texts(other: str) -> list[str]:
    """Relations between the card and the earlier card ``other``."""
    o = other
    out = [f"card.colour = {o}.colour", f"card.colour != {o}.colour", f"card.suit = {o}.suit",
           f"card.suit != {o}.suit", f"card.rank = {o}.rank", f"card.rank != {o}.rank", f"card.rank > {o}.rank",
           f"card.rank < {o}.rank", f"card.rank >= {o}.rank", f"card.rank <= {o}.rank"]
    out += [f"card.{f} = {o}.{f}" for f in ("odd", "face", "prime")]
    out += [f"card.{f} != {o}.{f}" for f in ("odd", "face", "prime")]
    if o != "prev":
        return out
    out += ["card.suit = next(prev.suit)", "prev.suit = next(card.suit)", "card.rank = next(prev.rank)",
            "prev.rank = next(card.rank)"]
    out += [f"abs(card.rank - prev.rank) <= {d}" for d in range(1, 7)]
    out += [f"abs(card.rank - prev.rank) >= {d}" for d in range(2, 8)]
    out += [f"(card.rank - prev.rank) mod 13 in [1..{k}]" for k in range(2, 7)]
    out += [f"(prev.rank - card.rank) mod 13 in [1..{k}]" for k in range(2, 7)]
    out += [f"card.rank + prev.rank >= {t}" for t in range(8, 21)]
    out += [f"card.rank + prev.rank <= {t}" for t in range(8, 21)]
    out += [f"(card.rank + prev.rank) mod {k} = 0" for k in (3, 4, 5)]
    out += [f"(card.rank + prev.rank) mod {k} != 0" for k in (3, 4, 5)]
    out += ["card.rank + prev.rank in [2, 3, 5, 7, 11, 13, 17, 19, 23]"]
    for part in partition_texts("X")[3:]:  # odd, face, prime are above
        mine, theirs = part.replace("X.", "card."), part.replace("X.", "prev.")
        out += [f"({mine}) = ({theirs})", f"({mine}) != ({theirs})"]
    for feature in ("red", "black", "odd", "even", "face", "prime"):
        out += [f"card.{feature} or prev.{feature}", f"card.{feature} and prev.{feature}"]
    out += ["not card.face and not prev.face", "not card.face or not prev.face"]
    return out


def history_texts() -> list[str]:
    """Atoms about the history of the line (and the last two cards together)."""
    out = ["card.rank > max(prev.rank, prev2.rank)", "card.rank < min(prev.rank, prev2.rank)",
           "card.rank >= min(prev.rank, prev2.rank) and card.rank <= max(prev.rank, prev2.rank)"]
    for k in range(2, 7):
        out += [f"(sum(each.rank) + card.rank) mod {k} = {r}" for r in range(k)]
        if k > 2:
            out += [f"(sum(each.rank) + card.rank) mod {k} != {r}" for r in range(k)]
    out += ["count(each.rank = card.rank) = 0", "count(each.rank = card.rank) < 2", "count(each.rank = card.rank) < 3",
            "count(each.rank = card.rank) > 0"]
    out += ["count(each.suit = card.suit) = 0", "count(each.suit = card.suit) > 0"]
    out += [f"count(each.suit = card.suit) < {k}" for k in range(2, 6)]
    out += [f"count(each.colour = card.colour) < {k}" for k in range(3, 8)]
    out += ["card.rank > length", "card.rank >= length", "card.rank < position", "card.rank <= length"]
    return out


def atom_texts() -> list[str]:
    """Every atom candidate: ``true``, card classes, relations with each earlier card, the history."""
    out = ["true"] + class_texts("card")
    for other in EARLIER:
        out += relation_texts(other)
    return out + history_texts()


def condition_texts() -> list[str]:
    """Every condition candidate of ``if C then A else B``."""
    out = class_texts("prev")
    for ref in ("prev2", "prev3", "first"):
        out += [f"{ref}.red", f"{ref}.odd", f"{ref}.face", f"{ref}.prime", f"{ref}.rank >= 7"]
    out += [f"first.suit = {SUIT_WORDS[s]}" for s in cards.SUITS]
    out += ["prev.colour = prev2.colour", "prev.suit = prev2.suit", "prev.rank > prev2.rank",
            "prev.rank = prev2.rank", "prev.odd = prev2.odd"]
    out += ["position mod 2 = 1"] + [f"position mod 3 = {r}" for r in range(3)]
    out += [f"position mod 4 = {r}" for r in range(4)] + ["position mod 4 in [1, 2]", "position mod 4 in [0, 1]"]
    out += [f"length < {k}" for k in range(3, 11)]
    for a, b in (("red", "black"), ("odd", "even"), ("face", "not each.face")):
        mine, theirs = f"count(each.{a})", f"count({b if b.startswith('not') else 'each.' + b})"
        out += [f"{mine} > {theirs}", f"{mine} >= {theirs}"]
    out += [f"count(each.{f}) * {k} > length" for f in ("red", "odd", "face") for k in (2, 3, 4)]
    out += ["sum(each.rank) mod 2 = 0"] + [f"sum(each.rank) mod 3 = {r}" for r in range(3)]
    out += [t for t in class_texts("card") if "rank in" not in t and "rank not in" not in t and "mod" not in t]
    out += [t for t in relation_texts("prev")[:16]]
    return out


# The multi-way splits: (name, the case conditions in order; the last case is "else").
SPLITS = (
    ("position mod 3", ["position mod 3 = 1", "position mod 3 = 2", None]),
    ("position mod 4", ["position mod 4 = 1", "position mod 4 = 2", "position mod 4 = 3", None]),
    ("prev.suit", ["prev.suit = spades", "prev.suit = hearts", "prev.suit = diamonds", None]),
    ("red count", ["count(each.red) > count(each.black)", "count(each.red) < count(each.black)", None]),
    ("odd count", ["count(each.odd) > count(each.even)", "count(each.odd) < count(each.even)", None]),
)
FIRST_CARD = "length = 0"  # the first-card condition: if length = 0 then <class> else <any rule>


def split_text(conditions: list, branches: list[str]) -> str:
    """``if c1 then b1 else if c2 then b2 ... else bn``."""
    parts = [f"if {c} then {b} else " for c, b in zip(conditions[:-1], branches[:-1])]
    return "".join(parts) + branches[-1]


# --------------------------------------------------------------------------- the probe set

PROBE_SEED = "junban|eleusis|grammar|probes|1"
RANDOM_LINES = 60
LONGEST_LINE = 45


@lru_cache(maxsize=1)
def probe_lines() -> tuple[tuple[str, ...], ...]:
    """The mainlines of the probe set; every card is judged after each of them."""
    rng = random.Random(PROBE_SEED)
    deck = cards.DECK
    lines: list[tuple[str, ...]] = [()]
    lines += [(x,) for x in deck]
    lines += [(x, deck[rng.randrange(52)]) for x in deck]
    lines += [(x, deck[rng.randrange(52)], deck[rng.randrange(52)]) for x in deck]
    for _ in range(RANDOM_LINES):
        n = rng.randrange(4, LONGEST_LINE + 1)
        lines.append(tuple(deck[rng.randrange(52)] for _ in range(n)))
    return tuple(lines)


def signature(rule: Rule) -> tuple[int, int]:
    """Three-valued truth on the probe set: (bits where true, bits where false), probe i = line i // 52, card i % 52."""
    t = f = 0
    bit = 1
    for line in probe_lines():
        for value in rule.truth_all(line, cards.DECK):
            if value is True:
                t |= bit
            elif value is False:
                f |= bit
            bit <<= 1
    return t, f


# --------------------------------------------------------------------------- groups and truth tables

# An atom or condition is judged through a table when it reads one earlier card and possibly the card:
# group name -> the earlier card it reads. Everything else ("line") is judged by the rule itself at table time.
TABLE_GROUPS = {"card": None, "prev": "prev", "prev2": "prev2", "prev3": "prev3", "first": "first"}
MISSING_LINES = {"prev": (), "prev2": ("2C",), "prev3": ("2C", "2C"), "first": ()}


def group_of(rule: Rule) -> str:
    info = rule.info
    refs = set(info.refs) - {"card"}
    if info.aggregates or not info.length_bounded or info.length_period > 1 or info.length_threshold > 0:
        return "line"
    if not refs:
        return "card"
    if len(refs) == 1:
        return next(iter(refs))
    return "line"


def _line_with(ref: str, x: str) -> tuple[str, ...]:
    """A mainline where ``ref`` is the card ``x``."""
    return {"prev": (x,), "prev2": (x, "2C"), "prev3": (x, "2C", "2C"), "first": (x, "2C")}[ref]


def truth_rows(rule: Rule, group: str) -> list[list[bool | None]]:
    """The rule's truth on every card: one row per value of the earlier card it reads (the 52 kinds, then the
    row where that card is missing); a "card" rule has one row."""
    deck = cards.DECK
    if group == "card":
        return [rule.truth_all((), deck)]
    ref = TABLE_GROUPS[group]
    rows = [rule.truth_all(_line_with(ref, x), deck) for x in deck]
    rows.append(rule.truth_all(MISSING_LINES[ref], deck))
    return rows


# --------------------------------------------------------------------------- building the space


def _dedup(texts: list[str], polarity: bool = False) -> list[tuple[str, Rule, tuple[int, int]]]:
    """Keep the smallest text of each behaviour on the probe set (ties: the first listed). With ``polarity`` a text
    and its negation are the same behaviour (conditions: ``if C then A else B`` is ``if not C then B else A``)."""
    seen: set = set()
    kept = []
    for text in sorted(dict.fromkeys(texts), key=lambda t: (size(t), texts.index(t))):
        rule = compile_rule(text)
        sig = signature(rule)
        if sig[0] == 0 and sig[1] == 0:
            continue
        keys = {sig, (sig[1], sig[0])} if polarity else {sig}
        if keys & seen:
            continue
        seen |= keys
        kept.append((text, rule, sig))
    return kept


def _accept(sig: tuple[int, int], everything: int) -> int:
    return everything & ~sig[1]


def _pack(value: int, nbits: int) -> str:
    return base64.b64encode(zlib.compress(value.to_bytes((nbits + 7) // 8, "little"), 9)).decode("ascii")


def unpack(text: str) -> int:
    return int.from_bytes(zlib.decompress(base64.b64decode(text)), "little")


def _table_bits(rows_by_member: list[list[list]], nrows: int, ncols: int) -> tuple[int, int]:
    """Truth tables of a group's members as two integers (true bits, false bits): row r, column c (the card),
    member m at bit ((r * ncols + c) * n + m), n = the number of members rounded up to whole bytes."""
    n = _pad8(len(rows_by_member))
    t = f = 0
    for m, rows in enumerate(rows_by_member):
        for r in range(nrows):
            for c in range(ncols):
                value = rows[r][c]
                if value is True:
                    t |= 1 << ((r * ncols + c) * n + m)
                elif value is False:
                    f |= 1 << ((r * ncols + c) * n + m)
    return t, f


GROUP_ORDER = ("true", "card", "prev", "prev2", "prev3", "first", "line")
CONDITION_GROUP_ORDER = ("atom", "prev", "prev2", "prev3", "first", "line")


def _pad8(n: int) -> int:
    return (n + 7) // 8 * 8


def build() -> dict:
    """Everything ``hypotheses.json`` holds (see the module docstring). Deterministic.

    Atoms are stored grouped by what they read (``GROUP_ORDER``; ``true`` is atom 0), each group by size, so a
    group's truth is one run of bits; the atoms of the ``and``/``or`` pairs (size at most ``PAIR_MAX_SIZE``) are the
    first atoms of each group. Conditions are grouped the same way (``CONDITION_GROUP_ORDER``)."""
    nprobes = len(probe_lines()) * 52
    everything = (1 << nprobes) - 1
    kept = _dedup(atom_texts())
    rank = {t: k for k, (t, _, _) in enumerate(kept)}  # smallest first
    kept.sort(key=lambda a: (GROUP_ORDER.index("true" if a[0] == "true" else group_of(a[1])), size(a[0]),
                             rank[a[0]]))
    atoms = kept
    texts = [t for t, _, _ in atoms]
    sizes = [size(t) for t in texts]
    groups = ["true" if t == "true" else group_of(r) for t, r, _ in atoms]
    atom_sig = {sig: i for i, (_, _, sig) in enumerate(atoms)}
    pair_atoms = [i for i in range(1, len(atoms)) if sizes[i] <= PAIR_MAX_SIZE]
    pair_sig = {atoms[i][2] for i in pair_atoms}

    conditions = _dedup(condition_texts(), polarity=True)
    cond_atom: list[tuple[int, bool]] = []  # a condition that is an atom is judged as it (or its negation)
    for _, _, sig in conditions:
        if sig in atom_sig:
            cond_atom.append((atom_sig[sig], False))
        elif (sig[1], sig[0]) in atom_sig:
            cond_atom.append((atom_sig[(sig[1], sig[0])], True))
        else:
            cond_atom.append((-1, False))
    cond_groups = ["atom" if cond_atom[k][0] >= 0 else group_of(r) for k, (_, r, _) in enumerate(conditions)]
    order = sorted(range(len(conditions)), key=lambda k: (CONDITION_GROUP_ORDER.index(cond_groups[k]), k))
    conditions = [conditions[k] for k in order]
    cond_atom = [cond_atom[k] for k in order]
    cond_groups = [cond_groups[k] for k in order]

    # and / or pairs over the small atoms: keep a pair when its behaviour is new (not a single atom, not an
    # earlier pair of either kind), smallest first; bit (i * w + j), i < j positions in pair_atoms
    accepts = [_accept(sig, everything) for _, _, sig in atoms]
    seen = set(accepts)
    w = _pad8(len(pair_atoms))
    jobs = []
    for x, i in enumerate(pair_atoms):
        for y in range(x + 1, len(pair_atoms)):
            j = pair_atoms[y]
            jobs += [(1 + sizes[i] + sizes[j], op, x, y) for op in ("and", "or")]
    jobs.sort()
    keep = {"and": 0, "or": 0}
    for _, op, x, y in jobs:
        i, j = pair_atoms[x], pair_atoms[y]
        acc = accepts[i] & accepts[j] if op == "and" else accepts[i] | accepts[j]
        if acc not in seen:
            seen.add(acc)
            keep[op] |= 1 << (x * w + y)

    def side_keep(region: int, unknown: int, allow_true: bool) -> int:
        """Branches with a new behaviour on one side of a split (the smallest of each; 'true' is bit 0): what
        they accept in ``region`` and where they are false on ``unknown`` (where the split is unknown, the rule
        is false only if every branch is)."""
        best: dict[tuple[int, int], int] = {}
        for i, (_, _, sig) in enumerate(atoms):
            key = (accepts[i] & region, sig[1] & unknown)
            if key not in best:
                best[key] = i  # atoms are stored smallest first within a group; compare sizes across groups
            elif sizes[i] < sizes[best[key]]:
                best[key] = i
        mask = 0
        for key, i in best.items():
            if key == (region, 0) and not allow_true:
                continue
            mask |= 1 << i
        return mask

    cond_keep = []
    for text, rule, sig in conditions:
        unknown = everything & ~(sig[0] | sig[1])
        # 'if C then true else B' is 'C or B' and 'if C then A' is 'not C or A': left to the pairs when C (or
        # not C) is one of their atoms
        cond_keep.append([side_keep(sig[0], unknown, sig not in pair_sig),
                          side_keep(sig[1], unknown, (sig[1], sig[0]) not in pair_sig)])
    cond_sigs = {sig for _, _, sig in conditions} | {(f, t) for _, _, (t, f) in conditions}
    split_keep, split_coarser = [], []
    for _, case_texts in SPLITS:
        sigs = [signature(compile_rule(t)) for t in case_texts[:-1]]
        unknown = everything & ~(sigs[0][0] | sigs[0][1])
        taken = 0
        regions = []
        for t, _ in sigs:
            regions.append(t & ~taken & ~unknown)
            taken |= t
        regions.append(everything & ~taken & ~unknown)
        split_keep.append([side_keep(r, unknown, True) for r in regions])
        # two-block coarsenings that an 'if' condition already expresses: combos with one branch per block are
        # those 'if' rules (and all-equal branches are a single atom)
        coarser = []
        cases = range(len(regions))
        for n in range(1, len(regions) // 2 + 1):
            for block in combinations(cases, n):
                if n * 2 == len(regions) and 0 not in block:
                    continue
                region = 0
                for k in block:
                    region |= regions[k]
                rest = everything & ~region & ~unknown
                if (region, rest) in cond_sigs:
                    coarser.append(list(block))
        split_coarser.append(coarser)

    tables = {}
    for group in TABLE_GROUPS:
        members = [i for i, g in enumerate(groups) if g == group]
        nrows = 1 if group == "card" else 53
        t, f = _table_bits([truth_rows(atoms[i][1], group) for i in members], nrows, 52)
        bits = nrows * 52 * _pad8(len(members))
        tables[group] = {"first": members[0], "count": len(members), "true": _pack(t, bits), "false": _pack(f, bits)}
    cond_tables = {}
    for group in ("prev", "prev2", "prev3", "first"):
        members = [k for k, g in enumerate(cond_groups) if g == group]
        t, f = _table_bits([truth_rows(conditions[k][1], group) for k in members], 53, 1)
        bits = 53 * _pad8(len(members))
        cond_tables[group] = {"first": members[0], "count": len(members), "true": _pack(t, bits),
                              "false": _pack(f, bits)}
    return {
        "version": DATA_VERSION,
        "atoms": [[t, s, g] for t, s, g in zip(texts, sizes, groups)],
        "conditions": [[t, size(t), g, a, neg] for (t, _, _), g, (a, neg) in zip(conditions, cond_groups, cond_atom)],
        "pair_atoms": pair_atoms,
        "pairs": {op: _pack(keep[op], w * w) for op in ("and", "or")},
        "condition_sides": [[_pack(m, len(atoms)) for m in sides] for sides in cond_keep],
        "splits": [{"name": name, "cases": cases, "keep": [_pack(m, len(atoms)) for m in keep_],
                    "coarser": coarser}
                   for (name, cases), keep_, coarser in zip(SPLITS, split_keep, split_coarser)],
        "tables": tables,
        "condition_tables": cond_tables,
    }


def dump(data: dict) -> str:
    """The data file's text (compact; one line)."""
    return json.dumps(data, separators=(",", ":")) + "\n"
