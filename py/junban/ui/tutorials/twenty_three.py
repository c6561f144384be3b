"""23's first game: you and one bot, both rounds. The secret discard, the pile value, a free play, a play that
skips numbers (penalty chips), a bonus chip, pass and force, going out (chips given back), the second round,
dropping out, and the result.

The deal (seed ``SEED``) gives, at the moment each step comes: a card equal to the value or one above, then a
card that skips one to three numbers, then one up to five below the value (a bonus chip reaches it); in round 2
a hand whose last cards cost more to play than to drop. ``tests/ui/test_tutorials.py`` rehearses it.

Your moves are the script's ("play your cheapest cards" where the step does not name them); the bot plays a
plain policy from its own view: its cheapest play when it costs at most 2 chips (any play when forced or alone,
with bonus chips if it must), otherwise a pass; alone with nothing playable it drops out.
"""
from __future__ import annotations

from junban.games.twenty_three import rules
from junban.ui.i18n import t
from junban.ui.parts.tutorial import Script, Step

SEED = "learn-23-495"
PASS_LIMIT = 2  # the bot passes rather than take more penalty chips than this


# ---------------------------------------------------------------------- what the person is asked to do


def _view(table) -> dict:
    return table.view()


def discard_choice(view: dict) -> list[int]:
    """The three highest cards (never the 1): high cards cost the most chips later."""
    return sorted(c for c in view["hand"] if c != rules.LOWEST)[-rules.DISCARD:]


def _discard(view: dict) -> dict:
    """The seat's discard (every seat discards at once, so the action names its seat)."""
    return {"discard": discard_choice(view), "seat": view["seat"]}


def _plays(view: dict, chips: int = 0) -> list[tuple[int, dict]]:
    """(penalty, action) for every number in hand playable with up to ``chips`` bonus chips (all its copies)."""
    value = view["pile_value"]
    out = []
    for card in sorted(set(view["hand"])):
        copies = view["hand"].count(card)
        for bonus in range(chips + 1):
            best = rules.best_value(value, card, bonus)
            if best is None:
                continue
            out.append((rules.penalty(best, card) + bonus * 10, rules.play_action([card] * copies, value, bonus)))
            break
    return out


def free_play(view: dict) -> dict | None:
    """All copies of a card equal to the value or one above (costs nothing)."""
    value = view["pile_value"]
    for card in (value, value + 1):
        if card in view["hand"]:
            return {"play": [card] * view["hand"].count(card)}
    return None


def skipping_play(view: dict) -> dict | None:
    """The lowest card that skips one to three numbers."""
    for card in sorted(set(view["hand"])):
        if 1 <= rules.penalty(view["pile_value"], card) <= 3:
            return {"play": [card] * view["hand"].count(card)}
    return None


def bonus_play(view: dict) -> dict | None:
    """The highest card below the value that one bonus chip reaches."""
    value = view["pile_value"]
    reachable = [c for c in set(view["hand"]) if value - rules.BONUS_REACH <= c < value]
    if not reachable or not view["bonus"][view["seat"]]:
        return None
    card = max(reachable)
    return rules.play_action([card] * view["hand"].count(card), value, 1)


def cheapest_play(view: dict) -> dict | None:
    """The play costing fewest chips (a bonus chip counted as 10), lowest card first (None: nothing plays)."""
    plays = _plays(view, chips=view["bonus"][view["seat"]])
    if not plays:
        return None
    return min(plays, key=lambda pa: (pa[0], pa[1]["play"][0]))[1]


def stuck(view: dict) -> bool:
    """Round 2, and no card of the hand can be played, even with every bonus chip left: passing would only cost a
    chip a turn for ever, so dropping out (a chip a card) is the way out of the round."""
    if view["round"] < 2 or view["phase"] != "play" or view["status"][view["seat"]] != rules.IN:
        return False
    return cheapest_play(view) is None


def _cards(action: dict) -> dict:
    cards = action["play"] if action is not None else []
    return {"card": cards[0] if cards else "", "n": len(cards)}


# ---------------------------------------------------------------------- where the bubble points


def _slot_target(table, wanted: list[int], chosen_key: str):
    """The next card of ``wanted`` not yet chosen (its copy: as the hand lists them), else None."""
    chosen = [tuple(p) for p in table.local.get(chosen_key, [])]
    seen: dict[int, int] = {}
    slots = []
    for card in table.view()["hand"]:
        slots.append((card, seen.get(card, 0)))
        seen[card] = seen.get(card, 0) + 1
    need = list(wanted)
    for card, copy in chosen:
        if card in need:
            need.remove(card)
    for card, copy in slots:
        if card in need and (card, copy) not in chosen:
            return f"#tt-card-{card}-{copy}"
    return None


def _summary_pending(table) -> bool:
    view = table.view()
    if view["phase"] != "discard" or view["round"] == 1:
        return False
    return table.sheet.is_open("round") or table.local.get("summary_seen", 0) < view["round"] - 1


def _discard_target(table):
    if _summary_pending(table):
        return "#tt-next-round"
    return _slot_target(table, discard_choice(table.view()), "discard") or "#tt-discard"


