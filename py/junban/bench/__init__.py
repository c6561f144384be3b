"""Benchmarks: ``python -m junban.bench <game> ...`` (run with ``PYTHONPATH=py`` from the repo root).

Each game has a module here with ``main(argv) -> int``; ``common`` holds what they share (seed sets, worker
processes, a progress bar, confidence intervals, the final JSON line). Benchmarks are not shipped to the browser.
"""
