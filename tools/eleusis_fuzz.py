"""Long fuzz run of the Eleusis rule language (the tests run a short seeded slice of the same generator).

    PYTHONPATH=py:. python tools/eleusis_fuzz.py [COUNT] [SEED]
"""
from __future__ import annotations

import sys
import time

from tests.engine.test_eleusis_lang_fuzz import HOSTILE, check_text, run


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 100_000
    seed = argv[1] if len(argv) > 1 else "long"
    start = time.perf_counter()
    for text in HOSTILE:
        check_text(text)
    compiled = run(seed, count)
    print(f"{count} texts, {compiled} compiled to rules, no unexpected error, {time.perf_counter() - start:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
