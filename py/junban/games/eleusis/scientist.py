"""The scientist: reasoning over the rule language's space of hypotheses, for the science bot and the table bots.

**The hypothesis space.** About half a million rules, every one a text of the rule language, built from *atoms*
(small yes/no rules) in families:

- ``single``: one atom (``card.colour != prev.colour``, ``card.rank >= 8``, ``card.suit = next(prev.suit)``, ...)
- ``and`` / ``or``: two atoms (``card.suit = prev.suit or card.rank = prev.rank``)
- ``if``: ``if P then A else B`` with a condition P on the previous card(s), the card, the position, or counts
  over the mainline, and two atoms (or ``true``: ``if P then A`` means otherwise anything)
- ``period``: ``if position mod 3 = 1 then A else if position mod 3 = 2 then B else C`` with card-only atoms
- ``suit map``: the card's suit is a fixed function of the previous card's suit (any of the 256)

Atoms read the card and its features, the previous one or two cards, the first card, the position and counts.
The prior weight of a rule is its family's share, divided evenly by simplicity within the family:
``exp(-LAMBDA * cost)``, where each atom has a small cost (``card.red`` 1, ``card.rank >= 8`` 2, ...).

**Evidence.** Every judged card is evidence: mainline cards (right), sideline cards and laid-aside first cards
(wrong), strings (all right, or at least one wrong), "no play" declarations (no card of the hand right, or at
least one), and counterexamples from wrong guesses. For each rule the scientist counts the pieces of evidence it
contradicts; the surviving rules are those with the fewest contradictions (none, while the secret rule is in
the space and the judging has no mistakes), so a mistaken judgement or a rule outside the space does not leave
the scientist without an answer.

**Speed.** Rules are never judged one by one. Each piece of evidence is turned into the truth of every atom
(three-valued: unknown on the first cards), and the set of rules that accept it is built family by family as big
integers used as bit sets (outer products of atom bit vectors); survival, counting and weighted popcounts are a
few big-integer operations per family. Work per turn is bounded by counts (atoms, families, cards in hand), never
by the wall clock.

**Public API** (also for the table bots): ``Scientist.observe(mainline_before, cards, accepted)``,
``observe_no_play``, ``p_accept(mainline, card)``, ``best_guess()``, ``confidence(mainline)``,
``choose_play(mainline, hand)``; and ``make_science_bot(level, seed)`` whose ``act(view)`` plays the solo science
mode (a deterministic function of the view).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from junban.games.eleusis import cards
from junban.games.eleusis.lang import Rule, compile_rule

LAMBDA = 0.9  # prior: weight factor exp(-LAMBDA) per unit of atom cost
FAMILY_PRIOR = {"single": 0.30, "and": 0.12, "or": 0.12, "if": 0.30, "period": 0.08, "suitmap": 0.08}
MAX_ERRORS = 7  # contradiction counters saturate here
PROBE_CACHE_ENTRIES = 40_000  # cached atom truths (about 270 bytes each) before the cache starts afresh

_SUIT_WORD = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SUITS = cards.SUITS


# --------------------------------------------------------------------------- atoms


def _card_atoms() -> list[tuple[str, int]]:
    """Atoms about the card alone (the first is ``true``); these are also the branches of the period family."""
    out = [("true", 0), ("card.red", 1), ("card.black", 1), ("card.odd", 1), ("card.even", 1),
           ("card.face", 1), ("not card.face", 1), ("card.prime", 1), ("not card.prime", 2)]
    out += [(f"card.suit = {_SUIT_WORD[s]}", 1) for s in _SUITS]
    out += [(f"card.suit != {_SUIT_WORD[s]}", 2) for s in _SUITS]
    out += [(f"card.suit in [{_SUIT_WORD[a]}, {_SUIT_WORD[b]}]", 2)
            for a, b in (("S", "H"), ("S", "D"), ("H", "C"), ("D", "C"))]
    out += [(f"card.rank >= {t}", 2) for t in range(2, 14)]
    out += [(f"card.rank <= {t}", 2) for t in range(1, 13)]
    return out


def _relation_atoms() -> list[tuple[str, int]]:
    """Atoms relating the card to the previous card, the card two back, and the first card."""
    out = [("card.colour = prev.colour", 1), ("card.colour != prev.colour", 1),
           ("card.suit = prev.suit", 1), ("card.suit != prev.suit", 1),
           ("card.suit = next(prev.suit)", 2), ("prev.suit = next(card.suit)", 2),
           ("card.rank > prev.rank", 1), ("card.rank < prev.rank", 1),
           ("card.rank = prev.rank", 1), ("card.rank != prev.rank", 1),
           ("card.rank >= prev.rank", 2), ("card.rank <= prev.rank", 2),
           ("card.rank = next(prev.rank)", 2), ("prev.rank = next(card.rank)", 2)]
    out += [(f"abs(card.rank - prev.rank) <= {d}", 2) for d in range(1, 5)]
    out += [(f"abs(card.rank - prev.rank) >= {d}", 2) for d in range(2, 6)]
    out += [(f"(card.rank - prev.rank) mod 13 in [1..{k}]", 3) for k in range(2, 7)]
    out += [("card.odd = prev.odd", 1), ("card.odd != prev.odd", 1),
            ("card.face = prev.face", 2), ("card.face != prev.face", 2),
            ("card.prime = prev.prime", 2), ("card.prime != prev.prime", 2)]
    for t in (7, 8):
        out += [(f"(card.rank >= {t}) = (prev.rank >= {t})", 3), (f"(card.rank >= {t}) != (prev.rank >= {t})", 3)]
    out += [(f"card.rank + prev.rank >= {t}", 3) for t in range(12, 17)]
    out += [(f"card.rank + prev.rank <= {t}", 3) for t in range(11, 16)]
    out += [("(card.rank + prev.rank) mod 3 = 0", 3), ("(card.rank + prev.rank) mod 3 != 0", 3),
            ("card.rank + prev.rank in [2, 3, 5, 7, 11, 13, 17, 19, 23]", 3)]
    out += [("(sum(each.rank) + card.rank) mod 2 = 0", 3), ("(sum(each.rank) + card.rank) mod 2 = 1", 3),
            ("(sum(each.rank) + card.rank) mod 3 = 0", 3), ("(sum(each.rank) + card.rank) mod 3 != 0", 3)]
    out += [("card.colour = prev2.colour", 2), ("card.colour != prev2.colour", 2),
            ("card.suit = prev2.suit", 2), ("card.suit != prev2.suit", 2),
            ("card.rank > prev2.rank", 2), ("card.rank < prev2.rank", 2),
            ("card.rank = prev2.rank", 3), ("card.rank != prev2.rank", 3),
            ("card.odd = prev2.odd", 2), ("card.odd != prev2.odd", 2),
            ("card.rank > max(prev.rank, prev2.rank)", 3), ("card.rank < min(prev.rank, prev2.rank)", 3),
            ("card.rank >= min(prev.rank, prev2.rank) and card.rank <= max(prev.rank, prev2.rank)", 3)]
    out += [("card.suit = first.suit", 3), ("card.rank = first.rank", 3), ("card.colour = first.colour", 3)]
    return out


def _condition_atoms() -> list[tuple[str, int]]:
    """Conditions of the ``if`` family: one polarity each (the branches may be swapped)."""
    out = [("prev.red", 1), ("prev.odd", 1), ("prev.face", 1), ("prev.prime", 2)]
    out += [(f"prev.rank >= {t}", 2) for t in range(6, 11)]
    out += [("prev.rank = king", 2), ("prev.rank = ace", 2)]
    out += [(f"prev.suit = {_SUIT_WORD[s]}", 2) for s in _SUITS]
    out += [("card.red", 1), ("card.odd", 1), ("card.face", 1), ("card.prime", 2), ("card.rank >= 7", 2),
            ("card.rank >= 8", 2)]
    out += [("position mod 2 = 1", 2), ("position mod 3 = 1", 3), ("position mod 3 = 2", 3),
            ("position mod 3 = 0", 3), ("position mod 4 in [1, 2]", 3)]
    out += [("card.colour = prev.colour", 2), ("card.suit = prev.suit", 2), ("card.rank > prev.rank", 2),
            ("card.odd = prev.odd", 2)]
    out += [("prev.colour = prev2.colour", 2), ("prev.rank > prev2.rank", 2), ("prev.suit = prev2.suit", 3)]
    out += [("count(each.red) > count(each.black)", 3), ("count(each.red) >= count(each.black)", 3),
            ("count(each.odd) > count(each.even)", 3), ("count(each.odd) >= count(each.even)", 3),
            ("sum(each.rank) mod 2 = 0", 3)]
    return out


def _wrap(text: str) -> str:
    return f"({text})" if (" and " in text or " or " in text) else text


# --------------------------------------------------------------------------- bit tools

_BITS01 = bytes.maketrans(b"01", b"\x00\x01")


def _spread(v: int, nbits: int, stride: int) -> int:
    """Bit i of ``v`` (i < nbits) moved to bit i*stride. ``stride`` is a multiple of 8."""
    step = stride // 8
    flags = format(v, f"0{nbits}b")[::-1].encode().translate(_BITS01)
    out = bytearray(nbits * step)
    out[0::step] = flags
    return int.from_bytes(out, "little")


def _ones(n: int) -> int:
    return (1 << n) - 1


def _repeat(width: int, times: int) -> int:
    """Bit 0 of each of ``times`` blocks of ``width`` bits."""
    return sum(1 << (i * width) for i in range(times))


def _pad8(n: int) -> int:
    return (n + 7) // 8 * 8


# --------------------------------------------------------------------------- the space


@dataclass
class _Probe:
    """One (mainline, card) situation as atom truths: bit i of ``t``/``f`` = atom i is true/false."""

    t: int
    f: int
    length: int
    prev_suit: str | None
    card_suit: str


class HypothesisSpace:
    """The families of rules, their prior weights, and how to turn a situation into the set of rules accepting it.

    Bit layout: the branch atoms ``B`` (``true``, card atoms, relation atoms) are bits 0..nB-1 of a probe, the
    conditions bits nB..; squares are ``W x W`` (W = nB rounded up to 8), index ``i * W + j``.
    """

    def __init__(self) -> None:
        card_atoms = _card_atoms()
        branch = card_atoms + _relation_atoms()
        conditions = _condition_atoms()
        self.branch_texts = [t for t, _ in branch]
        self.branch_costs = [c for _, c in branch]
        self.cond_texts = [t for t, _ in conditions]
        self.cond_costs = [c for _, c in conditions]
        self.n_card = len(card_atoms)
        self.nb = len(branch)
        self.nc = len(conditions)
        self.atoms: list[Rule] = [compile_rule(t) for t in self.branch_texts + self.cond_texts]
        self.w = _pad8(self.nb)
        self.w3 = _pad8(self.n_card)
        w, nb = self.w, self.nb
        self.square = w * w
        self.full = _ones(self.square)
        self.ones_w = _ones(w)
        self.rep_w = _repeat(w, w)
        self.mask_b = _ones(nb)
        self.mask_c = _ones(self.n_card)
        # period family: index d1 * w3^2 + d2 * w3 + d0, d_k = branch for position mod 3 = k
        w3 = self.w3
        self.cube = w3 ** 3
        self.ones_w3 = _ones(w3)
        self._square_on = b"\xff" * (w3 * w3 // 8)
        self._square_off = bytes(w3 * w3 // 8)
        # suit map family: index sum(f(s) * 4**k) over the suits s = _SUITS[k]
        self.suitmap_accept = {(s, t): sum(1 << m for m in range(256) if _SUITS[(m >> (2 * k)) & 3] == t)
                               for k, s in enumerate(_SUITS) for t in _SUITS}
        self.suitmap_first = {t: sum(1 << m for m in range(256)
                                     if t in {_SUITS[(m >> (2 * k)) & 3] for k in range(4)}) for t in _SUITS}
        self._build_families()
        self._group_atoms()

    # -- priors
    def _build_families(self) -> None:
        lam = LAMBDA
        nb, w = self.nb, self.w
        by_cost: dict[int, int] = {}
        for i, c in enumerate(self.branch_costs):
            by_cost[c] = by_cost.get(c, 0) | (1 << i)
        no_true = self.mask_b & ~1
        # single
        single_tiers = {c: v & no_true for c, v in by_cost.items() if v & no_true}
        # pairs over branch atoms without 'true': i < j
        upper = 0
        for i in range(1, nb):
            upper |= (_ones(nb) & ~_ones(i + 1)) << (i * w)
        pair_tiers: dict[int, int] = {}
        for c1, v1 in by_cost.items():
            for c2, v2 in by_cost.items():
                m = _spread(v1 & no_true, nb, w) * (v2 & no_true) & upper
                if m:
                    pair_tiers[1 + c1 + c2] = pair_tiers.get(1 + c1 + c2, 0) | m
        # if: then-branch i, else-branch j, i != j; else 'true' costs nothing extra
        diagonal = _spread(self.mask_b, nb, w)
        valid_if = (_spread(self.mask_b, nb, w) * self.mask_b) & ~diagonal
        if_tiers: dict[int, int] = {}
        for c1, v1 in by_cost.items():
            for c2, v2 in by_cost.items():
                m = _spread(v1, nb, w) * v2 & valid_if
                if m:
                    if_tiers[1 + c1 + c2] = if_tiers.get(1 + c1 + c2, 0) | m
        # period: branches are card atoms (with 'true')
        n3, w3 = self.n_card, self.w3
        by_cost3: dict[int, int] = {}
        for i in range(n3):
            c = self.branch_costs[i]
            by_cost3[c] = by_cost3.get(c, 0) | (1 << i)
        period_tiers: dict[int, int] = {}
        for c1, v1 in by_cost3.items():
            for c2, v2 in by_cost3.items():
                sq = _spread(v1, n3, w3) * v2  # (d1, d2) square of w3 x w3
                for c0, v0 in by_cost3.items():
                    cube = _spread_square(sq, w3) * v0
                    cost = 2 + c1 + c2 + c0
                    period_tiers[cost] = period_tiers.get(cost, 0) | cube
        # the three branches must not all be equal (that is a single atom)
        same = sum(1 << (i * w3 * w3 + i * w3 + i) for i in range(n3))
        period_tiers = {c: m & ~same for c, m in period_tiers.items()}
        suitmap_tiers = {4: _ones(256)}

        def normalize(name: str, blocks: list[dict[int, int]], block_costs: list[int]) -> list[list[tuple[float, int]]]:
            z = sum(math.exp(-lam * (bc + c)) * m.bit_count()
                    for tiers, bc in zip(blocks, block_costs) for c, m in tiers.items())
            share = FAMILY_PRIOR[name] / z
            return [[(share * math.exp(-lam * (bc + c)), m) for c, m in sorted(tiers.items())]
                    for tiers, bc in zip(blocks, block_costs)]

        self.families: list[tuple[str, list[list[tuple[float, int]]]]] = [
            ("single", normalize("single", [single_tiers], [0])),
            ("and", normalize("and", [pair_tiers], [0])),
            ("or", normalize("or", [pair_tiers], [0])),
            ("if", normalize("if", [if_tiers] * self.nc, self.cond_costs)),
            ("period", normalize("period", [period_tiers], [0])),
            ("suitmap", normalize("suitmap", [suitmap_tiers], [0])),
        ]
        self.valid = [[_or_all(m for _, m in tiers) for tiers in blocks] for _, blocks in self.families]

    # -- situations
    def _group_atoms(self) -> None:
        """Group atoms by what they read, so their truths can be cached by exactly that."""
        groups: dict[tuple, list[int]] = {}
        for bit, atom in enumerate(self.atoms):
            info = atom.info
            key = (info.window, "first" in info.refs, "card" in info.refs, info.aggregates,
                   info.length_period if info.length_bounded else -1, info.length_threshold)
            groups.setdefault(key, []).append(bit)
        self.groups = [(key, bits, [self.atoms[b] for b in bits]) for key, bits in sorted(groups.items())]
        self._cache: dict[tuple, tuple[int, int]] = {}

    def probes(self, mainline: Sequence[str], hand: Sequence[str]) -> list[_Probe]:
        """The atom truths of each card of ``hand`` after ``mainline`` (cached by what each atom reads)."""
        n = len(hand)
        ts = [0] * n
        fs = [0] * n
        length = len(mainline)
        cache = self._cache
        if len(cache) > PROBE_CACHE_ENTRIES:
            cache.clear()
        for g, ((window, uses_first, reads_card, aggregates, period, threshold), bits, atoms) in enumerate(self.groups):
            if aggregates or period < 0:
                context = None  # reads the whole mainline: no caching
            else:
                last = tuple(mainline[-window:]) if window else ()
                phase = length if length < threshold else threshold + (length - threshold) % period
                context = (g, last if length >= window else (None,) + last, mainline[0] if uses_first and mainline
                           else None, phase if period > 1 or threshold else 0)
            todo = []
            for k, card in enumerate(hand):
                key = None if context is None else (context, card if reads_card else None)
                hit = cache.get(key) if key is not None else None
                if hit is None:
                    todo.append((k, key))
                else:
                    ts[k] |= hit[0]
                    fs[k] |= hit[1]
            if not todo:
                continue
            todo_cards = [hand[k] for k, _ in todo]
            t_bits = [0] * len(todo)
            f_bits = [0] * len(todo)
            for bit, atom in zip(bits, atoms):
                b = 1 << bit
                for j, value in enumerate(atom.truth_all(mainline, todo_cards)):
                    if value is True:
                        t_bits[j] |= b
                    elif value is False:
                        f_bits[j] |= b
            for j, (k, key) in enumerate(todo):
                ts[k] |= t_bits[j]
                fs[k] |= f_bits[j]
                if key is not None:
                    cache[key] = (t_bits[j], f_bits[j])
        prev_suit = cards.suit(mainline[-1]) if mainline else None
        return [_Probe(ts[k], fs[k], length, prev_suit, cards.suit(hand[k])) for k in range(n)]

    def accept_sets(self, probe: _Probe) -> list[list[int]]:
        """Per family and block: the bit set of rules that accept the probe's card (unknown counts as accept)."""
        nb, w = self.nb, self.w
        t_b = probe.t & self.mask_b
        f_b = probe.f & self.mask_b
        nf_b = self.mask_b & ~f_b
        spread_nf = _spread(nf_b, nb, w)
        spread_f = _spread(f_b, nb, w)
        single = nf_b
        both_false = spread_f * f_b
        pair_and = spread_nf * nf_b
        pair_or = self.full & ~both_false
        rows = spread_nf * self.ones_w
        cols = self.rep_w * nf_b
        unknown_if = pair_or
        if_blocks = []
        ct, cf = probe.t >> nb, probe.f >> nb
        for p in range(self.nc):
            bit = 1 << p
            if ct & bit:
                if_blocks.append(rows)
            elif cf & bit:
                if_blocks.append(cols)
            else:
                if_blocks.append(unknown_if)
        # period: which branch applies depends on the position of the card (length + 1) mod 3
        n3, w3 = self.n_card, self.w3
        nf3 = self.mask_c & ~(probe.f & self.mask_c)
        phase = (probe.length + 1) % 3
        row_bytes = w3 // 8
        if phase == 0:  # d0 varies fastest: the same w3-bit row everywhere
            period = int.from_bytes(nf3.to_bytes(row_bytes, "little") * (w3 * w3), "little")
        elif phase == 2:  # d2: rows of a w3 x w3 square, the square repeated for every d1
            square = (_spread(nf3, n3, w3) * self.ones_w3).to_bytes(row_bytes * w3, "little")
            period = int.from_bytes(square * w3, "little")
        else:  # d1: whole squares on or off
            on, off = self._square_on, self._square_off
            flags = format(nf3, f"0{w3}b")[::-1]
            period = int.from_bytes(b"".join(on if ch == "1" else off for ch in flags), "little")
        if probe.prev_suit is None:  # every branch unknown: false only when no suit maps to the card's suit
            suitmap = self.suitmap_first[probe.card_suit]
        else:
            suitmap = self.suitmap_accept[(probe.prev_suit, probe.card_suit)]
        return [[single], [pair_and], [pair_or], if_blocks, [period], [suitmap]]

    # -- reading rules back
    def text(self, family: int, block: int, index: int) -> str:
        name = self.families[family][0]
        bt = self.branch_texts
        if name == "single":
            return bt[index]
        if name in ("and", "or"):
            i, j = divmod(index, self.w)
            return f"{_wrap(bt[i])} {name} {_wrap(bt[j])}"
        if name == "if":
            i, j = divmod(index, self.w)
            cond = self.cond_texts[block]
            if j == 0:
                return f"if {cond} then {bt[i]}"
            return f"if {cond} then {bt[i]} else {bt[j]}"
        if name == "period":
            w3 = self.w3
            d1, rest = divmod(index, w3 * w3)
            d2, d0 = divmod(rest, w3)
            return (f"if position mod 3 = 1 then {bt[d1]} else if position mod 3 = 2 then {bt[d2]} "
                    f"else {bt[d0]}")
        parts = [_SUIT_WORD[_SUITS[(index >> (2 * k)) & 3]] for k in range(4)]
        return (f"if prev.suit = spades then card.suit = {parts[0]} else if prev.suit = hearts then "
                f"card.suit = {parts[1]} else if prev.suit = diamonds then card.suit = {parts[2]} "
                f"else card.suit = {parts[3]}")

    def size(self) -> int:
        return sum(m.bit_count() for blocks in self.valid for m in blocks)


