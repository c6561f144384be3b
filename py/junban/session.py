"""A game at a table: the log (game, config, seed, actions) plus who sits where (people and bots).

The state is always derived by replaying the log; ``to_record``/``from_record`` are what a save stores.

**How long a log may grow.** ``MAX_ACTIONS`` bounds what a save may ask us to replay; real games stay far below it
(docs/storage.md measures them). Two things keep a game playable to its end even when someone pushes at the bound:

- *Folding.* A game may give its engine a ``position(state)``: what decides the rest of the game. When an action
  brings the table back to a position it had a few actions earlier (a pile marker set and cleared, a card played
  and taken back), those actions leave the log: the shortened log replays to exactly the state the table shows.
  So table talk toggled without end never lengthens the log.
- *The last stretch.* From ``LAST_STRETCH`` actions on, only actions the game's ``winds_down(action)`` accepts
  are taken (no markers, take-backs or passes): every game can still be brought to its end with those, in far
  fewer actions than remain. ``LONG_LOG`` is where the table starts saying so.
- *Table talk.* Actions the game's ``table_talk(action)`` names (The Game's pile markers: they change what is said,
  never a card) are taken at most ``TALK_RUN`` in a row; then a move must come first. A walk through more marker
  positions than folding remembers (81 of them, on 4 piles) could otherwise lengthen the log without end, and a
  phone at the table could do it on purpose. An action that folds the log back is always taken.

Besides the log a save keeps two optional facts about how the game is played: ``mode`` ("daily": today's counted
daily challenge; "practice": another play of a daily deal; "tutorial" / "tutorial-done": a first game that teaches,
running or over) and ``hints`` (how many hints the person took: a game with one is *assisted*). Saves written
before these existed have neither, and load as normal games without hints.
"""
from __future__ import annotations

import time
import unicodedata
from collections import deque
from dataclasses import dataclass

from junban import bots as bot_registry
from junban.errors import ConfigError, JunbanError, RuleViolation
from junban.games import GAME_MODULES, acting_seat, load_game, seat_actions, seats_to_act
from junban.rng import SeedError, normalize_seed

NAME_MAX_LENGTH = 24
MAX_ACTIONS = 20000  # far above any real game; bounds what a save may ask us to replay
MAX_HINTS = 20000  # hints a save may count (storage.SAVE); more are not counted (the game is assisted anyway)
LAST_STRETCH = MAX_ACTIONS - 1000  # from here only actions that wind the game down (more than any game needs)
LONG_LOG = MAX_ACTIONS - 2000  # from here the table warns that the log is nearly full
FOLD_WINDOW = 32  # how many recent positions an action may fold back to
TALK_RUN = 40  # table talk taken in a row (a turn of The Game's bots sets and clears at most 8 markers)
SAVE_SCHEMA = 1
MODES = ("daily", "practice", "tutorial", "tutorial-done")


class LogFull(RuleViolation):
    """The log is in its last stretch: only actions that bring the game to its end are taken now."""


class TalkLimit(RuleViolation):
    """``TALK_RUN`` actions of table talk in a row: a move comes first."""


