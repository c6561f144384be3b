#!/usr/bin/env python3
"""How long games' logs really get, beside the session's bound (junban.session.MAX_ACTIONS) and a link's size.

    PYTHONPATH=py python3 tools/log_lengths.py [--games N] [--workers 2] [--only GAME ...]

Seeded games to their end through ``Session.apply`` (which folds runs that come back to a recent position), by
three kinds of players:

- ``bots``: the game's default bot in every seat (what a real table looks like);
- ``random``: the fuzz's random player (tests/engine/fuzzing.py: legal actions, markers and undo rarer);
- ``talker`` (The Game only): a player who sets, changes and clears pile markers and takes cards back 9 times out
  of 10, and otherwise plays on: endless table talk.

For each: the most actions a game took (its log's length if nothing folded), the longest log at any moment and
the mean at the end (with folding), the room left before the last stretch, and (bots) the longest "send this
game" link in characters.
Prints a table and, last, one JSON line.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from junban import transfer  # noqa: E402
from junban.bench.common import print_result, run_all  # noqa: E402
from junban.bots import bot_module  # noqa: E402
from junban.session import LAST_STRETCH, MAX_ACTIONS, Seat, Session  # noqa: E402
from tests.engine.fuzzing import choose, game_configs  # noqa: E402

GAMES = ("the-game", "23", "eleusis", "eleusis-science")
PLAYERS = {"bots": GAMES, "random": GAMES, "talker": ("the-game",)}
TALK = ("mark", "undo")


def play(item: tuple[str, str, int]) -> dict:
    """One seeded game to its end; its log's lengths."""
    game, player, seed = item
    rng = random.Random(f"log-lengths|{game}|{player}|{seed}")
    config = game_configs(game, rng)
    players = config.get("players", 1)
    if player == "bots":
        level = bot_module(game).DEFAULT_LEVEL
        seats = [Seat("bot", f"B{i}", level) for i in range(players)]
    else:
        seats = [Seat("person", f"P{i}") for i in range(players)]
    session = Session(f"len{seed:08d}", game, config, f"len-{seed}", seats)
    taken = longest = 0
    while not session.is_over:
        if player == "bots":
            action = session.bot_action()
        else:
            legal = session.legal_actions()
            talk = [a for a in legal if next(iter(a)) in TALK]
            action = rng.choice(talk) if player == "talker" and talk and rng.random() < 0.9 else choose(legal, rng)
        session.apply(action)
        taken += 1
        longest = max(longest, len(session.actions))
        if taken > 10 * MAX_ACTIONS:
            raise RuntimeError(f"{game} {player} seed {seed}: no end after {taken} actions")
    token = transfer.game_token(session.to_record()) if player == "bots" else ""
    return {"game": game, "player": player, "taken": taken, "longest": longest, "final": len(session.actions),
            "link": len(token) if token is not None else None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per game and kind of player")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", nargs="*", choices=GAMES, help="these games only")
    args = parser.parse_args()
    games = args.only or GAMES
    items = [(game, player, seed) for player, wanted in PLAYERS.items() for game in wanted if game in games
             for seed in range(args.games)]
    results = run_all(play, items, workers=args.workers, label="games")
    summary = {}
    print(f"{'game':16} {'players':7} {'games':>5} {'taken max':>10} {'log max':>8} {'log mean':>8} "
          f"{'room left':>9} {'link max':>8}")
    for player, wanted in PLAYERS.items():
        for game in wanted:
            mine = [r for r in results if r["game"] == game and r["player"] == player]
            if not mine:
                continue
            longest = max(r["longest"] for r in mine)
            links = [r["link"] for r in mine if r["link"]]
            row = {"games": len(mine), "taken_max": max(r["taken"] for r in mine), "log_max": longest,
                   "log_mean": round(statistics.mean(r["final"] for r in mine), 1),
                   "room_left": LAST_STRETCH - longest,
                   "link_max": max(links) if links else None,
                   "links_too_long": sum(1 for r in mine if player == "bots" and r["link"] is None)}
            summary[f"{game}/{player}"] = row
            link = "-" if row["link_max"] is None else str(row["link_max"])
            print(f"{game:16} {player:7} {row['games']:>5} {row['taken_max']:>10} {row['log_max']:>8} "
                  f"{row['log_mean']:>8} {row['room_left']:>9} {link:>8}")
    print_result({"bench": "log-lengths", "games_each": args.games, "max_actions": MAX_ACTIONS,
                  "last_stretch": LAST_STRETCH, "results": summary})
    return 0


if __name__ == "__main__":
    sys.exit(main())
