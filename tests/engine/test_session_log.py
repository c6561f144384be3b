"""How long a game's log may grow: folding what comes back to a recent position, and the last stretch."""
import json

import pytest

from junban.session import LAST_STRETCH, MAX_ACTIONS, LogFull, Seat, Session

TWO = [Seat("person", "Ann"), Seat("person", "Ben")]


def the_game(players=2, seed="5"):
    return Session("abcd1234", "the-game", {"players": players}, seed, TWO[:players])


def replayed(session: Session) -> Session:
    return Session.from_record(json.loads(json.dumps(session.to_record())))


def test_a_marker_set_and_cleared_leaves_no_trace_in_the_log():
    s = the_game()
    for _ in range(5000):
        s.apply({"mark": "keep", "pile": 2, "seat": 0})
        s.apply({"mark": "small", "pile": 2, "seat": 1})  # Ben's marker replaces Ann's
        s.apply({"mark": None, "pile": 2, "seat": 1})  # and Ben clears it: the pile is as it was
    assert s.actions == []
    assert s.state.markers == [None, None, None, None]


def test_a_card_played_and_taken_back_folds_away_and_the_log_still_replays_to_the_table():
    s = the_game()
    s.apply({"mark": "keep", "pile": 1, "seat": 0})
    play = next(a for a in s.legal_actions() if "play" in a)
    s.apply(play)
    s.apply({"undo": True})
    assert s.actions == [{"mark": "keep", "pile": 1, "seat": 0}]
    s.apply(play)
    s.apply(next(a for a in s.legal_actions() if "play" in a))
    s.apply({"end_turn": True})
    again = replayed(s)
    assert again.state == s.state and again.actions == s.actions


def test_a_marker_that_stays_is_kept_in_the_log():
    s = the_game()
    s.apply({"mark": "keep", "pile": 0, "seat": 0})
    s.apply({"mark": "small", "pile": 0, "seat": 0})
    assert len(s.actions) == 2 and s.state.markers[0]["kind"] == "small"


def test_another_tab_that_folded_a_run_is_followed_and_one_that_rewrote_history_is_not():
    here, there = the_game(), the_game()
    for s in (here, there):
        s.apply({"mark": "keep", "pile": 3, "seat": 1})
    there.apply({"mark": None, "pile": 3, "seat": 1})  # folds: there, the log is empty again
    assert not here.follow(there.actions), "here has moves of its own that storage never had"
    assert here.follow(there.actions, may_shorten=True) and here.state == there.state
    play = next(a for a in there.legal_actions() if "play" in a)
    there.apply(play)
    here.apply({"mark": "small", "pile": 0, "seat": 0})  # a marker set and cleared here folds away here
    here.apply({"mark": None, "pile": 0, "seat": 0})
    assert here.follow(there.actions) and here.actions == there.actions and here.state == there.state
    other = the_game()
    other.apply(next(a for a in other.legal_actions() if "play" in a and a != play))
    assert not here.follow(other.actions, may_shorten=True), "the card played here would be lost"
    assert here.actions == [play]


def long_23(length: int) -> Session:
    """Two people at 23 who pass and pass: each pass costs a chip, and the rules allow it without end."""
    s = Session("abcd1234", "23", {"players": 2}, "7", TWO)
    while len(s.actions) < length:
        legal = s.legal_actions()
        s.apply(next((a for a in legal if a == {"pass": True}), legal[0]))
    return s


def test_in_the_last_stretch_only_moves_that_end_the_game_are_taken_and_it_can_be_finished():
    s = long_23(LAST_STRETCH)
    assert {"pass": True} not in s.legal_actions()
    with pytest.raises(LogFull) as refused:
        s.apply({"pass": True})
    assert refused.value.code == "session.log_full" and len(s.actions) == LAST_STRETCH
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert len(s.actions) < LAST_STRETCH + 200 < MAX_ACTIONS
    assert replayed(s).state == s.state, "a log in its last stretch replays as it is"


def test_a_bot_that_wants_table_talk_in_the_last_stretch_plays_on_instead():
    s = long_23(LAST_STRETCH)
    s.seats[s.to_act] = Seat("bot", "Bot", "baseline")

    class Talker:
        def act(self, view):
            return {"pass": True}

    s._bots[s.to_act] = Talker()
    assert s.bot_action() in s.legal_actions() and "pass" not in s.bot_action()


def marker_walk(players: int = 2):
    """A walk through every marker position of one seat on four piles (none, keep, small each: 3^4 = 81), each step
    one legal marker action, never coming back to a position within the fold window: the log would grow without
    end (issue 39: a phone did it to the host)."""
    kinds = [None, "keep", "small"]

    def gray(n):  # a modular ternary Gray code: one pile changes each step, and the 81 positions form one cycle
        digits = [(n % 81 // 3 ** p) % 3 for p in range(4)] + [0]
        return [(digits[p] - digits[p + 1]) % 3 for p in range(4)]

    before = gray(0)
    for n in range(1, 81 * 4):
        now = gray(n)
        [pile] = [p for p in range(4) if now[p] != before[p]]
        yield {"mark": kinds[now[pile]], "pile": pile, "seat": 0}
        before = now


def test_a_marker_walk_through_81_positions_cannot_lengthen_the_log_without_end():
    from junban.session import TALK_RUN, TalkLimit

    s = the_game()
    for action in marker_walk():
        try:
            s.apply(action)
        except TalkLimit as err:
            assert err.code == "session.talk_limit"
            break
    else:
        raise AssertionError("the walk went on for 324 steps")
    assert len(s.actions) == TALK_RUN, "table talk stops at TALK_RUN in a row, and none of it folded"
    assert not any("mark" in a for a in s.legal_actions()), "the table no longer offers markers"
    play = next(a for a in s.legal_actions() if "play" in a)
    s.apply(play)  # a move: talk may go on (and a marker that folds back is always taken)
    s.apply({"mark": "keep", "pile": 0, "seat": 1})
    assert replayed(s).state == s.state, "a log past the talk limit (an old save) still replays"


def test_a_bot_that_wants_more_table_talk_than_taken_plays_instead():
    from junban.session import TALK_RUN

    s = Session("abcd1234", "the-game", {"players": 2}, "5", [Seat("bot", "B", "strong"), Seat("person", "Ben")])
    s.extend(list(marker_walk())[:TALK_RUN])  # (as a save would give it back)
    assert s.talked_out()
    action = s.bot_action() if s.to_act == 0 else None
    assert action is None or "mark" not in action
