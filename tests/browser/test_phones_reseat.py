"""Reseating the phones at a rematch (issue 41), in real browsers: a game of The Game on three phones (the host and
a friend in English, a friend in Japanese) opened near its end; on the result the host taps *Change seats*, swaps
the two friends and deals; each phone moves to its new seat over the channel already open (no code, no answer) and
says where it sits now; the new game is played from there."""
from __future__ import annotations

import json

from playwright.sync_api import expect

from junban.session import Session
from tests.browser.conftest import screenshot
from tests.browser.phones import Table, moved_to_next_table, pair_by_paste, run_python, the_game_person
from tests.browser.positions import open_save, people_and_bots
from tests.browser.test_phones_rematch import CHANNELS


def the_game_near_its_end(seed: str = "near") -> Session:
    """The Game for three, bots' play until three cards are left to draw: the host's person (seat 1) to act, seats
    2 and 3 played on phones."""
    session = Session("reseat1", "the-game", {"players": 3}, f"{seed}-1", people_and_bots(0, 3, "baseline"))
    while not session.is_over:
        view = session.view(0)
        if view["draw_count"] <= 3 and session.to_act == 0 and not view["played_this_turn"]:
            session.seats = [people_and_bots(1, 0, "baseline")[0], *[
                type(seat)("person", f"Player {i + 2}", phone=True) for i, seat in enumerate(session.seats[1:])]]
            return session
        session.apply(session.bot_action())
    raise AssertionError("the bots' game ended first")


def test_the_host_swaps_two_phones_at_the_rematch_and_each_moves_by_itself(phone_factory, server):
    host, friend = phone_factory(2, "#/")
    (other,) = phone_factory(1, "#/", locale="ja-JP")
    open_save(host, server, the_game_near_its_end())
    host.wait_for_selector("#phones-qr", timeout=30_000)
    guests = {pair_by_paste(host, page, "the-game"): page for page in (friend, other)}
    assert sorted(guests) == [1, 2]
    channels = json.loads(run_python(host, "import __main__, json\n" + CHANNELS))
    table = Table("the-game", host, guests)
    table.play(the_game_person(reckless_after=0), max_actions=80)
    assert table.status()["over"]
    first = table.status()["table"]
    host.wait_for_selector("#sheet-result #end-title", timeout=20_000)

    host.locator("#sheet-result #reseat").tap()
    host.wait_for_selector("#sheet-reseat #reseat-deal")
    expect(host.locator("#reseat-1")).to_have_value("s1")  # the same seats unless the host says otherwise
    host.select_option("#reseat-1", "s2")
    expect(host.locator("#reseat-error")).to_contain_text("Player 3 is at two seats")
    expect(host.locator("#reseat-deal")).to_be_disabled()  # nobody at two seats: the deal waits
    host.select_option("#reseat-2", "s1")
    expect(host.locator("#reseat-error")).to_have_count(0)
    expect(host.locator("#reseat-deal")).to_be_enabled()
    screenshot(host, "phones-reseat-host-en")
    run_python(host, "import __main__\n__main__.app.dispatch('app:lang', 'ja')")
    expect(host.locator("#sheet-reseat-title")).to_have_text("次のゲームの席")
    expect(host.locator("#reseat-1")).to_have_value("s2")  # the choice stays
    screenshot(host, "phones-reseat-host-ja")
    run_python(host, "import __main__\n__main__.app.dispatch('app:lang', 'en')")

    host.locator("#reseat-deal").tap()
    second = moved_to_next_table(host, (friend, other), "the-game", first)
    expect(friend.locator("#notices .notice-info")).to_contain_text("you play seat 3 of 3 now")
    expect(other.locator("#notices .notice-info")).to_contain_text("3席中2番目の席")
    screenshot(friend, "phones-reseat-guest-en")
    screenshot(other, "phones-reseat-guest-ja")
    expect(host.locator("#open-phones")).to_have_attribute("aria-label", "Phones: 2 of 2 connected")
    expect(host.locator("#sheet-phones")).to_have_count(0)  # nothing to pair
    assert sorted(json.loads(run_python(host, "import __main__, json\n" + CHANNELS)).values()) == \
        sorted(channels.values()), "the same channels, each at its new seat"

    table = Table("the-game", host, {2: friend, 1: other})
    played = table.play(the_game_person(), max_actions=3)
    assert played == 3 and table.status()["table"] == second and not table.status()["over"]
    history = json.loads(run_python(friend, "import __main__, json\njson.dumps([e['id'] for e in "
                                            "__main__.app.services.store.history()])"))
    assert history == [first], "the finished game is in the phone's History"
