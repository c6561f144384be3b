"""What the CPython table tests share: start the app on the fake platform, find things as a person would (by
role, name, id), click them."""
from __future__ import annotations

import re

from junban.ui.app import App
from tests.ui.fakeplatform import FakePlatform


def start(hash_text: str, lang: str = "en", timers: int = 0, **platform_args) -> tuple[App, FakePlatform]:
    """The app opened at ``hash_text``; ``timers``: how many timer callbacks (bot moves) to run at once."""
    platform = FakePlatform(hash_text=hash_text, languages=(lang,), **platform_args)
    app = App(platform)
    app.start()
    if timers:
        platform.run_timers(timers)
    return app, platform


def nodes(platform, predicate) -> list:
    return platform.root.find_all(predicate)


def by_attr(platform, name: str, value: str | None = None) -> list:
    return nodes(platform, lambda n: name in n.attributes and (value is None or n.attributes[name] == value))


def by_id(platform, ident: str):
    found = by_attr(platform, "id", ident)
    assert len(found) == 1, f"#{ident}: {len(found)} found"
    return found[0]


def named(platform, name: str, tag: str = "button") -> list:
    """Elements whose accessible name is ``name`` (their aria-label, else their text)."""
    return [n for n in nodes(platform, lambda n: n.tagName == tag)
            if n.attributes.get("aria-label", n.textContent) == name]


def button(platform, name: str):
    found = named(platform, name)
    assert len(found) == 1, f"button {name!r}: {len(found)} found"
    return found[0]


def click(app: App, node) -> None:
    assert "disabled" not in node.attributes, f"{node.html()[:160]} is disabled"
    app.dispatch(node.attributes["data-act"], node.attributes.get("data-arg"))


_TOKEN = re.compile(r'([#.])([\w-]+)|\[([\w-]+)="?([^"\]]*)"?\]')


def _simple_matches(node, simple: str) -> bool:
    """``node`` matches one compound selector: a tag, ids, classes, [attr="value"] (what the tutorials point at)."""
    if node.tagName is None:
        return False
    tag = re.match(r"^[a-z][a-z0-9]*", simple)
    if tag and node.tagName != tag.group(0):
        return False
    for sigil, name, attr, value in _TOKEN.findall(simple):
        if sigil == "#" and node.attributes.get("id") != name:
            return False
        if sigil == "." and name not in node.attributes.get("class", "").split():
            return False
        if attr and node.attributes.get(attr) != value:
            return False
    return True


def select(platform, selector: str) -> list:
    """Elements matching a CSS selector of the kinds the tutorials use: compounds, descendants, "a || b" (first
    choice with a match)."""
    for choice in selector.split(" || "):
        parts = choice.split()
        found = nodes(platform, lambda n: _simple_matches(n, parts[0]))
        for part in parts[1:]:
            found = [m for f in found for m in f.find_all(lambda n, p=part: n is not f and _simple_matches(n, p))]
        if found:
            return found
    return []


def play_out(app, level: str = "baseline") -> None:
    """Play the table's game to its end, the person's moves chosen by a bot of ``level`` from the person's view."""
    from junban import bots

    table = app.screen
    bot = bots.make_bot(table.session.game, level, table.session.seed, table.viewer)
    while not table.session.is_over:
        table.act(bot.act(table.view()))
    app.render()