def _accepts(space: HypothesisSpace, h: "Hypothesis", mainline: Sequence[str], card: str) -> bool:
    acc = space.accept_sets(space.probes(mainline, [card])[0])
    return bool(acc[h.family][h.block] >> h.index & 1)


def _spread_square(sq: int, w3: int) -> int:
    """Bit k of a (w3*w3)-bit square moved to bit k*w3 (each (d1, d2) cell opens a row of w3 for d0)."""
    return _spread(sq, w3 * w3, w3)


def _or_all(values) -> int:
    out = 0
    for v in values:
        out |= v
    return out


@lru_cache(maxsize=1)
def default_space() -> HypothesisSpace:
    """The hypothesis space, built once per process (it is the same for every game)."""
    return HypothesisSpace()


# --------------------------------------------------------------------------- reasoning

Sets = list  # per family, per block: an int bit set of rules


@dataclass(frozen=True)
class Hypothesis:
    family: int
    block: int
    index: int
    weight: float
    text: str


def entropy(p: float) -> float:
    """Bits of information in a yes/no outcome of probability ``p``."""
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


class Scientist:
    """The evidence seen so far and what it says about the secret rule. Not thread-safe; cheap to create."""

    def __init__(self, space: HypothesisSpace | None = None):
        self.space = space or default_space()
        self._planes = [[[0, 0, 0] for _ in blocks] for blocks in self.space.valid]
        self._excluded = [[0 for _ in blocks] for blocks in self.space.valid]
        self._survivors: Sets | None = None
        self._min_errors = 0
        self.evidence = 0

    # -- evidence
    def observe(self, mainline_before: Sequence[str], played: Sequence[str], accepted: bool) -> None:
        """A single card or a string played after ``mainline_before``: all right (``accepted``) or not.

        A right string is evidence card by card; a wrong string says only that at least one card was wrong
        (the cards judged as if the earlier ones had joined the mainline)."""
        mainline = list(mainline_before)
        items = []
        for card in played:
            items.append((tuple(mainline), card))
            mainline.append(card)
        if accepted or len(items) == 1:
            for before, card in items:
                self._learn([(before, card, accepted)], every=True)
        else:
            self._learn([(before, card, False) for before, card in items], every=False)

    def observe_no_play(self, mainline: Sequence[str], hand: Sequence[str], right: bool) -> None:
        """A "no play" declaration: ``right`` means no card of ``hand`` was playable; else at least one was."""
        items = [(tuple(mainline), card, False if right else True) for card in dict.fromkeys(hand)]
        if right:
            for item in items:
                self._learn([item], every=True)
        else:
            self._learn(items, every=False)

    def exclude(self, hypothesis: Hypothesis) -> None:
        """Drop one rule from consideration (a guess known to be wrong)."""
        self._excluded[hypothesis.family][hypothesis.block] |= 1 << hypothesis.index
        self._survivors = None

    def _learn(self, items: list[tuple[tuple, str, bool]], every: bool) -> None:
        space = self.space
        combined: Sets | None = None
        by_mainline: dict[tuple, list[tuple[str, bool]]] = {}
        for before, card, verdict in items:
            by_mainline.setdefault(before, []).append((card, verdict))
        for before, judged in by_mainline.items():
            probes = space.probes(before, [c for c, _ in judged])
            for probe, (_, verdict) in zip(probes, judged):
                acc = space.accept_sets(probe)
                sets = acc if verdict else [[v & ~a for v, a in zip(vb, ab)] for vb, ab in zip(space.valid, acc)]
                if combined is None:
                    combined = sets
                elif every:
                    combined = [[x & y for x, y in zip(cb, sb)] for cb, sb in zip(combined, sets)]
                else:
                    combined = [[x | y for x, y in zip(cb, sb)] for cb, sb in zip(combined, sets)]
        if combined is None:
            return
        for planes_f, valid_f, cons_f in zip(self._planes, space.valid, combined):
            for planes, valid, consistent in zip(planes_f, valid_f, cons_f):
                bad = valid & ~consistent
                if not bad:
                    continue
                c0, c1, c2 = planes
                bad &= ~(c0 & c1 & c2)  # saturated at MAX_ERRORS
                carry = c0 & bad
                c0 ^= bad
                carry2 = c1 & carry
                c1 ^= carry
                c2 |= carry2
                planes[:] = [c0, c1, c2]
        self.evidence += 1
        self._survivors = None

    # -- what is left
    def survivors(self) -> Sets:
        """The rules with the fewest contradictions (bit sets per family and block)."""
        if self._survivors is None:
            for errors in range(MAX_ERRORS + 1):
                sets = []
                any_left = False
                for planes_f, valid_f, excl_f in zip(self._planes, self.space.valid, self._excluded):
                    row = []
                    for (c0, c1, c2), valid, excl in zip(planes_f, valid_f, excl_f):
                        m = valid & ~excl
                        m &= c0 if errors & 1 else ~c0
                        m &= c1 if errors & 2 else ~c1
                        m &= c2 if errors & 4 else ~c2
                        any_left = any_left or bool(m)
                        row.append(m)
                    sets.append(row)
                if any_left:
                    self._survivors = sets
                    self._min_errors = errors
                    break
            else:  # everything excluded: start again from the whole space
                self._excluded = [[0 for _ in blocks] for blocks in self.space.valid]
                return self.survivors()
        return self._survivors

    @property
    def min_errors(self) -> int:
        """How many pieces of evidence the best rules contradict (0 while the secret rule is in the space)."""
        self.survivors()
        return self._min_errors

    def count(self) -> int:
        """How many rules survive."""
        return sum(m.bit_count() for row in self.survivors() for m in row)

    def mass(self, sets: Sets) -> float:
        total = 0.0
        for (_, blocks), row in zip(self.space.families, sets):
            for tiers, m in zip(blocks, row):
                if m:
                    for weight, tier in tiers:
                        total += weight * (m & tier).bit_count()
        return total

    def best(self) -> Hypothesis:
        """The most probable surviving rule (highest prior weight; ties: family order, then index)."""
        best: tuple[float, int, int, int] | None = None
        for f, ((_, blocks), row) in enumerate(zip(self.space.families, self.survivors())):
            for b, (tiers, m) in enumerate(zip(blocks, row)):
                if not m:
                    continue
                for weight, tier in tiers:  # cheapest tier first = heaviest
                    hit = m & tier
                    if hit:
                        if best is None or weight > best[0] * (1 + 1e-9):
                            best = (weight, f, b, (hit & -hit).bit_length() - 1)
                        break
        assert best is not None
        weight, f, b, i = best
        return Hypothesis(f, b, i, weight, self.space.text(f, b, i))

    def best_guess(self) -> str:
        """The most probable rule, as rule text."""
        return self.best().text

    def p_accept_all(self, mainline: Sequence[str], hand: Sequence[str]) -> list[float]:
        """For each card, the probability (over surviving rules, by prior weight) that it is right now."""
        survivors = self.survivors()
        total = self.mass(survivors)
        out = []
        for probe in self.space.probes(mainline, list(hand)):
            acc = self.space.accept_sets(probe)
            inter = [[s & a for s, a in zip(sr, ar)] for sr, ar in zip(survivors, acc)]
            out.append(self.mass(inter) / total if total > 0 else 0.5)
        return out

    def p_accept(self, mainline: Sequence[str], card: str) -> float:
        """Probability that ``card`` is right after ``mainline``."""
        return self.p_accept_all(mainline, [card])[0]

    def confidence(self, mainline: Sequence[str], depth: int = 0, best: Hypothesis | None = None,
                   contexts: Sequence[Sequence[str]] = (), stop_below: float = 0.0) -> float:
        """Share of the surviving weight that agrees with the best rule on every card after ``mainline``; with
        ``depth`` > 0 also after the empty mainline and each of ``contexts`` (e.g. where earlier counterexamples
        were) and one card further, and after up to ``depth`` further cards the best rule accepts from
        ``mainline``. Rules differ where they are probed: agreement on the current mainline alone says little
        when it is a dead end. Probing stops early once the share is below ``stop_below``."""
        best = best or self.best()
        survivors = self.survivors()
        total = self.mass(survivors)
        if total <= 0:
            return 0.0
        agree = [list(row) for row in survivors]
        jobs = [(list(mainline), 0)]
        if depth:
            jobs += [([], 1)] + [(list(c), 1) for c in contexts] + [(list(mainline), depth)]
        seen: set[tuple] = set()
        deck = list(cards.DECK)
        for start, steps in jobs:
            context = start
            for _ in range(steps + 1):
                key = tuple(context)
                accepted_cards = []
                if key not in seen:
                    seen.add(key)
                    for card, probe in zip(deck, self.space.probes(context, deck)):
                        acc = self.space.accept_sets(probe)
                        if acc[best.family][best.block] >> best.index & 1:
                            accepted_cards.append(card)
                            agree = [[g & a for g, a in zip(gr, ar)] for gr, ar in zip(agree, acc)]
                        else:
                            agree = [[g & ~a for g, a in zip(gr, ar)] for gr, ar in zip(agree, acc)]
                    if stop_below and self.mass(agree) < stop_below * total:
                        return self.mass(agree) / total
                else:
                    accepted_cards = [c for c in deck if _accepts(self.space, best, context, c)]
                if not accepted_cards:
                    break
                context = context + [accepted_cards[len(accepted_cards) // 2]]
        return self.mass(agree) / total

    def top(self, k: int) -> list[Hypothesis]:
        """The ``k`` most probable surviving rules, best first (without changing what survives)."""
        saved = [list(row) for row in self._excluded]
        out: list[Hypothesis] = []
        try:
            for _ in range(k):
                if self.count() == 0:
                    break
                h = self.best()
                out.append(h)
                self._excluded[h.family][h.block] |= 1 << h.index
                self._survivors = None
        finally:
            self._excluded = saved
            self._survivors = None
        return out

    def guess_information(self, guess: Hypothesis, _acc_cache: dict | None = None) -> float:
        """Expected bits from the counterexample a wrong ``guess`` would get.

        The science mode answers a wrong guess with a shortest difference, searched breadth first from the empty
        mainline and preferring a card the secret rule accepts. This walks the same order over the first two
        levels (the empty mainline; then after each of the first ``GUESS_BRANCHES`` cards the guess accepts) and
        splits the surviving rules by the difference each would show first; the entropy of that split (by
        weight) is what the guess is expected to teach."""
        survivors = self.survivors()
        cache = {} if _acc_cache is None else _acc_cache
        deck = list(cards.DECK)
        remaining = [list(row) for row in survivors]
        buckets: list[float] = []
        contexts: list[tuple[str, ...]] = [()]
        for level in range(2):
            level_acc = []
            following: list[tuple[str, ...]] = []
            for context in contexts:
                if context not in cache:
                    cache[context] = [self.space.accept_sets(p) for p in self.space.probes(list(context), deck)]
                for card, acc in zip(deck, cache[context]):
                    says_yes = bool(acc[guess.family][guess.block] >> guess.index & 1)
                    level_acc.append((says_yes, acc))
                    if says_yes and level == 0 and len(following) < GUESS_BRANCHES:
                        following.append(context + (card,))
            for wanted in (False, True):  # the secret accepting (guess rejecting) first, then the rest
                for says_yes, acc in level_acc:
                    if says_yes != wanted:
                        continue
                    if says_yes:
                        hit = [[r & ~a for r, a in zip(rr, ar)] for rr, ar in zip(remaining, acc)]
                    else:
                        hit = [[r & a for r, a in zip(rr, ar)] for rr, ar in zip(remaining, acc)]
                    if any(h for row in hit for h in row):
                        buckets.append(self.mass(hit))
                        remaining = [[r & ~h for r, h in zip(rr, hr)] for rr, hr in zip(remaining, hit)]
            contexts = following
            if not contexts:
                break
        buckets.append(self.mass(remaining))
        total = sum(buckets)
        return -sum(b / total * math.log2(b / total) for b in buckets if b > 0) if total > 0 else 0.0

    def choose_guess(self, candidates: int = 0) -> Hypothesis:
        """The guess to make when plays cannot teach: among the ``candidates`` most probable rules, the one whose
        counterexample is expected to teach most (ties: the more probable). With no candidates: the best rule."""
        if candidates <= 1:
            return self.best()
        cache: dict = {}
        scored = []
        for rank, h in enumerate(self.top(candidates)):
            scored.append((round(self.guess_information(h, cache), 6), -rank, h))
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _shares(self, mainline: Sequence[str], hand: Sequence[str]) -> list[float]:
        """Like ``p_accept_all`` but counting surviving rules without their weights (cheaper, for lookahead)."""
        survivors = self.survivors()
        total = sum(m.bit_count() for row in survivors for m in row)
        out = []
        for probe in self.space.probes(mainline, list(hand)):
            acc = self.space.accept_sets(probe)
            hit = sum((s & a).bit_count() for sr, ar in zip(survivors, acc) for s, a in zip(sr, ar))
            out.append(hit / total if total else 0.5)
        return out

    def choose_play(self, mainline: Sequence[str], hand: Sequence[str], lookahead: bool = True
                    ) -> tuple[str, float, float]:
        """The most informative card of ``hand``: (card, probability right, bits of information now).

        With ``lookahead``, the few most informative cards also earn credit for what the next turn could teach
        if they are right (``LOOKAHEAD_WEIGHT`` x probability right x the best next-turn bits, estimated with the
        other cards of the hand), so the scientist does not walk into a dead end where no card can follow.
        Ties go to the card more likely right, then to the first in deck order."""
        distinct = sorted(set(hand), key=cards.DECK.index)
        ps = self.p_accept_all(mainline, distinct)
        scored = {c: entropy(p) for c, p in zip(distinct, ps)}
        if lookahead and len(distinct) > 1:
            ranked = sorted(zip(distinct, ps), key=lambda cp: (-round(scored[cp[0]], 6), -cp[1]))
            for card, p in ranked[:LOOKAHEAD_CANDIDATES]:
                if p < 0.01:
                    continue
                rest = [c for c in distinct if c != card]
                future = max(entropy(q) for q in self._shares(list(mainline) + [card], rest))
                scored[card] += LOOKAHEAD_WEIGHT * p * future
        card, p = max(zip(distinct, ps), key=lambda cp: (round(scored[cp[0]], 6), cp[1]))
        return card, p, entropy(p)

    def surely_right(self, mainline: Sequence[str], hand: Sequence[str]) -> tuple[str, float]:
        """The card of ``hand`` most likely right: (card, probability)."""
        distinct = sorted(set(hand), key=cards.DECK.index)
        ps = self.p_accept_all(mainline, distinct)
        card, p = max(zip(distinct, ps), key=lambda cp: cp[1])
        return card, p


# --------------------------------------------------------------------------- the science bot

LOOKAHEAD_CANDIDATES = 4  # cards whose next turn is looked at
LOOKAHEAD_WEIGHT = 0.5  # worth of a bit next turn, against a bit now
GUESS_CANDIDATES = 6  # when plays cannot teach: the most probable rules weighed as guesses for what they teach
GUESS_BRANCHES = 3  # cards after the empty mainline that guess_information follows
GUESS_CONFIDENCE = 0.5  # guess once this share of the surviving weight agrees with the best rule (tuned on the library)
MIN_INFORMATION = 0.1  # bits: a play that teaches less than this is not worth a play; guess instead


def science_evidence(view: dict) -> tuple[list[tuple[tuple, str, bool]], list[dict]]:
    """The evidence a science-mode view shows, in the order it arose: laid-aside first cards, then for each
    mainline card the card itself and the sideline under it; and the wrong guesses with their counterexamples."""
    mainline = view["mainline"]
    items: list[tuple[tuple, str, bool]] = [((), c, False) for c in view["laid_aside"]]
    for i, card in enumerate(mainline):
        items.append((tuple(mainline[:i]), card, True))
        for wrong in view["sidelines"][i]:
            items.append((tuple(mainline[:i + 1]), wrong, False))
    guesses = [g for g in view["guesses"] if not g["right"]]
    return items, guesses


class ScienceBot:
    """Plays solo science mode from the view alone; ``act`` is deterministic in (level, seed, view)."""

    def __init__(self, level: str = "scientist", seed: str = "", seat: int = 0,
                 space: HypothesisSpace | None = None):
        self.level = level
        self.seed = seed
        self.seat = seat
        self.space = space or default_space()
        self._scientist = Scientist(self.space)
        self._seen_items: list = []
        self._seen_guesses: list = []
        self._wrong: set[str] = set()
        self.last_decision: dict = {}

    def _sync(self, view: dict) -> Scientist:
        items, guesses = science_evidence(view)
        n, g = len(self._seen_items), len(self._seen_guesses)
        if items[:n] != self._seen_items or guesses[:g] != self._seen_guesses:
            self._scientist = Scientist(self.space)
            self._seen_items, self._seen_guesses = [], []
            n = g = 0
        sci = self._scientist
        for before, card, verdict in items[n:]:
            sci.observe(before, [card], verdict)
        for guess in guesses[g:]:
            ce = guess["counterexample"]
            if ce is not None:
                sci.observe(ce["mainline"], [ce["card"]], ce["secret_accepts"])
        self._seen_items, self._seen_guesses = items, guesses
        # never repeat a wrong guess (it may survive when no rule fits all the evidence)
        wrong = self._wrong = {gs["text"] for gs in guesses}
        for _ in range(len(wrong) + 1):
            best = sci.best()
            if best.text not in wrong:
                break
            sci.exclude(best)
        return sci

    def act(self, view: dict) -> dict:
        sci = self._sync(view)
        best = sci.best()
        mainline = view["mainline"]
        plays_left = view["plays_left"]
        if plays_left <= 0:
            return self._decide("guess", best, "last guess", guess=best.text)
        recent = [g["counterexample"]["mainline"] for g in view["guesses"][-1:] if g["counterexample"]]
        confidence = sci.confidence(mainline, 2, best, recent, stop_below=GUESS_CONFIDENCE)
        if confidence >= GUESS_CONFIDENCE:
            return self._decide("guess", best, "confident", guess=best.text, confidence=confidence)
        card, p, bits = sci.choose_play(mainline, view["hand"])
        if bits < MIN_INFORMATION:
            guess = sci.choose_guess(GUESS_CANDIDATES)
            if guess.text in self._wrong:
                guess = best
            return self._decide("guess", best, "nothing to learn from the hand", guess=guess.text,
                                confidence=confidence)
        return self._decide("play", best, "informative", card=card, p=p, bits=bits, confidence=confidence)

    def _decide(self, kind: str, best: Hypothesis, why: str, **details) -> dict:
        self.last_decision = {"kind": kind, "why": why, "best": best.text, **details}
        if kind == "guess":
            return {"guess": details["guess"]}
        return {"play": details["card"]}


def make_science_bot(level: str = "scientist", seed: str = "", seat: int = 0) -> ScienceBot:
    return ScienceBot(level, seed, seat)
