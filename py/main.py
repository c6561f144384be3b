"""Browser entry point: start the Junban app on the page (PyScript runs this once Pyodide is up)."""
from js import document  # type: ignore[import-not-found]

try:
    from junban.ui.app import App
    from junban.ui.browser import BrowserPlatform

    app = App(BrowserPlatform())
    shell = document.getElementById("shell")
    if shell is not None:
        shell.remove()
    app.start()
except Exception as err:  # show the person what broke instead of a page that never becomes ready
    import traceback

    traceback.print_exc()
    boot = document.querySelector(".boot p")
    if boot is not None:
        boot.textContent = f"Junban could not start: {type(err).__name__}: {err}"
    raise
