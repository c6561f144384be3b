"""Parts of a table drawn once and used again, as the very same objects, while what they are drawn from is equal.

A phone at a table with others draws its whole table after every update, though an update changes a handful of
its elements (a card on the layout, a seat's count). The renderer (``junban.ui.dom``) skips a subtree that is the
same object as last time without comparing it; a part kept here is drawn again only when its *inputs* changed: a
tuple of everything its drawing reads (the language is added here, as every part's words follow it), compared
with ``==``. An input left out would leave a part showing an old state: ``tests/ui/test_kept_parts.py`` draws
tables after seeded games both ways, kept and from scratch, and compares the pages.

The inputs must be values that do not change in place afterwards (tuples, numbers, strings; a copy of a list).
A kept part stands once in the page, and always under the same parent: each place it can be drawn at is its own
name. Among its siblings it may come and go and move: the renderer matches a child drawn before (its ``el`` set)
with itself, never with another child.
"""
from __future__ import annotations

from junban.ui.i18n import language


class Kept:
    """A screen's kept parts by name: (their inputs, the drawing)."""

    def __init__(self):
        self.parts: dict = {}

    def part(self, name, inputs: tuple, draw):
        """The part ``name``: drawn by ``draw()`` when ``inputs`` differ from its last drawing's, else that
        drawing itself."""
        inputs = (language(), inputs)
        cached = self.parts.get(name)
        if cached is not None and cached[0] == inputs:
            return cached[1]
        node = draw()
        self.parts[name] = (inputs, node)
        return node

    def clear(self) -> None:
        self.parts.clear()
