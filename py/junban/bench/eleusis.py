"""Eleusis science benchmark: the scientist bot plays solo science mode against a set of secret rules.

    python -m junban.bench eleusis --rules library|FILE.json --games G --seed S [--workers W] [--level L]
                                   [--told rest|all]

``--rules library`` uses the built-in library (optionally one ``--level``); ``FILE.json`` is a list of
``{"name": ..., "rule": ...}`` in the rule language (an optional ``"level"``, the kind of rule, groups the table).
Each rule is played ``G`` times (deals ``S-<rule>-0`` ..). A game is solved when the bot states an equivalent rule
within its 30 plays (wrong guesses cost 2 plays). ``--told`` measures what a scientist told more would do: before
the game it is given the secret rule's verdicts along random mainlines (``told_judgements``), on first cards too
with ``all``, never with ``rest`` (then only first cards stay to be found).
Prints a table (per level, the unsolved rules, bot turn times) and, last, one JSON object with ``rules``,
``games``, ``solved_rate``, ``mean_plays_to_solve``, ``mean_score``, ``mean_wrong_guesses`` (each rate and mean with
its 95% interval, ``_ci95``), ``kinds`` (the same
per level: the kind of rule in the held-out sets), ``games_without_laid_aside`` (no first card was rejected, so
nothing but a guess can show a first-card condition), ``results_digest`` (of every game's outcome: the same seed
set gives the same digest, with any number of workers), ``seconds`` and more. Bot turn times are
given as wall time and as CPU time of the process (on a shared machine the wall time also measures the others).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import time
from pathlib import Path

from junban.bench.common import mean_interval, print_result, print_table, run_all, wilson_interval
from junban.games.eleusis import cards, library, science
from junban.games.eleusis.lang import RuleError, compile_rule
from junban.bots import bot_seed
from junban.games.eleusis.scientist import ScienceBot
from junban.rng import rng_for


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


TOLD_WALKS = 8  # --told: random mainlines the secret rule builds
TOLD_STEPS = 10  # cards in each
TOLD_CARDS = 8  # cards judged after each mainline of the walk


def told_judgements(rule, seed: str, first_card: bool) -> list[tuple[tuple, str, bool]]:
    """What ``--told`` tells the bot before the game: the secret rule's verdicts on ``TOLD_CARDS`` random cards
    after every mainline of ``TOLD_WALKS`` random walks it accepts, and (``first_card``) on every first card.
    Without ``first_card`` nothing is said about first cards (the walks start from an accepted first card)."""
    rng = rng_for(seed, "eleusis-bench", "told")
    deck = list(cards.DECK)
    out = [((), c, rule.judge((), c)) for c in deck] if first_card else []
    starters = [c for c in deck if rule.judge((), c)]
    for _ in range(TOLD_WALKS):
        line = [rng.choice(starters)]
        for _ in range(TOLD_STEPS):
            for card in rng.sample(deck, TOLD_CARDS):
                out.append((tuple(line), card, rule.judge(line, card)))
            right = [c for c in deck if rule.judge(line, c)]
            if not right:
                break
            line.append(rng.choice(right))
    return out


def play_one(job: tuple[dict, str, str | None]) -> dict:
    """One solo science game; returns its result and the bot's turn times (ms)."""
    entry, seed, told = job
    state = science.new_game({"rule": entry["rule"]}, seed)
    bot = ScienceBot("scientist", bot_seed("eleusis-science", seed),
                     told=told_judgements(state.rule, seed, told == "all") if told else ())
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
            "laid_aside": len(state.laid_aside),
            "turn_cpu_ms": turn_cpu_ms,
            "last_guess": state.guesses[-1]["text"] if state.guesses else None}


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def _wrong_guesses_interval(results: list[dict]) -> list:
    """95% interval of the mean wrong guesses per game (never below 0: a count)."""
    lo, hi = mean_interval([r["wrong_guesses"] for r in results])
    return [round(max(0.0, lo), 3), round(hi, 3)] if hi != float("inf") else [None, None]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m junban.bench eleusis", description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="library", help="'library' or a JSON file of {name, rule}")
    parser.add_argument("--games", type=int, default=1, help="games per rule")
    parser.add_argument("--seed", default="eleusis")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--level", default=None, help="only the rules of this level (or kind)")
    parser.add_argument("--told", choices=("rest", "all"), default=None,
                        help="measure a scientist told more: the secret rule's verdicts along random mainlines "
                             "before the game ('rest': never on a first card; 'all': also on every first card)")
    args = parser.parse_args(argv)
    try:
        rules = load_rules(args.rules, args.level)
    except (OSError, ValueError) as err:
        print(f"eleusis bench: {err}", file=sys.stderr)
        return 2
    jobs = [(entry, f"{args.seed}-{i}-{g}", args.told) for i, entry in enumerate(rules) for g in range(args.games)]
    start = time.perf_counter()
    results = run_all(play_one, jobs, workers=args.workers, label="science games")
    seconds = time.perf_counter() - start

    solved = [r for r in results if r["solved"]]
    outcomes = [[r["name"], r["solved"], r["score"], r["plays"], r["wrong_guesses"], r["last_guess"]] for r in results]
    digest = hashlib.sha256(json.dumps(outcomes).encode()).hexdigest()[:16]
    turns = [t for r in results for t in r["turn_ms"]]
    cpu_turns = [t for r in results for t in r["turn_cpu_ms"]]
    lo, hi = wilson_interval(len(solved), len(results))
    rows: list[tuple[str, object]] = [
        ("rules", len(rules)), ("games", len(results)),
        ("solved", f"{len(solved)}/{len(results)} = {len(solved) / max(1, len(results)):.3f} "
                   f"(95% CI {lo:.3f}-{hi:.3f})"),
    ]
    kinds = {}
    for level in sorted({r["level"] for r in results}):
        mine = [r for r in results if r["level"] == level]
        won = sum(r["solved"] for r in mine)
        wrong = statistics.mean(r["wrong_guesses"] for r in mine)
        kinds[level] = {"games": len(mine), "solved": won, "solved_rate": round(won / len(mine), 4),
                        "solved_rate_ci95": [round(x, 4) for x in wilson_interval(won, len(mine))],
                        "mean_wrong_guesses": round(wrong, 2),
                        "mean_wrong_guesses_ci95": _wrong_guesses_interval(mine)}
        rows.append((f"  {level}", f"{won}/{len(mine)} solved, mean score "
                                   f"{statistics.mean(r['score'] for r in mine):.1f}, wrong guesses {wrong:.2f}"))
    if solved:
        rows.append(("mean plays to solve", f"{statistics.mean(r['plays'] for r in solved):.1f}"))
    rows.append(("mean score", f"{statistics.mean(r['score'] for r in results):.2f}"))
    wrong_lo, wrong_hi = _wrong_guesses_interval(results)
    rows.append(("mean wrong guesses", f"{statistics.mean(r['wrong_guesses'] for r in results):.2f} "
                                      f"(95% CI {wrong_lo}-{wrong_hi})"))
    rows.append(("bot turn ms p50/p95/max", f"{_percentile(turns, 0.5):.0f} / {_percentile(turns, 0.95):.0f} / "
                                           f"{max(turns, default=0):.0f} over {len(turns)} turns"))
    rows.append(("bot turn CPU ms p50/p95/max", f"{_percentile(cpu_turns, 0.5):.0f} / "
                                               f"{_percentile(cpu_turns, 0.95):.0f} / {max(cpu_turns, default=0):.0f}"))
    for r in results:
        if not r["solved"]:
            rows.append(("  unsolved", f"{r['name']} (last guess: {r['last_guess']})"))
    rows.append(("results digest", digest))
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
        "mean_wrong_guesses_ci95": _wrong_guesses_interval(results),
        "kinds": kinds,
        "results_digest": digest,
        "games_without_laid_aside": sum(1 for r in results if not r["laid_aside"]),
        "told": args.told,
        "seconds": round(seconds, 1),
        "rules_file": args.rules,
        "seed": args.seed,
    })
    return 0
