"""Statistics of finished games: per game, per variant ("bucket") and player count.

A history entry is written once when a game ends: ``{"id", "game", "bucket", "players", "won", "perfect",
"score", "at", "seed"}`` where ``score`` is the game's own number (The Game: cards left; 23: penalty chips;
Eleusis: points) and ``bucket`` names the variant (e.g. "standard", "expert+fire").
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Stats:
    games: int
    wins: int
    perfect: int
    current_streak: int  # wins in a row up to the latest game
    best_streak: int
    scores: list  # every score, oldest first
    mean_score: float | None


def group(entries: list[dict], game: str) -> dict[tuple[str, int], list[dict]]:
    """Entries of one game by (bucket, players), each list oldest first."""
    groups: dict[tuple[str, int], list[dict]] = {}
    for entry in sorted((e for e in entries if e["game"] == game), key=lambda e: e.get("at", 0)):
        groups.setdefault((entry["bucket"], entry["players"]), []).append(entry)
    return dict(sorted(groups.items()))


def stats(entries: list[dict]) -> Stats:
    wins = perfect = streak = best = 0
    scores = []
    for entry in entries:
        if entry["won"]:
            wins += 1
            streak += 1
            best = max(best, streak)
        else:
            streak = 0
        if entry.get("perfect"):
            perfect += 1
        score = entry.get("score")
        if isinstance(score, (int, float)) and not isinstance(score, bool):
            scores.append(score)
    mean = sum(scores) / len(scores) if scores else None
    return Stats(len(entries), wins, perfect, streak, best, scores, mean)


def histogram(values: list[int], edges: list[int]) -> list[int]:
    """Counts per bin; bin i holds edges[i] <= v < edges[i+1] (the last bin is open-ended)."""
    counts = [0] * len(edges)
    for v in values:
        index = 0
        for i, edge in enumerate(edges):
            if v >= edge:
                index = i
        counts[index] += 1
    return counts
