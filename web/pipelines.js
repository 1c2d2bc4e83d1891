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
//   commit()              worker: the load succeeded; keeps its descriptor and pipelines for its model
//
// A kept list that no longer matches (another wheel, another adapter) costs a compile nobody takes; the
// next load keeps the list it used. Python makes every pipeline it does not take itself.
const CACHE = "pyrite-pipelines-v1";

export function pipelineStarter(base) {
  let started = null;    // promise of {descriptor, adapter, device, pipelines: Map key -> promise} or null
  let asked = false;     // Python asked for a device: the worker has one from here on
  let descriptor = null; // the descriptor of the device Python uses
  let load = null;       // {model, pipelines} of the load in progress
  let taking = new Map(); // the adopted device's started pipelines not taken yet

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
    const { descriptor: text, pipelines } = await kept.json();
    const wanted = JSON.parse(text);
    const adapter = await navigator.gpu.requestAdapter(wanted.adapter);
    const device = await adapter?.requestDevice(wanted.device);
    if (!device) return null;
    const modules = new Map();
    const made = new Map();
    for (const { key, module, pipeline } of pipelines) {
      if (!modules.has(module.code)) modules.set(module.code, device.createShaderModule(module));
      const promise = device.createComputePipelineAsync({ ...pipeline, compute: { ...pipeline.compute, module: modules.get(module.code) } });
      promise.catch(() => {});  // handled: Python awaits the same promise and sees its error
      made.set(key, promise);
    }
    return { descriptor: text, adapter, device, pipelines: made };
  }

  function begin(model, options) {
    load = { model: named(model, options), pipelines: null };
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
      return [early.adapter, early.device];
    }
    early.device.destroy();
    return null;
  }

  function take(key) {
    const promise = taking.get(key) ?? null;
    taking.delete(key);
    return promise;
  }

  function keep(pipelines) {
    if (load) load.pipelines = pipelines;
  }

  async function commit() {
    const done = load;
    load = null;
    taking = new Map();  // the rest was never asked for: it goes with the worker's references
    if (!done?.pipelines || !descriptor) return;
    const body = JSON.stringify({ descriptor, pipelines: JSON.parse(done.pipelines) });
    await (await open())?.put(keyOf(done.model), new Response(body, { headers: { "Content-Type": "application/json" } }))
      .catch(() => {});  // quota: the next page compiles after Python starts, as without a kept list
  }

  return { module: { adopt, take, keep }, begin, commit };
}
