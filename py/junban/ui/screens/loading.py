"""The screen shown while the package's later archive is fetched (junban/archives.py): a screen that needs a game's
code before it has arrived waits here and is shown as soon as it has. If it cannot be fetched (offline before the
app was kept on the device), this says so, with "Try again" and a way home."""
from __future__ import annotations

from junban.ui.dom import h
from junban.ui.i18n import t


class LoadingScreen:
    title = None
    screen_class = "loading-screen"
    focus_on_show = "#main h1"

    def __init__(self, services, failed: str | None = None):
        self.services = services
        self.failed = failed  # why the archive could not be fetched, or None while it is on its way

    def render(self):
        if self.failed is None:
            return h("section", {"class": ["boot", "loading"], "aria-busy": "true"},
                     h("div", {"class": "boot-bar", "aria-hidden": "true"}, h("span", {})),
                     h("h1", {}, t("later.loading")))
        return h("section", {"class": ["boot", "loading", "failed"]},
                 h("h1", {}, t("later.failed_title")),
                 h("p", {}, t("later.check")),
                 h("p", {"class": ["muted", "reason"]}, self.failed),
                 h("p", {"class": "actions"},
                   h("button", {"type": "button", "class": "button primary", "data-act": "app:later-retry"},
                     t("later.retry")),
                   h("a", {"class": "button", "href": "#/"}, t("later.home"))))

    def handle(self, act: str, arg: str | None) -> None:
        return None
