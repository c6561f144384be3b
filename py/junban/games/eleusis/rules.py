"""Eleusis at the table: the rules as ``../shared/rules/eleusis.md`` states them, every round of a game.

**A game** is one round per seat: every seat deals once, the dealer moving one seat to the left (clockwise) each
round, starting from ``config["first_dealer"]`` (default: the last seat, so that with people in the first seats
and bots in the last a bot deals first). ``{"stop": True}`` ends the game early: each seat that has not dealt
gets 10 points (a round in progress is abandoned unscored; its dealer counts as having dealt). Highest total wins.

**A round.** Phases (``state.phase``) and who acts (``to_act``):

- ``rule`` (dealer): fix the secret rule before any card is dealt — ``{"rule": text, "hint": text?}`` in the rule
  language, ``{"rule_id": id, "library_hint": bool?}`` from the library, or ``{"manual": True, "hint": text?}``
  (the dealer judges every play by hand). Then two decks are shuffled, 12 cards dealt to every player (not the
  dealer), and the starter turned up from the stock: a card the rule rejects (judged with an empty mainline) is
  laid aside and the next one turned up, until one is accepted.
- ``starter`` (dealer, manual judging only): ``{"judge": bool}`` on the turned-up card.
- ``play`` (the player to act, clockwise from the dealer's left): ``{"play": [cards]}`` — one card, or a string
  of 2-4 cards in the stated order (strings are legal but, being many, not listed by ``legal_actions``) — or
  ``{"no_play": True}`` (the hand is shown to everyone).
- ``prophet_judge`` (the Prophet): judges the pending play first — ``{"judge": bool}``; for "no play"
  ``{"judge": True}`` (right) or ``{"judge": False, "card": c}`` (wrong: play ``c`` from the hand).
- ``dealer_judge`` (dealer, manual judging only): the dealer's verdict, same forms. With a Prophet, a verdict equal
  to the Prophet's confirms them; any other verdict overthrows them. With a stored rule the engine is the dealer.
- ``prophet_offer`` (the player who just played cards, when eligible): ``{"prophet": bool}``.

**Judging.** One card: right if the rule accepts it after the mainline. A string: right if every card is accepted,
each judged as if the earlier ones had joined the mainline. Right cards extend the mainline; wrong cards go on the
sideline under the last mainline card (a string kept together) and the player draws 2 penalty cards per card (so
twice as many as played). "No play": right if no card in the hand is accepted — the hand goes to the bottom of the
stock and the player is dealt 4 fewer (with 4 or fewer, the player has gone out); wrong — the judge plays one
correct card from the hand onto the mainline (**Decision:** with a stored rule, the first correct card in deck
order: spades, hearts, diamonds, clubs, ace to king) and the player draws 5.

**The Prophet** (conditions: no Prophet now; this player has not been Prophet this round; at least two players
other than the dealer and this player are still in the round; **Decision:** only right after playing cards, not
after "no play", since the marker goes on the last card played). The Prophet does not play. If the Prophet's
judgement is right the play is handled as usual. If wrong, the Prophet is overthrown: 5 penalty cards, back to
being a player, never Prophet again this round; the player takes no penalty (cards still go where the truth puts
them; after a wrong "no play" the dealer places one correct card and the declaration ends there).

**Sudden death.** With no Prophet, once the mainline holds 40 cards (the starter counts); with a Prophet, once 30
mainline cards lie after the Prophet's marker: a player whose play is wrong (a wrong "no play" too) is expelled:
**Decision:** the play is handled as usual (sideline, penalty cards) and then the player takes no more turns. A
play on which the Prophet was overthrown carries no penalty and expels no one. **Decision:** a *dead end* — a
stored rule that accepts no card at all after the mainline as it is, so the line can never reach those counts —
is sudden death too (the dealer announces it), so every round ends. A stock of 4 or fewer cards gets a further deck
shuffled in (after every card drawn), so it never runs out.

**Round end:** a player has no cards left, or every player except the Prophet is expelled. **Scores:** each player
(the Prophet and the expelled included): largest hand − own hand, +4 with no cards; a Prophet still standing gets
+1 for every card joining the mainline and +2 for every card going to the sideline after the marker (**Decision:**
a card the judge places after a wrong "no play" counts as joining the mainline). Dealer: the highest player score
of the round; with a Prophet standing at the end, at most twice the number of cards (mainline and sidelines)
lying before the Prophet's marker (the marked card itself not counted).

**Secrets.** The rule (text, library id, plain words) is in the dealer's view only, until the round ends; hands
are secret except the count, and a hand shown with "no play".
"""
from __future__ import annotations

import copy
import unicodedata
from dataclasses import dataclass, field

from junban.errors import ConfigError, GameOver, MalformedAction, NotYourTurn, RuleViolation
from junban.games.eleusis import cards, library
from junban.games.eleusis.lang import Rule, RuleError, compile_rule
from junban.plain import plain_copy
from junban.rng import rng_for

