// pyrite's module worker: Pyodide + the pyrite wheel, driven by messages from pyrite.js.
//
// main -> worker                               worker -> main
//   {type:"load", id?, model}                    {type:"progress", phase, done, total}
//   {type:"generate", id, prompt, options}         phases: runtime | weights | upload | shaders
//   {type:"stop"}                                {type:"ready", id?, info}      (answers load)
//   {type:"score", id, ids, logits?, pick?}      {type:"piece", id, text}       (generate only)
//   {type:"generate_ids", id, ids, max_tokens}   {type:"done", id, result}
//   {type:"encode", id, text, chat}              {type:"error", id?, message, kind}
//   {type:"cases", id, cases}
//   {type:"info", id}
//   {type:"profile", id, ids}    GPU ms per kernel (timestamp queries): prefill of ids + one decode
//   {type:"options", id, options}  runtime options (read per execution, no rebuild) -> all of them
//   {type:"probe", id}           the adapter's read roofline -> {gbps, kernel, nbytes, timer}
//   {type:"lose_device"}         test hook: destroy the GPU device now (skips the queue, like stop);
//                                the running request fails with kind DeviceLostError, a load gets a new one
//
// Requests run one at a time, in arrival order (the engine owns one KV cache and one set of
// activations). "stop" skips the queue: Python awaits a GPU read for every token, so this
// onmessage runs between tokens and pyrite.web.stop() ends the running generate after the
// current one.
//
// Pyodide 314 runs only in a module worker ("Classic web workers are not supported").
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { replay } from "./tape.js";

const BASE = new URL("./", import.meta.url);
const RUNTIME_STEPS = 3; // Pyodide core, micropip + packaging, the pyrite wheel

let api = null;          // bound functions of pyrite.web, resolved once (each lookup makes a PyProxy)
let booting = null;      // the runtime's boot promise, shared by every request
let queue = Promise.resolve();

function post(msg) {
  self.postMessage(msg);
}

function progress(phase, done, total) {
  post({ type: "progress", phase, done: Number(done), total: Number(total) });
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

async function boot() {
  progress("runtime", 0, RUNTIME_STEPS);
  const build = await fetchJSON(new URL("build.json", BASE));
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", BASE).href,
    stdout: (line) => console.log(`[py] ${line}`),
    stderr: (line) => console.warn(`[py] ${line}`),
  });
  pyodide.registerJsModule("pyrite_tape", { replay });  // BrowserDevice.replay encodes decode batches in JS
  progress("runtime", 1, RUNTIME_STEPS);
  // loadPackage takes wheel URLs: the PyPI micropip/packaging wheels need no lock entry.
  await pyodide.loadPackage(build.web_wheels.map((w) => new URL(w, BASE).href), { messageCallback: () => {} });
  progress("runtime", 2, RUNTIME_STEPS);
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install(new URL(build.wheel, BASE).href);
  } finally {
    micropip.destroy();
  }
  // The module proxy lives as long as the worker: its function proxies are borrowed from it.
  const web = pyodide.pyimport("pyrite.web");
  api = {
    load: web.load, generate: web.generate, stop: web.stop, generate_ids: web.generate_ids,
    encode: web.encode, score: web.score, cases: web.run_cases, info: web.info, profile: web.profile,
    options: web.options, probe: web.probe, lose_device: web.lose_device,
  };
  progress("runtime", 3, RUNTIME_STEPS);
  return build;
}

function runtime() {
  booting ??= boot();
  return booting;
}

// -- weight download progress --------------------------------------------------------------------

