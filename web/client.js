// client.js: the Pyrite class, pyrite's worker protocol on the page side (documented in pyrite.js,
// which re-exports it). One worker per instance; requests are queued by the worker, answered by id.
import { PyriteError, checkOption, checkRequest } from "./schema.js";

// A load's progress phases, in the order they come (the protocol: web/worker.js).
export const LOAD_PHASES = ["runtime", "weights", "upload", "plan", "pipelines"];

/** Seconds per load phase, from the progress events' arrival: a phase runs from its first event to the
 * next phase's first (the first phase from the request), the last one to the answer, so the phases sum
 * to ready_s, the request to the answer. A phase that did not come (runtime, once booted) is 0. python: how
 * this load got its Python ("snapshot": restored from the kept one, web/snapshot.js; "shipped": from the site's; "start"), or null when it was up already. */
class LoadClock {
  constructor() {
    this.t0 = this.at = performance.now();
    this.phase = null;
    this.python = null;
    this.phases = Object.fromEntries(LOAD_PHASES.map((p) => [p, 0]));
  }

  mark({ phase, from }) {
    if (from) this.python = from;
    if (phase === this.phase) return;
    const now = performance.now();
    if (this.phase) this._add(now);
    this.phase = phase;
  }

  finish() {
    const now = performance.now();
    if (this.phase) this._add(now);
    const round = (s) => Math.round(s * 1000) / 1000;
    return { ready_s: round((now - this.t0) / 1000), python: this.python,
             phases: Object.fromEntries(Object.entries(this.phases).map(([p, s]) => [p, round(s)])) };
  }

  _add(now) {
    this.phases[this.phase] = (this.phases[this.phase] ?? 0) + (now - this.at) / 1000;
    this.at = now;
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
    this._clock = null;         // the LoadClock of the load in progress
    this.schema = null;         // the request schema, sent by the worker at boot (web/schema.js checks with it)
    this._next = 1;
    this._pending = new Map();  // id -> {resolve, reject, onPiece}
    this._dead = null;          // the error that killed the worker, once it has died
    // Bundlers (Vite, webpack 5) take exactly this form, in one expression, for a worker to bundle with what
    // it imports (runtime.js names the rest) and rewrite the URL.
    this._worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this._worker.onmessage = (e) => this._receive(e.data);
    this._worker.onerror = (e) => {
      e.preventDefault();
      this._die(new PyriteError(`the pyrite worker failed: ${e.message || "could not start (see the console)"}`,
                                "WorkerError"));
    };
  }

  /** Load (or replace) the model: a model directory's URL, relative to base (or absolute), or "local:<key>".
   * Resolves to p.model, the worker's answer
   * with ready_s and the seconds of each of its phases (LoadClock). blockBytes caps one
   * weight buffer below the adapter's binding limit (a larger matrix loads as row blocks); options are
   * runtime options, those read at load (route_tuning, adapter_class) included. */
  async load(model, { maxCtx, blockBytes, options } = {}) {
    const clock = this._clock = new LoadClock();
    try {
      const where = typeof model === "string" && !model.startsWith("local:") ? new URL(model, this.base).href : model;
      const info = await this._request("load", { model: where, max_ctx: maxCtx, block_bytes: blockBytes, options });
      this.model = { ...info, ...clock.finish() };
    } finally {
      if (this._clock === clock) this._clock = null;
    }
    return this.model;
  }

  /**
   * Convert a model the user has into a local model kept in this origin's storage (web/local.js): a GGUF
   * File, or an HF folder's Files (config.json, *.safetensors, tokenizer.json; a FileList or an array),
   * with the exact recipe, in the worker, read in slices; "convert" progress events count tensors.
   * Resolves to {key, name, bytes, tensors, arch}: load("local:" + key) loads it, now or on a later
   * visit. stop() ends it between tensors (StoppedError), keeping nothing.
   */
  async convert(files, { name } = {}) {
    const list = files instanceof File ? [files] : [...files];
    return this._request("convert", { files: list, ...(name ? { name } : {}) });
  }

  /**
   * The answer to prompt as an async stream of text pieces. lastStats holds the stats of the last
   * generate to finish (leaving the loop early stops the generate; its stats still land there).
   */
  async *generate(prompt, options = {}) {
    yield* this._stream("generate", { prompt, options });
  }

