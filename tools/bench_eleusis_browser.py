#!/usr/bin/env python3
"""How long an Eleusis table bot's turn takes in the browser: Pyodide in headless Chromium, the app's own code.

    python tools/bench_eleusis_browser.py [--players 4,6] [--games 3] [--rounds N] [--seed bench] [--level strong]
                                          [--difficulty medium] [--science RULES.json] [--hints N]
                                          [--sure TURNS.json] [--dist DIR]

Builds dist/ into a temporary folder (or copies the build ``--dist`` names) and opens it in headless Chromium under the timing page of
``tools/browser_timing.py`` (the vendored Pyodide and the app's Python archive as built; never added to the
repository's dist/), then plays whole games there (every round; ``--rounds N``: the first N rounds of each, for smoke
runs) with a bot in every seat. Each decision is timed inside Python with ``time.perf_counter`` around
``bot.act(view(state, seat))`` — what the table runs for a bot's turn — without the page's redraw. Building the
hypothesis space (once per page, before the first game) is timed apart as ``setup_ms``. Prints a table per player
count and phase and, last, one JSON object (p50/p95/max in ms). Only wall time exists in the browser: on a busy
machine it counts other processes' work too.
``--science RULES.json`` (a list of ``{"name", "rule"}``) also plays one solo science game per rule with the
scientist bot (seed ``'<seed>-<i>'``) and times its turns the same way (``science`` in the JSON).
``--hints N`` also times the hint a person may ask for (``junban.games.eleusis.hints``, what the Hint button runs):
at the tables above, ``table_hint`` on every turn to play of every seat (as if a person sat there and asked each
time); and in N solo science games of library rules at ``--difficulty`` (seed ``'<seed>-hint-<i>'``, the science
bot playing), ``science_hint`` before every turn (``hints`` in the JSON).
``--sure TURNS.json`` (what ``python -m junban.bench eleusis --turns`` writes) also times ``belief.sure``, the hint's
"Sure", on every turn's recorded inputs: per call over many rounds once each best rule has been read (``warm_us``: as
in a hint, where ``belief.read`` has just read it), and a call after emptying the rule caches (``cold_us``: a rule's
text never read before) (``sure`` in the JSON).
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.browser_timing import add_dist_option, summary, timing_page  # noqa: E402

# Runs inside Pyodide: builds the hypothesis space once, then plays whole games timing every decision.
HARNESS = r'''
import json, sys, time
from junban.bots import make_bot
from junban.games.eleusis import rules
from junban.games.eleusis.scientist import default_hypotheses

def setup():
    start = time.perf_counter()
    default_hypotheses()
    return json.dumps({"setup_ms": (time.perf_counter() - start) * 1000, "python": sys.version.split()[0]})

def timed_game(players, seed, level, difficulty, hints=False, rounds=None):
    from junban.games.eleusis.hints import table_hint
    state = rules.new_game({"players": players, "difficulty": difficulty}, seed)
    bots = [make_bot("eleusis", level, seed, seat) for seat in range(players)]
    times, hint_times = [], []
    while (seat := rules.to_act(state)) is not None and (rounds is None or len(state.rounds) < rounds):
        view = rules.view(state, seat)
        if hints and state.phase == "play":
            start = time.perf_counter()
            table_hint(view)
            hint_times.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        action = bots[seat].act(view)
        times.append([state.phase, (time.perf_counter() - start) * 1000, len(view["hand"])])
        state = rules.apply(state, action)
    return json.dumps({"times": times, "rounds": len(state.rounds), "hint_times": hint_times})

def timed_science(rule, seed, level="medium", hints=False):
    """One solo science game (``rule``, or a library rule of ``level`` when None) played by the science bot."""
    from junban.games.eleusis import science
    from junban.games.eleusis.hints import science_hint
    from junban.games.eleusis.science_bot import make_science_bot
    state = science.new_game({"rule": rule} if rule else {"level": level}, seed)
    bot = make_science_bot("scientist", seed)
    times, hint_times = [], []
    while science.to_act(state) is not None:
        view = science.view(state, 0)
        if hints:
            start = time.perf_counter()
            science_hint(view)
            hint_times.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        action = bot.act(view)
        times.append((time.perf_counter() - start) * 1000)
        state = science.apply(state, action)
    return json.dumps({"times": times, "hint_times": hint_times, "solved": science.outcome(state)["solved"]})

def timed_sure(turns_json, rounds=20, cold=300):
    """Microseconds per ``belief.sure`` call on the turns' (raw share, evidence, best rule)."""
    from junban.games.eleusis import belief
    args = [(t[2], t[6], t[7]) for g in json.loads(turns_json) for t in g["turns"]]
    for a in args:
        belief.sure(*a)
    start = time.perf_counter()
    for _ in range(rounds):
        for a in args:
            belief.sure(*a)
    warm = (time.perf_counter() - start) / (rounds * len(args)) * 1e6
    colds = []
    for a in args[:cold]:
        belief.reads_only_the_card.cache_clear()
        belief.rule_of.cache_clear()
        start = time.perf_counter()
        belief.sure(*a)
        colds.append((time.perf_counter() - start) * 1e6)
    colds.sort()
    return json.dumps({"calls": len(args), "warm_us": round(warm, 1), "cold_us_p50": round(colds[len(colds) // 2], 1),
                       "cold_us_max": round(colds[-1], 1)})
'''
PHASES = ("all", "play", "prophet_offer", "prophet_judge", "rule")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="4,6", help="comma-separated seat counts (default 4,6)")
    parser.add_argument("--games", type=int, default=3, help="whole games per seat count (default 3)")
    parser.add_argument("--rounds", type=int, default=None, metavar="N",
                        help="play only the first N rounds of each game (default: the whole game; for smoke runs)")
    parser.add_argument("--seed", default="bench", help="game i at n seats plays seed '<seed>-<n>-<i>'")
    parser.add_argument("--level", default="strong", help="bot level in every seat (default strong)")
    parser.add_argument("--difficulty", default="medium", help="library rules the bot dealers pick (default medium)")
    parser.add_argument("--science", default=None, metavar="RULES.json",
                        help="also time the science bot: one solo science game per rule of this file")
    parser.add_argument("--hints", type=int, default=0, metavar="N",
                        help="also time hints: every turn to play at the tables, and N solo science games")
    parser.add_argument("--sure", default=None, metavar="TURNS.json",
                        help="also time belief.sure (the hint's Sure) on the recorded turns of a bench run")
    add_dist_option(parser)
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]

    results: dict = {}
    with timing_page(args.dist) as page:
        page.run(HARNESS)
        setup = json.loads(page.run("setup()"))
        for players in counts:
            times: dict[str, list[float]] = {phase: [] for phase in PHASES}
            hint_times: list[float] = []
            started = time.perf_counter()
            rounds = 0
            for game in range(args.games):
                seed = f"{args.seed}-{players}-{game}"
                data = json.loads(page.run(f"timed_game({players!r}, {seed!r}, {args.level!r}, {args.difficulty!r}, "
                                           f"{bool(args.hints)!r}, {args.rounds!r})"))
                rounds += data["rounds"]
                hint_times += data["hint_times"]
                for phase, ms, _hand in data["times"]:
                    times["all"].append(ms)
                    times.setdefault(phase, []).append(ms)
                print(f"\r{players} seats: {game + 1}/{args.games} games", end="", file=sys.stderr, flush=True)
            print(file=sys.stderr)
            results[str(players)] = {"games": args.games, "rounds": rounds,
                                     "seconds": round(time.perf_counter() - started, 1),
                                     **{phase: summary(v) for phase, v in times.items() if v}}
            if hint_times:
                results.setdefault("hints", {})[f"table_{players}"] = summary(hint_times, count="hints")
        if args.science:
            rules = json.loads(Path(args.science).read_text(encoding="utf-8"))
            turns, solved = [], 0
            for i, entry in enumerate(rules):
                data = json.loads(page.run(f"timed_science({entry['rule']!r}, {f'{args.seed}-{i}'!r})"))
                turns += data["times"]
                solved += data["solved"]
            results["science"] = {"rules_file": args.science, "games": len(rules), "solved": solved,
                                  **summary(turns, count="turns")}
        if args.hints:
            hint_times = []
            for i in range(args.hints):
                data = json.loads(page.run(f"timed_science(None, {f'{args.seed}-hint-{i}'!r}, {args.difficulty!r}, "
                                           "True)"))
                hint_times += data["hint_times"]
            results.setdefault("hints", {})["science"] = {"games": args.hints, **summary(hint_times, count="hints")}
        if args.sure:
            turns_json = Path(args.sure).read_text(encoding="utf-8")
            results["sure"] = {"turns_file": args.sure, **json.loads(page.run(f"timed_sure({turns_json!r})"))}
        version = page.chromium

    print(f"{'seats':>5} {'phase':>14} {'decisions':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for players, result in results.items():
        if players in ("hints", "sure"):
            continue
        if players == "science":
            print(f"science bot: {result['turns']} turns, p50 {result['p50_ms']} / p95 {result['p95_ms']} / "
                  f"max {result['max_ms']} ms ({result['solved']}/{result['games']} solved)")
            continue
        for phase in PHASES:
            row = result.get(phase)
            if row:
                print(f"{players:>5} {phase:>14} {row['decisions']:>9} {row['p50_ms']:>8} {row['p95_ms']:>8} "
                      f"{row['max_ms']:>8}")
    for where, row in results.get("hints", {}).items():
        print(f"hints ({where}): {row['hints']} asked, p50 {row['p50_ms']} / p95 {row['p95_ms']} / "
              f"max {row['max_ms']} ms")
    if "sure" in results:
        row = results["sure"]
        print(f"belief.sure: {row['calls']} turns, {row['warm_us']} us a call once the rule was read, "
              f"{row['cold_us_p50']} us median / {row['cold_us_max']} us max for a rule never read")
    print(f"hypothesis space built once in {setup['setup_ms']:.0f} ms")
    print(json.dumps({"tool": "bench_eleusis_browser", "level": args.level, "difficulty": args.difficulty,
                      "seed": args.seed, "chromium": version, "pyodide_python": setup["python"],
                      "setup_ms": round(setup["setup_ms"]), "host": platform.machine(), "results": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
