"""A browser without WebRTC (WebKitGTK as Debian builds it; here Chromium with RTCPeerConnection taken away) says so
on the host's and the guest's screens within a second, with what to do instead, and the host's table goes on with
those seats played here (issue 40)."""
from __future__ import annotations

import time

from tests.browser.conftest import PHONE, open_app, screenshot
from tests.browser.phones import set_up_table, shown_link

NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"
# When the join screen and its problem first appear (page clock, ms): from the page's first moment on.
SEEN = """new MutationObserver(() => {
  if (!window.__joinSeen && document.querySelector(".join")) window.__joinSeen = performance.now();
  if (!window.__problemSeen && document.querySelector("#join-problem")) window.__problemSeen = performance.now();
}).observe(document, {childList: true, subtree: true});"""


def phone(context_factory, server, hash_text: str, webrtc: bool = True):
    context = context_factory(viewport=PHONE, has_touch=True)
    if not webrtc:
        context.add_init_script(NO_WEBRTC + SEEN)
    return open_app(context.new_page(), server, hash_text)


def test_a_host_without_webrtc_says_so_within_a_second_and_plays_the_seats_here(context_factory, server):
    host = phone(context_factory, server, "#/the-game?players=3", webrtc=False)
    messages = []
    host.on("console", lambda msg: messages.append(msg.text))
    for i, kind in enumerate(["person", "phone", "phone"]):
        host.click(f'[data-act="setup:kind"][data-arg="{i}:{kind}"]')
    host.click("#start")
    started = time.monotonic()
    notice = host.locator(".notice", has_text="This browser cannot play on several phones").first
    notice.wait_for(timeout=5_000)
    assert time.monotonic() - started < 1.0 + 0.5, "said within a second (half a second for the test's own calls)"
    assert notice.is_visible() and "Firefox" in notice.inner_text()
    assert not host.locator("#sheet-phones").count() and not host.locator("#open-phones").count()
    # the game goes on at this device: three people now pass it around, so it asks for the first of them
    host.wait_for_selector(".handover, .tg-table")
    assert any("no-webrtc" in m for m in messages), f"the transport's error reached the console: {messages}"
    screenshot(host, "no-webrtc-host-phone")


def test_a_guest_without_webrtc_says_so_within_a_second(context_factory, server):
    host = phone(context_factory, server, "#/the-game?players=2")
    set_up_table(host, ["person", "phone"])
    link = shown_link(host)
    guest = phone(context_factory, server, link[len(server.base):], webrtc=False)  # the link opened
    problem = guest.locator("#join-problem")
    problem.wait_for(timeout=10_000)
    seen = guest.evaluate("() => [window.__joinSeen ?? null, window.__problemSeen ?? null]")
    assert None not in seen and seen[1] - seen[0] < 1000, f"the join screen, then the problem at (ms): {seen}"
    text = problem.inner_text()
    assert "cannot play on several phones" in text and "another browser" in text and "Wi-Fi" not in text
    assert not guest.locator("#join-code").count(), "no answer that could never connect"
    screenshot(guest, "no-webrtc-guest-phone")
