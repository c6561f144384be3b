"""The transport between phones, for real in Chromium: browser contexts as phones connect through assets/peer.js,
driven through the app's own platform (BrowserPlatform) and paired by codes that junban.net.sdp packs and unpacks
in the page's Pyodide; and a second Chromium process whose fake camera films the host's QR code reads it
(assets/qr.js) and pairs from it."""
from __future__ import annotations

import json
import re

from tests.browser.phones import Phone, pair

EXTRA = bytes(range(24))  # the app's own bytes in an offer (table id, seat, game): 24, as the protocol plans
GAME = "#/the-game"  # a page opened there has the later archive (junban.net) in at once


def test_two_phones_pair_by_codes_and_talk_both_ways(phone_factory):
    host, guest = (Phone(page) for page in phone_factory(2, GAME))
    paired = pair(host, guest, EXTRA)
    h, g = paired["host"], paired["guest"]
    # the answer carries the guest's candidates (two mDNS names: ~130 characters without the app's 7 bytes)
    assert len(paired["offer_token"]) <= 170 and len(paired["answer_token"]) <= 140
    assert guest.py("_peer_probe.extra.hex()") == EXTRA.hex()
    offer = host.events(h, "offer")[0][2]
    assert re.search(r"a=candidate:\S+ 1 udp \d+ [0-9a-f-]{36}\.local \d+ typ host", offer), \
        "the host's addresses are mDNS names, as a phone gives them"
    assert [e[2] for e in host.events(h, "state")][:2] == ["connecting", "connected"]

    assert host.send(h, "hello, 順番 ✓")
    assert guest.wait_event(g, "message")[0][2] == "hello, 順番 ✓"
    assert guest.send(g, json.dumps({"seq": 1, "intent": "play"}))
    assert json.loads(host.wait_event(h, "message")[0][2]) == {"seq": 1, "intent": "play"}
    for n in range(2, 42):
        assert host.send(h, f"view {n}")
    received = [e[2] for e in guest.wait_event(g, "message", count=41)]
    assert received[1:] == [f"view {n}" for n in range(2, 42)], "in order, none lost"
    assert not host.py(f"_peer_probe.platform.peer_send({h!r}, 'x' * 300_000)"), "longer than the channel takes"
    assert not host.send("p999", "to nobody")

    closing_at = guest.page.evaluate("performance.timeOrigin + performance.now()")
    guest.page.close()  # the guest's page goes away: pagehide closes its connections
    closed = host.wait_event(h, "closed", timeout_ms=5_000)
    heard_after = host.page.evaluate("performance.timeOrigin") + closed[0][3] - closing_at
    assert heard_after < 2_000, f"the host heard of it {heard_after:.0f} ms later"
    assert not host.send(h, "anyone there?")


def test_a_bad_answer_is_refused_and_a_guest_that_vanishes_is_lost_within_twenty_seconds(phone_factory):
    host, guest = (Phone(page) for page in phone_factory(2, GAME))
    h = host.py("_peer_probe.host('')")
    host.wait_event(h, "offer")
    host.py(f"_peer_probe.platform.peer_answer({h!r}, 'v=0 and nothing else')")
    assert host.wait_event(h, "error")[0][2] == "bad-answer"
    bad = guest.py("_peer_probe.platform.peer_guest('not an offer', _peer_probe.on_event)")
    assert guest.wait_event(bad, "error")[0][2] == "bad-offer"
    guest.py(f"_peer_probe.platform.peer_close({bad!r})")

    g = guest.py(f"_peer_probe.guest({host.py(f'_peer_probe.offer_token({h!r})')!r})")
    guest.wait_event(g, "answer")
    host.py(f"_peer_probe.accept({h!r}, {guest.py(f'_peer_probe.answer_token({g!r})')!r})")
    host.wait_event(h, "open")  # the right answer after a wrong one still connects
    guest.wait_event(g, "open")

    vanished_at = host.page.evaluate("performance.now()")
    try:  # its renderer dies: no pagehide, nothing said, as a phone gone out of reach or out of battery
        guest.page.goto("chrome://crash", timeout=10_000)
    except Exception:  # noqa: BLE001 - Playwright reports the navigation that never finished
        pass
    failed = host.wait_event(h, "closed", timeout_ms=25_000)[0][3]
    states = [e[2] for e in host.events(h, "state")]
    assert states[-2:] == ["disconnected", "failed"], states
    assert failed - vanished_at < 20_000


