#!/usr/bin/env python3
"""The transport between phones, measured in headless Chromium: pairing, round trip, code sizes, QR versions, and
reading a QR code from the camera.

    python3 tools/bench_peer.py [--pairings 10] [--pings 200] [--dist DIR]

Builds dist/ into a temporary folder (or uses --dist), serves it on 127.0.0.1, and opens two phones (browser
contexts of one Chromium, as the browser tests do: tests/browser/phones.py) on the app. Then:

- pairing, ``--pairings`` times: the host's offer (``gather``: from asking to the offer, its addresses
  gathered), the guest's answer (``answer``), and from the host taking the answer to the channel open on both
  phones (``open``), the codes packed and unpacked by junban.net.sdp in the pages' Pyodide; the time a person
  takes to carry a code across is not in it;
- round trip: ``--pings`` messages, one at a time, host -> guest -> host, each sent and answered by Python through
  the app's platform (BrowserPlatform.peer_send, the events of assets/peer.js): what a move and its answer cost;
- code sizes (an offer with its two mDNS candidates and 24 bytes of the app's, an answer) and the QR version of
  each, at the level assets/qr.js uses (M) and at L, alone and inside a 40-character link;
- the camera: a second Chromium process whose fake camera films the host's offer QR code (as
  tests/browser/test_peer_transport.py): from starting a scan to the code read, 5 times, and jsQR's time on one
  640x480 frame (median of 20).

Prints a table, then one JSON line (junban.bench.common.print_result). Times are wall clock in the pages (ms):
quote the machine's load beside them.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from junban.bench.common import print_result  # noqa: E402
from tests.browser.conftest import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, FAKE_CAMERA_ARGS, PHONE, READY, Server)
from tests.browser.phones import Phone, pair, write_qr_y4m  # noqa: E402
from tools.browser_timing import given_or_built  # noqa: E402

GAME = "#/the-game"
EXTRA = bytes(range(24))
LINK = "https://someone.github.io/junban/#/pair/"  # 40 characters: a code inside a link to the app

# Python for the two pages: the guest answers every "ping n" with "pong n"; the host sends the next ping when a pong
# arrives, and notes the time of each round.
ECHO = '''
def _echo(conn_id, kind, data, _inner=_peer_probe.on_event):
    _inner(conn_id, kind, data)
    if kind == "message" and data.startswith("ping"):
        _peer_probe.platform.peer_send(conn_id, "pong" + data[4:])
_peer_probe.on_event = _echo
'''
PINGER = '''
class _Pinger:
    def __init__(self):
        self.conn_id, self.count, self.rounds, self.sent_at = None, 0, [], None
        _inner = _peer_probe.on_event
        def on_event(conn, kind, data):  # set before pairing: a connection keeps the callback it was opened with
            _inner(conn, kind, data)
            if conn == self.conn_id and kind == "message" and data.startswith("pong"):
                self.rounds.append(_peer_probe.now() - self.sent_at)
                self.next()
        _peer_probe.on_event = on_event
    def start(self, conn_id, count):
        self.conn_id, self.count = conn_id, count
        self.next()
    def next(self):
        if len(self.rounds) < self.count:
            self.sent_at = _peer_probe.now()
            _peer_probe.platform.peer_send(self.conn_id, f"ping {len(self.rounds)}")
_pinger = _Pinger()
'''
# QR versions at another level than assets/qr.js's, from the same vendored encoder.
VERSION_AT = """async ([text, level]) => {
  const { default: qrcode } = await import("./vendor/qr/qrcode.mjs");
  const code = qrcode(0, level); code.addData(text, "Byte"); code.make();
  return (code.getModuleCount() - 17) / 4;
}"""
JSQR_FRAME = """async () => {
  const video = document.getElementById("bench-camera");
  const canvas = Object.assign(document.createElement("canvas"), { width: 640, height: 480 });
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const times = [];
  for (let i = 0; i < 20; i++) {
    context.drawImage(video, 0, 0, 640, 480);
    const t = performance.now();
    const code = jsQR(context.getImageData(0, 0, 640, 480).data, 640, 480, { inversionAttempts: "dontInvert" });
    times.push(performance.now() - t);
    if (!code) throw new Error("jsQR read nothing");
  }
  return times.sort((a, b) => a - b)[10];
}"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def open_phone(browser, server, **context_args) -> Phone:
    page = browser.new_context(viewport=PHONE, has_touch=True, **context_args).new_page()
    page.goto(server.base + GAME)
    page.wait_for_selector(READY, timeout=180_000)
    return Phone(page)


def qr_version(phone: Phone, text: str) -> int:
    return (len(json.loads(phone.py(f"json.dumps(_peer_probe.platform.qr_matrix({text!r}))"))) - 17) // 4


