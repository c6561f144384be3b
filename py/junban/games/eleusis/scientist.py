"""The scientist: reasoning over a hypothesis space grown from the rule language, for the science bot and the table
bots (players, Prophet) alike.

**The hypothesis space** (``grammar`` makes its pieces, ``space`` judges them). Every hypothesis is a text of the
rule language, built from *atoms* (card classes, relations with earlier cards, the history of the line; each kept
once per behaviour on a fixed probe set) in families:

- ``single``: one atom;  ``and`` / ``or``: two small atoms (a pair kept only when its behaviour is new);
- ``if C then A else B`` for every *condition* C (classes of earlier cards, the position, the length, counts and
  totals, the card's own class or relation): any two atoms or ``true`` (``if C then A``; ``C or B``);
- multi-way splits: ``if position mod 3 = 1 then A else if ... else C`` (and mod 4), a branch per suit of the
  previous card, a branch per sign of ``count(each.red) - count(each.black)`` (and odd/even);
- the first-card condition: ``if length = 0 then Q else R`` for every card class Q and every rule R above.

The prior of a rule is ``exp(-LAMBDA * size)`` with the size of its whole text (nodes of its parse tree), so
simpler rules come first and no family has a share fixed by hand. The splits are never enumerated: their evidence
falls apart by case (a card judged where C holds says nothing about B), so each case keeps its own set of branches
and a family's weight is a product of sums. The space holds about 10^9 rules this way.

**Evidence.** Every judged card is evidence: mainline cards (right), sideline and laid-aside first cards (wrong),
strings (all right, or at least one wrong), "no play" declarations (no card of the hand right, or one of them),
and counterexamples from wrong guesses. For each rule the scientist counts the pieces of evidence it contradicts
(up to ``MAX_ERRORS``); the surviving rules are those with the fewest, so a mistaken judgement or a rule outside
the space does not leave it without an answer. First cards (judged on an empty mainline) are counted apart, so a
rule "R after a first card of class Q" is judged by Q on first cards and by R on the rest.

**What it offers.** ``choose_play`` picks the card whose verdict is most uncertain under the surviving rules by
weight (expected information), with a look one play ahead; ``agreement`` is the share of the surviving weight that
judges like a rule on every card after given mainlines (``probe_contexts``: a walk along the rule from the current
mainline, one from the empty mainline, one card after each recent counterexample). How sure the scientist is, as a
calibrated probability, and what to do about it are other modules' (``belief``, ``science_bot``, ``bots``). Work per
turn is bounded by counts (families, cards, probed mainlines), never by the clock.

**Public API** (also for the table bots): ``Scientist.observe(mainline_before, cards, accepted)``,
``observe_no_play``, ``p_accept(mainline, card)``, ``p_accept_all``, ``best()``, ``best_guess()``, ``top(k)``,
``agreement(rule, contexts)``, ``choose_play(mainline, hand)``, ``surely_right``, ``min_errors``, ``count()``. The
solo science bot built on it is ``junban.games.eleusis.science_bot``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations, product
from typing import Sequence

from junban.games.eleusis import cards
from junban.games.eleusis.grammar import size
from junban.games.eleusis.space import Probe, Space, default_space

LAMBDA = 0.9  # prior: weight exp(-LAMBDA * size of the rule's text)
MAX_ERRORS = 3  # contradiction counters saturate here (two bit planes)
WRAP_OVERHEAD = 4  # 'if length = 0 then Q else R' adds four nodes to Q and R
MAX_COUPLED = 5  # first-card constraints weighed exactly per split family (further ones only when reading out)
TOP_BRANCHES = 6  # branches per case tried when reading out the best combination of a split
PRUNE_SHARE = 0.01  # the lightest families, together at most this share of the surviving weight, are left out of
# probabilities and agreement
LOOKAHEAD_PRUNE = 0.2  # the same for the look one play ahead (a rough look: it only ranks a few cards)
LOOKAHEAD_CANDIDATES = 3  # cards whose next turn is looked at (choose_play)
LOOKAHEAD_WEIGHT = 0.5  # worth of a bit next turn, against a bit now
CONFIDENCE_DEPTH = 4  # cards of the walks along the best rule that agreement probes (probe_contexts)

STREAMS = ("all", "rest")  # all evidence; evidence after the first card (for 'if length = 0 then Q else R')


# --------------------------------------------------------------------------- bit tools

_BITS01 = bytes.maketrans(b"01", b"\x00\x01")


def _spread(v: int, nbits: int, stride: int) -> int:
    """Bit i of ``v`` (i < nbits) moved to bit i*stride. ``stride`` is a multiple of 8."""
    step = stride // 8
    flags = format(v, f"0{nbits}b")[::-1].encode().translate(_BITS01)
    out = bytearray(nbits * step)
    out[0::step] = flags
    return int.from_bytes(out, "little")


def _bump(planes: list[int], bad: int) -> None:
    """Add one contradiction to every rule in ``bad`` (two-bit counters saturating at 3)."""
    c0, c1 = planes
    bad &= ~(c0 & c1)
    planes[0] = c0 ^ bad
    planes[1] = c1 | (c0 & bad)


def _at_level(planes: list[int], valid: int, e: int) -> int:
    c0, c1 = planes
    m = valid & (c0 if e & 1 else ~c0)
    return m & (c1 if e & 2 else ~c1)


def _min_level(planes: list[int], valid: int) -> tuple[int, int]:
    """(the fewest contradictions of any rule in ``valid``, the rules with that many); (MAX_ERRORS + 1, 0) if none."""
    for e in range(MAX_ERRORS + 1):
        m = _at_level(planes, valid, e)
        if m:
            return e, m
    return MAX_ERRORS + 1, 0


def _bits(m: int):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def entropy(p: float) -> float:
    """Bits of information in a yes/no outcome of probability ``p``."""
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


class Tiers:
    """Prior weights of a bit set's members, grouped by size: ``mass(m)`` is the summed weight of the set ``m``."""

    def __init__(self, sizes: dict[int, int], extra: int = 0, power: int = 1):
        self.tiers = [(math.exp(-LAMBDA * (s + extra) * power), mask) for s, mask in sorted(sizes.items())]

    def mass(self, m: int) -> float:
        if not m:
            return 0.0
        total = 0.0
        for w, t in self.tiers:
            x = m & t
            if x:
                total += w * x.bit_count()
        return total

    def heaviest(self, m: int) -> tuple[float, int] | None:
        """(weight, lowest bit) of the heaviest member of ``m``, or None."""
        for w, t in self.tiers:
            hit = m & t
            if hit:
                return w, (hit & -hit).bit_length() - 1
        return None

    def ranked(self, m: int, limit: int) -> list[tuple[float, int]]:
        """The ``limit`` heaviest members of ``m``: (weight, bit), heaviest first (ties: lowest bit)."""
        out = []
        for w, t in self.tiers:
            hit = m & t
            while hit and len(out) < limit:
                low = hit & -hit
                hit ^= low
                out.append((w, low.bit_length() - 1))
            if len(out) >= limit:
                break
        return out


