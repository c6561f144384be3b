"""Playing on several phones when things go wrong: hostile messages from a guest, a stranger, a phone that drops
and comes back, the host's page reloading, phones that cannot reach each other. Nothing is lost or applied twice,
and nothing a seat may not see reaches it."""
from __future__ import annotations

import json

import pytest

from junban.net import protocol
from tests.net.test_playing_on_phones import hosted
from tests.ui.fakeplatform import DictStorage
from tests.ui.phoneskit import Room, choose, host_table, join, pairing_link


def guest_conn(platform) -> str:
    return platform.peer_network.channel_of(platform)


def acks(room: Room, platform) -> list[dict]:
    """Every ack the host sent to this guest phone."""
    conn_ids = set(room.network.connections_of(platform))
    found = []
    for sender, conn, text in room.network.sent:
        if sender is not platform and '"t":"ack"' in text:
            found.append(json.loads(text))
    return found


def guest_turn(room, host, guest, seat: int) -> None:
    """Play at the host until it is ``seat``'s turn."""
    table = host_table(host)
    for _ in range(40):
        if table.session.to_act == seat:
            return
        table.viewer = table.session.to_act
        table.act(choose(table.session.game, table.viewer, table.session.legal_actions(), table.session.state))
        host.render()
        room.run(0.5)
    raise AssertionError("never the guest's turn")


def _act(seq, at, action) -> str:
    return protocol.encode("act", seq, action=action, at=at)


# What a hostile phone may send, as (what, message from (the next sequence number, the host's position, a legal
# action)). Each is refused with a reason, and the phone's next honest message is taken as usual.
HOSTILE = [
    ("not JSON", lambda s, at, legal: "{not json"),
    ("not an object", lambda s, at, legal: "[1, 2, 3]"),
    ("far too large", lambda s, at, legal: _act(s, at, {"play": "x" * 40_000})),
    ("nested too deeply",
     lambda s, at, legal: f'{{"v":1,"t":"act","s":{s},"at":"{at}","action":' + "[" * 200 + "]" * 200 + "}"),
    ("another version", lambda s, at, legal: json.dumps({"v": 2, "t": "act", "s": s, "action": legal})),
    ("unknown kind", lambda s, at, legal: json.dumps({"v": 1, "t": "become_host", "s": s})),
    ("a NaN", lambda s, at, legal: f'{{"v":1,"t":"act","s":{s},"at":"{at}","action":{{"play":NaN,"pile":0}}}}'),
    ("not an action", lambda s, at, legal: json.dumps({"v": 1, "t": "act", "s": s, "at": at, "action": "end"})),
    ("a card that does not exist", lambda s, at, legal: _act(s, at, {"play": 101, "pile": 0})),
    ("a boolean for a card", lambda s, at, legal: _act(s, at, {"play": True, "pile": 0})),
    ("another seat's marker", lambda s, at, legal: _act(s, at, {"mark": "keep", "pile": 0, "seat": 0})),
    ("made against an old position", lambda s, at, legal: _act(s, "0.00000000", legal)),
    ("a replayed message", lambda s, at, legal: _act(s - 1, at, legal)),
    ("a number far ahead", lambda s, at, legal: _act(s + 5_000_000, at, legal)),
]


