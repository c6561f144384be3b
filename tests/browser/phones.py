"""Phones in browser tests: Python run in the app's own interpreter on a page, the transport between phones driven
through the app's platform (BrowserPlatform's peer_ methods) and watched from the test, and the fake camera's
picture of a QR code. Used by tests/browser/test_peer_transport.py, the conftest's phone fixtures and
tools/bench_peer.py.
"""
from __future__ import annotations

import json
from pathlib import Path

# The interpreter the app runs in is the one assets/pyodide-early.mjs started (start() gives it again). The test
# keeps it on window.__junbanTestPython (a name only tests set) so that waiting can poll it synchronously.
_GRAB = """async () => {
  if (!window.__junbanTestPython) {
    const { start } = await import("./assets/pyodide-early.mjs");
    window.__junbanTestPython = await start();
  }
}"""
_RUN = "(code) => window.__junbanTestPython.runPython(code)"


def run_python(page, source: str):
    """Run ``source`` in the app's interpreter on ``page`` (its globals are ``__main__``'s: ``__main__.app`` is the
    running app) and return the value of its last expression: a str, number, bool or None (``json.dumps``
    anything else)."""
    page.evaluate(_GRAB)
    return page.evaluate(_RUN, source)


def wait_python(page, expression: str, timeout_ms: float = 15_000) -> None:
    """Wait until the Python ``expression`` is true on ``page`` (polled every 20 ms)."""
    page.evaluate(_GRAB)
    page.wait_for_function("(code) => window.__junbanTestPython.runPython(code) === true", arg=f"bool({expression})",
                           polling=20, timeout=timeout_ms)


# The test's ear on one phone: every event of its connections, as the app's platform delivers them, stamped with
# the page's clock (performance.now(), ms). Installed once a page is ready; it loads the peer scripts through the
# platform (BrowserPlatform.load_peer_code) the way the app will.
PROBE = '''
import __main__, json
import js
from junban.net import sdp as _sdp


class _PeerProbe:
    def __init__(self):
        self.platform = __main__.app.platform
        self.events = []
        self.asked = {}  # conn_id -> {"host" | "guest" | "accept": page clock when the test asked}
        self.loaded = None
        self.platform.load_peer_code(self._loaded)

    def _loaded(self, reason):
        self.loaded = reason or "ok"

    def now(self):
        return float(js.performance.now())

    def on_event(self, conn_id, kind, data):
        self.events.append([conn_id, kind, data, float(js.performance.now())])

    def said(self, conn_id, kind):
        return [e for e in self.events if e[0] == conn_id and e[1] == kind]

    def host(self, extra_hex):
        at = self.now()
        conn = self.platform.peer_host(self.on_event)
        self.asked[conn] = {"host": at}
        self.extra = bytes.fromhex(extra_hex)
        return conn

    def offer_token(self, conn_id):
        return _sdp.pack_offer(self.said(conn_id, "offer")[0][2], self.extra)

    def guest(self, token):
        at = self.now()
        offer, self.extra = _sdp.unpack_offer(token)
        conn = self.platform.peer_guest(offer, self.on_event)
        self.asked[conn] = {"guest": at}
        return conn

    def answer_token(self, conn_id):
        return _sdp.pack_answer(self.said(conn_id, "answer")[0][2])

    def accept(self, conn_id, token):
        self.asked[conn_id]["accept"] = self.now()
        self.platform.peer_answer(conn_id, _sdp.unpack_answer(token))

    def scan(self, video_id):
        self.scanned = []
        self.platform.scan_start(video_id, lambda kind, data: self.scanned.append([kind, data, self.now()]))


_peer_probe = _PeerProbe()
'''


