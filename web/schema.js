// schema.js: the seam's one contract, on the JS side.
//
// Python exports every request's fields at boot (py/pyrite/schema.py: type, bounds, default, the error
// kind a bad value raises, and "must", what it must be in words); the worker hands that schema to
// pyrite.js. The checks below apply the rules of py/pyrite/fields.py to the same data, so a bad value
// is refused with the same kind, naming the same field (details.field), whichever side sees it first.
// docs/seam.md has the tables; docs/errors.md the kinds.

export class PyriteError extends Error {
  constructor(message, kind = "InternalError", details = {}) {
    super(message);
    this.name = "PyriteError";
    this.kind = kind;        // one of ERROR_KINDS
    this.details = details;  // the typed error's fields (a field error's field, a LimitError's limit, ...)
  }
}

// Every kind a PyriteError carries: Python's (pyrite.schema.ERROR_KINDS, in the schema as "errors") and
// the two of pyrite.js itself, WorkerError and LoadError.
export const ERROR_KINDS = Object.freeze([
  "ProtocolError", "RequestError", "SamplingError", "OptionError", "PromptError", "TokenizerError",
  "ChatTemplateError", "ModelFormatError", "ShardChecksumError", "LimitError", "DeviceError", "DeviceLostError",
  "EngineBusyError", "RouteError", "ProfilingError", "KernelError", "ShapeError", "DTypeError", "StorageError",
  "StoppedError", "GGUFError", "InternalError", "WorkerError", "LoadError",
]);

export function fieldError(kind, field, message) {
  return new PyriteError(message, kind, { field });
}

