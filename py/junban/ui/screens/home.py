"""Home: choose a game (new game, daily challenge, rules, a first game that teaches) and resume or delete saved
games. Games with no move are not listed (a table left empty removes its own save). Once a daily challenge is
over, home counts down to the next one, kept current while it is shown (drawn again as each minute of the count
passes, and with the new day's challenges when the day turns)."""
from __future__ import annotations

from junban.games import available_games
from junban.links import JOIN, TUTORIAL_GAMES, pairing_token
from junban.ui import daily_ui
from junban.ui.dom import h
from junban.ui.games import has_ui
from junban.ui.i18n import default_name, t
from junban.ui.records import finished_results, game_title, guest_names


JOIN_LINK = "#" + JOIN  # what a host's pairing link holds


class HomeScreen:
    title = None

    def __init__(self, services):
        self.services = services
        self.confirm_delete: str | None = None
        self.confirm_prune = False
        self.daily = daily_ui.DailyBoard(services)
        self.timer = None  # the countdown's next minute
        self.join_text = ""  # what is typed or pasted in the join box
        self.join_error: str | None = None  # why it is not a pairing code, said under the box
        self._refresh()

    def _refresh(self) -> None:
        self.saves = [s for s in self.services.store.list_saves() if s.moves or s.finished]  # none without a move
        self.old_finished = len(self.services.store.old_finished(self.saves))
        self.daily.refresh({s.id for s in self.saves})
        self.services.report_storage_problems()

    def after_render(self) -> None:
        """While the time to the next challenge is shown, draw home again when its minutes change."""
        platform = self.services.platform
        if self.timer is None and self.daily.finished_today():
            left = platform.seconds_to_midnight()
            self.timer = platform.call_later((left % 60 or 60) + 0.05, self._tick)

    def _tick(self, *_args) -> None:
        self.timer = None
        if self.services.is_showing(self):
            self._refresh()  # the day may have turned: its new challenges
            self.services.render()

    def leave(self) -> None:
        if self.timer is not None:
            self.services.platform.cancel(self.timer)
            self.timer = None

    def storage_changed(self, key) -> None:
        self._refresh()
        self.services.render()

    def render(self):
        return [
            h("section", {"class": "hero"},
              h("h1", {}, "Junban ", h("span", {"lang": "ja", "class": "hero-ja"}, "順番")),
              h("p", {"class": "lead"}, t("home.lead"))),
            self._join_strip(),
            h("section", {"class": "games", "aria-label": t("home.games")},
              [self._game_tile(slug) for slug in available_games() if has_ui(slug)]),
            self._saved_games(),
            self._phones(),
        ]

    def _guest_seats(self) -> list[tuple[str, dict]]:
        """The seats this phone played at other phones' tables (storage ``junban.guest.*``), as kept."""
        store = self.services.store
        seats = []
        for table in store.guest_tables():
            record = store.read_guest(table)
            if record is not None and isinstance(record.get("update"), dict):
                seats.append((table, record))
        self.services.report_storage_problems()
        return seats

    def _join_strip(self):
        """At the top of home, in view on a phone: join a table (paste a host's link or code, or scan it), and the
        seats this phone is playing at other phones' tables, each named by its host ("your seat at Aiko's
        table")."""
        # (not a seat whose game is over, nor one the host let go: its person left, a bot or the host plays it now)
        going = [(table, record) for table, record in self._guest_seats()
                 if record["update"].get("over") is not True and not record.get("ended")]
        rows = [h("li", {"class": "home-seat", "key": f"seat-{table}"},
                  h("a", {"class": "button primary small", "href": f"#/seat/{table}", "id": f"open-seat-{table}"},
                    _seat_words(record)),
                  h("span", {"class": "muted"}, game_title(record["game"])))
                for table, record in going]
        error = self.join_error
        return h("section", {"class": "join-strip", "aria-labelledby": "join-strip-title"},
                 h("h2", {"id": "join-strip-title"}, t("home.join")),
                 h("ul", {"class": "join-seats"}, rows) if rows else None,
                 h("form", {"class": "join-row", "data-submit": "home:join"},
                   h("label", {"class": "visually-hidden", "for": "home-join"}, t("home.join_paste_label")),
                   h("input", {"type": "text", "id": "home-join", "data-field": "home-join", "value": self.join_text,
                               "placeholder": t("home.join_paste"), "autocomplete": "off", "spellcheck": "false",
                               "aria-invalid": "true" if error else None,
                               "aria-describedby": "home-join-error" if error else None}),
                   h("button", {"type": "button", "class": "button small", "data-act": "home:join",
                                "id": "home-join-go"}, t("home.join_go")),
                   h("a", {"class": "button quiet small", "href": "#/join", "id": "join-table"}, t("home.join_scan"))),
                 h("p", {"class": "error-text", "id": "home-join-error", "role": "alert"}, error) if error else None)

    def _phones(self):
        """Playing on several phones, as a guest: every seat this phone played at another phone's table, to open
        or forget (the ones under way are also at the top: ``_join_strip``)."""
        rows = []
        for table, record in self._guest_seats():
            title = game_title(record["game"])
            n = record["seat"] + 1
            over = record["update"].get("over") is True
            ended = record.get("ended")  # the host let this phone go: why, instead of when it was last played
            rows.append(h("li", {"class": ["save", "finished" if over else None], "key": f"guest-{table}"},
                          h("div", {"class": "save-info"},
                            h("strong", {}, _seat_words(record)),
                            h("span", {"class": "save-who"}, title),
                            h("span", {"class": "muted"}, t("home.seat_over") if over else
                              t(f"home.seat_ended.{ended}") if ended in ("bot", "here", "left") else
                              _ago(self.services.platform.now() - float(record.get("updated") or 0)))),
                          h("div", {"class": "save-actions"},
                            h("a", {"class": "button", "href": f"#/seat/{table}",
                                    "aria-label": t("home.seat_label", game=title, n=n)}, t("home.seat_open")),
                            h("button", {"type": "button", "class": "button quiet", "data-act": "home:forget-seat",
                                         "data-arg": table}, t("home.seat_forget")))))
        return h("section", {"class": "saves phones-home"},
                 h("h2", {}, t("home.phones")),
                 h("p", {"class": "muted"}, t("home.phones_help")),
                 h("ul", {"class": "save-list"}, rows) if rows else None)

    def _game_tile(self, game: str):
        return h(
            "article", {"class": ["game-tile", f"game-{game}"], "key": game},
            h("h2", {}, t(f"game.{game}.title")),
            h("p", {"class": "byline"}, t(f"game.{game}.byline")),
            h("p", {}, t(f"game.{game}.blurb")),
            h("div", {"class": "tile-actions"},
              h("a", {"class": "button primary", "href": f"#/{game}"}, t("home.new_game")),
              h("a", {"class": "button quiet", "href": f"#/rules/{game}"}, t("home.rules")),
              h("a", {"class": "button quiet", "href": f"#/tutorial/{game}"}, t("tut.learn"))
              if game in TUTORIAL_GAMES else None),
            self.daily.render(game),
        )

    def _saved_games(self):
        storage = h("p", {}, h("a", {"href": "#/storage", "id": "storage-link"}, t("storage.link")))
        if not self.saves:
            return h("section", {"class": "saves"}, h("h2", {}, t("home.saved")),
                     h("p", {"class": "muted"}, t("home.no_saves")), storage)
        rows = []
        results = finished_results(self.services.store, self.saves)
        for save in self.saves:
            title = game_title(save.game)  # a newer version's game: "a game this version does not know"
            who = t("home.seats_sep").join(_seat_name(i, s) for i, s in enumerate(save.seats))
            when = _ago(self.services.platform.now() - save.updated)
            status = results.get(save.id) or (t("home.finished") if save.finished else t("home.moves", n=save.moves))
            marks = daily_ui.save_marks(save)
            if marks:
                status = f"{marks} · {status}"
            if self.confirm_delete == save.id:
                actions = [
                    h("span", {"class": "confirm-text"}, t("home.delete_confirm")),
                    h("button", {"type": "button", "class": "button danger", "data-act": "home:delete-yes",
                                 "data-arg": save.id}, t("home.delete_yes")),
                    h("button", {"type": "button", "class": "button", "data-act": "home:delete-no"}, t("home.delete_no")),
                ]
            else:
                actions = [
                    h("a", {"class": "button primary", "href": f"#/play/{save.id}",
                            "aria-label": t("home.resume_label", game=title, who=who)},
                      t("home.view") if save.finished else t("home.resume")) if has_ui(save.game) else None,
                    h("button", {"type": "button", "class": "button quiet", "data-act": "home:delete", "data-arg": save.id,
                                 "aria-label": t("home.delete_label", game=title, who=who)},
                      t("home.delete")),
                ]
            rows.append(
                h("li", {"class": ["save", "finished" if save.finished else None], "key": save.id},
                  h("div", {"class": "save-info"},
                    h("strong", {}, title),
                    h("span", {"class": "save-who"}, who),
                    h("span", {"class": "muted"}, f"{status} · {when} · {t('home.seed')} {save.seed}")),
                  h("div", {"class": "save-actions"}, actions))
            )
        return h("section", {"class": "saves"}, h("h2", {}, t("home.saved")),
                 self._prune_offer(), h("ul", {"class": "save-list"}, rows), storage)

    def _prune_offer(self):
        if not self.old_finished:
            return None
        from junban.ui.screens.old_games import prune_offer

        return prune_offer(self.old_finished, self.confirm_prune)

    def handle(self, act: str, arg: str | None) -> None:
        if act == "daily:share" and arg:
            self.daily.share(arg)
        elif act == "home:delete":
            self.confirm_delete = arg
        elif act == "home:delete-no":
            self.confirm_delete = None
        elif act == "home:delete-yes" and arg:
            self.services.store.delete_save(arg)
            self.confirm_delete = None
            self._refresh()
            self.services.announce(t("home.deleted"))
        elif act == "home:forget-seat" and arg:
            self.services.store.delete_guest(arg)
        elif act == "home:join":
            self.join(self.join_text)
        elif act.startswith("prune:"):  # asking before old finished games go (screens/old_games.py)
            from junban.ui.screens.old_games import handle_prune

            self.confirm_prune = handle_prune(self.services, act)
            self._refresh()

    def field(self, name: str, value, final: bool) -> bool:
        if name != "home-join" or not isinstance(value, str):
            return False
        self.join_text = value[:2000]
        self.join_error = None
        if JOIN_LINK in value and pairing_token(value) is not None:
            self.join(value)  # a whole link pasted goes at once (a code alone waits for Join: it may be typed)
        return True

    def join(self, text: str) -> None:
        """The host's link or code, pasted: open it as the camera app would; else say why, under the box."""
        token = pairing_token(text)
        if token is None:
            self.join_error = t("home.join_not_code") if text.strip() else t("home.join_empty")
            self.services.focus_after_render("#home-join")
            return
        self.join_text, self.join_error = "", None
        self.services.go(f"#/join?p={token}")


def _ago(seconds: float) -> str:
    seconds = max(0, seconds)
    if seconds < 60:
        return t("time.just_now")
    if seconds < 3600:
        return t("time.minutes_ago", n=int(seconds // 60))
    if seconds < 86400:
        return t("time.hours_ago", n=int(seconds // 3600))
    return t("time.days_ago", n=int(seconds // 86400))


def _seat_words(record: dict) -> str:
    """A seat at another phone's table in words: "Your seat at Aiko's table" (else "23, seat 2")."""
    host, _ = guest_names(record)
    if host:
        return t("home.your_seat", host=host)
    return t("home.seat", game=game_title(record["game"]), n=record["seat"] + 1)


def _seat_name(seat: int, info: dict) -> str:
    """A saved game's seat as its table names it: a default name ("Player 1") in the language shown."""
    name = info.get("name")
    return default_name(name, seat, info.get("kind")) if isinstance(name, str) else "?"
