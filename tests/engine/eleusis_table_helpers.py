"""Helpers for the Eleusis table tests: a table with a known rule, and positions arranged card by card.

``arrange`` moves cards between the zones of a dealt round (never creating or losing one), so every position
a test builds still passes ``check_invariants``.
"""
from __future__ import annotations

from junban.games.eleusis import rules

ALTERNATE = "card.colour != prev.colour"


def table(players: int = 4, rule: str = ALTERNATE, seed: str = "t", dealer: int = 0, **arrangement):
    """A dealt round with ``rule``; seat ``dealer`` deals (so seat dealer+1 plays first)."""
    state = rules.new_game({"players": players, "first_dealer": dealer}, seed)
    state = rules.apply(state, {"rule": rule})
    return arrange(state, **arrangement) if arrangement else state


def arrange(state, hands: dict | None = None, mainline: list | None = None, top: list | None = None,
            stock_size: int | None = None, spare: int | None = None):
    """A copy of ``state`` with these hands (seat -> cards), this mainline (no sidelines), these cards on top of
    the stock (``top[0]`` is drawn first); with ``stock_size``, the stock keeps only that many cards and the rest
    go into the hand of seat ``spare``."""
    s = state.copy()
    if mainline is not None:
        s.stock.extend(s.mainline)
        s.stock.extend(c for line in s.sidelines for g in line for c in g["cards"])
        s.mainline, s.played_by, s.sidelines = [], [], []
        for card in mainline:
            _take(s, card)
            s.mainline.append(card)
            s.played_by.append(None)
            s.sidelines.append([])
    for seat, cards in (hands or {}).items():
        s.stock.extend(s.hands[seat])
        s.hands[seat] = []
        for card in cards:
            _take(s, card)
            s.hands[seat].append(card)
    for card in top or []:
        _take(s, card)
    s.stock.extend(reversed(top or []))
    if stock_size is not None:
        extra = len(s.stock) - stock_size
        s.hands[spare].extend(s.stock[:extra])
        del s.stock[:extra]
    rules.check_invariants(s)
    return s


def _take(s, card: str) -> None:
    """Remove one ``card`` from the stock, or else from a hand (refilled from the stock) or the laid-aside pile."""
    if card in s.stock:
        s.stock.remove(card)
        return
    if card in s.laid_aside:
        s.laid_aside.remove(card)
        return
    for hand in s.hands:
        if card in hand:
            hand.remove(card)
            hand.append(next(c for c in reversed(s.stock) if c != card))
            s.stock.remove(hand[-1])
            return
    raise AssertionError(f"no {card} left to arrange")


def play(state, *cards):
    return rules.apply(state, {"play": list(cards)})


def decline(state):
    """Answer a Prophet offer with no (if there is one) so the next player is to act."""
    if state.phase == "prophet_offer":
        return rules.apply(state, {"prophet": False})
    return state
