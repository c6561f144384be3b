"""A seeded slice of the engine fuzzer (the full 1,000,000-action run is tools/fuzz_engines.py)."""
import pytest

from tests.engine.fuzzing import FuzzReport, feed_garbage, fuzz_games, play_legal

GAMES_PER_ENGINE = 12


def slice_seeds(game: str) -> list[int]:
    """The seeds the slice plays: 0-11 (odd seeds by the game's baseline bots, even by a random player), but for
    Eleusis one bot-played seed only. Its baseline bots ask the scientist at every play (~40-140 ms in CPython), so
    each of its odd seeds takes 15-60 s, the even ones 2-6 s; tools/fuzz_engines.py plays every odd seed with them
    (docs/fuzzing.md)."""
    if game == "eleusis":
        return [seed for seed in range(GAMES_PER_ENGINE) if seed % 2 == 0 or seed == 1]
    return list(range(GAMES_PER_ENGINE))


@pytest.mark.parametrize("game", fuzz_games())
def test_random_legal_play_saves_reloads_and_replays_identically(game):
    report = FuzzReport()
    seeds = slice_seeds(game)
    for seed in seeds:
        play_legal(game, seed, report)
    assert not report.failures, report.failures[:5]
    assert report.games == len(seeds) and report.reloads == report.actions > 0


@pytest.mark.parametrize("game", fuzz_games())
def test_malformed_and_illegal_actions_are_refused_with_typed_errors(game):
    report = FuzzReport()
    for seed in range(GAMES_PER_ENGINE):
        feed_garbage(game, seed, report)
    assert not report.failures, report.failures[:5]
    assert report.garbage > 100
