"""The live checker under a rule box (the dealer's secret rule, a science guess, a rule for a friend).

A rule box takes plain words ("red cards only", 「赤と黒が交互」: ``lang.phrases``) or the rule language. As the
person types: for words, the rule they read as, said back in plain words (what counts is that rule, and nothing
else), with what a vague word was taken to mean; words it does not know or cannot put together are named, with
phrasings that do read offered as buttons ("did you mean"). For the rule language: the error at its position (a
caret under the very character, full-width ones included), in the person's language (the rule language's English
phrases are put into Japanese phrase by phrase), with a "did you mean" fix from the engine (``lang.suggest``:
``colur`` → colour, ``hart`` → hearts, ``=<`` → ``<=``) and a button that applies it. For a rule, how often it
accepts a card and warnings.
"""
from __future__ import annotations

import re
import unicodedata

from junban.games.eleusis import cards, checker
from junban.games.eleusis.lang import compile_rule
from junban.games.eleusis.lang.phrases import understand
from junban.games.eleusis.lang.suggest import suggest
from junban.ui import i18n
from junban.ui.dom import h
from junban.ui.i18n import t

i18n.register("eleusis")

CARET_BEFORE, CARET_AFTER = 22, 8  # characters shown around a parse error
LANGUAGE_EXAMPLES = (  # none of them is (equivalent to) a library rule: examples never give a puzzle away
    "card.colour = prev.colour",
    "card.rank >= prev.rank or card.face",
    "card.suit in [hearts, clubs]",
    "if prev.face then card.rank <= 6 else card.odd",
    "(card.rank - prev.rank) mod 13 in [2..4]",
    "if position mod 3 = 0 then card.black else true",
    "count(each.red) >= count(each.black) or card.black",
)
PLACEHOLDER = "card.rank + prev.rank >= 14"

