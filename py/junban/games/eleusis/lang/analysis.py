"""What a rule reads: which cards, which of their features, and how it uses the mainline's length.

Equivalence uses this to decide whether two rules can be compared exactly by enumerating every situation
(both read a bounded window of cards and use the length only as ``length mod k`` or against fixed numbers).
"""
from __future__ import annotations

from dataclasses import dataclass
from math import lcm

from junban.games.eleusis.lang.syntax import CARD_REFS, Node

RANK_FEATURES = frozenset({"rank", "odd", "even", "face", "prime"})
SUIT_FEATURES = frozenset({"suit", "colour", "red", "black"})


@dataclass(frozen=True)
class RuleInfo:
    refs: frozenset  # card references used: card prev prev2 prev3 first each
    window: int  # how many earlier cards the rule reads (0..3), not counting 'first'
    features: frozenset  # card features read through any reference
    aggregates: bool  # uses count(...) or sum(...)
    length_bounded: bool  # length/position used only as 'mod k' or against fixed numbers (or not at all)
    length_period: int  # lcm of the k in 'length mod k' (1 if none)
    length_threshold: int  # lengths at or beyond this behave by length mod period

    @property
    def bounded_window(self) -> bool:
        """True when the rule's verdict depends only on the last ``window`` cards, 'first' and the length phase."""
        return not self.aggregates and self.length_bounded


def analyse(root: Node) -> RuleInfo:
    refs = set()
    features = set()
    aggregates = False
    bounded = True
    period = 1
    threshold = 0
    parents: dict[int, Node] = {}
    for node in root.walk():
        for arg in node.args:
            parents[id(arg)] = node
    for node in root.walk():
        if node.kind == "cardref":
            refs.add(node.value)
        elif node.kind == "feature":
            features.add(node.value)
        elif node.kind == "call" and node.value in ("count", "sum"):
            aggregates = True
        elif node.kind in ("length", "position"):
            shift = 1 if node.kind == "position" else 0
            parent = parents.get(id(node))
            if (parent is not None and parent.kind == "arith" and parent.value == "mod" and parent.args[0] is node
                    and parent.args[1].kind == "num" and parent.args[1].value >= 1):
                period = lcm(period, parent.args[1].value)
            elif parent is not None and parent.kind == "cmp" and all(
                    a is node or a.kind == "num" for a in parent.args):
                other = parent.args[1] if parent.args[0] is node else parent.args[0]
                threshold = max(threshold, other.value - shift + 2)
            elif parent is not None and parent.kind == "in" and parent.args[0] is node and all(
                    _literal_item(item) for item in parent.args[1:]):
                for item in parent.args[1:]:
                    for leaf in item.walk():
                        if leaf.kind == "num":
                            threshold = max(threshold, leaf.value - shift + 2)
            else:
                bounded = False
    window = max([CARD_REFS[r] for r in refs if CARD_REFS[r] > 0], default=0)
    if period > 10_000:
        bounded = False
    return RuleInfo(frozenset(refs), window, frozenset(features), aggregates, bounded, period, threshold)


def _literal_item(item: Node) -> bool:
    return item.kind == "num" or (item.kind == "range" and all(a.kind == "num" for a in item.args))
