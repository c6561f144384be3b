"""Phones in browser tests: Python run in the app's own interpreter on a page, the transport between phones driven
through the app's platform (BrowserPlatform's peer_ methods) and watched from the test, the fake camera's picture
of a QR code, and the app's own pairing and tables driven by taps as people use them (``Table`` and a person per
game). Used by tests/browser/test_peer_transport.py, test_phones_*.py, the conftest's phone fixtures,
tools/bench_peer.py and tools/bench_phones.py.
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


# --------------------------------------------------------------------------- the app's pairing, as people use it
#
# Everything below drives the app through its screens: the host sets a table up on the setup screen, its phones
# sheet shows a seat's code (QR code and link), a guest opens the link (or films the QR code) and shows its answer,
# the host scans or pastes it. The game is then played by taps on each phone's own table.

TABLES = {"the-game": ".tg-table", "23": ".tt-table", "eleusis": ".el-table"}
JOIN = "#/join?p="
_FILLED = "(selector) => { const e = document.querySelector(selector); return !!e && e.value.length > 20; }"


def seat_of_link(link: str) -> int:
    """The seat a pairing link is for (what its code says: junban.net.protocol.pack_meta)."""
    from junban.net import protocol, sdp

    _offer, meta = sdp.unpack_offer(link.split(JOIN, 1)[1])
    return protocol.unpack_meta(meta)[1]


def set_up_table(host, kinds: list[str], seed: str | None = None) -> None:
    """On the setup screen the host opened (``#/<game>?players=N``): each seat Here / Phone / Bot by its toggle,
    the deal's seed under "More", then Start; waits until the phones sheet shows the first code."""
    for i, kind in enumerate(kinds):
        host.click(f'[data-act="setup:kind"][data-arg="{i}:{kind}"]')
    if seed is not None:
        host.click("#setup-more summary")
        host.fill("#seed", seed)
    host.click("#start")
    host.wait_for_selector("#phones-qr", timeout=30_000)


def shown_link(host, timeout_ms: float = 30_000) -> str:
    """The pairing link the host's phones sheet shows now (its QR code says the same)."""
    host.wait_for_function(_FILLED, arg="#phones-link", timeout=timeout_ms)
    return host.input_value("#phones-link")


def shown_matrix(page, text: str) -> list[str]:
    """The QR code of ``text`` as the page draws it (assets/qr.js, loaded on the page by then)."""
    return page.evaluate("(text) => window.junbanQR.matrix(text)", text)


def answer_shown(guest, timeout_ms: float = 30_000) -> str:
    """The answer code the guest's join screen shows (its QR code says the same)."""
    guest.wait_for_function(_FILLED, arg="#join-code", timeout=timeout_ms)
    return guest.input_value("#join-code")


def paste_answer(host, code: str) -> None:
    """The host pastes the guest's answer into its phones sheet and presses Enter."""
    host.fill("#phones-answer", code)
    host.press("#phones-answer", "Enter")


def seated(guest, game: str, timeout_ms: float = 30_000) -> None:
    """Wait until the guest's phone shows its seat's table."""
    guest.wait_for_url("**#/seat/*", timeout=timeout_ms)
    guest.wait_for_selector(TABLES[game], timeout=timeout_ms)


def moved_to_next_table(host, guests, game: str, before: str) -> str:
    """After a rematch on the host (New deal, Replay, or a reseat): the host's new table's id, once the host is on
    it and every one of ``guests`` shows its seat there (over the channel it had: no pairing)."""
    host.wait_for_url("**#/play/*")
    table_id = host.url.rsplit("/", 1)[1]
    assert table_id != before, "a new table"
    for guest in guests:
        guest.wait_for_url(f"**#/seat/{table_id}", timeout=20_000)
        guest.wait_for_selector(TABLES[game], timeout=20_000)
    return table_id


def pair_by_paste(host, guest, game: str) -> int:
    """One phone joins the seat whose code the host shows: it opens the link (as its camera app would), the host
    pastes the answer it shows. Returns the seat."""
    link = shown_link(host)
    seat = seat_of_link(link)
    guest.goto(link)
    paste_answer(host, answer_shown(guest))
    seated(guest, game)
    return seat


def page_clock(page) -> float:
    """The page's wall clock (ms since the epoch, sub-millisecond): comparable between the pages of one machine."""
    return page.evaluate("performance.timeOrigin + performance.now()")


# --------------------------------------------------------------------------- playing by taps

# Test-only views of a phone's Python (through run_python): where its game stands, to wait for a phone to have
# heard an action before reading its screen. Nothing here acts: every action is a tap on the phone's table. The
# position is also kept on the page (window.__junbanMark), set as the host syncs its phones and as a guest takes
# the host's messages, so that waiting for it runs no Python on the phone. A guest's position is the one its
# host told it (``at``: made of what that seat is sent, so each seat has its own); the host's is ``host_mark`` of
# its log, which only the test computes (it would spell out hidden actions: never sent to a phone).
WATCH = '''
import __main__, json, js, zlib


def _host_mark(actions):
    text = json.dumps(actions, separators=(",", ":"), sort_keys=True)
    return f"{len(actions)}.{zlib.crc32(text.encode('utf-8')):08x}"


def _phone_watch():
    services = __main__.app.services
    guest = services.guest
    if guest is not None and not getattr(guest, "_watched", False):
        def on_change(what, inner=guest.on_change, guest=guest):
            inner(what)
            if guest.game is not None and guest.game.latest is not None:
                js.window.__junbanMark = guest.game.at
        guest.on_change, guest._watched = on_change, True
        on_change("watch")
    for host in services.hosts.values():
        if not getattr(host, "_watched", False):
            def sync(inner=host.sync, host=host):
                inner()
                js.window.__junbanMark = _host_mark(host.session.actions)
            host.sync, host._watched = sync, True
            js.window.__junbanMark = _host_mark(host.session.actions)


def _phone_table():
    """The host's game (its Session) and status: to_act, over, mark (the host's), marks (each joined phone's, as
    the host would tell it now), links."""
    for host in __main__.app.services.hosts.values():
        session = host.session
        marks = {str(seat): host._mark_now(link) for seat, link in host.links.items()
                 if link.welcomed and host.source is not None}
        return {"to_act": session.to_act, "over": session.is_over, "mark": _host_mark(session.actions),
                "marks": marks, "bots": [i for i, s in enumerate(session.seats) if s.is_bot],
                "table": host.table_id, "links": {str(seat): link.status for seat, link in host.links.items()}}
    return None


_phone_watch()
'''
def host_mark(actions: list) -> str:
    """The host's position as WATCH's ``_host_mark`` makes it on the host's page (a test's own key of the log)."""
    import zlib

    text = json.dumps(actions, separators=(",", ":"), sort_keys=True)
    return f"{len(actions)}.{zlib.crc32(text.encode('utf-8')):08x}"


_MARK_IS = "(mark) => window.__junbanMark === mark"
_MARK_NOT = "(mark) => window.__junbanMark !== undefined && window.__junbanMark !== mark"


class Table:
    """A table played on several phones: the host's page and each guest's page by seat (the host's own seats are
    played on the host's page). ``play_turn`` plays one action of whoever is to act, by taps on that phone."""

    def __init__(self, game: str, host, guests: dict[int, object]):
        self.game = game
        self.host = host
        self.guests = dict(guests)
        self.actions = 0
        self.notes: dict = {}
        for page in self.pages():
            run_python(page, WATCH)

    def pages(self) -> list:
        return [self.host, *self.guests.values()]

    def watch(self, page) -> None:
        """Watch ``page`` (again: a new page, a reloaded one, a guest paired anew)."""
        run_python(page, WATCH)

    def status(self) -> dict:
        return json.loads(run_python(self.host, "json.dumps(_phone_table())"))

    def state(self, expression: str):
        """``expression`` over the host's game state (``state``), as JSON: what the test's people may know."""
        return json.loads(run_python(self.host, "json.dumps((lambda state: " + expression + ")("
                                                "next(iter(__main__.app.services.hosts.values())).session.state))"))

    def page_of(self, seat: int):
        return self.guests.get(seat, self.host)

    def wait_heard(self, page, mark: str, timeout_ms: float = 20_000) -> None:
        """Wait until ``page`` has taken the position ``mark``."""
        page.wait_for_function(_MARK_IS, arg=mark, polling=10, timeout=timeout_ms)

    def wait_moved(self, mark: str, timeout_ms: float = 30_000) -> None:
        """Wait until the host's game has left the position ``mark``."""
        self.host.wait_for_function(_MARK_NOT, arg=mark, polling=10, timeout=timeout_ms)

    def play_turn(self, choose) -> bool:
        """One action of the seat to act: a bot's (waited for), or ``choose(table, seat, page)`` tapping on the
        phone of that seat (after it has heard the latest position). False once the game is over."""
        status = self.status()
        if status["over"]:
            return False
        seat = status["to_act"]
        if seat not in status["bots"]:
            page = self.page_of(seat)
            self.wait_heard(page, status["marks"][str(seat)] if seat in self.guests else status["mark"])
            choose(self, seat, page)
        self.wait_moved(status["mark"])
        self.actions += 1
        return True

    def play(self, choose, max_actions: int = 400, until=None) -> int:
        """Play until the game is over (or ``until(table)`` is true, or ``max_actions``): the actions taken."""
        start = self.actions
        while self.actions - start < max_actions:
            if until is not None and until(self):
                break
            if not self.play_turn(choose):
                break
        return self.actions - start

    def everyone_heard(self, timeout_ms: float = 20_000) -> str:
        status = self.status()
        for seat, page in self.guests.items():
            self.wait_heard(page, status["marks"][str(seat)], timeout_ms)
        return status["mark"]


def close_sheets(page, names=("round", "result")) -> None:
    """Close the sheets a round's or game's end opened on this phone, as a person does before going on."""
    for name in names:
        layer = page.locator(f"#sheet-{name}")
        if layer.count():
            layer.locator(".sheet-close").click()
            layer.wait_for(state="detached")


# The Game: a person's turn, card by card: End turn once the minimum is played, else a card that leaves another
# card playable (the minimum still reachable): the closest card (a long game), or, from the table's
# ``reckless_after``-th action on, the card that jumps furthest (a game lost within a few rounds).
def the_game_person(reckless_after: int | None = None):
    from junban.games.the_game.rules import can_play_sequence, fits

    def choose(table: Table, seat: int, page) -> None:
        page.wait_for_selector(".tg-table.my-turn", timeout=20_000)
        end = page.locator("#end-turn")
        if end.is_enabled():
            end.tap()
            return
        hand = [int(x) for x in page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.arg)")]
        tops = [int(page.locator(f"#pile-{p} .pile-top .card-num").inner_text()) for p in range(4)]
        plays = [(card, p) for card in hand for p in range(4) if fits(card, p, tops[p])]
        assert plays, f"seat {seat} has nothing to play and may not end its turn: {hand} on {tops}"

        def leaves_a_play(play):
            card, p = play
            after = [card if q == p else top for q, top in enumerate(tops)]
            return can_play_sequence([c for c in hand if c != card], after, 1)

        reckless = reckless_after is not None and table.actions >= reckless_after

        def jump(play):
            card, p = play
            return abs(card - tops[p]) * (-1 if reckless else 1)

        card, pile = min(plays, key=lambda play: (not leaves_a_play(play), jump(play)))
        page.locator(f"#card-{card}").tap()
        page.locator(f"#pile-{pile}.legal").tap()

    return choose


# 23: a person who discards their three highest cards, plays a card that costs no chip or one (at most two plays a
# round), and otherwise drops out (asked first: "Yes, drop out"). Rounds end quickly, and every way of ending a
# turn but passing is tapped.
def twenty_three_person(plays_a_round: int = 2):
    def choose(table: Table, seat: int, page) -> None:
        page.wait_for_selector(".tt-table.my-turn", timeout=20_000)
        close_sheets(page, ("round",))
        if page.locator("#tt-discard").count():
            table.notes[("23", seat)] = 0
            for card in page.locator(".tt-hand .tt-card").all()[-3:]:
                card.tap()
            page.locator("#tt-discard").tap()
            return
        cheap = []
        for slot in page.locator(".tt-card-slot:not(.unplayable):has(.tt-badge.free, .tt-badge.cost)").all():
            cost = int(slot.locator(".tt-badge").inner_text().lstrip("+"))
            if cost <= 1:
                cheap.append((cost, slot.locator(".tt-card")))
        played = table.notes.get(("23", seat), 0)
        if cheap and played < plays_a_round:
            min(cheap, key=lambda c: c[0])[1].tap()
            page.locator("#tt-play").tap()
            table.notes[("23", seat)] = played + 1
            return
        page.locator("#tt-drop").tap()
        page.locator("#drop-yes").tap()

    return choose


# Eleusis: the people know what a person at that table would (the test replays the host's game on CPython,
# ``Mirror``, to play cards the secret rule takes and to judge right, so rounds end): the dealer picks the library
# rule the most cards fit; a player plays the longest string of right cards (up to 4), or "no play" rightly;
# ``prophets`` (seat -> round) become Prophet in that round at their first chance; a Prophet judges every play
# right, confirming the call; others are never asked (their phone declines for them). ``wrong_once``
# (seat -> round): that seat plays one wrong card in that round once a Prophet is up, so the Prophet calls a play
# wrong.
class Mirror:
    """The host's game replayed on CPython from its log: what the test's people know, worked out without running
    the test's thinking on the host phone (whose time the benchmark measures)."""

    HOST = "next(iter(__main__.app.services.hosts.values())).session"

    def __init__(self, table: Table):
        from junban.games import load_game

        self.table = table
        info = json.loads(run_python(table.host, f"json.dumps({{'game': {self.HOST}.game, "
                                                 f"'config': {self.HOST}.config, 'seed': {self.HOST}.seed}})"))
        self.module = load_game(info["game"])
        self.config, self.seed = info["config"], info["seed"]
        self.actions: list = []
        self.state = self.module.new_game(self.config, self.seed)

    def sync(self):
        """Catch up with the host's log (replayed afresh if the host's log was folded back); the state."""
        n = len(self.actions)
        total, tail = json.loads(run_python(self.table.host, f"json.dumps([len({self.HOST}.actions), "
                                                             f"{self.HOST}.actions[{max(0, n - 1)}:]])"))
        if n and (total < n or tail[0] != self.actions[-1]):
            self.actions, self.state = [], self.module.new_game(self.config, self.seed)
            return self.sync()
        for action in tail[1 if n else 0:]:
            self.state = self.module.apply(self.state, action)
            self.actions.append(action)
        return self.state


def eleusis_plan(state, seat: int) -> dict:
    """What the person at ``seat`` does now (see above), from the game's state."""
    from junban.games.eleusis import rules as el

    plan = {"phase": state.phase, "round": state.round, "prophet": state.prophet}
    if state.phase == "play":
        hand, line, string = list(state.hands[seat]), list(state.mainline), []
        while len(string) < el.STRING_MAX:
            card = next((c for c in hand if el.judge_cards(state.rule, line, [c])), None)
            if card is None:
                break
            hand.remove(card)
            line.append(card)
            string.append(card)
        plan["string"] = string
        plan["wrong"] = next((c for c in state.hands[seat] if not el.judge_cards(state.rule, state.mainline, [c])),
                             None)
        plan["may_be_prophet"] = el.may_become_prophet(state, seat)
    elif state.phase == "prophet_judge":
        plan["right"], plan["card"] = el._truth(state)
    return plan


def eleusis_person(prophets: dict[int, int] | None = None, wrong_once: dict[int, int] | None = None):
    prophets, wrong_once = dict(prophets or {}), dict(wrong_once or {})

    def choose(table: Table, seat: int, page) -> None:
        mirror = table.notes.get("mirror") or table.notes.setdefault("mirror", Mirror(table))
        plan = eleusis_plan(mirror.sync(), seat)
        page.wait_for_selector(".el-table.my-turn", timeout=20_000)
        close_sheets(page, ("round",))
        phase = plan["phase"]
        if phase == "rule":
            page.locator('[data-act="el:rule-mode"][data-arg="library"]').tap()
            rates = page.locator(".el-lib-item").evaluate_all(
                "els => els.map(e => parseInt(e.querySelector('.el-lib-rate').textContent.match(/\\d+/)[0]))")
            page.locator(".el-lib-item input").nth(rates.index(max(rates))).check()
            page.locator("#el-start-round").tap()
        elif phase == "play":
            if wrong_once.get(seat) == plan["round"] and plan["prophet"] is not None and plan["wrong"]:
                del wrong_once[seat]
                string = [plan["wrong"]]
            else:
                string = plan["string"]
            if not string:
                page.locator("#el-no-play").tap()
                page.locator("#no-play-yes").tap()
                return
            copies: dict[str, int] = {}
            for card in string:
                page.locator(f"#el-card-{card}-{copies.get(card, 0)}").tap()
                copies[card] = copies.get(card, 0) + 1
            becomes = prophets.get(seat) == plan["round"] and plan["may_be_prophet"]
            if becomes:
                page.locator("#el-prophet-plan").tap()
            page.locator("#el-play").tap()
            if becomes:
                page.locator("#prophet-yes").tap()
                del prophets[seat]
        elif phase == "prophet_offer":  # the phone declines for its person, who did not ask (as on one device)
            try:
                table.wait_moved(host_mark(mirror.actions), timeout_ms=10_000)
            except Exception:  # noqa: BLE001 - Playwright's timeout
                raise AssertionError(f"seat {seat}'s phone asks whether to become Prophet, unasked") from None
        elif phase == "prophet_judge":
            if plan["right"]:
                page.locator("#el-right").tap()
            elif plan["card"]:
                page.locator(f'[data-act="el:judge"][data-arg="card:{plan["card"]}"]').first.tap()
            else:
                page.locator("#el-wrong").tap()
            page.locator("#call-yes").tap()
        else:
            raise AssertionError(f"Eleusis: seat {seat} to act in phase {phase}")

    return choose


# --------------------------------------------------------------------------- the recorded game, twinned


def recorded_twin(table: Table, guest: int, monkeypatch) -> dict:
    """The game the phones just played (the host's save, read from its page), twinned on CPython for the phone of
    ``guest`` (tests/net/twins.py): what that phone would be sent must not change when everything it may not know
    does. Returns the twin pair's result."""
    from tests.net import twins

    record = json.loads(run_python(table.host, "json.dumps(next(iter(__main__.app.services.hosts.values()))"
                                               ".session.to_record())"))
    return twins.twin_case(twins.recorded_case(record, guest), monkeypatch)
