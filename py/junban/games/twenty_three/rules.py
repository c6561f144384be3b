"""23 (Christoph Behre): the rules as ``../shared/rules/23.md`` states them.

66 cards: one 1, two 2s, three each of 3..23. Each round uses 30/45/60 cards for 2/3/4 players (the 1 always,
the rest drawn at random; the others stay in the box unseen), deals 15 to each player, and each player secretly
discards 3 (never the 1) to the box. The holder of the 1 opens the pile with it; then, clockwise, each player in
turn plays one or several equal cards numbered at least the pile value, passes, or drops out. A play that skips
numbers costs one penalty chip per skipped number (card − value − 1). Bonus chips (3 per player for the whole
game) move the value a play is judged against by up to 5 each. Two rounds; fewest penalty chips wins.

Seats are numbered 0..players−1; clockwise is increasing seat number (wrapping round).

Actions (JSON-able dicts):

- ``{"discard": [4, 9, 23], "seat": 2}``: seat 2 puts these 3 cards from its hand back in the box (never the 1).
  The discard is simultaneous: every seat that has not yet discarded this round may discard, in any order.
  ``{"discard": [4, 9, 23]}`` without ``seat`` (what logs made before the discard was simultaneous hold) is the
  discard of the first seat yet to discard: an old log, taken seat by seat, is one valid order of the new rules.
- ``{"play": [17, 17]}``: play one or several cards of one number, judged against the pile value.
- ``{"play": [17, 17], "bonus": 1, "value": 14}``: spend 1 bonus chip and judge the play against the adjusted
  value 14. With k chips the value may be any number from (pile value − 5k) to (pile value + 5k), within 1..23;
  the cards must be ≥ it and the penalty is max(0, card − value − 1). ``bonus`` ≥ 1 always comes with ``value``;
  a play without chips has neither key.
- ``{"pass": True}``: take 1 penalty chip.
- ``{"pass": True, "force": True}``: pass and force: take 2 penalty chips; the next player must play.
- ``{"drop_out": True}``: put the hand back in the box and take 1 penalty chip per card.

The state keeps a public log (``state.log``) of what everyone could see at the table; each entry has ``event``
(``discard``, ``opening``, ``play``, ``pass``, ``drop_out``, ``round_end``, ``game_end``), ``round`` and ``seat``
(None for round and game ends). A play entry records the cards, the pile value it was played on (``from``), the
chips spent, the adjusted value, the penalty, whether the player was forced, whether they went out and how many
chips they returned.

Decisions (where the spec is silent; the spec's own Decisions are followed as written):

- **Decision:** the secret discard is simultaneous: while the round's discard is under way every seat that has
  not discarded may act (``seats_to_act``), in any order, each once; ``to_act`` names the first of them in seat
  order (for whoever takes one seat at a time). A seat's choice is never in another seat's view, before or after
  (only that it has discarded); the public log says only who discarded, in the order they did.
- **Decision:** opening with the 1 is automatic (it is the only thing its holder may do): once every seat has
  discarded, the engine puts the 1 on the pile (value 1) and the next seat clockwise is to act.
- **Decision:** "next" always means the next seat clockwise that is still in the round (has neither gone out nor
  dropped out); seats that are out are skipped. After the last player leaves the round, it ends at once.
- **Decision:** pass and force is possible only while at least one other player is still in the round (it forces
  the next one). A forced player may play any legal play, with or without bonus chips (a play that makes them go
  out included), but may not pass, force or drop out.
- **Decision:** when the forced player has no legal play even with all their bonus chips (every card of the hand is
  below pile value − 5 × chips), the force lapses: their only legal action is ``{"pass": True}``, costing 1 chip,
  and the log entry says ``"lapsed": True``. The lapse is an ordinary action of that seat (never automatic), so
  the player sees why they pass.
- **Decision:** a play's penalty is taken first; a player who thereby goes out then returns min(3, their
  penalty chips) at once (returning fewer is never better, so the engine does not ask).
- **Decision:** adjusted values stay within 1..23 (the numbers on the cards); spending chips that do not help
  (more than needed, or a value that does not lower the penalty) is allowed by ``apply`` but not listed by
  ``legal_actions``, which lists every play once per useful chip count with the best adjusted value: the card's
  number itself when in reach, otherwise the nearest value to it that the chips reach.
- **Decision:** passing is allowed any number of times, even alone in the round (it is never useful there).
- **Decision:** round 2 shuffles all 66 cards again (the 1 always in), deals, discards and opens like round 1;
  penalty chips and remaining bonus chips carry over.
- **Decision:** final totals are max(0, penalty chips − 2 × unused bonus chips); places are shared on equal
  totals (standard competition ranking: 1, 1, 3); every seat with the lowest total is a winner.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from junban.errors import ConfigError, GameOver, IllegalAction, MalformedAction, NotYourTurn, RuleViolation
from junban.rng import rng_for

SLUG = "23"
SEATS = range(2, 5)

LOWEST, HIGHEST = 1, 23
DECK = tuple([1] + [2] * 2 + [n for n in range(3, HIGHEST + 1) for _ in range(3)])  # 66 cards
CARDS_USED = {2: 30, 3: 45, 4: 60}
DEAL = 15
DISCARD = 3
BONUS_PER_PLAYER = 3
BONUS_REACH = 5  # one bonus chip moves the value by up to 5
GOING_OUT_RETURN = 3
FORCE_PENALTY = 2
PASS_PENALTY = 1
BONUS_REFUND = 2  # penalty chips returned per unused bonus chip at the end
ROUNDS = 2

CONFIG_KEYS = ("players",)

IN, OUT, DROPPED = "in", "out", "dropped"  # a seat's status in the round


# --------------------------------------------------------------------------- configuration


def normalize_config(raw: dict) -> dict:
    """Validate a configuration and fill in defaults. Key: ``players`` 2-4 (default 2)."""
    if not isinstance(raw, dict):
        raise ConfigError("the game settings are not readable")
    unknown = set(raw) - set(CONFIG_KEYS)
    if unknown:
        raise ConfigError(f"unknown setting: {sorted(unknown)[0]}")
    players = raw.get("players", 2)
    if type(players) is not int or players not in SEATS:
        raise ConfigError("23 is for 2 to 4 players")
    return {"players": players}


# --------------------------------------------------------------------------- the rule arithmetic


def penalty(value: int, card: int) -> int:
    """Penalty chips for playing ``card`` on ``value``: one per skipped number (card ≥ value assumed)."""
    return max(0, card - value - 1)


def reach(pile_value: int, bonus: int) -> tuple[int, int]:
    """The values ``bonus`` chips can adjust ``pile_value`` to (inclusive, within 1..23)."""
    return max(LOWEST, pile_value - BONUS_REACH * bonus), min(HIGHEST, pile_value + BONUS_REACH * bonus)


def best_value(pile_value: int, card: int, bonus: int) -> int | None:
    """The adjusted value that gives ``card`` the least penalty with ``bonus`` chips; None if out of reach."""
    low, high = reach(pile_value, bonus)
    if card < low:
        return None
    return min(card, high) if bonus else pile_value


def useful_bonus_counts(pile_value: int, card: int, chips: int) -> list[int]:
    """Chip counts worth spending on ``card``: each one makes it playable or lowers its penalty."""
    counts = []
    last_penalty = None
    for bonus in range(chips + 1):
        value = best_value(pile_value, card, bonus)
        if value is None:
            continue
        cost = penalty(value, card)
        if last_penalty is not None and cost >= last_penalty:
            break
        counts.append(bonus)
        last_penalty = cost
        if cost == 0:
            break
    return counts


def chips_for_free_play(hand: list[int], pile_value: int, chips: int) -> int | None:
    """The fewest bonus chips (at most ``chips``) with which some card of ``hand`` is played at no penalty
    (a card from the adjusted value to one above it); None when no card can be."""
    for bonus in range(chips + 1):
        low, high = reach(pile_value, bonus)
        if any(low <= card <= high + 1 for card in hand):
            return bonus
    return None


def play_action(cards: list[int], pile_value: int, bonus: int = 0) -> dict:
    """The canonical action playing ``cards`` with ``bonus`` chips at the best adjusted value."""
    if not bonus:
        return {"play": list(cards)}
    return {"play": list(cards), "bonus": bonus, "value": best_value(pile_value, cards[0], bonus)}


# --------------------------------------------------------------------------- the state


@dataclass
class State:
    """The whole table. Treat as immutable: ``apply`` returns a changed copy."""

    config: dict
    seed: str
    round: int
    phase: str  # "discard", "play" or "over"
    hands: list[list[int]]
    box: list[int]  # cards not used this round (never seen by anyone)
    discards: list[list[int]]  # per seat, this round's secret discards (in the box)
    dropped: list[list[int]]  # per seat, the hand put back in the box on dropping out this round
    pile: list[list[int]]  # this round's plays, bottom first; each a list of equal cards
    pile_value: int
    penalties: list[int]
    bonus: list[int]
    status: list[str]  # per seat: "in", "out" (went out) or "dropped"
    active: int
    forced: bool = False  # the active player must play (pass and force)
    log: list[dict] = field(default_factory=list)  # public log; entries are never changed once written
    ended: dict | None = None
    log_length: int = 0  # actions applied so far

    def copy(self) -> "State":
        return State(
            config=dict(self.config),
            seed=self.seed,
            round=self.round,
            phase=self.phase,
            hands=[list(h) for h in self.hands],
            box=list(self.box),
            discards=[list(d) for d in self.discards],
            dropped=[list(d) for d in self.dropped],
            pile=[list(p) for p in self.pile],
            pile_value=self.pile_value,
            penalties=list(self.penalties),
            bonus=list(self.bonus),
            status=list(self.status),
            active=self.active,
            forced=self.forced,
            log=list(self.log),
            ended=self.ended,
            log_length=self.log_length,
        )


def players(state: State) -> int:
    return state.config["players"]


def seats_in_round(state: State) -> list[int]:
    return [s for s in range(players(state)) if state.status[s] == IN]


def next_in_round(state: State, seat: int) -> int | None:
    """The next seat clockwise after ``seat`` still in the round (not ``seat`` itself); None if there is none."""
    n = players(state)
    for step in range(1, n):
        candidate = (seat + step) % n
        if state.status[candidate] == IN:
            return candidate
    return None


# --------------------------------------------------------------------------- setting up


def deal_round(players_count: int, seed: str, round_number: int) -> tuple[list[list[int]], list[int]]:
    """Shuffle for one round: the 1 plus random others make the cards used, dealt 15 each; return (hands, box)."""
    rng = rng_for(seed, SLUG, "deal", round_number)
    others = list(DECK[1:])
    rng.shuffle(others)
    used_count = CARDS_USED[players_count]
    used = [1] + others[: used_count - 1]
    box = sorted(others[used_count - 1:])
    rng.shuffle(used)
    hands = [sorted(used[i * DEAL:(i + 1) * DEAL]) for i in range(players_count)]
    return hands, box


def new_game(config: dict, seed: str) -> State:
    config = normalize_config(config)
    n = config["players"]
    state = State(
        config=config,
        seed=seed,
        round=0,
        phase="discard",
        hands=[[] for _ in range(n)],
        box=list(DECK),
        discards=[[] for _ in range(n)],
        dropped=[[] for _ in range(n)],
        pile=[],
        pile_value=LOWEST,
        penalties=[0] * n,
        bonus=[BONUS_PER_PLAYER] * n,
        status=[IN] * n,
        active=0,
    )
    _start_round(state, 1)
    return state


def _start_round(state: State, round_number: int) -> None:
    n = players(state)
    state.round = round_number
    state.phase = "discard"
    state.hands, state.box = deal_round(n, state.seed, round_number)
    state.discards = [[] for _ in range(n)]
    state.dropped = [[] for _ in range(n)]
    state.pile = []
    state.pile_value = LOWEST
    state.status = [IN] * n
    state.active = 0
    state.forced = False


def _open_pile(state: State) -> None:
    """Every seat has discarded: the holder of the 1 puts it on the pile; the next seat clockwise acts."""
    holder = next(s for s, hand in enumerate(state.hands) if LOWEST in hand)
    state.hands[holder].remove(LOWEST)
    state.pile = [[LOWEST]]
    state.pile_value = LOWEST
    state.phase = "play"
    state.log.append({"event": "opening", "round": state.round, "seat": holder, "cards": [LOWEST], "value": LOWEST})
    state.active = next_in_round(state, holder)


# --------------------------------------------------------------------------- queries


def to_act(state: State) -> int | None:
    """The seat the game waits for: during the discard, the first seat (in seat order) yet to discard."""
    return None if state.phase == "over" else state.active


def seats_to_act(state: State) -> list[int]:
    """Every seat that may act now: during the discard each seat yet to discard (in any order); else the seat
    whose turn it is; none once the game is over."""
    if state.phase == "over":
        return []
    if state.phase == "discard":
        return [s for s in range(players(state)) if not state.discards[s]]
    return [state.active]


def acting_seat(state: State, action: dict) -> int | None:
    """The seat ``action`` speaks for: a discard names its own (``seat``; one without it, as old logs hold, is the
    first seat's yet to discard); anything else is the seat whose turn it is."""
    if isinstance(action, dict) and "discard" in action and "seat" in action:
        seat = action["seat"]
        return seat if type(seat) is int else None
    return to_act(state)


def is_over(state: State) -> bool:
    return state.phase == "over"


def can_play_at_all(hand: list[int], pile_value: int, chips: int) -> bool:
    """Is there any legal play, spending up to all ``chips``?"""
    return bool(hand) and max(hand) >= reach(pile_value, chips)[0]


def can_force(state: State) -> bool:
    return len(seats_in_round(state)) >= 2


def play_actions(state: State) -> list[dict]:
    """Every useful play of the active seat: per number, per count of its copies, per useful chip count."""
    hand = state.hands[state.active]
    chips = state.bonus[state.active]
    actions = []
    for card in sorted(set(hand)):
        copies = hand.count(card)
        for bonus in useful_bonus_counts(state.pile_value, card, chips):
            for count in range(1, copies + 1):
                actions.append(play_action([card] * count, state.pile_value, bonus))
    return actions


def discard_actions(hand: list[int], seat: int) -> list[dict]:
    """Every distinct choice of 3 cards ``seat`` may discard from ``hand`` (never the 1)."""
    choices = sorted(set(itertools.combinations(sorted(c for c in hand if c != LOWEST), DISCARD)))
    return [{"discard": list(choice), "seat": seat} for choice in choices]


def seat_actions(state: State, seat: int) -> list[dict]:
    """Every action ``seat`` may take now (what a table offers that seat; none when it may not act)."""
    if seat not in seats_to_act(state):
        return []
    if state.phase == "discard":
        return discard_actions(state.hands[seat], seat)
    return legal_actions(state)


def legal_actions(state: State) -> list[dict]:
    """Every action the engine takes now: during the discard every seat's yet to discard (each naming its seat),
    else the active seat's (plays wasting bonus chips are left out; see the Decisions)."""
    if state.phase == "over":
        return []
    if state.phase == "discard":
        return [a for seat in seats_to_act(state) for a in discard_actions(state.hands[seat], seat)]
    plays = play_actions(state)
    if state.forced:
        return plays if plays else [{"pass": True}]
    actions = plays + [{"pass": True}]
    if can_force(state):
        actions.append({"pass": True, "force": True})
    actions.append({"drop_out": True})
    return actions


def winds_down(action: dict) -> bool:
    """Discards, plays and dropping out bring the game nearer its end (every card is played or put back at most
    once); a pass may be repeated as often as a player likes."""
    return "pass" not in action


def outcome(state: State) -> dict | None:
    if state.ended is None:
        return None
    result = dict(state.ended)
    for key in ("totals", "penalties", "bonus", "refund", "places", "winners"):
        result[key] = list(result[key])
    result["ranking"] = [dict(r) for r in result["ranking"]]
    return result


# --------------------------------------------------------------------------- applying actions


def preview_play(state: State, action: dict) -> dict:
    """What a play would cost, without playing it (for a table that shows the penalty before committing):
    ``{"value", "penalty", "bonus", "goes_out", "returned"}``. Raises the error ``apply`` would raise."""
    seat = state.active
    return _preview(state.phase, state.hands[seat] if seat is not None else [], state.bonus[seat] if seat is not None
                    else 0, state.penalties[seat] if seat is not None else 0, state.pile_value, action)


def seat_preview(view: dict, action: dict) -> dict:
    """``preview_play`` read from the acting seat's own view: all it needs is that seat's hand and chips and the
    public pile (a table drawing a seat on another phone has no state)."""
    seat = view["seat"]
    if view["active"] != seat:
        raise NotYourTurn("it is not your turn")
    return _preview(view["phase"], view["hand"], view["bonus"][seat], view["penalties"][seat], view["pile_value"],
                    action)


def seat_cost(view: dict, action: dict) -> int | None:
    """The penalty chips an action of the acting seat would cost it now (a going-out return counts against), from
    its own view; None when the engine would refuse a play."""
    if action.get("drop_out"):
        return len(view["hand"])
    if action.get("pass"):
        return FORCE_PENALTY if action.get("force") else PASS_PENALTY
    try:
        preview = seat_preview(view, action)
    except IllegalAction:
        return None
    return preview["penalty"] - preview["returned"]


def _preview(phase: str, hand: list[int], chips: int, penalties: int, pile_value: int, action: dict) -> dict:
    if _action_kind(action) != "play":
        raise MalformedAction("only a play can be previewed")
    if phase != "play":
        raise GameOver("the game is over") if phase == "over" else RuleViolation(
            "first every player discards 3 cards")
    bonus = action.get("bonus", 0)
    value = action.get("value", pile_value)
    _check_cards(hand, chips, pile_value, action["play"], bonus, value)
    cost = penalty(value, action["play"][0])
    goes_out = len(action["play"]) == len(hand)
    returned = min(GOING_OUT_RETURN, penalties + cost) if goes_out else 0
    return {"value": value, "penalty": cost, "bonus": bonus, "goes_out": goes_out, "returned": returned}


def apply(state: State, action: dict) -> State:
    """Apply one action to a copy of ``state`` and return it. Illegal actions raise and change nothing."""
    kind = _action_kind(action)
    if state.phase == "over":
        raise GameOver("the game is over")
    if state.phase == "discard" and kind != "discard":
        raise RuleViolation("first every player discards 3 cards")
    if state.phase == "play" and kind == "discard":
        raise RuleViolation("the cards have been discarded already; the round is under way")
    if kind == "discard":
        seat = action.get("seat", state.active)
        _check_discard(state, seat, action["discard"])
        new = state.copy()
        _discard(new, seat, action["discard"])
    elif kind == "play":
        bonus = action.get("bonus", 0)
        value = action.get("value", state.pile_value)
        _check_play(state, action["play"], bonus, value)
        new = state.copy()
        _play(new, action["play"], bonus, value)
    elif kind == "pass":
        force = action.get("force", False)
        _check_pass(state, force)
        new = state.copy()
        _pass(new, force)
    else:
        if state.forced:
            raise RuleViolation("you were forced to play: you may not drop out this turn")
        new = state.copy()
        _drop_out(new)
    new.log_length += 1
    return new


def _action_kind(action: object) -> str:
    """Check the action's form (not its legality) and say which kind it is."""
    if not isinstance(action, dict):
        raise MalformedAction("an action must be an object")
    keys = set(action)
    if keys in ({"discard"}, {"discard", "seat"}):
        cards = action["discard"]
        if not isinstance(cards, list) or len(cards) != DISCARD:
            raise MalformedAction("discard exactly 3 cards")
        _check_card_numbers(cards)
        if "seat" in keys and type(action["seat"]) is not int:
            raise MalformedAction("there is no such seat", code="action.unknown_seat")
        return "discard"
    if keys in ({"play"}, {"play", "bonus", "value"}):
        cards = action["play"]
        if not isinstance(cards, list) or not cards:
            raise MalformedAction("play one card or several cards of the same number")
        _check_card_numbers(cards)
        if any(c != cards[0] for c in cards):
            raise MalformedAction("cards played together must all have the same number")
        if "bonus" in keys:
            bonus, value = action["bonus"], action["value"]
            if type(bonus) is not int or bonus < 1:
                raise MalformedAction("bonus is the number of bonus chips spent (at least 1)")
            if type(value) is not int or not LOWEST <= value <= HIGHEST:
                raise MalformedAction("the adjusted value is a number from 1 to 23")
        return "play"
    if keys in ({"pass"}, {"pass", "force"}):
        if action["pass"] is not True or action.get("force", True) is not True:
            raise MalformedAction("a pass is {'pass': true}, pass and force adds 'force': true")
        return "pass"
    if keys == {"drop_out"} and action["drop_out"] is True:
        return "drop_out"
    if "bonus" in keys or "value" in keys:
        raise MalformedAction("bonus chips come with a play, as both 'bonus' and 'value'")
    raise MalformedAction("unknown action")


def _check_card_numbers(cards: list) -> None:
    for card in cards:
        if type(card) is not int or not LOWEST <= card <= HIGHEST:
            raise MalformedAction("a card is a number from 1 to 23")


def _missing(hand: list[int], cards: list[int]) -> int | None:
    """A card of ``cards`` that ``hand`` does not hold (counting copies), or None."""
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return card
        rest.remove(card)
    return None


def _check_discard(state: State, seat: int, cards: list[int]) -> None:
    if not 0 <= seat < players(state):
        raise MalformedAction("there is no such seat", code="action.unknown_seat")
    if state.discards[seat]:
        raise RuleViolation("you have discarded this round already", code="tt.discarded")
    if LOWEST in cards:
        raise RuleViolation("the 1 may not be discarded")
    hand = state.hands[seat]
    missing = _missing(hand, cards)
    if missing is not None:
        raise RuleViolation(f"you do not hold {'another' if missing in hand else 'a'} {missing}")


def _check_play(state: State, cards: list[int], bonus: int, value: int) -> None:
    seat = state.active
    _check_cards(state.hands[seat], state.bonus[seat], state.pile_value, cards, bonus, value)


def _check_cards(hand: list[int], chips: int, pile_value: int, cards: list[int], bonus: int, value: int) -> None:
    """May a seat holding ``hand`` and ``chips`` bonus chips play ``cards`` on a pile of ``pile_value``, spending
    ``bonus`` chips to move the value to ``value``?"""
    missing = _missing(hand, cards)
    if missing is not None:
        held = hand.count(missing)
        if held:
            raise RuleViolation(f"you hold only {held} card{'s' if held > 1 else ''} numbered {missing}")
        raise RuleViolation(f"you do not hold a {missing}")
    if bonus > chips:
        raise RuleViolation(f"you have only {chips} bonus chip{'s' if chips != 1 else ''}")
    card = cards[0]
    if bonus:
        low, high = reach(pile_value, bonus)
        if not low <= value <= high:
            raise RuleViolation(f"{bonus} bonus chip{'s' if bonus > 1 else ''} move the pile value "
                                f"{pile_value} only to {low}..{high}")
        if card < value:
            raise RuleViolation(f"{card} is below the adjusted value {value}")
    elif card < pile_value:
        raise RuleViolation(f"{card} is below the pile value {pile_value}; "
                            f"spend bonus chips to lower it, or play a higher card")


def _check_pass(state: State, force: bool) -> None:
    if state.forced:
        if play_actions(state):
            raise RuleViolation("you were forced to play: play at least one card")
        if force:
            raise RuleViolation("the force lapsed: you pass for 1 penalty chip, without forcing")
    if force and not can_force(state):
        raise RuleViolation("no other player is left in the round to force")


def _discard(state: State, seat: int, cards: list[int]) -> None:
    for card in cards:
        state.hands[seat].remove(card)
    state.discards[seat] = sorted(cards)
    state.log.append({"event": "discard", "round": state.round, "seat": seat, "cards": len(cards)})
    waiting = seats_to_act(state)
    if waiting:
        state.active = waiting[0]
    else:
        _open_pile(state)


def _play(state: State, cards: list[int], bonus: int, value: int) -> None:
    seat = state.active
    hand = state.hands[seat]
    for card in cards:
        hand.remove(card)
    cost = penalty(value, cards[0])
    state.penalties[seat] += cost
    state.bonus[seat] -= bonus
    entry = {
        "event": "play", "round": state.round, "seat": seat, "cards": list(cards), "from": state.pile_value,
        "bonus": bonus, "value": value, "penalty": cost, "forced": state.forced, "out": not hand, "returned": 0,
    }
    state.pile.append(list(cards))
    state.pile_value = cards[0]
    if not hand:
        returned = min(GOING_OUT_RETURN, state.penalties[seat])
        state.penalties[seat] -= returned
        entry["returned"] = returned
        state.status[seat] = OUT
    state.log.append(entry)
    state.forced = False
    _next_turn(state, seat)


def _pass(state: State, force: bool) -> None:
    seat = state.active
    lapsed = state.forced
    cost = FORCE_PENALTY if force else PASS_PENALTY
    state.penalties[seat] += cost
    state.log.append({"event": "pass", "round": state.round, "seat": seat, "force": force, "penalty": cost,
                      "lapsed": lapsed})
    state.forced = False
    _next_turn(state, seat)
    if force:
        state.forced = True


def _drop_out(state: State) -> None:
    seat = state.active
    hand = state.hands[seat]
    state.penalties[seat] += len(hand)
    state.dropped[seat] = sorted(hand)
    state.log.append({"event": "drop_out", "round": state.round, "seat": seat, "cards": len(hand),
                      "penalty": len(hand)})
    state.hands[seat] = []
    state.status[seat] = DROPPED
    _next_turn(state, seat)


def _next_turn(state: State, seat: int) -> None:
    following = next_in_round(state, seat)
    if following is not None:
        state.active = following
    elif state.status[seat] == IN:
        state.active = seat  # alone in the round: play on
    else:
        _end_round(state)


def _end_round(state: State) -> None:
    state.log.append({"event": "round_end", "round": state.round, "seat": None,
                      "penalties": list(state.penalties), "bonus": list(state.bonus)})
    if state.round < ROUNDS:
        _start_round(state, state.round + 1)
    else:
        _finish(state)


def final_totals(penalties: list[int], bonus: list[int]) -> list[int]:
    """Each unused bonus chip returns 2 penalty chips, never below 0."""
    return [max(0, p - BONUS_REFUND * b) for p, b in zip(penalties, bonus)]


def places(totals: list[int]) -> list[int]:
    """Shared places: 1 + the number of seats with a strictly lower total."""
    return [1 + sum(1 for other in totals if other < t) for t in totals]


def _finish(state: State) -> None:
    totals = final_totals(state.penalties, state.bonus)
    place = places(totals)
    best = min(totals)
    refund = [p - t for p, t in zip(state.penalties, totals)]
    state.phase = "over"
    state.forced = False
    state.ended = {
        "totals": totals,
        "penalties": list(state.penalties),
        "bonus": list(state.bonus),
        "refund": refund,
        "places": place,
        "winners": [s for s, t in enumerate(totals) if t == best],
        "ranking": [{"seat": s, "total": totals[s], "place": place[s]}
                    for s in sorted(range(len(totals)), key=lambda s: (place[s], s))],
    }
    state.log.append({"event": "game_end", "round": state.round, "seat": None, "refund": list(refund),
                      "totals": list(totals)})


# --------------------------------------------------------------------------- views


def view(state: State, seat: int) -> dict:
    """What ``seat`` may know: its own hand, discards and dropped cards, the pile, every public count and chip."""
    if type(seat) is not int or not 0 <= seat < players(state):
        raise ValueError("unknown seat")
    n = players(state)
    return {
        "game": SLUG,
        "seat": seat,
        "config": dict(state.config),
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase,
        "hand": sorted(state.hands[seat]),
        "discards": list(state.discards[seat]),
        "dropped": list(state.dropped[seat]),
        "pile": [list(p) for p in state.pile],
        "pile_value": state.pile_value,
        "hand_counts": [len(h) for h in state.hands],
        "penalties": list(state.penalties),
        "bonus": list(state.bonus),
        "status": list(state.status),
        "discarded": [bool(state.discards[s]) for s in range(n)],
        "cards_used": CARDS_USED[n],
        "active": to_act(state),
        "deciding": seats_to_act(state),
        "forced": state.forced,
        "log": [_entry_copy(entry) for entry in state.log],
        "outcome": outcome(state),
    }


def _entry_copy(entry: dict) -> dict:
    return dict(entry, **{k: list(v) for k, v in entry.items() if isinstance(v, list)})


class PublicLog:
    """The public log of one moment, read without copying it all: an entry is copied when it is read."""

    def __init__(self, entries: list[dict]):
        # The log only grows and a written entry never changes, so the moment is the entries up to today's length.
        self._entries = entries
        self._length = len(entries)

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index):
        places = range(self._length)[index]
        if isinstance(index, slice):
            return [_entry_copy(self._entries[i]) for i in places]
        return _entry_copy(self._entries[places])

    def __iter__(self):
        return (_entry_copy(self._entries[i]) for i in range(self._length))


