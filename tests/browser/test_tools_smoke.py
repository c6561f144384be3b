"""A tiny run of every browser tool in tools/ that a doc quotes (docs/performance.md, docs/bench-*.md), so a change
that breaks one fails here, not the next time someone re-runs a figure (issue 33: they had failed silently since
the package was split in two archives). Each runs on the session's build (``dist_dir``) as a subprocess, with the
fewest deals, runs or rounds it takes, and must end well with its figures as the JSON object of its last line.

Run elsewhere: tools/compile_for_pyodide.mjs, tools/stdlib_imports.mjs and tools/snapshot_pyodide.mjs by every build
(``dist_dir``); tools/bench_peer.py and tools/record_sdp.py in test_peer_transport.py; tools/bench_phones.py in
test_phones_bench.py; the CPython tools in tests/engine/test_tools_smoke.py. tools/pairing_matrix.py and
tools/pairing_options.py below (Firefox and Chromium)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_tool(*argv: str, timeout: int = 300) -> tuple[dict, str]:
    """Run a tool from the repository's root; (the JSON object of its last line, all it printed)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "py"), str(ROOT)]))
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{argv[1]} failed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    last = done.stdout.strip().splitlines()[-1]
    return json.loads(last), done.stdout


@pytest.mark.parametrize("argv,key", [
    (["tools/bench_solver_browser.py", "--games", "1", "--players", "4", "--player", "greedy", "--browser-only"],
     "browser.verdict"),
    (["tools/bench_the_game_browser.py", "--players", "1", "--games", "1", "--level", "baseline"], None),
    (["tools/bench_twenty_three_browser.py", "--players", "2", "--games", "1", "--level", "baseline"], "tool"),
    (["tools/bench_eleusis_browser.py", "--players", "3", "--games", "1", "--rounds", "1", "--level", "baseline"],
     "results.3.play"),
], ids=lambda v: v[0].split("/")[-1] if isinstance(v, list) else "")
def test_browser_timing_tools_run(dist_dir, argv, key):
    result, _ = run_tool(sys.executable, *argv, "--dist", str(dist_dir))
    figures = result
    for part in (key.split(".") if key else []):
        assert part in figures, result
        figures = figures[part]
    assert result and figures, result


def test_bench_review_page_times_the_verdict_and_the_whole_analysis(dist_dir):
    """The page's two times (issue 33): the verdict first, the whole analysis (its turning point too) after it."""
    result, _ = run_tool(sys.executable, "tools/bench_review_page.py", "--games", "1", "--players", "4",
                         "--player", "greedy", "--dist", str(dist_dir))
    [(verdict, whole)] = result["per_deal_ms"]
    assert 0 < verdict <= whole and result["click_to_whole"]["deals"] == 1, result


def test_first_screen_bytes_runs(dist_dir):
    result, _ = run_tool(sys.executable, "tools/first_screen_bytes.py", str(dist_dir), "--settle", "0")
    [build] = result["builds"]
    assert build, result


def test_bench_startup_ab_runs_cold_and_warm_and_its_warm_up_visits_can_open_a_game(dist_dir):
    """Both modes in one run (each of the 4 pages once cold, once warm after one warm-up visit), served gzipped as
    GitHub Pages does, the apps' warm-up visits opening a game's table."""
    result, _ = run_tool(sys.executable, "tools/bench_startup_ab.py", str(dist_dir), str(dist_dir), "--rounds", "1",
                         "--modes", "cold,warm", "--host-gzip", "--settle", "0", "--warm-ups", "1",
                         "--warm-up-hash", "#/the-game?players=1&seed=1")
    for mode in ("cold", "warm"):
        assert all(result[mode][page]["ready_ms"][1] > 0 for page in ("A", "B", "A bare", "B bare")), result
    assert result["warm_ups"] == 1 and result["host_gzip"], result


def test_bench_wasm_inflate_runs(dist_dir):
    result, _ = run_tool(sys.executable, "tools/bench_wasm_inflate.py", "--dist", str(dist_dir), "--rounds", "1",
                         "--mbps", "0")
    figures = result["speeds"]["full speed"]
    assert figures["host"]["median_ms"] > 0 and figures["pre"]["median_ms"] > 0, result
    assert 1e6 < result["sent_bytes"]["pre"] <= result["sent_bytes"]["host"], result
    assert not (dist_dir / "wasm-inflate.html").exists(), "the tool leaves the build as it found it"


def test_bench_startup_runs(dist_dir):
    """One run, one warm-up visit a page (9 loads, each a browser launch and a boot): the warm app is served by the
    service worker its warm-up visit installed."""
    result, printed = run_tool(sys.executable, "tools/bench_startup.py", "--runs", "1", "--settle", "0",
                               "--warm-ups", "1", "--dist", str(dist_dir))
    assert "bare Pyodide ready" in printed
    for mode in ("cold", "warm"):
        assert all(result[mode][key]["median"] > 0 for key in ("bare_ready_ms", "bare_snapshot_ready_ms",
                                                                 "app_ready_ms")), result
    assert result["warm"]["app_served_by_service_worker"], result


def test_eleusis_pyodide_timing_runs(tmp_path):
    rules = tmp_path / "one-rule.json"  # one easy rule, one game: the whole library would take minutes
    rules.write_text(json.dumps([{"name": "red", "rule": "card.red"}]), encoding="utf-8")
    done = subprocess.run(["node", "tools/eleusis_pyodide_timing.mjs", str(rules), "1", "smoke"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1])


