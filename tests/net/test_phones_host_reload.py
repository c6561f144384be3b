"""A host's reload in one exchange per phone (issue 41), counted: the mirror of the spare code.

Each welcomed phone keeps a *standing offer* (a connection of its own, waiting) and sends its code to the host
(``standing``), who keeps it in its save. After the host's page reloads, the phones sheet shows, seat by seat, the
host's **answer** to that offer; the phone (its page and the standing connection still open) takes it — scanned or
pasted in its seat's own banner — and the channel opens on it: **1 exchange per phone** (was 2). A phone whose
standing offer is gone (its page reloaded too, its storage cleared) or missing gets the 2-exchange path, said
clearly, nothing lost. An exchange is a code carried between devices by the people (scanned, or sent and pasted).
"""
from __future__ import annotations

import json

from junban.net import protocol, sdp
from junban.net.guest import Pairing
from junban.storage import SAVE_PREFIX
from junban.ui.screens.seat import SeatScreen
from tests.net.test_phones_rejoin import Exchanges
from tests.net.test_playing_on_phones import hosted
from tests.ui.fakeplatform import DictStorage
from tests.ui.phoneskit import Room, host_table, join, play_to_end
from tests.ui.tablekit import by_attr, by_id


def hosted_with_storage(room: Room, game: str, kinds: list[str]):
    """A host set up with phone seats, on a storage of its own (so its page can reload onto the same save)."""
    storage = DictStorage()
    host, platform = hosted(room, game, kinds, storage=storage)
    return host, platform, storage


def saved(storage, table_id: str) -> dict:
    return json.loads(storage.get(SAVE_PREFIX + table_id))


def reload_host(room: Room, platform, storage, table_id: str):
    room.drop(platform)
    room.run(1.0)
    host, platform = room.phone(f"#/play/{table_id}", storage=storage)
    room.run(0.5)
    return host, platform


def take_back(room: Room, exchanges: Exchanges, host, seat: int, guest_app) -> None:
    """The host's code for ``seat`` after its reload, carried to the phone (one exchange) and pasted in its banner."""
    code = host_table(host).hosting.links[seat].code
    assert code and host_table(host).hosting.status(seat) == "answering"
    exchanges.count += 1
    guest_app.field("guest-back", code, final=True)
    room.run(0.5)


def test_a_host_reload_takes_one_exchange_per_phone_with_the_standing_offers_in_its_save():
    room = Room()
    host, host_platform, host_storage = hosted_with_storage(room, "23", ["person", "phone", "phone"])
    table_id = host_table(host).session.id
    guests = {seat: join(room, host, seat)[0] for seat in (1, 2)}
    room.run(0.5)
    standing = {item["seat"]: item["code"] for item in saved(host_storage, table_id)["standing"]}
    assert sorted(standing) == [1, 2], "each phone's standing offer is in the host's save"
    for seat, code in standing.items():
        pairing = Pairing(code)
        assert (pairing.table_id, pairing.seat, pairing.game) == (table_id, seat, "23")
        assert code == guests[seat].services.guest.standing_code, "the phone's own offer"
    standing_messages = [json.loads(text) for _p, _c, text in room.network.sent if '"t":"standing"' in text]
    assert standing_messages and all(set(m) == {"v", "t", "s", "code"} for m in standing_messages), \
        "a code and nothing of the game"

    host, host_platform = reload_host(room, host_platform, host_storage, table_id)
    table = host_table(host)
    for seat, app in guests.items():
        assert isinstance(app.screen, SeatScreen) and not app.screen.connected
        assert by_id(app.platform, "guest-back-scan") and by_id(app.platform, "guest-back"), "its scanner, its box"
        assert "When Player 1's table is back, scan its code" in by_id(app.platform, "guest-banner").textContent
    assert table.sheet.is_open("phones") and table.phones_seat == 1
    assert [table.hosting.status(s) for s in (1, 2)] == ["answering", "answering"]
    shown = host.platform.root.find_all(lambda n: n.attributes.get("id") in (
        "phones-back-help", "phones-back-code", "phones-back-or", "phones-new-code", "phones-answer"))
    assert [n.attributes["id"] for n in shown] == ["phones-back-help", "phones-back-code", "phones-back-or",
                                                   "phones-new-code"], "the answer first and by itself"

    exchanges = Exchanges()
    for seat in (1, 2):
        table.handle("phones:show", str(seat)) if table.phones_seat != seat else None
        take_back(room, exchanges, host, seat, guests[seat])
        assert table.hosting.status(seat) == "playing", table.hosting.links[seat].problem
        assert guests[seat].screen.connected and guests[seat].services.guest.seat == seat
    assert exchanges.count == 2, "one exchange per phone after a host's reload"
    assert not table.sheet.is_open("phones")
    room.run(0.5)
    after = {item["seat"]: item["code"] for item in saved(host_storage, table_id)["standing"]}
    assert sorted(after) == [1, 2] and all(after[s] != standing[s] for s in after), "new standing offers, saved"
    play_to_end(room, host, guests)
    assert all(app.screen.session.outcome == table.session.outcome for app in guests.values())


