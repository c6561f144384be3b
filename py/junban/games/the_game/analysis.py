"""After a game of The Game: could the deal have been won, and where did it slip away?

``Analysis(config, seed, actions, people)`` takes a finished game's log and answers, in resumable slices like
``solver.Solve`` (it runs the solver, which reads the whole deal, so only once the game is over):

- **best**: the best result the deal allowed from its start, with the solver's line (engine actions);
- **turning point**: the first turn of a person (a seat in ``people``) after which the best reachable result got
  worse, with what the solver would have played in that turn instead.

The best reachable result can only get worse along a game (from any position, following the game's own next turn
and then the best line from there is a line too), so the turning point is found by bisection over the turn
boundaries, not by solving from every turn: each probe asks the solver "can the level still be reached from here?"
(``Solve(..., target=level)``). A position whose dead cards already exceed the level needs no search at all (that is
a proof; a probe that finds no line within its limit is not). If the first turn that lost ground was a bot's, the
level drops to what was still reachable after it, and the search goes on for a person's turn.

Work is counted in solver nodes; the limits make the whole analysis bounded (``max_nodes``) and reproducible. A page
uses it like this (cancelling is simply dropping the object)::

    analysis = Analysis(log.config, log.seed, log.actions, people=[0])
    while not analysis.run(20):          # one slice per frame; 20 nodes take some 10-30 ms
        show(analysis.progress)          # phase "best" | "turning_point", nodes, fraction, best_left
        if analysis.verdict:             # known once the best result from the start is, long before the turning
            show(analysis.verdict)       # point: best, actual, turning_point_searched (see ``verdict``)
    result = analysis.result             # plain JSON-able data:
    result["best"]                       # best_left, perfect, outcome, proven_optimal, line (actions from the start)
    result["actual"]                     # the game's own left, result, reason
    result["turning_point"]              # None, or: turn_index, turn, action_index, seat, actions (the log's actions
                                         # of that turn), plays (what stayed on the piles), better (the solver's turn
                                         # instead), better_line (from that turn's start to the end),
                                         # best_left_before, best_left_after, proven
    result["turning_point_searched"]     # False when none was looked for (the game reached the best, or no person)

The verdict is most of the answer and a small part of the work (the turning point's probes are most of it:
docs/performance.md), so a page shows it, and the best line, as soon as it is known. Its best can still get better
(a probe that finds a better line from a later turn makes it the best): ``verdict_version`` counts the bests given,
so a page knows when to show it again.
"""
from __future__ import annotations

from junban.games.the_game import rules
from junban.games.the_game.solver import FIRE_LOSS, Explored, Known, Solve, dead_cards

BEST_NODES = 5000
PROBE_NODES = 1000
CONFIRM_NODES = 2000
AFTER_NODES = 500
# Rounds of bisection (each ends with a solve from just after the turn found): one, plus one for each bot's turn that
# lost ground or each probe the fuller solve proves wrong, before the analysis gives up on a person's turn.
MAX_ROUNDS = 3
# A probe that has spent this many nodes and still leaves this many cards more than the level it looks for is given
# up, and not gone on with before a turn is blamed (Analysis._hopeless).
# Each solve tries on each pile the two cards of a hand nearest its top (the benchmark's ceiling, one): from a game's
# later turns, a perfect line often needs the second; in the games looked at it found the lines the probes looked for
# in half the nodes, and found some that one never did.
NEAREST_CARDS = 2
# The best result from the start is looked for by two searches in turns, node for node, until one finds a perfect
# line: this one, and one that tries a single card per pile (the benchmark's ceiling). Either alone has deals it finds
# late (thousands of nodes, 10+ s) that the other finds in a few hundred or fewer; in turns, each deal costs about
# twice the cheaper of the two (docs/performance.md, "Could this deal have been won?"). They share BEST_NODES.
BEST_NEAREST_CARDS = (NEAREST_CARDS, 1)
HOPELESS_NODES = 300
HOPELESS_GAP = 6


class Turn:
    """One turn of the game's log: where it starts in the log, whose it is, the state at its start."""

    def __init__(self, index: int, start: int, state: rules.State):
        self.index = index
        self.start = start
        self.seat = state.active
        self.number = state.turn
        self.end = start  # one past its last action
        known = Known(state)
        self.lower_bound = dead_cards(known.root[1], known.live(known.root))  # cards that can never be played


