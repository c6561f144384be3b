"""The browser platform's twin for CPython tests: a fake DOM, a dict for localStorage, manual timers."""
from __future__ import annotations

import hashlib

from junban.storage import StorageFull
from tests.ui.fakedom import FakeDocument


class DictStorage:
    def __init__(self, data: dict | None = None, quota: int | None = None):
        self.data: dict[str, str] = dict(data or {})
        self.quota = quota  # total characters allowed, None = unlimited

    def get(self, key):
        return self.data.get(key)

    def set(self, key, text):
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(text) > self.quota:
                raise StorageFull("quota exceeded")
        self.data[key] = text

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


class FakePlatform:
    def __init__(self, storage: DictStorage | None = None, hash_text: str = "", languages=("en-US",), today="2026-11-22"):
        self.document = FakeDocument()
        self.root = self.document.createElement("div")
        self.storage = storage or DictStorage()
        self.persistent = True
        self.hash = hash_text
        self.history: list[str] = [hash_text]
        self._languages = list(languages)
        self._today = today
        self.clock = 1_800_000_000.0
        self.midnight = self.clock + 5 * 3600 + 12 * 60  # when the next day begins (then today() moves on)
        self.timers: list[tuple[float, int, object]] = []
        self._next_timer = 1
        self.announcements: list[str] = []
        self.title = ""
        self.lang = ""
        self.ready = False
        # The package's later archive (junban.archives): every module is importable under CPython, so it
        # "arrives" at once, unless a test holds it (False) and answers later_code_requests itself.
        self.later_code_arrives = True
        self.later_code_requests: list = []
        self.copied: list[str] = []
        self.clipboard_works = True
        # The share sheet (navigator.share): absent unless a test gives the page one; how it answers ("shared",
        # "cancelled", or "refused": then the platform copies instead); what it was handed.
        self.share_sheet = False
        self.share_answer = "shared"
        self.shared: list[dict] = []
        # Sounds (assets/sound.js): whether the page may make them now, and the cues a table asked for.
        self.sound_on = False
        self.sounds: list[str] = []
        self.vibrations: list[list[int]] = []
        self.focused: str | None = None
        self.downloads: list[tuple[str, str]] = []  # (file name, text)
        self.chosen_files: dict[str, str] = {}  # input id -> the text of the file a test "picked"
        self.motion: list = []  # "before" and the travel time of each render that moved cards
        self.reduced_motion = False
        # The Game's deal analysis in a worker (BrowserPlatform.start_analysis): none by default (the page runs it
        # in slices); with analysis_workers, a "worker" that says its verdict on the next timer and the rest on the
        # one after ("fail": that says it could not start), and the handles it ended.
        self.analysis_workers = False
        self.analyses_stopped: list = []

    # page
    def set_ready(self):
        self.ready = True

    def load_later_code(self, on_done):
        self.later_code_requests.append(on_done)
        if self.later_code_arrives:
            on_done(None)

    def set_title(self, title):
        self.title = title

    def set_lang(self, lang):
        self.lang = lang

    def set_skip_link(self, text):
        self.skip_link = text

    def announce(self, text):
        self.announcements.append(text)

    def focus(self, selector):
        self.focused = selector

    def scroll_to_top(self):
        pass

    def reveal(self, selector):
        self.revealed = getattr(self, "revealed", []) + [selector]

    def motion_before(self):
        self.motion.append("before")

    def motion_after(self, ms):
        self.motion.append(ms)

    def languages(self):
        return self._languages

    def prefers_reduced_motion(self):
        return self.reduced_motion

    # location
    def get_hash(self):
        return self.hash

    def set_hash(self, hash_text, replace=False):
        self.hash = hash_text
        if replace:
            self.history[-1] = hash_text
        else:
            self.history.append(hash_text)

    def page_url(self):
        return "http://127.0.0.1:8000/"

    # time
    def now(self):
        return self.clock

    def today(self):
        """``today`` as given, until the clock passes ``midnight``: then the days after it."""
        from datetime import date, timedelta

        days = int((self.clock - (self.midnight - 86400)) // 86400)
        return (date.fromisoformat(self._today) + timedelta(days=days)).isoformat() if days else self._today

    def seconds_to_midnight(self):
        return (self.midnight - self.clock) % 86400 or 86400

    def call_later(self, seconds, fn):
        handle = self._next_timer
        self._next_timer += 1
        self.timers.append((self.clock + seconds, handle, fn))
        return handle

    def cancel(self, handle):
        self.timers = [t for t in self.timers if t[1] != handle]

    def run_timers(self, limit: int = 10_000) -> int:
        """Run due timers in order (advancing the clock) until none are left; return how many ran."""
        ran = 0
        while self.timers and ran < limit:
            self.timers.sort(key=lambda t: (t[0], t[1]))
            when, handle, fn = self.timers.pop(0)
            self.clock = max(self.clock, when)
            fn()
            ran += 1
        return ran

    # clipboard
    def copy_text(self, text, on_done):
        if self.clipboard_works:
            self.copied.append(text)
        on_done(self.clipboard_works)

    # sharing, sounds and vibration
    def can_share(self):
        return self.share_sheet

    def share(self, on_done, text=None, url=None, title=None):
        if self.share_sheet:
            self.shared.append({"title": title, "text": text, "url": url})
            if self.share_answer != "refused":
                on_done(self.share_answer)
                return
        self.copy_text("\n".join(x for x in (text, url) if x), lambda ok: on_done("copied" if ok else "failed"))

    def set_sound(self, on):
        self.sound_on = on

    def play_sound(self, cue):
        self.sounds.append(cue)

    def vibrate(self, pattern):
        self.vibrations.append(list(pattern))

    # files
    def download(self, filename, text, mime="application/json"):
        self.downloads.append((filename, text))

    def read_chosen_file(self, input_id, max_chars, on_done):
        text = self.chosen_files.pop(input_id, None)
        if text is None:
            return
        if len(text) > max_chars * 4:
            on_done(None, "too_large")
        else:
            on_done(text, None)

    # The Game's deal analysis in a worker
    def start_analysis(self, request, on_message):
        if not self.analysis_workers:
            return None
        import json

        from junban.games.the_game.analysis import Analysis

        handle = object()

        def work():
            if handle in self.analyses_stopped:
                return
            if self.analysis_workers == "fail":  # the worker could not start: the page runs it itself
                on_message("failed", "no worker here")
                return
            asked = json.loads(request)
            analysis = Analysis(asked["config"], asked["seed"], asked["actions"], people=asked["people"])
            analysis.run(10)
            on_message("progress", json.dumps(analysis.progress))
            while not analysis.run(1) and not analysis.verdict_version:
                pass
            if analysis.verdict_version:  # as the worker does: the verdict as soon as it is known, the rest later
                on_message("verdict", json.dumps(analysis.verdict))
            self.call_later(0.0, lambda: finish(analysis))

        def finish(analysis):
            if handle in self.analyses_stopped:
                return
            analysis.run()
            on_message("done", json.dumps(analysis.result))

        self.call_later(0.0, work)
        return handle

    def stop_analysis(self, handle):
        self.analyses_stopped.append(handle)

    def show_progress(self, percent, searched):
        """Progress moved on the page as it is (the review's meters): recorded, the fake page is not changed."""
        self.__dict__.setdefault("progress_shown", []).append((percent, searched))

    def listen(self, app):
        self.app = app

    # several phones (BrowserPlatform's peer_, qr_, scan_ and wake_lock): through a FakePeerNetwork the test shares
    # between platforms (``FakePeerNetwork().join(platform)``); every event comes on this platform's timers.
    peer_network = None
    peer_code_arrives = True  # False: load_peer_code holds, and the test answers peer_code_requests itself
    wake_locked = False
    scanning = None  # while a scan runs: (video id, on_event, the texts already read)

    def load_peer_code(self, on_done):
        self.__dict__.setdefault("peer_code_requests", []).append(on_done)
        if self.peer_code_arrives:
            on_done(None)

    def _network(self) -> FakePeerNetwork:
        assert self.peer_network is not None, "join a FakePeerNetwork first: FakePeerNetwork().join(platform)"
        return self.peer_network

    def peer_supported(self):
        return not getattr(getattr(self, "peer_network", None), "no_webrtc", False)

    def peer_host(self, on_event):
        return self._network().host(self, on_event)

    def peer_answer(self, conn_id, sdp):
        self._network().answer(self, conn_id, sdp)

    def peer_guest(self, offer_sdp, on_event):
        return self._network().guest(self, offer_sdp, on_event)

    def peer_send(self, conn_id, text):
        return self._network().send(self, conn_id, text)

    def peer_close(self, conn_id):
        self._network().close(self, conn_id)

    def qr_matrix(self, text):
        """A deterministic square of '0'/'1' rows whose size grows with the text as a QR code's would (not a
        readable QR code: the browser tests read real ones)."""
        size = 21 + 4 * min(36, len(text) // 16)
        bits = "".join(f"{byte:08b}" for n in range(size * size // 256 + 1)
                       for byte in hashlib.sha256(f"{n}:{text}".encode("utf-8")).digest())
        return [bits[r * size:(r + 1) * size] for r in range(size)]

    def scan_start(self, video_id, on_event):
        self.scanning = (video_id, on_event, set())

    def scan_stop(self):
        self.scanning = None

    def scan_shows(self, text):
        """The camera sees a QR code holding ``text``: read once per distinct text, on this platform's timers."""
        if self.scanning is not None and text not in self.scanning[2]:
            self.scanning[2].add(text)
            on_event = self.scanning[1]
            self.call_later(0.15, lambda: self.scanning is not None and on_event("text", text))

    def scan_fails(self, code):
        """The camera cannot be used: "no-camera", "denied" or "insecure"."""
        if self.scanning is not None:
            on_event = self.scanning[1]
            self.call_later(0, lambda: on_event("error", code))

    def wake_lock(self, on):
        self.wake_locked = bool(on)


class FakePeerNetwork:
    """Phones in one room, in one process: the FakePlatforms that join it connect to each other as the browsers
    do through assets/peer.js. Offers and answers are SDP text in Chromium's shape (junban.net.sdp packs and
    unpacks them; a connection is found again by the ICE username fragment, which packing keeps), and every
    event reaches a platform on its own timers: run them (``run()`` runs every platform's) to let things happen.

    A test can make the room behave like a real one: ``latency`` (seconds a message takes), ``cut(platform,
    conn_id, seconds)`` (the link goes silent: "disconnected" after 5 s, "failed" then "closed" after 15 s, as
    Chromium does, unless it comes back first), ``close_page(platform)`` (the page is closed or reloaded: its
    connections end, the other side hears "closed" within 50 ms), ``isolated = True`` (a Wi-Fi that keeps devices
    apart: pairing ends in "failed"), ``no_webrtc = True`` (a browser without RTCPeerConnection: every connection
says the error "no-webrtc" at once, as assets/peer.js does). ``sent`` records every message put on the wire: (from platform, conn id, text).
    """

    DISCONNECTED_AFTER = 5.0
    FAILED_AFTER = 15.0
    CLOSE_HEARD_AFTER = 0.05

    def __init__(self, latency: float = 0.0):
        self.latency = latency
        self.isolated = False
        self.no_webrtc = False
        self.sent: list[tuple[object, str, str]] = []
        self._ends: dict[tuple[int, str], _FakeEnd] = {}
        self._by_ufrag: dict[str, _FakeEnd] = {}
        self._made = 0

    def join(self, platform: FakePlatform) -> FakePlatform:
        platform.peer_network = self
        return platform

    def run(self, limit: int = 10_000) -> int:
        """Run every joined platform's due timers, in turns, until none is left; return how many ran."""
        platforms = {id(end.platform): end.platform for end in self._ends.values()}
        ran = 0
        while ran < limit:
            busy = [p for p in platforms.values() if p.timers]
            if not busy:
                break
            for platform in busy:
                ran += platform.run_timers(limit=1)
        return ran

    # -- the transport's calls

    def host(self, platform, on_event) -> str:
        end = self._new_end(platform, on_event)
        if self.no_webrtc:
            end.say_later(0, "error", "no-webrtc")
            return end.conn_id
        end.say_later(0, "offer", self._sdp(end, "actpass", candidates=2))
        return end.conn_id

    def guest(self, platform, offer_sdp, on_event) -> str:
        end = self._new_end(platform, on_event)
        if self.no_webrtc:
            end.say_later(0, "error", "no-webrtc")
            return end.conn_id
        ufrag = _sdp_attribute(offer_sdp, "ice-ufrag")
        if ufrag is None or _sdp_attribute(offer_sdp, "fingerprint") is None:
            end.say_later(0, "error", "bad-offer")
            return end.conn_id
        end.say_later(0, "answer", self._sdp(end, "active", candidates=2))
        end.offered_by = self._by_ufrag.get(ufrag)
        if end.offered_by is None or end.offered_by.closed or self.isolated:  # no such host (any more), or unreachable
            end.fail_later(0, from_state="connecting")
        return end.conn_id

    def answer(self, platform, conn_id, sdp) -> None:
        end = self._end(platform, conn_id)
        if end is None or end.closed:
            return
        ufrag = _sdp_attribute(sdp, "ice-ufrag")
        if ufrag is None or _sdp_attribute(sdp, "fingerprint") is None:
            end.say_later(0, "error", "bad-answer")
            return
        guest = self._by_ufrag.get(ufrag)
        if guest is None or guest.offered_by is not end or guest.closed or self.isolated:
            end.fail_later(0, from_state="connecting")
            return
        end.peer, guest.peer = guest, end
        for side in (end, guest):
            side.say_later(0, "state", "connecting")
            side.say_later(self.latency, "state", "connected")
            side.say_later(self.latency, "open", "", then=lambda side=side: setattr(side, "open", True))

    def send(self, platform, conn_id, text) -> bool:
        end = self._end(platform, conn_id)
        if end is None or end.closed or not end.open:
            return False
        self.sent.append((platform, conn_id, str(text)))
        if end.link_down is not None:  # held until the link comes back, lost if it never does
            end.link_down.append(str(text))
        else:
            end.deliver(str(text), self.latency)
        return True

    def close(self, platform, conn_id) -> None:
        end = self._end(platform, conn_id)
        if end is not None:
            end.close_here()

    # -- what the test does to the room

    def cut(self, platform, conn_id: str, seconds: float | None = None) -> None:
        """The link of this connection goes silent (Wi-Fi lost, a phone out of reach), on both sides, for
        ``seconds`` (None: for good). Messages sent meanwhile are delivered when it comes back before "failed"."""
        end = self._end(platform, conn_id)
        assert end is not None and end.peer is not None, "only an open connection can be cut"
        for side in (end, end.peer):
            side.link_down = []
            side.fail_later(self.DISCONNECTED_AFTER, from_state="disconnected")
        if seconds is not None:
            end.platform.call_later(seconds, lambda: self._restore(end))

    def close_page(self, platform) -> None:
        """The page is closed or reloaded (pagehide): every one of its connections ends."""
        for end in list(self._ends.values()):
            if end.platform is platform:
                end.close_here()

    def connections_of(self, platform) -> list[str]:
        """The ids of a platform's connections that are not closed."""
        return [end.conn_id for end in self._ends.values() if end.platform is platform and not end.closed]

    def channel_of(self, platform) -> str:
        """The id of a guest phone's one open channel (its standing offer, a connection still waiting, aside)."""
        [conn] = [end.conn_id for end in self._ends.values() if end.platform is platform and not end.closed
                  and end.open]
        return conn

    # -- inside

    def _restore(self, end: _FakeEnd) -> None:
        for side in (end, end.peer):
            if side is None or side.closed or side.link_down is None:
                continue
            held, side.link_down = side.link_down, None
            side.cancel_failure()
            if side.state == "disconnected":
                side.say_later(0, "state", "connected")
            for text in held:
                side.deliver(text, self.latency)

    def _new_end(self, platform, on_event) -> _FakeEnd:
        self._made += 1
        count = sum(1 for key in self._ends if key[0] == id(platform)) + 1
        end = _FakeEnd(self, platform, f"p{count}", on_event, self._made)
        self._ends[(id(platform), end.conn_id)] = end
        self._by_ufrag[end.ufrag] = end
        return end

    def _end(self, platform, conn_id) -> _FakeEnd | None:
        return self._ends.get((id(platform), str(conn_id)))

    @staticmethod
    def _sdp(end: _FakeEnd, setup: str, candidates: int) -> str:
        """An offer or answer in the shape Chromium gives them (tests/fixtures/sdp/), with this end's credentials."""
        digest = hashlib.sha256(f"fake-certificate-{end.serial}".encode()).digest()
        lines = ["v=0", f"o=- {4000000000000000000 + end.serial} 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
                 "a=group:BUNDLE 0", "a=extmap-allow-mixed", "a=msid-semantic: WMS",
                 "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
        for n in range(candidates):
            name = hashlib.sha256(f"fake-mdns-{end.serial}-{n}".encode()).hexdigest()
            lines.append(f"a=candidate:{1000 + n} 1 udp {2113937151 + n * 5120} {name[:8]}-{name[8:12]}-4{name[13:16]}-"
                         f"a{name[17:20]}-{name[20:32]}.local {40000 + end.serial * 10 + n} typ host generation 0 "
                         "network-cost 999")
        lines += [f"a=ice-ufrag:{end.ufrag}", f"a=ice-pwd:{end.pwd}", "a=ice-options:trickle",
                  "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in digest), f"a=setup:{setup}", "a=mid:0",
                  "a=sctp-port:5000", "a=max-message-size:262144"]
        return "\r\n".join(lines) + "\r\n"


class _FakeEnd:
    """One side of a connection in a FakePeerNetwork."""

    ICE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    def __init__(self, network: FakePeerNetwork, platform, conn_id: str, on_event, serial: int):
        self.network, self.platform, self.conn_id, self.on_event, self.serial = (
            network, platform, conn_id, on_event, serial)
        digest = hashlib.sha256(f"fake-ice-{serial}".encode()).digest()
        self.ufrag = "".join(self.ICE[b % 64] for b in digest[:4])
        self.pwd = "".join(self.ICE[b % 64] for b in digest[4:28])
        self.peer: _FakeEnd | None = None
        self.offered_by: _FakeEnd | None = None
        self.open = False
        self.closed = False
        self.state = "new"
        self.link_down: list[str] | None = None  # while the link is silent: the messages held
        self._failure: list[int] = []  # the timers of a failure under way

    def say_later(self, seconds, kind, data="", then=None) -> None:
        def say():
            if self.closed:
                return
            if then is not None:
                then()
            if kind == "state":
                self.state = data
            self.on_event(self.conn_id, kind, data)

        self.platform.call_later(seconds, say)

    def deliver(self, text: str, latency: float) -> None:
        peer = self.peer
        if peer is not None:
            peer.say_later(latency, "message", text)

    def fail_later(self, first: float, from_state: str) -> None:
        """Chromium's way down: ``from_state`` (connecting or disconnected) now or after ``first`` seconds, then
        "failed" at 15 s and "closed"."""
        failed_at = self.network.FAILED_AFTER
        self._failure = [
            self.platform.call_later(first, lambda: self._state(from_state)),
            self.platform.call_later(failed_at, lambda: self._state("failed")),
        ]

    def cancel_failure(self) -> None:
        for handle in self._failure:
            self.platform.cancel(handle)
        self._failure = []

    def _state(self, state: str) -> None:
        if self.closed:
            return
        self.state = state
        self.on_event(self.conn_id, "state", state)
        if state == "failed":
            self._ended()

    def _ended(self) -> None:
        """Gone by itself (failed, or closed by the other side): "closed", once."""
        if self.closed:
            return
        self.on_event(self.conn_id, "closed", "")
        self.closed, self.open = True, False
        self.cancel_failure()

    def close_here(self) -> None:
        """Closed on this side (close(), pagehide): silent here; the other side hears "closed" shortly."""
        if self.closed:
            return
        self.closed, self.open = True, False
        self.cancel_failure()
        peer = self.peer
        if peer is not None and not peer.closed and peer.link_down is None:
            peer.platform.call_later(self.network.CLOSE_HEARD_AFTER, peer._ended)


def _sdp_attribute(sdp, name: str) -> str | None:
    if not isinstance(sdp, str):
        return None
    for line in sdp.splitlines():
        if line.startswith(f"a={name}:"):
            return line.split(":", 1)[1].strip() or None
    return None
