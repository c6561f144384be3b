"""Playing cards for Eleusis: standard 52-card decks, several shuffled together.

A card is a short code, rank then suit: ``"AS"`` (ace of spades), ``"10H"``, ``"QD"``, ``"7C"``. Two decks hold two
of each code; identical cards are interchangeable, so hands and lines are lists of codes with repeats.
Ranks: A=1, 2..10, J=11, Q=12, K=13. Suits: S spades, H hearts, D diamonds, C clubs (H and D red).
"""
from __future__ import annotations

RANK_CODES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
RED_SUITS = frozenset({"H", "D"})
DECK = tuple(r + s for s in SUITS for r in RANK_CODES)  # one 52-card deck, in a fixed order
_RANK_OF = {code: i + 1 for i, code in enumerate(RANK_CODES)}
RANK_NAMES_EN = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")
SUIT_NAMES_EN = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def is_card(code: object) -> bool:
    return isinstance(code, str) and len(code) in (2, 3) and code[:-1] in _RANK_OF and code[-1] in SUITS


def make_card(rank: int, suit: str) -> str:
    return RANK_CODES[rank - 1] + suit


def rank(code: str) -> int:
    """1 (ace) .. 13 (king)."""
    return _RANK_OF[code[:-1]]


def suit(code: str) -> str:
    return code[-1]


def is_red(code: str) -> bool:
    return code[-1] in RED_SUITS


def card_name_en(code: str) -> str:
    """English name as players say it and as the card's button is named: "Queen of hearts", "10 of clubs"."""
    return f"{RANK_NAMES_EN[rank(code) - 1]} of {SUIT_NAMES_EN[suit(code)]}"


def decks(count: int) -> list[str]:
    """``count`` full decks together, in a fixed order (shuffle with a seeded generator)."""
    return [code for _ in range(count) for code in DECK]
