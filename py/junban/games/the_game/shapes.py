"""What a seat of The Game is sent (``junban.games.shapes`` says why a phone checks it): the view ``rules.view``
builds, the outcome, the legal actions, the move log's events (``junban.ui.games.the_game.log_event``)."""
from __future__ import annotations

from junban.games.shapes import Exactly, Sorted, check, each_seat, require, seat
from junban.games.the_game import rules
from junban.storage import Choice, Fields, Flag, Int, ListOf, Maybe

CARD = Int(2, 99)
ALL = len(rules.CARDS)  # 98 cards, each once
MAX_TURNS = 2 * ALL + 10  # a turn plays at least one card (the last ones) or ends the game


def _outcome(players: int) -> Fields:
    return Fields({"result": Choice("perfect", "win", "loss"), "left": Int(0, ALL),
                   "reason": Choice("all-played", "stuck", "fire", "fire-at-end")},
                  {"seat": seat(players), "pile": Int(0, 3), "card": CARD})


def _view(config: dict, me: int) -> Fields:
    players = config["players"]
    size = rules.hand_size(config)
    pile = Fields({"ascending": Flag(), "top": Int(1, 100), "cards": ListOf(CARD, ALL), "fire_on_top": Flag(),
                   "top_played_this_turn": Flag(),
                   "marker": Maybe(Fields({"kind": Choice(*rules.MARKERS), "seat": seat(players)}))})
    return Fields({
        "game": Exactly(rules.SLUG), "seat": Exactly(me), "config": Exactly(config),
        "hand": Sorted(CARD, size), "hand_counts": each_seat(Int(0, size), players), "hand_size": Exactly(size),
        "draw_count": Int(0, ALL), "piles": ListOf(pile, 4, 4),
        "fire_cards": Exactly(sorted(rules.fire_cards(config))), "active": seat(players),
        "turn": Int(1, MAX_TURNS), "minimum": Int(1, 3),
        "played_this_turn": ListOf(ListOf(Int(0, 99), 2, 2), ALL), "can_end_turn": Flag(), "can_undo": Flag(),
        "outcome": Maybe(_outcome(players))})


def check_update(config: dict, me: int, update: dict) -> None:
    players = config["players"]
    size = rules.hand_size(config)
    view = update["view"]
    check(_view(config, me), view, "view")
    hand, piles = view["hand"], view["piles"]
    require(view["hand_counts"][me] == len(hand), "hand")
    on_piles = [c for p in piles for c in p["cards"]]
    require(len(set(hand + on_piles)) == len(hand) + len(on_piles), "cards")  # every card exists once
    require(len(on_piles) + sum(view["hand_counts"]) + view["draw_count"] == ALL, "cards")
    for number, p in enumerate(piles):
        require(p["ascending"] == rules.ASCENDING[number], "piles")
        require(p["top"] == (p["cards"][-1] if p["cards"] else rules.PILE_START[number]), "piles")
    for card, pile in view["played_this_turn"]:
        require(2 <= card <= 99 and 0 <= pile <= 3 and card in piles[pile]["cards"], "played_this_turn")
    check(Maybe(seat(players)), update["to_act"], "to_act")
    check(Flag(), update["over"], "over")
    check(Maybe(_outcome(players)), update["outcome"], "outcome")
    require((update["outcome"] is not None) == update["over"] == (update["to_act"] is None), "over")
    legal = update["legal"]
    check(Maybe(ListOf(Fields({}, {"play": CARD, "pile": Int(0, 3), "end_turn": Exactly(True),
                                   "undo": Exactly(True), "mark": Maybe(Choice(*rules.MARKERS)),
                                   "seat": seat(players)}), 4 * size + 2 + 12 * players)), legal, "legal")
    for action in legal or []:
        try:
            rules._action_kind(action)  # the engine's own check of an action's form
        except rules.MalformedAction:
            require(False, "legal")


EVENT = {
    "play": Fields({"kind": Exactly("play"), "card": CARD, "pile": Int(0, 3),
                    "marks": ListOf(Choice("trick", "fire"), 2)}),
    "end": Fields({"kind": Exactly("end"), "drawn": Int(0, 8), "ends_turn": Exactly(True)}),
    "undo": Fields({"kind": Exactly("undo"), "card": CARD, "pile": Int(0, 3), "marks": Exactly(["undo"])}),
}


def check_event(config: dict, event: dict) -> None:
    kind = event.get("kind") if isinstance(event, dict) else None
    if kind == "mark":
        check(Fields({"kind": Exactly("mark"), "pile": Int(0, 3), "marker": Maybe(Choice(*rules.MARKERS)),
                      "seat": seat(config["players"]), "aside": Exactly(True)}), event, "log")
        return
    require(kind in EVENT, "log")
    check(EVENT[kind], event, "log")
