"""Twin games: what one seat's phone is sent must not depend on anything that seat may not know.

A game is played (game A) at a host with one seat (the *guest*) on a phone; every message the host sends that phone
is recorded. Then its twin (game B) is played at a new host: the same public game, action for action, but with
everything the guest may not know changed —

- **the deal's seed**: B's table has another seed (B deals A's cards all the same: the engines' generators are
  given A's seed whenever they ask for B's), so anything made from the seed (the bots' seed, the seed itself)
  differs;
- **the hidden cards**: every card the guest never sees in A (other hands, the draw pile or stock, the box) is moved
  to another hidden place (``scramble``);
- **the hidden choices of the other seats**, people and bots alike: 23's secret discards are other cards of the
  discarding hand; an Eleusis dealer's rule, when the guest does not deal, is another rule that judges every card of
  the round alike (the same rule written otherwise, or another library rule that happens to agree on all that was
  played).

The guest's messages of A and B must then be the same, byte for byte — sequence numbers aside (they count
heartbeats, which come as time passes), and an Eleusis round's rule once the round is over (then it is shown to
everyone). Bots play from a script in both twins (``Session.bot_action``): what a bot chose is a hidden choice
like any other.

``twin_case`` plays one such pair and returns what differs (nothing, if the host keeps its secrets). The suite runs a
seeded slice (tests/net/test_phones_privacy.py); ``tools/twin_phones.py`` runs many.
"""
from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field

from junban.net import guest as guest_net
from junban.session import Session
from tests.ui.fakeplatform import FakePlatform
from tests.ui.phoneskit import Room, host_table

SEED_B = "twin-b"  # B's seed (A's is the case's)
GAMES = ("the-game", "23", "eleusis")
PLAYERS = {"the-game": (2, 3, 4, 5), "23": (2, 3, 4), "eleusis": (3, 4, 5)}


@dataclass
class Case:
    """One twin pair: the game, its seats (``person`` at the host, ``phone``, ``bot``), the guest's seat, and the
    seed of the choices every seat makes."""

    game: str
    kinds: list
    guest: int
    choices: int
    max_actions: int = 400
    rounds: int = 2  # Eleusis: rounds played before someone stops the game
    seed: str = "twin-a"  # A's deal (B deals the same cards from another seed)
    config: dict | None = None  # the game's settings (None: the seat count, The Game's first player pinned)
    script: list | None = None  # A's actions as (seat, action), played as they are (a recorded game), else random

    def __repr__(self) -> str:
        return (f"Case({self.game!r}, {self.kinds}, guest={self.guest}, choices={self.choices}"
                f"{f', rounds={self.rounds}' if self.game == 'eleusis' else ''})")


@dataclass
class Played:
    actions: list  # (actor seat, action) in the order applied, undone runs included
    messages: list  # what the guest's phone was sent, plain (``plain``)
    session: Session
    varied: dict = field(default_factory=dict)  # what B changed: cards moved, discards and rules chosen otherwise
    marks: int = 0  # A's position marks checked to be digests of what the phone was sent (check_marks)
    marks_wrong: str | None = None  # ... or why one is not


def recorded_case(record: dict, guest: int) -> Case:
    """A game played (a host's save: its deal, seats and actions) as a twin case for the phone of ``guest``: A
    replays it as it was."""
    from junban.games import load_game

    module = load_game(record["game"])
    config = dict(record["config"])
    state = module.new_game(config, record["seed"])
    if record["game"] == "the-game":  # as the twin pins it: the seat that started
        config["start"] = state.active
    script = []
    acting = getattr(module, "acting_seat", None)
    for action in record["actions"]:
        seat = acting(state, action) if acting else module.to_act(state)
        script.append((seat, action))
        state = module.apply(state, action)
    kinds = ["bot" if s["kind"] == "bot" else "phone" if i == guest else "person"
             for i, s in enumerate(record["seats"])]
    return Case(record["game"], kinds, guest, 0, seed=record["seed"], config=config, script=script)


