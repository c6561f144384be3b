"""The bots in the browser decide as the engine's bots do (the ones the benchmark measures), so the page runs the
expected-value decisions of issue 32, not older ones: a solo science game whose seat is a bot ends in the page with
the same guesses, in the same order, and the same score as ``ScienceBot`` playing the same deal under CPython; a
table of four strong bots, where bots become Prophet by the calibrated belief (``prophet_value``), ends with the
same totals as the same table played under CPython."""
from __future__ import annotations

from tests.browser.conftest import open_app, screenshot

from junban import links
from junban.bots import make_bot
from junban.games.eleusis import rulelink, rules, science
from junban.games.eleusis.science_bot import ScienceBot

RULE = "card.rank > prev.rank or card.suit = prev.suit"  # a wrong guess or two on the way, then solved


def played_under_cpython(rule: str, seed: str):
    state = science.new_game(science.normalize_config({"rule": rule}), seed)
    bot = ScienceBot("scientist", seed)
    while science.to_act(state) is not None:
        state = science.apply(state, bot.act(science.view(state, 0)))
    return state


def test_a_bot_seat_plays_solo_science_by_the_science_bots_decisions(page, server):
    seed = "sci-bot-1"
    expected = played_under_cpython(RULE, seed)
    outcome = science.outcome(expected)
    assert outcome["solved"] and expected.guesses, "the deal should end in a right guess"
    open_app(page, server, f"#/eleusis-science?rule={rulelink.encode(RULE)}&seed={seed}&bots=1")
    page.wait_for_selector("#sheet-result", timeout=120_000)
    end = page.locator("#sheet-result").inner_text()
    assert "Solved!" in end and f"Score {outcome['score']}" in end, end
    page.keyboard.press("Escape")
    items = page.locator(".sci-guess-item")
    shown = [items.nth(i).inner_text() for i in range(items.count())]
    assert len(shown) == len(expected.guesses), shown
    for text, (number, guess) in zip(shown, reversed(list(enumerate(expected.guesses, 1)))):  # newest on top
        # "#5 <the guess read back in words>", then its code as guessed
        assert text.startswith(f"#{number} ") and guess["text"] in text.splitlines(), (number, guess["text"], text)
    screenshot(page, "eleusis-science-bot-desktop")


def table_under_cpython(players: int, seed: str):
    setup = links.setup_from_params("eleusis", {"players": str(players), "bots": str(players), "seed": seed})
    state = rules.new_game(setup.config, setup.seed)
    bots = [make_bot("eleusis", setup.level, setup.seed, seat) for seat in range(players)]
    prophets = 0
    while (seat := rules.to_act(state)) is not None:
        action = bots[seat].act(rules.view(state, seat))
        prophets += action == {"prophet": True}
        state = rules.apply(state, action)
    return rules.outcome(state), prophets


def test_a_table_of_bots_becomes_prophet_and_scores_as_under_cpython(page, server):
    seed = "tb-1"
    expected, prophets = table_under_cpython(4, seed)
    assert prophets >= 1, "the deal should see a bot become Prophet"
    open_app(page, server, f"#/eleusis?players=4&bots=4&seed={seed}")
    page.get_by_label("Bot speed").select_option("instant")
    page.wait_for_selector("#sheet-result, #end", timeout=300_000)
    totals = page.locator(".el-score-table .el-total td")
    assert [int(totals.nth(i).inner_text()) for i in range(totals.count())] == expected["totals"]
