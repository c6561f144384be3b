"""The package in two archives (build.py's FIRST_SCREEN_FILES, junban/archives.py), on CPython: the app runs from the
first screen's archive alone, and everything that needs the rest waits for the later archive, then happens.

Each case runs in a fresh interpreter whose only copy of the package is the two archives built from the sources
(as .py: the split is the build's, the bytecode Pyodide's is tested in tests/browser/test_offline_build.py), so a
module missing from the first archive cannot be hidden by the source tree."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import build
from junban.storage import KEEP_FINISHED_SAVES, SAVE_PREFIX, Store
from tests.ui.fakeplatform import DictStorage
from tests.ui.tablekit import start

ROOT = Path(__file__).resolve().parents[2]

# Run in the fresh interpreter: STEPS is a list of [what, argument] the app goes through; after each step the
# probe records what a person would see (the screen's class, its heading, the notices, ready) and which of the
# package's modules came from where.
PROBE = r"""
import json, sys
first, later, root, later_path, storage, steps = json.loads(sys.argv[1])
sys.path[:0] = [first, root]
from junban.archives import LaterArchive
hook = LaterArchive.described_in(first, later_path).install()
from tests.ui.fakeplatform import DictStorage, FakePlatform
from junban.ui.app import App

platform = FakePlatform(DictStorage(storage), hash_text=steps[0][1])
platform.later_code_arrives = False
app = App(platform)
seen = []

def look(step):
    h1 = platform.root.find_all(lambda n: getattr(n, "tagName", None) == "h1")
    seen.append({"step": step, "screen": type(app.screen).__name__, "ready": platform.ready,
                 "h1": h1[0].textContent if h1 else None, "notices": [n.text for n in app.notices],
                 "asked": len(platform.later_code_requests), "hash": platform.hash,
                 "prune": bool(platform.root.find_all(lambda n: n.attributes.get("id") == "prune")),
                 "saves": [n.textContent for n in platform.root.find_all(
                     lambda n: n.attributes.get("class") == "save-info")],
                 "retry": bool(platform.root.find_all(lambda n: n.attributes.get("data-act") == "app:later-retry"))})

for what, arg in steps:
    if what == "start":
        app.start()
    elif what == "arrive":  # the fetch succeeds: the archive's bytes reach the file system
        with open(later, "rb") as f:
            hook.arrived(f.read())
        platform.later_code_requests[-1](None)
    elif what == "fail":
        platform.later_code_requests[-1](arg)
    elif what == "act":
        app.dispatch(*arg)
    elif what == "go":
        platform.set_hash(arg)
        app.hash_changed(arg)
    look(what)

modules = {name: getattr(module, "__file__", "") or "" for name, module in sys.modules.items()
           if name == "junban" or name.startswith("junban.")}
print(json.dumps({"seen": seen, "outside": sorted(n for n, f in modules.items()
                                                   if not f.startswith((first, later_path)))}))
