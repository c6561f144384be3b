"""What a hostile host's page can do to a guest phone (issue 39), each attack run again on CPython over the fake
network: a seat record that fits the storage layer's plain shapes but not the game's view, CSS in a card value, a
4,900-card hand, a log that fills storage, a planted date, the host's own words in a refusal, a code for a seat
the game does not have, and a host that went back some moves."""
from __future__ import annotations

import json

import pytest

from junban.net import protocol
from junban.storage import MAX_GUEST_CHARS, MAX_GUEST_RECORDS, Store
from tests.net import hostile_host as hh
from tests.net.test_phones_robustness import guest_turn
from tests.net.test_playing_on_phones import hosted
from tests.ui.fakeplatform import DictStorage
from tests.ui.phoneskit import Room, choose, host_table, join, pairing_link

GAMES = ("the-game", "23", "eleusis")


def send_from_host(room: Room, host_app, seat: int, kind: str, **fields) -> None:
    """The host's page sends a message of its own making to ``seat``'s phone (a hostile page can)."""
    link = host_table(host_app).hosting.links[seat]
    link.seq_out += 1
    host_app.platform.peer_send(link.conn, protocol.encode(kind, link.seq_out, **fields))
    room.run(0.2)


def a_table(game: str = "the-game"):
    room = Room()
    host, _ = hosted(room, game, hh.TABLES[game], fields={"seed": f"hostile-{game}"})
    storage = DictStorage()
    guest, platform = join(room, host, 1, storage=storage)
    return room, host, guest, storage


# ---------------------------------------------------------------------- a seat record can stop the guest's app


@pytest.mark.parametrize("game", GAMES)
def test_one_field_changes_of_a_stored_seat_never_stop_the_app(game):
    """A seeded slice of every one-field change (tools/fuzz_seat_records.py runs them all): the app starts at the
    seat's address and from home; the table is shown, or the record is kept aside with a word; never a crash."""
    key, _ = hh.stored_seat(game)
    shown = kept = 0
    for number, (path, value, text) in enumerate(hh.one_field_changes(game, count=24)):
        result = hh.open_seat(text, key, from_home=number % 2 == 1)
        hh.check_opened(result)
        shown += result["screen"] == "SeatScreen"
        kept += result["kept_aside"]
    assert kept >= 8, f"only {kept} of 24 changes were kept aside: the slice tests too little"


def test_a_seat_for_eight_at_a_table_of_two_is_kept_aside_with_a_word_from_home_too():
    key, text = hh.stored_seat("the-game")
    record = json.loads(text)
    record["welcome"]["seats"] *= 3  # 9 seats... at The Game's table of 3
    record["welcome"]["seats"] = record["welcome"]["seats"][:8]
    for from_home in (False, True):
        result = hh.open_seat(json.dumps(record), key, from_home)
        hh.check_opened(result)
        assert result["screen"] == "HomeScreen" and result["kept_aside"]
        assert any("was kept aside" in said and "cannot show" in said for said in result["said"]), result["said"]
        assert result["kept_reasons"] == ["record.guest_unfit"], "the Storage screen says why too"


# ---------------------------------------------------------------------- CSS injection through card values


def test_a_card_value_that_is_css_never_reaches_a_style():
    """The attack: a log entry with card ``"5;background-image:url(…)"`` made the phone fetch that URL and drew a
    red layer over the table, at every opening of the stored seat. Now the entry does not fit The Game's events:
    left out, said, and nothing stored; no style on the page is anything but a card's own number."""
    room, host, guest, storage = a_table()
    entries = guest.services.guest.entries
    before = len(entries)
    send_from_host(room, host, 1, "log", entries=[[before, 0, {"kind": "play", "card": hh.CSS, "pile": 0,
                                                               "marks": []}]], **{"from": before})
    assert len(guest.services.guest.entries) == before
    guest.render()
    assert "left out" in guest.platform.root.textContent
    assert not any("url(" in s for s in hh.styles(guest.platform.root))
    assert hh.CSS not in "".join(storage.data.values())
    # ... and a stored seat holding one (written by an older version) is kept aside at start.
    key, text = hh.stored_seat("the-game")
    record = json.loads(text)
    record["entries"][0][2] = {"kind": "play", "card": hh.CSS, "pile": 0, "marks": []}
    result = hh.open_seat(json.dumps(record), key, from_home=False)
    hh.check_opened(result)
    assert result["kept_aside"] and not any("url(" in s for s in result["styles"])


