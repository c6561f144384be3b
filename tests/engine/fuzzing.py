"""Seeded fuzzing of every game engine through the common protocol (used by tests and tools/fuzz_engines.py).

``play_legal`` plays random legal games and, at every step, checks the game's invariants, saves the session as
JSON and reloads it (the reloaded state must equal the original), and replays every finished log to the identical
result. A reload replays the saved actions; to keep long games (Eleusis: 1,000+ actions) linear, the reload is
rebuilt from scratch at every one of the first 200 steps and every 100 steps after that, and in between it is
extended by the newly saved action (read back from the JSON, not taken from the live session) — rebuilt too when the
action folded a run out of the log (``junban.session``). ``feed_garbage`` throws malformed and illegal actions at
random states: each must be refused
with a typed ``IllegalAction`` and leave the state untouched.
"""
from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field

from junban.errors import IllegalAction
from junban.games import GAME_MODULES, available_games, load_game
from junban.session import Seat, Session

# How likely a random player is to pick an action of each kind (first key of the action), per game.
# Undo and markers are rare so games move on; everything else is uniform.
KIND_WEIGHTS = {"undo": 0.05, "mark": 0.02, "pass": 0.3, "pass_force": 0.2, "drop_out": 0.05, "stop": 0.002}
MAX_ACTIONS_PER_GAME = 6000


def game_configs(game: str, rng: random.Random) -> dict:
    """A random configuration of a game, covering its variants and seat counts."""
    module = load_game(game)
    players = rng.choice(list(module.SEATS))
    if game == "the-game":
        return {"players": players, "expert": rng.random() < 0.3, "small_hands": rng.random() < 0.3,
                "on_fire": rng.random() < 0.4, "strict": rng.random() < 0.3}
    sample = getattr(module, "random_config", None)
    if sample is not None:
        return sample(rng)
    return module.normalize_config({"players": players})


def choose(legal: list[dict], rng: random.Random) -> dict:
    weights = [KIND_WEIGHTS.get(next(iter(a)), 1.0) for a in legal]
    return rng.choices(legal, weights=weights)[0]


@dataclass
class FuzzReport:
    games: int = 0
    actions: int = 0
    reloads: int = 0
    replays: int = 0
    garbage: int = 0
    failures: list = field(default_factory=list)


FULL_RELOAD_STEPS = 200
FULL_RELOAD_EVERY = 100


def play_legal(game: str, seed: int, report: FuzzReport) -> None:
    """One random game to its end; every step checked, saved and reloaded.

    Odd seeds are played by the game's baseline bots with a few random moves mixed in (so long games, late
    phases and endgames are reached); even seeds by a purely random player.
    """
    module = load_game(game)
    rng = random.Random(f"fuzz|{game}|{seed}")
    config = game_configs(game, rng)
    players = config.get("players", len(list(module.SEATS)))
    seats = [Seat("person", f"P{i}") for i in range(players)]
    session = Session(f"fuzz{seed:08d}", game, config, f"f{seed}", seats)
    bots = _baseline_bots(game, session) if seed % 2 else None
    module.check_invariants(session.state)
    steps = 0
    reloaded = session
    while not session.is_over:
        legal = session.legal_actions()
        if not legal:
            report.failures.append((game, seed, steps, "no legal action but the game is not over"))
            return
        seat = session.to_act
        if bots is not None and rng.random() > 0.03:
            action = bots[seat].act(session.view(seat))
        else:
            action = choose(legal, rng)
        session.apply(json.loads(json.dumps(action)))
        steps += 1
        report.actions += 1
        module.check_invariants(session.state)
        record = json.loads(json.dumps(session.to_record()))
        if (steps <= FULL_RELOAD_STEPS or steps % FULL_RELOAD_EVERY == 0
                or record["actions"][:-1] != reloaded.actions):  # the action folded a run out of the log
            reloaded = Session.from_record(record)
        else:
            reloaded.extend(record["actions"][-1:])
        report.reloads += 1
        if reloaded.state != session.state:
            report.failures.append((game, seed, steps, "the reloaded game differs from the original"))
            return
        if steps > MAX_ACTIONS_PER_GAME:
            report.failures.append((game, seed, steps, "the game did not end"))
            return
    replayed = Session(session.id, game, session.config, session.seed, seats, actions=session.actions)
    report.replays += 1
    if replayed.state != session.state or replayed.outcome != session.outcome:
        report.failures.append((game, seed, steps, "replaying the finished log gave another result"))
    report.games += 1


def _baseline_bots(game: str, session: Session):
    try:
        from junban.bots import bot_module, make_bot

        module = bot_module(game)
    except ImportError:
        return None
    level = module.LEVELS[0]
    return [make_bot(game, level, session.seed, seat) for seat in range(len(session.seats))]


def garbage_actions(legal: list[dict], rng: random.Random) -> list:
    """Malformed and illegal actions: wrong types, unknown keys, mutated legal actions, absurd values."""
    junk_values = [None, True, False, 0, -1, 1.5, float("nan"), 10**30, "", "x" * 500, [], {}, [1, 2], {"a": 1},
                   "37", "QH", "__class__", "<script>"]
    out: list = [rng.choice(junk_values), {}, {"nonsense": True}, [legal[0]] if legal else []]
    for _ in range(6):
        base = copy.deepcopy(rng.choice(legal)) if legal else {}
        if base and rng.random() < 0.7:
            key = rng.choice(list(base))
            base[key] = rng.choice(junk_values)
        else:
            base[rng.choice(["extra", "seat", "play", "pile", "card", "cards"])] = rng.choice(junk_values)
        out.append(base)
    return out


def feed_garbage(game: str, seed: int, report: FuzzReport, probes: int = 40) -> None:
    """Random states of a random game; at each, malformed actions must be refused and change nothing."""
    module = load_game(game)
    rng = random.Random(f"garbage|{game}|{seed}")
    config = game_configs(game, rng)
    state = module.new_game(config, f"g{seed}")
    for _ in range(probes):
        if module.to_act(state) is None:
            break
        legal = module.legal_actions(state)
        for junk in garbage_actions(legal, rng):
            if junk in legal:
                continue
            before = copy.deepcopy(state)
            try:
                module.apply(state, junk)
            except IllegalAction:
                pass
            except Exception as err:  # an untyped error is a bug
                report.failures.append((game, seed, repr(junk)[:80], f"untyped error {type(err).__name__}: {err}"))
                continue
            else:
                report.failures.append((game, seed, repr(junk)[:80], "a malformed action was accepted"))
            report.garbage += 1
            if state != before:
                report.failures.append((game, seed, repr(junk)[:80], "a refused action changed the state"))
        for _ in range(rng.randint(1, 6)):
            if module.to_act(state) is None:
                break
            state = module.apply(state, choose(module.legal_actions(state), rng))
    if module.to_act(state) is None:
        before = copy.deepcopy(state)
        for junk in [{"end_turn": True}, {"play": 50, "pile": 0}, {}, None]:
            try:
                module.apply(state, junk)
                report.failures.append((game, seed, repr(junk), "an action after the end was accepted"))
            except IllegalAction:
                report.garbage += 1
        if state != before:
            report.failures.append((game, seed, "after end", "a refused action changed the state"))


def fuzz_games() -> list[str]:
    """Every game whose engine is present (the fuzzer covers new games as they land)."""
    return [g for g in available_games() if g in GAME_MODULES]
