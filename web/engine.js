// engine.js: the OpenAI-shaped engine over one Pyrite worker (re-exported by pyrite.js).
//
//   import { createEngine } from "./pyrite.js";
//   const engine = await createEngine({ model: "smollm2-135m", onProgress: (p) => {} });
//   const reply = await engine.chat.completions.create({ messages: [{ role: "user", content: "Hi!" }] });
//   reply.choices[0].message.content; reply.usage;   // {prompt_tokens, completion_tokens, total_tokens}
//   (and speculative: {drafted, accepted} with `speculative: "ngram"` in the request, or a draft model's
//   `speculative: {method: "draft", model: "smollm2-135m"}`, named as createEngine names a model)
//   for await (const chunk of await engine.chat.completions.create({ messages, stream: true })) {
//     out.textContent += chunk.choices[0].delta.content ?? "";   // the last chunk has finish_reason
//   }
//   // tools ({type: "function", function: {name, description, parameters}}), tool_choice, response_format
//   // ({type: "json_schema", json_schema: {name, schema}}) and enable_thinking as OpenAI's: the message's
//   // tool_calls and reasoning_content, the deltas' too; finish_reason "tool_calls"
//   await engine.completions.create({ prompt: "Once upon a time", max_tokens: 32 });
//   await engine.prepare({ speculative: "ngram" });  // its forwards compile from now on, not at its first request
//   engine.interrupt(); await engine.runtimeStats(); await engine.routes(); engine.notices; await engine.unload();
//
// A request is checked against the schema's chat.completions / completions fields (web/schema.js,
// docs/seam.md): an unknown or bad field rejects with its kind (RequestError, SamplingError) and
// details.field, before the worker sees it.
import { Pyrite } from "./client.js";
import { PyriteError, checkRequest, fieldError } from "./schema.js";

const FINISH = { stop_token: "stop", stop_string: "stop", max_tokens: "length", context: "length", stopped: "abort" };
const deltaOf = (text) => ({ content: text });  // a text completion's piece, as chat's deltas come

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

  /** Start compiling, in the background, what requests with these fields ({speculative, temperature})
   * need beyond a plain one, so the first does not wait for it: {compiling}: how many were not made yet;
   * wait: true resolves once they are. */
  async prepare(options = {}) {
    return this._pyrite.prepare({ ...options, ...drafting(options.speculative) });
  }

  /** End the worker and free the GPU; the engine is unusable afterwards. */
  async unload() {
    this._pyrite.terminate();
  }

  /** The last completion's stats: tokens (prompt, prefilled, reused, generated), TTFT, prefill and decode
   * tok/s, the decode path and its roofline fraction (see Stats in py/pyrite/engine.py); and the load's
   * ready_s, phases (seconds: runtime, weights, upload, plan, pipelines; web/client.js) and python ("snapshot":
   * restored from the kept memory snapshot, "shipped": from the site's, "start"). */
  async runtimeStats() {
    const { ready_s, phases, python } = this._pyrite.model;
    return { ...(this._pyrite.lastStats ?? {}), ready_s, phases: { ...phases }, python };
  }

  /** What the engine had to tell (a weight cache it could not use, ...), oldest first. */
  get notices() {
    return [...this._pyrite.notices];
  }

  /** The request schema the worker exported (docs/seam.md): every field's type, bounds, default, kind. */
  get schema() {
    return this._pyrite.schema;
  }

  /** The attestation: the routes and dispatches of the last completion's prefill and decode steps. */
  async routes() {
    return this._pyrite.lastSteps ?? null;
  }

  async _create(kind, request) {
    checkRequest(this._pyrite.schema, kind === "chat" ? "chat.completions" : "completions", request, this.model);
    const { messages, prompt, model, stream, ...rest } = request;  // the rest: the worker's options
    const options = { ...rest, ...drafting(rest.speculative) };
    const chat = kind === "chat";
    const deltas = chat ? this._pyrite.chatDeltas(messages, options)
                        : mapStream(this._pyrite.generate(prompt, { ...options, chat: false }), deltaOf);
    const id = `${kind === "chat" ? "chatcmpl" : "cmpl"}-${Date.now().toString(36)}-${this._next++}`;
    const head = { id, object: kind === "chat" ? "chat.completion.chunk" : "text_completion",
                   created: Math.floor(Date.now() / 1000), model: this.model };
    const usage = () => {
      const s = this._pyrite.lastStats;
      const out = { prompt_tokens: s.prompt_tokens, completion_tokens: s.generated_tokens,
                    total_tokens: s.prompt_tokens + s.generated_tokens };
      if (s.speculative) out.speculative = { drafted: s.drafted_tokens, accepted: s.accepted_tokens };
      return out;
    };
    // the worker parses chat's output (pyrite.chat.completion) and says its finish_reason
    const finish = () => (chat && this._pyrite.lastFinish) || (FINISH[this._pyrite.lastStats.stop_reason] ?? "stop");
    if (stream) {
      return (async function* chunks() {
        for await (const delta of deltas) {
          yield { ...head, choices: [chat ? { index: 0, delta: { role: "assistant", ...delta }, finish_reason: null }
                                          : { index: 0, text: delta.content, finish_reason: null }] };
        }
        yield { ...head, choices: [chat ? { index: 0, delta: {}, finish_reason: finish() }
                                        : { index: 0, text: "", finish_reason: finish() }], usage: usage() };
      })();
    }
    let content = "";
    for await (const delta of deltas) content += delta.content ?? "";
    return { ...head, object: chat ? "chat.completion" : "text_completion",
             choices: [chat ? { index: 0, message: this._pyrite.lastMessage, finish_reason: finish() }
                            : { index: 0, text: content, finish_reason: finish() }],
             usage: usage() };
  }
}