// The loader fetches each shard whole (one ArrayBuffer, hashed then uploaded), so it can only
// report progress per shard; with one 97 MB shard the bar would sit at 0 until the end. While a
// model loads, fetch is wrapped to count body bytes as they stream in. The model's total comes
// from model.json (the loader fetches it first), so progress is cumulative over all shards.
function countingFetch(inner) {
  let total = 0;
  let done = 0;
  return async (input, init) => {
    const resp = await inner(input, init);
    const url = String(input instanceof Request ? input.url : input);
    if (!resp.ok || !resp.body) return resp;
    if (url.endsWith("/model.json")) {
      const index = await resp.clone().json();
      total = (index.shards || []).reduce((sum, s) => sum + s.bytes, 0);
      return resp;
    }
    if (!url.endsWith(".bin") || total === 0) return resp;
    let lastPost = 0;
    const counter = new TransformStream({
      transform(chunk, controller) {
        done += chunk.byteLength;
        const now = performance.now();
        if (now - lastPost > 100 || done >= total) {  // a message per chunk would flood the page
          lastPost = now;
          progress("weights", done, total);
        }
        controller.enqueue(chunk);
      },
    });
    return new Response(resp.body.pipeThrough(counter), { status: resp.status, headers: resp.headers });
  };
}

// -- requests ------------------------------------------------------------------------------------

// pyrite.web answers JSON: a result, or {"error", "kind"} (a Python exception, named).
function parse(text) {
  const result = JSON.parse(text);
  if (result && typeof result === "object" && !Array.isArray(result) && "error" in result) {
    throw new WorkerError(result.error, result.kind);
  }
  return result;
}

async function load(msg) {
  await runtime();
  const url = new URL(msg.model.replace(/\/?$/, "/"), BASE).href;
  const plainFetch = self.fetch;
  self.fetch = countingFetch(plainFetch);
  try {
    const maxCtx = msg.max_ctx ?? 2048;
    return parse(await api.load(url, progress, maxCtx));
  } finally {
    self.fetch = plainFetch;
  }
}

const HANDLERS = {
  async generate(msg) {
    await runtime();
    const onPiece = (text) => post({ type: "piece", id: msg.id, text });
    return parse(await api.generate(String(msg.prompt ?? ""), JSON.stringify(msg.options ?? {}), onPiece));
  },
  async generate_ids(msg) {
    await runtime();
    return parse(await api.generate_ids(JSON.stringify(msg.ids), msg.max_tokens));
  },
  async encode(msg) {
    await runtime();
    return parse(await api.encode(String(msg.text ?? ""), Boolean(msg.chat)));
  },
  async score(msg) {
    await runtime();
    return parse(await api.score(JSON.stringify(msg.ids), Boolean(msg.logits), JSON.stringify(msg.pick ?? null)));
  },
  async profile(msg) {
    await runtime();
    return parse(await api.profile(JSON.stringify(msg.ids)));
  },
  async probe(msg) {
    await runtime();
    return parse(await api.probe());
  },
  async cases(msg) {
    await runtime();
    return parse(await api.cases(JSON.stringify(msg.cases)));
  },
  async info(msg) {
    await runtime();
    return parse(await api.info());
  },
  async options(msg) {
    await runtime();
    return parse(await api.options(JSON.stringify(msg.options ?? {})));
  },
};

function errorMessage(id, err) {
  // A JS failure (fetch, Pyodide itself) has no Python kind: name it by its JS class.
  const kind = err.kind || (err.name === "PythonError" ? "InternalError" : err.name || "Error");
  return { type: "error", id, message: String(err.message || err), kind };
}

function enqueue(task) {
  queue = queue.then(task, task);
  return queue;
}

self.onmessage = (event) => {
  const msg = event.data || {};
  if (msg.type === "stop") {
    if (api) api.stop();
    return;
  }
  if (msg.type === "lose_device") {  // a test hook: lands mid-generate, like stop
    if (api) api.lose_device();
    return;
  }
  if (msg.type === "load") {
    enqueue(async () => {
      try {
        post({ type: "ready", id: msg.id, info: await load(msg) });
      } catch (err) {
        post(errorMessage(msg.id, err));
      }
    });
    return;
  }
  const handler = HANDLERS[msg.type];
  if (!handler) {
    post({ type: "error", id: msg.id, message: `unknown request type ${JSON.stringify(msg.type)}`, kind: "ProtocolError" });
    return;
  }
  enqueue(async () => {
    try {
      post({ type: "done", id: msg.id, result: await handler(msg) });
    } catch (err) {
      post(errorMessage(msg.id, err));
    }
  });
};
