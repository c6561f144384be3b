"""The Game (Steffen Benndorf): the rules as ``../shared/rules/the-game.md`` states them.

98 cards, 2..99. Four piles: two ascending from 1, two descending from 100. A turn plays cards one at a time
(at least the minimum: 2, or 3 in Expert, and 1 once the draw pile is empty), then draws back up. A card goes on an
ascending pile if it is higher than the top, or exactly 10 lower (the backwards trick); on a descending pile if it
is lower, or exactly 10 higher. The game ends when the active player cannot play the minimum, or when every card is
played. 0 cards left is a perfect win, 1-9 a win, 10 or more a loss. On Fire: a fire card (22 33 44 55 66 77) still
on top of a pile at the end of a later turn than the one it was played in loses the game at once.

Piles are numbered 0..3: 0 and 1 ascending ("Ascending pile 1/2"), 2 and 3 descending ("Descending pile 3/4": a
pile is named by its key, 1-4, at the table).

Actions (JSON-able dicts):

- ``{"play": 37, "pile": 0}``: play card 37 from the active hand onto pile 0.
- ``{"end_turn": True}``: end the turn (allowed once the minimum is played), then draw up.
- ``{"undo": True}``: take back the last card played this turn (not in a ``strict`` game).
- ``{"mark": "keep" | "small" | None, "pile": 2, "seat": 1}``: set (or, by its setter, clear) a pile marker —
  the legal table talk. ``seat`` defaults to the active seat; any seat may mark while the game runs.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from junban.errors import ConfigError, GameOver, MalformedAction, RuleViolation
from junban.rng import rng_for

SLUG = "the-game"
SEATS = range(1, 6)

CARDS = tuple(range(2, 100))
FIRE_CARDS = frozenset({22, 33, 44, 55, 66, 77})
PILES = (0, 1, 2, 3)
ASCENDING = (True, True, False, False)
PILE_START = (1, 1, 100, 100)
BACKWARDS_STEP = 10
MARKERS = ("keep", "small")

HAND_SIZE = {1: 8, 2: 7, 3: 6, 4: 6, 5: 6}
WIN_MAX_LEFT = 9

CONFIG_KEYS = ("players", "expert", "small_hands", "on_fire", "strict", "start")


# --------------------------------------------------------------------------- configuration


def normalize_config(raw: dict) -> dict:
    """Validate a configuration and fill in defaults. Raises ``ConfigError`` with a message for a person.

    Keys: ``players`` 1-5; ``expert`` (minimum 3); ``small_hands`` (one card fewer); ``on_fire``;
    ``strict`` (no undo); ``start`` (seat that plays first, or None for the suggested seat).
    """
    if not isinstance(raw, dict):
        raise ConfigError("the game settings are not readable", code="config.unreadable")
    unknown = set(raw) - set(CONFIG_KEYS)
    if unknown:
        raise ConfigError(f"unknown setting: {sorted(unknown)[0]}", code="config.unknown_setting",
                          name=str(sorted(unknown)[0])[:20])
    players = raw.get("players", 1)
    if type(players) is not int or players not in SEATS:
        raise ConfigError("The Game is for 1 to 5 players", code="config.seat_count", low=1, high=5)
    config = {"players": players}
    for flag in ("expert", "small_hands", "on_fire", "strict"):
        value = raw.get(flag, False)
        if type(value) is not bool:
            raise ConfigError(f"the setting {flag} must be on or off", code="config.flag", flag=flag)
        config[flag] = value
    start = raw.get("start")
    if start is not None and (type(start) is not int or not 0 <= start < players):
        raise ConfigError(f"the start player must be a seat from 1 to {players}", code="config.start",
                          players=players)
    config["start"] = start
    return config


def hand_size(config: dict) -> int:
    return HAND_SIZE[config["players"]] - (1 if config["small_hands"] else 0)


def turn_minimum(config: dict, draw_pile_empty: bool) -> int:
    """Cards a turn must play: 2 (3 in Expert) while the draw pile has cards, 1 once it is empty."""
    if draw_pile_empty:
        return 1
    return 3 if config["expert"] else 2


# --------------------------------------------------------------------------- the state


@dataclass
class State:
    """The whole table. Treat as immutable: ``apply`` returns a changed copy."""

    config: dict
    seed: str
    draw: list[int]  # the draw pile; the next card drawn is draw[-1]
    hands: list[list[int]]
    piles: list[list[tuple[int, int]]]  # per pile, (card, turn played) from bottom to top
    markers: list[dict | None]  # per pile: {"kind", "seat", "turn"} or None
    active: int
    turn: int  # number of the current turn, from 1
    played: list[tuple[int, int]] = field(default_factory=list)  # (card, pile) played this turn, in order
    minimum: int = 2
    ended: dict | None = None
    log_length: int = 0  # actions applied so far

    def copy(self) -> "State":
        """A copy sharing nothing mutable (cards and tuples are immutable; lists and dicts are copied)."""
        return State(
            config=self.config,  # never mutated after normalize_config
            seed=self.seed,
            draw=list(self.draw),
            hands=[list(h) for h in self.hands],
            piles=[list(p) for p in self.piles],
            markers=[dict(m) if m else None for m in self.markers],
            active=self.active,
            turn=self.turn,
            played=list(self.played),
            minimum=self.minimum,
            ended=dict(self.ended) if self.ended else None,
            log_length=self.log_length,
        )


def pile_top(state: State, pile: int) -> int:
    cards = state.piles[pile]
    return cards[-1][0] if cards else PILE_START[pile]


def fits(card: int, pile: int, top: int) -> bool:
    """May ``card`` go on ``pile`` showing ``top``? (Higher/lower, or exactly 10 the other way.)"""
    if ASCENDING[pile]:
        return card > top or card == top - BACKWARDS_STEP
    return card < top or card == top + BACKWARDS_STEP


def is_backwards_trick(card: int, pile: int, top: int) -> bool:
    step = -BACKWARDS_STEP if ASCENDING[pile] else BACKWARDS_STEP
    return card == top + step


def fire_cards(config: dict) -> frozenset:
    return FIRE_CARDS if config["on_fire"] else frozenset()


def overdue_fire(view: dict) -> int | None:
    """On Fire, from a seat's view: the pile whose fire card was played in an earlier turn and is still on top,
    so ending the turn now loses the game (None if there is none)."""
    for p, pile in enumerate(view["piles"]):
        if pile["fire_on_top"] and not pile["top_played_this_turn"]:
            return p
    return None


def cards_left(state: State) -> int:
    return len(state.draw) + sum(len(h) for h in state.hands)


def can_play_sequence(hand: list[int], tops: list[int], count: int) -> bool:
    """Is there an order of ``count`` legal plays from ``hand`` onto piles showing ``tops``?"""
    if count <= 0:
        return True
    if len(hand) < count:
        return False
    seen = set()

    def search(cards: tuple[int, ...], piles: tuple[int, ...], need: int) -> bool:
        if need == 0:
            return True
        key = (cards, piles)
        if key in seen:
            return False
        seen.add(key)
        for i, card in enumerate(cards):
            rest = cards[:i] + cards[i + 1:]
            for p in PILES:
                if fits(card, p, piles[p]):
                    if search(rest, piles[:p] + (card,) + piles[p + 1:], need - 1):
                        return True
        return False

    return search(tuple(sorted(hand)), tuple(tops), count)


def suggest_start(hands: list[list[int]]) -> int:
    """The seat holding the card closest to a pile's start (2 or 99 best); the lowest seat on a tie."""

    def closeness(hand: list[int]) -> int:
        return min(min(c - 1, 100 - c) for c in hand)

    return min(range(len(hands)), key=lambda s: (closeness(hands[s]), s))