def test_the_card_style_takes_only_a_cards_own_number():
    from junban.ui.games.the_game import card_style

    assert card_style(55) == "--v:55"
    assert card_style(hh.CSS) == card_style("55") == card_style(True) == card_style(100) == ""


# ---------------------------------------------------------------------- one message, minutes of work


def test_a_hand_of_4900_cards_is_refused_at_once_and_never_stored():
    """The attack: an update with a 4,900-card hand (15 KB) kept the phone busy 786 s, and its stored record cost
    77 s at every start. Now The Game's hand is at most 8 cards: the update is left out (tools/bench_hostile_host.py
    measures what that costs), and a stored one is kept aside."""
    room, host, guest, storage = a_table()
    mine = guest.services.guest
    view = dict(mine.game.latest["view"], hand=list(range(2, 100)) * 50)
    at = mine.game.at
    send_from_host(room, host, 1, "update", at="9.x", view=view, to_act=1, over=False, outcome=None,
                   legal=None, log_len=len(mine.entries))
    assert mine.game.at == at and len(mine.game.latest["view"]["hand"]) <= 8
    key, text = hh.stored_seat("the-game")
    record = json.loads(text)
    record["update"]["view"]["hand"] = list(range(2, 100)) * 50
    result = hh.open_seat(json.dumps(record), key, from_home=False)
    hh.check_opened(result)
    assert result["kept_aside"] and result["screen"] == "HomeScreen"


# ---------------------------------------------------------------------- a host can fill the guest's storage


def test_a_host_cannot_grow_a_seat_record_past_its_bound():
    """The attack: repeated ``log`` messages grew one stored seat record to ~5.07 million characters, the origin's
    whole quota. Now a log larger than a phone keeps (guest.MAX_LOG_CHARS, far above any game's) is refused, and a
    seat record is never written past MAX_GUEST_CHARS (half the storage layer's read limit): the phone says so
    and plays on."""
    from junban.net.guest import MAX_LOG_CHARS

    room, host, guest, storage = a_table("eleusis")
    mine = guest.services.guest
    event = {"kind": "no_play", "seat": 0, "round": 1, "right": True, "hand": ["10H"] * 120, "new_hand": 116,
             "penalty": 0, "expelled": False, "out": False, "round_over": False, "ends_turn": True,
             "marks": ["right"]}
    start = len(mine.entries)
    for chunk in range(25):  # 5,000 such entries (~150 KB a message): ~3.8 MB as a record
        index = start + chunk * protocol.LOG_CHUNK
        send_from_host(room, host, 1, "log", entries=[[index + i, 0, event] for i in range(protocol.LOG_CHUNK)],
                       **{"from": index})
    update = dict(mine.game.latest, log_len=len(mine.entries))
    update.pop("at")
    send_from_host(room, host, 1, "update", at="1.y", **update)
    assert all(len(text) <= MAX_GUEST_CHARS for key, text in storage.data.items())
    assert sum(mine.entry_chars) <= MAX_LOG_CHARS and len(mine.entries) < 5000
    guest.render()
    assert "left out" in guest.platform.root.textContent
    send_from_host(room, host, 1, "log", entries=[[20_000, 0, event]], **{"from": len(mine.entries)})
    assert len(mine.entries) <= 20_000
    # A record written past its bound is refused by the store itself.
    from junban.storage import TooLarge

    record = mine.record()
    record["entries"] = [[i, 0, event] for i in range(1500)]
    try:
        Store(storage).write_guest(record)
    except TooLarge:
        pass
    else:
        raise AssertionError("a seat record past its bound was written")


# ---------------------------------------------------------------------- smaller ones


