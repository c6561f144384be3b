"""Pool runs of the Eleusis science benchmark: the issue's numbers over several rule sets at once.

    PYTHONPATH=py python3 tools/eleusis_pool.py TURNS.json [TURNS.json ...]

Each ``TURNS.json`` is what ``python -m junban.bench eleusis --turns`` wrote (per game: name, kind, solved, score
and every turn's ``[belief, right, raw share, plays left, plays made, move, evidence]``). A game's wrong guesses are
its guesses but a right last one; a solved game's plays are those made before its right guess. Prints one JSON
object: the bench's ``summary`` (``solved_rate``, ``mean_score``, ``mean_plays_to_solve``, ``mean_wrong_guesses``,
``brier``, ``ece``, each with its 95% interval) over every game of the files, and the same per kind (``kinds``).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from junban.bench.eleusis import summary


def games(paths: list[str]) -> list[dict]:
    """The games of the ``--turns`` files, as the bench's ``summary`` reads them."""
    out = []
    for path in paths:
        for game in json.loads(Path(path).read_text(encoding="utf-8")):
            turns = game["turns"]
            guesses = sum(1 for t in turns if t[5] == "guess")
            out.append({"name": game["name"], "level": game["level"], "solved": game["solved"],
                        "score": game["score"], "wrong_guesses": guesses - (1 if game["solved"] else 0),
                        "plays": turns[-1][4] if turns else 0, "beliefs": turns})
    return out


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    results = games(argv)
    if not results:
        print("no games in those files", file=sys.stderr)
        return 2
    kinds = {level: summary([r for r in results if r["level"] == level], "pool")
             for level in sorted({r["level"] for r in results})}
    print(json.dumps({"files": argv, **summary(results, "pool"), "kinds": kinds}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
