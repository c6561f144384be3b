"""A small virtual DOM: screens describe the page as ``h(...)`` trees; ``Renderer`` patches the real DOM.

Why: re-rendering from the view after every action keeps the UI a function of the game state, while patching
(instead of replacing) keeps focus and scroll where the player left them. Text is only ever set as text
(``createTextNode``/``data``), never parsed as HTML, so a hostile name or rule cannot inject markup.

The renderer talks to any object with the DOM's shape (``createElement``, ``createElementNS``, ``createTextNode``,
``appendChild``, ``insertBefore``, ``removeChild``, ``setAttribute``, ``removeAttribute``): the browser's
``document`` in the app, a small fake in the CPython tests.

Attributes: strings and numbers are set as text; ``True`` sets an empty attribute; ``False``/``None`` removes it.
``key`` identifies a child among its siblings across renders (cards in a hand), it is not an attribute.
``value`` and ``checked`` are also written to the element's property, so inputs show what the state says.
"""
from __future__ import annotations

from typing import Iterable, Union

SVG_NS = "http://www.w3.org/2000/svg"
_PROPERTIES = ("value", "checked")


class VNode:
    """An element: tag, attributes, children (VNode or VText), optional key; ``el`` once mounted."""

    __slots__ = ("tag", "attrs", "children", "key", "el")

    def __init__(self, tag: str, attrs: dict, children: list, key: object = None):
        self.tag = tag
        self.attrs = attrs
        self.children = children
        self.key = key
        self.el = None

    def __repr__(self) -> str:  # for test failures
        return f"<{self.tag} {self.attrs}>{self.children}</{self.tag}>"


class VText:
    __slots__ = ("text", "el")

    def __init__(self, text: str):
        self.text = text
        self.el = None

    def __repr__(self) -> str:
        return repr(self.text)


Child = Union[VNode, str, int, None, Iterable]


def h(tag: str, attrs: dict | None = None, *children: Child) -> VNode:
    """Build an element. Children may be nodes, text, numbers, None (skipped) or nested lists."""
    attrs = dict(attrs) if attrs else {}
    key = attrs.pop("key", None)
    cls = attrs.get("class")
    if isinstance(cls, (list, tuple)):
        attrs["class"] = " ".join(c for c in cls if c)
    return VNode(tag, attrs, _flatten(children), key)


def _flatten(children) -> list:
    out: list = []
    for child in children:
        if child is None or child is False or child is True:
            continue
        if isinstance(child, (VNode, VText)):
            out.append(child)
        elif isinstance(child, str):
            if child:  # an empty text is no node (the page's HTML parser would make none of it either)
                out.append(VText(child))
        elif isinstance(child, (int, float)):
            out.append(VText(str(child)))
        else:
            out.extend(_flatten(child))
    return out


def text_of(node) -> str:
    """All text inside a tree (for tests and for accessible summaries)."""
    if isinstance(node, VText):
        return node.text
    return "".join(text_of(c) for c in node.children)


def find_all(node, predicate) -> list[VNode]:
    """Every element in a tree for which ``predicate(node)`` holds (tests use this on rendered screens)."""
    found = []
    if isinstance(node, VNode):
        if predicate(node):
            found.append(node)
        for child in node.children:
            found.extend(find_all(child, predicate))
    return found