class Context:
    """A probed mainline with a verdict on every card of the deck (what a rule says there), folded into the
    constraints that families apply at once: per card the branches that agree (``cons``: accepting where the
    verdict is right, false where it is wrong), their conjunction, and the cards' falsity sets."""

    def __init__(self, space: Space, mainline: Sequence[str], verdicts: Sequence[bool]):
        self.probes = space.probes(mainline, cards.DECK)
        self.length = len(mainline)
        self.verdicts = list(verdicts)
        full = space.all_atoms
        self.cons = [(full & ~p.f) if v else p.f for p, v in zip(self.probes, verdicts)]
        every = full
        for c in self.cons:
            every &= c
        self.all_cons = every
        rejected = full
        for p, v in zip(self.probes, verdicts):
            if not v:
                rejected &= p.f
        self.rejected_false = rejected  # branches false on every rejected card
        self.accepted_false = [p.f for p, v in zip(self.probes, verdicts) if v]
        self.rejected_cards = sum(1 << c for c, v in enumerate(self.verdicts) if not v)
        self._pairs: dict = {}
        self._false_cards: dict[int, int] = {}

    def false_cards(self, atom: int) -> int:
        """The cards (bit c = ``cards.DECK[c]``) on which the atom is false after this mainline."""
        hit = self._false_cards.get(atom)
        if hit is None:
            hit = 0
            for c, p in enumerate(self.probes):
                if p.f >> atom & 1:
                    hit |= 1 << c
            self._false_cards[atom] = hit
        return hit

    def pair_vectors(self, space: Space) -> tuple[list[int], list[bool]]:
        """Per card, the pair atoms' falsity (pair layout), and the verdicts."""
        hit = self._pairs.get("f")
        if hit is None:
            out = []
            for p in self.probes:
                f = 0
                for first, mask, pos in space.pair_runs:
                    f |= ((p.f >> first) & mask) << pos
                out.append(f)
            hit = self._pairs["f"] = out
        return hit, self.verdicts


# --------------------------------------------------------------------------- families


@dataclass(frozen=True)
class Hypothesis:
    """A rule of the space: its family, the choice within it (atoms or branches), prior weight, and text."""

    family: str
    choice: tuple
    weight: float
    text: str


def _group(text: str) -> str:
    return f"({text})" if (" and " in text or " or " in text or text.startswith("if ")) else text


def _outer(a: int, b: int, n: int, w: int) -> int:
    """The pairs (x, y) with x in ``a`` and y in ``b``: bit x * w + y."""
    return _spread(a, n, w) * b if a and b else 0


class Dense:
    """Rules as one bit set: ``single`` (one atom) or the ``and`` / ``or`` pairs (bit x * w + y, x < y positions
    among the pair atoms)."""

    def __init__(self, space: Space, name: str):
        self.space = space
        self.name = name
        sizes = space.atom_sizes
        self.n = len(space.pair_atoms)
        if name == "single":
            self.valid = space.all_atoms & ~1
            by_size: dict[int, int] = {}
            for i in range(1, space.n):
                by_size[sizes[i]] = by_size.get(sizes[i], 0) | (1 << i)
        else:
            w, atoms = space.w, space.pair_atoms
            self.valid = space.pair_keep[name]
            local: dict[int, int] = {}
            for p, i in enumerate(atoms):
                local[sizes[i]] = local.get(sizes[i], 0) | (1 << p)
            by_size = {}
            for s1, m1 in local.items():
                for s2, m2 in local.items():
                    m = _outer(m1, m2, self.n, w) & self.valid
                    if m:
                        by_size[1 + s1 + s2] = by_size.get(1 + s1 + s2, 0) | m
        self.tiers = Tiers(by_size)

    def pair_false(self, probe: Probe) -> int:
        f = 0
        for first, mask, pos in self.space.pair_runs:
            f |= ((probe.f >> first) & mask) << pos
        return f

    def accept(self, probe: Probe) -> int:
        """The rules of this family that accept the probe's card (unknown counts as accept)."""
        if self.name == "single":
            return self.valid & ~probe.f
        f = self.pair_false(probe)
        n, w = self.n, self.space.w
        if self.name == "and":
            nf = ((1 << n) - 1) & ~f
            return _outer(nf, nf, n, w) & self.valid
        return self.valid & ~_outer(f, f, n, w)

    def accepts(self, index: int, probe: Probe) -> bool:
        if self.name == "single":
            return not probe.f >> index & 1
        x, y = divmod(index, self.space.w)
        atoms = self.space.pair_atoms
        fx, fy = probe.f >> atoms[x] & 1, probe.f >> atoms[y] & 1
        return not (fx or fy) if self.name == "and" else not (fx and fy)

    def text(self, choice: tuple) -> str:
        texts = self.space.atom_texts
        if self.name == "single":
            return texts[choice[0]]
        a, b = (texts[self.space.pair_atoms[x]] for x in divmod(choice[0], self.space.w))
        return f"{_group(a)} {self.name} {_group(b)}"


