"""Playing on several phones, whole games on the CPython test platform: a host phone and guest phones joined by
the fake network (tests/ui/fakeplatform.py's FakePeerNetwork), paired through the real codes (junban.net.sdp),
each guest drawing its seat with the same table code as on one device."""
from __future__ import annotations

import pytest

from junban.net.guest import GuestGame
from tests.ui.phoneskit import Room, host_table, join, pairing_link, play_to_end


def hosted(room: Room, game: str, kinds: list[str], lang: str = "en", fields: dict | None = None):
    """The host phone with a new game set up with these seats ("person", "phone" or "bot") and setup ``fields``."""
    app, platform = room.phone(f"#/{game}", lang=lang)
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
    steps = play_to_end(room, host, guests)
    assert table.session.is_over, f"not over after {steps} actions"
    for seat, app in guests.items():
        screen = app.screen
        assert screen.session.is_over and screen.session.outcome == table.session.outcome
        assert screen.sheet.is_open("result")
        assert [e["game"] for e in app.services.store.history()] == [game], "the phone's own History has it"
        assert len(screen.log.entries) == len(table.log.entries), "the whole move log reached the phone"
    assert [e["game"] for e in host.services.store.history()] == [game]
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
    assert len(guest.services.guest.answer_code) <= 90
