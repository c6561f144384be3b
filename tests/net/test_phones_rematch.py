"""A rematch in one tap, the phones kept (issue 41): after a game at a table with phone seats, the host's *New deal*
and *Replay this deal* start the next game with the same seats over the channels still open — no new pairing; every
phone moves to its seat of the new game by itself and says so; the finished game stays in every History; a phone
that was not connected at that moment gets the new game when it pairs again."""
from __future__ import annotations

import json

from junban.net import protocol
from junban.ui.screens.seat import SeatScreen
from tests.net.test_playing_on_phones import hosted
from tests.ui.phoneskit import Room, host_table, join, play_to_end
from tests.ui.tablekit import by_attr


def channels(room: Room, host_platform) -> int:
    """How many channels the host ever sent on: one per pairing."""
    return len({conn for platform, conn, _text in room.network.sent if platform is host_platform})


def hosts_messages(room: Room, host_platform, kind: str) -> list[dict]:
    return [m for p, _c, text in room.network.sent if p is host_platform
            for m in [json.loads(text)] if m["t"] == kind]


def test_an_evening_of_three_games_on_three_phones_with_one_pairing_each():
    room = Room()
    host, host_platform = hosted(room, "23", ["person", "phone", "phone"])
    guests = {seat: join(room, host, seat)[0] for seat in (1, 2)}
    assert channels(room, host_platform) == 2
    tables = []
    for step, tap in enumerate(("table:new-deal", "table:same-deal", None)):
        table = host_table(host)
        session = table.session
        tables.append(session.id)
        for seat, app in guests.items():
            assert isinstance(app.screen, SeatScreen) and app.screen.table_id == session.id
            assert app.platform.hash == f"#/seat/{session.id}" and not app.screen.session.is_over
            assert table.hosting.status(seat) == "playing"
        assert not table.sheet.is_open("phones"), "nothing to pair: every phone came along"
        play_to_end(room, host, guests)
        assert session.is_over
        for app in guests.values():
            assert app.screen.session.is_over and app.screen.sheet.is_open("result")
        if tap is None:
            break
        seed = session.seed
        host.dispatch(tap, None)  # the result sheet's button: one tap
        room.run(1.0)
        new = host_table(host).session
        assert new.id != session.id and (new.seed == seed) == (tap == "table:same-deal")
        assert new.private, "a new deal at a table with phones is dealt in secret"
        for app in guests.values():
            notices = [n for n in app.platform.root.find_all(lambda n: "notice-info" in n.attributes.get("class", ""))]
            assert any("started a new game: you play" in n.textContent for n in notices), "said on screen"
    assert channels(room, host_platform) == 2, "one pairing per phone for the whole evening"
    assert len(set(tables)) == 3
    for app in [host, *guests.values()]:
        history = app.services.store.history()
        assert sorted(e["id"] for e in history) == sorted(tables), "every game in every History"
    for app in guests.values():  # each finished seat still opens from its own record
        assert sorted(app.services.store.guest_tables()) == sorted(tables)
    # What a phone is told of the rematch: the new table's id, its seat, the game; nothing made from a seed.
    moves = hosts_messages(room, host_platform, "next")
    assert len(moves) == 4 and all(set(m) == {"v", "t", "s", "table", "seat", "game"} for m in moves)
    assert [m["table"] for m in moves] == [tables[1], tables[1], tables[2], tables[2]]
    for welcome in hosts_messages(room, host_platform, "welcome"):
        assert "seed" not in json.dumps(welcome)


def test_the_game_ends_quickly_and_a_rematch_in_japanese_moves_the_phone_with_its_words():
    room = Room()
    host, host_platform = hosted(room, "the-game", ["person", "phone"], lang="ja")
    guest, platform = join(room, host, 1, lang="ja")
    play_to_end(room, host, {1: guest})
    assert guest.screen.session.is_over
    host.dispatch("table:new-deal", None)
    room.run(1.0)
    assert guest.screen.table_id == host_table(host).session.id
    assert any("新しいゲームを始めました" in n.text for n in guest.services.notices)
    assert channels(room, host_platform) == 1


def test_a_phone_lost_at_the_rematch_gets_the_new_game_when_it_pairs_again():
    room = Room()
    host, host_platform = hosted(room, "23", ["person", "phone", "phone"])
    first, _ = join(room, host, 1)
    second, second_platform = join(room, host, 2)
    play_to_end(room, host, {1: first, 2: second})
    room.drop(second_platform)  # its page closed as the game ended
    room.run(1.0)
    host.dispatch("table:new-deal", None)
    room.run(1.0)
    table = host_table(host)
    assert table.hosting.status(1) == "playing" and first.screen.table_id == table.session.id
    assert table.hosting.status(2) == "offering", "the lost phone's seat is asked for as at any new table"
    assert table.sheet.is_open("phones") and table.phones_seat == 2
    again, _ = join(room, host, 2)
    assert isinstance(again.screen, SeatScreen) and again.screen.table_id == table.session.id
    play_to_end(room, host, {1: first, 2: again})
    assert first.screen.session.is_over and again.screen.session.is_over


def test_a_guest_takes_a_move_only_once_its_game_is_over_and_for_a_seat_of_its_game():
    room = Room()
    host, _ = hosted(room, "23", ["person", "phone"])
    guest, platform = join(room, host, 1)
    link = host_table(host).hosting.links[1]
    phone = guest.services.guest
    before = phone.table_id

    def told(**fields):
        link.seq_out += 1
        host.platform.peer_send(link.conn, protocol.encode("next", link.seq_out, **fields))
        room.run(0.5)

    told(table="abcdefabcdef", seat=1, game="23")  # its game is not over: a host's page cannot take it away
    assert phone.table_id == before and phone.refused_from_host == 1 and phone.status == "playing"
    play_to_end(room, host, {1: guest})
    for fields in ({"table": "abcdefabcdef", "seat": 4, "game": "23"}, {"table": "abcdefabcdef", "seat": 1,
                   "game": "eleusis"}, {"table": "ABC/../x", "seat": 1, "game": "23"}, {"table": before, "seat": 1,
                   "game": "23"}):
        told(**fields)
    assert phone.table_id == before and phone.refused_from_host == 5 and phone.status == "playing"
    assert not by_attr(platform, "id", "guest-banner")
