"""A rematch in one tap, the phones kept (issue 41), in real browsers: after a game of The Game on three phones (one
guest in English, one in Japanese), the host taps *New deal* on its result sheet; both guest phones move to their
seats of the new game by themselves over the channels already open (no new code, no answer pasted), say so, and
play on; the finished game is in each phone's History. Then each phone reloads and is back with one exchange
(its "Rejoin" answers the spare code it kept; the host takes that answer)."""
from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.phones import (
    Table, answer_shown, moved_to_next_table, pair_by_paste, paste_answer, run_python, seated, set_up_table,
    the_game_person)

CHANNELS = "json.dumps({str(s): l.conn for h in __main__.app.services.hosts.values() for s, l in h.links.items()})"


def test_new_deal_carries_both_phones_to_the_next_game_without_pairing(phone_factory):
    host, friend = phone_factory(2, "#/the-game?players=3")
    (other,) = phone_factory(1, "#/", locale="ja-JP")
    set_up_table(host, ["person", "phone", "phone"])
    guests = {pair_by_paste(host, page, "the-game"): page for page in (friend, other)}
    assert sorted(guests) == [1, 2]
    expect(host.locator("#open-phones")).to_have_attribute("aria-label", "Phones: 2 of 2 connected")
    channels = json.loads(run_python(host, "import __main__, json\n" + CHANNELS))
    table = Table("the-game", host, guests)
    table.play(the_game_person(reckless_after=0), max_actions=300)  # the card that jumps furthest: a quick loss
    assert table.status()["over"]
    first = table.status()["table"]
    for page in (host, friend, other):
        page.wait_for_selector("#sheet-result #end-title", timeout=20_000)

    host.locator("#sheet-result #new-deal").tap()  # one tap
    second = moved_to_next_table(host, (friend, other), "the-game", first)
    expect(friend.locator("#notices .notice-info")).to_contain_text("started a new game: you play")
    expect(other.locator("#notices .notice-info")).to_contain_text("新しいゲームを始めました")
    screenshot(friend, "phones-rematch-guest-en")
    screenshot(other, "phones-rematch-guest-ja")
    expect(host.locator("#open-phones")).to_have_attribute("aria-label", "Phones: 2 of 2 connected")
    expect(host.locator("#sheet-phones")).to_have_count(0)  # nothing to pair
    screenshot(host, "phones-rematch-host-en")
    assert json.loads(run_python(host, "import __main__, json\n" + CHANNELS)) == channels, "the same channels"

    table.watch(host)  # the new game's host
    played = table.play(the_game_person(), max_actions=2)
    assert played == 2 and table.status()["table"] == second and not table.status()["over"]

    # Back in after a reload with one exchange: each phone reloads, taps "Rejoin" (the spare code it kept), and
    # the host takes the answer it shows where the seat is shown lost — no new code carried to the phone.
    for seat, page in guests.items():
        page.reload()
        page.wait_for_selector("#guest-rejoin", timeout=30_000)
        screenshot(page, f"phones-rejoin-guest-{'ja' if page is other else 'en'}")
        notice = host.locator(f'#notices .notice-action[data-arg="{seat}"]')
        notice.tap()
        host.wait_for_selector("#phones-rejoin-help")
        if seat == 1:
            screenshot(host, "phones-rejoin-host-en")
        page.locator("#guest-rejoin").tap()
        paste_answer(host, answer_shown(page))
        seated(page, "the-game")
        table.watch(page)
    expect(host.locator("#open-phones")).to_have_attribute("aria-label", "Phones: 2 of 2 connected")
    played = table.play(the_game_person(), max_actions=2)
    assert played == 2 and table.status()["table"] == second
    for page in (friend, other):
        history = json.loads(run_python(page, "import __main__, json\njson.dumps([e['id'] for e in "
                                              "__main__.app.services.store.history()])"))
        assert history == [first], "the finished game is in the phone's History"
