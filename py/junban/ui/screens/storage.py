"""The Storage screen (``#/storage``), and what other screens borrow from it.

- What takes room in this browser, saved games, and the records kept aside (with what is wrong with each, in
  words), with buttons to download, put back or delete them: the way out of a full quota.
- Moving to another device: download everything as one file, import such a file (``junban.transfer``).
- ``receive``: a game sent as a link (``#/receive?game=…``) is checked, merged and opened.
- ``send_box``/``handle_send``: "Send this game" on the table (a link or a file carrying the game's log).
"""
from __future__ import annotations

from junban import transfer
from junban.net import guest as _seats  # noqa: F401 - registers what a kept-aside seat lacks (storage.KIND_READERS)
from junban.games import GAME_MODULES
from junban.storage import SAVE_PREFIX, UNKNOWN_GAME, RecordName, StorageFull, UnreadableRecord
from junban.ui.dom import h
from junban.ui.i18n import t
from junban.ui.records import (
    QUOTA_CHARS,
    date_words,
    finished_results,
    game_title,
    reason_words,
    record_words,
    size_words,
)
from junban.ui.screens.old_games import confirm_box, handle_prune, prune_offer

IMPORT_INPUT = "st-import"
RESTORABLE = ("save", "history", "history-entries", "settings", "daily", "import")  # kinds "Put back" takes