  /**
   * The assistant's next message in a conversation ([{role, content}, ...]) as a stream of text pieces
   * (its content: reasoning and tool calls are left to chatDeltas); the worker's KV cache keeps the
   * conversation, so a next turn prefills only its new tokens. options: max_tokens, stop, sampling, and
   * tools, tool_choice, response_format, enable_thinking (docs/seam.md).
   */
  async *chat(messages, options = {}) {
    yield* this._stream("chat", { messages, options });
  }

  /**
   * chat()'s turn as OpenAI deltas: {content}, {reasoning_content} or {tool_calls: [{index, id, type,
   * function: {name, arguments}}]}; then lastMessage holds the whole message and lastFinish its
   * finish_reason ("stop", "length", "tool_calls", "abort").
   */
  async *chatDeltas(messages, options = {}) {
    yield* this._stream("chat", { messages, options }, "delta");
  }

  async *_stream(type, payload, want = "piece") {
    this._check(type, payload);
    const pieces = [];
    let wake = () => {};
    let settled = false;
    const result = this._request(type, payload, (event, data) => {
      if (event !== want) return;
      pieces.push(want === "delta" ? JSON.parse(data) : data);
      wake();
    }).then((r) => {
      this.lastStats = r.stats;
      this.lastAttest = r.attest;
      this.lastSteps = r.steps;
      this.lastMessage = r.message ?? null;
      this.lastFinish = r.finish_reason ?? null;
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

  /** A conversation in a chat template as transformers renders it (pyrite.chat.render in the worker):
   * {messages, template, tools, add_generation_prompt, variables}; no template: the loaded model's own. */
  async renderChat(request) {
    return (await this._request("render", request)).text;
  }

  async generateIds(ids, maxTokens) {
    return this._request("generate_ids", { ids, max_tokens: maxTokens });
  }

  async score(ids, logits = false, pick = null) {
    return this._request("score", { ids, logits, pick });
  }

  /** Runtime options of the loaded engine, read per step (no reload); resolves to all of them. */
  async setOptions(options) {
    this._check("options", { options });
    if (this.schema) for (const [name, value] of Object.entries(options)) checkOption(this.schema, name, value);
    return this._request("options", { options });
  }

  /**
   * Start compiling, in the background, what requests with these fields need beyond a plain one (speculative:
   * "ngram" or {method, max_draft}: its forwards' pipelines, seconds on a CPU adapter; temperature: the pick
   * they take), so the first such request does not wait for them; resolves to {compiling} (how many were
   * not made yet) once they are started, or with wait: true once they are made. The page and
   * <pyrite-chat> send it as speculative decoding turns on.
   */
  async prepare({ speculative = "ngram", temperature, wait = false } = {}) {
    const payload = { speculative, wait, ...(temperature === undefined ? {} : { temperature }) };
    this._check("prepare", payload);
    return this._request("prepare", payload);
  }

  /** The profiling gate for the generations that follow: every kernel timed on the GPU, decode one step
   * per submit; a seed still gives the same text. */
  async setProfiling(on) {
    return this._request("profiling", { on });
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
    return this._request(type, payload, onPiece && ((event, data) => event === "piece" && onPiece(data)));
  }

  terminate() {
    this._worker.terminate();
    this._die(new PyriteError("the pyrite worker was terminated", "WorkerError"));
  }

  // -- the message protocol (see worker.js) ------------------------------------------------------

  /** Refuse a bad payload before it waits in the worker's queue (once the schema is here; Python checks
   * every request again by the same rules). */
  _check(type, payload) {
    if (this.schema) checkRequest(this.schema, type, payload);
  }

  _request(type, payload, onEvent = null) {
    if (this._dead) return Promise.reject(this._dead);
    const id = this._next++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, { resolve, reject, onEvent });
      this._worker.postMessage({ type, id, payload });
    });
  }

  _receive(msg) {
    if (msg.type === "schema") {
      this.schema = msg.schema;
      return;
    }
    if (msg.type === "event" && msg.event === "progress") {
      this._clock?.mark(msg.data);
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
      if (pending.onEvent) pending.onEvent(msg.event, msg.data);
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
