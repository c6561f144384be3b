"""Games played each on their own phone to their end, as people play them: browser contexts as phones, each guest
pairing through the app's own screens (a QR code filmed by the phone's camera, or the link opened and the answer
pasted), and every move a tap on the table of the phone whose turn it is. The game is the host's; each phone sees
its seat and the end.

The Game and 23 start from a recorded position near their end (``positions.*_on_phones_near_the_end``: the host
reopens a saved table with its phone seats, which pairs each phone anew): what they test is the pairing, the
phones' turns by taps, the end and result on every phone, and the recorded game's privacy (``no_leak``, over the
whole game's log from the deal), not the first hundred moves. Whole games from the deal on several phones:
tests/net/test_playing_on_phones.py (the same host and guest code over the fake transport, all three games), the
Eleusis test below (a guest deals, from the first move) and tools/bench_phones.py (docs/testing.md)."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser import positions
from tests.browser.conftest import screenshot
from tests.browser.phones import (
    Table, answer_shown, close_sheets, eleusis_person, pair_by_paste, paste_answer, recorded_twin, seat_of_link,
    seated, set_up_table, shown_link, shown_matrix, the_game_person, twenty_three_person)
from tests.net import twins

BLANK = ["0" * 21] * 21  # a camera that films nothing yet


def result_on(page) -> str:
    """The result heading the phone shows over its table at the end."""
    page.wait_for_selector("#sheet-result #end-title", timeout=20_000)
    return page.locator("#sheet-result #end-title").inner_text()


def history_has(page, title: str) -> None:
    """The phone's own History lists the finished game (reached from the result, as a person does)."""
    page.locator('#sheet-result a[href="#/history"]').tap()
    page.wait_for_selector(".recent-game")
    expect(page.locator(".recent-game").first).to_contain_text(title)


def no_leak(table, guest: int, monkeypatch) -> None:
    """The recorded game, twinned for one phone (issue 39): the same bytes whatever that phone may not know."""
    result = recorded_twin(table, guest, monkeypatch)
    assert not twins.leaked(result), twins.describe(result)
    assert result["varied"]["cards moved"] > 0


def test_the_game_three_phones_and_a_bot_to_the_end(phone_factory, camera_phone_factory, server, monkeypatch):
    host, friend = phone_factory(2, "#/")
    positions.open_phones_table(host, server, positions.the_game_on_phones_near_the_end())
    # The first friend films the QR code with Junban's own scanner; the host pastes the answer it shows.
    link = shown_link(host)
    screenshot(host, "phones-the-game-host-code-en")
    filming = camera_phone_factory(shown_matrix(host, link), "#/join")
    screenshot(filming, "phones-the-game-guest-join-en")
    filming.locator("#join-scan").tap()
    code = answer_shown(filming)
    screenshot(filming, "phones-the-game-guest-answer-en")
    paste_answer(host, code)
    seated(filming, "the-game")
    # The second opens the link (as its camera app would) and sends its answer back to paste.
    second = pair_by_paste(host, friend, "the-game")
    assert second == 2
    expect(host.locator("#sheet-phones")).to_have_count(0)  # every phone is there: the pairing sheet closed
    expect(host.locator("#open-phones")).to_have_attribute("aria-label", "Phones: 2 of 2 connected")
    host.select_option("#speed", "instant")

    table = Table("the-game", host, {1: filming, 2: friend})
    person = the_game_person(reckless_after=0)  # the card that jumps furthest: lost with cards still hidden
    table.play(person, until=lambda t: t.status()["to_act"] == 1)  # (the position's first turn is theirs)
    table.everyone_heard()
    screenshot(filming, "phones-the-game-guest-turn-en")
    screenshot(host, "phones-the-game-host-table-en")
    actions = table.play(person, max_actions=300)
    assert table.status()["over"], f"not over after {actions} actions"
    results = {seat: result_on(page) for seat, page in [(0, host), (1, filming), (2, friend)]}
    assert len(set(results.values())) == 1, results
    screenshot(friend, "phones-the-game-guest-result-en")
    for page in (filming, friend):
        history_has(page, "The Game")
    no_leak(table, 2, monkeypatch)