SLUG = "eleusis"
SEATS = range(3, 9)
SHORT_VARIANT_PLAYERS = 3  # dealer + 2 players: allowed, flagged as a short variant (no Prophet is possible)

START_DECKS = 2
HAND_SIZE = 12
STOCK_REFILL_AT = 4
PENALTY_PER_WRONG_CARD = 2
NO_PLAY_SHRINK = 4
WRONG_NO_PLAY_PENALTY = 5
OVERTHROW_PENALTY = 5
STRING_MIN, STRING_MAX = 2, 4
MARKER_EVERY = 10
SUDDEN_DEATH = 40
SUDDEN_DEATH_WITH_PROPHET = 30
OUT_BONUS = 4
PROPHET_RIGHT_CARD, PROPHET_WRONG_CARD = 1, 2
NEVER_DEALT_POINTS = 10
MIN_PLAYERS_FOR_PROPHET = 2  # players other than the dealer and the candidate, still in the round
HINT_MAX_LENGTH = 200
DIFFICULTIES = library.LEVELS

PHASES = ("rule", "starter", "play", "prophet_judge", "dealer_judge", "prophet_offer", "over")
CONFIG_KEYS = ("players", "difficulty", "first_dealer")


# --------------------------------------------------------------------------- configuration


def normalize_config(raw: dict) -> dict:
    """Keys: ``players`` 3-8 (default 4; 3 is the short variant), ``difficulty`` of the library rules bot
    dealers pick (easy / medium / hard, default medium), ``first_dealer`` (a seat, default None: the last seat)."""
    if not isinstance(raw, dict):
        raise ConfigError("the game settings are not readable", code="config.unreadable")
    unknown = set(raw) - set(CONFIG_KEYS)
    if unknown:
        raise ConfigError(f"unknown setting: {sorted(unknown)[0]}", code="config.unknown_setting",
                          name=str(sorted(unknown)[0])[:40])
    players = raw.get("players", 4)
    if type(players) is not int or players not in SEATS:
        raise ConfigError("Eleusis is for 3 to 8 players (4 to 8, or 3 as a short variant)", code="config.seat_count",
                          low=SEATS.start, high=SEATS.stop - 1)
    difficulty = raw.get("difficulty", "medium")
    if difficulty not in DIFFICULTIES:
        raise ConfigError("the rules' difficulty is easy, medium or hard", code="config.el_difficulty")
    first = raw.get("first_dealer")
    if first is not None and (type(first) is not int or not 0 <= first < players):
        raise ConfigError(f"the first dealer must be a seat from 1 to {players}", code="config.el_dealer",
                          players=players)
    return {"players": players, "difficulty": difficulty, "first_dealer": first}


def random_config(rng) -> dict:
    """A random configuration covering every seat count, difficulty and first dealer (for the fuzzers)."""
    players = rng.choice(list(SEATS))
    return normalize_config({"players": players, "difficulty": rng.choice(DIFFICULTIES),
                             "first_dealer": rng.choice([None, rng.randrange(players)])})


def is_short_variant(config: dict) -> bool:
    return config["players"] == SHORT_VARIANT_PLAYERS


def first_dealer(config: dict) -> int:
    return config["players"] - 1 if config["first_dealer"] is None else config["first_dealer"]


# --------------------------------------------------------------------------- the state


@dataclass
class State:
    """The whole table. Treat as immutable: ``apply`` returns a changed copy (``copy`` is cheap: events,
    sideline groups and finished rounds are never changed once recorded, so they are shared)."""

    config: dict
    seed: str
    round: int  # index of the round in play (= number of rounds finished, while the game runs)
    dealer: int
    dealt: list[bool]  # per seat: has dealt (the dealer of the round in play counts once the rule is fixed)
    phase: str
    totals: list[int]
    rules_text: str | None = None  # the secret rule (None: manual judging or not fixed yet)
    rule_id: str | None = None
    manual: bool = False
    hint: dict | None = None  # {"text": str} typed by the dealer, or {"en", "ja"} from the library
    rule: Rule | None = field(default=None, compare=False)  # compiled from rules_text; not part of equality
    stock: list[str] = field(default_factory=list)  # the next card drawn is stock[-1]; the bottom is stock[0]
    decks_used: int = 0
    hands: list[list[str]] = field(default_factory=list)  # the dealer's stays empty
    mainline: list[str] = field(default_factory=list)
    played_by: list[int | None] = field(default_factory=list)  # per mainline card: seat, or None (starter, judge)
    sidelines: list[list[dict]] = field(default_factory=list)  # sidelines[i]: groups {"cards", "seat"} under mainline[i]
    laid_aside: list[str] = field(default_factory=list)
    turned: str | None = None  # manual judging: the turned-up starter awaiting the dealer's judgement
    active: int | None = None  # the player to play, or who played the pending play / may become Prophet
    pending: dict | None = None  # {"seat", "cards"} or {"seat", "no_play": True, "hand"}; + "prophet" judgement
    prophet: int | None = None
    marker: dict | None = None  # {"seat", "mainline": mainline length, "cards": cards on the lines, "on": [...]}
    prophet_bonus: int = 0
    was_prophet: list[int] = field(default_factory=list)
    expelled: list[int] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)  # this round's public log
    rounds: list[dict] = field(default_factory=list)  # finished rounds, with the rule revealed
    ended: dict | None = None
    log_length: int = 0

    def copy(self) -> "State":
        new = copy.copy(self)
        new.config = dict(self.config)
        new.dealt = list(self.dealt)
        new.totals = list(self.totals)
        new.stock = list(self.stock)
        new.hands = [list(h) for h in self.hands]
        new.mainline = list(self.mainline)
        new.played_by = list(self.played_by)
        new.sidelines = [list(s) for s in self.sidelines]
        new.laid_aside = list(self.laid_aside)
        new.was_prophet = list(self.was_prophet)
        new.expelled = list(self.expelled)
        new.events = list(self.events)
        new.rounds = list(self.rounds)
        return new