# --------------------------------------------------------------------------- setting up


def deal(config: dict, seed: str) -> tuple[list[int], list[list[int]]]:
    """Shuffle the 98 cards and deal the hands; return (draw pile, hands)."""
    deck = list(CARDS)
    rng_for(seed, SLUG, "deal").shuffle(deck)
    size = hand_size(config)
    hands = []
    for _ in range(config["players"]):
        hands.append([deck.pop() for _ in range(size)])
    return deck, hands


def new_game(config: dict, seed: str) -> State:
    config = normalize_config(config)
    draw, hands = deal(config, seed)
    start = config["start"] if config["start"] is not None else suggest_start(hands)
    state = State(
        config=config,
        seed=seed,
        draw=draw,
        hands=hands,
        piles=[[] for _ in PILES],
        markers=[None for _ in PILES],
        active=start,
        turn=1,
    )
    _begin_turn(state)
    return state


# --------------------------------------------------------------------------- queries


def to_act(state: State) -> int | None:
    return None if state.ended else state.active


def is_over(state: State) -> bool:
    return state.ended is not None


def can_end_turn(state: State) -> bool:
    return not state.ended and len(state.played) >= state.minimum


def can_undo(state: State) -> bool:
    return not state.ended and not state.config["strict"] and bool(state.played)


