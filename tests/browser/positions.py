"""Positions a browser test starts from, built with the engine (every seat driven by the test) and opened as a
saved game: the person to act at the moment a test needs (a confirmation to open, a long hand, many seats)."""
from __future__ import annotations

import json

from junban.games.the_game.rules import fits, overdue_fire
from junban.session import Seat, Session

from tests.browser.conftest import open_app


def open_save(page, server, session: Session, lang: str | None = None) -> None:
    """Store ``session`` as a save on this device and open its table (ids: 4-32 lowercase letters and digits). In a
    page where the app is up already this is two hash changes, no boot: home is waited for in between, so a table
    shown before is not taken for this one."""
    open_app(page, server, "#/")
    page.wait_for_selector(".hero")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                  [f"junban.save.{session.id}", json.dumps(session.to_record())])
    if lang:
        page.evaluate("lang => localStorage.setItem('junban.settings', JSON.stringify({lang}))", lang)
    open_app(page, server, f"#/play/{session.id}")


def open_phones_table(host, server, session: Session) -> None:
    """The host opens its saved table with phone seats (``session``, a recorded position: ``near_the_end``): no
    standing offers in the save, so each phone seat gets a new code, and the phones sheet shows the first seat's
    (as after Start on the setup screen, ``phones.set_up_table``). A table's id is at most 12 characters here: a
    longer one cannot be paired (``junban.net.protocol``'s ``net.table_id``)."""
    open_save(host, server, session)
    host.wait_for_selector("#phones-qr", timeout=30_000)


def people_and_bots(people: int, bots: int, level: str) -> list[Seat]:
    return [Seat("person", f"Player {i + 1}") for i in range(people)] + \
        [Seat("bot", f"Bot {people + i + 1}", level) for i in range(bots)]


def the_game_fire_overdue(seed: str = "fire") -> Session:
    """The Game On Fire, alone: a fire card played last turn is still on top, and the person has played enough
    this turn to end it (ending it now would lose: "End turn" asks first)."""
    for attempt in range(200):
        session = Session(f"fire{attempt}", "the-game", {"players": 1, "on_fire": True, "expert": False,
                                                           "small_hands": False, "strict": False, "start": None},
                          f"{seed}-{attempt}", people_and_bots(1, 0, "baseline"))
        if _fire_then_two_more(session):
            return session
    raise AssertionError("no deal gives an overdue fire card")


def _fire_then_two_more(session: Session) -> bool:
    view = session.view(0)
    fire = [c for c in view["hand"] if c in view["fire_cards"]]
    plays = [a for a in session.legal_actions() if "play" in a and a["play"] in fire]
    if not plays:
        return False
    session.apply(plays[0])
    fire_pile = plays[0]["pile"]
    for _ in range(2):  # this turn's minimum, elsewhere, then the next turn's
        if not _play_elsewhere(session, fire_pile):
            return False
    session.apply({"end_turn": True})
    for _ in range(2):
        if not _play_elsewhere(session, fire_pile):
            return False
    return overdue_fire(session.view(0)) == fire_pile and {"end_turn": True} in session.legal_actions()


def _play_elsewhere(session: Session, avoid: int) -> bool:
    view = session.view(0)
    options = [a for a in session.legal_actions() if "play" in a and a["pile"] != avoid
               and a["play"] not in view["fire_cards"]]
    if not options:
        return False
    tops = view["piles"]
    best = min(options, key=lambda a: abs(a["play"] - tops[a["pile"]]["top"]))
    assert fits(best["play"], best["pile"], tops[best["pile"]]["top"])
    session.apply(best)
    return True


def bots_until(session: Session, done, limit: int = 2000) -> Session:
    """Let the bots act (and the person, through ``person(session)``) until ``done(session)``."""
    for _ in range(limit):
        if done(session):
            return session
        session.apply(session.bot_action())
    raise AssertionError("the position never came")


