"""The Game's first game: you and one bot. The piles and their directions, a play, the backwards trick, the
minimum, a pile marker, ending the turn and drawing, the bot's turn in the recap, the draw pile.

The deal (seed ``learn-28``, you start) gives you 21 and 11: 21 on Ascending pile 1, then 11 on it by the
backwards trick. ``tests/ui/test_tutorials.py`` checks that the seed still deals them.
"""
from __future__ import annotations

from junban.games.the_game.rules import BACKWARDS_STEP, fits, is_backwards_trick
from junban.ui.parts.tutorial import Script, Step

SEED = "learn-28"
FIRST, TRICK = 21, 11  # in your hand: FIRST goes on Ascending pile 1, then TRICK (FIRST - 10) on top of it
MARKED_PILE = 3  # Descending pile 4: you ask your partner to keep off it


def _selected(table):
    return table.local.get("selected")


def _play_target(card: int, pile: int):
    def target(table):
        return f"#pile-{pile}" if _selected(table) == card else f"#card-{card}"
    return target


def _marker_target(table):
    if table.sheet.is_open("markers"):
        return f'[data-act="tg:mark"][data-arg="{MARKED_PILE}:keep"]'
    return f"#pile-{MARKED_PILE}"


def _my_turn(table) -> bool:
    return table.session.is_over or table.session.to_act == table.viewer


def _partner(table) -> dict:
    return {"name": table.seat_name(1)}


STEPS = (
    Step("tut.tg.welcome", target=".piles"),
    Step("tut.tg.piles", target="#pile-0"),
    Step("tut.tg.play", target=_play_target(FIRST, 0), about="#pile-0", params=lambda table: {"card": FIRST},
         expect=lambda table: {"play": FIRST, "pile": 0}),
    Step("tut.tg.trick", target=_play_target(TRICK, 0), about="#pile-0",
         params=lambda table: {"card": TRICK, "top": FIRST},
         expect=lambda table: {"play": TRICK, "pile": 0}),
    Step("tut.tg.minimum", target="#status"),
    Step("tut.tg.marker", target=_marker_target, params=_partner,
         expect=lambda table: {"mark": "keep", "pile": MARKED_PILE, "seat": table.viewer}),
    Step("tut.tg.end", target="#end-turn", about=".hand", expect=lambda table: {"end_turn": True}),
    Step("tut.tg.watch", target=".seat-strip", params=_partner, until=_my_turn),
    Step("tut.tg.recap", target="#recap || .table-log", params=_partner),
    Step("tut.tg.draw", target=".draw-pile", params=lambda table: {"n": table.view()["draw_count"]}),
    Step("tut.tg.done", params=_partner),
)


def partner(view: dict) -> dict:
    """The tutorial's partner: the minimum each turn, each card where it jumps least (the backwards trick first),
    keeping off piles others marked 'keep' and making only small jumps where they asked for small ones."""
    seat = view["seat"]
    played = len(view["played_this_turn"])
    if played >= view["minimum"] and view["can_end_turn"]:
        return {"end_turn": True}
    best = None
    for card in view["hand"]:
        for pile, info in enumerate(view["piles"]):
            top = info["top"]
            if not fits(card, pile, top):
                continue
            jump = -BACKWARDS_STEP if is_backwards_trick(card, pile, top) else abs(card - top)
            marker = info["marker"]
            if marker and marker["seat"] != seat:
                jump += 100 if marker["kind"] == "keep" else (30 if jump > 5 else 0)
            if best is None or (jump, card, pile) < best[0]:
                best = ((jump, card, pile), {"play": card, "pile": pile})
    if best is not None:
        return best[1]
    return {"end_turn": True} if view["can_end_turn"] else {"undo": True}


SCRIPT = Script(game="the-game", config={"players": 2, "start": 0}, seed=SEED, people=1, bots=1,
                level="baseline", steps=STEPS, bot=partner)
