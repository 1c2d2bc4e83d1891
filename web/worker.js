// pyrite's module worker: Pyodide + the pyrite wheel, driven by messages from pyrite.js.
//
// main -> worker: {type, id, payload}, every request alike; the requests are pyrite.web's table
//   (py/pyrite/web.py): load, generate, generate_ids, encode, score, profile, probe, cases, options,
//   info; and the immediate ones, stop and lose_device (a test hook), which skip the queue.
// worker -> main:
//   {type:"event", id, event:"progress", data:{phase, done, total}}  phases: runtime | weights | upload | shaders
//   {type:"event", id, event:"piece", data:text}                     (generate)
//   {type:"done", id, result}
//   {type:"error", id, error:{kind, message, details}}   kind: the Python error class (or the JS one)
//
// Requests run one at a time, in arrival order (the engine owns one KV cache and one set of
// activations). Immediate requests run at once: Python awaits a GPU read for every batch of tokens,
// so this onmessage runs in between, and stop ends the running generate.
//
// Pyodide 314 runs only in a module worker ("Classic web workers are not supported").
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { replay } from "./tape.js";
import { CACHE, cacheKey } from "./pyrite.js";  // the weight cache's name and keys (pyrite.js has no side effects)

const BASE = new URL("./", import.meta.url);
const RUNTIME_STEPS = 3; // Pyodide core, micropip + packaging, the pyrite wheel

let web = null;          // {handle, runImmediate, immediate: Set}: pyrite.web, resolved once
let booting = null;      // the runtime's boot promise, shared by every request
let queue = Promise.resolve();

function post(msg) {
  self.postMessage(msg);
}

function progress(id, phase, done, total) {
  post({ type: "event", id, event: "progress", data: { phase, done: Number(done), total: Number(total) } });
}

// A failure outside Python (fetch, Pyodide itself) in the seam's one error shape.
function errorShape(err) {
  const kind = err.kind || (err.name === "PythonError" ? "InternalError" : err.name || "Error");
  return { kind, message: String(err.message || err), details: {} };
}

class WorkerError extends Error {
  constructor(message, kind) {
    super(message);
    this.kind = kind;
  }
}

// -- runtime -------------------------------------------------------------------------------------

async function fetchJSON(url) {
  const resp = await fetch(url);
  if (!resp.ok) throw new WorkerError(`${url}: HTTP ${resp.status}`, "LoadError");
  return resp.json();
}

async function boot(id) {
  progress(id, "runtime", 0, RUNTIME_STEPS);
  const build = await fetchJSON(new URL("build.json", BASE));
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", BASE).href,
    stdout: (line) => console.log(`[py] ${line}`),
    stderr: (line) => console.warn(`[py] ${line}`),
  });
  pyodide.registerJsModule("pyrite_tape", { replay });  // BrowserDevice.replay encodes decode batches in JS
  pyodide.registerJsModule("pyrite_cache", { keep: keepShard });  // FetchShards keeps verified shards
  progress(id, "runtime", 1, RUNTIME_STEPS);
  // loadPackage takes wheel URLs: the PyPI micropip/packaging wheels need no lock entry.
  await pyodide.loadPackage(build.web_wheels.map((w) => new URL(w, BASE).href), { messageCallback: () => {} });
  progress(id, "runtime", 2, RUNTIME_STEPS);
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install(new URL(build.wheel, BASE).href);
  } finally {
    micropip.destroy();
  }
  // The module proxy lives as long as the worker: its function proxies are borrowed from it.
  const module = pyodide.pyimport("pyrite.web");
  web = { handle: module.handle, runImmediate: module.run_immediate,
          immediate: new Set(JSON.parse(module.immediate_types())) };
  self.fetch = weightFetch(self.fetch);
  progress(id, "runtime", 3, RUNTIME_STEPS);
  return build;
}

function runtime(id) {
  booting ??= boot(id);
  return booting;
}

// -- weight download progress and the weight cache -----------------------------------------------