def twenty_three_turn(players: int = 3, seed: str = "tap") -> Session:
    """23: the person (seat 1) to play in round 1, after discarding their three highest cards."""
    session = Session(f"tt{seed}", "23", {"players": players}, seed,
                      people_and_bots(1, players - 1, "baseline"))
    for _ in range(500):
        state_view = session.view(0)
        if session.to_act == 0:
            if state_view["phase"] == "discard":
                session.apply([a for a in session.legal_actions(0) if "discard" in a][-1])
                continue
            return session
        session.apply(session.bot_action())
    raise AssertionError("the person's turn never came")


def eleusis_turn(players: int = 4, seed: str = "tap") -> Session:
    """Eleusis: the person (seat 1) to play; the last seat deals with a library rule."""
    session = Session(f"el{seed}{players}", "eleusis", {"players": players}, seed,
                      people_and_bots(1, players - 1, "baseline"))
    return bots_until(session, lambda s: s.to_act == 0 and s.view(0)["phase"] == "play")


def eleusis_prophet_judging(seed: str = "tap") -> Session:
    """Eleusis with five seats: the person became Prophet after their play and is to judge a bot's play."""
    session = eleusis_turn(5, seed)
    session.apply({"play": [session.view(0)["hand"][0]]})
    if session.view(0)["phase"] == "prophet_offer":
        session.apply({"prophet": True})
    return bots_until(session, lambda s: s.to_act == 0 and s.view(0)["phase"] == "prophet_judge")


def twenty_three_with_a_seat_dropped(players: int = 4, seed: str = "drop") -> Session:
    """23: the person (seat 1) to play in round 1 while a bot has dropped out of the round."""
    for attempt in range(100):
        session = Session(f"ttdrop{attempt}", "23", {"players": players}, f"{seed}-{attempt}",
                          people_and_bots(1, players - 1, "baseline"))
        for _ in range(400):
            view = session.view(0)
            if view["phase"] != "discard" and view["round"] > 1:
                break
            if session.to_act == 0:
                if view["phase"] == "discard":
                    session.apply([a for a in session.legal_actions(0) if "discard" in a][-1])
                    continue
                if "dropped" in view["status"] and view["status"][0] == "in":
                    return session
                session.apply({"pass": True})
                continue
            session.apply(session.bot_action())
    raise AssertionError("no bot dropped out")


def the_game_deep_piles(seed: str = "deep") -> Session:
    """The Game On Fire, alone: two-digit cards piled four deep on every pile, a fire card (two digits) in hand."""
    for attempt in range(300):
        session = Session(f"deep{attempt}", "the-game", {"players": 1, "on_fire": True, "expert": False,
                                                          "small_hands": False, "strict": False, "start": None},
                          f"{seed}-{attempt}", people_and_bots(1, 0, "baseline"))
        for _ in range(200):
            view = session.view(0)
            if session.is_over:
                break
            deep = all(len(p["cards"]) >= 4 and all(c >= 10 for c in p["cards"][-4:]) for p in view["piles"])
            if deep and any(c in view["fire_cards"] for c in view["hand"]) and overdue_fire(view) is None \
                    and not view["played_this_turn"]:
                return session
            plays = [a for a in session.legal_actions() if "play" in a and a["play"] not in view["fire_cards"]
                     and a["play"] >= 10]
            if view["played_this_turn"] and len(view["played_this_turn"]) >= 2 and {"end_turn": True} in \
                    session.legal_actions():
                session.apply({"end_turn": True})
            elif plays:
                tops = view["piles"]
                session.apply(min(plays, key=lambda a: abs(a["play"] - tops[a["pile"]]["top"])))
            else:
                break
    raise AssertionError("no deal piles up so")


