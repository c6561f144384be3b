// Which modules of Pyodide's standard library the app imports that Pyodide's own start-up has not, for build.py.
//
//   node tools/stdlib_imports.mjs < {"sources": {"junban/x.py": "<source>", ...}}
//   -> {"modules": {"hashlib": "hashlib.py", "xml.dom": "xml/dom/__init__.py", ...}}   (paths inside the stdlib zip)
//
// Pyodide ships its standard library as sources (python_stdlib.zip): a module first imported after start-up is
// compiled in the browser, and zipimport compiles it twice (once to find it, once to run it). build.py compiles
// the modules named here ahead of time, with the same Pyodide. The list comes from importing every module of the
// package, and every module any of its import statements names (inside functions too), after a plain start (the
// same start the snapshot keeps); a module that cannot be imported under node (it needs the page) is skipped, and
// so are the stdlib modules only it would bring in.
import { runJob } from "./pyodide_job.mjs";

await runJob(`
import ast, importlib, json, os, sys

job = json.loads(request)
for name, source in job["sources"].items():
    path = "/app/" + name
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
sys.path.insert(0, "/app")
before = set(sys.modules)
wanted = set()
for name, source in job["sources"].items():
    wanted.add(name[:-3].replace("/", ".").removesuffix(".__init__"))
    for node in ast.walk(ast.parse(source)):  # imports inside functions too (a module may import late on purpose)
        if isinstance(node, ast.Import):
            wanted.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            wanted.add(node.module)
for module in sorted(wanted):
    try:
        importlib.import_module(module)
    except Exception:
        pass
stdlib = sys.prefix.rstrip("/") + "/lib/python" + "%d%d" % sys.version_info[:2] + ".zip/"
found = {}
for name in sorted(set(sys.modules) - before):
    origin = getattr(getattr(sys.modules[name], "__spec__", None), "origin", None) or ""
    if origin.startswith(stdlib) and origin.endswith(".py"):
        found[name] = origin[len(stdlib):]
json.dumps({"modules": found, "stdlib": stdlib})
`);
