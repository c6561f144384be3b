"""Copies of plain data (what views and actions are made of): dict, list and tuple of str, int, float, bool, None.

``copy.deepcopy`` handles any object and pays for it with a memo; views are built on every render and every bot
decision, and only ever hold plain data, so they use this instead (several times faster).
"""
from __future__ import annotations


def plain_copy(value):
    """A deep copy of plain data; immutable leaves are shared."""
    kind = type(value)
    if kind is dict:
        return {key: plain_copy(item) for key, item in value.items()}
    if kind is list:
        return [plain_copy(item) for item in value]
    if kind is tuple:
        return tuple(plain_copy(item) for item in value)
    return value
