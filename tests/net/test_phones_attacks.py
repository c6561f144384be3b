"""Issue 39's attacks on a table played on several phones, each run again as the attack report describes it, on
CPython over the fake network: none learns or breaks anything now. (What a host's page can do to a guest is in
tests/net/test_phones_hostile_host.py; the twin games that prove no hidden thing reaches a phone are
tests/net/test_phones_privacy.py.)"""
from __future__ import annotations

import json
import re

from junban import bots as bot_registry
from junban.games import load_game
from junban.net import protocol
from junban.rng import derived_seed
from tests.net.test_phones_robustness import guest_turn
from tests.net.twins import check_marks
from tests.ui.fakeplatform import DictStorage
from tests.ui.phoneskit import Room, choose, host_table, join, play_to_end


def guest_conn(platform) -> str:
    return platform.peer_network.channel_of(platform)


def received(room: Room, platform) -> list[str]:
    """Every message a phone was sent (the host's ends of its connections, heartbeats included)."""
    mine = {end.conn_id for end in room.network._ends.values() if end.platform is platform}  # closed ones too
    theirs = {end.peer.conn_id for (_, conn), end in room.network._ends.items() if conn in mine and end.peer}
    return [text for sender, conn, text in room.network.sent if sender is not platform and conn in theirs]


def send_raw(room: Room, app, kind: str, **fields) -> bool:
    """The phone's page sends a message of its own making on its channel (a hostile page can)."""
    guest = app.services.guest
    guest.seq_out += 1
    return app.platform.peer_send(guest.conn, protocol.encode(kind, guest.seq_out, **fields))


def phone_table(game: str, kinds: list[str], storage=None, seed: str | None = None):
    """A table set up as a person does it (setup screen, seat kinds; a seed typed, if given), every phone seat
    joined."""
    room = Room()
    host, _ = room.phone(f"#/{game}", storage=storage)
    setup = host.screen
    setup.handle("setup:players", str(len(kinds)))
    for i, kind in enumerate(kinds):
        setup.handle("setup:kind", f"{i}:{kind}")
    if seed is not None:
        setup.field("seed", seed, True)
    setup.handle("setup:start", None)
    host.render()
    room.run(0.2)
    guests = {seat: join(room, host, seat, storage=DictStorage())[0] for seat, kind in enumerate(kinds)
              if kind == "phone"}
    return room, host, guests


# ---------------------------------------------------------------------- the deal's seed, in about a minute


def test_the_deal_cannot_be_searched_from_what_a_phone_receives_or_keeps():
    """The attack: take the welcome's bots' seed (a SHA-256 of the 9-digit seed), invert it by trying every seed,
    then deal every hand with ``new_game``. Now the welcome carries nothing made from the seed, and a table with
    phones deals from 128 random bits, so even searching seeds by one's own hand is hopeless."""
    room, host, guests = phone_table("23", ["person", "phone", "bot"])
    session = host_table(host).session
    assert session.private and re.fullmatch(r"[0-9a-f]{32}", session.seed), "a fresh secret seed of 128 bits"
    _, other, _ = phone_table("23", ["person", "phone"])
    assert host_table(other).session.seed != session.seed
    guest = guests[1]
    texts = received(room, guest.platform)
    welcome = json.loads(next(t for t in texts if '"t":"welcome"' in t))
    assert set(welcome) == {"v", "t", "s", "table", "seat", "game", "config", "seats", "hints"}
    stored = "".join(guest.platform.storage.data.values())
    for secret in (session.seed, session.bot_seed, derived_seed(session.seed, "23", "bot")):
        assert not any(secret in text for text in texts), "nothing sent is the seed or made from it"
        assert secret not in stored, "nor kept on the phone"
    # The search by one's own hand, over seeds as the setup screen used to draw them, finds nothing.
    hand = guest.screen.session.view(1)["hand"]
    module = load_game("23")
    assert not any(module.view(module.new_game(session.config, str(candidate)), 1)["hand"] == hand
                   for candidate in range(10**8, 10**8 + 2000))