def make_case(game: str, players: int, guest: int, bots: int, choices: int, max_actions: int = 400,
              rounds: int = 2) -> Case:
    """A case with ``bots`` bots among the seats other than the guest's (the last ones), the others people at the
    host."""
    kinds = ["person"] * players
    kinds[guest] = "phone"
    others = [s for s in range(players) if s != guest]
    for seat in others[len(others) - bots:] if bots else []:
        kinds[seat] = "bot"
    return Case(game, kinds, guest, choices, max_actions, rounds)


# ---------------------------------------------------------------------- playing at a host, with a phone


class Table:
    """A host's table with the guest's seat on a phone (a bare ``junban.net.guest.Guest``: the protocol as the
    phone runs it, without drawing its table)."""

    def __init__(self, case: Case, seed: str, applied: list):
        from junban.session import Seat

        self.case = case
        self.applied = applied  # (seat, action) as the host's game applied them
        self.room = Room()
        app, _ = self.room.phone("#/")
        services = app.services
        seats = [Seat("bot", f"Bot {i + 1}", "baseline") if kind == "bot" else
                 Seat("person", f"Player {i + 1}", phone=kind == "phone") for i, kind in enumerate(case.kinds)]
        # The Game's first player is whoever holds the card nearest a pile's start: pinned, as twins may differ there.
        config = case.config or {"players": len(case.kinds), **({"start": 0} if case.game == "the-game" else {})}
        session = services.create_session(case.game, config, seed, seats)
        services.show_new_table(session)
        app.render()
        self.room.run(0.2)
        self.host = app
        self.table = host_table(app)
        self.session = self.table.session
        self.platform = self.room.network.join(FakePlatform(hash_text="#/"))
        self.platform.clock = self.room.now
        self.room.phones.append((None, self.platform))
        link = self.table.hosting.links[case.guest].code
        pairing = guest_net.Pairing(link.split("#/join?p=", 1)[1])
        self.guest = guest_net.Guest(self.platform, pairing, lambda what: None)
        self.guest.start()
        self.room.run(0.2)
        self.table.phones_seat = case.guest
        app.field("phones-answer", self.guest.answer_code, final=True)
        self.room.run(0.5)
        assert self.guest.status == "playing", self.guest.status

    def act(self, seat: int, action: dict) -> None:
        """``seat`` takes ``action``: the guest on its phone, a person at the host (a bot plays by itself: its
        table's bot timer asks ``Session.bot_action``, which the test answers)."""
        before = len(self.applied)
        if seat == self.case.guest:
            self.guest_heard()
            self.guest.act(action)
        else:
            assert not self.session.seats[seat].is_bot
            self.table.viewer = seat
            assert self.table.act(action), f"the host refused {action}: {[n.text for n in self.host.services.notices]}"
            self.host.render()  # as the app does after every tap (a bot to act is then given its timer)
        self.room.run(1.0)
        assert len(self.applied) > before and self.applied[before] == (seat, action), \
            f"{seat}'s {action} was not taken ({self.applied[before:]}; guest: {self.guest.problem})"

    def guest_heard(self) -> None:
        """Let the host's last update reach the phone (a bot may have acted at the very end of the last second)."""
        for _ in range(40):
            if self.guest.game.at and self.guest.game.to_act == self.session.to_act:
                return
            self.room.run(0.05)
        raise AssertionError(f"the phone never heard that seat {self.session.to_act} is to act")

    def bot_acts(self) -> None:
        """The bot to act plays (by its table's own timer)."""
        before = len(self.applied)
        for _ in range(5):
            self.room.run(1.0)
            if len(self.applied) > before:
                return
        said = [n.text for n in self.host.services.notices]
        raise AssertionError(f"the bot in seat {self.session.to_act} did not act ({said})")

    def received(self) -> list[str]:
        """What the guest's phone was sent, in order (heartbeats left out)."""
        network = self.room.network
        mine = set(network.connections_of(self.platform))
        theirs = {end.peer.conn_id for (_, conn), end in network._ends.items() if conn in mine and end.peer}
        return [text for sender, conn, text in network.sent
                if sender is not self.platform and conn in theirs and '"t":"ping"' not in text]


