"""The guest's phone, between games and when the connection drops (issue 41): a phone that is not connected shows
it and cannot act, its way back in view; the seat's menu has the sound switch; the join screen names the seat;
home offers "Join a table" with a box to paste the host's link, and names each seat by its host."""
from __future__ import annotations

from junban.ui.screens.seat import JoinScreen
from tests.net.test_playing_on_phones import hosted
from tests.ui.fakeplatform import DictStorage
from tests.ui.phoneskit import Room, host_table, join, pairing_link
from tests.ui.tablekit import by_attr, by_id, click


def test_a_guest_that_is_not_connected_shows_it_and_cannot_act_its_way_back_in_view():
    room = Room()
    host, host_platform = hosted(room, "23", ["person", "phone"])
    guest, platform = join(room, host, 1)
    screen = guest.screen
    assert screen.my_turn(), "the discard: the phone's turn"
    room.drop(host_platform)  # the host's page closes
    room.run(1.0)
    guest.render()
    assert not screen.connected and not screen.my_turn(), "not connected: the phone cannot act"
    frame = by_attr(platform, "class", "table-frame game-23 guest-away")
    assert frame and "inert" in frame[0].attributes, "the last snapshot is out of reach"
    banner = by_id(platform, "guest-banner")
    assert banner.attributes["role"] == "alert"
    assert "Not connected to Player 1's table." in banner.textContent
    # its page still open: the reloaded host's code (or a new one) is scanned right here (issue 41's standing
    # offer), and "Rejoin" (its spare code) stays below for a host that did not reload
    assert "Scan the code" in by_id(platform, "guest-back-scan").textContent and by_id(platform, "guest-back")
    assert "Rejoin Player 1's table" in by_id(platform, "guest-rejoin").textContent
    cards = by_attr(platform, "data-act", "tt:card")
    for card in cards[-3:]:
        guest.dispatch("tt:card", card.attributes["data-arg"])  # taps on the dimmed hand do nothing
    guest.dispatch("tt:discard", None)
    assert screen.local["discard"] == [] and not guest.services.notices, "no toast over the way back"


def test_the_seats_menu_on_a_guest_phone_has_the_sound_switch():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"])
    guest, platform = join(room, host, 1)
    click(guest, by_id(platform, "open-menu"))
    switch = by_id(platform, "menu-sound")
    assert switch.attributes["type"] == "checkbox" and "Sounds and vibration" in switch.parentNode.textContent
    guest.field("sound", False, final=True)
    assert guest.services.settings.get("sound") is False
    guest.field("sound", True, final=True)
    assert guest.services.settings.get("sound") is True


def test_the_join_screen_names_the_seat_not_a_table_of_23():
    room = Room()
    host, _ = hosted(room, "23", ["person", "phone", "phone"])
    first_look, platform = room.phone("#/join?p=" + pairing_link(host, 2).split("#/join?p=", 1)[1])
    line = by_attr(platform, "class", "join-seat")[0].textContent
    assert line == "Seat 3 in a game of “23”" and "table of 23" not in line
    room.drop(platform)
    # A phone that sat there before knows the seat's name and its host's.
    table = host_table(host)
    table.handle("phones:show", "2")
    room.run(0.5)
    storage = DictStorage()
    guest, guest_platform = join(room, host, 2, storage=storage)
    room.drop(guest_platform)
    room.run(1.0)
    table.handle("phones:show", "2")
    room.run(0.5)
    again, platform = room.phone("#/join?p=" + pairing_link(host, 2).split("#/join?p=", 1)[1], storage=storage)
    assert isinstance(again.screen, JoinScreen)
    assert by_attr(platform, "class", "join-seat")[0].textContent == "Player 3's seat at Player 1's table · 23"


def test_home_offers_join_a_table_with_a_box_for_the_hosts_link_and_names_each_seat_by_its_host():
    room = Room()
    host, _ = hosted(room, "23", ["person", "phone"])
    storage = DictStorage()
    guest, platform = join(room, host, 1, storage=storage)
    guest.go("#/")
    strip = by_attr(platform, "class", "join-strip")[0]
    main = by_attr(platform, "class", "games")[0]
    order = [n for n in platform.root.find_all(lambda n: n is strip or n is main)]
    assert order == [strip, main], "Join a table comes before the games"
    seat = by_id(platform, f"open-seat-{host_table(host).session.id}")
    assert seat.textContent == "Your seat at Player 1's table"
    # Junk pasted: said under the box, nothing else happens.
    guest.field("home-join", "hello there", final=False)
    click(guest, by_id(platform, "home-join-go"))
    assert by_id(platform, "home-join").attributes["aria-invalid"] == "true"
    assert "not a Junban pairing link or code" in by_id(platform, "home-join-error").textContent
    assert platform.hash == "#/"
    # Another host's link, pasted whole within a message: the join screen opens with its code at once.
    other_host, _ = hosted(Room(), "the-game", ["person", "phone"])
    link = pairing_link(other_host, 1)
    guest.field("home-join", f"Join my table: {link} see you", final=False)
    assert platform.hash == "#/join?p=" + link.split("#/join?p=", 1)[1]