// The loader fetches each shard whole (one ArrayBuffer, hashed then uploaded), so it can only
// report progress per shard; with one 97 MB shard the bar would sit at 0 until the end. So fetch
// counts shard body bytes as they stream in, against the model's total from its model.json (the
// loader fetches it first): progress is cumulative over all shards of the model being loaded.
//
// It also serves shards from the Cache API (CACHE), where the loader keeps each one it has verified,
// keyed by its sha256 from model.json (keepShard, called from Python as pyrite_cache.keep): a second
// visit reads no weight bytes from the network, and a download that failed half way resumes from the
// shards already kept. The loader verifies every shard whatever its source; when a kept one fails, it
// fetches again with cache "reload", which skips the kept copy (and keeps the new one once verified).
// A quota error turns keeping off for the rest of the load, with a notice.
let loadingId = null;    // the load request the counted bytes (and notices) belong to
const keeping = new Set();  // cache.put promises still writing: a load answers once they settle, so a
                            // page that ends the worker after a failed load still keeps those shards
const weights = { total: 0, done: 0, shards: new Map(), cache: null };  // shards: URL -> {sha256, bytes}

function counted(body, id) {
  let lastPost = 0;
  return body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      weights.done += chunk.byteLength;
      const now = performance.now();
      if (now - lastPost > 100 || weights.done >= weights.total) {  // a message per chunk would flood the page
        lastPost = now;
        progress(id, "weights", weights.done, weights.total);
      }
      controller.enqueue(chunk);
    },
  }));
}

function notice(id, text) {
  post({ type: "event", id, event: "notice", data: text });
}

async function openCache(id) {
  try {
    return await caches.open(CACHE);
  } catch (err) {  // no Cache API here (an insecure origin, a private mode): load without one
    notice(id, `weights are not cached: ${err.message || err}`);
    return null;
  }
}

function weightFetch(inner) {
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const id = loadingId;
    if (id === null || !url.endsWith(".bin") || !weights.shards.has(url)) {
      const resp = await inner(input, init);
      if (id !== null && resp.ok && url.endsWith("/model.json")) {
        const index = await resp.clone().json();
        weights.total = (index.shards || []).reduce((sum, s) => sum + s.bytes, 0);
        weights.done = 0;
        weights.shards = new Map((index.shards || []).map((s) => [new URL(s.file, url).href, s]));
        weights.cache = await openCache(id);
      }
      return resp;
    }
    if (weights.cache && init?.cache !== "reload") {
      const kept = await weights.cache.match(cacheKey(BASE, weights.shards.get(url).sha256));
      if (kept) return new Response(counted(kept.body, id), { status: 200, headers: kept.headers });
    }
    const resp = await inner(input, init);
    if (!resp.ok || !resp.body) return resp;
    return new Response(counted(resp.body, id), { status: resp.status, headers: resp.headers });
  };
}

/** Keep a shard the loader has verified (its bytes as an ArrayBuffer) under its sha256. */
function keepShard(url, buffer) {
  const shard = weights.shards.get(url);
  const cache = weights.cache;
  if (!shard || !cache) return;
  const id = loadingId;
  const headers = { "Content-Type": "application/octet-stream", "Content-Length": String(shard.bytes) };
  const put = cache.put(cacheKey(BASE, shard.sha256), new Response(buffer, { headers })).catch((err) => {
    weights.cache = null;  // quota (or any) failure: the rest of this load goes unkept
    notice(id, `weights are not cached (${err.name}: ${err.message})`);
  });
  keeping.add(put);
  put.finally(() => keeping.delete(put));
}

// -- requests ------------------------------------------------------------------------------------

async function call(type, id, payload) {
  await runtime(id);
  const emit = (event, data) => post({ type: "event", id, event, data: event === "progress" ? JSON.parse(data) : data });
  loadingId = type === "load" ? id : loadingId;
  try {
    const answer = JSON.parse(await web.handle(type, JSON.stringify(payload ?? {}), emit));
    if (type === "load") await Promise.allSettled([...keeping]);
    if (answer.error) post({ type: "error", id, error: answer.error });
    else post({ type: "done", id, result: answer.result });
  } finally {
    if (type === "load") loadingId = null;
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
