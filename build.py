#!/usr/bin/env python3
"""Build, serve and test Junban.

    python build.py                 build dist/
    python build.py serve [--port N] [--no-build]
                                    build, then serve dist/ on 127.0.0.1 and print the URL
    python build.py test [PYTEST ARGS]
                                    install what the tests need (Debian chromium, pip
                                    requirements, npm ci), build, run pytest

dist/ is self-contained and uses only relative URLs, so it works at / and under a subpath
(a GitHub Pages project site). Pyodide and PyScript are vendored from node_modules (npm);
nothing is ever fetched from a CDN.
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import io
import json
import os
import shutil
import socketserver
import subprocess
import sys
import zipfile
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
PY_SOURCE = ROOT / "py"
PACKAGE = "junban"
# Files of the Python package that ship to the browser (besides *.py).
PACKAGE_DATA_SUFFIXES = (".json", ".txt", ".md")
# Parts of the package that never run in the browser.
BROWSER_EXCLUDED = ("bench",)


class BuildError(Exception):
    """A build step failed in a way the person can fix; the message says how."""


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


# --------------------------------------------------------------------------- npm


def ensure_node_modules() -> None:
    """Run `npm ci` when node_modules is missing (or lacks a pinned package)."""
    needed = [NODE_MODULES / "pyodide" / "pyodide.mjs", NODE_MODULES / "@pyscript" / "core" / "dist" / "core.js"]
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


def build_app_zip() -> bytes:
    """The Python package as one zip archive, byte-for-byte reproducible (fixed timestamps)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in _package_files():
            info = zipfile.ZipInfo(path.relative_to(PY_SOURCE).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())
    return buf.getvalue()


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

    # PyScript: every *.js and *.css of its dist (chunk names are hashed; they load lazily).
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    for src in sorted(pyscript_src.iterdir()):
        if src.suffix in (".js", ".css") and not src.name.endswith(".map"):
            _copy(src, dist / "vendor" / "pyscript" / src.name)

    # The Python package as one archive, named by its content hash so a cached old copy is never mixed in.
    app_zip = build_app_zip()
    zip_name = f"junban-{short_hash(app_zip)}.zip"
    (dist / zip_name).write_bytes(app_zip)
    _copy(PY_SOURCE / "main.py", dist / "main.py")

    # Assets (icons, manifest, ...); the stylesheets in assets/css/ become one file, in name order.
    assets = ROOT / "assets"
    for src in sorted(assets.rglob("*")):
        if src.is_file() and src.parent != assets / "css":
            _copy(src, dist / "assets" / src.relative_to(assets))
    css = "\n".join(f"/* {p.name} */\n" + p.read_text(encoding="utf-8") for p in sorted((assets / "css").glob("*.css")))
    (dist / "assets").mkdir(exist_ok=True)
    (dist / "assets" / "junban.css").write_text(css, encoding="utf-8")

    config = {
        "interpreter": "./vendor/pyodide/pyodide.mjs",
        "files": {f"./{zip_name}": "./*"},
    }
    (dist / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    (dist / "index.html").write_text((ROOT / "index.html").read_text(encoding="utf-8"), encoding="utf-8")
    (dist / ".nojekyll").write_text("", encoding="utf-8")  # GitHub Pages: serve files as they are

    check_relative_urls(dist)
    total = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    summary = {"dist": str(dist), "app_zip": zip_name, "bytes": total}
    log(f"built {dist.relative_to(ROOT) if dist.is_relative_to(ROOT) else dist} "
        f"({total / 1e6:.1f} MB, app archive {zip_name})")
    return summary


def check_relative_urls(dist: Path) -> None:
    """Fail the build if our own files reference an absolute or remote URL."""
    import re

    bad = []
    pattern = re.compile(r"""(?:src|href)\s*=\s*["'](/|https?:|//)""")
    for path in [dist / "index.html", *dist.joinpath("assets").rglob("*.html")]:
        if path.exists() and pattern.search(path.read_text(encoding="utf-8")):
            bad.append(str(path.relative_to(dist)))
    config = json.loads((dist / "pyscript.json").read_text(encoding="utf-8"))
    urls = [config["interpreter"], *config.get("files", {})]
    bad += [u for u in urls if not u.startswith("./")]
    if bad:
        raise BuildError(f"absolute or remote URLs found in: {', '.join(bad)}")


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


def install_test_requirements() -> None:
    """Everything the tests need on a fresh Debian machine: chromium, pip requirements, node_modules."""
    if not Path("/usr/bin/chromium").exists():
        apt = shutil.which("apt-get")
        if not apt:
            raise BuildError("Chromium is missing at /usr/bin/chromium and apt-get is not available to install it.")
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        _run([*sudo, apt, "update", "-qq"], env=env)
        _run([*sudo, apt, "install", "-y", "-qq", "chromium"], env=env)
    _run([sys.executable, "-m", "pip", "install", "-q", "-r", "requirements-dev.txt"])
    if not (NODE_MODULES / ".package-lock.json").exists():
        npm = shutil.which("npm")
        if not npm:
            raise BuildError("npm is needed (Node.js 18 or newer) to vendor Pyodide and PyScript.")
        _run([npm, "ci", "--no-audit", "--no-fund"])


def run_tests(pytest_args: list[str]) -> int:
    install_test_requirements()
    build()
    cmd = [sys.executable, "-m", "pytest", *pytest_args]
    log("$ " + " ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT).returncode


# --------------------------------------------------------------------------- cli


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build, serve and test Junban.")
    sub = parser.add_subparsers(dest="command")
    p_serve = sub.add_parser("serve", help="build and serve dist/ on 127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    p_serve.add_argument("--no-build", action="store_true", help="serve the existing dist/ as it is")
    sub.add_parser("build", help="build dist/ (the default)")
    p_test = sub.add_parser("test", help="install test requirements, build, run pytest")
    p_test.add_argument("pytest_args", nargs=argparse.REMAINDER, help="passed on to pytest")
    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            if not args.no_build:
                build()
            serve(args.port)
            return 0
        if args.command == "test":
            return run_tests(args.pytest_args)
        build()
        return 0
    except BuildError as err:
        print(f"build.py: error: {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