SPARSE = 48  # a dense view with at most this many rules judges them one by one


class DenseView:
    """The surviving rules of a dense family: a bit set."""

    __slots__ = ("family", "m", "_mass")

    def __init__(self, family: Dense, m: int):
        self.family = family
        self.m = m
        self._mass: float | None = None

    def empty(self) -> bool:
        return not self.m

    def mass(self) -> float:
        if self._mass is None:
            self._mass = self.family.tiers.mass(self.m)
        return self._mass

    def count(self) -> int:
        return self.m.bit_count()

    def _accepting(self, probe: Probe) -> int:
        fam = self.family
        if fam.name != "single" and self.m.bit_count() <= SPARSE:
            out = 0
            for b in _bits(self.m):
                if fam.accepts(b, probe):
                    out |= 1 << b
            return out
        return self.m & fam.accept(probe)

    def restrict(self, probe: Probe, accepted: bool) -> "DenseView":
        acc = self._accepting(probe)
        return DenseView(self.family, acc if accepted else self.m & ~acc)

    def accepting_mass(self, probe: Probe) -> float:
        return self.family.tiers.mass(self._accepting(probe))

    def restrict_context(self, ctx: Context) -> "DenseView":
        fam = self.family
        m = self.m
        if not m:
            return self
        if fam.name == "single":
            return DenseView(fam, m & ctx.all_cons)
        if m.bit_count() <= SPARSE:  # each rule on its own: the cards where its atoms are false
            w, atoms = fam.space.w, fam.space.pair_atoms
            keep = 0
            for b in _bits(m):
                x, y = divmod(b, w)
                fx, fy = ctx.false_cards(atoms[x]), ctx.false_cards(atoms[y])
                rejects = fx | fy if fam.name == "and" else fx & fy
                if rejects == ctx.rejected_cards:
                    keep |= 1 << b
            return DenseView(fam, keep)
        falses, verdicts = ctx.pair_vectors(fam.space)
        n, w = fam.n, fam.space.w
        everything = (1 << n) - 1
        if fam.name == "and":  # right cards: both atoms not false; wrong cards: one of them false
            both = everything
            for f, v in zip(falses, verdicts):
                if v:
                    both &= ~f
            m &= _outer(both, both, n, w)
            killers = {everything & ~f & both for f, v in zip(falses, verdicts) if not v}
        else:  # wrong cards: both atoms false; right cards: not both false
            both = everything
            for f, v in zip(falses, verdicts):
                if not v:
                    both &= f
            m &= _outer(both, both, n, w)
            killers = {f & both for f, v in zip(falses, verdicts) if v}
        for k in sorted(killers):
            if not m:
                break
            m &= ~_outer(k, k, n, w)
        return DenseView(fam, m)

    def bound(self) -> float:
        top = self.family.tiers.heaviest(self.m)
        return top[0] if top else 0.0

    def candidates(self, excluded: set, limit: int) -> list[tuple[float, tuple]]:
        out = []
        for w, b in self.family.tiers.ranked(self.m, limit + len(excluded)):
            if (self.family.name, (b,)) not in excluded:
                out.append((w, (b,)))
                if len(out) >= limit:
                    break
        return out


class Split:
    """``if C then A else B`` for one condition C, or a multi-way split: one set of branches per case (bit i = atom
    i, bit 0 = ``true``); a rule is a branch per case, weighed ``exp(-LAMBDA * overhead) * product of branch
    weights``. Combos whose branches coincide on cases an ``if`` already splits (or everywhere) are other
    families' rules and are left out (``coarser``)."""

    def __init__(self, space: Space, name: str, keep: list[int], overhead: int, branch_tiers: list,
                 condition: int | None = None, split: int | None = None, coarser: list[list[int]] = ()):
        self.space = space
        self.name = name
        self.keep = keep
        self.cases = len(keep)
        self.condition = condition
        self.split = split
        # a condition about the mainline alone puts every card of a probed mainline in the same case
        self.per_card = condition is not None and space.cond_groups[condition] == "atom"
        self.overhead = math.exp(-LAMBDA * overhead)
        self.coarser = [list(b) for b in coarser]
        self.branch_tiers = branch_tiers  # [power] -> branch weights to that power (equal branches repeated)

    def case(self, probe: Probe) -> int | None:
        if self.condition is not None:
            bit = 1 << self.condition
            if probe.ct & bit:
                return 0
            if probe.cf & bit:
                return 1
            return None
        return probe.cases[self.split]

    def text(self, choice: tuple) -> str:
        texts = self.space.atom_texts
        if self.split is not None:
            return self.space.split_rule_text(self.split, [texts[b] for b in choice])
        cond = self.space.cond_texts[self.condition]
        a, b = choice
        if a == 0:
            return f"{_group(cond)} or {_group(texts[b])}"
        if b == 0:
            return f"if {cond} then {texts[a]}"
        return f"if {cond} then {texts[a]} else {texts[b]}"


