"""Each game's seat shapes (``junban.games.<game>.shapes``) take everything an honest host sends — every seat's view,
the outcome, the legal actions and every move log event of many random games — and refuse what a hostile host's
page sent in issue 39 (8 seats at a table of 2, a float for a hand, piles of 2, a card value that is CSS, a hand of
4,900 cards)."""
from __future__ import annotations

import json
import random

import pytest

from junban.games import load_game, seat_actions, seats_to_act
from junban.games.shapes import load
from junban.ui.games import game_ui

GAMES = ("the-game", "23", "eleusis")


def update_for(module, state, seat: int) -> dict:
    """What a host's update tells ``seat`` (junban.net.host.Host._update, its log length aside)."""
    to_act = module.to_act(state)
    over = to_act is None
    deciding = seats_to_act(module, state)
    return {"view": module.view(state, seat), "to_act": to_act, "deciding": deciding, "over": over,
            "outcome": module.outcome(state) if over else None,
            "legal": seat_actions(module, state, seat) if seat in deciding else None}


def random_games(game: str, count: int, seed: int):
    """(config, states, actions) of ``count`` random games, plainly played to their end (Eleusis: stopped after a
    round or two), with the odd pile marker, undo, pass and wrong play."""
    module = load_game(game)
    rng = random.Random(seed)
    for number in range(count):
        if game == "the-game":
            config = module.normalize_config({"players": rng.choice([1, 2, 3, 4, 5]), "expert": rng.random() < 0.3,
                                              "on_fire": rng.random() < 0.3, "small_hands": rng.random() < 0.3})
        elif game == "23":
            config = module.normalize_config({"players": rng.choice([2, 3, 4])})
        else:
            config = module.random_config(rng)
        state = module.new_game(config, f"shape-{seed}-{number}")
        yield config, state, rng


def play(game: str, state, rng):
    """(action, next state) of a plain random game; None at its end."""
    module = load_game(game)
    legal = module.legal_actions(state)
    if not legal:
        return None
    if game == "eleusis":
        from junban.games.eleusis import rules as el

        if state.round >= 2 or len(state.events) > 60:
            legal = [{"stop": True}]
        elif state.phase in ("prophet_judge", "dealer_judge", "starter") and rng.random() < 0.85:
            right, card = el._truth(state)
            legal = [{"judge": True} if right else ({"judge": False, "card": card} if card else {"judge": False})]
        else:
            legal = [a for a in legal if "stop" not in a] or legal
    if game == "the-game":
        moves = [a for a in legal if "mark" not in a]
        legal = moves if moves and rng.random() < 0.9 else legal
    for _ in range(20):
        action = rng.choice(legal)
        try:
            return action, module.apply(state, action)
        except Exception:  # noqa: BLE001 - a play into a dead end of The Game: another
            continue
    return legal[0], module.apply(state, legal[0])


@pytest.mark.parametrize("game", GAMES)
def test_everything_an_honest_host_sends_fits_its_games_shapes(game):
    from junban.ui.parts.movelog import OBSERVER

    module, shapes, ui = load_game(game), load(game), game_ui(game)
    checked = events = 0
    for config, state, rng in random_games(game, {"the-game": 12, "23": 8, "eleusis": 6}[game], 39):
        before = module.view(state, OBSERVER)
        for step in range(3000):
            if step % 3 == 0 or module.to_act(state) is None:
                for seat in range(config["players"]):
                    shapes.check_update(config, seat, json.loads(json.dumps(update_for(module, state, seat))))
                    checked += 1
            seat = module.to_act(state)
            if seat is None:
                break
            action, state = play(game, state, rng)
            after = module.view(state, OBSERVER)
            event = ui.log_event(before, after, action, seat)
            if event is not None:
                shapes.check_event(config, json.loads(json.dumps(event)))
                events += 1
            before = after
    assert checked > 200 and events > 100, (checked, events)


def honest_update(game: str, players: int, seat: int = 1) -> tuple[dict, dict]:
    module = load_game(game)
    config = module.normalize_config({"players": players})
    return config, json.loads(json.dumps(update_for(module, module.new_game(config, "shape"), seat)))


def hostile_updates():
    """(game, what, change(update)) as issue 39's hostile host sent them, one field at a time."""
    def view(**fields):
        return lambda u: u["view"].update(fields)

    yield "the-game", "a hand that is a float", view(hand=1.5)
    yield "the-game", "a hand of 4,900 cards", view(hand=sorted(list(range(2, 100)) * 50))
    yield "the-game", "piles of 2", lambda u: u["view"].update(piles=u["view"]["piles"][:2])
    yield "the-game", "a card that is CSS", lambda u: u["view"]["piles"][0].update(cards=["5;background:red"])
    yield "the-game", "a card twice", lambda u: u["view"].update(hand=[u["view"]["hand"][0]] * 2)
    yield "the-game", "8 hand counts at a table of 3", view(hand_counts=[6] * 8)
    yield "the-game", "another seat's view", view(seat=0)
    yield "the-game", "a seat to act beyond the table", lambda u: u.update(to_act=7)
    yield "the-game", "an outcome while the game runs", lambda u: u.update(outcome={"result": "win", "left": 0,
                                                                                     "reason": "all-played"})
    yield "23", "a card numbered 24", view(hand=[24])
    yield "23", "four 17s", view(hand=[17, 17, 17, 17])
    yield "23", "a log entry of another kind", view(log=[{"event": "peek", "round": 1, "seat": 0}])
    yield "eleusis", "a card that does not exist", view(hand=["1X"])
    yield "eleusis", "a rule id that is a sentence", view(rule={"text": None, "rule_id": "Visit evil.example",
                                                                "manual": False, "words": None})
    yield "eleusis", "a hand of 300 cards", view(hand=["AS"] * 300)


@pytest.mark.parametrize("game, what, change", list(hostile_updates()), ids=[w for _, w, _ in hostile_updates()])
def test_what_a_hostile_host_sent_does_not_fit(game, what, change):
    from junban.games.shapes import Unfit

    config, update = honest_update(game, 3)
    load(game).check_update(config, 1, update)  # the honest one fits
    change(update)
    with pytest.raises(Unfit):
        load(game).check_update(config, 1, update)


@pytest.mark.parametrize("game, event", [
    ("the-game", {"kind": "play", "card": "5;background-image:url(x)", "pile": 0, "marks": []}),
    ("the-game", {"kind": "mark", "pile": 0, "marker": "keep", "seat": 7, "aside": True}),
    ("23", {"kind": "play", "round": 1, "ends_turn": True, "log_at": 3, "marks": [], "cards": [99], "on": 1,
            "bonus": 0, "value": 1, "chips": 0, "out": False, "returned": 0, "forced": False}),
    ("eleusis", {"kind": "play", "seat": 0, "round": 1, "cards": ["ZZ"], "right": True}),
])
def test_a_hostile_log_event_does_not_fit(game, event):
    from junban.games.shapes import Unfit

    with pytest.raises(Unfit):
        load(game).check_event(load_game(game).normalize_config({"players": 3}), event)