/** {speculative} with a draft model named as createEngine names a model (an id of the site's, a directory's
 * URL, local:<key>) as the worker loads it; {} for any other speculative field (checked as it is). */
function drafting(speculative) {
  if (speculative?.method !== "draft" || typeof speculative.model !== "string" || !speculative.model) return {};
  const model = speculative.model;
  return { speculative: { ...speculative, model: siteWhere(model, modelKind(model)) } };
}

/** Where the worker loads a model named as createEngine names one: an id under the site's models/, a
 * directory's URL resolved against the page, local:<key> as it is. */
function siteWhere(model, kind) {
  const page = globalThis.document?.baseURI ?? location.href;
  return kind === "id" ? `models/${model}` : kind === "dir" ? new URL(model, page).href : model;
}

/** A stream's items through fn. */
async function* mapStream(items, fn) {
  for await (const item of items) yield fn(item);
}

/** The Files a model argument brings: a File (a GGUF), a FileList or an array (a GGUF, or an HF folder's
 * files), or a URL of a GGUF, fetched. */
async function modelFiles(model) {
  if (!(model instanceof URL)) return model instanceof File ? [model] : [...model];
  const resp = await fetch(model);
  if (!resp.ok) throw new PyriteError(`${model}: HTTP ${resp.status}`, "LoadError", { url: String(model), status: resp.status });
  return [new File([await resp.blob()], decodeURIComponent(model.pathname.split("/").pop() || "model.gguf"))];
}

/** What a createEngine model argument names: "bring" (a GGUF File or URL, or an HF folder's Files, to
 * convert), "local" (local:<key>), "dir" (a converted model directory's URL: a string with a "/"), or "id"
 * (a model of the site's build.json). */
function modelKind(model) {
  if (model instanceof URL || (globalThis.File && model instanceof File) ||
      (globalThis.FileList && model instanceof FileList) || Array.isArray(model)) return "bring";
  if (typeof model !== "string") return "id";  // refused below, with the site's ids
  if (model.startsWith("local:")) return "local";
  if (/\.gguf([?#].*)?$/i.test(model)) return "bring";
  return model.includes("/") ? "dir" : "id";
}

/** The site's model ids (its build.json at base), or a LoadError that says how else to name a model. */
async function siteModels(base) {
  const url = new URL("build.json", base).href;
  const resp = await fetch(url).catch(() => null);
  const json = resp?.ok ? await resp.json().catch(() => null) : null;
  if (!json) {
    throw new PyriteError(`${url}: ${resp ? `HTTP ${resp.status}` : "unreachable"}, so there are no site model ids ` +
                          `here; name a converted model directory by its URL instead (such as "./models/smollm2-135m/")`,
                          "LoadError", { url, status: resp?.status ?? null });
  }
  return (json.models ?? []).map((m) => m.id);
}

/**
 * An engine in a Web Worker of its own (two engines can coexist). model: a converted model directory's URL
 * (a string with a "/": "./models/smollm2-135m/", relative to the page, or absolute; `pyrite convert` makes
 * one), an id under the site's models/ folder (such as "smollm2-135m", listed in baseUrl's build.json),
 * "local:<key>" (a local model, web/local.js), or a model to bring: a GGUF File or URL, or an HF folder's
 * Files (a FileList or an array), converted in the worker (exact recipe, "convert" progress per tensor),
 * kept in this origin's storage as a local model (engine.model is then "local:<key>") and loaded.
 * baseUrl: where the site's build.json lives; options: runtime options (setOptions). Rejects with a
 * RequestError for an unknown model id, a ModelFormatError naming the model.json of a URL that is not a
 * model directory.
 */
export async function createEngine({ model, baseUrl = "./", onProgress = () => {}, options = {}, maxCtx } = {}) {
  const page = globalThis.document?.baseURI ?? location.href;
  const base = new URL(baseUrl, page);
  const kind = modelKind(model);
  if (kind === "id") {
    const ids = await siteModels(base);
    if (typeof model !== "string" || !ids.includes(model)) {
      throw fieldError("RequestError", "model",
                       `unknown model id ${JSON.stringify(model)} (this site has ${ids.join(", ") || "none"})`);
    }
  }
  const pyrite = new Pyrite(base, onProgress);
  try {
    const bring = kind === "bring" ? (typeof model === "string" ? new URL(model, page) : model) : null;
    const id = bring ? `local:${(await pyrite.convert(await modelFiles(bring))).key}` : model;
    await pyrite.load(siteWhere(id, kind), { maxCtx });
    if (Object.keys(options).length) await pyrite.setOptions(options);
    return new Engine(pyrite, id);
  } catch (err) {
    pyrite.terminate();
    throw err;
  }
}
