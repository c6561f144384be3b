"""Eleusis on CPython (fake DOM and timers): what a person sees at the table and what each click sends."""
from __future__ import annotations

import re

from junban.games.eleusis import cards, rulelink
from junban.games.eleusis import rules as el
from junban.ui import i18n
from junban.ui.games import eleusis as ui
from tests.ui import tablekit
from tests.ui.tablekit import button, by_id, click, nodes

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


# ---------------------------------------------------------------------- the hand, strings, no play


def test_cards_in_hand_are_buttons_named_like_queen_of_hearts():
    app, platform = start()
    hand = session(app).view(0)["hand"]
    names = [b.attributes["aria-label"] for b in hand_buttons(platform)]
    assert names == [cards.card_name_en(c) for c in hand] and len(names) == 12
    assert all(re.fullmatch(r"(Ace|Jack|Queen|King|\d+) of (spades|hearts|diamonds|clubs)", n) for n in names)
    assert button(platform, "Play").attributes.get("disabled") is not None, "nothing chosen yet"
    assert button(platform, "No play")


def test_a_string_is_built_in_click_order_shown_and_played_in_that_order():
    app, platform = start()
    hand = hand_buttons(platform)
    click(app, hand[3])
    click(app, hand[0])
    click(app, hand[5])
    order = [n.textContent for n in nodes(platform, lambda n: n.attributes.get("class") == "el-order-name")]
    codes = session(app).view(0)["hand"]
    assert order == [cards.card_name_en(codes[i]) for i in (3, 0, 5)]
    badges = [n.attributes["data-order"] for n in nodes(platform, lambda n: n.attributes.get("class") == "el-order-badge")]
    assert sorted(badges) == ["1", "2", "3"]
    click(app, hand_buttons(platform)[0])  # unselect the second card
    click(app, button(platform, "Play"))
    assert session(app).actions[-1] == {"play": [codes[3], codes[5]]}


def test_a_string_has_at_most_four_cards():
    app, platform = start()
    for b in hand_buttons(platform)[:5]:
        click(app, b)
    assert len(app.screen.local["picked"]) == 4
    assert any("at most 4" in n.text for n in app.notices)


def test_no_play_is_sent_as_a_declaration():
    app, platform = start()
    click(app, button(platform, "No play"))
    assert session(app).actions[-1] == {"no_play": True}


def test_the_rule_is_never_on_a_players_screen_until_the_round_ends():
    app, platform = start()
    state = session(app).state
    assert state.rules_text and state.rules_text not in text(platform)
    assert "Your secret rule" not in text(platform)


def play_until_round_ends(app, platform, limit: int = 400) -> None:
    for _ in range(limit):
        s = session(app)
        if s.state.rounds or s.is_over:
            return
        if s.to_act == 0:
            phase = s.state.phase
            if phase == "play":
                click(app, hand_buttons(platform)[0])
                click(app, button(platform, "Play"))
            elif phase == "prophet_offer":
                click(app, button(platform, "Not now"))
        platform.run_timers(5)
    raise AssertionError("the round did not end")


def test_the_round_ends_with_the_rule_in_plain_words_and_the_scores():
    app, platform = start()
    play_until_round_ends(app, platform)
    entry = session(app).state.rounds[0]
    page = text(platform)
    assert "Round 1 is over" in page
    assert entry["words"]["en"] in page and entry["rule"] in page
    for seat, points in enumerate(entry["scores"]):
        assert str(points) in page
    click(app, by_id(platform, "el-summary-close"))
    assert "Round 1 is over" not in text(platform)
    assert "Round 2: choose your secret rule" in text(platform), "seat 1 deals the second round"


# ---------------------------------------------------------------------- the Prophet


def test_become_prophet_then_judge_right_or_wrong():
    app, platform = start()
    click(app, hand_buttons(platform)[0])
    click(app, button(platform, "Play"))
    click(app, button(platform, "Become Prophet"))
    assert session(app).actions[-1] == {"prophet": True}
    for _ in range(20):
        platform.run_timers(1)
        if session(app).state.phase == "prophet_judge":
            break
    assert session(app).to_act == 0 and "Judge as Prophet" in text(platform)
    pending = session(app).state.pending
    if pending.get("no_play"):
        click(app, button(platform, "Right: no card can be played"))
        assert session(app).actions[-1] == {"judge": True}
    else:
        click(app, button(platform, "Wrong"))
        assert session(app).actions[-1] == {"judge": False}


# ---------------------------------------------------------------------- the dealer


def type_rule(app, text_: str) -> None:
    app.field("el-rule-text", text_, False)


def test_the_dealers_checker_shows_errors_at_their_position_and_warnings():
    app, platform = start(PERSON_DEALS)
    assert "Round 1: choose your secret rule" in text(platform)
    type_rule(app, "card.rank >")
    check = by_id(platform, "el-rule-check")
    assert "at character 12" in check.textContent and "^" in check.textContent
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


def test_the_dealer_may_pick_a_library_rule_with_its_hint():
    app, platform = start(PERSON_DEALS)
    click(app, button(platform, "From the library"))
    click(app, button(platform, "Easy"))
    app.field("el-rule-id", "only-red", True)
    click(app, by_id(platform, "el-start-round"))
    assert session(app).actions[-1] == {"rule_id": "only-red", "library_hint": True}


