"""Eleusis on CPython (fake DOM and timers): what a person sees at the table and what each click sends."""
from __future__ import annotations

import re

from junban.games.eleusis import cards, rulelink
from junban.games.eleusis import rules as el
from junban.session import Seat
from junban.ui import i18n
from junban.ui.games import eleusis as ui

from tests.ui import tablekit
from tests.ui.tablekit import button, by_attr, by_id, click, nodes

TABLE = "#/eleusis?players=4&bots=3&seed=ui-1"  # seat 1 is the person; the last seat, a bot, deals first
PERSON_DEALS = "#/eleusis?players=4&bots=3&dealer=1&seed=ui-2"


def start(hash_text: str = TABLE, lang: str = "en"):
    return tablekit.start(hash_text, lang, timers=50)


def hand_buttons(platform) -> list:
    return nodes(platform, lambda n: n.attributes.get("data-act") == "el:card")


def session(app):
    return app.screen.session


def text(platform) -> str:
    return platform.root.textContent


def dialog(platform):
    """The open sheet (a modal dialog), or None."""
    found = by_attr(platform, "role", "dialog")
    return found[0] if found else None


def in_dialog(platform, name: str):
    box = dialog(platform)
    assert box is not None, "no sheet is open"
    found = [n for n in box.find_all(lambda n: n.tagName == "button")
             if n.attributes.get("aria-label", n.textContent) == name]
    assert len(found) == 1, f"{name!r} in the sheet: {len(found)} found"
    return found[0]


def drive(app, platform, seat: int, actions) -> None:
    """Let the test take ``actions`` for a bot's seat (it plays them as if a person sat there)."""
    s = session(app)
    kept = s.seats[seat]
    s.seats[seat] = Seat("person", kept.name)
    for action in actions:
        app.screen.act(action)
    s.seats[seat] = kept
    app.render()


# ---------------------------------------------------------------------- the hand, strings, no play


def test_cards_in_hand_are_buttons_named_like_queen_of_hearts_one_tab_stop_for_the_whole_hand():
    app, platform = start()
    hand = session(app).view(0)["hand"]
    buttons = hand_buttons(platform)
    names = [b.attributes["aria-label"] for b in buttons]
    assert names == [cards.card_name_en(c) for c in hand] and len(names) == 12
    assert all(re.fullmatch(r"(Ace|Jack|Queen|King|\d+) of (spades|hearts|diamonds|clubs)", n) for n in names)
    assert [b.attributes["tabindex"] for b in buttons].count("0") == 1, "Tab goes from the hand on to Play"
    assert button(platform, "Play").attributes.get("disabled") is not None, "nothing chosen yet"
    assert button(platform, "No play")


def test_a_string_is_built_in_click_order_shown_and_played_in_that_order():
    app, platform = start()
    hand = hand_buttons(platform)
    click(app, hand[3])
    click(app, hand[0])
    click(app, hand[5])
    codes = session(app).view(0)["hand"]
    line = by_id(platform, "el-play-help").textContent
    assert "String of 3:" in line
    named = [n.textContent for n in by_id(platform, "el-play-help").find_all(
        lambda n: n.attributes.get("class") == "visually-hidden")]
    assert named == [cards.card_name_en(codes[i]) for i in (3, 0, 5)]
    badges = [n.attributes["data-order"] for n in nodes(platform, lambda n: n.attributes.get("class") == "el-order-badge")]
    assert sorted(badges) == ["1", "2", "3"]
    click(app, hand_buttons(platform)[0])  # unselect the second card
    click(app, button(platform, "Play"))
    assert session(app).actions[-2] == {"play": [codes[3], codes[5]]}
    assert session(app).actions[-1] == {"prophet": False} or session(app).state.phase != "prophet_offer"


def test_a_fifth_card_for_a_string_is_refused_and_the_bar_says_why():
    app, platform = start()
    for b in hand_buttons(platform)[:5]:
        click(app, b)
    assert len(app.screen.local["picked"]) == 4
    assert "A string has at most 4 cards." in by_id(platform, "el-play-help").textContent


def test_no_play_asks_first_then_is_sent_as_a_declaration():
    app, platform = start()
    before = list(session(app).actions)
    click(app, button(platform, "No play"))
    box = dialog(platform)
    assert box is not None and "5 penalty cards" in box.textContent and "whole hand" in box.textContent
    click(app, in_dialog(platform, "Keep looking"))
    assert dialog(platform) is None and session(app).actions == before
    click(app, button(platform, "No play"))
    click(app, in_dialog(platform, "Say no play"))
    assert {"no_play": True} in session(app).actions[len(before):]


