"""Browser entry point: start the Junban app on the page (PyScript runs this once Pyodide is up).

It leaves performance marks (junban:main, junban:imported; the platform marks junban:ready) that
tools/bench_startup.py reads: Python's own share of the start-up is from the first mark to the last.

The package comes in two archives (junban/archives.py): the first screen's, written into the file system by PyScript
before this runs, and the later one, which the first describes: the app fetches it once the first screen is up, or
this script asks for it at once and waits for it when the page opens on another address than home.
"""
import os
import sys
import traceback

from js import document, performance, window  # type: ignore[import-not-found]
from pyodide.ffi import jsnull  # type: ignore[import-not-found]

APP_ARCHIVE = "junban.zip"  # where PyScript writes the first screen's archive (build.py's pyscript.json "files")
LATER_ARCHIVE = "junban-later.zip"  # where the later archive is written once fetched


def use_japanese_font() -> None:
    """Link the Japanese font's stylesheet now that the first screen is up (index.html holds it back so that it
    does not slow the start)."""
    link = getattr(window, "junbanUseJapaneseFont", None)
    if link is not None:
        link()


performance.mark("junban:main")
try:
    # Import straight from the archive (zipimport is built in): only the modules this screen needs are inflated.
    sys.path.insert(0, os.path.join(os.getcwd(), APP_ARCHIVE))
    from junban.archives import LaterArchive

    later = LaterArchive.described_in(sys.path[0], os.path.join(os.getcwd(), LATER_ARCHIVE)).install()
    # A page opened on another screen than home needs the later part: asked for now, it comes while the app's own
    # modules are imported, and the screen is drawn once, not after "Loading…" (index.html's junbanLoadLater).
    arriving = window.junbanLoadLater(later.url) if window.location.hash not in ("", "#", "#/") else None
    from junban.ui.app import App
    from junban.ui.browser import BrowserPlatform

    performance.mark("junban:imported")
    if arriving is not None:
        try:
            later.arrived((await arriving).to_bytes())
        except Exception:  # not fetched: the app asks again, and says so if it fails again (with "Try again")
            traceback.print_exc()
    app = App(BrowserPlatform(later))
    app.start()  # takes over the first screen index.html shows (junban.ui.prerender), and does what was tapped
    boot = document.getElementById("boot")  # "Starting the game engine…"
    if boot not in (None, jsnull):
        boot.remove()
    use_japanese_font()
except Exception as err:  # show the person what broke instead of a page that never becomes ready
    traceback.print_exc()
    use_japanese_font()
    place = document.querySelector("#boot p")  # the start-up strip's words, or the app's place once it is gone
    if place in (None, jsnull):
        place = document.getElementById("app")
    if place not in (None, jsnull):
        place.textContent = f"Junban could not start: {type(err).__name__}: {err}"
    raise
