"""Statistics of finished games per game, variant and player count, with a chart; pruning old history."""
from __future__ import annotations

from junban import history as stats_lib
from junban.games import available_games
from junban.ui.games import GAME_UIS, game_ui
from junban.ui.dom import h
from junban.ui.i18n import t

PRUNE_KEEP = 100


class HistoryScreen:
    def __init__(self, services):
        self.services = services
        self.entries = services.store.history()
        services.report_storage_problems()
        self.confirm_prune = False

    @property
    def title(self) -> str:
        return t("history.title")

    def render(self):
        sections = []
        for game in available_games():
            if game not in GAME_UIS:
                continue
            groups = stats_lib.group(self.entries, game)
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
                sections, prune,
                h("p", {}, h("a", {"href": "#/storage", "id": "storage-link"}, t("storage.link")))]

    def handle(self, act: str, arg: str | None) -> None:
        if act == "history:prune":
            self.confirm_prune = True
        elif act == "history:prune-no":
            self.confirm_prune = False
        elif act == "history:prune-yes":
            removed = self.services.store.prune_history(PRUNE_KEEP)
            self.entries = self.services.store.history()
            self.confirm_prune = False
            self.services.notify(t("history.pruned", n=removed), "info")


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