def test_the_rule_is_never_on_a_players_screen_until_the_round_ends():
    app, platform = start()
    state = session(app).state
    assert state.rules_text and state.rules_text not in text(platform)
    assert "Your secret rule" not in text(platform)


# ---------------------------------------------------------------------- the layout: who played what


def test_every_card_on_the_layout_says_who_played_it_without_hover():
    app, platform = start()
    for _ in range(3):
        click(app, hand_buttons(platform)[0])
        click(app, button(platform, "Play"))
        platform.run_timers(20)
    view = session(app).view(0)
    columns = nodes(platform, lambda n: n.tagName == "li" and "el-col" in n.attributes.get("class", "").split()
                    and "el-aside" not in n.attributes.get("class", ""))
    assert len(columns) == len(view["mainline"])
    for column, who in zip(columns, view["played_by"]):
        tokens = [n.textContent for n in column.find_all(lambda n: "seat-token" in n.attributes.get("class", ""))]
        main = tokens[:1] if who is not None else []
        assert main == ([str(who + 1)] if who is not None else []), "a token under the card: its player's number"
        if who is not None:
            assert f"played by {app.screen.seat_name(who)}" in column.textContent, "and the name, for screen readers"
    wrong = [g for side in view["sidelines"] for g in side]
    groups = nodes(platform, lambda n: "el-group" in n.attributes.get("class", "").split())
    assert len(groups) == len(wrong)
    for group, g in zip(groups, wrong):
        assert len(group.find_all(lambda n: "el-card" in n.attributes.get("class", "").split())) == len(g["cards"])


def test_the_whole_layout_opens_as_a_grid_with_every_card():
    app, platform = start()
    click(app, hand_buttons(platform)[0])
    click(app, button(platform, "Play"))
    platform.run_timers(20)
    click(app, button(platform, "Whole layout"))
    box = dialog(platform)
    assert box is not None and "The whole layout" in box.textContent
    view = session(app).view(0)
    faces = box.find_all(lambda n: "el-card" in n.attributes.get("class", "").split())
    expected = len(view["mainline"]) + sum(len(g["cards"]) for s in view["sidelines"] for g in s) + len(view["laid_aside"])
    assert len(faces) == expected
    assert box.find_all(lambda n: "el-view-grid" in n.attributes.get("class", ""))


# ---------------------------------------------------------------------- the move log


def test_the_move_log_keeps_every_play_with_its_player_cards_and_verdict_grouped_by_round():
    app, platform = start()
    s = session(app)
    for _ in range(400):  # eight plays of mine (or the end of the round), the bots' in between
        if s.state.rounds or sum(1 for a in s.actions if "play" in a) >= 20:
            break
        if s.to_act == 0 and s.state.phase == "play":
            click(app, hand_buttons(platform)[0])
            click(app, button(platform, "Play"))
        elif s.to_act == 0 and s.state.phase == "prophet_offer":  # after a play the person may be asked
            app.dispatch("el:prophet-no", None)
        platform.run_timers(1)
    if dialog(platform):
        click(app, by_id(platform, "el-round-close"))
    log = by_id(platform, "move-log")
    assert log.attributes["role"] == "log"
    rounds = log.find_all(lambda n: "log-round" in n.attributes.get("class", ""))
    assert [r.textContent for r in rounds][:1] == ["Round 1"]
    turns = log.find_all(lambda n: "log-turn" in n.attributes.get("class", "").split())
    round_events = s.view(0)["rounds"][0]["events"] if s.state.rounds else s.view(0)["events"]
    events = [e for e in round_events if e["type"] != "starter"]
    assert sum(1 for e in events if e["type"] == "play") > 6
    assert len(turns) == len(events) + 1, "the dealer's rule, then every play (not only the last 6)"
    for turn, event in zip(turns[1:], events):
        assert app.screen.seat_name(event["seat"]) in turn.textContent
        if event["type"] == "prophet":
            assert "became Prophet" in turn.textContent
            continue
        assert ("right" if event["right"] else "wrong") in turn.textContent
        if event["type"] == "play":
            for card in event["cards"]:
                assert cards.card_name_en(card) in turn.textContent


