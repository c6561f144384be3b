"""A QR code drawn as one SVG path from the platform's module matrix (rows of "0"/"1"), with its quiet zone."""
from __future__ import annotations

from junban.ui.dom import h

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
