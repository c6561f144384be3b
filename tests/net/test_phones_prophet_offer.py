"""Eleusis on several phones: a player on a guest phone is asked whether to become Prophet only if they said so
("Become Prophet" on before playing), as on one device; the offer reaches a phone only with the host's answer to
its play, so the phone remembers what its player wanted until then."""
from __future__ import annotations

from junban.games.eleusis import rules as el
from junban.ui.games import eleusis as ui
from tests.net.test_playing_on_phones import hosted
from tests.ui.phoneskit import Room, host_table, join


def right_card(state, seat: int) -> str:
    return next(c for c in state.hands[seat] if el.judge_cards(state.rule, state.mainline, [c]))


def a_table_where_seat_1_may_become_prophet():
    room = Room()
    # A deal where the host's person and seat 1 each hold a card the dealer's rule takes (a random one may not).
    host, _ = hosted(room, "eleusis", ["person", "phone", "phone", "phone", "phone"], fields={"seed": "prophet-1"})
    table = host_table(host)
    guests = {seat: join(room, host, seat)[0] for seat in (1, 2, 3, 4)}
    session = table.session
    dealer = guests[4].screen  # the last seat deals first, from its phone
    dealer.act(next(a for a in session.legal_actions() if "rule_id" in a))
    room.run(1.0)
    assert session.to_act == 0
    table.viewer = 0
    table.local["picked"] = [[right_card(session.state, 0), 0]]
    ui.play(table)  # the host's person, without "Become Prophet": declined for them at once
    host.render()
    room.run(1.0)
    assert session.to_act == 1 and session.state.phase == "play"
    assert el.may_become_prophet(session.state, 1)
    return room, table, guests[1]


def test_a_phone_that_did_not_ask_to_become_prophet_is_not_asked():
    room, table, guest = a_table_where_seat_1_may_become_prophet()
    screen = guest.screen
    screen.local["picked"] = [[right_card(table.session.state, 1), 0]]
    ui.play(screen)
    guest.render()
    room.run(1.0)
    assert table.session.state.phase == "play" and table.session.to_act == 2, "declined for the player"
    assert table.session.state.prophet is None
    assert not screen.sheet.is_open("prophet")


def test_a_phone_that_asked_to_become_prophet_is_asked_and_becomes_prophet():
    room, table, guest = a_table_where_seat_1_may_become_prophet()
    screen = guest.screen
    screen.handle("el:prophet-plan", None)
    screen.local["picked"] = [[right_card(table.session.state, 1), 0]]
    ui.play(screen)
    guest.render()
    room.run(1.0)
    assert table.session.state.phase == "prophet_offer"
    assert screen.sheet.is_open("prophet"), "asked, as they wanted"
    screen.handle("el:prophet-yes", None)
    room.run(1.0)
    assert table.session.state.prophet == 1
