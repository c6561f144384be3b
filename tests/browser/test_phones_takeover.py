"""Leaving and takeover (issue 41) in real browsers: The Game on a host and three phones. Mid-game one friend leaves
from their phone (asked first) and the host reads "Player 2 left", a bot taking the seat in one tap from that
notice; the host gives a second phone's seat to a bot from *Who plays each seat* (that phone is told so in words
and cannot act); the third phone's page closes and its seat, shown lost, goes to a bot in one tap. The bots play
from their seats at once and the game ends; its log replays to the same result. Screenshots (phone, EN and JA):
the seat switch, the "left" notice, the lost seat's one-tap bot, the guest told its seat went to a bot."""
from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.phones import Table, pair_by_paste, run_python, set_up_table, the_game_person

SEATS = "json.dumps([s.to_json() for s in next(iter(__main__.app.services.hosts.values())).session.seats])"
REPLAYED = """
from junban.session import Session
session = next(iter(__main__.app.services.hosts.values())).session
saved = __main__.app.services.store.read_save(session.id)
json.dumps([Session.from_record(saved).outcome == session.outcome, len(saved["actions"]), session.is_over])
"""


def in_language(page, lang: str) -> None:
    run_python(page, f"import __main__\n__main__.app.dispatch('app:lang', '{lang}')")


def seats(host) -> list[dict]:
    return json.loads(run_python(host, "import __main__, json\n" + SEATS))


def test_friends_leave_or_lose_their_phone_and_bots_take_their_seats_until_the_game_ends(phone_factory):
    host, ben, dan = phone_factory(3, "#/the-game?players=4")
    (carla,) = phone_factory(1, "#/", locale="ja-JP")
    set_up_table(host, ["person", "phone", "phone", "phone"])
    guests = {}
    for page in (ben, carla, dan):
        guests[pair_by_paste(host, page, "the-game")] = page
    by_page = {id(page): seat for seat, page in guests.items()}
    expect(host.locator("#open-phones")).to_have_attribute("aria-label", "Phones: 3 of 3 connected")
    table = Table("the-game", host, guests)
    assert table.play(the_game_person(), max_actions=2) == 2  # mid-game

    # 1. A friend leaves: asked first, then the host reads that they left (not "not answering").
    seat = by_page[id(ben)]
    ben.locator("#open-menu").tap()
    ben.locator('[data-act="seat:leave"]').tap()
    expect(ben.locator("#sheet-leave .confirm-text")).to_contain_text("is told you left")
    ben.locator("#leave-yes").tap()
    ben.wait_for_url("**#/")
    notice = host.locator(f'#notices .notice-error:has([data-act="phones:to-bot"][data-arg="{seat}"])')
    expect(notice).to_contain_text(f"Player {seat + 1} left the table.")
    expect(host.locator(".phone-mark.away").first).to_have_attribute("title", "left the table")
    screenshot(host, "phones-left-host-en")
    in_language(host, "ja")
    expect(notice).to_contain_text("卓を離れました")
    screenshot(host, "phones-left-host-ja")
    in_language(host, "en")
    notice.locator('[data-act="phones:to-bot"]').tap()  # one tap
    expect(notice).to_have_count(0)
    assert seats(host)[seat]["kind"] == "bot"
    del table.guests[seat]

    # 2. The host gives the Japanese friend's seat to a bot from "Who plays each seat".
    seat = by_page[id(carla)]
    host.locator("#open-phones").tap()
    host.locator("#phones-seats").tap()
    host.wait_for_selector("#sheet-phones-setup")
    expect(host.locator(f"#seat-{seat}-phone")).to_have_attribute("aria-pressed", "true")
    screenshot(host, "phones-seats-host-en")
    in_language(host, "ja")
    expect(host.locator("#sheet-phones-setup h2")).to_have_text("各席を誰が遊ぶか")
    screenshot(host, "phones-seats-host-ja")
    in_language(host, "en")
    host.locator(f"#seat-{seat}-bot").tap()
    host.locator("#phones-apply").tap()
    expect(carla.locator("#guest-banner")).to_contain_text("ボットに任せました", timeout=20_000)
    expect(carla.locator(".table-frame.guest-away")).to_have_attribute("inert", "")
    screenshot(carla, "phones-to-bot-guest-ja")
    in_language(carla, "en")
    expect(carla.locator("#guest-banner")).to_contain_text("The host gave your seat to a bot")
    screenshot(carla, "phones-to-bot-guest-en")
    assert seats(host)[seat]["kind"] == "bot"
    del table.guests[seat]

    # 3. The last phone's page closes: shown lost, and a bot takes the seat in one tap from that notice.
    seat = by_page[id(dan)]
    dan.close()
    notice = host.locator(f'#notices .notice-error:has(.notice-more[data-arg="{seat}"])')
    expect(notice).to_contain_text("not answering", timeout=20_000)
    screenshot(host, "phones-lost-host-en")
    in_language(host, "ja")
    expect(notice.locator(".notice-more")).to_have_text("ボットに任せる")
    screenshot(host, "phones-lost-host-ja")
    in_language(host, "en")
    notice.locator(".notice-more").tap()
    del table.guests[seat]
    assert [s["kind"] for s in seats(host)] == ["person", "bot", "bot", "bot"]

    # The bots play from their seats and the game ends; its log replays to the same result.
    host.select_option("#speed", "instant")  # (as a person would, to see the end sooner)
    table.play(the_game_person(reckless_after=0), max_actions=400)
    assert table.status()["over"]
    replayed, moves, over = json.loads(run_python(host, "import __main__, json\n" + REPLAYED))
    assert replayed and over and moves > 2
