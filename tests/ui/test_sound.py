"""Sounds and vibration at a table, on CPython: which cue each action asks the page for (ui/sound.py), decided
from the log event and a seat's views, never from the session; a refused move vibrates; the setting silences
both and is remembered; the page may make sounds only while a table is shown."""
from __future__ import annotations

import pytest
from junban import bots
from junban.session import Seat, Session
from junban.ui import sound
from junban.ui.games import game_ui
from junban.ui.tutorials.eleusis import player as eleusis_player

from tests.ui.fakeplatform import DictStorage
from tests.ui.tablekit import by_id, button, click, play_out, start

SOLO = "#/the-game?players=1&seed=123"
WITH_BOT = "#/the-game?players=2&bots=1&level=baseline&seed=abc&start=1"
TURN, REFUSED = sound.VIBRATIONS["turn"], sound.VIBRATIONS["refused"]


def play(app, platform, card: int, pile: int) -> None:
    click(app, by_id(platform, f"card-{card}"))
    click(app, by_id(platform, f"pile-{pile}"))


def test_a_card_played_a_backwards_trick_and_cards_drawn_each_have_their_cue():
    seed = next(s for s in (f"trick-{i}" for i in range(200))  # a hand holding a card and the one 10 below it
                if any(c - 10 in hand for hand in [Session("x", "the-game", {"players": 1}, s,
                                                           [Seat("person", "A")]).view(0)["hand"]] for c in hand))
    app, platform = start(f"#/the-game?players=1&seed={seed}")
    hand = app.screen.view()["hand"]
    high = next(c for c in hand if c - 10 in hand)
    play(app, platform, high, 0)
    assert platform.sounds == ["play"]
    play(app, platform, high - 10, 0)  # pile 0 ascending at `high`: high - 10 goes on it (backwards trick)
    assert platform.sounds == ["play", "trick"]
    click(app, button(platform, "End turn"))
    assert platform.sounds == ["play", "trick", "draw"]  # solo: the turn is yours again, no "your turn"
    assert platform.vibrations == []


def test_your_turn_sounds_and_vibrates_when_a_bot_hands_it_back():
    app, platform = start(WITH_BOT)
    for card in sorted(app.screen.view()["hand"])[:2]:
        play(app, platform, card, 0)
    click(app, button(platform, "End turn"))
    assert platform.sounds == ["play", "play", "draw"]
    platform.run_timers()  # the bot's turn: its cards are heard too, then the turn comes back
    assert app.screen.session.to_act == 0
    assert platform.sounds[3:-1] and set(platform.sounds[3:-1]) <= {"play", "trick"}
    assert platform.sounds[-1] == "turn" and platform.vibrations == [TURN]


def test_a_refused_move_vibrates_without_a_sound():
    app, platform = start(SOLO)
    hand = sorted(app.screen.view()["hand"])
    low = next(c for c in hand if c != hand[-1] - 10)
    play(app, platform, hand[-1], 0)
    play(app, platform, low, 0)  # below the pile and not 10 below: the table refuses it
    assert any(n.key == "illegal" for n in app.notices)
    assert platform.sounds == ["play"] and platform.vibrations == [REFUSED]
    app.screen.act({"play": 0, "pile": 9})  # and one the engine refuses
    assert platform.sounds == ["play"] and platform.vibrations == [REFUSED, REFUSED]


@pytest.mark.parametrize("link", [SOLO, "#/23?players=3&bots=2&level=baseline&seed=1",
                                  "#/23?players=3&bots=2&level=baseline&seed=2"])
def test_the_end_sounds_a_win_or_a_loss(link):
    app, platform = start(link)
    table = app.screen
    person = bots.make_bot(table.session.game, "baseline", table.session.seed, 0)  # plays for the person
    while not table.session.is_over:
        if table.session.to_act == 0:
            table.act(person.act(table.view()))
            app.render()
        else:
            platform.run_timers(limit=1)
    outcome = app.screen.session.outcome
    won = 0 in outcome["winners"] if "winners" in outcome else outcome["result"] in ("win", "perfect")
    assert platform.sounds[-1] == ("win" if won else "loss")
    assert platform.sounds.count("win") + platform.sounds.count("loss") == 1


def test_giving_up_solo_science_sounds_a_loss():
    app, platform = start("#/eleusis-science?seed=abc")
    app.screen.act({"give_up": True})
    assert platform.sounds == ["loss"]


def test_a_table_of_bots_only_plays_their_cards_but_no_turn_and_no_end():
    app, platform = start("#/the-game?players=2&bots=2&level=baseline&seed=abc")
    platform.run_timers()
    assert app.screen.session.is_over and platform.sounds
    assert set(platform.sounds) <= {"play", "trick", "draw"} and platform.vibrations == []


def test_solo_science_sounds_each_verdict():
    app, platform = start("#/eleusis-science?seed=abc")
    verdicts = []
    while len(set(verdicts)) < 2:
        table = app.screen
        table.act({"play": table.view()["hand"][0]})
        verdicts.append(table.view()["last_play"]["right"])
    assert platform.sounds == ["play" if right else "wrong" for right in verdicts]


