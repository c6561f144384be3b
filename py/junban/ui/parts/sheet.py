"""Sheets: panels over the table (rules, the move log on a phone, a pile's markers, a confirmation).

A sheet is a modal dialog (``role="dialog"``, ``aria-modal``) with a title and a close button; its backdrop
closes it too, and so does Escape (the screen's key handler calls its close intent). While a sheet is open the
screen marks what is under it ``inert``, so neither focus nor a screen reader wanders there; when it closes,
focus returns to what opened it (``SheetState``). Nothing here decides anything about a game.
"""
from __future__ import annotations

from dataclasses import dataclass

from junban.ui.dom import h
from junban.ui.i18n import t


@dataclass
class SheetState:
    """Which sheet is open (None: none), what it is about, and the element to give focus back to."""

    name: str | None = None
    arg: str | None = None
    opener: str | None = None
    unasked: bool = False  # it opened by itself (a round's end, the result, an offer), not at a tap on its opener

    def open(self, services, name: str, arg: str | None = None, opener: str | None = None,
             focus: str | None = None, unasked: bool = False) -> None:
        self.name, self.arg, self.opener, self.unasked = name, arg, opener, unasked
        services.focus_after_render(focus or f"#sheet-{name} .sheet-first || #sheet-{name} h2")

    def close(self, services) -> None:
        opener = self.opener
        self.name = self.arg = self.opener = None
        self.unasked = False
        if opener:
            services.focus_after_render(opener)

    def is_open(self, name: str | None = None) -> bool:
        return self.name is not None if name is None else self.name == name


def sheet(name: str, title: str, body, close_act: str, actions=None, kind: str = "panel", anchor: str | None = None,
          choice: bool = False):
    """A sheet titled ``title`` holding ``body``; ``close_act`` is the intent of its close button and backdrop.

    ``kind``: "panel" (a bottom sheet on a phone, a centred panel on a desktop) or "menu" (a small popover; on a
    phone still a bottom sheet). ``anchor``: a CSS class that places a popover near what opened it. ``choice``:
    ``actions`` are a question's answers, the safe one first (see ``confirm``).

    Every sheet ignores taps while it arrives (~0.35 s, the stylesheet's ``sheet-guard``), so the second tap of a
    double tap on the button that opened it is lost, never taken as an answer. A sheet that opens by itself
    (``SheetState.unasked``: the table marks its layer ``unasked``) ignores them longer (~0.8 s), its answers
    greyed until then: a tap already on its way to the table beneath is never taken as an answer.
    """
    return h(
        "div", {"class": ["sheet-layer", f"sheet-{kind}", anchor], "key": f"sheet-{name}"},
        h("div", {"class": "sheet-backdrop", "data-act": close_act, "aria-hidden": "true"}),
        h("section", {"class": "sheet", "role": "dialog", "aria-modal": "true", "id": f"sheet-{name}",
                      "aria-labelledby": f"sheet-{name}-title"},
          h("header", {"class": "sheet-head"},
            h("h2", {"id": f"sheet-{name}-title", "tabindex": "-1"}, title),
            h("button", {"type": "button", "class": "sheet-close", "data-act": close_act,
                         "aria-label": t("sheet.close")}, "×")),
          h("div", {"class": "sheet-body"}, body),
          h("footer", {"class": ["sheet-actions", "choice-actions" if choice else None]}, actions) if actions else None),
    )


def confirm(name: str, title: str, text: str, yes: tuple[str, str], no: tuple[str, str], danger: bool = False):
    """Ask before something costly and irreversible. ``yes``/``no``: (label, intent). The safe answer is first
    in the focus order (``sheet-first``), so Enter never confirms by accident; on a phone the answers stack with
    the safe one at the foot of the screen, full width, where the bars' buttons that open a confirmation are, so
    a second tap on the opener never lands on the costly answer."""
    yes_label, yes_act = yes
    no_label, no_act = no
    return sheet(
        name, title, h("p", {"class": "confirm-text"}, text), no_act,
        actions=[
            h("button", {"type": "button", "class": "button sheet-first", "data-act": no_act, "id": f"{name}-no"},
              no_label),
            h("button", {"type": "button", "class": ["button", "danger" if danger else "primary"], "data-act": yes_act,
                         "id": f"{name}-yes"}, yes_label),
        ],
        choice=True,
    )
