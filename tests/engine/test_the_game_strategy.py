"""The strong bot's pieces, as rule examples: counting, whole turns, the endgame, and the pile markers."""
from __future__ import annotations

import random

from junban.games.the_game import rules
from junban.games.the_game.bots import make_bot
from junban.games.the_game.endgame import greedy_turn, longest_run
from junban.games.the_game.seat_view import ALL_CARDS, Position, current, turn_start
from junban.games.the_game.strategy import Turn, desired_markers, plan_turn, room
from junban.games.the_game.turns import replay_plays


def position(hand, tops, unseen=None, need=2, players=1, draw=40, markers=(), seat=0, fire=frozenset()):
    hand = tuple(sorted(hand))
    if unseen is None:
        unseen = frozenset(c for c in ALL_CARDS if c not in hand and _unplayed_by_tops(c, tops))
    counts = [6] * players
    counts[seat] = len(hand)
    return Position(seat=seat, players=players, hand=hand, tops=tuple(tops), need=need, unseen=frozenset(unseen),
                    draw_count=draw, hand_counts=tuple(counts), hand_size=8 if players == 1 else 6, minimum=need,
                    expert=False, fire=fire, markers=tuple(markers), own_markers=(), turn=5)


def _unplayed_by_tops(card, tops):
    return room(card, tops) > 0


def test_room_counts_piles_and_backwards_tricks():
    tops = (30, 60, 70, 40)
    assert room(45, tops) == 2      # above ascending 30, below descending 70
    assert room(50, tops) == 4      # and also 60 - 10 and 40 + 10: backwards tricks on both other piles
    assert room(15, tops) == 2      # below both descending piles
    assert room(20, tops) == 3      # and 20 = 30 - 10 on ascending 30 (backwards trick)
    assert room(65, tops) == 3      # above 30 and 60, below 70
    assert room(50, (60, 60, 30, 30)) == 2  # 50 = 60 - 10 on both ascending piles
    assert room(55, (60, 60, 30, 30)) == 0


def test_counting_makes_a_jump_over_played_cards_free():
    """Ascending pile on 30; 31-39 are all played already: 40 skips no live card, so the strong bot plays it."""
    tops = (30, 1, 100, 100)
    unseen = frozenset(c for c in ALL_CARDS if not 31 <= c <= 39) - {40, 70, 98}
    pos = position([40, 70, 98], tops, unseen=unseen - {40, 70, 98}, need=1)
    assert (40, 0) in plan_turn(pos)


def test_a_turn_uses_a_backwards_trick_it_can_set_up():
    """Ascending 42: playing 48 then 38 (48 - 10) leaves the pile lower than it was, two cards played."""
    pos = position([38, 48, 80, 81, 82, 83, 84, 85], (42, 60, 20, 10), need=2)
    plays = plan_turn(pos)
    assert (48, 0) in plays and (38, 0) in plays
    assert replay_plays(pos.tops, plays)[0] <= 42


def test_of_two_legal_orders_the_turn_takes_the_one_that_leaves_the_pile_lower():
    """Ascending 40, hand 35 and 45, nothing else fits: 35 (trick) then 45 ends on 45; 45 then 35 ends on 35."""
    pos = position([35, 45], (40, 96, 10, 12), need=2)
    assert plan_turn(pos) == [(45, 0), (35, 0)]


def test_endgame_alone_finds_the_order_that_plays_every_card():
    """Draw pile empty, nobody else holds a card, only ascending 50 takes them: 45 fits only as the trick on 55,
    so 55 must come before 60: 55, 45, 60."""
    run = longest_run((45, 55, 60), (50, 97, 3, 2))
    assert run == [(55, 0), (45, 0), (60, 0)]


def test_endgame_on_fire_never_ends_on_a_fire_card():
    """Ascending 30 and 31, cards 33 (fire) and 40 left: 40 on one pile and 33 on the other would end the game on
    a fire card; the run must cover 33 with 40."""
    run = longest_run((33, 40), (30, 31, 3, 2), need=1, fire=frozenset({33}))
    assert len(run) == 2
    assert 33 not in replay_plays((30, 31, 3, 2), run)


def test_a_partners_keep_marker_moves_the_play_elsewhere():
    """Two ascending piles both on 20, hand 21 and 22: with a partner's 'keep' on pile 0 the bot plays on pile 1."""
    unseen = frozenset(range(23, 90))
    free = position([21, 22, 90, 91, 92, 93], (20, 20, 95, 95), unseen=unseen, players=3, need=2)
    kept = position([21, 22, 90, 91, 92, 93], (20, 20, 95, 95), unseen=unseen, players=3, need=2,
                    markers=((0, "keep", 1),))
    assert all(p != 0 for _, p in plan_turn(kept))
    assert Turn(kept).signal_price((21, 20, 95, 95)) > Turn(free).signal_price((21, 20, 95, 95))


