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
    out = run_tool("tools/profile_analysis.py", "--players", "4", "--games", "1", "--player", "baseline",
                   "--probe-nodes", "40", "--confirm-nodes", "80", "--after-nodes", "20")
    result = json.loads(out.strip().splitlines()[-1])
    assert result["deals"] == 1 and result["cpu_s"]["max"] >= result["verdict_cpu_s"]["p95"] > 0
    assert result["budgets"] == {"probe_nodes": 40, "confirm_nodes": 80, "after_nodes": 20}
    out = run_tool("tools/profile_analysis.py", "--games", "1", "--verdict-only")
    result = json.loads(out.strip().splitlines()[-1])
    assert result["verdict_only"] and result["deals_detail"][0]["verdict"]["turning"] is None


def test_profile_analysis_compares_answers_with_an_earlier_run(tmp_path):
    """--compare: deal by deal against an earlier run's output; an earlier answer that was worse reads "better"."""
    earlier = json.loads(run_tool("tools/profile_analysis.py", "--deals", "3", "--verdict-only").strip().splitlines()[-1])
    assert [r["seed"] for r in earlier["deals_detail"]] == ["solver-browser-3"]
    saved = tmp_path / "earlier.txt"
    saved.write_text(json.dumps(earlier))
    out = run_tool("tools/profile_analysis.py", "--deals", "3", "--verdict-only", "--compare", str(saved))
    assert "1 the same, 0 better, 0 worse" in out
    earlier["deals_detail"][0]["verdict"].update(perfect=False, best_left=3)  # as if the earlier run had missed it
    saved.write_text(json.dumps(earlier))
    out = run_tool("tools/profile_analysis.py", "--deals", "3", "--verdict-only", "--compare", str(saved))
    assert "solver-browser-3: better (best left 3 -> 0" in out and "0 the same, 1 better, 0 worse" in out


def test_profile_analysis_says_which_answers_got_worse():
    from tools.profile_analysis import compare

    def run(perfect: bool, left: int, turn: int | None = None) -> dict:
        turning = None if turn is None else {"turn_index": turn}
        return {"seed": "s", "nodes": 1, "cpu_s": 0.1,
                "verdict": {"perfect": perfect, "best_left": left, "turning": turning}}

    assert compare({"deals_detail": [run(True, 0)]}, [run(False, 1)], turning=False)[0].startswith("s: worse")
    assert compare({"deals_detail": [run(False, 2)]}, [run(False, 4)], turning=False)[0].startswith("s: worse")
    assert compare({"deals_detail": [run(False, 4)]}, [run(False, 2)], turning=False)[0].startswith("s: better")
    assert compare({"deals_detail": [run(True, 0, 3)]}, [run(True, 0, 5)], turning=True)[0].startswith(
        "s: turning point differs (turn 3 -> 5)")
    earlier, later = run(True, 0, 3), run(True, 0, 3)
    later["verdict"]["turning"]["best_left_after"] = 2
    assert compare({"deals_detail": [earlier]}, [later], turning=True)[0].startswith("s: turning point's levels differ")
    assert compare({"deals_detail": [run(True, 0, 3)]}, [run(True, 0, None)], turning=False)[0].startswith("s: same")


def test_eleusis_phrasings_runs():
    """The plain-words benchmark (docs/bench-eleusis.md, "Rules said in words"), on a slice of the tuning part."""
    out = run_tool("tools/eleusis_phrasings.py", "--part", "tuning", "--limit", "6", "--show", "misses")
    result = json.loads(out.strip().splitlines()[-1])
    assert set(result["languages"]) == {"en", "ja"} and result["languages"]["en"]["n"] == 6
    assert all(lang["understood"] + sum(lang["misses"].values()) == lang["n"] for lang in result["languages"].values())


def test_bench_hostile_host_runs():
    """tools/bench_hostile_host.py, whose numbers docs/multiplayer.md quotes (issue 39): one attack, once."""
    out = run_tool("tools/bench_hostile_host.py", "--repeat", "1", "--only", "update")
    result = json.loads(out.strip().splitlines()[-1])
    assert result["update_cpu_s"] < 5


def test_fuzz_seat_records_runs():
    """tools/fuzz_seat_records.py, whose whole run docs/multiplayer.md reports (issue 39): three changes."""
    out = run_tool("tools/fuzz_seat_records.py", "--games", "the-game", "--limit", "3", timeout=300)
    result = json.loads(out.strip().splitlines()[-1])
    assert result["failures"] == 0 and result["games"]["the-game"]["opens"] == 6


def test_suite_profile_records_each_test_and_reports_by_file(tmp_path):
    """docs/testing.md's tables come from it: the plugin writes a line per test (wall, CPU, load), the report sums
    them by file, the comparison lines two runs up."""
    (tmp_path / "test_tiny.py").write_text("def test_sums():\n    assert sum(range(10)) == 45\n")
    record = tmp_path / "suite.jsonl"
    # --rootdir: else pytest takes the common ancestor of this checkout and tmp_path when they share one (a checkout
    # under /tmp), and the file is recorded as "pytest-of-…/test_tiny.py".
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tools.suite_profile",
                           f"--rootdir={tmp_path}", f"--suite-profile={record}", str(tmp_path / "test_tiny.py")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")})  # a run of its own
    assert done.returncode == 0, done.stdout[-2000:]
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    tests = [line for line in lines if "fixture" not in line]
    assert [t["file"] for t in tests] == ["test_tiny.py"]
    assert tests[0]["wall"] >= tests[0]["call"] >= 0 and tests[0]["cpu"] >= 0 and tests[0]["outcome"] == "passed"
    report = run_tool("tools/suite_profile.py", "report", str(record))
    assert "| test_tiny.py | 1 |" in report
    same = run_tool("tools/suite_profile.py", "compare", str(record), str(record))
    assert same.startswith("all: 1 tests in both runs") and "(+0%)" in same
    by_file = run_tool("tools/suite_profile.py", "compare", "--by-file", str(record), str(record))
    assert "| test_tiny.py | 1 -> 1 |" in by_file


def test_the_browser_tools_run_on_the_build_named_or_build_one_that_they_remove(tmp_path, monkeypatch):
    """tools/browser_timing.py's ``given_or_built``, the ``--dist DIR`` choice of bench_peer, bench_phones,
    bench_test_boot, pairing_matrix, pairing_options and screenshots: the build named, as it is; else one built
    into a temporary folder (its log on stderr, not the tool's stdout) and removed afterwards."""
    import build
    from tools.browser_timing import given_or_built

    with given_or_built(tmp_path) as dist:
        assert dist == tmp_path
    assert tmp_path.exists(), "a build named is never removed"

    def fake_build(target):
        print("[build] a log line")
        target.mkdir(parents=True)
        (target / "index.html").write_text("<!doctype html>")

    monkeypatch.setattr(build, "build", fake_build)
    printed = []
    monkeypatch.setattr(sys, "stdout", type("Out", (), {"write": printed.append, "flush": lambda self: None})())
    with given_or_built(None) as dist:
        assert (dist / "index.html").is_file() and dist.name == "dist"
    assert not dist.exists() and not dist.parent.exists(), "the temporary build is removed"
    assert not printed, "the build's log went to stdout"
