"""Sharing and sounds in Chromium: "Share today's result", "Share this deal" and "Send this game" use the share
sheet where the page has one (stubbed here: desktop Linux has none) and copy to the clipboard elsewhere, saying so
on the screen; the audio context is made only at a tap, never while sounds are off, and a hidden page plays
nothing."""
from __future__ import annotations

import json

from tests.browser.conftest import (BOOT_TIMEOUT_MS, DESKTOP, PHONE, READY, japanese_font_loaded, open_app,
                                    screenshot)
from tests.browser.test_robustness import play_lowest_two
from tests.browser.test_the_game_browser import hand

SOLO = "#/the-game?players=1&seed=123"
BOT_FIRST = "#/the-game?players=2&bots=1&level=baseline&seed=abc&start=2"
NO_SHARE_SHEET = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
SHARE_SHEET = """Object.defineProperty(Navigator.prototype, "share", { configurable: true,
    value(data) { window.__shared = (window.__shared || []).concat([{ ...data }]); return Promise.resolve(); } });"""
# Counts what the page does with sound: audio contexts made, voices started, vibrations; and lets a test hide it.
AUDIO_WATCH = """
window.__audio = { contexts: 0, voices: 0, vibrations: 0 };
const RealContext = window.AudioContext;
window.AudioContext = class extends RealContext {
  constructor(...args) { super(...args); window.__audio.contexts++; }
};
for (const name of ["createOscillator", "createBufferSource"]) {
  const made = RealContext.prototype[name];
  RealContext.prototype[name] = function (...args) { window.__audio.voices++; return made.apply(this, args); };
}
Object.defineProperty(Navigator.prototype, "vibrate", { configurable: true,
  value() { window.__audio.vibrations++; return true; } });
let hidden = false;
Object.defineProperty(document, "visibilityState", { get: () => (hidden ? "hidden" : "visible") });
window.__hide = (value) => { hidden = value; document.dispatchEvent(new Event("visibilitychange")); };
"""
# The cues Python asks for (wrapped once assets/sound.js is in).
LISTEN = """() => { const play = junbanSound.play; window.__asked = [];
    junbanSound.play = (cue) => { window.__asked.push(cue); play(cue); }; }"""


def new_page(context_factory, script: str, viewport=DESKTOP, **kwargs):
    context = context_factory(viewport=viewport, **kwargs)
    context.add_init_script(script)
    return context.new_page()


def open_menu(page) -> None:
    page.locator("#open-menu").click()
    page.locator("#sheet-menu").wait_for()


def finished_daily(page, server) -> str:
    """Today's The Game daily recorded as finished (as the table records it), then home; returns today's date."""
    today = page.evaluate("""() => { const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`; }""")
    days = [{"game": "the-game", "date": today, "save": "s1", "finished": True, "assisted": False,
             "grid": "🟩🟩🟦🟩🟩🟩🟦🟩🟩🟩\n🟩🟦🟥", "won": False, "perfect": False, "score": 31, "place": None,
             "players": 1}]
    page.evaluate("d => localStorage.setItem('junban.daily', d)",
                  json.dumps({"schema": 1, "type": "daily", "days": days}))
    page.goto(server.base + "#/")
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    return today


def play_a_card(page) -> int:
    """Play the lowest card of the hand that goes on a pile (tap it, then the first pile it fits)."""
    for card in sorted(hand(page)):
        page.locator(f"#card-{card}").click()
        if page.locator(".pile.legal").count():
            page.locator(".pile.legal").first.click()
            return card
        page.locator(f"#card-{card}").click()  # (tapped again: put back)
    raise AssertionError("no card of the hand goes on a pile")


def test_without_a_share_sheet_the_links_and_the_result_are_copied_and_it_says_so(context_factory, server):
    page = new_page(context_factory, NO_SHARE_SHEET, permissions=["clipboard-read", "clipboard-write"])
    open_app(page, server, SOLO)
    assert page.evaluate("typeof navigator.share") == "undefined"
    open_menu(page)
    page.get_by_role("button", name="Share this deal").click()
    note = page.locator("#share-note")
    note.wait_for()
    assert note.is_visible() and note.inner_text() == "The link is copied."  # (after a ✓ drawn by CSS)
    assert page.evaluate("navigator.clipboard.readText()") == page.locator("#share-url").input_value()
    page.keyboard.press("Escape")

    play_lowest_two(page)
    open_menu(page)
    page.get_by_role("button", name="Send this game").click()
    page.get_by_role("button", name="Copy the link").click()
    page.locator("#send-note").wait_for()
    assert page.locator("#send-note").is_visible()
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.locator("#send-url").input_value() and "#/receive?game=" in link

    finished_daily(page, server)
    page.get_by_role("button", name="Share today's result").click()
    page.locator("main").get_by_text("Copied: paste your result anywhere.").wait_for()  # seen, not only heard
    text = page.evaluate("navigator.clipboard.readText()")
    assert text.startswith("Junban · The Game · daily challenge") and "🟩🟩🟦" in text and text.endswith(
        "#/the-game?players=1&seed=" + text.split("challenge ")[1][:10])


