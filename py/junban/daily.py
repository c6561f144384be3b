"""The daily challenge: one deal per game per day (the date is the seed: ``junban.games.DAILY_DEALS``), of which
only the first attempt counts.

- **Which deal is a daily one.** A game is a daily deal of date D when its game, config and seats (people first,
  bots of the daily level last; names do not matter) are those of the daily link with seed D.
- **The counted attempt.** The first game of today's daily deal that has a move is today's attempt; any other game
  of a daily deal (a replay, a second copy, an old day's deal) is *practice*. ``mode_for`` says which, when a game is
  created; ``note_started`` records the attempt once its first move is saved.
- **The record** (``junban.daily`` in storage, of the shape ``junban.storage.DAY``): per game and date, the save of
  the counted attempt and, once it is over, its result (won, perfect, score, place), whether it was assisted, and
  the squares of the share text. It travels with the export file and with a game sent as a link (``merge_days``):
  a day has one counted attempt on every device.
- **The streak**: the days in a row whose counted attempt was finished (won or lost, as Wordle counts days
  played to the end), up to today (or up to yesterday while today's is not finished yet).
- **The share text** gives the result without spoiling the deal: squares for what happened (The Game: one per turn;
  23 and Eleusis: one per move of yours, by round; solo science: one per play and guess), never a card.

Pure Python; the engine is loaded only to replay a finished game into its squares.
"""
from __future__ import annotations

import re
from datetime import date as Date
from datetime import timedelta

from junban.games import DAILY_DEALS, load_game
from junban.storage import MAX_DAYS, MAX_GRID

DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
ROW = 10  # squares per line in The Game's share text
RESULT_FIELDS = ("won", "perfect", "score", "place", "players")


def is_date(text: object) -> bool:
    if not isinstance(text, str) or not DATE.match(text):
        return False
    try:
        Date.fromisoformat(text)
    except ValueError:
        return False
    return True


def daily_setup(game: str, day: str):
    """The daily deal of ``game`` on ``day`` as a link would set it up (None: the game has no daily deal)."""
    from junban import links

    params = DAILY_DEALS.get(game)
    if params is None or not is_date(day):
        return None
    return links.setup_from_params(game, dict(params, seed=day))


def seat_shape(seats) -> list[tuple[str, str | None]]:
    """What a table's seats are, names aside: (kind, bot level) per seat."""
    return [(s.kind, s.level if s.is_bot else None) for s in seats]


def link_shape(setup) -> list[tuple[str, str | None]]:
    """The seats a link gives: people first, then its bots."""
    people = setup.players - setup.bots
    return [("person", None)] * people + [("bot", setup.level)] * setup.bots


def daily_date(game: str, config: dict, seed: str, seats) -> str | None:
    """The date whose daily deal this game is, or None."""
    if not is_date(seed):
        return None
    setup = daily_setup(game, seed)
    if setup is None or setup.config != config or link_shape(setup) != seat_shape(seats):
        return None
    return seed


def attempt(days: list[dict], game: str, day: str) -> dict | None:
    for entry in days:
        if entry["game"] == game and entry["date"] == day:
            return entry
    return None


def mode_for(game: str, config: dict, seed: str, seats, today: str, days: list[dict]) -> str | None:
    """A new game's mode: "daily" (today's deal, not attempted yet), "practice" (any other daily deal), None."""
    day = daily_date(game, config, seed, seats)
    if day is None:
        return None
    return "daily" if day == today and attempt(days, game, day) is None else "practice"


def note_started(days: list[dict], game: str, day: str, save_id: str,
                 assisted: bool = False) -> tuple[list[dict], bool]:
    """Record ``save_id`` as the attempt of (game, day) unless one is recorded already. Returns the days and
    whether this save is the counted attempt."""
    found = attempt(days, game, day)
    if found is not None:
        return days, found["save"] == save_id
    entry = {"game": game, "date": day, "save": save_id, "finished": False, "assisted": bool(assisted), "grid": ""}
    return (days + [entry])[-MAX_DAYS:], True


def note_finished(days: list[dict], game: str, day: str, save_id: str, result: dict, assisted: bool,
                  grid: str) -> list[dict]:
    """The counted attempt is over: keep its result (``result``: won, perfect, score, place, players)."""
    out = []
    for entry in days:
        if entry["game"] == game and entry["date"] == day and entry["save"] == save_id:
            entry = dict(entry, finished=True, assisted=bool(assisted), grid=grid[:MAX_GRID],
                         **{k: result.get(k) for k in RESULT_FIELDS})
        out.append(entry)
    return out


def note_assisted(days: list[dict], game: str, day: str, save_id: str) -> list[dict]:
    return [dict(e, assisted=True) if (e["game"], e["date"], e["save"]) == (game, day, save_id) else e for e in days]


