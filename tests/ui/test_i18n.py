"""Every UI text exists in English and Japanese, with the same placeholders."""
import importlib
import pkgutil
import re
import string

import junban.ui.text as text_pkg

DOMAINS = [m.name for m in pkgutil.iter_modules(text_pkg.__path__)]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_domain_has_the_same_keys_in_both_languages():
    assert DOMAINS, "no text catalogs found"
    for domain in DOMAINS:
        module = importlib.import_module(f"junban.ui.text.{domain}")
        en, ja = module.EN, module.JA
        assert set(en) == set(ja), f"{domain}: missing in ja {sorted(set(en) - set(ja))[:5]}, in en {sorted(set(ja) - set(en))[:5]}"
        for key in en:
            assert placeholders(en[key]) == placeholders(ja[key]), f"{domain}:{key} placeholders differ"
            assert ja[key].strip(), f"{domain}:{key} is empty in Japanese"


def test_rules_reference_exists_in_both_languages_where_a_game_has_one():
    for domain in DOMAINS:
        module = importlib.import_module(f"junban.ui.text.{domain}")
        rules = getattr(module, "RULES", None)
        if rules is not None:
            assert set(rules) == {"en", "ja"} and len(rules["en"]) == len(rules["ja"]) > 0


def test_every_key_used_in_the_ui_code_exists():
    import pathlib

    root = pathlib.Path(text_pkg.__file__).parents[1]
    keys: set[str] = set()
    for domain in DOMAINS:
        keys |= set(importlib.import_module(f"junban.ui.text.{domain}").EN)
    pattern = re.compile(r"""\bt\(\s*["']([a-z0-9_.\-]*[a-z0-9_\-])["']""")
    missing = []
    for path in root.rglob("*.py"):
        for key in pattern.findall(path.read_text(encoding="utf-8")):
            if key not in keys and f"{key}.one" not in keys:
                missing.append(f"{path.name}: {key}")
    assert not missing, missing


def test_every_error_code_raised_by_the_engine_has_a_translation():
    import pathlib

    root = pathlib.Path(text_pkg.__file__).parents[2]  # py/junban
    keys: set[str] = set()
    for domain in DOMAINS:
        keys |= set(importlib.import_module(f"junban.ui.text.{domain}").EN)
    codes = set()
    for path in root.rglob("*.py"):
        codes |= set(re.findall(r"""\bcode=["']([a-z0-9_.\-]+)["']""", path.read_text(encoding="utf-8")))
    assert codes, "no error codes found"
    missing = sorted(c for c in codes if f"err.{c}" not in keys and f"err.{c}.other" not in keys)
    assert not missing, missing
