"""A seeded slice of the engine fuzzer (the full 1,000,000-action run is tools/fuzz_engines.py)."""
import pytest

from tests.engine.fuzzing import FuzzReport, feed_garbage, fuzz_games, play_legal

GAMES_PER_ENGINE = 12


@pytest.mark.parametrize("game", fuzz_games())
def test_random_legal_play_saves_reloads_and_replays_identically(game):
    report = FuzzReport()
    for seed in range(GAMES_PER_ENGINE):
        play_legal(game, seed, report)
    assert not report.failures, report.failures[:5]
    assert report.games == GAMES_PER_ENGINE and report.reloads == report.actions > 0


@pytest.mark.parametrize("game", fuzz_games())
def test_malformed_and_illegal_actions_are_refused_with_typed_errors(game):
    report = FuzzReport()
    for seed in range(GAMES_PER_ENGINE):
        feed_garbage(game, seed, report)
    assert not report.failures, report.failures[:5]
    assert report.garbage > 100