def plain(text: str, table_id: str) -> str:
    """A message without what legitimately differs between twins: its sequence numbers, the table's name (also
    inside the host's spare pairing code: checked to be one for this table, else only fresh connection
    credentials), and an Eleusis round's rule once that round is over (it is then shown to everyone)."""
    message = json.loads(text.replace(table_id, "<table>"))
    message.pop("s", None)
    if message.get("t") == "spare":  # a fresh connection's pairing code for this same seat: nothing of the game
        pairing = guest_net.Pairing(message["code"])
        assert pairing.table_id == table_id and set(message) == {"v", "t", "code"}, message
        message["code"] = "<a pairing code for this table and seat>"
    message.pop("of", None)
    if _shown_rules(message) and "at" in message:
        message["at"] = "<a digest of this message: check_marks>"
    return json.dumps(message, sort_keys=True, ensure_ascii=False)


def _shown_rules(value) -> bool:
    """Blank the rule of every finished Eleusis round (a round's record has its ``scores``); was there one?"""
    found = False
    if isinstance(value, dict):
        if "scores" in value and "rule_id" in value:
            for key in ("rule", "rule_id", "name", "words"):
                value[key] = "<shown>"
            found = True
        for item in value.values():
            found = _shown_rules(item) or found
    elif isinstance(value, list):
        for item in value:
            found = _shown_rules(item) or found
    return found


def check_marks(texts: list[str]) -> int:
    """Every update's position mark is the digest of what the phone was sent (``protocol.position_mark`` of the
    log it holds and the update's own fields), so it tells nothing more; how many were checked."""
    from junban.net import protocol

    entries: list = []
    chain: list = []  # the log's digest after each entry
    checked = 0
    for text in texts:
        message = json.loads(text)
        if message["t"] == "log":
            entries = entries[:message["from"]] + message["entries"]
            del chain[message["from"]:]
        elif message["t"] == "update":
            for entry in entries[len(chain):]:
                chain.append(protocol.log_digest(chain[-1] if chain else protocol.NO_LOG, entry))
            digest = chain[len(entries) - 1] if entries else protocol.NO_LOG
            fields = {k: message[k] for k in ("view", "to_act", "deciding", "over", "outcome", "legal", "log_len")}
            count = int(message["at"].split(".", 1)[0])
            assert message["at"] == protocol.position_mark(count, digest, fields), \
                f"update {checked}: its mark is not the digest of what the phone was sent"
            checked += 1
    return checked


def _record_applies(monkeypatch, into: list) -> None:
    original = Session.apply

    def apply(self, action):
        seat = self.acting_seat(action)
        original(self, action)
        into.append((seat, action))

    monkeypatch.setattr(Session, "apply", apply)


def _scripted_bots(monkeypatch, decide) -> None:
    """Bots play what the test decides (``decide(session, seat)``; A: the seats' random choices, B: A's script),
    asked through the table's own bot timer as always."""
    monkeypatch.setattr(Session, "bot_action", lambda self: decide(self, self.bot_seat()))


# ---------------------------------------------------------------------- game A: every seat chooses at random


def _undrawn(monkeypatch) -> None:
    """The host's page is not drawn (nothing a phone is sent depends on drawing): what follows a drawing, bots'
    timers and the phones' sync, still runs (a twin pair then takes a third of the time)."""
    from junban.ui.app import App

    def render(self):
        after = getattr(self.screen, "after_render", None)
        if after is not None:
            after()

    monkeypatch.setattr(App, "render", render)