def test_a_phone_that_reloaded_too_falls_back_to_two_exchanges_said_clearly():
    room = Room()
    host, host_platform, host_storage = hosted_with_storage(room, "the-game", ["person", "phone"])
    table_id = host_table(host).session.id
    guest_storage = DictStorage()
    guest, guest_platform = join(room, host, 1, storage=guest_storage)
    room.run(0.5)
    room.drop(guest_platform)  # the phone's page reloads as well: its standing connection is gone
    host, host_platform = reload_host(room, host_platform, host_storage, table_id)
    table = host_table(host)
    assert table.hosting.status(1) == "answering", "the host cannot know yet: its answer, the way out beside it"
    assert "reloaded too" in by_id(host.platform, "phones-back-or").textContent and by_id(host.platform,
                                                                                          "phones-new-code")
    room.run(16.0)  # the answer's connection finds nobody (the fake network fails it as Chromium would)
    assert table.hosting.status(1) == "unreachable" and table.hosting.links[1].problem == "net.standing_stale"
    assert "its page reloaded too" in host.platform.root.textContent
    assert by_id(host.platform, "phones-new-code")
    exchanges = Exchanges()
    back, _ = room.phone(f"#/seat/{table_id}", storage=guest_storage)
    assert not by_attr(back.platform, "id", "guest-back-scan"), "no standing offer on a reloaded page"
    table.handle("phones:new", "1")
    room.run(0.5)
    app, _ = exchanges.open_code(room, table.hosting.links[1].code, guest_storage)
    exchanges.answer(room, host, 1, app)
    assert table.hosting.status(1) == "playing" and isinstance(app.screen, SeatScreen) and app.screen.connected
    assert exchanges.count == 2, "two exchanges for a phone whose standing offer was gone"


def test_a_save_without_standing_offers_gives_new_codes_as_before():
    room = Room()
    host, host_platform, host_storage = hosted_with_storage(room, "the-game", ["person", "phone"])
    table_id = host_table(host).session.id
    guest, _ = join(room, host, 1)
    room.run(0.5)
    record = saved(host_storage, table_id)
    del record["standing"]  # a host of before, or a phone that could not offer (no address)
    host_storage.set(SAVE_PREFIX + table_id, json.dumps(record))
    host, host_platform = reload_host(room, host_platform, host_storage, table_id)
    table = host_table(host)
    assert table.hosting.status(1) == "offering" and table.sheet.is_open("phones")
    exchanges = Exchanges()
    app, _ = exchanges.open_code(room, table.hosting.links[1].code, DictStorage())
    exchanges.answer(room, host, 1, app)
    assert table.hosting.status(1) == "playing" and exchanges.count == 2


