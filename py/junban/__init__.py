"""Junban: card games about order (The Game, 23, Eleusis).

The engine is pure Python (standard library only) and runs on CPython >= 3.11 and in the browser on Pyodide.
Browser-only code lives in ``junban.ui``; everything else is importable and testable on CPython.
"""

__version__ = "0.1.0"
