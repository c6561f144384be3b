"""WebKitGTK, the engine closest to Safari here, as Debian builds it: without WebRTC (issue 40). A table set up with
phone seats says, in the table's very first drawing, that this browser cannot play on several phones, never shows a
pairing code, and goes on with those seats played here; a guest's link opened in it says so on its join screen at
once (within a second). Driven by Selenium's WebKitGTK driver on a virtual display (tests/browser/webkit.py); the
Chromium side by Playwright.

The host learns there is no WebRTC as the table is made (``phones.attach``), so the notice comes with the table
itself: no drawing of the table without it. (Before, it came one drawing later, 0.5-4 s after the table in
WebKitGTK under load, the main thread saving and drawing the table again.)"""
from __future__ import annotations

import pytest

from tests.browser.conftest import ARTIFACTS, PHONE, READY, open_app
from tests.browser.phones import set_up_table, shown_link
from tests.browser.webkit import WebKit, missing

NO_WEBRTC_SAID = "This browser cannot play on several phones"
# Page-clock times (ms) of the table's first drawing and of the no-WebRTC notice, kept by an observer set up before
# Start is tapped.
# Also every drawing of the table in between (``between``) and whether a pairing sheet or code ever showed.
WATCH_HOST = """window.__seen = {between: 0, pairing: false};
new MutationObserver(() => {
  const seen = window.__seen;
  if (document.querySelector('#sheet-phones, #phones-qr, #phones-link')) seen.pairing = true;
  if (!seen.table && document.querySelector('.tg-table, .handover')) seen.table = performance.now();
  if (!seen.notice && [...document.querySelectorAll('.notice')].some((n) => n.textContent.includes(arguments[0]))) {
    seen.notice = performance.now();
  }
  if (seen.table && !seen.notice) seen.between += 1;
}).observe(document, {childList: true, subtree: true, characterData: true});"""
# A guest's join screen, polled: the page clock when the test first saw it, and when it first saw the problem on it
# (an observer from then on). Polled every ~50 ms, the join screen is seen up to a poll late.
WATCH_GUEST = """const seen = window.__seen || {};
if (!seen.join && document.querySelector('.join')) {
  seen.join = performance.now();
  window.__seen = seen;
  const look = () => { if (!seen.problem && document.querySelector('#join-problem')) seen.problem = performance.now(); };
  look();
  new MutationObserver(look).observe(document, {childList: true, subtree: true});
}
return seen.problem ? seen : null;"""


@pytest.fixture(scope="module")
def webkit():
    if missing():
        pytest.fail(f"{', '.join(missing())} missing: run the README's test command, which installs WebKitGTK")
    browser = WebKit()
    yield browser
    browser.close()


def shot(webkit, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    webkit.driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def open_in_webkit(webkit, url: str) -> None:
    webkit.driver.get(url)
    webkit.wait_for(f"return !!document.querySelector('{READY}');", timeout=180)
    assert webkit.run("return typeof window.RTCPeerConnection;") == "undefined", "this WebKitGTK has WebRTC"


def test_a_webkit_host_says_no_webrtc_in_the_tables_first_drawing_and_plays_the_seats_here(webkit, server):
    open_in_webkit(webkit, server.base + "#/the-game?players=3")
    for i, kind in enumerate(["person", "phone", "phone"]):
        webkit.click(f'[data-act="setup:kind"][data-arg="{i}:{kind}"]')
    webkit.run(WATCH_HOST, NO_WEBRTC_SAID)
    webkit.click("#start")
    seen = webkit.wait_for("return window.__seen.notice && window.__seen;", timeout=60)
    assert not seen["pairing"], "a pairing code that could never connect was shown"
    assert seen["between"] == 0 and seen["notice"] - seen["table"] < 1000, f"the table came without the notice: {seen}"
    notice = webkit.run(f"return [...document.querySelectorAll('.notice')].map((n) => n.innerText)"
                        f".find((text) => text.includes('{NO_WEBRTC_SAID}'));")
    assert "Firefox" in notice and "Player 2, Player 3" in notice, notice
    assert webkit.run("return !document.querySelector('#sheet-phones') && !document.querySelector('#open-phones');")
    # The seats are played here: the device is passed round, and the first person's hand comes up at a tap.
    webkit.wait_for("return !!document.querySelector('.handover');", timeout=10)
    shot(webkit, "no-webrtc-host-webkit")
    webkit.click(".handover button")
    webkit.wait_for("return document.querySelectorAll('.tg-table .hand .card').length > 0;", timeout=20)
    assert not webkit.outside_requests()


def test_a_guest_link_opened_in_webkit_says_no_webrtc_at_once(webkit, context_factory, server):
    host = open_app(context_factory(viewport=PHONE, has_touch=True).new_page(), server, "#/the-game?players=2")
    set_up_table(host, ["person", "phone"])
    link = shown_link(host)
    webkit.driver.get("about:blank")  # (else the link, the same page but its hash, would not load the app afresh)
    webkit.driver.get(link)  # as a camera app would open it
    seen = webkit.wait_for(WATCH_GUEST, timeout=180)
    assert seen["problem"] - seen["join"] < 1000, f"the join screen, then the problem at (ms): {seen}"
    text = webkit.run("return document.querySelector('#join-problem').innerText;")
    assert NO_WEBRTC_SAID.lower() in text.lower() and "another browser" in text and "Wi-Fi" not in text, text
    assert webkit.run("return !document.querySelector('#join-code');"), "no answer that could never connect"
    assert webkit.run("return typeof window.RTCPeerConnection;") == "undefined"
    assert webkit.run("return performance.getEntriesByType('navigation')[0].type;") == "navigate"
    shot(webkit, "no-webrtc-guest-webkit")
    assert not webkit.outside_requests()
