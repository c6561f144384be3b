"""Rules said in plain words, English or Japanese, read into the rule language.

``understand(text)`` returns an ``Understanding``:

- ``status "rule"``: the words were read; ``rule`` is the rule text (tidy rule language) and the UI reads it back
  with ``Rule.describe`` before it counts. ``notes`` lists words read with an assumption ("high" as 8 to K).
- ``status "code"``: the text is already the rule language (the code form stays for those who like it).
- ``status "code-error"``: it looks like the rule language but is not a rule (the code checker explains).
- ``status "unknown"``: some words are not known; ``unknown`` has them (with where they are) and ``suggestions``
  offers phrasings with the nearest known words that do read, each with its rule.
- ``status "unread"``: every word is known but no reading was found; ``stopped`` is where reading stopped, and
  ``suggestions`` offers the nearest phrasings that read (a word left out), each with its rule.
- ``status "empty"``.

What is shown is what counts: the rule is only ever the one ``rule`` holds, read back from its own tree, so a
phrasing is never silently taken for another rule than the read-back says. Every word typed is read or reported
(fillers such as "the", "must", "only" are read as nothing); a reading that no card could follow ("red and black")
is not a reading, nor, while there is another, one by which every card is always right ("if red then anything").
When unsure, the reader asks (a suggestion to accept), it does not guess.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from junban.games.eleusis import cards
from junban.games.eleusis.lang import RuleError, compile_rule
from junban.games.eleusis.lang import meaning, phrases_en, phrases_ja
from junban.games.eleusis.lang.grammar_kit import parse_all
from junban.games.eleusis.lang.printer import tidy

MAX_WORDS_TEXT = 300  # characters: a rule said in words is short
MAX_READINGS = 12  # complete readings checked, best first
MAX_SUGGESTIONS = 3
_CODE = re.compile(r"\b(card|prev[23]?|first|each)\s*\.\s*[a-z]|\b(count|sum|abs|wrap|next|min|max)\s*\(|"
                   r"\b(position|length)\s*(mod|[<>=!])", re.IGNORECASE)
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]")


@dataclass(frozen=True)
class Suggestion:
    text: str  # a phrasing that reads
    rule: str  # its rule text


@dataclass
class Understanding:
    status: str
    text: str
    lang: str = "en"
    rule: str | None = None
    notes: tuple = ()
    unknown: tuple = ()  # (word, start, end)
    stopped: int | None = None  # character offset where reading stopped ("unread")
    suggestions: tuple = ()
    error: RuleError | None = None  # "code-error"

    @property
    def ok(self) -> bool:
        return self.status in ("rule", "code")


def language_of(text: str) -> str:
    return "ja" if _JAPANESE.search(text) else "en"


def looks_like_code(text: str) -> bool:
    """Rule language, not words: "card.rank", "prev.suit", "count(", "position mod"."""
    folded = unicodedata.normalize("NFKC", text)
    return _CODE.search(folded) is not None


def _reader(lang: str):
    return phrases_ja if lang == "ja" else phrases_en


def understand(text: str, lang: str | None = None) -> Understanding:
    """Read ``text`` (words in English or Japanese, or the rule language). ``lang``: force a reader."""
    if not isinstance(text, str) or not text.strip():
        return Understanding("empty", text if isinstance(text, str) else "")
    if looks_like_code(text) or len(text) > MAX_WORDS_TEXT:
        try:
            compile_rule(text)
        except RuleError as err:
            return Understanding("code-error", text, error=err)
        return Understanding("code", text, rule=text)
    try:  # the rule language without card features ("true", "position mod 2 = 0") is code too
        compile_rule(text)
        return Understanding("code", text, rule=text)
    except RuleError:
        pass
    lang = lang or language_of(text)
    reader = _reader(lang)
    toks, unknown = reader.tokenize(text)
    if unknown:
        return Understanding("unknown", text, lang, unknown=tuple((u.text, u.start, u.end) for u in unknown),
                             suggestions=_respelt(text, unknown, reader, lang))
    found = read(toks, reader)
    if found is not None:
        rule, notes = found
        return Understanding("rule", text, lang, rule=rule, notes=notes)
    furthest = _furthest(toks, reader)
    stopped = toks[furthest].start if furthest < len(toks) else len(text)
    return Understanding("unread", text, lang, stopped=stopped, suggestions=_shortened(text, toks, reader))


def read(toks, reader) -> tuple[str, tuple] | None:
    """The best reading of ``toks`` as (rule text, notes), or None. Readings where a clause demands what its own
    condition rules out ("if red then ... black") come last: taken only when there is no other."""
    if not toks:
        return None
    readings, _ = parse_all(reader.rule, toks)
    readings = readings[:MAX_READINGS]
    ordered = [c for c in readings if all(_sensible(x) for x in c)] + \
        [c for c in readings if not all(_sensible(x) for x in c)]
    stuck = None  # a reading after which no card can ever follow: taken only if it is the only one
    loose = None  # a reading by which every card is always right ("if red then anything"): likewise
    for clauses in ordered:
        sel = meaning.combine(clauses)
        text = _settle(sel.on("card"))
        if text is None:
            continue
        try:
            text = tidy(text)
            rule = compile_rule(text)
        except (RuleError, ValueError):
            continue
        if not _followable(rule):
            stuck = stuck or (text, sel.vague)
        elif text != "true" and _says_anything(rule):
            return text, sel.vague
        else:
            loose = loose or (text, sel.vague)
    return loose or stuck


def _says_anything(rule) -> bool:
    """Does the rule ever refuse a card (on the empty line, or after a few first cards)? "Any card is right" said
    outright reads as "true"; a reading that only comes out so is the last one taken."""
    lines = [()] + [(c,) for c in cards.DECK[::7]] + [(a, b) for a, b in zip(cards.DECK[::9], cards.DECK[4::9])]
    return any(not rule.judge(line, c) for line in lines for c in cards.DECK)


def _settle(text: str | None) -> str | None:
    """A relation said without its feature ("keep it", "change it") takes the feature named elsewhere."""
    if text is None or "@" not in text:
        return text
    named = re.findall(r"card\.(colour|suit|rank|odd|face|prime) !?= \w+\.\1", text)
    if not named:
        return None
    return text.replace("@", named[0])


def _sensible(clause) -> bool:
    """A demand about the card that no card meeting its own condition could meet ("if red then black") is not
    what anyone says: such a reading is dropped."""
    if clause.when is None or re.search(r"prev|first|each", clause.when) or clause.body.relative:
        return True
    try:
        rule = compile_rule(f"({clause.when}) and ({clause.body.on('card')})")
    except RuleError:
        return True
    return any(rule.judge(("2C",) * n, c) for n in range(12) for c in cards.DECK)


def _followable(rule) -> bool:
    """Can a line be played at all: some first card, and some card after one of them?"""
    starters = [c for c in cards.DECK if rule.judge((), c)]
    return any(rule.judge((s,), c) for s in starters for c in cards.DECK)


def _furthest(toks, reader) -> int:
    _, furthest = parse_all(reader.rule, toks)
    return max(0, furthest - 1) if furthest < len(toks) else furthest


def _respelt(text: str, unknown, reader, lang: str) -> tuple:
    """Phrasings with each unknown word replaced by a near known word, that read (at most MAX_SUGGESTIONS)."""
    options = []
    for word in unknown:
        near = reader.near_words(word.text)
        options.append([(word, n) for n in near])
    out: list[Suggestion] = []
    seen = set()

    def attempt(replacements):
        fixed = text
        for word, new in sorted(replacements, key=lambda r: -r[0].start):
            fixed = fixed[:word.start] + new + fixed[word.end:]
        if fixed in seen:
            return
        seen.add(fixed)
        toks, still = reader.tokenize(fixed)
        if still:
            return
        found = read(toks, reader)
        if found:
            out.append(Suggestion(fixed, found[0]))

    if all(options):
        for k in range(3):
            attempt([opts[min(k, len(opts) - 1)] for opts in options])
            if len(out) >= MAX_SUGGESTIONS:
                break
    if len(unknown) == 1 and not out:
        return ()
    return tuple(out[:MAX_SUGGESTIONS])


_KEEP = ("not", "forbidden", "except", "unless", "else", "if", "after", "follow", "followedby")


def _shortened(text: str, toks, reader) -> tuple:
    """Phrasings with one piece left out that read (never a negation or a condition word)."""
    out: list[Suggestion] = []
    for k, tok in enumerate(toks):
        if tok.kind in _KEEP or (k > 0 and toks[k - 1].start == tok.start):
            continue
        rest = toks[:k] + toks[k + 1:]
        if any(t.start == tok.start for t in rest):
            continue
        found = read(rest, reader)
        if found and all(s.rule != found[0] for s in out):
            shorter = (text[:tok.start].rstrip() + " " + text[tok.end:].lstrip()).strip()
            if reader.spaced is False:
                shorter = (text[:tok.start] + text[tok.end:]).strip()
            out.append(Suggestion(shorter, found[0]))
        if len(out) >= MAX_SUGGESTIONS:
            break
    return tuple(out)
