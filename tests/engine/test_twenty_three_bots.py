"""23 bots: legal actions only, deterministic, views only, never pass forever, every table of bots finishes, no
hand thrown away while a card plays for free; strong-v1 still makes the first strong bot's decisions."""
from __future__ import annotations

import copy
import hashlib
import json

import pytest

from junban.bots import make_bot as make_any_bot
from junban.games.twenty_three import bots, rules
from junban.links import parse_route, setup_from_params
from junban.session import Session, make_seats
from tests.engine.test_twenty_three_support import table

SMALL = bots.Budget(moves=1500, min_deals=2, discard_candidates=4)


def small_strong(seed: str, seat: int) -> bots.StrongBot:
    return bots.StrongBot(seed, seat, SMALL)


def small_v1(seed: str, seat: int) -> bots.StrongV1Bot:
    return bots.StrongV1Bot(seed, seat, SMALL)


def play_table(players: int, seed: str, makers: list) -> rules.State:
    """Play a whole game with bots, checking each action is legal and nobody passes twice without progress."""
    state = rules.new_game({"players": players}, seed)
    seats = [makers[s](seed, s) for s in range(players)]
    last_pass: dict[int, int] = {}
    progress = 0
    actions = 0
    while (seat := rules.to_act(state)) is not None:
        action = seats[seat].act(rules.view(state, seat))
        assert action in rules.legal_actions(state), action
        if "pass" in action and not state.forced:
            assert last_pass.get(seat) != (state.round, progress), "a bot passed twice without progress"
            last_pass[seat] = (state.round, progress)
        if "play" in action or "drop_out" in action:
            progress += 1
        state = rules.apply(state, action)
        actions += 1
        assert actions < 2000, "the bots do not finish"
    return state


def test_the_levels_and_the_shared_factory():
    assert bots.LEVELS == ("baseline", "strong") and bots.DEFAULT_LEVEL == "strong"
    assert bots.BENCH_LEVELS == ("strong-v1",)
    assert make_any_bot("23", "baseline", "s", 0).level == "baseline"
    assert make_any_bot("23", "strong", "s", 1).level == "strong"
    assert make_any_bot("23", "strong-v1", "s", 1).level == "strong-v1"
    with pytest.raises(ValueError):
        make_any_bot("23", "perfect", "s", 0)


def test_tables_of_baseline_bots_always_finish():
    for i in range(240):
        players = 2 + i % 3
        state = play_table(players, f"fin-{i}", [bots.BaselineBot] * players)
        assert rules.outcome(state) is not None


def test_tables_with_strong_bots_always_finish():
    for i in range(9):
        players = 2 + i % 3
        makers = [small_strong if (s + i) % 2 == 0 else bots.BaselineBot for s in range(players)]
        if i % 3 == 0:
            makers = [small_strong] * players
        assert rules.outcome(play_table(players, f"strong-{i}", makers)) is not None


def test_bots_are_deterministic_in_seed_seat_and_view():
    state = rules.new_game({"players": 3}, "det")
    for _ in range(12):
        seat = rules.to_act(state)
        view = rules.view(state, seat)
        first = bots.make_bot("strong", "k", seat).act(view)
        assert bots.make_bot("strong", "k", seat).act(rules.view(state, seat)) == first
        assert bots.make_bot("baseline", "k", seat).act(view) == bots.make_bot("baseline", "z", seat).act(view)
        state = rules.apply(state, first)


def test_a_bot_acts_only_on_its_turn():
    state = rules.new_game({"players": 2}, "turn")
    state = rules.apply(state, bots.make_bot("baseline", "s", 1).act(rules.view(state, 1)))  # the discard: at once
    with pytest.raises(ValueError):
        bots.make_bot("baseline", "s", 1).act(rules.view(state, 1))  # discarded: it waits for seat 0's
    while state.phase == "discard" or rules.to_act(state) == 1:
        seat = rules.to_act(state)
        state = rules.apply(state, bots.make_bot("baseline", "s", seat).act(rules.view(state, seat)))
    with pytest.raises(ValueError):
        bots.make_bot("baseline", "s", 1).act(rules.view(state, 1))


