#!/usr/bin/env python3
"""Build, serve and test Junban.

    python build.py                 build dist/
    python build.py serve [--port N] [--no-build]
                                    build, then serve dist/ on 127.0.0.1 and print the URL
    python build.py test [--fast] [PYTEST ARGS]
                                    install what the tests need (Debian chromium, pip
                                    requirements, npm ci), build once, run pytest
                                    (in one process per core: pytest-xdist); --fast: the
                                    CPython tests and one browser smoke test per game

dist/ is self-contained and uses only relative URLs, so it works at / and under a subpath
(a GitHub Pages project site). Pyodide and PyScript are vendored from node_modules (npm);
nothing is ever fetched from a CDN.
"""
from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import io
import json
import math
import os
import shutil
import socketserver
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Made at build time next to them: Pyodide's memory after its own start-up (see snapshot_pyodide).
PYODIDE_SNAPSHOT = "pyodide-snapshot.bin"
PY_SOURCE = ROOT / "py"
PACKAGE = "junban"
# Files of the Python package that ship to the browser (besides *.py).
PACKAGE_DATA_SUFFIXES = (".json", ".txt", ".md")
# Parts of the package that never run in the browser.
BROWSER_EXCLUDED = ("bench",)
# Standard library modules that ship though nothing imports them yet (build_stdlib_zip): the codecs a page may meet
# and small modules a change to the app is likely to reach for, so that a new import does not fail for want of them.
# Sources, with what they import in turn. tests/browser/test_offline_build.py imports every module the app's sources
# name from the zip the build made.
STDLIB_MARGIN = (
    "json", "re", "copy", "string", "textwrap", "statistics", "fractions", "difflib", "pprint", "calendar",
    "encodings.ascii", "encodings.latin_1", "encodings.utf_8_sig", "encodings.utf_16", "encodings.utf_16_le",
    "encodings.utf_16_be", "encodings.utf_32", "encodings.cp437", "encodings.cp1252", "encodings.idna",
    "encodings.punycode", "encodings.unicode_escape", "encodings.raw_unicode_escape",
)
# What the page's own Python imports besides the app after Pyodide's start-up: PyScript's bootstrap (html, for
# html.escape). Shipped as bytecode like the app's imports (tests/browser/test_startup.py checks the page compiles
# no module of the standard library).
PAGE_STDLIB = ("html",)
APP_ARCHIVE_IN_BROWSER = "junban.zip"  # py/main.py puts this path on sys.path
LATER_ARCHIVE_IN_BROWSER = "junban-later.zip"  # where junban.archives.LaterArchive writes the later archive
# The package's files the first screen needs (the home screen, the start-up checks of storage, the browser
# platform): they ship in the archive the page fetches before Python starts. Everything else (each game, its
# table and bots, the tutorials, the other screens) ships in the later archive, fetched once the first screen is
# up (junban/archives.py). tests/ui/test_archives.py renders the home screen from this list alone.
FIRST_SCREEN_FILES = (
    "junban/__init__.py", "junban/archives.py", "junban/bots.py", "junban/daily.py", "junban/errors.py",
    "junban/links.py", "junban/rng.py", "junban/session.py", "junban/storage.py",
    "junban/games/__init__.py",
    "junban/ui/__init__.py", "junban/ui/app.py", "junban/ui/browser.py", "junban/ui/daily_ui.py",
    "junban/ui/dom.py", "junban/ui/i18n.py", "junban/ui/records.py", "junban/ui/services.py",
    "junban/ui/games/__init__.py",
    "junban/ui/screens/__init__.py", "junban/ui/screens/home.py", "junban/ui/screens/loading.py",
    "junban/ui/screens/old_games.py",
    "junban/ui/text/__init__.py", "junban/ui/text/common.py", "junban/ui/text/errors.py",
    "junban/ui/text/help.py", "junban/ui/text/storage.py",
)
# The stylesheets (assets/css/) the first screen needs, bundled in name order and written into index.html in place
# of its link to assets/junban.css (index_html); the others (the tables', help, storage) into
# assets/junban-later.css, which the page links when it fetches the later archive (index.html's junbanLoadLater). tests/ui/test_archives.py checks that the
# first ones style everything the home screen draws.
FIRST_SCREEN_STYLES = ("00-base.css", "05-app-update.css")
LATER_STYLESHEET = "junban-later.css"
ASSETS = ROOT / "assets"
# Files of assets/ that are not copied to dist/assets/ as they are.
SW_TEMPLATE = ASSETS / "sw.template.js"  # becomes dist/sw.js (it must sit next to index.html: scope "./")
MANIFEST = ASSETS / "manifest.webmanifest"  # copied to dist/ (its start_url and scope "./" mean the app's folder)


# The Japanese webfont (npm, SIL OFL): a variable Noto Sans JP cut by Unicode ranges, so a page downloads only
# the parts holding the glyphs it shows. Used where the system has no Japanese font (see vendor_japanese_font).
FONT_PACKAGE = NODE_MODULES / "@fontsource-variable" / "noto-sans-jp"
FONT_DIR = "vendor/fonts"  # in dist/: noto-sans-jp.css and noto-sans-jp/*.woff2
FONT_CSS = f"{FONT_DIR}/noto-sans-jp.css"