def test_a_table_from_a_shared_deal_says_its_deal_is_known_to_whoever_has_the_link():
    """A shared deal keeps its readable seed (it is public by nature): the host says, in words, what that means."""
    for lang, words in (("en", "whoever knows it can work out every hand"), ("ja", "全員の手札を割り出せます")):
        room = Room()
        host, _ = room.phone("#/23?players=2&seed=123", lang=lang)
        table = host_table_or_menu(host)
        assert table.session.seed == "123" and not table.session.private
        table.handle("phones:setup", None)
        table.handle("phones:phone", "1")
        table.handle("phones:apply", None)
        host.render()
        room.run(0.5)
        assert table.sheet.is_open("phones")
        assert words in host.platform.root.textContent
        # The attack works on such a deal, which is why it is said: one's own hand finds the seed among few.
        guest, _ = join(room, host, 1)
        hand = guest.screen.session.view(1)["hand"]
        module = load_game("23")
        found = [c for c in range(200) if module.view(module.new_game(table.session.config, str(c)), 1)["hand"] == hand]
        assert found == [123]


def host_table_or_menu(app):
    from junban.ui.screens.table import TableScreen

    assert isinstance(app.screen, TableScreen), app.screen
    return app.screen


def test_a_secret_deal_hides_its_seed_at_the_host_until_the_game_is_over_and_a_new_deal_stays_secret():
    room, host, guests = phone_table("the-game", ["person", "phone"])
    table = host_table(host)
    table.handle("table:sheet", "menu")
    host.render()
    assert table.session.seed not in host.platform.root.textContent
    assert "whoever knows it" not in host.platform.root.textContent
    play_to_end(room, host, guests)
    table.handle("table:new-deal", None)
    room.run(0.5)
    again = host_table(host).session
    assert again.id != table.session.id and again.private and re.fullmatch(r"[0-9a-f]{32}", again.seed)


def test_a_seed_typed_at_setup_with_phones_is_used_and_said_to_be_known():
    room = Room()
    host, _ = room.phone("#/the-game")
    setup = host.screen
    setup.handle("setup:phones", None)
    host.render()
    assert "new secret seed" in host.platform.root.textContent
    setup.field("seed", "my-seed", True)
    host.render()
    assert "which others may know" in host.platform.root.textContent
    setup.handle("setup:start", None)
    room.run(0.2)
    session = host_table(host).session
    assert session.seed == "my-seed" and not session.private


# ---------------------------------------------------------------------- every bot dealer's Eleusis rule


def test_a_bot_dealers_rule_cannot_be_computed_from_what_a_phone_receives():
    """The attack: ``make_bot_from("eleusis", level, bot_seed, dealer).choose_rule(...)`` with the welcome's bots'
    seed printed the rule a bot dealer drew. Now the phone gets no bots' seed: its hint bot has a seed of its own."""
    room, host, guests = phone_table("eleusis", ["person", "phone", "bot"])  # the bot deals first
    table = host_table(host)
    room.run(2.0)
    session = table.session
    assert session.state.phase == "play" and session.state.rule_id, "the bot dealt with a library rule"
    guest = guests[1]
    texts = received(room, guest.platform)
    assert not any(session.bot_seed in text for text in texts)
    assert session.state.rule_id not in "".join(t for t in texts if '"t":"update"' in t or '"t":"log"' in t)
    mine = guest.services.guest
    assert mine.hint_seed != session.bot_seed and re.fullmatch(r"[0-9a-f]{32}", mine.hint_seed)
    assert mine.record()["hint_seed"] == mine.hint_seed, "kept with the seat: the same hints after a reload"
    level = session.seats[2].level
    assert bot_registry.make_bot_from("eleusis", level, session.bot_seed, 2) is not None  # (the host's own bot)


# ---------------------------------------------------------------------- hidden actions from the position mark


