"""A player's guess at the Eleusis table (a Prophet's too): "Your guess" opens a sheet where the person states the
rule they think the dealer has — in words, typed or built by taps (``eleusis_rule_entry``), read back in plain
words — and sees how it fits what the table has shown (``fit``): every judgement it agrees with, and the ones it
would have judged otherwise, as cards. A Prophet sees, when judging, what their guess says of the play.

The guess is the person's own note: it stays on this device, in the table's choices for the seat whose hand is
shown (each person at a shared device has their own), and is sent nowhere; it reads only the seat's own view.
"""
from __future__ import annotations

from junban.games.eleusis import fit
from junban.games.eleusis.lang import RuleError, compile_rule
from junban.ui import i18n
from junban.ui.dom import h
from junban.ui.games import eleusis_rule_entry
from junban.ui.games.eleusis_cards import mini_card
from junban.ui.games.eleusis_checker import counted_rule, guess_check, offered_text, rule_report
from junban.ui.i18n import t
from junban.ui.parts.sheet import sheet

i18n.register("eleusis")

SHEET = "guess"
MAX_TEXT = 2000
SHOWN_DISAGREEMENTS = 3
PHASES = ("starter", "play", "prophet_judge", "dealer_judge", "prophet_offer")


def may_guess(table, view: dict) -> bool:
    """A seat that plays or judges as Prophet (not the dealer) may keep a guess while a round is on."""
    return (table.hand_visible() and view["phase"] in PHASES and view["seat"] != view["dealer"]
            and not table.session.is_over)


def mine(table) -> dict:
    """The shown seat's guess: its words, their report, how they are said."""
    guesses = table.local.setdefault("guesses", {})
    return guesses.setdefault(str(table.viewer), {"text": "", "report": None,
                                                  "entry": eleusis_rule_entry.new_entry()})


def guess_rule(table):
    """The shown seat's guess as a compiled rule, or None."""
    rule = counted_rule(mine(table)["report"])
    if rule is None:
        return None
    try:
        return compile_rule(rule)
    except RuleError:
        return None


def guess_button(table, view: dict):
    """"Your guess" in the top bar: an icon on a phone, with its words on a wider screen; marked once written."""
    if not may_guess(table, view):
        return None
    written = guess_rule(table) is not None
    label = t("el.guess.open_written" if written else "el.guess.open")
    return h("button", {"type": "button", "class": ["bar-button", "el-guess-open", "written" if written else None],
                        "data-act": "el:guess-open", "id": "el-guess-open", "aria-haspopup": "dialog",
                        "aria-label": label},
             h("span", {"class": "bar-icon", "aria-hidden": "true"}, "✎"), h("span", {"class": "bar-label"}, label))


def prophet_line(table, view: dict):
    """While the viewer judges as Prophet: what their guess says of the play waiting for judgement."""
    rule = guess_rule(table)
    pending = view.get("pending")
    if rule is None or not pending or view["phase"] != "prophet_judge":
        return None
    before = tuple(view["mainline"])
    if pending.get("no_play"):
        says = fit.judges_right(rule, "no_play", before, tuple(pending["hand"]))
    else:
        says = fit.judges_right(rule, "cards", before, tuple(pending["cards"]))
    return h("p", {"class": ["el-guess-says", "right" if says else "wrong"], "id": "el-guess-says"},
             t("el.guess.says_right" if says else "el.guess.says_wrong"))


