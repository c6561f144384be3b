"""A phone is sent only what its seat may know, checked with twin deals.

A whole game is played with one seat on a phone, and every message the phone receives is recorded. Then the same
game is played again, action for action, on a *twin deal*: every card the phone never sees in the first game
(the other hands, the draw pile or stock, the cards left in the box) is moved to another of those hidden places.
If the host sent the phone anything of what is hidden — another hand, the order of the stock, the box, a card
carried in a log entry — the twin's messages would differ somewhere. They must be the same, byte for byte.

Eleusis's secret rule is checked apart: no message names it (its text, its library id, its words) while the
phone's seat is not dealing, before the round that uses it is over.
"""
from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from tests.net.test_playing_on_phones import hosted
from tests.ui.phoneskit import Room, host_table, join, play_to_end

GUEST = 1
CARD = re.compile(r"^(?:[A2-9JQK]|10)[SHDC]$")


def _scramble(zones: list[list], keep: set, seed: str) -> None:
    """Move every card not in ``keep`` to another hidden place (in place; the zones keep their sizes)."""
    spots = [(z, i) for z, zone in enumerate(zones) for i, card in enumerate(zone) if card not in keep]
    cards = [zones[z][i] for z, i in spots]
    random.Random(seed).shuffle(cards)
    for (z, i), card in zip(spots, cards):
        zones[z][i] = card


def twin_deals(monkeypatch, game: str, keep: set, seed: str) -> list:
    """Make the engine deal twins: the same deal with every card outside ``keep`` and outside the phone's hand
    moved among the hidden places. Returns a list that counts the cards moved at each deal."""
    moved = []
    if game == "the-game":
        from junban.games.the_game import rules
        original = rules.deal

        def deal(config, deal_seed):
            draw, hands = original(config, deal_seed)
            before = [list(draw)] + [list(h) for h in hands]
            zones = [draw] + [h for s, h in enumerate(hands) if s != GUEST]
            _scramble(zones, keep | set(hands[GUEST]), seed)
            moved.append(sum(a != b for z0, z1 in zip(before, [draw] + hands) for a, b in zip(z0, z1)))
            return draw, hands

        monkeypatch.setattr(rules, "deal", deal)
    elif game == "23":
        from junban.games.twenty_three import rules
        original = rules.deal_round

        def deal_round(players, deal_seed, round_number):
            # Cards are alike by number, so what stays hidden is counted per hand: a card a player never plays nor
            # discards this round is never seen by anyone, nor is the box. Those swap places.
            hands, box = original(players, deal_seed, round_number)
            before = [list(h) for h in hands] + [list(box)]
            spots = [("box", i) for i, card in enumerate(box) if card != rules.LOWEST]
            for seat, hand in enumerate(hands):
                if seat == GUEST:
                    continue
                used = list(keep.get((round_number, seat), []))
                for i, card in enumerate(hand):
                    if card in used:
                        used.remove(card)
                    elif card != rules.LOWEST:
                        spots.append((seat, i))
            cards = [box[i] if where == "box" else hands[where][i] for where, i in spots]
            random.Random(f"{seed}-{round_number}").shuffle(cards)
            for (where, i), card in zip(spots, cards):
                (box if where == "box" else hands[where])[i] = card
            after = [sorted(h) for h in hands] + [sorted(box)]
            moved.append(sum(sum((Counter(a) - Counter(b)).values()) for a, b in zip(before, after)))
            return after[:-1], after[-1]

        monkeypatch.setattr(rules, "deal_round", deal_round)
    else:
        from junban.games.eleusis import rules
        original = rules._deal

        def deal(state):
            original(state)
            before = [list(h) for h in state.hands] + [list(state.stock)]
            zones = [state.stock] + [h for s, h in enumerate(state.hands) if s != GUEST]
            _scramble(zones, keep.get(state.round, set()) | set(state.hands[GUEST]), f"{seed}-{state.round}")
            moved.append(sum(a != b for z0, z1 in zip(before, state.hands + [state.stock]) for a, b in zip(z0, z1)))

        monkeypatch.setattr(rules, "_deal", deal)
    return moved


