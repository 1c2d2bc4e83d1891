// pyrite's module worker: Pyodide + the pyrite wheel, driven by messages from pyrite.js.
//
// main -> worker: {type, id, payload}, every request alike; the requests are pyrite.web's table
//   (py/pyrite/web.py; their fields: py/pyrite/schema.py, docs/seam.md): load, generate, chat,
//   prepare, generate_ids, encode, score, profile, probe, cases, options, memory, info; and the immediate ones,
//   stop and lose_device (a test hook), which skip the queue.
// worker -> main:
//   {type:"schema", schema}                                          once, at boot: pyrite.schema.export()
//   {type:"event", id, event:"progress", data:{phase, done, total}}  phases, in order: runtime | weights |
//                                                                    upload | plan | pipelines (below)
//   {type:"event", id, event:"piece", data:text}                     (generate)
//   {type:"done", id, result}
//   {type:"error", id, error:{kind, message, details}}   kind: one of ERROR_KINDS (web/schema.js)
//   {type:"event", id, event:"notice", data:text}                    (something the user should know)
//
// convert's payload carries the page's Files ({files, name}: one GGUF, or an HF folder's files): they
// are mounted read-only on Emscripten's WORKERFS (Python reads them in slices, never whole) and Python
// gets the path (the file, or their folder). Its progress phase is
// "convert" (tensors done/total); the local model it writes (web/local.js, registered as pyrite_local)
// then loads as "local:<key>".
//
// A load's phases: runtime (Pyodide, the wheel; steps of RUNTIME_STEPS, the first load only; its step 1
// event says `from`: "snapshot" when Python was restored from the kept snapshot, "shipped" from the site's,
// web/snapshot.js), weights
// (bytes read, from the weight cache or the network), upload (tensors written to the GPU), plan (Python
// builds the plan: routes, buffers; 0/1 then 1/1) and pipelines (compiled, done/total: those decode
// runs, all at once; a prefill's are compiled after the load answers, and its first run waits for them).
// Pyrite.load (web/client.js) times each phase from these events.
//
// Shards come to Python through the shard reader (web/shards.js, registered as pyrite_shards): the
// weight cache and the "weights" progress, counted in bytes as they stream. The device and the
// pipelines a load waits for are started early, while Pyodide boots, from what the last page's load
// of the same model used (web/pipelines.js, registered as pyrite_gpu).
//
// Requests run one at a time, in arrival order (the engine owns one KV cache and one set of
// activations). Immediate requests run at once: Python awaits a GPU read for every batch of tokens,
// so this onmessage runs in between, and stop ends the running generate.
//
// Pyodide 314 runs only in a module worker ("Classic web workers are not supported").
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { runtime } from "./runtime.js";
import { replay } from "./tape.js";
import { shardReader } from "./shards.js";
import { pipelineStarter } from "./pipelines.js";
import { store } from "./local.js";
import { shippedSnapshot, skipShipped, snapshotStore } from "./snapshot.js";
import { heapSnapshot } from "./heap.mjs";

// the worker script's folder (the caches' keys); not new URL("./", import.meta.url), which bundlers rewrite
const BASE = new URL("./", self.location.href);
const RUNTIME_STEPS = 3; // Pyodide core, the pyrite wheel unpacked, pyrite.web imported
const WHEELS_DIR = "/tmp/pyrite-wheels";  // where a restored Python gets the wheels whole (runtime.wheels' order)

let web = null;          // {handle, runImmediate, immediate: Set}: pyrite.web, resolved once
let booting = null;      // the runtime's boot promise, shared by every request
let queue = Promise.resolve();
let loadingId = null;    // the load request the weights' progress and notices belong to

function post(msg) {
  self.postMessage(msg);
}

function progress(id, phase, done, total, extra = {}) {
  post({ type: "event", id, event: "progress", data: { phase, done: Number(done), total: Number(total), ...extra } });
}

function notice(id, text) {
  post({ type: "event", id, event: "notice", data: text });
}

const shards = shardReader(BASE, {
  progress: (done, total) => progress(loadingId, "weights", done, total),
  notice: (text) => notice(loadingId, text),
});
const starter = pipelineStarter(BASE);
const snapshots = snapshotStore(BASE);

// The JS modules Python imports: registered on a normal start; a restored snapshot's Python holds them
// already, and gets this worker's own through the snapshot's deserializer.
const JS_MODULES = {
  pyrite_tape: { replay },        // BrowserDevice.replay encodes decode batches in JS
  pyrite_shards: shards.module,   // FetchShards reads every shard through it
  pyrite_gpu: starter.module,     // BrowserDevice takes the early device and pipelines
  pyrite_local: store,            // models/local.py writes and reads local models through it
};

function registerModules(python) {
  for (const [name, module] of Object.entries(JS_MODULES)) python.registerJsModule(name, module);
}

