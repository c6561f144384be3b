"""A hand of cards as one stop for the keyboard (a "roving tab stop"): Tab reaches the hand once, on the card that
has the keyboard's place (else the first chosen card, else the first card), the arrow keys move within the hand,
and the next Tab goes on to the actions, so Play is never a dozen Tabs away. A game keeps the place (an index
into the hand as drawn) in ``table.local["cursor"]``, moves it (and the focus) with ``move`` and marks each card
with ``tab_stop``."""
from __future__ import annotations

ARROWS = ("ArrowLeft", "ArrowRight")


def step(place: int | None, key: str, size: int) -> int | None:
    """The keyboard's place after ArrowLeft/ArrowRight in a hand of ``size`` cards (wrapping round); None for any
    other key or an empty hand."""
    if key not in ARROWS or not size:
        return None
    if place is None or not 0 <= place < size:
        return 0 if key == "ArrowRight" else size - 1
    return (place + (1 if key == "ArrowRight" else -1)) % size


def move(table, key: str, card_ids: list[str]) -> bool:
    """ArrowLeft/ArrowRight: move the keyboard's place in the hand (the cards' element ids, in order) and the
    focus with it. False for any other key."""
    place = step(table.local.get("cursor"), key, len(card_ids))
    if place is None:
        return False
    table.local["cursor"] = place
    table.services.focus_after_render(f"#{card_ids[place]}")
    return True


def tab_stop(index: int, place: int | None, chosen: int | None = None) -> dict:
    """The ``tabindex`` of the card at ``index``: 0 for the hand's one stop, -1 for the others."""
    stop = place if place is not None else (chosen if chosen is not None else 0)
    return {"tabindex": "0" if index == stop else "-1"}