# QR codes for pairing phones (assets/qr.js, loaded only when someone pairs): an encoder and a decoder from npm,
# copied as they are into dist/vendor/qr/ (their licences beside them; docs/multiplayer.md).
QR_DIR = "vendor/qr"
QR_FILES = {  # node_modules path -> name in dist/vendor/qr/
    "qrcode-generator/dist/qrcode.mjs": "qrcode.mjs",  # MIT (the notice is the file's own header)
    "jsqr/dist/jsQR.js": "jsQR.js",  # Apache-2.0
    "jsqr/LICENSE": "jsQR-LICENSE.txt",
}


class BuildError(Exception):
    """A build step failed in a way the person can fix; the message says how."""


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


# --------------------------------------------------------------------------- npm


def ensure_node_modules() -> None:
    """Run `npm ci` when node_modules is missing (or lacks a pinned package)."""
    needed = [NODE_MODULES / "pyodide" / "pyodide.mjs", NODE_MODULES / "@pyscript" / "core" / "dist" / "core.js",
              FONT_PACKAGE / "index.css", *(NODE_MODULES / path for path in QR_FILES)]
    if all(p.exists() for p in needed):
        return
    npm = shutil.which("npm")
    if not npm or not shutil.which("node"):
        raise BuildError(
            "node and npm are needed to vendor Pyodide and PyScript from npm, but were not found on PATH.\n"
            "Install Node.js 18 or newer (e.g. `apt-get install nodejs npm`) and run this again."
        )
    log("node_modules missing: running npm ci")
    result = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT)
    if result.returncode != 0:
        raise BuildError("`npm ci` failed (see its output above).")
    missing = [str(p.relative_to(ROOT)) for p in needed if not p.exists()]
    if missing:
        raise BuildError(f"`npm ci` finished but these files are missing: {', '.join(missing)}")


# --------------------------------------------------------------------------- build