def test_the_position_mark_is_made_of_what_the_phone_was_sent_and_spells_out_no_secret_discard():
    """The attack: CRC-32 is linear, so two consecutive marks (the log's length and a CRC of the whole log)
    named each secret discard among 10,648 candidates. Now each mark is a digest of what that phone was sent
    (``check_marks`` rebuilds every one from the messages alone), so it tells nothing the messages did not."""
    room, host, guests = phone_table("23", ["phone", "person", "bot"], seed="mark-39")
    play_to_end(room, host, guests, max_steps=400)
    texts = [t for t in received(room, guests[0].platform) if '"t":"ping"' not in t]
    assert check_marks(texts) > 20
    # ... and the marks change with each action but are not the old ones (no CRC of the log to roll back).
    session = host_table(host).session
    marks = [json.loads(t)["at"] for t in texts if '"t":"update"' in t]
    assert all(not re.fullmatch(r"\d+\.[0-9a-f]{8}", m) for m in marks)
    assert len(set(marks)) >= len(session.actions) // 2


# ---------------------------------------------------------------------- a guest destroys the host's save


def test_twenty_thousand_hints_from_a_phone_neither_touch_the_hosts_save_nor_stall_the_table():
    """The attack: 20,001 ``hint`` messages in 0.6 s made the host count 20,001 hints and save them (the save
    allows 20,000): at the next start the game was kept aside. Now a phone's hints are counted for its seat only
    (once a turn), the flood is told, then let go with a notice, and the other phone plays on."""
    storage = DictStorage()
    room, host, guests = phone_table("the-game", ["person", "phone", "phone"], storage=storage)
    table = host_table(host)
    attacker, friend = guests[1], guests[2]
    sent = 0
    for _ in range(40):  # 20,000 messages in 0.6 s, 500 every 15 ms (a closed channel takes no more)
        for _ in range(500):
            sent += send_raw(room, attacker, "hint")
        room.run(0.015, limit=50_000)
    send_raw(room, attacker, "hint")
    room.run(1.0)
    assert table.session.hints == 0 and not table.session.assisted, "the host's person took no hint"
    assert table.hosting.hints(1) <= 1
    texts = received(room, attacker.platform)
    assert any('"code":"net.too_fast"' in t for t in texts), "the phone was told"
    assert any('"why":"flood"' in t for t in texts) and table.hosting.status(1) == "lost", "then let go"
    assert sent < 1_000, f"a closed channel takes no more ({sent} sent)"
    assert "sent far more messages than a person could" in host.platform.root.textContent or \
        any("far more messages" in n.text for n in host.services.notices)
    assert attacker.services.guest.problem == "net.bye.flood"
    # The other phone plays on at once.
    moves = len(table.session.actions)
    while table.session.to_act != 2:
        table.viewer = table.session.to_act
        table.act(choose("the-game", table.viewer, table.session.legal_actions(), table.session.state))
        host.render()
        room.run(0.2)
        moves = len(table.session.actions)
    friend.screen.act(choose("the-game", 2, friend.screen.session.legal_actions(), table.session.state))
    room.run(0.1)
    assert len(table.session.actions) == moves + 1
    # The host's save reads back: the game is in Saved games at the next start, not kept aside.
    again = Room()
    app, _ = again.phone("#/", storage=storage)
    assert not app.store.problems and table.session.id in [s.id for s in app.store.list_saves()]


def test_one_forged_hint_does_not_mark_the_hosts_game_assisted():
    room, host, guests = phone_table("the-game", ["person", "phone"])
    table = host_table(host)
    send_raw(room, guests[1], "hint")
    room.run(0.5)
    assert not table.session.assisted and table.session.hints == 0
    record = host.store.read_save(table.session.id)
    assert "hints" not in record


def test_a_phones_hints_count_once_a_turn_for_its_seat_and_travel_back_to_it():
    room, host, guests = phone_table("the-game", ["person", "phone"])
    table = host_table(host)
    guest_turn(room, host, guests[1], 1)
    screen = guests[1].screen
    for _ in range(3):
        screen.handle("tg:hint", None)
        guests[1].render()
        room.run(0.2)
    assert screen.session.hints == 3, "each hint counts on the phone"
    assert table.hosting.hints(1) == 1, "the host counts one a turn"
    assert table.session.hints == 0


