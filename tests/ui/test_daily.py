"""The daily challenge on CPython: which games are daily deals, the counted attempt, the streak, the stored record
(validated, kept aside when unreadable), the share text's squares; and in the app: today's game resumed on a
second open, counted once (a replay is practice), the result and the streak on home, the share text copied."""
from __future__ import annotations

import json
import re

import pytest
from junban import bots, daily
from junban.session import Seat, Session
from junban.storage import DAILY_KEY, Store

from tests.ui.fakeplatform import DictStorage
from tests.ui.tablekit import by_id, click, play_out, start

TODAY = "2026-11-22"  # the fake platform's today
DAILY_LINK = f"#/the-game?players=1&seed={TODAY}"


def day(game: str, date: str, save: str = "s1", **result) -> dict:
    return {"game": game, "date": date, "save": save, "finished": bool(result), "assisted": False, "grid": "",
            **result}


def test_a_daily_deal_is_the_daily_links_table_whatever_the_names():
    person = [Seat("person", "Ann")]
    assert daily.daily_date("the-game", Session("a", "the-game", {"players": 1}, TODAY, person).config, TODAY,
                            person) == TODAY
    assert daily.daily_date("the-game", Session("a", "the-game", {"players": 1, "expert": True}, TODAY,
                                                person).config, TODAY, person) is None  # another variant
    strong = [Seat("person", "Ann"), Seat("bot", "B", "strong"), Seat("bot", "C", "strong")]
    config = Session("b", "23", {"players": 3}, TODAY, strong).config
    assert daily.daily_date("23", config, TODAY, strong) == TODAY
    assert daily.daily_date("23", config, TODAY, strong[:1] + [Seat("bot", "B", "baseline")] * 2) is None
    assert daily.daily_date("23", config, "abc", strong) is None  # not a date


def test_only_the_first_attempt_of_today_counts_the_rest_is_practice():
    seats = [Seat("person", "Ann")]
    config = {"players": 1, "expert": False, "small_hands": False, "on_fire": False, "strict": False, "start": None}
    assert daily.mode_for("the-game", config, TODAY, seats, TODAY, []) == "daily"
    days, counted = daily.note_started([], "the-game", TODAY, "first")
    assert counted and daily.note_started(days, "the-game", TODAY, "second") == (days, False)
    assert daily.mode_for("the-game", config, TODAY, seats, TODAY, days) == "practice"
    assert daily.mode_for("the-game", config, "2026-11-21", seats, TODAY, []) == "practice"  # an old day's deal
    assert daily.mode_for("the-game", config, "seed-1", seats, TODAY, []) is None


def test_the_streak_counts_days_in_a_row_up_to_today_or_yesterday():
    days = [day("the-game", d) for d in ("2026-11-19", "2026-11-20", "2026-11-21")] + [day("23", "2026-11-22")]
    assert daily.streak(days, "the-game", TODAY) == 3  # today not played yet: the streak is still alive
    assert daily.streak(days + [day("the-game", TODAY)], "the-game", TODAY) == 4
    assert daily.streak(days, "the-game", "2026-11-24") == 0  # a day was missed
    assert daily.streak(days, "23", TODAY) == 1


def test_an_unreadable_daily_record_is_kept_aside_and_reported():
    text = json.dumps({"schema": 1, "type": "daily", "days": "not a list"})
    backend = DictStorage({DAILY_KEY: text})
    store = Store(backend)
    assert store.daily() == []
    problem, = store.take_problems()
    assert backend.get(problem.backup_key) == text and backend.get(DAILY_KEY) is None


@pytest.mark.parametrize("broken", [
    {"game": "the-game"},  # fields missing
    day("the-game", "2026-02-30"),  # no such date
    dict(day("the-game", TODAY), finished="yes"),
    dict(day("the-game", TODAY, won=True), score="3"),
    dict(day("the-game", "2026-11-20"), save="second"),  # a second counted attempt of a day
])
def test_an_unreadable_day_is_kept_aside_with_the_record_as_found_and_the_other_days_stay(broken):
    good = [day("the-game", "2026-11-20"), day("23", TODAY)]
    text = json.dumps({"schema": 1, "type": "daily", "days": [good[0], broken, good[1]]})
    backend = DictStorage({DAILY_KEY: text})
    store = Store(backend)
    assert store.daily() == good
    problem, = store.take_problems()
    assert problem.reason.code == "record.odd_days" and backend.get(problem.backup_key) == text
    assert json.loads(backend.get(DAILY_KEY))["days"] == good and store.daily() == good and not store.take_problems()


def test_the_released_daily_record_loads():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "v1" / "daily.json").read_text("utf-8")
    store = Store(DictStorage({DAILY_KEY: text}))
    assert len(store.daily()) == 3 and not store.take_problems()


def finished(game: str, config: dict, seats: list[Seat], seed: str = TODAY) -> Session:
    session = Session("g", game, config, seed, seats)
    players = {i: bots.make_bot(game, "baseline", seed, i) for i in range(len(seats))}
    while not session.is_over:
        session.apply(players[session.to_act].act(session.view(session.to_act)))
    return session