def play_a(case: Case, monkeypatch) -> Played:
    _undrawn(monkeypatch)
    applied: list = []
    _record_applies(monkeypatch, applied)
    rng = random.Random(case.choices)
    choose = CHOOSERS[case.game]
    ending = []  # past max_actions: Eleusis stops, the others play on plainly

    def decide(session, seat, legal=None):
        if ending and case.game == "eleusis":
            return {"stop": True}
        return choose(rng, session.state, seat, session.legal_actions(seat) if legal is None else legal, case,
                      bool(ending))

    _scripted_bots(monkeypatch, decide)
    if case.script is not None:  # a recorded game: its actions as they were
        queue = list(case.script)

        def decide(session, seat, legal=None):
            # The recording's next action of ``seat``; the ones before it are other seats' decisions taken at the
            # same time (23's discard), which the table may take in another order.
            deciding = session.seats_to_act
            at = next((i for i, (want, _) in enumerate(queue) if want == seat), None)
            assert at is not None and all(want in deciding for want, _ in queue[:at]), \
                f"the recording has seat {queue[0][0]} next, the table seat {seat}"
            return queue.pop(at)[1]

        _scripted_bots(monkeypatch, decide)
    table = Table(case, case.seed, applied)
    while not table.session.is_over and len(applied) < case.max_actions * 3:
        if len(applied) >= case.max_actions:
            ending.append(True)
        deciding = table.session.seats_to_act
        if not deciding:  # (a bot's last action ended it)
            break
        if table.session.bot_seat() is not None:  # a bot the game waits for acts first, by its own timer
            table.bot_acts()
        else:
            seat = queue[0][0] if case.script is not None else deciding[0]
            if seat == case.guest:
                table.guest_heard()
            legal = table.guest.game.legal_actions() if seat == case.guest else None
            table.act(seat, decide(table.session, seat, legal))
    assert table.session.is_over, f"{case}: not over after {len(applied)} actions"
    texts = table.received()
    played = Played(list(applied), [plain(m, table.session.id) for m in texts], table.session)
    try:
        played.marks = check_marks(texts)
    except AssertionError as err:
        played.marks_wrong = str(err)
    return played


def _choose_the_game(rng, state, seat, legal, case, ending):
    from tests.ui.phoneskit import _the_game_play

    marks = [a for a in legal if "mark" in a and a.get("seat") == seat]
    if marks and rng.random() < 0.08 and not ending:
        return rng.choice(marks)
    if {"undo": True} in legal and rng.random() < 0.06 and not ending:
        return {"undo": True}
    if {"end_turn": True} in legal and (rng.random() < 0.6 or not any("play" in a for a in legal)):
        return {"end_turn": True}
    plays = [a for a in legal if "play" in a]
    rng.shuffle(plays)
    return _the_game_play(plays or legal, state)  # a play after which the turn's minimum can still be reached


def _choose_23(rng, state, seat, legal, case, ending):
    plays = [a for a in legal if "play" in a]
    if "discard" in legal[0]:
        return rng.choice(legal)
    roll = rng.random()
    if plays and (roll < 0.75 or state.forced or ending):
        return rng.choice(plays)
    others = [a for a in legal if "play" not in a]
    return rng.choice(others) if others else legal[0]


def _choose_eleusis(rng, state, seat, legal, case, ending):
    from junban.games.eleusis import library, rules as el

    if state.phase == "rule":
        rule = rng.choice(library.all_rules())
        if rng.random() < 0.5:
            return {"rule_id": rule.id, "library_hint": False}
        return {"rule": rule.rule}
    if state.phase == "play":
        if state.round >= case.rounds:  # rounds are long: a game of a few is enough here
            return {"stop": True}
        hand = state.hands[seat]
        right = [c for c in hand if el.judge_cards(state.rule, state.mainline, [c])]
        roll = rng.random()
        if right and roll < 0.65:
            return {"play": [rng.choice(right)]}
        if roll < 0.9:
            return {"play": [rng.choice(hand)]}
        return {"no_play": True}
    if state.phase == "prophet_offer":
        return {"prophet": rng.random() < 0.5}
    if state.phase in ("prophet_judge", "dealer_judge", "starter"):
        right, card = el._truth(state)
        if rng.random() < 0.1:
            right = not right
            card = None if right else next(iter(state.pending.get("hand") or []), None) \
                if state.pending and state.pending.get("no_play") else None
        return {"judge": True} if right else ({"judge": False, "card": card} if card else {"judge": False})
    return next(a for a in legal if "stop" not in a)


CHOOSERS = {"the-game": _choose_the_game, "23": _choose_23, "eleusis": _choose_eleusis}


# ---------------------------------------------------------------------- game B: the same public game, all else changed


