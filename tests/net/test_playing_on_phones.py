"""Playing on several phones, whole games on the CPython test platform: a host phone and guest phones joined by
the fake network (tests/ui/fakeplatform.py's FakePeerNetwork), paired through the real codes (junban.net.sdp),
each guest drawing its seat with the same table code as on one device."""
from __future__ import annotations

import pytest

from junban.net.guest import GuestGame
from tests.ui.phoneskit import Room, host_table, join, pairing_link, play_to_end


def hosted(room: Room, game: str, kinds: list[str], lang: str = "en", fields: dict | None = None, storage=None):
    """The host phone with a new game set up with these seats ("person", "phone" or "bot") and setup ``fields``
    (on ``storage``, if given: a page that reloads onto the same save)."""
    app, platform = room.phone(f"#/{game}", lang=lang, storage=storage)
    setup = app.screen
    setup.handle("setup:players", str(len(kinds)))
    for i, kind in enumerate(kinds):
        setup.handle("setup:kind", f"{i}:{kind}")
    for name, value in (fields or {}).items():
        setup.field(name, value, True)
    setup.handle("setup:start", None)
    app.render()
    room.run(0.2)
    return app, platform


@pytest.mark.parametrize("game, kinds", [
    ("the-game", ["person", "phone", "phone", "bot"]),
    ("23", ["phone", "phone", "phone", "person"]),
    ("eleusis", ["person", "phone", "phone", "phone", "phone"]),
])
def test_a_whole_game_each_on_their_own_phone(game, kinds):
    room = Room()
    host, _ = hosted(room, game, kinds)
    table = host_table(host)
    phones = [i for i, k in enumerate(kinds) if k == "phone"]
    assert table.session.phone_seats() == phones
    assert table.sheet.is_open("phones"), "a new table with phone seats opens its pairing at once"
    guests = {seat: join(room, host, seat)[0] for seat in phones}
    for seat, app in guests.items():
        assert table.hosting.status(seat) == "playing"
        assert type(app.screen).__name__ == "SeatScreen" and app.platform.hash == f"#/seat/{table.session.id}"
        assert isinstance(app.screen.session, GuestGame) and app.screen.session.seed is None
    assert not table.sheet.is_open("phones"), "the pairing closes once every phone is there"
    assert host.platform.wake_locked and all(app.platform.wake_locked for app in guests.values()), \
        "the screens stay on while the phones play"
    steps = play_to_end(room, host, guests)
    assert table.session.is_over, f"not over after {steps} actions"
    for seat, app in guests.items():
        screen = app.screen
        assert screen.session.is_over and screen.session.outcome == table.session.outcome
        assert screen.sheet.is_open("result")
        assert [e["game"] for e in app.services.store.history()] == [game], "the phone's own History has it"
        assert len(screen.log.entries) == len(table.log.entries), "the whole move log reached the phone"
    assert [e["game"] for e in host.services.store.history()] == [game]
    host.render()
    assert not host.platform.wake_locked, "the game is over: the screen may sleep again"
    if game == "eleusis":
        dealers = {round_["dealer"] for round_ in table.session.view(0)["rounds"]}
        assert set(phones) <= dealers, "every phone dealt a round from the phone"
        assert any(r.get("prophet") in phones for r in table.session.view(0)["rounds"]), "a Prophet on a phone"


def test_the_guest_sees_only_its_own_hand_and_acts_only_for_its_seat():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone", "bot"])
    guest, _ = join(room, host, 1)
    table = host_table(host)
    view = guest.screen.session.view(1)
    assert view == table.session.view(1)
    assert view["hand"] != table.session.view(0)["hand"]
    # The phone's table says whose turn it is, and what the others did.
    assert guest.screen.viewer == 1 and not guest.screen.needs_handover()


def test_pairing_link_is_a_junban_address_and_short_enough_for_a_comfortable_qr():
    room = Room()
    host, platform = hosted(room, "23", ["person", "phone"])
    link = pairing_link(host, 1)
    assert link.startswith(platform.page_url() + "#/join?p=")
    assert len(link) - len(platform.page_url()) <= 190
    guest, _ = join(room, host, 1)
    # the answer carries its two candidates and the 7 bytes naming the code it answers: 142 characters, QR
    # version 9 at M (a Firefox answer, with longer ICE credentials, 154)
    assert len(guest.services.guest.answer_code) <= 160