def test_with_a_share_sheet_each_share_goes_to_it(context_factory, server):
    page = new_page(context_factory, SHARE_SHEET, permissions=["clipboard-read", "clipboard-write"])
    open_app(page, server, SOLO)
    page.evaluate("navigator.clipboard.writeText('untouched')")
    open_menu(page)
    page.get_by_role("button", name="Share this deal").click()
    page.wait_for_function("(window.__shared || []).length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["url"] == page.locator("#share-url").input_value() and shared["title"] == "Junban · The Game"
    assert page.locator("#share-note").count() == 0  # the share sheet was the confirmation
    page.keyboard.press("Escape")

    play_lowest_two(page)
    open_menu(page)
    page.get_by_role("button", name="Send this game").click()
    page.get_by_role("button", name="Share the link").click()
    page.wait_for_function("window.__shared.length === 2")
    assert page.evaluate("window.__shared[1].url") == page.locator("#send-url").input_value()

    finished_daily(page, server)
    page.get_by_role("button", name="Share today's result").click()
    page.wait_for_function("(window.__shared || []).length === 1")  # (a new page: its own list)
    assert page.evaluate("window.__shared[0].text").startswith("Junban · The Game · daily challenge")
    assert page.evaluate("navigator.clipboard.readText()") == "untouched"


def test_the_audio_context_is_made_only_at_a_tap_and_a_hidden_page_plays_nothing(context_factory, server):
    page = new_page(context_factory, AUDIO_WATCH)
    open_app(page, server, BOT_FIRST)
    page.wait_for_function("window.junbanSound")
    page.evaluate(LISTEN)
    page.wait_for_function("window.__asked.includes('turn')", timeout=30_000)  # the bot played, then your turn
    assert page.evaluate("window.__audio") == {"contexts": 0, "voices": 0, "vibrations": 0}, "nothing before a tap"

    page.locator(f"#card-{min(hand(page))}").click()  # the first tap: the context is made in it
    assert page.evaluate("window.__audio.contexts") == 1
    page.locator(f"#card-{min(hand(page))}").click()
    play_a_card(page)
    page.wait_for_function("window.__asked.at(-1) === 'play' && window.__audio.voices > 0")

    page.evaluate("window.__hide(true)")  # in the background: the bot's cards make no sound, nothing vibrates
    heard = page.evaluate("window.__audio")
    asked = page.evaluate("window.__asked.length")
    play_a_card(page)
    page.get_by_role("button", name="End turn").click()
    page.wait_for_function(f"window.__asked.slice({asked}).includes('turn')", timeout=30_000)
    assert page.evaluate("window.__audio") == heard

    page.evaluate("window.__hide(false)")
    open_menu(page)
    page.get_by_label("Sounds and vibration").uncheck()  # off: the page is told, Python asks for nothing
    assert page.evaluate("document.documentElement.dataset.sound") == "off"
    page.keyboard.press("Escape")
    asked = page.evaluate("window.__asked.length")
    play_a_card(page)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__asked.length") == asked


def test_with_sounds_off_no_audio_context_is_ever_made(context_factory, server):
    settings = json.dumps({"schema": 1, "type": "settings", "values": {"sound": False}})
    page = new_page(context_factory, AUDIO_WATCH + "if (location.protocol === 'http:') "
                    f"localStorage.setItem('junban.settings', {json.dumps(settings)});")
    open_app(page, server, BOT_FIRST)
    page.wait_for_function("window.junbanSound")
    page.evaluate(LISTEN)
    page.wait_for_function("!!document.querySelector('.seat-chip.active.me')", timeout=30_000)  # the bot is done
    play_a_card(page)
    play_a_card(page)
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.dataset.sound") == "off"
    assert page.evaluate("window.__audio") == {"contexts": 0, "voices": 0, "vibrations": 0}
    assert page.evaluate("window.__asked") == []


def test_home_and_menu_with_sharing_and_sound_at_phone_and_desktop_in_both_languages(context_factory, server):
    for lang in ("en", "ja"):
        for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            touch = {"has_touch": True, "is_mobile": True} if viewport is PHONE else {}
            page = new_page(context_factory, NO_SHARE_SHEET, viewport=viewport, locale=lang,
                            permissions=["clipboard-read", "clipboard-write"], **touch)
            page.goto(server.base)
            finished_daily(page, server)
            if lang == "ja":
                japanese_font_loaded(page, page.locator("main").inner_text())
            page.locator("#daily-share-the-game").click()
            page.locator("#daily-note-the-game").wait_for()
            page.locator(".game-the-game").scroll_into_view_if_needed()
            screenshot(page, f"daily-home-{name}-{lang}")
            open_app(page, server, SOLO)
            play_a_card(page)
            open_menu(page)
            page.locator("#share").click()
            page.locator("#share-note").wait_for()
            page.locator("#send").click()
            page.locator("#send-share").click()
            page.locator("#send-note").wait_for()
            if lang == "ja":
                japanese_font_loaded(page, page.locator("#sheet-menu").inner_text())
            screenshot(page, f"share-menu-{name}-{lang}")
            page.locator("#menu-sound").scroll_into_view_if_needed()
            screenshot(page, f"sound-menu-{name}-{lang}")
            page.close()