def new_game(config: dict, seed: str) -> State:
    config = normalize_config(config)
    n = config["players"]
    return State(config=config, seed=seed, round=0, dealer=first_dealer(config), dealt=[False] * n, phase="rule",
                 totals=[0] * n)


# --------------------------------------------------------------------------- queries


def to_act(state: State) -> int | None:
    phase = state.phase
    if phase == "over":
        return None
    if phase in ("rule", "starter", "dealer_judge"):
        return state.dealer
    if phase == "prophet_judge":
        return state.prophet
    return state.active


def players(state: State) -> list[int]:
    """The seats that play this round (everyone but the dealer)."""
    return [s for s in range(state.config["players"]) if s != state.dealer]


def in_round(state: State) -> list[int]:
    """Players not expelled (the Prophet included)."""
    return [s for s in players(state) if s not in state.expelled]


def correct_since_marker(state: State) -> int:
    return len(state.mainline) - state.marker["mainline"] if state.marker else 0


def sudden_death(state: State) -> bool:
    """Is a wrong play expelling now? 40 mainline cards with no Prophet; 30 after the Prophet's marker; or a dead
    end, where the stored rule accepts no card after the mainline (so neither count can ever be reached)."""
    if state.prophet is not None:
        counted = correct_since_marker(state) >= SUDDEN_DEATH_WITH_PROPHET
    else:
        counted = len(state.mainline) >= SUDDEN_DEATH
    return counted or dead_end(state)


def dead_end(state: State) -> bool:
    """No card of the deck can follow the mainline under the stored rule (never known under manual judging)."""
    if state.rule is None or not state.mainline:
        return False
    judge, line = state.rule.judge, state.mainline
    return not any(judge(line, card) for card in cards.DECK)  # stops at the first card that can follow


def may_become_prophet(state: State, seat: int) -> bool:
    """The conditions (From New Eleusis), checked right after ``seat`` played cards."""
    return _prophet_open(state.config["players"], state.dealer, state.prophet, state.was_prophet, state.expelled,
                         seat)


def seat_may_become_prophet(view: dict, seat: int) -> bool:
    """``may_become_prophet`` read from a view (the conditions are public: a seat on another phone has no state)."""
    return _prophet_open(view["config"]["players"], view["dealer"], view["prophet"], view["was_prophet"],
                         view["expelled"], seat)


def _prophet_open(players: int, dealer: int, prophet: int | None, was_prophet, expelled, seat: int) -> bool:
    if prophet is not None or seat in was_prophet or seat in expelled:
        return False
    others = [s for s in range(players) if s not in (dealer, seat) and s not in expelled]
    return len(others) >= MIN_PLAYERS_FOR_PROPHET


def first_correct_card(rule: Rule, mainline: list[str], hand: list[str]) -> str | None:
    """The judge's choice after a wrong "no play": the first correct card of the hand in deck order."""
    for card in sorted(set(hand), key=cards.DECK.index):
        if rule.judge(mainline, card):
            return card
    return None


def judge_cards(rule: Rule, mainline: list[str], played: list[str]) -> bool:
    """A single card or a string: right if every card is accepted, each after the earlier ones joined."""
    line = list(mainline)
    for card in played:
        if not rule.judge(line, card):
            return False
        line.append(card)
    return True


def _distinct(hand: list[str]) -> list[str]:
    return sorted(set(hand), key=cards.DECK.index)


