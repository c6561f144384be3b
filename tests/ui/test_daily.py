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
from tests.ui.tablekit import by_attr, by_id, click, play_out, start

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


def test_the_streak_counts_days_finished_in_a_row_up_to_today_or_yesterday():
    lost = {"won": False, "score": 12}  # a finished game, lost: it counts (as Wordle counts days played out)
    days = [day("the-game", d, **lost) for d in ("2026-11-19", "2026-11-20", "2026-11-21")] + [day("23", TODAY, **lost)]
    assert daily.streak(days, "the-game", TODAY) == 3  # today not played yet: the streak is still alive
    assert daily.streak(days + [day("the-game", TODAY)], "the-game", TODAY) == 3  # started today, not finished yet
    assert daily.streak(days + [day("the-game", TODAY, **lost)], "the-game", TODAY) == 4
    assert daily.streak(days, "the-game", "2026-11-24") == 0  # a day was missed
    assert daily.streak(days, "23", TODAY) == 1
    left_unfinished = [days[0], day("the-game", "2026-11-20"), days[2]]  # started on the 20th, never finished
    assert daily.streak(left_unfinished, "the-game", TODAY) == 1


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
    assert set(squares) - {"\n"} <= {square for square, _ in daily.SQUARES["the-game"]}


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


def finished_daily(lang: str = "en", **platform_args):
    """Today's The Game played out, with the two days before it finished too; home shown."""
    app, platform = start(DAILY_LINK, lang=lang, **platform_args)
    first = app.screen.session
    hand = first.view(0)["hand"]
    play_out(app)
    days = app.store.daily()
    app.store.write_daily([day("the-game", "2026-11-21", "old", won=False, score=20),
                           day("the-game", "2026-11-20", "older", won=False, score=9)] + days)
    app.go("#/")
    return app, platform, first, hand


def test_home_shows_todays_result_the_streak_and_copies_a_share_text_without_the_deal():
    app, platform, first, hand = finished_daily()
    result = by_id(platform, "daily-result-the-game").textContent
    assert result.startswith("Today: ") and ("left" in result or "Perfect" in result)
    assert by_id(platform, "daily-streak-the-game").textContent == "Streak: finished 3 days in a row"
    assert by_id(platform, "daily-the-game").attributes["href"] == f"#/play/{first.id}"  # see today's game
    click(app, by_id(platform, "daily-share-the-game"))  # no share sheet here: the clipboard
    text, = platform.copied
    head, line, *squares, link = text.split("\n")
    assert head == f"Junban · The Game · daily challenge {TODAY}"
    assert line == result[len("Today: "):]
    assert link == "http://127.0.0.1:8000/" + DAILY_LINK
    assert squares and not any(str(card) in "".join(squares) for card in hand), "the squares show no card"
    assert by_id(platform, "daily-note-the-game").textContent == "Copied: paste your result anywhere."  # seen
    assert platform.announcements[-1] == "Copied: paste your result anywhere."  # and heard


def test_home_says_what_todays_squares_mean_in_one_line():
    app, platform, _, _ = finished_daily()
    grid = app.store.daily()[-1]["grid"]
    assert by_id(platform, "daily-grid-the-game").textContent == grid
    legend = by_id(platform, "daily-legend-the-game").textContent
    present = [square for square in "🟩🟦⭐🟥🔥" if square in grid]
    assert [part.split(" ", 1)[0] for part in legend.split(" · ")] == present  # the squares shown, no others
    assert ("🟩 minimum turn" in legend) == ("🟩" in grid)


def test_every_square_a_share_text_can_hold_has_words_in_both_languages():
    from junban.ui.text import help as words

    for game, squares in daily.SQUARES.items():
        for square, name in squares:
            assert f"daily.sq.{game}.{name}" in words.EN and f"daily.sq.{game}.{name}" in words.JA
        documented = set(re.findall(r"[⭐🏳🎩🔮🎯❌⬜⬛🟥🟧🟨🟩🟦🟪🔥]", daily.grid.__doc__ + {
            "the-game": daily._the_game_grid, "23": daily._twenty_three_grid, "eleusis": daily._eleusis_grid,
            "eleusis-science": daily._science_grid}[game].__doc__))
        assert documented == {square for square, _ in squares}, game


def test_the_share_sheet_gets_todays_result_where_the_browser_has_one():
    app, platform, _, _ = finished_daily()
    platform.share_sheet = True
    click(app, by_id(platform, "daily-share-the-game"))
    shared, = platform.shared
    assert shared["text"].startswith("Junban · The Game · daily challenge") and shared["text"].endswith(DAILY_LINK)
    assert platform.copied == [] and not by_attr(platform, "id", "daily-note-the-game")  # the sheet said it all
    platform.share_answer = "cancelled"  # the person closed the sheet: nothing else happens
    click(app, by_id(platform, "daily-share-the-game"))
    assert platform.copied == [] and not by_attr(platform, "id", "daily-note-the-game")
    platform.share_answer = "refused"  # a sheet with nowhere to share: copied instead, and said so
    click(app, by_id(platform, "daily-share-the-game"))
    assert platform.copied == [shared["text"]]
    assert by_id(platform, "daily-note-the-game").textContent == "Copied: paste your result anywhere."


def test_a_result_that_cannot_be_copied_is_shown_to_copy_by_hand():
    app, platform, _, _ = finished_daily(lang="ja")
    platform.clipboard_works = False
    click(app, by_id(platform, "daily-share-the-game"))
    assert by_id(platform, "daily-note-the-game").textContent.startswith("コピーできませんでした")
    box = by_id(platform, "daily-text-the-game")
    assert box.attributes["value"].startswith("順番 · ザ・ゲーム") and platform.focused == "#daily-text-the-game"


