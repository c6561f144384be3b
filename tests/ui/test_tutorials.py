"""The first games that teach, on CPython: each script's deal still gives what its steps need (rehearsed without a
page), each tutorial played to its end by doing what the bubble points at, in both languages; a step refuses
other moves, the bots wait while the person reads, a reload resumes at the same step, leaving hands the game
back as a normal one."""
from __future__ import annotations

import pytest
from junban.games.eleusis import cards
from junban.session import Seat, Session
from junban.ui import i18n
from junban.ui.parts.tutorial import Desk, rehearse
from junban.ui.tutorials import TUTORIALS, script_for
from junban.ui.tutorials import the_game as tg_script
from junban.ui.tutorials import twenty_three as tt_script

from tests.ui.tablekit import by_id, click, select, start

GAMES = list(TUTORIALS)


def fresh(game: str) -> Session:
    script = script_for(game)
    seats = [Seat("person", "Player 1")] + [Seat("bot", f"Bot {i + 2}", script.level) for i in range(script.bots)]
    return Session("rehearsal", game, script.config, script.seed, seats)


def rehearsed(game: str) -> list[tuple[str, dict, Desk]]:
    steps = []

    def note(index, step, desk, action):
        say = step.say(desk) if callable(step.say) else step.say
        steps.append((say, action, desk.view()))

    rehearse(script_for(game), fresh(game), note)
    return steps


@pytest.mark.parametrize("game", GAMES)
def test_every_step_has_its_words_in_both_languages(game):
    i18n.register("help")
    keys = set()
    for step in script_for(game).steps:
        keys |= {step.say} if isinstance(step.say, str) else set()
    for lang in ("en", "ja"):
        i18n.set_language(lang)
        for key in keys:
            assert i18n.t(key, n=2) != key, f"{key} has no {lang} text"
    i18n.set_language("en")


def test_the_game_seed_deals_the_trick_pair_and_the_partner_keeps_off_the_marked_pile():
    session = fresh("the-game")
    hand = session.view(0)["hand"]
    assert tg_script.FIRST in hand and tg_script.TRICK in hand and tg_script.FIRST - 10 == tg_script.TRICK
    desk = rehearse(script_for("the-game"), session)
    piles = desk.view()["piles"]
    assert piles[0]["cards"][:2] == [tg_script.FIRST, tg_script.TRICK]  # the backwards trick
    assert piles[tg_script.MARKED_PILE]["cards"] == [], "the partner kept off the pile marked 'keep'"
    assert desk.session.to_act == 0 and len(session.actions) > 4, "the partner played its turn"


def test_23_seed_gives_a_free_play_a_skip_a_bonus_chip_going_out_and_dropping_out():
    steps = rehearsed("23")
    by_say = {}
    for say, action, view in steps:
        by_say.setdefault(say, []).append((action, view))
    (free, view), = by_say["tut.tt.free"]
    assert free["play"][0] - view["pile_value"] in (0, 1)
    (skip, view), = by_say["tut.tt.skip"]
    assert 1 <= skip["play"][0] - view["pile_value"] - 1 <= 3
    (bonus, view), = by_say["tut.tt.bonus"]
    assert bonus["bonus"] == 1 and bonus["play"][0] < view["pile_value"]
    assert by_say["tut.tt.force"][0][0] == {"pass": True, "force": True}
    last, view = by_say["tut.tt.out_last"][-1]
    assert len(last["play"]) == len(view["hand"]), "the last play of round 1 empties the hand: going out"
    (drop, view), = by_say["tut.tt.drop"]
    assert drop == {"drop_out": True} and view["round"] == 2 and tt_script.cheapest_play(view) is None
    assert steps[-1][0] == "tut.tt.drop"


def test_eleusis_seed_gives_a_right_card_a_wrong_one_a_string_a_right_no_play_and_a_prophet():
    steps = rehearsed("eleusis")
    said = [say for say, _, _ in steps]
    assert said == ["tut.el.right", "tut.el.wrong", "tut.el.string", "tut.el.no_play",
                    "tut.el.before_prophet", "tut.el.prophet", "tut.el.judge_right"]
    rank = cards.rank
    for say, action, view in steps:
        last = view["mainline"][-1]
        if say in ("tut.el.right", "tut.el.before_prophet"):  # the words say: higher than the last card
            assert rank(last) != 13 and rank(action["play"][0]) > rank(last)
        if say == "tut.el.wrong":
            assert rank(last) != 13 and rank(action["play"][0]) <= rank(last)
        if say == "tut.el.string":
            first, second = action["play"]
            assert rank(last) < rank(first) < rank(second) < 13
        if say == "tut.el.no_play":
            assert rank(last) != 13 and all(rank(c) <= rank(last) for c in view["hand"])