def seen_cards(game: str, messages: list[str], actions: list[dict], config: dict, seed: str):
    """What must stay where it was in a twin deal. The Game: every card the phone saw in any message or that was
    played (a card exists once). 23: per round and seat, the cards that seat played or discarded (cards are alike
    by number, so the rest of a hand is what nobody sees). Eleusis: per round, every card the phone saw."""
    if game == "23":
        from junban.games.twenty_three import rules

        used: dict = {}
        state = rules.new_game(config, seed)
        for action in actions:
            seat, round_number = rules.acting_seat(state, action), state.round
            used.setdefault((round_number, seat), []).extend(action.get("play") or action.get("discard") or [])
            state = rules.apply(state, action)
        return used
    seen: dict = {}

    def walk(value, into: set, key=None):
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, into, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, into, key)
        elif game == "eleusis" and isinstance(value, str) and CARD.match(value):
            into.add(value)
        elif game == "the-game" and type(value) is int and key in CARD_KEYS:
            into.add(value)

    for text in messages:
        message = json.loads(text)
        if game == "eleusis" and message["t"] == "update":  # a view: this round's table (earlier rounds apart)
            view = dict(message["view"])
            for number, finished in enumerate(view.pop("rounds")):  # finished rounds, as they ended
                walk(finished, seen.setdefault(number, set()))
            walk(view, seen.setdefault(view["round"], set()))  # rounds count from 0 in the engine
        elif game == "eleusis" and message["t"] == "log":
            for _, _, event in message["entries"]:  # the log counts rounds from 1; a round's last move is named
                for number in (event["round"] - 1, event["round"] - 2):  # after the round it opens
                    walk(event, seen.setdefault(number, set()))
        else:
            walk(message, seen.setdefault(0, set()))
    if game == "the-game":
        everything = set().union(*seen.values())
        for action in actions:
            walk(action, everything, "play")
        return everything
    return seen  # round 0: what no round claims (finished rounds, as the view keeps them, are of their own round)


CARD_KEYS = {"hand", "cards", "played_this_turn", "fire_cards", "top", "play", "card"}  # The Game's cards


def received(room: Room, platform) -> list[str]:
    """What the phone was sent, in order (heartbeats left out: they carry nothing and come as time passes)."""
    conns = set(room.network.connections_of(platform))
    return [text for sender, conn, text in room.network.sent
            if sender is not platform and conn in _peers(room, conns) and '"t":"ping"' not in text]


def _plain(text: str) -> str:
    """A message without its sequence numbers (they count heartbeats too, which come as time passes), and with
    only the length of the log in its position mark: the rest is a digest keyed by the host's own secret (a new
    one at each table: ``Host.mark_key``), which tells a phone nothing it could try secret choices against."""
    message = json.loads(text)
    message.pop("s", None)
    message.pop("of", None)
    if isinstance(message.get("at"), str):
        message["at"] = message["at"].partition(".")[0]
    return json.dumps(message, sort_keys=True)


def test_a_position_mark_is_keyed_by_the_hosts_secret():
    """A phone cannot check a guess at a secret choice against the mark it is sent (the mark of a log that holds
    23's discards was once a plain checksum of it)."""
    from junban.net import protocol

    log = [{"discard": [4, 9, 23], "seat": 0}]
    assert protocol.position_mark(log, b"a" * 16) != protocol.position_mark(log, b"b" * 16)
    assert protocol.position_mark(log, b"a" * 16) == protocol.position_mark(list(log), b"a" * 16)
    assert protocol.position_mark(log, b"a" * 16).startswith("1.")


def _peers(room: Room, conns: set) -> set:
    """The host's ends of the phone's connections."""
    return {end.peer.conn_id for (_, conn), end in room.network._ends.items()
            if conn in conns and end.peer is not None}


def play_recorded(game: str, kinds: list[str], monkeypatch=None, keep=None, twin_seed=None, actions=None):
    """Play a whole game (or replay ``actions``, each by whoever is to act) with seat GUEST on a phone; return
    (the host's actions, what the phone received with the table's name taken out, the cards moved by twinning)."""
    moved = twin_deals(monkeypatch, game, keep, twin_seed) if keep is not None else []
    room = Room()
    # The same deal each time; The Game's first player (whoever holds the card nearest a pile's start) is fixed,
    # as twins may differ there.
    fields = {"seed": f"privacy-{game}", **({"opt-start": "0"} if game == "the-game" else {})}
    host, _ = hosted(room, game, kinds, fields=fields)
    table = host_table(host)
    guest, platform = join(room, host, GUEST)
    if actions is None:
        play_to_end(room, host, {GUEST: guest})
    else:
        for action in actions:
            seat = table.session.to_act
            if seat == GUEST:
                guest.screen.act(action)
                room.run(1.0)
                assert table.session.actions[-1:] == [action], \
                    f"the phone's {action} was not taken: {[n.text for n in guest.services.notices]} " \
                    f"{vars(guest.services.guest)} {table.session.actions[-3:]}"
            else:
                table.viewer = seat
                assert table.act(action), f"the twin refused {action}: {[n.text for n in host.services.notices]}"
            room.run(1.0)
    assert table.session.is_over
    messages = [_plain(m.replace(table.session.id, "<table>")) for m in received(room, platform)]
    return list(table.session.actions), messages, moved, table


