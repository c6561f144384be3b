"""What build.py writes for offline use, checked on the files (no browser): the service worker's file list and
version, the manifest and the icons."""
from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import struct
import subprocess
import sys
import zlib

import build

# The bytecode magic number of Python 3.14 (3627), the Python of pyodide@314.0.7 pinned in package.json.
PYODIDE_PYC_MAGIC = bytes.fromhex("2b0e0d0a")


def worker_files(dist, kind: str = "FILES") -> list[list[str]]:
    text = (dist / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(rf"^const {kind} = (\[.*?\]);$", text, re.M | re.S).group(1))


def test_the_worker_lists_every_file_of_the_build_with_its_integrity_hash(dist_dir):
    listed = worker_files(dist_dir)
    japanese = worker_files(dist_dir, "JAPANESE")
    lazy = worker_files(dist_dir, "LAZY")
    on_disk = sorted(p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*") if p.is_file())
    assert sorted(path for path, _ in listed + japanese + lazy) == [p for p in on_disk if p not in ("sw.js", ".nojekyll")]
    for path, integrity in listed + japanese + lazy:
        assert integrity == "sha256-" + base64.b64encode(hashlib.sha256((dist_dir / path).read_bytes()).digest()).decode()
    assert "index.html" in dict(listed) and "vendor/pyodide/pyodide.asm.wasm" in dict(listed)
    assert any(re.fullmatch(r"junban-[0-9a-f]{12}\.zip", path) for path, _ in listed)
    assert any(re.fullmatch(r"junban-later-[0-9a-f]{12}\.zip", path) for path, _ in listed)  # kept for offline


def font_part_holding(dist, char: str) -> str:
    """The path (in dist/) of the Japanese font's part whose unicode-range holds ``char``."""
    css = (dist / build.FONT_CSS).read_text(encoding="utf-8")
    for face in re.findall(r"@font-face\s*{[^}]*}", css):
        ranges = build._unicode_ranges(re.search(r"unicode-range:\s*([^;]+);", face).group(1))
        if any(low <= ord(char) <= high for low, high in ranges):
            return f"{build.FONT_DIR}/" + re.search(r"url\(\./(noto-sans-jp/[^)]+\.woff2)\)", face).group(1)
    raise AssertionError(f"no part holds {char!r}")


def test_the_worker_precaches_what_english_pages_show_and_keeps_japanese_for_those_who_read_it(dist_dir):
    """Every visitor gets, at once, the font's parts for what an English page shows — the suits of an Eleusis table
    (♠ ♣ ♦: in English, too, they come from the Japanese font), the brand mark 順, the language switch's 日本語 —
    and not the parts only Japanese texts need: those are kept when Japanese is first shown (JAPANESE). Parts no
    text of the app needs wait until a page asks (LAZY), as do PyScript's editor and terminal, never loaded."""
    listed = dict(worker_files(dist_dir))
    japanese = dict(worker_files(dist_dir, "JAPANESE"))
    lazy = dict(worker_files(dist_dir, "LAZY"))
    for char in "♠♣♦♥順日本語→":
        assert font_part_holding(dist_dir, char) in listed, char
    assert japanese and all(path.startswith("vendor/fonts/noto-sans-jp/") for path in japanese)
    for char in "罰偶":  # Eleusis's 罰カード (penalty cards), 偶数 (even): rarer kanji, only in Japanese texts
        assert font_part_holding(dist_dir, char) in japanese, char
    assert font_part_holding(dist_dir, "山") in listed  # common kanji share parts English pages need anyway
    assert lazy and all(path.startswith(("vendor/fonts/noto-sans-jp/", "vendor/pyscript/")) for path in lazy)
    pyscript = [path for path in listed if path.startswith("vendor/pyscript/")]
    assert "vendor/pyscript/core.js" in pyscript and not any("xterm" in p or "codemirror" in p for p in pyscript)
    assert any("xterm" in path for path in lazy) and any("codemirror" in path for path in lazy)


def app_archives(dist) -> tuple:
    """The build's two archives of the package: the first screen's and the later one."""
    [first] = [p for p in dist.glob("junban-*.zip") if re.fullmatch(r"junban-[0-9a-f]{12}\.zip", p.name)]
    [later] = dist.glob("junban-later-*.zip")
    return first, later


# Runs Python source (stdin) in the vendored Pyodide under node, with the first ARCHIVE written into its file
# system as /junban.zip (as PyScript writes it), the LATER one as /fetched.zip (the bytes the page fetches) and
# STDLIB as its standard library; prints what the source prints.
PYODIDE_PROBE = """
import { loadPyodide } from "%s";
import { readFileSync } from "node:fs";
const [archive, later, stdlib] = process.argv.slice(1);
const py = await loadPyodide({ stdLibURL: stdlib, stdout: (line) => console.log(line) });
py.FS.writeFile("/junban.zip", readFileSync(archive));
py.FS.writeFile("/fetched.zip", readFileSync(later));
py.runPython(readFileSync(0, "utf-8"));
"""


def run_in_pyodide(dist, source: str) -> str:
    first, later = app_archives(dist)
    script = PYODIDE_PROBE % (build.NODE_MODULES / "pyodide" / "pyodide.mjs").as_uri()
    out = subprocess.run(["node", "--input-type=module", "-e", script, str(first), str(later),
                          str(dist / "vendor" / "pyodide" / "python_stdlib.zip")],
                         input=source, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_the_app_archives_are_imported_as_they_are(dist_dir):
    """PyScript writes the first archive into the browser's file system as it is (not unpacked) and main.py puts it
    on sys.path and the later archive's hook on sys.meta_path: before the later archive arrives a game is known but
    not importable; after, every module (and the Eleusis rule library's data) loads through zipimport alone, from
    bytecode (the archives hold no sources), in the Pyodide the page runs."""
    config = json.loads((dist_dir / "pyscript.json").read_text(encoding="utf-8"))
    first, later = app_archives(dist_dir)
    assert config["files"] == {f"./{first.name}": f"./{build.APP_ARCHIVE_IN_BROWSER}"}  # only the first one
    main = (dist_dir / "main.py").read_text(encoding="utf-8")
    assert f'APP_ARCHIVE = "{build.APP_ARCHIVE_IN_BROWSER}"' in main
    assert f'LATER_ARCHIVE = "{build.LATER_ARCHIVE_IN_BROWSER}"' in main
    probe = """
import importlib.util, sys
sys.path.insert(0, "/junban.zip")
from junban.archives import LaterArchive, NotLoadedYet
hook = LaterArchive.described_in("/junban.zip", "/junban-later.zip").install()
print(hook.url)
import junban.ui.app
assert importlib.util.find_spec("junban.games.the_game") is not None  # the home screen lists it
try:
    import junban.games.the_game
except NotLoadedYet:
    print("not yet")
hook.arrived(open("/fetched.zip", "rb").read())
import junban.games.the_game.bots, junban.games.twenty_three.bots, junban.games.eleusis.bots
from junban.games.eleusis.library import all_rules
assert junban.ui.app.__file__ == "/junban.zip/junban/ui/app.pyc", junban.ui.app.__file__
assert junban.games.eleusis.bots.__file__ == "/junban-later.zip/junban/games/eleusis/bots.pyc"
print(len(all_rules()))
"""
    said = run_in_pyodide(dist_dir, probe).split()
    assert said[0] == f"./{later.name}"
    assert said[1:3] == ["not", "yet"]
    assert int(said[-1]) >= 20


def test_every_module_ships_as_bytecode_for_the_vendored_pyodide(dist_dir):
    """Each module as its .pyc from Pyodide's own compiler, without its source: an unchecked-hash pyc (PEP 552
    flags 0b01), so zipimport loads it without compiling or comparing it to a source."""
    import zipfile

    names, headers = set(), set()
    for archive in app_archives(dist_dir):
        with zipfile.ZipFile(archive) as zf:
            names |= set(zf.namelist())
            headers |= {zf.read(n)[:8] for n in zf.namelist() if n.endswith(".pyc")}
    sources = {p.relative_to(build.PY_SOURCE).as_posix() for p in (build.PY_SOURCE / "junban").rglob("*.py")
               if "bench" not in p.parts and "__pycache__" not in p.parts}
    assert len(sources) > 40
    assert {n for n in names if n.endswith((".py", ".pyc"))} == {n + "c" for n in sources}
    [header] = headers  # one interpreter compiled them all
    assert int.from_bytes(header[4:8], "little") == 0b01
    assert header[:4] == PYODIDE_PYC_MAGIC


def test_the_standard_library_modules_the_app_imports_late_ship_compiled(dist_dir):
    """Pyodide's standard library is sources only: a module first imported after Pyodide's own start (hashlib for
    the bots' seeds, datetime for the daily challenge, html for PyScript) would be compiled in the browser, twice.
    The build ships their bytecode instead of their source, and the page's Pyodide loads them from it."""
    import zipfile

    with zipfile.ZipFile(dist_dir / "vendor" / "pyodide" / "python_stdlib.zip") as zf:
        names = set(zf.namelist())
    assert {"hashlib.pyc", "datetime.pyc", "html/__init__.pyc", "html/entities.pyc"} <= names
    assert not {"hashlib.py", "datetime.py", "html/entities.py"} & names
    probe = """
import hashlib, datetime, json
print(json.dumps([hashlib.__file__, datetime.__file__, hashlib.sha256(b"junban").hexdigest()[:8]]))
"""
    files = json.loads(run_in_pyodide(dist_dir, probe).splitlines()[-1])
    assert files == ["/lib/python314.zip/hashlib.pyc", "/lib/python314.zip/datetime.pyc",
                     hashlib.sha256(b"junban").hexdigest()[:8]]


def test_the_standard_library_ships_only_what_the_app_needs(dist_dir):
    """Of Pyodide's 2.5 MB standard library, the build ships what Pyodide's start-up, the app and a margin import
    (build.py's build_stdlib_zip): a fraction of it, and nothing the app does not reach (no tkinter, no email)."""
    import zipfile

    with zipfile.ZipFile(dist_dir / "vendor" / "pyodide" / "python_stdlib.zip") as zf:
        names = set(zf.namelist())
    shipped = (dist_dir / "vendor" / "pyodide" / "python_stdlib.zip").stat().st_size
    assert shipped < 0.45 * (build.NODE_MODULES / "pyodide" / "python_stdlib.zip").stat().st_size
    assert {"json/__init__.py", "re/__init__.py", "asyncio/__init__.py", "statistics.py"} <= names
    assert not any(name.startswith(("tkinter/", "email/", "unittest/", "test/", "idlelib/")) for name in names)


def stdlib_names_in_sources() -> set[str]:
    """Every module outside the package that a module of the package (or main.py) names in an import statement,
    at its top or inside a function."""
    import ast

    names = set()
    paths = [path for path in build._package_files() if path.suffix == ".py"] + [build.PY_SOURCE / "main.py"]
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
    return {name for name in names if name.split(".")[0] not in ("junban", "js", "pyodide")}


def test_every_module_the_app_imports_is_in_the_shipped_standard_library(dist_dir):
    """A module missing from the trimmed standard library must fail here, never in a player's browser: in the
    vendored Pyodide started from the zip the build made (a plain start: every module Pyodide itself needs comes
    from it too), every module of both archives imports, and so does every module any import statement of the
    package names, inside functions too (what a game, bot, solver, tutorial or screen reaches only when used)."""
    names = sorted(stdlib_names_in_sources())
    assert {"hashlib", "datetime", "json", "random", "dataclasses"} <= set(names)
    probe = """
import importlib, json, sys, zipfile
sys.path.insert(0, "/junban.zip")
from junban.archives import LaterArchive
hook = LaterArchive.described_in("/junban.zip", "/junban-later.zip").install()
hook.arrived(open("/fetched.zip", "rb").read())
package = [n[:-4].replace("/", ".").removesuffix(".__init__") for archive in ("/junban.zip", "/junban-later.zip")
           for n in zipfile.ZipFile(archive).namelist() if n.endswith(".pyc")]
failed = {}
for name in sorted(package) + %r:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as err:
        failed[name] = err.name
    except Exception as err:  # a module that needs the page (the browser platform): not the stdlib's fault
        if isinstance(err, ImportError) and err.name and not err.name.startswith(("js", "pyodide")):
            failed[name] = err.name
print(json.dumps({"imported": len(package), "failed": failed}))
""" % names
    said = json.loads(run_in_pyodide(dist_dir, probe).splitlines()[-1])
    assert said["imported"] > 80
    assert said["failed"] == {}


def test_the_version_is_a_hash_of_the_build(dist_dir, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(dist_dir, copy)
    version = build.write_service_worker(copy)
    assert f'const VERSION = "{version}";' in (dist_dir / "sw.js").read_text(encoding="utf-8"), "same files, same version"
    with open(copy / "assets" / "junban-later.css", "a", encoding="utf-8") as css:
        css.write("\n")
    assert build.write_service_worker(copy) != version, "one byte more in one file: a new version"


def test_the_manifest_makes_an_app_of_the_folder_it_is_in(dist_dir):
    manifest = json.loads((dist_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("./", "./", "standalone")
    assert (manifest["theme_color"], manifest["background_color"]) == ("#17473d", "#f5f1ea")
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    index = (dist_dir / "index.html").read_text(encoding="utf-8")
    for link in ('rel="manifest" href="./manifest.webmanifest"', 'rel="apple-touch-icon"', 'src="./assets/update.js"'):
        assert link in index


def decode_png(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and the RGB rows (filter bytes removed) of an 8-bit RGB PNG whose rows use filter 0."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, {}
    while pos < len(data):
        (length,), kind = struct.unpack(">I", data[pos:pos + 4]), data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        assert struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0] == zlib.crc32(kind + body)
        chunks[kind] = chunks.get(kind, b"") + body
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour) == (8, 2)
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = 1 + 3 * width
    assert len(raw) == height * stride and all(raw[i * stride] == 0 for i in range(height))
    return width, height, b"".join(raw[i * stride + 1:(i + 1) * stride] for i in range(height))


def test_the_png_icons_are_the_mark_at_their_sizes(dist_dir):
    felt, gold = bytes.fromhex("17473d"), bytes.fromhex("f2c94c")
    for name, size in build.ICON_PNG_SIZES.items():
        width, height, pixels = decode_png((dist_dir / "assets" / "icons" / name).read_bytes())
        assert (width, height) == (size, size)

        def at(x: float, y: float) -> bytes:
            i = (int(y * size) * size + int(x * size)) * 3
            return pixels[i:i + 3]

        assert at(0.02, 0.02) == felt, "full-bleed background"
        assert at(0.75, 0.55) == gold, "the highest card"
    assert build.icon_png(64) == build.icon_png(64), "drawn the same every build"
