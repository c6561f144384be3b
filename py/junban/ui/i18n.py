"""Texts of the UI in English and Japanese.

Catalogs live in ``junban.ui.text.<domain>`` modules as two dicts, ``EN`` and ``JA``, with the same keys
(a test checks it). ``t(key, **params)`` formats the text of the current language; a key with ``.one``/``.other``
forms picks by ``n``. A game's catalog is registered when its UI is imported, so start-up loads only what it shows.
"""
from __future__ import annotations

import importlib

LANGUAGES = {"en": "English", "ja": "日本語"}
DEFAULT_LANGUAGE = "en"

_catalogs: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
_registered: set[str] = set()
_current = DEFAULT_LANGUAGE


def register(domain: str) -> None:
    """Load ``junban.ui.text.<domain>`` into the catalogs (once)."""
    if domain in _registered:
        return
    module = importlib.import_module(f"junban.ui.text.{domain}")
    for lang in LANGUAGES:
        _catalogs[lang].update(getattr(module, lang.upper()))
    _registered.add(domain)


def set_language(lang: str) -> None:
    global _current
    _current = lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def language() -> str:
    return _current


def choose_language(preferred: list[str]) -> str:
    """The first of the browser's preferred languages we have ("ja-JP" counts as "ja"); English otherwise."""
    for tag in preferred:
        base = str(tag).split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE


def knows_error(err: Exception) -> bool:
    """Has ``err``'s code a sentence of its own in the catalogue?"""
    code = getattr(err, "code", None)
    if not code:
        return False
    key = f"err.{code}"
    known = _catalogs[_current].keys() | _catalogs[DEFAULT_LANGUAGE].keys()
    return key in known or f"{key}.other" in known


def error_text(err: Exception) -> str:
    """An engine error in the current language (by its code), or as it is when it has no translation."""
    if knows_error(err):
        return t(f"err.{err.code}", **getattr(err, "params", {}))
    return str(err)


def default_name(name: str, seat: int, kind: str) -> str:
    """A seat's name in the current language if it is the default one of any language ("Player 2" is
    「プレイヤー2」 in Japanese); a name a person chose stays as it is."""
    own = "seat.bot" if kind == "bot" else "seat.person"
    # (the other kind's too: a seat that changed hands mid-game keeps its name, "Player 2" played by a bot)
    for key in (own, "seat.person" if own == "seat.bot" else "seat.bot"):
        for lang in LANGUAGES:
            template = _catalogs[lang].get(key)
            if template and name == template.format(n=seat + 1):
                return t(key, n=seat + 1)
    return name


class _SafeParams(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def has(key: str) -> bool:
    """Is there a text for ``key`` (in the default language, which every text has)?"""
    return key in _catalogs[DEFAULT_LANGUAGE]


def t(key: str, /, **params) -> str:
    catalog = _catalogs[_current]
    if "n" in params:
        plural = f"{key}.{'one' if params['n'] == 1 else 'other'}"
        if plural in catalog:
            key = plural
    text = catalog.get(key)
    if text is None:
        text = _catalogs[DEFAULT_LANGUAGE].get(key, key)
    return text.format_map(_SafeParams(params)) if params else text