def test_eleusis_cards_and_no_plays_judged_wrong_sound_wrong():
    seats = [Seat("bot", name, "baseline") for name in "ABC"]
    session = Session("e", "eleusis", {"players": 3, "difficulty": "easy"}, "2026-11-22", seats)
    ui, cues = game_ui("eleusis"), []
    players = [bots.make_bot("eleusis", "baseline", "2026-11-22", i) for i in range(3)]
    while not session.is_over and len({right for _, right, _ in cues}) < 2:
        before = session.view(0)
        seat = session.to_act
        session.apply(players[seat].act(session.view(seat)))
        event = ui.log_event(before, session.view(0), session.actions[-1], seat)
        if event and event["kind"] in ("play", "no_play"):
            cues.append((sound.event_cue("eleusis", event), event["right"], event["kind"]))
    assert {right for _, right, _ in cues} == {True, False}
    for cue, right, kind in cues:
        assert cue == ("wrong" if not right else "play" if kind == "play" else "draw")


@pytest.mark.parametrize("game, config, level", [("the-game", {"players": 3}, "baseline"),
                                                 ("23", {"players": 3}, "baseline"),
                                                 ("eleusis", {"players": 3, "difficulty": "easy"}, None)])
def test_a_seat_decides_its_cues_from_its_own_views_as_a_table_on_another_device_would(game, config, level):
    """A guest's table has no session: only its seat's views and the log events made from them. Its cues are the
    ones the host's table decides (from any seat's views), turn and end included."""
    seats = [Seat("bot", name, "baseline") for name in "ABC"]
    session = Session("g", game, config, "sound", seats)
    players = [bots.make_bot(game, level, "sound", i) for i in range(3)] if level else None  # (Eleusis: a quick
    # policy that plays right cards only: its bots take long over a whole game)
    ui = game_ui(game)
    heard = {seat: [] for seat in range(3)}
    while not session.is_over:
        actor = session.to_act
        views = [session.view(s) for s in range(3)]
        action = players[actor].act(views[actor]) if players else eleusis_player(views[actor])
        session.apply(action)
        after = [session.view(s) for s in range(3)]
        host_event = ui.log_event(views[0], after[0], action, actor)
        for seat in range(3):
            own_event = ui.log_event(views[seat], after[seat], action, actor)
            mine = sound.action_cue(game, own_event, [seat], views[seat], after[seat])
            assert mine == sound.action_cue(game, host_event, [seat], views[0], after[0])
            heard[seat].append(mine)
    for seat in range(3):
        assert "turn" in heard[seat] and "play" in heard[seat]
        assert heard[seat][-1] in ("win", "loss")


def test_the_setting_silences_sounds_and_vibrations_and_is_remembered():
    storage = DictStorage()
    app, platform = start(SOLO, storage=storage)
    assert platform.sound_on  # a table is shown and sounds are on by default (the page waits for a tap)
    click(app, by_id(platform, "open-menu"))
    box = by_id(platform, "menu-sound")
    assert "checked" in box.attributes and box.parentNode.textContent == "Sounds and vibration"
    app.field("sound", False, final=True)
    assert not platform.sound_on and app.settings["sound"] is False
    hand = sorted(app.screen.view()["hand"])
    app.screen.act({"play": hand[0], "pile": 0})
    app.screen.act({"play": 0, "pile": 9})
    assert platform.sounds == [] and platform.vibrations == []
    again, platform = start(SOLO, storage=storage)
    assert again.settings["sound"] is False and not platform.sound_on
    click(again, by_id(platform, "open-menu"))
    assert "checked" not in by_id(platform, "menu-sound").attributes


def test_the_page_may_make_sounds_only_while_a_table_is_shown():
    app, platform = start("#/")
    assert not platform.sound_on
    app.go(SOLO)
    assert platform.sound_on
    app.go("#/history")
    assert not platform.sound_on


def test_a_seat_on_another_phone_hears_the_table_as_one_device_would_and_keeps_its_own_setting():
    from tests.net.test_playing_on_phones import hosted
    from tests.ui.phoneskit import Room, host_table, join

    room = Room()
    # A fixed deal: with a random one the first legal play is now and then a backwards trick (cue "trick").
    host, host_platform = hosted(room, "the-game", ["person", "phone"], fields={"seed": "soundphones"})
    guest, phone = join(room, host, 1)
    table = host_table(host)
    assert phone.sound_on, "the seat's table is shown: the phone may make sounds"

    def turn(app) -> None:
        """The seat of ``app``'s table plays two cards and ends its turn (the guest's through the host)."""
        for kind in ("play", "play", "end_turn"):
            screen = app.screen
            screen.act(next(a for a in screen.session.legal_actions() if kind in a))
            app.render()
            room.run(0.5)

    if table.session.to_act == 1:
        turn(guest)
    heard = len(phone.sounds)
    turn(host)  # the host's person plays: the phone hears the cards, then its turn (and feels it)
    assert table.session.to_act == 1
    assert phone.sounds[heard:] == ["play", "play", "turn"] and phone.vibrations[-1] == TURN
    guest.screen.act({"play": 0, "pile": 9})  # refused by the host: the phone vibrates
    room.run(0.5)
    assert phone.vibrations[-1] == REFUSED and any(n.key == "illegal" for n in guest.notices)
    guest.field("sound", False, final=True)  # this phone's own setting
    heard = len(phone.sounds), len(phone.vibrations)
    turn(guest)
    turn(host)
    assert (len(phone.sounds), len(phone.vibrations)) == heard and not phone.sound_on
    # The host heard the phone's cards and its own turn coming back, then its own cards and draw.
    assert host_platform.sounds[-6:] == ["play", "play", "turn", "play", "play", "draw"]
