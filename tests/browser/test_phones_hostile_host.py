"""A hostile host's page, for real in Chromium (issue 39): a card value that is CSS sent to a guest's page through
the real data channel draws nothing and fetches nothing (the fixtures fail a test on any request leaving
localhost); a stored seat the game cannot have (8 seats at a table of 3) is kept aside with a word when the phone
opens at its address, and the app starts. And the host's own words about a deal that others may know, in English
and Japanese."""
from __future__ import annotations

import json

from tests.browser.conftest import japanese_font_loaded, screenshot
from tests.browser.phones import pair_by_paste, run_python, set_up_table

CSS = "5;background-image:url(https://evil.example/x.png);position:fixed;inset:0;background:red"

SEND_CSS = '''
import __main__
from junban.net import protocol
_host = next(iter(__main__.app.services.hosts.values()))
_link = _host.links[1]
_link.seq_out += 1
_n = len(_host.source.entries())
_host.platform.peer_send(_link.conn, protocol.encode("log", _link.seq_out, entries=[[_n, 0, {"kind": "play",
    "card": %r, "pile": 0, "marks": []}]], **{"from": _n}))
''' % CSS


def test_a_hostile_host_page_can_neither_style_nor_stop_a_guest_phone(phone_factory):
    host, guest = phone_factory(2, "#/the-game?players=3")
    set_up_table(host, ["person", "phone", "bot"], seed="hostile-css")
    assert pair_by_paste(host, guest, "the-game") == 1
    # The host's page says its deal may be known (its seed was typed).
    host.click("#open-phones")
    host.wait_for_selector("#phones-known-deal")
    assert "whoever knows it can work out every hand" in host.inner_text("#phones-known-deal")
    screenshot(host, "phones-known-deal-en")
    host.keyboard.press("Escape")

    # 1. CSS in a card value, through the real channel: left out, said, nothing drawn or fetched.
    run_python(host, SEND_CSS)
    guest.wait_for_selector(".notice:has-text('left out')", timeout=20_000)
    written = guest.evaluate("[...document.querySelectorAll('[style]')].map(e => e.getAttribute('style'))"
                             ".filter(s => /url\\(|background|position|evil/.test(s))")
    assert written == [], written
    assert guest.evaluate("getComputedStyle(document.body).backgroundImage") == "none"
    screenshot(guest, "phones-hostile-css-left-out")

    # 2. The stored seat changed to what the game cannot have: opened at its address, kept aside with a word.
    table = guest.url.split("#/seat/", 1)[1]
    key = f"junban.guest.{table}"
    record = json.loads(guest.evaluate("(key) => localStorage.getItem(key)", key))
    record["welcome"]["seats"] = (record["welcome"]["seats"] * 3)[:8]
    guest.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, json.dumps(record)])
    guest.goto(guest.url.split("#", 1)[0] + f"#/seat/{table}")
    guest.reload()
    guest.wait_for_selector(".notice:has-text('was kept aside')", timeout=60_000)
    assert guest.url.endswith("#/")
    assert guest.evaluate("(key) => localStorage.getItem(key)", key) is None
    assert guest.evaluate("Object.keys(localStorage).some(k => k.startsWith('junban.backup.guest.'))")
    screenshot(guest, "phones-hostile-seat-kept-aside")


def test_the_host_says_whether_its_deal_is_secret_in_english_and_japanese(phone_factory):
    for locale, secret, known in (("en-US", "new secret seed", "which others may know"),
                                  ("ja-JP", "秘密のシード", "ほかの人も知りうるシード")):
        [host] = phone_factory(1, "#/23?players=3", locale=locale)
        host.click("#play-on-phones")
        host.wait_for_selector("#phones-deal")
        assert secret in host.inner_text("#phones-deal")
        if locale == "ja-JP":
            japanese_font_loaded(host, host.inner_text("#phones-deal"))
        screenshot(host, f"phones-secret-deal-{locale[:2]}")
        host.click("#setup-more summary")
        host.fill("#seed", "shared-123")
        host.wait_for_function("(text) => document.querySelector('#phones-deal').innerText.includes(text)",
                               arg=known)
        screenshot(host, f"phones-typed-deal-{locale[:2]}")