class SplitView:
    """The surviving rules of a split family: a set of branches per case, and the first-card constraints that
    tie cases together (where the split is unknown, the rule rejects a card only if every branch does: a card
    accepted there forbids combos whose branches all reject it)."""

    __slots__ = ("family", "sets", "coupled", "_mass", "_case_mass", "_plain")

    def __init__(self, family: Split, sets: list[int], coupled: tuple = ()):
        self.family = family
        self.sets = sets
        self.coupled = coupled
        self._mass: float | None = None
        self._case_mass: list | None = None
        self._plain: bool | None = None  # no first-card constraint in force: cases are independent

    def plain(self) -> bool:
        if self._plain is None:
            self._plain = not self._active(self.sets)
        return self._plain

    def bound(self) -> float:
        """The weight of the heaviest combo (allowed or not)."""
        out = self.family.overhead
        tiers = self.family.branch_tiers[1]
        for s in self.sets:
            top = tiers.heaviest(s)
            if top is None:
                return 0.0
            out *= top[0]
        return out

    def empty(self) -> bool:
        return not all(self.sets)

    def count(self) -> int:
        out = 1
        for s in self.sets:
            out *= s.bit_count()
        return out

    def _active(self, sets: list[int]) -> list[int]:
        """The first-card constraints that some combo of ``sets`` breaks (at most ``MAX_COUPLED``; one implied by
        another, a subset of its false branches, is left out)."""
        union = 0
        for s in sets:
            union |= s
        out: list[int] = []
        for f in self.coupled:
            if all(s & f for s in sets):
                f &= union
                if any(f & ~g == 0 for g in out):  # forbidding all in g already forbids all in f (f within g)
                    continue
                out = [g for g in out if g & ~f] + [f]
        return out[:MAX_COUPLED]

    def over_coupled(self) -> bool:
        """More first-card constraints than weighed exactly: the mass is an upper bound."""
        union = 0
        for s in self.sets:
            union |= s
        return len(self._active(self.sets)) >= MAX_COUPLED and sum(
            1 for f in self.coupled if all(s & f for s in self.sets)) > MAX_COUPLED

    def case_masses(self) -> list[float]:
        if self._case_mass is None:
            tiers = self.family.branch_tiers[1]
            self._case_mass = [tiers.mass(s) for s in self.sets]
        return self._case_mass

    def mass(self) -> float:
        if self._mass is None:
            self._mass = self._compute(self.sets, self.case_masses())
        return self._mass

    def _compute(self, sets: list[int], masses: list[float] | None = None) -> float:
        if not all(sets):
            return 0.0
        fam = self.family
        tiers = fam.branch_tiers[1]
        active = self._active(sets)
        if not active:
            total = 1.0
            for k, s in enumerate(sets):
                total *= masses[k] if masses is not None and masses[k] is not None else tiers.mass(s)
        else:
            total = 0.0
            for n in range(len(active) + 1):
                for chosen in combinations(active, n):
                    both = -1
                    for f in chosen:
                        both &= f
                    term = 1.0
                    for s in sets:
                        term *= tiers.mass(s & both)
                        if not term:
                            break
                    total += -term if n & 1 else term
        total -= self._duplicates(sets)
        return max(0.0, total) * fam.overhead

    def _duplicates(self, sets: list[int]) -> float:
        """The weight of combos that are other families' rules: all branches equal, or equal within the blocks of
        a two-block split an 'if' condition makes (first-card constraints left aside)."""
        everywhere = -1
        for s in sets:
            everywhere &= s
        fam = self.family
        same = fam.branch_tiers[fam.cases].mass(everywhere) if everywhere else 0.0
        if fam.split is None:
            return same
        out = same
        for block in fam.coarser:
            rest = [k for k in range(fam.cases) if k not in block]
            g = 1.0
            for part in (block, rest):
                inter = -1
                for k in part:
                    inter &= sets[k]
                g *= fam.branch_tiers[len(part)].mass(inter) if inter else 0.0
                if not g:
                    break
            out += g - same
        return out

    def _with_case(self, k: int, s: int) -> float:
        sets = list(self.sets)
        sets[k] = s
        masses = list(self.case_masses())
        masses[k] = None
        return self._compute(sets, masses)

    def restrict(self, probe: Probe, accepted: bool) -> "SplitView":
        k = self.family.case(probe)
        if k is None:
            if accepted:
                return SplitView(self.family, self.sets, self.coupled + (probe.f,))
            return SplitView(self.family, [s & probe.f for s in self.sets], self.coupled)
        sets = list(self.sets)
        sets[k] &= ~probe.f if accepted else probe.f
        return SplitView(self.family, sets, self.coupled)

    def accepting_mass(self, probe: Probe) -> float:
        fam = self.family
        k = fam.case(probe)
        if k is None:
            return self.mass() - self._compute([s & probe.f for s in self.sets])
        if fam.split is None and self.plain():  # an 'if': the other side's weight times this side's, less A = A
            sets = self.sets
            acc = sets[k] & ~probe.f
            if not acc:
                return 0.0
            total = fam.branch_tiers[1].mass(acc) * self.case_masses()[1 - k]
            same = acc & sets[1 - k]
            if same:
                total -= fam.branch_tiers[2].mass(same)
            return max(0.0, total) * fam.overhead
        return self._with_case(k, self.sets[k] & ~probe.f)

    def restrict_context(self, ctx: Context) -> "SplitView":
        fam = self.family
        sets = list(self.sets)
        coupled = self.coupled
        if fam.per_card:
            bit = 1 << fam.condition
            on, off = -1, -1
            unknown_accepted = []
            unknown_rejected = -1
            for p, cons, v in zip(ctx.probes, ctx.cons, ctx.verdicts):
                if p.ct & bit:
                    on &= cons
                elif p.cf & bit:
                    off &= cons
                elif v:
                    unknown_accepted.append(p.f)
                else:
                    unknown_rejected &= p.f
            sets[0] &= on & unknown_rejected
            sets[1] &= off & unknown_rejected
        else:
            k = fam.case(ctx.probes[0])
            if k is not None:
                sets[k] &= ctx.all_cons
                return SplitView(fam, sets, coupled)
            sets = [s & ctx.rejected_false for s in sets]
            unknown_accepted = ctx.accepted_false
        if unknown_accepted and all(sets):
            extra = tuple(f for f in unknown_accepted if all(s & f for s in sets))
            coupled = coupled + extra[:MAX_COUPLED]
        return SplitView(fam, sets, coupled)

    def candidates(self, excluded: set, limit: int) -> list[tuple[float, tuple]]:
        """The heaviest allowed combos (at most ``limit``), from the ``TOP_BRANCHES`` heaviest branches per case."""
        fam = self.family
        tiers = fam.branch_tiers[1]
        per_case = []
        for s in self.sets:
            ranked = tiers.ranked(s, TOP_BRANCHES)
            if not ranked:
                return []
            per_case.append(ranked)
        combos = []
        for pick in product(*per_case):
            weight = fam.overhead
            for w, _ in pick:
                weight *= w
            combos.append((weight, tuple(b for _, b in pick)))
        combos.sort(key=lambda wc: (-wc[0], wc[1]))
        out = []
        for weight, choice in combos:
            if self._allowed(choice) and (fam.name, choice) not in excluded:
                out.append((weight, choice))
                if len(out) >= limit:
                    break
        return out

    def _allowed(self, choice: tuple) -> bool:
        fam = self.family
        if len(set(choice)) == 1:
            return False
        for block in fam.coarser:
            rest = [k for k in range(fam.cases) if k not in block]
            if len({choice[k] for k in block}) == 1 and len({choice[k] for k in rest}) == 1:
                return False
        for f in self.coupled:
            if all(f >> b & 1 for b in choice):
                return False
        return True