def play_b(case: Case, a: Played, monkeypatch) -> Played:
    varied: dict = {"cards moved": 0, "discards": 0, "rules": 0, "rules kept": 0}
    script = transform(case, a, varied)
    _undrawn(monkeypatch)
    _same_generators(monkeypatch, case.game, case.seed)
    _twin_deals(monkeypatch, case, a, varied)
    applied: list = []
    _record_applies(monkeypatch, applied)
    queue = list(script)

    def next_action(session, seat):
        want, action = queue.pop(0)
        assert want == seat, f"the script has seat {want} next, the table seat {seat}"
        if callable(action):  # decided at B's table (23's discards: from B's hand)
            action = action(session.state)
            varied["discards"] += 1
        return action

    _scripted_bots(monkeypatch, next_action)
    table = Table(case, SEED_B, applied)
    while queue:
        seat = queue[0][0]
        if table.session.seats[seat].is_bot:
            table.bot_acts()
        else:
            table.act(seat, next_action(table.session, seat))
    assert table.session.is_over
    return Played(list(applied), [plain(m, table.session.id) for m in table.received()], table.session, varied)


def _same_generators(monkeypatch, game: str, seed_a: str) -> None:
    """B's engine deals A's cards: its generators get A's seed when they ask for B's (what is made from B's seed
    otherwise, the bots' seed first, stays B's)."""
    import importlib

    import junban.rng as rng_module
    from junban.games import GAME_MODULES

    original = rng_module.rng_for

    def rng_for(seed, *parts):
        return original(seed_a if seed == SEED_B else seed, *parts)

    monkeypatch.setattr(importlib.import_module(GAME_MODULES[game] + ".rules"), "rng_for", rng_for)


def transform(case: Case, a: Played, varied: dict) -> list:
    """A's actions as B's seats take them: the other seats' hidden choices changed."""
    if case.game == "23":
        return _transform_23(case, a)
    if case.game == "eleusis":
        return _transform_eleusis(case, a, varied)
    return list(a.actions)


def _transform_23(case: Case, a: Played) -> list:
    from junban.games.twenty_three import rules

    played, lapsed = _plays_23(a)
    script = []
    state = rules.new_game(a.session.config, a.session.seed)
    for seat, action in a.actions:
        if "discard" in action and seat != case.guest and (state.round, seat) not in lapsed:
            later = Counter(played.get((state.round, seat), []))
            pick_seed = len(script)

            def discard(state_b, seat=seat, later=later, pick_seed=pick_seed):
                spare = list((Counter(state_b.hands[seat]) - later).elements())
                spare = [c for c in spare if c != rules.LOWEST]
                cards = sorted(random.Random(pick_seed).sample(spare, rules.DISCARD))
                return {"discard": cards, "seat": seat}

            script.append((seat, discard))
        else:
            script.append((seat, action))
        state = rules.apply(state, action)
    return script


def _plays_23(a: Played) -> tuple[dict, set]:
    """Per (round, seat): the cards that seat showed (played, or the 1 it opened with); and the (round, seat)s whose
    force lapsed (everyone then knows that no card of that hand reached the pile: such a hand stays as it was)."""
    from junban.games.twenty_three import rules

    shown: dict = {}
    lapsed: set = set()
    state = rules.new_game(a.session.config, a.session.seed)
    for _seat, action in a.actions:
        before = len(state.log)
        state = rules.apply(state, action)
        for entry in state.log[before:]:
            if entry["event"] in ("play", "opening"):
                shown.setdefault((entry["round"], entry["seat"]), []).extend(entry["cards"])
            if entry["event"] == "pass" and entry["lapsed"]:
                lapsed.add((entry["round"], entry["seat"]))
    return shown, lapsed


def _transform_eleusis(case: Case, a: Played, varied: dict) -> list:
    """Each rule chosen by a dealer other than the guest becomes another that judges the round alike: a written
    rule the same rule written otherwise; a library rule another library rule that agrees on all that happened."""
    script = list(a.actions)
    for index, (seat, action) in enumerate(a.actions):
        if seat == case.guest:
            continue
        if "rule" in action:
            script[index] = (seat, {"rule": f"not (not ({action['rule']}))"})
            varied["rules"] += 1
        elif "rule_id" in action:
            other = _agreeing_library_rule(case, a, index)
            if other is None:
                varied["rules kept"] += 1
            else:
                script[index] = (seat, {"rule_id": other, "library_hint": False})
                varied["rules"] += 1
    return script


