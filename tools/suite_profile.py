"""Where the test suite's time goes: a pytest plugin that records each test's wall time and CPU, and a report.

    python3 -m pytest -p tools.suite_profile --suite-profile=suite.jsonl [PYTEST ARGS]
    python3 tools/suite_profile.py report suite.jsonl [--top 30]
    python3 tools/suite_profile.py compare before.jsonl after.jsonl    (over the tests both runs ran)
    python3 tools/suite_profile.py compare --by-file before.jsonl after.jsonl    (tests merged or renamed between them)

The plugin writes one JSON line per test (its setup, call and teardown wall times; the CPU of pytest's whole process
tree over it — Chromium, its renderers, Playwright's driver, node — which other people's load on the machine does not
inflate as it inflates wall time; the 1-minute load average when it ended; how many browsers were launched,
browser contexts opened, pages navigated and app boots waited for, and the seconds spent in those) and one line per
fixture set up (its wall seconds). Under pytest-xdist every worker writes its own file (``suite.jsonl.gw0`` ...);
``report`` reads them all.

The report prints, largest first: the time by test file, by fixture, the slowest tests, and the run's totals (test
wall time summed, CPU, load average during the run). docs/testing.md quotes it.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

import pytest

CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
READY = 'html[data-ready="true"]'


def _stat_fields(pid: int | str) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name (field 2) may hold spaces and parentheses: split after its last ')'.
    return text[text.rindex(")") + 2:].split()


class TreeCpu:
    """CPU seconds (user + system) used by a process and all its descendants since this was made.

    A thread reads /proc every ``interval`` seconds and keeps each process's latest CPU; a process that has ended
    keeps what was last read of it. What a process used in its last interval, or a process that lived less than
    one interval, is missed: a fraction of a second per process (a browser context's renderer lives for a test)."""

    def __init__(self, root: int | None = None, interval: float = 0.25):
        self.root = os.getpid() if root is None else root
        self.interval = interval
        self.seen: dict[tuple[int, str], int] = {}
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.sample()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stopped.wait(self.interval):
            self.sample()

    def sample(self) -> None:
        parents: dict[int, int] = {}
        ticks: dict[int, tuple[str, int]] = {}
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            fields = _stat_fields(entry.name)
            if fields is None:
                continue
            pid = int(entry.name)
            parents[pid] = int(fields[1])
            # utime, stime are fields 14-15 of the stat line, starttime field 22; here indexes 11, 12 and 19.
            ticks[pid] = (fields[19], int(fields[11]) + int(fields[12]))
        children: dict[int, list[int]] = defaultdict(list)
        for pid, ppid in parents.items():
            children[ppid].append(pid)
        todo = [self.root]
        with self.lock:
            while todo:
                pid = todo.pop()
                if pid in ticks:
                    start, used = ticks[pid]
                    self.seen[(pid, start)] = used
                todo.extend(children.get(pid, ()))

    def seconds(self) -> float:
        self.sample()
        with self.lock:
            return sum(self.seen.values()) / CLOCK_TICKS

    def stop(self) -> None:
        self.stopped.set()


# --------------------------------------------------------------------------- the plugin


class _Counters:
    """Playwright calls of the test under way: counts and seconds."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.values = defaultdict(float)

    def add(self, name: str, seconds: float) -> None:
        self.values[name + "_n"] += 1
        self.values[name + "_s"] += seconds


COUNTERS = _Counters()


def _timed(cls, method: str, name: str, only=None):
    original = getattr(cls, method)

    def wrapper(self, *args, **kwargs):
        if only is not None and not only(args, kwargs):
            return original(self, *args, **kwargs)
        start = time.perf_counter()
        try:
            return original(self, *args, **kwargs)
        finally:
            COUNTERS.add(name, time.perf_counter() - start)

    wrapper.__wrapped__ = original
    setattr(cls, method, wrapper)


def _patch_playwright() -> None:
    try:
        from playwright.sync_api import _generated as pw
    except ImportError:
        return
    _timed(pw.BrowserType, "launch", "launch")
    _timed(pw.BrowserType, "launch_persistent_context", "launch")
    _timed(pw.Browser, "new_context", "context")
    _timed(pw.Page, "goto", "goto")
    _timed(pw.Page, "reload", "goto")
    _timed(pw.Page, "wait_for_selector", "boot",
           only=lambda args, kwargs: (args[0] if args else kwargs.get("selector")) == READY)


def pytest_addoption(parser):
    parser.addoption("--suite-profile", default=None, metavar="FILE",
                     help="write each test's wall time, CPU and browser work to FILE (tools/suite_profile.py)")


class SuiteProfile:
    def __init__(self, path: Path):
        worker = os.environ.get("PYTEST_XDIST_WORKER")
        self.path = path.with_name(f"{path.name}.{worker}") if worker else path
        self.out = self.path.open("w")
        self.phases: dict[str, dict[str, float]] = defaultdict(dict)
        self.cpu = TreeCpu()

    def write(self, record: dict) -> None:
        self.out.write(json.dumps(record) + "\n")
        self.out.flush()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        COUNTERS.reset()
        cpu0, wall0 = self.cpu.seconds(), time.perf_counter()
        yield
        record = {"test": item.nodeid, "file": item.nodeid.split("::")[0],
                  "wall": round(time.perf_counter() - wall0, 3), "cpu": round(self.cpu.seconds() - cpu0, 3),
                  "load1": os.getloadavg()[0], "worker": os.environ.get("PYTEST_XDIST_WORKER", "main"),
                  **{k: round(v, 3) if isinstance(v, float) else v for k, v in self.phases.pop(item.nodeid, {}).items()},
                  **{k: round(v, 3) for k, v in COUNTERS.values.items()}}
        self.write(record)

    def pytest_runtest_logreport(self, report):
        self.phases[report.nodeid][report.when] = report.duration
        if report.when == "call":
            self.phases[report.nodeid]["outcome"] = report.outcome

    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        start = time.perf_counter()
        yield
        self.write({"fixture": fixturedef.argname, "scope": fixturedef.scope,
                    "wall": round(time.perf_counter() - start, 3),
                    "test": request.node.nodeid if hasattr(request, "node") else ""})

    def pytest_sessionfinish(self, session):
        self.cpu.stop()
        self.out.close()


def pytest_configure(config):
    path = config.getoption("--suite-profile")
    if path:
        _patch_playwright()
        config.pluginmanager.register(SuiteProfile(Path(path)), "suite-profile-writer")


# --------------------------------------------------------------------------- the report


def read_records(path: Path) -> tuple[list[dict], list[dict]]:
    tests, fixtures = [], []
    files = [path] if path.exists() else []
    files += sorted(path.parent.glob(path.name + ".gw*"))
    for file in files:
        for line in file.read_text().splitlines():
            record = json.loads(line)
            (fixtures if "fixture" in record else tests).append(record)
    return tests, fixtures


def _row(cells) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def report(path: Path, top: int) -> str:
    tests, fixtures = read_records(path)
    if not tests:
        return f"no tests recorded in {path}"
    lines = []
    wall = sum(t["wall"] for t in tests)
    cpu = sum(t["cpu"] for t in tests)
    loads = sorted(t["load1"] for t in tests)
    lines.append(f"{len(tests)} tests; test wall time summed {wall:.0f} s, CPU {cpu:.0f} s; 1-min load average "
                 f"during the run: median {loads[len(loads) // 2]:.1f}, min {loads[0]:.1f}, max {loads[-1]:.1f}")
    counts = defaultdict(float)
    for t in tests:
        for key in ("launch_n", "launch_s", "context_n", "context_s", "goto_n", "goto_s", "boot_n", "boot_s"):
            counts[key] += t.get(key, 0)
    lines.append(f"browser launches {counts['launch_n']:.0f} ({counts['launch_s']:.0f} s), contexts "
                 f"{counts['context_n']:.0f} ({counts['context_s']:.0f} s), navigations {counts['goto_n']:.0f} "
                 f"({counts['goto_s']:.0f} s), waits for the app's ready mark {counts['boot_n']:.0f} "
                 f"({counts['boot_s']:.0f} s)")
    lines.append("")
    by_file = defaultdict(lambda: defaultdict(float))
    for t in tests:
        f = by_file[t["file"]]
        f["tests"] += 1
        for key in ("wall", "cpu", "launch_n", "context_n", "goto_n", "boot_n", "boot_s"):
            f[key] += t.get(key, 0)
    lines.append(_row(["file", "tests", "wall s", "CPU s", "share of wall", "launches", "contexts", "navigations",
                       "boot waits (s)"]))
    lines.append(_row(["---"] * 9))
    for name, f in sorted(by_file.items(), key=lambda kv: -kv[1]["wall"]):
        lines.append(_row([name, int(f["tests"]), f"{f['wall']:.0f}", f"{f['cpu']:.0f}", f"{f['wall'] / wall:.1%}",
                           int(f["launch_n"]), int(f["context_n"]), int(f["goto_n"]),
                           f"{int(f['boot_n'])} ({f['boot_s']:.0f})"]))
    lines.append("")
    by_fixture = defaultdict(lambda: [0, 0.0])
    for fx in fixtures:
        by_fixture[fx["fixture"]][0] += 1
        by_fixture[fx["fixture"]][1] += fx["wall"]
    lines.append(_row(["fixture (setup only)", "set up", "wall s"]))
    lines.append(_row(["---"] * 3))
    for name, (n, s) in sorted(by_fixture.items(), key=lambda kv: -kv[1][1])[:top]:
        if s >= 0.5:
            lines.append(_row([name, n, f"{s:.0f}"]))
    lines.append("")
    lines.append(_row(["slowest tests", "wall s", "CPU s", "load"]))
    lines.append(_row(["---"] * 4))
    for t in sorted(tests, key=lambda t: -t["wall"])[:top]:
        lines.append(_row([t["test"], f"{t['wall']:.1f}", f"{t['cpu']:.1f}", f"{t['load1']:.1f}"]))
    return "\n".join(lines)


def compare(before_path: Path, after_path: Path, top: int) -> str:
    """Two recorded runs side by side, over the tests both ran to an end (either may have been cut short)."""
    before = {t["test"]: t for t in read_records(before_path)[0]}
    after = {t["test"]: t for t in read_records(after_path)[0]}
    common = sorted(set(before) & set(after))
    if not common:
        return "no test in both runs"
    lines = []

    def loads(run):
        values = sorted(run[name]["load1"] for name in common)
        return f"median {values[len(values) // 2]:.1f} ({values[0]:.1f}-{values[-1]:.1f})"

    for label, keep in (("all", lambda name: True), ("browser", lambda name: name.startswith("tests/browser/")),
                        ("CPython", lambda name: not name.startswith("tests/browser/"))):
        names = [name for name in common if keep(name)]
        if not names:
            continue
        cpu_b, cpu_a = sum(before[n]["cpu"] for n in names), sum(after[n]["cpu"] for n in names)
        wall_b, wall_a = sum(before[n]["wall"] for n in names), sum(after[n]["wall"] for n in names)
        boots_b = sum(before[n].get("boot_n", 0) for n in names)
        boots_a = sum(after[n].get("boot_n", 0) for n in names)
        lines.append(f"{label}: {len(names)} tests in both runs; CPU {cpu_b:.0f} -> {cpu_a:.0f} s "
                     f"({cpu_a / cpu_b - 1 if cpu_b else 0:+.0%}); test wall time summed {wall_b:.0f} -> {wall_a:.0f} s; "
                     f"waits for the app's ready mark {boots_b:.0f} -> {boots_a:.0f}")
    lines.append(f"1-minute load average over those tests: before {loads(before)}, after {loads(after)}")
    lines.append("")
    by_file = defaultdict(lambda: [0, 0.0, 0.0])
    for name in common:
        row = by_file[before[name]["file"]]
        row[0] += 1
        row[1] += before[name]["cpu"]
        row[2] += after[name]["cpu"]
    lines.append(_row(["file", "tests", "CPU s before", "CPU s after", "change"]))
    lines.append(_row(["---"] * 5))
    for name, (n, b, a) in sorted(by_file.items(), key=lambda kv: -kv[1][1])[:top]:
        lines.append(_row([name, n, f"{b:.0f}", f"{a:.0f}", f"{a / b - 1:+.0%}" if b else ""]))
    return "\n".join(lines)


def compare_files(before_path: Path, after_path: Path) -> str:
    """Two recorded runs file by file, over every test each run ran in the files both measured: for tests merged or
    renamed between the runs (``compare`` matches tests by name). Either run should have run those files whole."""
    runs = [read_records(before_path)[0], read_records(after_path)[0]]
    files = sorted(set.intersection(*({t["file"] for t in run} for run in runs)))
    if not files:
        return "no file in both runs"

    def totals(run, file):
        tests = [t for t in run if t["file"] == file]
        loads = sorted(t["load1"] for t in tests)
        return (len(tests), sum(t["cpu"] for t in tests), sum(t["wall"] for t in tests),
                sum(t.get("boot_n", 0) for t in tests), f"{loads[len(loads) // 2]:.1f} ({loads[0]:.1f}-{loads[-1]:.1f})")

    lines = [_row(["file", "tests", "CPU s before", "CPU s after", "change", "wall s", "ready-mark waits",
                   "load before: median (range)", "load after"]), _row(["---"] * 9)]
    for file in sorted(files, key=lambda f: -totals(runs[0], f)[1]):
        (n_b, cpu_b, wall_b, boots_b, load_b), (n_a, cpu_a, wall_a, boots_a, load_a) = (totals(r, file) for r in runs)
        lines.append(_row([file, f"{n_b} -> {n_a}", f"{cpu_b:.0f}", f"{cpu_a:.0f}",
                           f"{cpu_a / cpu_b - 1:+.0%}" if cpu_b else "", f"{wall_b:.0f} -> {wall_a:.0f}",
                           f"{boots_b:.0f} -> {boots_a:.0f}", load_b, load_a]))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_report = sub.add_parser("report", help="tables of a recorded run")
    p_report.add_argument("file", type=Path)
    p_report.add_argument("--top", type=int, default=30)
    p_compare = sub.add_parser("compare", help="two recorded runs over the tests both ran")
    p_compare.add_argument("before", type=Path)
    p_compare.add_argument("after", type=Path)
    p_compare.add_argument("--top", type=int, default=30)
    p_compare.add_argument("--by-file", action="store_true",
                           help="file by file, every test of each run (for tests merged or renamed between them)")
    args = parser.parse_args(argv)
    if args.command == "compare":
        print(compare_files(args.before, args.after) if args.by_file else compare(args.before, args.after, args.top))
    else:
        print(report(args.file, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
