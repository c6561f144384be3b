"""A host's reload in one exchange per phone (issue 41), in Chromium: a game of The Game with the host and one
phone; the host's page reloads mid-game; its phones sheet shows its answer to the phone's standing offer (kept in
its save), first and by itself; the phone, whose page did not reload, shows "When Player 1's table is back, scan
its code" and takes that answer by paste (one exchange: nothing carried back to the host); the game goes on by
taps. Screenshots of both screens at 375x667, in English and in Japanese (the language switched on both pages, no
new boot)."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import screenshot
from tests.browser.phones import Table, pair_by_paste, run_python, set_up_table, the_game_person


def test_the_host_reloads_mid_game_and_the_phone_takes_its_answer_by_paste(phone_factory):
    host, friend = phone_factory(2, "#/the-game?players=2")
    set_up_table(host, ["person", "phone"])
    assert pair_by_paste(host, friend, "the-game") == 1
    table = Table("the-game", host, {1: friend})
    person = the_game_person()
    table.play(person, max_actions=3)
    table_id = table.status()["table"]
    host.wait_for_function(  # the phone's standing offer, in the host's save
        "id => (JSON.parse(localStorage.getItem('junban.save.' + id) || '{}').standing || []).length === 1",
        arg=table_id, timeout=20_000)
    mark = table.everyone_heard()

    host.reload()
    host.wait_for_selector('html[data-ready="true"]', timeout=90_000)
    back = friend.locator("#guest-banner")
    expect(back).to_contain_text("When Player 1's table is back, scan its code")
    expect(friend.locator("#guest-back-scan")).to_be_visible()
    code = host.locator("#phones-back-code")
    expect(code).not_to_have_value("", timeout=30_000)
    expect(host.locator("#phones-answer")).to_have_count(0)  # nothing to bring back here
    table.watch(host)
    assert table.status()["mark"] == mark, "the game resumed where it was"
    screenshot(host, "phones-host-reload-host-en")
    screenshot(friend, "phones-host-reload-guest-en")
    for page in (host, friend):
        run_python(page, "import __main__\n__main__.app.dispatch('app:lang', 'ja')")
    expect(friend.locator("#guest-banner")).to_contain_text("卓が戻ったら")
    expect(host.locator("#phones-back-help")).to_contain_text("再読み込み")
    screenshot(host, "phones-host-reload-host-ja")
    screenshot(friend, "phones-host-reload-guest-ja")
    for page in (host, friend):
        run_python(page, "import __main__\n__main__.app.dispatch('app:lang', 'en')")

    friend.fill("#guest-back", code.input_value())  # the one exchange: the host's code, pasted on the phone
    friend.locator("#guest-back-go").tap()
    expect(friend.locator("#guest-link.here")).to_be_visible(timeout=30_000)
    expect(host.locator("#open-phones")).to_have_attribute("aria-label", "Phones: 1 of 1 connected")
    assert run_python(friend, "__main__.app.services.guest.seat") == 1, "the same seat"
    table.watch(friend)
    table.everyone_heard()
    played = table.play(person, max_actions=4)
    assert played == 4 and table.status()["table"] == table_id and table.status()["mark"] != mark
