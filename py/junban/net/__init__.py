"""Playing on several phones: what travels between the browsers (pure Python, CPython 3.11 and Pyodide)."""
