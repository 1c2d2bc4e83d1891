// pyrite.js: run a small LLM in a page, on WebGPU, through Python (Pyodide in a worker).
//
//   import { Pyrite } from "./pyrite.js";
//
//   const p = await Pyrite.create({
//     base: "./",                      // where build.json, worker.js, pyodide/, wheels/ live
//     model: "models/smollm2-135m",    // model directory, relative to base (null: runtime only)
//     onProgress: ({phase, done, total}) => {},  // runtime | weights (bytes) | upload | shaders
//   });
//   p.model;                           // {model, config, device, max_ctx} of the loaded model
//
//   for await (const piece of p.generate("Hi!", {max_tokens: 64, temperature: 0.7, top_k: 40,
//                                                top_p: 0.95, min_p: 0.05, repetition_penalty: 1.1,
//                                                repetition_window: 64, seed: 1, chat: true})) {
//     out.textContent += piece;        // text, never HTML (temperature 0: greedy; the draw runs on
//   }                                  // the GPU; a bad option is an error of kind SamplingError)
//   p.lastStats;                       // {prompt_tokens, generated_tokens, ttft_s, prefill_tok_s,
//                                      //  decode_tok_s, stop_reason, decode_steps, decode_submits,
//                                      //  host_ms_per_token, decode_path, bytes_per_token,
//                                      //  read_probe_gbps, roofline} of the last finished generate
//   await p.measureBandwidth();        // {gbps, kernel, nbytes, timer}: the adapter's read roofline
//                                      // (about a second); later stats carry decode's fraction of it
//   p.lastAttest;                      // {kernel id: times it ran} in that generate's last step
//   p.lastSteps;                       // {routes: {prefill: {op: route}, decode: {...}}, dispatches, layers}
//   await p.setOptions({sdpa_query_tile: 32});  // runtime options, read per step (no reload)
//   p.stop();                          // ends a running generate after the current token
//   p.loseDevice();                    // test hook: the GPU device is lost now (DeviceLostError;
//                                      // load() again gets a new device)
//
//   await p.encode("Hi!", true);       // token ids (chat: wrap in the model's chat template)
//   await p.generateIds(ids, 16);      // {ids, stats}: greedy continuation of token ids
//   await p.score(ids);                // {tokens, top1, logprob}: teacher-forced
//   await p.score(ids, true);          // + logits: base64 f32 [ids.length, vocab] (small vocabularies)
//   await p.score(ids, false, pick);   // + picked: log p of pick[i] (token ids) at each position i
//   await p.runCases(cases);           // [{outputs, attest}]: kernel cases (tests)
//   await p.info();                    // {backend, adapter, features, limits} of the device
//   p.terminate();                     // ends the worker
//
// Every failure rejects with a PyriteError whose .kind names the Python error class
// (PromptError, DeviceError, ModelFormatError, ...) or the JS one, and .details the typed error's fields.

export class PyriteError extends Error {
  constructor(message, kind = "Error", details = {}) {
    super(message);
    this.name = "PyriteError";
    this.kind = kind;
    this.details = details;  // the typed error's fields (a LimitError's limit_name and limit, ...)
  }
}

export class Pyrite {
  /** Start the worker and (unless model is null) load a model; resolves once it is ready. */
  static async create({ base = "./", model = "models/smollm2-135m", onProgress = () => {}, maxCtx } = {}) {
    const p = new Pyrite(new URL(base, globalThis.document?.baseURI ?? location.href), onProgress);
    if (model) await p.load(model, { maxCtx });
    return p;
  }

  constructor(baseURL, onProgress) {
    this.base = baseURL;
    this.onProgress = onProgress;
    this.lastStats = null;
    this.lastAttest = null;
    this.model = null;
    this._next = 1;
    this._pending = new Map();  // id -> {resolve, reject, onPiece}
    this._dead = null;          // the error that killed the worker, once it has died
    this._worker = new Worker(new URL("worker.js", baseURL), { type: "module" });
    this._worker.onmessage = (e) => this._receive(e.data);
    this._worker.onerror = (e) => {
      e.preventDefault();
      this._die(new PyriteError(`the pyrite worker failed: ${e.message || "could not start (see the console)"}`,
                                "WorkerError"));
    };
  }