def test_home_counts_down_to_the_next_challenge_and_shows_it_when_the_day_turns():
    app, platform, _, _ = finished_daily(lang="ja")
    assert by_id(platform, "daily-next-the-game").textContent == "次の一局まであと5時間12分"
    platform.run_timers(limit=1)
    assert by_id(platform, "daily-next-the-game").textContent == "次の一局まであと5時間11分"
    platform.run_timers(limit=400)  # the clock passes midnight: the new day's challenge, no countdown any more
    assert platform.today() == "2026-11-23" and not platform.timers
    assert by_id(platform, "daily-the-game").textContent == "今日の一局を遊ぶ"
    assert not by_attr(platform, "id", "daily-next-the-game")
    assert by_id(platform, "daily-streak-the-game").textContent == "連続記録：3日続けて最後までプレイ"  # still alive


def test_leaving_home_stops_its_countdown():
    app, platform, _, _ = finished_daily()
    assert platform.timers
    app.go("#/history")
    assert not platform.timers


def test_a_daily_with_a_hint_says_so_in_its_result():
    app, platform = start(DAILY_LINK, lang="ja")
    click(app, by_id(platform, "hint"))
    assert app.screen.session.hints == 1
    play_out(app)
    attempt, = app.store.daily()
    assert attempt["assisted"]
    app.go("#/")
    assert "（アシストあり）" in by_id(platform, "daily-result-the-game").textContent


def test_a_hint_before_the_first_move_is_not_forgotten_by_leaving_and_coming_back():
    """A hint taken before any move, then home and the daily again: the same game, still assisted (a game with
    no move is not kept, but one the person took a hint in has begun) — not a fresh, unassisted deal."""
    app, platform = start(DAILY_LINK)
    hinted = app.screen.session.id
    click(app, by_id(platform, "hint"))
    app.go("#/")
    assert app.store.read_save(hinted)["hints"] == 1
    app.go(DAILY_LINK)
    assert app.screen.session.id == hinted and app.screen.session.hints == 1
    play_out(app)
    attempt, = app.store.daily()
    assert attempt["assisted"] and attempt["save"] == hinted


def test_a_save_with_a_hint_and_no_move_outlives_the_start_up_sweep_of_empty_saves():
    app, platform = start(DAILY_LINK)
    hinted = app.screen.session.id
    click(app, by_id(platform, "hint"))
    app.go("#/the-game")
    app.dispatch("setup:start", None)
    empty = app.screen.session.id
    platform.clock += 13 * 3600  # a tab left on it, and the app started again the next morning
    app.services.sweep_empty_saves()
    assert app.store.read_save(empty) is None, "an empty save left long ago is swept"
    assert app.store.read_save(hinted)["hints"] == 1


# ---------------------------------------------------------------------- the day travels with "Send this game"


def sent_link(app, platform) -> str:
    """The table's menu, "Send this game": the link in its box, as the person copies it."""
    click(app, by_id(platform, "open-menu"))
    click(app, by_id(platform, "send"))
    return by_id(platform, "send-url").attributes["value"]


def opened_on_a_fresh_device(link: str, storage: DictStorage | None = None):
    return start("#" + link.split("#", 1)[1], storage=storage or DictStorage())


def test_todays_challenge_sent_to_another_device_is_todays_counted_attempt_there():
    here, platform = start(DAILY_LINK)
    table = here.screen
    click(here, by_id(platform, f"card-{min(table.view()['hand'])}"))
    click(here, by_id(platform, "pile-0"))
    there, elsewhere = opened_on_a_fresh_device(sent_link(here, platform))
    assert there.screen.session.id == table.session.id and there.screen.session.mode == "daily"
    assert there.store.daily() == here.store.daily()
    there.go("#/")
    assert by_id(elsewhere, "daily-the-game").textContent == "Continue today's challenge"
    assert by_id(elsewhere, "daily-the-game").attributes["href"] == f"#/play/{table.session.id}"


def test_a_finished_daily_sent_to_another_device_shows_its_result_and_streak_there():
    here, platform = start(DAILY_LINK)
    play_out(here)
    there, elsewhere = opened_on_a_fresh_device(sent_link(here, platform))
    there.go("#/")
    here.go("#/")
    assert by_id(elsewhere, "daily-result-the-game").textContent == by_id(platform, "daily-result-the-game").textContent
    assert by_id(elsewhere, "daily-streak-the-game").textContent == "Streak: finished 1 day"


def test_a_sent_daily_never_doubles_the_attempt_the_other_device_already_counts():
    here, platform = start(DAILY_LINK)
    click(here, by_id(platform, f"card-{min(here.screen.view()['hand'])}"))
    click(here, by_id(platform, "pile-0"))
    link = sent_link(here, platform)
    storage = DictStorage()
    there, elsewhere = start(DAILY_LINK, storage=storage)  # that device played today's challenge itself
    own = there.screen.session.id
    click(there, by_id(elsewhere, f"card-{max(there.screen.view()['hand'])}"))
    click(there, by_id(elsewhere, "pile-2"))
    there.go("#" + link.split("#", 1)[1])
    assert there.screen.session.mode == "practice", "the game that came is practice there"
    assert [(d["game"], d["date"], d["save"]) for d in there.store.daily()] == [("the-game", TODAY, own)]
    there.go("#/")
    assert by_id(elsewhere, "daily-the-game").attributes["href"] == f"#/play/{own}"
