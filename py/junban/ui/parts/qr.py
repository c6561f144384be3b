"""QR codes: drawn as one SVG path from the platform's module matrix (rows of "0"/"1"), with its quiet zone; and
what to say when the camera that would scan one cannot be used."""
from __future__ import annotations

from junban.ui.dom import h
from junban.ui.i18n import t

CAMERA_PROBLEMS = ("no-camera", "denied", "insecure")  # what platform.scan_start may report

QUIET = 4  # modules of white around the code, as the standard asks


def qr_svg(matrix: list[str], label: str, ident: str | None = None):
    """The code as an image named ``label`` (a screen reader hears what it is for, not its modules)."""
    size = len(matrix) + 2 * QUIET
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if row[x] == "1":
                start = x
                while x < len(row) and row[x] == "1":
                    x += 1
                runs.append(f"M{start + QUIET} {y + QUIET}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return h("svg", {"class": "qr", "viewBox": f"0 0 {size} {size}", "role": "img", "aria-label": label,
                     "id": ident, "shape-rendering": "crispEdges"},
             h("rect", {"width": str(size), "height": str(size), "fill": "#fff"}),
             h("path", {"d": "".join(runs), "fill": "#000"}))


def camera_problem(texts: str, code: object) -> str:
    """Why the camera cannot scan, in words (``texts``: "phones" at the host, "join" on a guest's phone, each saying
    what to do instead)."""
    return t(f"{texts}.camera.{code if code in CAMERA_PROBLEMS else 'no-camera'}")
