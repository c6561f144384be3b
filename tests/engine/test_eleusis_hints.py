"""Hints from the scientist, as rule examples: they read the seat's own view, never the secret rule."""
from __future__ import annotations

import pytest
from junban.games.eleusis import cards, science
from junban.games.eleusis import rules as el
from junban.games.eleusis.bots import make_bot
from junban.games.eleusis.hints import ASPECTS, aspects_of, science_hint, table_hint
from junban.games.eleusis.lang import compile_rule
from junban.games.eleusis.science_bot import make_science_bot

SECRET_KEYS = ("rule", "outcome", "secret", "rule_id")


class SealedView(dict):
    """A view whose secret parts cannot be read: reading one fails the test."""

    def __getitem__(self, key):
        assert key not in SECRET_KEYS, f"the hint read view[{key!r}]"
        return super().__getitem__(key)

    def get(self, key, default=None):
        assert key not in SECRET_KEYS, f"the hint read view.get({key!r})"
        return super().get(key, default)


def science_after(rule: str, plays: int, seed: str = "hints") -> science.State:
    """A solo science game with ``rule`` after ``plays`` of the science bot's plays (it never guesses here)."""
    state = science.new_game({"rule": rule}, seed)
    bot = make_science_bot("scientist", seed)
    for _ in range(plays):
        action = bot.act(science.view(state))
        if "guess" in action:
            break
        state = science.apply(state, action)
    return state


def table_turn(seed: str, plays: int) -> tuple[el.State, int]:
    """A table of strong bots played until a player's ``plays``-th turn to play: (state, that seat)."""
    state = el.new_game({"players": 4, "difficulty": "easy"}, seed)
    bots = [make_bot("strong", seed, seat) for seat in range(4)]
    seen = 0
    while (seat := el.to_act(state)) is not None:
        view = el.view(state, seat)
        if view["phase"] == "play":
            seen += 1
            if seen == plays:
                return state, seat
        state = el.apply(state, bots[seat].act(view))
    raise AssertionError("the game ended first")


@pytest.mark.parametrize("text, expected", [
    ("card.colour != prev.colour", ("colour", "previous")),
    ("card.odd != prev2.odd", ("parity", "two_back")),
    ("if length = 0 then card.face else card.rank > prev.rank", ("rank", "previous", "start")),
    ("count(each.red) > count(each.black) or card.suit = first.suit", ("colour", "suit", "first", "counts")),
    ("if position mod 3 = 1 then card.red else card.black", ("colour", "position")),
])
def test_what_a_rule_looks_at(text, expected):
    assert aspects_of(text) == expected
    assert set(expected) <= set(ASPECTS)


def test_after_plays_under_alternating_colours_the_leader_alternates_colours_and_looks_at_colour():
    secret = compile_rule("card.colour != prev.colour")
    state = science_after(secret.text, 8)
    view = science.view(state)
    hint = science_hint(view)
    best = compile_rule(hint.best)
    line = view["mainline"]
    for length in range(len(line) + 1):  # every card after every mainline so far
        assert best.judge_all(line[:length], cards.DECK) == secret.judge_all(line[:length], cards.DECK)
    shares = dict(hint.aspects)
    assert shares["colour"] > 0.5 and shares["previous"] > 0.5
    assert hint.words["en"] == best.describe("en") and hint.words["ja"] == best.describe("ja")
    assert 0 < hint.sure <= 1 and hint.contradicted == 0 and hint.fitting >= 1


@pytest.mark.parametrize("plays", [3, 7])
def test_the_card_to_try_the_sureness_and_guess_now_are_the_science_bots_own(plays):
    state = science_after("card.rank > prev.rank or card.suit = prev.suit", plays, seed="sep")
    view = science.view(state)
    hint = science_hint(view)
    bot = make_science_bot("scientist", "another seed")
    action = bot.act(view)
    assert hint.would_guess == ("guess" in action)
    assert hint.try_card.card == bot.last_decision["card"] and hint.sure == pytest.approx(bot.last_decision["sure"])
    first, second = (compile_rule(lead.text) for lead in hint.leaders[:2])
    line, tried = view["mainline"], hint.try_card
    assert tried.splits_top == (first.judge(line, tried.card) != second.judge(line, tried.card))
    assert tried.stay_right + tried.stay_wrong == hint.ideas
    assert hint.leaders[0].text == hint.best and hint.leaders[0].text in (tried.if_right.text, tried.if_wrong.text)


def test_at_the_table_the_card_to_try_is_the_strong_bots_first_card():
    table, seat = table_turn("hints-table", 9)
    view = el.view(table, seat)
    action = make_bot("strong", "any", seat).act(view)
    hint = table_hint(view)
    assert hint.would_guess is None
    if "play" in action:
        assert hint.try_card.card == action["play"][0]


def test_the_hint_never_reads_the_secret_rule():
    state = science_after("card.odd != prev.odd", 6)
    view = science.view(state)
    assert science_hint(SealedView(view)) == science_hint(view)
    table, seat = table_turn("hints-table", 9)
    view = el.view(table, seat)
    assert table_hint(SealedView(view)) == table_hint(view)


def test_the_same_view_under_two_secret_rules_gives_the_same_hint():
    """Two secret rules that differ only on red kings: plays that avoid red kings get the same verdicts."""
    views = []
    for rule in ("card.red", "card.red and card.rank != king"):
        state = science.new_game({"rule": rule}, "twins")
        for _ in range(6):
            hand = science.view(state)["hand"]
            state = science.apply(state, {"play": next(c for c in hand if c not in ("KH", "KD"))})
        views.append(science.view(state))
    assert views[0] == views[1]
    assert science_hint(views[0]) == science_hint(views[1])


def test_a_hint_is_the_same_for_the_same_view_and_at_the_table_names_the_surest_card():
    table, seat = table_turn("hints-table", 9)
    view = el.view(table, seat)
    hint = table_hint(view)
    assert hint == table_hint(el.view(table, seat))
    assert hint.try_card.card in view["hand"] and hint.surest[0] in view["hand"]
    assert hint.try_card.p_right <= hint.surest[1] + 1e-9