# --------------------------------------------------------------------------- the space of families


class Hypotheses:
    """All families over one ``Space`` (built once per process: ``default_hypotheses``)."""

    def __init__(self, space: Space | None = None):
        self.space = space = space or default_space()
        self.dense = [Dense(space, name) for name in ("single", "and", "or")]
        by_size: dict[int, int] = {}
        for i in range(space.n):
            s = 0 if i == 0 else space.atom_sizes[i]  # 'true' as a branch adds no node ('if C then A')
            by_size[s] = by_size.get(s, 0) | (1 << i)
        most = max([2] + [len(sp.keep) for sp in space.splits])
        tiers = [None] + [Tiers(by_size, power=p) for p in range(1, most + 1)]
        self.splits: list[Split] = []
        for k in range(space.k):
            self.splits.append(Split(space, f"if:{k}", space.cond_sides[k], 1 + space.cond_sizes[k], tiers,
                                     condition=k))
        for s, sp in enumerate(space.splits):
            overhead = size(space.split_rule_text(s, ["true"] * len(sp.keep))) - len(sp.keep)
            self.splits.append(Split(space, f"split:{sp.name}", sp.keep, overhead, tiers, split=s,
                                     coarser=sp.coarser))
        self.families = {f.name: f for f in self.dense + self.splits}
        self.classes = 0
        by_size: dict[int, int] = {}
        for i in space.card_classes:
            self.classes |= 1 << i
            by_size[space.atom_sizes[i]] = by_size.get(space.atom_sizes[i], 0) | (1 << i)
        self.class_tiers = Tiers(by_size, extra=WRAP_OVERHEAD)  # Q's weight carries the wrapper's own nodes


_DEFAULT: Hypotheses | None = None


