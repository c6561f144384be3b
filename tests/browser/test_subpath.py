"""The build served under a subpath, as a GitHub Pages project site serves it (https://<user>.github.io/junban/):
the app, its service worker and its manifest stay inside /junban/, Chrome finds it installable, and a game is
played on a page the service worker served."""
from __future__ import annotations

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, DESKTOP, open_app
from tests.browser.test_offline import own_server, play_a_turn_from_home, wait_for_offline_copy  # noqa: F401

import build


def test_the_app_installs_and_plays_under_a_subpath(browser, watch, own_server, dist_dir, tmp_path):  # noqa: F811
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "junban").symlink_to(dist_dir, target_is_directory=True)
    server = own_server(tmp_path / "site", prefix="junban/")
    base = server.base
    # A persistent profile: Chrome does not offer to install apps from an incognito-like context.
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=DESKTOP)
    try:
        watch.attach(context)
        context.on("page", watch.attach_page)
        requested: list[str] = []
        context.on("request", lambda request: requested.append(request.url))
        first = context.new_page()
        open_app(first, server)

        offline = wait_for_offline_copy(first)
        assert offline["scope"] == base
        assert offline["caches"] and all(name.startswith(f"junban {base} ") for name in offline["caches"])

        cdp = context.new_cdp_session(first)
        read = cdp.send("Page.getAppManifest")
        assert read["url"] == base + "manifest.webmanifest" and read["errors"] == []
        manifest = read["manifest"]
        assert (manifest["startUrl"], manifest["scope"], manifest["display"]) == (base, base, "kStandalone")
        icons = {icon["url"] for icon in manifest["icons"]}
        assert icons == {base + f"assets/icons/{name}" for name in ("icon.svg", "icon-192.png", "icon-512.png")}
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        sizes = first.evaluate("""async urls => Promise.all(urls.map(async url => {
            const bitmap = await createImageBitmap(await (await fetch(url)).blob());
            return [url.split("/").pop(), bitmap.width, bitmap.height];
        }))""", [base + f"assets/icons/{name}" for name in build.ICON_PNG_SIZES])
        assert sorted(map(tuple, sizes)) == sorted((name, n, n) for name, n in build.ICON_PNG_SIZES.items())

        page = context.new_page()
        answered: list[tuple[str, bool]] = []
        page.on("response", lambda response: answered.append((response.url, response.from_service_worker)))
        open_app(page, server)
        play_a_turn_from_home(page)
        not_from_cache = [url for url, from_worker in answered if not from_worker]
        assert not not_from_cache, f"the service worker did not serve: {not_from_cache[:5]}"
        assert len(answered) > 10
        outside = [url for url in requested if not url.startswith(base)]
        assert not outside, f"requests outside {base}: {outside[:5]}"
    finally:
        context.close()
