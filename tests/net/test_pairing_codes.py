"""Answers know their code, refusals show where the person looks, and a browser without WebRTC says so at once:
pairing on the CPython test platform (tests/ui/fakeplatform.py's FakePeerNetwork) through the app's own screens."""
from __future__ import annotations

from tests.net.test_playing_on_phones import hosted
from tests.ui.phoneskit import Room, host_table, join, pairing_link
from tests.ui.tablekit import by_attr, by_id


def open_link(room: Room, host, seat: int):
    """A phone opens the host's code for ``seat`` and shows its answer (nobody takes it yet)."""
    link = pairing_link(host, seat)
    app, platform = room.phone("#/join?p=" + link.split("#/join?p=", 1)[1])
    room.run(0.2)
    assert app.services.guest.answer_code
    return app


def paste(room: Room, host, shown_seat: int, text: str):
    """The host pastes ``text`` where ``shown_seat``'s code is shown and presses Enter."""
    table = host_table(host)
    table.phones_seat = shown_seat
    host.field("phones-answer", text, final=True)
    host.render()
    return table


def error_under_the_field(host) -> str:
    """The refusal, which must sit right under the answer field (and be what the field says describes it)."""
    error = by_id(host.platform, "phones-answer-error")
    field = by_id(host.platform, "phones-answer")
    assert field.attributes.get("aria-describedby") == "phones-answer-error"
    assert field.attributes.get("aria-invalid") == "true"
    siblings = error.parentNode.childNodes
    assert siblings.index(error) == siblings.index(field.parentNode) + 1, "the error follows the field and its button"
    return error.textContent


def test_an_answer_for_another_seats_code_already_answered_is_refused_at_once_naming_that_seat():
    # Two friends opened the same link (posted once in a group chat): the second answer is for seat 1's code.
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone", "phone"], fields={"name-1": "Ben", "name-2": "Carla"})
    table = host_table(host)
    first, second = open_link(room, host, 1), open_link(room, host, 1)
    paste(room, host, 1, first.services.guest.answer_code)
    room.run(0.5)
    assert table.hosting.status(1) == "playing"
    paste(room, host, 2, second.services.guest.answer_code)
    text = error_under_the_field(host)
    assert "Ben's code" in text and "another phone has answered" in text, text
    assert "Wi-Fi" not in text
    assert table.hosting.status(2) == "offering", "nothing started connecting: seat 2 still shows its code"
    assert not [n for n in host.services.notices if n.key == "phones"], "no toast behind the sheet's dim layer"


def test_an_answer_pasted_under_another_seats_code_goes_to_the_seat_it_is_for():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone", "phone"], fields={"name-1": "Ben", "name-2": "Carla"})
    table = host_table(host)
    carla = open_link(room, host, 2)
    paste(room, host, 1, carla.services.guest.answer_code)  # Ben's code is shown; Carla's answer is pasted
    assert not by_attr(host.platform, "id", "phones-answer-error")
    assert "Carla's code" in host.platform.announcements[-1]
    room.run(0.5)
    assert table.hosting.status(2) == "playing" and carla.services.guest.status == "playing"
    assert table.hosting.status(1) == "offering", "Ben's code still waits for Ben"


def test_the_hosts_own_link_an_old_code_and_another_tables_answer_each_say_what_they_are():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"], fields={"name-1": "Ben"})
    table = host_table(host)
    paste(room, host, 1, pairing_link(host, 1))
    assert "your own pairing link" in error_under_the_field(host)
    room.run(0.1)
    assert host.platform.revealed[-1] == "#phones-answer-error", "scrolled into view once drawn"
    stale = open_link(room, host, 1)
    host.dispatch("phones:show", "1")  # seat 1's code...
    table.hosting.offer(1)  # ...made anew (a new code for a phone that dropped)
    room.run(0.2)
    paste(room, host, 1, stale.services.guest.answer_code)
    assert "an older code of Ben's seat" in error_under_the_field(host)
    other, _ = hosted(room, "the-game", ["person", "phone"])
    outsider = open_link(room, other, 1)
    paste(room, host, 1, outsider.services.guest.answer_code)
    assert "another table's code" in error_under_the_field(host)
    paste(room, host, 1, "hello there")
    assert "not a pairing code" in error_under_the_field(host)
    assert table.hosting.status(1) == "offering"
    guest, _ = join(room, host, 1)
    assert table.hosting.status(1) == "playing", "the right answer still works after every refusal"


def test_without_webrtc_the_host_plays_the_phone_seats_here_and_says_why_in_the_tables_first_drawing():
    room = Room()
    room.network.no_webrtc = True  # as WebKitGTK, or a browser with RTCPeerConnection taken away
    host, platform = room.phone("#/the-game")
    host.screen.handle("setup:players", "3")
    for i, kind in enumerate(["person", "phone", "phone"]):
        host.screen.handle("setup:kind", f"{i}:{kind}")
    host.screen.field("name-1", "Ben", True)
    host.screen.handle("setup:start", None)
    host.render()  # the table's first drawing, no timer run yet: the notice is in it, no pairing code ever shown
    assert "cannot play on several phones" in platform.root.textContent
    assert not platform.root.find_all(lambda n: n.attributes.get("id") in ("sheet-phones", "open-phones"))
    room.run(1.0)
    table = host.screen
    assert table.hosting is None and not table.session.phone_seats(), "the seats are played here"
    assert not table.sheet.is_open("phones")
    notice = next(n for n in host.services.notices if n.key == "phones-none")
    assert "cannot play on several phones" in notice.text and "Ben" in notice.text and "Firefox" in notice.text
    host.render()
    assert "cannot play on several phones" in platform.root.textContent
    saved = host.services.store.read_save(table.session.id)
    assert saved is not None and not any(s.get("phone") for s in saved["seats"]), "the save says so too"
    assert table.session.legal_actions(), "the game goes on"


def test_without_webrtc_the_guest_says_so_within_a_second_with_what_to_do():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone"])
    link = pairing_link(host, 1)
    room.network.no_webrtc = True  # the guest's browser has none
    guest, platform = room.phone("#/join?p=" + link.split("#/join?p=", 1)[1])
    room.run(1.0)
    guest.render()
    text = by_id(platform, "join-problem").textContent
    assert "cannot play on several phones" in text and "another browser" in text and "Wi-Fi" not in text
