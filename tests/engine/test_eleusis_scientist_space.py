"""The scientist's bit-set algebra agrees with the rule language on every family of its hypothesis space."""
import random

import pytest

from junban.games.eleusis import cards
from junban.games.eleusis.lang import compile_rule
from junban.games.eleusis.scientist import default_space


def _sample_hypotheses(space, family, per_block, rng):
    _, blocks = space.families[family]
    out = []
    for b, valid in enumerate(space.valid[family]):
        bits = valid.bit_length()
        picked = 0
        while picked < per_block:
            i = rng.randrange(bits)
            if valid >> i & 1:
                out.append((b, i))
                picked += 1
    return out


@pytest.mark.parametrize("family", range(6))
def test_bit_sets_match_the_rule_texts(family):
    space = default_space()
    rng = random.Random(f"space-{family}")
    per_block = 3 if space.families[family][0] == "if" else 40
    sample = _sample_hypotheses(space, family, per_block, rng)
    hypotheses = [(b, i, compile_rule(space.text(family, b, i))) for b, i in sample]
    for trial in range(60):
        mainline = [rng.choice(cards.DECK) for _ in range(rng.choice([0, 0, 1, 2, 3, 5, 8]))]
        hand = [rng.choice(cards.DECK) for _ in range(4)]
        for card, probe in zip(hand, space.probes(mainline, hand)):
            accept = space.accept_sets(probe)[family]
            for b, i, rule in hypotheses:
                assert bool(accept[b] >> i & 1) == rule.judge(mainline, card), (rule.text, mainline, card)


def test_the_space_is_large_and_every_text_is_a_rule():
    space = default_space()
    assert space.size() > 300_000
    for text in space.branch_texts + space.cond_texts:
        compile_rule(text)
