// pyrite.js: run a small LLM in a page, on WebGPU, through Python (Pyodide in a worker).
//
// Most pages want createEngine (the OpenAI-shaped API, at the end of this file; README "In your page").
// Below it is the worker protocol itself, the Pyrite class:
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
//   for await (const piece of p.chat([{role: "user", content: "Hi!"}], {max_tokens: 64})) {}
//                                      // multi-turn: the worker keeps the KV cache of the conversation
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

// -- the weight cache: shards kept in the Cache API by their sha256 ---------------------------------
// (worker.js fills it while a model loads; the loader verifies every shard it reads, kept or not)

export const CACHE = "pyrite-weights-v1";

/** The name a shard is kept under: a URL of the site that is never fetched. */
export function cacheKey(base, sha256) {
  return new URL(`__pyrite-cache__/sha256/${sha256}`, base).href;
}

/** {shards, bytes} kept in the weight cache (0 where there is no Cache API). */
export async function cacheUsage() {
  if (!globalThis.caches) return { shards: 0, bytes: 0 };
  const cache = await caches.open(CACHE);
  let bytes = 0;
  const keys = await cache.keys();
  for (const key of keys) {
    const kept = await cache.match(key);
    bytes += Number(kept?.headers.get("Content-Length") ?? 0);
  }
  return { shards: keys.length, bytes };
}

