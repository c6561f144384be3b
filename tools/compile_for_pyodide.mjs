// Compile Python sources to bytecode with the vendored Pyodide (the Python the browser runs), for build.py.
//
//   node tools/compile_for_pyodide.mjs < {"prefix": "junban.zip", "sources": {"junban/x.py": "<source>", ...},
//                                         "prefixes": {"junban/y.py": "junban-later.zip", ...}}
//   -> {"magic": "<hex>", "pyc": {"junban/x.pyc": "<base64>", ...}}
//
// "prefix" is the path of the module's archive in the browser, which tracebacks name ("prefixes": per module,
// for modules shipping in another archive).
//
// The browser would otherwise compile every module from source at start-up (and zipimport compiles each one
// twice: once to find it, once to run it). The .pyc files are unchecked-hash pycs (PEP 552): reproducible, and
// used without comparing them to a source (none ships: a traceback names the module's path and line).
import { runJob } from "./pyodide_job.mjs";

await runJob(`
import base64, importlib.util, json, os, py_compile

job = json.loads(request)
out = {}
for name, source in sorted(job["sources"].items()):
    path = "/compile/" + name
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(source)
    target = path[:-3] + ".pyc"
    py_compile.compile(path, cfile=target, dfile=job.get("prefixes", {}).get(name, job["prefix"]) + "/" + name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(target, "rb") as f:
        out[name[:-3] + ".pyc"] = base64.b64encode(f.read()).decode("ascii")
json.dumps({"magic": importlib.util.MAGIC_NUMBER.hex(), "pyc": out})
`);