@pytest.mark.parametrize("level", ["baseline", "strong"])
def test_a_bots_discard_never_depends_on_who_discarded_before_it(level):
    """The discard is simultaneous: a bot discards the same whether the other seats have discarded or not."""
    dealt = rules.new_game({"players": 4}, "as-dealt")
    others_first = dealt
    for seat in (0, 1, 3):
        others_first = rules.apply(others_first, bots.make_bot("baseline", "o", seat).act(rules.view(dealt, seat)))
    bot = (lambda: small_strong("as-dealt", 2)) if level == "strong" else (lambda: bots.make_bot(level, "d", 2))
    first = bot().act(rules.view(dealt, 2))
    assert first["seat"] == 2 and first in rules.seat_actions(dealt, 2)
    assert bot().act(rules.view(others_first, 2)) == first


def test_the_strong_bot_plays_the_free_card_instead_of_passing():
    state = table([[9, 15, 22], [10, 11, 12]], 8)
    action = bots.make_bot("strong", "t", 0).act(rules.view(state, 0))
    assert action == {"play": [9]}


def test_the_strong_bot_goes_out_when_it_is_free():
    state = table([[14, 14], [3, 20, 21], [15, 16]], 13)
    action = bots.make_bot("strong", "t", 0).act(rules.view(state, 0))
    assert action == {"play": [14, 14]}


def test_the_baseline_passes_once_on_a_big_jump_then_acts():
    state = table([[20, 21], [9, 10]], 8)
    bot = bots.make_bot("baseline", "t", 0)
    assert bot.act(rules.view(state, 0)) == {"pass": True}
    state = rules.apply(state, {"pass": True})
    state = rules.apply(state, {"pass": True})
    assert rules.to_act(state) == 0
    assert "pass" not in bot.act(rules.view(state, 0))


def test_the_baseline_discards_isolated_cards_never_the_1():
    assert bots.BaselineBot("s", 0).act({
        "seat": 0, "active": 0, "phase": "discard", "discarded": [False, False],
        "hand": [1, 2, 3, 3, 4, 5, 9, 12, 13, 14, 14, 15, 16, 17, 23],
    }) == {"discard": [9, 17, 23], "seat": 0}  # 23 (6 from 17), 9 (3 from 12), then the highest of the gap-1 cards


# --------------------------------------------------------------------------- strong-v1 is the first strong bot


def decisions_digest(players: int, seed: str, maker) -> tuple[int, str]:
    state = rules.new_game({"players": players}, seed)
    seats = [maker(f"bot-{seed}", s) for s in range(players)]
    actions = []
    while (seat := rules.to_act(state)) is not None:
        action = seats[seat].act(rules.view(state, seat))
        # as the bots then wrote their discards (the discard did not name its seat: it was taken seat by seat)
        actions.append({k: v for k, v in action.items() if k != "seat"} if "discard" in action else action)
        state = rules.apply(state, action)
    return len(actions), hashlib.sha256(json.dumps(actions, sort_keys=True).encode()).hexdigest()[:16]


def test_strong_v1_makes_the_decisions_the_first_strong_bot_made():
    """Recorded with the strong bot of commit 1af3266 (before strong-v1 was split off), given the same seeds."""
    assert decisions_digest(2, "v1-2", small_v1) == (42, "f7370295a3e433d4")
    assert decisions_digest(3, "v1-3", small_v1) == (39, "c81750acd918efdd")
    assert decisions_digest(4, "v1-4", small_v1) == (50, "a26695f83b364145")
    assert decisions_digest(2, "v1-full", bots.StrongV1Bot) == (45, "e7217d67f43a23a3")


# --------------------------------------------------------------------------- no thrown-away hands


def the_issue_example() -> tuple[rules.State, rules.State]:
    """``#/23?players=4&bots=3&level=strong&seed=ux2-phone``: the person discards 8, 21, 23. Returns the table when
    Bot 4 first acts with today's bots, and the table the issue saw (the first strong bot, seeded with the deal's
    seed as bots were then): pile 7, Bot 4 holding a 7 among its 12 cards and 3 bonus chips."""
    route = parse_route("#/23?players=4&bots=3&level=strong&seed=ux2-phone")
    setup = setup_from_params(route.game, route.params)
    seats = [{"kind": "person", "name": "Me"}] + [{"kind": "bot", "level": setup.level}] * 3
    session = Session("ux2", "23", setup.config, setup.seed, make_seats("23", seats))
    session.apply({"discard": [8, 21, 23]})
    while not (session.to_act == 3 and session.state.phase == "play"):
        session.apply(session.bot_action())
    seen = rules.new_game({"players": 4}, "ux2-phone")
    for action in ({"discard": [8, 21, 23]}, {"discard": [5, 20, 23]}, {"discard": [7, 15, 23]},
                   {"discard": [5, 8, 10]}, {"play": [2]}, {"play": [7], "bonus": 1, "value": 7}):
        seen = rules.apply(seen, action)
    return session.state, seen