def playable(state: State) -> list[tuple[int, int]]:
    """(card, pile) pairs the active player may play now."""
    if state.ended:
        return []
    tops = [pile_top(state, p) for p in PILES]
    return [(c, p) for c in sorted(state.hands[state.active]) for p in PILES if fits(c, p, tops[p])]


def legal_actions(state: State) -> list[dict]:
    """Every action the engine accepts now: the active seat's plays, end turn and undo, and the pile markers
    that any seat may set (or, its own, clear) at any time during play."""
    if state.ended:
        return []
    actions: list[dict] = [{"play": c, "pile": p} for c, p in playable(state)]
    if can_end_turn(state):
        actions.append({"end_turn": True})
    if can_undo(state):
        actions.append({"undo": True})
    for seat in range(state.config["players"]):
        actions.extend(_marker_actions(state, seat))
    return actions


def _marker_actions(state: State, seat: int) -> list[dict]:
    actions = []
    for p in PILES:
        current = state.markers[p]
        for kind in MARKERS:
            if not current or current["kind"] != kind:
                actions.append({"mark": kind, "pile": p, "seat": seat})
        if current and current["seat"] == seat:
            actions.append({"mark": None, "pile": p, "seat": seat})
    return actions


def outcome(state: State) -> dict | None:
    return copy.deepcopy(state.ended) if state.ended else None


def position(state: State) -> tuple:
    """What decides the rest of the game: the same cards in the same places, the same markers, the same turn.
    Not the order of the cards within a hand, nor how many actions led here. A marker set and cleared, or a card
    played and taken back, returns to the position before it (the session folds such runs out of the log)."""
    return (
        tuple(state.draw),
        tuple(tuple(sorted(hand)) for hand in state.hands),
        tuple(tuple(pile) for pile in state.piles),
        tuple((m["kind"], m["seat"], m["turn"]) if m else None for m in state.markers),
        state.active, state.turn, tuple(state.played), state.minimum, state.ended is not None,
    )


def winds_down(action: dict) -> bool:
    """Plays and ending a turn bring the game nearer its end (98 cards, at most 196 such actions); pile markers and
    undo can be repeated without end."""
    return "play" in action or "end_turn" in action


def table_talk(action: dict) -> bool:
    """Pile markers are table talk: they say something, they never move a card (junban.session takes only so many
    in a row)."""
    return isinstance(action, dict) and "mark" in action


def acting_seat(state: State, action: dict) -> int | None:
    """The seat ``action`` speaks for: a pile marker names its own (any seat may mark), anything else is the
    active seat's."""
    if isinstance(action, dict) and "mark" in action:
        seat = action.get("seat", state.active)
        return seat if type(seat) is int else None
    return to_act(state)


# --------------------------------------------------------------------------- applying actions


def apply(state: State, action: dict) -> State:
    """Apply one action to a copy of ``state`` and return it. Illegal actions raise and change nothing."""
    kind = _action_kind(action)
    if state.ended:
        raise GameOver("the game is over", code="game.over")
    if kind == "mark":
        seat = action.get("seat", state.active)
        if type(seat) is not int or not 0 <= seat < state.config["players"]:
            raise MalformedAction("unknown seat", code="action.unknown_seat")
        new = state.copy()
        _set_marker(new, seat, action["mark"], action["pile"])
    elif kind == "play":
        new = state.copy()
        _play(new, action["play"], action["pile"])
    elif kind == "end_turn":
        if not can_end_turn(state):
            raise RuleViolation(f"play at least {state.minimum} card{'s' if state.minimum > 1 else ''} before ending the turn",
                                code="tg.end_early", n=state.minimum)
        new = state.copy()
        _end_turn(new)
    else:  # undo
        if state.config["strict"]:
            raise RuleViolation("this is a strict game: a played card stays played", code="tg.strict")
        if not state.played:
            raise RuleViolation("no card has been played this turn", code="tg.nothing_to_undo")
        new = state.copy()
        _undo(new)
    new.log_length += 1
    return new