def _agreeing_library_rule(case: Case, a: Played, index: int) -> str | None:
    """Another library rule with which the guest would see exactly what it saw (replayed on A's deal): first every
    judged card of the round must be judged alike (cheap), then the whole round must look the same to the guest."""
    from junban.games.eleusis import library, rules as el

    actions = [x for _, x in a.actions]
    chosen = actions[index]["rule_id"]
    state = el.new_game(a.session.config, a.session.seed)
    for action in actions[:index]:
        state = el.apply(state, action)
    start = state

    def seen(rule_action):
        state, out, last = el.apply(start, rule_action), [], None
        for action in actions[index + 1:]:
            out.append((el.view(state, case.guest), el.to_act(state)))
            if state.phase in ("rule", "over"):
                break
            last = state
            try:
                state = el.apply(state, action)
            except Exception:  # noqa: BLE001 - the other rule does not take this action: not agreeing
                return None, None
        out.append((el.view(state, case.guest), el.to_act(state)))
        return out, (state.rounds[-1] if len(state.rounds) > len(start.rounds) else None) or last

    want, end = seen(actions[index])
    if isinstance(end, dict):  # the round ended: its record keeps its line and events
        mainline, laid_aside, events = end["line"]["mainline"], end["line"]["laid_aside"], end["events"]
    else:  # stopped on the way: the table as it was
        mainline, laid_aside, events = end.mainline, end.laid_aside, end.events

    def judges_alike(rule) -> bool:
        if any(rule.judge((), card) for card in laid_aside) or not rule.judge((), mainline[0]):
            return False
        for event in events:
            before = mainline[:event.get("mainline_before", 0)]
            if event["type"] == "play" and el.judge_cards(rule, before, event["cards"]) != event["right"]:
                return False
            if event["type"] == "no_play" and any(rule.judge(tuple(before), c) for c in event["hand"]) == \
                    event["right"]:
                return False
        return True

    for rule in library.all_rules():
        if rule.id != chosen and judges_alike(rule.compiled()) \
                and seen({"rule_id": rule.id, "library_hint": False})[0] == want:
            return rule.id
    return None


# ---------------------------------------------------------------------- B's deal: the hidden cards moved


def _seen(case: Case, a: Played) -> dict:
    """What must stay where it was: per round (0 for games without), every card the guest was ever sent (its hand,
    the table, the log), and for 23 per (round, seat) the cards that seat showed."""
    seen: dict = {}
    for text in a.messages:
        message = json.loads(text)
        if case.game == "eleusis" and message["t"] == "update":
            view = dict(message["view"])
            for number, finished in enumerate(view.pop("rounds")):
                _walk(finished, seen.setdefault(number, set()), case.game)
            _walk(view, seen.setdefault(view["round"], set()), case.game)
        elif case.game == "eleusis" and message["t"] == "log":
            for _, _, event in message["entries"]:
                for number in (event["round"] - 1, event["round"] - 2):
                    _walk(event, seen.setdefault(number, set()), case.game)
        else:
            _walk(message, seen.setdefault(0, set()), case.game)
    if case.game == "the-game":
        for _, action in a.actions:
            _walk(action, seen[0], case.game, "play")
        state = a.session.state  # a seat stuck at the end: everyone knows its hand could not go on, so it stays
        if state.ended and state.ended["reason"] in ("stuck", "fire-at-end") and state.active != case.guest:
            seen[0] |= set(state.hands[state.active])
    return seen


CARD_KEYS = {"hand", "cards", "played_this_turn", "fire_cards", "top", "play", "card"}  # The Game's cards


CARD = re.compile(r"^(?:[A2-9JQK]|10)[SHDC]$")  # an Eleusis card