def test_manual_judging_the_dealer_judges_the_starter_and_the_plays():
    app, platform = start(PERSON_DEALS)
    click(app, button(platform, "Judge by hand"))
    click(app, by_id(platform, "el-start-round"))
    assert session(app).actions[-1] == {"manual": True}
    assert "The first card" in text(platform)
    click(app, button(platform, "Right"))
    for _ in range(10):
        platform.run_timers(1)
        if session(app).state.phase == "dealer_judge":
            break
    assert "Judge as dealer" in text(platform)
    pending = session(app).state.pending
    if pending.get("no_play"):
        card = pending["hand"][0]
        click(app, button(platform, f"Wrong: play {cards.card_name_en(card)}"))
        assert session(app).actions[-1] == {"judge": False, "card": card}
    else:
        click(app, button(platform, "Right"))
        assert session(app).actions[-1] == {"judge": True}


# ---------------------------------------------------------------------- stopping, results, Japanese


def test_stopping_the_game_asks_first_and_gives_ten_to_those_who_never_dealt():
    app, platform = start()
    click(app, button(platform, "Stop the game"))
    assert session(app).actions == [a for a in session(app).actions if "stop" not in a]
    click(app, button(platform, "Yes, stop"))
    out = session(app).outcome
    assert out["reason"] == "stopped" and out["never_dealt"] == [0, 1, 2]
    page = text(platform)
    assert "Game over" in page and "never dealt got 10 points each" in page


def test_japanese_card_names_and_actions():
    app, platform = start(lang="ja")
    hand = session(app).view(0)["hand"]
    names = [b.attributes["aria-label"] for b in hand_buttons(platform)]
    assert names == [ui.card_name(c) for c in hand]
    assert ui.card_name("QH") == "ハートのクイーン" and ui.card_name("10C") == "クラブの10"
    assert button(platform, "出す") and button(platform, "ノープレイ")
    i18n.set_language("en")


def test_announcements_say_what_happened():
    app, platform = start()
    click(app, hand_buttons(platform)[0])
    click(app, button(platform, "Play"))
    said = platform.announcements[-1]
    assert said.startswith("Player 1 played") and ("right" in said or "wrong" in said)


def test_history_entry_and_buckets():
    app, platform = start("#/eleusis?players=3&bots=2&seed=ui-h")
    click(app, button(platform, "Stop the game"))
    click(app, button(platform, "Yes, stop"))
    entry = ui.history_entry(session(app))
    assert entry["bucket"] == "short" and entry["score"] == session(app).outcome["totals"][0]
    assert ui.bucket_label("short") == "3 seats (short)"


# ---------------------------------------------------------------------- solo science


def test_science_setup_own_rule_gives_a_friend_link_that_carries_it():
    app, platform = start("#/eleusis-science")
    click(app, button(platform, "My own rule, for a friend"))
    app.field("sci-rule-text", "card.suit = prev.suit", False)
    url = by_id(platform, "sci-friend-url").attributes["value"]
    token = re.search(r"rule=([A-Za-z0-9_-]+)", url).group(1)
    assert rulelink.decode(token) == "card.suit = prev.suit" and "suit" not in url


def test_science_game_play_a_wrong_guess_shows_cards_then_the_right_guess_wins():
    token = rulelink.encode("card.colour != prev.colour")
    app, platform = start(f"#/eleusis-science?rule={token}&seed=ui-s")
    assert "card.colour != prev.colour" not in text(platform), "the rule from the link stays hidden"
    click(app, hand_buttons(platform)[0] if hand_buttons(platform) else
          nodes(platform, lambda n: n.attributes.get("data-act") == "sci:card")[0])
    click(app, button(platform, "Play"))
    assert session(app).state.plays_left == 29
    app.field("sci-guess", "card.red", False)
    click(app, button(platform, "Guess"))
    assert session(app).state.plays_left == 27
    page = text(platform)
    assert "Not the rule" in page and ("right under the secret rule" in page or "wrong under the secret rule" in page)
    app.field("sci-guess", "card.rank >", False)
    assert "at character 12" in by_id(platform, "sci-guess-check").textContent
    app.field("sci-guess", "card.colour != prev.colour", False)
    click(app, button(platform, "Guess"))
    out = session(app).outcome
    assert out["solved"] and out["score"] == 27
    assert "Solved!" in text(platform)
    click(app, button(platform, "Share this rule for a friend"))
    link = by_id(platform, "sci-share-url").attributes["value"]
    assert rulelink.decode(re.search(r"rule=([A-Za-z0-9_-]+)", link).group(1)) == "card.colour != prev.colour"


def test_a_tampered_rule_link_says_so_and_shows_the_setup_screen():
    token = rulelink.encode("card.red")
    app, platform = start(f"#/eleusis-science?rule={token[:-3]}xyz&seed=1")
    assert any("could not be opened" in n.text for n in app.notices)
    assert "New game: Eleusis: solo science" in text(platform)


def test_the_language_examples_never_give_a_library_rule_away():
    from junban.games.eleusis import library
    from junban.games.eleusis.equivalence import compare
    from junban.games.eleusis.lang import compile_rule

    for text_ in (*ui.LANGUAGE_EXAMPLES, ui.PLACEHOLDER):
        rule = compile_rule(text_)
        assert not any(compare(rule, entry.compiled()).equivalent for entry in library.all_rules()), text_
    assert el.SLUG == "eleusis" and ui.DEFAULT_PLAYERS in el.SEATS


def test_a_rule_link_without_a_seed_opens_the_setup_with_the_rule_hidden_and_ready():
    token = rulelink.encode("card.odd != prev.odd")
    app, platform = start(f"#/eleusis-science?rule={token}")
    page = text(platform)
    assert "The rule from the link" in page and "card.odd" not in page
    app.dispatch("setup:start", None)  # the form's submit button
    assert session(app).state.secret == "card.odd != prev.odd" and session(app).config["rule"] is not None
