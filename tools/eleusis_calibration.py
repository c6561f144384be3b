"""Fit the scientist's calibration (``junban.games.eleusis.belief``) from the turns of benchmark runs.

    PYTHONPATH=py python -m junban.bench eleusis --rules library --games 2 --seed cal --turns /tmp/lib.json
    PYTHONPATH=py python -m junban.bench eleusis --rules tests/fixtures/eleusis/tuning-kinds.json --games 2 \
        --seed cal --turns /tmp/kinds.json
    python3 tools/eleusis_calibration.py /tmp/lib.json /tmp/kinds.json

Every turn of every game is one example: the raw share of the best rule's idea (``Reading.raw``), the pieces of
evidence seen, and whether that rule was the secret rule. The fit is a logistic regression of "right" on logit(raw)
and the evidence (in ``EVIDENCE_UNIT``s, capped as ``belief`` caps it), by Newton's method, giving
``CALIBRATION_SLOPE``, ``CALIBRATION_SHIFT`` and ``CALIBRATION_EVIDENCE``; it prints them with the Brier score and
the expected calibration error (10 buckets) of the raw share and of the fitted belief on the same turns. Fit on the
tuning sets only (the library and tuning-kinds.json): the held-out sets measure the result and never feed it.
"""
from __future__ import annotations

import json
import math
import sys
from pathlib import Path

FLOOR = 1e-4  # as belief.RAW_FLOOR
EVIDENCE_UNIT, EVIDENCE_CAP = 10, 40  # as belief
RIDGE = 1.0  # a weak pull of the parameters towards (1, 0, 0) (one turn's worth), so separable data cannot diverge


def logit(x: float) -> float:
    x = min(max(x, FLOOR), 1 - FLOOR)
    return math.log(x / (1 - x))


def sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z > -50 else 0.0


def examples(paths: list[str]) -> list[tuple[tuple[float, float, float], int]]:
    """((logit of the raw share, 1, evidence in units), 1 if the best rule was right) for every turn of the runs'
    ``--turns`` files."""
    out = []
    for path in paths:
        for game in json.loads(Path(path).read_text(encoding="utf-8")):
            for turn in game["turns"]:
                evidence = min(turn[6], EVIDENCE_CAP) / EVIDENCE_UNIT if len(turn) > 6 else 0.0
                out.append(((logit(turn[2]), 1.0, evidence), 1 if turn[1] else 0))
    return out


def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    """m x = v by Gaussian elimination (m small and positive definite)."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(a[r][i]))
        a[i], a[pivot] = a[pivot], a[i]
        for r in range(i + 1, n):
            f = a[r][i] / a[i][i]
            for c in range(i, n + 1):
                a[r][c] -= f * a[i][c]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        x[i] = (a[i][n] - sum(a[i][c] * x[c] for c in range(i + 1, n))) / a[i][i]
    return x


def fit(data: list[tuple[tuple[float, ...], int]], steps: int = 60) -> list[float]:
    """Maximum-likelihood weights w of P(right) = sigmoid(w . features), by damped Newton steps."""
    n = len(data[0][0])
    prior = [1.0] + [0.0] * (n - 1)
    w = prior[:]
    for _ in range(steps):
        grad = [RIDGE * (w[i] - prior[i]) for i in range(n)]
        hess = [[RIDGE if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in data:
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
            for i in range(n):
                grad[i] += (p - y) * x[i]
                for j in range(n):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        scale = min(1.0, 1.0 / max(max(abs(s) for s in step), 1e-12))  # at most 1 a step
        w = [wi - scale * si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


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
    slope, shift, per_evidence = fit(data)
    ys = [y for _, y in data]
    raw = scores([sigmoid(x[0]) for x, _ in data], ys)
    fitted = scores([sigmoid(slope * x[0] + shift + per_evidence * x[2]) for x, _ in data], ys)
    print(f"turns {len(data)}, right {sum(ys) / len(ys):.3f}")
    print(f"raw share:      brier {raw[0]:.4f}, ece {raw[1]:.4f}")
    print(f"fitted belief:  brier {fitted[0]:.4f}, ece {fitted[1]:.4f}")
    print(json.dumps({"CALIBRATION_SLOPE": round(slope, 3), "CALIBRATION_SHIFT": round(shift, 3),
                      "CALIBRATION_EVIDENCE": round(per_evidence, 3)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
