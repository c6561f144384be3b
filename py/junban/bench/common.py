"""What every benchmark shares: reproducible seed sets, worker processes, progress, intervals, output."""
from __future__ import annotations

import json
import math
import multiprocessing
import sys
import time
from typing import Callable, Iterable, Iterator, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def seed_set(base: str, games: int) -> list[str]:
    """The deals of a run: ``base-0`` .. ``base-(games-1)``. The same base gives the same deals everywhere."""
    return [f"{base}-{i}" for i in range(games)]


def run_all(fn: Callable[[T], R], items: list[T], workers: int = 1, label: str = "games") -> list[R]:
    """``[fn(x) for x in items]``, optionally over ``workers`` processes, in order, with a progress bar.

    ``fn`` must be a module-level function (it is pickled to the workers).
    """
    if workers <= 1:
        return list(progress(map(fn, items), len(items), label))
    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with ctx.Pool(workers) as pool:
        chunk = max(1, min(50, len(items) // (workers * 20) or 1))
        return list(progress(pool.imap(fn, items, chunksize=chunk), len(items), label))


def progress(results: Iterable[R], total: int, label: str, stream=None, min_total: int = 20) -> Iterator[R]:
    """Yield from ``results`` while drawing a one-line progress bar on stderr (long runs only)."""
    stream = stream or sys.stderr
    show = total >= min_total
    start = time.perf_counter()
    last = 0.0
    for done, result in enumerate(results, 1):
        yield result
        now = time.perf_counter()
        if show and (now - last > 0.25 or done == total):
            last = now
            width = 30
            filled = int(width * done / total)
            rate = done / max(now - start, 1e-9)
            eta = (total - done) / rate if rate else 0
            stream.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                         f"{now - start:6.1f}s eta {eta:6.1f}s")
            stream.flush()
    if show:
        stream.write("\n")
        stream.flush()


def percentile(values: list[float], q: float) -> float:
    """The value at share ``q`` (0..1) of the sorted values (index ``int(q * n)``); 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float]:
    """95% normal-approximation interval for the mean of ``values`` (games are independent)."""
    n = len(values)
    if n < 2:
        return (float("-inf"), float("inf"))
    mean = sum(values) / n
    half = z * math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1) / n)
    return (mean - half, mean + half)


def print_table(rows: list[tuple[str, object]], stream=None) -> None:
    stream = stream or sys.stdout
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        stream.write(f"{key.ljust(width)}  {value}\n")


def print_result(result: dict, stream=None) -> None:
    """The last line of every benchmark: one JSON object."""
    stream = stream or sys.stdout
    stream.write(json.dumps(result, sort_keys=True) + "\n")
    stream.flush()
