"""The package ships in two archives (build.py): the first screen's code, which the page fetches before Python
starts, and the rest — every game, its table and bots, the tutorials, the other screens — fetched once the first
screen is up (or at once, when the first screen is a game's). So the bytes a first screen waits for are only its own.

The first archive describes the later one in ``junban/later.json`` (build.py writes it): the URL of the archive
built with it, and the modules it holds. ``LaterArchive`` is the import hook that joins them, last on
``sys.meta_path``: it answers only for those modules. Once the later archive is in the browser's file system it
finds them there; before that a module is known to exist (``importlib.util.find_spec`` finds it: the home screen
lists the games of the build) but importing it raises ``NotLoadedYet``, which the app catches to show "Loading…"
and try again when the archive has arrived. Under CPython (the tests) every module is on ``sys.path`` and the hook
is never installed.
"""
from __future__ import annotations

import json
import sys
import zipimport
from importlib.machinery import ModuleSpec

MANIFEST = "junban/later.json"  # in the first archive


class NotLoadedYet(ImportError):
    """A module of the later archive was imported before that archive arrived."""


class _NotYet:
    """The loader of a later module before its archive has arrived."""

    def create_module(self, spec):
        raise NotLoadedYet(f"{spec.name} is in the archive not loaded yet", name=spec.name)

    def exec_module(self, module):  # never reached: create_module refused
        raise NotLoadedYet(module.__name__, name=module.__name__)


class LaterArchive:
    """The import hook for the modules of the later archive, fetched from ``url`` and written to ``path``.
    ``modules``: module name -> whether it is a package."""

    def __init__(self, url: str, path: str, modules: dict[str, bool]):
        self.url = url
        self.path = path
        self.modules = modules
        self.loaded = False
        self._importers: dict[str, zipimport.zipimporter] = {}

    @classmethod
    def described_in(cls, first_archive: str, path: str) -> LaterArchive:
        """The later archive as the first archive (a zip file) describes it."""
        manifest = json.loads(zipimport.zipimporter(first_archive).get_data(MANIFEST).decode("utf-8"))
        return cls(manifest["url"], path, {name: bool(package) for name, package in manifest["modules"].items()})

    def install(self) -> LaterArchive:
        if self not in sys.meta_path:
            sys.meta_path.append(self)
        return self

    def arrived(self, data: bytes) -> None:
        """The archive's bytes have been fetched: write them where the hook reads them."""
        with open(self.path, "wb") as out:
            out.write(data)
        self._importers.clear()
        self.loaded = True

    def find_spec(self, fullname: str, path=None, target=None):
        if fullname not in self.modules:
            return None
        if not self.loaded:
            return ModuleSpec(fullname, _NotYet(), is_package=self.modules[fullname])
        folder = fullname.rpartition(".")[0].replace(".", "/")
        importer = self._importers.get(folder)
        if importer is None:
            importer = self._importers[folder] = zipimport.zipimporter(f"{self.path}/{folder}")
        return importer.find_spec(fullname)

    def invalidate_caches(self) -> None:
        self._importers.clear()


def manifest(url: str, files: list[str]) -> dict:
    """What ``junban/later.json`` says of a later archive at ``url`` holding ``files`` (paths in the archive)."""
    modules = {}
    for name in files:
        stem, _, suffix = name.rpartition(".")
        if suffix not in ("py", "pyc"):
            continue  # a data file
        parts = stem.split("/")
        package = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if package else parts)] = package
    return {"url": url, "modules": dict(sorted(modules.items()))}