def legal_actions(state: State) -> list[dict]:
    """Every action the seat to act may take, except the many strings of 2-4 cards (legal, not listed) and free
    rule texts; ``{"stop": True}`` is always listed while the game runs."""
    phase = state.phase
    if phase == "over":
        return []
    actions: list[dict] = []
    if phase == "rule":
        actions = [{"rule_id": r.id, "library_hint": hint} for r in library.all_rules()
                   for hint in ((False, True) if r.hint_en else (False,))] + [{"manual": True}]
    elif phase == "starter":
        actions = [{"judge": True}, {"judge": False}]
    elif phase == "play":
        actions = [{"play": [c]} for c in _distinct(state.hands[state.active])] + [{"no_play": True}]
    elif phase in ("prophet_judge", "dealer_judge"):
        pending = state.pending
        if pending.get("no_play"):
            actions = [{"judge": True}] + [{"judge": False, "card": c} for c in _distinct(pending["hand"])]
        else:
            actions = [{"judge": True}, {"judge": False}]
    elif phase == "prophet_offer":
        actions = [{"prophet": True}, {"prophet": False}]
    actions.append({"stop": True})
    return actions


def winds_down(action: dict) -> bool:
    """A wrong play (or "no play") can follow another without end (hands grow, the stock is refilled); everything
    else settles what a play started, starts a round, or ends the game (``stop``, always legal)."""
    return "play" not in action and "no_play" not in action


def outcome(state: State) -> dict | None:
    return plain_copy(state.ended) if state.ended else None


# --------------------------------------------------------------------------- applying actions


def apply(state: State, action: dict) -> State:
    """Apply one action to a copy of ``state`` and return it. Illegal actions raise and change nothing."""
    kind = _action_kind(action)
    if state.phase == "over":
        raise GameOver("the game is over")
    if kind == "stop":
        new = state.copy()
        _stop(new)
    else:
        allowed = {"rule": ("rule",), "starter": ("judge",), "play": ("play", "no_play"),
                   "prophet_judge": ("judge",), "dealer_judge": ("judge",), "prophet_offer": ("prophet",)}
        if kind not in allowed[state.phase]:
            raise NotYourTurn(_waiting_for(state))
        new = state.copy()
        if kind == "rule":
            _fix_rule(new, action)
        elif kind == "judge":
            _judge(new, action)
        elif kind == "play":
            _play(new, list(action["play"]))
        elif kind == "no_play":
            _declare_no_play(new)
        else:
            _prophet_choice(new, action["prophet"])
    new.log_length += 1
    return new


def _waiting_for(state: State) -> str:
    return {"rule": "the dealer is to fix the secret rule", "starter": "the dealer is to judge the starter card",
            "play": "a player is to play", "prophet_judge": "the Prophet is to judge the play",
            "dealer_judge": "the dealer is to judge the play",
            "prophet_offer": "the player who just played may become Prophet"}[state.phase]


def _clean_hint(raw: object) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise MalformedAction("a hint is a text")
    text = " ".join("".join(ch for ch in raw if unicodedata.category(ch)[0] != "C").split())
    if len(text) > HINT_MAX_LENGTH:
        raise RuleViolation(f"a hint has at most {HINT_MAX_LENGTH} characters", code="el.hint_long",
                            max=HINT_MAX_LENGTH)
    return text or None


def _action_kind(action: object) -> str:
    """Check the action's form (not its legality) and say which kind it is."""
    if not isinstance(action, dict):
        raise MalformedAction("an action must be an object")
    keys = set(action)
    if keys == {"stop"} and action["stop"] is True:
        return "stop"
    if keys in ({"rule"}, {"rule", "hint"}):
        if not isinstance(action["rule"], str):
            raise MalformedAction("a rule is a text in the rule language")
        _clean_hint(action.get("hint"))
        return "rule"
    if keys in ({"rule_id"}, {"rule_id", "library_hint"}):
        if not isinstance(action["rule_id"], str):
            raise MalformedAction("a library rule is named by its id")
        if type(action.get("library_hint", False)) is not bool:
            raise MalformedAction("library_hint is true or false")
        return "rule"
    if keys in ({"manual"}, {"manual", "hint"}) and action["manual"] is True:
        _clean_hint(action.get("hint"))
        return "rule"
    if keys == {"play"}:
        played = action["play"]
        if not isinstance(played, list) or not 1 <= len(played) <= STRING_MAX:
            raise MalformedAction(f"a play is a list of 1 to {STRING_MAX} cards")
        if not all(cards.is_card(c) for c in played):
            raise MalformedAction("a card is a code like QH, 10C or AS")
        return "play"
    if keys == {"no_play"} and action["no_play"] is True:
        return "no_play"
    if keys == {"prophet"} and type(action["prophet"]) is bool:
        return "prophet"
    if keys in ({"judge"}, {"judge", "card"}) and type(action["judge"]) is bool:
        if "card" in action and (action["judge"] or not cards.is_card(action["card"])):
            raise MalformedAction("a card goes with a wrong \"no play\" judgement only, as a code like QH")
        return "judge"
    raise MalformedAction("unknown action")