function show(v) {
  const text = typeof v === "number" || v === undefined ? String(v) : JSON.stringify(v);
  return text.length <= 80 ? text : `${text.slice(0, 77)}...`;
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
// An integer is what JSON carries to Python as one: a number with no fraction below 1e21 (from there
// JSON writes an exponent, which Python reads as a float).
const isInteger = (v) => Number.isInteger(v) && Math.abs(v) < 1e21;
const within = (f, v) =>
  (f.minimum === undefined || (f.exclusive_minimum ? v > f.minimum : v >= f.minimum)) &&
  (f.maximum === undefined || (f.exclusive_maximum ? v < f.maximum : v <= f.maximum));

const refused = (path, must, v) => ({ path, message: `${path} must be ${must}, got ${show(v)}` });
const simple = (ok) => (f, v, name) => (ok(f, v) ? null : refused(name, f.must, v));

// role -> the fields its message may have; a tool call's fields (py/pyrite/fields.py MESSAGE_KEYS)
const MESSAGE_KEYS = {
  system: ["role", "content"], user: ["role", "content"],
  assistant: ["role", "content", "tool_calls", "reasoning_content"],
  tool: ["role", "content", "tool_call_id", "name"],
};
const CALL_KEYS = ["id", "type", "function"];
const CALL_FUNCTION_KEYS = ["name", "arguments"];
const absent = (v) => v === undefined || v === null;

function extraKey(at, value, keys, what) {
  const extra = Object.keys(value).find((k) => !keys.includes(k));
  if (extra === undefined) return null;
  return { path: `${at}.${extra}`, message: `${at}.${extra} is not ${what} field ({${keys.join(", ")}})` };
}

function toolCalls(v, at) {
  if (!Array.isArray(v) || v.length === 0) return refused(at, "a non-empty list of {id, type, function}", v);
  for (const [j, call] of v.entries()) {
    const here = `${at}[${j}]`;
    if (!isObject(call)) return refused(here, "{id, type, function}", call);
    const bad = extraKey(here, call, CALL_KEYS, "a tool call");
    if (bad) return bad;
    if (typeof call.id !== "string") return refused(`${here}.id`, "a string", call.id);
    if (call.type !== "function") return refused(`${here}.type`, '"function"', call.type);
    const fn = call.function;
    if (!isObject(fn)) return refused(`${here}.function`, "{name, arguments}", fn);
    const extra = extraKey(`${here}.function`, fn, CALL_FUNCTION_KEYS, "a tool call's function");
    if (extra) return extra;
    for (const key of CALL_FUNCTION_KEYS) {
      if (typeof fn[key] !== "string") return refused(`${here}.function.${key}`, "a string", fn[key]);
    }
  }
  return null;
}

function messages(f, v, name) {
  if (!Array.isArray(v) || v.length === 0) return refused(name, f.must, v);
  for (const [i, m] of v.entries()) {
    const at = `${name}[${i}]`;
    if (!isObject(m)) return refused(at, "{role, content}", m);
    if (!f.values.includes(m.role)) return refused(`${at}.role`, `one of ${f.values.join(", ")}`, m.role);
    const calls = m.role === "assistant" && !absent(m.tool_calls);  // a message of calls needs no content
    if (typeof m.content !== "string" && !(calls && absent(m.content))) {
      const must = m.role === "assistant" ? "a string (or null beside tool_calls)" : "a string";
      return refused(`${at}.content`, must, m.content);
    }
    const bad = extraKey(at, m, MESSAGE_KEYS[m.role], `a ${m.role} message's`) ??
                (calls ? toolCalls(m.tool_calls, `${at}.tool_calls`) : null);
    if (bad) return bad;
    for (const key of ["reasoning_content", "tool_call_id", "name"]) {  // tool_call_id: required of a tool message
      if ((Object.hasOwn(m, key) || (key === "tool_call_id" && m.role === "tool")) && typeof m[key] !== "string") {
        return refused(`${at}.${key}`, "a string", m[key]);
      }
    }
  }
  return null;
}

const MODEL_METHOD = "draft";  // the speculative method that drafts with another model (py/pyrite/fields.py)

function speculative(f, v, name) {
  if (v === false || (typeof v === "string" && f.values.includes(v) && v !== MODEL_METHOD)) return null;
  if (v === MODEL_METHOD) return refused(`${name}.model`, `given with method '${MODEL_METHOD}': {method, model}`, v);
  if (!isObject(v)) return refused(name, f.must, v);
  const bad = extraKey(name, v, ["method", "max_draft", "model"], "a speculative");
  if (bad) return bad;
  if (typeof v.method !== "string" || !f.values.includes(v.method)) {
    return refused(`${name}.method`, `one of ${f.values.map((m) => `'${m}'`).join(", ")}`, v.method);
  }
  if (!absent(v.max_draft) && !(isInteger(v.max_draft) && v.max_draft >= 1 && v.max_draft <= f.maximum)) {
    return refused(`${name}.max_draft`, `an integer in 1 .. ${f.maximum}`, v.max_draft);
  }
  if (v.method === MODEL_METHOD && !(typeof v.model === "string" && v.model)) {
    return refused(`${name}.model`, "a model's directory or URL (a non-empty string)", v.model);
  }
  if (v.method !== MODEL_METHOD && !absent(v.model)) {
    return refused(`${name}.model`, `absent: only method '${MODEL_METHOD}' drafts with a model`, v.model);
  }
  return null;
}

const CHECKS = {  // field type -> (field, value, name) -> null | {path, message}; as py/pyrite/fields.py
  number: simple((f, v) => typeof v === "number" && Number.isFinite(v) && within(f, v)),
  integer: simple((f, v) => isInteger(v) && within(f, v)),
  boolean: simple((f, v) => typeof v === "boolean"),
  string: simple((f, v) => typeof v === "string" && (v !== "" || !f.nonempty)),
  stop: simple((f, v) => (typeof v === "string" && v !== "") ||
                         (Array.isArray(v) && v.every((s) => typeof s === "string" && s !== ""))),
  messages,
  choice: simple((f, v) => typeof v !== "boolean" && f.values.includes(v)),
  ids: simple((f, v) => Array.isArray(v) && v.every((t) => isInteger(t) && t >= 0)),
  list: simple((f, v) => Array.isArray(v)),
  object: simple((f, v) => isObject(v)),
  json: () => null,  // any JSON value: its request checks what it holds (tool_choice)
  speculative,
};

/** {path, message} where the field (named `name`) refuses a present value; null where it allows it. */
export function problem(field, value, name) {
  return CHECKS[field.type](field, value, name);
}

/** The value (absent: the default), or a PyriteError of the field's kind naming it. */
export function checkField(name, field, value) {
  if (value === undefined || value === null) {
    if (field.required) throw fieldError(field.kind, name, `${name} is required: ${field.must}`);
    return field.default;
  }
  const bad = problem(field, value, name);
  if (bad) throw fieldError(field.kind, bad.path, bad.message);
  return value;
}

function checkObject(where, fields, value, extra = []) {
  if (!isObject(value)) {
    throw fieldError("RequestError", where, `${where} must be an object, got ${value === null ? "null" : typeof value}`);
  }
  const names = [...Object.keys(fields), ...extra];
  const unknown = Object.keys(value).find((k) => !names.includes(k));
  if (unknown !== undefined) {
    throw fieldError("RequestError", unknown, `unknown field '${unknown}' in the ${where} (have: ${names.join(", ")})`);
  }
  return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, checkField(name, f, value[name])]));
}

/**
 * A request of the schema (load, generate, chat, chat.completions, ...) checked as Python checks it
 * (pyrite.schema.check_request): its fields with the defaults of absent ones; model, where given, is
 * the engine's model id, which a "model" field must equal.
 */
export function checkRequest(schema, name, request, model = undefined) {
  const r = schema.requests[name];
  const out = checkObject("request", r.fields, request, r.options ? ["options"] : []);
  if (r.options) out.options = checkObject("options", r.options, request.options ?? {});
  if (model !== undefined && out.model !== null && out.model !== undefined && out.model !== model) {
    throw fieldError("RequestError", "model", `model must be this engine's model '${model}', got ${show(out.model)}`);
  }
  return out;
}

/** A runtime option's value, when the option exists and allows it (graph/options.py check_option). */
export function checkOption(schema, name, value) {
  if (!Object.hasOwn(schema.options, name)) {
    const known = Object.keys(schema.options).sort().join(", ");
    throw fieldError("OptionError", name, `unknown option '${name}' (known: ${known})`);
  }
  const f = schema.options[name];
  if (value === undefined || value === null || problem(f, value, name)) {
    throw fieldError("OptionError", name, `option ${name}=${show(value)} is not allowed (allowed: ${f.values.map(show).join(", ")})`);
  }
  return value;
}
