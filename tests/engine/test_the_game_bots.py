"""The Game bots: only legal actions, only their own view, and the same decision for the same view."""
from __future__ import annotations

import itertools
import sys
import types

import pytest

from junban import bots as bot_protocol
from junban.games.the_game import rules
from junban.games.the_game.bots import DEFAULT_LEVEL, LEVELS, make_bot

VARIANTS = [{}, {"expert": True}, {"small_hands": True}, {"on_fire": True}, {"strict": True},
            {"expert": True, "small_hands": True, "on_fire": True, "strict": True}]


def play_out(config: dict, seed: str, level: str, check=None) -> rules.State:
    """Play a whole deal with one bot per seat; every action goes through the engine (which refuses illegal ones)."""
    state = rules.new_game(config, seed)
    seats = [make_bot(level, seed, s) for s in range(state.config["players"])]
    for _ in range(3000):
        if rules.is_over(state):
            return state
        seat = rules.to_act(state)
        seen = rules.view(state, seat)
        action = seats[seat].act(seen)
        assert action in rules.legal_actions(state), f"{level} chose an action that is not legal: {action}"
        if check:
            check(state, seat, seen, action)
        state = rules.apply(state, action)
        rules.check_invariants(state)
    raise AssertionError("the deal did not end")


def test_levels_protocol():
    assert LEVELS == ("baseline", "strong")
    assert DEFAULT_LEVEL in LEVELS
    bot = bot_protocol.make_bot("the-game", "baseline", "s1", 0)
    assert bot.level == "baseline"
    with pytest.raises(ValueError):
        make_bot("grandmaster", "s1", 0)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_baseline_plays_only_legal_actions(players, variant):
    for k in range(3):
        state = play_out({"players": players, **VARIANTS[variant]}, f"legal-{players}-{variant}-{k}", "baseline")
        assert state.ended["result"] in ("perfect", "win", "loss")


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_strong_plays_only_legal_actions(players, variant):
    state = play_out({"players": players, **VARIANTS[variant]}, f"strong-legal-{players}-{variant}", "strong")
    assert state.ended["result"] in ("perfect", "win", "loss")


def test_a_bot_never_gets_stuck_when_a_legal_turn_exists():
    """No turn of a bot ends the game as 'stuck' in the middle: every turn it starts reaches the minimum."""
    def check(state, seat, seen, action):
        if "play" in action:
            after = rules.apply(state, action)
            if not after.ended and len(after.played) < after.minimum:
                hand, tops = after.hands[seat], [rules.pile_top(after, p) for p in rules.PILES]
                assert rules.can_play_sequence(hand, tops, after.minimum - len(after.played)), \
                    f"after {action} the turn can no longer reach its minimum"

    for level, players, variant in itertools.product(LEVELS, (1, 3), (0, 4)):
        play_out({"players": players, **VARIANTS[variant]}, f"unstuck-{level}-{players}", level, check)


# --------------------------------------------------------------------------- hints and mid-turn views


def _state_with_hand(hand: list[int], tops: list[int], strict: bool = False) -> rules.State:
    """A solo deal rearranged so the hand and the pile tops are as given (the rest stays in the draw pile)."""
    state = rules.new_game({"players": 1, "strict": strict}, "hint")
    piles_cards = {t for t in tops if 1 < t < 100}
    draw = [c for c in rules.CARDS if c not in hand and c not in piles_cards]
    state.hands = [list(hand)]
    state.draw = draw
    state.piles = [[(t, 1)] if 1 < t < 100 else [] for t in tops]
    state.ended = None
    rules.check_invariants(state)
    return state


def test_hint_after_a_person_strands_the_turn_is_undo():
    """Ascending piles show 90 and 95, descending 20 and 12. Playing 14 then 13 on descending 20 is a turn; a
    person who played 13 first cannot play a second card (14 no longer fits anywhere): the hint is to take it back."""
    state = _state_with_hand([13, 14, 50, 60, 70, 71, 72, 73], [90, 95, 20, 12])
    assert not state.ended
    state = rules.apply(state, {"play": 13, "pile": 2})
    hand, tops = state.hands[0], [rules.pile_top(state, p) for p in rules.PILES]
    assert not rules.can_play_sequence(hand, tops, 1)
    for level in LEVELS:
        assert make_bot(level, "s", 0).act(rules.view(state, 0)) == {"undo": True}