# -- round setup


def _fix_rule(state: State, action: dict) -> None:
    if "rule" in action:
        try:
            rule = compile_rule(action["rule"])
        except RuleError as err:
            raise RuleViolation(f"the secret rule is not a rule: {err}", code=err.code, **err.params) from None
        if not any(rule.judge((), c) for c in cards.DECK):
            raise RuleViolation("the secret rule accepts no first card, so the round cannot start",
                                code="el.no_first")
        state.rules_text, state.rule_id, state.rule = rule.text, None, rule
        hint = _clean_hint(action.get("hint"))
        state.hint = {"text": hint} if hint else None
    elif "rule_id" in action:
        try:
            entry = library.get(action["rule_id"])
        except KeyError:
            raise RuleViolation(f"unknown library rule: {action['rule_id'][:40]}") from None
        if action.get("library_hint") and not entry.hint_en:
            raise RuleViolation("this library rule has no hint to give")  # as legal_actions lists it
        state.rules_text, state.rule_id, state.rule = entry.rule, entry.id, entry.compiled()
        state.hint = ({"en": entry.hint_en, "ja": entry.hint_ja}
                      if action.get("library_hint") and entry.hint_en else None)
    else:
        state.manual = True
        state.rules_text = state.rule_id = state.rule = None
        hint = _clean_hint(action.get("hint"))
        state.hint = {"text": hint} if hint else None
    state.dealt[state.dealer] = True
    _deal(state)


def _deal(state: State) -> None:
    state.stock = cards.decks(START_DECKS)
    state.decks_used = START_DECKS
    rng_for(state.seed, SLUG, "round", state.round, "deck", START_DECKS).shuffle(state.stock)
    n = state.config["players"]
    state.hands = [[] for _ in range(n)]
    for _ in range(HAND_SIZE):
        for seat in players(state):
            state.hands[seat].append(_draw(state))
    if state.manual:
        state.turned = _draw(state)
        state.phase = "starter"
        return
    while True:
        card = _draw(state)
        if state.rule.judge((), card):
            break
        state.laid_aside.append(card)
    _accept_starter(state, card)


def _accept_starter(state: State, card: str) -> None:
    state.mainline.append(card)
    state.played_by.append(None)
    state.sidelines.append([])
    state.events.append({"type": "starter", "card": card, "laid_aside": len(state.laid_aside)})
    state.phase = "play"
    state.active = _next_player(state, state.dealer)


def _draw(state: State) -> str:
    """The stock's top card; a further deck is shuffled in whenever the stock has 4 or fewer cards."""
    card = state.stock.pop()
    while len(state.stock) <= STOCK_REFILL_AT:
        state.decks_used += 1
        state.stock.extend(cards.decks(1))
        rng_for(state.seed, SLUG, "round", state.round, "deck", state.decks_used).shuffle(state.stock)
    return card


def _next_player(state: State, after: int) -> int | None:
    """The next seat clockwise that plays: not the dealer, not the Prophet, not expelled."""
    n = state.config["players"]
    for step in range(1, n + 1):
        seat = (after + step) % n
        if seat != state.dealer and seat != state.prophet and seat not in state.expelled:
            return seat
    return None


# -- plays


def _play(state: State, played: list[str]) -> None:
    hand = list(state.hands[state.active])
    for card in played:
        if card not in hand:
            raise RuleViolation(f"{cards.card_name_en(card)} is not in your hand "
                                f"{'that many times' if card in state.hands[state.active] else ''}".strip())
        hand.remove(card)
    state.pending = {"seat": state.active, "cards": played}
    _await_judgement(state)


def _declare_no_play(state: State) -> None:
    state.pending = {"seat": state.active, "no_play": True, "hand": list(state.hands[state.active])}
    _await_judgement(state)


def _await_judgement(state: State) -> None:
    if state.prophet is not None:
        state.phase = "prophet_judge"
    elif state.manual:
        state.phase = "dealer_judge"
    else:
        _settle(state, *_truth(state), prophet_right=None)


def _truth(state: State) -> tuple[bool, str | None]:
    """With a stored rule: (right, the card the judge places after a wrong "no play")."""
    pending = state.pending
    if pending.get("no_play"):
        card = first_correct_card(state.rule, state.mainline, pending["hand"])
        return card is None, card
    return judge_cards(state.rule, state.mainline, pending["cards"]), None


def _check_verdict(state: State, verdict: bool, card: str | None) -> None:
    pending = state.pending
    if pending.get("no_play"):
        if not verdict and card is None:
            raise RuleViolation("a wrong \"no play\": name the correct card to play from the hand")
        if card is not None and card not in pending["hand"]:
            raise RuleViolation(f"{cards.card_name_en(card)} is not in the hand shown")
    elif card is not None:
        raise RuleViolation("a card is named only for a wrong \"no play\"")


