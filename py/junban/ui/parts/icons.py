"""Small icons drawn as inline SVG (no emoji: a device without an emoji font would show a box)."""
from __future__ import annotations

from junban.ui.dom import h


def phone_icon(cls: str = "icon phone-icon"):
    """A phone: a rounded slab with a screen and a button dot."""
    return h("svg", {"class": cls, "viewBox": "0 0 16 16", "aria-hidden": "true", "focusable": "false"},
             h("rect", {"x": "4", "y": "1", "width": "8", "height": "14", "rx": "1.6", "fill": "none",
                        "stroke": "currentColor", "stroke-width": "1.5"}),
             h("circle", {"cx": "8", "cy": "12.4", "r": "0.9", "fill": "currentColor"}))
