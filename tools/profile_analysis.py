#!/usr/bin/env python3
"""Where "Could this deal have been won?" spends its time, on CPython: CPU time per phase and per node, and (with
``--profile``) the functions that take it.

    PYTHONPATH=py python3 tools/profile_analysis.py [--players 1] [--player greedy|baseline|strong] [--games 6]
                                                    [--seed solver-browser] [--deals 17,22] [--verdict-only]
                                                    [--profile 15] [--compare EARLIER_OUTPUT]
                                                    [--probe-nodes 1000 --confirm-nodes 2000 --after-nodes 500]

The same deals and players as ``tools/bench_solver_browser.py`` (its harness plays them: deal i is seed
``<seed>-<i>``), analysed by ``analysis.Analysis`` with every seat a person, node by node. Per deal: CPU seconds
(``time.process_time``, so the machine's load does not count), nodes, microseconds per node, and how the CPU time
splits between the phases — the best result from the start ("best") and the search for the turning point
("turning"). The "best" phase alone is a lower bound for any analysis that answers both questions with this
solver at this speed per node. The "best" phase is also what a person waits for the verdict ("could it have been
won?", shown with its best line as soon as it is known); the whole analysis adds the turning point. The summary
gives both, p50/p95: ``verdict_cpu_s`` and ``cpu_s``. Prints a table, then one JSON object as the last line.

``--compare FILE`` (FILE: an earlier run's output, or its last line) says, deal by deal, whether this run's answers
are the same as that run's, better or worse (the best result from the start: a perfect game, else fewer cards left;
then the turning point, when both looked for it), and exits with 1 if any is worse: the check a change to the solver
that must not make an answer worse is held to. ``--deals`` analyses only the deals listed (to profile the slow ones).
``--probe-nodes``/``--confirm-nodes``/``--after-nodes`` run the turning point's search with other node limits than
the app's, to measure what its answers cost: compared (``--compare``) with a run at larger limits, how many turning
points a smaller budget gets the same.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from junban.bench.common import percentile  # noqa: E402
from junban.games.the_game.analysis import AFTER_NODES, CONFIRM_NODES, PROBE_NODES, Analysis  # noqa: E402
from tools.bench_solver_browser import HARNESS  # noqa: E402


def analyse(config: dict, seed: str, actions: list[dict], verdict_only: bool = False,
            budgets: dict | None = None) -> dict:
    """One analysis, node by node: CPU seconds in all and per phase, and its nodes (``verdict_only``: stopped once
    its verdict is known; ``budgets``: the turning point's node limits, ``Analysis``'s keywords, if not its own)."""
    analysis = Analysis(config, seed, actions, people=range(config["players"]), **(budgets or {}))
    phases: dict[str, float] = {}
    started = time.process_time()
    while True:
        phase = "best" if analysis.phase == "best" else "turning"
        before = time.process_time()
        done = analysis.run(1)
        phases[phase] = phases.get(phase, 0.0) + time.process_time() - before
        if done or verdict_only and analysis.verdict is not None:
            break
    cpu = time.process_time() - started
    result = analysis.result if done else {**analysis.verdict, "turning_point": None}
    return {"seed": seed, "cpu_s": round(cpu, 3), "nodes": analysis.nodes,
            "us_per_node": round(cpu / max(1, analysis.nodes) * 1e6),
            "best_cpu_s": round(phases.get("best", 0.0), 3), "turning_cpu_s": round(phases.get("turning", 0.0), 3),
            "best_left": result["best"]["best_left"],
            "turning_point": result["turning_point"] is not None,
            "verdict": verdict(result)}


def verdict(result: dict) -> dict:
    """The analysis's answers, to compare before and after a change to the solver: the best result, the turning
    point's turn and its levels (None when it was not looked for: ``--verdict-only``)."""
    turning = result["turning_point"]
    return {"best_left": result["best"]["best_left"], "perfect": result["best"]["perfect"],
            "proven_optimal": result["best"]["proven_optimal"],
            "turning": None if turning is None else {key: turning[key] for key in (
                "turn_index", "best_left_before", "best_left_after", "proven")}}


