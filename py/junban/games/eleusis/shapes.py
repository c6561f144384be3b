"""What a seat of Eleusis is sent (``junban.games.shapes`` says why a phone checks it): the view ``rules.view``
builds (this round's table and public events, the finished rounds with their rules shown), the outcome, the legal
actions, the move log's events (``junban.ui.games.eleusis.log_event``).

Eleusis shuffles in a further deck whenever the stock runs low, so no deck bounds a hand: ``MOST_CARDS`` does, far
above any game played (random play that gets most cards wrong reaches hands of ~90 over 3,000 actions), and low
enough that drawing a table never takes long."""
from __future__ import annotations

from junban.games.eleusis import cards, rules
from junban.games.eleusis.lang.limits import MAX_TEXT_LENGTH
from junban.games.shapes import Exactly, Sorted, check, each_seat, require, seat
from junban.storage import Choice, Fields, Flag, Int, ListOf, Maybe, Misfit, Shape, Text

CARD = Text(3, r"(?:[A2-9JQK]|10)[SHDC]")
MOST_CARDS = 200  # in a hand, a line, a round's events (a move log entry holds at most 200 items: storage.EVENT)
STRING = 4  # cards played at once
POINTS = Int(-10_000, 10_000)
WORDS = Fields({"en": Text(MAX_TEXT_LENGTH * 4), "ja": Text(MAX_TEXT_LENGTH * 4)})
PHASES = ("rule", "starter", "play", "prophet_judge", "dealer_judge", "prophet_offer", "over")


class _On(Shape):
    """Where the Prophet's marker lies: ``["mainline", i]`` or ``["sideline", i, j]``."""

    def check(self, value):
        if type(value) is not list or not value or value[0] not in ("mainline", "sideline") \
                or len(value) != (2 if value[0] == "mainline" else 3):
            raise Misfit()
        for index in value[1:]:
            Int(0, MOST_CARDS).check(index)


def _shapes(players: int) -> dict:
    seats, some = seat(players), ListOf(seat(players), players)
    lines = ListOf(CARD, MOST_CARDS)
    group = Fields({"cards": ListOf(CARD, STRING, 1), "seat": seats})
    sidelines = ListOf(ListOf(group, MOST_CARDS), MOST_CARDS)
    marker = Fields({"seat": seats, "mainline": Int(0, MOST_CARDS), "cards": Int(0, MOST_CARDS * 2), "on": _On()})
    call = Fields({"judge": Flag(), "card": Maybe(CARD)})
    event = {
        "starter": Fields({"type": Exactly("starter"), "card": CARD, "laid_aside": Int(0, MOST_CARDS)}),
        "prophet": Fields({"type": Exactly("prophet"), "seat": seats, "mainline_before": Int(0, MOST_CARDS)}),
        "play": Fields({"type": Exactly("play"), "seat": seats, "right": Flag(), "mainline_before": Int(0, MOST_CARDS),
                        "cards": ListOf(CARD, STRING, 1), "penalty": Int(0, 2 * STRING), "expelled": Flag(),
                        "out": Flag()},
                       {"prophet": Fields({"seat": seats, "judge": Flag(), "card": Maybe(CARD), "right": Flag()})}),
        "no_play": Fields({"type": Exactly("no_play"), "seat": seats, "right": Flag(),
                           "mainline_before": Int(0, MOST_CARDS), "hand": lines, "penalty": Int(0, 5),
                           "expelled": Flag(), "out": Flag()},
                          {"new_hand": Int(0, MOST_CARDS), "placed": CARD,
                           "prophet": Fields({"seat": seats, "judge": Flag(), "card": Maybe(CARD), "right": Flag()})}),
    }
    events = ListOf(_Kinds(event, "type"), MOST_CARDS * 2)
    finished = Fields({
        "dealer": seats, "reason": Choice("out", "expelled"), "out": Maybe(seats), "manual": Flag(),
        "rule": Maybe(Text(MAX_TEXT_LENGTH)), "rule_id": Maybe(Text(80, r"[a-z0-9-]+")),
        "name": Maybe(WORDS), "words": Maybe(WORDS), "hands": each_seat(Int(0, MOST_CARDS), players),
        "scores": each_seat(POINTS, players), "prophet": Maybe(seats), "prophet_bonus": POINTS,
        "before_marker": Maybe(Int(-1, MOST_CARDS * 2)), "mainline": Int(0, MOST_CARDS),
        "sideline": Int(0, MOST_CARDS * STRING), "expelled": some, "events": events,
        "line": Fields({"mainline": lines, "played_by": ListOf(Maybe(seats), MOST_CARDS), "sidelines": sidelines,
                        "laid_aside": lines, "marker": Maybe(marker)})})
    outcome = Fields({"reason": Choice("all-dealt", "stopped"), "totals": each_seat(POINTS, players),
                      "rounds": Int(0, players), "never_dealt": some, "winners": ListOf(seats, players, 1)})
    return {"lines": lines, "sidelines": sidelines, "marker": marker, "call": call, "events": events,
            "finished": finished, "outcome": outcome}


