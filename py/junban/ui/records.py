"""Stored records in words for notices and the Storage screen: "a saved game of The Game from 23 Nov".

Nothing read from storage reaches a notice as it is: a record is named by its kind, its game's title from our own
catalog and a date; a reason is our own text, with anything it quotes stripped of control and direction marks and
cut short. So a notice is bounded in length and reads the same way in any script.
"""
from __future__ import annotations

import time
import unicodedata

from junban.games import GAME_MODULES
from junban.storage import UNKNOWN_GAME, Problem, RecordName, UnreadableRecord
from junban.ui.i18n import error_text, t

MAX_FRAGMENT = 160  # characters of any text quoted from outside (an engine message about a save, a name)
QUOTA_CHARS = 5_000_000  # about what browsers let one site keep in localStorage


def plain(text: object, limit: int = MAX_FRAGMENT) -> str:
    """Text safe to quote: no control, format or direction characters (an RLM would turn a line around), at most
    ``limit`` characters."""
    kept = "".join(ch for ch in str(text) if unicodedata.category(ch)[0] != "C")
    return kept if len(kept) <= limit else kept[: limit - 1] + "…"


def game_title(slug: object) -> str:
    """A game's title, or "a game this version does not know"."""
    return t(f"game.{slug}.title") if isinstance(slug, str) and slug in GAME_MODULES else t("game.unknown")


def guest_names(record: dict) -> tuple[str | None, str | None]:
    """A seat this phone plays at another phone's table, named from the record it keeps of it (storage
    ``junban.guest.<table>``): (the host — the first person seated at the host's own device —, this seat); None
    where the record does not say."""
    from junban.ui.i18n import default_name

    welcome = record.get("welcome") if isinstance(record, dict) else None
    seats = welcome.get("seats") if isinstance(welcome, dict) else None
    if not isinstance(seats, list):
        return None, None

    def name(index: int) -> str | None:
        seat = seats[index] if 0 <= index < len(seats) else None
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            return None
        return plain(default_name(seat["name"], index, seat.get("kind")), 40)

    host = next((i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "person"
                 and not s.get("phone")), None)
    seat = record.get("seat")
    return (name(host) if host is not None else None), (name(seat) if type(seat) is int else None)


def date_words(seconds: float, now: float | None = None) -> str:
    """A short local date ("23 Nov"; with the year when it is not this year's)."""
    when = time.localtime(seconds)
    this_year = time.localtime(now if now is not None else time.time()).tm_year
    month = t("date.months").split()[when.tm_mon - 1]
    if when.tm_year == this_year:
        return t("date.day_month", day=when.tm_mday, month=month)
    return t("date.day_month_year", day=when.tm_mday, month=month, year=when.tm_year)


def record_words(what: RecordName, now: float | None = None) -> str:
    if what.kind != "save":
        return t(f"record.{what.kind}")
    if what.game is None:
        return t("record.save")
    date = None if what.when is None else date_words(what.when, now)
    if what.game == UNKNOWN_GAME:
        return t("record.save.unknown") if date is None else t("record.save.unknown_date", date=date)
    game = game_title(what.game)
    return t("record.save.game", game=game) if date is None else t("record.save.game_date", game=game, date=date)


def reason_words(reason: Exception) -> str:
    """What is wrong with a record (or a file, or a link), in the person's language: a save's replay failure in
    the engine's words, a link's game by its own problem."""
    cause = getattr(reason, "cause", None)
    inner = getattr(reason, "params", {}).get("problem")
    if getattr(reason, "code", None) == "record.replay" and cause is not None:
        return plain(t("err.record.replay", reason=error_text(cause)))
    if isinstance(inner, UnreadableRecord):
        return plain(t(f"err.{reason.code}", reason=reason_words(inner)))
    return plain(error_text(reason))


def problem_notice(problem: Problem, now: float | None = None) -> str:
    record = record_words(problem.what, now)
    if problem.reason.code == "record.standing":  # only the phones' ways back were dropped: the game opens
        return t("storage.standing_dropped", record=record)
    key = "storage.kept_aside" if problem.backup_key else "storage.left_in_place"
    return t(key, record=record, reason=reason_words(problem.reason))


def log_notice(session) -> tuple[str, str] | None:
    """(stage, text) to say about a game's log once it is long (see junban.session): stage ``long`` before the
    last stretch, ``last`` in it; None while the log is short or the game is over."""
    from junban.session import LAST_STRETCH, LONG_LOG, MAX_ACTIONS

    moves = len(session.actions)
    if session.is_over or moves < LONG_LOG:
        return None
    if moves >= LAST_STRETCH:
        return "last", t("storage.log_last_stretch", n=moves)
    return "long", t("storage.log_long", n=moves, max=MAX_ACTIONS, stretch=LAST_STRETCH)


def finished_results(store, saves) -> dict:
    """Save id -> a finished saved game's result in words ("✕ Lost · 12 cards left"), from its entry in the history
    (the save is not replayed); a game whose result is not in the history is not in it."""
    from junban.ui.daily_ui import history_text

    finished = {s.id for s in saves if s.finished}
    if not finished:
        return {}
    return {e["id"]: history_text(e) for e in store.history() if e["id"] in finished and e["game"] in GAME_MODULES}


def size_words(chars: int) -> str:
    """A size as people read one (a character counted as a byte, as the quota is counted)."""
    if chars < 1_000_000:
        return t("size.kb", n=max(1, round(chars / 1000)) if chars else 0)
    return t("size.mb", n=f"{chars / 1_000_000:.1f}".removesuffix(".0"))