class StorageScreen:
    def __init__(self, services):
        self.services = services
        # What a "yes" would do: "save:<id>", "aside:<key>" (by key: the list may change under the question),
        # "aside:all" or "prune".
        self.confirm: str | None = None
        self._read()

    @property
    def title(self) -> str:
        return t("storage.title")

    def _read(self) -> None:
        store = self.services.store
        self.saves = store.list_saves()
        self.services.report_storage_problems()
        self.usage = store.usage()
        self.aside = store.kept_aside()
        self.old_finished = len(store.old_finished(self.saves))

    def storage_changed(self, key) -> None:
        self._read()
        self.services.render()

    # ------------------------------------------------------------------ render

    def render(self):
        return [
            h("h1", {}, self.title),
            h("p", {"class": "lead"}, t("storage.lead")),
            self._room(),
            self._move(),
            self._saved_games(),
            self._kept_aside(),
        ]

    def _room(self):
        u = self.usage
        labels = {"games": t("storage.part.games", n=u.records["games"]),
                  "finished": t("storage.part.finished", n=u.records["finished"]),
                  "drafts": t("storage.part.drafts", n=u.records["drafts"]),
                  "history": t("storage.part.history"), "settings": t("storage.part.settings"),
                  "aside": t("storage.part.aside", n=u.records["aside"]), "other": t("storage.part.other")}
        used = t("storage.used", used=size_words(u.total), quota=size_words(QUOTA_CHARS))
        return h("section", {"class": "st-room", "aria-labelledby": "st-room-title"},
                 h("h2", {"id": "st-room-title"}, t("storage.parts")),
                 h("p", {"id": "st-used"}, used),
                 h("progress", {"class": "st-meter", "max": str(QUOTA_CHARS), "value": str(min(u.total, QUOTA_CHARS)),
                                "aria-label": t("storage.meter"), "aria-describedby": "st-used"}),
                 h("ul", {"class": "st-parts"},
                   [h("li", {"key": part}, h("span", {}, labels[part]), h("span", {"class": "st-size"}, size_words(size)))
                    for part, size in u.chars.items() if size]))

    def _move(self):
        return h("section", {"class": "st-move", "aria-labelledby": "st-move-title"},
                 h("h2", {"id": "st-move-title"}, t("storage.move")),
                 h("p", {}, t("storage.move_help")),
                 h("div", {"class": "st-actions"},
                   h("button", {"type": "button", "class": "button primary", "data-act": "st:export", "id": "st-export"},
                     t("storage.export")),
                   h("label", {"class": "button st-file", "for": IMPORT_INPUT}, t("storage.import"),
                     h("input", {"type": "file", "id": IMPORT_INPUT, "class": "st-file-input", "data-field": "st:import",
                                 "accept": ".json,application/json", "aria-describedby": "st-import-help"}))),
                 h("p", {"class": "help", "id": "st-import-help"}, t("storage.import_help")))

    def _saved_games(self):
        rows = []
        now = self.services.platform.now()
        results = finished_results(self.services.store, self.saves)
        for save in self.saves:
            words = record_words(_save_name(save), now)
            size = len(self.services.store.raw(SAVE_PREFIX + save.id) or "")
            status = results.get(save.id) or (t("storage.finished") if save.finished else t("home.moves", n=save.moves))
            rows.append(h("li", {"class": "st-item", "key": save.id},
                          h("div", {"class": "st-what"},
                            h("strong", {}, game_title(save.game)),
                            h("span", {"class": "muted"}, t("storage.game_status", moves=status, size=size_words(size),
                                                                    date=date_words(save.updated, now)))),
                          self._actions(f"save:{save.id}", f"save:{save.id}", words, [
                              ("st:send", save.id, t("storage.download"), t("storage.download_label", record=words))])))
        body = h("ul", {"class": "st-list"}, rows) if rows else h("p", {"class": "muted"}, t("storage.no_saves"))
        return h("section", {"class": "st-saves", "aria-labelledby": "st-saves-title"},
                 h("h2", {"id": "st-saves-title"}, t("storage.saves")),
                 prune_offer(self.old_finished, self.confirm == "prune"),
                 body)

    def _kept_aside(self):
        rows = []
        now = self.services.platform.now()
        for n, kept in enumerate(self.aside):
            words = record_words(kept.what, now)
            when = (t("storage.aside_since", date=date_words(kept.since, now)) if kept.since is not None
                    else t("storage.aside_in_place"))
            restorable = kept.reason is None and kept.what.kind in RESTORABLE
            wrong = (t("storage.aside_wrong", reason=reason_words(kept.reason)) if kept.reason is not None
                     else t("storage.aside_fine") if kept.what.kind == "save"
                     else t("storage.aside_fine_record") if restorable else "")
            extra = [("st:aside-download", str(n), t("storage.download"), t("storage.download_label", record=words))]
            if restorable:
                extra.append(("st:aside-restore", str(n), t("storage.restore"),
                              t("storage.restore_label", record=words)))
            rows.append(h("li", {"class": "st-item", "key": f"{n}:{kept.key[:60]}"},
                          h("div", {"class": "st-what"},
                            h("strong", {}, _capital(words)),
                            h("span", {"class": "muted"}, f"{when} · {size_words(kept.size)}"),
                            h("span", {}, wrong)),
                          self._actions(f"aside:{n}", f"aside:{kept.key}", words, extra)))
        if not rows:
            body = h("p", {"class": "muted"}, t("storage.no_aside"))
        elif self.confirm == "aside:all":
            body = [h("ul", {"class": "st-list"}, rows),
                    confirm_box(t("storage.delete_all_confirm", n=len(rows)), "st:aside-all-yes", "")]
        else:
            body = [h("ul", {"class": "st-list"}, rows),
                    h("button", {"type": "button", "class": "button quiet", "data-act": "st:aside-all",
                                 "id": "st-aside-all"}, t("storage.delete_all_aside"))]
        return h("section", {"class": "st-aside", "aria-labelledby": "st-aside-title"},
                 h("h2", {"id": "st-aside-title"}, t("storage.aside")),
                 h("p", {"class": "help"}, t("storage.aside_help")), body)

    def _actions(self, target: str, confirming: str, words: str, extra: list):
        """An item's buttons: its own (download, put back) and Delete (``target``), which asks first."""
        if self.confirm == confirming:
            return confirm_box(t("storage.delete_confirm", record=words), "st:delete-yes", "")
        buttons = [h("button", {"type": "button", "class": "button", "data-act": act, "data-arg": arg,
                                "aria-label": label}, text) for act, arg, text, label in extra]
        buttons.append(h("button", {"type": "button", "class": "button quiet", "data-act": "st:delete",
                                    "data-arg": target, "aria-label": t("storage.delete_label", record=words)},
                         t("storage.delete")))
        return h("div", {"class": "st-item-actions"}, buttons)

    # ------------------------------------------------------------------ input

    def handle(self, act: str, arg: str | None) -> None:
        services, store = self.services, self.services.store
        if act == "st:export":
            services.platform.download(f"junban-{services.platform.today()}.json",
                                  transfer.export_file(store, services.platform.now()))
        elif act == "st:send" and arg:
            send_file(services, store.read_save(arg))
        elif act == "st:delete" and arg:
            kept = self._aside_at(arg[len("aside:"):]) if arg.startswith("aside:") else None
            self.confirm = f"aside:{kept.key}" if kept is not None else arg
        elif act == "st:confirm-no":
            self.confirm = None
        elif act == "st:delete-yes" and self.confirm:
            self._delete(self.confirm)
        elif act == "st:aside-download":
            kept = self._aside_at(arg)
            if kept is not None:
                services.platform.download(f"junban-kept-aside-{kept.what.kind}-{int(kept.since or 0)}.json",
                                      store.raw(kept.key) or "")
        elif act == "st:aside-restore":
            kept = self._aside_at(arg)
            if kept is not None:
                self._restore(kept)
        elif act == "st:aside-all":
            self.confirm = "aside:all"
        elif act == "st:aside-all-yes":
            for kept in self.aside:
                store.delete_kept(kept.key)
            self._say(t("storage.deleted_all", n=len(self.aside)))
            self.confirm = None
        elif act.startswith("prune:"):
            self.confirm = "prune" if handle_prune(services, act) else None
        self._read()

    def field(self, name: str, value, final: bool) -> bool:
        if name == "st:import" and final:
            self.services.platform.read_chosen_file(IMPORT_INPUT, transfer.MAX_FILE_CHARS, self._import)
        return False

    def _delete(self, target: str) -> None:
        services, store = self.services, self.services.store
        kind, _, ref = target.partition(":")
        if kind == "save":
            summary = next((s for s in self.saves if s.id == ref), None)
            if summary is not None:
                words = record_words(_save_name(summary), services.platform.now())
                store.delete_save(ref)
                self._say(t("storage.deleted", record=words))
        elif kind == "aside":
            kept = next((k for k in self.aside if k.key == ref), None)
            if kept is not None:
                store.delete_kept(kept.key)
                self._say(t("storage.deleted", record=record_words(kept.what, services.platform.now())))
        self.confirm = None

    def _say(self, text: str, kind: str = "info") -> None:
        """What a button did (the previous such message makes way)."""
        self.services.dismiss("st-done")
        self.services.notify(text, kind, key="st-done")

    def _aside_at(self, arg: str | None):
        index = int(arg) if arg and arg.isdigit() else -1
        return self.aside[index] if 0 <= index < len(self.aside) else None

    def _restore(self, kept) -> None:
        """A kept-aside record that reads fine now goes back where it belongs (merged: nothing overwritten)."""
        from junban.ui.services import new_save_id

        services = self.services
        try:
            transfer.put_back(services.store, kept.key, kept.what.kind, new_save_id)
        except UnreadableRecord as err:
            self._say(t("import.bad", reason=reason_words(err)), "error")
            return
        except StorageFull:
            services.notify(t("storage.full"), "error", key="storage-full", sticky=True)
            return
        if kept.what.kind == "settings":
            services.reload_settings()
        self._say(t("storage.restored", record=_capital(record_words(kept.what, services.platform.now()))))

    def _import(self, text: str | None, error: str | None) -> None:
        """A file was picked: read it like any stored record, merge what it holds, say what happened."""
        services = self.services
        services.dismiss("import")
        try:
            if text is None and error == "too_large":
                raise UnreadableRecord("it is far too large", code="record.too_large")
            bundle = transfer.read_file(text) if text is not None else None
        except UnreadableRecord as err:
            services.notify(t("import.bad", reason=reason_words(err)), "error", key="import")
            bundle = None
        if text is None and error != "too_large":
            services.notify(t("import.bad", reason=t("import.unreadable")), "error", key="import")
        if bundle is not None:
            from junban.ui.services import new_save_id

            result = transfer.import_bundle(services.store, bundle, new_save_id)
            summary = import_summary(result)
            services.notify(t("import.full", summary=summary) if result.full else t("import.done", summary=summary),
                       "error" if result.full else "info", key="import")
            if result.settings == "taken":
                services.reload_settings()
        self._read()
        services.render()


