"""'Could this deal have been won?': the best result of a finished game and the turn where it slipped away."""
from __future__ import annotations

import itertools
import json

from junban.games.the_game import rules
from junban.games.the_game.analysis import Analysis, net_plays
from junban.games.the_game.bots import make_bot
from junban.games.the_game.solver import Known, Solve, dead_cards


def turns_of(line: list[dict]) -> list[list[dict]]:
    """A line cut into turns (each ends with its end_turn, but the very last may not)."""
    turns, current = [], []
    for action in line:
        current.append(action)
        if "end_turn" in action:
            turns.append(current)
            current = []
    return turns + ([current] if current else [])


def killing_turn(state: rules.State) -> list[dict] | None:
    """A legal turn of exactly the minimum that leaves a card no pile will ever take (a sure loss of perfection)."""
    hand = sorted(state.hands[state.active])
    for cards in itertools.permutations(hand, state.minimum):
        for piles in itertools.product(range(4), repeat=state.minimum):
            trial, actions = state, []
            try:
                for card, pile in zip(cards, piles):
                    actions.append({"play": card, "pile": pile})
                    trial = rules.apply(trial, actions[-1])
                actions.append({"end_turn": True})
                trial = rules.apply(trial, actions[-1])
            except rules.RuleViolation:
                continue
            if not rules.is_over(trial):
                known = Known(trial)
                if dead_cards(known.root[1], known.live(known.root)) > 0:
                    return actions
    return None


def spoiled_game(config: dict, seed: str, spoil_from: int, seat: int | None = None):
    """A game that follows the solver's perfect line, then at the first turn from ``spoil_from`` on (of ``seat``, if
    given) that can be spoiled plays a turn that kills a card, then lets the strong bot finish. Returns the log's
    actions and the index of the spoiled turn."""
    config = rules.normalize_config(config)
    search = Solve(config, seed)
    search.run()
    assert search.result["perfect"]
    state, actions = rules.new_game(config, seed), []
    for index, turn in enumerate(turns_of(search.result["line"])):
        if index >= spoil_from and (seat is None or state.active == seat):
            bad = killing_turn(state)
            if bad is not None:
                break
        for action in turn:
            actions.append(action)
            state = rules.apply(state, action)
    else:
        raise AssertionError("no turn could be spoiled")
    for action in bad:
        actions.append(action)
        state = rules.apply(state, action)
    bots = [make_bot("strong", seed, s) for s in range(config["players"])]
    while not rules.is_over(state):
        action = bots[state.active].act(rules.view(state, state.active))
        actions.append(action)
        state = rules.apply(state, action)
    return actions, index


def analysed(config, seed, actions, people, **limits) -> dict:
    analysis = Analysis(config, seed, actions, people, **limits)
    analysis.run()
    return analysis.result


def test_the_turning_point_is_the_turn_that_killed_a_card():
    """The game followed a perfect line until turn 12, whose plays left a card no pile will ever take."""
    config = {"players": 1}
    actions, spoiled = spoiled_game(config, "turning-1", 12)
    result = analysed(config, "turning-1", actions, people=[0])
    assert result["best"]["perfect"] and result["actual"]["result"] != "perfect"
    point = result["turning_point"]
    assert point["turn_index"] == spoiled and point["seat"] == 0
    assert point["best_left_before"] == 0 and point["best_left_after"] > 0
    assert point["proven"]    # the dead card proves it: no search could have found a perfect line after it
    assert point["plays"] == net_plays(point["actions"]) and len(point["plays"]) == 2
    # The better turn is the start of a perfect line from the position before the turning point.
    before = actions[:point["action_index"]]
    state = rules.new_game(config, "turning-1")
    for action in before + point["better_line"]:
        state = rules.apply(state, action)
    assert rules.outcome(state)["result"] == "perfect"
    assert point["better_line"][:len(point["better"])] == point["better"] and "end_turn" in point["better"][-1]


def test_a_bots_bad_turn_is_not_the_persons_turning_point():
    """Two players, the person at seat 0: the bot at seat 1 spoils the game. The person is blamed only for a later
    turn of their own that made things worse still, if any."""
    config = {"players": 2}
    actions, spoiled = spoiled_game(config, "turning-2", 6, seat=1)
    result = analysed(config, "turning-2", actions, people=[0])
    point = result["turning_point"]
    assert point is None or (point["seat"] == 0 and point["turn_index"] > spoiled
                             and point["best_left_after"] > point["best_left_before"] > 0)
    # With both seats people, the bot's turn is the turning point.
    both = analysed(config, "turning-2", actions, people=[0, 1])["turning_point"]
    assert both["turn_index"] == spoiled and both["seat"] == 1