def _play_target(choose):
    def target(table):
        action = choose(table.view())
        if action is None:
            return None
        card = _slot_target(table, action["play"], "picked")
        if card:
            return card
        if action.get("bonus", 0) > table.local.get("bonus", 0):
            return '[data-act="tt:bonus"][data-arg="+1"]'
        return "#tt-play"
    return target


def _drop_target(table):
    return "#drop-yes || #tt-drop"  # Drop out asks for confirmation in a sheet


def _my_turn(table) -> bool:
    session = table.session
    return session.is_over or (session.may_act(table.viewer) and session.view(table.viewer)["phase"] == "play")


def _my_discard(table) -> bool:
    session = table.session
    return session.is_over or (session.may_act(table.viewer) and session.view(table.viewer)["phase"] == "discard")


def _out(table) -> bool:
    view = table.view()
    return view["round"] > 1 or view["status"][view["seat"]] != rules.IN


def _going_out_text(table) -> str:
    view = table.view()
    action = cheapest_play(view)
    last = action is not None and len(action["play"]) == len(view["hand"])
    return "tut.tt.out_last" if last else "tut.tt.out"


def _cost_params(choose):
    def params(table):
        view = table.view()
        action = choose(view)
        out = _cards(action)
        if action is not None:
            value = action.get("value", view["pile_value"])
            skipped = list(range(value + 1, action["play"][0]))
            out.update(value=view["pile_value"], skipped=t("tt.and").join(
                [", ".join(map(str, skipped[:-1])), str(skipped[-1])] if len(skipped) > 1 else map(str, skipped)))
        return out
    return params


def _discard_params(table):
    return {"cards": ", ".join(str(c) for c in discard_choice(table.view()))}


def _name(table):
    return {"name": table.seat_name(1), "value": table.view()["pile_value"]}


STEPS = (
    Step("tut.tt.welcome", target="#status"),
    Step("tut.tt.discard", target=_discard_target, params=_discard_params,
         expect=lambda table: _discard(table.view())),
    Step("tut.tt.wait", target=".seat-strip", params=_name, until=_my_turn),
    Step("tut.tt.value", target=".tt-pile", params=_name),
    Step("tut.tt.free", target=_play_target(free_play), params=_cost_params(free_play),
         expect=lambda table: free_play(table.view())),
    Step("tut.tt.wait", target=".seat-strip", params=_name, until=_my_turn),
    Step("tut.tt.skip", target=_play_target(skipping_play), params=_cost_params(skipping_play),
         expect=lambda table: skipping_play(table.view())),
    Step("tut.tt.wait", target=".seat-strip", params=_name, until=_my_turn),
    Step("tut.tt.bonus", target=_play_target(bonus_play), params=_cost_params(bonus_play),
         expect=lambda table: bonus_play(table.view())),
    Step("tut.tt.wait", target=".seat-strip", params=_name, until=_my_turn),
    Step("tut.tt.force", target="#tt-force", about=".tt-hand, #tt-force-cost", params=_name,
         expect=lambda table: {"pass": True, "force": True}),
    Step("tut.tt.forced", target=".seat-strip", params=_name, until=_my_turn),
    Step(_going_out_text, target=_play_target(cheapest_play), params=_cost_params(cheapest_play),
         expect=lambda table: cheapest_play(table.view()), until=_out),
    Step("tut.tt.round_end", target=".seat-strip", params=_name, until=_my_discard),
    Step("tut.tt.discard2", target=_discard_target, params=_discard_params,
         expect=lambda table: _discard(table.view())),
    Step("tut.tt.round2", target=_play_target(cheapest_play), params=_cost_params(cheapest_play),
         expect=lambda table: cheapest_play(table.view()), until=lambda table: stuck(table.view())),
    Step("tut.tt.drop", target=_drop_target, params=lambda table: {"n": len(table.view()["hand"])},
         expect=lambda table: {"drop_out": True}),
    Step("tut.tt.last", target=".seat-strip", params=_name, until=lambda table: table.session.is_over),
    Step("tut.tt.done", target="#sheet-result || #end"),
)


# ---------------------------------------------------------------------- the tutorial's bot


def opponent(view: dict) -> dict:
    """The bot across the table (see the module's docstring)."""
    if view["phase"] == "discard":
        return _discard(view)
    alone = view["status"].count(rules.IN) == 1
    plays = _plays(view)
    if plays:
        cost, action = min(plays, key=lambda pa: (pa[0], pa[1]["play"][0]))
        if view["forced"] or alone or cost <= PASS_LIMIT:
            return action
    if view["forced"] or alone:
        with_chips = _plays(view, chips=view["bonus"][view["seat"]])
        if with_chips:
            return min(with_chips, key=lambda pa: (pa[0], pa[1]["play"][0]))[1]
        return {"pass": True} if view["forced"] else {"drop_out": True}
    return {"pass": True}


SCRIPT = Script(game="23", config={"players": 2}, seed=SEED, people=1, bots=1, level="baseline", steps=STEPS,
                bot=opponent)
