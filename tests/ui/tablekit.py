"""What the CPython table tests share: start the app on the fake platform, find things as a person would (by
role, name, id), click them."""
from __future__ import annotations

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
