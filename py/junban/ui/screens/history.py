"""Statistics of finished games per game, variant and player count, with a chart; all games or only those played
without help (no hint, no first game that teaches); the recent games with how each was played (daily, practice,
first game, assisted); pruning old history."""
from __future__ import annotations

from junban import history as stats_lib
from junban.games import available_games
from junban.ui.games import GAME_UIS, game_ui
from junban.ui.dom import h
from junban.ui.i18n import t

PRUNE_KEEP = 100
RECENT = 12  # games listed under "Recent games"
SHOW = ("all", "unassisted")


class HistoryScreen:
    def __init__(self, services):
        self.services = services
        self.entries = services.store.history()
        services.report_storage_problems()
        self.confirm_prune = False
        self.show = "all"

    def counted(self) -> list[dict]:
        """The entries the statistics count: all, or those without help."""
        if self.show == "unassisted":
            return [e for e in self.entries if not e.get("assisted")]
        return self.entries

    @property
    def title(self) -> str:
        return t("history.title")

    def render(self):
        sections = []
        for game in available_games():
            if game not in GAME_UIS:
                continue
            groups = stats_lib.group(self.counted(), game)
            if not groups:
                continue
            ui = game_ui(game)
            rows = []
            charts = []
            for (bucket, players), entries in groups.items():
                s = stats_lib.stats(entries)
                label = f"{ui.bucket_label(bucket)} · {t('history.players', n=players)}"
                # data-label: on a phone each row is a card, every number named by its column (CSS); the
                # explicit roles keep it a table for screen readers whatever the layout.
                rows.append(h("tr", {"key": f"{bucket}/{players}", "role": "row"},
                              h("th", {"scope": "row", "role": "rowheader"}, label),
                              [h("td", {"key": col, "role": "cell", "data-label": _column_label(ui, col)},
                                 _cell(s, col)) for col in ui.HISTORY_COLUMNS]))
                charts.append(h("div", {"class": "chart-block", "key": f"{bucket}/{players}"},
                                h("h3", {}, label), ui.history_chart(s.scores)))
            sections.append(h(
                "section", {"class": "history-game", "key": game},
                h("h2", {}, t(f"game.{game}.title")),
                h("div", {"class": "table-scroll", "tabindex": "0", "role": "region",
                          "aria-label": t("history.table_label", game=t(f"game.{game}.title"))},
                  h("table", {"class": "stats", "role": "table"},
                    h("thead", {"role": "rowgroup"},
                      h("tr", {"role": "row"}, h("th", {"scope": "col", "role": "columnheader"}, t("history.variant")),
                        [h("th", {"scope": "col", "key": col, "role": "columnheader"}, _column_label(ui, col))
                         for col in ui.HISTORY_COLUMNS])),
                    h("tbody", {"role": "rowgroup"}, rows))),
                h("div", {"class": "charts"}, charts),
            ))
        if not sections:
            sections.append(h("p", {"class": "muted"}, t("history.empty")))
        prune = None
        if len(self.entries) > PRUNE_KEEP:
            if self.confirm_prune:
                prune = h("div", {"class": "prune"},
                          h("p", {}, t("history.prune_confirm", n=len(self.entries) - PRUNE_KEEP)),
                          h("button", {"type": "button", "class": "button danger", "data-act": "history:prune-yes"},
                            t("history.prune_yes")),
                          h("button", {"type": "button", "class": "button", "data-act": "history:prune-no"},
                            t("home.delete_no")))
            else:
                prune = h("button", {"type": "button", "class": "button quiet", "data-act": "history:prune"},
                          t("history.prune", n=PRUNE_KEEP))
        return [h("h1", {}, self.title), h("p", {"class": "muted"}, t("history.count", n=len(self.entries))),
                self._filter() if self.entries else None, sections, self._recent(), prune,
                h("p", {}, h("a", {"href": "#/storage", "id": "storage-link"}, t("storage.link")))]

    def _filter(self):
        return h("div", {"class": "history-filter"},
                 h("span", {"class": "field-label", "id": "history-show"}, t("history.show")),
                 h("div", {"class": "segmented small", "role": "group", "aria-labelledby": "history-show"},
                   [h("button", {"type": "button", "class": "seg", "data-act": "history:show", "data-arg": choice,
                                 "aria-pressed": "true" if choice == self.show else "false", "key": choice},
                      t(f"history.show.{choice}")) for choice in SHOW]))

    def _recent(self):
        from junban.ui.daily_ui import entry_marks, history_text
        from junban.ui.screens.home import _ago

        entries = [e for e in self.counted() if e["game"] in GAME_UIS]
        if not entries:
            return None
        newest = sorted(entries, key=_when, reverse=True)[:RECENT]
        now = self.services.platform.now()
        items = []
        for entry in newest:
            when = _when(entry)
            items.append(h(
                "li", {"class": ["recent-game", "assisted" if entry.get("assisted") else None], "key": entry["id"]},
                h("strong", {}, t(f"game.{entry['game']}.title")),
                h("span", {"class": "recent-result"}, history_text(entry)),
                [h("span", {"class": "recent-mark", "key": word}, word) for word in entry_marks(entry)],
                h("span", {"class": "muted"}, _ago(now - when)) if when else None))
        return h("section", {"class": "history-recent", "aria-labelledby": "recent-title"},
                 h("h2", {"id": "recent-title"}, t("history.recent")),
                 h("ul", {"class": "recent-list", "aria-label": t("history.recent.label")}, items))

    def handle(self, act: str, arg: str | None) -> None:
        if act == "history:show" and arg in SHOW:
            self.show = arg
        elif act == "history:prune":
            self.confirm_prune = True
        elif act == "history:prune-no":
            self.confirm_prune = False
        elif act == "history:prune-yes":
            removed = self.services.store.prune_history(PRUNE_KEEP)
            self.entries = self.services.store.history()
            self.confirm_prune = False
            self.services.notify(t("history.pruned", n=removed), "info")


def _when(entry: dict) -> float:
    at = entry.get("at")
    return float(at) if isinstance(at, (int, float)) and not isinstance(at, bool) else 0.0


def _column_label(ui, column: str) -> str:
    """A game may name a column its own way (23's average is an average penalty)."""
    return t(getattr(ui, "HISTORY_LABELS", {}).get(column, f"history.col.{column}"))


def _cell(s: stats_lib.Stats, column: str) -> str:
    if column == "games":
        return str(s.games)
    if column == "wins":
        return f"{s.wins} ({round(100 * s.wins / s.games)}%)" if s.games else "0"
    if column == "perfect":
        return str(s.perfect)
    if column == "streak":
        return str(s.current_streak)
    if column == "best_streak":
        return str(s.best_streak)
    if column == "mean_score":
        return "–" if s.mean_score is None else f"{s.mean_score:.1f}"
    return ""
