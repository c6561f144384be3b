"""Solo "science" mode: find a secret rule in 30 plays. A game engine with the protocol of ``junban.games``.

The secret rule comes from the config: a rule text (e.g. from a link), a library rule id, or else a library
rule of the chosen level picked with the seed. Two decks are shuffled into the stock (a further deck is shuffled
in whenever the stock has 4 or fewer cards, as at the table). The stock's top card is turned up as the first
mainline card; cards the rule rejects there (judged with an empty mainline) are laid aside until one is accepted.

The player holds 12 cards and has 30 plays. Actions:

- ``{"play": "QH"}``: play a card from the hand. Right: it extends the mainline. Wrong: it goes on the sideline
  under the last mainline card (``sidelines[i]`` hangs under ``mainline[i]``), exactly as at the table. Either
  way it costs one play and the hand is refilled to 12 from the stock (no penalty cards in this mode).
- ``{"guess": "<rule text>"}``: always allowed while the game runs (free text, so not listed by
  ``legal_actions``). A text that is not a rule is refused and costs nothing. An equivalent guess (see
  ``equivalence``) solves the game. A wrong guess costs 2 plays (never below 0) and is answered with a
  counterexample: a mainline and a card where the guess and the secret rule disagree, taken from the player's
  own cards when they already show a difference, else at a place the player can test (after the current last
  card, or further along the line they are building) or has seen (after an earlier card of their line); only
  when the rules differ nowhere there does it say how the line may start (``testable_difference``).
- ``{"give_up": True}``: end the game and see the rule.

With no plays left, only guesses (one last guess) and giving up remain; a wrong last guess ends the game.
Score = plays left at the right guess (so each wrong guess costs 2), 0 if not solved.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from junban.errors import ConfigError, GameOver, MalformedAction, RuleViolation
from junban.games.eleusis import cards, library
from junban.games.eleusis.equivalence import compare
from junban.games.eleusis.lang import Rule, RuleError, compile_rule
from junban.rng import rng_for

SLUG = "eleusis-science"
SEATS = range(1, 2)
PLAYS = 30
HAND_SIZE = 12
WRONG_GUESS_COST = 2
STOCK_REFILL_AT = 4
CONFIG_KEYS = ("level", "rule_id", "rule", "plays", "hand_size", "show_hint")


# --------------------------------------------------------------------------- configuration


def normalize_config(raw: dict) -> dict:
    """Keys: ``level`` (easy/medium/hard, default medium), ``rule_id`` (a library id) or ``rule`` (a rule text),
    ``plays`` (1..100, default 30), ``hand_size`` (1..30, default 12), ``show_hint`` (the library hint, if any)."""
    if not isinstance(raw, dict):
        raise ConfigError("the game settings are not readable")
    unknown = set(raw) - set(CONFIG_KEYS)
    if unknown:
        raise ConfigError(f"unknown setting: {sorted(unknown)[0]}")
    level = raw.get("level", "medium")
    if level not in library.LEVELS:
        raise ConfigError("the level is easy, medium or hard")
    rule_id = raw.get("rule_id")
    rule = raw.get("rule")
    if rule_id is not None and rule is not None:
        raise ConfigError("choose either a library rule or your own rule, not both")
    if rule_id is not None:
        if not isinstance(rule_id, str):
            raise ConfigError("unknown library rule")
        try:
            level = library.get(rule_id).level
        except KeyError:
            raise ConfigError(f"unknown library rule: {rule_id[:40]}") from None
    if rule is not None:
        if not isinstance(rule, str):
            raise ConfigError("the secret rule must be a text")
        try:
            compiled = compile_rule(rule)
        except RuleError as err:
            raise ConfigError(f"the secret rule is not a rule: {err}") from None
        if not any(compiled.judge((), c) for c in cards.DECK):
            raise ConfigError("the secret rule accepts no first card, so the game cannot start")
    plays = raw.get("plays", PLAYS)
    if type(plays) is not int or not 1 <= plays <= 100:
        raise ConfigError("plays must be a whole number from 1 to 100")
    hand_size = raw.get("hand_size", HAND_SIZE)
    if type(hand_size) is not int or not 1 <= hand_size <= 30:
        raise ConfigError("the hand size must be a whole number from 1 to 30")
    show_hint = raw.get("show_hint", False)
    if type(show_hint) is not bool:
        raise ConfigError("show_hint must be on or off")
    return {"level": level, "rule_id": rule_id, "rule": rule, "plays": plays, "hand_size": hand_size,
            "show_hint": show_hint}


# --------------------------------------------------------------------------- the state


@dataclass
class State:
    """The whole solo game. Treat as immutable: ``apply`` returns a changed copy (the compiled rule is shared)."""

    config: dict
    seed: str
    secret: str  # the secret rule's text
    secret_id: str | None  # its library id, if it comes from the library
    rule: Rule = field(compare=False)  # compiled from secret (which is compared)
    stock: list[str]  # the next card drawn is stock[-1]
    decks_used: int
    hand: list[str]
    mainline: list[str]
    sidelines: list[list[str]]  # sidelines[i]: wrong cards played while mainline[i] was the last card
    laid_aside: list[str]  # first cards the rule rejected (judged with an empty mainline)
    plays_left: int
    plays_made: int = 0
    guesses: list[dict] = field(default_factory=list)  # {"text", "right", "counterexample"}
    last_play: dict | None = None  # {"card", "right"}
    ended: dict | None = None
    log_length: int = 0

    def copy(self) -> "State":
        rule = self.rule
        self.rule = None  # type: ignore[assignment]
        try:
            new = copy.deepcopy(self)
        finally:
            self.rule = rule
        new.rule = rule
        return new


def _secret(config: dict, seed: str) -> tuple[str, str | None]:
    if config["rule"] is not None:
        return config["rule"], None
    if config["rule_id"] is not None:
        return library.get(config["rule_id"]).rule, config["rule_id"]
    chosen = library.pick(config["level"], rng_for(seed, SLUG, "rule"))
    return chosen.rule, chosen.id


def _refill_stock(state: State) -> None:
    """Shuffle a further deck into the stock whenever it has 4 or fewer cards."""
    while len(state.stock) <= STOCK_REFILL_AT:
        state.stock.extend(cards.decks(1))
        state.decks_used += 1
        rng_for(state.seed, SLUG, "deck", state.decks_used).shuffle(state.stock)


def _draw(state: State) -> str:
    card = state.stock.pop()
    _refill_stock(state)
    return card


def new_game(config: dict, seed: str) -> State:
    config = normalize_config(config)
    secret, secret_id = _secret(config, seed)
    rule = compile_rule(secret)
    stock = cards.decks(2)
    rng_for(seed, SLUG, "deck", 2).shuffle(stock)
    state = State(config=config, seed=seed, secret=secret, secret_id=secret_id, rule=rule, stock=stock,
                  decks_used=2, hand=[], mainline=[], sidelines=[], laid_aside=[], plays_left=config["plays"])
    if not any(rule.judge((), c) for c in cards.DECK):
        raise ConfigError("the secret rule accepts no first card, so the game cannot start")
    while not state.mainline:
        card = _draw(state)
        if rule.judge((), card):
            state.mainline.append(card)
            state.sidelines.append([])
        else:
            state.laid_aside.append(card)
    for _ in range(config["hand_size"]):
        state.hand.append(_draw(state))
    return state


# --------------------------------------------------------------------------- queries


def to_act(state: State) -> int | None:
    return None if state.ended else 0


def legal_actions(state: State) -> list[dict]:
    """Plays of each different card in hand (while plays are left) and giving up. A guess
    (``{"guess": text}``) is also always allowed while the game runs; its text is free, so it is not listed."""
    if state.ended:
        return []
    actions: list[dict] = []
    if state.plays_left > 0:
        actions = [{"play": c} for c in sorted(set(state.hand), key=_card_order)]
    actions.append({"give_up": True})
    return actions


def _card_order(code: str) -> tuple[int, int]:
    return (cards.SUITS.index(cards.suit(code)), cards.rank(code))


def outcome(state: State) -> dict | None:
    return copy.deepcopy(state.ended) if state.ended else None


def wrong_guesses(state: State) -> int:
    return sum(1 for g in state.guesses if not g["right"])


# --------------------------------------------------------------------------- applying actions


def apply(state: State, action: dict) -> State:
    """Apply one action to a copy of ``state``. Illegal actions raise and change nothing."""
    kind = _action_kind(action)
    if state.ended:
        raise GameOver("the game is over")
    if kind == "play":
        card = action["play"]
        if state.plays_left <= 0:
            raise RuleViolation("no plays are left: make your last guess or give up")
        if card not in state.hand:
            raise RuleViolation(f"{cards.card_name_en(card)} is not in your hand")
        new = state.copy()
        _play(new, card)
    elif kind == "guess":
        try:
            guess = compile_rule(action["guess"])
        except RuleError as err:
            raise RuleViolation(f"the guess is not a rule: {err}") from None
        new = state.copy()
        _guess(new, guess)
    else:
        new = state.copy()
        _finish(new, solved=False, reason="gave-up")
    new.log_length += 1
    return new


def _action_kind(action: object) -> str:
    if not isinstance(action, dict):
        raise MalformedAction("an action must be an object")
    keys = set(action)
    if keys == {"play"}:
        if not cards.is_card(action["play"]):
            raise MalformedAction("a card is a code like QH, 10C or AS")
        return "play"
    if keys == {"guess"}:
        if not isinstance(action["guess"], str):
            raise MalformedAction("a guess is a rule written as text")
        return "guess"
    if keys == {"give_up"} and action["give_up"] is True:
        return "give_up"
    raise MalformedAction("unknown action")


def _play(state: State, card: str) -> None:
    state.hand.remove(card)
    right = state.rule.judge(state.mainline, card)
    if right:
        state.mainline.append(card)
        state.sidelines.append([])
    else:
        state.sidelines[-1].append(card)
    state.last_play = {"card": card, "right": right}
    state.plays_made += 1
    state.plays_left -= 1
    state.hand.append(_draw(state))


def _guess(state: State, guess: Rule) -> None:
    last_chance = state.plays_left == 0
    difference = evidence_difference(state, guess)
    if difference is None:
        result = compare(state.rule, guess, seed=state.seed, prefer_a_accepts=True)
        if result.equivalent:
            state.guesses.append({"text": guess.text, "right": True, "counterexample": None})
            _finish(state, solved=True, reason="solved")
            return
        difference = testable_difference(state, guess) or _as_dict(result.counterexample, from_play=False)
    state.guesses.append({"text": guess.text, "right": False, "counterexample": difference})
    state.plays_left = max(0, state.plays_left - WRONG_GUESS_COST)
    if last_chance:
        _finish(state, solved=False, reason="out-of-plays")


def _as_dict(ce, from_play: bool) -> dict:
    return {"mainline": list(ce.mainline), "card": ce.card, "secret_accepts": ce.a_accepts, "from_play": from_play}


def evidence_difference(state: State, guess: Rule) -> dict | None:
    """The first card already played (or laid aside) on which ``guess`` disagrees with what happened.

    Cards are taken in mainline order: at each mainline length, the cards judged there (laid-aside first cards,
    then the mainline card and the sideline cards played after the previous one). Earlier mainline cards all
    agree, so the guess accepts the mainline shown in the counterexample.
    """
    for i, right_card in enumerate(state.mainline):
        before = state.mainline[:i]
        judged = [(c, False) for c in (state.laid_aside if i == 0 else state.sidelines[i - 1])]
        judged.append((right_card, True))
        for card, secret_accepts in judged:
            if guess.judge(before, card) != secret_accepts:
                return {"mainline": before, "card": card, "secret_accepts": secret_accepts, "from_play": True}
    for card in state.sidelines[-1]:
        if guess.judge(state.mainline, card):
            return {"mainline": list(state.mainline), "card": card, "secret_accepts": False, "from_play": True}
    return None


def testable_difference(state: State, guess: Rule) -> dict | None:
    """Where a wrong guess differs from the secret rule at a place the player can test or has seen, when no card
    played shows it (``evidence_difference``): after the current last card (a card the secret rule accepts
    first), else further along a line that continues the current one (shortest first), else after an earlier
    card of the line (latest first). None when the two rules agree on all of these: they differ only on how
    the line may start (a first card, which the player never plays) or on lines that left the player's line
    earlier."""
    mainline = tuple(state.mainline)
    here = _first_difference(state.rule, guess, mainline)
    if here is not None:
        return here
    ahead = compare(state.rule, guess, seed=state.seed, prefer_a_accepts=True, start=mainline)
    if ahead.counterexample is not None:
        return _as_dict(ahead.counterexample, from_play=False)
    for i in range(len(mainline) - 1, 0, -1):
        earlier = _first_difference(state.rule, guess, mainline[:i])
        if earlier is not None:
            return earlier
    return None


def _first_difference(secret: Rule, guess: Rule, mainline: tuple[str, ...]) -> dict | None:
    """A card the two rules judge differently after ``mainline``: one the secret rule accepts first."""
    deck = list(cards.DECK)
    found = [(c, s) for c, s, g in zip(deck, secret.judge_all(mainline, deck), guess.judge_all(mainline, deck))
             if s != g]
    if not found:
        return None
    card, secret_accepts = next((f for f in found if f[1]), found[0])
    return {"mainline": list(mainline), "card": card, "secret_accepts": secret_accepts, "from_play": False}


def _finish(state: State, solved: bool, reason: str) -> None:
    entry = library.get(state.secret_id) if state.secret_id else None
    rule = state.rule
    state.ended = {
        "solved": solved,
        "reason": reason,  # solved | gave-up | out-of-plays
        "score": state.plays_left if solved else 0,
        "plays_made": state.plays_made,
        "plays_left": state.plays_left,
        "wrong_guesses": wrong_guesses(state),
        "rule": state.secret,
        "rule_id": state.secret_id,
        "name": {"en": entry.name_en, "ja": entry.name_ja} if entry else None,
        "words": ({"en": entry.words_en, "ja": entry.words_ja} if entry
                  else {"en": rule.describe("en"), "ja": rule.describe("ja")}),
    }


# --------------------------------------------------------------------------- views


def view(state: State, seat: int = 0) -> dict:
    """What the player may know: hand, mainline, sidelines, laid-aside cards, guesses and their answers;
    the secret rule only once the game is over."""
    if seat != 0 or type(seat) is not int:
        raise ValueError("solo science mode has one seat, 0")
    config = {k: v for k, v in state.config.items() if k not in ("rule", "rule_id")}
    config["custom_rule"] = state.config["rule"] is not None
    hint = None
    if state.config["show_hint"] and state.secret_id:
        entry = library.get(state.secret_id)
        if entry.hint_en:
            hint = {"en": entry.hint_en, "ja": entry.hint_ja}
    return {
        "game": SLUG,
        "seat": 0,
        "config": config,
        "hand": list(state.hand),
        "mainline": list(state.mainline),
        "sidelines": [list(s) for s in state.sidelines],
        "laid_aside": list(state.laid_aside),
        "plays_left": state.plays_left,
        "plays_made": state.plays_made,
        "guesses": copy.deepcopy(state.guesses),
        "last_play": dict(state.last_play) if state.last_play else None,
        "hint": hint,
        "outcome": outcome(state),
    }


# --------------------------------------------------------------------------- invariants (tests, fuzz)


def check_invariants(state: State) -> None:
    """Cards conserved; every mainline card right and every sideline card wrong where it lies; plays counted."""
    everything = state.stock + state.hand + state.mainline + state.laid_aside + [c for s in state.sidelines for c in s]
    assert sorted(everything) == sorted(cards.decks(state.decks_used)), "cards are not conserved"
    assert len(state.hand) == state.config["hand_size"], "the hand was not refilled"
    assert len(state.stock) > STOCK_REFILL_AT, "the stock was not refilled"
    assert len(state.sidelines) == len(state.mainline) >= 1
    for c in state.laid_aside:
        assert not state.rule.judge((), c), "a laid-aside first card would have been right"
    for i, c in enumerate(state.mainline):
        assert state.rule.judge(state.mainline[:i], c), "a mainline card is wrong"
        for wrong in state.sidelines[i]:
            assert not state.rule.judge(state.mainline[:i + 1], wrong), "a sideline card is right"
    assert state.plays_made == len(state.mainline) - 1 + sum(len(s) for s in state.sidelines)
    expected_left = max(0, state.config["plays"] - state.plays_made - WRONG_GUESS_COST * wrong_guesses(state))
    assert state.plays_left == expected_left, "plays left miscounted"
    assert sum(1 for g in state.guesses if g["right"]) <= 1
    if state.ended:
        assert state.ended["solved"] == any(g["right"] for g in state.guesses)
        assert state.ended["score"] == (state.plays_left if state.ended["solved"] else 0)