def test_a_perfect_game_has_no_turning_point():
    config = rules.normalize_config({"players": 3})
    search = Solve(config, "flawless")
    search.run()
    result = analysed(config, "flawless", search.result["line"], people=[0, 1, 2])
    assert result["actual"]["result"] == "perfect" and result["turning_point"] is None


def test_the_verdict_is_known_before_the_turning_point_is_looked_for():
    """"Could it have been won?" is answered by the best result from the start: the verdict is given as soon as it is
    known (a page shows it then), while the turning point is still being looked for, and it is the result's."""
    config = {"players": 1}
    actions, spoiled = spoiled_game(config, "turning-1", 12)
    analysis = Analysis(config, "turning-1", actions, [0])
    assert analysis.verdict is None and analysis.verdict_version == 0
    while analysis.verdict is None:
        assert not analysis.run(1)
    assert analysis.phase == "turning_point" and analysis.verdict_version == 1
    verdict = json.loads(json.dumps(analysis.verdict))
    assert verdict["best"]["perfect"] and verdict["actual"]["result"] != "perfect"
    assert verdict["turning_point_searched"], "the game did worse than the best: its turning point is looked for"
    at_verdict = analysis.nodes
    analysis.run()
    result = analysis.result
    assert analysis.nodes > at_verdict and result["turning_point"]["turn_index"] == spoiled
    assert {key: result[key] for key in verdict} == verdict
    # A game that reached the best: nothing more is looked for after the verdict.
    search = Solve(rules.normalize_config(config), "turning-1")
    search.run()
    flawless = Analysis(config, "turning-1", search.result["line"], [0])
    flawless.run()
    assert flawless.verdict["turning_point_searched"] is False and flawless.result["turning_point"] is None


def test_the_best_line_is_looked_for_by_two_searches_in_turns():
    """A deal whose perfect line the analysis's usual search (two cards tried per pile) had not found in its 5,000
    nodes (it said "the best line found leaves 1 card"), and the one-card search finds in some 30: in turns, node
    for node, the verdict is a perfect game after a few dozen nodes (docs/performance.md)."""
    config, seed = {"players": 1}, "solver-browser-32"
    state, actions = rules.new_game(config, seed), []
    bot = make_bot("baseline", seed, 0)
    while not rules.is_over(state):
        actions.append(bot.act(rules.view(state, 0)))
        state = rules.apply(state, actions[-1])
    assert rules.outcome(state)["result"] != "perfect"
    analysis = Analysis(config, seed, actions, [0])
    while analysis.verdict is None:
        analysis.run(1)
    assert analysis.verdict["best"]["perfect"] and analysis.nodes < 200
    line_end = rules.new_game(config, seed)
    for action in analysis.verdict["best"]["line"]:
        line_end = rules.apply(line_end, action)
    assert rules.outcome(line_end)["result"] == "perfect"


def test_slices_give_the_same_analysis_as_one_run():
    config = {"players": 1}
    actions, _ = spoiled_game(config, "turning-1", 12)
    whole = analysed(config, "turning-1", actions, people=[0])
    sliced = Analysis(config, "turning-1", actions, [0])
    phases = set()
    while not sliced.run(25):
        progress = sliced.progress
        phases.add(progress["phase"])
        assert 0 <= progress["fraction"] < 1 and progress["nodes"] <= progress["max_nodes"]
    assert phases == {"best", "turning_point"}
    assert sliced.result == whole
    assert json.loads(json.dumps(whole)) == whole   # plain data, ready for the page


def test_an_analysis_is_bounded_by_its_node_limits():
    config = {"players": 1}
    actions, _ = spoiled_game(config, "turning-1", 12)
    analysis = Analysis(config, "turning-1", actions, [0], best_nodes=3, probe_nodes=2, after_nodes=2)
    analysis.run()
    assert analysis.nodes <= analysis.max_nodes
    result = analysis.result
    assert result["best"]["line"]   # a line, if not the best one


def test_only_a_finished_game_is_analysed():
    try:
        Analysis({"players": 1}, "unfinished", [], [0])
    except ValueError as err:
        assert "not over" in str(err)
    else:
        raise AssertionError("an unfinished game was analysed")
