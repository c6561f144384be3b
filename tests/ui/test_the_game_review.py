"""'Could this deal have been won?' run in a worker (BrowserPlatform.start_analysis), on the CPython test platform:
the review shows the worker's progress and result, ends the worker when it is stopped or left, and runs the analysis
in the page itself when no worker can."""
from __future__ import annotations

from junban.games.the_game import rules
from tests.ui.test_the_game_ui import button, by_attr, by_id, click, play_to_the_end_by_hints, start, table


def finished_solo_game():
    app, platform = start("#/the-game?players=1&seed=review-1")
    play_to_the_end_by_hints(app, platform)
    platform.run_timers(0)
    return app, platform


def lost_solo_game():
    """A solo game played badly to its loss (each turn the minimum, each card the one that skips the most numbers):
    the deal allowed a perfect game, so the analysis goes on to look for the turning point after its verdict."""
    app, platform = start("#/the-game?players=1&seed=review-2")
    while not table(app).session.is_over:
        state = table(app).session.state
        fits = [(abs(card - rules.pile_top(state, pile)), card, pile) for card in state.hands[state.active]
                for pile in rules.PILES if rules.fits(card, pile, rules.pile_top(state, pile))]
        if fits and len(state.played) < state.minimum:
            _, card, pile = max(fits)
            table(app).act({"play": card, "pile": pile})
        else:
            table(app).act({"end_turn": True})
    app.render()
    platform.run_timers(0)
    return app, platform


def watch_the_best_line_before_the_turning_point(app, platform) -> None:
    """The verdict is on the page and the best line can be watched to its end, while the turning point is still
    being looked for (its meter shown under the verdict, its line not offered yet)."""
    review = table(app).review
    assert review.status == "running" and review.result is None, "the turning point has not arrived"
    assert by_id(platform, "review-verdict").textContent == review.verdict_text() == (
        "A perfect game was possible: every card could have been played.")
    point = by_id(platform, "review-point")
    assert point.find_all(lambda n: n.attributes.get("role") == "progressbar"), "its search shows how far it got"
    assert "Looking for the turn where it slipped away" in point.textContent
    assert by_attr(platform, "data-arg", "turning")[0].attributes.get("disabled") == ""
    click(app, button(platform, "One step on"))
    assert review.replay.name == "best" and review.replay.step == 1
    click(app, button(platform, "To the end"))
    assert rules.outcome(review.replay.state)["left"] == 0, "the best line replays to the perfect game it promised"


def test_the_verdict_and_its_best_line_come_before_the_turning_point():
    """Could it have been won: said (and its line watchable) as soon as the best result from the start is known,
    from the worker's "verdict" message; the turning point arrives later in its place, and the line watched stays."""
    app, platform = lost_solo_game()
    platform.analysis_workers = True
    click(app, button(platform, "Analyse this deal"))
    platform.run_timers(1)  # the worker's verdict
    watch_the_best_line_before_the_turning_point(app, platform)
    review = table(app).review
    watched = review.replay.step
    platform.run_timers(1)  # the rest of its answer
    assert review.status == "done" and review.result["turning_point"]
    assert review.replay.name == "best" and review.replay.step == watched, "what was watched did not move"
    assert "Turning point: turn 1" in by_id(platform, "review-point").textContent
    assert by_attr(platform, "data-arg", "turning")[0].attributes.get("disabled") is None
    click(app, button(platform, "Turning point"))
    assert review.replay.name == "turning"


def test_where_the_page_runs_the_analysis_its_verdict_comes_before_the_turning_point_too():
    app, platform = lost_solo_game()
    click(app, button(platform, "Analyse this deal"))
    review = table(app).review
    while review.verdict is None:
        assert platform.run_timers(1) == 1
    assert not review.analysis.done
    watch_the_best_line_before_the_turning_point(app, platform)
    click(app, button(platform, "To the start"))
    click(app, by_id(platform, "review-play"))  # the replay plays while the analysis goes on, in the same page
    platform.run_timers(100_000)
    assert review.status == "done" and review.analysis.done and review.result["turning_point"]
    assert review.replay.name == "best" and review.replay.step == len(review.replay.actions)


def test_the_analysis_runs_in_a_worker_and_the_page_shows_its_answer():
    app, platform = finished_solo_game()
    platform.analysis_workers = True
    click(app, button(platform, "Analyse this deal"))
    review = table(app).review
    assert review.worker is not None and review.status == "running"
    assert review.analysis.nodes == 0, "nothing runs in the page"
    drawn = []
    render, app.services._render = app.services._render, lambda: (drawn.append(1), render())
    platform.run_timers(1)  # the worker's progress, then its verdict: only the verdict draws the review again
    assert len(platform.progress_shown) == 1 and len(drawn) == 1, "progress moves the meters only (issue 43)"
    percent, searched = platform.progress_shown[-1]
    assert 0 <= percent <= 100 and "positions" in searched
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
