"""Asking before old finished games are removed: their results stay in the history, and it says so.

The store never removes a finished save by itself; once there are more than ``KEEP_FINISHED_SAVES``, the home
screen and the Storage screen offer to remove the oldest (``prune_offer``), and do it only on "yes".
"""
from __future__ import annotations

from junban.storage import KEEP_FINISHED_SAVES
from junban.ui.dom import h
from junban.ui.i18n import t


def prune_offer(count: int, confirming: bool):
    """Asks before removing the oldest finished saves (their results stay in the history); None when there are
    not more than the store keeps without asking."""
    if not count:
        return None
    if confirming:
        return h("div", {"class": "st-prune"},
                 confirm_box(t("prune.confirm", n=count), "prune:yes", "", no_act="prune:no", yes=t("prune.yes"),
                             no=t("prune.no")))
    return h("div", {"class": "st-prune"},
             h("p", {}, t("prune.offer", count=count + KEEP_FINISHED_SAVES)),
             h("button", {"type": "button", "class": "button", "data-act": "prune:ask", "id": "prune"},
               t("prune.button", n=count)))


def handle_prune(services, act: str) -> bool:
    """A prune button; returns whether the question is (still) being asked."""
    if act == "prune:ask":
        return True
    if act == "prune:yes":
        removed = remove_old_finished(services)
        if removed:
            services.notify(t("prune.done", n=removed), "info", key="pruned")
    return False


def remove_old_finished(services) -> int:
    """Remove the finished saves beyond the newest ones kept, each only once its result is in the history."""
    from junban.errors import JunbanError
    from junban.session import Session
    from junban.ui.games import game_ui

    store = services.store
    removed = 0
    for summary in store.old_finished():
        record = store.read_save(summary.id)
        try:
            session = Session.from_record(record)
        except (JunbanError, ValueError, TypeError, KeyError):
            continue  # a save that does not replay is kept (opening it keeps it aside, with a message)
        if not session.is_over:
            continue  # marked finished, yet its moves do not end the game: not ours to remove
        services.record_finished(session, game_ui(session.game).history_entry(session), at=summary.updated)
        if any(e.get("id") == summary.id for e in store.history()):
            store.delete_save(summary.id)
            removed += 1
    services.report_storage_problems()
    return removed


def confirm_box(question: str, yes_act: str, arg: str, no_act: str = "st:confirm-no", yes: str | None = None,
                no: str | None = None):
    """A question with a "yes" that deletes and a "no" that keeps."""
    return h("div", {"class": "st-confirm", "role": "group", "aria-label": question},
             h("p", {}, question),
             h("button", {"type": "button", "class": "button danger", "data-act": yes_act, "data-arg": arg},
               yes or t("storage.delete_yes")),
             h("button", {"type": "button", "class": "button", "data-act": no_act}, no or t("storage.delete_no")))
