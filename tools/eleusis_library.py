"""Measure (and with --write, store) the acceptance rate of every Eleusis library rule.

    PYTHONPATH=py python tools/eleusis_library.py [--write]

The rate is ``checker.acceptance_rate`` with ``library.RATE_JUDGEMENTS`` judgements; a test recomputes it.
"""
from __future__ import annotations

import json
import sys

from junban.games.eleusis import library
from junban.games.eleusis.checker import acceptance_rate
from junban.games.eleusis.lang import compile_rule


def main(argv: list[str]) -> int:
    entries = json.loads(library.DATA_PATH.read_text(encoding="utf-8"))
    for entry in entries:
        rate = round(acceptance_rate(compile_rule(entry["rule"]), library.RATE_JUDGEMENTS), 3)
        flag = "" if abs(rate - entry.get("acceptance", -1)) <= 0.005 else "  (changed)"
        print(f"{rate:5.3f} {entry['level']:6} {entry['id']}{flag}")
        entry["acceptance"] = rate
    if "--write" in argv:
        library.DATA_PATH.write_text(library.dump(entries), encoding="utf-8")
        print(f"wrote {library.DATA_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
