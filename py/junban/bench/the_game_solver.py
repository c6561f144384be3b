"""``--bot clairvoyant``: the game's ceiling, measured with the solver of ``junban.games.the_game.solver``.

The solver sees the deck order and every hand, so it is no table bot: it measures what is possible at all for a deal,
an upper bound for any bot that sees only its own hand. Each deal is solved from its start within the solver's
``NODE_LIMIT`` nodes; the line found is replayed through the engine's ``apply`` from a fresh deal before it counts.
"""
from __future__ import annotations

import statistics
import time

from junban.bench.common import percentile
from junban.games.the_game import rules
from junban.games.the_game.solver import NODE_LIMIT, Solve


def solve_deal(config: dict, seed: str) -> dict:
    """Solve one deal; the result as the benchmark counts it, with the solver's nodes and CPU seconds."""
    started = time.process_time()
    search = Solve(config, seed, max_nodes=NODE_LIMIT)
    search.run()
    found = search.result
    seconds = time.process_time() - started
    ended = check_line(config, seed, found["line"])
    if ended != found["outcome"]:
        raise AssertionError(f"deal {seed}: the line replays to {ended}, the solver reported {found['outcome']}")
    return {"seed": seed, "result": ended["result"], "left": ended["left"], "reason": ended["reason"],
            "nodes": found["nodes"], "cpu_seconds": seconds, "proven_optimal": found["proven_optimal"]}


def check_line(config: dict, seed: str, line: list[dict]) -> dict:
    """Replay a line from the deal's start through the engine; its outcome (raises if it breaks a rule or does
    not end the game)."""
    state = rules.new_game(config, seed)
    for action in line:
        state = rules.apply(state, action)
    if not rules.is_over(state):
        raise AssertionError(f"deal {seed}: the solver's line does not end the game")
    return rules.outcome(state)


def summarize_solver(results: list[dict]) -> dict:
    """Node and CPU figures per deal (mean, p95, max) and how many results are proven best."""
    nodes = [r["nodes"] for r in results]
    seconds = [r["cpu_seconds"] for r in results]
    return {
        "node_limit": NODE_LIMIT,
        "proven_optimal": sum(r["proven_optimal"] for r in results),
        "nodes": {"mean": round(statistics.fmean(nodes), 1), "p95": percentile(nodes, 0.95), "max": max(nodes)},
        "cpu_seconds": {"mean": round(statistics.fmean(seconds), 3), "p95": round(percentile(seconds, 0.95), 3),
                        "max": round(max(seconds), 3)},
    }
