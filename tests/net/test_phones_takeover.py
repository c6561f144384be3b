"""Leaving and takeover (issue 41): a friend leaves from their phone and the host reads "Ben left"; the host gives
any seat to a bot, to a person at its own device, or back to a phone, at any time; a lost phone's seat goes to a
bot in one tap; a guest whose seat went to a bot is told so and cannot act. Who plays a seat is never a move: the
game's log, its replay and its History entry are the game's own."""
from __future__ import annotations

from junban import links, transfer
from junban.net import protocol
from junban.session import Session
from tests.net.test_phones_robustness import acks, guest_conn
from tests.net.test_playing_on_phones import hosted
from tests.ui.fakeplatform import DictStorage
from tests.ui.phoneskit import Room, host_table, join, play_to_end
from tests.ui.tablekit import by_attr, by_id, click


def notice(app, key: str):
    return next(n for n in app.services.notices if n.key == key)


def switch(host, seat: int, kind: str) -> None:
    """The host's person: Who plays each seat, the seat's Here / Phone / Bot, Done."""
    host.dispatch("phones:setup", None)
    assert host_table(host).sheet.is_open("phones-setup")
    host.dispatch(f"phones:{kind}", str(seat))
    host.dispatch("phones:apply", None)


def test_a_friend_leaves_from_their_phone_asked_first_and_the_host_reads_they_left():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone", "phone"])
    table = host_table(host)
    ben, ben_platform = join(room, host, 1)
    join(room, host, 2)
    moves = list(table.session.actions)
    click(ben, by_id(ben_platform, "open-menu"))
    ben.dispatch("seat:leave", None)
    assert ben.screen.sheet.is_open("leave")
    assert "Leave Player 1's table? Player 1 is told you left" in by_attr(ben_platform, "class", "confirm-text")[0] \
        .textContent
    assert by_id(ben_platform, "leave-no").attributes["class"] == "button sheet-first", "staying comes first"
    room.run(1.0)
    assert table.hosting.status(1) == "playing", "asking sends nothing"
    ben.dispatch("seat:leave-yes", None)
    room.run(1.5)
    assert ben_platform.hash == "#/"
    link = table.hosting.links[1]
    assert table.hosting.status(1) == "left" and link.problem == "net.left" and link.conn is None
    said = notice(host, "phone-1")
    assert said.text == "Player 2 left the table." and said.action[1:] == ("phones:to-bot", "1")
    assert said.more[1:] == ("phones:show", "1")
    host.render()
    mark = by_attr(host.platform, "class", "phone-mark away")
    assert [m.attributes["title"] for m in mark] == ["left the table"], "shown as left, not lost"
    assert "not answering" not in host.platform.root.textContent
    assert table.session.actions == moves and table.session.seats[1].phone, "leaving is not a move"
    assert table.hosting.status(2) == "playing", "the other phone plays on"
    # The phones sheet says it too, with the bot a tap away.
    click(host, by_id(host.platform, "open-phones"))
    assert table.sheet.is_open("phones") and table.phones_seat == 1
    assert "Player 2 left the table: the game waits for this seat." in host.platform.root.textContent
    assert by_id(host.platform, "phones-to-bot").textContent == "Give Player 2's seat to a bot"
    host.dispatch("phones:new", "1")
    room.run(0.5)
    assert table.hosting.status(1) == "offering", "a new code, should Ben come back"


def test_the_host_says_a_friend_left_in_japanese():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"], lang="ja")
    table = host_table(host)
    guest, _ = join(room, host, 1, lang="ja")
    guest.dispatch("seat:leave", None)
    guest.dispatch("seat:leave-yes", None)
    room.run(1.5)
    said = notice(host, "phone-1")
    assert said.text == "プレイヤー2さんが卓を離れました。" and said.action[0] == "ボットに任せる"
    assert table.hosting.status(1) == "left"


def test_a_phone_cannot_leave_for_another_seat():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone", "phone"])
    table = host_table(host)
    ben, ben_platform = join(room, host, 1)
    join(room, host, 2)
    conn = guest_conn(ben_platform)
    seq = ben.services.guest.seq_out
    ben_platform.peer_send(conn, protocol.encode("leave", seq + 1, seat=2))  # Ben's page, changed at will
    ben_platform.peer_send(conn, protocol.encode("leave", seq + 2))  # no seat named
    room.run(0.5)
    refused = [a for a in acks(room, ben_platform) if a.get("code") == "net.not_your_seat"]
    assert [a["of"] for a in refused] == [seq + 1, seq + 2]
    assert table.hosting.status(2) == "playing" and table.hosting.status(1) == "playing"
    assert not [n for n in host.services.notices if n.key.startswith("phone-")]


