"""What one seat knows, read from its view (plain data only; never the game state).

A bot plans a whole turn from the position at the *start* of the turn. A view taken in the middle of a turn still
determines that start: the cards played this turn are the top cards of their piles, in order, so taking them back
gives the start hand and the start tops. Planning from the start makes ``act`` a function of the view alone, with
or without a cached plan.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from junban.games.the_game.rules import ASCENDING, CARDS, PILE_START, PILES

ALL_CARDS = frozenset(CARDS)


@dataclass(frozen=True)
class Position:
    """A seat's knowledge at one moment of its turn.

    ``hand`` is sorted; ``tops`` has one entry per pile; ``need`` is how many more cards the turn must play;
    ``unseen`` holds every card that is neither in this hand nor on a pile (partners' hands and the draw pile).
    ``markers`` holds (pile, kind, seat) for each pile marked by a partner; ``own_markers`` (pile, kind) for this
    seat's markers (a turn plans from partners' signals only, so its own marker actions never change its plan).
    """

    seat: int
    players: int
    hand: tuple[int, ...]
    tops: tuple[int, int, int, int]
    need: int
    unseen: frozenset
    draw_count: int
    hand_counts: tuple[int, ...]
    hand_size: int
    minimum: int
    expert: bool
    fire: frozenset
    markers: tuple
    own_markers: tuple = field(compare=False)
    turn: int
    # Fire cards on top of a pile that were played before this turn: they must be covered by the turn's end.
    burning: tuple[int, ...] = ()

    @property
    def partners_cards(self) -> int:
        """How many unseen cards sit in partners' hands (the rest is the draw pile)."""
        return sum(self.hand_counts) - self.hand_counts[self.seat]


def _top(cards: list[int], pile: int) -> int:
    return cards[-1] if cards else PILE_START[pile]


def turn_start(view: dict) -> Position:
    """The position at the start of the turn the view is in (the cards played this turn taken back)."""
    piles = [list(p["cards"]) for p in view["piles"]]
    hand = list(view["hand"])
    played = view["played_this_turn"]
    for card, pile in reversed(played):
        assert piles[pile] and piles[pile][-1] == card, "a card played this turn is not on top of its pile"
        piles[pile].pop()
        hand.append(card)
    return _position(view, hand, piles, need=view["minimum"], at_start=True)


def current(view: dict) -> Position:
    """The position now, in the middle of the turn: ``need`` counts only the cards still required."""
    piles = [list(p["cards"]) for p in view["piles"]]
    need = max(0, view["minimum"] - len(view["played_this_turn"]))
    return _position(view, list(view["hand"]), piles, need=need, at_start=False)


def _position(view: dict, hand: list[int], piles: list[list[int]], need: int, at_start: bool) -> Position:
    seat = view["seat"]
    on_piles = {c for cards in piles for c in cards}
    fire = frozenset(view["fire_cards"])
    hand_counts = list(view["hand_counts"])
    hand_counts[seat] = len(hand)
    marked = [(p, v["marker"]["kind"], v["marker"]["seat"]) for p, v in enumerate(view["piles"]) if v["marker"]]
    # A fire card on top that was not played this turn must be covered before the turn ends.
    burning = [
        p for p in PILES
        if piles[p] and piles[p][-1] in fire and (at_start or not view["piles"][p]["top_played_this_turn"])
    ]
    config = view["config"]
    return Position(
        seat=seat,
        players=config["players"],
        hand=tuple(sorted(hand)),
        tops=tuple(_top(piles[p], p) for p in PILES),
        need=need,
        unseen=ALL_CARDS - on_piles - set(hand),
        draw_count=view["draw_count"],
        hand_counts=tuple(hand_counts),
        hand_size=view["hand_size"],
        minimum=view["minimum"],
        expert=config["expert"],
        fire=fire,
        markers=tuple(m for m in marked if m[2] != seat),
        own_markers=tuple((p, kind) for p, kind, by in marked if by == seat),
        turn=view["turn"],
        burning=tuple(burning),
    )


def is_ascending(pile: int) -> bool:
    return ASCENDING[pile]