def default_hypotheses() -> Hypotheses:
    """The families, built once per process (the same for every game)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Hypotheses()
    return _DEFAULT


# --------------------------------------------------------------------------- reasoning


class Survivors:
    """The surviving rules at the fewest contradictions: plain families' views, and the first-card rules
    (``if length = 0 then Q else R``: Q from ``classes``, R from the families' views on the evidence after the
    first card, ``rest``)."""

    __slots__ = ("plain", "classes", "rest", "hyp", "_mass")

    def __init__(self, hyp: Hypotheses, plain: list, classes: int, rest: list):
        self.hyp = hyp
        self.plain = plain
        self.classes = classes if rest else 0
        self.rest = rest if classes else []
        self._mass: float | None = None

    def class_mass(self, classes: int | None = None) -> float:
        return self.hyp.class_tiers.mass(self.classes if classes is None else classes)

    def mass(self) -> float:
        if self._mass is None:
            total = sum(v.mass() for v in self.plain)
            if self.classes:
                total += self.class_mass() * sum(v.mass() for v in self.rest)
            self._mass = total
        return self._mass

    def pruned(self, share: float) -> "Survivors":
        """The same survivors without the lightest views whose weights add up to at most ``share`` of the total
        (probabilities change by at most ``share``)."""
        total = self.mass()
        wrap = self.class_mass()
        weighed = [(v.mass(), 0, k) for k, v in enumerate(self.plain)]
        weighed += [(v.mass() * wrap, 1, k) for k, v in enumerate(self.rest)]
        weighed.sort(key=lambda t: t[0])
        dropped = 0.0
        drop: set = set()
        for m, which, k in weighed:
            if dropped + m > share * total:
                break
            dropped += m
            drop.add((which, k))
        if not drop:
            return self
        plain = [v for k, v in enumerate(self.plain) if (0, k) not in drop]
        rest = [v for k, v in enumerate(self.rest) if (1, k) not in drop]
        return Survivors(self.hyp, plain, self.classes, rest)

    def accepting_mass(self, probe: Probe) -> float:
        total = sum(v.accepting_mass(probe) for v in self.plain)
        if self.classes:
            if probe.length == 0:
                total += self.class_mass(self.classes & ~probe.f) * sum(v.mass() for v in self.rest)
            else:
                total += self.class_mass() * sum(v.accepting_mass(probe) for v in self.rest)
        return total

    def restrict(self, probe: Probe, accepted: bool) -> "Survivors":
        """The survivors that judge the probe's card as ``accepted`` says."""
        plain = [v for v in (v.restrict(probe, accepted) for v in self.plain) if not v.empty()]
        classes, rest = self.classes, self.rest
        if classes:
            if probe.length == 0:
                classes &= ~probe.f if accepted else probe.f
            else:
                rest = [v for v in (v.restrict(probe, accepted) for v in rest) if not v.empty()]
        return Survivors(self.hyp, plain, classes, rest)

    def restrict_context(self, ctx: Context) -> "Survivors":
        """The survivors that judge every card after the context's mainline as its verdicts say."""
        plain = [v for v in (v.restrict_context(ctx) for v in self.plain) if not v.empty()]
        classes, rest = self.classes, self.rest
        if classes:
            if ctx.length == 0:
                classes &= ctx.all_cons
            else:
                rest = [v for v in (v.restrict_context(ctx) for v in rest) if not v.empty()]
        return Survivors(self.hyp, plain, classes, rest)

    def mass_within(self, part: "Part") -> float:
        """The surviving weight of the plain families' rules built only of ``part``'s pieces (first-card rules are
        never in a part)."""
        total = 0.0
        for v in self.plain:
            fam = v.family
            if isinstance(v, DenseView):
                total += fam.tiers.mass(v.m & part.dense[fam.name])
            elif (part.conditions >> fam.condition & 1) if fam.condition is not None else \
                    (part.splits >> fam.split & 1):
                total += v._compute([s & part.atoms for s in v.sets])
        return total

    def count(self) -> int:
        n = sum(v.count() for v in self.plain)
        if self.classes:
            n += self.classes.bit_count() * sum(v.count() for v in self.rest)
        return n

    def candidates(self, excluded: set, limit: int) -> list[Hypothesis]:
        """The heaviest surviving rules (at most ``limit``), heaviest first (ties: family order, then choice).
        Views are read in the order of their heaviest possible rule, and no further once that is lighter than
        the ``limit``-th rule found."""
        wrap = self.hyp.class_tiers.heaviest(self.classes)[0] if self.classes else 0.0
        views = [(v.bound(), k, v, False) for k, v in enumerate(self.plain)]
        views += [(v.bound() * wrap, len(self.plain) + k, v, True) for k, v in enumerate(self.rest)]
        views.sort(key=lambda t: (-t[0], t[1]))
        found: list[tuple[float, int, str, tuple]] = []
        qs = self.hyp.class_tiers.ranked(self.classes, limit) if self.classes else []
        for bound, order, v, wrapped in views:
            if len(found) >= limit:
                found.sort(key=lambda t: (-t[0], t[1]))
                del found[limit:]
                if bound < found[-1][0]:
                    break
            if not wrapped:
                for w, choice in v.candidates(excluded, limit):
                    found.append((w, order, v.family.name, choice))
                continue
            for w, choice in v.candidates(set(), limit):
                for wq, q in qs:
                    key = (q, v.family.name, choice)
                    if ("first", key) not in excluded:
                        found.append((wq * w, order, "first", key))
        found.sort(key=lambda t: (-t[0], t[1]))
        return [Hypothesis(name, choice, w, hypothesis_text(self.hyp, name, choice))
                for w, _, name, choice in found[:limit]]


class Part:
    """A part of the space: the atoms, conditions and splits whose texts ``keep`` (a rule is in the part when all
    its pieces are), as bit sets per family (``Survivors.mass_within`` weighs it)."""

    def __init__(self, hyp: Hypotheses, keep) -> None:
        space = hyp.space
        self.atoms = sum(1 << i for i, text in enumerate(space.atom_texts) if keep(text))
        self.conditions = sum(1 << k for k, text in enumerate(space.cond_texts) if keep(text))
        self.splits = sum(1 << s for s, sp in enumerate(space.splits)
                          if keep(space.split_rule_text(s, ["true"] * len(sp.keep))))
        local = sum(1 << p for p, i in enumerate(space.pair_atoms) if self.atoms >> i & 1)
        self.dense = {fam.name: self.atoms if fam.name == "single" else _outer(local, local, fam.n, space.w) & fam.valid
                      for fam in hyp.dense}


def hypothesis_text(hyp: Hypotheses, name: str, choice: tuple) -> str:
    if name == "first":
        q, inner, inner_choice = choice
        return f"if length = 0 then {hyp.space.atom_texts[q]} else {hyp.families[inner].text(inner_choice)}"
    return hyp.families[name].text(choice)


