"""Smoke runs of the Eleusis tools that docs/bench-eleusis.md quotes: the calibration fit and the figures."""
from __future__ import annotations

import json
import subprocess
import sys

ROOT = __file__.rsplit("/tests/", 1)[0]


def tool(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_the_calibration_fit_recovers_a_known_slope_and_shift(tmp_path):
    import math
    import random

    rng = random.Random(7)
    games = []
    for _ in range(60):
        turns = []
        for _ in range(20):
            raw = rng.random()
            x = math.log(max(raw, 1e-4) / max(1 - raw, 1e-4))
            right = rng.random() < 1 / (1 + math.exp(-(1.5 * x + 0.5)))
            turns.append([0.0, right, raw, 10, 5, "play"])
        games.append({"turns": turns})
    path = tmp_path / "turns.json"
    path.write_text(json.dumps(games))
    out = tool("tools/eleusis_calibration.py", str(path))
    assert out.returncode == 0, out.stderr
    fitted = json.loads(out.stdout.strip().splitlines()[-1])
    assert abs(fitted["CALIBRATION_SLOPE"] - 1.5) < 0.25 and abs(fitted["CALIBRATION_SHIFT"] - 0.5) < 0.25


def _result(path, threshold, solved, score):
    buckets = [{"bucket": [i / 10, (i + 1) / 10], "turns": 3, "mean_belief": i / 10 + 0.05,
                "right_rate": i / 10} for i in range(10)]
    path.write_text("table\n" + json.dumps({
        "threshold": threshold, "games": 20, "rules_file": "x.json", "solved_rate": solved,
        "solved_rate_ci95": [solved - 0.1, min(1.0, solved + 0.05)], "mean_score": score,
        "mean_score_ci95": [score - 1, score + 1], "reliability": buckets, "brier": 0.1, "turns": 30}) + "\n")
    return str(path)


def test_the_figures_are_svg_pictures_of_the_results(tmp_path):
    policy = _result(tmp_path / "p.json", None, 0.95, 16.0)
    low = _result(tmp_path / "a.json", 0.3, 0.85, 15.0)
    high = _result(tmp_path / "b.json", 0.7, 0.97, 13.0)
    out = tool("tools/eleusis_figures.py", "reliability", str(tmp_path / "r.svg"), policy)
    assert out.returncode == 0, out.stderr
    svg = (tmp_path / "r.svg").read_text()
    assert svg.startswith("<svg") and "ECE 0.050" in svg and svg.count("<circle") == 10
    out = tool("tools/eleusis_figures.py", "frontier", str(tmp_path / "f.svg"), policy, low, high)
    assert out.returncode == 0, out.stderr
    svg = (tmp_path / "f.svg").read_text()
    assert "expected value" in svg and ">0.30<" in svg and ">0.70<" in svg
    wrong_order = tool("tools/eleusis_figures.py", "frontier", str(tmp_path / "g.svg"), low, policy)
    assert wrong_order.returncode == 2
