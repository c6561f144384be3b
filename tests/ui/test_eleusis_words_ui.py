"""Rules said in words at the Eleusis table and in solo science, on CPython (issue 42): the dealer's rule and a
guess typed in words or built by taps, read back before they count; what is sent is the rule read back; words not
known get phrasings that read; a player's guess checked against the table; a Prophet sees what their guess says."""
from __future__ import annotations

from junban.games.eleusis import fit, rulelink
from junban.games.eleusis.lang import compile_rule
from junban.ui import i18n

from tests.ui import tablekit
from tests.ui.tablekit import by_id, click, nodes
from tests.ui.test_eleusis_ui import PERSON_DEALS, TABLE, dialog, hand_buttons, in_dialog, session, start, text


def tap(app, platform, act: str, arg: str) -> None:
    found = nodes(platform, lambda n: n.attributes.get("data-act") == act and n.attributes.get("data-arg") == arg)
    assert len(found) == 1, (act, arg, len(found))
    click(app, found[0])


def test_the_dealer_says_a_rule_in_words_and_the_rule_read_back_is_the_one_dealt():
    app, platform = start(PERSON_DEALS)
    app.field("el-rule-text", "no face card after a face card", False)
    check = by_id(platform, "el-rule-check").textContent
    assert "Your rule reads: If the previous card is a face card, then the card is not a face card" in check
    assert "if prev.face then not card.face" in check, "the code form under the words"
    click(app, by_id(platform, "el-start-round"))
    assert session(app).actions[-1] == {"rule": "if prev.face then not card.face"}, "the rule, not the words"


def test_words_not_known_are_named_and_a_phrasing_that_reads_is_one_tap_away():
    app, platform = start(PERSON_DEALS)
    app.field("el-rule-text", "red cads only", False)
    check = by_id(platform, "el-rule-check")
    assert "I don't know the word “cads”" in check.textContent
    assert by_id(platform, "el-start-round").attributes.get("disabled") is not None, "nothing counts unread"
    click(app, by_id(platform, "el-rule-check-use-0"))
    assert app.screen.local["rule"]["text"] == "red cards only"
    assert "The card is red." in by_id(platform, "el-rule-check").textContent


def test_the_dealer_builds_a_rule_by_taps_if_then_otherwise():
    app, platform = start(PERSON_DEALS)
    click(app, by_id(platform, "el-rule-mode-build"))
    tap(app, platform, "el:re:piece", "order.>")
    assert app.screen.local["rule"]["text"] == "higher than the previous card"
    click(app, by_id(platform, "el-rule-add-if"))
    tap(app, platform, "el:re:piece", "colour.red")
    click(app, by_id(platform, "el-rule-other0"))
    tap(app, platform, "el:re:piece", "order.<")
    assert app.screen.local["rule"]["text"] == \
        "if the previous card is red, higher than the previous card; otherwise lower than the previous card"
    check = by_id(platform, "el-rule-check").textContent
    assert "If the previous card is red, then the card is higher than the previous card; otherwise the card is " \
           "lower than the previous card." in check
    click(app, by_id(platform, "el-start-round"))
    assert session(app).actions[-1] == {"rule": "if prev.red then card.rank > prev.rank else card.rank < prev.rank"}


def test_the_builder_speaks_japanese_and_so_does_its_reading():
    app, platform = start(PERSON_DEALS, lang="ja")
    try:
        click(app, by_id(platform, "el-rule-mode-build"))
        tap(app, platform, "el:re:piece", "colour.red")
        click(app, by_id(platform, "el-rule-main1"))
        click(app, by_id(platform, "el-rule-op-<="))
        tap(app, platform, "el:re:piece", "rank.<=.7")
        assert app.screen.local["rule"]["text"] == "赤で7以下"
        assert "出すカードが赤" in by_id(platform, "el-rule-check").textContent
        click(app, by_id(platform, "el-start-round"))
        assert session(app).actions[-1] == {"rule": "card.red and card.rank <= 7"}
    finally:
        i18n.set_language("en")


def test_a_players_guess_at_the_table_is_checked_against_what_the_table_showed():
    app, platform = start(TABLE)
    platform.run_timers(10)
    click(app, by_id(platform, "el-guess-open"))
    assert "Your guess at the rule" in dialog(platform).textContent
    app.field("el-guess", "any card", False)  # a guess no card refutes... unless a card was wrong
    shown = by_id(platform, "el-guess-fit").textContent
    view = session(app).view(0)
    wrongs = sum(len(group) for side in view["sidelines"] for group in side) + len(view["laid_aside"])
    assert ("fits" in shown) == (wrongs == 0)
    app.field("el-guess", "only kings", False)
    items = fit.evidence(view)
    wrong = fit.disagreements(compile_rule("card.rank = king"), items)
    assert wrong, "the starter or a right card was not a king"
    assert f"It would have judged {len(wrong)} of the {len(items)} judgements otherwise" in \
        by_id(platform, "el-guess-fit").textContent
    assert session(app).actions and all("guess" not in a for a in session(app).actions), "a guess is never sent"


def test_a_prophet_sees_what_their_guess_says_of_the_play_to_judge():
    app, platform = start(TABLE)
    click(app, by_id(platform, "el-guess-open"))
    app.field("el-guess", "anything", False)
    app.dispatch("table:close", None)
    click(app, by_id(platform, "el-prophet-plan"))
    click(app, hand_buttons(platform)[0])
    click(app, tablekit.button(platform, "Play"))
    click(app, in_dialog(platform, "Become Prophet"))
    for _ in range(20):
        platform.run_timers(1)
        if session(app).state.phase == "prophet_judge":
            break
    assert session(app).state.phase == "prophet_judge"
    says = by_id(platform, "el-guess-says").textContent
    pending = session(app).state.pending
    assert says == ("Your guess says: right." if not pending.get("no_play") else "Your guess says: wrong.")


def test_solo_science_is_won_by_a_guess_built_by_taps():
    token = rulelink.encode("card.colour != prev.colour")
    app, platform = tablekit.start(f"#/eleusis-science?rule={token}&seed=b", "en")
    click(app, tablekit.button(platform, "Guess the rule"))
    click(app, by_id(platform, "sci-guess-mode-build"))
    tap(app, platform, "sci:ge:piece", "same.colour.0")
    assert "Your guess reads: The card has a different colour from the previous card." in \
        by_id(platform, "sci-guess-check").textContent
    click(app, tablekit.button(platform, "Guess"))
    assert session(app).outcome["solved"] and session(app).actions[-1] == {"guess": "card.colour != prev.colour"}
    assert "Solved!" in text(platform)


def test_a_rule_for_a_friend_is_said_in_words_or_built_and_the_link_carries_the_rule_read():
    import re

    app, platform = tablekit.start("#/eleusis-science", "en")
    click(app, tablekit.button(platform, "My own rule, for a friend"))
    app.field("sci-rule-text", "odd and even alternate", False)
    url = by_id(platform, "sci-friend-url").attributes["value"]
    assert rulelink.decode(re.search(r"rule=([A-Za-z0-9_-]+)", url).group(1)) == "card.odd != prev.odd"
    click(app, by_id(platform, "sci-rule-mode-build"))
    tap(app, platform, "sci:se:piece", "suit.hearts.0")
    assert "The card is not a heart." in by_id(platform, "sci-rule-check").textContent
    url = by_id(platform, "sci-friend-url").attributes["value"]
    assert rulelink.decode(re.search(r"rule=([A-Za-z0-9_-]+)", url).group(1)) == "card.suit != hearts"
    app.dispatch("setup:start", None)
    assert session(app).state.secret == "card.suit != hearts"
