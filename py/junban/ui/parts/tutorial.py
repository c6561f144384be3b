"""A first game that teaches: a script of steps over a normal game, shown as a coach mark over the table.

The game itself is an ordinary one: config + seed + actions, saved and replayed like any other (its save says
``mode: "tutorial"``). What the tutorial adds is a ``Script`` (one per game, ``junban.ui.tutorials.<game>``):

- the deal (config and seed, chosen so the deal shows what each step needs; a test rehearses every script);
- the table: people first, then bots; while the tutorial runs the bots play the script's own ``bot`` policy, a
  plain function of their seat's view, so they play the same moves on every run (afterwards the seats' level);
- the steps. A step says something (a text key, its parameters from the table) and points at an element (a CSS
  selector, or a function of the table giving one). Three kinds:

  - *read*: nothing to do but read; "Next" goes on. The bots wait.
  - *do* (``expect``): the person's next action must be the one ``expect(table)`` gives (anything else is
    refused with a word); the step is done when the game's log shows it. Declining an offer the script does not
    teach (``decline``: Eleusis asks after every play whether you want to be Prophet) is always allowed and never
    counts.
  - *watch* (``until`` alone): the bots play until ``until(table)`` holds.

  A *do* step with ``until`` repeats: the person takes ``expect(table)`` turn after turn (the bots playing in
  between) until ``until(table)`` holds ("keep playing until your hand is empty").

Where the person is in the script is derived from the game's log (their actions matched against the *do*
steps, in order), so a reload resumes at the right step. Leaving, or reaching the end, turns the game into a
normal one (``mode: "tutorial-done"``): the bubble goes, the bots play at their level, the game goes on.

The bubble (``render``) is a region named "Tutorial" holding the step's text, its place in the script, and
Next / Leave; ``assets/coach.js`` puts it beside its target and rings the target (``data-coach-target``), never
over what the text talks about (``data-coach-about``: a step's ``about``, and any open sheet).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from junban.ui.dom import h
from junban.ui.i18n import t
from junban.ui.parts.sheet import SheetState

TUTORIAL = "tutorial"
DONE = "tutorial-done"


@dataclass(frozen=True)
class Step:
    say: object  # text key, or a function of the table giving one
    target: object = None  # a selector ("a || b": the first one shown), or a function of the table giving one
    expect: Callable | None = None  # do: the person's action this step asks for, from the table
    until: Callable | None = None  # watch: the bots play until this holds (with expect: repeat until it holds)
    params: Callable | None = None  # the text's parameters, from the table
    about: object = None  # what else the text talks about, which the bubble must leave in sight (a selector:
    # "a, b" every one shown); an open sheet always is

    @property
    def kind(self) -> str:
        return "do" if self.expect else ("watch" if self.until else "read")


@dataclass(frozen=True)
class Script:
    game: str
    config: dict
    seed: str
    people: int
    bots: int
    level: str  # the bots' level once the tutorial is over
    steps: tuple
    bot: Callable  # the tutorial's bots: view -> action
    decline: Callable | None = None  # the person's view -> the action that declines an offer the script does not
    # teach (always allowed, never counted), or None when nothing is on offer
    decline_say: str | None = None  # what the bubble says while such an offer waits
    decline_target: str | None = None


class Desk:
    """The parts of a table the steps read (``view()``, ``session``, ``viewer``, ``local``, ``sheet``,
    ``seat_name``), without a page: for working out where a saved tutorial stands, and for rehearsing a script."""

    def __init__(self, session, local: dict | None = None):
        self.session = session
        self.viewer = session.person_seats()[0]
        self.local = local if local is not None else {}
        self.sheet = SheetState()

    def view(self) -> dict:
        return self.session.view(self.viewer)

    def seat_name(self, seat: int) -> str:
        return self.session.seats[seat].name


def is_person(session, seat) -> bool:
    return seat is not None and not session.seats[seat].is_bot


def _declines(script: Script, desk, action: dict) -> bool:
    return script.decline is not None and script.decline(desk.view()) == action


def _must_decline(script: Script, desk, step: Step | None) -> bool:
    """Is the person asked something the step does not teach (an offer to decline before the step's action)?"""
    if script.decline is None or step is None or not is_person(desk.session, desk.session.to_act):
        return False
    if script.decline(desk.view()) is None:
        return False
    return step.kind != "do" or step.expect(desk) not in desk.session.legal_actions()


def _after_do(step: Step, table, j: int) -> int:
    """The step after do step ``j`` was taken: the next one, or ``j`` again while a repeating step goes on."""
    return j + 1 if step.until is None or step.until(table) else j


def _next_do(steps, index: int) -> int | None:
    for i in range(index, len(steps)):
        if steps[i].kind == "do":
            return i
    return None


def _settle(script: Script, table, index: int) -> int:
    """Past every watch or repeating step whose wait is over (and, once the game has ended, past every step but
    the last)."""
    steps = script.steps
    while index < len(steps) and steps[index].until is not None and steps[index].until(table):
        index += 1
    if table.session.is_over and index < len(steps) - 1 and _next_do(steps, index) is not None:
        index = len(steps) - 1  # nothing left to do: the closing words
    return index


def resume_at(script: Script, session) -> int:
    """The step a saved tutorial stands at, from its log: each of the person's actions completes the do step it
    matches; a bot's action means every read step before it was read (the bots wait while the person reads)."""
    from junban.session import Session

    fresh = Session("rehearsal", session.game, session.config, session.seed, session.seats)
    desk = Desk(fresh)
    steps = script.steps
    index = 0
    for action in session.actions:
        if is_person(fresh, fresh.acting_seat(action)):
            j = _next_do(steps, index)
            if j is not None and steps[j].expect(desk) == action:
                fresh.apply(action)
                index = _settle(script, desk, _after_do(steps[j], desk, j))
                continue
            if not _declines(script, desk, action):
                return len(steps)  # the log left the script: nothing more to teach
        else:
            while index < len(steps) and steps[index].kind == "read":
                index += 1
        fresh.apply(action)
        index = _settle(script, desk, index)
    return _settle(script, desk, index)


class Tutorial:
    """A script running at a table: which step, what the person may do, what the bots do."""

    def __init__(self, script: Script, table):
        self.script = script
        self.index = resume_at(script, table.session)
        self.focus_pending = True
        self._completes: int | None = None  # the do step the action being applied completes

    @property
    def steps(self):
        return self.script.steps

    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.steps)

    def holds_bots(self) -> bool:
        """The bots wait while the person reads."""
        step = self.step
        return step is not None and step.kind == "read"

    def allows(self, table, action: dict) -> bool:
        """May the person take ``action`` now? (Bots always may.) A refusal says what the step asks."""
        session = table.session
        self._completes = None
        if not is_person(session, session.acting_seat(action)):
            return True
        j = _next_do(self.steps, self.index)
        if j is not None and self.steps[j].expect(table) == action:
            self._completes = j
            return True
        if _declines(self.script, table, action):
            return True
        table.services.notify(t("tut.refused", step=self.text(table)), "info", key="illegal")
        return False

    def after_action(self, table) -> None:
        """An action was applied: the person's expected one completes its step; watch steps may be over."""
        if self._completes is not None:
            j, self._completes = self._completes, None
            self.index = _after_do(self.steps[j], table, j)
            self.focus_pending = True
        before = self.index
        self.index = _settle(self.script, table, self.index)
        if self.index != before:
            self.focus_pending = True
        if self.index < len(self.steps):
            table.services.announce(self.text(table))

    def bot_action(self, table) -> dict:
        seat = table.session.bot_seat()
        return self.script.bot(table.session.view(seat))

    def handle(self, table, act: str) -> None:
        if act == "tutorial:next":
            self.next(table)
        elif act == "tutorial:leave":
            self.close(table, left=True)

    def next(self, table) -> None:
        step = self.step
        if step is None or step.kind != "read":
            return
        self.index = _settle(self.script, table, self.index + 1)
        self.focus_pending = True
        if self.finished:
            self.close(table, left=False)
        else:
            table.services.announce(self.text(table))

    def close(self, table, left: bool) -> None:
        """The end, or the person left: the game goes on as a normal one (its bots at their level)."""
        table.session.mode = DONE
        table.tutorial = None
        table.services.save(table.session)
        table.services.dismiss("illegal")
        table.services.announce(t("tut.left") if left else t("tut.finished_said"))
        table.services.focus_after_render("#status || #main")

    # ------------------------------------------------------------------ drawing

    def _declining(self, table) -> bool:
        return _must_decline(self.script, table, self.step)

    def _waiting(self, table) -> bool:
        """A do step while the others play (a repeating step between two of the person's turns)."""
        step = self.step
        session = table.session
        return step is not None and step.kind == "do" and not session.is_over and not any(
            is_person(session, seat) for seat in session.seats_to_act)

    def text(self, table) -> str:
        step = self.step
        if step is None:
            return ""
        if self._declining(table):
            return t(self.script.decline_say)
        if self._waiting(table):
            return t("tut.waiting")
        params = step.params(table) if step.params else {}
        return t(step.say(table) if callable(step.say) else step.say, **params)

    def target(self, table) -> str | None:
        step = self.step
        if step is None:
            return None
        if self._declining(table):
            return self.script.decline_target
        if self._waiting(table) or step.target is None:
            return None
        return step.target(table) if callable(step.target) else step.target

    def about(self, table) -> str | None:
        step = self.step
        if step is None or self._declining(table) or self._waiting(table) or step.about is None:
            return None
        return step.about(table) if callable(step.about) else step.about

    def render(self, table):
        step = self.step
        if step is None:
            return None
        last = self.index == len(self.steps) - 1
        if self.focus_pending:  # a new step: focus on its button, or on what it asks to use (keyboard users)
            self.focus_pending = False
            target = self.target(table)
            if step.kind == "read":
                table.services.focus_after_render("#coach-next")
            elif target and target.startswith("#") and " " not in target:
                table.services.focus_after_render(target)
        number = sum(1 for s in self.steps[: self.index + 1] if s.kind != "watch")
        total = sum(1 for s in self.steps if s.kind != "watch")
        button = None
        if step.kind == "read":
            # the last words: "Play on" while the game goes on; over a finished game, just "Done"
            label = t("tut.next") if not last else t("tut.done") if table.session.is_over else t("tut.finish")
            button = h("button", {"type": "button", "class": "button primary small", "data-act": "tutorial:next",
                                  "id": "coach-next", "key": "next"}, label)
        kind = "do" if self._declining(table) else "watch" if self._waiting(table) else step.kind
        return h(
            "aside", {"class": ["coach", f"coach-{kind}"], "id": "coach", "aria-labelledby": "coach-title",
                      "data-coach-target": self.target(table) or "", "data-coach-about": self.about(table) or "",
                      "key": "coach"},
            h("p", {"class": "coach-head"},
              h("span", {"class": "coach-title", "id": "coach-title"}, t("tut.title")),
              h("span", {"class": "coach-count"}, t("tut.count", n=number, total=total))),
            h("p", {"class": "coach-text", "id": "coach-text", "key": f"text-{self.index}"}, self.text(table)),
            h("div", {"class": "coach-actions"},
              button,
              h("button", {"type": "button", "class": "button quiet small coach-leave", "data-act": "tutorial:leave",
                           "id": "coach-leave", "key": "leave"}, t("tut.leave")) if not last else None),
        )