// A failure outside pyrite.web (fetching the site's files, Pyodide itself) in the seam's one error shape.
function errorShape(err) {
  if (err.kind) return { kind: err.kind, message: err.message, details: err.details ?? {} };
  const message = String(err.message || err);
  if (err.name === "PythonError") {  // Python failed while booting (installing the wheel, importing it)
    return { kind: "InternalError", message, details: { type: err.type, message, traceback: message } };
  }
  return { kind: "WorkerError", message, details: { type: err.name ?? typeof err, stack: err.stack ?? "" } };
}

class LoadError extends Error {
  constructor(url, status) {
    super(`${url}: HTTP ${status}`);
    this.kind = "LoadError";
    this.details = { url: String(url), status };
  }
}

// -- runtime -------------------------------------------------------------------------------------

/** Pyodide, booted from runtime.js's URLs (options: a snapshot's, below). Pyodide finds its wasm as indexURL +
 * "pyodide.asm.wasm", a fixed name that a bundler does not keep: indexURL is the wasm's own URL with a
 * fragment, which the appended name joins and fetch leaves off. The other files have options of their own
 * (runtime.js). Pyodide waits forever on a wasm the server does not have, so the files are checked beside
 * its start. */
async function startPyodide(options) {
  const { default: createModule } = await import("./pyodide/pyodide.asm.mjs");
  const missing = missingAsset([runtime.wasm, runtime.stdlib]).then(() => new Promise(() => {}));
  return Promise.race([missing, loadPyodide({
    indexURL: `${runtime.wasm}#`,
    createPyodideModule: (settings) => createModule(settings).then((module) => grownForSnapshot(module, settings)),
    stdLibURL: runtime.stdlib,
    lockFileContents: runtime.lock,
    stdout: (line) => console.log(`[py] ${line}`),
    stderr: (line) => console.warn(`[py] ${line}`),
    ...options,
  })]);
}

/** The module with room for the snapshot it is about to restore. Pyodide 314.0.7 sizes the heap by setting
 * INITIAL_MEMORY to the snapshot's length, which this build ignores (its memory comes from the wasm), then
 * copies the snapshot in: a heap bigger than the wasm's initial memory (jinja2 imported) was "out of bounds". */
function grownForSnapshot(module, settings) {
  if (settings.INITIAL_MEMORY > module.HEAP8.length) module.growMemory(settings.INITIAL_MEMORY);
  return module;
}

/** Python restored from snapshot bytes, or null where Pyodide refused them (refused(why) then says so). */
async function restoredPyodide(bytes, refused) {
  try {
    return await startPyodide({ _loadSnapshot: bytes, _snapshotDeserializer: ({ module }) => JS_MODULES[module] });
  } catch (err) {
    if (err.kind === "LoadError") throw err;
    await refused(`Pyodide refused it: ${err.message}`);
    return null;
  }
}

/** A snapshot of a Python that has just imported what pyrite.resume.prepare() imports, or null (a console
 * notice says why). The Python that makes it is not the one used: with `_makeSnapshot` Pyodide hands Python
 * its JS globals through proxies, on which a native getter (navigator.gpu) throws "Illegal invocation"; the
 * worker restores the snapshot. */
async function madeSnapshot(install) {
  const maker = await startPyodide({ _makeSnapshot: true });
  registerModules(maker);
  await install(maker);
  try {
    return heapSnapshot(maker, JS_MODULES);
  } catch (err) {
    console.warn(`pyrite: no Python snapshot was made (${err.message}); Python starts normally`);
    return null;
  }
}

/** Reject with a LoadError naming the first of urls the server does not have (a package served without its
 * assets; a HEAD request each), else resolve. A server that does not answer HEAD (405, 501) is not a miss. */
async function missingAsset(urls) {
  for (const url of urls) {
    const resp = await fetch(url, { method: "HEAD" }).catch(() => null);
    if (!resp?.ok && ![405, 501].includes(resp?.status)) throw new LoadError(url, resp ? resp.status : "unreachable");
  }
}

/** Python with pyrite.web imported: restored from the kept snapshot (web/snapshot.js; `from` "snapshot"), else
 * from the one the site ships ("shipped"), else from one made now ("start"); the last two are kept for the
 * next page. With no Cache API, or no snapshot that serves, Python starts as it is ("start"). */
