"""Where the table's bots and the scientist's hints think: the seam between a table (``screens/table.py``,
``games/eleusis_hints.py``) and the thinking itself.

A strong bot's move can take a second of CPU on a phone (23's strong bots, Eleusis's scientists; docs/performance.md),
and in the page's thread that second freezes taps and animations. So the table asks this service for the move of
the bot to act, and gets it in a callback: from a worker of its own (``platform.think``: ``assets/thinking-worker.mjs``,
a Pyodide of its own running ``junban.thinking``, started when a table with bots is first shown), or computed at once
in the page where no worker can run (the CPython tests' platform, an old browser, a worker that failed to start: said
once on the console, and the page thinks from then on). The answer is the same either way (``junban.thinking``).

One request at a time per table: an answer that comes back after the table moved on (another tab's move, the person
left) is dropped by the table (``TableScreen._bot_answered``), never applied.
"""
from __future__ import annotations

import json


class Thinking:
    """The app's one thinking service (``Thinking.of(services)``)."""

    def __init__(self, platform):
        self.platform = platform
        self.in_page = not hasattr(platform, "think")  # no worker on this platform
        self.failure: str | None = None  # why the worker could not be used, once it failed

    @classmethod
    def of(cls, services) -> "Thinking":
        kept = services.__dict__.get("_thinking")
        if kept is None:
            kept = services.__dict__["_thinking"] = cls(services.platform)
        return kept

    def warm_up(self) -> None:
        """A table with bots is shown: start the worker now, so the first move does not wait for its start."""
        if not self.in_page:
            self.platform.think_warm_up()

    def bot_action(self, session, done, current) -> None:
        """Work out the move of the bot to act in ``session``: then ``done(action)``, or ``done(error)`` (an
        ``Exception``) if the bot's thinking raised, unless ``current()`` says by then that the table has moved on
        (the answer is dropped). In the page, ``done`` is called before this returns."""
        if self.in_page:
            try:
                action = session.bot_action()
            except Exception as err:  # a bot must never freeze the table: the table reports it
                done(err)
                return
            done(action)
            return
        request = session.bot_request()

        def answered(kind: str, text: str) -> None:
            if kind == "failed":  # the worker could not start, or died: the page thinks from now on
                self.failure = text
                self.in_page = True
                print(f"Junban: the bots think in the page, their worker failed: {text}")
            if not current():
                return
            if kind == "answer":
                done(session.bot_action_from(json.loads(text)["action"], request["seat"]))
            elif kind == "error":  # the bot's own thinking raised, as it would have in the page
                done(RuntimeError(text))
            else:
                self.bot_action(session, done, current)

        self.platform.think(json.dumps(request), answered)

    def eleusis_hint(self, which: str, view: dict, done, current) -> None:
        """Work out the scientist's hint for ``view`` (``which``: "table" or "science"): then ``done(hint)`` (a
        ``junban.games.eleusis.hints.Hint``, or an ``Exception``), unless ``current()`` says the person has moved
        on. In the page, ``done`` is called before this returns."""
        from junban.thinking import eleusis_hint, eleusis_hint_request

        if self.in_page:
            try:
                hint = eleusis_hint(which, view)
            except Exception as err:
                done(err)
                return
            done(hint)
            return

        def answered(kind: str, text: str) -> None:
            if kind == "failed":
                self.failure = text
                self.in_page = True
                print(f"Junban: the hints are worked out in the page, their worker failed: {text}")
            if not current():
                return
            if kind == "answer":
                from junban.games.eleusis.hints import hint_from_json

                done(hint_from_json(json.loads(text)["hint"]))
            elif kind == "error":
                done(RuntimeError(text))
            else:
                self.eleusis_hint(which, view, done, current)

        self.platform.think(json.dumps(eleusis_hint_request(which, view)), answered)
