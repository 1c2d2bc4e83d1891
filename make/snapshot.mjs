// Python's memory snapshot for the page, made at build time under Node (make/snapshot.py runs this):
// Pyodide started with `_makeSnapshot`, the wheels unpacked as web/worker.js unpacks them, what
// pyrite.resume.prepare() imports imported, the heap written out. A page restores it on a visit that
// has none kept (web/worker.js), instead of starting Python and making one itself.
//
//   node make/snapshot.mjs <pyodide dir> <out file> <wheel>...   (pyrite's wheel first)
//
// The JS modules Python holds are stubs of web/worker.js's JS_MODULES, serialized by name: the page's
// deserializer gives the restored Python the worker's own (tests/package/test_snapshot_build.py keeps both
// lists equal). web/heap.mjs takes the snapshot, as the worker takes its own.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { heapSnapshot } from "../web/heap.mjs";

const JS_MODULES = ["pyrite_tape", "pyrite_shards", "pyrite_gpu", "pyrite_local"];

const [pyodideDir, out, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const lock = JSON.parse(readFileSync(join(pyodideDir, "pyodide-lock.json"), "utf8"));
const python = await loadPyodide({ _makeSnapshot: true, indexURL: `${pyodideDir}/`,
                                   lockFileContents: { info: lock.info, packages: {} } });
const stubs = Object.fromEntries(JS_MODULES.map((name) => [name, { name }]));
for (const [name, stub] of Object.entries(stubs)) python.registerJsModule(name, stub);
const site = python.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const wheel of wheels) python.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: site });
writeFileSync(out, heapSnapshot(python, stubs));