def eleusis_knowing_the_rule(session: Session, pick, limit: int = 2000) -> Session:
    """An Eleusis round in which every seat knows the secret rule (the dealer writes "colours alternate") and nobody
    becomes Prophet: ``pick(state, seat, right, wrong)`` names the card the seat to act plays (``right`` and
    ``wrong``: its cards the rule accepts and refuses here), or None once the position wanted has come."""
    for _ in range(limit):
        state = session.state
        if state.phase == "rule":
            session.apply({"rule": "card.colour != prev.colour"})
        elif state.phase == "prophet_offer":
            session.apply({"prophet": False})
        elif state.phase == "play":
            seat = session.to_act
            judge = state.rule.judge
            right = [c for c in state.hands[seat] if judge(state.mainline, c)]
            wrong = [c for c in state.hands[seat] if not judge(state.mainline, c)]
            card = pick(state, seat, right, wrong)
            if card is None:
                return session
            session.apply({"play": [card]})
        else:
            raise AssertionError(f"unexpected phase {state.phase}")
    raise AssertionError("the position never came")


def eleusis_big_hand(players: int = 8, cards: int = 28, seed: str = "big") -> Session:
    """Eleusis: the person (seat 1) to play, holding ``cards`` cards: everyone plays wrong cards (each takes two
    more); nobody becomes Prophet. The rule: colours alternate."""
    session = Session(f"elbig{players}x{cards}", "eleusis", {"players": players}, seed,
                      people_and_bots(1, players - 1, "baseline"))

    def pick(state, seat, right, wrong):
        if seat == 0 and len(state.hands[0]) >= cards:
            return None
        return (wrong or right)[0]

    return eleusis_knowing_the_rule(session, pick)


def eleusis_dealer(players: int = 4, seed: str = "deal") -> Session:
    """Eleusis: the person (seat 1) deals the first round and is to write the secret rule."""
    session = Session(f"eldeal{players}", "eleusis", {"players": players, "first_dealer": 0}, seed,
                      people_and_bots(1, players - 1, "baseline"))
    assert session.to_act == 0 and session.view(0)["phase"] == "rule"
    return session


def twenty_three_round_two(seed: str = "summary") -> Session:
    """23, the person and a bot: round 1 has just ended (its summary opens by itself when the table is shown), round
    2's discard under way."""
    session = Session(f"tt2{seed}", "23", {"players": 2}, seed, people_and_bots(1, 1, "baseline"))
    for _ in range(2000):
        if session.state.round == 2:
            return session
        if session.bot_to_act():
            session.apply(session.bot_action())
            continue
        legal = session.legal_actions(0)
        session.apply(next((a for a in legal if "play" in a or "discard" in a),
                           {"drop_out": True} if {"drop_out": True} in legal else legal[0]))
    raise AssertionError("round 2 never came")


def eleusis_dealer_judging(seed: str = "verdict") -> Session:
    """Eleusis: the person (seat 1) deals the first round judging by hand, has accepted the first card, and is to
    judge a bot's play."""
    session = eleusis_dealer(4, seed)
    session.apply({"manual": True})
    session.apply({"judge": True})  # the first card turned up starts the mainline
    return bots_until(session, lambda s: s.to_act == 0 and s.view(0)["phase"] == "dealer_judge"
                      and not s.view(0)["pending"].get("no_play"))


def eleusis_science_daily(day: str = "2026-11-22") -> Session:
    """Today's solo science puzzle (a medium library rule, the date as seed), counted as the daily challenge."""
    return Session(f"scidaily{day.replace('-', '')}", "eleusis-science", {"level": "medium"}, day,
                   [Seat("person", "Player 1")], mode="daily")


ALTERNATE = "card.colour != prev.colour"


def eleusis_science_sideline(wrong: int, seed: str = "side") -> Session:
    """Solo science (the secret rule: colours alternate): three cards on the mainline (the first turned up from the
    stock), then ``wrong`` wrong cards played after the third, so they hang under it; the person to play."""
    for attempt in range(100):  # a deal whose hand keeps holding a wrong card
        session = Session(f"scisideline{wrong}", "eleusis-science", {"rule": ALTERNATE}, f"{seed}-{attempt}",
                          [Seat("person", "Player 1")])
        while len(session.state.mainline) < 3 or len(session.state.sidelines[2]) < wrong:
            state = session.state
            judge = state.rule.judge
            wanted = [c for c in state.hand if judge(state.mainline, c) == (len(state.mainline) < 3)]
            if not wanted:
                break
            session.apply({"play": wanted[0]})
        else:
            return session
    raise AssertionError("no deal gives such a sideline")


