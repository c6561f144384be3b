"""The daily challenge on the home screen, and results said in words.

Per game with a daily deal, the home tile shows: "Today's challenge" (not started), "Continue today's
challenge" (under way: it opens the game, never a copy), or, once over, today's result and squares (with a line
saying what they mean), "Share today's result", "See today's game" and the time left until the next challenge;
and the streak of days finished. The share text says the result without the deal: a head line (game and date),
the result, the squares (``junban.daily.grid``) and the daily link, which deals the same cards to whoever opens
it but shows none of them. Sharing hands it to the phone's share sheet, or copies it where there is none.
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
        self.shared: dict[str, str] = {}  # game -> the share text last shared or copied
        self.outcome: dict[str, str] = {}  # game -> how that went ("copied", "failed", ...: services.share)

    def refresh(self, saves: set[str]) -> None:
        self.days = self.services.store.daily()
        self.saves = saves

    def finished_today(self) -> bool:
        """Is a daily challenge over today (home then counts down to the next one)?"""
        today = self.services.platform.today()
        return any(e["finished"] and e["date"] == today for e in self.days)

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
            body.append(self._squares(game, entry["grid"]))
            body.append(h("div", {"class": "daily-actions"},
                          h("button", {"type": "button", "class": "button", "data-act": "daily:share",
                                       "data-arg": game, "id": f"daily-share-{game}"}, t("daily.share")),
                          h("a", {"class": "button quiet", "href": f"#/play/{entry['save']}", "id": f"daily-{game}"},
                            t("daily.view")) if saved else None))
            body.append(self._shared(game))
            body.append(h("p", {"class": "daily-next muted", "id": f"daily-next-{game}"},
                          t("daily.next", time=until(self.services.platform.seconds_to_midnight()))))
        return h("section", {"class": "daily-box", "aria-labelledby": f"daily-title-{game}"},
                 h("h3", {"class": "daily-title", "id": f"daily-title-{game}"}, t("daily.title"),
                   h("span", {"class": "visually-hidden"}, " · ", t(f"game.{game}.title"))),
                 h("p", {"class": "daily-streak", "id": f"daily-streak-{game}"}, t("daily.streak", n=streak))
                 if streak else None,
                 body)

    def _squares(self, game: str, grid: str):
        """Today's squares, as the share text gives them, and a line saying what those present mean."""
        if not grid:
            return None
        return h("div", {"class": "daily-squares"},
                 h("p", {"class": "daily-grid", "aria-hidden": "true", "id": f"daily-grid-{game}"}, grid),
                 h("p", {"class": "daily-legend", "id": f"daily-legend-{game}"},
                   " · ".join(f"{square} {t(f'daily.sq.{game}.{name}')}"
                              for square, name in daily.legend(game, grid))))

    def _shared(self, game: str):
        """What sharing did: "copied" (said on the screen), or the text to copy by hand when nothing was."""
        outcome = self.outcome.get(game)
        if outcome == "copied":
            return h("p", {"class": "share-note copied", "id": f"daily-note-{game}"}, t("daily.copied"))
        if outcome != "failed":
            return None
        return h("label", {"class": "daily-share-box"},
                 h("span", {"class": "share-note failed", "id": f"daily-note-{game}"}, t("daily.copy_failed")),
                 h("textarea", {"readonly": True, "rows": "5", "id": f"daily-text-{game}",
                                "value": self.shared[game]}))

    def share(self, game: str) -> None:
        """"Share today's result": the share sheet where there is one, else the clipboard (said on the screen);
        if neither works, the text is shown to copy by hand."""
        entry = daily.attempt(self.days, game, self.services.platform.today())
        if entry is None or not entry["finished"]:
            return
        text = share_text(game, entry, self.services.platform.page_url())
        self.shared[game] = text
        self.outcome.pop(game, None)

        def done(outcome: str) -> None:
            self.outcome[game] = outcome
            if outcome == "failed":
                self.services.focus_after_render(f"#daily-text-{game}")

        self.services.share(done, t("daily.copied"), t("daily.copy_failed"), text=text)


def until(seconds: float) -> str:
    """A time left, in hours and minutes (rounded up: "next in 1 min" until the very end)."""
    minutes = max(1, -(-int(seconds) // 60))
    hours, minutes = divmod(minutes, 60)
    return t("time.h_min", h=hours, m=minutes) if hours else t("time.min", m=minutes)
