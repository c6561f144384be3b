"""Browser side of Junban. Only ``browser.py`` touches ``js``/``pyodide``; everything else renders ``dom.h`` trees
from engine views and reacts to intents, so it can be tested on CPython with a fake platform."""
