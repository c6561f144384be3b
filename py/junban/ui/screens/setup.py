"""Setup of a new game: first what a player chooses (how many players, which seats are bots and their level,
the game's variants), then, folded under "More", the deal's seed (the same seed deals the same cards anywhere).
Start opens the table in place of the setup, so Back from the table leads home, not to a second copy."""
from __future__ import annotations

from junban import bots as bot_registry
from junban.errors import JunbanError
from junban.games import load_game
from junban.rng import SEED_MAX_LENGTH, normalize_seed, random_seed, secret_seed
from junban.session import NAME_MAX_LENGTH, Seat, clean_name
from junban.ui import i18n
from junban.ui.games import game_ui
from junban.ui.dom import h
from junban.ui.parts.icons import phone_icon
from junban.ui.i18n import error_text, t

i18n.register("phones")


class SetupScreen:
    def __init__(self, services, game: str, preset=None):
        self.services = services
        self.game = game
        self.module = load_game(game)
        self.ui = game_ui(game)
        self.levels = bot_registry.bot_module(game).LEVELS
        self.default_level = bot_registry.bot_module(game).DEFAULT_LEVEL
        players = preset.players if preset else self.ui.DEFAULT_PLAYERS
        bots = preset.bots if preset else self.ui.DEFAULT_BOTS
        level = (preset.level if preset else None) or self.default_level
        self.seats = [seat.to_json() for seat in services.default_seats(game, players, min(bots, players), level)]
        self.config = dict(preset.config) if preset else self.ui.default_config(players)
        self.seed = preset.seed if preset and preset.seed else random_seed()
        # A seed from a link, the daily deal or typed is known to others; one this screen drew is not, and a table
        # with phones then deals from a secret seed instead (the seed shown here could be searched).
        self.seed_known = bool(preset and preset.seed)
        self.seed_error: str | None = None
        self.error: str | None = None
        self.offer_tutorial = services.first_visit(game)

    @property
    def title(self) -> str:
        return t("setup.title", game=t(f"game.{self.game}.title"))

    @property
    def players(self) -> int:
        return len(self.seats)

    # ------------------------------------------------------------------ render

    def render(self):
        seats = self.module.SEATS
        solo = len(seats) == 1 and self.players == 1  # a game for one: no count to choose, one seat to name
        return h(
            "form", {"class": "setup", "data-submit": "setup:start", "novalidate": True},
            h("h1", {}, self.title),
            h("p", {"class": "tutorial-offer", "id": "tutorial-offer"},
              h("span", {}, t("tut.offer", game=t(f"game.{self.game}.title"))), " ",
              h("a", {"class": "button primary small", "href": f"#/tutorial/{self.game}"}, t("tut.offer.play")))
            if self.offer_tutorial else None,
            h("fieldset", {"class": "group"},
              h("legend", {}, t("setup.player" if solo else "setup.players")),
              None if solo else
              h("div", {"class": "segmented", "role": "group", "aria-label": t("setup.players")},
                [h("button", {"type": "button", "class": "seg", "data-act": "setup:players", "data-arg": str(n),
                              "aria-pressed": "true" if n == self.players else "false",
                              "aria-label": t("setup.players_n", n=n), "key": n}, str(n))
                 for n in seats]),
              h("ol", {"class": "seat-list"}, [self._seat_row(i, seat) for i, seat in enumerate(self.seats)]),
              self._phones_line()),
            self.ui.setup_options(self),
            h("details", {"class": "group more", "open": True if self.seed_error else None, "id": "setup-more"},
              h("summary", {}, t("setup.more")),
              h("label", {"for": "seed", "class": "field-label"}, t("setup.seed")),
              h("div", {"class": "row"},
                h("input", {"id": "seed", "type": "text", "value": self.seed, "data-field": "seed",
                            "maxlength": SEED_MAX_LENGTH, "autocomplete": "off", "spellcheck": "false",
                            "aria-describedby": "seed-help", "aria-invalid": "true" if self.seed_error else None}),
                h("button", {"type": "button", "class": "button", "data-act": "setup:new-seed"}, t("setup.new_seed")),
                h("button", {"type": "button", "class": "button", "data-act": "setup:daily"}, t("setup.daily"))),
              h("p", {"id": "seed-help", "class": ["help", "error-text" if self.seed_error else None]},
                self.seed_error or t("setup.seed_help"))),
            h("p", {"class": "error-text", "role": "alert"}, self.error) if self.error else None,
            h("div", {"class": "actions action-bar"},
              h("button", {"type": "submit", "class": "button primary big", "id": "start"}, t("setup.start")),
              h("a", {"class": "button quiet", "href": "#/"}, t("setup.cancel"))),
        )

    @property
    def phones_allowed(self) -> bool:
        """A seat may be played on another phone at a table of several (junban.net): not in a game for one."""
        from junban.net.protocol import GAMES

        return self.game in GAMES and self.players > 1

    def _phones_line(self):
        """Play on several phones: a button that makes the friends' seats phone seats, and what it needs."""
        from junban.net.protocol import GAMES

        if self.game not in GAMES:
            return None
        if any(s.get("phone") for s in self.seats):
            return [h("p", {"class": "help phones-help"}, t("setup.phone_help")),
                    h("p", {"class": "help phones-deal", "id": "phones-deal"},
                      t("setup.phone_known_deal") if self.seed_known else t("setup.phone_secret_deal"))]
        return h("p", {"class": "phones-offer"},
                 h("button", {"type": "button", "class": "button small", "data-act": "setup:phones",
                              "id": "play-on-phones"}, phone_icon(), " ", t("setup.phones_button")))

    def _seat_row(self, i: int, seat: dict):
        is_bot = seat["kind"] == "bot"
        kind = "phone" if seat.get("phone") else seat["kind"]
        label = t("setup.seat", n=i + 1)
        choices = [("person", t("setup.here") if self.phones_allowed else t("setup.person"))]
        if self.phones_allowed:
            choices.append(("phone", t("setup.phone")))
        choices.append(("bot", t("setup.bot")))
        kind_toggle = h(
            "div", {"class": "segmented small", "role": "group", "aria-label": t("setup.seat_kind", seat=label)},
            [h("button", {"type": "button", "class": "seg", "data-act": "setup:kind", "data-arg": f"{i}:{name}",
                          "aria-pressed": "true" if kind == name else "false", "key": name}, word)
             for name, word in choices])
        if is_bot:
            detail = h("select", {"data-field": f"level-{i}", "aria-label": t("setup.level_of", seat=label),
                                  "value": seat["level"]},
                       [h("option", {"value": lvl, "selected": lvl == seat["level"], "key": lvl}, t(f"level.{lvl}"))
                        for lvl in self.levels])
        else:
            detail = h("input", {"type": "text", "value": seat["name"], "data-field": f"name-{i}",
                                 "maxlength": NAME_MAX_LENGTH, "aria-label": t("setup.name_of", seat=label),
                                 "autocomplete": "off"})
        return h("li", {"class": "seat-row", "key": i}, h("span", {"class": "seat-label"}, label), kind_toggle, detail)

    # ------------------------------------------------------------------ input

    def handle(self, act: str, arg: str | None) -> None:
        if act == "setup:players" and arg and arg.isdigit():
            self._set_players(int(arg))
        elif act == "setup:kind" and arg:
            index, _, kind = arg.partition(":")
            if index.isdigit() and int(index) < self.players and kind in ("person", "phone", "bot"):
                i = int(index)
                if kind == "bot":
                    self.seats[i] = {"kind": "bot", "name": t("seat.bot", n=i + 1), "level": self.default_level}
                elif kind == "phone" and self.phones_allowed:
                    self.seats[i] = {"kind": "person", "name": self.services.person_name(i), "phone": True}
                else:
                    self.seats[i] = {"kind": "person", "name": self.services.person_name(i)}
        elif act == "setup:phones":
            self.play_on_phones()
        elif act == "setup:new-seed":
            self.seed, self.seed_error, self.seed_known = random_seed(), None, False
        elif act == "setup:daily":
            self.seed, self.seed_error, self.seed_known = self.services.platform.today(), None, True
        elif act == "setup:start":
            self.start()
        else:
            self.ui.setup_handle(self, act, arg)

    def field(self, name: str, value, final: bool) -> bool:
        if name == "seed":
            typed = str(value)[:SEED_MAX_LENGTH]
            self.seed_known = self.seed_known or typed.strip() != self.seed.strip()
            self.seed = typed
            try:
                normalize_seed(self.seed)
                self.seed_error = None
            except ValueError as err:
                self.seed_error = t("setup.seed_bad", reason=error_text(err))
            return True
        if name.startswith("name-") and name[5:].isdigit():
            i = int(name[5:])
            if i < self.players and self.seats[i]["kind"] == "person":
                self.seats[i]["name"] = str(value)[:NAME_MAX_LENGTH]
            # the input already shows it while it is typed; once it is done (change), what names the seats (who
            # deals or starts first) is drawn again with it
            return final
        if name.startswith("level-") and name[6:].isdigit():
            i = int(name[6:])
            if i < self.players and value in self.levels:
                self.seats[i]["level"] = value
            return True
        return self.ui.setup_field(self, name, value)

    def _set_players(self, n: int) -> None:
        if n not in self.module.SEATS:
            return
        while len(self.seats) < n:
            i = len(self.seats)
            # New seats are bots when there already is a person; a table of one person plus bots is the usual one.
            if any(s["kind"] == "person" for s in self.seats):
                self.seats.append({"kind": "bot", "name": t("seat.bot", n=i + 1), "level": self.default_level})
            else:
                self.seats.append({"kind": "person", "name": self.services.person_name(i)})
        del self.seats[n:]
        self.config = self.ui.adjust_config(self.config, n)

    def seat_names(self) -> list[str]:
        """The seats' names as the table will show them (a name left blank is "Player N")."""
        return [seat.name for seat in self.seat_objects()]

    def seat_objects(self) -> list[Seat]:
        seats = []
        for i, s in enumerate(self.seats):
            if s["kind"] == "bot":
                seats.append(Seat("bot", t("seat.bot", n=i + 1), s["level"]))
            else:
                seats.append(Seat("person", clean_name(s["name"], t("seat.person", n=i + 1)),
                                  phone=bool(s.get("phone")) and self.phones_allowed))
        return seats

    def play_on_phones(self) -> None:
        """"Play on several phones": every person's seat but the first is played on its own phone (a table of
        one person gets a second seat for a friend first)."""
        if self.players == 1 and 2 in self.module.SEATS:
            self._set_players(2)
            self.seats[1] = {"kind": "person", "name": self.services.person_name(1)}
        if not self.phones_allowed:
            return
        people = [i for i, s in enumerate(self.seats) if s["kind"] == "person"]
        if len(people) < 2:  # one person and bots: the next seat becomes a friend's phone
            i = next((j for j in range(self.players) if j not in people), None)
            if i is None:
                return
            people.append(i)
        for i in people[1:]:
            self.seats[i] = {"kind": "person", "name": self.services.person_name(i), "phone": True}
        self.services.announce(t("setup.phone_help"))

    def start(self) -> None:
        try:
            seed = normalize_seed(self.seed)
        except ValueError as err:
            self.seed_error = t("setup.seed_bad", reason=error_text(err))
            self.services.focus_after_render("#seed")
            return
        seats = self.seat_objects()
        names = [s.name for s in seats if not s.is_bot]
        if names:
            self.services.set_setting("names", names)
        try:
            config = self.module.normalize_config(self.ui.setup_config(self))
        except JunbanError as err:
            self.error = error_text(err)
            return
        private = any(s.phone for s in seats) and not self.seed_known
        if private:  # the friends' phones must not be able to search the seed: a secret one (rng.secret_seed)
            seed = secret_seed()
        session = self.services.create_session(self.game, config, seed, seats, private=private)
        if session is not None:
            self.services.show_new_table(session)