def streak(days: list[dict], game: str, today: str) -> int:
    """Days in a row whose counted attempt of ``game`` was finished, ending today (or yesterday, while today's is
    not finished yet: started or not, it may still keep the streak)."""
    played = {e["date"] for e in days if e["game"] == game and e["finished"]}
    if not is_date(today):
        return 0
    day = Date.fromisoformat(today)
    if day.isoformat() not in played:
        day -= timedelta(days=1)
    count = 0
    while day.isoformat() in played:
        count += 1
        day -= timedelta(days=1)
    return count


def merge_days(ours: list[dict], theirs: list[dict]) -> tuple[list[dict], int, int]:
    """Days of the daily record from another device (a file, a game sent as a link) merged into ours: a day not
    here is added; the same attempt (the same save) takes whatever the other device knows more of (its result,
    assisted); a day whose counted attempt here is another game keeps ours — an import never doubles a counted
    attempt. Returns (days, days added, days where ours was kept)."""
    days = list(ours)
    added = kept = 0
    for day in theirs:
        here = attempt(days, day["game"], day["date"])
        if here is None:
            days.append(day)
            added += 1
        elif here["save"] != day["save"]:
            kept += 1
        else:
            merged = dict(here, assisted=here["assisted"] or day["assisted"])
            if day["finished"] and not here["finished"]:
                merged.update({k: v for k, v in day.items() if k not in ("game", "date", "save", "assisted")})
            if merged != here:
                days[days.index(here)] = merged
    days.sort(key=lambda d: d["date"])
    return days[-MAX_DAYS:], added, kept


def day_of(days: list[dict], record: dict) -> dict | None:
    """The daily record's day whose counted attempt is this save, if it is one."""
    found = attempt(days, record["game"], record["seed"]) if is_date(record["seed"]) else None
    return found if found is not None and found["save"] == record["id"] else None


def mode_here(days: list[dict], record: dict) -> str | None:
    """A save's mode on this device: a daily deal's game is today's ("daily") only where the daily record counts
    it; another copy of it is practice."""
    mode = record.get("mode")
    if mode not in ("daily", "practice"):
        return mode
    return "daily" if day_of(days, record) is not None else "practice"


# ---------------------------------------------------------------------- the share text's squares


def result_of(game: str, outcome: dict, seat: int, players: int) -> dict:
    """The result the daily keeps: won, perfect, score (the game's own number), place (None for The Game)."""
    if game == "the-game":
        return {"won": outcome["result"] in ("win", "perfect"), "perfect": outcome["result"] == "perfect",
                "score": outcome["left"], "place": None, "players": players}
    if game == "23":
        return {"won": seat in outcome["winners"], "perfect": outcome["totals"][seat] == 0,
                "score": outcome["totals"][seat], "place": outcome["places"][seat], "players": players}
    if game == "eleusis":
        totals = outcome["totals"]
        return {"won": seat in outcome["winners"], "perfect": False, "score": totals[seat],
                "place": 1 + sum(1 for t in totals if t > totals[seat]), "players": players}
    return {"won": outcome["solved"], "perfect": outcome["solved"] and outcome["wrong_guesses"] == 0,
            "score": outcome["score"], "place": None, "players": players}


def grid(game: str, config: dict, seed: str, actions: list[dict], seat: int) -> str:
    """The squares of a finished game's share text (no card, no rule: nothing that spoils the deal)."""
    return {"the-game": _the_game_grid, "23": _twenty_three_grid, "eleusis": _eleusis_grid,
            "eleusis-science": _science_grid}[game](load_game(game), config, seed, actions, seat)[:MAX_GRID]


# What each square of a game's share text means, in the order a legend lists them (``legend``; the UI words them).
SQUARES = {
    "the-game": (("🟩", "minimum"), ("🟦", "more"), ("⭐", "all"), ("🟥", "stuck"), ("🔥", "fire")),
    "23": (("🟩", "free"), ("🟨", "penalty"), ("🟪", "bonus"), ("⭐", "out"), ("⬜", "pass"), ("🟧", "force"),
           ("🟥", "drop")),
    "eleusis": (("🟩", "right"), ("🟥", "wrong"), ("⬜", "no_play"), ("⬛", "no_play_wrong"), ("🔮", "prophet"),
                ("🎩", "dealer")),
    "eleusis-science": (("🟩", "right"), ("🟥", "wrong"), ("🎯", "guess"), ("❌", "guess_wrong"), ("🏳", "give_up")),
}


def legend(game: str, squares: str) -> list[tuple[str, str]]:
    """The squares that ``squares`` (a share text's grid) holds, with their names, in the game's legend order."""
    return [(square, name) for square, name in SQUARES.get(game, ()) if square in squares]


