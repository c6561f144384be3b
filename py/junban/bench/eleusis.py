"""Eleusis science benchmark: the scientist bot plays solo science mode against a set of secret rules.

    python -m junban.bench eleusis --rules library|FILE.json --games G --seed S [--workers W] [--level L]
                                   [--told rest|all] [--threshold T] [--turns OUT.json]

``--rules library`` uses the built-in library (optionally one ``--level``); ``FILE.json`` is a list of
``{"name": ..., "rule": ...}`` in the rule language (an optional ``"level"``, the kind of rule, groups the table).
Each rule is played ``G`` times (deals ``S-<rule>-0`` ..). A game is solved when the bot states an equivalent rule
within its 30 plays (wrong guesses cost 2 plays); its score is the plays left then (0 if unsolved). ``--told``
measures what a scientist told more would do: before the game it is given the secret rule's verdicts along random
mainlines (``told_judgements``), on first cards too with ``all``, never with ``rest``. ``--threshold T`` makes the
bot guess whenever its belief reaches T instead of by expected value (one point of the score/solved curve).

At every turn "Sure" (``belief.sure``: the probability the hint would say to a person in the bot's place that its
best rule is the secret rule) is recorded with whether that rule was the secret rule (equivalent to it), beside the
bot's own belief (``belief.calibrated``, what it decides by): ``brier`` is the mean squared error of Sure,
``ece`` its expected calibration error over ``BUCKETS`` buckets, ``reliability`` the buckets themselves (the
reliability diagram), each with a 95% interval from resampling games.

Prints a table (all games and per kind: solved, mean score, plays to solve, wrong guesses, brier, ece; the
reliability buckets; unsolved rules; bot turn times) and, last, one JSON object with ``solved_rate``,
``mean_score``, ``mean_plays_to_solve``, ``mean_wrong_guesses``, ``brier``, ``ece`` (each with ``_ci95``),
``reliability``, ``kinds`` (the same per level: the kind of rule in the held-out sets), ``games_without_laid_aside``
(no first card was rejected), ``results_digest`` (of every game's outcome and beliefs: the same seed set gives the
same digest, with any number of workers), turn times as wall time and as CPU time of the process (on a shared
machine the wall time also measures the others), ``seconds`` and more. ``--turns`` writes every turn's belief.
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
from junban.games.eleusis.equivalence import compare
from junban.games.eleusis.science_bot import ScienceBot
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


def play_one(job: tuple) -> dict:
    """One solo science game; returns its result, the bot's turn times (ms) and its belief at every turn (the
    probability it gave its best rule, and whether that rule was the secret rule: equivalent to it)."""
    entry, seed, told, threshold, split = job
    state = science.new_game({"rule": entry["rule"]}, seed)
    bot = ScienceBot("scientist", bot_seed("eleusis-science", seed),
                     told=told_judgements(state.rule, seed, told == "all") if told else (), threshold=threshold)
    bot.record_split = split
    turn_ms, turn_cpu_ms, beliefs = [], [], []
    right: dict[str, bool] = {}
    while science.to_act(state) is not None:
        view = science.view(state, 0)
        start, cpu = time.perf_counter(), time.process_time()
        action = bot.act(view)
        turn_ms.append((time.perf_counter() - start) * 1000)
        turn_cpu_ms.append((time.process_time() - cpu) * 1000)
        decision = bot.last_decision
        best = decision["best"]
        if best not in right:
            right[best] = compare(state.rule, compile_rule(best), seed=seed).equivalent
        beliefs.append([round(decision["p"], 4), right[best], round(decision["raw"], 4), view["plays_left"],
                        view["plays_made"], decision["kind"], decision["evidence"], best,
                        round(decision["runner_up"], 4), round(decision["sure"], 4)])
        if split:  # --turns: read with the raw share (a few ms of the turn's time), no part of the decision
            beliefs[-1].append([round(x, 4) for x in decision["card_alone"]])
        state = science.apply(state, action)
    out = science.outcome(state)
    return {"name": entry["name"], "level": entry["level"], "solved": out["solved"], "score": out["score"],
            "plays": out["plays_made"], "wrong_guesses": out["wrong_guesses"], "turn_ms": turn_ms,
            "laid_aside": len(state.laid_aside),
            "turn_cpu_ms": turn_cpu_ms, "beliefs": beliefs,
            "last_guess": state.guesses[-1]["text"] if state.guesses else None}


BELIEF_FIELDS = 7  # a turn's record: belief, right, raw share, plays left, plays made, move, evidence; then the
# best rule's text and the runner-up idea's share (what tools/eleusis_calibration.py reads beyond the raw share),
# , "Sure" (belief.sure: what the hint says to people) and how the weight splits between rules about the card alone
# and the others (belief.card_alone_split: [the card-alone share of the best rule's idea, of all the surviving weight])
SURE_FIELD = 9
SPLIT_FIELD = 10


def stated(turn: list) -> tuple[float, bool]:
    """(the probability said to people, whether the best rule was the secret rule) of a turn's record: "Sure" where
    the record has it, else (records from before issue 42) the bots' own belief, which the hint showed then."""
    return (turn[SURE_FIELD] if len(turn) > SURE_FIELD else turn[0]), turn[1]