def rehearse(script: Script, session, on_step=None):
    """Play a script to its end without a page: the person takes each do step's action (declining what the script
    does not teach), the bots play the script's policy. ``on_step(index, step, desk, action)`` sees each do step.
    Raises AssertionError where the deal no longer fits the script (the tests keep every seed honest this way)."""
    desk = Desk(session)
    steps = script.steps
    index = 0
    for _ in range(20000):
        if index >= len(steps):
            return desk
        step = steps[index]
        seat = session.to_act
        if step.kind == "read":
            index = _settle(script, desk, index + 1)
            continue
        if step.kind == "watch" and step.until(desk):
            index += 1
            continue
        assert seat is not None, f"step {index} ({step.say}): the game ended before it"
        if not is_person(session, seat):
            session.apply(script.bot(session.view(seat)))
            continue
        if step.kind == "watch" or _must_decline(script, desk, step):
            declined = script.decline(desk.view()) if script.decline else None
            assert declined is not None, f"step {index} ({step.say}): the person is to act, and no step says what"
            session.apply(declined)
            continue
        action = step.expect(desk)
        assert action is not None, f"step {index} ({step.say}): the deal does not give what it needs"
        if on_step is not None:
            on_step(index, step, desk, action)
        session.apply(action)
        index = _settle(script, desk, _after_do(step, desk, index))
    raise AssertionError("the rehearsal did not end")