def measure(dist: Path, pairings: int, pings: int, chromium=None) -> dict:
    """The measurements on ``dist``; ``chromium``: a Playwright browser type to launch from (one is started)."""
    if chromium is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            return measure(dist, pairings, pings, p.chromium)
    server = Server(dist)
    launched = []
    try:
        browser = chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        launched.append(browser)
        host, guest = open_phone(browser, server), open_phone(browser, server)
        steps = []
        for _ in range(pairings):
            paired = pair(host, guest, EXTRA)
            steps.append(paired)
            host.py(f"_peer_probe.platform.peer_close({paired['host']!r})")
            guest.wait_event(paired["guest"], "closed")
        guest.py(ECHO)
        host.py(PINGER)
        paired = pair(host, guest, EXTRA)
        host.py(f"_pinger.start({paired['host']!r}, {pings})")
        host.wait(f"len(_pinger.rounds) >= {pings}", timeout_ms=120_000)
        rounds = json.loads(host.py("json.dumps(_pinger.rounds)"))
        offer, answer = paired["offer_token"], paired["answer_token"]
        sizes = {"offer": len(offer), "answer": len(answer)}
        versions = {}
        for name, text in (("offer", offer), ("answer", answer), ("offer in link", LINK + offer),
                           ("answer in link", LINK + answer)):
            versions[name] = {"M": qr_version(host, text), "L": host.page.evaluate(VERSION_AT, [text, "L"])}
            assert versions[name]["M"] == host.page.evaluate(VERSION_AT, [text, "M"])

        rows = json.loads(host.py(f"json.dumps(_peer_probe.platform.qr_matrix({offer!r}))"))
        with tempfile.TemporaryDirectory() as folder:
            frame = write_qr_y4m(Path(folder) / "offer.y4m", rows)
            camera_browser = chromium.launch(executable_path=CHROMIUM, args=[
                *CHROMIUM_ARGS, *FAKE_CAMERA_ARGS, f"--use-file-for-fake-video-capture={frame}"])
            launched.append(camera_browser)
            camera = open_phone(camera_browser, server, permissions=["camera"])
            camera.page.evaluate("""() => document.body.append(Object.assign(document.createElement("video"),
                { id: "bench-camera", width: 320, height: 240 }))""")
            reads = []
            for _ in range(5):
                started = camera.py("_peer_probe.now()")
                camera.py("_peer_probe.scan('bench-camera')")
                camera.wait("_peer_probe.scanned", timeout_ms=30_000)
                kind, text, at = json.loads(camera.py("json.dumps(_peer_probe.scanned[0])"))
                assert (kind, text) == ("text", offer), (kind, text)
                reads.append(at - started)
                if len(reads) < 5:
                    camera.py("_peer_probe.platform.scan_stop()")
            camera.page.wait_for_function("document.getElementById('bench-camera').readyState >= 2")
            jsqr_frame = camera.page.evaluate(JSQR_FRAME)
            camera.py("_peer_probe.platform.scan_stop()")
        version = browser.version
    finally:
        for process in launched:
            process.close()
        server.stop()

    def summary(values):
        return {"p50": round(statistics.median(values), 1), "p95": round(percentile(values, 95), 1),
                "max": round(max(values), 1)}

    return {
        "chromium": version, "pairings": pairings, "pings": pings,
        "gather_ms": summary([s["gather"] for s in steps]), "answer_ms": summary([s["answer"] for s in steps]),
        "open_ms": summary([s["open"] for s in steps]),
        "pair_ms": summary([s["gather"] + s["answer"] + s["open"] for s in steps]),
        "round_trip_ms": summary(rounds), "token_chars": sizes, "qr_version": versions,
        "scan_to_read_ms": summary(reads), "jsqr_frame_ms": round(jsqr_frame, 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairings", type=int, default=10)
    parser.add_argument("--pings", type=int, default=200)
    parser.add_argument("--dist", type=Path, help="a built dist/ to use (default: build one)")
    args = parser.parse_args(argv)
    load_before = [round(x, 2) for x in os.getloadavg()]
    with given_or_built(args.dist) as dist:
        result = measure(dist, args.pairings, args.pings)
    result["load_average_before"] = load_before
    print(f"Chromium {result['chromium']}, {args.pairings} pairings, {args.pings} round trips "
          f"(load average {load_before} before, {result['load_average']} after)")
    print(f"{'step':<28}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for key, label in (("gather_ms", "host's offer (gathering)"), ("answer_ms", "guest's answer"),
                       ("open_ms", "answer taken -> both open"), ("pair_ms", "pairing, machines' part"),
                       ("round_trip_ms", "round trip, Python to Python"), ("scan_to_read_ms", "camera scan -> read")):
        s = result[key]
        print(f"{label:<28}{s['p50']:>10}{s['p95']:>10}{s['max']:>10}")
    print(f"jsQR on one 640x480 frame: {result['jsqr_frame_ms']} ms (median of 20)")
    print(f"codes: offer {result['token_chars']['offer']} characters, answer {result['token_chars']['answer']}")
    for name, levels in result["qr_version"].items():
        print(f"QR version of the {name:<16} M: {levels['M']:>2}  L: {levels['L']:>2}")
    print_result(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
