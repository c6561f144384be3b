"""23's secret discard on phones: every person chooses at the same time on their own phone; the round opens once
all have chosen; nobody's choice reaches another seat (tests/net/test_phones_privacy.py checks that byte for byte)."""
from __future__ import annotations

import json

from tests.net.test_playing_on_phones import hosted
from tests.ui.phoneskit import Room, host_table, join
from tests.ui.tablekit import button, by_attr, by_id, click


def choose_discard(app, platform) -> list[int]:
    """Tap the three highest cards of the hand, then "Discard 3 cards" (without sending: the room has not run)."""
    cards = by_attr(platform, "data-act", "tt:card")[-3:]
    for card in cards:
        click(app, card)
    click(app, button(platform, "Discard 3 cards"))
    return sorted(int(c.textContent) for c in cards)


def last_refusal(room) -> str | None:
    """The code of the host's latest refusal of an intent (the phone shows it as a notice)."""
    for _, _, text in reversed(room.network.sent):
        message = json.loads(text)
        if message["t"] == "ack" and message.get("ok") is False:
            return message.get("code")
    return None


def three_phones():
    room = Room()
    host, host_platform = hosted(room, "23", ["person", "phone", "phone"], fields={"seed": "together"})
    guests = {seat: join(room, host, seat) for seat in (1, 2)}
    return room, (host, host_platform), guests


def test_every_phone_chooses_its_discard_at_the_same_time_and_the_round_opens_when_all_have():
    room, (host, host_platform), guests = three_phones()
    table = host_table(host)
    session = table.session
    assert session.seats_to_act == [0, 1, 2]
    for seat, (app, platform) in guests.items():
        assert app.screen.my_turn(), f"seat {seat + 1} waits for another seat's discard"
        assert "disabled" in by_id(platform, "tt-discard").attributes  # until 3 cards are chosen
        assert by_id(platform, "status").textContent.startswith(f"Player {seat + 1}: discard 3 cards.")
    # Seats 3 and 2 choose at the same moment: both intents leave from the same position of the game (each
    # phone's own mark of it: a mark is made of what that seat is sent).
    at = {seat: app.screen.session.at for seat, (app, _) in guests.items()}
    assert all(mark.startswith("0.") for mark in at.values())
    chosen = {seat: choose_discard(*guests[seat]) for seat in (2, 1)}
    room.run(1.0)
    assert sorted(a["seat"] for a in session.actions) == [1, 2], "a phone's discard was refused as late"
    assert {a["seat"]: a["discard"] for a in session.actions} == chosen
    for seat, (app, platform) in guests.items():
        assert not app.services.notices, [n.text for n in app.services.notices]
        assert not app.screen.my_turn() and app.screen.session.seats_to_act == [0]
        assert by_id(platform, "status").textContent == \
            "Your 3 cards are discarded. Waiting for Player 1 to discard."
    host.render()
    assert by_id(host_platform, "status").textContent == "Player 1: discard 3 cards."
    choose_discard(host, host_platform)
    room.run(1.0)
    assert session.state.phase == "play" and len(session.actions) == 3
    for app, _ in guests.values():
        assert app.screen.view()["phase"] == "play" and app.screen.view()["pile"] == [[1]]


def test_a_discard_sent_again_after_it_was_taken_is_refused_and_taken_once():
    room, (host, _), guests = three_phones()
    session = host_table(host).session
    app, platform = guests[1]
    guest = app.services.guest
    at = guest.game.at
    cards = choose_discard(app, platform)
    room.run(1.0)
    assert session.actions == [{"discard": cards, "seat": 1}]
    guest._send("act", action={"discard": cards, "seat": 1}, at=at)  # the same intent again, as a retry would
    room.run(1.0)
    assert session.actions == [{"discard": cards, "seat": 1}]
    assert last_refusal(room) == "net.stale"
    # Another seat's discard, sent from this phone, is refused whatever position it names.
    other = host_table(host).session.legal_actions(2)[0]
    guest._send("act", action=other, at=guest.game.at)
    room.run(1.0)
    assert len(session.actions) == 1 and last_refusal(room) == "net.not_your_turn"


def test_an_intent_made_before_this_seat_acted_is_stale_even_when_others_acted_since():
    """The host takes an intent from an earlier position only while nothing since was this seat's own."""
    room, (host, host_platform), guests = three_phones()
    table = host_table(host)
    app, platform = guests[1]
    guest = app.services.guest
    first_at = guest.game.at
    choose_discard(app, platform)
    room.run(1.0)
    choose_discard(host, host_platform)
    room.run(1.0)
    assert len(table.session.actions) == 2
    guest._send("act", action={"discard": [2, 3, 4], "seat": 1}, at=first_at)
    room.run(1.0)
    assert len(table.session.actions) == 2 and last_refusal(room) == "net.stale"
    assert first_at.startswith("0."), "the intent named the position before any discard"
