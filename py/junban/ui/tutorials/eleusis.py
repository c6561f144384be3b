"""Eleusis's first game: you and three bots, the last one dealing. The secret rule (told to you, for once), the
mainline, a right card, a wrong one on the sideline (and its penalty), a string, "No play", becoming Prophet and
judging a play as Prophet.

The dealer's rule is the library's "Climb to the king" (higher than the last card; after a King anything): a rule
you can follow at a glance, where "No play" is right whenever nothing in your hand is higher than the last card.
The deal (seed ``SEED``) is chosen so that each step's card is in your hand when the step comes, your string
ends on your highest card, and then nothing in your hand is higher (``tests/ui/test_tutorials.py`` rehearses it).

The other players play a plain policy from their own view: the lowest card higher than the last one (any card
after a King), else "No play"; they never claim to be Prophet.
"""
from __future__ import annotations

from junban.games.eleusis import cards, library
from junban.games.eleusis.rules import judge_cards
from junban.ui.parts.tutorial import Script, Step

SEED = "learn-el-120"
RULE = "climb-to-the-king"
DEALER = 3  # the last seat deals the first round (the engine's default)


def _rule():
    return library.get(RULE).compiled()


def _rank(code: str) -> int:
    return cards.rank(code)


def _ordered(codes) -> list[str]:
    return sorted(codes, key=lambda c: (_rank(c), cards.DECK.index(c)))


def _last(view: dict) -> str:
    return view["mainline"][-1]


def right_cards(view: dict) -> list[str]:
    """The cards of the hand the rule accepts now, lowest first."""
    rule = _rule()
    return _ordered(c for c in set(view["hand"]) if rule.judge(view["mainline"], c))


def right_card(view: dict) -> dict | None:
    cards_ = right_cards(view)
    return {"play": [cards_[0]]} if cards_ and view["phase"] == "play" else None


def wrong_card(view: dict) -> dict | None:
    """The highest card the rule refuses (a near miss shows the rule best)."""
    rule = _rule()
    wrong = _ordered(c for c in set(view["hand"]) if not rule.judge(view["mainline"], c))
    return {"play": [wrong[-1]]} if wrong and view["phase"] == "play" else None


def string(view: dict) -> dict | None:
    """Two right cards in a climbing string, ending on the highest card of the hand (no King: after a King
    anything is right, and the next step needs a hand with nothing higher)."""
    if view["phase"] != "play":
        return None
    hand = _ordered(set(view["hand"]))
    top = hand[-1]
    if _rank(top) == 13:
        return None
    rule = _rule()
    for first in hand:
        if _rank(first) < _rank(top) and judge_cards(rule, view["mainline"], [first, top]):
            return {"play": [first, top]}
    return None


def no_play(view: dict) -> dict | None:
    return {"no_play": True} if view["phase"] == "play" and not right_cards(view) else None


def judgement(view: dict) -> dict | None:
    """The Prophet's verdict on the pending play, by the rule (a right "no play", or the card to place)."""
    pending = view["pending"]
    if view["phase"] != "prophet_judge" or not pending:
        return None
    rule = _rule()
    if pending.get("no_play"):
        fitting = [c for c in sorted(set(pending["hand"]), key=cards.DECK.index) if rule.judge(view["mainline"], c)]
        return {"judge": True} if not fitting else {"judge": False, "card": fitting[0]}
    return {"judge": judge_cards(rule, view["mainline"], pending["cards"])}


def decline(view: dict) -> dict | None:
    return {"prophet": False} if view["phase"] == "prophet_offer" and view["to_act"] == view["seat"] else None


# ---------------------------------------------------------------------- where the bubble points, what it says


def _card_names(codes) -> str:
    from junban.ui.games.eleusis import card_names
    return card_names(codes)


def _picked(table) -> list[str]:
    return [code for code, _ in table.local.get("picked", [])]


def _play_target(choose):
    def target(table):
        action = choose(table.view())
        if action is None or "play" not in action:
            return None
        picked = _picked(table)
        for i, code in enumerate(action["play"]):
            if picked[i:i + 1] != [code]:
                return f"#el-card-{code}-0" if not picked[i:] else "#el-clear"
        return "#el-play"
    return target


def _prophet_target(table):
    """Play the right card with "Become Prophet" turned on (the table asks only then), then say yes."""
    target = _play_target(right_card)(table)
    if target == "#el-play" and not table.local.get("prophet_plan"):
        return "#el-prophet-plan"
    return target


