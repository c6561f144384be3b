"""A host's reload in one exchange per phone (issue 41): a game of The Game with the host and one phone; the host's
page reloads mid-game; its phones sheet shows its answer to the phone's standing offer (kept in its save), first
and by itself; the phone, whose page did not reload, shows "When Player 1's table is back, scan its code" and
takes that answer by paste (one exchange: nothing carried back to the host); the game goes on by taps. With a
Chromium phone (screenshots of both screens at 375x667, in English and in Japanese: the language switched on both
pages, no new boot), with a Firefox phone (its standing offer is a Firefox offer: the roles of a Firefox host in
docs/multiplayer.md's "Across browsers"), and with a Firefox host whose reloaded page answers a Chromium phone's
standing offer."""
from __future__ import annotations

from tests.browser.conftest import PHONE, open_app, screenshot
from tests.browser.phones import Table, pair_by_paste, run_python, set_up_table, the_game_person

STANDING_SAVED = "id => (JSON.parse(localStorage.getItem('junban.save.' + id) || '{}').standing || []).length === 1"
TEXT_IN = "([selector, text]) => (document.querySelector(selector)?.textContent || '').includes(text)"
FILLED = "selector => (document.querySelector(selector)?.value || '') !== ''"


def reload_mid_game(host, friend, before_taking=None) -> None:
    """Pair, play a few taps, reload the host; the phone takes the host's answer by paste; a few taps more."""
    set_up_table(host, ["person", "phone"])
    assert pair_by_paste(host, friend, "the-game") == 1
    table = Table("the-game", host, {1: friend})
    person = the_game_person()
    table.play(person, max_actions=3)
    table_id = table.status()["table"]
    host.wait_for_function(STANDING_SAVED, arg=table_id, timeout=20_000)  # the phone's standing offer, saved
    mark = table.everyone_heard()

    host.reload()
    host.wait_for_selector('html[data-ready="true"]', state="attached", timeout=90_000)
    friend.wait_for_function(TEXT_IN, arg=["#guest-banner", "When Player 1's table is back, scan its code"],
                             timeout=30_000)
    friend.wait_for_selector("#guest-back-scan")
    host.wait_for_function(FILLED, arg="#phones-back-code", timeout=30_000)
    assert host.locator("#phones-answer").count() == 0, "nothing to bring back to the host"
    table.watch(host)
    assert table.status()["mark"] == mark, "the game resumed where it was"
    if before_taking is not None:
        before_taking()

    friend.fill("#guest-back", host.input_value("#phones-back-code"))  # the one exchange, pasted on the phone
    friend.locator("#guest-back-go").tap()
    friend.wait_for_selector("#guest-link.here", timeout=30_000)
    host.wait_for_function("() => document.querySelector('#open-phones')?.getAttribute('aria-label') === "
                           "'Phones: 1 of 1 connected'", timeout=30_000)
    assert run_python(friend, "__main__.app.services.guest.seat") == 1, "the same seat"
    table.watch(friend)
    table.everyone_heard()
    played = table.play(person, max_actions=4)
    assert played == 4 and table.status()["table"] == table_id and table.status()["mark"] != mark


def test_the_host_reloads_mid_game_and_the_phone_takes_its_answer_by_paste(phone_factory):
    host, friend = phone_factory(2, "#/the-game?players=2")

    def look():
        screenshot(host, "phones-host-reload-host-en")
        screenshot(friend, "phones-host-reload-guest-en")
        for page in (host, friend):
            run_python(page, "import __main__\n__main__.app.dispatch('app:lang', 'ja')")
        friend.wait_for_function(TEXT_IN, arg=["#guest-banner", "卓が戻ったら"])
        host.wait_for_function(TEXT_IN, arg=["#phones-back-help", "再読み込み"])
        screenshot(host, "phones-host-reload-host-ja")
        screenshot(friend, "phones-host-reload-guest-ja")
        for page in (host, friend):
            run_python(page, "import __main__\n__main__.app.dispatch('app:lang', 'en')")

    reload_mid_game(host, friend, look)


def test_a_firefox_phone_takes_the_reloaded_chromium_hosts_answer(firefox_factory, context_factory, server):
    host = open_app(context_factory(viewport=PHONE, has_touch=True).new_page(), server, "#/the-game?players=2")
    friend = firefox_factory("#/")
    reload_mid_game(host, friend)


def test_a_reloaded_firefox_host_answers_a_chromium_phones_standing_offer(firefox_factory, context_factory, server):
    host = firefox_factory("#/the-game?players=2")
    friend = open_app(context_factory(viewport=PHONE, has_touch=True).new_page(), server, "#/")
    reload_mid_game(host, friend)