def eleusis_table_sideline(wrong: int, players: int = 4, seed: str = "side") -> Session:
    """An Eleusis table (colours alternate) whose second mainline card has ``wrong`` wrong cards under it, played
    by every seat in turn (then the others play right cards after it); the person (seat 1) to play."""
    session = Session(f"elsideline{wrong}", "eleusis", {"players": players}, seed,
                      people_and_bots(1, players - 1, "baseline"))

    def under_second(state) -> int:
        return sum(len(g["cards"]) for g in state.sidelines[1]) if len(state.sidelines) > 1 else 0

    def pick(state, seat, right, wrong_cards):
        if len(state.mainline) < 2:
            return right[0] if right else wrong_cards[0]
        if under_second(state) >= wrong:
            return None if seat == 0 else (right or wrong_cards)[0]
        return wrong_cards[0] if len(state.mainline) == 2 else None

    session = eleusis_knowing_the_rule(session, pick)
    assert under_second(session.state) == wrong and session.to_act == 0, session.state.sidelines
    return session


def near_the_end(session: Session, left: int, at) -> Session:
    """``session`` (a new deal, its seats as the test's table has them: people, phones, bots) advanced to a position
    near the end of its game: the game is played to its end by baseline bots in every seat (on a copy), and
    ``session`` takes that game's actions up to the last position with at least ``left`` actions to go where
    ``at(session)`` holds (a phone's turn the test wants to see, say). For the tests of several phones whose whole
    game from the deal is not what they test (docs/testing.md): they open it as a save on the host
    (``open_save``), which pairs each phone seat anew, and play the rest by taps."""
    played = Session("played", session.game, session.config, session.seed,
                     [Seat("bot", f"Bot {i + 1}", "baseline") for i in range(len(session.seats))])
    while not played.is_over:
        played.apply(played.bot_action())
    trial = Session(session.id, session.game, session.config, session.seed, session.seats)
    cut = None
    for n, action in enumerate(played.actions[:len(played.actions) - left + 1]):
        if at(trial):
            cut = n
        trial.apply(action)
    if cut is not None:
        for action in played.actions[:cut]:
            session.apply(action)
        return session
    raise AssertionError("no such position in the bots' game")


def phones_seats(kinds: list[str]) -> list[Seat]:
    """Seats as the setup screen makes them from its Here / Phone / Bot toggles (``Player N``, ``Bot N``)."""
    return [Seat("bot", f"Bot {i + 1}", "baseline") if kind == "bot" else
            Seat("person", f"Player {i + 1}", phone=kind == "phone") for i, kind in enumerate(kinds)]


def the_game_on_phones_near_the_end(seed: str = "phones-tg-1") -> Session:
    """The Game on four seats (the host, two phones, a bot): every card drawn, the first phone (seat 2) to start its
    turn. Played on by ``the_game_person(reckless_after=0)`` it is lost within ten actions, with cards the second
    phone never sees still in the other hands (what ``recorded_twin`` moves: a game won with every card played
    would leave nothing hidden to check)."""
    session = Session("tgphonesend", "the-game", {"players": 4}, seed,
                      phones_seats(["person", "phone", "phone", "bot"]))
    return near_the_end(session, 25, lambda s: s.to_act == 1 and not s.view(1)["played_this_turn"])


def twenty_three_on_phones_near_the_end(seed: str = "phones-23-1") -> Session:
    """23 on four seats (the host and three phones): round 2 under way (its discards made), the third seat's phone
    (seat 3) to play, some fifteen actions before the bots' game ended."""
    session = Session("ttphonesend", "23", {"players": 4}, seed, phones_seats(["person", "phone", "phone", "phone"]))
    return near_the_end(session, 15, lambda s: s.to_act == 2 and s.state.round == 2 and s.state.phase == "play")