def _walk(value, into: set, game: str, key=None) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _walk(v, into, game, k)
    elif isinstance(value, list):
        for v in value:
            _walk(v, into, game, key)
    elif game == "eleusis" and isinstance(value, str) and CARD.match(value):
        into.add(value)
    elif game == "the-game" and type(value) is int and key in CARD_KEYS:
        into.add(value)


def _scramble(zones: list[list], keep, rng: random.Random) -> int:
    """Move every card not in ``keep`` to another hidden place (in place; zones keep their sizes); how many moved."""
    spots = [(z, i) for z, zone in enumerate(zones) for i, card in enumerate(zone) if card not in keep]
    cards = [zones[z][i] for z, i in spots]
    before = list(cards)
    rng.shuffle(cards)
    for (z, i), card in zip(spots, cards):
        zones[z][i] = card
    return sum(x != y for x, y in zip(before, cards))


def _twin_deals(monkeypatch, case: Case, a: Played, varied: dict) -> None:
    seen = _seen(case, a)
    guest = case.guest
    rng = random.Random(f"twin-{case.choices}")
    if case.game == "the-game":
        from junban.games.the_game import rules
        original = rules.deal

        def deal(config, deal_seed):
            draw, hands = original(config, deal_seed)
            zones = [draw] + [h for s, h in enumerate(hands) if s != guest]
            varied["cards moved"] += _scramble(zones, seen[0] | set(hands[guest]), rng)
            return draw, hands

        monkeypatch.setattr(rules, "deal", deal)
    elif case.game == "23":
        from junban.games.twenty_three import rules
        original = rules.deal_round
        shown, lapsed = _plays_23(a)

        def deal_round(players, deal_seed, round_number):
            # Cards are alike by number: what a seat shows this round stays in its hand, the rest of the hands and
            # the box trade places (the 1 stays with its holder, who is seen opening with it).
            hands, box = original(players, deal_seed, round_number)
            spots = [("box", i) for i, card in enumerate(box) if card != rules.LOWEST]
            for seat, hand in enumerate(hands):
                if seat == guest or (round_number, seat) in lapsed:
                    continue
                keep = Counter(shown.get((round_number, seat), []))
                for i, card in enumerate(hand):
                    if keep[card]:
                        keep[card] -= 1
                    elif card != rules.LOWEST:
                        spots.append((seat, i))
            cards = [box[i] if where == "box" else hands[where][i] for where, i in spots]
            before = list(cards)
            rng.shuffle(cards)
            varied["cards moved"] += sum(x != y for x, y in zip(before, cards))
            for (where, i), card in zip(spots, cards):
                (box if where == "box" else hands[where])[i] = card
            return [sorted(h) for h in hands], sorted(box)

        monkeypatch.setattr(rules, "deal_round", deal_round)
    else:
        from junban.games.eleusis import rules
        original = rules._deal

        def _deal(state):
            original(state)
            zones = [state.stock] + [h for s, h in enumerate(state.hands) if s != guest]
            keep = seen.get(state.round, set()) | set(state.hands[guest])
            varied["cards moved"] += _scramble(zones, keep, rng)

        monkeypatch.setattr(rules, "_deal", _deal)


# ---------------------------------------------------------------------- the pair


def twin_case(case: Case, monkeypatch) -> dict:
    """Play ``case``'s game A and its twin B; what the guest was sent in each, and how they differ."""
    with monkeypatch.context() as m:
        a = play_a(case, m)
    with monkeypatch.context() as m:
        b = play_b(case, a, m)
    first = next((n for n, (x, y) in enumerate(zip(a.messages, b.messages)) if x != y), None)
    if first is None and len(a.messages) != len(b.messages):
        first = min(len(a.messages), len(b.messages))
    return {"a": a, "b": b, "first_difference": first, "varied": b.varied, "marks_wrong": a.marks_wrong}


def leaked(result: dict) -> bool:
    """Did the phone learn something it may not: a message that differs between the twins, or a position mark that
    is not a digest of what it was sent?"""
    return result["first_difference"] is not None or result["marks_wrong"] is not None


