"""Sounds and vibration at a table: which cue an action calls for is decided here; ``assets/sound.js`` makes it.

A cue is decided from what a seat sees, never from a session: the action's log event (the game's table module's
``log_event``: public data), the views before and after it (any seat's: only whose turn it is and the outcome are
read) and the seats played on this device. So a seat's table on another phone (``screens/seat.py``: its view and
the public log entries come from the host) decides the same way.

One cue an action, the most telling:

- the game ends: ``win`` or ``loss`` for the people here (nothing at a table of bots only);
- the turn passes to a seat played here (or the game starts waiting for its decision, as every seat's at the start
  of 23's secret discard): ``turn`` (and a short vibration);
- else what the action did: ``play`` a card played, ``trick`` The Game's backwards trick (−10), ``draw`` cards
  drawn (The Game's end of turn, Eleusis's right "no play"), ``wrong`` a card or a "no play" judged wrong
  (Eleusis, solo science) or a wrong guess.

A move the table refuses vibrates (``refused``): the notice on the screen says why, so it makes no sound.
Everything waits for the sound setting (``settings["sound"]``); the page adds its own conditions (nothing before the
person's first tap, nothing while the page is hidden: assets/sound.js).
"""
from __future__ import annotations

from junban.daily import result_of

CUES = ("play", "draw", "turn", "trick", "wrong", "win", "loss")
# Vibrations (milliseconds on, off, on...), for the cues that call for one.
VIBRATIONS = {"turn": [35], "refused": [25, 60, 25]}


def whose_turn(view: dict) -> int | None:
    """The seat to act in a view (The Game and 23 say ``active``, Eleusis ``to_act``; solo science neither)."""
    if view.get("outcome") is not None:
        return None
    seat = view.get("to_act", view.get("active"))
    return seat if type(seat) is int else None


def deciding(view: dict) -> list[int]:
    """The seats a view says the game waits for: 23's ``deciding`` (during its discard, every seat yet to
    discard), else the seat to act."""
    if view.get("outcome") is not None:
        return []
    seats = view.get("deciding")
    if isinstance(seats, list):
        return [seat for seat in seats if type(seat) is int]
    seat = whose_turn(view)
    return [] if seat is None else [seat]


def action_cue(game: str, event: dict | None, here: list[int], before: dict, after: dict) -> str | None:
    """The cue for an action (``event``: its log event, None if the log leaves it out; ``before``/``after``: a
    seat's views around it; ``here``: the seats played on this device)."""
    outcome = after.get("outcome")
    if outcome is not None and before.get("outcome") is None:
        if not here:
            return None
        won = any(result_of(game, outcome, seat, 0)["won"] for seat in here)
        return "win" if won else "loss"
    waited_for = deciding(before)
    if any(seat in here and seat not in waited_for for seat in deciding(after)):
        return "turn"
    return event_cue(game, event) if event is not None else None


def event_cue(game: str, event: dict) -> str | None:
    """What an action did, as a sound (None: a quiet move: a pass, a pile marker, a rule chosen, ...)."""
    kind = event.get("kind")
    if event.get("aside"):
        return None
    if game == "the-game":
        if kind == "play":
            return "trick" if "trick" in event.get("marks", ()) else "play"
        return "draw" if kind == "end" and event.get("drawn") else None
    if game == "23":
        return "play" if kind in ("play", "discard") else None
    if kind in ("play", "no_play", "guess") and event.get("right") is False:
        return "wrong"
    if kind in ("play", "starter"):
        return "play"
    return "draw" if kind == "no_play" else None


def give(services, cue: str | None) -> None:
    """Play ``cue`` (and vibrate, if it calls for it), if the sound setting is on."""
    if cue is None or services.settings.get("sound") is not True:
        return
    if cue in CUES:
        services.platform.play_sound(cue)
    pattern = VIBRATIONS.get(cue)
    if pattern:
        services.platform.vibrate(pattern)


def allow(services, shown: bool) -> None:
    """A table is shown (``shown``) or left: the page may make sounds while one is shown and the setting is on."""
    services.platform.set_sound(shown and services.settings.get("sound") is True)
