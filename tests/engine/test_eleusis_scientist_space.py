"""The scientist's hypothesis space: grown from the rule language, kept once per behaviour, and its bit-set algebra
agreeing with the rule texts it stands for."""
import random

import pytest

from junban.games.eleusis import cards, grammar
from junban.games.eleusis.lang import compile_rule
from junban.games.eleusis.scientist import Dense, default_hypotheses
from junban.games.eleusis.space import default_space


def random_lines(rng, n):
    for _ in range(n):
        yield [rng.choice(cards.DECK) for _ in range(rng.choice([0, 0, 1, 2, 3, 5, 8, 13]))]


def test_the_data_file_is_what_the_grammar_builds():
    assert grammar.DATA_PATH.read_text(encoding="utf-8") == grammar.dump(grammar.build()), (
        "hypotheses.json is out of date: PYTHONPATH=py python tools/eleusis_hypotheses.py --write")


def test_every_piece_is_a_rule_and_sizes_count_nodes():
    space = default_space()
    for text in space.atom_texts + space.cond_texts:
        compile_rule(text)
    assert grammar.size("card.red") == 2
    assert grammar.size("card.rank >= 8") == 4
    assert grammar.size("card.suit = prev2.suit") > grammar.size("card.suit = prev.suit")
    # comparing the card's class with the previous card's says the class once
    assert grammar.size("(card.rank <= 6) != (prev.rank <= 6)") == grammar.size("card.rank <= 6") + 2


def test_the_grammar_reaches_every_kind_of_piece():
    texts = set(default_space().atom_texts)
    conditions = set(default_space().cond_texts)
    assert {"card.suit in [spades, hearts]", "card.rank in [4..10]", "card.rank >= 8"} <= texts  # classes
    assert "(card.suit in [spades, hearts]) = (prev.suit in [spades, hearts])" in texts  # class comparison
    assert {"card.suit = prev2.suit", "card.rank > prev3.rank", "card.colour = first.colour"} <= texts
    assert {"count(each.rank = card.rank) = 0", "(sum(each.rank) + card.rank) mod 3 != 0"} <= texts  # history
    assert {"position mod 3 = 1", "count(each.red) > count(each.black)", "prev.face"} <= conditions
    assert {s.name for s in default_space().splits} >= {"position mod 4", "prev.suit"}


def test_equivalent_pieces_are_kept_once():
    space = default_space()
    assert len(set(space.atom_texts)) == len(space.atom_texts)
    # 'card.rank <= 1' is 'card.rank = ace': only the first (smaller, then listed first) is kept
    assert "card.rank = ace" in space.atom_texts and "card.rank <= 1" not in space.atom_texts
    truth = {}
    for i in range(space.n):
        if space.atom_groups[i] == "card":
            row = tuple((space._row("card", 0)[c][0] >> i & 1, space._row("card", 0)[c][1] >> i & 1)
                        for c in range(52))
            assert row not in truth, (space.atom_texts[i], truth.get(row))
            truth[row] = space.atom_texts[i]


def test_probes_agree_with_the_rule_language():
    space = default_space()
    atoms = [compile_rule(t) for t in space.atom_texts]
    conditions = [compile_rule(t) for t in space.cond_texts]
    rng = random.Random("probes")
    for mainline in random_lines(rng, 40):
        hand = [rng.choice(cards.DECK) for _ in range(2)]
        for card, probe in zip(hand, space.probes(mainline, hand)):
            for i, rule in enumerate(atoms):
                expected = rule.truth(mainline, card)
                assert (probe.t >> i & 1, probe.f >> i & 1) == (expected is True, expected is False), rule.text
            for k, rule in enumerate(conditions):
                expected = rule.truth(mainline, card)
                assert (probe.ct >> k & 1, probe.cf >> k & 1) == (expected is True, expected is False), rule.text


def sample_choices(hyp, family, rng, n):
    if isinstance(family, Dense):
        valid, out = family.valid, []
        while len(out) < n:
            b = rng.randrange(valid.bit_length())
            if valid >> b & 1:
                out.append((b,))
        return out
    return [tuple(rng.choice([b for b in range(hyp.space.n) if keep >> b & 1]) for keep in family.keep)
            for _ in range(n)]


def family_says(family, choice, probe) -> bool:
    if isinstance(family, Dense):
        return family.accepts(choice[0], probe)
    k = family.case(probe)
    if k is None:  # the split is unknown: the rule rejects only if every branch does
        return not all(probe.f >> b & 1 for b in choice)
    return not probe.f >> choice[k] & 1


@pytest.mark.parametrize("kind", ["dense", "if", "split"])
def test_bit_sets_match_the_rule_texts(kind):
    hyp = default_hypotheses()
    families = {"dense": hyp.dense, "if": [f for f in hyp.splits if f.condition is not None][::7],
                "split": [f for f in hyp.splits if f.split is not None]}[kind]
    rng = random.Random(f"algebra-{kind}")
    for family in families:
        rules = [(c, compile_rule(family.text(c))) for c in sample_choices(hyp, family, rng, 6)]
        for mainline in random_lines(rng, 8):
            hand = [rng.choice(cards.DECK) for _ in range(3)]
            for card, probe in zip(hand, hyp.space.probes(mainline, hand)):
                for choice, rule in rules:
                    assert family_says(family, choice, probe) == rule.judge(mainline, card), (rule.text, mainline, card)
            for choice, rule in rules[:2]:
                accept = family.accept(probe) if isinstance(family, Dense) else None
                if accept is not None:
                    assert bool(accept >> choice[0] & 1) == rule.judge(mainline, card)
