#!/usr/bin/env python3
"""Where a phone's main thread goes while others play: a Chromium trace of the host's and one guest's pages over
some actions of The Game on phones, each page's busy time split by what Chromium was doing (self time per trace
event: script — Python in Pyodide and the page's JS —, style, layout, paint, the frame's commit...), with the
table's motion as it is, under ``prefers-reduced-motion`` (no card travels, no CSS animation), or with the CSS
animations and transitions alone turned off (the cards' flights and slides kept).

    python3 tools/trace_phones.py [--dist DIR] [--players 2] [--actions 20] [--motion full|reduce|no-css] [--top 12]
                                  [--keep-trace FILE]

The phones are contexts of one headless Chromium with the tests' flags (software compositing: no GPU), paired
through the app's screens, every move a tap (tests/browser/phones.py), as ``tools/bench_phones.py`` does; the
trace starts after two warm-up actions. Busy time is the main thread's top-level tasks (trace events ``X``), so
it includes the trace's own cost; compare runs of one machine at one load, and quote the load. Prints a table
per page, then one JSON line (junban.bench.common.print_result).
"""
from __future__ import annotations

import argparse
import collections
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from junban.bench.common import print_result  # noqa: E402
from tests.browser.conftest import PHONE, READY, Server  # noqa: E402
from tests.browser.phones import Table, set_up_table, the_game_person  # noqa: E402
from tools.bench_phones import Phones, pair_timed  # noqa: E402
from tools.browser_timing import given_or_built  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink", "toplevel"]
NO_CSS_MOTION = "*, *::before, *::after { animation: none !important; transition: none !important; }"
STYLE_AT_START = ("document.addEventListener('DOMContentLoaded', () => { const s = document.createElement('style'); "
                  "s.textContent = %s; document.head.append(s); });")


def main_threads(events: list) -> dict:
    """pid -> the renderer main thread's tid, for each renderer in the trace."""
    return {e["pid"]: e["tid"] for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}


def traced_page(events: list) -> int | None:
    """The pid of the page the trace was started for (the guest): the frame ``TracingStartedInBrowser`` names."""
    for e in events:
        if e.get("name") == "TracingStartedInBrowser":
            for frame in ((e.get("args") or {}).get("data") or {}).get("frames", []):
                if frame.get("processId"):
                    return frame["processId"]
    return None


def self_times(events: list, pid: int, tid: int) -> tuple[float, collections.Counter]:
    """(the thread's top-level busy ms, self ms per event name) of complete events nested by their times."""
    spans = sorted((e for e in events if e.get("ph") == "X" and e.get("pid") == pid and e.get("tid") == tid
                    and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    own = collections.Counter()
    stack: list[tuple[float, str]] = []  # (end, name) of the events open at this time
    busy = 0.0
    for e in spans:
        while stack and stack[-1][0] <= e["ts"]:
            stack.pop()
        if stack:
            own[stack[-1][1]] -= e["dur"]
        else:
            busy += e["dur"]
        own[e["name"]] += e["dur"]
        stack.append((e["ts"] + e["dur"], e["name"]))
    return busy / 1000, collections.Counter({name: us / 1000 for name, us in own.items()})


def measure(dist: Path, players: int, actions: int, motion: str, top: int, keep: Path | None = None) -> dict:
    from playwright.sync_api import sync_playwright

    context_args = {"reduced_motion": "reduce"} if motion == "reduce" else {}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as folder:
        server = Server(dist)
        run = Phones(p.chromium, server)
        try:
            if motion == "no-css":
                def open_without_css_motion(hash_text, browser=None, **more):
                    context = (browser or run.browser).new_context(viewport=PHONE, has_touch=True, **more)
                    context.add_init_script(STYLE_AT_START % json.dumps(NO_CSS_MOTION))
                    page = context.new_page()
                    page.goto(server.base + hash_text)
                    page.wait_for_selector(READY, timeout=180_000)
                    return page

                run.open = open_without_css_motion
            host = run.open(f"#/the-game?players={players}", **context_args)
            set_up_table(host, ["person"] + ["phone"] * (players - 1), seed="trace-phones-1")
            seats = {}
            for _ in range(players - 1):
                page = run.open("#/", **context_args)
                seat, _, _ = pair_timed(host, page, "the-game")
                seats[seat] = page
            table = Table("the-game", host, seats)
            person = the_game_person()
            table.play(person, max_actions=2)
            trace = keep or Path(folder) / "trace.json"
            run.browser.start_tracing(page=seats[1], path=str(trace), categories=CATEGORIES)
            played = table.play(person, max_actions=actions)
            seats[1].wait_for_timeout(1000)  # the last update's frames
            run.browser.stop_tracing()
        finally:
            run.close()
            server.stop()
        events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    stamps = [e["ts"] for e in events if e.get("ph") == "X" and "ts" in e]
    pages = []
    guest = traced_page(events)
    for pid, tid in sorted(main_threads(events).items()):  # the host's and the guest's renderers
        busy, own = self_times(events, pid, tid)
        if busy < 1:
            continue
        pages.append({"page": "guest" if pid == guest else ("host" if players == 2 else "another phone"), "busy_ms": round(busy), "busy_ms_per_action": round(busy / max(played, 1), 1),
                      "self_ms": {name: round(ms, 1) for name, ms in own.most_common(top)}})
    return {"players": players, "actions": played, "motion": motion,
            "span_s": round((max(stamps) - min(stamps)) / 1e6, 1) if stamps else 0, "pages": pages}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, help="a built dist/ (default: build one into a temporary folder)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--actions", type=int, default=20)
    parser.add_argument("--motion", choices=["full", "reduce", "no-css"], default="full")
    parser.add_argument("--top", type=int, default=12, help="event names listed per page")
    parser.add_argument("--keep-trace", type=Path, help="write the trace there (Chrome's JSON trace format)")
    args = parser.parse_args(argv)
    with given_or_built(args.dist) as dist:
        result = measure(dist, args.players, args.actions, args.motion, args.top, args.keep_trace)
    print(f"{result['actions']} actions, {result['players']} phones, motion {result['motion']}, "
          f"trace span {result['span_s']} s")
    for page in result["pages"]:
        print(f"\n{page['page']}'s main thread: busy {page['busy_ms']} ms, {page['busy_ms_per_action']} ms per action")
        for name, ms in page["self_ms"].items():
            print(f"{ms:9.1f}  {name}")
    print_result(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