@pytest.mark.parametrize("what, make", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_message_from_a_guest_is_refused_and_changes_nothing(what, make):
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"])
    guest, platform = join(room, host, 1)
    guest_turn(room, host, guest, 1)
    table = host_table(host)
    conn = guest_conn(platform)
    mine = guest.services.guest
    at = mine.game.at  # the position the host last told this phone
    legal = choose("the-game", 1, table.session.legal_actions())
    text = make(mine.seq_out + 1, at, legal)
    if what != "a replayed message":
        mine.seq_out += 1  # the phone's own count moves past the number it used (an honest phone's would too)
    before = list(table.session.actions)
    sent_before = len(room.network.sent)
    platform.peer_send(conn, text)
    room.run(1.0)
    assert table.session.actions == before, f"{what}: the game changed"
    replies = [json.loads(t) for s, c, t in room.network.sent[sent_before:] if s is not platform and '"t":"ack"' in t]
    assert replies and replies[-1]["ok"] is False and replies[-1]["code"], f"{what}: no refusal with a reason"
    assert table.hosting.status(1) == "playing", "the phone stays at the table"
    # ... and the person on that phone can still play, as if nothing had happened.
    screen = guest.screen
    screen.act(choose("the-game", 1, screen.session.legal_actions()))
    room.run(1.0)
    assert len(table.session.actions) == len(before) + 1


def test_a_guest_may_not_act_out_of_turn_nor_claim_another_seat():
    room = Room()
    host, _ = hosted(room, "23", ["person", "phone", "phone"])
    first, p1 = join(room, host, 1)
    second, p2 = join(room, host, 2)
    table = host_table(host)
    assert table.session.to_act == 0
    before = list(table.session.actions)
    at = second.services.guest.game.at
    # Seat 2's phone sends seat 0's discard (out of turn), then says hello again as seat 1.
    action = table.session.legal_actions()[0]
    conn = guest_conn(p2)
    p2.peer_send(conn, protocol.encode("act", second.services.guest.seq_out + 1, action=action, at=at))
    room.run(0.5)
    assert table.session.actions == before
    p2.peer_send(conn, protocol.encode("hello", second.services.guest.seq_out + 2, table=table.session.id, seat=1))
    room.run(0.5)
    assert table.hosting.status(2) in ("lost", "unreachable"), "a phone that claims another seat is let go"
    assert table.hosting.status(1) == "playing", "the seat it claimed keeps its own phone"
    assert table.session.actions == before


def test_a_stranger_with_a_used_code_cannot_take_a_seat():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"])
    link = pairing_link(host, 1)
    guest, _ = join(room, host, 1)
    stranger, _ = room.phone("#/join?p=" + link.split("#/join?p=", 1)[1])
    room.run(0.5)
    answer = stranger.services.guest.answer_code
    table = host_table(host)
    error = table.hosting.answer(1, answer)
    assert error is not None and error.code == "net.not_waiting"
    room.run(25.0)
    assert stranger.services.guest.status == "unreachable", "the stranger is told it cannot connect"
    assert table.hosting.status(1) == "playing" and guest.services.guest.status == "playing"


def test_a_phone_that_drops_is_shown_lost_and_rejoins_where_it_was():
    room = Room()
    storage = DictStorage()
    host, _ = hosted(room, "the-game", ["person", "phone", "bot"])
    guest, platform = join(room, host, 1, storage=storage)
    table = host_table(host)
    guest_turn(room, host, guest, 1)
    screen = guest.screen
    screen.act(choose("the-game", 1, screen.session.legal_actions()))
    room.run(1.0)
    moves = len(table.session.actions)
    room.drop(platform)  # the phone's page closes (screen off, app switched, reload)
    room.run(1.0)
    assert table.hosting.status(1) == "lost", "the host shows the lost seat at once when the page closes"
    [notice] = [n for n in host.services.notices if n.key == "phone-1"]
    assert "not answering" in notice.text and notice.action[1:] == ("phones:show", "1")
    # The host offers a new code; the same phone (same storage) scans it and goes on where it was.
    table.handle("phones:show", "1")
    room.run(0.5)
    again, _ = join(room, host, 1, storage=storage)
    assert not any(n.key == "phone-1" for n in host.services.notices), "back: the notice goes"
    assert again.platform.hash == f"#/seat/{table.session.id}"
    assert again.screen.session.view(1) == table.session.view(1)
    assert len(again.screen.log.entries) == len(table.log.entries)
    assert len(table.session.actions) == moves


def test_a_silent_phone_is_shown_lost_within_15_seconds():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"])
    guest, platform = join(room, host, 1)
    table = host_table(host)
    room.network.cut(platform, guest_conn(platform))  # the Wi-Fi goes, nothing says so
    start = room.now
    while table.hosting.status(1) == "playing" and room.now - start < 30:
        room.run(0.5)
    assert table.hosting.status(1) == "lost" and room.now - start <= 15
    assert guest.services.guest.status == "lost", "the phone says so too"


def test_an_intent_sent_as_the_link_drops_is_applied_once():
    room = Room()
    storage = DictStorage()
    host, _ = hosted(room, "the-game", ["person", "phone"])
    guest, platform = join(room, host, 1, storage=storage)
    guest_turn(room, host, guest, 1)
    table = host_table(host)
    action = choose("the-game", 1, guest.screen.session.legal_actions())
    room.network.cut(platform, guest_conn(platform), seconds=2.0)
    guest.screen.act(action)  # held on the cut link, delivered when it comes back
    room.run(3.0)
    applied = len(table.session.actions)
    # The phone reloads and rejoins; what it sent before is not sent again (the game moved on since).
    room.drop(platform)
    room.run(1.0)
    table.handle("phones:show", "1")
    room.run(0.5)
    again, _ = join(room, host, 1, storage=storage)
    room.run(2.0)
    assert len(table.session.actions) == applied


def test_the_host_reloading_loses_nothing_and_the_phones_pair_again():
    room = Room()
    host_storage, guest_storage = DictStorage(), DictStorage()
    host, host_platform = room.phone("#/the-game", storage=host_storage)
    setup = host.screen
    setup.handle("setup:players", "3")
    setup.handle("setup:kind", "1:phone")
    setup.handle("setup:kind", "2:bot")
    setup.handle("setup:start", None)
    host.render()
    room.run(0.2)
    guest, _ = join(room, host, 1, storage=guest_storage)
    guest_turn(room, host, guest, 1)
    table = host_table(host)
    moves = list(table.session.actions)
    save_id = table.session.id
    room.drop(host_platform)  # the host's page reloads
    room.run(1.0)
    assert guest.services.guest.status == "lost"
    host2, _ = room.phone(f"#/play/{save_id}", storage=host_storage)
    room.run(0.5)
    table2 = host_table(host2)
    assert table2.session.actions == moves, "the game resumes from its save"
    assert table2.sheet.is_open("phones"), "the phones are asked to pair again"
    assert table2.hosting.status(1) == "answering", "its answer to the phone's standing offer (issue 41)"
    guest.field("guest-back", table2.hosting.links[1].code, final=True)  # the phone, still open, takes it
    room.run(0.5)
    again = guest
    assert again.screen.session.view(1) == table2.session.view(1)
    again.screen.act(choose("the-game", 1, again.screen.session.legal_actions()))
    room.run(1.0)
    assert len(table2.session.actions) == len(moves) + 1


def test_phones_that_cannot_reach_each_other_are_told_within_20_seconds():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"])
    room.network.isolated = True  # a Wi-Fi that keeps devices apart
    link = pairing_link(host, 1)
    guest, _ = room.phone("#/join?p=" + link.split("#/join?p=", 1)[1])
    room.run(0.5)
    table = host_table(host)
    host.field("phones-answer", guest.services.guest.answer_code, final=True)
    start = room.now
    room.run(21.0)
    assert guest.services.guest.status == "unreachable"
    assert table.hosting.status(1) == "unreachable"
    assert "Wi-Fi" in guest.platform.root.textContent
    host.render()
    assert "Wi-Fi" in host.platform.root.textContent
    assert room.now - start <= 21.0