@dataclass(frozen=True)
class Seat:
    kind: str  # "person" or "bot"
    name: str
    level: str | None = None  # a bot's; a person's seat keeps the level its bot had at this table (saved)
    phone: bool = False  # a person playing on their own phone, joined to this device (junban.net.host)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_json(self) -> dict:
        data = {"kind": self.kind, "name": self.name}
        if self.level is not None:
            data["level"] = self.level
        if self.phone:
            data["phone"] = True
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
        level = raw.get("level")
        if kind == "person":  # (its level: the bot level it had at this table, should a bot take it again)
            if level is not None and level not in levels:
                raise ConfigError(f"unknown bot level: {str(level)[:20]}", code="config.bot_level",
                                  level=str(level)[:20])
            seats.append(Seat("person", clean_name(raw.get("name"), f"Player {i + 1}"), level,
                              phone=raw.get("phone") is True))
        elif kind == "bot":
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
                 mode: str | None = None, hints: int = 0, private: bool = False,
                 standing: dict[int, str] | None = None):
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
        self.hints = hints if type(hints) is int and 0 <= hints <= MAX_HINTS else 0
        # Dealt from a secret seed for a table played on several phones (rng.secret_seed), never shown or shared
        # while the game runs; a table with phones whose deal is not private says its seed may be known.
        self.private = private is True
        # Seat -> the standing offer its phone sent (junban.net.host: after the host's page reloads it answers
        # this, one exchange per phone instead of two). Not part of the game: a way back, checked when used.
        self.standing = dict(standing or {})
        self.players_check()
        self.created = created or time.time()
        self.updated = updated or self.created
        self._bots: dict[int, object] = {}
        self._position = getattr(self.module, "position", None)
        self._restart()
        self.extend(actions or [])

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

    @property
    def seats_to_act(self) -> list[int]:
        """Every seat whose decision the game waits for (several at once in 23's discard; see junban.games)."""
        return seats_to_act(self.module, self.state)

    def may_act(self, seat: int | None) -> bool:
        return seat is not None and seat in self.seats_to_act

    def acting_seat(self, action: dict) -> int | None:
        """The seat ``action`` speaks for (the game's ``acting_seat``; else the seat to act)."""
        return acting_seat(self.module, self.state, action)

    def legal_actions(self, seat: int | None = None) -> list[dict]:
        """What the engine allows now (``seat``: only what that seat may do, none when it is not to act); in the
        log's last stretch, only what winds the game down; after ``TALK_RUN`` actions of table talk in a row, no
        more talk."""
        if seat is None:
            actions = self.module.legal_actions(self.state)
        else:
            actions = seat_actions(self.module, self.state, seat)
        if self.in_last_stretch():
            winding = [a for a in actions if self._winds_down(a)]
            actions = winding or actions  # never a table with nothing to do
        if self.talked_out():
            moves = [a for a in actions if not self._is_talk(a)]
            actions = moves or actions
        return actions

    def apply(self, action: dict) -> None:
        """Apply an action and append it to the log; an illegal action raises and changes nothing. An action that
        brings the table back to a recent position folds the actions since then out of the log."""
        state = self._next_state(action, live=True)
        key = self._position(state) if self._position else None
        earlier = self._seen.get(key) if key is not None else None
        if earlier is not None:
            self._fold_to(earlier)
        else:
            if self._is_talk(action) and self.talked_out():
                raise TalkLimit("that is a lot of table talk in a row: play a card or end the turn first",
                                code="session.talk_limit", n=TALK_RUN)
            self._append(action, state, key)
        self.updated = time.time()

    def extend(self, actions: list) -> None:
        """Append actions exactly as logged, without folding (a save being replayed, another tab's moves)."""
        for action in actions:
            state = self._next_state(action)
            self._append(action, state, self._position(state) if self._position else None)

    def rewind(self, count: int) -> None:
        """Drop the last ``count`` actions from the log and replay (used by tests and tools, not by undo)."""
        keep = self.actions[: max(0, len(self.actions) - count)]
        self._restart()
        self.extend(keep)

    def compact(self) -> int:
        """Replay the log folding every run that comes back to a recent position (a save written before folding
        existed); return how many actions left the log. The state shown stays the same position."""
        before = list(self.actions)
        self._restart()
        for action in before:
            self.apply(action)
        return len(before) - len(self.actions)

    def follow(self, theirs: list, may_shorten: bool = False) -> bool:
        """Take on another tab's log, changing nothing (False) if the two disagree. Taken: a log that only adds to
        ours; one that folded away a run ours ends with (ours came back to that position too), then adds; and,
        with ``may_shorten`` (all of ours is in storage, so the other tab saw it), a log cut back to a prefix of
        ours: only folding shortens a log."""
        ours = self.actions
        common = 0
        while common < min(len(ours), len(theirs)) and ours[common] == theirs[common]:
            common += 1
        saved = (list(ours), self.state, deque(self._window), dict(self._seen))
        if common < len(ours):
            entry = next((e for e in self._window if e[0] == common), None)
            if entry is not None and self._position is not None and entry[1] == self._position(self.state):
                self._fold_to(common)
            elif may_shorten and common == len(theirs):
                self.rewind(len(ours) - common)
                return True
            else:
                return False
        try:
            self.extend(theirs[common:])
        except JunbanError:
            self.actions, self.state, self._window, self._seen = saved
            return False
        return True

    def in_last_stretch(self) -> bool:
        return len(self.actions) >= LAST_STRETCH

    def room_left(self) -> int:
        """Actions this log may still take before its last stretch."""
        return max(0, LAST_STRETCH - len(self.actions))

    def talked_out(self) -> bool:
        """Have the last ``TALK_RUN`` actions of the log all been table talk?"""
        if not hasattr(self.module, "table_talk") or len(self.actions) < TALK_RUN:
            return False
        return all(self._is_talk(a) for a in self.actions[-TALK_RUN:])

    def _is_talk(self, action: dict) -> bool:
        check = getattr(self.module, "table_talk", None)
        return check is not None and bool(check(action))

    def _winds_down(self, action: dict) -> bool:
        check = getattr(self.module, "winds_down", None)
        return True if check is None else bool(check(action))

    def _next_state(self, action: dict, live: bool = False):
        """The state after ``action``. A live action in the last stretch must wind the game down (when the game
        offers any such action); a log being replayed is taken as it is, up to MAX_ACTIONS."""
        if len(self.actions) >= MAX_ACTIONS or (
                live and self.in_last_stretch() and not self._winds_down(action)
                and any(self._winds_down(a) for a in self.module.legal_actions(self.state))):
            raise LogFull("this game's log is nearly full: only moves that bring the game to its end are "
                          "allowed now", code="session.log_full")
        return self.module.apply(self.state, action)

    def _restart(self) -> None:
        self.actions: list[dict] = []
        self.state = self.module.new_game(self.config, self.seed)
        # The last FOLD_WINDOW positions: (log length, position, state), and each position's log length.
        self._window: deque = deque()
        self._seen: dict = {}
        if self._position:
            self._remember(0, self._position(self.state), self.state)

    def _append(self, action: dict, state, key) -> None:
        self.actions.append(action)
        self.state = state
        if key is not None:
            self._remember(len(self.actions), key, state)

    def _remember(self, length: int, key, state) -> None:
        self._window.append((length, key, state))
        self._seen[key] = length
        if len(self._window) > FOLD_WINDOW:
            old_length, old_key, _ = self._window.popleft()
            if self._seen.get(old_key) == old_length:
                del self._seen[old_key]

    def _fold_to(self, length: int) -> None:
        """Cut the log back to ``length`` actions and take the state it had then (the replay of the shorter log)."""
        while self._window and self._window[-1][0] > length:
            self._window.pop()
        self._seen = {key: at for at, key, _ in self._window}
        del self.actions[length:]
        self.state = self._window[-1][2]

    @property
    def assisted(self) -> bool:
        """Did the person have help: a hint, a first game that teaches, or (solo science) the rule's hint shown?"""
        return self.hints > 0 or self.mode in ("tutorial", "tutorial-done") or self.config.get("show_hint") is True

    # -- seats

    def person_seats(self) -> list[int]:
        """The seats of the people at this device (not bots, not a person playing on their own phone)."""
        return [i for i, seat in enumerate(self.seats) if not seat.is_bot and not seat.phone]

    def phone_seats(self) -> list[int]:
        """The seats played on other phones, joined to this device (``junban.net.host``)."""
        return [i for i, seat in enumerate(self.seats) if seat.phone]

    def bot_to_act(self) -> bool:
        return self.bot_seat() is not None

    def bot_seat(self) -> int | None:
        """The first bot seat whose decision the game waits for (bots act one at a time, in seat order)."""
        return next((seat for seat in self.seats_to_act if self.seats[seat].is_bot), None)

    @property
    def bot_seed(self) -> str:
        """The seed the bots of this deal get (one way from the deal's: no key to the hidden cards). It stays at
        this device: a phone at the table is never sent it (its hints get a seed of their own)."""
        return bot_registry.bot_seed(self.game, self.seed)

    @property
    def hint_seed(self) -> str:
        """The seed of the bot that gives a person at this device a hint (the bots' own)."""
        return self.bot_seed

    def bot(self, seat: int):
        if seat not in self._bots:
            level = self.seats[seat].level
            self._bots[seat] = bot_registry.make_bot(self.game, level, self.seed, seat)
        return self._bots[seat]

    def forget_bots(self, seats) -> None:
        """These seats changed hands (``ui.parts.phones.switch``): a bot made for one before is not kept."""
        for seat in seats:
            self._bots.pop(seat, None)

    def bot_action(self) -> dict:
        """The action the bot in ``bot_seat`` chooses from its own view."""
        seat = self.bot_seat()
        if seat is None:
            raise JunbanError("it is not a bot's turn")
        return self.bot_action_from(self.bot(seat).act(self.view(seat)), seat)

    def bot_request(self) -> dict:
        """What the bot in ``bot_seat`` needs to choose its action elsewhere (``junban.thinking``: a worker)."""
        from junban.thinking import bot_request

        seat = self.bot_seat()
        if seat is None:
            raise JunbanError("it is not a bot's turn")
        return bot_request(self.game, self.seats[seat].level, self.bot_seed, seat, self.view(seat))

    def bot_action_from(self, action: dict, seat: int) -> dict:
        """The action the bot in ``seat`` chose, as the table plays it (table talk the log no longer takes
        becomes a legal move)."""
        legal = self.legal_actions(seat)
        if (self.in_last_stretch() and action not in legal and not self._winds_down(action)) or \
                (self._is_talk(action) and self.talked_out()):
            return legal[0]  # the bot wanted table talk the log no longer takes now
        return action

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
            **({"private": True} if self.private else {}),
            **({"standing": [{"seat": seat, "code": code} for seat, code in sorted(self.standing.items())]}
               if self.standing else {}),
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
            private=record.get("private") is True,
            standing=_standing_of(record.get("standing")),
        )


def _standing_of(items: object) -> dict[int, str]:
    """A save's ``standing`` (its phones' standing offers: [{seat, code}]) as seat -> code; what is not one, left out
    (the storage layer checks the shape; each code is checked again when it is used)."""
    if not isinstance(items, list):
        return {}
    return {item["seat"]: item["code"] for item in items
            if isinstance(item, dict) and type(item.get("seat")) is int and isinstance(item.get("code"), str)}