def import_summary(result: transfer.ImportResult) -> str:
    """What an import did, every case counted ("2 games added, 1 game was already here, …"), what could not be read
    with why, and where it was kept."""
    from junban.storage import MAX_HISTORY

    parts = [t(f"import.{outcome}", n=result.games[outcome])
             for outcome in (transfer.ADDED, transfer.UPDATED, transfer.COPIED, transfer.KEPT, transfer.SAME)
             if result.games.get(outcome)]
    if result.refused:
        parts.append(t("import.refused", n=result.refused, reason=reason_words(result.refused_reason)))
    if result.history_added:
        parts.append(t("import.history", n=result.history_added))
    if result.history_left_out:
        parts.append(t("import.history_left_out", n=result.history_left_out, max=MAX_HISTORY))
    if result.days_added:
        parts.append(t("import.days", n=result.days_added))
    if result.days_kept:
        parts.append(t("import.days_kept", n=result.days_kept))
    if result.settings:
        parts.append(t(f"import.settings_{result.settings}"))
    if result.odd_entries:
        parts.append(t("import.odd", n=result.odd_entries))
    if result.kept_aside:
        parts.append(t(f"import.aside_{result.kept_aside}"))
    return ", ".join(parts) if parts else t("import.nothing")


# ---------------------------------------------------------------------- a game sent from another device


