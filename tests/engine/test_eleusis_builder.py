"""The rule builder (issue 42): every piece, and every shape of sentence it makes, reads back (through the
plain-words reader, as typed words do) as the rule the builder means, in English and Japanese."""
from __future__ import annotations

import itertools

import pytest

from junban.games.eleusis.equivalence import compare
from junban.games.eleusis.lang import builder, compile_rule
from junban.games.eleusis.lang.phrases import understand


def reads_as_meant(state: dict, lang: str) -> None:
    text = builder.sentence(state, lang)
    got = understand(text)
    meant = builder.rule(state)
    assert got.ok, (text, got)
    same = compare(compile_rule(got.rule), compile_rule(meant), exact_budget=60_000, simulation_budget=8_000)
    assert same.equivalent, (text, got.rule, meant)


def all_main_pieces():
    pieces = [p for _, group in builder.palette("main") for p in group]
    return pieces + [p for op in builder.RANK_OPS for p in builder.rank_pieces(op)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_piece_alone_reads_as_meant(lang):
    for piece in all_main_pieces():
        reads_as_meant(dict(builder.empty(), main=[piece]), lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_two_pieces_joined_read_as_meant(lang):
    pieces = all_main_pieces()[::3]
    for a, b in itertools.islice(itertools.combinations(pieces, 2), 0, None, 7):
        for join in ("and", "or"):
            state = dict(builder.empty(), main=[a, b], join=join)
            if compile_rule(builder.rule(state)) and any(compile_rule(builder.rule(state)).judge((), c)
                                                          for c in ("AH", "7S", "KD", "2C", "QC", "9H")):
                reads_as_meant(state, lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_conditions_and_otherwise_read_as_meant(lang):
    mains = [["order", ">"], ["colour", "red"], ["same", "suit", True], ["rank", "<=", 7], ["sum", "even"]]
    others = [["order", "<"], ["parity", "even"], ["same", "colour", False]]
    for about in builder.ABOUT:
        for piece in [p for _, group in builder.palette("when", about) for p in group][::2]:
            for main, other in zip(mains, itertools.cycle(others + [None])):
                state = dict(builder.empty(), main=[main], when={"about": about, "piece": piece},
                             other=[other] if other else [])
                reads_as_meant(state, lang)


def test_an_incomplete_state_says_nothing_yet():
    state = builder.empty()
    assert builder.sentence(state, "en") == "" and builder.rule(state) is None
    state = dict(state, main=[["colour", "red"]], when={"about": "prev", "piece": None})
    assert builder.rule(state) is None and builder.sentence(state, "en") == "red"


def test_a_state_from_storage_is_cleaned():
    data = {"main": [["colour", "red"], ["rank", "<=", 99], ["suit", "hearts", 1], "x", ["order", ">"]],
            "join": "xor", "when": {"about": "prev", "piece": ["order", ">"]}, "other": 5}
    state = builder.clean(data)
    assert state["main"] == [["colour", "red"], ["order", ">"]] and state["join"] == "and"
    assert state["when"] == {"about": "prev", "piece": None} and state["other"] == []
    assert builder.clean("nonsense") == builder.empty()


def test_labels_are_short():
    for lang in ("en", "ja"):
        for piece in all_main_pieces() + [p for _, g in builder.palette("when", "place") for p in g]:
            assert 0 < len(builder.label(piece, lang)) <= 16, piece
