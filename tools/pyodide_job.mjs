// A build-time job for the vendored Pyodide under node: read the JSON request on stdin, run Python code that sees
// it as the string `request` and ends in an expression (the answer), and write that answer to stdout.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

export async function runJob(code) {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const py = await loadPyodide();
  py.globals.set("request", Buffer.concat(chunks).toString("utf-8"));
  process.stdout.write(py.runPython(code));
}
