"""The scientist's hints in a sheet, for a person on their turn: at the Eleusis table and in solo science.

"Hint" (key H) opens a sheet that tells, one step at a time and only when asked (``junban.games.eleusis.hints``):
what the evidence says (how sure the scientist is, as a probability that was measured to hold, whether it would
guess now in solo science, how many rules still fit, what the leading rules look at),
then a card to try (ringed in the hand, with what a right or a wrong verdict would mean), then, behind its own
face-down card, the scientist's best guess in words. A hint is computed from the person's own view, once per
position; each step shown counts as a hint taken (``table.note_hint``: the game is then *assisted*, as with The
Game's hint, daily challenge included). The written hint of the dealer or the library stays where it was.

A game's module says ``which`` hint it gives ("table" or "science": ``junban.thinking.eleusis_hint``) and how to
``pick`` a card in its hand; this module keeps ``table.local["hint"]``: the position it was asked for (the game's
length), the steps shown, the hint (None while it is worked out). The scientist works it out in the bots' worker
(``ui/thinking.py``: up to seconds of CPU on a phone, which in the page froze the table), while the sheet says so.
"""
from __future__ import annotations

from junban.games.eleusis.science import WRONG_GUESS_COST
from junban.ui import i18n
from junban.ui.dom import h
from junban.ui.games.eleusis_cards import card_face, card_name
from junban.ui.i18n import t
from junban.ui.parts.sheet import sheet

SHEET = "hint"
STEPS = 3  # what the evidence says, a card to try, the best guess
OPENER = "#el-hint-open"
CHIPS = 5  # aspects shown at most
MENTION = 0.2  # an aspect read by less than this share of the leading rules' weight is left out
STRONG = 0.5  # an aspect read by at least this share stands out
MANY_RULES = 1_000_000  # beyond this the count of fitting rules is said in words (a 14-digit number says nothing)


def hint_button(table):
    """The action bar's "Hint" button."""
    return h("button", {"type": "button", "class": "button el-hint-open", "data-act": "hint:open", "id": "el-hint-open",
                        "aria-haspopup": "dialog", "aria-keyshortcuts": "H"}, t("hint.button"))


def current(table) -> dict | None:
    """The hint of the current position, if the person asked for it."""
    held = table.local.get("hint")
    return held if held and held["at"] == table.moment() else None


def suggested(table) -> str | None:
    """The card to try, once the person has asked for it (the hand rings it)."""
    held = current(table)
    if held and held["steps"] >= 2 and held["hint"] is not None and held["hint"].try_card:
        return held["hint"].try_card.card
    return None


def card_label(code: str, hinted: bool) -> str:
    """A hand card's accessible name; the card to try says so."""
    return t("hint.card.label", card=card_name(code)) if hinted else card_name(code)


def handle(table, act: str, which: str, pick) -> bool:
    """The sheet's intents; False if ``act`` is not one of them."""
    if act == "hint:open":
        if not table.my_turn():
            return True
        if current(table) is None:
            held = table.local["hint"] = {"at": table.moment(), "steps": 1, "hint": None}
            table.note_hint()
            _work_out(table, held, which)
        table.open_sheet(SHEET, opener=OPENER, focus=f"#hint-step-{current(table)['steps']}")
    elif act == "hint:more":
        held = current(table)
        if held and held["hint"] is not None and held["steps"] < STEPS:
            held["steps"] += 1
            table.note_hint()
            table.services.focus_after_render(f"#hint-step-{held['steps']}")
    elif act == "hint:pick":
        card = suggested(table)
        table.close_sheet()
        if card:
            pick(table, card)
    else:
        return False
    return True


def _work_out(table, held: dict, which: str) -> None:
    """Have the scientist work out the hint of ``held`` (in the bots' worker), and show it when it comes, if the
    person is still at that position."""
    from junban.ui.thinking import Thinking

    asking = True  # the answer came at once (thought in the page): the intent's own render shows it

    def done(hint) -> None:
        if isinstance(hint, Exception):
            table.local["hint"] = None
            table.close_sheet()
            table.services.report_crash(hint)
        else:
            held["hint"] = hint
            if not asking:
                table.services.focus_after_render(f"#hint-step-{held['steps']}")
        if not asking:
            table.services.render()

    Thinking.of(table.services).eleusis_hint(which, table.view(), done, lambda: current(table) is held)
    asking = False


def tidy(table) -> None:
    """Close the sheet if the position moved on under it (another tab's move): its hint is stale."""
    if table.sheet.is_open(SHEET) and current(table) is None:
        table.close_sheet()


def render_sheet(table):
    held = current(table)
    if held is None:
        return None
    hint, steps = held["hint"], held["steps"]
    if hint is None:  # being worked out (in the bots' worker)
        return sheet(SHEET, t("hint.title"), h("ol", {"class": "hint-steps"}, _step(
            1, t("hint.step.evidence"), h("p", {"class": "muted hint-working", "aria-busy": "true"}, t("hint.working")))),
            "table:close", kind="hint")
    return sheet(SHEET, t("hint.title"), h("ol", {"class": "hint-steps"}, _evidence(hint, steps),
                                           _try(table, hint) if steps >= 2 else None,
                                           _guess(hint, steps)), "table:close", kind="hint")


def percent(share: float) -> str:
    return f"{round(100 * share)}%"