# The rule language's phrases (``RuleError.expected`` and ``.found``), as patterns -> text keys ("el.rx.*"). The
# English catalog says them as the engine does; the Japanese one translates them. Named groups are parameters;
# a group named ``type`` is itself a phrase ("a number", "a suit", ...).
_TYPE = r"(?P<type>a number|a yes/no value|a suit|a colour|a card)"
PHRASES = tuple((re.compile(pattern), key) for pattern, key in (
    (r"a rule written as text", "el.rx.text"),
    (r"a rule of at most (?P<n>\d+) characters", "el.rx.max_chars"),
    (r"a number from 0 to (?P<n>\d+)", "el.rx.number_range"),
    (r"a word, a number or one of \( \) \[ \] , \. \.\. \+ - \* = != < <= > >=", "el.rx.token"),
    (r"a shorter rule \(at most (?P<n>\d+) words and symbols\)", "el.rx.max_tokens"),
    (r"a simpler rule \(at most (?P<n>\d+) parts\)", "el.rx.max_nodes"),
    (r"less nesting \(at most (?P<n>\d+) levels of brackets, if, not and minus\)", "el.rx.max_depth"),
    (r"a rule, e\.g\. card\.colour != prev\.colour", "el.rx.a_rule"),
    (r"the end of the rule, 'and', 'or', 'then', 'else' or an operator", "el.rx.after_value"),
    (r"'then' after the condition of 'if'", "el.rx.then"),
    (r"'and' or 'or' between two comparisons \(comparisons do not chain\)", "el.rx.chain"),
    (r"'\[' to start a list, e\.g\. \[2, 3, 5\] or \[1\.\.6\]", "el.rx.list_open"),
    (r"a shorter list \(at most (?P<n>\d+) items; use a\.\.b for a range\)", "el.rx.max_list"),
    (r"',' or '\]' in the list", "el.rx.list_next"),
    (r"'\.' only after a card \(card, prev, prev2, prev3, first, each\)", "el.rx.dot"),
    (r"a card feature: rank, suit, colour, odd, even, face, prime, red or black", "el.rx.feature"),
    (r"an operator after the feature", "el.rx.operator"),
    (r"'\)' to close the '\(' at character (?P<n>\d+)", "el.rx.close_paren"),
    (r"a value: a number, card\.rank, prev\.suit, red, hearts, length, count\(\.\.\.\), \.\.\.", "el.rx.value"),
    (r"'\(' after (?P<name>\w+)", "el.rx.call_open"),
    (r"(?P<n>\d+) values for (?P<name>\w+)\(\.\.\.\), separated by ','", "el.rx.call_args"),
    (r"'\)': (?P<name>\w+)\(\.\.\.\) takes (?P<n>\d+) values?", "el.rx.call_too_many"),
    (r"'\)' to close (?P<name>\w+)\(", "el.rx.call_close"),
    (r"numbers that stay within (?P<n>\d+)", "el.rx.max_value"),
    (r"'each' only inside count\(\.\.\.\) or sum\(\.\.\.\)", "el.rx.each"),
    (r"(?P<name>\w+)\(\.\.\.\) not inside another count or sum", "el.rx.nested"),
    (r"at most (?P<n>\d+) uses of count and sum", "el.rx.max_aggregates"),
    (r"a feature of the card, e\.g\. card\.rank or card\.suit", "el.rx.feature_left"),
    (r"a feature of the card, e\.g\. prev\.rank or prev\.suit", "el.rx.feature_right"),
    (_TYPE + r" to compare with (a number|a yes/no value|a suit|a colour|a card)", "el.rx.compare"),
    (r"a feature of the card before 'in', e\.g\. card\.rank", "el.rx.feature_in"),
    (_TYPE + r" in the list \(ranges are for numbers\)", "el.rx.list_range"),
    (_TYPE + r" in the list", "el.rx.list_item"),
    (r"a feature of the card after 'then'", "el.rx.feature_then"),
    (_TYPE + r" after 'else', like after 'then'", "el.rx.else"),
    (r"a yes/no rule, e\.g\. card\.rank > prev\.rank", "el.rx.yes_no_rule"),
    (r"a number after '-'", "el.rx.after_minus"),
    (r"a number before '(?P<op>[^']+)' \(only numbers are ordered\)", "el.rx.ordered"),
    (r"a number before '(?P<op>[^']+)'", "el.rx.number_before"),
    (r"a number after '(?P<op>[^']+)'", "el.rx.number_after"),
    (r"a yes/no question about 'each' card, e\.g\. count\(each\.red\)", "el.rx.count"),
    (r"a number about 'each' card, e\.g\. sum\(each\.rank\)", "el.rx.sum"),
    (r"a rank, a suit or a colour inside next\(\.\.\.\)", "el.rx.next"),
    (r"a number inside (?P<name>\w+)\(\.\.\.\)", "el.rx.number_inside"),
    (r"a yes/no value (?P<where>around 'and'|around 'or'|after 'not') \(a comparison or a feature like card\.red\)",
     "el.rx.logic"),
    (r"a yes/no condition after 'if'", "el.rx.condition"),
    (r"a yes/no value after 'then' when there is no 'else' \(no 'else' means: else true\)", "el.rx.then_no_else"),
    # what was found instead
    (r"the end of the rule", "el.rx.end"),
    (r"the keyword (?P<code>'.*')", "el.rx.keyword"),
    (r"the unknown word (?P<code>'.*')", "el.rx.unknown_word"),
    (r"an empty text", "el.rx.empty"),
    (r"(?P<n>\d+) characters", "el.rx.chars"),
    (r"a NUL character", "el.rx.nul"),
    (r"a control character \(U\+(?P<code>[0-9A-F]+)\)", "el.rx.control"),
    (r"a second '\.'", "el.rx.second_dot"),
    (r"another value", "el.rx.another_value"),
    (r"an expression that could grow larger", "el.rx.grows"),
    (r"'each' outside them", "el.rx.each_outside"),
    (r"nested (?P<name>\w+)", "el.rx.nested_call"),
    (r"a bare card", "el.rx.bare_card"),
    (r"a range", "el.rx.range"),
    (_TYPE, "el.rx.type"),
))
TYPE_KEYS = {"a number": "number", "a yes/no value": "bool", "a suit": "suit", "a colour": "colour", "a card": "card"}
WHERE_KEYS = {"around 'and'": "and", "around 'or'": "or", "after 'not'": "not"}


def known(text: str) -> bool:
    """Is ``text`` a phrase this module can say in every language (or quoted code, said as typed)?"""
    return _QUOTED.fullmatch(text) is not None or any(p.fullmatch(text) for p, _ in PHRASES)


_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def phrase(text: str) -> str:
    """One of the rule language's phrases in the current language (quoted code, like 'colur', stays as typed)."""
    for pattern, key in PHRASES:
        match = pattern.fullmatch(text)
        if match:
            params = dict(match.groupdict())
            if params.get("type"):
                params["type"] = t(f"el.rx.t.{TYPE_KEYS[params['type']]}")
            if params.get("where"):
                params["where"] = t(f"el.rx.w.{WHERE_KEYS[params['where']]}")
            return t(key, **params)
    return text


def error_message(position: int, expected: str, found: str) -> str:
    """A rule error in the person's language: where, what was expected there, what was found."""
    if found:
        return t("el.check.error", character=position + 1, expected=phrase(expected), found=phrase(found))
    return t("el.check.error_no_found", character=position + 1, expected=phrase(expected))


