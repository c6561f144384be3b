"""Eleusis science benchmark: the scientist bot plays solo science mode against a set of secret rules.

    python -m junban.bench eleusis --rules library|FILE.json --games G --seed S [--workers W] [--level L]

``--rules library`` uses the built-in library (optionally one ``--level``); ``FILE.json`` is a list of
``{"name": ..., "rule": ...}`` in the rule language. Each rule is played ``G`` times (deals ``S-<rule>-0`` ..).
A game is solved when the bot states an equivalent rule within its 30 plays (wrong guesses cost 2 plays).
Prints a table (per level, the unsolved rules, bot turn times) and, last, one JSON object with ``rules``,
``games``, ``solved_rate``, ``mean_plays_to_solve``, ``mean_score``, ``seconds`` and more. Bot turn times are
given as wall time and as CPU time of the process (on a shared machine the wall time also measures the others).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from junban.bench.common import print_result, print_table, run_all, wilson_interval
from junban.games.eleusis import library, science
from junban.games.eleusis.lang import RuleError, compile_rule
from junban.bots import make_bot


def load_rules(spec: str, level: str | None) -> list[dict]:
    if spec == "library":
        return [{"name": r.id, "rule": r.rule, "level": r.level} for r in library.all_rules()
                if level is None or r.level == level]
    data = json.loads(Path(spec).read_text(encoding="utf-8"))
    if not isinstance(data, list) or not all(isinstance(d, dict) and "rule" in d for d in data):
        raise ValueError(f"{spec}: expected a list of {{\"name\": ..., \"rule\": ...}}")
    out = []
    for i, d in enumerate(data):
        try:
            compile_rule(d["rule"])
        except RuleError as err:
            raise ValueError(f"{spec}: rule {i} ({d.get('name', '?')}): {err}") from None
        if level is None or d.get("level") == level:
            out.append({"name": str(d.get("name", f"rule {i}")), "rule": d["rule"], "level": d.get("level", "-")})
    return out


def play_one(job: tuple[dict, str]) -> dict:
    """One solo science game; returns its result and the bot's turn times (ms)."""
    entry, seed = job
    state = science.new_game({"rule": entry["rule"]}, seed)
    bot = make_bot("eleusis-science", "scientist", seed, 0)
    turn_ms, turn_cpu_ms = [], []
    while science.to_act(state) is not None:
        view = science.view(state, 0)
        start, cpu = time.perf_counter(), time.process_time()
        action = bot.act(view)
        turn_ms.append((time.perf_counter() - start) * 1000)
        turn_cpu_ms.append((time.process_time() - cpu) * 1000)
        state = science.apply(state, action)
    out = science.outcome(state)
    return {"name": entry["name"], "level": entry["level"], "solved": out["solved"], "score": out["score"],
            "plays": out["plays_made"], "wrong_guesses": out["wrong_guesses"], "turn_ms": turn_ms,
            "turn_cpu_ms": turn_cpu_ms,
            "last_guess": state.guesses[-1]["text"] if state.guesses else None}


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m junban.bench eleusis", description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="library", help="'library' or a JSON file of {name, rule}")
    parser.add_argument("--games", type=int, default=1, help="games per rule")
    parser.add_argument("--seed", default="eleusis")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--level", choices=library.LEVELS, default=None)
    args = parser.parse_args(argv)
    try:
        rules = load_rules(args.rules, args.level)
    except (OSError, ValueError) as err:
        print(f"eleusis bench: {err}", file=sys.stderr)
        return 2
    jobs = [(entry, f"{args.seed}-{i}-{g}") for i, entry in enumerate(rules) for g in range(args.games)]
    start = time.perf_counter()
    results = run_all(play_one, jobs, workers=args.workers, label="science games")
    seconds = time.perf_counter() - start

    solved = [r for r in results if r["solved"]]
    turns = [t for r in results for t in r["turn_ms"]]
    cpu_turns = [t for r in results for t in r["turn_cpu_ms"]]
    lo, hi = wilson_interval(len(solved), len(results))
    rows: list[tuple[str, object]] = [
        ("rules", len(rules)), ("games", len(results)),
        ("solved", f"{len(solved)}/{len(results)} = {len(solved) / max(1, len(results)):.3f} "
                   f"(95% CI {lo:.3f}-{hi:.3f})"),
    ]
    for level in sorted({r["level"] for r in results}):
        mine = [r for r in results if r["level"] == level]
        rows.append((f"  {level}", f"{sum(r['solved'] for r in mine)}/{len(mine)} solved, mean score "
                                   f"{statistics.mean(r['score'] for r in mine):.1f}"))
    if solved:
        rows.append(("mean plays to solve", f"{statistics.mean(r['plays'] for r in solved):.1f}"))
    rows.append(("mean score", f"{statistics.mean(r['score'] for r in results):.2f}"))
    rows.append(("mean wrong guesses", f"{statistics.mean(r['wrong_guesses'] for r in results):.2f}"))
    rows.append(("bot turn ms p50/p95/max", f"{_percentile(turns, 0.5):.0f} / {_percentile(turns, 0.95):.0f} / "
                                           f"{max(turns, default=0):.0f} over {len(turns)} turns"))
    rows.append(("bot turn CPU ms p50/p95/max", f"{_percentile(cpu_turns, 0.5):.0f} / "
                                               f"{_percentile(cpu_turns, 0.95):.0f} / {max(cpu_turns, default=0):.0f}"))
    for r in results:
        if not r["solved"]:
            rows.append(("  unsolved", f"{r['name']} (last guess: {r['last_guess']})"))
    print_table(rows)
    print_result({
        "rules": len(rules),
        "games": len(results),
        "solved": len(solved),
        "solved_rate": round(len(solved) / max(1, len(results)), 4),
        "solved_rate_ci95": [round(lo, 4), round(hi, 4)],
        "mean_plays_to_solve": round(statistics.mean(r["plays"] for r in solved), 2) if solved else None,
        "mean_score": round(statistics.mean(r["score"] for r in results), 2) if results else None,
        "mean_wrong_guesses": round(statistics.mean(r["wrong_guesses"] for r in results), 2) if results else None,
        "turn_ms_p50": round(_percentile(turns, 0.5), 1),
        "turn_ms_p95": round(_percentile(turns, 0.95), 1),
        "turn_ms_max": round(max(turns, default=0.0), 1),
        "turn_cpu_ms_p50": round(_percentile(cpu_turns, 0.5), 1),
        "turn_cpu_ms_p95": round(_percentile(cpu_turns, 0.95), 1),
        "turn_cpu_ms_max": round(max(cpu_turns, default=0.0), 1),
        "seconds": round(seconds, 1),
        "rules_file": args.rules,
        "seed": args.seed,
    })
    return 0