def compare(earlier: dict, rows: list[dict], turning: bool) -> list[str]:
    """Deal by deal, this run's answers against an earlier run's: "same", "better" or "worse" (and why); with
    ``turning`` (both runs looked for the turning points), a turning point that differs is said too."""
    before = {r["seed"]: r for r in earlier["deals_detail"]}
    lines = []
    for row in rows:
        if row["seed"] not in before:
            lines.append(f"{row['seed']}: not in the earlier run")
            continue
        old, new = before[row["seed"]]["verdict"], row["verdict"]
        rank_old = (not old["perfect"], old["best_left"])
        rank_new = (not new["perfect"], new["best_left"])
        if rank_new != rank_old:
            word = "better" if rank_new < rank_old else "worse"
        elif turning and old["turning"] != new["turning"]:
            turns = [None if t is None else t["turn_index"] for t in (old["turning"], new["turning"])]
            word = ("turning point's levels differ" if turns[0] == turns[1] else
                    f"turning point differs (turn {turns[0]} -> {turns[1]})")
        else:
            word = "same"
        lines.append(f"{row['seed']}: {word} (best left {old['best_left']} -> {new['best_left']}; nodes "
                     f"{before[row['seed']]['nodes']} -> {row['nodes']}; CPU {before[row['seed']]['cpu_s']} -> "
                     f"{row['cpu_s']} s)")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1, choices=range(1, 6))
    parser.add_argument("--player", default="greedy", choices=("strong", "baseline", "greedy"))
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", default="solver-browser")
    parser.add_argument("--deals", default="", help="only these deal numbers, e.g. 17,22 (default: 0..games-1)")
    parser.add_argument("--compare", metavar="FILE", help="an earlier run's output: say deal by deal whether the "
                        "answers are the same, better or worse (exit 1 if any is worse)")
    parser.add_argument("--verdict-only", action="store_true",
                        help="stop each analysis once its verdict is known (the best result from the start)")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="also list the N costliest functions")
    for name, default in (("probe", PROBE_NODES), ("confirm", CONFIRM_NODES), ("after", AFTER_NODES)):
        parser.add_argument(f"--{name}-nodes", type=int, default=default,
                            help=f"the turning point's {name} solves' node limit (default {default}: the app's)")
    args = parser.parse_args(argv)
    budgets = {"probe_nodes": args.probe_nodes, "confirm_nodes": args.confirm_nodes, "after_nodes": args.after_nodes}

    harness: dict = {}
    exec(HARNESS, harness)  # the benchmark's players: the same games as it analyses
    config = {"players": args.players}
    profiler = cProfile.Profile() if args.profile else None
    rows = []
    numbers = [int(n) for n in args.deals.split(",")] if args.deals else range(args.games)
    for i in numbers:
        seed = f"{args.seed}-{i}"
        actions = harness["finished_game"](config, seed, args.player)
        if profiler:
            profiler.enable()
        rows.append(analyse(config, seed, actions, args.verdict_only, budgets))
        if profiler:
            profiler.disable()
        r = rows[-1]
        print(f"{seed}: {r['cpu_s']:7.2f} s CPU, {r['nodes']:6} nodes, {r['us_per_node']:6} us/node, "
              f"best {r['best_cpu_s']:6.2f} s, turning {r['turning_cpu_s']:6.2f} s", flush=True)
    cpu = [r["cpu_s"] for r in rows]
    best = [r["best_cpu_s"] for r in rows]
    print(f"CPU to the verdict: p50 {percentile(best, 0.5):.2f} s, p95 {percentile(best, 0.95):.2f} s" + (
        "" if args.verdict_only else
        f"; to the whole analysis: p50 {percentile(cpu, 0.5):.2f} s, p95 {percentile(cpu, 0.95):.2f} s"))
    result = {"players": args.players, "player": args.player, "deals": len(rows), "seed": args.seed,
              "verdict_only": args.verdict_only, "budgets": budgets,
              "cpu_s": {"p50": percentile(cpu, 0.5), "p95": percentile(cpu, 0.95), "max": max(cpu)},
              "verdict_cpu_s": {"p50": percentile(best, 0.5), "p95": percentile(best, 0.95), "max": max(best)},
              "nodes_p50": percentile([r["nodes"] for r in rows], 0.5),
              "us_per_node_p50": percentile([r["us_per_node"] for r in rows], 0.5), "deals_detail": rows}
    if profiler:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(args.profile)
        print(out.getvalue())
    worse = False
    if args.compare:
        earlier = json.loads(Path(args.compare).read_text().strip().splitlines()[-1])
        lines = compare(earlier, rows, turning=not earlier["verdict_only"] and not args.verdict_only)
        print("\n".join(lines))
        words = {"same": "same", "better": "better", "worse": "worse", "turn": "turning point differs",
                 "levels": "turning point's levels differ"}
        counts = {key: sum(1 for line in lines if f": {word}" in line) for key, word in words.items()}
        print(f"answers against {args.compare}: {counts['same']} the same, {counts['better']} better, "
              f"{counts['worse']} worse, {counts['turn'] + counts['levels']} other; of which turning points at another "
              f"turn {counts['turn']}, at the same turn with other levels {counts['levels']}")
        worse = counts["worse"] > 0
    print(json.dumps(result, sort_keys=True))
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
