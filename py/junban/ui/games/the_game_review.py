"""After a game of The Game: "Could this deal have been won?" — the analysis, the turning point and a replay.

Offered only once a game is over (the solver reads the whole deal, so it never runs during play). The analysis
(``junban.games.the_game.analysis``) runs in a worker of its own (the platform's ``start_analysis``), which gives
back the tens of MB it takes when it ends (a wasm memory never shrinks) and leaves the page's thread free; where no
worker can run, in the page, in slices of solver nodes, one timer callback each, so the page stays responsive. It
says how far it got and can be cancelled. Then the table shows:

- the verdict: a perfect game was possible, or the best possible result;
- the turning point: the first turn of a person's after which the best reachable result got worse, what was
  played and what the solver would have played;
- a replay on the same table, step by step (play, pause, step, start, end): the solver's line from the deal's
  start, or the game as it was up to the turning point and the better line from there. The next action is
  highlighted as a hint is, so each step can be followed.

A ``Review`` sits on a ``TableScreen`` (``table.review``); the screen gives it the page while it is there. It
draws the replayed positions with the table's own drawing (``table.ui``: ``render_replay``, ``pile_name``,
``pile_short`` of ``junban.ui.games.the_game``), reached through the table rather than imported: the table's
module starts the review, so it cannot be imported back.
"""
from __future__ import annotations

import json
import sys
import time

from junban.games.the_game import rules
from junban.ui.dom import h
from junban.ui.i18n import t

SLICE_NODES = 25  # solver nodes between looks at the clock (a few milliseconds in the browser)
SLICE_SECONDS = 0.06  # work per timer callback before the page draws its progress and takes input again
REPLAY_SECONDS = {"slow": 1.2, "normal": 0.7, "fast": 0.3, "instant": 0.12}


class Replay:
    """One line of the deal, replayed: the states after each of its actions (computed once), and where we are."""

    def __init__(self, name: str, config: dict, seed: str, actions: list[dict], start: int = 0, marked: int = 0):
        self.name = name
        self.actions = actions
        self.states = [rules.new_game(config, seed)]
        for action in actions:
            self.states.append(rules.apply(self.states[-1], action))
        self.step = start
        self.marked = marked  # the actions before this index are the game's own; the rest is the better line

    @property
    def state(self):
        return self.states[self.step]

    @property
    def next_action(self) -> dict | None:
        return self.actions[self.step] if self.step < len(self.actions) else None


class ReplayTable:
    """What The Game's table drawing needs, for a replayed position: read-only, the acting seat's hand shown."""

    def __init__(self, table, replay: Replay):
        self.table = table
        self.replay = replay
        state = replay.state
        self.viewer = rules.to_act(state) if rules.to_act(state) is not None else state.active
        upcoming = replay.next_action
        self.local = {"selected": upcoming.get("play") if upcoming else None,
                      "hint": upcoming if upcoming and "play" in upcoming else None}
        self.session = _ReplaySession(table.session, state)
        self.log = _NoLog()

    def view(self) -> dict:
        return rules.view(self.replay.state, self.viewer)

    def seat_name(self, seat: int) -> str:
        return self.table.seat_name(seat)

    def hand_visible(self) -> bool:
        return True

    def my_turn(self) -> bool:
        return False

    def since_my_turn(self) -> list:
        return []


class _ReplaySession:
    def __init__(self, session, state):
        self.seats = session.seats
        self.config = state.config
        self.state = state

    @property
    def is_over(self) -> bool:
        return rules.is_over(self.state)

    @property
    def to_act(self):
        return rules.to_act(self.state)


class _NoLog:
    entries: list = []


