"""The browser tests' own fixtures (conftest.py): a context lent again by the pool is a fresh profile to the app on
the next test's server, and one a test changed for good is never lent again (docs/testing.md, *Part six*)."""
from __future__ import annotations

import pytest

from tests.browser.conftest import Server, Watch, open_app


@pytest.fixture
def context_pool(context_pool):
    if not context_pool.enabled:
        pytest.skip("the pool is off (JUNBAN_TEST_FRESH_CONTEXTS=1)")
    return context_pool

# A page of a server's origin that runs none of the app, to look at the origin's storage as it is.
PLAIN = "plain.html"

LEAVE_TRACES = """async () => {
    localStorage.setItem('probe', 'left'); sessionStorage.setItem('probe', 'left');
    document.cookie = 'probe=left; max-age=3600';
    await new Promise((done, fail) => { const r = indexedDB.open('probe'); r.onsuccess = done; r.onerror = fail; });
    await (await caches.open('probe')).put('probe', new Response('left'));
    await navigator.serviceWorker.ready;  // the app registers its worker once it is ready
}"""

TRACES = """async () => ({
    local: localStorage.length, session: sessionStorage.length, cookie: document.cookie,
    databases: (await indexedDB.databases()).map(d => d.name), caches: await caches.keys(),
    workers: (await navigator.serviceWorker.getRegistrations()).length})"""

CLEAN = {"local": 0, "session": 0, "cookie": "", "databases": [], "caches": [], "workers": 0}


def open_plain(page, server):
    page.route(server.base + PLAIN, lambda route: route.fulfill(body="<link rel=icon href='data:,'>plain",
                                                                content_type="text/html"))
    page.goto(server.base + PLAIN)


def lend(pool, watch, options):
    key, ctx = pool.take(options)
    watch.watch_context(ctx)
    return key, ctx


def give_back(pool, watch, key, ctx):
    watch.detach(ctx)
    pool.give_back(key, ctx)


def test_a_context_lent_again_is_a_fresh_profile_on_the_next_tests_server(context_pool, server, dist_dir):
    watch = Watch()
    options = {"viewport": {"width": 800, "height": 600}}  # a key no other test uses
    key, ctx = lend(context_pool, watch, options)
    keeper = list(ctx.pages)
    assert len(keeper) == 1, "a new pooled context holds its keeper page"
    page = open_app(ctx.new_page(), server)
    page.evaluate(LEAVE_TRACES)
    left = page.evaluate(TRACES)
    assert left["local"] >= 1 and left["session"] == 1 and left["cookie"] and "probe" in left["databases"] \
        and "probe" in left["caches"] and left["workers"] == 1, left
    give_back(context_pool, watch, key, ctx)

    next_server = Server(dist_dir)  # what the next test's ``server`` is: a port never served before
    try:
        assert next_server.port != server.port
        again_key, again = lend(context_pool, watch, options)
        assert again is ctx, "the same context is lent again"
        assert again.pages == keeper, "the test's pages were closed, the keeper kept"
        page = again.new_page()
        open_plain(page, next_server)  # a service worker left behind would answer it (a 404) instead of the route
        clean = page.evaluate(TRACES)
        # Cookies are a host's, whatever the port: the pool removes them.
        assert clean == CLEAN, clean
        open_app(page, next_server, "#/the-game?players=1&seed=pool")
        assert page.locator(".hand .card").count() == 8, "the app runs in it as in a new profile"
        give_back(context_pool, watch, again_key, again)
    finally:
        next_server.stop()
    watch.check()


def test_a_context_changed_for_good_or_closed_is_not_lent_again(context_pool, server):
    watch = Watch()
    options = {"viewport": {"width": 801, "height": 600}}
    key, ctx = lend(context_pool, watch, options)
    ctx.add_init_script("window.changed = true")
    give_back(context_pool, watch, key, ctx)
    key, other = lend(context_pool, watch, options)
    assert other is not ctx
    page = open_app(other.new_page(), server)
    assert page.evaluate("window.changed") is None

    other.on("request", lambda request: None)  # a listener of the test's own
    give_back(context_pool, watch, key, other)
    key, third = lend(context_pool, watch, options)
    assert third is not other

    third.close()
    give_back(context_pool, watch, key, third)
    assert all(c is not third for _, c in context_pool.idle)
    watch.check()


def test_a_server_never_takes_a_port_served_before(dist_dir, monkeypatch):
    import build

    first = Server(dist_dir)
    port = first.port
    first.stop()
    given = []
    make = build.make_server

    def system_gives_the_old_port_first(directory, _port=0):  # as the system may, once the port is free again
        given.append(port if not given else 0)
        return make(directory, given[-1])

    monkeypatch.setattr(build, "make_server", system_gives_the_old_port_first)
    second = Server(dist_dir)
    try:
        assert given[0] == port and second.port != port, (given, second.port)
    finally:
        second.stop()
