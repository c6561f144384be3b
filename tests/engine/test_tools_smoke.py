"""A tiny run of every CPython tool in tools/ that a doc quotes, so a change that breaks one fails here (issue 33).
The browser tools' smoke runs are in tests/browser/test_tools_smoke.py; tools/fuzz_engines.py, fuzz_storage.py,
eleusis_hypotheses.py and bench_dom_patch.py have their own tests. Each run here takes seconds."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_tool(*argv: str, timeout: int = 120) -> str:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "py"), str(ROOT)]))
    done = subprocess.run([sys.executable, *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{argv[0]} failed:\n{done.stderr[-3000:]}"
    return done.stdout


def test_log_lengths_runs():
    out = run_tool("tools/log_lengths.py", "--games", "1", "--only", "the-game")
    assert "the-game" in out


def test_tune_twenty_three_runs():
    out = run_tool("tools/tune_twenty_three.py", "--players", "2", "--games", "2", "--rounds", "1")
    assert json.loads(out.strip().splitlines()[-1])


def test_eleusis_library_runs_without_writing():
    out = run_tool("tools/eleusis_library.py")
    assert out.count("\n") >= 10 and "wrote" not in out


def test_profile_analysis_runs():
    out = run_tool("tools/profile_analysis.py", "--players", "4", "--games", "1", "--player", "baseline")
    result = json.loads(out.strip().splitlines()[-1])
    assert result["deals"] == 1 and result["cpu_s"]["max"] >= result["verdict_cpu_s"]["p95"] > 0
    out = run_tool("tools/profile_analysis.py", "--games", "1", "--verdict-only")
    result = json.loads(out.strip().splitlines()[-1])
    assert result["verdict_only"] and result["deals_detail"][0]["verdict"]["turning"] is None