class Review:
    def __init__(self, table):
        from junban.games.the_game.analysis import Analysis

        session = table.session
        if not session.is_over:
            raise ValueError("a game is analysed only once it is over")
        self.request = {"config": session.config, "seed": session.seed, "actions": session.actions,
                        "people": session.person_seats()}
        # Made here in any case: its progress is what the page shows until the worker reports, and it is what runs
        # in the page where no worker can.
        self.analysis = Analysis(session.config, session.seed, session.actions, session.person_seats())
        self.worker = None  # the platform's handle while a worker runs the analysis
        self._reported: dict | None = None  # what the worker said last: its progress, then its result
        self._result: dict | None = None
        self.status = "running"  # running | done | cancelled
        self.timer = None
        self.replay: Replay | None = None
        self.playing = False
        self.table = table

    # ------------------------------------------------------------------ the analysis: in a worker, or in slices

    def start(self) -> None:
        self.worker = self.table.services.platform.start_analysis(json.dumps(self.request), self._heard)
        if self.worker is None:
            self._schedule(0.0)

    def _heard(self, kind: str, text: str) -> None:
        """A message of the worker's: "progress", "done" (JSON) or "failed" (then the page runs it itself)."""
        table = self.table
        if self.status != "running" or table.review is not self:
            return
        if kind == "failed":  # said on the console (a defect of the build, not of the player's input)
            print(f"The deal analysis's worker failed; the page runs it itself. {text}", file=sys.stderr)
            self.worker = None
            self._schedule(0.0)
            return
        if kind == "done":
            self.worker = None
            self._result = json.loads(text)
            self._finished()
        else:
            self._reported = json.loads(text)
        if table.services.is_showing(table):
            table.services.render()

    def _finished(self) -> None:
        self.status = "done"
        self.show_line("best")
        self.table.services.announce(self.verdict_text())
        self.table.services.focus_after_render("#review-verdict")

    @property
    def progress(self) -> dict:
        return self._reported if self._reported is not None else self.analysis.progress

    def _schedule(self, seconds: float) -> None:
        self.timer = self.table.services.platform.call_later(seconds, self._tick)

    def _tick(self, *_args) -> None:
        self.timer = None
        table = self.table
        if table.review is not self or not table.services.is_showing(table):
            return
        if self.status == "running":
            if self._run_slice():
                self._finished()
            else:
                self._schedule(0.0)
        elif self.playing and self.replay is not None:
            if self.replay.step < len(self.replay.actions):
                self.replay.step += 1
                self._schedule(self._pace())
            else:
                self.playing = False
        table.services.render()

    def _run_slice(self) -> bool:
        """Run the analysis for about SLICE_SECONDS (the page is drawn once per slice, not once per few nodes);
        True once it is done."""
        until = time.perf_counter() + SLICE_SECONDS
        while not self.analysis.run(SLICE_NODES):
            if time.perf_counter() >= until:
                return False
        return True

    def _pace(self) -> float:
        return REPLAY_SECONDS.get(self.table.services.settings.get("speed"), 0.7)

    def stop(self) -> None:
        if self.timer is not None:
            self.table.services.platform.cancel(self.timer)
            self.timer = None
        if self.worker is not None:
            self.table.services.platform.stop_analysis(self.worker)
            self.worker = None
        self.playing = False

    # ------------------------------------------------------------------ what was found

    @property
    def result(self) -> dict:
        return self._result if self._result is not None else self.analysis.result

    def verdict_text(self) -> str:
        best = self.result["best"]
        actual = self.result["actual"]
        if actual["result"] == "perfect":
            return t("tg.review.you_perfect")
        if best["perfect"]:
            return t("tg.review.perfect_possible")
        key = "tg.review.best_proven" if best["proven_optimal"] else "tg.review.best_found"
        return t(key, n=best["best_left"])

    def show_line(self, name: str) -> None:
        """Put a line on the table: "best" (the solver's, from the start) or "turning" (the game up to its turning
        point, then the better line)."""
        session = self.table.session
        result = self.result
        if name == "turning" and result["turning_point"]:
            point = result["turning_point"]
            start = point["action_index"]
            actions = session.actions[:start] + point["better_line"]
            self.replay = Replay("turning", session.config, session.seed, actions, start=start, marked=start)
        else:
            self.replay = Replay("best", session.config, session.seed, result["best"]["line"])
        self.playing = False

    # ------------------------------------------------------------------ input

    def handle(self, act: str, arg: str | None) -> None:
        replay = self.replay
        if act == "review:cancel":
            self.stop()
            self.status = "cancelled"
        elif act == "review:close":
            self.stop()
            self.table.review = None
            self.table.services.focus_after_render("#analyse || #status")
        elif act == "review:line" and arg in ("best", "turning") and self.status == "done":
            self.stop()
            self.show_line(arg)
        elif replay is None:
            return
        elif act == "review:play":
            if self.playing:
                self.stop()
            else:
                if replay.step >= len(replay.actions):
                    replay.step = replay.marked
                self.playing = True
                self._schedule(0.0)
        elif act == "review:step" and arg in ("-1", "1"):
            self.stop()
            replay.step = max(0, min(len(replay.actions), replay.step + int(arg)))
        elif act == "review:jump" and arg in ("start", "end"):
            self.stop()
            replay.step = replay.marked if arg == "start" else len(replay.actions)

    def key(self, key: str) -> bool:
        if self.replay is None:
            if key == "Escape":
                self.handle("review:close", None)
                return True
            return False
        moves = {"ArrowRight": ("review:step", "1"), "ArrowLeft": ("review:step", "-1"), " ": ("review:play", None),
                 "Home": ("review:jump", "start"), "End": ("review:jump", "end"), "Escape": ("review:close", None)}
        if key in moves:
            self.handle(*moves[key])
            return True
        return False

    # ------------------------------------------------------------------ drawing

    def render(self, table):
        if self.status != "done":
            return h("section", {"class": "review", "aria-labelledby": "review-title"},
                     h("h2", {"id": "review-title", "class": "review-title"}, t("tg.review.title")),
                     self._progress())
        replay = self.replay
        replay_table = ReplayTable(table, replay)
        return h(
            "section", {"class": ["review", "tg-table"], "aria-labelledby": "review-title"},
            h("div", {"class": "review-head"},
              h("h2", {"id": "review-title", "class": ["review-title", "visually-hidden" if self._lines() else None]},
                t("tg.review.title")),
              self._lines(),
              h("button", {"type": "button", "class": "button small", "data-act": "review:close", "id": "review-close",
                           "aria-label": t("tg.review.back")}, t("tg.review.back_short"))),
            self._verdict(table),
            table.ui.render_replay(replay_table, self._step_note(table)),
            self._controls(),
        )

    def _progress(self):
        progress = self.progress
        percent = round(progress["fraction"] * 100)
        phase = t("tg.review.phase.best") if progress["phase"] == "best" else t("tg.review.phase.turning")
        so_far = (t("tg.review.so_far", n=progress["best_left"]) if progress["best_left"] is not None else "")
        cancelled = self.status == "cancelled"
        return [
            h("p", {"class": "review-phase", "id": "review-phase"},
              t("tg.review.cancelled") if cancelled else phase),
            h("div", {"class": "review-meter", "role": "progressbar", "aria-valuemin": "0", "aria-valuemax": "100",
                      "aria-valuenow": str(percent), "aria-label": t("tg.review.progress")},
              h("span", {"class": "review-fill", "style": f"width:{percent}%"})),
            h("p", {"class": "muted"}, t("tg.review.searched", n=progress["nodes"], limit=progress["max_nodes"]), " ",
              so_far),
            h("div", {"class": "actions"},
              h("button", {"type": "button", "class": "button", "data-act": "review:cancel", "id": "review-cancel"},
                t("tg.review.cancel")) if not cancelled else None,
              h("button", {"type": "button", "class": "button quiet", "data-act": "review:close", "id": "review-close"},
                t("tg.review.back"))),
        ]

    def _verdict(self, table):
        result = self.result
        best = result["best"]
        point = result["turning_point"]
        lines = [h("p", {"class": ["review-verdict", "perfect" if best["perfect"] else None], "id": "review-verdict",
                         "tabindex": "-1"}, self.verdict_text())]
        facts = [t("tg.review.actual", n=result["actual"]["left"])]
        if point:
            facts.append(t("tg.review.point", turn=point["turn"], name=table.seat_name(point["seat"]),
                           before=point["best_left_before"], after=point["best_left_after"]))
        elif result["actual"]["result"] != "perfect" and result["actual"]["left"] <= best["best_left"]:
            facts.append(t("tg.review.no_point"))
        lines.append(h("p", {"class": "review-facts"}, " ".join(facts)))
        if point:
            better = [[a["play"], a["pile"]] for a in point["better"] if "play" in a]
            lines.append(h("p", {"class": "review-plays"},
                           h("span", {"class": "review-label"}, t("tg.review.played")), " ",
                           _plays(table, point["plays"]),
                           h("span", {"class": "review-label better"}, t("tg.review.better")), " ", _plays(table, better)))
        return h("div", {"class": "review-summary"}, lines)

    def _lines(self):
        point = self.result["turning_point"]
        if not point:
            return None
        buttons = []
        for name in ("best", "turning"):
            buttons.append(h("button", {"type": "button", "class": "seg", "data-act": "review:line", "data-arg": name,
                                        "aria-pressed": "true" if self.replay.name == name else "false", "key": name},
                             t(f"tg.review.line.{name}")))
        return h("div", {"class": "segmented review-lines", "role": "group", "aria-label": t("tg.review.lines")},
                 buttons)

    def _step_note(self, table) -> str:
        replay = self.replay
        step, total = replay.step, len(replay.actions)
        action = replay.next_action
        if action is None:
            outcome = rules.outcome(replay.state)
            return t("tg.review.count", step=step, total=total) + " · " + (
                t("tg.review.end", n=outcome["left"]) if outcome else "")
        seat = rules.to_act(replay.state)
        name = table.seat_name(seat) if seat is not None else ""
        ours = step < replay.marked
        count = t("tg.review.count", step=step, total=total) + " · "
        if "play" in action:
            text = t("tg.review.next_play", name=name, card=action["play"], pile=table.ui.pile_name(action["pile"]))
        elif "end_turn" in action:
            text = t("tg.review.next_end", name=name)
        else:
            text = t("tg.review.next_other", name=name)
        return count + (t("tg.review.as_played") + " " if ours else "") + text

    def _controls(self):
        return h("div", {"class": "review-controls", "role": "group", "aria-label": t("tg.review.controls")},
                 h("button", {"type": "button", "class": "button", "data-act": "review:jump", "data-arg": "start",
                              "aria-label": t("tg.review.to_start"), "aria-keyshortcuts": "Home"}, _icon(ICONS["start"])),
                 h("button", {"type": "button", "class": "button", "data-act": "review:step", "data-arg": "-1",
                              "aria-label": t("tg.review.back_step"), "aria-keyshortcuts": "ArrowLeft"},
                   _icon(ICONS["back"])),
                 h("button", {"type": "button", "class": "button primary", "data-act": "review:play",
                              "id": "review-play", "aria-keyshortcuts": "Space"},
                   _icon(ICONS["pause" if self.playing else "play"]),
                   t("tg.review.pause") if self.playing else t("tg.review.play")),
                 h("button", {"type": "button", "class": "button", "data-act": "review:step", "data-arg": "1",
                              "aria-label": t("tg.review.step"), "aria-keyshortcuts": "ArrowRight"},
                   _icon(ICONS["forward"])),
                 h("button", {"type": "button", "class": "button", "data-act": "review:jump", "data-arg": "end",
                              "aria-label": t("tg.review.to_end"), "aria-keyshortcuts": "End"}, _icon(ICONS["end"])))


ICONS = {  # 16x16 paths: to the start, a step back, play, pause, a step on, to the end
    "start": "M3 3h2v10H3zM14 3v10L6 8z",
    "back": "M12 3v10L4 8z",
    "play": "M4 3l9 5-9 5z",
    "pause": "M4 3h3v10H4zM9 3h3v10H9z",
    "forward": "M4 3l8 5-8 5z",
    "end": "M2 3l8 5-8 5zM11 3h2v10h-2z",
}


def _icon(path: str):
    return h("svg", {"class": "icon", "viewBox": "0 0 16 16", "aria-hidden": "true", "focusable": "false"},
             h("path", {"d": path}))


def _plays(table, plays) -> list:
    return [h("span", {"class": "log-event", "key": i},
              h("span", {"class": "log-card", "style": f"--v:{card}"}, str(card)),
              h("span", {"class": "log-pile"}, "→", table.ui.pile_short(pile)))
            for i, (card, pile) in enumerate(plays)] or [t("tg.review.nothing")]
