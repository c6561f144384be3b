"""Cards that travel and cards that can be dragged: the attributes the page's table script reads.

The script (``assets/table.js``) does the moving; Python only says what is what:

- ``flip(key)``: this element shows the thing ``key`` (a card). When a render moves it (a card from the hand to
  a pile, back on undo, a hand closing up) it travels from its old place to the new one (measured before and
  after the render, then animated with a transform: the FLIP technique). Keys are unique on a screen.
- ``origin(name)`` marks a place things come from; ``flip(key, came_from=name)`` on a thing that was not on the
  page before makes it travel from there (a bot's card from its seat, a drawn card from the draw pile).
- ``draggable(act, arg, targets)``: a card that can be dragged onto the elements marked ``drop_target(name)``
  whose names are in ``targets`` (those it may go to, from the engine's legal actions). Dropping it there sends
  the intent ``act`` with ``"<arg>@<name>"``, exactly as a click would; anywhere else it returns.

Travel time follows the bot-speed setting and is zero under ``prefers-reduced-motion`` (``Services.motion_ms``);
nothing waits for an animation, so input is never blocked.
"""
from __future__ import annotations


def flip(key: str, came_from: str | None = None) -> dict:
    attrs = {"data-flip": key}
    if came_from:
        attrs["data-flip-from"] = came_from
    return attrs


def origin(name: str) -> dict:
    return {"data-origin": name}


def draggable(act: str, arg: str, targets) -> dict:
    targets = " ".join(targets)
    if not targets:
        return {}
    return {"data-drag-act": act, "data-drag-arg": arg, "data-drop-ok": targets}


def drop_target(name: str) -> dict:
    return {"data-drop": name}


def dropped(arg: str | None) -> tuple[str, str] | None:
    """Split a drop intent's argument ``"<arg>@<name>"``; None if it is not one."""
    if not isinstance(arg, str) or "@" not in arg:
        return None
    what, _, where = arg.partition("@")
    return what, where