def test_23s_discard_a_seat_given_to_a_bot_mid_game_plays_at_once_and_its_phone_is_told_and_can_come_back():
    room = Room()
    host, _ = hosted(room, "23", ["person", "phone", "phone"])
    table = host_table(host)
    ben, _ = join(room, host, 1)
    carla_storage = DictStorage()
    carla, carla_platform = join(room, host, 2, storage=carla_storage)
    session = table.session
    assert session.seats_to_act == [0, 1, 2], "23's discard: every seat at once"
    table.viewer = 0
    assert table.act(session.legal_actions(0)[0])
    ben.screen.act(ben.screen.session.legal_actions()[0])
    ben.render()
    room.run(0.5)
    assert session.seats_to_act == [2], "the game waits for Carla's discard"
    moves = list(session.actions)
    switch(host, 2, "bot")
    assert session.actions == moves, "who plays a seat is not a move"
    assert session.seats[2].is_bot and session.seats[2].name == "Player 3" and session.seats[2].level == "strong"
    saved = host.services.store.read_save(session.id)
    assert saved["actions"] == moves and saved["seats"][2] == {"kind": "bot", "name": "Player 3", "level": "strong"}
    room.run(3.0)
    assert len(session.actions) > len(moves) and 2 not in session.seats_to_act, "the bot discarded at once"
    # The other phone's chips say who plays each seat now (``seats``), and its kept seat says so too.
    assert ben.screen.session.seats[2].is_bot and ben.screen.session.seats[2].name == "Player 3"
    ben.render()
    chips = ben.platform.root.find_all(lambda n: "seat-chip" in n.attributes.get("class", "").split())
    assert [("bot" in c.attributes["class"].split()) for c in chips] == [False, False, True]
    assert ben.services.store.read_guest(session.id)["welcome"]["seats"][2]["kind"] == "bot"
    # Carla's phone is told in words, and cannot act.
    guest = carla.services.guest
    assert guest.status == "ended" and guest.problem == "net.bye.bot"
    carla.render()
    banner = by_id(carla_platform, "guest-banner").textContent
    assert "The host gave your seat to a bot" in banner and "connection" not in banner.lower()
    assert not carla.screen.connected and not carla.screen.my_turn()
    assert carla.screen.act({"discard": [1, 2]}) is False
    # Rejoin (its spare) while a bot plays the seat: refused at the host, by name; nothing connects.
    rejoin = by_id(carla_platform, "guest-rejoin").attributes["href"]
    back, back_platform = room.phone(rejoin, storage=carla_storage)
    room.run(0.2)
    answer = back.services.guest.answer_code
    table.phones_seat = 2
    host.field("phones-answer", answer, final=True)
    assert "Player 3's seat, which is not played on a phone now" in table.phones_error
    assert session.seats[2].is_bot
    # The host gives it back to the phone: the sheet opens on that seat, its answer field first; the same answer.
    switch(host, 2, "phone")
    room.run(0.5)
    assert table.sheet.is_open("phones") and table.phones_seat == 2
    assert "tap “Rejoin”" in by_id(host.platform, "phones-rejoin-help").textContent
    table.phones_error = None
    host.field("phones-answer", answer, final=True)
    room.run(0.5)
    assert table.hosting.status(2) == "playing" and back.screen.connected
    play_to_end(room, host, {1: ben, 2: back})
    assert session.is_over and back.screen.session.outcome == session.outcome


def test_a_lost_phones_seat_goes_to_a_bot_in_one_tap_and_the_game_ends_valid_in_history_and_links():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone", "bot"], fields={"level-2": "baseline"})
    table = host_table(host)
    _guest, guest_platform = join(room, host, 1)
    room.drop(guest_platform)  # the phone is gone for good
    room.run(1.0)
    said = notice(host, "phone-1")
    assert "not answering" in said.text and said.more == ("Give to a bot", "phones:to-bot", "1")
    host.render()
    assert [n.textContent for n in by_attr(host.platform, "class", "button small notice-more")] \
        == ["Give to a bot"], "right where the host is told it is lost"
    moves = list(table.session.actions)
    host.dispatch(*said.more[1:])  # one tap
    session = table.session
    assert session.actions == moves and session.seats[1].is_bot and session.seats[1].level == "baseline", \
        "at the table's level"
    assert not session.phone_seats() and not [n for n in host.services.notices if n.key == "phone-1"]
    assert table.hosting is not None and table._link_button() is None
    play_to_end(room, host, {})
    assert session.is_over
    saved = host.services.store.read_save(session.id)
    replayed = Session.from_record(saved)
    assert replayed.actions == session.actions and replayed.outcome == session.outcome, "the log replays"
    [entry] = host.services.store.history()
    assert entry["id"] == session.id and "assisted" not in entry, "not marked: see docs/multiplayer.md"
    # "Share this deal": a deal with two bots now, as it is played; "Send this game": the whole game, replayed.
    link = links.share_link(session.game, session.config, session.seed, *table.table_shape())
    route = links.parse_route(link)
    deal = links.setup_from_params(route.game, route.params)
    assert (deal.seed, deal.players, deal.bots, deal.level) == (session.seed, 3, 2, "baseline")
    token = transfer.game_token(saved)
    [received] = transfer.game_from_token(token).saves
    assert Session.from_record(received).outcome == session.outcome


