"""Build the scientist's rule pieces (``py/junban/games/eleusis/hypotheses.json``) from the rule language's grammar.

    PYTHONPATH=py python tools/eleusis_hypotheses.py [--write]

Runs ``grammar.build()`` (about 10 s): the atoms and conditions kept once per behaviour on the fixed probe set, their
truth tables, the ``and``/``or`` pairs and split branches with new behaviour. Prints what it holds; with
``--write`` stores it. A test checks the stored file is what this makes.
"""
from __future__ import annotations

import collections
import sys

from junban.games.eleusis import grammar


def main(argv: list[str]) -> int:
    data = grammar.build()
    text = grammar.dump(data)
    groups = collections.Counter(a[2] for a in data["atoms"])
    print(f"atoms: {len(data['atoms'])} {dict(groups)}")
    print(f"conditions: {len(data['conditions'])}; pair atoms: {len(data['pair_atoms'])}; "
          f"splits: {', '.join(s['name'] for s in data['splits'])}")
    print(f"{len(text)} characters")
    if "--write" in argv:
        grammar.DATA_PATH.write_text(text, encoding="utf-8")
        print(f"wrote {grammar.DATA_PATH}")
    elif grammar.DATA_PATH.read_text(encoding="utf-8") != text:
        print(f"{grammar.DATA_PATH} is out of date: run with --write")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