def follow(app, platform, limit: int = 600) -> list[str]:
    """Do what the bubble says until it is gone: Next on a read step, the element it points at otherwise, the
    bots' turns on a watch step. Returns the texts it said."""
    said = []
    for _ in range(limit):
        coach = select(platform, "#coach")
        if not coach:
            return said
        text = by_id(platform, "coach-text").textContent
        if not said or said[-1] != text:
            said.append(text)
        nxt = select(platform, "#coach-next")
        if nxt:
            click(app, nxt[0])
            continue
        target = coach[0].attributes.get("data-coach-target", "")
        found = [n for n in select(platform, target) if "data-act" in n.attributes] if target else []
        if "coach-watch" in coach[0].attributes["class"] or not found:
            assert platform.run_timers(1), f"the bubble waits for nothing: {text!r} -> {target!r}"
            continue
        click(app, found[0])
    raise AssertionError(f"the tutorial did not end: {said[-3:]}")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_a_tutorial_played_to_its_end_by_following_the_bubble(game, lang):
    app, platform = start(f"#/tutorial/{game}", lang=lang)
    table = app.screen
    assert table.session.mode == "tutorial" and table.tutorial is not None
    assert platform.hash == f"#/play/{table.session.id}" and platform.history[-2] == "#/"  # Back leads home
    said = follow(app, platform)
    assert len(said) >= 8 and all("{" not in text for text in said), said
    assert table.tutorial is None and table.session.mode == "tutorial-done"
    assert app.store.read_save(table.session.id)["mode"] == "tutorial-done"
    if game == "23":
        assert table.session.is_over, "23's first game is played through both rounds"


def test_a_step_refuses_another_move_and_says_what_it_asks():
    app, platform = start("#/tutorial/the-game")
    table = app.screen
    click(app, by_id(platform, "coach-next"))
    click(app, by_id(platform, "coach-next"))
    other = next(c for c in table.view()["hand"] if c not in (tg_script.FIRST, tg_script.TRICK))
    click(app, by_id(platform, f"card-{other}"))
    click(app, by_id(platform, "pile-2"))
    assert table.session.actions == []
    assert any("Tap 21, then Ascending pile 1" in n.text for n in app.notices)
    click(app, by_id(platform, f"card-{tg_script.FIRST}"))
    assert select(platform, "#coach")[0].attributes["data-coach-target"] == "#pile-0"  # the bubble moves on
    click(app, by_id(platform, "pile-0"))
    assert table.session.actions == [{"play": tg_script.FIRST, "pile": 0}]


def test_the_bots_wait_while_the_person_reads_and_a_reload_resumes_at_the_same_step():
    app, platform = start("#/tutorial/eleusis")
    table = app.screen
    assert table.session.actions == [] and not platform.timers, "the dealer waits for the first words to be read"
    click(app, by_id(platform, "coach-next"))
    assert platform.timers, "then the dealer fixes the rule and deals"
    platform.run_timers(5)
    assert table.session.actions and not platform.timers
    click(app, by_id(platform, "coach-next"))
    click(app, by_id(platform, "coach-next"))
    assert by_id(platform, "coach").attributes["class"].split() == ["coach", "coach-do"]
    for _ in range(2):  # tap the card the bubble points at, then Play
        click(app, select(platform, by_id(platform, "coach").attributes["data-coach-target"])[0])
    before = by_id(platform, "coach-text").textContent
    assert "The others play" in before  # the Prophet's role was declined for them: "Become Prophet" was off
    app.route(platform.get_hash())  # the same saved game opened again
    assert app.screen.tutorial is not None and by_id(platform, "coach-text").textContent == before


def test_leaving_the_tutorial_hands_the_game_back_as_a_normal_one():
    app, platform = start("#/tutorial/23")
    table = app.screen
    click(app, by_id(platform, "coach-leave"))
    assert table.tutorial is None and not select(platform, "#coach")
    assert table.session.mode == "tutorial-done" and app.store.read_save(table.session.id)["mode"] == "tutorial-done"
    app.route(platform.get_hash())
    assert app.screen.tutorial is None, "a tutorial once left stays left"


def test_opening_a_tutorial_again_resumes_it_with_start_again_offered():
    app, platform = start("#/tutorial/the-game")
    first = app.screen.session
    click(app, by_id(platform, "coach-next"))
    click(app, by_id(platform, "coach-next"))
    click(app, by_id(platform, f"card-{tg_script.FIRST}"))
    click(app, by_id(platform, "pile-0"))
    app.go("#/tutorial/the-game")
    assert app.screen.session.id == first.id and app.screen.tutorial.index == 3
    notice = next(n for n in app.notices if n.key == "resumed")
    app.dispatch(notice.action[1], notice.action[2])  # Start again
    assert app.screen.session.id != first.id and app.screen.session.actions == []
    assert app.screen.tutorial.index == 0


def test_23_the_bot_discards_while_the_person_chooses_and_a_reload_resumes_the_discard_step():
    """The discard is simultaneous: the tutorial's bot discards as soon as the person is asked to; the person's
    discard is still the step's, also after a reload."""
    app, platform = start("#/tutorial/23")
    table = app.screen
    click(app, by_id(platform, "coach-next"))
    step = table.tutorial.index
    platform.run_timers(1)
    assert [a["seat"] for a in table.session.actions] == [1], "the bot discarded first"
    app.route(platform.get_hash())  # the same saved game opened again
    table = app.screen
    assert table.tutorial is not None and table.tutorial.index == step
    for _ in range(4):  # the three cards the bubble points at, then Discard
        click(app, select(platform, by_id(platform, "coach").attributes["data-coach-target"])[0])
    assert [a["seat"] for a in table.session.actions] == [1, 0] and table.tutorial.index > step