BUCKETS = 10  # the reliability diagram's and the expected calibration error's buckets of belief
BOOTSTRAP = 400  # resamples of the games for the intervals of brier and ece


def reliability(pairs: list[tuple[float, bool]], buckets: int = BUCKETS) -> list[dict]:
    """Per bucket of belief [i/buckets, (i+1)/buckets): how many turns, their mean belief, how often right."""
    rows = [[0, 0.0, 0] for _ in range(buckets)]
    for p, ok in pairs:
        row = rows[min(buckets - 1, int(p * buckets))]
        row[0] += 1
        row[1] += p
        row[2] += ok
    return [{"bucket": [i / buckets, (i + 1) / buckets], "turns": n, "mean_belief": round(sp / n, 4) if n else None,
             "right_rate": round(k / n, 4) if n else None} for i, (n, sp, k) in enumerate(rows)]


def brier_score(pairs: list[tuple[float, bool]]) -> float:
    return sum((p - ok) ** 2 for p, ok in pairs) / len(pairs) if pairs else 0.0


def calibration_error(pairs: list[tuple[float, bool]], buckets: int = BUCKETS) -> float:
    """Expected calibration error: the turns' share of each bucket times |mean belief - how often right|."""
    if not pairs:
        return 0.0
    return sum(r["turns"] * abs(r["mean_belief"] - r["right_rate"]) for r in reliability(pairs, buckets)
               if r["turns"]) / len(pairs)


def _calibration(results: list[dict], seed: str) -> dict:
    """Brier score and ece over every turn of ``results`` with 95% intervals from resampling the games."""
    per_game = [[stated(b) for b in r["beliefs"]] for r in results]
    pairs = [x for g in per_game for x in g]
    rng = rng_for(seed, "eleusis-bench", "bootstrap")
    briers, eces = [], []
    for _ in range(BOOTSTRAP if len(per_game) > 1 else 0):
        sample = [x for _ in per_game for x in per_game[rng.randrange(len(per_game))]]
        briers.append(brier_score(sample))
        eces.append(calibration_error(sample))
    briers.sort()
    eces.sort()

    def interval(values: list[float]) -> list:
        if not values:
            return [None, None]
        return [round(values[int(0.025 * len(values))], 4), round(values[int(0.975 * len(values)) - 1], 4)]

    return {"turns": len(pairs), "brier": round(brier_score(pairs), 4), "brier_ci95": interval(briers),
            "ece": round(calibration_error(pairs), 4), "ece_ci95": interval(eces)}


def _mean(values: list[float]) -> float | None:
    return round(statistics.mean(values), 2) if values else None


def _interval(values: list[float], floor: float | None = 0.0) -> list:
    """95% interval of a mean over games (a count's never below ``floor``)."""
    lo, hi = mean_interval(values)
    if hi == float("inf"):
        return [None, None]
    return [round(lo if floor is None else max(floor, lo), 3), round(hi, 3)]