def _step(number: int, title: str, body, more: str | None = None, more_label: str | None = None):
    return h("li", {"class": ["hint-step", f"hint-step-{number}"], "key": number},
             h("h3", {"class": "hint-step-title", "id": f"hint-step-{number}", "tabindex": "-1"},
               h("span", {"class": "hint-pip", "aria-hidden": "true"}, str(number)), title),
             body,
             h("button", {"type": "button", "class": ["button", "hint-more", more], "data-act": "hint:more",
                          "id": f"hint-more-{number}"}, more_label) if more_label else None)


def _evidence(hint, steps: int):
    aspects = [(a, s) for a, s in hint.aspects if s >= MENTION][:CHIPS]
    body = [
        h("div", {"class": "hint-sure", "key": "s"},
          h("span", {"class": "hint-sure-label"}, t("hint.sure", p=percent(hint.sure))),
          h("span", {"class": "hint-meter", "aria-hidden": "true"},
            h("span", {"class": "hint-meter-fill", "style": f"width:{max(2, round(100 * hint.sure))}%"}))),
        h("p", {"class": "hint-sure-means", "key": "m"}, t("hint.sure.means", p=percent(hint.sure))),
        None if hint.would_guess is None else
        h("p", {"class": ["hint-decision", "guess" if hint.would_guess else None], "key": "d"},
          t("hint.would_guess", cost=WRONG_GUESS_COST) if hint.would_guess else t("hint.would_play")),
        h("p", {"class": "hint-fit", "key": "f"},
          t("hint.fit_many", ideas=hint.ideas) if hint.fitting > MANY_RULES
          else t("hint.fit", n=hint.fitting, count=f"{hint.fitting:,}", ideas=hint.ideas)),
        h("p", {"class": "hint-odd", "key": "c"}, t("hint.contradicted")) if hint.contradicted else None,
        h("div", {"class": "hint-looks", "key": "l"},
          h("span", {"class": "hint-looks-label", "id": "hint-looks"}, t("hint.looks_at")),
          h("ul", {"class": "hint-aspects", "aria-labelledby": "hint-looks"},
            [h("li", {"class": ["hint-aspect", "strong" if s >= STRONG else None], "key": a},
               t(f"hint.aspect.{a}"), " ", h("span", {"class": "hint-aspect-share"}, percent(s)))
             for a, s in aspects])),
    ]
    return _step(1, t("hint.step.evidence"), body, more="hint-next" if steps == 1 else None,
                 more_label=t("hint.more.card") if steps == 1 else None)


def _answer(stay: int, ideas: int, lead) -> str:
    """What a verdict would leave: how many leading ideas, and what the one then leading looks at."""
    if lead is None:
        return t("hint.if.none")
    named = [t(f"hint.aspect.{a}") for a in lead.aspects] or [t("hint.aspect.card")]
    return t("hint.if.stay", n=stay, ideas=ideas, what=t("el.list_sep").join(named))


def _try(table, hint):
    tried = hint.try_card
    if tried is None:
        return _step(2, t("hint.step.card"), h("p", {}, t("hint.no_card")))
    body = [
        h("div", {"class": "hint-card-row", "key": "c"},
          card_face(tried.card, "hint-card", label=True),
          h("div", {"class": "hint-card-text"},
            h("p", {"class": "hint-card-line"}, t("hint.card.try_top" if tried.splits_top else "hint.card.try",
                                                   card=card_name(tried.card), p=percent(tried.p_right))),
            h("p", {"class": "hint-if right"}, h("strong", {}, t("hint.if.right")), " ",
              _answer(tried.stay_right, hint.ideas, tried.if_right)),
            h("p", {"class": "hint-if wrong"}, h("strong", {}, t("hint.if.wrong")), " ",
              _answer(tried.stay_wrong, hint.ideas, tried.if_wrong)))),
        h("p", {"class": "hint-surest", "key": "s"},
          t("hint.card.surest", card=card_name(hint.surest[0]), p=percent(hint.surest[1])))
        if hint.surest and hint.surest[0] != tried.card and not hint.nothing_fits else None,
        h("p", {"class": "hint-no-play", "key": "n"}, t("hint.card.nothing")) if hint.nothing_fits else None,
        h("button", {"type": "button", "class": "button primary hint-pick", "data-act": "hint:pick", "id": "hint-pick",
                     "key": "p"}, t("hint.card.pick", card=card_name(tried.card))),
    ]
    return _step(2, t("hint.step.card"), body)


def _guess(hint, steps: int):
    if steps < 2:
        return None
    if steps == 2:  # the spoiler waits face down
        return h("li", {"class": "hint-step hint-step-3 hint-hidden", "key": 3},
                 h("button", {"type": "button", "class": "hint-face-down", "data-act": "hint:more",
                              "id": "hint-more-2"},
                   h("span", {"class": "hint-back", "aria-hidden": "true"}),
                   h("span", {"class": "hint-face-down-text"},
                     h("strong", {}, t("hint.step.guess")), h("span", {}, t("hint.spoiler")))))
    lang = i18n.language()
    body = [h("p", {"class": "hint-words", "key": "w"}, hint.words.get(lang) or hint.words["en"]),
            h("p", {"key": "c"}, h("code", {"class": "el-code"}, hint.best)),
            h("p", {"class": "muted hint-guess-sure", "key": "s"}, t("hint.guess.sure", p=percent(hint.sure)))]
    return _step(3, t("hint.step.guess"), body)
