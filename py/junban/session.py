"""A game at a table: the log (game, config, seed, actions) plus who sits where (people and bots).

The state is always derived by replaying the log; ``to_record``/``from_record`` are what a save stores. Besides
the log a save keeps two optional facts about how the game is played: ``mode`` ("daily": today's counted daily
challenge; "practice": another play of a daily deal; "tutorial" / "tutorial-done": a first game that teaches,
running or over) and ``hints`` (how many hints the person took: a game with one is *assisted*). Saves written
before these existed have neither, and load as normal games without hints.
"""
from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass

from junban import bots as bot_registry
from junban.errors import ConfigError, JunbanError
from junban.games import GAME_MODULES, load_game
from junban.rng import SeedError, normalize_seed

NAME_MAX_LENGTH = 24
MAX_ACTIONS = 20000  # far above any real game; bounds what a save may ask us to replay
SAVE_SCHEMA = 1
MODES = ("daily", "practice", "tutorial", "tutorial-done")


@dataclass(frozen=True)
class Seat:
    kind: str  # "person" or "bot"
    name: str
    level: str | None = None  # bots only

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_json(self) -> dict:
        data = {"kind": self.kind, "name": self.name}
        if self.level is not None:
            data["level"] = self.level
        return data


def clean_name(raw: object, fallback: str) -> str:
    """A player name as typed: control characters dropped, spaces collapsed, at most 24 characters."""
    if not isinstance(raw, str):
        return fallback
    kept = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C")
    name = " ".join(kept.split())[:NAME_MAX_LENGTH]
    return name or fallback


def make_seats(game: str, raw_seats: object) -> list[Seat]:
    """Validate seats from setup, a link or a save. Raises ConfigError."""
    if not isinstance(raw_seats, list) or not raw_seats:
        raise ConfigError("the seats are missing", code="config.seats_missing")
    module = load_game(game)
    if len(raw_seats) not in module.SEATS:
        raise ConfigError(f"this game is for {module.SEATS.start} to {module.SEATS.stop - 1} seats",
                          code="config.seat_count", low=module.SEATS.start, high=module.SEATS.stop - 1)
    levels = bot_registry.bot_module(game).LEVELS
    seats = []
    for i, raw in enumerate(raw_seats):
        if not isinstance(raw, dict):
            raise ConfigError("a seat is not readable", code="config.seat_unreadable")
        kind = raw.get("kind")
        if kind == "person":
            seats.append(Seat("person", clean_name(raw.get("name"), f"Player {i + 1}")))
        elif kind == "bot":
            level = raw.get("level")
            if level not in levels:
                raise ConfigError(f"unknown bot level: {str(level)[:20]}", code="config.bot_level", level=str(level)[:20])
            seats.append(Seat("bot", clean_name(raw.get("name"), f"Bot {i + 1}"), level))
        else:
            raise ConfigError("a seat is either a person or a bot", code="config.seat_kind")
    return seats


class Session:
    """One game at one table. ``apply`` is the only way the game moves on."""

    def __init__(self, id: str, game: str, config: dict, seed: str, seats: list[Seat],
                 actions: list[dict] | None = None, created: float = 0.0, updated: float = 0.0,
                 mode: str | None = None, hints: int = 0):
        if game not in GAME_MODULES:
            raise ConfigError("unknown game", code="config.unknown_game")
        self.id = id
        self.game = game
        self.module = load_game(game)
        self.config = self.module.normalize_config(config)
        try:
            self.seed = normalize_seed(seed)
        except SeedError as err:
            raise ConfigError(str(err), code=err.code, **err.params) from None
        self.seats = seats
        self.mode = mode if mode in MODES else None
        self.hints = hints if type(hints) is int and 0 <= hints <= MAX_ACTIONS else 0
        self.players_check()
        self.created = created or time.time()
        self.updated = updated or self.created
        self.actions: list[dict] = []
        self.state = self.module.new_game(self.config, self.seed)
        self._bots: dict[int, object] = {}
        for action in actions or []:
            self.apply(action)

    def players_check(self) -> None:
        count = self.config.get("players")
        if count is not None and count != len(self.seats):
            raise ConfigError("the number of seats does not match the game", code="config.seat_mismatch")

    # -- the game

    @property
    def to_act(self) -> int | None:
        return self.module.to_act(self.state)

    @property
    def is_over(self) -> bool:
        return self.module.to_act(self.state) is None

    @property
    def outcome(self) -> dict | None:
        return self.module.outcome(self.state)

    def view(self, seat: int) -> dict:
        return self.module.view(self.state, seat)

    def legal_actions(self) -> list[dict]:
        return self.module.legal_actions(self.state)

    def apply(self, action: dict) -> None:
        """Apply an action and append it to the log; an illegal action raises and changes nothing."""
        if len(self.actions) >= MAX_ACTIONS:
            raise JunbanError("this game's log is too long")
        self.state = self.module.apply(self.state, action)
        self.actions.append(action)
        self.updated = time.time()

    def rewind(self, count: int) -> None:
        """Drop the last ``count`` actions from the log and replay (used by tests and tools, not by undo)."""
        keep = self.actions[: max(0, len(self.actions) - count)]
        self.state = self.module.new_game(self.config, self.seed)
        self.actions = []
        for action in keep:
            self.apply(action)

    @property
    def assisted(self) -> bool:
        """Did the person have help: a hint, a first game that teaches, or (solo science) the rule's hint shown?"""
        return self.hints > 0 or self.mode in ("tutorial", "tutorial-done") or self.config.get("show_hint") is True

    # -- seats

    def person_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.is_bot]

    def bot_to_act(self) -> bool:
        seat = self.to_act
        return seat is not None and self.seats[seat].is_bot

    def bot(self, seat: int):
        if seat not in self._bots:
            level = self.seats[seat].level
            self._bots[seat] = bot_registry.make_bot(self.game, level, self.seed, seat)
        return self._bots[seat]

    def bot_action(self) -> dict:
        """The action the bot in the seat to act chooses from its own view."""
        seat = self.to_act
        if seat is None or not self.seats[seat].is_bot:
            raise JunbanError("it is not a bot's turn")
        return self.bot(seat).act(self.view(seat))

    # -- saving

    def to_record(self) -> dict:
        return {
            "schema": SAVE_SCHEMA,
            "type": "save",
            "id": self.id,
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "actions": list(self.actions),
            "created": self.created,
            "updated": self.updated,
            "finished": self.is_over,
            **({"mode": self.mode} if self.mode else {}),
            **({"hints": self.hints} if self.hints else {}),
        }

    @classmethod
    def from_record(cls, record: dict) -> "Session":
        """Rebuild a session from a (migrated) save record; raises JunbanError if it cannot be replayed."""
        if not isinstance(record, dict):
            raise ConfigError("the save is not an object", code="save.not_object")
        game = record.get("game")
        if game not in GAME_MODULES:
            raise ConfigError("the save is of an unknown game", code="config.unknown_game")
        actions = record.get("actions")
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise ConfigError("the save's moves are not readable", code="save.moves")
        seats = make_seats(game, record.get("seats"))
        created = record.get("created")
        updated = record.get("updated")
        return cls(
            id=str(record.get("id", ""))[:40],
            game=game,
            config=record.get("config"),
            seed=record.get("seed"),
            seats=seats,
            actions=actions,
            created=float(created) if isinstance(created, (int, float)) else 0.0,
            updated=float(updated) if isinstance(updated, (int, float)) else 0.0,
            mode=record.get("mode"),
            hints=record.get("hints", 0),
        )
