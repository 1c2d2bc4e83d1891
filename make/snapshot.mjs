// Python's memory snapshot for the page, made at build time under Node (make/snapshot.py runs this):
// Pyodide started with `_makeSnapshot`, the wheels unpacked as web/worker.js unpacks them, what
// pyrite.resume.prepare() imports imported, the heap written out. A page restores it on a visit that
// has none kept (web/worker.js), instead of starting Python and making one itself.
//
//   node make/snapshot.mjs <pyodide dir> <out file> <wheel>...   (pyrite's wheel first)
//
// The JS modules Python holds are stubs of web/worker.js's JS_MODULES, serialized by name: the page's
// deserializer gives the restored Python the worker's own (tests/package/test_snapshot_build.py keeps both lists equal).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const JS_MODULES = ["pyrite_tape", "pyrite_shards", "pyrite_gpu", "pyrite_local"];

const [pyodideDir, out, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const lock = JSON.parse(readFileSync(join(pyodideDir, "pyodide-lock.json"), "utf8"));
const python = await loadPyodide({ _makeSnapshot: true, indexURL: `${pyodideDir}/`,
                                   lockFileContents: { info: lock.info, packages: {} } });
const stubs = new Map(JS_MODULES.map((name) => [{ name }, name]));
for (const [stub, name] of stubs) python.registerJsModule(name, stub);
const site = python.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const wheel of wheels) python.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: site });
python.runPython("import pyrite.resume; pyrite.resume.prepare()");
const bytes = python.makeMemorySnapshot({ serializer: (obj) => {
  if (!stubs.has(obj)) throw new Error(`Python holds a JS object that is none of its modules: ${obj}`);
  return { module: stubs.get(obj) };
} });
writeFileSync(out, bytes);
