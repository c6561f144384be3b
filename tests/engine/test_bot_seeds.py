"""Bots never get the deal's seed: every bot is made by ``junban.bots.make_bot``, which hands it a seed derived one
way from the deal's (the dealer given the deal's seed would deal every hidden card again)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from junban import bots as bot_registry
from junban.games import GAME_MODULES
from junban.rng import derived_seed, normalize_seed
from junban.session import Seat, Session

ROOT = Path(__file__).resolve().parents[2]
TABLES = {"the-game": 2, "23": 2, "eleusis": 3, "eleusis-science": 1}  # a table of bots of each game


@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_a_table_bot_gets_a_seed_made_from_the_deal_seed_but_never_the_deal_seed(game, monkeypatch):
    module = bot_registry.bot_module(game)
    received = []
    real = module.make_bot

    def recording(level, seed, seat):
        received.append(seed)
        return real(level, seed, seat)

    monkeypatch.setattr(module, "make_bot", recording)
    players = TABLES[game]
    config = {} if game == "eleusis-science" else {"players": players}
    for deal_seed in ("ux2-phone", "123"):
        seats = [Seat("bot", f"Bot {i + 1}", module.DEFAULT_LEVEL) for i in range(players)]
        session = Session("s", game, config, deal_seed, seats)
        session.bot(0)
    assert received[0] != "ux2-phone" and received[1] != "123"
    assert all(seed not in ("ux2-phone", "123") for seed in received)
    assert received[0] == bot_registry.bot_seed(game, "ux2-phone") == bot_registry.bot_seed(game, "ux2-phone")
    assert normalize_seed(received[0]) == received[0], "a bot seed is itself a valid seed"


def test_the_bot_seed_is_a_one_way_hash_labelled_by_game():
    seed = bot_registry.bot_seed("23", "ux2-phone")
    assert seed == derived_seed("ux2-phone", "23", "bot") and len(seed) == 32
    assert "ux2-phone" not in seed
    assert bot_registry.bot_seed("the-game", "ux2-phone") != seed != bot_registry.bot_seed("23", "ux2-phon")


def test_benchmark_levels_are_made_by_the_registry_but_never_offered_at_a_table():
    assert bot_registry.make_bot("23", "strong-v1", "s", 0).level == "strong-v1"
    with pytest.raises(ValueError):
        bot_registry.make_bot("23", "perfect", "s", 0)
    from junban.errors import ConfigError
    from junban.session import make_seats

    with pytest.raises(ConfigError):
        make_seats("23", [{"kind": "person"}, {"kind": "bot", "level": "strong-v1"}])


def _game_bot_calls(path: Path) -> list[int]:
    """Lines of ``path`` that call a ``make_bot`` with the three arguments of a game's own factory."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("make_bot", "make_science_bot") and len(node.args) + len(node.keywords) != 4:
                lines.append(node.lineno)
    return lines


def test_only_the_registry_calls_a_games_own_bot_factory():
    """The app, the benchmarks and the tools make bots through ``junban.bots.make_bot(game, level, deal_seed, seat)``;
    a game's own ``make_bot(level, seed, seat)`` is called only by the registry (and inside the game package)."""
    offenders = []
    for folder in ("py/junban", "tools"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if relative == "py/junban/bots.py" or relative.startswith("py/junban/games/"):
                continue
            offenders += [f"{relative}:{line}" for line in _game_bot_calls(path)]
    offenders += [f"tests/engine/fuzzing.py:{line}" for line in _game_bot_calls(ROOT / "tests/engine/fuzzing.py")]
    assert offenders == []
