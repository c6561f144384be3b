"""How well the plain-words reader understands rules said the way people say them (issue 42).

    PYTHONPATH=py python tools/eleusis_phrasings.py [--part heldout|tuning] [--lang en|ja] [--show misses|all]
                                                    [--limit N]

Reads the corpus ``tests/fixtures/eleusis/phrasings/<part>-<lang>.txt`` (``## kind``, ``= intended rule``, one
phrasing a line; the held-out part was written with the tuning part before the reader and is never used to tune
it). Each phrasing goes through ``phrases.understand``; it is **understood** when the rule it is read as is
equivalent to the intended rule (``equivalence.compare``: the same game under either rule). A miss is one of:

- **wrong**: read as a different rule (the read-back shows that other rule: it never counts unseen);
- **asked**: not read, with suggestions offered ("did you mean ...") — of which **asked, right offered** when one
  of them is the intended rule;
- **refused**: not read, and nothing offered.

Prints the share understood per language (Wilson 95% interval), misses by kind, and each miss with ``--show``;
the last line is one JSON object.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from junban.bench.common import print_result, wilson_interval
from junban.games.eleusis.equivalence import compare
from junban.games.eleusis.lang import compile_rule
from junban.games.eleusis.lang.phrases import understand

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "fixtures" / "eleusis" / "phrasings"


def load(part: str, lang: str) -> list[dict]:
    """The corpus file as a list of {"kind", "rule", "text"}."""
    out = []
    kind = rule = None
    for line in (CORPUS / f"{part}-{lang}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            kind = line[3:].strip()
        elif line.startswith("= "):
            rule = line[2:].strip()
        elif line.strip() and not line.startswith("#"):
            out.append({"kind": kind, "rule": rule, "text": line.strip()})
    return out


def same_rule(a: str, b: str) -> bool:
    return compare(compile_rule(a), compile_rule(b), seed="phrasings").equivalent


def judge(entry: dict) -> dict:
    """What the reader made of one phrasing: understood / wrong / asked / refused."""
    start = time.process_time()
    got = understand(entry["text"])
    cpu = time.process_time() - start
    out = {"text": entry["text"], "kind": entry["kind"], "intended": entry["rule"], "status": got.status,
           "rule": got.rule, "cpu_s": cpu}
    if got.ok:
        out["outcome"] = "understood" if same_rule(got.rule, entry["rule"]) else "wrong"
    elif got.suggestions:
        right = any(same_rule(s.rule, entry["rule"]) for s in got.suggestions)
        out["outcome"] = "asked, right offered" if right else "asked"
        out["offered"] = [s.text for s in got.suggestions]
    else:
        out["outcome"] = "refused"
    return out


OUTCOMES = ("understood", "wrong", "asked, right offered", "asked", "refused")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", default="heldout", choices=("heldout", "tuning"))
    parser.add_argument("--lang", choices=("en", "ja"), action="append")
    parser.add_argument("--show", choices=("misses", "all"))
    parser.add_argument("--limit", type=int, default=0, help="only the first N phrasings of each language")
    args = parser.parse_args(argv)
    langs = args.lang or ["en", "ja"]
    result = {"part": args.part, "languages": {}}
    for lang in langs:
        entries = load(args.part, lang)
        if args.limit:
            entries = entries[:args.limit]
        judged = [judge(e) for e in entries]
        counts = {o: sum(1 for j in judged if j["outcome"] == o) for o in OUTCOMES}
        n = len(judged)
        low, high = wilson_interval(counts["understood"], n)
        by_kind: dict = {}
        for j in judged:
            k = by_kind.setdefault(j["kind"], {"n": 0, "understood": 0})
            k["n"] += 1
            k["understood"] += j["outcome"] == "understood"
        cpu = sorted(j["cpu_s"] for j in judged)
        print(f"{lang}: {counts['understood']}/{n} understood = {counts['understood'] / max(1, n):.1%} "
              f"(95% {low:.1%}..{high:.1%})")
        print("   misses: " + ", ".join(f"{o} {counts[o]}" for o in OUTCOMES[1:]))
        print("   by kind: " + ", ".join(f"{k} {v['understood']}/{v['n']}" for k, v in by_kind.items()))
        print(f"   reading time (CPU): median {1000 * cpu[len(cpu) // 2]:.1f} ms, max {1000 * cpu[-1]:.1f} ms")
        for j in judged:
            if args.show == "all" or (args.show == "misses" and j["outcome"] != "understood"):
                shown = j["rule"] or "; ".join(j.get("offered", [])) or j["status"]
                print(f"   [{j['outcome']}] {j['text']!r} -> {shown}   (meant: {j['intended']})")
        result["languages"][lang] = {
            "n": n, "understood": counts["understood"], "share": round(counts["understood"] / max(1, n), 4),
            "interval": [round(low, 4), round(high, 4)], "misses": {o: counts[o] for o in OUTCOMES[1:]},
            "by_kind": by_kind, "cpu_ms_median": round(1000 * cpu[len(cpu) // 2], 2),
            "cpu_ms_max": round(1000 * cpu[-1], 2)}
    print_result(result)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
