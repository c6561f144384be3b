"""'Could this deal have been won?' run in a worker (BrowserPlatform.start_analysis), on the CPython test platform:
the review shows the worker's progress and result, ends the worker when it is stopped or left, and runs the analysis
in the page itself when no worker can."""
from __future__ import annotations

from tests.ui.test_the_game_ui import button, by_id, click, play_to_the_end_by_hints, start, table


def finished_solo_game():
    app, platform = start("#/the-game?players=1&seed=review-1")
    play_to_the_end_by_hints(app, platform)
    platform.run_timers(0)
    return app, platform


def test_the_analysis_runs_in_a_worker_and_the_page_shows_its_answer():
    app, platform = finished_solo_game()
    platform.analysis_workers = True
    click(app, button(platform, "Analyse this deal"))
    review = table(app).review
    assert review.worker is not None and review.status == "running"
    assert review.analysis.nodes == 0, "nothing runs in the page"
    platform.run_timers(10)
    assert review.status == "done" and review.worker is None
    verdict = by_id(platform, "review-verdict").textContent
    assert verdict == review.verdict_text()
    # The same answer the page would have worked out itself, and its best line replays to what it promised.
    review.analysis.run()
    assert review.result == review.analysis.result
    click(app, button(platform, "To the end"))
    assert review.replay.state.ended["left"] == review.result["best"]["best_left"]


def test_stopping_or_leaving_the_analysis_ends_its_worker():
    app, platform = finished_solo_game()
    platform.analysis_workers = True
    click(app, button(platform, "Analyse this deal"))
    worker = table(app).review.worker
    click(app, button(platform, "Stop"))
    assert platform.analyses_stopped == [worker]
    platform.run_timers(10)
    assert table(app).review.status == "cancelled"
    # Started again, then the player leaves the table for home: the worker is ended too, and says nothing more.
    click(app, button(platform, "Back to the game"))
    click(app, button(platform, "Analyse this deal"))
    again = table(app).review.worker
    assert again is not None and again is not worker
    app.go("#/")
    assert platform.analyses_stopped == [worker, again]
    platform.run_timers(10)


def test_where_no_worker_starts_the_page_runs_the_analysis_in_slices():
    app, platform = finished_solo_game()
    platform.analysis_workers = "fail"
    click(app, button(platform, "Analyse this deal"))
    review = table(app).review
    platform.run_timers(1)
    assert review.worker is None and review.status == "running"
    platform.run_timers(100_000)
    assert review.status == "done" and review.analysis.done