def rule_report(text: str) -> dict:
    """What the person sees while typing. Plain data (kept with the table's choices between renders):

    - a rule (words read, or the rule language): ``ok``, ``rule`` (the rule text that counts: a guess or a secret
      rule is always this, never the words), ``from_words``, ``notes`` (vague words and what they were read as),
      ``words`` (the rule said back, en and ja), ``acceptance``, ``warning``, ``no_first``;
    - words not read: ``ok`` False, ``status`` ("unknown" or "unread"), ``unknown`` (the words not known),
      ``suggestions`` (phrasings that read: ``text``, ``rule`` and its ``words``);
    - the rule language with an error: ``ok`` False, ``position``, ``expected``, ``found``, ``fix``."""
    if not text.strip():
        return {"empty": True}
    got = understand(text)
    if got.status in ("unknown", "unread"):
        return {"ok": False, "status": got.status, "unknown": [word for word, _, _ in got.unknown],
                "suggestions": [{"text": s.text, "rule": s.rule, "words": _said(compile_rule(s.rule))}
                                for s in got.suggestions]}
    if got.status == "code-error":
        err = got.error
        fix = suggest(text)
        return {"ok": False, "position": err.position, "expected": err.expected, "found": err.found,
                "fix": {"text": fix.text, "changes": [list(c) for c in fix.changes]} if fix else None}
    rule = compile_rule(got.rule)
    report = checker.check(got.rule)
    return {"ok": True, "rule": got.rule, "from_words": got.status == "rule", "notes": list(got.notes),
            "acceptance": report.acceptance, "warning": report.warning,
            "words": {"en": report.words_en, "ja": report.words_ja},
            "no_first": not any(rule.judge((), c) for c in cards.DECK)}


def _said(rule) -> dict:
    return {"en": rule.describe("en"), "ja": rule.describe("ja")}


def counted_rule(report: dict | None) -> str | None:
    """The rule a report says counts (what a guess or a secret rule sends), or None when there is none."""
    if report and report.get("ok"):
        return report["rule"]
    return None


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def caret_lines(text: str, position: int) -> tuple[str, str]:
    """The line of ``text`` around ``position`` (a window, so a phone shows it) and a caret line under it. A
    full-width character above is matched by a full-width space below, so the caret stands under the very
    character in any font."""
    pos = max(0, min(position, len(text)))
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    line_end = len(text) if line_end < 0 else line_end
    start = max(line_start, pos - CARET_BEFORE)
    shown = ("…" if start > line_start else "") + text[start:min(line_end, pos + CARET_AFTER)]
    pad = ("\u3000" if _wide("…") else " ") if start > line_start else ""
    pad += "".join("\u3000" if _wide(ch) else ("\t" if ch == "\t" else " ") for ch in text[start:pos])
    return shown, pad + "^"


def checker_panel(text: str, report: dict, ident: str, fix_act: str | None = None, use_act: str | None = None):
    """The checker's answer under a rule box; ``fix_act``: the intent of the "did you mean" button for the rule
    language; ``use_act``: the intent of a suggested phrasing's button (its index as argument)."""
    if report.get("empty"):
        return h("div", {"class": "el-check", "id": ident, "aria-live": "polite"},
                 h("p", {"class": "help"}, t("el.check.empty")))
    if not report["ok"] and report.get("status"):
        return words_problem(report, ident, use_act)
    if not report["ok"]:
        shown, caret = caret_lines(text, report["position"])
        fix = report.get("fix")
        offer = None
        if fix:
            changes = fix["changes"]
            words = t("el.list_sep").join(f"{typed} → {fixed}" for typed, fixed in changes)
            offer = h("div", {"class": "el-fix"},
                      h("p", {"class": "el-fix-text"},
                        t("el.check.did_you_mean", word=changes[0][1]) if len(changes) == 1
                        else t("el.check.did_you_mean_many", words=words),
                        " ", h("code", {"class": "el-code"}, fix["text"])),
                      h("button", {"type": "button", "class": "button small", "data-act": fix_act,
                                   "id": f"{ident}-fix"}, t("el.check.fix")) if fix_act else None)
        return h("div", {"class": "el-check el-check-error", "id": ident, "aria-live": "polite"},
                 h("p", {"class": "error-text"}, error_message(report["position"], report["expected"], report["found"])),
                 h("pre", {"class": "el-caret", "aria-hidden": "true"}, shown + "\n" + caret),
                 offer)
    lang = i18n.language()
    rate = round(100 * report["acceptance"])
    warn = None
    if report.get("no_first"):
        warn = t("el.check.no_first")
    elif report["warning"] == "too-few":
        warn = t("el.check.too_few", rate=rate)
    elif report["warning"] == "too-many":
        warn = t("el.check.too_many", rate=rate)
    return h("div", {"class": "el-check el-check-ok", "id": ident, "aria-live": "polite"},
             h("p", {"class": "el-words"}, h("strong", {}, t("el.check.words")), " ", report["words"][lang]),
             _notes(report),
             _code_line(report),
             h("p", {}, t("el.check.rate", rate=rate),
               h("span", {"class": "el-meter", "aria-hidden": "true"},
                 h("span", {"class": "el-meter-fill", "style": f"width:{max(2, rate)}%"}))),
             h("p", {"class": "warning", "role": "alert"}, warn) if warn else None)