class Renderer:
    """Keeps a container's children equal to the last rendered tree, touching only what changed.

    ``take_over(html)``: how the first render takes over what the container already shows (the first screen the
    build rendered into the page, ``junban.ui.prerender``): given the HTML of the tree about to be drawn, it returns
    the container's elements and text nodes in document order (comments left out) if the container shows exactly
    that, else None after emptying the container. Without it (or with None) the first render starts from nothing."""

    def __init__(self, document, container, take_over=None):
        self.document = document
        self.container = container
        self.tree: list = []
        self._take_over = take_over

    def render(self, children: Child) -> None:
        new = _flatten([children])
        if self._take_over is not None:
            take_over, self._take_over = self._take_over, None
            nodes = take_over(to_html(new))
            if nodes is not None and self._adopt(new, nodes):
                self.tree = new
                return
        self._patch_children(self.container, self.tree, new, svg=False)
        self.tree = new

    def _adopt(self, tree: list, nodes) -> bool:
        """Give each node of ``tree`` the page's element or text node at its place (``nodes``: document order);
        False if their numbers differ (then the tree is drawn afresh)."""
        order: list = []

        def walk(children):
            for child in children:
                order.append(child)
                if isinstance(child, VNode):
                    walk(child.children)

        walk(tree)
        if len(order) != len(nodes):
            return False
        for node, el in zip(order, nodes):
            node.el = el
        return True

    # -- creation

    def _create(self, node, svg: bool):
        if isinstance(node, VText):
            node.el = self.document.createTextNode(node.text)
            return node.el
        svg = svg or node.tag == "svg"
        el = self.document.createElementNS(SVG_NS, node.tag) if svg else self.document.createElement(node.tag)
        node.el = el
        for name, value in node.attrs.items():
            self._set_attr(el, name, value)
        for child in node.children:
            el.appendChild(self._create(child, svg and node.tag != "foreignObject"))
        return el

    def _set_attr(self, el, name: str, value) -> None:
        if value is None or value is False:
            el.removeAttribute(name)
            if name == "checked":
                el.checked = False
            return
        text = "" if value is True else str(value)
        el.setAttribute(name, text)
        if name in _PROPERTIES:
            if name == "checked":
                el.checked = True
            elif str(getattr(el, "value", "")) != text:
                el.value = text

    # -- patching

    def _patch(self, old, new, svg: bool) -> None:
        """``new`` takes over ``old``'s element (same kind and tag, checked by the caller)."""
        if new is old:
            return  # a subtree drawn once and used again as it is (the move log's turns): nothing changed
        new.el = old.el
        if isinstance(new, VText):
            if new.text != old.text:
                new.el.data = new.text
            return
        svg = svg or new.tag == "svg"
        el = new.el
        for name, value in new.attrs.items():
            if old.attrs.get(name, None) != value or name in _PROPERTIES:
                self._set_attr(el, name, value)
        for name in old.attrs:
            if name not in new.attrs:
                self._set_attr(el, name, None)
        self._patch_children(el, old.children, new.children, svg and new.tag != "foreignObject")

    def _patch_children(self, parent, old: list, new: list, svg: bool) -> None:
        # A new child already drawn (``el`` set) is a kept part (parts/kept.py): it is matched with itself if it
        # was here, never with another child (that would take its element from under it).
        if len(old) == len(new) and all(a is b or (b.el is None and getattr(a, "key", None) == getattr(b, "key", None)
                                                   and _same_kind(a, b)) for a, b in zip(old, new)):
            # The usual case (the same children, each in its place): no moves to work out.
            for a, b in zip(old, new):
                self._patch(a, b, svg)
            return
        here = {id(child) for child in old}
        again = {id(child) for child in new if child.el is not None and id(child) in here}
        keyed = {}
        unkeyed = []
        for child in old:
            if id(child) in again:
                continue
            key = getattr(child, "key", None)
            if key is not None:
                keyed[key] = child
            else:
                unkeyed.append(child)
        unkeyed.reverse()  # pop() from the end takes them in document order
        used = set()
        matches = []
        for child in new:
            match = None
            key = getattr(child, "key", None)
            if id(child) in again:
                match = child
            elif key is not None:
                candidate = keyed.get(key)
                if candidate is not None and id(candidate) not in used and _same_kind(candidate, child):
                    match = candidate
            else:
                while unkeyed:
                    candidate = unkeyed.pop()
                    if _same_kind(candidate, child):
                        match = candidate
                        break
                    # a different kind at this position is not reused; it is removed below
            if match is not None:
                used.add(id(match))
            matches.append(match)
        for child in old:
            if id(child) not in used:
                parent.removeChild(child.el)
        # The kept children in their page order; ``next_kept`` is the first not yet placed. Each new child goes
        # before it (or stays, if it is that one): one pass, however long the list (a long move log).
        kept = [child for child in old if id(child) in used]
        placed: set[int] = set()
        next_kept = 0
        for child, match in zip(new, matches):
            while next_kept < len(kept) and id(kept[next_kept]) in placed:
                next_kept += 1
            anchor = kept[next_kept] if next_kept < len(kept) else None
            if match is None:
                parent.insertBefore(self._create(child, svg), anchor.el if anchor is not None else None)
                continue
            self._patch(match, child, svg)
            placed.add(id(match))
            if match is anchor:
                next_kept += 1
            else:
                parent.insertBefore(child.el, anchor.el if anchor is not None else None)


def _same_kind(a, b) -> bool:
    if isinstance(a, VText) or isinstance(b, VText):
        return isinstance(a, VText) and isinstance(b, VText)
    return a.tag == b.tag


# ---------------------------------------------------------------------------- HTML (the build's first screens)

_VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"))


def _escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("\u00a0", "&nbsp;").replace("<", "&lt;").replace(">", "&gt;")


def _escape_attr(text: str) -> str:
    return (text.replace("&", "&amp;").replace("\u00a0", "&nbsp;").replace('"', "&quot;").replace("<", "&lt;")
            .replace(">", "&gt;"))  # < and > too, as Chromium and Firefox serialize attributes since 2025


def to_html(children: Child) -> str:
    """The HTML of a tree, exactly as a browser serializes the same DOM (``innerHTML``): what the build writes into
    the page for its first screen, and what ``Renderer`` compares with the page before taking it over. Text is
    escaped, never markup; two texts side by side are kept apart by an empty comment, as the page must keep them two
    nodes (the renderer patches each on its own)."""
    out: list[str] = []

    def write(nodes: list) -> None:
        previous_text = False
        for node in nodes:
            if isinstance(node, VText):
                if previous_text:
                    out.append("<!---->")
                out.append(_escape_text(node.text))
                previous_text = True
                continue
            previous_text = False
            out.append(f"<{node.tag}")
            for name, value in node.attrs.items():
                if value is None or value is False:
                    continue
                out.append(f' {name}="{"" if value is True else _escape_attr(str(value))}"')
            out.append(">")
            if node.tag in _VOID:
                continue
            write(node.children)
            out.append(f"</{node.tag}>")

    write(_flatten([children]))
    return "".join(out)
