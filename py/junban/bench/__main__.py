"""python -m junban.bench {the-game|23|eleusis} [options]   (see --help of each)"""
from __future__ import annotations

import importlib
import sys

BENCHES = {"the-game": "junban.bench.the_game", "23": "junban.bench.twenty_three", "eleusis": "junban.bench.eleusis"}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in BENCHES:
        print(f"usage: python -m junban.bench {{{'|'.join(BENCHES)}}} [options]", file=sys.stderr)
        return 2
    module = importlib.import_module(BENCHES[argv[0]])
    return module.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