def log_view(state: State) -> dict:
    """What the move log reads of a moment: the public log (``view`` copies every entry, so replaying a long game
    through ``view`` would cost the square of its length; this copies only what is read)."""
    return {"log": PublicLog(state.log)}


# --------------------------------------------------------------------------- invariants (tests, fuzz)


def check_invariants(state: State) -> None:
    """Cards conserved, chips never negative, the pile, turn order and every chip exactly as the public log says."""
    n = players(state)
    everything = sorted([c for h in state.hands for c in h] + [c for p in state.pile for c in p] + state.box
                        + [c for d in state.discards for c in d] + [c for d in state.dropped for c in d])
    assert everything == sorted(DECK), "the 66 cards are not all accounted for exactly once"
    assert len(state.box) == len(DECK) - CARDS_USED[n], "the box holds the wrong number of unused cards"
    assert all(p >= 0 for p in state.penalties), "a penalty count went below 0"
    assert all(0 <= b <= BONUS_PER_PLAYER for b in state.bonus), "a bonus chip count is out of range"
    assert 1 <= state.round <= ROUNDS
    for s in range(n):
        assert bool(state.dropped[s]) == (state.status[s] == DROPPED), "dropped cards and status disagree"
        if state.status[s] != IN:
            assert not state.hands[s], "a player out of the round still holds cards"
        elif state.phase == "play":
            assert state.hands[s], "a player in the round has no cards"
        if state.phase == "play":
            assert len(state.discards[s]) == DISCARD and LOWEST not in state.discards[s]
    _check_log(state)
    if state.phase == "discard":
        assert not state.pile and not state.forced and state.status == [IN] * n
        assert state.active == seats_to_act(state)[0], "the seat to act is not the first yet to discard"
        discarded = [e["seat"] for e in state.log if e["event"] == "discard" and e["round"] == state.round]
        assert sorted(discarded) == [s for s in range(n) if state.discards[s]], "a discard the log does not show"
        for s in range(n):
            assert len(state.discards[s]) in (0, DISCARD), "a discard of another size than 3"
            assert len(state.hands[s]) == DEAL - len(state.discards[s])
    elif state.phase == "play":
        assert state.status[state.active] == IN, "the seat to act is not in the round"
        assert state.pile and state.pile[0] == [LOWEST] and state.pile_value == state.pile[-1][0]
        in_play = sum(len(p) for p in state.pile) + sum(len(h) for h in state.hands) + sum(map(len, state.dropped))
        assert in_play == CARDS_USED[n] - DISCARD * n
    else:
        assert state.ended is not None and state.round == ROUNDS
        assert state.ended["totals"] == final_totals(state.penalties, state.bonus)