def test_hint_continues_a_turn_a_person_started():
    state = rules.new_game({"players": 2}, "hint-mid")
    seat = rules.to_act(state)
    first = rules.legal_actions(state)[0]
    state = rules.apply(state, first)
    for level in LEVELS:
        action = make_bot(level, "s", seat).suggest(rules.view(state, seat))
        assert "mark" not in action
        assert action in rules.legal_actions(state)


def test_act_is_a_function_of_the_view():
    """A fresh bot given a mid-turn view decides exactly as the bot that planned the turn from its start."""
    for level in LEVELS:
        state = rules.new_game({"players": 3}, f"pure-{level}")
        seats = [make_bot(level, "x", s) for s in range(3)]
        for _ in range(80):
            if rules.is_over(state):
                break
            seat = rules.to_act(state)
            seen = rules.view(state, seat)
            action = seats[seat].act(seen)
            assert make_bot(level, "x", seat).act(seen) == action
            state = rules.apply(state, action)


def test_bots_refuse_to_act_out_of_turn():
    state = rules.new_game({"players": 2}, "turn")
    other = 1 - rules.to_act(state)
    with pytest.raises(ValueError):
        make_bot("baseline", "s", other).act(rules.view(state, other))


# --------------------------------------------------------------------------- hidden information

PLAIN = (dict, list, str, int, bool, type(None))


def _walk_plain(obj, path="view"):
    assert type(obj) in PLAIN, f"{path} is a {type(obj).__name__}, not plain data"
    if type(obj) is dict:
        for k, v in obj.items():
            assert type(k) is str, f"{path} has a non-string key"
            _walk_plain(v, f"{path}.{k}")
    elif type(obj) is list:
        for i, v in enumerate(obj):
            _walk_plain(v, f"{path}[{i}]")


def test_a_bot_gets_only_plain_data_without_the_deck_or_other_hands():
    """The view is a tree of plain values: no State, no reference into it, and no card a seat may not see."""
    state = rules.new_game({"players": 3, "on_fire": True}, "peek")
    state = rules.apply(state, rules.legal_actions(state)[0])
    for seat in range(3):
        seen = rules.view(state, seat)
        _walk_plain(seen)
        hidden = set(state.draw) | {c for s, h in enumerate(state.hands) if s != seat for c in h}
        visible = set(seen["hand"]) | {c for p in seen["piles"] for c in p["cards"]}
        assert not hidden & visible
        # a view shares no object with the state: changing it cannot change the table
        seen["hand"].append(99)
        seen["piles"][0]["cards"].clear()
        assert rules.view(state, seat) != seen


BOT_MODULES = ["junban.games.the_game.bots", "junban.games.the_game.baseline", "junban.games.the_game.strategy",
               "junban.games.the_game.endgame",
               "junban.games.the_game.seat_view", "junban.games.the_game.turns"]
ENGINE_INTERNALS = {"State", "apply", "new_game", "deal", "view", "legal_actions", "playable", "_play", "_end_turn",
                    "_begin_turn", "rng_for"}


@pytest.mark.parametrize("name", BOT_MODULES)
def test_bot_modules_hold_nothing_that_reaches_a_deal(name):
    """Bot code imports only the rules' constants and pure card tests, never the state or its constructors."""
    __import__(name)
    module = sys.modules[name]
    for attr, value in vars(module).items():
        if isinstance(value, types.ModuleType):
            assert not value.__name__.startswith("junban.games.the_game.rules"), f"{name} imports the rules module"
            assert value.__name__ != "junban.bench", f"{name} imports the benchmark"
        assert attr not in ENGINE_INTERNALS, f"{name} has the engine's {attr}"
        assert value is not rules.State


def test_a_bot_keeps_only_plain_data_between_calls():
    state = rules.new_game({"players": 2}, "memory")
    seat = rules.to_act(state)
    bot = make_bot("strong", "s", seat)
    bot.act(rules.view(state, seat))
    seen_ids = set()

    def walk(obj, depth=0):
        if id(obj) in seen_ids or depth > 20:
            return
        seen_ids.add(id(obj))
        assert not isinstance(obj, rules.State), "a bot holds a game state"
        if isinstance(obj, dict):
            for k, v in obj.items():
                walk(k, depth + 1)
                walk(v, depth + 1)
        elif isinstance(obj, (list, tuple, set, frozenset)):
            for v in obj:
                walk(v, depth + 1)
        elif hasattr(obj, "__dict__") and not isinstance(obj, (types.ModuleType, type)):
            walk(vars(obj), depth + 1)
        elif hasattr(obj, "__dataclass_fields__"):
            for f in obj.__dataclass_fields__:
                walk(getattr(obj, f), depth + 1)

    walk(vars(bot))