def test_the_answer_code_goes_back_through_the_share_sheet_or_the_clipboard_with_a_visible_note():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"])
    link = pairing_link(host, 1)
    guest, platform = room.phone("#/join?p=" + link.split("#/join?p=", 1)[1])
    room.run(0.5)
    code = guest.services.guest.answer_code
    guest.dispatch("join:copy", None)
    assert platform.copied[-1] == code
    assert "Answer code copied." in guest.platform.root.textContent


def test_pairing_by_camera_both_ways_and_a_camera_that_cannot_be_used():
    room = Room()
    host, host_platform = hosted(room, "the-game", ["person", "phone"])
    link = pairing_link(host, 1)
    # The guest opens "Join a table" and scans the host's code with Junban's own scanner.
    guest, guest_platform = room.phone("#/join")
    guest.dispatch("join:scan", None)
    room.run(0.1)
    assert guest_platform.scanning is not None
    guest_platform.scan_shows("https://example.org/not-a-code")
    room.run(0.5)
    assert "not a Junban pairing code" in guest_platform.root.textContent
    guest_platform.scan_shows(link)
    room.run(0.5)
    assert guest_platform.scanning is None, "the camera is let go once the code is read"
    answer = guest.services.guest.answer_code
    assert answer and guest_platform.hash.startswith("#/join?p=")
    # The host scans the answer the guest's phone shows.
    table = host_table(host)
    host.dispatch("phones:scan", "1")
    room.run(0.1)
    assert host_platform.scanning is not None
    host_platform.scan_shows(answer)
    room.run(1.0)
    assert table.hosting.status(1) == "playing" and host_platform.scanning is None
    assert guest_platform.hash == f"#/seat/{table.session.id}"
    # A phone whose camera is refused is told what to do instead.
    other, other_platform = room.phone("#/join", lang="ja")
    other.dispatch("join:scan", None)
    room.run(0.1)
    other_platform.scan_fails("denied")
    room.run(0.1)
    assert "カメラが許可されませんでした" in other_platform.root.textContent


def test_a_table_under_way_moves_a_seat_onto_a_phone_and_back():
    room = Room()
    host, _ = hosted(room, "23", ["person", "person", "bot"])
    table = host.screen
    assert table.hosting is None
    for _ in range(2):  # the two people discard, passing the device
        table.viewer = table.session.to_act
        table.act(table.session.legal_actions()[0])
    moves = list(table.session.actions)
    host.dispatch("phones:setup", None)
    assert table.sheet.is_open("phones-setup")
    host.dispatch("phones:phone", "1")
    host.dispatch("phones:apply", None)
    room.run(0.5)
    assert table.session.seats[1].phone and table.session.person_seats() == [0]
    assert table.viewer == 0, "the one person left at this device holds it"
    guest, _ = join(room, host, 1)
    assert table.session.actions[:len(moves)] == moves, "the game goes on where it was (the bot may have moved)"
    assert guest.screen.session.view(1)["hand"] == table.session.view(1)["hand"]
    saved = host.services.store.read_save(table.session.id)
    assert saved["seats"][1] == {"kind": "person", "name": "Player 2", "phone": True}
    # ... and back onto this device: the phone is let go.
    host.dispatch("phones:setup", None)
    host.dispatch("phones:here", "1")
    host.dispatch("phones:apply", None)
    room.run(1.0)
    assert not table.session.seats[1].phone and table.hosting.status(1) == "released"
    assert table.hosting.links[1].conn is None, "the phone is let go; only its spare waits, for a way back"
    assert not table.session.phone_seats() and table.hosting.links[1].spare_conn is not None
    assert table._link_button() is None, "no phones button without a phone seat"
    assert guest.services.guest.status == "ended" and guest.services.guest.problem == "net.bye.here"