def _judge(state: State, action: dict) -> None:
    verdict, card = action["judge"], action.get("card")
    if state.phase == "starter":
        if card is not None:
            raise RuleViolation("judge the starter card right or wrong")
        if verdict:
            card, state.turned = state.turned, None
            _accept_starter(state, card)
        else:
            state.laid_aside.append(state.turned)
            state.turned = _draw(state)
        return
    _check_verdict(state, verdict, card)
    if state.phase == "prophet_judge":
        state.pending = dict(state.pending, prophet={"judge": verdict, "card": card})
        if state.manual:
            state.phase = "dealer_judge"
            return
        right, placed = _truth(state)
        if state.pending.get("no_play") and not verdict:
            # a Prophet naming any correct card is right, and that card is the one played
            prophet_right = not right and state.rule.judge(state.mainline, card)
            if prophet_right:
                placed = card
        else:
            prophet_right = right == verdict
        _settle(state, right, placed, prophet_right=prophet_right)
        return
    # the dealer's verdict (manual judging); with a Prophet, equal to the Prophet's call = confirmation
    call = state.pending.get("prophet")
    prophet_right = None if call is None else (call["judge"] == verdict and call["card"] == card)
    _settle(state, verdict, card, prophet_right=prophet_right)


def _settle(state: State, right: bool, placed: str | None, prophet_right: bool | None) -> None:
    """Carry out a judged play: cards to their line, penalties, overthrow, expulsion, going out, what comes next."""
    pending = state.pending
    seat = pending["seat"]
    hand = state.hands[seat]
    overthrown = prophet_right is False
    expelling = not right and not overthrown and sudden_death(state)  # judged before the cards move
    before = len(state.mainline)
    event: dict = {"type": "no_play" if pending.get("no_play") else "play", "seat": seat, "right": right,
                   "mainline_before": before}
    penalty = 0
    bonus = 0
    if pending.get("no_play"):
        event["hand"] = list(pending["hand"])
        if right:
            state.stock[:0] = hand
            size = len(hand) - NO_PLAY_SHRINK
            hand.clear()
            for _ in range(max(0, size)):
                hand.append(_draw(state))
            event["new_hand"] = len(hand)
        else:
            hand.remove(placed)
            state.mainline.append(placed)
            state.played_by.append(None)
            state.sidelines.append([])
            event["placed"] = placed
            bonus += PROPHET_RIGHT_CARD
            penalty = 0 if overthrown else WRONG_NO_PLAY_PENALTY
    else:
        played = pending["cards"]
        for card in played:
            hand.remove(card)
        event["cards"] = list(played)
        if right:
            state.mainline.extend(played)
            state.played_by.extend([seat] * len(played))
            state.sidelines.extend([] for _ in played)
            bonus += PROPHET_RIGHT_CARD * len(played)
        else:
            state.sidelines[-1].append({"cards": list(played), "seat": seat})
            bonus += PROPHET_WRONG_CARD * len(played)
            penalty = 0 if overthrown else PENALTY_PER_WRONG_CARD * len(played)
    for _ in range(penalty):
        hand.append(_draw(state))
    event["penalty"] = penalty
    if "prophet" in pending:
        event["prophet"] = {"seat": state.prophet, **pending["prophet"], "right": not overthrown}
    if overthrown:
        fallen = state.prophet
        for _ in range(OVERTHROW_PENALTY):
            state.hands[fallen].append(_draw(state))
        state.prophet = None
        state.marker = None
        state.prophet_bonus = 0
    elif state.prophet is not None:
        state.prophet_bonus += bonus
    expelled = expelling and not right
    if expelled:
        state.expelled.append(seat)
    event["expelled"] = expelled
    event["out"] = not hand
    state.events.append(event)
    state.pending = None
    if not hand:
        _end_round(state, "out", seat)
        return
    if not [s for s in in_round(state) if s != state.prophet]:
        _end_round(state, "expelled", None)
        return
    if not pending.get("no_play") and may_become_prophet(state, seat):
        state.phase = "prophet_offer"
        state.active = seat
        return
    _advance(state, seat)


def _advance(state: State, after: int) -> None:
    state.phase = "play"
    state.active = _next_player(state, after)


def _prophet_choice(state: State, become: bool) -> None:
    seat = state.active
    if become:
        if not may_become_prophet(state, seat):  # cannot happen: the phase is entered only when eligible
            raise RuleViolation("you may not become Prophet now")
        last = state.events[-1]
        on_lines = len(state.mainline) + sum(len(g["cards"]) for s in state.sidelines for g in s)
        if last["right"]:
            on = ["mainline", len(state.mainline) - 1]
        else:
            on = ["sideline", len(state.mainline) - 1, len(state.sidelines[-1]) - 1]
        state.prophet = seat
        state.was_prophet.append(seat)
        state.marker = {"seat": seat, "mainline": len(state.mainline), "cards": on_lines, "on": on}
        state.prophet_bonus = 0
        state.events.append({"type": "prophet", "seat": seat, "mainline_before": len(state.mainline)})
    _advance(state, seat)