def test_the_game_squares_a_turn_each_and_never_a_card():
    session = finished("the-game", {"players": 1}, [Seat("person", "Ann")])
    squares = daily.grid("the-game", session.config, session.seed, session.actions, 0)
    turns = sum(1 for a in session.actions if "end_turn" in a)
    assert len(squares.replace("\n", "")) == turns + 1
    assert set(squares) <= set("🟩🟦⭐🟥🔥\n") and not re.search(r"[0-9]", squares)


def test_23_and_eleusis_squares_a_line_per_round_of_your_moves():
    session = finished("23", {"players": 3}, [Seat("bot", "A", "baseline")] * 3)
    squares = daily.grid("23", session.config, session.seed, session.actions, 0)
    lines = squares.split("\n")
    assert [line[:2] for line in lines] == ["1:", "2:"]
    moves = [e for e in session.view(0)["log"] if e["seat"] == 0 and e["event"] in ("play", "pass", "drop_out")]
    assert sum(len(line) - 3 for line in lines) == len(moves)
    result = daily.result_of("23", session.outcome, 0, 3)
    assert result["place"] == session.outcome["places"][0] and result["score"] == session.outcome["totals"][0]


def test_eleusis_squares_count_every_card_you_played_even_the_one_that_ended_a_round():
    from junban.ui.tutorials.eleusis import player  # a quick policy that plays a whole game

    seats = [Seat("bot", name, "baseline") for name in "ABC"]
    session = Session("e", "eleusis", {"players": 3, "difficulty": "easy"}, TODAY, seats)
    while not session.is_over:
        session.apply(player(session.view(session.to_act)))
    lines = daily.grid("eleusis", session.config, session.seed, session.actions, 0).split("\n")
    rounds = session.view(0)["rounds"]
    assert len(lines) == len(rounds) == 3
    for number, (line, entry) in enumerate(zip(lines, rounds), start=1):
        squares = line.split(": ", 1)[1]
        if entry["dealer"] == 0:
            assert squares == "🎩"
            continue
        mine = sum(1 for s in entry["line"]["played_by"] if s == 0)  # right cards of seat 1 in that round
        assert squares.count("🟩") == mine, (number, line)


def test_todays_challenge_is_resumed_on_a_second_open_and_counted_once():
    app, platform = start(DAILY_LINK)
    table = app.screen
    assert table.session.mode == "daily" and app.store.daily() == []  # no move yet: no attempt
    assert platform.history[-2:] == ["#/", f"#/play/{table.session.id}"]  # Back leads home, not to the link
    card = min(table.view()["hand"])
    click(app, by_id(platform, f"card-{card}"))
    click(app, by_id(platform, "pile-0"))
    attempt, = app.store.daily()
    assert (attempt["game"], attempt["date"], attempt["save"]) == ("the-game", TODAY, table.session.id)
    app.go("#/")
    app.go(DAILY_LINK)  # the daily opened again the same day
    assert app.screen.session.id == table.session.id and app.screen.session.actions
    assert any(n.key == "resumed" and n.action[0] == "Start again" for n in app.notices)
    play_out(app)
    assert app.store.daily()[0]["finished"] and len(app.store.daily()) == 1
    click(app, by_id(platform, "same-deal"))  # replay this deal: practice
    assert app.screen.session.mode == "practice" and app.screen.session.id != table.session.id
    card = min(app.screen.view()["hand"])
    click(app, by_id(platform, f"card-{card}"))
    click(app, by_id(platform, "pile-0"))
    assert len(app.store.daily()) == 1, "practice never counts"


def test_home_shows_todays_result_the_streak_and_copies_a_share_text_without_the_deal():
    app, platform = start(DAILY_LINK)
    first = app.screen.session
    hand = first.view(0)["hand"]
    play_out(app)
    days = app.store.daily()
    app.store.write_daily([day("the-game", "2026-11-21", "old"), day("the-game", "2026-11-20", "older")] + days)
    app.go("#/")
    result = by_id(platform, "daily-result-the-game").textContent
    assert result.startswith("Today: ") and ("left" in result or "Perfect" in result)
    assert "3 days in a row" in by_id(platform, "daily-title-the-game").textContent
    assert by_id(platform, "daily-the-game").attributes["href"] == f"#/play/{first.id}"  # see today's game
    click(app, by_id(platform, "daily-share-the-game"))
    text, = platform.copied
    head, line, *squares, link = text.split("\n")
    assert head == f"Junban · The Game · daily challenge {TODAY}"
    assert line == result[len("Today: "):]
    assert link == "http://127.0.0.1:8000/" + DAILY_LINK
    assert squares and not any(str(card) in "".join(squares) for card in hand), "the squares show no card"
    assert by_id(platform, "daily-text-the-game").attributes["value"] == text  # shown to copy by hand too
    assert platform.announcements[-1] == "Your result is copied."


def test_a_daily_with_a_hint_says_so_in_its_result():
    app, platform = start(DAILY_LINK, lang="ja")
    click(app, by_id(platform, "hint"))
    assert app.screen.session.hints == 1
    play_out(app)
    attempt, = app.store.daily()
    assert attempt["assisted"]
    app.go("#/")
    assert "（アシストあり）" in by_id(platform, "daily-result-the-game").textContent