def game_turns(config: dict, seed: str, actions: list[dict]) -> tuple[list[Turn], rules.State]:
    """The log's turns, each with its start index in ``actions``, and the final state (which must be over)."""
    state = rules.new_game(config, seed)
    turns = [Turn(0, 0, state)]
    for i, action in enumerate(actions):
        state = rules.apply(state, action)
        turns[-1].end = i + 1
        if "end_turn" in action and not rules.is_over(state):
            turns.append(Turn(len(turns), i + 1, state))
    if not rules.is_over(state):
        raise ValueError("the game is not over: it is analysed only once it has ended")
    return turns, state


def score_of(outcome: dict) -> int:
    return outcome["left"] + (FIRE_LOSS if outcome["reason"].startswith("fire") else 0)


class Analysis:
    """The best result of a finished game's deal and its turning point, in slices: ``run(n)`` spends at most ``n``
    solver nodes and says whether the analysis is done; ``progress`` and ``result`` are plain JSON-able data."""

    def __init__(self, config: dict, seed: str, actions: list[dict], people, *, best_nodes: int = BEST_NODES,
                 probe_nodes: int = PROBE_NODES, confirm_nodes: int = CONFIRM_NODES, after_nodes: int = AFTER_NODES):
        self.config = rules.normalize_config(config)
        self.seed = seed
        self.actions = list(actions)
        self.people = frozenset(people)
        self.turns, self.final = game_turns(self.config, seed, self.actions)
        self.best_nodes = best_nodes
        self.probe_nodes = probe_nodes
        self.confirm_nodes = confirm_nodes
        self.after_nodes = after_nodes
        self._round_nodes = len(self.turns).bit_length() * probe_nodes + confirm_nodes + after_nodes
        self.max_nodes = best_nodes + MAX_ROUNDS * self._round_nodes
        self.nodes = 0
        self._fraction = 0.0
        self._range = (0, len(self.turns))  # the turns the bisection still looks between
        self.phase = "best"
        self.done = False
        self._solve: Solve | None = None
        self._explored = Explored(NEAREST_CARDS)  # what every solve of this deal worked out, for the ones that follow
        self._solves: dict = {}  # (where it started in the log, its target) -> the solve
        self._spent = 0  # nodes of the solves already finished
        self._best = None
        self._best_solves: list[Solve] = []  # the searches for the best line from the start
        self.verdict_version = 0  # how many times the best (so the verdict) was set: 0 until it is known
        self._searching = False  # whether a turning point is looked for (known with the verdict)
        self._turning = None
        self._steps = self._analyse()

    # ------------------------------------------------------------------ the public face

    def run(self, max_nodes: int | None = None) -> bool:
        stop = None if max_nodes is None else self.nodes + max_nodes
        while not self.done and (stop is None or self.nodes < stop):
            try:
                next(self._steps)
            except StopIteration:
                self.done = True
                self.phase = "done"
        return self.done

    @property
    def progress(self) -> dict:
        found = [s.best_score for s in self._best_solves if s.best_score is not None]
        best = self._best["best_left"] if self._best else (min(found) % FIRE_LOSS if found else None)
        return {
            "phase": self.phase,
            "nodes": self.nodes,
            "max_nodes": self.max_nodes,
            "fraction": 1.0 if self.done else round(self._estimate(), 4),
            "best_left": best,
            "done": self.done,
        }

    def _estimate(self) -> float:
        """The share of the work done, against what is likely left (one round, at most): it never goes back."""
        solve = self._solve
        left = solve.max_nodes - solve.nodes if solve and not solve.done else 0
        lo, hi = self._range
        left += max(0, hi - lo - 1).bit_length() * self.probe_nodes + self.after_nodes
        if self.phase == "best":
            left += self.best_nodes - (solve.nodes if solve else 0)
        self._fraction = max(self._fraction, min(0.99, self.nodes / max(1, self.nodes + left)))
        return self._fraction

    @property
    def verdict(self) -> dict | None:
        """"Could it have been won?" before the turning point: None until the best result from the start is known,
        then plain data: best and actual (as in ``result``), and turning_point_searched (whether the analysis goes on
        to look for one: it does when the game did worse than the best and a seat is a person's)."""
        if self._best is None:
            return None
        return {"best": self._best, "actual": self._actual(), "turning_point_searched": self._searching}

    @property
    def result(self) -> dict:
        if not self.done:
            raise ValueError("the analysis is not done: run() it to the end")
        return {
            "best": self._best,
            "actual": self._actual(),
            "turning_point": self._turning,
            "turning_point_searched": self._searching,
            "nodes": self.nodes,
        }

    def _actual(self) -> dict:
        outcome = rules.outcome(self.final)
        return {"left": outcome["left"], "result": outcome["result"], "reason": outcome["reason"]}

    # ------------------------------------------------------------------ the work

    def _solve_steps(self, actions: list[dict], max_nodes: int, target: int | None = None, resume: Solve | None = None):
        """Run one solve node by node (yielding after each) and return its result; ``resume`` goes on with a solve
        that stopped at its limit instead, up to ``max_nodes`` in all. The solve is left in ``self._solve``. A solve
        asked for again — from the same point, for the same target, with no more nodes — is not run again: a later
        round of the bisection meets the probes of the rounds before (and one a confirmation went on with answers
        with what it found then)."""
        key = (len(actions), target)
        known = self._solves.get(key)
        if resume is None and known is not None and (known.max_nodes >= max_nodes or known.done and known._finished):
            self._solve = known
            return known.result
        if resume is None:
            self._solve = Solve(self.config, self.seed, actions, max_nodes=max_nodes, target=target,
                                explored=self._explored, nearest_cards=NEAREST_CARDS)
        else:
            self._spent -= resume.nodes  # counted again below, with the nodes it goes on to spend
            resume.extend(max_nodes)
            self._solve = resume
        self._solves[key] = self._solve
        while not self._solve.run(1) and not (target is not None and self._hopeless(self._solve, target)):
            self.nodes = self._spent + self._solve.nodes
            yield
        self._spent += self._solve.nodes
        self.nodes = self._spent
        return self._solve.result

    def _best_steps(self):
        """The best line from the start (``BEST_NEAREST_CARDS``): the searches take turns, a node each, until one
        finds a perfect line or all have spent their share of ``best_nodes``; returns the best line found (the first
        search's, when they tie). The first search shares this deal's ``Explored`` with the probes that follow, the
        other its play-outs and pressures (``Explored.sharing``)."""
        shares = len(BEST_NEAREST_CARDS)
        self._best_solves = solves = [
            Solve(self.config, self.seed, [], max_nodes=self.best_nodes // shares, nearest_cards=nearest,
                  explored=self._explored if nearest == NEAREST_CARDS else self._explored.sharing(nearest))
            for nearest in BEST_NEAREST_CARDS]
        while not any(s.best_score == 0 for s in solves if s.best_score is not None):
            running = [s for s in solves if not s.done]
            if not running:
                break
            for solve in running:
                self._solve = solve
                solve.run(1)
                self.nodes = self._spent + sum(s.nodes for s in solves)
                yield
                if solve.best_score == 0:
                    break
        self._spent += sum(s.nodes for s in solves)
        self.nodes = self._spent
        return min((s.result for s in solves if s.best_score is not None), key=lambda found: score_of(found["outcome"]))

    @staticmethod
    def _hopeless(solve: Solve, target: int) -> bool:
        """A probe that has spent ``HOPELESS_NODES`` and still leaves ``HOPELESS_GAP`` cards more than its target: it
        is given up (the positions where the level is out of reach are what costs a probe its whole budget, and
        a probe still that far from it after that many nodes was, in every game looked at, out of reach)."""
        return solve.nodes >= HOPELESS_NODES and solve.best_score - target >= HOPELESS_GAP

    def _analyse(self):
        actual = score_of(rules.outcome(self.final))
        best = yield from self._best_steps()
        if score_of(best["outcome"]) > actual:  # the game itself did better than the solver found: its own line
            best = {"best_left": self.final.ended["left"], "perfect": self.final.ended["result"] == "perfect",
                    "outcome": rules.outcome(self.final), "line": list(self.actions), "proven_optimal":
                    self.final.ended["result"] == "perfect" or actual <= self.turns[0].lower_bound,
                    "nodes": best["nodes"], "done": True}
        self._best = {key: best[key] for key in ("best_left", "perfect", "outcome", "line", "proven_optimal")}
        self.phase = "turning_point"
        level = score_of(best["outcome"])
        self._searching = actual > level and bool(self.people)
        self.verdict_version += 1
        lo, lo_line = 0, best["line"]  # f(lo) <= level: lo_line reaches it from the start of turn lo
        for _ in range(MAX_ROUNDS):
            if actual <= level or not self.people:
                return
            hi = next((t.index for t in self.turns if t.lower_bound > level), len(self.turns))
            failed = None  # the probe that last found nothing, at hi
            while hi - lo > 1:  # f(hi) > level, by its dead cards, the game's end, or a probe that found nothing
                self._range = (lo, hi)
                mid = (lo + hi) // 2
                found = yield from self._solve_steps(self.actions[:self.turns[mid].start], self.probe_nodes, level)
                if score_of(found["outcome"]) < level:  # better than the best found from the start: it is the best
                    level = self._better_best(self.turns[mid], found)
                if score_of(found["outcome"]) <= level:
                    lo, lo_line = mid, found["line"]
                else:
                    hi, failed = mid, self._solve
            self._range = (lo, lo + 1)
            turn = self.turns[lo]
            after_start = self._position_after(turn)
            if failed is not None and hi == lo + 1 and not self._hopeless(failed, level):
                # Only a probe said so, and it came close: let it go on, with more nodes, before blaming this turn.
                found = yield from self._solve_steps(self.actions[:after_start], self.confirm_nodes, level, failed)
                if score_of(found["outcome"]) <= level:
                    lo, lo_line = lo + 1, found["line"]
                    continue
            found = yield from self._solve_steps(self.actions[:after_start], self.after_nodes)
            after = score_of(found["outcome"])
            if after <= level:  # the fuller solve found what the probes missed: the ground was lost later
                lo, lo_line = lo + 1, found["line"]
            elif turn.seat in self.people:
                self._turning = self._describe(turn, lo_line, level, found)
                return
            else:  # a bot's turn lost ground: look on for a person's turn that lost more
                level, lo, lo_line = after, lo + 1, found["line"]

    def _better_best(self, turn: Turn, found: dict) -> int:
        """A probe from ``turn`` found a line better than the best one from the start (searches from different points
        find different lines): the game's own actions up to that turn, then that line, is a better line from the
        start. It becomes the best; returns its score, the new level."""
        line = self.actions[:turn.start] + found["line"]
        outcome = found["outcome"]
        self._best = {"best_left": found["best_left"], "perfect": found["perfect"], "outcome": outcome, "line": line,
                      "proven_optimal": found["perfect"] or score_of(outcome) <= self.turns[0].lower_bound}
        self.verdict_version += 1
        return score_of(outcome)

    def _position_after(self, turn: Turn) -> int:
        return self.turns[turn.index + 1].start if turn.index + 1 < len(self.turns) else len(self.actions)

    def _describe(self, turn: Turn, better_line: list[dict], level: int, after: dict) -> dict:
        """The turning point as plain data: the turn in the log, what was played, what the solver would play."""
        taken = self.actions[turn.start:turn.end]
        first_end = next((i for i, a in enumerate(better_line) if "end_turn" in a), len(better_line) - 1)
        next_turn = self.turns[turn.index + 1] if turn.index + 1 < len(self.turns) else None
        return {
            "turn_index": turn.index,
            "turn": turn.number,
            "action_index": turn.start,
            "seat": turn.seat,
            "actions": taken,
            "plays": net_plays(taken),
            "better": better_line[:first_end + 1],
            "better_line": better_line,
            "best_left_before": level % FIRE_LOSS,
            "best_left_after": after["best_left"],
            "proven": (next_turn is not None and next_turn.lower_bound > level) or after["proven_optimal"],
        }


def net_plays(actions: list[dict]) -> list[list[int]]:
    """The [card, pile] plays a turn's actions left on the piles (plays less those taken back), in order."""
    played: list[list[int]] = []
    for action in actions:
        if "play" in action:
            played.append([action["play"], action["pile"]])
        elif "undo" in action and played:
            played.pop()
    return played
