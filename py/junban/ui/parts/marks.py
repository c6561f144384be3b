"""How a game is played, said at the table: a chip in the top bar (Daily, Practice, First game) and the marks
under a result (today's counted daily attempt, practice, a first game, assisted by hints)."""
from __future__ import annotations

from junban.ui.dom import h
from junban.ui.i18n import t

CHIPS = {"daily": "mark.daily", "practice": "mark.practice", "tutorial": "mark.tutorial",
         "tutorial-done": "mark.tutorial"}


def mode_chip(session):
    key = CHIPS.get(session.mode or "")
    if key is None:
        return None
    return h("span", {"class": ["mode-chip", f"mode-{session.mode}"], "id": "mode-chip"}, t(key))


def result_marks(session):
    """Lines under a result: what this game counts as."""
    lines = []
    if session.mode == "daily":
        lines.append(("daily", t("mark.result.daily", date=session.seed)))
    elif session.mode == "practice":
        lines.append(("practice", t("mark.result.practice")))
    elif (session.mode or "").startswith("tutorial"):
        lines.append(("tutorial", t("mark.result.tutorial")))
    if session.hints:
        lines.append(("assisted", t("mark.result.assisted", n=session.hints)))
    elif session.config.get("show_hint") is True:  # solo science with the rule's hint shown
        lines.append(("assisted", t("mark.result.assisted_hint")))
    if not lines:
        return None
    return h("ul", {"class": "result-marks", "id": "result-marks"},
             [h("li", {"class": ["result-mark-line", f"mark-{kind}"], "key": kind}, text) for kind, text in lines])