def test_a_bot_prophets_calls_are_shown_in_the_log():
    app, platform = start("#/eleusis?players=5&bots=4&seed=ui-p")
    s = session(app)
    for _ in range(200):  # Bot 2 becomes Prophet right after a play of its own
        if s.to_act == 1 and s.state.phase == "prophet_offer":
            drive(app, platform, 1, [{"prophet": True}])
            break
        if s.to_act == 0 and s.state.phase == "play":
            click(app, hand_buttons(platform)[0])
            click(app, button(platform, "Play"))
        elif s.to_act == 0 and s.state.phase == "prophet_offer":
            click(app, button(platform, "Not now"))
        platform.run_timers(1)
    assert s.state.prophet == 1, "Bot 2 took the role"
    for _ in range(40):
        if any(e.get("prophet") for e in s.view(0)["events"]):
            break
        if s.to_act == 0 and s.state.phase == "play":
            click(app, hand_buttons(platform)[0])
            click(app, button(platform, "Play"))
        platform.run_timers(1)
    judged = [e for e in s.view(0)["events"] if e.get("prophet")]
    assert judged
    log = by_id(platform, "move-log").textContent
    assert "became Prophet" in log
    assert "Prophet Bot 2 called it" in log


# ---------------------------------------------------------------------- the Prophet


def test_the_prophet_offer_is_a_toggle_not_a_question_after_every_play():
    app, platform = start()
    click(app, hand_buttons(platform)[0])
    click(app, button(platform, "Play"))
    assert session(app).actions[-1] == {"prophet": False}, "without the toggle the offer is declined for you"
    assert dialog(platform) is None
    platform.run_timers(20)
    toggle = by_id(platform, "el-prophet-plan")
    assert toggle.textContent == "Become Prophet" and toggle.attributes["aria-pressed"] == "false"
    click(app, toggle)
    assert by_id(platform, "el-prophet-plan").attributes["aria-pressed"] == "true"
    click(app, hand_buttons(platform)[0])
    click(app, button(platform, "Play"))
    box = dialog(platform)
    assert box is not None and ("right" in box.textContent or "wrong" in box.textContent), "the verdict is shown"
    click(app, in_dialog(platform, "Become Prophet"))
    assert session(app).actions[-1] == {"prophet": True}
    assert session(app).state.prophet == 0


def test_a_person_prophet_confirms_each_call_before_it_is_made():
    app, platform = start()
    click(app, by_id(platform, "el-prophet-plan"))
    click(app, hand_buttons(platform)[0])
    click(app, button(platform, "Play"))
    click(app, in_dialog(platform, "Become Prophet"))
    for _ in range(20):
        platform.run_timers(1)
        if session(app).state.phase == "prophet_judge":
            break
    assert session(app).to_act == 0 and "Judge as Prophet" in text(platform)
    pending = session(app).state.pending
    count = len(session(app).actions)
    if pending.get("no_play"):
        shown = by_id(platform, "el-pick" if by_attr(platform, "id", "el-pick") else "main").find_all(
            lambda n: n.attributes.get("data-act") == "el:judge" and n.attributes.get("data-arg", "").startswith("card:"))
        assert len(shown) == len(pending["hand"]), "the whole hand shown, duplicates included"
        click(app, button(platform, "Right: no card can be played"))
        expected = {"judge": True}
    else:
        click(app, button(platform, "Wrong"))
        expected = {"judge": False}
    assert len(session(app).actions) == count, "nothing is sent before the call is confirmed"
    assert "overthrown" in dialog(platform).textContent
    click(app, in_dialog(platform, "Make the call"))
    assert session(app).actions[count] == expected


# ---------------------------------------------------------------------- the round's end, scores, review


def play_until_round_ends(app, platform, limit: int = 400) -> None:
    for _ in range(limit):
        s = session(app)
        if s.state.rounds or s.is_over:
            return
        if s.to_act == 0 and s.state.phase == "play" and dialog(platform) is None:
            click(app, hand_buttons(platform)[0])
            click(app, button(platform, "Play"))
        elif s.to_act == 0 and s.state.phase == "prophet_offer":  # after a play the person may be asked
            app.dispatch("el:prophet-no", None)
        platform.run_timers(5)
    raise AssertionError("the round did not end")