def render_sheet(table):
    view = table.view()
    state = mine(table)
    report = state["report"] or rule_report(state["text"])
    entry = state["entry"]
    typed = h("div", {"class": "el-entry-type"},
              h("label", {"class": "visually-hidden", "for": "el-guess-text"}, t("el.guess.label")),
              h("textarea", {"id": "el-guess-text", "class": "el-rule-text el-words-text", "data-field": "el-guess",
                             "value": state["text"], "rows": "2", "spellcheck": "false", "autocomplete": "off",
                             "autocapitalize": "off", "maxlength": str(MAX_TEXT), "aria-describedby": "el-guess-check",
                             "placeholder": t("el.check.placeholder")}))
    body = [
        h("p", {"class": "help", "key": "i"}, t("el.guess.intro")),
        eleusis_rule_entry.modes(entry, "el:ge", "el-guess"),
        typed if entry["mode"] == "type" else eleusis_rule_entry.render_builder(entry, "el:ge", "el-guess"),
        guess_check(state["text"], report, "el-guess-check", "el:guess-fix", "el:guess-use"),
        _fit(table, view, report),
    ]
    return sheet(SHEET, t("el.guess.title"), body, "table:close", kind="wide")


def _fit(table, view: dict, report: dict):
    """How the guess fits the round so far: all of it, or the judgements it would have made otherwise."""
    rule = counted_rule(report)
    if rule is None:
        return None
    items = fit.evidence(view)
    if not items:
        return h("p", {"class": "el-fit muted", "id": "el-guess-fit"}, t("el.guess.fit_nothing"))
    wrong = fit.disagreements(compile_rule(rule), items)
    if not wrong:
        return h("p", {"class": "el-fit fits", "id": "el-guess-fit"}, t("el.guess.fits_all", n=len(items)))
    shown = [h("li", {"key": i}, _disagreement(d)) for i, d in enumerate(wrong[:SHOWN_DISAGREEMENTS])]
    return h("div", {"class": "el-fit misfits", "id": "el-guess-fit"},
             h("p", {}, t("el.guess.misfits", n=len(wrong), total=len(items))),
             h("ul", {"class": "el-misfits"}, shown),
             h("p", {"class": "muted"}, t("el.guess.more", n=len(wrong) - SHOWN_DISAGREEMENTS))
             if len(wrong) > SHOWN_DISAGREEMENTS else None)


def _disagreement(d: fit.Disagreement):
    after = [mini_card(c) for c in d.before[-2:]]
    if not after:
        lead = [t("el.guess.first"), " "]
    elif i18n.language() == "ja":  # 「<cards>の後、」: the cards come first
        lead = [*after, t("el.guess.after")]
    else:
        lead = [t("el.guess.after"), " ", *after, " "]
    if d.kind == "no_play":
        what = [t("el.guess.no_play"), " ", *[mini_card(c) for c in d.cards[:6]]]
    else:
        what = [*[mini_card(c) for c in d.cards]]
    verdict = t("el.guess.was_right" if d.shown_right else "el.guess.was_wrong")
    return [*lead, *what, " ", h("span", {"class": ["el-verdict", "right" if d.shown_right else "wrong"]}, verdict)]


# ---------------------------------------------------------------------- input


def handle(table, act: str, arg: str | None) -> bool:
    if not act.startswith(("el:guess", "el:ge:")):
        return False
    if act == "el:guess-open":
        if may_guess(table, table.view()):
            table.open_sheet(SHEET, opener="#el-guess-open", focus="#el-guess-text || #el-guess-mode-type")
        return True
    state = mine(table)
    if act in ("el:guess-fix", "el:guess-use"):
        fixed = offered_text(state["report"], act, arg)
        if fixed is not None:
            state["entry"]["mode"] = "type"
            field(table, "el-guess", fixed)
            table.services.focus_after_render("#el-guess-text")
        return True
    if act.startswith("el:ge:"):
        what = act[len("el:ge:"):]
        said = eleusis_rule_entry.handle(state["entry"], what, arg)
        if said is not None:
            field(table, "el-guess", said)
        table.services.focus_after_render(eleusis_rule_entry.focus_after(what, arg, "el-guess"))
        return True
    return False


def field(table, name: str, value) -> bool:
    if name != "el-guess":
        return False
    state = mine(table)
    state["text"] = str(value)[:MAX_TEXT]
    state["report"] = rule_report(state["text"])
    return True
