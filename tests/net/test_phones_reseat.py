"""Reseating the phones at a rematch (issue 41): after a game at a table with phones, the host's *Change seats*
says who sits where in the next game (phones, people here, bots; default: the same seats); each phone moves to its
new seat by itself over its open channel and says so; a phone given no seat is told so and keeps the finished game
in its History. A reseated phone is sent exactly what a phone paired fresh at that seat is sent (the twins of
tests/net/test_phones_privacy.py check that path), nothing of the seat it left."""
from __future__ import annotations

import json

from junban.net import protocol
from junban.ui.screens.seat import SeatScreen
from tests.net.test_phones_rematch import channels, hosts_messages
from tests.net.test_playing_on_phones import hosted
from tests.net.twins import plain
from tests.ui.phoneskit import Room, host_table, join, play_to_end
from tests.ui.tablekit import by_attr

SEED = "0123456789abcdef0123456789abcdef"


def evening(room: Room):
    """23 on three devices (Aiko here, two phones), the first game played to its end."""
    host, host_platform = hosted(room, "23", ["person", "phone", "phone"])
    guests = {seat: join(room, host, seat)[0] for seat in (1, 2)}
    play_to_end(room, host, guests)
    return host, host_platform, guests


def reseat(host, room: Room, choice: dict[int, str]) -> None:
    """The host's *Change seats* on the result, a choice per seat, then *Deal with these seats*."""
    host.dispatch("reseat:open", None)
    host.render()
    table = host_table(host)
    assert table.sheet.is_open("reseat")
    for seat, value in choice.items():
        host.field(f"reseat-{seat}", value, final=True)
    host.render()
    host.dispatch("reseat:deal", None)
    room.run(1.0)


def received(room: Room, host_platform, conn_of) -> list[str]:
    return [text for p, conn, text in room.network.sent if p is host_platform and conn == conn_of]


def test_the_host_swaps_two_phones_and_each_moves_to_its_new_seat_over_its_channel():
    room = Room()
    host, host_platform, guests = evening(room)
    old = host_table(host).session
    ben = guests[1].services.guest
    reseat(host, room, {1: "s2", 2: "s1"})
    table = host_table(host)
    new = table.session
    assert new.id != old.id and new.private and not new.is_over
    assert [(s.kind, s.phone) for s in new.seats] == [("person", False), ("person", True), ("person", True)]
    assert [s.name for s in new.seats] == ["Player 1", "Player 2", "Player 3"], "default names follow the seat"
    assert channels(room, host_platform) == 2, "no new pairing"
    assert not table.sheet.is_open("phones")
    assert ben.seat == 2 and ben.table_id == new.id
    for seat, app in ((2, guests[1]), (1, guests[2])):  # Ben played seat 2 (index 1): now seat 3
        assert table.hosting.status(seat) == "playing"
        assert isinstance(app.screen, SeatScreen) and app.screen.table_id == new.id
        assert app.screen.session.seat == seat and app.platform.hash == f"#/seat/{new.id}"
        assert any(f"you play seat {seat + 1} of 3 now" in n.text for n in app.services.notices), "said"
    moves = hosts_messages(room, host_platform, "next")
    assert sorted(m["seat"] for m in moves) == [1, 2]
    assert all(set(m) == {"v", "t", "s", "table", "seat", "game"} for m in moves)
    assert any("New seats:" in n.text for n in host.services.notices)
    # The new game plays to its end with the phones in their new seats; every game in every History.
    play_to_end(room, host, {2: guests[1], 1: guests[2]})
    assert new.is_over and all(app.screen.session.is_over for app in guests.values())
    for app in [host, *guests.values()]:
        assert sorted(e["id"] for e in app.services.store.history()) == sorted([old.id, new.id])


def test_a_reseated_phone_gets_exactly_what_a_phone_paired_fresh_at_that_seat_gets(monkeypatch):
    """By information: the same new deal twice, once reached by reseating (Ben from seat 2 to seat 1, Aiko here
    to seat 2), once set up afresh with those seats and a phone paired at seat 1: the phone is sent the same
    bytes (sequence numbers, the table's name and the spare code's fresh credentials aside) — so nothing of the
    seat it left (whose cards it held in the game before) comes with it."""
    import junban.ui.screens.table as table_module

    monkeypatch.setattr(table_module, "secret_seed", lambda: SEED)
    room = Room()
    host, host_platform, guests = evening(room)
    link = host_table(host).hosting.links[1]
    conn = link.conn
    before = len(received(room, host_platform, conn))
    reseat(host, room, {0: "s1", 1: "s0"})
    new = host_table(host).session
    assert new.seed == SEED and new.seats[0].phone and guests[1].screen.session.seat == 0
    moved = [plain(text, new.id) for text in received(room, host_platform, conn)[before:]]
    assert json.loads(moved[0])["t"] == "next"
    moved = [m for m in moved[1:] if json.loads(m)["t"] in ("welcome", "log", "update", "spare")]

    fresh_room = Room()
    fresh_host, fresh_platform = hosted(fresh_room, "23", ["phone", "person", "phone"], fields={"seed": SEED})
    fresh_table = host_table(fresh_host)
    fresh_guest, _ = join(fresh_room, fresh_host, 0)
    fresh_conn = fresh_table.hosting.links[0].conn
    fresh = [plain(text, fresh_table.session.id) for text in received(fresh_room, fresh_platform, fresh_conn)]
    fresh = [m for m in fresh if json.loads(m)["t"] in ("welcome", "log", "update", "spare")]
    assert fresh_table.session.view(0) == new.view(0)  # the same deal, the same seat
    assert moved[:len(fresh)] == fresh and len(fresh) >= 3
    hand = json.dumps(new.view(1)["hand"] if "hand" in new.view(1) else new.view(1))
    assert new.view(1) != new.view(0) and hand not in "".join(moved)