# -- round end and game end


def round_scores(config: dict, dealer: int, hands: list[int], prophet: int | None, prophet_bonus: int,
                 before_marker: int | None) -> list[int]:
    """A round's scores per seat from the final hand sizes (the dealer's entry is ignored)."""
    seats = [s for s in range(config["players"]) if s != dealer]
    largest = max(hands[s] for s in seats)
    scores = [0] * config["players"]
    for s in seats:
        scores[s] = largest - hands[s] + (OUT_BONUS if hands[s] == 0 else 0)
        if s == prophet:
            scores[s] += prophet_bonus
    best = max(scores[s] for s in seats)
    scores[dealer] = best if prophet is None else min(best, 2 * before_marker)
    return scores


def _before_marker(state: State) -> int | None:
    return state.marker["cards"] - 1 if state.marker else None


def _end_round(state: State, reason: str, seat: int | None) -> None:
    hands = [len(h) for h in state.hands]
    scores = round_scores(state.config, state.dealer, hands, state.prophet, state.prophet_bonus,
                          _before_marker(state))
    entry = library.get(state.rule_id) if state.rule_id else None
    state.rounds.append({
        "dealer": state.dealer, "reason": reason, "out": seat, "manual": state.manual,
        "rule": state.rules_text, "rule_id": state.rule_id,
        "name": {"en": entry.name_en, "ja": entry.name_ja} if entry else None,
        "words": ({"en": entry.words_en, "ja": entry.words_ja} if entry else
                  {"en": state.rule.describe("en"), "ja": state.rule.describe("ja")} if state.rule else None),
        "hands": hands, "scores": scores, "prophet": state.prophet, "prophet_bonus": state.prophet_bonus,
        "before_marker": _before_marker(state), "mainline": len(state.mainline),
        "sideline": sum(len(g["cards"]) for s in state.sidelines for g in s), "expelled": list(state.expelled),
        "events": plain_copy(state.events),  # the round's public events, kept for review after the table clears
        "line": {"mainline": list(state.mainline), "played_by": list(state.played_by),
                 "sidelines": [[{"cards": list(g["cards"]), "seat": g["seat"]} for g in s] for s in state.sidelines],
                 "laid_aside": list(state.laid_aside), "marker": copy.deepcopy(state.marker)},
    })
    state.totals = [t + s for t, s in zip(state.totals, scores)]
    n = state.config["players"]
    following = [(state.dealer + step) % n for step in range(1, n + 1)]
    nxt = next((s for s in following if not state.dealt[s]), None)
    if nxt is None:
        _clear_table(state)
        _finish(state, "all-dealt")
        return
    state.round += 1
    state.dealer = nxt
    _clear_table(state)
    state.phase = "rule"


def _clear_table(state: State) -> None:
    """Every card back in the box; the next round deals two fresh decks."""
    state.rules_text = state.rule_id = state.rule = None
    state.manual = False
    state.hint = None
    state.stock, state.hands, state.mainline, state.played_by = [], [], [], []
    state.sidelines, state.laid_aside, state.turned, state.decks_used = [], [], None, 0
    state.active = state.pending = state.prophet = state.marker = None
    state.prophet_bonus = 0
    state.was_prophet, state.expelled, state.events = [], [], []


def _stop(state: State) -> None:
    if state.phase != "rule":
        _clear_table(state)  # the round in play is abandoned unscored; its dealer has dealt
    never = [s for s in range(state.config["players"]) if not state.dealt[s]]
    for s in never:
        state.totals[s] += NEVER_DEALT_POINTS
    _finish(state, "stopped", never_dealt=never)


def _finish(state: State, reason: str, never_dealt: list[int] | None = None) -> None:
    best = max(state.totals)
    state.phase = "over"
    state.ended = {"reason": reason, "totals": list(state.totals), "rounds": len(state.rounds),
                   "never_dealt": never_dealt or [], "winners": [s for s, t in enumerate(state.totals) if t == best]}


# --------------------------------------------------------------------------- views


