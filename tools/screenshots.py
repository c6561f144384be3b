"""Photograph every state of the tables a person meets, to be looked at: phone (375x667, touch) and desktop
(1280x800), English and Japanese.

    python3 tools/screenshots.py [--out DIR] [--only NAME ...] [--dist DIR]

Builds dist/ into a temporary folder (or uses --dist), serves it on 127.0.0.1, drives headless /usr/bin/chromium
with Playwright, and writes DIR/<state>-<size>-<lang>.png (default tests/artifacts/tour/). Nothing is asserted:
the tests check behaviour; this is for eyes.
"""
from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, READY  # noqa: E402
from tools.browser_timing import given_or_built  # noqa: E402

SIZES = {"phone": {"width": 375, "height": 667}, "desktop": {"width": 1280, "height": 800}}
LANGS = {"en": "en-US", "ja": "ja-JP"}


def hand(page) -> list[int]:
    return [int(x.split()[0]) for x in page.locator(".hand .card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")]


def play_lowest(page, count: int = 2) -> None:
    for card in sorted(hand(page))[:count]:
        page.locator(f"#card-{card}").click()
        page.locator(".pile.legal").first.click()


def wait_turn(page) -> None:
    page.wait_for_selector("#end-turn", timeout=120_000)
    page.wait_for_timeout(300)


def the_game_states(page, shoot) -> None:
    page.goto_app("#/the-game?players=1&seed=123")
    shoot("tg-solo")
    page.locator(".hand .card").nth(2).click()
    shoot("tg-solo-picked")
    page.goto_app("#/the-game?players=5&bots=4&seed=tour-5&start=1&variant=fire")
    page.locator("#speed").select_option("instant")
    shoot("tg-5p-start")
    play_lowest(page)
    page.locator("#end-turn").click()
    wait_turn(page)
    shoot("tg-5p-recap")
    if page.locator("#recap").is_visible():  # a phone: the log opens from the recap
        page.locator("#recap").click()
    shoot("tg-5p-log")
    for opener, name in (("#pile-2", "tg-markers"), ("#open-menu", "tg-menu"), ("#open-rules", "tg-rules")):
        page.keyboard.press("Escape")
        page.locator(opener).click()
        shoot(name)
    page.keyboard.press("Escape")
    page.goto_app("#/the-game?players=2&seed=77&start=1")
    shoot("tg-cover")
    # Played to its end by the hints: the result sheet, then the banner.
    page.goto_app("#/the-game?players=1&seed=tour-end")
    for _ in range(400):
        if page.locator("#sheet-result").count():
            break
        page.keyboard.press("h")
        if page.locator(".pile.hinted").count():
            page.locator(".pile.hinted").click()
        elif page.locator("#end-turn").is_enabled():
            page.keyboard.press("e")
        else:
            page.keyboard.press("u")
    shoot("tg-result")


def other_states(page, shoot) -> None:
    page.goto_app("#/")
    shoot("home")
    page.goto_app("#/the-game")
    shoot("setup-the-game")
    page.goto_app("#/23?players=4&bots=3&level=strong&seed=tour-23")
    shoot("tt-4p")
    twenty_three_states(page, shoot)
    page.goto_app("#/eleusis?players=4&bots=3&seed=tour-el")
    shoot("el-4p")
    eleusis_states(page, shoot)
    page.goto_app("#/eleusis-science?seed=tour-sci")
    shoot("el-science")


def twenty_three_states(page, shoot) -> None:
    """From the discard: the first turn (what the bots did since), then Drop out's confirmation."""
    page.locator("#speed").select_option("instant")
    cards = page.locator(".tt-hand .tt-card")
    for i in range(3):
        cards.nth(cards.count() - 1 - i).click()
    shoot("tt-discard-chosen")
    page.locator("#tt-discard").click()
    page.wait_for_selector("#tt-play, #sheet-round, #sheet-result", timeout=120_000)
    shoot("tt-turn")
    if page.locator("#tt-drop").count():
        page.locator("#tt-drop").click()
        shoot("tt-drop-confirm")
        page.keyboard.press("Escape")


def eleusis_states(page, shoot) -> None:
    """The table's turn: a card chosen, "No play"'s confirmation, the whole layout."""
    page.locator(".el-hand .el-card-button").first.click()
    shoot("el-chosen")
    page.locator("#el-no-play").click()
    shoot("el-no-play-confirm")
    page.keyboard.press("Escape")
    page.locator("#el-line-study").click()
    shoot("el-whole-layout")
    page.keyboard.press("Escape")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "tests" / "artifacts" / "tour"))
    parser.add_argument("--dist", help="a built dist/ to serve (default: build one into a temporary folder)")
    parser.add_argument("--only", nargs="*", choices=["the-game", "others"], default=["the-game", "others"])
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with given_or_built(Path(args.dist) if args.dist else None) as dist:
        httpd = build.make_server(dist, 0)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}/"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for size, viewport in SIZES.items():
                for lang, locale in LANGS.items():
                    context = browser.new_context(viewport=viewport, locale=locale, has_touch=size == "phone",
                                                  is_mobile=size == "phone")
                    page = context.new_page()

                    def goto_app(hash_text: str, page=page) -> None:
                        page.goto(base + hash_text)
                        page.wait_for_selector(READY, timeout=180_000)
                        page.wait_for_timeout(400)

                    def shoot(name: str, page=page, size=size, lang=lang) -> None:
                        page.wait_for_timeout(450)  # let cards land
                        page.screenshot(path=str(out / f"{name}-{size}-{lang}.png"))
                        print(f"{name}-{size}-{lang}.png", flush=True)

                    page.goto_app = goto_app
                    if "the-game" in args.only:
                        the_game_states(page, shoot)
                    if "others" in args.only:
                        other_states(page, shoot)
                    context.close()
            browser.close()
        httpd.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
