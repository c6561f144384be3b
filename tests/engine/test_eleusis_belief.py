"""The scientist's calibrated belief and the science bot's expected-value decisions, as rule examples."""
from __future__ import annotations

import pytest

from junban.games.eleusis import belief, cards, science
from junban.games.eleusis.belief import Idea, Reading, calibrated, first_difference
from junban.games.eleusis.science_bot import (
    ScienceBot,
    card_costs,
    guess_cost,
    plays_to_go,
    science_choice,
    science_evidence,
)
from junban.games.eleusis.scientist import Hypothesis, Part, Scientist
from tests.engine.test_eleusis_scientist import alternating_evidence


def test_belief_grows_with_the_share_and_with_the_evidence_and_stays_a_probability():
    shares = [0.0, 0.01, 0.1, 0.3, 0.6, 0.9, 1.0]
    for evidence in (0, 10, 40, 400):
        ps = [calibrated(s, evidence) for s in shares]
        assert all(0 < p < 1 for p in ps) and ps == sorted(ps)
    assert calibrated(0.3, 40) >= calibrated(0.3, 0)
    assert calibrated(0.3, 400) == calibrated(0.3, belief.EVIDENCE_CAP), "the table's long rounds count as capped"


def test_plays_to_go_fall_as_the_belief_grows_and_never_exceed_the_plays_left():
    values = [plays_to_go(p, 30) for p in (0.0, 0.2, 0.5, 0.8, 1.0)]
    assert values == sorted(values, reverse=True) and values[-1] == 0
    assert plays_to_go(0.0, 3) == 3 and plays_to_go(0.0, -1) == 0


ALL = tuple([True] * 52)


def verdicts(*rejected: str) -> tuple:
    return (tuple(c not in rejected for c in cards.DECK),)


def reading(raw: float, *ideas: tuple[str, float, tuple], evidence: int = 5) -> Reading:
    best = Hypothesis("single", (1,), 1.0, ideas[0][0])
    made = tuple(Idea(text, share, (), v) for text, share, v in ideas)
    return Reading(best, ((),), raw, calibrated(raw, evidence), made, evidence)


def test_where_a_counterexample_would_show_a_difference():
    assert first_difference(verdicts("AS"), verdicts("AS")) == ()
    assert first_difference(verdicts("AS"), verdicts()) == (0, 0, True), "a card the secret rule accepts first"
    assert first_difference(verdicts(), verdicts("2S")) == (0, 1, False)


def test_a_refuted_guess_leaves_the_heaviest_idea_of_each_place_a_counterexample_could_show():
    r = reading(0.4, ("card.red", 0.4, verdicts(*[c for c in cards.DECK if not cards.is_red(c)])),
                ("true", 0.2, verdicts()),  # differs from card.red on every black card: the first is AS
                ("not card.face", 0.1, verdicts("JS", "QS", "KS", "JH", "QH", "KH", "JD", "QD", "KD", "JC", "QC", "KC")),
                ("card.rank != ace", 0.05, verdicts("AS", "AH", "AD", "AC")))
    # refuting card.red: 'true' and 'not card.face' would both show AS (accepted) first; 'card.rank != ace' shows
    # 2S first (accepted there, AS rejected by both): two buckets, heaviest 0.2 and 0.05, over the 0.6 left
    assert r.after_refutation() == pytest.approx((0.2 + 0.05) / 0.6)
    alone = reading(0.4, ("card.red", 0.4, verdicts(*[c for c in cards.DECK if not cards.is_red(c)])))
    assert alone.after_refutation() == 0.0, "no rival idea: nothing is known to lead after a refutation"


def test_a_card_that_splits_the_leading_ideas_costs_fewer_plays_than_one_they_agree_on():
    red = verdicts(*[c for c in cards.DECK if not cards.is_red(c)])
    r = reading(0.45, ("card.red", 0.45, red), ("card.suit = hearts", 0.4,
                                                  verdicts(*[c for c in cards.DECK if cards.suit(c) != "H"])))
    costs = card_costs(r, [], ["2H", "2D"], [0.9, 0.5], 20)
    assert costs[1] < costs[0], "2D is right under card.red only: it tells the two apart"
    assert all(1 <= c <= 20 for c in costs)


