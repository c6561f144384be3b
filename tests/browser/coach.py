"""Doing what a first game's coach says, as a person does: Next, or the element its bubble rings; waiting while the
others play. Used by the tutorial tests (tests/browser/test_help.py, test_tutorial_coach.py)."""
from __future__ import annotations


def follow(page, name: str, limit: int = 700, each=None, settle_ms: int = 0) -> list[str]:
    """Follow the bubble until it is gone; the words it said, in order. ``each(text, said)``, if given, runs at
    every moment before acting (``said``: the words so far, ``text`` among them); ``settle_ms``: a wait after each
    ringed element is tapped (for a sheet that opens)."""
    said: list[str] = []
    for _ in range(limit):
        coach = page.locator("#coach")
        if not coach.count():
            return said
        text = page.locator("#coach-text").inner_text()
        if not said or said[-1] != text:
            said.append(text)
        if each is not None:
            each(text, said)
        if page.locator("#coach-next").count():
            page.locator("#coach-next").click()
            continue
        target = coach.get_attribute("data-coach-target") or ""
        if "coach-watch" in (coach.get_attribute("class") or "") or not target:
            page.wait_for_timeout(100)
            continue
        for selector in target.split(" || "):
            found = page.locator(selector)
            if found.count() and found.first.is_visible():
                found.first.click()
                if settle_ms:
                    page.wait_for_timeout(settle_ms)
                break
        else:
            page.wait_for_timeout(100)
    raise AssertionError(f"{name}: the tutorial did not end: {said[-2:]}")
