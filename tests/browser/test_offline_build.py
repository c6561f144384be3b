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
    lazy = worker_files(dist_dir, "LAZY")
    on_disk = sorted(p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*") if p.is_file())
    assert sorted(path for path, _ in listed + lazy) == [p for p in on_disk if p not in ("sw.js", ".nojekyll")]
    # Only parts of the Japanese font wait until a page needs them; its parts for the app's own texts do not.
    assert lazy and all(path.startswith("vendor/fonts/noto-sans-jp/") for path, _ in lazy)
    assert any(path.startswith("vendor/fonts/noto-sans-jp/") and path.endswith(".woff2") for path, _ in listed)
    for path, integrity in listed + lazy:
        assert integrity == "sha256-" + base64.b64encode(hashlib.sha256((dist_dir / path).read_bytes()).digest()).decode()
    assert "index.html" in dict(listed) and "vendor/pyodide/pyodide.asm.wasm" in dict(listed)
    assert any(re.fullmatch(r"junban-[0-9a-f]{12}\.zip", path) for path, _ in listed)


def test_the_app_archive_is_imported_as_it_is(dist_dir):
    """PyScript writes the archive into the browser's file system as it is (not unpacked) and main.py puts it on
    sys.path:
    every module (and the Eleusis rule library's data) must load through zipimport alone."""
    config = json.loads((dist_dir / "pyscript.json").read_text(encoding="utf-8"))
    [(url, dest)] = config["files"].items()
    assert dest == f"./{build.APP_ARCHIVE_IN_BROWSER}"
    assert f'APP_ARCHIVE = "{build.APP_ARCHIVE_IN_BROWSER}"' in (dist_dir / "main.py").read_text(encoding="utf-8")
    probe = """
import sys
sys.path[:] = [p for p in sys.path if 'junban' not in p and p not in ('', '.')]
sys.path.insert(0, {archive!r})
import junban.ui.app, junban.games.the_game.bots, junban.games.twenty_three.bots, junban.games.eleusis.bots
from junban.games.eleusis.library import all_rules
assert junban.ui.app.__file__.startswith({archive!r}), junban.ui.app.__file__
print(len(all_rules()))
"""
    archive = str(dist_dir / url.removeprefix("./"))
    out = subprocess.run([sys.executable, "-c", probe.format(archive=archive)], capture_output=True, text=True,
                         timeout=60, cwd=dist_dir)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) >= 20


def test_every_module_ships_with_bytecode_for_the_vendored_pyodide(dist_dir):
    """Next to each module its .pyc from Pyodide's own compiler: an unchecked-hash pyc (PEP 552 flags 0b01), so
    zipimport loads it without compiling or comparing it to the source."""
    import zipfile

    [archive] = dist_dir.glob("junban-*.zip")
    with zipfile.ZipFile(archive) as zf:
        names = set(zf.namelist())
        modules = sorted(n for n in names if n.endswith(".py"))
        assert len(modules) > 40
        assert {n for n in names if n.endswith(".pyc")} == {n + "c" for n in modules}
        headers = {zf.read(n + "c")[:8] for n in modules}
    [header] = headers  # one interpreter compiled them all
    assert int.from_bytes(header[4:8], "little") == 0b01
    assert header[:4] == PYODIDE_PYC_MAGIC


def test_the_version_is_a_hash_of_the_build(dist_dir, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(dist_dir, copy)
    version = build.write_service_worker(copy)
    assert f'const VERSION = "{version}";' in (dist_dir / "sw.js").read_text(encoding="utf-8"), "same files, same version"
    with open(copy / "assets" / "junban.css", "a", encoding="utf-8") as css:
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