def _action_kind(action: object) -> str:
    """Check the action's form (not its legality) and say which kind it is."""
    if not isinstance(action, dict):
        raise MalformedAction("an action must be an object", code="action.not_object")
    keys = set(action)
    if keys == {"play", "pile"}:
        card, pile = action["play"], action["pile"]
        if type(card) is not int or card not in range(2, 100):
            raise MalformedAction("a card is a number from 2 to 99", code="tg.bad_card")
        if type(pile) is not int or pile not in PILES:
            raise MalformedAction("a pile is numbered 0 to 3", code="tg.bad_pile")
        return "play"
    if keys == {"end_turn"} and action["end_turn"] is True:
        return "end_turn"
    if keys == {"undo"} and action["undo"] is True:
        return "undo"
    if keys in ({"mark", "pile"}, {"mark", "pile", "seat"}):
        if action["mark"] is not None and action["mark"] not in MARKERS:
            raise MalformedAction("a pile marker is 'keep', 'small' or none", code="tg.bad_marker")
        pile = action["pile"]
        if type(pile) is not int or pile not in PILES:
            raise MalformedAction("a pile is numbered 0 to 3", code="tg.bad_pile")
        return "mark"
    raise MalformedAction("unknown action", code="action.unknown")


def _play(state: State, card: int, pile: int) -> None:
    hand = state.hands[state.active]
    if card not in hand:
        raise RuleViolation(f"{card} is not in the active player's hand", code="tg.not_in_hand", card=card)
    top = pile_top(state, pile)
    if not fits(card, pile, top):
        direction = "higher" if ASCENDING[pile] else "lower"
        trick = top - BACKWARDS_STEP if ASCENDING[pile] else top + BACKWARDS_STEP
        message = f"{card} does not fit on a pile showing {top}: it must be {direction}, or exactly {trick}"
        if ASCENDING[pile]:
            raise RuleViolation(message, code="tg.no_fit_higher", card=card, top=top, trick=trick)
        raise RuleViolation(message, code="tg.no_fit_lower", card=card, top=top, trick=trick)
    hand.remove(card)
    state.piles[pile].append((card, state.turn))
    state.played.append((card, pile))
    if cards_left(state) == 0:
        _finish(state, "all-played", seat=state.active)
        return
    still = state.minimum - len(state.played)
    if state.config["strict"] and still > 0:  # no undo: a minimum that can no longer be reached ends the game
        if not can_play_sequence(hand, [pile_top(state, p) for p in PILES], still):
            _finish(state, "stuck", seat=state.active)


def _undo(state: State) -> None:
    card, pile = state.played.pop()
    popped, _turn = state.piles[pile].pop()
    assert popped == card
    state.hands[state.active].append(card)


def _set_marker(state: State, seat: int, kind: str | None, pile: int) -> None:
    current = state.markers[pile]
    if kind is None:
        if not current:
            raise RuleViolation("there is no marker on that pile", code="tg.no_marker")
        if current["seat"] != seat:
            raise RuleViolation("only the player who set a marker can clear it", code="tg.not_your_marker")
        state.markers[pile] = None
        return
    if current and current["kind"] == kind:
        if kind == "keep":
            raise RuleViolation("that pile is already marked 'keep'", code="tg.already_marked_keep")
        raise RuleViolation("that pile is already marked 'small'", code="tg.already_marked_small")
    state.markers[pile] = {"kind": kind, "seat": seat, "turn": state.turn}


def _end_turn(state: State) -> None:
    seat = state.active
    size = hand_size(state.config)
    hand = state.hands[seat]
    while len(hand) < size and state.draw:
        hand.append(state.draw.pop())
    # On Fire: a fire card still on top that was played in an earlier turn has passed its deadline.
    fire = fire_cards(state.config)
    for p in PILES:
        if state.piles[p]:
            card, turn = state.piles[p][-1]
            if card in fire and turn < state.turn:
                _finish(state, "fire", seat=seat, pile=p, card=card)
                return
    # Markers set by this seat in an earlier turn end with this turn.
    for p in PILES:
        marker = state.markers[p]
        if marker and marker["seat"] == seat and marker["turn"] < state.turn:
            state.markers[p] = None
    state.played = []
    state.turn += 1
    players = state.config["players"]
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if state.hands[candidate]:
            state.active = candidate
            break
    _begin_turn(state)