def test_a_phone_given_no_seat_is_told_and_keeps_its_game():
    room = Room()
    host, host_platform, guests = evening(room)
    old = host_table(host).session
    reseat(host, room, {2: "here"})  # Aiko's friend hands the phone back: a person here plays seat 3
    table = host_table(host)
    new = table.session
    assert [(s.kind, s.phone) for s in new.seats] == [("person", False), ("person", True), ("person", False)]
    assert not table.sheet.is_open("phones"), "nobody to pair"
    gone = guests[2]
    phone = gone.services.guest
    assert phone.status == "ended" and phone.problem == "net.bye.no_seat"
    assert [m["why"] for m in hosts_messages(room, host_platform, "bye")] == ["no_seat"]
    banner = by_attr(gone.platform, "id", "guest-banner")
    assert banner and "has none in it" in banner[0].textContent
    assert [e["id"] for e in gone.services.store.history()] == [old.id], "the finished game stays"
    assert old.id in gone.services.store.guest_tables()
    assert guests[1].screen.table_id == new.id and table.hosting.status(1) == "playing"
    assert 2 not in table.hosting.links


def test_nobody_sits_at_two_seats_and_nothing_changes_before_the_deal():
    room = Room()
    host, host_platform, guests = evening(room)
    old = host_table(host).session
    host.dispatch("reseat:open", None)
    host.field("reseat-0", "s1", final=True)  # Ben at seat 1 and still at seat 2
    host.field("reseat-9", "s1", final=True)  # (no such seat: left out)
    host.field("reseat-2", "s7", final=True)  # (nobody sat there: left out)
    host.render()
    table = host_table(host)
    assert table.reseat_choice == ["s1", "s1", "s2"]
    assert "Player 2 is at two seats" in by_attr(host.platform, "id", "reseat-error")[0].textContent
    assert by_attr(host.platform, "id", "reseat-deal")[0].attributes.get("disabled") is not None
    host.dispatch("reseat:deal", None)  # (a tap that reached it all the same)
    room.run(1.0)
    assert host_table(host).session is old and table.sheet.is_open("reseat")
    host.dispatch("table:close", None)  # Cancel: the same table, the phones where they were
    room.run(1.0)
    assert host_table(host).session is old and not table.sheet.is_open()
    assert all(app.screen.table_id == old.id for app in guests.values())
    assert hosts_messages(room, host_platform, "next") == []


def test_a_bot_and_a_new_person_take_seats_and_the_bot_keeps_its_level():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone", "bot"])
    guest, _ = join(room, host, 1)
    table = host_table(host)
    level = table.session.seats[2].level
    play_to_end(room, host, {1: guest})
    reseat(host, room, {0: "s2", 2: "s0"})  # the bot to seat 1, Aiko to seat 3
    new = host_table(host).session
    assert new.seats[0].is_bot and new.seats[0].level == level and new.seats[0].name == "Bot 1"
    assert not new.seats[2].is_bot and not new.seats[2].phone
    assert guest.screen.table_id == new.id and guest.screen.session.seat == 1
    assert any("play Player 2 again" in n.text for n in guest.services.notices), "the same seat: said as before"


def test_a_phone_moved_to_a_seat_says_hello_only_for_that_seat():
    """A tampered phone, moved to seat 3, asks for seat 2 (its old seat) at the new table: let go, nothing of the
    seat sent; and a ``next`` naming a seat no game of 23 has, or not a seat at all, is left out."""
    room = Room()
    host, host_platform, guests = evening(room)
    phone = guests[1].services.guest
    real_send = phone._send
    asked = {}

    def tampered(kind, **fields):  # goes where it is told, but asks for its old seat
        if kind == "hello" and fields["seat"] == 2:
            asked["seat"] = fields["seat"]
            fields["seat"] = 1
        return real_send(kind, **fields)

    phone._send = tampered
    conn = host_table(host).hosting.links[1].conn
    before = len(received(room, host_platform, conn))
    reseat(host, room, {1: "s2", 2: "s1"})
    table = host_table(host)
    assert asked == {"seat": 2}
    sent = [json.loads(text) for text in received(room, host_platform, conn)[before:]]
    assert [m["t"] for m in sent if m["t"] in ("next", "bye", "welcome", "update")][:2] == ["next", "bye"]
    assert any(m["t"] == "bye" and m["why"] == "wrong_table" for m in sent)
    assert not any(m["t"] in ("welcome", "update", "log") for m in sent), "nothing of any seat"
    assert table.hosting.status(2) == "lost" and table.hosting.links[2].problem == "net.wrong_table"


def test_a_next_names_a_seat_the_game_has():
    room = Room()
    host, _, guests = evening(room)
    phone = guests[1].services.guest
    before = phone.table_id
    link = host_table(host).hosting.links[1]
    for seat in (4, -1, True, "1", None, 1.0):  # (23 has at most 4 seats)
        link.seq_out += 1
        host.platform.peer_send(link.conn, protocol.encode("next", link.seq_out, table="abcdefabcdef", seat=seat,
                                                           game="23"))
        room.run(0.3)
    assert phone.refused_from_host == 6 and phone.table_id == before and phone.seat == 1