def test_a_more_likely_rule_is_cheaper_to_guess():
    high = reading(0.8, ("card.red", 0.8, verdicts()), ("true", 0.1, verdicts("AS")))
    low = reading(0.2, ("card.red", 0.2, verdicts()), ("true", 0.1, verdicts("AS")))
    assert guess_cost(high, 20) < guess_cost(low, 20)


def _alternating(sci: Scientist, n: int) -> list[str]:
    line = ["QH", "3S", "10D", "KC", "2H", "7C", "9D", "4S", "JH", "8C", "5D", "6S"][:n]
    for i, card in enumerate(line):
        sci.observe(line[:i], [card], True)
        sci.observe(line[:i + 1], ["2D" if cards.is_red(card) else "2S"], False)  # the same colour again
    return line


def test_with_no_plays_left_it_guesses_and_with_a_hand_that_cannot_teach_too():
    sci = Scientist()
    line = _alternating(sci, 8)
    r = belief.read(sci, line)
    assert science_choice(sci, r, line, ["2C"], 0).kind == "guess"
    assert science_choice(sci, r, line, [], 10).kind == "guess"
    known = science_choice(sci, r, line, ["2S"], 25)  # 2S was already played after this line: wrong
    assert known.card == "2S" and known.kind == "guess" and known.why == "nothing to learn from the hand"
    unsure = science_choice(sci, r, line, ["2S", "9C", "9H"], 25)
    assert unsure.card in ("9C", "9H") and unsure.guess_cost > 0 and unsure.play_cost >= 1


def test_the_bot_never_guesses_a_rule_it_already_guessed_wrong():
    state = science.new_game({"rule": "card.colour != prev.colour or card.face"}, "never-twice")
    bot = ScienceBot("scientist", "never-twice")
    guessed = set()
    while science.to_act(state) is not None:
        action = bot.act(science.view(state))
        if "guess" in action:
            assert action["guess"] not in guessed
            guessed.add(action["guess"])
        state = science.apply(state, action)
    assert science_evidence(science.view(state))[1] == [g for g in state.guesses if not g["right"]]


def red_evidence(sci: Scientist) -> list[str]:
    """Red cards along the mainline (returned), and five black ones rejected."""
    line = ["QH", "3D", "10H", "KD", "2H", "7D"]
    for i, card in enumerate(line):
        sci.observe(line[:i], [card], True)
    for i, wrong in [(1, "4S"), (2, "9C"), (3, "JS"), (4, "5C"), (5, "AS")]:
        sci.observe(line[:i], [wrong], False)
    return line


def test_a_reading_tells_how_the_weight_splits_between_rules_about_the_card_alone_and_the_others():
    sci = Scientist()
    survivors = sci.survivors()
    plain = sum(v.mass() for v in survivors.plain)  # first-card rules are never about the card alone
    assert survivors.mass_within(Part(sci.hyp, lambda text: True)) == pytest.approx(plain)
    assert survivors.mass_within(Part(sci.hyp, lambda text: False)) == 0
    alone = survivors.mass_within(belief.card_alone_part(sci.hyp)) / survivors.mass()
    assert 0.01 < alone < 0.9
    line = red_evidence(sci)
    red = belief.read(sci, line, split=True)
    assert red.best.text == "card.red" and red.raw == belief.read(sci, line).raw and belief.read(sci, line).card_alone == ()
    idea, weight = red.card_alone
    # most of the weight judging like "card.red" is "card.red" itself, but rules about earlier cards that agree on
    # the pairs seen keep some of it; over all the surviving weight, fewer are about the card alone
    assert 0.5 < idea < 0.95 and 0 < weight < idea
    sci = Scientist()
    line = alternating_evidence(sci)
    alternating = belief.read(sci, line, split=True)
    assert not belief.reads_only_the_card(alternating.best.text) and alternating.card_alone[0] < 0.05
