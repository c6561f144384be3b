"""Eleusis solo science on CPython: the setup, the sorted hand, Enter plays, the guess and its draft, the end."""
from __future__ import annotations

import re

from junban.games.eleusis import cards, rulelink
from junban.ui import i18n
from junban.ui.games import eleusis_science as sci

from tests.ui import tablekit
from tests.ui.fakeplatform import DictStorage
from tests.ui.tablekit import button, by_id, click, nodes
from tests.ui.test_eleusis_ui import session, text


def start(hash_text: str, lang: str = "en", **kwargs):
    return tablekit.start(hash_text, lang, **kwargs)


def hand_buttons(platform) -> list:
    return nodes(platform, lambda n: n.attributes.get("data-act") == "sci:card")


def test_setup_speaks_of_one_player_and_of_the_rules_difficulty_not_of_bot_dealers():
    app, platform = start("#/eleusis-science")
    page = text(platform)
    assert "Player" in page and "Players" not in page and "bot dealers" not in page
    assert not nodes(platform, lambda n: n.attributes.get("data-act") == "setup:players"), "no count to choose"
    assert "Difficulty of the secret rule" in page


def test_setup_own_rule_gives_a_friend_link_that_carries_it_and_a_typo_gets_a_fix():
    app, platform = start("#/eleusis-science")
    click(app, button(platform, "My own rule, for a friend"))
    app.field("sci-rule-text", "card.suit = prev.siut", False)
    assert "Did you mean “suit”?" in by_id(platform, "sci-rule-check").textContent
    click(app, by_id(platform, "sci-rule-check-fix"))
    url = by_id(platform, "sci-friend-url").attributes["value"]
    token = re.search(r"rule=([A-Za-z0-9_-]+)", url).group(1)
    assert rulelink.decode(token) == "card.suit = prev.suit" and "suit" not in url


def test_a_custom_rule_link_keeps_its_tab_after_looking_at_the_others():
    token = rulelink.encode("card.odd != prev.odd")
    app, platform = start(f"#/eleusis-science?rule={token}")
    page = text(platform)
    assert "The rule from the link" in page and "card.odd" not in page
    click(app, button(platform, "From the library"))
    click(app, button(platform, "My own rule, for a friend"))
    click(app, button(platform, "The rule from the link"))
    assert button(platform, "The rule from the link").attributes["aria-pressed"] == "true"
    app.dispatch("setup:start", None)  # the form's submit button
    assert session(app).state.secret == "card.odd != prev.odd" and session(app).config["rule"] is not None


def test_the_hand_is_sorted_enter_plays_the_chosen_card_and_play_is_one_tab_stop_away():
    app, platform = start("#/eleusis-science?seed=ui-s")
    shown = [b.attributes["aria-label"] for b in hand_buttons(platform)]
    order = sorted(session(app).view(0)["hand"], key=cards.DECK.index)
    assert shown == [cards.card_name_en(c) for c in order], "by suit, then rank"
    assert [b.attributes["tabindex"] for b in hand_buttons(platform)].count("0") == 1
    assert app.key("ArrowRight") and platform.focused == f"#el-card-{order[0]}-0"
    click(app, hand_buttons(platform)[2])
    assert app.key("Enter")
    assert session(app).actions == [{"play": order[2]}]
    assert session(app).state.plays_left == 29


def test_a_wrong_guess_shows_cards_then_the_right_guess_wins_and_the_rule_can_be_shared():
    token = rulelink.encode("card.colour != prev.colour")
    app, platform = start(f"#/eleusis-science?rule={token}&seed=ui-s")
    assert "card.colour != prev.colour" not in text(platform), "the rule from the link stays hidden"
    click(app, hand_buttons(platform)[0])
    click(app, button(platform, "Play"))
    assert session(app).state.plays_left == 29
    click(app, button(platform, "Guess the rule"))
    assert app.screen.local["guess_open"] and platform.focused == "#sci-guess-text"
    app.field("sci-guess", "card.red", False)
    click(app, button(platform, "Guess"))
    assert session(app).state.plays_left == 27
    page = text(platform)
    assert "Not the rule" in page and ("right under the secret rule" in page or "wrong under the secret rule" in page)
    assert "guessed “the card is red” not the rule" in by_id(platform, "move-log").textContent
    app.field("sci-guess", "card.rank >", False)
    assert "At character 12" in by_id(platform, "sci-guess-check").textContent
    app.field("sci-guess", "card.colour != prev.colour", False)
    click(app, button(platform, "Guess"))
    out = session(app).outcome
    assert out["solved"] and out["score"] == 27
    assert "Solved!" in text(platform)
    click(app, button(platform, "Share this rule for a friend"))
    link = by_id(platform, "sci-share-url").attributes["value"]
    assert rulelink.decode(re.search(r"rule=([A-Za-z0-9_-]+)", link).group(1)) == "card.colour != prev.colour"


def test_the_verdict_of_a_guess_shows_at_the_top_of_the_guess_panel_above_the_input():
    token = rulelink.encode("card.colour != prev.colour")
    app, platform = start(f"#/eleusis-science?rule={token}&seed=b")
    click(app, button(platform, "Guess the rule"))
    app.field("sci-guess", "card.red", False)
    click(app, button(platform, "Guess"))
    order = [n.attributes.get("id") for n in nodes(platform, lambda n: n.attributes.get("id") in
                                                    ("sci-guess-title", "sci-verdict", "sci-guess-text"))]
    assert order == ["sci-guess-title", "sci-verdict", "sci-guess-text"], order
    assert platform.focused == "#sci-verdict"
    verdict = by_id(platform, "sci-verdict").textContent
    assert "Not the rule" in verdict and "after" in verdict and "first card" not in verdict
    app.field("sci-guess", "card.black", False)
    click(app, button(platform, "Guess"))
    assert "#2" in by_id(platform, "sci-verdict").textContent, "the latest guess on top"
    assert "Earlier guesses" in text(platform) and "#1" in by_id(platform, "sci-guesses-title").parentNode.textContent


def test_a_draft_guess_survives_a_reload():
    storage = DictStorage()
    app, platform = start("#/eleusis-science?seed=ui-d", storage=storage)
    save = session(app).id
    app.field("sci-guess", "card.rank > prev", False)
    again, platform2 = start(f"#/play/{save}", storage=storage)
    assert again.screen.local["guess"] == "card.rank > prev"
    assert by_id(platform2, "sci-guess-text").attributes["value"] == "card.rank > prev"
    app2 = again
    click(app2, button(platform2, "Give up and see the rule"))
    click(app2, [b for b in nodes(platform2, lambda n: n.tagName == "button") if b.textContent == "Yes, show the rule"][0])
    assert session(app2).is_over and f"junban.draft.{save}" not in storage.data, "a finished game keeps no draft"


def test_japanese_science_speaks_japanese():
    app, platform = start("#/eleusis-science?seed=ui-j", lang="ja")
    assert button(platform, "出す") and button(platform, "ルールを推測")
    assert sci.card_name("QH") == "ハートのクイーン"
    i18n.set_language("en")


def test_a_tampered_rule_link_says_so_and_shows_the_setup_screen():
    token = rulelink.encode("card.red")
    app, platform = start(f"#/eleusis-science?rule={token[:-3]}xyz&seed=1")
    assert any("could not be opened" in n.text for n in app.notices)
    assert "New game: Eleusis: solo science" in text(platform)
