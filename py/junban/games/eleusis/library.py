"""The rule library: classic Eleusis rules in three levels, for bot dealers and solo science games.

Each entry (stored in ``library.json`` next to this module) has an ``id``, a ``level`` (easy / medium / hard),
a ``name`` and ``words`` (plain words) in English and Japanese, an optional ``hint`` (en, ja), the ``rule`` in the
rule language, and its measured ``acceptance`` rate (``checker.acceptance_rate`` over ``RATE_JUDGEMENTS``
random judgements; ``tools/eleusis_library.py --write`` re-measures it and a test keeps it true).
"""
from __future__ import annotations

import json
import pkgutil
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from junban.games.eleusis.lang import Rule, compile_rule

LEVELS = ("easy", "medium", "hard")
DATA_NAME = "library.json"
DATA_PATH = Path(__file__).with_name(DATA_NAME)  # in the source tree (tools/eleusis_library.py writes it)
RATE_JUDGEMENTS = 20_000


@dataclass(frozen=True)
class LibraryRule:
    id: str
    level: str
    rule: str
    name_en: str
    name_ja: str
    words_en: str
    words_ja: str
    hint_en: str | None
    hint_ja: str | None
    acceptance: float

    def name(self, lang: str = "en") -> str:
        return self.name_ja if lang == "ja" else self.name_en

    def words(self, lang: str = "en") -> str:
        return self.words_ja if lang == "ja" else self.words_en

    def hint(self, lang: str = "en") -> str | None:
        return self.hint_ja if lang == "ja" else self.hint_en

    def compiled(self) -> Rule:
        return _compiled(self.rule)

    def to_dict(self) -> dict:
        return {"id": self.id, "level": self.level, "rule": self.rule,
                "name": {"en": self.name_en, "ja": self.name_ja},
                "words": {"en": self.words_en, "ja": self.words_ja},
                "hint": None if self.hint_en is None else {"en": self.hint_en, "ja": self.hint_ja},
                "acceptance": self.acceptance}


@lru_cache(maxsize=None)
def _compiled(text: str) -> Rule:
    return compile_rule(text)


@lru_cache(maxsize=1)
def all_rules() -> tuple[LibraryRule, ...]:
    """Every library rule, easy first, in the order of the data file."""
    # Read through the package's loader: in the browser the package is imported from its zip archive.
    entries = json.loads(pkgutil.get_data(__package__, DATA_NAME).decode("utf-8"))
    out = []
    for e in entries:
        hint = e.get("hint")
        out.append(LibraryRule(
            id=e["id"], level=e["level"], rule=e["rule"], name_en=e["name"]["en"], name_ja=e["name"]["ja"],
            words_en=e["words"]["en"], words_ja=e["words"]["ja"],
            hint_en=hint["en"] if hint else None, hint_ja=hint["ja"] if hint else None,
            acceptance=e["acceptance"]))
    out.sort(key=lambda r: LEVELS.index(r.level))
    return tuple(out)


def rules_by_level(level: str) -> list[LibraryRule]:
    if level not in LEVELS:
        raise ValueError(f"a level is one of {', '.join(LEVELS)}")
    return [r for r in all_rules() if r.level == level]


def get(rule_id: str) -> LibraryRule:
    """The rule with this id (KeyError if there is none)."""
    for r in all_rules():
        if r.id == rule_id:
            return r
    raise KeyError(rule_id)


def pick(level: str, rng: random.Random) -> LibraryRule:
    """A rule of ``level`` chosen with ``rng`` (seeded by the caller, e.g. ``rng_for(seed, ...)``)."""
    choices = rules_by_level(level)
    return choices[rng.randrange(len(choices))]


def dump(entries: list[dict]) -> str:
    """The data file's text: one rule per block, keys in a fixed order (for readable diffs)."""
    blocks = [json.dumps(e, ensure_ascii=False, sort_keys=False) for e in entries]
    return "[\n" + ",\n".join(blocks) + "\n]\n"