def test_pairing_matrix_runs(dist_dir):
    # one Firefox host and its Firefox guest, the answer handed over at once (docs/multiplayer.md's table)
    result, printed = run_tool(sys.executable, "tools/pairing_matrix.py", "--runs", "1", "--delays", "1",
                               "--pairs", "ff", "--dist", str(dist_dir))
    cell = result["counts"]["ff"]["1"]
    assert cell["runs"] == 1 and cell["ok"] == 1, printed[-1500:]
    assert "firefox -> firefox" in printed


def test_pairing_options_runs(dist_dir, tmp_path):
    import shutil

    dist = tmp_path / "dist"  # the tool writes a blank page beside the build
    shutil.copytree(dist_dir, dist)
    result, _ = run_tool(sys.executable, "tools/pairing_options.py", "answer-candidates", "--delays", "1",
                         "--pairs", "fc", "--dist", str(dist))
    assert result["results"]["fc 1"]["ok"], result


def test_the_sure_figure_is_drawn_as_a_png_picture(tmp_path):
    """tools/eleusis_figures.py sure OUT.png: the reliability diagram docs/bench-eleusis.md shows, drawn by Chromium."""
    games = [{"level": "single-card", "turns": [[0.1, i % 2 == 0, 0.1, 30, i, "play", i, "card.red", 0.0, 0.5]
                                                for i in range(6)]}]
    turns = tmp_path / "t.json"
    turns.write_text(json.dumps(games))
    done = subprocess.run([sys.executable, "tools/eleusis_figures.py", "sure", str(tmp_path / "s.png"), str(turns)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    png = (tmp_path / "s.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000


def test_lighthouse_run_audits_a_first_visit(dist_dir):
    """tools/lighthouse_run.py (issue 43): Lighthouse 12.2.3 from npm, mobile preset, one run of home."""
    result, _ = run_tool(sys.executable, "tools/lighthouse_run.py", "--dist", str(dist_dir), "--runs", "1",
                         "--hash", "", timeout=600)
    home = result["addresses"]["#/"]
    assert 0 <= home["performance"]["median"] <= 1 and home["lcp_ms"]["median"] > 0, result
    assert home["cls"]["median"] <= 0.05, "the first screen is in the page: nothing moves when Python takes over"


def test_bench_main_thread_times_taps_and_long_tasks_at_4x(dist_dir):
    """tools/bench_main_thread.py (issue 43): one table, a few seconds of bots playing at 4x CPU."""
    result, _ = run_tool(sys.executable, "tools/bench_main_thread.py", "--dist", str(dist_dir), "--tables",
                         "the-game", "--seconds", "4")
    row = result["tables"]["the-game"]
    assert row["taps"]["count"] >= 1 and "max_ms" in row["long_tasks"], result


def test_first_screen_bytes_serves_as_pages_does(dist_dir):
    """--pages: ETags, max-age and 304s as GitHub Pages sends them; no file of a first visit is downloaded twice."""
    result, _ = run_tool(sys.executable, "tools/first_screen_bytes.py", str(dist_dir), "--settle", "0", "--pages")
    [build] = result["builds"].values()
    assert build["sent_more_than_once"] == {}, build["sent_more_than_once"]


@pytest.mark.skipif(not Path("/usr/bin/WebKitWebDriver").exists() or not shutil.which("xvfb-run"),
                    reason="WebKitGTK's driver and xvfb are not installed (apt-get install webkit2gtk-driver xvfb)")
def test_bench_webkit_places_the_engines_start_up_steps(dist_dir):
    """tools/bench_webkit.py (issue 43): WebKitGTK beside Chromium, a first visit, again, and offline."""
    result, _ = run_tool(sys.executable, "tools/bench_webkit.py", "--dist", str(dist_dir), "--runs", "1", timeout=900)
    for engine in ("webkit", "chromium"):
        assert set(result[engine]) == {"first", "again", "offline"}, result
        assert all(load["ready_ms"] > 0 for load in result[engine].values()), result


def test_bench_first_visit_compares_the_two_boots(dist_dir):
    """tools/bench_first_visit.py (issue 43): a first visit from the snapshot and plainly, one fast link."""
    result, _ = run_tool(sys.executable, "tools/bench_first_visit.py", "--dist", str(dist_dir), "--rounds", "1",
                         "--mbps", "40", "--rate", "1", "--rtt", "20")
    row = result["speeds"]["40"]
    assert row["snapshot_ms"] > 0 and row["plain_ms"] > 0, result


def test_bench_test_boot_runs(dist_dir):
    """docs/testing.md quotes it: what a browser test pays to get the app ready, by the way it gets it."""
    result, _ = run_tool(sys.executable, "tools/bench_test_boot.py", "--dist", str(dist_dir), "--runs", "1")
    ways = result["ways"]
    assert set(ways) == {"launch", "new context", "new page, same context", "reload", "storage wiped, reload",
                         "pooled context, new origin"}
    assert all(way["wall_s"] > 0 and way["cpu_s"] > 0 for way in ways.values()), result


def test_trace_phones_splits_a_guests_main_thread(dist_dir):
    """docs/multiplayer.md quotes it: two phones, two actions traced, both pages' main threads split by event."""
    result, printed = run_tool(sys.executable, "tools/trace_phones.py", "--dist", str(dist_dir), "--actions", "2",
                               "--motion", "no-css")
    assert result["actions"] == 2 and result["motion"] == "no-css", result
    assert sorted(page["page"] for page in result["pages"]) == ["guest", "host"], result
    for page in result["pages"]:
        assert page["busy_ms"] > 0 and "FunctionCall" in page["self_ms"], page  # Python ran on every page
    assert "guest's main thread" in printed