class _Kinds(Shape):
    """An object whose ``key`` field says which shape it has."""

    def __init__(self, kinds: dict, key: str):
        self.kinds, self.key = kinds, key

    def check(self, value):
        shape = self.kinds.get(value.get(self.key)) if type(value) is dict else None
        if shape is None:
            raise Misfit()
        shape.check(value)


def _view(config: dict, me: int, s: dict) -> Fields:
    players = config["players"]
    seats = seat(players)
    return Fields({
        "game": Exactly(rules.SLUG), "seat": Exactly(me), "config": Exactly(config),
        "short_variant": Exactly(rules.is_short_variant(config)), "round": Int(0, players),
        "rounds_total": Exactly(players), "dealer": seats, "dealt": each_seat(Flag(), players),
        "phase": Choice(*PHASES), "to_act": Maybe(seats), "manual": Flag(),
        "rule": Maybe(Fields({"text": Maybe(Text(MAX_TEXT_LENGTH)), "rule_id": Maybe(Text(80, r"[a-z0-9-]+")),
                              "manual": Flag(), "words": Maybe(WORDS)})),
        "hint": Maybe(Fields({}, {"text": Text(rules.HINT_MAX_LENGTH * 2), "en": Text(MAX_TEXT_LENGTH * 4),
                                  "ja": Text(MAX_TEXT_LENGTH * 4)})),
        "hand": Sorted(CARD, MOST_CARDS, key=cards.DECK.index), "hand_counts": each_seat(Int(0, MOST_CARDS), players),
        "stock_count": Int(0, 52 * MOST_CARDS), "mainline": s["lines"],
        "played_by": ListOf(Maybe(seats), MOST_CARDS), "sidelines": s["sidelines"], "laid_aside": s["lines"],
        "turned": Maybe(CARD), "active": Maybe(seats),
        "pending": Maybe(Fields({"seat": seats}, {"cards": ListOf(CARD, STRING, 1), "no_play": Exactly(True),
                                                  "hand": s["lines"], "prophet": s["call"]})),
        "prophet": Maybe(seats), "marker": Maybe(s["marker"]), "prophet_bonus": POINTS,
        "was_prophet": ListOf(seats, players), "expelled": ListOf(seats, players), "sudden_death": Flag(),
        "dead_end": Flag(), "correct_since_marker": Int(0, MOST_CARDS), "may_become_prophet": Flag(),
        "events": s["events"], "rounds": ListOf(s["finished"], players), "totals": each_seat(POINTS, players),
        "outcome": Maybe(s["outcome"])})


def check_update(config: dict, me: int, update: dict) -> None:
    players = config["players"]
    s = _shapes(players)
    view = update["view"]
    check(_view(config, me, s), view, "view")
    require(view["hand_counts"][me] == len(view["hand"]), "hand")
    require(len(view["played_by"]) == len(view["sidelines"]) == len(view["mainline"]), "mainline")
    require(sum(view["hand_counts"]) + len(view["mainline"]) <= 2 * MOST_CARDS, "cards")
    check(Maybe(seat(players)), update["to_act"], "to_act")
    require(update["to_act"] == view["to_act"], "to_act")
    check(Flag(), update["over"], "over")
    check(Maybe(s["outcome"]), update["outcome"], "outcome")
    require((update["outcome"] is not None) == update["over"] == (update["to_act"] is None), "over")
    legal = update["legal"]
    check(Maybe(ListOf(Fields({}, {"rule_id": Text(80, r"[a-z0-9-]+"), "library_hint": Flag(),
                                   "manual": Exactly(True), "judge": Flag(), "card": CARD,
                                   "play": ListOf(CARD, STRING, 1), "no_play": Exactly(True), "prophet": Flag(),
                                   "stop": Exactly(True)}), 200)), legal, "legal")


def check_event(config: dict, event: dict) -> None:
    players = config["players"]
    seats = seat(players)
    common = {"kind": Choice("rule", "stop", "call", "starter", "prophet", "play", "no_play"), "seat": Maybe(seats),
              "round": Int(1, players)}
    kind = event.get("kind") if isinstance(event, dict) else None
    optional = {"ends_turn": Exactly(True), "aside": Flag(), "how": Choice("manual", "library", "written"),
                "starter": CARD, "judge": Flag(), "card": Maybe(CARD), "right": Flag(), "penalty": Int(0, 2 * STRING),
                "expelled": Flag(), "out": Flag(), "round_over": Flag(), "cards": ListOf(CARD, STRING, 1),
                "hand": ListOf(CARD, MOST_CARDS), "new_hand": Int(0, MOST_CARDS), "placed": CARD,
                "line": Fields({}, {"main": ListOf(Int(0, MOST_CARDS), 2, 2),
                                    "side": ListOf(Int(-1, MOST_CARDS), 2, 2)}),
                "prophet": Fields({"seat": seats, "judge": Flag(), "card": Maybe(CARD), "right": Flag()}),
                "marks": ListOf(Choice("right", "wrong"), 1)}
    require(kind in common["kind"].values, "log")
    if kind == "rule":  # its starter's "aside" counts the laid-aside cards
        optional["aside"] = Int(0, MOST_CARDS)
    if kind == "starter":
        optional["aside"] = Int(0, MOST_CARDS)
    check(Fields(common, optional), event, "log")