def test_a_guest_reads_the_hosts_qr_code_with_its_camera_and_pairs(phone_factory, camera_phone_factory):
    [host_page] = phone_factory(1, GAME)
    host = Phone(host_page)
    h = host.py(f"_peer_probe.host({EXTRA.hex()!r})")
    host.wait_event(h, "offer")
    token = host.py(f"_peer_probe.offer_token({h!r})")
    rows = json.loads(host.py(f"json.dumps(_peer_probe.platform.qr_matrix({token!r}))"))
    version = (len(rows) - 17) // 4
    assert len(rows) == 17 + 4 * version and 1 <= version <= 10, f"QR version {version} for {len(token)} characters"

    guest = Phone(camera_phone_factory(rows, GAME))
    guest.page.evaluate("""() => document.body.append(Object.assign(document.createElement("video"),
        { id: "pair-camera", width: 320, height: 240 }))""")
    guest.py("_peer_probe.scan('pair-camera')")
    guest.wait("_peer_probe.scanned", timeout_ms=15_000)
    scanned = json.loads(guest.py("json.dumps(_peer_probe.scanned)"))
    assert scanned[0][:2] == ["text", token]
    assert guest.page.evaluate("typeof BarcodeDetector + ' ' + typeof jsQR") == "undefined function", "read by jsQR"
    guest.page.wait_for_timeout(600)  # several more frames of the same code
    assert len(json.loads(guest.py("json.dumps(_peer_probe.scanned)"))) == 1, "a code is read once"
    guest.py("_peer_probe.platform.scan_stop()")
    assert guest.page.evaluate("document.getElementById('pair-camera').srcObject") is None

    g = guest.py(f"_peer_probe.guest({token!r})")
    guest.wait_event(g, "answer")
    host.py(f"_peer_probe.accept({h!r}, {guest.py(f'_peer_probe.answer_token({g!r})')!r})")
    host.wait_event(h, "open")
    guest.wait_event(g, "open")
    assert guest.py("_peer_probe.extra.hex()") == EXTRA.hex()
    assert guest.send(g, "seated")
    assert host.wait_event(h, "message")[0][2] == "seated"


def test_pairing_code_loads_on_demand_says_no_camera_and_keeps_the_screen_on(phone_factory, dist_dir):
    [page] = phone_factory(1, GAME)
    loaded = "performance.getEntriesByType('resource').map(e => e.name).filter(n => /peer|qr/i.test(n))"
    assert page.evaluate(loaded) == [], "nothing of pairing is loaded with a screen"
    assert page.evaluate("typeof window.junbanPeer") == "undefined"
    phone = Phone(page)  # loads them through the platform
    assert {name.rsplit("/", 1)[1] for name in page.evaluate(loaded)} == {"peer.js", "qr.js", "qrcode.mjs"}
    precached = {path for path, _ in json.loads(re.search(r"const FILES = (\[.*?\]);", (dist_dir / "sw.js").read_text(),
                                                          re.S).group(1))}
    assert {"assets/peer.js", "assets/qr.js", "vendor/qr/qrcode.mjs", "vendor/qr/jsQR.js"} <= precached

    page.evaluate("() => document.body.append(Object.assign(document.createElement('video'), { id: 'cam' }))")
    phone.py("_peer_probe.scan('cam')")  # the main browser has no camera at all
    phone.wait("_peer_probe.scanned")
    assert json.loads(phone.py("json.dumps(_peer_probe.scanned)"))[0][:2] == ["error", "no-camera"]
    phone.py("_peer_probe.platform.scan_stop(); _peer_probe.platform.scan_stop()")

    state = "window.junbanPeer.wakeLockState()"
    assert page.evaluate(state) == "off"
    phone.py("_peer_probe.platform.wake_lock(True)")
    page.wait_for_function(f"{state} === 'held'")
    phone.py("_peer_probe.platform.wake_lock(False)")
    assert page.evaluate(state) == "off"
    page.evaluate("Object.defineProperty(Navigator.prototype, 'wakeLock', { get: () => undefined })")
    phone.py("_peer_probe.platform.wake_lock(True)")  # a browser without Wake Lock: nothing thrown
    assert page.evaluate(state) == "unsupported"


def test_the_tools_of_docs_multiplayer_run(browser, dist_dir, tmp_path):
    """Smoke runs of tools/record_sdp.py (the SDP samples) and tools/bench_peer.py (the measurements)."""
    from tools import bench_peer, record_sdp

    from junban.net.sdp import pack_answer, pack_offer

    record_sdp.record(tmp_path, browser.browser_type)
    recorded = sorted(path.name for path in tmp_path.glob("*.sdp"))
    assert recorded == [f"chromium-{kind}-{side}.sdp" for kind in ("mdns", "raw") for side in ("answer", "offer")]
    assert pack_offer((tmp_path / "chromium-raw-offer.sdp").read_text()) and pack_answer(
        (tmp_path / "chromium-mdns-answer.sdp").read_text())

    result = bench_peer.measure(dist_dir, pairings=1, pings=3, chromium=browser.browser_type)
    # pairing codes v2 (docs/multiplayer.md): an offer within 201 characters, an answer with its own candidates
    # within 160, both within one QR code of version 10 at level M
    assert result["token_chars"]["offer"] <= 201 and result["token_chars"]["answer"] <= 160
    assert result["round_trip_ms"]["max"] > 0 and result["pair_ms"]["p50"] > 0
    assert result["qr_version"]["offer"]["M"] >= result["qr_version"]["offer"]["L"]
    assert result["scan_to_read_ms"]["max"] > 0 and result["jsqr_frame_ms"] > 0
