"""How long the virtual DOM takes to patch a long list that got one more item (a move log after a click at a
table), on CPython with the tests' fake DOM: CPU time per render, for lists of 2,000 to 20,000 keyed items.

    PYTHONPATH=py:. python3 tools/bench_dom_patch.py [--sizes 2000 8000 20000] [--repeat 3]

Prints a table and, as its last line, one JSON object. Issue 34 measured the quadratic patch at a table in the
browser (0.5 s at 2,000 actions, 4.5 s at 8,000); this isolates the patch itself.
"""
from __future__ import annotations

import argparse
import json
import time

from junban.ui.dom import Renderer, h
from tests.ui.fakedom import FakeDocument


def patch_ms(size: int, repeat: int) -> float:
    """The fastest of ``repeat`` renders of ``size`` + 1 items over ``size`` items, in CPU milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        doc = FakeDocument()
        renderer = Renderer(doc, doc.createElement("div"))
        renderer.render(h("ol", {}, [h("li", {"key": k}, str(k)) for k in range(size)]))
        tree = h("ol", {}, [h("li", {"key": k}, str(k)) for k in range(size + 1)])
        started = time.process_time()
        renderer.render(tree)
        best = min(best, time.process_time() - started)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 8000, 20000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    results = {size: round(patch_ms(size, args.repeat), 1) for size in args.sizes}
    print(f"{'items':>8}  {'CPU ms per render':>18}")
    for size, ms in results.items():
        print(f"{size:>8}  {ms:>18.1f}")
    print(json.dumps({"patch_ms": results}))


if __name__ == "__main__":
    main()
