#!/usr/bin/env python3
"""Playing on several phones, measured in headless Chromium as people play: the app's own screens on every phone
(browser contexts of one Chromium, and Chromium processes of their own for phones whose camera films a QR code),
paired through the phones sheet and the join screen, every move a tap (tests/browser/phones.py drives them).

    python3 tools/bench_phones.py [--actions 80] [--game-phones 5] [--eleusis-phones 8] [--eleusis-actions 120]
                                  [--whole-eleusis] [--stages] [--reduced-motion] [--dist DIR]

- **Pairing, the machines' part** (the time a person takes to carry a code across is not in it): on the guest,
  from opening the host's link (Junban already open, as after the phone's camera app opened it) to its answer
  code shown; on the host, from the answer pasted (Enter) to the guest's seat table shown on the guest. Every
  guest of both tables below pairs so (10 samples with the defaults). **With a camera**: a guest whose camera
  films the host's QR code, from tapping "Scan the host's code" to its answer shown; and the host filming a
  guest's answer QR code, from tapping "Scan the answer" to that guest's seat table shown.
- **An action on one phone to every other phone updated**: The Game on ``--game-phones`` phones (5: the host and 4
  guests, all people, a careful game), ``--actions`` actions; then Eleusis on 8 phones (the host and 7 guests: a guest deals
  from its phone, a Prophet on a phone), ``--eleusis-actions`` actions or the end of its first round. From the
  acting phone's tap (its click event) to each other phone having taken the change and drawn it (its Python has
  handled the host's update and patched the page: a stamp then, and the next animation frame, when it is
  painted); the slowest phone is the action's "every other phone" time. The acting guest's own round trip too.
- **CPU of the host per action**: the CPU time of the host page's main thread and of its whole renderer process
  (Chrome DevTools Protocol ``Performance.getMetrics``: ThreadTime, ProcessTime) over the actions, divided by
  their number, less what the benchmark's own calls into the host's Python cost (a small call or two per action
  asking whose turn it is; measured alone, then taken off); and the same of each guest page (on average: every
  guest takes every update, and the acting one its taps too).
- ``--stages``: where the time goes at both tables: wall time per call of some steps of the host's and one
  guest's Python (reading a message, checking an update, keeping the seat, patching the page; applying an action
  and syncing the phones, saving).
- ``--whole-eleusis``: also a whole game of Eleusis on 5 phones (every seat deals a round, guests included, a
  Prophet on a phone in each round): actions, wall time, the same latencies.

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
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from junban.bench.common import print_result  # noqa: E402
from tests.browser import phones  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, FAKE_CAMERA_ARGS, PHONE, READY, Server  # noqa: E402
from tests.browser.phones import (  # noqa: E402
    Table, answer_shown, eleusis_person, page_clock, seat_of_link, set_up_table, shown_link, shown_matrix,
    the_game_person, write_qr_y4m)
from tools.bench_peer import percentile  # noqa: E402
from tools.browser_timing import given_or_built  # noqa: E402

BLANK = ["0" * 21] * 21

# Stamps on every phone (test-only hooks, installed once the phones are paired): when its Python has taken the
# host's update and patched the page (a guest), or has applied a guest's action and drawn it (the host), with the
# game's position; and every click's time (a tap's click event).
STAMPS_JS = """() => {
  if (window.__junbanStamps) return;
  window.__junbanStamps = [];
  window.__junbanTaps = [];
  window.__junbanStamp = (mark) => {
    const entry = [mark, performance.timeOrigin + performance.now(), null];
    window.__junbanStamps.push(entry);
    requestAnimationFrame(() => { entry[2] = performance.timeOrigin + performance.now(); });
  };
  document.addEventListener("click", () => window.__junbanTaps.push(performance.timeOrigin + performance.now()), true);
}"""
STAMPS_PY = '''
import __main__, js

def _stamping():
    services = __main__.app.services
    guest = services.guest
    if guest is not None:
        inner = guest.on_change
        def on_change(what, inner=inner, guest=guest):
            inner(what)
            if what == "update":
                js.window.__junbanStamp(guest.game.at.split(".", 1)[0])  # (the number of actions: every seat's)
        guest.on_change = on_change
        return
    host = next(iter(services.hosts.values()))
    table = host.source
    inner = table.apply_for
    def apply_for(seat, action, inner=inner, table=table):
        error = inner(seat, action)
        if error is None:
            js.window.__junbanStamp(str(len(table.session.actions)))
        return error
    table.apply_for = apply_for

_stamping()
'''
# A stamp of the position ``mark`` made after ``after``: [patched, painted] once its frame came (or 1 s passed).
# Where a phone's time goes (``--stages``): wall time inside some steps of its Python, per call.
STAGES_PY = '''
import time, __main__
from junban.net import guest as _guest_net, protocol as _protocol_net

_stages = {}


def _timed(name, fn):
    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            count, total = _stages.get(name, (0, 0.0))
            _stages[name] = (count + 1, total + time.perf_counter() - start)
    return timed


def _staging():
    app = __main__.app
    services = app.services
    _protocol_net.decode = _timed("a message read (protocol.decode)", _protocol_net.decode)
    app.page = _timed("the page drawn (App.page)", app.page)
    app.renderer.render = _timed("the page patched (renderer.render)", app.renderer.render)
    if services.guest is not None:
        _guest_net.read_update = _timed("an update checked (guest.read_update)", _guest_net.read_update)
        services.store.write_guest = _timed("the seat kept (store.write_guest)", services.store.write_guest)
        services.guest._receive = _timed("a message taken, all told (Guest._receive)", services.guest._receive)
        return
    host = next(iter(services.hosts.values()))
    table = host.source
    table._apply = _timed("an action applied, phones synced (table._apply)", table._apply)
    host._sync_link = _timed("a phone's view and log sent (Host._sync_link)", host._sync_link)
    services.save = _timed("the game saved (services.save)", services.save)

_staging()
'''


_STAMP_OF = """([mark, after]) => {
  const e = window.__junbanStamps.find(s => s[0] === mark && s[1] >= after);
  const now = performance.timeOrigin + performance.now();
  return e && (e[2] !== null || now - e[1] > 1000) ? [e[1], e[2]] : null;
}"""
_NEW_STAMP = """([old, after]) => {
  const e = window.__junbanStamps.find(s => s[0] !== old && s[1] >= after);
  return e ? e[0] : null;
}"""


def wait_value(page, script: str, arg, what: str):
    try:
        return page.wait_for_function(script, arg=arg, polling=10, timeout=60_000).json_value()
    except Exception as err:
        stamps = page.evaluate("window.__junbanStamps.slice(-5)")
        raise AssertionError(f"{what}: nothing after 60 s on {page.url} (last stamps {stamps}, {arg})") from err


def summary(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    return {"n": len(values), "p50": round(statistics.median(values), 1), "p95": round(percentile(values, 95), 1),
            "max": round(max(values), 1)}


class Phones:
    """The phones of a run: contexts of one Chromium, and Chromium processes of their own with a camera."""

    def __init__(self, chromium, server, **context_args):
        self.chromium, self.server = chromium, server
        self.context_args = context_args  # given to every phone's context (``--reduced-motion``)
        self.browser = chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.launched = [self.browser]
        self.folder = tempfile.TemporaryDirectory()
        self.frames = {}

    def open(self, hash_text: str, browser=None, **context_args):
        page = (browser or self.browser).new_context(viewport=PHONE, has_touch=True,
                                                     **{**self.context_args, **context_args}).new_page()
        page.on("pageerror", lambda err: print(f"page error: {err}", file=sys.stderr))
        page.goto(self.server.base + hash_text)
        page.wait_for_selector(READY, timeout=180_000)
        return page

    def camera(self, rows, hash_text: str):
        """A phone whose camera films ``rows`` (from its next scan on: ``film``)."""
        frame = write_qr_y4m(Path(self.folder.name) / f"camera-{len(self.frames)}.y4m", list(rows))
        process = self.chromium.launch(executable_path=CHROMIUM, args=[
            *CHROMIUM_ARGS, *FAKE_CAMERA_ARGS, f"--use-file-for-fake-video-capture={frame}"])
        self.launched.append(process)
        page = self.open(hash_text, browser=process, permissions=["camera"])
        self.frames[page] = frame
        return page

    def film(self, page, rows) -> None:
        write_qr_y4m(self.frames[page], list(rows))

    def close(self) -> None:
        for process in self.launched:
            process.close()
        self.folder.cleanup()


def wait_clock(page, condition_js: str, timeout_ms: float = 60_000) -> float:
    """Wait until ``condition_js`` (an expression) holds on ``page``; the page clock then (10 ms polling)."""
    return page.wait_for_function(
        f"() => ({condition_js}) ? performance.timeOrigin + performance.now() : 0", polling=10,
        timeout=timeout_ms).json_value()


ANSWER_SHOWN = "(document.querySelector('#join-code')?.value || '').length > 20"


def seat_shown(game: str) -> str:
    return f"location.hash.startsWith('#/seat/') && !!document.querySelector('{phones.TABLES[game]}')"


def pair_timed(host, guest, game: str) -> tuple[int, float, float]:
    """Pair by the paste path: (seat, link opened -> answer shown, answer taken -> seat's table shown) in ms."""
    link = shown_link(host)
    seat = seat_of_link(link)
    opened = page_clock(guest)
    guest.goto(link)
    answered = wait_clock(guest, ANSWER_SHOWN)
    host.fill("#phones-answer", guest.input_value("#join-code"))
    pasted = page_clock(host)
    host.press("#phones-answer", "Enter")
    seated = wait_clock(guest, seat_shown(game))
    guest.wait_for_url("**#/seat/*")
    return seat, answered - opened, seated - pasted


def pair_by_paste_timed(run: Phones, host, game: str, count: int, pairing: dict) -> dict:
    """``count`` new phones paired by the paste path, their times added to ``pairing``: seat -> page."""
    seats = {}
    for _ in range(count):
        page = run.open("#/")
        seat, answer, connect = pair_timed(host, page, game)
        seats[seat] = page
        pairing["answer"].append(answer)
        pairing["connect"].append(connect)
    return seats


class Clocked:
    """A table whose every action is timed from the tap to every other phone's stamp, and the host's CPU."""

    def __init__(self, table: Table):
        self.table = table
        self.all_updated: list[float] = []  # slowest other phone, patched
        self.all_painted: list[float] = []  # slowest other phone, next frame
        self.each: list[float] = []  # every other phone, patched
        self.round_trip: list[float] = []  # the acting guest's own update back
        self.host_actions = 0
        for page in table.pages():
            page.evaluate(STAMPS_JS)
            phones.run_python(page, STAMPS_PY)
        self.cdp = {}
        for page in table.pages():
            self.cdp[page] = page.context.new_cdp_session(page)
            self.cdp[page].send("Performance.enable")

    def cpu_ms(self, page) -> tuple[float, float]:
        """CPU time so far of the page's main thread and of its renderer process (ms)."""
        metrics = {m["name"]: m["value"] for m in self.cdp[page].send("Performance.getMetrics")["metrics"]}
        return metrics["ThreadTime"] * 1000, metrics["ProcessTime"] * 1000

    def host_cpu_ms(self) -> tuple[float, float]:
        return self.cpu_ms(self.table.host)

    def probe_cost_ms(self, calls: int = 30) -> tuple[float, float]:
        """The host's CPU time (main thread, process) of one ``status()`` call (the benchmark's own probe)."""
        before = self.host_cpu_ms()
        for _ in range(calls):
            self.table.status()
        after = self.host_cpu_ms()
        return (after[0] - before[0]) / calls, (after[1] - before[1]) / calls

    def play(self, choose, max_actions: int, until=None) -> dict:
        table = self.table
        probe = self.probe_cost_ms()
        probes = [0]
        inner = phones.run_python

        def counted(page, source):  # the benchmark's own calls into the host's Python (Table, Mirror)
            probes[0] += page is table.host
            return inner(page, source)

        phones.run_python = counted
        try:
            return self._play(choose, max_actions, until, probe, probes)
        finally:
            phones.run_python = inner

    def _play(self, choose, max_actions: int, until, probe: float, probes: list) -> dict:
        table = self.table
        guests = list(table.guests.values())
        cpu_before, started, done = self.host_cpu_ms(), time.perf_counter(), 0
        guests_before = [self.cpu_ms(page) for page in guests]
        while done < max_actions:
            status = table.status()
            if status["over"] or (until is not None and until(table)):
                break
            seat, old = status["to_act"], status["mark"]
            acting = table.page_of(seat)
            if not done:  # later, every phone has been waited for at the position before
                table.wait_heard(acting, status["marks"][str(seat)] if acting is not table.host else old)
            choose(table, seat, acting)
            tap = acting.evaluate("window.__junbanTaps[window.__junbanTaps.length - 1]")
            others = [p for p in table.pages() if p is not acting]
            witness = next(p for p in others if p is not table.host)
            mark = wait_value(witness, _NEW_STAMP, [old, tap], f"seat {seat}'s action, the new position")
            stamps = [wait_value(p, _STAMP_OF, [mark, tap], f"seat {seat}'s action on another phone") for p in others]
            self.each.extend(s[0] - tap for s in stamps)
            self.all_updated.append(max(s[0] for s in stamps) - tap)
            if all(s[1] is not None for s in stamps):
                self.all_painted.append(max(s[1] for s in stamps) - tap)
            if acting is not table.host:
                own = wait_value(acting, _STAMP_OF, [mark, tap], f"seat {seat}'s own update")
                self.round_trip.append(own[0] - tap)
            table.actions += 1
            done += 1
        cpu_after = self.host_cpu_ms()
        thread, process = ((cpu_after[i] - cpu_before[i] - probes[0] * probe[i]) / max(done, 1) for i in (0, 1))
        guests_after = [self.cpu_ms(page) for page in guests]
        guest_thread, guest_process = (
            sum(a[i] - b[i] for a, b in zip(guests_after, guests_before)) / len(guests) / max(done, 1) for i in (0, 1))
        return {"actions": done, "wall_s": round(time.perf_counter() - started, 1),
                "host_thread_cpu_ms_per_action": round(thread, 1), "host_process_cpu_ms_per_action": round(process, 1),
                "guest_thread_cpu_ms_per_action": round(guest_thread, 1),
                "guest_process_cpu_ms_per_action": round(guest_process, 1),
                "probe_cpu_ms": [round(x, 2) for x in probe], "probes": probes[0],
                "all_updated_ms": summary(self.all_updated), "all_painted_ms": summary(self.all_painted),
                "each_phone_ms": summary(self.each), "guest_round_trip_ms": summary(self.round_trip)}


def stages_of(page) -> dict:
    """What ``STAGES_PY`` timed on the page: per step, its calls and the wall time of one (ms)."""
    timed = json.loads(phones.run_python(page, "__import__('json').dumps(_stages)"))
    return {name: {"calls": n, "ms_per_call": round(1000 * total / n, 1)} for name, (n, total) in timed.items()}


def the_game_table(run: Phones, pairing: dict, actions: int, stages: bool = False, players: int = 5) -> dict:
    """The Game on ``players`` phones (4 or 5): the host (a camera phone: it films the last guest's answer), a
    guest filming the host's QR code, the others but the last by the paste path, the last one whose answer the host
    films."""
    host = run.camera(BLANK, f"#/the-game?players={players}")
    set_up_table(host, ["person"] + ["phone"] * (players - 1), seed="bench-phones-1")
    link = shown_link(host)
    guest = run.camera(shown_matrix(host, link), "#/join")
    started = page_clock(guest)
    guest.locator("#join-scan").tap()
    pairing["guest_scan"].append(wait_clock(guest, ANSWER_SHOWN) - started)
    host.fill("#phones-answer", guest.input_value("#join-code"))
    host.press("#phones-answer", "Enter")
    phones.seated(guest, "the-game")
    seats = {1: guest, **pair_by_paste_timed(run, host, "the-game", players - 3, pairing)}
    last = seat_of_link(shown_link(host))
    # The last guest opens the link; the host films the answer QR code it shows.
    page = run.open("#/")
    page.goto(shown_link(host))
    answer_shown(page)
    run.film(host, shown_matrix(page, page.input_value("#join-code")))
    started = page_clock(host)
    host.locator("#phones-scan").tap()
    pairing["host_scan"].append(wait_clock(page, seat_shown("the-game")) - started)
    page.wait_for_url("**#/seat/*")
    seats[last] = page
    clocked = Clocked(Table("the-game", host, seats))
    if stages:
        for page in (host, seats[1]):
            phones.run_python(page, STAGES_PY)
    result = {"phones": players, **clocked.play(the_game_person(), actions)}
    if stages:
        result["stages"] = {"host": stages_of(host), "guest": stages_of(seats[1])}
    return result


def eleusis_table(run: Phones, pairing: dict, players: int, actions: int, whole: bool = False,
                  stages: bool = False) -> dict:
    """Eleusis on ``players`` phones: the host in seat 1, a guest on every other seat (pairing by paste); a guest
    deals first (the last seat); the seat two on from the dealer becomes Prophet in the first round (in every round
    with ``whole``); the host's person plays a wrong card once, for the Prophet to call."""
    host = run.open(f"#/eleusis?players={players}")
    set_up_table(host, ["person"] + ["phone"] * (players - 1), seed=f"bench-phones-el-{players}")
    seats = pair_by_paste_timed(run, host, "eleusis", players - 1, pairing)
    table = Table("eleusis", host, seats)
    rounds = range(players) if whole else range(1)
    # the dealer of round r is seat (players - 1 + r) % players; two seats on from the dealer becomes Prophet
    person = eleusis_person(prophets={(players + 1 + r) % players: r for r in rounds}, wrong_once={0: 0})
    clocked = Clocked(table)
    if stages:
        for page in (host, seats[1]):
            phones.run_python(page, STAGES_PY)

    def round_over(t):
        return not whole and len(t.state("state.rounds")) >= 1

    result = clocked.play(person, actions, until=round_over)
    result.update(phones=players, over=table.status()["over"], rounds=len(table.state("state.rounds")))
    if stages:
        result["stages"] = {"host": stages_of(host), "guest": stages_of(seats[1])}
    return result


def measure(dist: Path, actions: int, eleusis_players: int, eleusis_actions: int, whole_eleusis: bool = False,
            chromium=None, stages: bool = False, game_players: int = 5, reduced_motion: bool = False) -> dict:
    """The measurements on ``dist``; ``chromium``: a Playwright browser type to launch from (one is started)."""
    if chromium is None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            return measure(dist, actions, eleusis_players, eleusis_actions, whole_eleusis, p.chromium, stages,
                           game_players, reduced_motion)
    server = Server(dist)
    run = Phones(chromium, server, **({"reduced_motion": "reduce"} if reduced_motion else {}))
    pairing = {"answer": [], "connect": [], "guest_scan": [], "host_scan": []}
    try:
        the_game = the_game_table(run, pairing, actions, stages, game_players)
        eleusis = eleusis_table(run, pairing, eleusis_players, eleusis_actions, stages=stages) \
            if eleusis_players else None
        whole = eleusis_table(run, {"answer": [], "connect": []}, 5, 2000, whole=True) if whole_eleusis else None
        version = run.browser.version
    finally:
        run.close()
        server.stop()
    machines = [a + c for a, c in zip(pairing["answer"], pairing["connect"])]
    return {
        "chromium": version, "cpus": os.cpu_count(), "reduced_motion": reduced_motion,
        "pairing": {"answer_ms": summary(pairing["answer"]), "connect_ms": summary(pairing["connect"]),
                    "machines_ms": summary(machines), "guest_scan_ms": summary(pairing["guest_scan"]),
                    "host_scan_ms": summary(pairing["host_scan"])},
        "the_game": the_game, "eleusis": eleusis, "whole_eleusis": whole,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=80, help="actions timed at The Game's table")
    parser.add_argument("--game-phones", type=int, default=5, choices=(4, 5),
                        help="phones at The Game's table (default 5, the issue's target)")
    parser.add_argument("--eleusis-phones", type=int, default=8, help="0: no Eleusis table (The Game's alone)")
    parser.add_argument("--eleusis-actions", type=int, default=120, help="at most (the first round ends first)")
    parser.add_argument("--whole-eleusis", action="store_true", help="also a whole game of Eleusis on 5 phones")
    parser.add_argument("--stages", action="store_true",
                        help="also time steps of the host's and a guest's Python at The Game's table (separate run: "
                             "the timers cost a little)")
    parser.add_argument("--reduced-motion", action="store_true",
                        help="every phone under prefers-reduced-motion (no card travels): how much of the time is "
                             "the travel's frames (docs/multiplayer.md)")
    parser.add_argument("--dist", type=Path, help="a built dist/ to use (default: build one)")
    args = parser.parse_args(argv)
    load_before = [round(x, 2) for x in os.getloadavg()]
    cpu_before = os.times()
    with given_or_built(args.dist) as dist:
        result = measure(dist, args.actions, args.eleusis_phones, args.eleusis_actions, args.whole_eleusis,
                         stages=args.stages, game_players=args.game_phones, reduced_motion=args.reduced_motion)
    cpu_after = os.times()
    result["load_average_before"] = load_before
    result["cpu_s_children"] = round(cpu_after.children_user + cpu_after.children_system
                                     - cpu_before.children_user - cpu_before.children_system, 1)
    print(f"Chromium {result['chromium']}, {result['cpus']} CPUs, load average {load_before} before, "
          f"{result['load_average']} after" + (", reduced motion" if args.reduced_motion else ""))
    print(f"{'pairing (ms)':<52}{'n':>4}{'p50':>9}{'p95':>9}{'max':>9}")
    rows = [("link opened -> answer shown (guest)", result["pairing"]["answer_ms"]),
            ("answer pasted -> seat's table shown (host, guest)", result["pairing"]["connect_ms"]),
            ("machines' part (the two above)", result["pairing"]["machines_ms"]),
            ("camera: guest scan tapped -> answer shown", result["pairing"]["guest_scan_ms"]),
            ("camera: host scan tapped -> guest's table shown", result["pairing"]["host_scan_ms"])]
    tables = [(f"The Game, {args.game_phones} phones", result["the_game"])]
    if result["eleusis"]:
        tables.append((f"Eleusis, {args.eleusis_phones} phones", result["eleusis"]))
    if result["whole_eleusis"]:
        tables.append(("whole Eleusis game, 5 phones", result["whole_eleusis"]))
    for name, t in tables:
        rows += [(f"{name}: tap -> every other phone updated", t["all_updated_ms"]),
                 (f"{name}: tap -> every other phone painted", t["all_painted_ms"]),
                 (f"{name}: tap -> each other phone updated", t["each_phone_ms"]),
                 (f"{name}: tap -> acting guest's own update", t["guest_round_trip_ms"])]
    for label, s in rows:
        if s["n"]:
            print(f"{label:<52}{s['n']:>4}{s['p50']:>9}{s['p95']:>9}{s['max']:>9}")
    for name, t in tables:
        print(f"{name}: {t['actions']} actions in {t['wall_s']} s; host CPU per action: main thread "
              f"{t['host_thread_cpu_ms_per_action']} ms, renderer process {t['host_process_cpu_ms_per_action']} ms "
              f"({t['probes']} probe calls of {t['probe_cpu_ms'][0]} / {t['probe_cpu_ms'][1]} ms taken off); "
              f"each guest: main thread {t['guest_thread_cpu_ms_per_action']} ms, renderer process "
              f"{t['guest_process_cpu_ms_per_action']} ms"
              + (f"; {t['rounds']} rounds, over: {t['over']}" if "rounds" in t else ""))
    for name, t in tables:
        for who, steps in t.get("stages", {}).items():
            print(f"{name}, the {who}'s Python (wall time per call, ms):")
            for step_name, step in sorted(steps.items(), key=lambda kv: -kv[1]["ms_per_call"] * kv[1]["calls"]):
                print(f"  {step_name:<52}{step['calls']:>6} calls {step['ms_per_call']:>8}")
    print_result(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
