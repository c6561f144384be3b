// Which modules of Pyodide's standard library the app needs, for build.py's standard library zip.
//
//   node tools/stdlib_imports.mjs < {"sources": {"junban/x.py": "<source>", ...}, "page": ["html"],
//                                    "margin": ["statistics", ...]}
//   -> {"startup": {"encodings": "encodings/__init__.py", ...},   what Pyodide's own start-up imports
//       "modules": {"hashlib": "hashlib.py", ...},                 what the app (and "page") imports on top of that
//       "margin": {"statistics": "statistics.py", ...},           what the margin names, and what it brings in
//       "stdlib": "/lib/python314.zip/"}                          (paths inside the stdlib zip)
//
// Pyodide ships its whole standard library (python_stdlib.zip, 2.5 MB of sources); the app needs a few hundred KB
// of it. build.py ships only these modules: the start-up's (the memory snapshot holds them already imported, but a
// plain start, the snapshot's fallback, imports them again), the app's (as bytecode: a module imported after
// start-up would otherwise be compiled in the browser, twice — zipimport compiles once to find it, once to run it)
// and a margin of modules the app may come to need (sources). The app's list comes from importing every module of
// the package, and every module any of its import statements names (inside functions too), after a plain start
// (the same start the snapshot keeps); a module that cannot be imported under node (it needs the page) is skipped,
// and so are the stdlib modules only it would bring in. tests/browser/test_offline_build.py imports all of them
// again from the zip the build made.
import { runJob } from "./pyodide_job.mjs";

await runJob(`
import ast, importlib, json, os, sys

job = json.loads(request)
stdlib = sys.prefix.rstrip("/") + "/lib/python" + "%d%d" % sys.version_info[:2] + ".zip/"


def from_stdlib(names):
    """{module: its path in the stdlib zip} for the modules of names that were imported from it."""
    found = {}
    for name in sorted(names):
        origin = getattr(getattr(sys.modules[name], "__spec__", None), "origin", None) or ""
        if origin.startswith(stdlib) and origin.endswith(".py"):
            found[name] = origin[len(stdlib):]
    return found


def import_all(names):
    for module in sorted(names):
        try:
            importlib.import_module(module)
        except Exception:
            pass


startup = from_stdlib(sys.modules)
for name, source in job["sources"].items():
    path = "/app/" + name
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
sys.path.insert(0, "/app")
before = set(sys.modules)
wanted = set(job.get("page", []))
for name, source in job["sources"].items():
    wanted.add(name[:-3].replace("/", ".").removesuffix(".__init__"))
    for node in ast.walk(ast.parse(source)):  # imports inside functions too (a module may import late on purpose)
        if isinstance(node, ast.Import):
            wanted.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            wanted.add(node.module)
import_all(wanted)
modules = from_stdlib(set(sys.modules) - before)
before = set(sys.modules)
import_all(job.get("margin", []))
json.dumps({"startup": startup, "modules": modules, "margin": from_stdlib(set(sys.modules) - before),
            "stdlib": stdlib})
`);