def summary(results: list[dict], seed: str) -> dict:
    """The issue's numbers for a set of games, each with its 95% interval."""
    solved = [r for r in results if r["solved"]]
    won = len(solved)
    return {"games": len(results), "solved": won, "solved_rate": round(won / max(1, len(results)), 4),
            "solved_rate_ci95": [round(x, 4) for x in wilson_interval(won, len(results))],
            "mean_score": _mean([r["score"] for r in results]),
            "mean_score_ci95": _interval([r["score"] for r in results]),
            "mean_plays_to_solve": _mean([r["plays"] for r in solved]),
            "mean_plays_to_solve_ci95": _interval([r["plays"] for r in solved]),
            "mean_wrong_guesses": _mean([r["wrong_guesses"] for r in results]),
            "mean_wrong_guesses_ci95": _interval([r["wrong_guesses"] for r in results]),
            **_calibration(results, seed)}


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
    parser.add_argument("--level", default=None, help="only the rules of this level (or kind)")
    parser.add_argument("--told", choices=("rest", "all"), default=None,
                        help="measure a scientist told more: the secret rule's verdicts along random mainlines "
                             "before the game ('rest': never on a first card; 'all': also on every first card)")
    parser.add_argument("--threshold", type=float, default=None,
                        help="guess whenever the belief reaches this (0-1) instead of by expected value: one point "
                             "of the curve of score against solved rate")
    parser.add_argument("--turns", default=None,
                        help="write every turn's belief to this JSON file (per game: [belief, right, raw share, plays "
                             "left, plays made, move, evidence, best rule, runner-up share, Sure, [card-alone share of the "
                             "best idea's weight, of the surviving weight]] per turn): what tools/eleusis_calibration.py reads")
    args = parser.parse_args(argv)
    try:
        rules = load_rules(args.rules, args.level)
    except (OSError, ValueError) as err:
        print(f"eleusis bench: {err}", file=sys.stderr)
        return 2
    jobs = [(entry, f"{args.seed}-{i}-{g}", args.told, args.threshold, bool(args.turns))
            for i, entry in enumerate(rules) for g in range(args.games)]
    start = time.perf_counter()
    results = run_all(play_one, jobs, workers=args.workers, label="science games")
    seconds = time.perf_counter() - start

    # (the digest reads the first BELIEF_FIELDS of each turn, as it always has: the same games, the same digest)
    outcomes = [[r["name"], r["solved"], r["score"], r["plays"], r["wrong_guesses"], r["last_guess"],
                 [b[:BELIEF_FIELDS] for b in r["beliefs"]]] for r in results]
    digest = hashlib.sha256(json.dumps(outcomes).encode()).hexdigest()[:16]
    turns = [t for r in results for t in r["turn_ms"]]
    cpu_turns = [t for r in results for t in r["turn_cpu_ms"]]
    whole = summary(results, args.seed)
    kinds = {level: summary([r for r in results if r["level"] == level], args.seed)
             for level in sorted({r["level"] for r in results})}

    def line(numbers: dict) -> str:
        return (f"{numbers['solved']}/{numbers['games']} solved, score {numbers['mean_score']} "
                f"{numbers['mean_score_ci95']}, plays to solve {numbers['mean_plays_to_solve']}, wrong guesses "
                f"{numbers['mean_wrong_guesses']}, brier {numbers['brier']}, ece {numbers['ece']}")

    rows: list[tuple[str, object]] = [("rules", len(rules)), ("games", len(results)), ("all", line(whole))]
    rows += [(f"  {level}", line(numbers)) for level, numbers in kinds.items()]
    rows.append(("solved (95% CI)", f"{whole['solved_rate']:.3f} {whole['solved_rate_ci95']}"))
    rows.append(("mean score (95% CI)", f"{whole['mean_score']} {whole['mean_score_ci95']}"))
    rows.append(("mean wrong guesses (95% CI)", f"{whole['mean_wrong_guesses']} {whole['mean_wrong_guesses_ci95']}"))
    rows.append(("brier / ece (95% CI)", f"{whole['brier']} {whole['brier_ci95']} / {whole['ece']} "
                                         f"{whole['ece_ci95']} over {whole['turns']} turns"))
    for r in reliability([stated(b) for res in results for b in res["beliefs"]]):
        if r["turns"]:
            rows.append((f"  belief {r['bucket'][0]:.1f}-{r['bucket'][1]:.1f}",
                         f"{r['turns']} turns, mean belief {r['mean_belief']:.3f}, right {r['right_rate']:.3f}"))
    rows.append(("bot turn ms p50/p95/max", f"{_percentile(turns, 0.5):.0f} / {_percentile(turns, 0.95):.0f} / "
                                           f"{max(turns, default=0):.0f} over {len(turns)} turns"))
    rows.append(("bot turn CPU ms p50/p95/max", f"{_percentile(cpu_turns, 0.5):.0f} / "
                                               f"{_percentile(cpu_turns, 0.95):.0f} / {max(cpu_turns, default=0):.0f}"))
    for r in results:
        if not r["solved"]:
            rows.append(("  unsolved", f"{r['name']} (last guess: {r['last_guess']})"))
    rows.append(("results digest", digest))
    print_table(rows)
    if args.turns:
        Path(args.turns).write_text(json.dumps(
            [{"name": r["name"], "level": r["level"], "game": i, "solved": r["solved"], "score": r["score"],
              "turns": r["beliefs"]} for i, r in enumerate(results)]), encoding="utf-8")
    print_result({
        "rules": len(rules),
        **whole,
        "reliability": reliability([stated(b) for res in results for b in res["beliefs"]]),
        "turn_ms_p50": round(_percentile(turns, 0.5), 1),
        "turn_ms_p95": round(_percentile(turns, 0.95), 1),
        "turn_ms_max": round(max(turns, default=0.0), 1),
        "turn_cpu_ms_p50": round(_percentile(cpu_turns, 0.5), 1),
        "turn_cpu_ms_p95": round(_percentile(cpu_turns, 0.95), 1),
        "turn_cpu_ms_max": round(max(cpu_turns, default=0.0), 1),
        "kinds": kinds,
        "results_digest": digest,
        "games_without_laid_aside": sum(1 for r in results if not r["laid_aside"]),
        "told": args.told,
        "threshold": args.threshold,
        "seconds": round(seconds, 1),
        "rules_file": args.rules,
        "seed": args.seed,
    })
    return 0
