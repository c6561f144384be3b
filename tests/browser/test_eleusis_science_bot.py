"""The scientist in the browser decides as the engine's science bot does (the one the benchmark measures): a solo
science game whose seat is a bot ends in the page with the same guesses, in the same order, and the same score as
``ScienceBot`` playing the same deal under CPython, so the page runs the expected-value decisions, not older ones."""
from __future__ import annotations

from tests.browser.conftest import open_app, screenshot

from junban.games.eleusis import rulelink, science
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
        assert text.startswith(f"#{number} {guess['text']}"), (number, guess["text"], text)
    screenshot(page, "eleusis-science-bot-desktop")
