#!/usr/bin/env python3
"""Tune the 23 heuristic's weights by self-play (``junban.games.twenty_three.heuristic``).

    PYTHONPATH=py python tools/tune_twenty_three.py [--players 2,3,4] [--games 2000] [--seed tune23] [--rounds 4]

Whole games are played on the play-outs' fast round model (``playout.Round``, which the tests hold to the engine)
with the heuristic in every seat, discards included. For each player count, coordinate search: each weight in turn
takes every other value of its grid, and the challenger (one seat, rotating) plays ``--games`` games against copies
of the present weights; the best challenger is adopted when its win share beats parity by more than two standard
errors. Every match deals from its own seeds (``<seed>-<players>-<round>-<weight>-<value>-<game>``), all of them
tuning seeds: measure the result on other seeds (``python -m junban.bench 23``). Prints each trial and, last, the
weights found as one JSON object.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys

from junban.games.twenty_three import rules
from junban.games.twenty_three.heuristic import WEIGHTS, Weights, heuristic_discard
from junban.games.twenty_three.playout import NEVER, Round

# The values tried for each weight (coordinate search over a grid: the climbs act through whole numbers, so a
# small step can change nothing and a bigger one a lot).
GRID = {
    "rise": (0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0, 1.2, 1.5),
    "pass_rise": (0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5),
    "force_rise": (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0),
    "chip": (1.0, 1.5, 2.0, 2.5, 3.0, 4.0),
    "chip_early": (1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0),
}


def selfplay_game(players: int, seed: str, weights: list[Weights]) -> list[int]:
    """One game, seat s playing the heuristic with ``weights[s]``; the final totals."""
    penalties, bonus = [0] * players, [3] * players
    for round_number in range(1, rules.ROUNDS + 1):
        hands, _box = rules.deal_round(players, seed, round_number)
        for seat, hand in enumerate(hands):
            for card in heuristic_discard(hand, players - 1, weights[seat]):
                hand.remove(card)
        holder = next(s for s, hand in enumerate(hands) if rules.LOWEST in hand)
        hands[holder].remove(rules.LOWEST)
        table = Round(hands, rules.LOWEST, penalties, bonus, [True] * players, (holder + 1) % players, False, 0,
                      [NEVER] * players)
        final = round_number == rules.ROUNDS
        while not table.over:
            table.step(table.heuristic(weights[table.active], final))
        penalties, bonus = table.penalties, table.bonus
    return rules.final_totals(penalties, bonus)


def match(players: int, games: int, seed: str, challenger: Weights, present: Weights) -> tuple[float, float]:
    """The challenger's win share (a tie for first shared) against copies of ``present``, and its standard error."""
    shares = []
    for game in range(games):
        seat = game % players
        totals = selfplay_game(players, f"{seed}-{game}",
                               [challenger if s == seat else present for s in range(players)])
        best = min(totals)
        shares.append(1 / totals.count(best) if totals[seat] == best else 0.0)
    mean = sum(shares) / games
    error = math.sqrt(sum((x - mean) ** 2 for x in shares) / max(1, games - 1) / games)
    return mean, error


def tune(players: int, games: int, seed: str, rounds: int, start: Weights) -> Weights:
    present = start
    parity = 1 / players
    for round_number in range(rounds):
        changed = False
        for name, values in GRID.items():
            best = None
            for value in values:
                if value == getattr(present, name):
                    continue
                challenger = dataclasses.replace(present, **{name: value})
                share, error = match(players, games, f"{seed}-{players}-{round_number}-{name}-{value}",
                                     challenger, present)
                print(f"{players}p round {round_number} {name}={value}: {share:.3f} ± {1.96 * error:.3f}",
                      flush=True)
                if share - parity > 2 * error and (best is None or share > best[0]):
                    best = (share, challenger)
            if best is not None:
                present, changed = best[1], True
                print(f"{players}p round {round_number} adopted {name}={getattr(present, name)}", flush=True)
        if not changed:
            break
    return present


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", default="tune23")
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args(argv)
    found = {}
    for players in (int(p) for p in args.players.split(",")):
        found[players] = dataclasses.asdict(tune(players, args.games, args.seed, args.rounds, WEIGHTS[players]))
    print(json.dumps(found, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