/** Forget every kept shard: the next load downloads again. */
export async function clearCache() {
  if (globalThis.caches) await caches.delete(CACHE);
}

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

  constructor(baseURL, onProgress, onNotice = () => {}) {
    this.base = baseURL;
    this.onProgress = onProgress;
    this.onNotice = onNotice;
    this.notices = [];          // notices so far (a weight cache that could not be used, ...)
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

  /** Load (or replace) the model: a directory relative to base. Resolves to p.model. blockBytes caps one
   * weight buffer below the adapter's binding limit (a larger matrix loads as row blocks). */
  async load(model, { maxCtx, blockBytes } = {}) {
    this.model = await this._request("load", { model, max_ctx: maxCtx, block_bytes: blockBytes });
    return this.model;
  }

  /**
   * The answer to prompt as an async stream of text pieces. lastStats holds the stats of the last
   * generate to finish (leaving the loop early stops the generate; its stats still land there).
   */
  async *generate(prompt, options = {}) {
    yield* this._stream("generate", { prompt, options });
  }

  /**
   * The assistant's next message in a conversation ([{role, content}, ...]) as a stream of text pieces;
   * the worker's KV cache keeps the conversation, so a next turn prefills only its new tokens.
   */
  async *chat(messages, options = {}) {
    yield* this._stream("chat", { messages, options });
  }

  async *_stream(type, payload) {
    const pieces = [];
    let wake = () => {};
    let settled = false;
    const result = this._request(type, payload, (text) => {
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
    if (msg.type === "event" && msg.event === "notice") {  // something the user should know (caching off)
      console.warn(`pyrite: ${msg.data}`);
      this.notices.push(msg.data);
      this.onNotice(msg.data);
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

// -- the OpenAI-shaped engine ---------------------------------------------------------------------
//
//   import { createEngine } from "./pyrite.js";
//   const engine = await createEngine({ model: "smollm2-135m", onProgress: (p) => {} });
//   const reply = await engine.chat.completions.create({ messages: [{ role: "user", content: "Hi!" }] });
//   reply.choices[0].message.content; reply.usage;   // {prompt_tokens, completion_tokens, total_tokens}
//   for await (const chunk of await engine.chat.completions.create({ messages, stream: true })) {
//     out.textContent += chunk.choices[0].delta.content ?? "";   // the last chunk has finish_reason
//   }
//   await engine.completions.create({ prompt: "Once upon a time", max_tokens: 32 });
//   engine.interrupt(); await engine.runtimeStats(); await engine.routes(); engine.notices; await engine.unload();

const SAMPLING_CHECKS = {   // request option -> its check: true, or what it must be
  max_tokens: (v) => (Number.isInteger(v) && v >= 1) || "a positive integer",
  temperature: (v) => (typeof v === "number" && Number.isFinite(v) && v >= 0) || "a number >= 0 (0: greedy)",
  top_p: (v) => (typeof v === "number" && v > 0 && v <= 1) || "a number in (0, 1]",
  top_k: (v) => (Number.isInteger(v) && v >= 0) || "an integer >= 0 (0: no limit)",
  min_p: (v) => (typeof v === "number" && v >= 0 && v < 1) || "a number in [0, 1)",
  repetition_penalty: (v) => (typeof v === "number" && Number.isFinite(v) && v > 0) || "a number > 0",
  repetition_window: (v) => (Number.isInteger(v) && v >= 1) || "a positive integer",
  seed: (v) => Number.isInteger(v) || "an integer",
  stop: (v) => (typeof v === "string" && v.length > 0) ||
               (Array.isArray(v) && v.length <= 4 && v.every((s) => typeof s === "string" && s.length > 0)) ||
               "a non-empty string or a list of up to 4 of them",
  stream: (v) => typeof v === "boolean" || "true or false",
};
const ROLES = ["system", "user", "assistant"];
const FINISH = { stop_token: "stop", stop_string: "stop", max_tokens: "length", context: "length", stopped: "abort" };

function optionError(name, must, value) {
  return new PyriteError(`${name} must be ${must}, got ${JSON.stringify(value)}`, "OptionError", { option: name });
}

/** The request's options checked (unknown names refused), as the worker's generate options. */
function checkRequest(request, own) {
  if (request === null || typeof request !== "object") throw optionError("request", "an object", request);
  const options = {};
  for (const [name, value] of Object.entries(request)) {
    if (own.includes(name) || value === undefined || value === null) continue;
    const check = SAMPLING_CHECKS[name];
    if (!check) throw new PyriteError(`unknown option ${name} (have ${[...own, ...Object.keys(SAMPLING_CHECKS)].join(", ")})`,
                                      "OptionError", { option: name });
    const ok = check(value);
    if (ok !== true) throw optionError(name, ok, value);
    if (name !== "stream") options[name] = value;
  }
  return options;
}

function checkMessages(messages) {
  if (!Array.isArray(messages) || messages.length === 0) {
    throw optionError("messages", "a non-empty list of {role, content}", messages);
  }
  messages.forEach((m, i) => {
    if (!m || !ROLES.includes(m.role) || typeof m.content !== "string") {
      throw optionError(`messages[${i}]`, `{role: one of ${ROLES.join(", ")}, content: a string}`, m);
    }
  });
}

class Engine {
  constructor(pyrite, model) {
    this._pyrite = pyrite;
    this.model = model;
    this._next = 0;
    this.chat = { completions: { create: (request) => this._create("chat", request) } };
    this.completions = { create: (request) => this._create("text", request) };
  }

  /** End the running completion now (its stream ends with finish_reason "abort"). */
  interrupt() {
    this._pyrite.stop();
  }

  /** End the worker and free the GPU; the engine is unusable afterwards. */
  async unload() {
    this._pyrite.terminate();
  }

  /** The last completion's stats: tokens (prompt, prefilled, reused, generated), TTFT, prefill and decode
   * tok/s, the decode path and its roofline fraction (see Stats in py/pyrite/engine.py). */
  async runtimeStats() {
    return { ...(this._pyrite.lastStats ?? {}) };
  }

  /** What the engine had to tell (a weight cache it could not use, ...), oldest first. */
  get notices() {
    return [...this._pyrite.notices];
  }

  /** The attestation: the routes and dispatches of the last completion's prefill and decode steps. */
  async routes() {
    return this._pyrite.lastSteps ?? null;
  }

  async _create(kind, request) {
    const own = kind === "chat" ? ["messages", "model"] : ["prompt", "model"];
    const options = checkRequest(request, own);
    if (request.model !== undefined && request.model !== this.model) {
      throw optionError("model", `this engine's model "${this.model}"`, request.model);
    }
    let pieces;
    if (kind === "chat") {
      checkMessages(request.messages);
      pieces = this._pyrite.chat(request.messages, options);
    } else {
      if (typeof request.prompt !== "string" || !request.prompt) throw optionError("prompt", "a non-empty string", request.prompt);
      pieces = this._pyrite.generate(request.prompt, { ...options, chat: false });
    }
    const id = `${kind === "chat" ? "chatcmpl" : "cmpl"}-${Date.now().toString(36)}-${this._next++}`;
    const head = { id, object: kind === "chat" ? "chat.completion.chunk" : "text_completion",
                   created: Math.floor(Date.now() / 1000), model: this.model };
    const usage = () => {
      const s = this._pyrite.lastStats;
      return { prompt_tokens: s.prompt_tokens, completion_tokens: s.generated_tokens,
               total_tokens: s.prompt_tokens + s.generated_tokens };
    };
    const finish = () => FINISH[this._pyrite.lastStats.stop_reason] ?? "stop";
    if (request.stream) {
      return (async function* chunks() {
        for await (const text of pieces) {
          yield { ...head, choices: [kind === "chat" ? { index: 0, delta: { role: "assistant", content: text }, finish_reason: null }
                                                     : { index: 0, text, finish_reason: null }] };
        }
        yield { ...head, choices: [kind === "chat" ? { index: 0, delta: {}, finish_reason: finish() }
                                                   : { index: 0, text: "", finish_reason: finish() }], usage: usage() };
      })();
    }
    let content = "";
    for await (const text of pieces) content += text;
    return { ...head, object: kind === "chat" ? "chat.completion" : "text_completion",
             choices: [kind === "chat" ? { index: 0, message: { role: "assistant", content }, finish_reason: finish() }
                                       : { index: 0, text: content, finish_reason: finish() }],
             usage: usage() };
  }
}

/**
 * An engine for one of the site's models (an id under its models/ folder, such as "smollm2-135m"), in a
 * Web Worker of its own (two engines can coexist). baseUrl: where the site's build.json and worker.js
 * live; options: runtime options (setOptions). Rejects with an OptionError for an unknown model id.
 */
export async function createEngine({ model, baseUrl = "./", onProgress = () => {}, options = {}, maxCtx } = {}) {
  const base = new URL(baseUrl, globalThis.document?.baseURI ?? location.href);
  const resp = await fetch(new URL("build.json", base));
  if (!resp.ok) throw new PyriteError(`${new URL("build.json", base)}: HTTP ${resp.status}`, "LoadError");
  const ids = ((await resp.json()).models ?? []).map((m) => m.id);
  if (typeof model !== "string" || !ids.includes(model)) {
    throw new PyriteError(`unknown model id ${JSON.stringify(model)} (this site has ${ids.join(", ") || "none"})`,
                          "OptionError", { option: "model" });
  }
  const pyrite = new Pyrite(base, onProgress);
  try {
    await pyrite.load(`models/${model}`, { maxCtx });
    if (Object.keys(options).length) await pyrite.setOptions(options);
  } catch (err) {
    pyrite.terminate();
    throw err;
  }
  return new Engine(pyrite, model);
}