def view(state: State, seat: int) -> dict:
    """What ``seat`` may know: its own hand, the table, every public event; the rule only as the dealer (or, for
    finished rounds, revealed in ``rounds``)."""
    if type(seat) is not int or not 0 <= seat < state.config["players"]:
        raise ValueError("unknown seat")
    dealer = seat == state.dealer and state.phase != "over"
    playing = state.phase not in ("rule", "over")
    rule = None
    if dealer and (state.rules_text is not None or state.manual):
        rule = {"text": state.rules_text, "rule_id": state.rule_id, "manual": state.manual,
                "words": {"en": state.rule.describe("en"), "ja": state.rule.describe("ja")} if state.rule else None}
    pending = None
    if state.pending is not None:
        pending = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
                   for k, v in state.pending.items()}
    return {
        "game": SLUG,
        "seat": seat,
        "config": dict(state.config),
        "short_variant": is_short_variant(state.config),
        "round": state.round,
        "rounds_total": state.config["players"],
        "dealer": state.dealer,
        "dealt": list(state.dealt),
        "phase": state.phase,
        "to_act": to_act(state),
        "manual": state.manual,
        "rule": rule,
        "hint": dict(state.hint) if state.hint else None,
        "hand": sorted(state.hands[seat], key=cards.DECK.index) if playing and state.hands else [],
        "hand_counts": [len(h) for h in state.hands] if playing and state.hands else [0] * state.config["players"],
        "stock_count": len(state.stock),
        "mainline": list(state.mainline),
        "played_by": list(state.played_by),
        "sidelines": [[{"cards": list(g["cards"]), "seat": g["seat"]} for g in s] for s in state.sidelines],
        "laid_aside": list(state.laid_aside),
        "turned": state.turned,
        "active": state.active,
        "pending": pending,
        "prophet": state.prophet,
        "marker": plain_copy(state.marker),
        "prophet_bonus": state.prophet_bonus,
        "was_prophet": list(state.was_prophet),
        "expelled": list(state.expelled),
        "sudden_death": playing and sudden_death(state),
        "dead_end": playing and dead_end(state),
        "correct_since_marker": correct_since_marker(state),
        "may_become_prophet": state.phase == "prophet_offer",
        "events": plain_copy(state.events),
        "rounds": plain_copy(state.rounds),
        "totals": list(state.totals),
        "outcome": outcome(state),
    }


# --------------------------------------------------------------------------- invariants (tests, fuzz)


def check_invariants(state: State) -> None:
    """Cards conserved; lines consistent with the rule; turn bookkeeping and scores as the rules say."""
    n = state.config["players"]
    sideline_cards = [c for s in state.sidelines for g in s for c in g["cards"]]
    out_of_box = (state.stock + [c for h in state.hands for c in h] + state.mainline + sideline_cards
                  + state.laid_aside + ([state.turned] if state.turned else []))
    assert sorted(out_of_box) == sorted(cards.decks(state.decks_used)), "the cards are not conserved"
    assert len(state.totals) == len(state.dealt) == n
    finished = [r for r in state.rounds]
    expected = [0] * n
    for r in finished:
        assert r["scores"] == round_scores(state.config, r["dealer"], r["hands"], r["prophet"], r["prophet_bonus"],
                                           r["before_marker"]), "a round's scores do not follow the rules"
        expected = [t + s for t, s in zip(expected, r["scores"])]
    if state.ended and state.ended["reason"] == "stopped":
        expected = [t + (NEVER_DEALT_POINTS if s in state.ended["never_dealt"] else 0) for s, t in enumerate(expected)]
    assert expected == state.totals, "the totals are not the sum of the rounds"
    assert sum(state.dealt) == len(finished) + (1 if state.phase not in ("rule", "over") else 0) or \
        (state.ended is not None and state.ended["reason"] == "stopped")
    if state.phase in ("rule", "over"):
        assert not out_of_box and state.decks_used == 0, "cards are out of the box between rounds"
        assert state.ended is None or state.phase == "over"
        return
    assert state.dealt[state.dealer]
    assert not state.hands[state.dealer], "the dealer holds no cards"
    assert len(state.stock) > STOCK_REFILL_AT, "the stock was not refilled"
    assert len(state.sidelines) == len(state.mainline) == len(state.played_by)
    assert (state.phase == "starter") == (state.turned is not None) == (not state.mainline)
    if state.rule is not None:
        for c in state.laid_aside:
            assert not state.rule.judge((), c), "a laid-aside starter would have been right"
        for i, c in enumerate(state.mainline):
            assert state.rule.judge(state.mainline[:i], c), "a mainline card is wrong"
            for group in state.sidelines[i]:
                assert not judge_cards(state.rule, state.mainline[:i + 1], group["cards"]), "a sideline string is right"
    if state.prophet is not None:
        assert state.prophet in state.was_prophet and state.prophet not in state.expelled
        assert state.marker["seat"] == state.prophet
    assert state.dealer not in state.expelled
    seat = to_act(state)
    assert seat is not None
    if state.phase == "play":
        assert seat != state.dealer and seat != state.prophet and seat not in state.expelled
        assert state.hands[seat], "the player to act has no cards"
        assert state.pending is None
    if state.phase in ("prophet_judge", "dealer_judge"):
        assert state.pending is not None
    if state.phase == "prophet_offer":
        assert may_become_prophet(state, state.active)
    assert [s for s in in_round(state) if s != state.prophet], "a round with nobody left to play"
