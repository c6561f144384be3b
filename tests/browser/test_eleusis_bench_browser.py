"""A smoke run of tools/bench_eleusis_browser.py (docs/bench-eleusis.md quotes it): one table of three bots with a
hint at every turn to play, one solo science game of one rule, one solo science game with hints. In a process of
its own, as people run it (the tool starts its own Playwright, which the test session's would refuse)."""
from __future__ import annotations

import json
import sys

from tests.browser.test_tools_smoke import run_tool


def test_bench_eleusis_browser_runs(dist_dir, tmp_path):
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps([{"name": "alternate colours", "rule": "card.colour != prev.colour"}]))
    turns = tmp_path / "turns.json"
    turns.write_text(json.dumps([{"level": "single-card", "turns": [[0.1, True, 0.2, 28, 2, "play", e, best]
                                                                    for e in (3, 9) for best in ("card.red",
                                                                                                 "prev.red")]}]))
    output, _ = run_tool(sys.executable, "tools/bench_eleusis_browser.py", "--players", "3", "--games", "1",
                         "--seed", "smoke", "--science", str(rules), "--hints", "1", "--sure", str(turns),
                         "--dist", str(dist_dir), timeout=600)
    result = output["results"]
    assert result["3"]["all"]["decisions"] > 0 and result["3"]["play"]["p95_ms"] > 0
    assert result["science"]["games"] == 1 and result["science"]["turns"] > 0
    assert result["hints"]["table_3"]["hints"] > 0 and result["hints"]["science"]["hints"] > 0
    assert result["sure"]["calls"] == 4 and 0 < result["sure"]["warm_us"] < result["sure"]["cold_us_max"]