def receive(services, params: dict) -> str | None:
    """A game sent as a link: checked and replayed first, then merged like an imported file (never overwriting,
    with its day of the daily record); the id to open it under, or None (the notice says why)."""
    from junban.ui.services import new_save_id

    try:
        result = transfer.import_bundle(services.store, transfer.game_from_token(params.get("game")), new_save_id)
    except UnreadableRecord as err:
        services.report_storage_problems()
        services.notify(t("link.bad", reason=reason_words(err)), "error")
        return None
    services.report_storage_problems()
    if result.full or not result.ids:
        services.notify(t("storage.full"), "error", key="storage-full", sticky=True)
        return None
    outcome = next(iter(result.games))
    key = {"added": "send.arrived", "same": "send.arrived_same", "updated": "send.arrived_updated",
           "kept": "send.arrived_kept", "copied": "send.arrived_copy"}[outcome]
    services.notify(t(key), "info")
    return result.ids[0]


def send_file(services, record: dict | None) -> None:
    if record is not None:
        services.platform.download(f"junban-{record['game']}-{record['id']}.json",
                                   transfer.game_file(record, services.platform.now(), services.store.daily()))


def send_box(table):
    """The "Send this game" box on a table: a link to go on elsewhere (shared or copied with a button), and the
    same as a file."""
    link = getattr(table, "send_link", False)
    if link is False:
        return None
    note = {"copied": t("table.copied"), "failed": t("table.copy_failed")}.get(table.sent)
    sheet = table.services.platform.can_share()
    return h("div", {"class": "st-send", "id": "send-box"},
             h("p", {"class": "help"}, t("send.help")),
             h("label", {"for": "send-url"}, t("send.link_label")) if link else None,
             h("input", {"id": "send-url", "type": "text", "readonly": True, "value": link}) if link
             else h("p", {}, t("send.too_long")),
             h("p", {"class": ["share-note", table.sent], "id": "send-note"}, note) if link and note else None,
             h("div", {"class": "st-actions"},
               h("button", {"type": "button", "class": "button primary", "data-act": "send:share", "id": "send-share"},
                 t("send.share" if sheet else "send.copy")) if link else None,
               h("button", {"type": "button", "class": "button", "data-act": "send:file", "id": "send-file"},
                 t("send.download")),
               h("button", {"type": "button", "class": "button quiet", "data-act": "send:close"}, t("send.close"))))


def handle_send(table, act: str) -> None:
    services = table.services
    record = table.session.to_record()
    record.pop("standing", None)  # the phones' ways back to this device's table: nothing for another device
    if act == "send:open":
        token = transfer.game_token(record, services.store.daily())  # today's attempt: its day goes with it
        table.send_link = f"{services.platform.page_url()}#/receive?game={token}" if token else None
        table.sent = None
        services.focus_after_render("#send-share" if token else "#send-file")
    elif act == "send:share" and table.send_link:
        table.sent = None
        services.share(lambda outcome: setattr(table, "sent", outcome), t("table.copied"), t("table.copy_failed"),
                       url=table.send_link, title=f"Junban · {table.title}")
    elif act == "send:file":
        send_file(services, record)
    elif act == "send:close":
        table.send_link = False


# ---------------------------------------------------------------------- helpers


def _save_name(summary) -> RecordName:
    return RecordName("save", summary.game if summary.game in GAME_MODULES else UNKNOWN_GAME, summary.updated)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