def guess_check(text: str, report: dict, ident: str, fix_act: str | None = None, use_act: str | None = None):
    """A guess: what it reads as (its words and the rule), or what keeps it from reading (no acceptance
    warnings: a guess may be any rule)."""
    if report.get("ok"):
        return h("div", {"class": "el-check el-check-ok", "id": ident, "aria-live": "polite"},
                 h("p", {"class": "el-words"}, h("strong", {}, t("sci.guess.reads")), " ",
                   report["words"][i18n.language()]),
                 _notes(report), _code_line(report))
    return checker_panel(text, report, ident, fix_act, use_act)


def _notes(report: dict):
    """Vague words said with what they were read as ("high" as 8 to K), so the person can say it exactly."""
    notes = report.get("notes") or []
    if not notes:
        return None
    return h("p", {"class": "el-note"}, t("el.check.vague", words=t("el.list_sep").join(
        t(f"el.check.vague.{n}") for n in notes)))


def _code_line(report: dict):
    """The rule in the rule language, small, under words that were read: for those who like the code form."""
    if not report.get("from_words"):
        return None
    return h("p", {"class": "el-code-line muted"}, t("el.check.code"), " ", h("code", {"class": "el-code"}, report["rule"]))


def words_problem(report: dict, ident: str, use_act: str | None):
    """Words not read: the unknown words named (or that they could not be put together), and phrasings that do
    read offered as buttons, each with its reading — the person chooses; nothing is guessed for them."""
    lang = i18n.language()
    if report["status"] == "unknown":
        words = t("el.list_sep").join(f"“{w}”" for w in report["unknown"])
        problem = t("el.words.unknown", n=len(report["unknown"]), words=words)
    else:
        problem = t("el.words.unread")
    offers = []
    for i, s in enumerate(report.get("suggestions") or []):
        offers.append(h("li", {"key": i},
                        h("button", {"type": "button", "class": "button small el-use", "data-act": use_act,
                                     "data-arg": str(i), "id": f"{ident}-use-{i}"} if use_act else {"class": "el-use"},
                          s["text"]),
                        h("span", {"class": "el-use-reads"}, t("el.words.reads", words=s["words"][lang]))))
    return h("div", {"class": "el-check el-check-error", "id": ident, "aria-live": "polite"},
             h("p", {"class": "error-text"}, problem),
             h("div", {"class": "el-fix"}, h("p", {"class": "el-fix-text"}, t("el.words.did_you_mean")),
               h("ul", {"class": "el-uses"}, offers)) if offers else
             h("p", {"class": "help"}, t("el.words.try")))


def language_help():
    return h("details", {"class": "el-lang-help"},
             h("summary", {}, t("el.lang.title")),
             h("p", {}, t("el.lang.intro")),
             h("ul", {}, [h("li", {"key": i}, h("code", {}, code), " — ", t(f"el.lang.ex{i}"))
                         for i, code in enumerate(LANGUAGE_EXAMPLES)]),
             h("p", {"class": "help"}, t("el.lang.more")))


def applied_fix(report: dict | None) -> str | None:
    """The corrected text a report offers (the "did you mean" button applies it), or None."""
    fix = (report or {}).get("fix")
    return fix["text"] if fix else None


def offered_text(report: dict | None, act: str, arg: str | None) -> str | None:
    """The text a checker's button offers: the rule language's fix (an intent ending "-fix") or a suggested
    phrasing (ending "-use", its index as ``arg``)."""
    return applied_fix(report) if act.endswith("-fix") else suggested_text(report, arg)


def suggested_text(report: dict | None, arg: str | None) -> str | None:
    """The phrasing a report offers at index ``arg`` (a suggestion's button), or None."""
    offers = (report or {}).get("suggestions") or []
    if arg is None or not arg.isdigit() or int(arg) >= len(offers):
        return None
    return offers[int(arg)]["text"]