def test_a_standing_offer_for_another_seat_or_table_is_refused_at_both_ends():
    room = Room()
    host, host_platform, host_storage = hosted_with_storage(room, "23", ["person", "phone", "phone"])
    table = host_table(host)
    table_id = table.session.id
    first, _ = join(room, host, 1)
    second, _ = join(room, host, 2)
    room.run(0.5)
    one, two = first.services.guest, second.services.guest
    kept = dict(table.session.standing)
    # A hostile phone sends another seat's code, or one of another table, as its own standing offer: refused.
    other_table = sdp.pack_offer(one.standing_offer, protocol.pack_meta("zz" + table_id[2:], 1, "23"))
    for n, code in enumerate((two.standing_code, other_table, "x" * 700, 12), 1):
        one._send("standing", code=code)
        room.run(5.5)  # (a phone sends one a welcome: a few at a time, then one each 5 s, as net/limits.py says)
        refusals = [text for platform, _c, text in room.network.sent
                    if platform is host_platform and '"code":"net.bad_standing"' in text]
        assert len(refusals) == n, "refused with its reason"
    assert table.session.standing == kept and saved(host_storage, table_id)["standing"] == [
        {"seat": s, "code": c} for s, c in sorted(kept.items())], "nothing kept"

    host, host_platform = reload_host(room, host_platform, host_storage, table_id)
    table = host_table(host)
    for_two = table.hosting.links[2].code
    # The answer made for seat 3's phone ("Player 3"), pasted on seat 2's: refused by name, nothing connects.
    first.field("guest-back", for_two, final=True)
    room.run(0.5)
    assert "this code is for Player 3's phone" in first.screen.back_error
    assert not one.back_taken and table.hosting.status(1) == "answering"
    assert by_id(first.platform, "guest-back-error").textContent == first.screen.back_error
    # Another table's answer (its table bytes differ): refused too.
    text, extra = sdp.read_answer(table.hosting.links[1].code)
    forged = sdp.pack_answer(text, extra[:4] + sdp.table_names("othertable") + extra[6:])
    first.field("guest-back", forged, final=True)
    assert "another table" in first.screen.back_error
    # An answer to an older standing offer of this phone (the host kept one this phone has since replaced).
    old_name = bytes(b ^ 0xFF for b in extra[:4])
    stale = sdp.pack_answer(text, old_name + extra[4:])
    first.field("guest-back", stale, final=True)
    assert "older code" in first.screen.back_error
    first.field("guest-back", table.hosting.links[1].code, final=True)  # its own: taken
    room.run(0.5)
    assert table.hosting.status(1) == "playing" and first.screen.connected


def test_a_corrupted_standing_field_loses_nothing_else_and_is_said():
    room = Room()
    host, host_platform, host_storage = hosted_with_storage(room, "the-game", ["person", "phone"])
    table = host_table(host)
    table_id = table.session.id
    join(room, host, 1)
    room.run(0.5)
    moves = len(table.session.actions)
    record = saved(host_storage, table_id)
    assert record["standing"][0]["seat"] == 1
    record["standing"] = [{"seat": 1, "code": "<script>alert(1)</script>"}, {"seat": 42}]
    host_storage.set(SAVE_PREFIX + table_id, json.dumps(record))
    host, host_platform = reload_host(room, host_platform, host_storage, table_id)
    table = host_table(host)
    assert table.session.id == table_id and len(table.session.actions) == moves, "the game opens as it was"
    assert table.hosting.status(1) == "offering", "a new code for the phone"
    words = [n.text for n in host.services.notices]
    assert any("ways back (their standing codes) were not readable" in w for w in words), words
    assert "standing" not in saved(host_storage, table_id), "written back without it"
    backups = [k for k in host_storage.keys() if k.startswith("junban.backup.save.")]
    assert len(backups) == 1 and "<script>" in host_storage.get(backups[0]), "the save as it was, kept aside"

    # A value of the right shape that is not a code for this seat (a save changed by hand): refused when used.
    other = table.session.standing.get(1)
    assert other is None
    record = saved(host_storage, table_id)
    stranger = sdp.pack_offer(room.network._sdp(room.network._new_end(host_platform, lambda *a: None), "actpass", 2),
                              protocol.pack_meta(table_id, 0, "the-game"))
    record["standing"] = [{"seat": 1, "code": stranger}]
    host_storage.set(SAVE_PREFIX + table_id, json.dumps(record))
    host, host_platform = reload_host(room, host_platform, host_storage, table_id)
    table = host_table(host)
    assert table.hosting.status(1) == "offering" and table.session.standing == {}
    assert any("was not one for this seat" in n.text for n in host.services.notices)
