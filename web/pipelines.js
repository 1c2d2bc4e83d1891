// The worker's early start of a load's GPU work, registered into Pyodide as pyrite_gpu. Compiling the
// pipelines a load waits for takes seconds on a CPU adapter (SwiftShader), and booting Python takes
// seconds too: so the worker keeps, per model, the device descriptor and the pipelines its last load
// waited for (Cache API, beside the weights), and on the next page it requests that device and starts
// those pipelines (createComputePipelineAsync) while Pyodide starts. py/pyrite/gpu/browser.py takes them:
//
//   begin(model, options) worker: a load request came; before any device exists in this worker,
//                         starts the device and pipelines kept for model loaded with these options
//                         (runtime options read at load choose other routes, so other pipelines)
//   adopt(descriptor)     -> [adapter, device] started from this descriptor (JSON, as Python made it),
//                         once; else null (a started device of another descriptor is destroyed)
//   take(key)             -> the started pipeline's promise for key (kernel id, sha256, constants), once
//   keep(pipelines)       the pipelines (JSON recipes) the load in progress waits for
//   keepLater(pipelines, now)  those it leaves compiling when it answers, kept too: the next page starts
//                         now's (a full prefill's, which a first message needs) right behind the first,
//                         SOON_WINDOW at a time, and the others (a short prefill's) when Python takes them
//                         (py/pyrite/gpu/browser.py paces those: on a CPU adapter, after the first run).
//                         Any starts at once when Python takes it. One not started when the page closes
//                         never is (the GPU process would finish it, holding up the next page's
//                         requestAdapter)
//   commit()              worker: the load succeeded; keeps its descriptor and pipelines for its model
//
// A kept list that no longer matches (another wheel, another adapter) costs a compile nobody takes; the
// next load keeps the list it used. Python makes every pipeline it does not take itself.
const CACHE = "pyrite-pipelines-v1";
// a first message's queued pipelines in flight at once (py/pyrite/gpu/browser.py's too), one per hardware
// thread: a closed page's compiles still hold up the next page's requestAdapter
const SOON_WINDOW = Math.max(2, navigator.hardwareConcurrency || 0);
const TAKEN = 0;  // the window of the others: none starts before Python takes it

/** Pipelines to start in order, each while fewer than its window are running; start(key) starts one now. */
function laterQueue(create) {
  const waiting = new Map();  // key -> {go: starts it, resolving the promise add() gave, window}
  let running = 0;
  const begin = (key) => {
    const { go } = waiting.get(key);
    waiting.delete(key);
    running += 1;
    go();
  };
  const pump = () => {
    while (waiting.size) {
      const [key, { window }] = waiting.entries().next().value;
      if (running >= window) return;
      begin(key);
    }
  };
  return {
    add(recipe, window) {
      return new Promise((resolve) => waiting.set(recipe.key, { window, go: () => {
        const promise = create(recipe);
        promise.catch(() => {}).then(() => { running -= 1; pump(); });
        resolve(promise);
      } }));
    },
    pump,
    start(key) { if (waiting.has(key)) begin(key); },
  };
}

export function pipelineStarter(base) {
  let started = null;    // promise of {descriptor, adapter, device, pipelines: Map key -> promise} or null
  let asked = false;     // Python asked for a device: the worker has one from here on
  let descriptor = null; // the descriptor of the device Python uses
  let load = null;       // {model, pipelines, soon, later} of the load in progress
  let taking = new Map(); // the adopted device's started (or queued) pipelines not taken yet
  let queue = null;       // the adopted device's soon and later ones (laterQueue)
  let laterKeys = new Set(); // their keys: ones Python has not taken when its load answers it may take after

  const keyOf = (model) => new URL(`__pyrite-cache__/pipelines/${encodeURIComponent(model)}`, base).href;
  const named = (model, options) => `${model}?${JSON.stringify(options ?? {})}`;

  async function open() {
    try {
      return globalThis.caches ? await caches.open(CACHE) : null;
    } catch {  // no Cache API here (an insecure origin, a private mode): nothing is started early
      return null;
    }
  }

  async function start(model) {
    const kept = await (await open())?.match(keyOf(model));
    if (!kept || !navigator.gpu) return null;
    const { descriptor: text, pipelines, soon = [], later = [] } = await kept.json();
    const wanted = JSON.parse(text);
    const adapter = await navigator.gpu.requestAdapter(wanted.adapter);
    const device = await adapter?.requestDevice(wanted.device);
    if (!device) return null;
    const modules = new Map();
    const create = ({ module, pipeline }) => {
      if (!modules.has(module.code)) modules.set(module.code, device.createShaderModule(module));
      const promise = device.createComputePipelineAsync({ ...pipeline, compute: { ...pipeline.compute, module: modules.get(module.code) } });
      promise.catch(() => {});  // handled: Python awaits the same promise and sees its error
      return promise;
    };
    const made = new Map(pipelines.map((recipe) => [recipe.key, create(recipe)]));
    const queue = laterQueue(create);
    for (const [list, window] of [[soon, SOON_WINDOW], [later, TAKEN]]) {
      for (const recipe of list) if (!made.has(recipe.key)) made.set(recipe.key, queue.add(recipe, window));
    }
    queue.pump();  // behind the load's own in the GPU process's queue
    return { descriptor: text, adapter, device, pipelines: made, queue,
             later: new Set([...soon, ...later].map((r) => r.key)) };
  }

  function begin(model, options) {
    load = { model: named(model, options), pipelines: null, soon: null, later: null };
    if (!asked && !started) started = start(load.model).catch(() => null);  // a failure: Python starts all
  }

  async function adopt(text) {
    asked = true;
    descriptor = text;
    const early = await started;
    started = null;
    if (!early) return null;
    if (early.descriptor === text) {
      taking = early.pipelines;
      queue = early.queue;
      laterKeys = early.later;
      return [early.adapter, early.device];
    }
    early.device.destroy();
    return null;
  }

  function take(key) {
    const promise = taking.get(key) ?? null;
    taking.delete(key);
    queue?.start(key);  // Python wants it now: a later one still waiting starts at once
    return promise;
  }

  function keep(pipelines) {
    if (load) load.pipelines = pipelines;
  }

  function keepLater(pipelines, now) {
    if (load) load[now ? "soon" : "later"] = pipelines;
  }

  async function commit() {
    const done = load;
    load = null;
    // the first ones not taken were never asked for (another wheel's list): they go with the worker's references
    taking = new Map([...taking].filter(([key]) => laterKeys.has(key)));
    if (!done?.pipelines || !descriptor) return;
    const body = JSON.stringify({ descriptor, pipelines: JSON.parse(done.pipelines),
                                  soon: JSON.parse(done.soon ?? "[]"), later: JSON.parse(done.later ?? "[]") });
    await (await open())?.put(keyOf(done.model), new Response(body, { headers: { "Content-Type": "application/json" } }))
      .catch(() => {});  // quota: the next page compiles after Python starts, as without a kept list
  }

  return { module: { adopt, take, keep, keepLater }, begin, commit };
}