def _copy(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def _package_files() -> list[Path]:
    """Every file of the junban package that runs in the browser, sorted for a stable archive."""
    files = []
    for path in sorted((PY_SOURCE / PACKAGE).rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        if path.relative_to(PY_SOURCE / PACKAGE).parts[0] in BROWSER_EXCLUDED:
            continue
        if path.suffix == ".py" or path.suffix in PACKAGE_DATA_SUFFIXES:
            files.append(path)
    return files


def run_node_tool(script: str, args: list[str] | None = None, stdin: bytes = b"", what: str = "",
                  env: dict[str, str] | None = None) -> bytes:
    """Run tools/<script> under node (which runs the vendored Pyodide at build time); return its stdout.
    ``env``: the environment, if not this process's."""
    node = shutil.which("node")
    if not node:
        raise BuildError(f"node is needed {what}, but was not found on PATH.")
    result = subprocess.run([node, str(ROOT / "tools" / script), *(args or [])], input=stdin,
                            capture_output=True, cwd=ROOT, env=env)
    if result.returncode != 0:
        raise BuildError(f"{script} failed ({what}):\n" + result.stderr.decode("utf-8", "replace")[-4000:])
    return result.stdout


def compile_for_pyodide(sources: dict[str, str], prefix: str, prefixes: dict[str, str] | None = None) -> dict[str, bytes]:
    """{"junban/x.py": source} -> {"junban/x.pyc": bytecode} compiled by the vendored Pyodide under node
    (tools/compile_for_pyodide.mjs), so the browser imports bytecode instead of compiling at start-up.
    ``prefix``: the archive's path in the browser, which tracebacks name (``prefixes``: per module, where a
    module ships in another archive)."""
    request = json.dumps({"prefix": prefix, "prefixes": prefixes or {}, "sources": sources})
    answer = json.loads(run_node_tool("compile_for_pyodide.mjs", stdin=request.encode("utf-8"),
                                      what="to compile the package with the vendored Pyodide"))
    return {name: base64.b64decode(data) for name, data in answer["pyc"].items()}


def snapshot_pyodide(target: Path, env: dict[str, str] | None = None, stdlib: Path | None = None) -> None:
    """Write the vendored Pyodide's memory after its own start-up, gzip-compressed, to target
    (tools/snapshot_pyodide.mjs; byte-for-byte the same on every build, whatever the machine's time zone or
    language). assets/pyodide-early.mjs boots from it. ``stdlib``: the python_stdlib.zip the page loads, if not
    the npm package's (the snapshot keeps the zip's directory, so it must be made with the file that ships)."""
    args = [str(target.resolve())] + ([str(stdlib.resolve())] if stdlib else [])
    run_node_tool("snapshot_pyodide.mjs", args, what="to snapshot the vendored Pyodide", env=env)


def package_sources() -> dict[str, str]:
    """{"junban/x.py": source} of every module that runs in the browser."""
    return {path.relative_to(PY_SOURCE).as_posix(): path.read_text(encoding="utf-8")
            for path in _package_files() if path.suffix == ".py"}


def in_first_archive(name: str) -> bool:
    """Whether a file of the package ({"junban/x.py"}, or its .pyc) ships in the first screen's archive."""
    return (name[:-1] if name.endswith(".pyc") else name) in FIRST_SCREEN_FILES


def build_app_zips(sources: dict[str, str]) -> tuple[bytes, bytes, str]:
    """The Python package as two zip archives, the first screen's and the later one (see FIRST_SCREEN_FILES),
    and the later one's file name: each module as bytecode for Pyodide's Python only, and the package's data
    files. The sources stay out: zipimport reads an archive's whole directory at its first import (a traceback
    still names the module's path and line)."""
    missing = sorted(set(FIRST_SCREEN_FILES) - set(sources))
    if missing:
        raise BuildError(f"build.py's FIRST_SCREEN_FILES names modules the package does not have: {missing}")
    files = {path.relative_to(PY_SOURCE).as_posix(): path.read_bytes() for path in _package_files()
             if path.suffix != ".py"}
    files.update(compile_for_pyodide(sources, APP_ARCHIVE_IN_BROWSER,
                                     {name: LATER_ARCHIVE_IN_BROWSER for name in sources
                                      if not in_first_archive(name)}))
    return package_archives(files)


def package_archives(files: dict[str, bytes]) -> tuple[bytes, bytes, str]:
    """The package's files ({"junban/x.pyc": bytes}) as (the first archive, the later archive, its file name),
    each byte-for-byte reproducible (fixed timestamps). The first one holds junban/later.json: the later
    archive's name (so the two always come from one build) and its modules (junban/archives.py)."""
    archives = package_module("archives")  # the package's own description of the file

    later = {name: data for name, data in files.items() if not in_first_archive(name)}
    later_zip = _reproducible_zip(later)
    later_name = f"junban-later-{short_hash(later_zip)}.zip"
    first = {name: data for name, data in files.items() if in_first_archive(name)}
    first[archives.MANIFEST] = json.dumps(archives.manifest(f"./{later_name}", sorted(later)), indent=0).encode()
    return _reproducible_zip(first), later_zip, later_name


def _reproducible_zip(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            if name.endswith("/"):  # a directory entry (the standard library's zip has them)
                info.external_attr = (0o40755 << 16) | 0x10
            else:
                info.external_attr = 0o644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, files[name])
    return buf.getvalue()


def build_stdlib_zip(sources: dict[str, str]) -> bytes:
    """The standard library zip the page loads: only the modules the app needs (tools/stdlib_imports.mjs), out of
    Pyodide's python_stdlib.zip (2.5 MB of sources, of which the app imports some 130 modules). The modules Pyodide's
    own start-up imports ship as sources (the snapshot holds them imported; a plain start compiles them), the ones the
    app imports after start-up as bytecode only (hashlib, datetime, ...: each would otherwise be compiled in the
    browser, twice, on the way to a screen), and ``STDLIB_MARGIN`` with what it brings in as sources."""
    answer = json.loads(run_node_tool("stdlib_imports.mjs", stdin=json.dumps(
        {"sources": sources, "page": list(PAGE_STDLIB), "margin": list(STDLIB_MARGIN)}).encode("utf-8"),
        what="to list the standard library modules the app imports"))
    stdlib = zipfile.ZipFile(NODE_MODULES / "pyodide" / "python_stdlib.zip")
    as_source = sorted({*answer["startup"].values(), *answer["margin"].values()} - set(answer["modules"].values()))
    files = {path: stdlib.read(path) for path in as_source}
    compiled = compile_for_pyodide({path: stdlib.read(path).decode("utf-8") for path in answer["modules"].values()},
                                   answer["stdlib"].rstrip("/"))
    files.update(compiled)
    for path in list(files):  # the folders of the packages, as Pyodide's zip has them
        parts = path.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            files.setdefault("/".join(parts[:depth]) + "/", b"")
    return _reproducible_zip(files)


def package_module(name: str):
    """A module of the package (``"ui.text.common"``), imported from py/ by this Python."""
    import importlib

    sys.path.insert(0, str(PY_SOURCE))
    try:
        return importlib.import_module(f"{PACKAGE}.{name}")
    finally:
        sys.path.remove(str(PY_SOURCE))


FIRST_SCREEN_MARK = "<!-- junban:first-screen -->"  # in index.html's #app: home, in English
FIRST_SCREENS_MARK = "<!-- junban:first-screens -->"  # where the other first screens go, as <template>s


# The stylesheets index.html links, written into it instead (index_html): on a first visit over a slow link each
# link held the first paint back by a request (Lighthouse, docs/performance.md).
FIRST_STYLESHEET_LINK = '<link rel="stylesheet" href="./assets/junban.css">'  # FIRST_SCREEN_STYLES, bundled
PYSCRIPT_STYLESHEET_LINK = '<link rel="stylesheet" href="./vendor/pyscript/core.css">'


def index_html(stylesheets: dict[str, str] | None = None) -> str:
    """index.html with the first screens drawn in (``junban.ui.prerender``): home in English inside ``#app``, so the
    page shows it as it arrives, and every first screen (home, each game's setup and rules, the loading screen, in
    each language) as a ``<template>`` its first script picks from by the address and the person's language.
    ``stylesheets``: {a stylesheet's <link> in index.html: the CSS written in its place}."""
    import html

    prerender = package_module("ui.prerender")
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    screens = prerender.first_screens()
    home = next(s for s in screens if s.route == "home" and s.lang == "en")
    templates = "\n".join(
        f'<template id="first:{s.route}:{s.lang}" data-title="{html.escape(s.title)}" '
        f'data-skip="{html.escape(s.skip_link)}">{s.html}</template>' for s in screens)
    inlined = [(link, f"<style>{css}</style>") for link, css in (stylesheets or {}).items()]
    for mark, text in ((FIRST_SCREEN_MARK, home.html), (FIRST_SCREENS_MARK, templates),
                       ("__BUILD_DAY__", prerender.BUILD_DAY), *inlined):
        if page.count(mark) != 1:
            raise BuildError(f"index.html must contain {mark} exactly once")
        page = page.replace(mark, text)
    return page


def short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def build(dist: Path = DIST) -> dict:
    """Build dist/ from sources and node_modules; return a summary (files, sizes, app archive name)."""
    ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)

    # Pyodide: only the minimal set (the npm package has no wheels; we never load packages).
    pyodide_src = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        src = pyodide_src / name
        if not src.exists():
            raise BuildError(f"{src} is missing: run `npm ci` (is package-lock.json intact?)")
        _copy(src, dist / "vendor" / "pyodide" / name)
    sources = package_sources()
    stdlib_zip = dist / "vendor" / "pyodide" / "python_stdlib.zip"
    stdlib_zip.write_bytes(build_stdlib_zip(sources))
    snapshot_pyodide(dist / "vendor" / "pyodide" / PYODIDE_SNAPSHOT, stdlib=stdlib_zip)

    # PyScript: every *.js and *.css of its dist (chunk names are hashed; they load lazily).
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    for src in sorted(pyscript_src.iterdir()):
        if src.suffix in (".js", ".css") and not src.name.endswith(".map"):
            _copy(src, dist / "vendor" / "pyscript" / src.name)

    # The Python package as two archives (the first screen's, and the rest, fetched later), each named by its
    # content hash so a cached old copy is never mixed in; the first one names the later one.
    app_zip, later_zip, later_name = build_app_zips(sources)
    zip_name = f"junban-{short_hash(app_zip)}.zip"
    (dist / zip_name).write_bytes(app_zip)
    (dist / later_name).write_bytes(later_zip)
    _copy(PY_SOURCE / "main.py", dist / "main.py")

    # Assets (scripts, ...); the stylesheets in assets/css/ become one file, in name order.
    assets = ASSETS
    for src in sorted(assets.rglob("*")):
        if src.is_file() and src.parent != assets / "css" and src not in (SW_TEMPLATE, MANIFEST):
            _copy(src, dist / "assets" / src.relative_to(assets))
    _copy(MANIFEST, dist / MANIFEST.name)
    write_icons(dist / "assets" / "icons")
    (dist / "assets").mkdir(exist_ok=True)
    first_css = ""
    for name, first in ((None, True), (LATER_STYLESHEET, False)):
        sheets = [p for p in sorted((assets / "css").glob("*.css")) if (p.name in FIRST_SCREEN_STYLES) == first]
        css = "\n".join(f"/* {p.name} */\n" + p.read_text(encoding="utf-8") for p in sheets)
        if first:  # in index.html itself (index_html): no request holds up the first paint
            first_css = css
        else:
            (dist / "assets" / name).write_text(css, encoding="utf-8")

    config = {
        # The vendored Pyodide, which index.html starts booting before PyScript has loaded (see that module).
        "interpreter": "./assets/pyodide-early.mjs",
        # Written into the browser's file system as it is and imported from there (zipimport, see py/main.py):
        # unpacking it would import zipfile/shutil in Pyodide and inflate every file before the first screen.
        "files": {f"./{zip_name}": f"./{APP_ARCHIVE_IN_BROWSER}"},
    }
    (dist / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    vendor_japanese_font(dist)
    for path, name in QR_FILES.items():
        _copy(NODE_MODULES / path, dist / QR_DIR / name)
    (dist / "index.html").write_text(index_html({
        FIRST_STYLESHEET_LINK: first_css,
        PYSCRIPT_STYLESHEET_LINK: (dist / "vendor" / "pyscript" / "core.css").read_text(encoding="utf-8")}),
        encoding="utf-8")
    (dist / ".nojekyll").write_text("", encoding="utf-8")  # GitHub Pages: serve files as they are

    check_relative_urls(dist)
    version = write_service_worker(dist)
    total = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    summary = {"dist": str(dist), "app_zip": zip_name, "later_zip": later_name, "bytes": total, "version": version}
    log(f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist} "
        f"({total / 1e6:.1f} MB, app archives {zip_name} and {later_name}, version {version})")
    return summary


# --------------------------------------------------------------------------- the Japanese webfont


def _app_texts() -> dict[str, str]:
    """Every text the app itself shows, by the language of the pages that show it. "ja": the Japanese catalogs
    (rules included) and the engine's Japanese words (the rule language's), shown only once a person reads
    Japanese. "en": everything else, which an English page shows too — the page's shell (in both languages at once),
    its stylesheets and scripts, the English catalogs, the strings of the browser's code (the brand mark 順, a
    language's own name) and the rest of the engine's (a card's suit ♠ ♣ ♦) — docstrings left out."""
    texts = {"en": [(ROOT / "index.html").read_text(encoding="utf-8")], "ja": []}
    texts["en"] += [path.read_text(encoding="utf-8") for path in sorted(ASSETS.rglob("*"))
                    if path.suffix in (".css", ".js", ".mjs")]
    for path in sorted((PY_SOURCE / PACKAGE).rglob("*.py")):
        part = path.relative_to(PY_SOURCE / PACKAGE).parts
        if part[0] in BROWSER_EXCLUDED:
            continue
        if part[:2] == ("ui", "text"):
            if path.stem == "__init__":
                continue
            module = package_module(f"ui.text.{path.stem}")
            rules = getattr(module, "RULES", {})
            texts["en"] += _strings(getattr(module, "EN", None)) + _strings(rules.get("en"))
            texts["ja"] += _strings(getattr(module, "JA", None)) + _strings(rules.get("ja"))
        elif part[0] == "ui":
            texts["en"] += _literals(path.read_text(encoding="utf-8"))
        else:
            for text in _literals(path.read_text(encoding="utf-8")):
                texts["en"].append("".join(ch for ch in text if not _japanese_script(ch)))
                texts["ja"].append("".join(ch for ch in text if _japanese_script(ch)))
    return {lang: "".join(parts) for lang, parts in texts.items()}


def _japanese_script(ch: str) -> bool:
    """Kana, kanji, Japanese punctuation and full-width forms."""
    return 0x3000 <= ord(ch) <= 0x9FFF or 0xFF00 <= ord(ch) <= 0xFFEF


def _literals(source: str) -> list[str]:
    """The string constants of a Python module, without its docstrings."""
    import ast

    tree = ast.parse(source)
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return [text for item in value for text in _strings(item)]
    return []


def _unicode_ranges(spec: str) -> list[tuple[int, int]]:
    ranges = []
    for part in spec.split(","):
        part = part.strip().removeprefix("U+")
        low, _, high = part.partition("-")
        ranges.append((int(low, 16), int(high or low, 16)))
    return ranges


def vendor_japanese_font(dist: Path) -> None:
    """Copy the Japanese webfont into dist/ with a stylesheet of its own (font files addressed relative to it)."""
    import re

    css = (FONT_PACKAGE / "index.css").read_text(encoding="utf-8")
    faces = re.findall(r"@font-face\s*{[^}]*}", css)
    if not faces:
        raise BuildError(f"{FONT_PACKAGE / 'index.css'} has no @font-face: is the package intact?")
    target = dist / FONT_DIR / "noto-sans-jp"
    target.mkdir(parents=True, exist_ok=True)
    out = []
    for face in faces:
        name = re.search(r"url\(\./files/([^)]+\.woff2)\)", face).group(1)
        _copy(FONT_PACKAGE / "files" / name, target / name)
        out.append(face.replace(f"./files/{name}", f"./noto-sans-jp/{name}"))
    _copy(FONT_PACKAGE / "LICENSE", target / "LICENSE.txt")
    header = ("/* Noto Sans JP (variable), from the npm package @fontsource-variable/noto-sans-jp, SIL Open Font "
              "License 1.1 (noto-sans-jp/LICENSE.txt). Written by build.py. */\n")
    (dist / FONT_CSS).write_text(header + "\n".join(out) + "\n", encoding="utf-8")


def font_parts(dist: Path) -> dict[str, list[str]]:
    """The parts of the built font (paths in dist/), by when the service worker keeps them. "precache": the parts
    holding a glyph of what an English page shows (``_app_texts``: a page in either language needs them, offline
    from the first visit). "japanese": the further parts the Japanese texts need, kept when Japanese is first shown
    (assets/update.js asks the worker). "lazy": the others, which only a player's own text can need (a name): kept
    once a page has fetched one."""
    import re

    css_path = dist / FONT_CSS
    if not css_path.exists():
        return {"precache": [], "japanese": [], "lazy": []}
    texts = _app_texts()
    wanted = {lang: {ord(ch) for ch in text} for lang, text in texts.items()}
    parts: dict[str, list[str]] = {"precache": [], "japanese": [], "lazy": []}
    for face in re.findall(r"@font-face\s*{[^}]*}", css_path.read_text(encoding="utf-8")):
        name = re.search(r"url\(\./(noto-sans-jp/[^)]+\.woff2)\)", face).group(1)
        ranges = _unicode_ranges(re.search(r"unicode-range:\s*([^;]+);", face).group(1))
        holds = {lang: any(low <= code <= high for code in codes for low, high in ranges)
                 for lang, codes in wanted.items()}
        kind = "precache" if holds["en"] else "japanese" if holds["ja"] else "lazy"
        parts[kind].append(f"{FONT_DIR}/{name}")
    return {kind: sorted(paths) for kind, paths in parts.items()}


# --------------------------------------------------------------------------- offline: the service worker


# PyScript's files a page loads: its core, and the first chunk of each plugin it starts on every page (it starts
# every plugin for its mpy script type: docs/performance.md). The rest — the editor's CodeMirror, the terminal's
# xterm, TOML, ... — loads only on a page with an editor, a terminal or a TOML config, which this app never has:
# they ship (a page that asked would find them), and the service worker keeps one only once a page has fetched it.
# tests/browser/test_offline.py checks that pages fetch nothing of the build outside the precache.
PYSCRIPT_PAGE_CHUNKS = ("core", "error", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")


def _pyscript_loaded(path: str) -> bool:
    name = path.removeprefix("vendor/pyscript/")
    return any(name.startswith(f"{chunk}-") or name in (f"{chunk}.js", f"{chunk}.css") for chunk in PYSCRIPT_PAGE_CHUNKS)


def offline_files(dist: Path) -> dict[str, list[str]]:
    """The files of dist/ the service worker keeps (paths relative to dist/, sorted), by when: "precache" at once
    (everything a page loads: all of dist/ but sw.js itself, dotfiles — .nojekyll is for GitHub Pages —, the font's
    parts English pages do not show and the PyScript chunks no page loads); "japanese" once Japanese is first shown
    (``font_parts``); "lazy" once a page has fetched one (the font's other parts, PyScript's other chunks)."""
    fonts = font_parts(dist)
    files = {"precache": [], "japanese": fonts["japanese"], "lazy": list(fonts["lazy"])}
    later = set(fonts["japanese"]) | set(fonts["lazy"])
    for path in dist.rglob("*"):
        rel = path.relative_to(dist).as_posix()
        if not path.is_file() or rel == "sw.js" or any(part.startswith(".") for part in path.relative_to(dist).parts):
            continue
        if rel.startswith("vendor/pyscript/") and not _pyscript_loaded(rel):
            files["lazy"].append(rel)
        elif rel not in later:
            files["precache"].append(rel)
    return {kind: sorted(paths) for kind, paths in files.items()}


def precache_files(dist: Path) -> list[str]:
    """Every file the service worker keeps for offline use at once (``offline_files``)."""
    return offline_files(dist)["precache"]


def write_service_worker(dist: Path) -> str:
    """Write dist/sw.js from assets/sw.template.js with the lists of ``offline_files`` — the files to precache, those
    it keeps once Japanese is shown and those it keeps once a page fetched them — each with its subresource-integrity
    hash, so a half-deployed mix of two builds can never be cached, and the build's version: a hash of every such
    file's path and content and of the worker's own template. Returns the version. Call it after everything else
    is in dist/."""
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    digest = hashlib.sha256(template.encode("utf-8"))
    kinds = {"precache": "FILES", "japanese": "JAPANESE", "lazy": "LAZY"}
    lists: dict[str, list] = {name: [] for name in kinds.values()}
    for kind, paths in offline_files(dist).items():
        for rel in paths:
            data = (dist / rel).read_bytes()
            digest.update(kind.encode("ascii") + rel.encode("utf-8") + b"\0" + hashlib.sha256(data).digest())
            lists[kinds[kind]].append(
                [rel, "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")])
    version = digest.hexdigest()[:16]
    script = template
    for placeholder, value in (('"__VERSION__"', json.dumps(version)),
                               *((f"[/* __{name}__ */]", json.dumps(items, indent=0)) for name, items in lists.items())):
        if template.count(placeholder) != 1:
            raise BuildError(f"{SW_TEMPLATE.relative_to(ROOT)} must contain {placeholder} exactly once")
        script = script.replace(placeholder, value)
    (dist / "sw.js").write_text(script, encoding="utf-8")
    return version


# --------------------------------------------------------------------------- icons

# The app's mark, drawn once from this geometry as SVG and as PNGs (pure Python: no image tools, no
# browser, byte-for-byte the same on every build): three cards in rising order, holding one, two and three
# pips, on the felt green. Shapes are rounded rectangles in unit-square coordinates, painted in order:
# (x, y, width, height, corner radius, colour); a pip is a rectangle rounded into a circle. Everything
# sits inside the central circle of radius 0.4, so the PNGs also work as maskable icons.
ICON_FELT = "#17473d"


def _icon_shapes() -> list[tuple[float, float, float, float, float, str]]:
    shapes = []
    card_w, card_h, edge, pip = 0.26, 0.36, 0.014, 0.03
    for n, (x, y) in enumerate(((0.21, 0.42), (0.37, 0.32), (0.53, 0.22)), start=1):
        face = "#f2c94c" if n == 3 else "#f5f1ea"
        shapes.append((x - edge, y - edge, card_w + 2 * edge, card_h + 2 * edge, 0.04 + edge, ICON_FELT))
        shapes.append((x, y, card_w, card_h, 0.04, face))
        for k in range(n):
            shapes.append((x + 0.08 - pip, y + 0.08 + 0.09 * k - pip, 2 * pip, 2 * pip, pip, ICON_FELT))
    return shapes


ICON_SHAPES = _icon_shapes()
ICON_PNG_SIZES = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}


