"""The scientist's hints on CPython: a Hint button on the person's turn opens a sheet of three steps, each asked
for; the card to try is ringed in the hand; every step shown is a hint taken (the game is assisted, daily too)."""
from __future__ import annotations

from junban.games.eleusis.hints import science_hint, table_hint
from junban.ui import i18n

from tests.ui import tablekit
from tests.ui.tablekit import button, by_id, click, nodes
from tests.ui.test_eleusis_ui import TABLE, dialog, in_dialog, session
from tests.ui.test_eleusis_ui import start as start_table

SCIENCE = "#/eleusis-science?seed=ui-hint"
TODAY = "2026-11-22"  # the fake platform's today


def hinted(platform) -> list:
    return nodes(platform, lambda n: "hinted" in (n.attributes.get("class") or "").split())


def test_science_hints_come_one_step_at_a_time_each_counted_and_the_guess_stays_face_down():
    app, platform = tablekit.start(SCIENCE)
    expected = science_hint(app.screen.view())
    click(app, button(platform, "Hint"))
    sheet = dialog(platform)
    assert sheet.attributes["id"] == "sheet-hint" and platform.focused == "#hint-step-1"
    sure = f"{round(100 * expected.sure)}%"
    assert f"Sure of its best idea: {sure}" in sheet.textContent
    assert f"when it says {sure}, its best idea is the rule about {sure} of the time" in sheet.textContent
    decision = "It would guess now" if expected.would_guess else "It would play a card first"
    assert expected.would_guess is not None and decision in sheet.textContent
    fitting = "Over a million rules" if expected.fitting > 1_000_000 else f"{expected.fitting:,} rules"
    assert fitting in sheet.textContent  # a 14-digit count would say nothing
    assert "A card to try" not in sheet.textContent and not hinted(platform)
    assert session(app).hints == 1 and session(app).assisted

    click(app, in_dialog(platform, "Show a card to try"))
    card = expected.try_card.card
    assert platform.focused == "#hint-step-2" and session(app).hints == 2
    ringed, = hinted(platform)
    assert ringed.attributes["id"] == f"el-card-{card}-0"
    assert ringed.attributes["aria-label"].endswith("(the card to try)")
    assert expected.words["en"] not in dialog(platform).textContent, "the best guess waits face down"

    click(app, by_id(platform, "hint-more-2"))
    assert platform.focused == "#hint-step-3" and session(app).hints == 3
    assert expected.words["en"] in dialog(platform).textContent and expected.best in dialog(platform).textContent

    assert app.key("Escape") and dialog(platform) is None and platform.focused == "#el-hint-open"
    click(app, button(platform, "Hint"))  # the same position: the same hint, not counted again
    assert session(app).hints == 3 and platform.focused == "#hint-step-3"
    click(app, by_id(platform, "hint-pick"))
    assert dialog(platform) is None and app.screen.local["picked"] == [card, 0]


def test_a_played_card_moves_on_and_the_next_hint_starts_again_at_the_evidence():
    app, platform = tablekit.start(SCIENCE)
    click(app, button(platform, "Hint"))
    click(app, in_dialog(platform, "Show a card to try"))
    click(app, by_id(platform, "hint-pick"))
    click(app, button(platform, "Play"))
    assert not hinted(platform), "the ring belonged to the last position"
    assert app.key("h") and platform.focused == "#hint-step-1" and session(app).hints == 3


def test_at_the_table_the_hint_is_offered_on_the_persons_turn_to_play_in_japanese_too():
    app, platform = start_table(lang="ja")
    table = app.screen
    assert table.my_turn() and table.view()["phase"] == "play"
    expected = table_hint(table.view())
    assert app.key("H") and dialog(platform).attributes["id"] == "sheet-hint"
    page = dialog(platform).textContent
    assert "科学者のヒント" in page and "証拠からわかること" in page and "有力なルールが見ているもの" in page
    assert "多くのゲームで測定" in page and "推測します" not in page and "まずカードを出します" not in page, \
        "at the table nobody guesses: the hint says nothing of it"
    click(app, in_dialog(platform, "試すカードを見る"))
    assert by_id(platform, "hint-pick").textContent.endswith("を選ぶ")
    click(app, by_id(platform, "hint-pick"))
    assert table.local["picked"] == [[expected.try_card.card, 0]]
    i18n.set_language("en")


def test_no_hint_while_waiting_for_others():
    app, platform = tablekit.start(TABLE, timers=0)  # the bots have not moved yet: the dealer bot is to act
    assert not app.screen.my_turn()
    assert not nodes(platform, lambda n: n.attributes.get("id") == "el-hint-open")
    app.dispatch("hint:open", None)
    assert not app.key("h") and dialog(platform) is None and session(app).hints == 0


def test_a_daily_science_game_with_a_hint_is_marked_assisted():
    app, platform = tablekit.start(f"#/eleusis-science?difficulty=medium&seed={TODAY}")
    assert session(app).mode == "daily"
    click(app, button(platform, "Hint"))
    app.key("Escape")
    click(app, nodes(platform, lambda n: n.attributes.get("data-act") == "sci:card")[0])
    click(app, button(platform, "Play"))
    attempt, = app.store.daily()
    assert attempt["assisted"] and session(app).hints == 1


def test_a_move_made_elsewhere_closes_a_stale_hint():
    app, platform = tablekit.start(SCIENCE)
    click(app, button(platform, "Hint"))
    table = app.screen
    table.session.apply({"play": table.view()["hand"][0]})  # as if another tab had played
    app.render()
    assert dialog(platform) is None and not table.sheet.is_open() and platform.focused == "#el-hint-open"
