"""The bots' thinking out of the page (issue 43: junban/thinking.py, ui/thinking.py): a table asks for a bot's move
and plays it when it comes. The answer is the same as the page's own (the request carries the bot's view as JSON),
an answer for a position the table has left is dropped, and a worker that fails leaves the page thinking itself."""
from __future__ import annotations

import json

import pytest

from junban.thinking import answer_json
from tests.ui import tablekit


class FakeWorker:
    """A thinking worker on the fake platform's timers: each question answered by junban.thinking (JSON both
    ways, as assets/thinking-worker.mjs) on a later timer; ``fail`` answers "failed" (it could not start)."""

    def __init__(self, platform, fail: bool = False):
        self.platform = platform
        self.fail = fail
        self.asked: list[dict] = []
        self.warmed = 0
        platform.think = self.think
        platform.think_warm_up = self.warm_up

    def warm_up(self):
        self.warmed += 1

    def think(self, request, on_answer):
        self.asked.append(json.loads(request))
        if self.fail:
            self.platform.call_later(0.05, lambda: on_answer("failed", "no worker here"))
        else:
            self.platform.call_later(0.05, lambda: on_answer("answer", answer_json(request)))


def play_out(hash_text: str, worker: bool | str) -> tuple[list, object]:
    platform_args = {}
    app, platform = tablekit.start("", **platform_args)
    fake = FakeWorker(platform, fail=worker == "fail") if worker else None
    app.go(hash_text)
    platform.run_timers(3000)
    return list(app.screen.session.actions), fake


@pytest.mark.parametrize("hash_text", ["#/the-game?players=2&bots=2&seed=think", "#/23?players=3&bots=3&seed=think"])
def test_bots_thinking_in_a_worker_play_the_game_the_page_would_have_played(hash_text):
    in_page, _ = play_out(hash_text, worker=False)
    in_worker, fake = play_out(hash_text, worker=True)
    assert in_worker == in_page and len(in_page) > 10
    assert fake.warmed == 1, "the worker starts as the table is shown"
    assert len(fake.asked) >= len(in_page) - 1
    assert all("seed" in asked and asked["seed"] != "think" for asked in fake.asked), "never the deal's seed"


def test_a_worker_that_cannot_start_leaves_the_page_thinking():
    in_page, _ = play_out("#/23?players=3&bots=3&seed=fails", worker=False)
    failing, fake = play_out("#/23?players=3&bots=3&seed=fails", worker="fail")
    assert failing == in_page
    assert len(fake.asked) == 1, "asked once; the page thinks from then on"


def test_a_move_worked_out_for_a_position_the_table_left_is_dropped():
    app, platform = tablekit.start("")
    fake = FakeWorker(platform)
    held = []
    fake.think = lambda request, on_answer: held.append((request, on_answer))
    platform.think = fake.think
    app.go("#/the-game?players=2&bots=2&seed=left")
    platform.run_timers(5)  # the first bot's move is asked for, and held
    assert len(held) == 1
    app.go("#/")  # the person leaves the table
    request, on_answer = held[0]
    on_answer("answer", answer_json(request))
    platform.run_timers(50)
    assert type(app.screen).__name__ == "HomeScreen"
    assert all(save.moves == 0 for save in app.services.store.list_saves()), "the late move was not played"


def test_the_scientists_hint_worked_out_in_the_worker_is_the_pages_own():
    from junban.games.eleusis.hints import hint_from_json, hint_to_json, science_hint
    from tests.ui.tablekit import button, click
    from tests.ui.test_eleusis_ui import dialog

    app, platform = tablekit.start("")
    fake = FakeWorker(platform)
    app.go("#/eleusis-science?seed=ui-hint")
    expected = science_hint(app.screen.view())
    assert hint_from_json(json.loads(json.dumps(hint_to_json(expected)))) == expected
    click(app, button(platform, "Hint"))
    assert "weighing the evidence" in dialog(platform).textContent, "the sheet says it is being worked out"
    assert fake.asked[-1]["kind"] == "eleusis-hint" and fake.asked[-1]["which"] == "science"
    platform.run_timers(1)
    sure = f"Sure of its best idea: {round(100 * expected.sure)}%"
    assert sure in dialog(platform).textContent and platform.focused == "#hint-step-1"