def _rows(squares: list[str], width: int = ROW) -> str:
    return "\n".join("".join(squares[i:i + width]) for i in range(0, len(squares), width))


def _the_game_grid(module, config, seed, actions, seat) -> str:
    """One square a turn: 🟩 the minimum, 🟦 more; the last: ⭐ all cards played, 🟥 stuck, 🔥 a fire burned."""
    state = module.new_game(config, seed)
    squares = []
    for action in actions:
        if "end_turn" in action:
            view = module.view(state, 0)
            squares.append("🟩" if len(view["played_this_turn"]) <= view["minimum"] else "🟦")
        state = module.apply(state, action)
    outcome = module.outcome(state) or {}
    squares.append({"all-played": "⭐", "stuck": "🟥"}.get(outcome.get("reason"), "🔥"))
    return _rows(squares)


def _twenty_three_grid(module, config, seed, actions, seat) -> str:
    """A line per round, a square per move of yours: 🟩 a free play, 🟨 one that cost chips, 🟪 with bonus chips,
    ⭐ going out, ⬜ a pass, 🟧 pass and force, 🟥 dropping out."""
    state = module.new_game(config, seed)
    for action in actions:
        state = module.apply(state, action)
    lines: dict[int, list[str]] = {}
    for entry in module.view(state, seat)["log"]:
        if entry.get("seat") != seat:
            continue
        event = entry["event"]
        if event == "play":
            square = "⭐" if entry["out"] else "🟪" if entry["bonus"] else "🟨" if entry["penalty"] else "🟩"
        elif event == "pass":
            square = "🟧" if entry["force"] else "⬜"
        elif event == "drop_out":
            square = "🟥"
        else:
            continue
        lines.setdefault(entry["round"], []).append(square)
    return "\n".join(f"{r}: {''.join(lines[r])}" for r in sorted(lines))


def _eleusis_grid(module, config, seed, actions, seat) -> str:
    """A line per round: 🎩 when you dealt; else a square per card you played (🟩 right, 🟥 wrong), ⬜ a right
    "no play", ⬛ a wrong one, 🔮 becoming Prophet. A round's events are cleared when it ends, so its last cards
    are counted from the finished round's line."""
    state = module.new_game(config, seed)
    lines: dict[int, list[str]] = {}
    seen: dict[int, int] = {}
    counted: dict[int, list[int]] = {}  # round -> [right cards, wrong cards] seen as events
    closed = 0
    for action in actions:
        state = module.apply(state, action)
        view = module.view(state, seat)
        rounds = view["rounds"]
        while closed < len(rounds):  # a round ended: its last cards, from its line
            entry = rounds[closed]
            line = lines.setdefault(closed, [])
            if entry["dealer"] == seat:
                lines[closed] = ["🎩"]
            elif entry.get("line"):
                right, wrong = counted.get(closed, [0, 0])
                main = sum(1 for s in entry["line"]["played_by"] if s == seat)
                side = sum(len(g["cards"]) for groups in entry["line"]["sidelines"] for g in groups
                           if g["seat"] == seat)
                line.extend(["🟩"] * max(0, main - right) + ["🟥"] * max(0, side - wrong))
            closed += 1
        if view["phase"] == "over":
            continue
        r = len(rounds)
        line = lines.setdefault(r, [])
        if view["dealer"] == seat:
            continue
        tally = counted.setdefault(r, [0, 0])
        for event in view["events"][seen.get(r, 0):]:
            if event.get("seat") != seat:
                continue
            if event["type"] == "play":
                tally[0 if event["right"] else 1] += len(event["cards"])
                line.extend(("🟩" if event["right"] else "🟥") for _ in event["cards"])
            elif event["type"] == "no_play":
                line.append("⬜" if event["right"] else "⬛")
            elif event["type"] == "prophet":
                line.append("🔮")
        seen[r] = len(view["events"])
    return "\n".join(f"{r + 1}: {''.join(lines[r])}" for r in sorted(lines) if lines[r])


def _science_grid(module, config, seed, actions, seat) -> str:
    """A square per play (🟩 right, 🟥 wrong) and per guess (❌ wrong, 🎯 right); 🏳 giving up."""
    state = module.new_game(config, seed)
    squares = []
    for action in actions:
        state = module.apply(state, action)
        view = module.view(state, 0)
        if "play" in action:
            squares.append("🟩" if view["last_play"]["right"] else "🟥")
        elif "guess" in action:
            squares.append("🎯" if view["guesses"][-1]["right"] else "❌")
        elif "give_up" in action:
            squares.append("🏳")
    return _rows(squares)
