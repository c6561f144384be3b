"""Rules said in words, in the browser, on a phone, in English and Japanese (issue 42): a solo-science game won
with a guess typed in plain words; a dealer on a phone seat (its table drawn by the same game modules as the
host's) sets the secret rule with the builder, and the rule read back is the rule dealt. Screenshots go to
tests/artifacts/eleusis-words-*.png to be looked at."""
from __future__ import annotations

import pytest

from junban.games.eleusis import rulelink
from junban.games.eleusis.lang import compile_rule
from tests.browser.conftest import DESKTOP, PHONE, japanese_font_loaded, open_app, screenshot, settle
from tests.browser.phones import Table, pair_by_paste, set_up_table

SCIENCE = {
    "en": {"open": "Guess the rule", "words": "alternate colours", "guess": "Guess", "solved": "Solved!",
           "reads": "Your guess reads: The card has a different colour from the previous card."},
    "ja": {"open": "ルールを推測", "words": "赤と黒が交互", "guess": "推測する", "solved": "解けました！",
           "reads": "あなたの推測： 出すカードと直前のカードの色が違う。"},
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_solo_science_game_is_won_with_a_guess_typed_in_plain_words_on_a_phone(context_factory, server, lang):
    words = SCIENCE[lang]
    page = context_factory(viewport=PHONE, has_touch=True, is_mobile=True,
                           locale={"en": "en-US", "ja": "ja-JP"}[lang]).new_page()
    token = rulelink.encode("card.colour != prev.colour")
    open_app(page, server, f"#/eleusis-science?rule={token}&seed=words")
    page.get_by_role("button", name=words["open"]).tap()
    box = page.locator("#sci-guess-text")
    box.fill(words["words"])
    check = page.locator("#sci-guess-check")
    check.get_by_text(words["reads"][-12:]).wait_for(timeout=20_000)
    if lang == "ja":
        japanese_font_loaded(page, words["reads"] + words["words"])
    settle(page)
    assert " ".join(check.locator(".el-words").inner_text().split()) == " ".join(words["reads"].split())
    button = page.get_by_role("button", name=words["guess"], exact=True)
    guess_at, reads = button.bounding_box(), check.locator(".el-words").bounding_box()
    assert reads["y"] >= 0 and reads["y"] + reads["height"] <= guess_at["y"] <= 667 - guess_at["height"], \
        "the reading and the Guess button under it are on screen together"
    screenshot(page, f"eleusis-words-science-reads-{lang}")
    button.tap()
    page.locator("#sheet-result #end-title").wait_for(timeout=30_000)
    assert page.locator("#sheet-result #end-title").inner_text() == words["solved"]
    screenshot(page, f"eleusis-words-science-solved-{lang}")


def test_the_guess_panel_on_a_wide_screen_types_and_builds(context_factory, server):
    page = context_factory(viewport=DESKTOP).new_page()
    token = rulelink.encode("card.odd != prev.odd")
    open_app(page, server, f"#/eleusis-science?rule={token}&seed=words")
    page.locator("#sci-guess-text").fill("higher than the last card, anything after a king")
    page.locator("#sci-guess-check").get_by_text("previous card is a king").wait_for(timeout=20_000)
    screenshot(page, "eleusis-words-science-desktop-typed-en")
    page.locator("#sci-guess-mode-build").click()
    page.locator('[data-act="sci:ge:piece"][data-arg="same.parity.0"]').click()
    page.locator("#sci-guess-check").get_by_text("one odd and one even").wait_for(timeout=20_000)
    screenshot(page, "eleusis-words-science-desktop-built-en")
    page.get_by_role("button", name="Guess", exact=True).click()
    page.locator("#sheet-result #end-title").wait_for(timeout=30_000)


DEALER = {
    "en": {"reads": "Your rule reads: If the previous card is red, then the card is higher than the previous card; "
                    "otherwise the card is lower than the previous card."},
    "ja": {"reads": "あなたのルールの読み： 直前のカードが赤なら、出すカードのランクが直前のカードのランクより大きい。"
                    "そうでなければ、出すカードのランクが直前のカードのランクより小さい。"},
}
MEANT = "if prev.red then card.rank > prev.rank else card.rank < prev.rank"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_dealer_on_a_phone_sets_the_secret_rule_by_the_builder(phone_factory, lang):
    locale = {"en": "en-US", "ja": "ja-JP"}[lang]
    host, dealer = phone_factory(2, "#/eleusis?players=3", locale=locale)
    set_up_table(host, ["person", "bot", "phone"], seed=f"words-dealer-{lang}")
    assert pair_by_paste(host, dealer, "eleusis") == 2
    table = Table("eleusis", host, {2: dealer})
    dealer.locator("#el-start-round").wait_for(timeout=30_000)  # the last seat deals first: the phone
    dealer.locator("#el-rule-mode-build").tap()
    screenshot(dealer, f"eleusis-words-dealer-builder-{lang}")
    dealer.locator('[data-act="el:re:piece"][data-arg="order.>"]').tap()
    dealer.locator("#el-rule-add-if").tap()
    dealer.locator('[data-act="el:re:piece"][data-arg="colour.red"]').tap()
    dealer.locator("#el-rule-other0").tap()
    dealer.locator('[data-act="el:re:piece"][data-arg="order.<"]').tap()
    reads = dealer.locator("#el-rule-check .el-words")
    reads.wait_for(timeout=20_000)
    if lang == "ja":
        japanese_font_loaded(dealer, DEALER[lang]["reads"])
    settle(dealer)
    assert " ".join(reads.inner_text().split()) == " ".join(DEALER[lang]["reads"].split())
    start = dealer.locator("#el-start-round")
    bar = start.bounding_box()
    assert bar["y"] + bar["height"] <= PHONE["height"] + 1, "Start the round is on screen with the reading"
    screenshot(dealer, f"eleusis-words-dealer-reads-{lang}")
    start.tap()
    host.wait_for_function("() => !document.querySelector('.el-phase-rule')", timeout=30_000)
    dealt = table.state("state.rules_text")
    assert dealt == MEANT, dealt
    assert compile_rule(dealt).describe(lang) in " ".join(DEALER[lang]["reads"].split())
    dealer.locator(".el-secret").wait_for(timeout=20_000)
    screenshot(dealer, f"eleusis-words-dealer-dealt-{lang}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_players_guess_at_the_table_reads_back_and_fits_the_table(context_factory, server, lang):
    page = context_factory(viewport=PHONE, has_touch=True, is_mobile=True,
                           locale={"en": "en-US", "ja": "ja-JP"}[lang]).new_page()
    open_app(page, server, "#/eleusis?players=6&bots=5&seed=fit-6")
    page.locator("#speed").select_option("instant")
    page.wait_for_selector(".el-table.my-turn .el-play", timeout=60_000)
    assert page.evaluate("document.documentElement.scrollHeight") <= PHONE["height"], "the guess button takes no row"
    page.locator("#el-guess-open").tap()
    page.locator("#el-guess-text").fill({"en": "higher than the previous card", "ja": "前のカードより大きい"}[lang])
    page.locator("#el-guess-fit").wait_for(timeout=20_000)
    assert {"en": "It fits", "ja": "合っています"}[lang] in page.locator("#el-guess-fit").inner_text()
    if lang == "ja":
        japanese_font_loaded(page, page.locator("#sheet-guess").inner_text())
    screenshot(page, f"eleusis-words-table-guess-{lang}")
    page.locator("#sheet-guess .sheet-close").tap()
    page.locator("#el-guess-open.written").wait_for(timeout=10_000)