def _cards_params(choose):
    def params(table):
        view = table.view()
        action = choose(view) or {}
        played = action.get("play", [])
        return {"card": _card_names(played[:1]), "cards": _card_names(played), "second": _card_names(played[1:]),
                "last": _card_names([_last(view)]) if view["mainline"] else ""}
    return params


def _judge_params(table):
    view = table.view()
    pending = view["pending"] or {}
    verdict = judgement(view) or {}
    return {"name": table.seat_name(pending["seat"]) if "seat" in pending else "",
            "cards": _card_names(pending.get("cards", [])), "last": _card_names([_last(view)]),
            "verdict": "right" if verdict.get("judge") else "wrong"}


def _judge_say(table) -> str:
    verdict = judgement(table.view()) or {}
    return "tut.el.judge_right" if verdict.get("judge") else "tut.el.judge_wrong"


def _judge_target(table):
    verdict = judgement(table.view()) or {}
    # a Prophet's call is confirmed in a sheet before it is made
    return "#call-yes || " + ("#el-right" if verdict.get("judge") else "#el-wrong")


def _names(table) -> dict:
    view = table.view()
    return {"dealer": table.seat_name(DEALER), "card": _card_names(view["mainline"][:1]) if view["mainline"] else "",
            "rule": library.get(RULE).name(_lang())}


def _lang() -> str:
    from junban.ui import i18n
    return i18n.language()


def _my_play(table) -> bool:
    session = table.session
    return session.is_over or (session.to_act == table.viewer and table.view()["phase"] == "play")


def _my_judgement(table) -> bool:
    session = table.session
    return session.is_over or (session.to_act == table.viewer and table.view()["phase"] == "prophet_judge")


STEPS = (
    Step("tut.el.welcome", target=".seat-chip:has(.el-role-dealer) || .seat-strip", params=_names),
    Step("tut.el.dealing", target=".seat-chip:has(.el-role-dealer) || .seat-strip", params=_names, until=_my_play),
    Step("tut.el.secret", target=".seat-chip:has(.el-role-dealer) || .seat-strip", params=_names),
    Step("tut.el.mainline", target=".el-layout", params=_names),
    Step("tut.el.right", target=_play_target(right_card), params=_cards_params(right_card),
         expect=lambda table: right_card(table.view())),
    Step("tut.el.watch", target=".el-layout", until=_my_play),
    Step("tut.el.wrong", target=_play_target(wrong_card), params=_cards_params(wrong_card),
         expect=lambda table: wrong_card(table.view())),
    Step("tut.el.sideline", target=".el-layout", until=_my_play),
    Step("tut.el.string", target=_play_target(string), params=_cards_params(string),
         expect=lambda table: string(table.view())),
    Step("tut.el.watch", target=".el-layout", until=_my_play),
    Step("tut.el.no_play", target="#no-play-yes || #el-no-play", about=".el-hand, .el-newest",
         params=_cards_params(lambda view: None),
         expect=lambda table: no_play(table.view())),
    Step("tut.el.new_hand", target=".el-layout", until=_my_play),
    Step("tut.el.before_prophet", target=_prophet_target, params=_cards_params(right_card),
         expect=lambda table: right_card(table.view())),
    Step("tut.el.prophet", target="#prophet-yes || #el-become-prophet", expect=lambda table: {"prophet": True}),
    Step("tut.el.wait_judge", target=".el-layout", until=_my_judgement),
    Step(_judge_say, target=_judge_target, about=".el-judge, .el-newest", params=_judge_params,
         expect=lambda table: judgement(table.view())),
    Step("tut.el.done", params=_names),
)


# ---------------------------------------------------------------------- the tutorial's bots


def player(view: dict) -> dict:
    """The dealer fixes "Climb to the king"; a player plays its lowest card higher than the last one (any card
    after a King), else declares "No play"; nobody claims to be Prophet."""
    phase = view["phase"]
    if phase == "rule":
        return {"rule_id": RULE, "library_hint": False}
    if phase == "prophet_offer":
        return {"prophet": False}
    if phase == "play":
        last = _rank(_last(view))
        higher = [c for c in _ordered(set(view["hand"])) if last == 13 or _rank(c) > last]
        return {"play": [higher[0]]} if higher else {"no_play": True}
    raise ValueError(f"the tutorial's bots do not act in phase {phase!r}")


SCRIPT = Script(game="eleusis", config={"players": 4, "difficulty": "easy"}, seed=SEED, people=1, bots=3,
                level="baseline", steps=STEPS, bot=player, decline=decline, decline_say="tut.el.decline",
                decline_target="#prophet-no || #el-not-now")
