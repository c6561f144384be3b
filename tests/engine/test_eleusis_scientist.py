"""The scientist: evidence of every kind, probabilities, best guess, and the science bot solving easy rules."""
import pytest

from junban.games.eleusis import science
from junban.games.eleusis.lang import compile_rule
from junban.games.eleusis.science_bot import make_science_bot, science_evidence
from junban.games.eleusis.scientist import Scientist, entropy


def alternating_evidence(sci: Scientist) -> list[str]:
    """Colours alternate along the mainline (returned), and four cards of the wrong colour were rejected."""
    mainline = ["QH", "3S", "10D", "KC", "2H", "7C"]  # hearts are followed by spades and by clubs
    for i, card in enumerate(mainline):
        sci.observe(mainline[:i], [card], True)
    for i, wrong in [(1, "4H"), (2, "9C"), (3, "JD"), (4, "5S")]:
        sci.observe(mainline[:i], [wrong], False)
    return mainline


def test_evidence_narrows_the_rules_and_the_best_guess_follows():
    sci = Scientist()
    start = sci.count()
    alternating_evidence(sci)
    assert sci.count() < start // 20 and sci.min_errors == 0
    best = sci.best_guess()
    rule = compile_rule(best)  # the best guess is rule text
    assert rule.accepts(["QH", "3S"], "4D") and not rule.accepts(["QH", "3S"], "4S")
    assert sci.p_accept(["QH", "3S"], "4D") > 0.85
    assert sci.p_accept(["QH", "3S"], "4S") < 0.15


def test_a_wrong_string_is_evidence_that_at_least_one_card_was_wrong():
    sci = Scientist()
    alternating_evidence(sci)
    before = sci.count()
    sci.observe(["QH"], ["3S", "4H"], False)  # consistent: the second card is wrong
    assert 0 < sci.count() <= before
    right = Scientist()
    alternating_evidence(right)
    right.observe(["QH"], ["3S", "4D", "9C"], True)  # a right string: every card right
    assert right.count() <= before


def test_no_play_declarations_are_evidence():
    sci = Scientist()
    sci.observe([], ["QH"], True)
    n = sci.count()
    sci.observe_no_play(["QH"], ["2H", "4D", "6H"], right=True)  # no red card was playable after a red one
    assert sci.count() < n
    assert sci.p_accept(["QH"], "8D") < sci.p_accept(["QH"], "8S")


def test_contradictory_evidence_keeps_the_rules_with_fewest_contradictions():
    sci = Scientist()
    alternating_evidence(sci)
    sci.observe(["QH"], ["7D"], True)  # the same card judged both ways: one judgement is a mistake
    sci.observe(["QH"], ["7D"], False)
    assert sci.min_errors == 1 and sci.count() > 0
    assert compile_rule(sci.best_guess()).accepts(["9S"], "9H")


def test_choose_play_prefers_the_informative_card():
    sci = Scientist()
    alternating_evidence(sci)
    card, p, bits, score = sci.choose_play(["QH", "3S"], ["4D", "4S", "9H"])
    assert bits == pytest.approx(entropy(p)) and score >= bits
    sure, p_sure = sci.surely_right(["QH", "3S"], ["4D", "4S"])
    assert sure == "4D" and p_sure > 0.85


def test_entropy():
    assert entropy(0.5) == 1.0 and entropy(0.0) == 0.0 and entropy(1.0) == 0.0


def play(rule: str, seed: str):
    state = science.new_game({"rule": rule}, seed)
    bot = make_science_bot("scientist", seed)
    actions = []
    while science.to_act(state) is not None:
        action = bot.act(science.view(state))
        actions.append(action)
        state = science.apply(state, action)
    return state, actions


@pytest.mark.parametrize("rule", ["card.colour != prev.colour", "card.red", "card.suit = prev.suit",
                                  "card.odd != prev.odd"])
def test_the_bot_solves_easy_rules_quickly(rule):
    state, _ = play(rule, "quick")
    assert state.ended["solved"], state.guesses
    assert state.plays_made <= 16


def test_the_bot_is_deterministic_in_its_view_and_its_cache_changes_nothing():
    state, actions = play("if prev.face then card.rank < prev.rank else card.rank > prev.rank", "det")
    replay = science.new_game(state.config, "det")
    fresh_each_turn = []
    for action in actions:
        fresh_each_turn.append(make_science_bot("scientist", "det").act(science.view(replay)))
        replay = science.apply(replay, action)
    assert fresh_each_turn == actions


def test_evidence_from_a_view():
    view = {"mainline": ["QH", "3S"], "sidelines": [["4H"], ["9S", "2C"]], "laid_aside": ["KD"],
            "guesses": [{"text": "card.red", "right": False, "counterexample": {"mainline": [], "card": "AS",
                                                                                 "secret_accepts": True}}]}
    items, guesses = science_evidence(view)
    assert items == [((), "KD", False), ((), "QH", True), (("QH",), "4H", False), (("QH",), "3S", True),
                     (("QH", "3S"), "9S", False), (("QH", "3S"), "2C", False)]
    assert guesses[0]["text"] == "card.red"
