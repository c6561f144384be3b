"""Fit the scientist's calibration (``junban.games.eleusis.belief``) from the turns of benchmark runs.

    PYTHONPATH=py python -m junban.bench eleusis --rules library --games 2 --seed cal --turns /tmp/lib.json
    PYTHONPATH=py python -m junban.bench eleusis --rules tests/fixtures/eleusis/tuning-kinds.json --games 2 \
        --seed cal --turns /tmp/kinds.json
    python3 tools/eleusis_calibration.py /tmp/lib.json /tmp/kinds.json

Every turn of every game is one example: the raw share of the best rule's idea (``Reading.raw``) and whether that
rule was the secret rule. The fit is a logistic regression of "right" on logit(raw) (Newton's method), giving
``CALIBRATION_SLOPE`` and ``CALIBRATION_SHIFT``; it prints them with the Brier score and the expected calibration
error (10 buckets) of the raw share and of the fitted belief on the same turns. Fit on the tuning sets only (the
library and tuning-kinds.json): the held-out sets measure the result and never feed it.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

FLOOR = 1e-4  # as belief.RAW_FLOOR


def logit(x: float) -> float:
    x = min(max(x, FLOOR), 1 - FLOOR)
    return math.log(x / (1 - x))


def sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z > -50 else 0.0


def examples(paths: list[str]) -> list[tuple[float, int]]:
    """(logit of the raw share, 1 if the best rule was right) for every turn of the runs' ``--turns`` files."""
    out = []
    for path in paths:
        for game in json.loads(Path(path).read_text(encoding="utf-8")):
            for turn in game["turns"]:
                out.append((logit(turn[2]), 1 if turn[1] else 0))
    return out


RIDGE = 1.0  # a weak pull (as much as one turn's worth) of (slope, shift) towards (1, 0), so data that a threshold separates cannot diverge


def fit(data: list[tuple[float, int]], steps: int = 50) -> tuple[float, float]:
    """Maximum-likelihood (slope, shift) of P(right) = sigmoid(slope * x + shift), by Newton's method."""
    a, b = 1.0, 0.0
    for _ in range(steps):
        ga, gb = RIDGE * (a - 1), RIDGE * b
        haa = hbb = RIDGE
        hab = 0.0
        for x, y in data:
            p = sigmoid(a * x + b)
            w = p * (1 - p)
            ga += (p - y) * x
            gb += p - y
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab + 1e-12
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        scale = min(1.0, 1.0 / max(abs(da), abs(db), 1e-12))  # damped: at most 1 a step
        a, b = a - scale * da, b - scale * db
        if abs(da) + abs(db) < 1e-9:
            break
    return a, b


def scores(ps: list[float], ys: list[int], buckets: int = 10) -> tuple[float, float]:
    """(Brier score, expected calibration error)."""
    brier = sum((p - y) ** 2 for p, y in zip(ps, ys)) / len(ps)
    rows = [[0, 0.0, 0] for _ in range(buckets)]
    for p, y in zip(ps, ys):
        row = rows[min(buckets - 1, int(p * buckets))]
        row[0] += 1
        row[1] += p
        row[2] += y
    ece = sum(abs(sp - k) for n, sp, k in rows if n) / len(ps)
    return brier, ece


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    data = examples(argv)
    if not data:
        print("no turns in those files", file=sys.stderr)
        return 2
    slope, shift = fit(data)
    ys = [y for _, y in data]
    raw = scores([sigmoid(x) for x, _ in data], ys)
    fitted = scores([sigmoid(slope * x + shift) for x, _ in data], ys)
    print(f"turns {len(data)}, right {sum(ys) / len(ys):.3f}")
    print(f"raw share:      brier {raw[0]:.4f}, ece {raw[1]:.4f}")
    print(f"fitted belief:  brier {fitted[0]:.4f}, ece {fitted[1]:.4f}")
    print(json.dumps({"CALIBRATION_SLOPE": round(slope, 3), "CALIBRATION_SHIFT": round(shift, 3)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
