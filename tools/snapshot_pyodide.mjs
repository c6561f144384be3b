// Snapshot the vendored Pyodide's memory right after its own start-up, for build.py.
//
//   node tools/snapshot_pyodide.mjs OUT [STDLIB]   -> OUT: the wasm memory, as a delta, gzip-compressed
//                                                      (~3.6 MB from ~31 MB)
//
// STDLIB: the python_stdlib.zip the page will load (build.py adds bytecode to Pyodide's). The snapshot must be
// made with that very file: Python keeps the zip's directory (where each member starts) in its memory.
//
// Starting Python inside Pyodide (unpacking its stdlib, importing its bootstrap modules) is most of the time a
// page spends before Python can run. assets/pyodide-early.mjs hands this memory to loadPyodide() as
// `_loadSnapshot`, and Pyodide resumes from it instead of starting Python again (docs/performance.md).
// Pyodide marks the snapshot options experimental (leading underscore); the early module falls back to a plain
// start if a snapshot cannot be used.
//
// The file is a delta: the first ~3.6 MB of the memory are the wasm's static data (its data segments), which
// every page gets again from pyodide.asm.wasm when it instantiates it, changed in a few places by start-up. The
// file holds that stretch XORed with the memory as instantiated (mostly zeros: 1.5 MB of gzip become ~60 KB),
// and the early module XORs it back the moment Pyodide has instantiated its wasm, before Pyodide restores the
// memory (assets/pyodide-early.mjs). Layout, before gzip: "JBSD", the length XORed, the offset of the memory in
// Pyodide's snapshot, Pyodide's magic number (all u32, little-endian), then Pyodide's snapshot with its magic
// number zeroed, so that a page that did not XOR it back gets Pyodide's "invalid magic number", never a wrong
// memory.
//
// The snapshot is made under node and restored in the browser. Nothing in it may depend on the machine that
// built it, and two builds of the same sources must give the same bytes (the service worker's version is a hash
// of the build: a spurious new version would ask every player to reload). So while it is made:
// - entropy comes from a fixed generator: the libc's arc4random, Python's hash secret and its `random` module
//   are seeded from it. The early module reseeds `random` in the browser after every restore; the hash secret
//   stays the same for every visitor, which costs nothing here (no untrusted dict keys from a network);
// - the clock stands still (nothing at start-up stores the time except as a seed or a start mark), and the time
//   zone is UTC: the C library reads it once, at start-up, so the snapshot would carry the build machine's;
// - LANG is "C.UTF-8", whatever language node reports (Emscripten takes LANG from navigator.language, which
//   node 21+ has); the early module sets the browser's after a restore;
// - the program name is the browser's ("./this.program"), not this script's path.
import { gzipSync } from "node:zlib";
import { writeFileSync } from "node:fs";
import nodeCrypto from "node:crypto";

process.env.TZ = "UTC"; // before anything asks for local time

const out = process.argv[2];
const stdLib = process.argv[3];
if (!out) {
  console.error("usage: node tools/snapshot_pyodide.mjs OUT [STDLIB]");
  process.exit(2);
}

let state = 0x9e3779b9; // xorshift32: fixed, so every build draws the same bytes
function fixedRandomFill(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    bytes[i] = state & 0xff;
  }
  return view;
}
nodeCrypto.randomFillSync = fixedRandomFill; // where Emscripten's node build draws its entropy
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fixedRandomFill, configurable: true });
const STILL = Date.UTC(2020, 0, 1);
Date.now = () => STILL;
performance.now = () => 0;
process.argv[1] = "./this.program"; // Emscripten's program name (sys.executable, $_) is argv[1] under node

/** Fill the allocator's free chunks with zeros: freed memory keeps whatever start-up allocated and dropped
 * there, which the snapshot would carry for nothing (gzip: 6.2 MB -> 5.1 MB). The heap may not grow meanwhile
 * (a footprint limit makes malloc fail instead of growing it), and every chunk taken is freed again. */
function zeroFreeMemory(pyodide) {
  pyodide.runPython("import gc; gc.collect()");
  const module = pyodide._module;
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const taken = [];
  for (let size = 1 << 24; size >= 8; size >>= 1) {
    for (let at = module._malloc(size); at; at = module._malloc(size)) {
      module.HEAPU8.fill(0, at, at + size);
      taken.push(at);
    }
  }
  for (const at of taken) module._free(at);
  module._malloc_set_footprint_limit(0xffffffff); // dlmalloc's "no limit" (MAX_SIZE_T), kept in the snapshot
}

/** The wasm memory as Pyodide's wasm is instantiated (its data segments in place), captured at that moment. */
let instantiated = null;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function watched(...args) {
  const result = await instantiate.apply(this, args);
  if (result.instance && !instantiated) instantiated = new Uint8Array(result.instance.exports.memory.buffer).slice();
  return result;
};

/** The delta file (see the top of this file) of Pyodide's snapshot, given the memory as instantiated. */
function delta(snapshot, initial) {
  const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2);
  const [magic, offset] = header;
  let length = initial.length;
  while (length > 0 && initial[length - 1] === 0) length--;
  length = Math.min(Math.ceil(length / 4) * 4, snapshot.length - offset);
  const out = new Uint8Array(16 + snapshot.length);
  out.set(snapshot, 16);
  new DataView(out.buffer).setUint32(16, 0, true); // Pyodide's magic number, zeroed
  for (let i = 0; i < length; i++) out[16 + offset + i] ^= initial[i];
  const prefix = new DataView(out.buffer, 0, 16);
  out.set(new TextEncoder().encode("JBSD"), 0);
  prefix.setUint32(4, length, true);
  prefix.setUint32(8, offset, true);
  prefix.setUint32(12, magic, true);
  return out;
}

const { loadPyodide } = await import("../node_modules/pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ _makeSnapshot: true, env: { LANG: "C.UTF-8" }, ...(stdLib ? { stdLibURL: stdLib } : {}) });
zeroFreeMemory(pyodide);
const memory = pyodide.makeMemorySnapshot();
if (!instantiated) throw new Error("Pyodide's wasm was not instantiated through WebAssembly.instantiate");
writeFileSync(out, gzipSync(delta(memory, instantiated), { level: 9 }));