def test_a_seat_asks_to_keep_the_pile_of_its_backwards_trick_card():
    """After its plays the seat still holds 50 while ascending pile 1 shows 60: 'keep' on pile 1, no number."""
    pos = position([50, 70, 71, 90, 91, 92], (65, 60, 99, 98), players=2, need=2)
    marks = desired_markers(pos, [(70, 0), (71, 0)])
    assert marks.get(1) == "keep"
    assert set(marks.values()) <= {"keep", "small"}
    assert desired_markers(position([50, 70], (65, 60, 99, 98)), [(70, 0)]) == {}  # alone: no table talk


def test_bot_turn_marks_go_through_the_engine():
    """A whole 2-player deal: the strong bots' marker actions are legal and never carry a number."""
    state = rules.new_game({"players": 2}, "markers")
    bots = [make_bot("strong", "m", s) for s in range(2)]
    marks = 0
    for _ in range(400):
        if rules.is_over(state):
            break
        seat = rules.to_act(state)
        action = bots[seat].act(rules.view(state, seat))
        if "mark" in action:
            marks += 1
            assert set(action) == {"mark", "pile", "seat"} and action["mark"] in ("keep", "small", None)
        state = rules.apply(state, action)
    assert marks > 0


def test_turn_start_takes_back_the_cards_played_this_turn():
    state = rules.new_game({"players": 1}, "start")
    first = rules.legal_actions(state)[0]
    after_one = rules.apply(state, first)
    seen = rules.view(after_one, 0)
    assert turn_start(seen).hand == tuple(sorted(state.hands[0]))
    assert turn_start(seen).tops == (1, 1, 100, 100)
    assert current(seen).need == 1


def _cheapest_play_by_pricing_every_card(hand, tops, live):
    """The playouts' rule written out in full: price every card of the hand on every pile it fits."""
    options = []
    for card in hand:
        for p in range(4):
            top = tops[p]
            if rules.is_backwards_trick(card, p, top):
                options.append((-1, card, p))
            elif rules.fits(card, p, top):
                lo, hi = (top, card) if p < 2 else (card, top)
                options.append((sum(live[lo + 1:hi]), card, p))
    return min(options, default=None)


def test_a_playout_turn_takes_the_cheapest_play_each_time_and_then_only_free_ones():
    rng = random.Random("greedy-turn")
    for _ in range(300):
        cards = rng.sample(range(2, 100), 30)
        hand, others = cards[:rng.randint(1, 8)], cards[8:]
        tops = (rng.randint(1, 60), rng.randint(1, 60), rng.randint(40, 100), rng.randint(40, 100))
        live = bytearray(101)
        for c in hand + others:
            live[c] = 1
        need = rng.randint(1, 3)
        plays = greedy_turn(list(hand), tops, bytearray(live), need)
        left, now = list(hand), tops
        for k, (card, pile) in enumerate(plays):
            expected = _cheapest_play_by_pricing_every_card(left, now, live)
            assert (card, pile) == expected[1:]
            assert k < need or expected[0] <= 0
            left.remove(card)
            live[card] = 0
            now = now[:pile] + (card,) + now[pile + 1:]
        expected = _cheapest_play_by_pricing_every_card(left, now, live)
        assert expected is None or (len(plays) >= need and expected[0] > 0)


def test_turns_are_played_out_from_late_draw_alone_too_and_later_on_fire(monkeypatch):
    from junban.games.the_game import strategy
    played_out = []
    monkeypatch.setattr(strategy, "endgame_choice", lambda p, deals: played_out.append(p.draw_count) or [])
    hand, tops = (12, 25, 47, 58, 71, 83, 90, 94), (10, 20, 99, 80)
    fire = rules.FIRE_CARDS
    for draw in (strategy.LATE_DRAW + 1, strategy.LATE_DRAW):
        plan_turn(position(hand, tops, draw=draw))
    for draw in (strategy.FIRE_LATE_DRAW + 1, strategy.FIRE_LATE_DRAW):
        plan_turn(position(hand, tops, draw=draw, fire=fire))
    assert strategy.FIRE_LATE_DRAW < strategy.LATE_DRAW
    assert played_out == [strategy.LATE_DRAW, strategy.FIRE_LATE_DRAW]


def test_a_solo_late_turn_is_legal_and_a_function_of_the_view():
    hand, tops = (12, 25, 47, 58, 71, 83, 90, 94), (10, 20, 99, 80)
    # Alone, every unseen card is in the draw pile: 20 of the cards no pile has taken yet.
    draw = [c for c in ALL_CARDS if c not in hand and _unplayed_by_tops(c, tops)][:20]
    pos = position(hand, tops, unseen=draw, draw=len(draw))
    plays = plan_turn(pos)
    assert plays == plan_turn(pos)
    assert len(plays) >= pos.need
    cards = [c for c, _ in plays]
    assert len(set(cards)) == len(cards) and set(cards) <= set(hand)
    now = tops
    for card, pile in plays:
        assert rules.fits(card, pile, now[pile]), (card, pile, now)
        now = now[:pile] + (card,) + now[pile + 1:]