TABLES = {
    "the-game": ["person", "phone", "person"],
    "23": ["person", "phone", "person"],
    "eleusis": ["person", "phone", "person", "person"],
}


@pytest.mark.parametrize("game", ["the-game", "23", "eleusis"])
def test_a_phone_receives_the_same_bytes_whatever_it_cannot_see(game, monkeypatch):
    kinds = TABLES[game]
    actions, first, _, table = play_recorded(game, kinds)
    assert len(first) > 20
    keep = seen_cards(game, first, actions, table.session.config, table.session.seed)
    actions_twin, twin, moved, _ = play_recorded(game, kinds, monkeypatch, keep, "twin", actions)
    assert actions_twin == actions
    assert sum(moved) >= 10, f"the twin deal moved only {moved} hidden cards"
    assert len(twin) == len(first)
    for n, (a, b) in enumerate(zip(first, twin)):
        assert a == b, f"message {n} differs: the phone was sent something hidden\n{a[:400]}\n{b[:400]}"


def test_eleusis_a_phone_never_hears_a_secret_rule_before_its_round_is_over():
    actions, messages, _, table = play_recorded("eleusis", TABLES["eleusis"])
    rounds = table.session.view(0)["rounds"]
    assert len(rounds) == 4
    for number, round_ in enumerate(rounds):  # the engine counts rounds from 0
        if round_["dealer"] == GUEST:
            continue
        secrets = [s for s in (round_.get("rule"), round_.get("rule_id"), *(round_.get("words") or {}).values(),
                               *(round_.get("name") or {}).values()) if s]
        assert secrets, round_
        checked = 0
        for text in messages:
            message = json.loads(text)
            if message["t"] != "update":
                continue
            if message["view"]["round"] == number and message["view"]["phase"] != "over" \
                    and len(message["view"]["rounds"]) <= number:
                checked += 1
                for secret in secrets:
                    assert json.dumps(secret)[1:-1] not in text, f"round {number}'s rule reached the phone"
        assert checked >= 5, f"round {number}: only {checked} updates while it was played"
    # ... while the phone dealing knows its own rule (the check above would have seen it).
    mine = next(r for r in rounds if r["dealer"] == GUEST)
    assert any(json.dumps(mine["rule"])[1:-1] in text for text in messages)


def _discard_phase_heard(discards: dict) -> tuple[list[str], list]:
    """A 23 table (Player 1 and Player 3 here, Player 2 on a phone) through its first discard: the others discard
    ``discards[seat]`` (an index into their choices), the phone its three highest cards. What the phone was sent,
    until the round opened, and the table's log."""
    room = Room()
    host, _ = hosted(room, "23", TABLES["23"], fields={"seed": "privacy-discard"})
    table = host_table(host)
    guest, platform = join(room, host, GUEST)
    session = table.session
    for seat, choice in discards.items():
        table.viewer = seat
        assert table.act(session.legal_actions(seat)[choice])
        room.run(1.0)
    hand = session.view(GUEST)["hand"]
    guest.screen.act({"discard": sorted(hand)[-3:], "seat": GUEST})
    room.run(1.0)
    assert session.state.phase == "play"
    return [_plain(m.replace(session.id, "<table>")) for m in received(room, platform)], list(session.actions)


def test_23_a_phone_learns_nothing_of_another_seats_discard():
    """Two tables dealt alike whose other seats discard other cards: the phone is sent the same bytes, before its
    own discard and after, up to the round's opening (who discarded, never what)."""
    heard, actions = _discard_phase_heard({0: 0, 2: 0})
    twin, twin_actions = _discard_phase_heard({0: -1, 2: 5})
    assert [a["discard"] for a in actions[:2]] != [a["discard"] for a in twin_actions[:2]]
    assert any('"phase":"play"' in m.replace(" ", "") for m in heard), "the round opened"
    assert len(heard) == len(twin)
    for n, (a, b) in enumerate(zip(heard, twin)):
        assert a == b, f"message {n} differs: the phone learnt another seat's discard\n{a[:400]}\n{b[:400]}"