class Scientist:
    """The evidence seen so far and what it says about the secret rule. Not thread-safe; cheap to create."""

    def __init__(self, hypotheses: Hypotheses | None = None):
        self.hyp = hypotheses or default_hypotheses()
        self.space = self.hyp.space
        self._dense = {f.name: {s: [0, 0] for s in STREAMS} for f in self.hyp.dense}
        self._split = {f.name: {s: [[0, 0] for _ in range(f.cases)] for s in STREAMS} for f in self.hyp.splits}
        self._coupled = {f.name: {s: () for s in STREAMS} for f in self.hyp.splits}
        self._classes = [0, 0]  # first-card evidence against each card class
        self._excluded: set = set()
        self._dense_excluded = {f.name: 0 for f in self.hyp.dense}
        self._survivors: Survivors | None = None
        self._top: tuple | None = None
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
                self._learn([(before, card)], accepted, every=True)
        else:
            self._learn(items, False, every=False)

    def observe_no_play(self, mainline: Sequence[str], hand: Sequence[str], right: bool) -> None:
        """A "no play" declaration: ``right`` means no card of ``hand`` was playable; else at least one was."""
        items = [(tuple(mainline), card) for card in dict.fromkeys(hand)]
        if right:
            for item in items:
                self._learn([item], False, every=True)
        else:
            self._learn(items, True, every=False)

    def exclude(self, hypothesis: Hypothesis) -> None:
        """Drop one rule from consideration (a guess known to be wrong)."""
        if hypothesis.family in self._dense_excluded:
            self._dense_excluded[hypothesis.family] |= 1 << hypothesis.choice[0]
        self._excluded.add((hypothesis.family, hypothesis.choice))
        self._survivors = None

    def _learn(self, items: list[tuple[tuple, str]], verdict: bool, every: bool) -> None:
        """``every``: each card got ``verdict``. Otherwise (a wrong string, a wrong "no play"): at least one card
        got ``verdict``."""
        space = self.space
        probes = []
        for before, card in items:
            probes.extend(space.probes(before, [card]))
        streams = ["all"] + (["rest"] if all(p.length > 0 for p in probes) else [])
        first_card = all(p.length == 0 for p in probes)
        # dense families: exact
        for fam in self.hyp.dense:
            sets = [fam.accept(p) for p in probes]
            consistent = sets[0] if verdict else fam.valid & ~sets[0]
            for s in sets[1:]:
                this = s if verdict else fam.valid & ~s
                consistent = consistent | this if not every else consistent & this
            bad = fam.valid & ~consistent
            if bad:
                for stream in streams:
                    _bump(self._dense[fam.name][stream], bad)
        # split families: by case; a disjunction across cases is left out (weaker, never wrong)
        for fam in self.hyp.splits:
            cases = [fam.case(p) for p in probes]
            if len(probes) > 1 and not every:
                if None in cases or len(set(cases)) > 1:
                    continue
                k = cases[0]
                consistent = 0
                for p in probes:
                    consistent |= ~p.f if verdict else p.f
                bad = fam.keep[k] & ~consistent
                for stream in streams:
                    _bump(self._split[fam.name][stream][k], bad)
                continue
            for p, k in zip(probes, cases):
                if k is not None:
                    bad = fam.keep[k] & (p.f if verdict else ~p.f)
                    for stream in streams:
                        _bump(self._split[fam.name][stream][k], bad)
                elif verdict:
                    for stream in streams:
                        self._coupled[fam.name][stream] += (p.f & space.all_atoms,)
                else:
                    for stream in streams:
                        for kk in range(fam.cases):
                            _bump(self._split[fam.name][stream][kk], fam.keep[kk] & ~p.f)
        if first_card:
            sets = [self.hyp.classes & ~p.f for p in probes]
            consistent = sets[0] if verdict else self.hyp.classes & ~sets[0]
            for s in sets[1:]:
                this = s if verdict else self.hyp.classes & ~s
                consistent = consistent | this if not every else consistent & this
            _bump(self._classes, self.hyp.classes & ~consistent)
        self.evidence += 1
        self._survivors = None

    # -- what is left
    def _views(self, stream: str) -> list[tuple[int, object]]:
        """(fewest contradictions, view at that level) of every family on ``stream``."""
        out = []
        for fam in self.hyp.dense:
            valid = fam.valid & ~self._dense_excluded[fam.name]
            e, m = _min_level(self._dense[fam.name][stream], valid)
            if m:
                out.append((e, DenseView(fam, m)))
        for fam in self.hyp.splits:
            total = 0
            sets = []
            for k, planes in enumerate(self._split[fam.name][stream]):
                e, m = _min_level(planes, fam.keep[k])
                total += e
                sets.append(m)
            if all(sets):
                view = SplitView(fam, sets, self._coupled[fam.name][stream])
                if view.mass() > 0 and (not view.over_coupled() or view.candidates(set(), 1)):
                    out.append((total, view))
        return out

    def survivors(self) -> Survivors:
        """The rules with the fewest contradictions."""
        if self._survivors is None:
            plain = self._views("all")
            rest = self._views("rest")
            q_level, classes = _min_level(self._classes, self.hyp.classes)
            best_plain = min((e for e, _ in plain), default=MAX_ERRORS * 99)
            best_rest = min((e for e, _ in rest), default=MAX_ERRORS * 99)
            level = min(best_plain, q_level + best_rest)
            keep_plain = [v for e, v in plain if e == level]
            if q_level + best_rest == level and classes:
                keep_rest = [v for e, v in rest if e == best_rest]
            else:
                classes, keep_rest = 0, []
            self._min_errors = level
            self._survivors = Survivors(self.hyp, keep_plain, classes, keep_rest)
        return self._survivors

    @property
    def min_errors(self) -> int:
        """How many pieces of evidence the best rules contradict (0 while the secret rule is in the space)."""
        self.survivors()
        return self._min_errors

    def count(self) -> int:
        """How many rules survive (combinations of a split's branches counted as such)."""
        return self.survivors().count()

    def top(self, k: int) -> list[Hypothesis]:
        """The ``k`` most probable surviving rules, best first (never an excluded one)."""
        surv = self.survivors()
        cached = self._top
        if cached is None or cached[0] is not surv or cached[1] < k:
            cached = self._top = (surv, k, surv.candidates(self._excluded, k))
        return cached[2][:k]

    def best(self) -> Hypothesis:
        """The most probable surviving rule."""
        found = self.top(1)
        if not found:  # every survivor excluded: forget the exclusions
            self._excluded.clear()
            self._dense_excluded = {k: 0 for k in self._dense_excluded}
            self._survivors = None
            found = self.top(1)
        return found[0]

    def best_guess(self) -> str:
        return self.best().text

    def p_accept_all(self, mainline: Sequence[str], hand: Sequence[str], prune: float = PRUNE_SHARE) -> list[float]:
        """For each card, the probability (over surviving rules, by prior weight) that it is right now (leaving
        out the lightest families, together at most ``prune`` of the weight)."""
        surv = self.survivors().pruned(prune)
        total = surv.mass()
        out = []
        for probe in self.space.probes(mainline, list(hand)):
            p = surv.accepting_mass(probe) / total if total > 0 else 0.5
            out.append(min(1.0, max(0.0, p)))
        return out

    def p_accept(self, mainline: Sequence[str], card: str) -> float:
        return self.p_accept_all(mainline, [card])[0]

    def agreement(self, rule_text: str, contexts: Sequence[Sequence[str]], stop_below: float = 0.0) -> float:
        """Share of the surviving weight that judges every card after each of ``contexts`` as the rule does (the
        probability that the secret rule is equivalent to it, as far as those mainlines tell)."""
        return self.agreement_within(rule_text, contexts, stop_below)[0]

    def agreement_within(self, rule_text: str, contexts: Sequence[Sequence[str]], stop_below: float = 0.0,
                         part: Part | None = None) -> tuple[float, float, float]:
        """(``agreement``, the share of that agreeing weight in ``part``, the share of the surviving weight in
        ``part``); without ``part`` the last two are 0."""
        surv = self.survivors().pruned(PRUNE_SHARE)
        total = surv.mass()
        if total <= 0:
            return 0.0, 0.0, 0.0
        rule = _compiled(rule_text)
        deck = list(cards.DECK)
        agree = surv
        for context in contexts:
            agree = agree.restrict_context(Context(self.space, context, rule.judge_all(list(context), deck)))
            if stop_below and agree.mass() < stop_below * total:
                break
        agreeing = agree.mass()
        if part is None:
            return min(1.0, agreeing / total), 0.0, 0.0
        within = min(1.0, agree.mass_within(part) / agreeing) if agreeing > 0 else 0.0
        return min(1.0, agreeing / total), within, min(1.0, surv.mass_within(part) / total)

    def choose_play(self, mainline: Sequence[str], hand: Sequence[str], lookahead: bool = True,
                    ps: Sequence[float] | None = None) -> tuple[str, float, float, float]:
        """The most informative card of ``hand``: (card, probability right, bits of information now, score).

        With ``lookahead``, the few most informative cards and the card most likely right also earn credit for
        what the next turn could teach if they are right (``LOOKAHEAD_WEIGHT`` x probability right x the best
        next-turn bits, estimated with the other cards of the hand): a sure card that moves the mainline to where
        the hand can teach is worth playing, and a card that leads to a dead end is worth less. The score is the
        bits now plus that credit. Ties go to the card more likely right, then to the first in deck order.
        ``ps``: the cards' probabilities if already known (``p_accept_all`` of the distinct cards in deck order)."""
        distinct = sorted(set(hand), key=cards.DECK.index)
        ps = self.p_accept_all(mainline, distinct) if ps is None else ps
        scored = {c: entropy(p) for c, p in zip(distinct, ps)}
        if lookahead and len(distinct) > 1:
            ranked = sorted(zip(distinct, ps), key=lambda cp: (-round(scored[cp[0]], 6), -cp[1]))
            looked = ranked[:LOOKAHEAD_CANDIDATES]
            surest = max(zip(distinct, ps), key=lambda cp: cp[1])
            if surest not in looked:
                looked.append(surest)
            for card, p in looked:
                if p < 0.01:
                    continue
                rest = [c for c in distinct if c != card]
                future = max(entropy(q) for q in self.p_accept_all(list(mainline) + [card], rest, LOOKAHEAD_PRUNE))
                scored[card] += LOOKAHEAD_WEIGHT * p * future
        card, p = max(zip(distinct, ps), key=lambda cp: (round(scored[cp[0]], 6), cp[1]))
        return card, p, entropy(p), scored[card]

    def surely_right(self, mainline: Sequence[str], hand: Sequence[str]) -> tuple[str, float]:
        """The card of ``hand`` most likely right: (card, probability)."""
        distinct = sorted(set(hand), key=cards.DECK.index)
        ps = self.p_accept_all(mainline, distinct)
        card, p = max(zip(distinct, ps), key=lambda cp: cp[1])
        return card, p


