"""The browser tests' own fixtures (conftest.py): a context lent again by the pool is a fresh profile to the app,
and one a test changed for good is never lent again (docs/testing.md)."""
from __future__ import annotations

from tests.browser.conftest import READY, Watch, open_app

# A page of the test server's origin that runs none of the app, to look at the origin's storage as it is.
PLAIN = "plain.html"


def open_plain(page, server):
    page.route(server.base + PLAIN, lambda route: route.fulfill(body="<link rel=icon href='data:,'>plain",
                                                                content_type="text/html"))
    page.goto(server.base + PLAIN)

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


def lend(pool, watch, options):
    key, ctx = pool.take(options)
    watch.watch_context(ctx)
    return key, ctx


def give_back(pool, watch, key, ctx):
    watch.detach(ctx)
    pool.give_back(key, ctx, watch.origins)


def test_a_context_lent_again_has_nothing_of_the_test_before(context_pool, server):
    watch = Watch()
    options = {"viewport": {"width": 800, "height": 600}}  # a key no other test uses
    key, ctx = lend(context_pool, watch, options)
    page = open_app(ctx.new_page(), server)
    page.evaluate(LEAVE_TRACES)
    left = page.evaluate(TRACES)
    assert left["local"] >= 1 and left["session"] == 1 and left["cookie"] and "probe" in left["databases"] \
        and "probe" in left["caches"] and left["workers"] == 1, left
    give_back(context_pool, watch, key, ctx)

    again_key, again = lend(context_pool, watch, options)
    assert again is ctx, "the same context is lent again"
    assert again.pages == []
    page = again.new_page()
    open_plain(page, server)  # a service worker left behind would answer it (with a 404) instead of the route
    assert page.evaluate(TRACES) == CLEAN
    open_app(page, server, "#/the-game?players=1&seed=pool")
    assert page.locator(".hand .card").count() == 8, "the app runs in it as in a new profile"
    give_back(context_pool, watch, again_key, again)
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


def test_the_page_fixture_is_ready_to_boot(page, server):
    open_app(page, server)
    assert page.locator(READY).count() == 1
