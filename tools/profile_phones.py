#!/usr/bin/env python3
"""Where a phone's time goes in one update, on CPython: a table played on several phones of the test platform (an
app per phone on ``tests/ui/fakeplatform.py``, joined by its fake network, as ``tests/net`` plays them), each
phone's work split into drawing the screen's tree (``App.page``: the table's Python), comparing it with the last
one and patching the (fake) page (``Renderer.render``), and the rest (the host applying an action, saving,
syncing the phones; a guest reading the host's update and keeping its seat's record).

    python3 tools/profile_phones.py [--game the-game|eleusis|23] [--phones N] [--actions 60] [--seed S]
                                    [--profile 25]

Every seat but the host's first is a phone; every move is a person's (the host's seat at the host, the others on
their phones, chosen as ``tests/ui/phoneskit.choose`` plays). Prints per action, ms of CPU (``time.process_time``):
the host's and an average guest's page / patch / rest, and how many elements a guest's page has.
``--profile N``: also a cProfile of all phones together, its N costliest functions by own time. The fake page
costs less per call than a browser's DOM through Pyodide, so the patch's share here is a floor of the browser's;
``tools/bench_phones.py --stages`` measures it in the page.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from junban.ui import app as app_module  # noqa: E402
from junban.ui.dom import Renderer  # noqa: E402
from tests.ui.phoneskit import Room, choose, host_table, join  # noqa: E402

DEFAULT_PHONES = {"the-game": 5, "eleusis": 8, "23": 4}


def set_up(game: str, phones: int, seed: str, lang: str = "en"):
    """A room with the host (seat 0, a person) and ``phones - 1`` guests, paired; (room, host app, {seat: app})."""
    room = Room()
    host, _ = room.phone(f"#/{game}", lang=lang)
    setup = host.screen
    setup.handle("setup:players", str(phones))
    for seat in range(phones):
        setup.handle("setup:kind", f"{seat}:{'person' if seat == 0 else 'phone'}")
    setup.field("seed", seed, True)
    setup.handle("setup:start", None)
    host.render()
    room.run(0.2)
    guests = {seat: join(room, host, seat)[0] for seat in range(1, phones)}
    room.run(1.0)
    return room, host, guests


class Clock:
    """CPU time per phone and per part: {app: {"page": s, "patch": s, "all": s}}."""

    def __init__(self):
        self.spent: dict = {}
        self.elements: dict = {}

    def add(self, app, part: str, seconds: float) -> None:
        parts = self.spent.setdefault(app, {"page": 0.0, "patch": 0.0, "all": 0.0})
        parts[part] += seconds


def instrument(room: Room, clock: Clock):
    """Time every phone's page and patch (``App.render``'s two steps) and all its work (each timer callback of
    its platform: messages, heartbeats; and the test driver's taps, timed by ``play``)."""
    apps = {id(p): a for a, p in room.phones}
    original_page = app_module.App.page
    original_render = Renderer.render

    def page(self):
        start = time.process_time()
        try:
            return original_page(self)
        finally:
            clock.add(self, "page", time.process_time() - start)

    renderer_owner = {id(a.renderer): a for a, _ in room.phones}

    def render(self, children):
        start = time.process_time()
        try:
            return original_render(self, children)
        finally:
            owner = renderer_owner.get(id(self))
            if owner is not None:
                clock.add(owner, "patch", time.process_time() - start)
                clock.elements[owner] = _count(self.tree)

    app_module.App.page = page
    Renderer.render = render
    for app, platform in room.phones:
        original_call_later = platform.call_later

        def call_later(delay, fn, *, _app=app, _call=original_call_later):
            def timed(*args):
                start = time.process_time()
                try:
                    return fn(*args)
                finally:
                    clock.add(_app, "all", time.process_time() - start)
            return _call(delay, timed)

        platform.call_later = call_later
    del apps

    def restore():
        app_module.App.page = original_page
        Renderer.render = original_render

    return restore


def _count(nodes) -> int:
    total = 0
    for node in nodes:
        children = getattr(node, "children", None)
        if children is not None:
            total += 1 + _count(children)
    return total


def play(room: Room, host, guests: dict, actions: int, clock: Clock) -> int:
    """``actions`` moves by people (on whichever phone holds the seat to act), each followed by the network's
    delivery to every phone; returns how many were played."""
    table = host_table(host)
    session = table.session
    played = 0
    while played < actions and not session.is_over:
        seat = session.to_act
        app = guests.get(seat, host)
        start = time.process_time()
        if app is host:
            table.viewer = seat
            table.act(choose(session.game, seat, session.legal_actions(seat), session.state))
        else:
            screen = app.screen
            screen.act(choose(session.game, seat, screen.session.legal_actions(), session.state))
        app.render()
        clock.add(app, "all", time.process_time() - start)
        room.run(1.0)
        played += 1
    return played


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(DEFAULT_PHONES), default="eleusis")
    parser.add_argument("--phones", type=int, default=None, help="phones at the table, the host's included")
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--seed", default="profile-1")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="also print a cProfile's N costliest functions (own time)")
    args = parser.parse_args(argv)
    phones = args.phones or DEFAULT_PHONES[args.game]
    room, host, guests = set_up(args.game, phones, args.seed)
    clock = Clock()
    restore = instrument(room, clock)
    profile = cProfile.Profile() if args.profile else None
    try:
        if profile:
            profile.enable()
        played = play(room, host, guests, args.actions, clock)
        if profile:
            profile.disable()
    finally:
        restore()
    n = max(played, 1)

    def per_action(app, part):
        return clock.spent.get(app, {}).get(part, 0.0) * 1000 / n

    rows = [("host", [host]), (f"guest (average of {len(guests)})", list(guests.values()))]
    print(f"{args.game}, {phones} phones, {played} actions (seed {args.seed}); CPU ms per action:")
    print(f"{'':28} {'page':>7} {'patch':>7} {'rest':>7} {'all':>7} {'elements':>9}")
    result = {"game": args.game, "phones": phones, "actions": played}
    for label, apps in rows:
        page = sum(per_action(a, "page") for a in apps) / len(apps)
        patch = sum(per_action(a, "patch") for a in apps) / len(apps)
        total = sum(per_action(a, "all") for a in apps) / len(apps)
        elements = sum(clock.elements.get(a, 0) for a in apps) / len(apps)
        print(f"{label:28} {page:7.1f} {patch:7.1f} {total - page - patch:7.1f} {total:7.1f} {elements:9.0f}")
        result[label.split()[0]] = {"page": round(page, 2), "patch": round(patch, 2), "all": round(total, 2),
                                    "elements": round(elements)}
    if profile:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(args.profile)
        print(out.getvalue())
    import json

    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
