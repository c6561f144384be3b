"""What stays with a seat when it changes hands (issue 41): a seat's own bot level is part of the save, so a bot
taking the seat again after the host's reload plays at that level; a phone let go by the host (its seat given to a
bot or a person here, or its person left) says so on its own chip and is no longer listed at the top of home as a
seat it plays."""
from __future__ import annotations

import json

from junban.storage import SAVE_PREFIX
from tests.net.test_phones_host_reload import reload_host, saved
from tests.net.test_phones_takeover import switch
from tests.net.test_playing_on_phones import hosted
from tests.ui.fakeplatform import DictStorage
from tests.ui.phoneskit import Room, host_table, join
from tests.ui.tablekit import by_attr


def test_a_seats_own_bot_level_is_kept_across_the_hosts_reload():
    """A seat's own bot level is part of its save: a bot seat given to a person here (or a phone), then to a bot
    again after the host's page reloaded, plays at its own level, not the table's."""
    room = Room()
    storage = DictStorage()
    host, platform = hosted(room, "the-game", ["person", "phone", "bot", "bot"],
                            fields={"level-2": "baseline", "level-3": "strong"}, storage=storage)
    table_id = host_table(host).session.id
    switch(host, 2, "here")
    switch(host, 3, "phone")  # no bot at the table now: its level is the game's default ("strong")
    assert saved(storage, table_id)["seats"][2] == {"kind": "person", "name": "Bot 3", "level": "baseline"}
    host, platform = reload_host(room, platform, storage, table_id)
    session = host_table(host).session
    assert session.seats[2].level == "baseline" and not session.seats[2].is_bot
    switch(host, 2, "bot")
    switch(host, 3, "bot")
    assert session.seats[2].level == "baseline", "the seat's own level, kept in the save"
    assert session.seats[3].level == "strong"
    assert saved(storage, table_id)["seats"][2] == {"kind": "bot", "name": "Bot 3", "level": "baseline"}


def test_a_corrupted_kept_level_is_said_and_the_save_kept():
    room = Room()
    storage = DictStorage()
    host, platform = hosted(room, "the-game", ["person", "phone", "bot"], storage=storage)
    table_id = host_table(host).session.id
    switch(host, 2, "here")
    record = saved(storage, table_id)
    record["seats"][2]["level"] = "godlike"
    storage.set(SAVE_PREFIX + table_id, json.dumps(record))
    room.drop(platform)
    app, _ = room.phone(f"#/play/{table_id}", storage=storage)
    room.run(0.5)
    aside = [key for key in storage.keys() if key.startswith("junban.backup.")]
    assert len(aside) == 1 and "godlike" in storage.get(aside[0]), "the save is kept aside as it was"
    said = " ".join(n.text for n in app.services.notices)
    assert "bot level" in said, said


def chip(app, seat: int):
    return app.platform.root.find_all(lambda n: "seat-chip" in n.attributes.get("class", "").split())[seat]


def phones_list(app) -> str:
    """Home's list of the seats this phone played at other phones' tables ("On several phones")."""
    return app.platform.root.find_all(lambda n: "phones-home" in n.attributes.get("class", "").split())[0].textContent


def home_seats(app) -> list[str]:
    app.services.go("#/")
    app.render()
    return [n.textContent for n in by_attr(app.platform, "class", "home-seat")]


def test_a_phone_whose_seat_went_to_a_bot_says_so_on_its_chip_and_leaves_the_top_of_home():
    room = Room()
    host, _ = hosted(room, "the-game", ["person", "phone", "phone"])
    guest, _ = join(room, host, 1)
    other, _ = join(room, host, 2)
    assert "plays on their phone" in chip(guest, 1).textContent
    assert home_seats(other) == ["Your seat at Player 1's tableThe Game"]
    other.services.go(f"#/seat/{host_table(host).session.id}")
    switch(host, 1, "bot")
    room.run(1.0)
    guest.render()
    own = chip(guest, 1)
    assert "bot" in own.attributes["class"].split() and "plays on their phone" not in own.textContent, \
        "its own chip: a bot plays the seat now"
    assert "gave your seat to a bot" in by_attr(guest.platform, "id", "guest-banner")[0].textContent
    record = guest.services.store.read_guest(host_table(host).session.id)
    assert record["ended"] == "bot" and record["welcome"]["seats"][1]["kind"] == "bot"
    assert home_seats(guest) == [], "no longer a seat this phone plays"
    assert "a bot plays this seat now" in phones_list(guest), \
        "the Phones list below says why"
    switch(host, 1, "phone")  # given back: its Rejoin brings it back, and it is one of its seats again
    room.run(1.0)
    assert home_seats(other) == ["Your seat at Player 1's tableThe Game"], "the other phone still plays"


def test_a_friend_who_left_no_longer_sees_the_seat_at_the_top_of_home():
    room = Room()
    host, _ = hosted(room, "23", ["person", "phone", "phone"])
    guest, _ = join(room, host, 1)
    guest.dispatch("seat:leave", None)
    guest.dispatch("seat:leave-yes", None)
    room.run(1.0)
    assert host_table(host).hosting.status(1) == "left"
    assert guest.services.store.read_guest(host_table(host).session.id)["ended"] == "left"
    assert home_seats(guest) == []
    assert "you left this table" in phones_list(guest)
