"""Seat tokens: a small mark per seat (its number on its own colour) that tags what a seat put on the table, so who
played a card is seen at a glance, on a phone too (touch has no hover). A game shows the same token in its seat
chips (``seat_status``), so the two are matched by number and by colour alike; screen readers get the name from
the text around a token, never from the token itself.
"""
from __future__ import annotations

from junban.ui.dom import h


def seat_token(seat: int | None, cls: str | None = None):
    """Seat ``seat``'s token (seats count from 0; the token shows seat + 1); None for no seat (the table)."""
    if seat is None:
        return None
    return h("span", {"class": ["seat-token", f"seat-{seat % 8}", cls], "aria-hidden": "true"}, str(seat + 1))
