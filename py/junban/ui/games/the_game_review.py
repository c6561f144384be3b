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
from junban.ui.parts.kept import Kept

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
        self.kept = Kept()  # drawn afresh each time (the table's own kept parts are the table's)

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
    """The review of one finished game: the analysis (in a worker, or in slices in the page) and what it found.

    Two answers arrive one after the other: the verdict (could it have been won: the best result from the start, and
    its line to watch), then the turning point. The verdict is most of the answer and a small part of the work
    (docs/performance.md), so it is shown, with the table and the best line's replay, as soon as it is known; the
    turning point's place under it (``_point``) keeps the same size while it is looked for, so nothing moves when
    it arrives."""

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
        self._reported: dict | None = None  # what the worker said last about its progress
        self.verdict: dict | None = None  # best, actual, turning_point_searched: known before the turning point
        self._verdicts = 0  # the page's own analysis: the verdicts it gave that were shown (its verdict_version)
        self.result: dict | None = None  # the whole answer, once the analysis is done
        self.status = "running"  # running | done | cancelled (the analysis; the verdict may be known while running)
        self.timer = None  # the analysis's slices, where the page runs it
        self.replay_timer = None  # the replay's steps while it plays
        self.replay: Replay | None = None
        self.playing = False
        self.table = table

    # ------------------------------------------------------------------ the analysis: in a worker, or in slices

    def start(self) -> None:
        self.worker = self.table.services.platform.start_analysis(json.dumps(self.request), self._heard)
        if self.worker is None:
            self._schedule(0.0)

    def _heard(self, kind: str, text: str) -> None:
        """A message of the worker's: "progress", "verdict", "done" (JSON) or "failed" (then the page runs it)."""
        table = self.table
        if self.status != "running" or table.review is not self:
            return
        if kind == "failed":  # said on the console (a defect of the build, not of the player's input)
            print(f"The deal analysis's worker failed; the page runs it itself. {text}", file=sys.stderr)
            self.worker = None
            self._schedule(0.0)
            return
        if kind == "verdict":
            self._judged(json.loads(text))
        elif kind == "done":
            self.worker = None
            result = json.loads(text)
            if self.verdict is None or self.verdict["best"] != result["best"]:  # done before a verdict was said
                self._judged({key: result[key] for key in ("best", "actual", "turning_point_searched")})
            self._finished(result)
        else:  # progress: only the meters move (drawing the whole review every 100 ms made long tasks of the page)
            self._reported = json.loads(text)
            if table.services.is_showing(table):
                self._show_progress()
            return
        if table.services.is_showing(table):
            table.services.render()

    def _show_progress(self) -> None:
        """Move the meters and the count of positions searched to the worker's last report, on the page as it is
        (``platform.show_progress``); the next render of the review draws the same."""
        progress = self.progress
        self.table.services.platform.show_progress(
            round(progress["fraction"] * 100), t("tg.review.searched", n=progress["nodes"], limit=progress["max_nodes"]))

    def _judged(self, verdict: dict) -> None:
        """The verdict is known (or a better best was found): show it and put its best line on the table — the first
        time with the focus on it; later only where the person is not watching a line already."""
        first = self.verdict is None
        self.verdict = verdict
        if first or (self.replay.name == "best" and self.replay.step == 0 and not self.playing):
            self.show_line("best")
        self.table.services.announce(self.verdict_text())
        if first:
            self.table.services.focus_after_render("#review-verdict")

    def _finished(self, result: dict) -> None:
        self.status = "done"
        self.result = result
        point = result["turning_point"]
        if point:  # said, not focused: the person may be watching the best line
            self.table.services.announce(self._point_text(self.table, point))

    @property
    def progress(self) -> dict:
        return self._reported if self._reported is not None else self.analysis.progress

    def _schedule(self, seconds: float) -> None:
        self.timer = self.table.services.platform.call_later(seconds, self._tick)

    def _tick(self, *_args) -> None:
        self.timer = None
        table = self.table
        if table.review is not self or not table.services.is_showing(table) or self.status != "running":
            return
        done = self._run_slice()
        if self.analysis.verdict_version != self._verdicts:
            self._verdicts = self.analysis.verdict_version
            self._judged(self.analysis.verdict)
        if done:
            self._finished(self.analysis.result)
        else:
            self._schedule(0.0)
        table.services.render()

    def _run_slice(self) -> bool:
        """Run the analysis for about SLICE_SECONDS (the page is drawn once per slice, not once per few nodes);
        True once it is done. A slice ends early when the verdict is known, so it is shown at once."""
        until = time.perf_counter() + SLICE_SECONDS
        known = self.analysis.verdict_version
        while not self.analysis.run(SLICE_NODES):
            if time.perf_counter() >= until or self.analysis.verdict_version != known:
                return False
        return True

    def _step(self, *_args) -> None:
        """One step of the replay while it plays."""
        self.replay_timer = None
        table = self.table
        if table.review is not self or not table.services.is_showing(table) or not self.playing:
            return
        if self.replay.step < len(self.replay.actions):
            self.replay.step += 1
            self.replay_timer = table.services.platform.call_later(self._pace(), self._step)
        else:
            self.playing = False
        table.services.render()

    def _pace(self) -> float:
        return REPLAY_SECONDS.get(self.table.services.settings.get("speed"), 0.7)

    def pause(self) -> None:
        """Stop the replay where it is (the analysis goes on)."""
        if self.replay_timer is not None:
            self.table.services.platform.cancel(self.replay_timer)
            self.replay_timer = None
        self.playing = False

    def stop(self) -> None:
        """Stop everything: the replay and the analysis (its worker is ended)."""
        self.pause()
        if self.timer is not None:
            self.table.services.platform.cancel(self.timer)
            self.timer = None
        if self.worker is not None:
            self.table.services.platform.stop_analysis(self.worker)
            self.worker = None

    # ------------------------------------------------------------------ what was found

    def verdict_text(self) -> str:
        best = self.verdict["best"]
        actual = self.verdict["actual"]
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
        point = self.result["turning_point"] if self.result else None
        if name == "turning" and point:
            start = point["action_index"]
            actions = session.actions[:start] + point["better_line"]
            self.replay = Replay("turning", session.config, session.seed, actions, start=start, marked=start)
        else:
            self.replay = Replay("best", session.config, session.seed, self.verdict["best"]["line"])
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
        elif act == "review:line" and (arg == "best" and self.verdict or arg == "turning" and self.result):
            self.pause()
            self.show_line(arg)
        elif replay is None:
            return
        elif act == "review:play":
            if self.playing:
                self.pause()
            else:
                if replay.step >= len(replay.actions):
                    replay.step = replay.marked
                self.playing = True
                self.replay_timer = self.table.services.platform.call_later(0.0, self._step)
        elif act == "review:step" and arg in ("-1", "1"):
            self.pause()
            replay.step = max(0, min(len(replay.actions), replay.step + int(arg)))
        elif act == "review:jump" and arg in ("start", "end"):
            self.pause()
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
        if self.verdict is None:
            return h("section", {"class": "review", "aria-labelledby": "review-title"},
                     h("h2", {"id": "review-title", "class": "review-title"}, t("tg.review.title")),
                     self._progress())
        replay = self.replay
        replay_table = ReplayTable(table, replay)
        lines = self._lines()
        return h(
            "section", {"class": ["review", "tg-table"], "aria-labelledby": "review-title",
                        "data-analysis": self.status},
            h("div", {"class": "review-head"},
              h("h2", {"id": "review-title", "class": ["review-title", "visually-hidden" if lines else None]},
                t("tg.review.title")),
              lines,
              h("button", {"type": "button", "class": "button small", "data-act": "review:close", "id": "review-close",
                           "aria-label": t("tg.review.back")}, t("tg.review.back_short"))),
            self._verdict(table),
            table.ui.render_replay(replay_table, self._step_note(table)),
            self._controls(),
        )

    def _meter(self, progress: dict):
        percent = round(progress["fraction"] * 100)
        return h("div", {"class": "review-meter", "role": "progressbar", "aria-valuemin": "0", "aria-valuemax": "100",
                         "aria-valuenow": str(percent), "aria-label": t("tg.review.progress")},
                 h("span", {"class": "review-fill", "style": f"width:{percent}%"}))

    def _progress(self):
        progress = self.progress
        phase = t("tg.review.phase.best") if progress["phase"] == "best" else t("tg.review.phase.turning")
        so_far = (t("tg.review.so_far", n=progress["best_left"]) if progress["best_left"] is not None else "")
        cancelled = self.status == "cancelled"
        return [
            h("p", {"class": "review-phase", "id": "review-phase"},
              t("tg.review.cancelled") if cancelled else phase),
            self._meter(progress),
            h("p", {"class": "muted"}, h("span", {"id": "review-searched"},
                                         t("tg.review.searched", n=progress["nodes"], limit=progress["max_nodes"])),
              " ", so_far),
            h("div", {"class": "actions"},
              h("button", {"type": "button", "class": "button", "data-act": "review:cancel", "id": "review-cancel"},
                t("tg.review.cancel")) if not cancelled else None,
              h("button", {"type": "button", "class": "button quiet", "data-act": "review:close", "id": "review-close"},
                t("tg.review.back"))),
        ]

    def _verdict(self, table):
        verdict = self.verdict
        best, actual = verdict["best"], verdict["actual"]
        lines = [h("p", {"class": ["review-verdict", "perfect" if best["perfect"] else None], "id": "review-verdict",
                         "tabindex": "-1"}, self.verdict_text())]
        if verdict["turning_point_searched"]:
            lines.append(self._point(table))
        else:
            facts = [t("tg.review.actual", n=actual["left"])]
            if actual["result"] != "perfect" and actual["left"] <= best["best_left"]:  # (not when no person played)
                facts.append(t("tg.review.no_point"))
            lines.append(h("p", {"class": "review-facts"}, " ".join(facts)))
        return h("div", {"class": "review-summary"}, lines)

    def _point(self, table):
        """The turning point's place, the same size while it is looked for (a line of text and a meter) and once
        found (what happened, what was played, what was better), so the table under it never moves."""
        actual = t("tg.review.actual", n=self.verdict["actual"]["left"])
        point = self.result["turning_point"] if self.result else None
        if self.result is None:
            body = [h("p", {"class": "review-facts"}, actual, " ",
                      h("span", {"class": "review-looking"}, t("tg.review.phase.turning"))),
                    self._meter(self.progress)]
        elif point is None:
            body = [h("p", {"class": "review-facts"}, actual, " ", t("tg.review.point_none"))]
        else:
            better = [[a["play"], a["pile"]] for a in point["better"] if "play" in a]
            body = [h("p", {"class": "review-facts"}, actual, " ", self._point_text(table, point)),
                    h("p", {"class": "review-plays"},
                      h("span", {"class": "review-label"}, t("tg.review.played")), " ", _plays(table, point["plays"]),
                      h("span", {"class": "review-label better"}, t("tg.review.better")), " ", _plays(table, better))]
        return h("div", {"class": "review-point", "id": "review-point", "aria-busy": "true" if self.result is None
                         else "false"}, body)

    @staticmethod
    def _point_text(table, point: dict) -> str:
        return t("tg.review.point", turn=point["turn"], name=table.seat_name(point["seat"]),
                 before=point["best_left_before"], after=point["best_left_after"])

    def _lines(self):
        """Which line to replay: the best one, or from the turning point — offered as soon as one is looked for,
        the second button disabled until it is found (so the buttons do not move when it arrives)."""
        if not self.verdict["turning_point_searched"]:
            return None
        found = bool(self.result and self.result["turning_point"])
        buttons = []
        for name in ("best", "turning"):
            attrs = {"type": "button", "class": "seg", "data-act": "review:line", "data-arg": name,
                     "aria-pressed": "true" if self.replay.name == name else "false", "key": name}
            if name == "turning" and not found:
                attrs["disabled"] = True
            buttons.append(h("button", attrs, t(f"tg.review.line.{name}")))
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
              h("span", {"class": "log-card", "style": table.ui.card_style(card)}, str(card)),
              h("span", {"class": "log-pile"}, "→", table.ui.pile_short(pile)))
            for i, (card, pile) in enumerate(plays)] or [t("tg.review.nothing")]