def test_a_phone_seat_given_to_a_person_here_hands_the_turn_to_this_device():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"])
    table = host_table(host)
    guest, _ = join(room, host, 1)
    session = table.session
    while session.to_act != 1:
        table.viewer = session.to_act
        table.act(next(a for a in session.legal_actions() if "play" in a or "end_turn" in a))
        room.run(0.5)
    switch(host, 1, "here")
    room.run(0.5)
    host.render()
    assert session.person_seats() == [0, 1] and guest.services.guest.problem == "net.bye.here"
    assert table.needs_handover() and table.person_to_act() == 1, "the device is passed to Player 2"
    assert by_id(host.platform, "handover-title").textContent == "Pass the device to Player 2"


def test_a_bot_seat_goes_here_and_back_at_its_own_level_and_a_phone_seat_at_the_tables():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone", "bot", "bot", "bot"],
                     fields={"level-2": "baseline", "level-3": "strong", "level-4": "strong"})
    table = host_table(host)
    session = table.session
    switch(host, 2, "here")
    assert not session.seats[2].is_bot and session.person_seats() == [0, 2]
    switch(host, 2, "bot")
    assert session.seats[2].level == "baseline", "the seat's own level"
    switch(host, 1, "bot")
    assert session.seats[1].level == "strong", "the table's level"
    assert table.hosting is None, "its phone never joined: nothing waits for it, the host is closed"


def test_a_guest_whose_seat_went_to_a_bot_is_refused_even_on_a_channel_that_opens():
    """Were a channel to open for a seat a bot plays (a race, a page changed at will), its hello and its intents are
    refused: a bot's seat is never a phone's again unless the host gives it back."""
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"])
    table = host_table(host)
    guest, guest_platform = join(room, host, 1)
    from junban.session import Seat

    table.session.seats[1] = Seat("bot", "Player 2", "baseline")  # not through release: the host's own checks
    conn = guest_conn(guest_platform)
    seq = guest.services.guest.seq_out
    guest_platform.peer_send(conn, protocol.encode("act", seq + 1, action={"end_turn": True},
                                                   at=guest.services.guest.game.at))
    room.run(0.3)
    assert [a["code"] for a in acks(room, guest_platform) if a.get("of") == seq + 1] == ["net.seat_released"]
    guest_platform.peer_send(conn, protocol.encode("hello", seq + 2, table=table.session.id, seat=1))
    room.run(0.3)
    assert table.hosting.status(1) == "released" and guest.services.guest.problem == "net.bye.bot"


def test_a_phones_notice_follows_the_language_the_host_switches_to():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"])
    guest, _ = join(room, host, 1)
    guest.dispatch("seat:leave", None)
    guest.dispatch("seat:leave-yes", None)
    room.run(1.5)
    assert notice(host, "phone-1").text == "Player 2 left the table."
    host.dispatch("app:lang", "ja")
    said = notice(host, "phone-1")
    assert said.text == "プレイヤー2さんが卓を離れました。" and said.action[0] == "ボットに任せる"
    assert said.more[0] == "コードを表示"


def test_a_seat_that_changed_hands_keeps_its_name_in_the_language_shown():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"])
    table = host_table(host)
    switch(host, 1, "bot")
    assert table.seat_name(1) == "Player 2"
    host.dispatch("app:lang", "ja")
    assert table.seat_name(1) == "プレイヤー2", "a bot playing Player 2's seat: still Player 2, in Japanese"


def test_a_hosts_seats_message_that_does_not_fit_is_left_out():
    room = Room()
    host, host_platform = hosted(room, "the-game", ["person", "phone"])
    table = host_table(host)
    guest, _ = join(room, host, 1)
    link = table.hosting.links[1]
    before = list(guest.screen.session.seats)
    for seats in ([{"kind": "bot", "name": "X"}] * 8, [{"kind": "dragon", "name": "X"}, {"kind": "bot"}], "two"):
        link.seq_out += 1
        host_platform.peer_send(link.conn, protocol.encode("seats", link.seq_out, seats=seats))
        room.run(0.3)
        assert guest.screen.session.seats == before and guest.services.guest.status == "playing"
    assert guest.services.guest.refused_from_host == 3