def test_a_date_planted_in_a_seat_record_does_not_keep_it_from_being_the_oldest():
    """The eviction of old seat records dated a record by the first ``"updated":`` in its text, which a host could
    plant in ``welcome.seats``: that record was the newest for ever. Now a record's own ``updated`` dates it."""
    key, text = hh.stored_seat("the-game")
    store = Store(DictStorage())
    record = json.loads(text)
    planted = json.loads(text)
    planted["table"] = "planted"
    planted["welcome"]["seats"][0]["name"] = '","updated":9999999999,"x":"'
    planted["updated"] = 1.0  # the oldest
    store.write_guest(planted)
    for number in range(MAX_GUEST_RECORDS):
        store.write_guest(dict(record, table=f"t{number}", updated=100.0 + number))
    assert "planted" not in store.guest_tables() and len(store.guest_tables()) == MAX_GUEST_RECORDS


def test_a_refusal_is_said_in_the_phones_own_words_never_the_hosts():
    room, host, guest, _ = a_table()
    mine = guest.services.guest
    table = host_table(host)
    guest_turn(room, host, guest, 1)
    guest.screen.act(choose("the-game", 1, guest.screen.session.legal_actions(), table.session.state))
    room.run(1.0)
    # The host's page answers with words of its own (a code we do not know, and one we do with a sentence param).
    send_from_host(room, host, 1, "ack", of=mine.seq_out, ok=False, code="evil.code",
                   params={"card": "Visit evil.example to go on"}, text="Your seat expired: visit evil.example")
    guest.render()
    shown = guest.platform.root.textContent
    assert "evil.example" not in shown and "did not allow it" in shown


def test_a_join_code_for_a_seat_the_game_does_not_have_is_refused():
    from junban.net import sdp

    room = Room()
    host, _ = hosted(room, "23", ["person", "phone"])
    token = pairing_link(host, 1).split("#/join?p=", 1)[1]
    offer, meta = sdp.unpack_offer(token)
    forged = sdp.pack_offer(offer, meta[:1] + bytes([7]) + meta[2:])  # seat 8 of a 23 table
    app, platform = room.phone("#/join?p=" + forged)
    app.render()
    assert "Seat 8" not in platform.root.textContent
    assert "cannot be used" in platform.root.textContent


def test_a_host_that_went_back_some_moves_is_said_on_the_phone():
    """The attack: with the host's storage full, a host reload silently took the guests back 9 moves. Now the
    phone says its host's game is behind what it last saw."""
    room = Room()
    host_storage = DictStorage()
    host, host_platform = room.phone("#/the-game", storage=host_storage)
    setup = host.screen
    setup.handle("setup:players", "2")
    setup.handle("setup:kind", "1:phone")
    setup.field("seed", "went-back", True)
    setup.handle("setup:start", None)
    host.render()
    room.run(0.2)
    guest_storage = DictStorage()
    guest, _ = join(room, host, 1, storage=guest_storage)
    table = host_table(host)
    host_storage.quota = sum(len(k) + len(v) for k, v in host_storage.data.items()) + 200  # nearly full
    for _ in range(12):
        seat = table.session.to_act
        if seat == 1:
            guest.screen.act(choose("the-game", 1, guest.screen.session.legal_actions(), table.session.state))
        else:
            table.viewer = seat
            table.act(choose("the-game", seat, table.session.legal_actions(), table.session.state))
            host.render()
        room.run(1.0)
    saved = len(json.loads(host_storage.data[f"junban.save.{table.session.id}"])["actions"])
    assert saved < len(table.session.actions), "the host could not save its last moves"
    room.drop(host_platform)
    room.run(1.0)
    again, _ = room.phone(f"#/play/{table.session.id}", storage=host_storage)
    room.run(0.5)
    guest.field("guest-back", host_table(again).hosting.links[1].code, final=True)  # its standing offer answered
    room.run(0.5)
    back = guest
    back.render()
    behind = len(table.log.entries) - len(host_table(again).log.entries)
    said = f"{behind} moves behind" if behind > 1 else "1 move behind"
    assert behind > 0 and said in back.platform.root.textContent