def _begin_turn(state: State) -> None:
    """Fix the turn's minimum; end the game if the active player cannot reach it."""
    state.minimum = turn_minimum(state.config, not state.draw)
    tops = [pile_top(state, p) for p in PILES]
    if not can_play_sequence(state.hands[state.active], tops, state.minimum):
        _finish(state, "stuck", seat=state.active)


def _finish(state: State, reason: str, **details) -> None:
    left = cards_left(state)
    fire = fire_cards(state.config)
    burning = [p for p in PILES if state.piles[p] and state.piles[p][-1][0] in fire]
    if reason in ("all-played", "stuck") and burning:
        reason = "fire-at-end"
        details = {**details, "pile": burning[0], "card": state.piles[burning[0]][-1][0]}
    if reason in ("fire", "fire-at-end"):
        result = "loss"
    elif left == 0:
        result = "perfect"
    elif left <= WIN_MAX_LEFT:
        result = "win"
    else:
        result = "loss"
    state.ended = {"result": result, "left": left, "reason": reason, **details}
    state.played = []


# --------------------------------------------------------------------------- views


def view(state: State, seat: int) -> dict:
    """What ``seat`` may know: its own hand, every played card, counts of the rest."""
    if type(seat) is not int or not 0 <= seat < state.config["players"]:
        raise ValueError("unknown seat")
    fire = fire_cards(state.config)
    piles = []
    for p in PILES:
        cards = state.piles[p]
        top_turn = cards[-1][1] if cards else None
        marker = state.markers[p]
        piles.append(
            {
                "ascending": ASCENDING[p],
                "top": pile_top(state, p),
                "cards": [c for c, _ in cards],
                "fire_on_top": bool(cards) and cards[-1][0] in fire,
                "top_played_this_turn": top_turn == state.turn and not state.ended,
                "marker": {"kind": marker["kind"], "seat": marker["seat"]} if marker else None,
            }
        )
    return {
        "game": SLUG,
        "seat": seat,
        "config": dict(state.config),
        "hand": sorted(state.hands[seat]),
        "hand_counts": [len(h) for h in state.hands],
        "hand_size": hand_size(state.config),
        "draw_count": len(state.draw),
        "piles": piles,
        "fire_cards": sorted(fire),
        "active": state.active,
        "turn": state.turn,
        "minimum": state.minimum,
        "played_this_turn": [[c, p] for c, p in state.played],
        "can_end_turn": can_end_turn(state),
        "can_undo": can_undo(state),
        "outcome": outcome(state),
    }


# --------------------------------------------------------------------------- invariants (tests, fuzz)


def check_invariants(state: State) -> None:
    """Every card accounted for exactly once; piles ordered by the rules; bookkeeping consistent."""
    on_piles = [c for pile in state.piles for c, _ in pile]
    everything = sorted(state.draw + [c for h in state.hands for c in h] + on_piles)
    assert everything == list(CARDS), "the 98 cards are not all accounted for exactly once"
    for p in PILES:
        top = PILE_START[p]
        for card, turn in state.piles[p]:
            assert fits(card, p, top), f"pile {p}: {card} on {top} breaks the rules"
            assert 1 <= turn <= state.turn
            top = card
    size = hand_size(state.config)
    assert all(len(h) <= size for h in state.hands)
    if state.draw:
        # While the draw pile has cards, every hand is full at the start of a turn (only the active one shrinks).
        for seat, hand in enumerate(state.hands):
            if seat != state.active:
                assert len(hand) == size, "a waiting hand was not drawn up"
    if state.ended:
        assert state.ended["left"] == cards_left(state)
        assert state.ended["result"] in ("perfect", "win", "loss")
    else:
        for card, pile in state.played:
            assert (card, state.turn) in state.piles[pile], "a card played this turn is not on its pile"
        assert state.minimum == turn_minimum(state.config, not state.draw) or len(state.played) > 0
        assert state.hands[state.active] or state.played, "the active player has nothing to play"