  /** Load (or replace) the model: a directory relative to base. Resolves to p.model. */
  async load(model, { maxCtx } = {}) {
    this.model = await this._request("load", { model, max_ctx: maxCtx });
    return this.model;
  }

  /**
   * The answer to prompt as an async stream of text pieces. lastStats holds the stats of the last
   * generate to finish (leaving the loop early stops the generate; its stats still land there).
   */
  async *generate(prompt, options = {}) {
    const pieces = [];
    let wake = () => {};
    let settled = false;
    const result = this._request("generate", { prompt, options }, (text) => {
      pieces.push(text);
      wake();
    }).then((r) => {
      this.lastStats = r.stats;
      this.lastAttest = r.attest;
      this.lastSteps = r.steps;
      return r;
    });
    // Settles whichever way the request ends, so the loop below never waits forever (and a
    // failure after an early exit is not an unhandled rejection).
    result.catch(() => {}).finally(() => {
      settled = true;
      wake();
    });
    try {
      while (true) {
        while (pieces.length) yield pieces.shift();
        if (settled) break;
        await new Promise((resolve) => { wake = resolve; });
      }
      await result;  // rethrows a Python error as a PyriteError
    } finally {
      if (!settled) this.stop();  // the consumer left the loop early: end the generate too
    }
  }

  /** End a running generate after its current token (no-op otherwise). */
  stop() {
    if (!this._dead) this._worker.postMessage({ type: "stop" });  // immediate: no id, no answer
  }

  /** Test hook: destroy the GPU device now, as a driver reset would lose it. The running request fails
   * with kind DeviceLostError; load() then loads on a new device. */
  loseDevice() {
    if (!this._dead) this._worker.postMessage({ type: "lose_device" });
  }

  async encode(text, chat = false) {
    return (await this._request("encode", { text, chat })).ids;
  }

  async generateIds(ids, maxTokens) {
    return this._request("generate_ids", { ids, max_tokens: maxTokens });
  }

  async score(ids, logits = false, pick = null) {
    return this._request("score", { ids, logits, pick });
  }

  /** Runtime options of the loaded engine, read per step (no reload); resolves to all of them. */
  async setOptions(options) {
    return this._request("options", { options });
  }

  /** The adapter's streaming-read roofline, measured once (about a second): {gbps, kernel, nbytes, timer}. */
  async measureBandwidth() {
    return this._request("probe", {});
  }

  async runCases(cases) {
    return (await this._request("cases", { cases })).results;
  }

  /** The device: {backend, adapter, features, limits}; works before any model is loaded. */
  async info() {
    return this._request("info", {});
  }

  /**
   * Any worker request by its protocol name (the host driver uses this): resolves to the
   * worker's result; onPiece receives generate's text pieces.
   */
  request(type, payload = {}, onPiece = null) {
    return this._request(type, payload, onPiece);
  }

  terminate() {
    this._worker.terminate();
    this._die(new PyriteError("the pyrite worker was terminated", "WorkerError"));
  }

  // -- the message protocol (see worker.js) ------------------------------------------------------

  _request(type, payload, onPiece = null) {
    if (this._dead) return Promise.reject(this._dead);
    const id = this._next++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject, onPiece });
      this._worker.postMessage({ type, id, payload });
    });
  }

  _receive(msg) {
    if (msg.type === "event" && msg.event === "progress") {
      this.onProgress(msg.data);
      return;
    }
    const pending = this._pending.get(msg.id);
    if (!pending) {
      if (msg.type === "error") console.error(`pyrite worker: ${msg.error.kind}: ${msg.error.message}`);
      return;
    }
    if (msg.type === "event") {
      if (msg.event === "piece" && pending.onPiece) pending.onPiece(msg.data);
      return;
    }
    this._pending.delete(msg.id);
    if (msg.type === "error") pending.reject(new PyriteError(msg.error.message, msg.error.kind, msg.error.details));
    else pending.resolve(msg.result);
  }

  _die(err) {
    this._dead = err;
    for (const { reject } of this._pending.values()) reject(err);
    this._pending.clear();
  }
}