"""


@pytest.fixture(scope="module")
def archives(tmp_path_factory) -> tuple[Path, Path]:
    """The package's two archives as build.py splits it, with sources in place of Pyodide's bytecode."""
    folder = tmp_path_factory.mktemp("archives")
    files = {path.relative_to(build.PY_SOURCE).as_posix(): path.read_bytes() for path in build._package_files()}
    first_zip, later_zip, later_name = build.package_archives(files)
    first, later = folder / "first.zip", folder / later_name
    first.write_bytes(first_zip)
    later.write_bytes(later_zip)
    return first, later


def run(archives, tmp_path, steps, storage: dict | None = None) -> dict:
    first, later = archives
    request = json.dumps([str(first), str(later), str(ROOT), str(tmp_path / "junban-later.zip"), storage or {},
                          steps])
    out = subprocess.run([sys.executable, "-c", PROBE, request], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def a_device_with_a_game_under_way() -> dict:
    """Storage holding The Game with one card played (made with the whole package, in this process)."""
    from tests.ui.test_the_game_ui import SOLO, hand, play

    app, platform = start(SOLO)
    play(app, platform, max(hand(app)), 0)
    assert [key for key in platform.storage.data if key.startswith(SAVE_PREFIX)]  # saved, with its move
    return platform.storage.data


def test_the_first_archive_holds_no_game_and_every_file_is_in_one_archive(archives):
    import zipfile

    first, later = (set(zipfile.ZipFile(path).namelist()) for path in archives)
    assert not first & later
    assert not any(name.startswith(("junban/games/", "junban/ui/games/")) and not name.endswith("__init__.py")
                   for name in first)
    package = {path.relative_to(build.PY_SOURCE).as_posix() for path in build._package_files()}
    assert first | later == package | {"junban/later.json"}
    assert first == set(build.FIRST_SCREEN_FILES) | {"junban/later.json"}
    described = json.loads(zipfile.ZipFile(archives[0]).read("junban/later.json"))
    assert described["url"] == f"./{archives[1].name}"  # the later archive built with it, by its hash
    assert described["modules"]["junban.games.the_game"] is True  # a package
    assert described["modules"]["junban.ui.games.the_game"] is False
    assert "junban.ui.games" not in described["modules"]  # its __init__ is in the first archive


def a_damaged_device() -> dict:
    """A game under way, names kept in the settings, and a save that is not JSON."""
    backend = DictStorage(a_device_with_a_game_under_way())
    Store(backend, clock=lambda: 0.0).write_settings({"lang": "en", "names": ["Aki", "Bo"]})
    backend.set(SAVE_PREFIX + "broken000001", "{not json")
    return backend.data


def a_device_with_many_finished_games() -> dict:
    """More finished games than the store keeps without asking: home offers to remove the oldest."""
    from tests.ui.test_transfer import a_game

    backend = DictStorage(a_device_with_a_game_under_way())
    finished = a_game(None)
    store = Store(backend, clock=lambda: 0.0)
    for n in range(KEEP_FINISHED_SAVES + 1):
        store.write_save(dict(finished, id=f"done{n:04d}", updated=float(n + 10)))
    return backend.data


@pytest.mark.parametrize("storage_kind", ["empty", "a game under way", "damaged", "many finished"])
def test_the_home_screen_comes_up_from_the_first_archive_alone(archives, tmp_path, storage_kind):
    storage = {"empty": dict, "a game under way": a_device_with_a_game_under_way, "damaged": a_damaged_device,
               "many finished": a_device_with_many_finished_games}
    result = run(archives, tmp_path, [["start", "#/"]], storage[storage_kind]())
    [shown] = result["seen"]
    assert shown["screen"] == "HomeScreen" and shown["ready"] is True
    assert shown["h1"].startswith("Junban")
    if storage_kind != "empty":  # the saved game is listed, with its button to go on
        assert any("The Game" in text for text in shown["saves"])
    if storage_kind == "many finished":
        assert shown["prune"]  # the offer to remove the oldest, drawn from the first archive
    if storage_kind == "damaged":  # what could not be read is said on the first screen, and only that
        assert [text[:40] for text in shown["notices"]] == ["Junban could not read a saved game: it i"]
    assert shown["asked"] == 1  # and the later archive is asked for, in the background
    assert result["outside"] == []  # every module from the archives, none from the source tree


def test_a_game_link_waits_for_the_later_archive_then_opens_the_game(archives, tmp_path):
    result = run(archives, tmp_path, [["start", "#/the-game?seed=12&players=2&bots=1"], ["arrive", None]])
    waiting, opened = result["seen"]
    assert waiting["screen"] == "LoadingScreen" and waiting["h1"] == "Loading the games…"
    assert waiting["ready"] is False  # ready means the screen asked for is up
    assert opened["screen"] == "TableScreen" and opened["ready"] is True
    assert opened["hash"].startswith("#/play/")
    assert opened["asked"] == 1  # one fetch, not one per import
    assert result["outside"] == []


def test_an_intent_on_the_first_screen_that_needs_a_game_is_done_once_the_code_is_in(archives, tmp_path):
    result = run(archives, tmp_path, [["start", "#/"], ["act", ["app:go", "#/history"]], ["arrive", None]])
    home, waiting, shown = result["seen"]
    assert home["screen"] == "HomeScreen"
    assert waiting["screen"] == "LoadingScreen" and waiting["hash"] == "#/history"
    assert shown["screen"] == "HistoryScreen" and shown["hash"] == "#/history"


def test_a_failed_fetch_says_why_offers_to_try_again_and_then_opens_the_screen(archives, tmp_path):
    result = run(archives, tmp_path, [["start", "#/23"], ["fail", "HTTP 404"], ["act", ["app:later-retry", ""]],
                                      ["arrive", None]])
    waiting, failed, again, shown = result["seen"]
    assert waiting["screen"] == "LoadingScreen" and waiting["ready"] is False
    assert failed["screen"] == "LoadingScreen" and failed["h1"] == "The games could not be loaded"
    assert failed["retry"] and failed["ready"] is True  # the page is usable: Try again, or home
    assert again["screen"] == "LoadingScreen" and again["asked"] == 2  # fetched again
    assert shown["screen"] == "SetupScreen" and shown["hash"] == "#/23"


def test_leaving_a_waiting_screen_for_home_drops_it(archives, tmp_path):
    result = run(archives, tmp_path, [["start", "#/eleusis"], ["go", "#/"], ["arrive", None]])
    waiting, home, after = result["seen"]
    assert waiting["screen"] == "LoadingScreen"
    assert home["screen"] == "HomeScreen" and home["ready"] is True
    assert after["screen"] == "HomeScreen" and after["hash"] == "#/"  # the eleusis setup does not pop up later


def classes_drawn(platform) -> set[str]:
    return {name for node in platform.root.find_all(lambda n: True)
            for name in (getattr(node, "attributes", {}).get("class") or "").split()}


def test_the_first_screens_stylesheets_style_everything_the_home_screen_draws():
    """The tables' stylesheets come with the later archive: a class the home screen (or the loading screen) draws
    that some stylesheet styles must be styled by the first screen's own (build.py's FIRST_SCREEN_STYLES)."""
    import re

    from junban.ui.screens.loading import LoadingScreen

    drawn = set()
    for storage in ({}, a_device_with_a_game_under_way(), a_device_with_many_finished_games()):
        app, platform = start("#/", storage=DictStorage(dict(storage)))
        drawn |= classes_drawn(platform)
        for save in platform.root.find_all(lambda n: n.attributes.get("data-act") == "home:delete")[:1]:
            app.dispatch("home:delete", save.attributes["data-arg"])  # "Delete this game?" with its buttons
            drawn |= classes_drawn(platform)
        if platform.root.find_all(lambda n: n.attributes.get("id") == "prune"):
            app.dispatch("prune:ask", None)  # "Remove the oldest?" with its buttons
            drawn |= classes_drawn(platform)
        app.services.notify("The games could not be loaded", "error", key="later",
                            action=("Try again", "app:later-retry", ""))  # a notice with a button
        app.render()
        drawn |= classes_drawn(platform)
        for failed in (None, "HTTP 404"):
            app.show(LoadingScreen(app.services, failed))
            drawn |= classes_drawn(platform)
    sheets = {path.name: path.read_text(encoding="utf-8") for path in (ROOT / "assets" / "css").glob("*.css")}
    assert set(build.FIRST_SCREEN_STYLES) <= set(sheets)

    def styled(name: str, names) -> bool:
        return any(re.search(r"\." + re.escape(name) + r"(?![\w-])", sheets[sheet]) for sheet in names)

    assert {"daily-box", "save-info", "confirm-text", "boot-bar", "st-prune", "notice-action"} <= drawn  # all drawn
    unstyled = sorted(name for name in drawn if styled(name, sheets) and not styled(name, build.FIRST_SCREEN_STYLES))
    assert unstyled == []


def test_a_setting_kept_aside_at_start_is_said_when_the_app_opens_at_a_game(archives, tmp_path):
    """Issue 39: a settings value kept aside at start-up was said at ``#/``, never when the app opened at
    ``#/play/<id>`` (the table waits for the later archive)."""
    from junban.storage import SETTINGS_KEY

    storage = dict(a_device_with_a_game_under_way())
    storage[SETTINGS_KEY] = json.dumps({"schema": 1, "type": "settings", "values": {"speed": {}, "lang": "en"}})
    save_id = next(k for k in storage if k.startswith(SAVE_PREFIX))[len(SAVE_PREFIX):]
    result = run(archives, tmp_path, [["start", f"#/play/{save_id}"], ["arrive", None]], storage)
    waiting, opened = result["seen"]
    assert opened["screen"] == "TableScreen"
    assert any("could not read the settings" in text for text in opened["notices"]), opened["notices"]