def test_the_issue_example_bot_4_keeps_its_hand_with_a_free_7():
    today, seen = the_issue_example()
    assert seen.active == 3 and seen.pile_value == 7 and 7 in seen.hands[3] and len(seen.hands[3]) == 12
    assert bots.StrongV1Bot("ux2-phone", 3).act(rules.view(seen, 3)) == {"drop_out": True}  # the issue's bug
    for state in (seen, today):
        action = bots.make_bot("strong", "any-seed", 3).act(rules.view(state, 3))
        assert "drop_out" not in action and action in rules.legal_actions(state)
    assert "drop_out" not in make_any_bot("23", "strong", "ux2-phone", 3).act(rules.view(today, 3))


def test_the_strong_bot_never_drops_out_with_a_card_it_could_play_at_no_penalty():
    """A seeded slice of whole tables of strong bots (2 to 4 players): every drop-out is made with no card playable
    at no penalty, or with one whose bonus chips are provably worse than the drop-out (``may_drop_out``)."""
    drops = free = 0
    for i in range(6):
        players = 2 + i % 3
        state = rules.new_game({"players": players}, f"free-{i}")
        seats = [small_strong(f"free-{i}", s) for s in range(players)]
        while (seat := rules.to_act(state)) is not None:
            action = seats[seat].act(rules.view(state, seat))
            if "drop_out" in action:
                hand, chips = state.hands[seat], state.bonus[seat]
                drops += 1
                needed = rules.chips_for_free_play(hand, state.pile_value, chips)
                assert needed != 0, f"dropped out with a free play: pile {state.pile_value}, hand {hand}"
                if needed is not None:
                    free += 1
                    assert bots.CHIP_COST * needed - min(3, state.penalties[seat]) > len(hand)
            state = rules.apply(state, action)
    assert drops >= 12  # drop-outs happen (most seats cannot go out), so the slice tests something


@pytest.mark.parametrize("hand, value, chips, penalties, allowed", [
    ([7, 9, 12], 7, 0, 0, False),  # the 7 on a 7 costs nothing
    ([9, 12], 7, 0, 0, True),  # 8 is missing: every play skips a number
    ([4, 5], 12, 1, 4, True),  # one chip reaches down to 7 only: neither card can be played
    ([8, 9], 12, 1, 4, False),  # one chip reaches 7: the 8 plays at no penalty
    ([5], 20, 3, 4, True),  # three chips (6 at the end) to save one card, even going out (+3): provably worse
    ([5, 9], 20, 3, 0, True),  # three chips, no penalty chips to return: 6 > 2 cards
    ([5, 9, 9, 11, 12, 13, 14], 20, 3, 4, False),  # 7 cards: the chips may well pay
])
def test_when_dropping_out_is_allowed(hand, value, chips, penalties, allowed):
    assert bots.may_drop_out(hand, value, chips, penalties) is allowed


# --------------------------------------------------------------------------- views only


def test_the_strong_bot_decides_on_its_view_alone():
    """Two tables that differ only in cards this seat cannot see (the other hands swap cards) get the same move."""
    state = rules.new_game({"players": 3}, "views")
    while state.phase == "discard" or len(state.log) < 8:
        seat = rules.to_act(state)
        state = rules.apply(state, bots.make_bot("baseline", "v", seat).act(rules.view(state, seat)))
    seat = rules.to_act(state)
    others = [s for s in range(3) if s != seat and state.hands[s]]
    swapped = copy.deepcopy(state)
    a, b = swapped.hands[others[0]], swapped.hands[others[1]]
    a[0], b[0] = b[0], a[0]
    swapped.hands[others[0]], swapped.hands[others[1]] = sorted(a), sorted(b)
    assert swapped.hands != state.hands and rules.view(swapped, seat) == rules.view(state, seat)
    for maker in (small_strong, small_v1):
        assert maker("v", seat).act(rules.view(state, seat)) == maker("v", seat).act(rules.view(swapped, seat))