def test_23_four_phones_the_host_scanning_the_answers_in_japanese(phone_factory, camera_phone_factory, server,
                                                                  monkeypatch):
    host = camera_phone_factory(BLANK, "#/", locale="ja-JP")
    friends = phone_factory(3, "#/", locale="ja-JP")
    positions.open_phones_table(host, server, positions.twenty_three_on_phones_near_the_end())
    # Seat 2's friend opens the link; the host films the answer QR code its phone shows.
    link = shown_link(host)
    assert seat_of_link(link) == 1
    screenshot(host, "phones-23-host-code-ja")
    friends[0].goto(link)
    code = answer_shown(friends[0])
    screenshot(friends[0], "phones-23-guest-answer-ja")
    camera_phone_factory.film(host, shown_matrix(friends[0], code))
    host.locator("#phones-scan").tap()
    seated(friends[0], "23")
    seats = {1: friends[0]}
    for friend in friends[1:]:
        seats[pair_by_paste(host, friend, "23")] = friend
    assert sorted(seats) == [1, 2, 3]

    table = Table("23", host, seats)
    person = twenty_three_person()
    table.play(person, until=lambda t: t.status()["to_act"] == 2)  # (the position's first turn is theirs)
    table.everyone_heard()
    screenshot(seats[2], "phones-23-guest-turn-ja")
    screenshot(host, "phones-23-host-table-ja")
    actions = table.play(person, max_actions=200)
    assert table.status()["over"], f"not over after {actions} actions"
    results = [result_on(page) for page in (host, *seats.values())]
    assert len(set(results)) == 1, results
    screenshot(seats[3], "phones-23-guest-result-ja")
    for page in seats.values():
        history_has(page, "23")  # its title is the same in Japanese
    no_leak(table, 1, monkeypatch)


def test_eleusis_five_phones_a_guest_deals_and_a_prophet_judges_from_a_phone(phone_factory, monkeypatch):
    host, *friends = phone_factory(5, "#/eleusis?players=5")
    set_up_table(host, ["person", "phone", "phone", "phone", "phone"], seed="phones-el-1")
    seats = {pair_by_paste(host, friend, "eleusis"): friend for friend in friends}
    assert sorted(seats) == [1, 2, 3, 4]
    table = Table("eleusis", host, seats)
    # The last seat deals first: a friend, who picks the secret rule on their own phone.
    dealer = seats[4]
    expect(dealer.locator("#el-start-round")).to_be_visible()
    screenshot(dealer, "phones-eleusis-guest-dealer-en")
    person = eleusis_person(prophets={1: 0}, wrong_once={0: 0})
    table.play(person, max_actions=5, until=lambda t: t.state("state.phase") == "play")
    assert table.state("state.rule_id") and table.state("state.dealer") == 4
    expect(dealer.locator(".el-secret")).to_be_visible()  # the dealer's phone keeps the rule in view
    for seat in (1, 2, 3):
        expect(seats[seat].locator(".el-secret")).to_have_count(0)  # nobody else's does
    # Seat 2 becomes Prophet from their phone, and judges the others' plays there (the host's wrong card too).
    table.play(person, max_actions=60, until=lambda t: t.state("state.phase") == "prophet_judge")
    assert table.state("state.prophet") == 1
    screenshot(seats[1], "phones-eleusis-guest-prophet-en")
    table.play(person, max_actions=150, until=lambda t: len(t.state("state.rounds")) >= 1)
    calls = table.state("[(e['seat'], e['right'], e['prophet']['judge']) for e in state.rounds[0]['events'] "
                        "if e['type'] == 'play' and 'prophet' in e]")
    assert [0, False, False] in calls, f"the Prophet called the host's wrong card wrong: {calls}"
    assert all(right == judge for _seat, right, judge in calls), "the Prophet judged every play right"
    # The round's end reveals the rule on every phone.
    revealed = table.state("state.rounds[0]['words']['en']")
    for page in (host, *seats.values()):
        expect(page.locator("#sheet-round .el-reveal")).to_have_text(revealed)
    screenshot(seats[2], "phones-eleusis-guest-round-end-en")
    # A whole game of five rounds is played by tools/bench_phones.py --whole-eleusis; here the host stops it (the
    # engine's "stop" action ends the game, each seat that has not dealt scoring 10).
    close_sheets(host, ("round",))
    host.locator("#el-scores").tap()
    host.locator("#el-stop").tap()
    host.locator("#stop-yes").tap()
    results = [result_on(page) for page in (host, *seats.values())]
    assert len(set(results)) == 1, results
    no_leak(table, 1, monkeypatch)