def describe(result: dict) -> str:
    n = result["first_difference"]
    a, b = result["a"].messages, result["b"].messages
    if result["marks_wrong"]:
        return result["marks_wrong"]
    if n is None:
        return "the same"
    return (f"message {n} of {len(a)}/{len(b)} differs:\nA {a[n][:600] if n < len(a) else '(none)'}\n"
            f"B {b[n][:600] if n < len(b) else '(none)'}")


# ---------------------------------------------------------------------- leaks, planted to show the twins see them


def _plant_in_welcome(monkeypatch, name: str, value) -> None:
    from junban.net.host import Host

    original = Host._send

    def send(self, link, kind, **fields):
        if kind == "welcome":
            fields[name] = value(self)
        return original(self, link, kind, **fields)

    monkeypatch.setattr(Host, "_send", send)


def _plant_in_update(monkeypatch, name: str, value) -> None:
    from junban.net.host import Host

    original = Host._update

    def update(self, seat):
        return dict(original(self, seat), **{name: value(self.session, seat)})

    monkeypatch.setattr(Host, "_update", update)


def _plant_crc_mark(monkeypatch) -> None:
    """The mark as it was: the log's length and a CRC-32 of the whole action log (hidden choices included)."""
    import zlib

    from junban.net.host import Host

    def mark_of(self, update, entries):
        text = json.dumps(self.session.actions, separators=(",", ":"), sort_keys=True)
        return f"{len(self.session.actions)}.{zlib.crc32(text.encode('utf-8')):08x}"

    monkeypatch.setattr(Host, "_mark_of", mark_of)


def _plant_discards_in_log(monkeypatch) -> None:
    from junban.ui.games import twenty_three

    original = twenty_three.log_event

    def log_event(before, after, action, seat):
        event = original(before, after, action, seat)
        if event is not None and event["kind"] == "discard":
            event["which"] = list(action["discard"])
        return event

    monkeypatch.setattr(twenty_three, "log_event", log_event)


def _plant_rule_in_view(monkeypatch) -> None:
    import junban.games.eleusis as eleusis
    from junban.games.eleusis import rules

    original = rules.view

    def view(state, seat):
        return dict(original(state, seat), secret=state.rules_text or state.rule_id)

    monkeypatch.setattr(rules, "view", view)
    monkeypatch.setattr(eleusis, "view", view)  # what a Session calls


def trusting_guest(monkeypatch) -> None:
    """A phone as it was before issue 39, taking whatever plain data its host sends (no game shapes): so a planted
    leak reaches it and the twins alone must see it (the shapes would refuse most of these on their own)."""
    from types import SimpleNamespace

    from junban.games import shapes

    monkeypatch.setattr(shapes, "load", lambda game: SimpleNamespace(check_update=lambda *a: None,
                                                                     check_event=lambda *a: None))


# name -> (plant(monkeypatch), the case it shows in)
LEAKS = {
    "the bots' seed in the welcome": (
        lambda m: _plant_in_welcome(m, "bot_seed", lambda host: host.session.bot_seed),
        Case("the-game", ["person", "phone"], 1, 11)),
    "the deal's seed in the welcome": (
        lambda m: _plant_in_welcome(m, "seed", lambda host: host.session.seed),
        Case("23", ["phone", "person"], 0, 12)),
    "a CRC-32 of the whole log as the position mark": (
        _plant_crc_mark, Case("23", ["person", "phone", "person"], 1, 13)),
    "another seat's hand in the update": (
        lambda m: _plant_in_update(m, "peek",
                                   lambda session, seat: session.view((seat + 1) % len(session.seats))["hand"]),
        Case("the-game", ["phone", "person", "bot"], 0, 14)),
    "the draw pile's next card in the update": (
        lambda m: _plant_in_update(m, "next", lambda session, seat: session.state.draw[-1:]),
        Case("the-game", ["person", "phone"], 1, 15)),
    "23's secret discards in the move log": (
        _plant_discards_in_log, Case("23", ["person", "phone", "bot"], 1, 16)),
    "the dealer's rule in every seat's view": (
        _plant_rule_in_view, Case("eleusis", ["person", "phone", "bot"], 1, 17)),
}