# ---------------------------------------------------------------------- one guest stalls the host for everyone


def long_23_save(storage: DictStorage, passes: int) -> str:
    """A save of 23 whose log is ``passes`` passes long after the discards (endless passes are legal)."""
    from junban.session import Seat, Session
    from junban.storage import Store

    session = Session("longlog1", "23", {"players": 3}, "7",
                      [Seat("person", "Ann"), Seat("person", "Ben", phone=True), Seat("person", "Cy", phone=True)])
    for _ in range(3):
        session.apply(session.legal_actions()[0])
    while len(session.actions) < passes:
        session.apply({"pass": True})
    Store(storage).write_save(session.to_record())
    return session.id


def test_a_thousand_resyncs_cost_the_host_one_full_sync_a_second_and_the_other_phone_never_waits():
    """The attack: at a 1,200-action log, 1,000 ``resync`` (~30 KB) kept the host busy 31 s and sent 87 MB back;
    a tap at the host reached the other phone 30 s later. Now full resends are coalesced (one a second per phone)
    and the flood is let go; the other phone hears the next move at once."""
    storage = DictStorage()
    save_id = long_23_save(storage, 1200)
    room = Room()
    host, _ = room.phone(f"#/play/{save_id}", storage=storage)
    room.run(0.5)
    table = host_table(host)
    attacker, _ = join(room, host, 1)
    friend, _ = join(room, host, 2)
    before = len(room.network.sent)
    for _ in range(10):  # 1,000 resyncs within one second
        for _ in range(100):
            send_raw(room, attacker, "resync")
        room.run(0.1, limit=50_000)
    flood = [t for s, c, t in room.network.sent[before:] if s is host.platform]
    full = [t for t in flood if '"t":"log"' in t and '"from":0' in t]
    assert len(full) <= 2 * 7, f"{len(full)} full logs sent (7 chunks each, at most two resends)"
    assert sum(len(t) for t in flood) < 2_000_000, "far from 87 MB"
    assert table.hosting.status(1) == "lost", "let go"
    # A tap at the host reaches the other phone at once.
    table.viewer = table.session.to_act
    at = len(table.session.actions)
    table.act({"pass": True})
    host.render()
    room.run(0.05)
    assert len(friend.services.guest.entries) == len(table.log.entries) and len(table.session.actions) == at + 1


def test_a_resync_now_and_then_is_answered_in_full():
    room, host, guests = phone_table("the-game", ["person", "phone"])
    guest = guests[1]
    before = len(room.network.sent)
    for _ in range(3):
        send_raw(room, guest, "resync")
        room.run(1.1)
    full = [t for s, c, t in room.network.sent[before:] if s is host.platform and '"t":"update"' in t]
    assert len(full) == 3
    assert host_table(host).hosting.status(1) == "playing"


def test_a_phones_marker_walk_cannot_grow_the_hosts_log_without_end():
    """The attack: a legal walk through 81 marker positions, never folded, grew the host's log 0 -> 1,206 in 120 s.
    Now table talk stops after TALK_RUN in a row (the phone is told why), whatever the walk."""
    from junban.session import TALK_RUN
    from tests.engine.test_session_log import marker_walk

    room, host, guests = phone_table("the-game", ["person", "phone"])
    table = host_table(host)
    guest = guests[1].services.guest
    longest = 0
    for action in list(marker_walk())[:120]:  # (past the limit the walk goes on from where the table is not)
        guest.act(dict(action, seat=1))
        room.run(0.25)
        longest = max(longest, len(table.session.actions))
    assert longest == TALK_RUN
    texts = received(room, guests[1].platform)
    assert any('"code":"session.talk_limit"' in t for t in texts)
    assert table.hosting.status(1) == "playing", "a legal walk is not a flood: the phone is just told"
