"""Kept parts (``junban.ui.parts.kept``) never show an old state: tables played on phones and at one device, after
every update drawn as usual (parts kept from earlier drawings, the page patched) and drawn from scratch (nothing
kept, a new page), give the same page — host and guests, every game, another language halfway, the device passed
between people, sheets opened and closed."""
from __future__ import annotations

import pytest

from junban.ui.dom import Renderer
from junban.ui.parts.kept import Kept
from tests.ui.fakedom import FakeDocument
from tests.ui.phoneskit import Room, choose, host_table, join


def fresh_html(app) -> str:
    """The page ``app`` shows, drawn from scratch: no kept part, no kept turn of the move log, a new page."""
    screen = app.screen
    kept, drawn = screen.kept, screen.log.drawn
    screen.kept, screen.log.drawn = Kept(), {}
    try:
        page = app.page()
    finally:
        screen.kept, screen.log.drawn = kept, drawn
    document = FakeDocument()
    root = document.createElement("div")
    Renderer(document, root).render(page)
    return root.html()


def assert_same_page(app, what: str) -> None:
    app.render()  # as usual: kept parts, the page patched
    shown = app.platform.root.html()
    assert shown == fresh_html(app), f"{what}: the page differs from one drawn from scratch"


def hosted(room: Room, game: str, kinds: list[str], seed: str, lang: str = "en"):
    app, _ = room.phone(f"#/{game}", lang=lang)
    setup = app.screen
    setup.handle("setup:players", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        setup.handle("setup:kind", f"{seat}:{kind}")
    setup.field("seed", seed, True)
    setup.handle("setup:start", None)
    app.render()
    room.run(0.2)
    return app


def play_checked(room: Room, host, guests: dict, actions: int, switch_at: int | None = None) -> int:
    """Play ``actions`` moves (people's, on the phone that holds the seat; bots by themselves), checking every
    phone's page after each; at ``switch_at`` the host's and one guest's language changes."""
    table = host_table(host) if guests else host.screen
    session = table.session
    apps = [host, *guests.values()]
    played = 0
    while played < actions and not session.is_over:
        if played == switch_at:
            for app in apps[:2]:
                app.dispatch("app:lang", "ja")
        seat = session.to_act
        if seat in guests:
            screen = guests[seat].screen
            screen.act(choose(session.game, seat, screen.session.legal_actions(), session.state))
            guests[seat].render()
        elif not session.seats[seat].is_bot:
            if table.needs_handover():
                assert_same_page(host, f"the cover before move {played}")
                host.dispatch("table:reveal", None)
            else:
                table.viewer = seat
            table.act(choose(session.game, seat, session.legal_actions(seat), session.state))
            host.render()
        room.run(1.0)
        played += 1
        for app in apps:
            assert_same_page(app, f"{session.game}, after move {played}, {'host' if app is host else 'a guest'}")
    return played


@pytest.mark.parametrize("game, kinds, seed, actions", [
    ("the-game", ["person", "phone", "phone", "phone"], "kept-1", 30),
    ("23", ["person", "phone", "phone", "bot"], "kept-2", 30),
    ("eleusis", ["person", "phone", "phone", "phone", "phone", "phone"], "kept-3", 70),
])
def test_every_phone_draws_as_from_scratch_after_every_update(game, kinds, seed, actions):
    room = Room()
    host = hosted(room, game, kinds, seed)
    guests = {seat: join(room, host, seat)[0] for seat, kind in enumerate(kinds) if kind == "phone"}
    room.run(1.0)
    played = play_checked(room, host, guests, actions, switch_at=actions // 2)
    assert played >= actions // 2


@pytest.mark.parametrize("game, seed", [("the-game", "kept-4"), ("23", "kept-5"), ("eleusis", "kept-6")])
def test_a_device_passed_between_people_draws_as_from_scratch(game, seed):
    room = Room()
    host = hosted(room, game, ["person", "person", "bot", "person"], seed)
    table = host.screen
    play_checked(room, host, {}, 24, switch_at=12)
    for _ in range(2):  # the recap folded and unfolded (on a person's turn after others acted)
        host.dispatch("table:recap-fold", None)
        assert_same_page(host, "the recap folded or unfolded")
    for sheet in ("log", "menu", "rules"):
        host.dispatch("table:sheet", sheet)
        assert_same_page(host, f"the {sheet} sheet open")
        host.dispatch("table:close", None)
        assert_same_page(host, f"the {sheet} sheet closed")
    assert table.session.actions


def test_a_kept_part_that_moves_among_its_siblings_keeps_its_own_element():
    """The top bar lost a button before two kept ones (unkeyed, of the same tag): each kept button is matched with
    itself, never with the sibling before it (whose element it would then share)."""
    from junban.ui.dom import h

    rules = h("button", {"id": "rules"}, "Rules")
    menu = h("button", {"id": "menu"}, "Menu")
    document = FakeDocument()
    root = document.createElement("div")
    renderer = Renderer(document, root)
    renderer.render(h("div", {}, h("h1", {}, "Title"), h("button", {"id": "guess"}, "Guess"), rules, menu))
    renderer.render(h("div", {}, h("h1", {}, "Title"), rules, menu))
    assert root.html() == '<div><div><h1>Title</h1><button id="rules">Rules</button><button id="menu">Menu</button>' \
                          '</div></div>'
    renderer.render(h("div", {}, h("h1", {}, "Title"), menu, h("button", {"id": "guess"}, "Guess"), rules))
    assert root.html() == '<div><div><h1>Title</h1><button id="menu">Menu</button><button id="guess">Guess</button>' \
                          '<button id="rules">Rules</button></div></div>'


def test_profile_phones_runs(capsys):
    """tools/profile_phones.py (docs/multiplayer.md quotes it), a tiny run: its table and its JSON line."""
    import json

    from tools import profile_phones

    assert profile_phones.main(["--game", "eleusis", "--phones", "3", "--actions", "4"]) == 0
    out = capsys.readouterr().out
    assert "guest (average of 2)" in out
    result = json.loads(out.strip().splitlines()[-1])
    assert result["actions"] == 4 and result["guest"]["elements"] > 50 and result["host"]["all"] > 0
