"""'Could this deal have been won?' in the browser: after a finished game, the analysis runs in Pyodide without
freezing the page, gives its verdict and the turning point, and replays the line on the same table."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from junban import bots
from junban.session import Seat, Session
from tests.browser.conftest import DESKTOP, PHONE, open_app, screenshot


def finished_solo_save(seed: str) -> dict:
    """A solo game played to its end by the baseline bot (on CPython), as the save the app would have written."""
    session = Session("review0" + seed.replace("-", "")[:8], "the-game", {"players": 1}, seed, [Seat("person", "Ann")])
    bot = bots.make_bot("the-game", "baseline", seed, 0)
    while not session.is_over:
        session.apply(bot.act(session.view(0)))
    return session.to_record()


# Where what the review shows sits on the page (its verdict, the line buttons, the replayed table and its controls).
PLACES = """() => ["#review-verdict", ".review-lines", "#review-note", ".review .piles", ".review-controls"]
  .map((s) => {
    const el = document.querySelector(s);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return [s, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
  })"""


@pytest.mark.parametrize("size,locale", [("phone", "en-US"), ("desktop", "ja-JP"), ("phone", "ja-JP"),
                                         ("desktop", "en-US")])
def test_a_finished_game_is_analysed_and_its_line_replayed(context_factory, server, size, locale):
    record = finished_solo_save("review-b1")
    viewport = PHONE if size == "phone" else DESKTOP
    page = context_factory(viewport=viewport, locale=locale, has_touch=size == "phone").new_page()
    open_app(page, server, "#/")
    page.evaluate("r => localStorage.setItem('junban.save.' + r.id, JSON.stringify(r))", record)
    page.goto(server.base + f"#/play/{record['id']}")
    page.wait_for_selector('html[data-ready="true"]')
    ja = locale.startswith("ja")
    # A finished game opens on its result (the banner over the final table), which offers the analysis.
    page.locator("#end").get_by_role("button", name="この配りを分析" if ja else "Analyse this deal").click()
    expect(page.get_by_role("progressbar")).to_be_visible()
    # The verdict comes first (this deal: after some 15 of the analysis's 3,400 nodes), with the best line to watch,
    # while the turning point is still looked for under it.
    page.wait_for_selector("#review-verdict", timeout=120_000)
    expect(page.locator("section.review")).to_have_attribute("data-analysis", "running")
    expect(page.locator("#review-point")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#review-point").get_by_role("progressbar")).to_be_visible()
    expect(page.locator(".review-lines .seg").nth(1)).to_be_disabled()
    verdict = page.locator("#review-verdict").inner_text()
    assert ("完全勝利" in verdict or "残り" in verdict) if ja else ("perfect" in verdict or "left" in verdict)
    note = page.locator("#review-note")
    first = note.inner_text()
    page.keyboard.press("ArrowRight")
    expect(note).not_to_have_text(first)
    page.locator(".review-controls").get_by_role("button", name="最後へ" if ja else "To the end").click()
    expect(note).to_contain_text("終了" if ja else "The end")
    assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"] + 1, "the replay fits"
    boxes = page.evaluate(PLACES)
    screenshot(page, f"the-game-review-{size}-{locale[:2]}-searching")
    # Then the turning point arrives in its place: nothing already shown moves, and the line watched stays.
    expect(page.locator("section.review")).to_have_attribute("data-analysis", "done", timeout=120_000)
    expect(page.locator("#review-point")).to_contain_text("分かれ目: 第20手番" if ja else "Turning point: turn 20")
    assert page.evaluate(PLACES) == boxes, "what was shown moved when the turning point arrived"
    expect(note).to_contain_text("終了" if ja else "The end")
    assert page.evaluate("document.documentElement.scrollHeight") <= viewport["height"] + 1, "the replay fits"
    screenshot(page, f"the-game-review-{size}-{locale[:2]}")
    if page.locator(".review-lines").count():
        page.locator(".review-lines .seg").nth(1).click()
        expect(page.locator(".review-lines .seg").nth(1)).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="ゲームに戻る" if ja else "Back to the game").click()
    expect(page.locator("#end")).to_be_visible()


def test_the_analysis_answers_in_the_browser_and_can_be_cancelled(page, server):
    record = finished_solo_save("review-b2")
    open_app(page, server, "#/")
    page.evaluate("r => localStorage.setItem('junban.save.' + r.id, JSON.stringify(r))", record)
    page.goto(server.base + f"#/play/{record['id']}")
    page.wait_for_selector('html[data-ready="true"]')
    page.get_by_role("button", name="Analyse this deal").click()
    page.get_by_role("button", name="Stop").click()
    expect(page.locator("#review-phase")).to_have_text("Analysis stopped.")
    searched = page.locator(".review .muted").inner_text()
    page.wait_for_timeout(500)
    assert page.locator(".review .muted").inner_text() == searched, "a stopped analysis does no more work"
    saved = json.loads(page.evaluate(f"localStorage.getItem('junban.save.{record['id']}')"))
    assert saved["actions"] == record["actions"], "the analysis never touches the game"


# The page's own Pyodide: its wasm memory in bytes (it never shrinks once grown).
PAGE_MEMORY = """async () => (await (await import("./assets/pyodide-early.mjs")).start())._module.HEAP8.length"""


def test_the_analysis_runs_in_a_worker_and_gives_its_memory_back(page, server):
    """Issue 33: an analysis takes tens of MB of Python objects, and a wasm memory never shrinks: it runs in a worker
    of its own (assets/analysis-worker.mjs), ended once it has answered, so the page's memory is what it was."""
    record = finished_solo_save("review-b3")
    open_app(page, server, "#/")
    page.evaluate("r => localStorage.setItem('junban.save.' + r.id, JSON.stringify(r))", record)
    page.goto(server.base + f"#/play/{record['id']}")
    page.wait_for_selector('html[data-ready="true"]')
    before = page.evaluate(PAGE_MEMORY)
    page.get_by_role("button", name="Analyse this deal").click()
    expect(page.locator("section.review")).to_have_attribute("data-analysis", "done", timeout=120_000)
    fetched = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name.split('/').pop())")
    assert "analysis-worker.mjs" in fetched
    assert page.evaluate(PAGE_MEMORY) == before, "the page's memory grew"
    page.get_by_role("button", name="Back to the game").click()
    page.get_by_role("button", name="Analyse this deal").click()  # again: a new worker, the same answer
    page.wait_for_selector("#review-verdict", timeout=120_000)
    assert page.evaluate(PAGE_MEMORY) == before