async function boot(id) {
  progress(id, "runtime", 0, RUNTIME_STEPS);
  // fetched while Pyodide starts; a failure is named at install, once Python is there to take them
  const wheels = runtime.wheels.map((url) => fetch(url).then((resp) => (resp.ok ? resp.arrayBuffer() : resp.status), () => null));
  const kept = await snapshots.read(runtime.snapshot);
  let restored = kept && await restoredPyodide(kept, snapshots.drop);
  let from = restored ? "snapshot" : "start";
  if (!restored) {
    const shipped = await shippedSnapshot(runtime.shipped);
    restored = shipped && await restoredPyodide(shipped, skipShipped);
    if (restored) {
      from = "shipped";
      snapshots.write(runtime.snapshot, shipped);  // in the background
    }
  }
  if (!restored && globalThis.caches) {
    const made = await madeSnapshot(install);
    restored = made && await restoredPyodide(made, snapshots.drop);
    if (restored) snapshots.write(runtime.snapshot, made);  // in the background
  }
  const pyodide = restored || await startPyodide({});
  if (!restored) registerModules(pyodide);
  progress(id, "runtime", 1, RUNTIME_STEPS, { from });
  // A restored Python has pyrite's imports in its heap but not its files (the kernels, a later import): it
  // gets the wheels whole and unpacks what it needs (py/pyrite/resume.py).
  const written = restored ? await writeWheels(pyodide) : null;  // paths, for resumed() below
  if (!restored) await install(pyodide);
  progress(id, "runtime", 2, RUNTIME_STEPS);
  // The module proxy lives as long as the worker: its function proxies are borrowed from it.
  const module = pyodide.pyimport("pyrite.web");
  if (restored) {
    const held = JSON.parse(module.resumed(JSON.stringify(written)));  // the modules its heap came with
    console.info(`pyrite: Python restored from its snapshot, holding ${held.join(", ")}`);
  }
  web = { pyodide, handle: module.handle, runImmediate: module.run_immediate,
          immediate: new Set(JSON.parse(module.immediate_types())) };
  post({ type: "schema", schema: JSON.parse(module.schema_json()) });
  progress(id, "runtime", 3, RUNTIME_STEPS);

  async function wheelBytes(i) {
    const bytes = await wheels[i];
    if (!(bytes instanceof ArrayBuffer)) throw new LoadError(runtime.wheels[i], bytes ?? "unreachable");
    return bytes;
  }

  /** pyrite's wheel and its pure-Python dependencies (jinja2, markupsafe: runtime.js), unpacked into
   * site-packages as they are (micropip would cost about half a second more, loading itself and packaging). */
  async function install(python) {
    const site = python.runPython("import sysconfig; sysconfig.get_path('purelib')");
    for (let i = 0; i < wheels.length; i++) python.unpackArchive(await wheelBytes(i), "wheel", { extractDir: site });
  }

  /** The wheels written whole into WHEELS_DIR -> their paths, in runtime.wheels' order. */
  async function writeWheels(python) {
    python.FS.mkdirTree(WHEELS_DIR);
    const paths = runtime.wheels.map((_, i) => `${WHEELS_DIR}/${i}.whl`);
    for (const [i, path] of paths.entries()) python.FS.writeFile(path, new Uint8Array(await wheelBytes(i)));
    return paths;
  }
}

function booted(id) {
  booting ??= boot(id);
  return booting;
}

// -- requests ------------------------------------------------------------------------------------

/** Mount a convert request's Files on WORKERFS, in a folder named as theirs (a picked folder's
 * webkitRelativePath), else "model": the payload Python gets ({path, name}) and the unmount. */
function mounted(id, { files, name }) {
  const list = [...(files ?? [])].filter((f) => f instanceof File);
  if (!list.length) return { payload: { path: "", name }, unmount: () => {} };  // Python refuses it, named
  const { FS } = web.pyodide;
  const top = list[0].webkitRelativePath?.split("/")[0];
  const dir = `/pyrite-import/${id}/${top && list.every((f) => f.webkitRelativePath.startsWith(`${top}/`)) ? top : "model"}`;
  FS.mkdirTree(dir);
  FS.mount(FS.filesystems.WORKERFS, { files: list }, dir);
  return { payload: { path: list.length === 1 ? `${dir}/${list[0].name}` : dir, ...(name ? { name } : {}) },
           unmount: () => { FS.unmount(dir); FS.rmdir(dir); } };
}

async function call(type, id, payload) {
  if (type === "load") starter.begin(payload?.model, payload?.options);  // the GPU's share starts before Python
  await booted(id);
  const emit = (event, data) => post({ type: "event", id, event, data: event === "progress" ? JSON.parse(data) : data });
  loadingId = type === "load" ? id : loadingId;
  const files = type === "convert" ? mounted(id, payload ?? {}) : null;
  try {
    const answer = JSON.parse(await web.handle(type, JSON.stringify(files ? files.payload : payload ?? {}), emit));
    if (type === "load") await shards.settled();
    if (type === "load" && !answer.error) await starter.commit();
    if (answer.error) post({ type: "error", id, error: answer.error });
    else post({ type: "done", id, result: answer.result });
  } finally {
    if (type === "load") loadingId = null;
    files?.unmount();
  }
}

function enqueue(task) {
  queue = queue.then(task, task);
  return queue;
}

self.onmessage = (event) => {
  const { type, id, payload } = event.data || {};
  if (web?.immediate.has(type)) {
    const answer = JSON.parse(web.runImmediate(type));
    if (id !== undefined) post(answer.error ? { type: "error", id, error: answer.error } : { type: "done", id, result: null });
    return;
  }
  enqueue(async () => {
    try {
      await call(type, id, payload);
    } catch (err) {
      post({ type: "error", id, error: errorShape(err) });
    }
  });
};
