"""A minimal stand-in for the browser DOM, enough for junban.ui.dom.Renderer (CPython tests only).

It counts mutations so tests can check that a re-render touches only what changed.
"""
from __future__ import annotations


class FakeNode:
    def __init__(self, document, tag=None, text=None, ns=None):
        self.document = document
        self.tagName = tag
        self.namespace = ns
        self.data = text
        self.attributes: dict[str, str] = {}
        self.childNodes: list[FakeNode] = []
        self.parentNode = None
        self.value = ""
        self.checked = False

    # -- DOM methods used by the renderer
    def setAttribute(self, name, value):
        self.document.mutations += 1
        self.attributes[name] = value

    def removeAttribute(self, name):
        self.document.mutations += 1
        self.attributes.pop(name, None)

    def appendChild(self, child):
        return self.insertBefore(child, None)

    def insertBefore(self, child, anchor):
        self.document.mutations += 1
        if child.parentNode is not None:
            child.parentNode.childNodes.remove(child)
        index = len(self.childNodes) if anchor is None else self.childNodes.index(anchor)
        self.childNodes.insert(index, child)
        child.parentNode = self
        return child

    def removeChild(self, child):
        self.document.mutations += 1
        self.childNodes.remove(child)
        child.parentNode = None
        return child

    # -- helpers for tests
    @property
    def textContent(self):
        if self.tagName is None:
            return self.data
        return "".join(c.textContent for c in self.childNodes)

    def find_all(self, predicate) -> list:
        """Every element below and including this one that ``predicate`` accepts, in document order."""
        if self.tagName is None:
            return []
        found = [self] if predicate(self) else []
        for child in self.childNodes:
            found.extend(child.find_all(predicate))
        return found

    def html(self) -> str:
        if self.tagName is None:
            return self.data
        attrs = "".join(f' {k}="{v}"' for k, v in sorted(self.attributes.items()))
        return f"<{self.tagName}{attrs}>{''.join(c.html() for c in self.childNodes)}</{self.tagName}>"


class FakeDocument:
    def __init__(self):
        self.mutations = 0

    def createElement(self, tag):
        return FakeNode(self, tag=tag)

    def createElementNS(self, ns, tag):
        return FakeNode(self, tag=tag, ns=ns)

    def createTextNode(self, text):
        return FakeNode(self, text=text)
