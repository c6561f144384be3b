"""The first screen before Python is up (issue 43, junban/ui/prerender.py): the page arrives with the screen its
address opens, drawn at build time by the app's own code — home, a setup screen, the rules; a deal link shows
"Loading…", never home's games — in the person's language and with today's date in the daily links. A tap or a
link followed before Python is up is not lost, and Python takes the page over without drawing it again: the
elements the person sees are the same ones, and nothing moves (layout shift 0)."""
from __future__ import annotations

from tests.browser.conftest import BOOT_TIMEOUT_MS, PHONE, READY, HeldRequests, screenshot

WASM = "**/pyodide.asm.wasm"

# Sums the page's layout shifts (as Lighthouse's CLS counts them: those without recent input) from the start.
WATCH_SHIFTS = """
window.__shifts = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts += entry.value;
}).observe({type: "layout-shift", buffered: true});
"""
TODAY = """(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-` +
  `${String(d.getDate()).padStart(2, "0")}`; })()"""


def mark_elements(page) -> None:
    """Tag every element of #app, so that a test can tell whether Python kept them or drew new ones."""
    page.evaluate("() => document.querySelectorAll('#app *').forEach((el, i) => { el.__first = i; })")


def kept_elements(page) -> float:
    """The share of #app's elements that are still the ones the page arrived with."""
    return page.evaluate("""() => { const all = [...document.querySelectorAll('#app *')];
        return all.filter((el) => el.__first !== undefined).length / all.length; }""")


def test_home_is_on_the_page_before_python_and_python_takes_it_over_without_a_shift(context_factory, server):
    context = context_factory(viewport=PHONE, has_touch=True, locale="en-US")
    page = context.new_page()
    page.add_init_script(WATCH_SHIFTS)
    held = HeldRequests(page, WASM)  # Pyodide's wasm held: Python cannot start
    page.goto(server.base)
    page.get_by_role("heading", name="Junban 順番").wait_for()
    assert page.get_attribute("html", "data-ready") == "false"  # Python is not up: this is the build's HTML
    assert page.locator(".game-tile").count() >= 3
    assert page.get_by_role("link", name="New game").count() >= 3
    today = page.evaluate(TODAY)
    daily = page.locator("#daily-the-game")
    assert daily.get_attribute("href").endswith(f"seed={today}"), "the daily link is today's, not the build's"
    assert not page.locator("#boot").is_visible(), "the page looks finished: no progress shown until asked for"
    screenshot(page, "first-screen-home-before-python-phone")
    mark_elements(page)
    held.release()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert kept_elements(page) == 1.0, "Python drew the page again instead of taking it over"
    assert page.locator("#boot").count() == 0
    assert page.locator("#daily-the-game").get_attribute("href").endswith(f"seed={today}")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__shifts") == 0


def test_a_tap_before_python_is_up_is_carried_out_once_it_is(context_factory, server):
    """The language button before Python: the Japanese first screen at once, and the choice kept by Python; a link
    followed before Python: that address's first screen at once, and Python opens it."""
    page = context_factory(locale="en-US").new_page()
    held = HeldRequests(page, WASM)  # Pyodide's wasm held: Python cannot start
    page.goto(server.base)
    page.get_by_role("button", name="Switch language to 日本語").click()
    page.get_by_role("heading", name="Junban 順番").wait_for()
    boot = page.locator("#boot")
    assert boot.is_visible() and "Starting the game engine" in boot.inner_text(), "the tap waits for Python, and says so"
    assert page.get_attribute("html", "lang") == "ja"
    assert page.get_by_role("link", name="新しいゲーム").count() >= 3
    page.locator(".game-23").get_by_role("link", name="ルール").click()
    page.get_by_role("heading", name="23のルール").wait_for()
    assert page.get_attribute("html", "data-ready") == "false"
    mark_elements(page)
    held.release()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("location.hash") == "#/rules/23"
    assert page.get_by_role("heading", name="23のルール").is_visible()
    assert kept_elements(page) == 1.0
    settings = page.evaluate("JSON.parse(localStorage.getItem('junban.settings'))")
    assert settings["values"]["lang"] == "ja", "Python carried out the tap on the language button"


def test_a_deal_link_never_shows_home_while_python_starts(context_factory, server):
    page = context_factory(viewport=PHONE, has_touch=True).new_page()
    held = HeldRequests(page, WASM)  # Pyodide's wasm held: Python cannot start
    page.goto(server.base + "#/the-game?seed=first&players=1")
    page.get_by_role("heading", name="Loading the games…").wait_for()
    assert page.locator(".game-tile").count() == 0
    screenshot(page, "first-screen-deal-link-before-python-phone")
    held.release()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.locator(".pile").count() == 4


def test_a_japanese_browser_gets_the_japanese_first_screen_and_a_setup_link_its_setup(context_factory, server):
    page = context_factory(viewport=PHONE, has_touch=True, locale="ja-JP").new_page()
    held = HeldRequests(page, WASM)  # Pyodide's wasm held: Python cannot start
    page.goto(server.base + "#/eleusis")
    page.get_by_role("heading", name="新しいゲーム: エレウシス").wait_for()
    assert page.get_attribute("html", "lang") == "ja"
    assert page.title().startswith("新しいゲーム: エレウシス")
    screenshot(page, "first-screen-setup-ja-before-python-phone")
    held.release()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.get_by_role("heading", name="新しいゲーム: エレウシス").is_visible()
