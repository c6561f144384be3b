"""python -m junban.bench 23 --players N --games G --seed S --bot NAME --vs NAME [--workers K]

Game i deals from seed ``S-i`` (``common.seed_set``) and seats the first bot at seat i mod N, the other seats being
copies of ``--vs``; so over N consecutive games the first bot sits once in every seat. Every bot is made by
``junban.bots.make_bot`` (its seed derived from the deal's). Prints a table and, as the last line, one JSON object:
games, players, bot, vs, win_share (share of games the first bot wins, a tie for first shared equally) with a 95%
interval, mean_penalty (final totals, after the bonus-chip refund) for the first bot and for the others' seats,
mean raw penalty chips and unused bonus chips; the first bot's drop-outs per seat-round (two per game):
dropout_rate, dropout_10plus_rate (with 10 or more cards), dropout_free_play (how many while it held a card it
could play at no penalty, bonus chips allowed; dropout_free_play_worse of them when that play was provably worse,
see ``bots.may_drop_out``), mean_cards_at_dropout, each with a 95% interval, and the same for the other seats
under ``vs_dropouts``; results_digest (a hash of every game's seed, seat and totals); and the first bot's time per
decision (p50/p95/max in ms on CPython, wall clock and process CPU time; the only numbers that are not
reproducible). Every other number depends on the seed set alone.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import time

from junban.bench.common import print_result, print_table, run_all, seed_set, wilson_interval
from junban.bots import make_bot
from junban.games.twenty_three import bots as bots23
from junban.games.twenty_three import rules


def play_game(job: tuple) -> dict:
    """Play one game; return the first bot's seat, the outcome, every drop-out and the first bot's decision times
    (seconds). A drop-out is (seat, cards in hand, chips a free play needed or None, whether that play was
    provably worse)."""
    players, seed, first_seat, bot_level, vs_level = job
    state = rules.new_game({"players": players}, seed)
    seats = [make_bot("23", bot_level if s == first_seat else vs_level, seed, s) for s in range(players)]
    times: list[float] = []
    cpu_times: list[float] = []
    dropouts: list[tuple] = []
    decisions = 0
    while (seat := rules.to_act(state)) is not None:
        view = rules.view(state, seat)
        start, cpu_start = time.perf_counter(), time.process_time()
        action = seats[seat].act(view)
        if seat == first_seat:
            times.append(time.perf_counter() - start)
            cpu_times.append(time.process_time() - cpu_start)
        if "drop_out" in action:
            dropouts.append(dropout_record(state, seat))
        state = rules.apply(state, action)
        decisions += 1
        if decisions > 10_000:
            raise RuntimeError(f"game {seed} does not end: the bots pass forever")
    result = rules.outcome(state)
    winners = result["winners"]
    return {
        "seed": seed,
        "seat": first_seat,
        "share": (1.0 / len(winners)) if first_seat in winners else 0.0,
        "totals": result["totals"],
        "penalties": result["penalties"],
        "bonus": result["bonus"],
        "dropouts": dropouts,
        "times": times,
        "cpu_times": cpu_times,
    }


def dropout_record(state: rules.State, seat: int) -> tuple:
    """(seat, cards in hand, the fewest bonus chips of a play at no penalty or None, whether it is provably worse)."""
    hand, chips, penalties = state.hands[seat], state.bonus[seat], state.penalties[seat]
    free = rules.chips_for_free_play(hand, state.pile_value, chips)
    return seat, len(hand), free, free is not None and bots23.may_drop_out(hand, state.pile_value, chips, penalties)


def dropout_summary(results: list[dict], first: bool) -> dict:
    """Drop-outs of the first bot's seat (or the other seats) per seat-round, with 95% intervals."""
    seat_rounds = sum(rules.ROUNDS * (1 if first else len(r["totals"]) - 1) for r in results)
    drops = [d for r in results for d in r["dropouts"] if (d[0] == r["seat"]) == first]
    cards = [d[1] for d in drops]
    many = sum(1 for c in cards if c >= 10)
    free = [d for d in drops if d[2] is not None]

    def rate(count: int) -> list[float]:
        return [round(x, 4) for x in wilson_interval(count, seat_rounds)]

    mean = sum(cards) / len(cards) if cards else 0.0
    spread = math.sqrt(sum((c - mean) ** 2 for c in cards) / max(1, len(cards) - 1) / max(1, len(cards)))
    return {
        "seat_rounds": seat_rounds,
        "dropouts": len(drops),
        "dropout_rate": round(len(drops) / seat_rounds, 4),
        "dropout_rate_ci95": rate(len(drops)),
        "dropout_10plus_rate": round(many / seat_rounds, 4),
        "dropout_10plus_rate_ci95": rate(many),
        "dropout_free_play": len(free),
        "dropout_free_play_ci95": [round(x * seat_rounds, 1) for x in wilson_interval(len(free), seat_rounds)],
        "dropout_free_play_no_chips": sum(1 for d in free if d[2] == 0),
        "dropout_free_play_worse": sum(1 for d in free if d[3]),
        "mean_cards_at_dropout": round(mean, 3),
        "mean_cards_at_dropout_ci95": [round(mean - 1.96 * spread, 3), round(mean + 1.96 * spread, 3)],
    }


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def summarize(results: list[dict], players: int, bot: str, vs: str, seconds: float) -> dict:
    games = len(results)
    shares = [r["share"] for r in results]
    win_share = sum(shares) / games
    variance = sum((x - win_share) ** 2 for x in shares) / max(1, games - 1)
    half = 1.96 * math.sqrt(variance / games)

    def mean_of(key: str, first: bool) -> float:
        values = [v for r in results for s, v in enumerate(r[key]) if (s == r["seat"]) == first]
        return round(sum(values) / len(values), 3)

    def timing(key: str) -> dict:
        times = [t * 1000 for r in results for t in r[key]]
        return {"count": len(times), "p50": round(percentile(times, 50), 2), "p95": round(percentile(times, 95), 2),
                "max": round(max(times), 2)}

    return {
        "games": games,
        "players": players,
        "bot": bot,
        "vs": vs,
        "win_share": round(win_share, 4),
        "win_share_ci95": [round(max(0.0, win_share - half), 4), round(min(1.0, win_share + half), 4)],
        "parity": round(1 / players, 4),
        "mean_penalty": {"bot": mean_of("totals", True), "vs": mean_of("totals", False)},
        "mean_penalty_chips": {"bot": mean_of("penalties", True), "vs": mean_of("penalties", False)},
        "mean_bonus_left": {"bot": mean_of("bonus", True), "vs": mean_of("bonus", False)},
        **dropout_summary(results, True),
        "vs_dropouts": dropout_summary(results, False),
        "results_digest": hashlib.sha256(json.dumps(
            [[r["seed"], r["seat"], r["totals"]] for r in results]).encode()).hexdigest()[:16],
        "decision_ms": timing("times"),
        "decision_cpu_ms": timing("cpu_times"),
        "seconds": round(seconds, 1),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m junban.bench 23", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2, choices=list(rules.SEATS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="bench23")
    levels = bots23.LEVELS + bots23.BENCH_LEVELS
    parser.add_argument("--bot", default=bots23.DEFAULT_LEVEL, choices=levels)
    parser.add_argument("--vs", default="baseline", choices=levels)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    jobs = [(args.players, seed, i % args.players, args.bot, args.vs)
            for i, seed in enumerate(seed_set(args.seed, args.games))]
    start = time.perf_counter()
    results = run_all(play_game, jobs, workers=args.workers)
    summary = summarize(results, args.players, args.bot, args.vs, time.perf_counter() - start)
    timing, cpu = summary["decision_ms"], summary["decision_cpu_ms"]
    print_table([
        ("games", f"{summary['games']} ({args.players} players, seed set {args.seed!r})"),
        ("first bot", f"{args.bot} (seat rotating), vs {args.players - 1} x {args.vs}"),
        ("win share", f"{summary['win_share']:.3f}  95% CI {summary['win_share_ci95']}  "
                      f"(parity {summary['parity']:.3f})"),
        ("mean final penalty", f"{args.bot} {summary['mean_penalty']['bot']}, "
                               f"{args.vs} {summary['mean_penalty']['vs']}"),
        ("mean penalty chips", f"{summary['mean_penalty_chips']['bot']} / {summary['mean_penalty_chips']['vs']}"),
        ("mean bonus chips left", f"{summary['mean_bonus_left']['bot']} / {summary['mean_bonus_left']['vs']}"),
        ("drop-outs per seat-round", f"{summary['dropout_rate']:.3f} {summary['dropout_rate_ci95']}, "
                                     f"{args.vs} {summary['vs_dropouts']['dropout_rate']:.3f}"),
        ("... with 10+ cards", f"{summary['dropout_10plus_rate']:.4f} {summary['dropout_10plus_rate_ci95']}, "
                               f"{args.vs} {summary['vs_dropouts']['dropout_10plus_rate']:.4f}"),
        ("... with a free play", f"{summary['dropout_free_play']} (no chips needed "
                                 f"{summary['dropout_free_play_no_chips']}, provably worse "
                                 f"{summary['dropout_free_play_worse']}), {args.vs} "
                                 f"{summary['vs_dropouts']['dropout_free_play']}"),
        ("mean cards at drop-out", f"{summary['mean_cards_at_dropout']} {summary['mean_cards_at_dropout_ci95']}, "
                                   f"{args.vs} {summary['vs_dropouts']['mean_cards_at_dropout']}"),
        ("results digest", summary["results_digest"]),
        ("decision time (ms)", f"p50 {timing['p50']}  p95 {timing['p95']}  max {timing['max']}  "
                               f"over {timing['count']} decisions of {args.bot} (wall clock)"),
        ("decision CPU (ms)", f"p50 {cpu['p50']}  p95 {cpu['p95']}  max {cpu['max']}  (process CPU time)"),
        ("seconds", summary["seconds"]),
    ])
    print_result(summary)
    return 0