def _check_log(state: State) -> None:
    """Replay the public log: chips, this round's pile, statuses, turn order and the force must match the state."""
    n = players(state)
    penalties = [0] * n
    bonus = [BONUS_PER_PLAYER] * n
    status = [IN] * n
    pile: list[list[int]] = []
    value = LOWEST
    due: int | None = None  # the seat whose turn it is, by the log
    forced = False
    for entry in state.log:
        event, seat = entry["event"], entry["seat"]
        if event == "discard":
            continue
        if event == "opening":
            status, pile, value, forced = [IN] * n, [[LOWEST]], LOWEST, False
            due = _following(status, seat)
            continue
        if event in ("round_end", "game_end"):
            assert all(s != IN for s in status), "a round ended with a player still in it"
            assert entry.get("penalties", penalties) == penalties
            continue
        assert seat == due, f"seat {seat} acted out of turn"
        if event == "play":
            cards = entry["cards"]
            assert entry["from"] == value and cards and all(c == cards[0] for c in cards)
            low, high = reach(value, entry["bonus"])
            assert entry["value"] == value if entry["bonus"] == 0 else low <= entry["value"] <= high
            assert cards[0] >= entry["value"], "a card below the (adjusted) pile value was played"
            assert entry["penalty"] == penalty(entry["value"], cards[0]), "a penalty differs from the rule"
            assert entry["forced"] == forced
            penalties[seat] += entry["penalty"]
            bonus[seat] -= entry["bonus"]
            if entry["out"]:
                assert entry["returned"] == min(GOING_OUT_RETURN, penalties[seat])
                status[seat] = OUT
            else:
                assert entry["returned"] == 0
            penalties[seat] -= entry["returned"]
            pile.append(list(cards))
            value = cards[0]
            forced = False
        elif event == "pass":
            assert entry["penalty"] == (FORCE_PENALTY if entry["force"] else PASS_PENALTY)
            assert entry["lapsed"] == forced, "a forced player passed although not lapsed, or a lapse was invented"
            penalties[seat] += entry["penalty"]
            forced = entry["force"]
        elif event == "drop_out":
            assert not forced, "a forced player dropped out"
            assert entry["penalty"] == entry["cards"] >= 1
            penalties[seat] += entry["penalty"]
            status[seat] = DROPPED
        assert bonus[seat] >= 0, "a seat spent more bonus chips than it had"
        due = _following(status, seat)
        if forced:
            assert due is not None and due != seat, "a force with nobody to force"
    assert penalties == state.penalties, "the penalty chips differ from the log"
    assert bonus == state.bonus, "the bonus chips differ from the log"
    if state.phase == "play":
        assert status == state.status, "the seats' statuses differ from the log"
        assert pile == state.pile and value == state.pile_value, "the pile differs from the log"
        assert due == state.active and forced == state.forced, "the seat to act differs from the log"


def _following(status: list[str], seat: int) -> int | None:
    """The seat to act after ``seat``: the next one clockwise in the round, else ``seat`` if still in, else None."""
    n = len(status)
    for step in range(1, n):
        if status[(seat + step) % n] == IN:
            return (seat + step) % n
    return seat if status[seat] == IN else None