def icon_svg() -> str:
    cards = "".join(
        f'<rect x="{x * 100:.1f}" y="{y * 100:.1f}" width="{w * 100:.1f}" height="{h * 100:.1f}" rx="{r * 100:.1f}" '
        f'fill="{c}"/>'
        for x, y, w, h, r, c in ICON_SHAPES
    )
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f'<rect width="100" height="100" rx="20" fill="{ICON_FELT}"/>{cards}</svg>\n')


def icon_png(size: int) -> bytes:
    """The mark as an opaque RGB PNG of size x size (full-bleed felt, as home screens expect),
    anti-aliased by the signed distance to each rounded rectangle."""
    rgb = lambda c: tuple(int(c[i:i + 2], 16) for i in (1, 3, 5))  # noqa: E731
    rows = [bytearray(rgb(ICON_FELT) * size) for _ in range(size)]
    for x, y, w, h, r, colour in ICON_SHAPES:
        fg = rgb(colour)
        cx, cy, hx, hy, rad = (x + w / 2) * size, (y + h / 2) * size, w / 2 * size, h / 2 * size, r * size
        for py in range(max(0, int(cy - hy) - 1), min(size, int(cy + hy) + 2)):
            row = rows[py]
            qy = abs(py + 0.5 - cy) - hy + rad
            for px in range(max(0, int(cx - hx) - 1), min(size, int(cx + hx) + 2)):
                qx = abs(px + 0.5 - cx) - hx + rad
                dist = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - rad
                cover = min(1.0, max(0.0, 0.5 - dist))
                if cover > 0:
                    i = px * 3
                    row[i:i + 3] = bytes(round(b + (f - b) * cover) for b, f in zip(row[i:i + 3], fg))
    raw = b"".join(b"\0" + bytes(row) for row in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def write_icons(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    for name, size in ICON_PNG_SIZES.items():
        (folder / name).write_bytes(icon_png(size))


def check_relative_urls(dist: Path) -> None:
    """Fail the build if our own files reference an absolute or remote URL (or the manifest a missing icon)."""
    import re

    bad = []
    pattern = re.compile(r"""(?:src|href)\s*=\s*["'](/|https?:|//)""")
    for path in [dist / "index.html", *dist.joinpath("assets").rglob("*.html")]:
        if path.exists() and pattern.search(path.read_text(encoding="utf-8")):
            bad.append(str(path.relative_to(dist)))
    config = json.loads((dist / "pyscript.json").read_text(encoding="utf-8"))
    urls = [config["interpreter"], *config.get("files", {})]
    bad += [u for u in urls if not u.startswith("./")]
    manifest = json.loads((dist / MANIFEST.name).read_text(encoding="utf-8"))
    urls = [manifest["start_url"], manifest["scope"], *(icon["src"] for icon in manifest["icons"])]
    bad += [f"{MANIFEST.name}: {u}" for u in urls if u.startswith("/") or ":" in u]
    bad += [f"{MANIFEST.name}: {icon['src']} is missing" for icon in manifest["icons"] if not (dist / icon["src"]).is_file()]
    if bad:
        raise BuildError(f"absolute, remote or missing URLs: {', '.join(bad)}")


# --------------------------------------------------------------------------- serve


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right types for .mjs/.wasm, and no caching surprises while developing."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml",
    }

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        if os.environ.get("JUNBAN_SERVE_LOG"):
            super().log_message(format, *args)


class ThreadingServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(directory: Path, port: int = 0, host: str = "127.0.0.1") -> ThreadingServer:
    handler = functools.partial(QuietHandler, directory=str(directory))
    return ThreadingServer((host, port), handler)


def serve(port: int, directory: Path = DIST) -> None:
    server = make_server(directory, port)
    host, real_port = server.server_address[:2]
    print(f"Junban is served at http://{host}:{real_port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", flush=True)
    finally:
        server.server_close()


# --------------------------------------------------------------------------- test


def _run(cmd: list[str], **kw) -> None:
    log("$ " + " ".join(cmd))
    result = subprocess.run(cmd, cwd=ROOT, **kw)
    if result.returncode != 0:
        raise BuildError(f"command failed ({result.returncode}): {' '.join(cmd)}")


APT_PACKAGES = {  # the browsers the tests drive (WebKitGTK's driver runs under a virtual X server)
    "/usr/bin/chromium": "chromium", "/usr/bin/firefox-esr": "firefox-esr",
    "/usr/bin/WebKitWebDriver": "webkit2gtk-driver", "/usr/bin/xvfb-run": "xvfb"}


def install_test_requirements() -> None:
    """Everything the tests need on a fresh Debian machine: Chromium, Firefox ESR and WebKitGTK, pip requirements,
    node_modules (again whenever it lacks a package the lock file names, e.g. puppeteer-core after an update)."""
    missing = [package for path, package in APT_PACKAGES.items() if not Path(path).exists()]
    if missing:
        apt = shutil.which("apt-get")
        if not apt:
            raise BuildError(f"{', '.join(missing)} missing and apt-get is not available to install them.")
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        _run([*sudo, apt, "update", "-qq"], env=env)
        _run([*sudo, apt, "install", "-y", "-qq", *missing], env=env)
    _run([sys.executable, "-m", "pip", "install", "-q", "-r", "requirements-dev.txt"])
    # npm ci also when a dev tool the tests run is missing (node_modules_current: the lock file's packages, so a
    # machine that ran npm ci before a tool such as lighthouse or puppeteer-core came gets it)
    if not node_modules_current():
        npm = shutil.which("npm")
        if not npm:
            raise BuildError("npm is needed (Node.js 18 or newer) to vendor Pyodide and PyScript.")
        _run([npm, "ci", "--no-audit", "--no-fund"])


def node_modules_current() -> bool:
    """Does node_modules hold every package package-lock.json names (at its version)?"""
    installed = NODE_MODULES / ".package-lock.json"
    if not installed.exists():
        return False
    try:
        want = json.loads((ROOT / "package-lock.json").read_text())["packages"]
        have = json.loads(installed.read_text())["packages"]
    except (OSError, ValueError, KeyError):
        return False
    return all(path in have and have[path].get("version") == info.get("version")
               for path, info in want.items() if path)


# The fast tier (docs/testing.md): every test that runs on CPython, and the browser tests marked ``smoke`` (one per
# game, and the home screen). The whole suite is what CI runs.
FAST_TIER = ["-m", "not browser or smoke"]


def pytest_workers(pytest_args: list[str]) -> list[str]:
    """pytest-xdist's options for this machine: one worker per core when it has two or more, unless the arguments
    choose (``-n``, ``--numprocesses``, ``-p no:xdist``) or run a debugger (``--pdb``, ``--trace``)."""
    chosen = any(a in ("-n", "--numprocesses", "--pdb", "--trace", "no:xdist") or a.startswith(("-n", "--numprocesses="))
                 for a in pytest_args)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if chosen or cores < 2:
        return []
    # worksteal: a worker that runs out takes tests queued for the other, so one long test at the end of a
    # queue does not leave a core idle.
    return ["-n", str(cores), "--dist", "worksteal"]


def run_tests(pytest_args: list[str], fast: bool = False) -> int:
    """Install what the tests need, build once into a temporary folder (the browser tests' ``dist_dir``, named in
    JUNBAN_TEST_DIST so no test session builds again), run pytest."""
    install_test_requirements()
    with tempfile.TemporaryDirectory(prefix="junban-test-") as folder:
        dist = Path(folder) / "dist"
        build(dist)
        cmd = [sys.executable, "-m", "pytest", *pytest_workers(pytest_args), *(FAST_TIER if fast else []),
               *pytest_args]
        log(f"$ JUNBAN_TEST_DIST={dist} " + " ".join(cmd))
        return subprocess.run(cmd, cwd=ROOT, env={**os.environ, "JUNBAN_TEST_DIST": str(dist)}).returncode


# --------------------------------------------------------------------------- cli


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build, serve and test Junban.")
    sub = parser.add_subparsers(dest="command")
    p_serve = sub.add_parser("serve", help="build and serve dist/ on 127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    p_serve.add_argument("--no-build", action="store_true", help="serve the existing dist/ as it is")
    sub.add_parser("build", help="build dist/ (the default)")
    p_test = sub.add_parser("test", allow_abbrev=False,
                            help="install test requirements, build, run pytest (further arguments go to pytest)")
    p_test.add_argument("--fast", action="store_true",
                        help="the fast tier: CPython tests and one browser smoke test per game (docs/testing.md)")
    # Everything after "test" belongs to pytest, options included (argparse's REMAINDER drops a leading "-k").
    args, rest = parser.parse_known_args(argv)
    if rest and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    args.pytest_args = rest
    try:
        if args.command == "serve":
            if not args.no_build:
                build()
            serve(args.port)
            return 0
        if args.command == "test":
            return run_tests(args.pytest_args, fast=args.fast)
        build()
        return 0
    except BuildError as err:
        print(f"build.py: error: {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
