"""What a seat of 23 is sent (``junban.games.shapes`` says why a phone checks it): the view ``rules.view`` builds
(with the public log), the outcome, the legal actions, the move log's events
(``junban.ui.games.twenty_three.log_event``)."""
from __future__ import annotations

from collections import Counter

from junban.games.shapes import Check, Exactly, Sorted, check, each_seat, require, seat
from junban.games.twenty_three import rules
from junban.session import MAX_ACTIONS
from junban.storage import Choice, Fields, Flag, Int, ListOf, Maybe, Misfit, Shape

CARD = Int(rules.LOWEST, rules.HIGHEST)
COPIES = Counter(rules.DECK)  # how many cards of each number exist
CHIPS = Int(0, 2 * MAX_ACTIONS)  # a pass costs at most 2 chips, and a log has at most MAX_ACTIONS actions
BONUS = Int(0, rules.BONUS_PER_PLAYER)
ROUND = Int(1, rules.ROUNDS)


def _cards(most: int) -> Check:
    """A list of card numbers, no number more often than the deck has it."""
    return Check(ListOf(CARD, most), lambda cards: all(n <= COPIES[c] for c, n in Counter(cards).items()))


def _same_cards(most: int) -> Check:
    return Check(ListOf(CARD, most, 1), lambda cards: all(c == cards[0] for c in cards)
                 and len(cards) <= COPIES[cards[0]])


def _log_kinds(players: int) -> dict:
    """The shape of each kind of public log entry (``rules``: ``state.log``)."""
    seats = seat(players)
    return {
        "discard": Fields({"event": Exactly("discard"), "round": ROUND, "seat": seats,
                           "cards": Exactly(rules.DISCARD)}),
        "opening": Fields({"event": Exactly("opening"), "round": ROUND, "seat": seats,
                           "cards": Exactly([rules.LOWEST]), "value": Exactly(rules.LOWEST)}),
        "play": Fields({"event": Exactly("play"), "round": ROUND, "seat": seats, "cards": _same_cards(3),
                        "from": CARD, "bonus": BONUS, "value": CARD, "penalty": Int(0, rules.HIGHEST),
                        "forced": Flag(), "out": Flag(), "returned": Int(0, rules.GOING_OUT_RETURN)}),
        "pass": Fields({"event": Exactly("pass"), "round": ROUND, "seat": seats, "force": Flag(),
                        "penalty": Int(1, rules.FORCE_PENALTY), "lapsed": Flag()}),
        "drop_out": Fields({"event": Exactly("drop_out"), "round": ROUND, "seat": seats,
                            "cards": Int(1, rules.DEAL), "penalty": Int(1, rules.DEAL)}),
        "round_end": Fields({"event": Exactly("round_end"), "round": ROUND, "seat": Exactly(None),
                             "penalties": each_seat(CHIPS, players), "bonus": each_seat(BONUS, players)}),
        "game_end": Fields({"event": Exactly("game_end"), "round": ROUND, "seat": Exactly(None),
                            "refund": each_seat(CHIPS, players), "totals": each_seat(CHIPS, players)}),
    }


class _Entry(Shape):
    """One public log entry: the shape of its kind."""

    def __init__(self, players: int):
        self.kinds = _log_kinds(players)

    def check(self, value):
        shape = self.kinds.get(value.get("event")) if type(value) is dict else None
        if shape is None:
            raise Misfit()
        shape.check(value)


def _outcome(players: int) -> Fields:
    return Fields({"totals": each_seat(CHIPS, players), "penalties": each_seat(CHIPS, players),
                   "bonus": each_seat(BONUS, players), "refund": each_seat(CHIPS, players),
                   "places": each_seat(Int(1, players), players),
                   "winners": ListOf(seat(players), players, 1),
                   "ranking": each_seat(Fields({"seat": seat(players), "total": CHIPS, "place": Int(1, players)}),
                                        players)})


def _view(config: dict, me: int) -> Fields:
    players = config["players"]
    used = rules.CARDS_USED[players]
    return Fields({
        "game": Exactly(rules.SLUG), "seat": Exactly(me), "config": Exactly(config), "round": ROUND,
        "rounds": Exactly(rules.ROUNDS), "phase": Choice("discard", "play", "over"),
        "hand": Sorted(CARD, rules.DEAL), "discards": Sorted(CARD, rules.DISCARD), "dropped": Sorted(CARD, rules.DEAL),
        "pile": ListOf(_same_cards(3), used), "pile_value": CARD,
        "hand_counts": each_seat(Int(0, rules.DEAL), players), "penalties": each_seat(CHIPS, players),
        "bonus": each_seat(BONUS, players), "status": each_seat(Choice(rules.IN, rules.OUT, rules.DROPPED), players),
        "discarded": each_seat(Flag(), players), "cards_used": Exactly(used), "active": Maybe(seat(players)),
        "forced": Flag(), "log": ListOf(_Entry(players), MAX_ACTIONS + 4 * rules.ROUNDS),
        "outcome": Maybe(_outcome(players))},
        {"deciding": ListOf(seat(players), players)})  # (a seat kept from a host of before the simultaneous discard)


def check_update(config: dict, me: int, update: dict) -> None:
    players = config["players"]
    view = update["view"]
    check(_view(config, me), view, "view")
    require(view["hand_counts"][me] == len(view["hand"]), "hand")
    mine = Counter(view["hand"] + view["discards"] + view["dropped"] + [c for p in view["pile"] for c in p])
    require(all(n <= COPIES[c] for c, n in mine.items()), "cards")  # no card exists more often than the deck has it
    require(sum(view["hand_counts"]) + sum(len(p) for p in view["pile"]) <= rules.CARDS_USED[players], "cards")
    check(Maybe(seat(players)), update["to_act"], "to_act")
    check(Flag(), update["over"], "over")
    check(Maybe(_outcome(players)), update["outcome"], "outcome")
    require((update["outcome"] is not None) == update["over"] == (update["to_act"] is None), "over")
    legal = update["legal"]
    check(Maybe(ListOf(Fields({}, {"discard": ListOf(CARD, 3, 3), "seat": seat(players), "play": _same_cards(3),
                                   "bonus": Int(1, rules.BONUS_PER_PLAYER), "value": CARD, "pass": Exactly(True),
                                   "force": Exactly(True), "drop_out": Exactly(True)}), 600)), legal, "legal")
    for action in legal or []:
        try:
            rules._action_kind(action)  # the engine's own check of an action's form
        except rules.MalformedAction:
            require(False, "legal")


def check_event(config: dict, event: dict) -> None:
    players = config["players"]
    common = {"kind": Choice("discard", "play", "pass", "drop_out"), "round": ROUND, "ends_turn": Exactly(True),
              "log_at": Int(0, MAX_ACTIONS + 4 * rules.ROUNDS), "marks": ListOf(Exactly("costly"), 1)}
    chips = Int(-rules.GOING_OUT_RETURN, rules.HIGHEST)
    extra = {
        "discard": {},
        "play": {"cards": _same_cards(3), "on": CARD, "bonus": BONUS, "value": CARD, "chips": chips, "out": Flag(),
                 "returned": Int(0, rules.GOING_OUT_RETURN), "forced": Flag()},
        "pass": {"force": Flag(), "lapsed": Flag(), "chips": chips},
        "drop_out": {"cards": Int(1, rules.DEAL), "chips": chips},
    }
    kind = event.get("kind") if isinstance(event, dict) else None
    require(kind in extra, "log")
    check(Fields({**common, **extra[kind]}, {"opened_by": seat(players), "round_over": ROUND}), event, "log")
