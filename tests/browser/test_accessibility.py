"""Every screen at phone and desktop size: axe-core finds no serious or critical violation, nothing scrolls
sideways, touch targets are at least 44 px, and a screenshot is kept in tests/artifacts/ to be looked at."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.browser.conftest import DESKTOP, PHONE, as_on_a_first_visit, follow_link, open_app, screenshot, settle

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": PHONE, "desktop": DESKTOP}
MIN_TARGET = 44

SCREENS = {  # each screen's link, and what shows it is drawn; visited in this order in one page
    "home": ("#/", ".hero"),
    "history": ("#/history", "table.stats"),
    "storage": ("#/storage", ".st-room"),
    "rules-the-game": ("#/rules/the-game", ".rules-section"),
    "setup-the-game": ("#/the-game", "main .segmented"),
    "the-game-solo": ("#/the-game?players=1&seed=a11y&variant=fire", ".hand .card"),
    "the-game-bots": ("#/the-game?players=3&bots=2&seed=a11y", ".hand .card"),
    "the-game-handover": ("#/the-game?players=2&seed=a11y", ".handover"),
}
HISTORY = """() => localStorage.setItem('junban.history', JSON.stringify({schema: 1, type: 'history',
    entries: Array.from({length: 12}, (_, i) => ({id: 'h' + i, game: 'the-game',
        bucket: i % 3 ? 'standard' : 'expert', players: 1 + (i % 2), won: i % 4 !== 0, perfect: i === 5,
        score: (i * 7) % 30, at: 1790000000 + i, seed: String(i)}))}))"""  # something for the history to show


def audit(page) -> list[dict]:
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run the README's test command (npm ci)")
    if not page.evaluate("typeof axe !== 'undefined'"):  # once per document: a hash change keeps it
        page.add_script_tag(path=str(AXE))
    settle(page)  # contrast is judged on the settled screen, not on a fade-in caught half way
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def small_targets(page) -> list[str]:
    """Interactive elements smaller than 44×44 px (inline text links inside sentences are exempt, as WCAG allows)."""
    return page.evaluate(f"""() => {{
        const out = [];
        for (const el of document.querySelectorAll('#app button, #app a[href], #app select, #app input, #app [role=button]')) {{
            const r = el.getBoundingClientRect();
            if (r.width === 0 && r.height === 0) continue;          // not shown
            if (el.tagName === 'A' && el.closest('p') && !el.classList.contains('button')) continue;
            if (el.type === 'checkbox' && el.closest('label') &&
                el.closest('label').getBoundingClientRect().height >= {MIN_TARGET}) continue;
            if (r.width < {MIN_TARGET} - 0.5 || r.height < {MIN_TARGET} - 0.5)
                out.push((el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 30)
                         + ` ${{Math.round(r.width)}}x${{Math.round(r.height)}}`);
        }}
        return out;
    }}""")


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_is_accessible_and_fits(context_factory, server, size):
    """One boot per size: the screens are visited in turn by their links, as a person moves between them (each
    used to boot a profile of its own, 6-8 s of CPU each; the faults looked for are the same). Every screen is
    checked and photographed before the test fails, and the failure names each screen with its faults."""
    page = context_factory(viewport=SIZES[size]).new_page()
    open_app(page, server, "#/")
    faults = {}
    for screen, (hash_text, drawn) in SCREENS.items():
        if screen == "history":  # give the history something to show
            page.evaluate(HISTORY)
        as_on_a_first_visit(page)  # as each screen was in a profile of its own: a table's top bar offers "Learn"
        follow_link(page, server, hash_text, drawn)
        if screen == "the-game-solo":
            page.locator(".hand .card").first.click()  # a selected card: legal piles lit up
            page.wait_for_selector(".pile.legal")
        violations = audit(page)
        screenshot(page, f"{screen}-{size}")
        found = {}
        if violations:
            found["axe"] = violations
        if page.evaluate("document.documentElement.scrollWidth") > SIZES[size]["width"]:
            found["scrolls sideways"] = page.evaluate("document.documentElement.scrollWidth")
        small = small_targets(page)
        if small:
            found[f"touch targets under {MIN_TARGET}px"] = small[:8]
        if found:
            faults[screen] = found
    assert not faults, json.dumps(faults, indent=1, ensure_ascii=False)


def test_the_audit_judges_a_fading_element_once_it_has_settled(page, server):
    """A move's line fades in (opacity 0 → 1); caught half way it reads as low contrast. The audit waits for finite
    animations to end, and still sees a real contrast fault that is there once they have."""
    open_app(page, server, "#/")
    page.evaluate("""() => {
        const style = document.createElement('style');
        style.textContent = '@keyframes test-fade { from { opacity: 0 } to { opacity: 1 } }'
            + '.test-fading { animation: test-fade 1.2s linear; color: #111; background: #fff; }'
            + '.test-faint { color: #bbb; background: #fff; }';
        document.head.append(style);
        const main = document.querySelector('#app');
        main.insertAdjacentHTML('afterbegin', '<p class="test-fading">Fades in, then reads well.</p>');
    }""")
    assert not audit(page)
    # At the top, in view: axe leaves the contrast of text below the fold undecided, and the home page is long.
    page.evaluate("""() => document.querySelector('#app').insertAdjacentHTML('afterbegin',
        '<p class="test-faint">Faint for good.</p>')""")
    assert [v["id"] for v in audit(page)] == ["color-contrast"]


def test_japanese_screens_pass_too(context_factory, server):
    page = context_factory(viewport=PHONE, locale="ja-JP").new_page()
    open_app(page, server, "#/the-game?players=2&bots=1&seed=a11y&start=1")
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.get_by_role("button", name="手番終了").count() == 1
    violations = audit(page)
    screenshot(page, "the-game-ja-phone")
    assert not violations, json.dumps(violations, indent=1)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_language_switch_is_saved(page, server):
    open_app(page, server, "#/")
    page.get_by_role("button", name="Switch language to 日本語").click()
    assert page.get_by_role("link", name="新しいゲーム").count() >= 1
    page.reload()
    page.wait_for_selector('html[data-ready="true"]')
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.get_by_role("link", name="新しいゲーム").count() >= 1


def test_moves_are_announced_in_the_live_region(page, server):
    open_app(page, server, "#/the-game?players=1&seed=123")
    low = min(int(x) for x in page.locator(".hand .card").evaluate_all("e => e.map(x => x.getAttribute('aria-label').split(' ')[0])"))
    page.get_by_role("button", name=str(low), exact=True).click()
    page.get_by_role("button", name="Ascending pile 1, top 1").click()
    live = page.locator("#live")
    assert live.get_attribute("aria-live") == "polite"
    assert f"played {low} on Ascending pile 1" in live.inner_text()


def test_the_game_can_be_played_to_its_end_with_the_keyboard_alone(page, server):
    """Tab/arrows/digits/Enter only: no mouse. The hint (H) tells which card; the keys play it."""
    open_app(page, server, "#/the-game?players=1&seed=keys-1")
    for _ in range(400):
        if page.locator("#sheet-result").count():
            break
        page.keyboard.press("h")
        hint = page.locator("#hint-text").inner_text()
        if "end your turn" in hint:
            page.keyboard.press("e")
            continue
        if "undo" in hint:
            page.keyboard.press("u")
            continue
        pile_name = hint.split(" on ", 1)[1].rstrip(".")
        index = ["Ascending pile 1", "Ascending pile 2", "Descending pile 3", "Descending pile 4"].index(pile_name)
        page.keyboard.press(str(index + 1))  # the hint already picked the card (the key is the pile's number)
    end = page.get_by_role("dialog", name="The result")
    assert end.is_visible()
    assert page.evaluate("document.activeElement.id") == "end-title" or end.locator(":focus").count() == 1
    # the result's buttons are reachable by Tab
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.textContent") == "New deal":
            break
    assert page.evaluate("document.activeElement.textContent") == "New deal"
    page.keyboard.press("Enter")
    page.wait_for_selector(".hand .card")
    assert page.locator("#sheet-result").count() == 0 and page.locator("#end").count() == 0