def test_the_round_ends_with_its_summary_sheet_then_it_can_be_reviewed():
    app, platform = start()
    play_until_round_ends(app, platform)
    entry = session(app).state.rounds[0]
    box = dialog(platform)
    assert box is not None and "Round 1 is over" in box.textContent
    assert entry["words"]["en"] in box.textContent and entry["rule"] in box.textContent
    for points in entry["scores"]:
        assert str(points) in box.textContent
    click(app, by_id(platform, "el-round-close"))
    assert dialog(platform) is None
    assert "Round 2: choose your secret rule" in text(platform), "seat 1 deals the second round"
    click(app, button(platform, "Scores"))
    click(app, in_dialog(platform, "Round 1: review"))
    assert "Round 1 is over" in dialog(platform).textContent and entry["rule"] in dialog(platform).textContent


def test_stopping_the_game_asks_first_and_gives_ten_to_those_who_never_dealt():
    app, platform = start()
    click(app, button(platform, "Scores"))
    click(app, in_dialog(platform, "Stop the game"))
    assert "stop" not in str(session(app).actions)
    click(app, in_dialog(platform, "Yes, stop"))
    out = session(app).outcome
    assert out["reason"] == "stopped" and out["never_dealt"] == [0, 1, 2]
    page = text(platform)
    assert "Game over" in page and "never dealt got 10 points each" in page


# ---------------------------------------------------------------------- the dealer


def type_rule(app, text_: str) -> None:
    app.field("el-rule-text", text_, False)


def test_the_dealers_checker_shows_errors_at_their_position_and_warnings():
    app, platform = start(PERSON_DEALS)
    assert "Round 1: choose your secret rule" in text(platform)
    type_rule(app, "card.rank >")
    check = by_id(platform, "el-rule-check")
    assert "At character 12" in check.textContent and "^" in check.textContent
    assert by_id(platform, "el-start-round").attributes.get("disabled") is not None
    type_rule(app, "card.rank = king and card.suit = hearts")
    assert "hardly ever" in by_id(platform, "el-rule-check").textContent
    type_rule(app, "card.rank != 5")
    assert "almost anything goes" in by_id(platform, "el-rule-check").textContent
    type_rule(app, "card.colour != prev.colour")
    check = by_id(platform, "el-rule-check").textContent
    assert "different colour" in check and "Accepts about" in check
    app.field("el-rule-hint", "colours", False)
    click(app, by_id(platform, "el-start-round"))
    assert session(app).actions[-1] == {"rule": "card.colour != prev.colour", "hint": "colours"}
    page = text(platform)
    assert "Your secret rule" in page and "card.colour != prev.colour" in page, "the dealer sees the rule"
    assert "Dealer's hint: colours" in page


def test_did_you_mean_offers_the_fix_for_a_misspelt_word_or_a_swapped_operator():
    app, platform = start(PERSON_DEALS)
    for typed, fixed, word in (("card.colur != prev.colur", "card.colour != prev.colour", None),
                               ("card.suit = hart", "card.suit = hearts", "hearts"),
                               ("card.rank =< prev.rank", "card.rank <= prev.rank", "<=")):
        type_rule(app, typed)
        check = by_id(platform, "el-rule-check").textContent
        assert "Did you mean" in check and fixed in check
        if word:
            assert f"“{word}”" in check
        click(app, by_id(platform, "el-rule-check-fix"))
        assert app.screen.local["rule"]["text"] == fixed
        assert "Accepts about" in by_id(platform, "el-rule-check").textContent


def test_the_checker_speaks_japanese_all_through_and_its_caret_stands_under_full_width_text():
    app, platform = start(PERSON_DEALS, lang="ja")
    type_rule(app, "ｃａｒｄ．ｃｏｌｕｒ ＝ ｒｅｄ")
    check = by_id(platform, "el-rule-check")
    message = check.find_all(lambda n: n.attributes.get("class") == "error-text")[0].textContent
    assert message.startswith("6文字目") and "カードの特徴" in message
    assert not re.search(r"\b(expected|found|a card feature)\b", message), message
    caret = check.find_all(lambda n: n.tagName == "pre")[0].textContent
    _, marks = caret.split("\n")
    assert marks == "\u3000" * 5 + "^", "one full-width space under each full-width character before the error"
    assert "「colour」のことですか" in check.textContent
    i18n.set_language("en")


