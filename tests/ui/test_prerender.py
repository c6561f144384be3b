"""The first screens drawn at build time (junban/ui/prerender.py) and how the app takes the page over from them
(dom.Renderer's take_over; the browser side: tests/browser/test_first_screen.py)."""
from __future__ import annotations

from junban.ui import i18n
from junban.ui.app import App
from junban.ui.dom import Renderer, h, to_html
from junban.ui.prerender import BUILD_DAY, BUILD_SEED, first_screen, first_screens
from tests.ui.fakedom import FakeDocument
from tests.ui.fakeplatform import FakePlatform


def test_every_first_screen_is_drawn_in_both_languages():
    before = i18n.language()  # whatever an earlier test in this process left
    screens = {(s.route, s.lang): s for s in first_screens()}
    routes = {route for route, _ in screens}
    assert {"home", "setup the-game", "setup 23", "setup eleusis", "rules the-game", "rules 23", "rules eleusis",
            "loading"} <= routes
    assert all((route, lang) in screens for route in routes for lang in ("en", "ja"))
    home = screens["home", "en"]
    assert 'class="game-tile game-the-game"' in home.html and f"seed={BUILD_DAY}" in home.html
    assert screens["home", "ja"].html.count("新しいゲーム") >= 3
    assert "game-tile" not in screens["loading", "en"].html, "a deal link never shows home's games"
    assert screens["rules 23", "en"].title == "Rules of 23 · Junban"
    assert i18n.language() == before, "drawing them leaves the language as it was"


def test_the_same_code_draws_the_same_first_screens():
    """The build's version is a hash of its files: a first screen that changed from build to build (a setup screen's
    random seed did) made a redeploy of the same code a new version, downloaded again by every returning player."""
    first, again = first_screens(), first_screens()
    assert [s.html for s in first] == [s.html for s in again]
    setup = next(s for s in first if s.route == "setup the-game" and s.lang == "en")
    assert f'value="{BUILD_SEED}"' in setup.html


def test_the_html_is_text_never_markup():
    hostile = '<img src=x onerror="alert(1)"> & "quotes"'
    html = to_html(h("p", {"title": hostile, "hidden": True, "data-x": None}, hostile, "two", h("br", {})))
    assert html == ('<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;quotes&quot;" hidden="">'
                    '&lt;img src=x onerror="alert(1)"&gt; &amp; "quotes"<!---->two<br></p>')


def nodes_in_order(container) -> list:
    order = []

    def walk(node):
        for child in node.childNodes:
            order.append(child)
            walk(child)

    walk(container)
    return order


def page():
    return [h("header", {"class": "topbar"}, h("a", {"href": "#/"}, "Junban")),
            h("main", {"id": "main"}, h("h1", {}, "Title"), h("p", {}, "one ", "two"), "")]


def test_the_first_render_takes_the_page_over_when_it_shows_the_same():
    document = FakeDocument()
    container = document.createElement("div")
    Renderer(document, container).render(page())  # what the build wrote into the page
    arrived = nodes_in_order(container)
    document.mutations = 0
    asked = []

    def take_over(html):
        asked.append(html)
        return list(arrived)

    renderer = Renderer(document, container, take_over)
    renderer.render(page())
    assert asked == [to_html(page())]
    assert document.mutations == 0 and nodes_in_order(container) == arrived, "nothing drawn again"
    renderer.render([page()[0], h("main", {"id": "main"}, h("h1", {}, "Other"))])
    assert arrived[4].tagName == "h1" and arrived[4].textContent == "Other", "later renders patch the same nodes"


def test_a_page_that_shows_something_else_is_drawn_afresh():
    document = FakeDocument()
    container = document.createElement("div")
    renderer = Renderer(document, container, lambda html: None)  # the page emptied #app: it showed another screen
    renderer.render(page())
    assert container.childNodes[1].find_all(lambda n: n.tagName == "h1")[0].textContent == "Title"


def test_the_app_draws_home_as_the_build_drew_it_so_the_page_is_taken_over():
    platform = FakePlatform(today=BUILD_DAY)  # a first visit on the day the build drew (index.html dates the rest)
    seen = []
    platform.take_over = lambda html: seen.append(html)  # None: drawn afresh (the fake page holds nothing)
    App(platform).start()
    assert seen == [first_screen("home", "en").html]


def test_what_was_tapped_before_the_app_was_up_is_carried_out():
    platform = FakePlatform()
    platform.early_intents = lambda: [("act", "app:lang", "ja"), ("act", "app:go", "#/rules/23")]
    app = App(platform)
    app.start()
    assert i18n.language() == "ja" and app.settings["lang"] == "ja"
    assert platform.hash == "#/rules/23" and type(app.screen).__name__ == "RulesScreen"
    app.services.set_setting("lang", "en")