class Phone:
    """A page of the app seen through the probe."""

    def __init__(self, page):
        self.page = page
        run_python(page, PROBE)
        wait_python(page, "_peer_probe.loaded is not None")
        loaded = run_python(page, "_peer_probe.loaded")
        assert loaded == "ok", f"the peer scripts did not load: {loaded}"

    def py(self, source: str):
        return run_python(self.page, source)

    def wait(self, expression: str, timeout_ms: float = 15_000) -> None:
        wait_python(self.page, expression, timeout_ms)

    def events(self, conn_id: str, kind: str) -> list[list]:
        """[conn_id, kind, data, ms] of each such event so far."""
        return json.loads(self.py(f"json.dumps(_peer_probe.said({conn_id!r}, {kind!r}))"))

    def wait_event(self, conn_id: str, kind: str, count: int = 1, timeout_ms: float = 15_000) -> list[list]:
        self.wait(f"len(_peer_probe.said({conn_id!r}, {kind!r})) >= {count}", timeout_ms)
        return self.events(conn_id, kind)

    def send(self, conn_id: str, text: str) -> bool:
        return self.py(f"_peer_probe.platform.peer_send({conn_id!r}, {text!r})")


def pair(host: Phone, guest: Phone, extra: bytes = b"") -> dict:
    """Pair two phones through packed codes, as people will (the code crossing by QR or by copy and paste):
    returns the two connection ids, the codes, and how long each step took in the browsers (ms): ``gather`` (the
    host's offer, its addresses gathered), ``answer`` (the guest's answer), ``open`` (from the host taking the
    answer to the channel open on both phones)."""
    host_id = host.py(f"_peer_probe.host({extra.hex()!r})")
    offer_at = host.wait_event(host_id, "offer")[0][3]
    offer_token = host.py(f"_peer_probe.offer_token({host_id!r})")
    guest_id = guest.py(f"_peer_probe.guest({offer_token!r})")
    answer_at = guest.wait_event(guest_id, "answer")[0][3]
    answer_token = guest.py(f"_peer_probe.answer_token({guest_id!r})")
    host.py(f"_peer_probe.accept({host_id!r}, {answer_token!r})")
    host_open = host.wait_event(host_id, "open")[0][3]
    guest_open = guest.wait_event(guest_id, "open")[0][3]
    asked = {**json.loads(host.py(f"json.dumps(_peer_probe.asked[{host_id!r}])")),
             **json.loads(guest.py(f"json.dumps(_peer_probe.asked[{guest_id!r}])"))}
    # the two pages' clocks start at their own navigation: compared through their time origins
    shift = guest.page.evaluate("performance.timeOrigin") - host.page.evaluate("performance.timeOrigin")
    return {"host": host_id, "guest": guest_id, "offer_token": offer_token, "answer_token": answer_token,
            "gather": offer_at - asked["host"], "answer": answer_at - asked["guest"],
            "open": max(host_open, guest_open + shift) - asked["accept"]}


# --------------------------------------------------------------------------- the fake camera's picture


def write_qr_y4m(path: Path, rows: list[str], width: int = 640, height: int = 480, quiet: int = 4) -> Path:
    """A one-frame Y4M video (4:2:0, grey: the colour planes are neutral) of the QR code ``rows`` ('0'/'1' strings,
    1 dark), black on white with a quiet zone of ``quiet`` modules, as large as whole pixels per module allow,
    centred. Chromium's fake camera (``--use-file-for-fake-video-capture``) plays it in a loop."""
    size = len(rows)
    assert size and all(len(row) == size and set(row) <= {"0", "1"} for row in rows), "a square of '0'/'1' rows"
    scale = min(width, height) // (size + 2 * quiet)
    assert scale >= 2, f"a {size}-module code does not fit {width}x{height} at 2 pixels a module"
    left, top = (width - size * scale) // 2, (height - size * scale) // 2
    luma = bytearray(b"\xff" * (width * height))
    for r, row in enumerate(rows):
        line = b"".join(b"\x00" * scale if bit == "1" else b"\xff" * scale for bit in row)
        for y in range(top + r * scale, top + (r + 1) * scale):
            luma[y * width + left:y * width + left + len(line)] = line
    chroma = b"\x80" * ((width // 2) * (height // 2) * 2)
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode("ascii")
    path.write_bytes(header + b"FRAME\n" + bytes(luma) + chroma)
    return path