def test_the_dealer_may_pick_a_library_rule_with_its_hint():
    app, platform = start(PERSON_DEALS)
    click(app, button(platform, "From the library"))
    click(app, button(platform, "Easy"))
    app.field("el-rule-id", "only-red", True)
    click(app, by_id(platform, "el-start-round"))
    assert session(app).actions[-1] == {"rule_id": "only-red", "library_hint": True}


def test_manual_judging_the_dealer_confirms_each_verdict_before_it_counts():
    """A dealer judging by hand decides where cards go and who draws penalty cards: each verdict (the first card's
    too) is asked in a sheet that says what it will do; Back leaves the play unjudged."""
    app, platform = start(PERSON_DEALS)
    click(app, button(platform, "Judge by hand"))
    click(app, by_id(platform, "el-start-round"))
    assert session(app).actions[-1] == {"manual": True}
    assert "The first card" in text(platform)
    count = len(session(app).actions)
    turned = cards.card_name_en(session(app).view(0)["turned"])
    click(app, button(platform, "Wrong"))
    assert len(session(app).actions) == count and dialog(platform) is not None
    assert f"{turned} is laid aside" in dialog(platform).textContent
    click(app, in_dialog(platform, "Back"))
    assert dialog(platform) is None and len(session(app).actions) == count, "Back: nothing judged"
    click(app, button(platform, "Right"))
    assert f"{turned} starts the mainline" in dialog(platform).textContent
    click(app, in_dialog(platform, "Give this verdict"))
    assert session(app).actions[count:] == [{"judge": True}]
    for _ in range(10):
        platform.run_timers(1)
        if session(app).state.phase == "dealer_judge":
            break
    assert "Judge as dealer" in text(platform)
    pending = session(app).state.pending
    name = session(app).seats[pending["seat"]].name
    count = len(session(app).actions)
    if pending.get("no_play"):
        card = pending["hand"][0]
        click(app, nodes(platform, lambda n: n.attributes.get("aria-label") == f"Wrong: play {cards.card_name_en(card)}")[0])
        expected, said = {"judge": False, "card": card}, f"{name} draws 5 penalty cards"
    else:
        click(app, button(platform, "Wrong"))
        expected, said = {"judge": False}, f"{name} draws {2 * len(pending['cards'])} penalty cards"
    assert len(session(app).actions) == count, "nothing counts before the dealer confirms"
    assert said in dialog(platform).textContent
    click(app, in_dialog(platform, "Give this verdict"))
    assert session(app).actions[count:] == [expected]


# ---------------------------------------------------------------------- Japanese, announcements, history


def test_japanese_card_names_and_actions():
    app, platform = start(lang="ja")
    hand = session(app).view(0)["hand"]
    names = [b.attributes["aria-label"] for b in hand_buttons(platform)]
    assert names == [ui.card_name(c) for c in hand]
    assert ui.card_name("QH") == "ハートのクイーン" and ui.card_name("10C") == "クラブの10"
    assert button(platform, "出す") and button(platform, "ノープレイ") and button(platform, "預言者になる")
    i18n.set_language("en")


def test_announcements_say_what_happened():
    app, platform = start()
    click(app, hand_buttons(platform)[0])
    click(app, button(platform, "Play"))
    said = [a for a in platform.announcements if a.startswith("Player 1 played")]
    assert said and ("right" in said[-1] or "wrong" in said[-1])


def test_history_entry_and_buckets():
    app, platform = start("#/eleusis?players=3&bots=2&seed=ui-h")
    click(app, button(platform, "Scores"))
    click(app, in_dialog(platform, "Stop the game"))
    click(app, in_dialog(platform, "Yes, stop"))
    entry = ui.history_entry(session(app))
    assert entry["bucket"] == "short" and entry["score"] == session(app).outcome["totals"][0]
    assert ui.bucket_label("short") == "3 seats (short)"


def test_the_language_examples_never_give_a_library_rule_away():
    from junban.games.eleusis import library
    from junban.games.eleusis.equivalence import compare
    from junban.games.eleusis.lang import compile_rule

    for text_ in (*ui.LANGUAGE_EXAMPLES, ui.PLACEHOLDER):
        rule = compile_rule(text_)
        assert not any(compare(rule, entry.compiled()).equivalent for entry in library.all_rules()), text_
    assert el.SLUG == "eleusis" and ui.DEFAULT_PLAYERS in el.SEATS


def test_a_rule_link_round_trips():
    assert rulelink.decode(rulelink.encode("card.odd != prev.odd")) == "card.odd != prev.odd"
