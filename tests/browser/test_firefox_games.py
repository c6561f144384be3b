"""The app in Debian's Firefox ESR (issue 40): it boots, plays a few moves of each game, reloads and reopens with
the server stopped; a whole game of 23 is played with a Firefox host and two Chromium guests, through the app's own
screens (link opened, answer pasted), every move a tap on the phone of its seat, then *New deal* carries both
phones to the next game over the channels already open and a phone that reloads is back with one exchange (issue
41's rematch and spare code, with a Firefox host); and a Firefox guest at a Chromium host is sent nothing its seat
may not know (the twin-deal check of tests/net/twins.py over the game it played)."""
from __future__ import annotations

from tests.browser.conftest import PHONE, READY, Server, open_app
from tests.browser.phones import (
    TABLES, Table, answer_shown, pair_by_paste, paste_answer, recorded_twin, seated, set_up_table, twenty_three_person)
from tests.net import twins

DRAW_LEFT = "() => document.querySelector('.draw-count')?.textContent"


def test_firefox_plays_each_game_reloads_and_reopens_offline(firefox_factory, dist_dir):
    server = Server(dist_dir)
    try:
        page = firefox_factory("#/the-game?players=1&seed=firefox-smoke", base=server.base)
        page.wait_for_selector(".tg-table")
        for _ in range(2):  # two cards, each on a pile that takes it
            page.locator(".hand .card").first.click()
            page.locator(".pile.legal").first.click()
        page.wait_for_function("() => document.querySelectorAll('.hand .card').length === 6")
        game_address = page.evaluate("location.href")

        page.goto(server.base + "#/23?players=2&bots=1&seed=firefox-smoke")
        page.wait_for_selector(".tt-table.my-turn")
        for card in page.locator(".tt-hand .tt-card").all()[-3:]:  # three high cards (the 1 is never discarded)
            card.click()
        page.click("#tt-discard")
        page.wait_for_selector("#tt-discard", state="detached")

        page.goto(server.base + "#/eleusis?players=3&bots=2&seed=firefox-smoke")
        page.wait_for_selector(".el-table.my-turn", timeout=60_000)  # the bot dealer picks its rule first
        page.click("#el-no-play")
        page.click("#no-play-yes")
        page.wait_for_function("() => !document.querySelector('.el-table.my-turn')")

        page.goto(game_address)  # back to The Game, then the page reloaded: the game is where it was
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=90_000)
        page.wait_for_function("() => document.querySelectorAll('.hand .card').length === 6")
        page.wait_for_function("""async () => {
            const registration = await navigator.serviceWorker.ready;
            return registration.active && registration.active.state === "activated";
        }""", timeout=60_000)
        server.stop()
        page.reload()  # offline: the service worker serves the whole app
        page.wait_for_selector(READY, state="attached", timeout=90_000)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        page.wait_for_function("() => document.querySelectorAll('.hand .card').length === 6")
        page.locator(".hand .card").first.click()
        page.locator(".pile.legal").first.click()
        page.wait_for_function("() => document.querySelectorAll('.hand .card').length === 5")
    finally:
        server.stop()


def test_a_whole_game_of_23_with_a_firefox_host_and_two_chromium_guests(firefox_factory, context_factory, server):
    host = firefox_factory("#/23?players=3")
    guests = {}
    set_up_table(host, ["person", "phone", "phone"], seed="firefox-host-23")
    for _ in range(2):
        guest = open_app(context_factory(viewport=PHONE, has_touch=True).new_page(), server)
        seat = pair_by_paste(host, guest, "23")
        guests[seat] = guest
    assert sorted(guests) == [1, 2]
    table = Table("23", host, guests)
    actions = table.play(twenty_three_person(), max_actions=800)
    status = table.status()
    assert status["over"], f"not over after {actions} actions"
    table.everyone_heard()
    for guest in guests.values():
        guest.wait_for_selector("#sheet-result")

    # The evening goes on: one tap on New deal carries both Chromium phones to their seats of the next game over the
    # channels already open (no code, no paste) ...
    first = status["table"]
    host.wait_for_selector("#sheet-result #new-deal")
    host.locator("#sheet-result #new-deal").click()
    host.wait_for_url("**#/play/*")
    second = host.evaluate("() => location.hash").rsplit("/", 1)[1]
    assert second != first
    for guest in guests.values():
        guest.wait_for_url(f"**#/seat/{second}", timeout=30_000)
        guest.wait_for_selector(TABLES["23"], timeout=30_000)
    table.watch(host)
    assert table.play(twenty_three_person(), max_actions=2) == 2 and table.status()["table"] == second
    # ... and a phone that reloads is back with one exchange: its Rejoin answers the spare code the Firefox host
    # made for it over the channel (a Firefox offer, whose addresses Firefox hides until it has the answer).
    guest = guests[1]
    guest.reload()
    guest.wait_for_selector("#guest-rejoin", timeout=30_000)
    host.locator('#notices .notice-action[data-arg="1"]').click()
    host.wait_for_selector("#phones-rejoin-help")
    guest.locator("#guest-rejoin").tap()
    paste_answer(host, answer_shown(guest))
    seated(guest, "23")
    table.watch(guest)
    assert table.play(twenty_three_person(), max_actions=2) == 2 and table.status()["table"] == second


def test_a_firefox_guest_is_sent_nothing_its_seat_may_not_know(firefox_factory, context_factory, server, monkeypatch):
    host = open_app(context_factory(viewport=PHONE, has_touch=True).new_page(), server, "#/23?players=3")
    set_up_table(host, ["person", "phone", "bot"], seed="firefox-guest-twin")
    guest = firefox_factory()
    assert pair_by_paste(host, guest, "23") == 1
    host.select_option("#speed", "instant")
    table = Table("23", host, {1: guest})
    actions = table.play(twenty_three_person(), max_actions=400)
    assert table.status()["over"], f"not over after {actions} actions"
    table.everyone_heard()
    guest.wait_for_selector("#sheet-result")
    # The whole game (the twin replays a finished one) as the host recorded it, twinned for the Firefox phone: what it was sent is the same, byte for byte,
    # whatever its seat may not know (the other hands, the bot's and the host's secret discards, the deal's seed).
    result = recorded_twin(table, 1, monkeypatch)
    assert not twins.leaked(result), twins.describe(result)
    assert result["varied"]["cards moved"] > 0 and result["varied"]["discards"] > 0, result["varied"]