_RULES: dict = {}


def _compiled(text: str):
    from junban.games.eleusis.lang import compile_rule
    rule = _RULES.get(text)
    if rule is None:
        if len(_RULES) > 256:
            _RULES.clear()
        rule = _RULES[text] = compile_rule(text)
    return rule


def walk(rule_text: str, start: Sequence[str], steps: int, salt: int = 0) -> list[tuple[str, ...]]:
    """``start`` and up to ``steps`` mainlines after it, each one card longer, the card one the rule accepts
    (chosen by a fixed stride through the deck, so the walk is reproducible and varied)."""
    rule = _compiled(rule_text)
    line = tuple(start)
    out = [line]
    for step in range(steps):
        accepted = [c for c, v in zip(cards.DECK, rule.judge_all(list(line), cards.DECK)) if v]
        if not accepted:
            break
        line = line + (accepted[(7 * (len(line) + step) + 3 * salt) % len(accepted)],)
        out.append(line)
    return out


def probe_contexts(rule_text: str, mainline: Sequence[str], depth: int,
                   contexts: Sequence[Sequence[str]] = ()) -> list[tuple[str, ...]]:
    """Mainlines where rules that differ from the rule would show it: a walk of ``depth`` cards it accepts from the
    current mainline (where plays can still go), then one from the empty mainline and one card after each of
    ``contexts`` (where earlier counterexamples were; plays cannot go back there)."""
    out = reachable_contexts(rule_text, mainline, depth)
    seen = set(out)
    for line in early_contexts(rule_text, depth, contexts):
        if line not in seen:
            seen.add(line)
            out.append(line)
    return out


def reachable_contexts(rule_text: str, mainline: Sequence[str], depth: int) -> list[tuple[str, ...]]:
    return walk(rule_text, mainline, depth)


def early_contexts(rule_text: str, depth: int, contexts: Sequence[Sequence[str]] = ()) -> list[tuple[str, ...]]:
    out = walk(rule_text, (), depth, 1)
    for k, context in enumerate(contexts):
        out += walk(rule_text, context, 1, 2 + k)
    return out
