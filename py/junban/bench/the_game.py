"""python -m junban.bench the-game --players N --games G --seed S --bot NAME [--variant V ...] [--workers K]

Plays G deals (seeds ``S-0`` .. ``S-(G-1)``) through the real engine: every seat is a bot that sees only
``view(state, seat)``, and every action goes through ``apply``. Variants: ``expert`` (minimum 3), ``small``
(one card fewer in hand), ``fire`` (On Fire), ``strict`` (no undo). ``--bot clairvoyant`` runs the solver
(``junban.games.the_game.solver``), which reads the whole deal: the game's ceiling, never a table bot (its nodes and
CPU seconds per deal are in the summary). ``--bot informed-hands`` and ``--bot informed-deal`` are the strong bot
told the partners' hands, or the whole deal (``the_game_informed``: what the hidden cards are worth, never table
bots); ``--known F`` tells ``informed-hands`` each card a partner holds only with chance F.

Prints a table, then as the last line one JSON object: games, perfect_rate, win_rate, mean_left, ci95_perfect,
ci95_win, seconds, and a digest of the per-deal results (the same seed set gives the same digest, with any
number of workers).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import time

from junban.bench.common import percentile, print_result, print_table, run_all, seed_set, wilson_interval
from junban.bench.the_game_informed import EVERY_TURN, KNOWS, InformedBot
from junban.bots import make_bot
from junban.games.the_game import rules

BOTS = ("baseline", "strong", "clairvoyant", *KNOWS)
VARIANTS = {"expert": "expert", "small": "small_hands", "fire": "on_fire", "strict": "strict"}
# A deal never needs more actions than this (98 plays, ~50 turn ends, a few markers per turn); more is a bot bug.
MAX_ACTIONS = 2000

# Published results over 10,000 deals (issue 3): players -> (best perfect win, best win with <= 9 left).
PUBLISHED = {1: (0.12, 0.45), 2: (0.24, 0.88), 3: (0.10, 0.83), 4: (0.11, 0.94), 5: (0.14, 0.92)}


def game_config(players: int, variants: list[str]) -> dict:
    raw = {"players": players}
    for v in variants:
        raw[VARIANTS[v]] = True
    return rules.normalize_config(raw)


def play_deal(job: tuple) -> dict:
    """Play one deal with bots at every seat; return its result (plain data, no timings but the bot's)."""
    seed, config, bot, playouts_from, known = job
    if bot == "clairvoyant":
        from junban.bench.the_game_solver import solve_deal

        return solve_deal(config, seed)
    state = rules.new_game(config, seed)
    if bot in KNOWS:  # told hidden cards on purpose: its --known draws keep the deal's seed, as published
        bots = [InformedBot(bot, seed, seat, playouts_from, known) for seat in range(config["players"])]
    else:
        bots = [make_bot("the-game", bot, seed, seat) for seat in range(config["players"])]
    actions = 0
    turn_seconds: list[float] = []
    act_seconds: list[float] = []
    turn_clock = 0.0
    while not rules.is_over(state):
        seat = rules.to_act(state)
        seen = rules.view(state, seat)
        if bot in KNOWS:
            bots[seat].table = state
        t0 = time.perf_counter()
        action = bots[seat].act(seen)
        spent = time.perf_counter() - t0
        act_seconds.append(spent)
        turn_clock += spent
        state = rules.apply(state, action)
        if "end_turn" in action or rules.is_over(state):
            turn_seconds.append(turn_clock)
            turn_clock = 0.0
        actions += 1
        if actions > MAX_ACTIONS:
            raise RuntimeError(f"deal {seed}: the bots took more than {MAX_ACTIONS} actions")
    ended = rules.outcome(state)
    return {
        "seed": seed,
        "result": ended["result"],
        "left": ended["left"],
        "reason": ended["reason"],
        "turns": state.turn,
        "turn_seconds": turn_seconds,
        "act_seconds": act_seconds,
    }


def summarize(results: list[dict], seconds: float, args, config: dict) -> dict:
    n = len(results)
    perfect = sum(r["result"] == "perfect" for r in results)
    wins = sum(r["result"] in ("perfect", "win") for r in results)
    lefts = [r["left"] for r in results]
    outcomes = [[r["seed"], r["result"], r["left"]] for r in results]
    digest = hashlib.sha256(json.dumps(outcomes).encode()).hexdigest()[:16]
    summary = {
        "game": "the-game",
        "bot": args.bot,
        "players": args.players,
        "variants": sorted(args.variant),
        "seed": args.seed,
        "games": n,
        "perfect": perfect,
        "wins": wins,
        "perfect_rate": perfect / n,
        "win_rate": wins / n,
        "mean_left": statistics.fmean(lefts),
        "ci95_perfect": [round(x, 4) for x in wilson_interval(perfect, n)],
        "ci95_win": [round(x, 4) for x in wilson_interval(wins, n)],
        "fire_losses": sum(r["reason"] in ("fire", "fire-at-end") for r in results),
        "results_digest": digest,
        "seconds": round(seconds, 1),
        "workers": args.workers,
    }
    if args.bot in KNOWS:
        summary["playouts_from"] = EVERY_TURN if args.playouts_from is None else args.playouts_from
        if args.known is not None:
            summary["known"] = args.known
    turns = [t for r in results for t in r.get("turn_seconds", [])]
    acts = [t for r in results for t in r.get("act_seconds", [])]
    if turns:
        summary["turn_ms"] = {q: round(1000 * percentile(turns, v), 2)
                              for q, v in (("p50", 0.5), ("p95", 0.95), ("max", 1.0))}
        summary["act_ms"] = {q: round(1000 * percentile(acts, v), 2)
                             for q, v in (("p50", 0.5), ("p95", 0.95), ("max", 1.0))}
    if args.bot == "clairvoyant":
        from junban.bench.the_game_solver import summarize_solver

        summary.update(summarize_solver(results))
    return summary


def table_rows(summary: dict) -> list[tuple[str, object]]:
    published = PUBLISHED.get(summary["players"]) if not summary["variants"] else None
    lo, hi = summary["ci95_perfect"]
    wlo, whi = summary["ci95_win"]
    rows = [
        ("bot", summary["bot"]),
        ("players", summary["players"]),
        ("variants", ", ".join(summary["variants"]) or "standard"),
        ("deals", f"{summary['games']} (seeds {summary['seed']}-0 .. {summary['seed']}-{summary['games'] - 1})"),
        ("perfect win (0 left)", f"{summary['perfect_rate']:.2%}  (95% CI {lo:.2%} .. {hi:.2%})"),
        ("win (<= 9 left)", f"{summary['win_rate']:.2%}  (95% CI {wlo:.2%} .. {whi:.2%})"),
        ("mean cards left", f"{summary['mean_left']:.2f}"),
        ("lost to fire", summary["fire_losses"]),
    ]
    if "playouts_from" in summary:
        rows.append(("play-outs from", f"{summary['playouts_from']} cards left to draw"))
    if "known" in summary:
        rows.append(("partners' cards told", f"each with chance {summary['known']}"))
    if published:
        rows.append(("best published", f"perfect {published[0]:.0%}, win {published[1]:.0%}"))
    if "turn_ms" in summary:
        t, a = summary["turn_ms"], summary["act_ms"]
        rows.append(("bot ms per turn", f"p50 {t['p50']}  p95 {t['p95']}  max {t['max']}  (CPython)"))
        rows.append(("bot ms per act()", f"p50 {a['p50']}  p95 {a['p95']}  max {a['max']}"))
    if "node_limit" in summary:
        n, t = summary["nodes"], summary["cpu_seconds"]
        rows.append(("solver node limit", f"{summary['node_limit']} per deal"))
        rows.append(("solver nodes per deal", f"mean {n['mean']}  p95 {n['p95']}  max {n['max']}"))
        rows.append(("solver CPU s per deal", f"mean {t['mean']}  p95 {t['p95']}  max {t['max']}  (CPython)"))
        rows.append(("proven best", f"{summary['proven_optimal']} of {summary['games']} (perfect, or no better "
                                    f"by the dead cards)"))
    rows.append(("seconds", f"{summary['seconds']} ({summary['workers']} worker(s))"))
    rows.append(("results digest", summary["results_digest"]))
    return rows


def parse_args(argv: list[str]):
    parser = argparse.ArgumentParser(prog="python -m junban.bench the-game", description=__doc__.split("\n\n")[1])
    parser.add_argument("--players", type=int, default=1, choices=range(1, 6), help="1 to 5 (default 1)")
    parser.add_argument("--games", type=int, default=100, help="number of deals (default 100)")
    parser.add_argument("--seed", default="bench", help="base of the seed set (default 'bench')")
    parser.add_argument("--bot", default="strong", choices=BOTS, help="bot level at every seat (default strong)")
    parser.add_argument("--variant", action="extend", nargs="+", default=[], choices=sorted(VARIANTS),
                        help="expert, small, fire, strict (several allowed)")
    parser.add_argument("--workers", type=int, default=1, help="processes to spread the deals over (default 1)")
    parser.add_argument("--playouts-from", type=int, default=None, metavar="CARDS",
                        help="informed bots only: play turns out from this many cards left to draw (default: every turn)")
    parser.add_argument("--known", type=float, default=None, metavar="FRACTION",
                        help="informed-hands only: tell each card a partner holds with this chance (default 1: all)")
    args = parser.parse_args(argv)
    args.variant = sorted(set(args.variant))
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.playouts_from is not None and args.bot not in KNOWS:
        parser.error("--playouts-from applies to the informed bots only")
    if args.playouts_from is not None and args.playouts_from < 0:
        parser.error("--playouts-from must be 0 or more")
    if args.known is not None and args.bot != "informed-hands":
        parser.error("--known applies to informed-hands only")
    if args.known is not None and not 0.0 <= args.known <= 1.0:
        parser.error("--known must be between 0 and 1")
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    config = game_config(args.players, args.variant)
    playouts_from = EVERY_TURN if args.playouts_from is None else args.playouts_from
    known = 1.0 if args.known is None else args.known
    jobs = [(seed, config, args.bot, playouts_from, known) for seed in seed_set(args.seed, args.games)]
    start = time.perf_counter()
    results = run_all(play_deal, jobs, workers=args.workers, label="deals")
    seconds = time.perf_counter() - start
    summary = summarize(results, seconds, args, config)
    print_table(table_rows(summary))
    print_result(summary)
    return 0
