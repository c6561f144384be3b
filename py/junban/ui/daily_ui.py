"""The daily challenge on the home screen, and results said in words.

Per game with a daily deal, the home tile shows: "Today's challenge" (not started), "Continue today's
challenge" (under way: it opens the game, never a copy), or today's result with "Share today's result" and
"See today's game" (over); and the streak of days played. The share text says the result without the deal: a
head line (game and date), the result, the squares (``junban.daily.grid``) and the daily link, which deals the
same cards to whoever opens it but shows none of them.
"""
from __future__ import annotations

from junban import daily, links
from junban.ui.dom import h
from junban.ui.i18n import t


def result_text(game: str, result: dict) -> str:
    """A finished game's result in words, from what the daily record or the history keeps."""
    score = result.get("score")
    if game == "the-game":
        if result.get("perfect"):
            return t("res.the-game.perfect")
        return t("res.the-game.win" if result.get("won") else "res.the-game.loss", n=score)
    if game in ("23", "eleusis"):
        mark = "🏆" if result.get("won") else "·"
        return t(f"res.{game}", mark=mark, place=result.get("place"), players=result.get("players"), n=score)
    if game == "eleusis-science":
        return t("res.eleusis-science.solved", n=score) if result.get("won") else t("res.eleusis-science.not")
    return ""


def history_text(entry: dict) -> str:
    """A history entry's result in words (the history keeps won, perfect and the game's own score)."""
    game = entry["game"]
    if game in ("the-game", "eleusis-science"):
        return result_text(game, entry)
    won = t("hist.won") if entry.get("won") else t("hist.lost")
    if game in ("23", "eleusis") and isinstance(entry.get("score"), int):
        return t(f"hist.{game}", result=won, n=entry["score"])
    return won


def entry_marks(entry: dict) -> list[str]:
    """How a finished game was played: Daily (its date), Practice, First game; Assisted."""
    words = []
    mode = entry.get("mode")
    if mode == "daily":
        words.append(t("mark.daily_of", date=entry.get("seed", "")))
    elif mode == "practice":
        words.append(t("mark.practice"))
    elif mode == "tutorial":
        words.append(t("mark.tutorial"))
    if entry.get("assisted") and mode != "tutorial":
        words.append(t("mark.assisted"))
    return words


def share_text(game: str, entry: dict, page_url: str) -> str:
    lines = [t("share.head", game=t(f"game.{game}.title"), date=entry["date"]),
             result_text(game, entry) + (" " + t("res.assisted") if entry["assisted"] else "")]
    if entry["grid"]:
        lines.append(entry["grid"])
    link = links.daily_link(game, entry["date"])
    if link:
        lines.append(page_url + link)
    return "\n".join(lines)


def save_marks(save) -> str:
    """How a saved game is played, in a word or two (Daily, Practice, First game; Assisted)."""
    words = []
    if save.mode == "daily":
        words.append(t("mark.daily"))
    elif save.mode == "practice":
        words.append(t("mark.practice"))
    elif save.mode in ("tutorial", "tutorial-done"):
        words.append(t("mark.tutorial"))
    if save.assisted and save.mode not in ("tutorial", "tutorial-done"):
        words.append(t("mark.assisted"))
    return " · ".join(words)


class DailyBoard:
    """Today's challenge of each game, as the home screen shows it."""

    def __init__(self, services):
        self.services = services
        self.days: list[dict] = []
        self.saves: set[str] = set()
        self.shared: dict[str, str] = {}  # game -> the share text last copied (shown in a box)

    def refresh(self, saves: set[str]) -> None:
        self.days = self.services.store.daily()
        self.saves = saves

    def render(self, game: str):
        today = self.services.platform.today()
        link = links.daily_link(game, today)
        if link is None:
            return None
        entry = daily.attempt(self.days, game, today)
        streak = daily.streak(self.days, game, today)
        saved = entry is not None and entry["save"] in self.saves
        body = []
        if entry is None:
            body.append(h("a", {"class": "button", "href": link, "id": f"daily-{game}"}, t("daily.play")))
        elif not entry["finished"]:
            body.append(h("a", {"class": "button", "href": f"#/play/{entry['save']}" if saved else link,
                                "id": f"daily-{game}"}, t("daily.continue")))
        else:
            words = result_text(game, entry) + (" " + t("res.assisted") if entry["assisted"] else "")
            body.append(h("p", {"class": "daily-result", "id": f"daily-result-{game}"}, t("daily.today", result=words)))
            body.append(h("div", {"class": "daily-actions"},
                          h("button", {"type": "button", "class": "button", "data-act": "daily:share",
                                       "data-arg": game, "id": f"daily-share-{game}"}, t("daily.share")),
                          h("a", {"class": "button quiet", "href": f"#/play/{entry['save']}", "id": f"daily-{game}"},
                            t("daily.view")) if saved else None))
            if game in self.shared:
                body.append(h("label", {"class": "daily-share-box"},
                              h("span", {}, t("daily.share_label")),
                              h("textarea", {"readonly": True, "rows": "5", "id": f"daily-text-{game}",
                                             "value": self.shared[game]})))
        return h("section", {"class": "daily-box", "aria-labelledby": f"daily-title-{game}"},
                 h("h3", {"class": "daily-title", "id": f"daily-title-{game}"}, t("daily.title"),
                   h("span", {"class": "visually-hidden"}, " · ", t(f"game.{game}.title")),
                   h("span", {"class": "daily-streak"}, " · ", t("daily.streak", n=streak)) if streak else None),
                 body)

    def share(self, game: str) -> None:
        entry = daily.attempt(self.days, game, self.services.platform.today())
        if entry is None or not entry["finished"]:
            return
        text = share_text(game, entry, self.services.platform.page_url())
        self.shared[game] = text
        services = self.services
        services.platform.copy_text(text, lambda ok: services.announce(t("daily.copied") if ok
                                                                       else t("daily.copy_failed")))
        services.focus_after_render(f"#daily-text-{game}")
