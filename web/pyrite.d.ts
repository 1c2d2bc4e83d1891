// Types of pyrite.js (createEngine, Pyrite, PyriteError, the schema checks, the weight cache).
//
// The request fields follow the schema Python exports (py/pyrite/schema.py, docs/seam.md): an absent
// field, or null, takes its default. Bounds (temperature in [0, 100], integers, non-empty strings)
// are beyond TypeScript: the schema check refuses them at run time with a PyriteError naming the field.

// -- errors --------------------------------------------------------------------------------------

/** Every kind a PyriteError carries (docs/errors.md): Python's, then the JS side's WorkerError and LoadError. */
export declare const ERROR_KINDS: readonly [
  "ProtocolError", "RequestError", "SamplingError", "OptionError", "PromptError", "TokenizerError",
  "ChatTemplateError", "ModelFormatError", "ShardChecksumError", "LimitError", "DeviceError", "DeviceLostError",
  "EngineBusyError", "RouteError", "ProfilingError", "KernelError", "ShapeError", "DTypeError", "StorageError",
  "StoppedError", "GGUFError", "InternalError", "WorkerError", "LoadError",
];

/** One of ERROR_KINDS. */
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** The kinds a bad request field raises (a field's `kind` in the schema). */
export type FieldErrorKind = "RequestError" | "SamplingError" | "OptionError";

/** A typed error's fields, as data (which ones depends on the kind: docs/errors.md). */
export interface ErrorDetails {
  /** The field at fault (RequestError, SamplingError, OptionError): `top_k`, `messages[1].role`, ... */
  field?: string;
  /** LimitError: what exceeded which adapter limit. */
  what?: string;
  size?: number;
  limit_name?: string;
  limit?: number;
  /** StorageError: bytes needed and free. */
  needed?: number;
  available?: number;
  /** GGUFError: the file and what is wrong with it. */
  path?: string;
  problem?: string;
  /** InternalError: the Python exception's type, message and traceback; WorkerError: the JS exception's type. */
  type?: string;
  message?: string;
  traceback?: string;
  /** WorkerError: the JS exception's stack. */
  stack?: string;
  /** LoadError: the file that could not be fetched (WorkerError: the worker's script). */
  url?: string;
  /** LoadError: its HTTP status, "unreachable", or null where no answer came. */
  status?: number | string | null;
  [key: string]: string | number | boolean | null | undefined;
}

/** Every failure pyrite.js rejects with. */
export declare class PyriteError extends Error {
  constructor(message: string, kind?: ErrorKind, details?: ErrorDetails);
  name: "PyriteError";
  /** What went wrong. */
  kind: ErrorKind;
  /** The typed error's fields. */
  details: ErrorDetails;
}

// -- progress and runtime options ----------------------------------------------------------------

/** A model load's progress phases, in the order they come (web/worker.js). */
export declare const LOAD_PHASES: readonly ["runtime", "weights", "upload", "plan", "pipelines"];

/** One of LOAD_PHASES. */
export type LoadPhase = (typeof LOAD_PHASES)[number];

/** A progress event's phase: a load's, or "convert" (a brought model converted, tensors done/total). */
export type ProgressPhase = LoadPhase | "convert";

/** A progress event: done of total (bytes for "weights", steps or tensors for the others). */
export interface LoadProgress {
  phase: ProgressPhase;
  done: number;
  total: number;
  /** On runtime's step 1: how Python came up ("snapshot": restored from the one kept in the Cache API;
   * "shipped": from the one the site ships, made at build time; "start"). */
  from?: PythonStart;
}

/** How a load got its Python: restored from the kept memory snapshot, or started (and a snapshot kept). */
export type PythonStart = "snapshot" | "shipped" | "start";

/** Seconds spent in each load phase (summing to ready_s; a phase that did not come is 0). */
export type LoadPhaseSeconds = Record<LoadPhase, number>;

/** Runtime options (docs/seam.md's options table): read per step, or when a model loads. */
export interface RuntimeOptions {
  adapter_class?: "auto" | "cpu" | "gpu";
  sdpa_query_tile?: 16 | 32;
  linear_prefill?: "auto" | "register" | "workgroup";
  projection_norm?: "folded" | "dispatch";
  route_tuning?: "auto" | "off" | "cached" | "on";
  decode_batch?: 32 | 16 | 8 | 4 | 2 | 1;
  jump_forward?: "on" | "off";
}

// -- requests ------------------------------------------------------------------------------------

/** A JSON Schema object (tool parameters, response_format's schema). */
export type JSONSchema = { [keyword: string]: unknown };

/** The sampling fields (temperature 0: greedy; an absent seed: a fresh draw each time). */
export interface SamplingOptions {
  /** In [0, 100]. */
  temperature?: number | null;
  /** An integer in 0 .. 256 (0: 256 candidates). */
  top_k?: number | null;
  /** In (0, 1]. */
  top_p?: number | null;
  /** In [0, 1). */
  min_p?: number | null;
  /** In [0.01, 100]; > 1 discourages recent tokens. */
  repetition_penalty?: number | null;
  /** An integer in 0 .. 64: positions the penalty looks back. */
  repetition_window?: number | null;
  /** An integer in 0 .. 2**64 - 1. */
  seed?: number | null;
}

/** Speculative decoding's drafters: the prompt's n-grams, or a draft model with the same vocabulary. */
export type SpeculativeMethod = "ngram" | "draft";

/** Speculative decoding: false (off), "ngram", or a method with its most drafted tokens (1 .. 16); "draft"
 * names its model as createEngine does (a site id, a directory's URL, local:<key>). */
export type Speculative = false | "ngram" | { method: "ngram"; max_draft?: number | null }
  | { method: "draft"; model: string; max_draft?: number | null };

/** What prepare() takes: the fields of the requests to come, whose pipelines it starts compiling. */
export interface PrepareOptions {
  /** Speculative decoding as those requests ask for it (default "ngram"; false: nothing to prepare). */
  speculative?: Speculative;
  /** Their temperature: a draw picks with other pipelines than greedy (default 0). */
  temperature?: number;
  /** Resolve once the pipelines are made, not once they are started (default false). */
  wait?: boolean;
}

/** The fields every generation takes. */
export interface GenerationOptions extends SamplingOptions {
  /** Most tokens generated, an integer >= 1 (default 256). */
  max_tokens?: number | null;
  /** The answer ends before the first of these strings (non-empty). */
  stop?: string | string[] | null;
  speculative?: Speculative | null;
}

/** A tool the model may call. */
export interface ChatCompletionTool {
  type: "function";
  function: {
    /** 1 to 64 of a-z, A-Z, 0-9, _ and -. */
    name: string;
    description?: string;
    /** The arguments' JSON schema (absent: no arguments). */
    parameters?: JSONSchema;
    strict?: boolean;
  };
}

/** Which tool the model may or must call: a named one is forced (its call is constrained to its schema). */
export type ChatCompletionToolChoice =
  | "auto" | "none" | "required"
  | { type: "function"; function: { name: string } };

/** Structured output: the text is constrained to parse as JSON (and, with a schema, to validate). */
export type ResponseFormat =
  | { type: "text" }
  | { type: "json_object" }
  | {
      type: "json_schema";
      json_schema: { name: string; schema: JSONSchema; strict?: boolean; description?: string };
    };

/** A chat turn's fields beyond a generation's. */
export interface ChatTurnOptions extends GenerationOptions {
  tools?: ChatCompletionTool[] | null;
  tool_choice?: ChatCompletionToolChoice | null;
  response_format?: ResponseFormat | null;
  /** A thinking model's reasoning (reasoning_content) on or off; absent: the template's own. */
  enable_thinking?: boolean | null;
}

/** A call the assistant made. */
export interface ChatCompletionMessageToolCall {
  id: string;
  type: "function";
  /** arguments: the JSON text the model wrote. */
  function: { name: string; arguments: string };
}

export interface ChatCompletionSystemMessageParam {
  role: "system";
  content: string;
}

export interface ChatCompletionUserMessageParam {
  role: "user";
  content: string;
}

/** An assistant turn of the conversation: content may be null (or absent) only beside tool_calls. */
export interface ChatCompletionAssistantMessageParam {
  role: "assistant";
  content?: string | null;
  tool_calls?: ChatCompletionMessageToolCall[] | null;
  reasoning_content?: string;
}

/** A tool's result, answering the call tool_call_id. */
export interface ChatCompletionToolMessageParam {
  role: "tool";
  content: string;
  tool_call_id: string;
  name?: string;
}

/** A message of the conversation, oldest first. */
export type ChatCompletionMessageParam =
  | ChatCompletionSystemMessageParam
  | ChatCompletionUserMessageParam
  | ChatCompletionAssistantMessageParam
  | ChatCompletionToolMessageParam;

/** chat.completions.create's request. */
export interface ChatCompletionCreateParamsBase extends ChatTurnOptions {
  /** Non-empty. */
  messages: ChatCompletionMessageParam[];
  /** The engine's model id (any other is refused). */
  model?: string | null;
  stream?: boolean | null;
}

export interface ChatCompletionCreateParamsStreaming extends ChatCompletionCreateParamsBase {
  stream: true;
}

export interface ChatCompletionCreateParamsNonStreaming extends ChatCompletionCreateParamsBase {
  stream?: false | null;
}

/** completions.create's request: a text completion, no chat template. */
export interface CompletionCreateParamsBase extends GenerationOptions {
  prompt: string;
  /** The engine's model id (any other is refused). */
  model?: string | null;
  stream?: boolean | null;
}

export interface CompletionCreateParamsStreaming extends CompletionCreateParamsBase {
  stream: true;
}

export interface CompletionCreateParamsNonStreaming extends CompletionCreateParamsBase {
  stream?: false | null;
}

// -- answers -------------------------------------------------------------------------------------

/** Why a completion ended ("abort": interrupted; "tool_calls": the message called a tool). */
export type FinishReason = "stop" | "length" | "tool_calls" | "abort";

/** A text completion's: it never calls tools. */
export type CompletionFinishReason = Exclude<FinishReason, "tool_calls">;

export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** With `speculative` on: tokens drafted for verify forwards, and of them the ones that stood. */
  speculative?: { drafted: number; accepted: number };
}

/** The assistant's message: content is null when it only called tools. */
export interface ChatCompletionMessage {
  role: "assistant";
  content: string | null;
  reasoning_content?: string;
  tool_calls?: ChatCompletionMessageToolCall[];
}

export interface ChatCompletion {
  id: string;
  object: "chat.completion";
  /** Unix seconds. */
  created: number;
  model: string;
  choices: [{ index: 0; message: ChatCompletionMessage; finish_reason: FinishReason }];
  usage: CompletionUsage;
}

/** A streamed call: pyrite streams each call whole, with its index in the message's tool_calls. */
export interface ChatCompletionChunkToolCall extends ChatCompletionMessageToolCall {
  index: number;
}

/** What a chunk adds to the message (the last chunk's delta is empty). */
export interface ChatCompletionChunkDelta {
  role?: "assistant";
  content?: string;
  reasoning_content?: string;
  tool_calls?: ChatCompletionChunkToolCall[];
}

/** A streamed piece; the last one has the finish_reason and the usage. */
export interface ChatCompletionChunk {
  id: string;
  object: "chat.completion.chunk";
  created: number;
  model: string;
  choices: [{ index: 0; delta: ChatCompletionChunkDelta; finish_reason: FinishReason | null }];
  usage?: CompletionUsage;
}

export interface Completion {
  id: string;
  object: "text_completion";
  created: number;
  model: string;
  choices: [{ index: 0; text: string; finish_reason: CompletionFinishReason }];
  usage: CompletionUsage;
}

/** A streamed piece of a text completion; the last one has the finish_reason and the usage. */
export interface CompletionChunk {
  id: string;
  object: "text_completion";
  created: number;
  model: string;
  choices: [{ index: 0; text: string; finish_reason: CompletionFinishReason | null }];
  usage?: CompletionUsage;
}

// -- stats and reports ---------------------------------------------------------------------------

/** Why the engine stopped generating. */
export type StopReason = "stop_token" | "stop_string" | "max_tokens" | "context" | "stopped";

/** A generation's stats (Stats in py/pyrite/stats.py). */
export interface GenerationStats {
  prompt_tokens: number;
  generated_tokens: number;
  /** Seconds from the prompt to the first token. */
  ttft_s: number;
  prefill_tok_s: number;
  decode_tok_s: number;
  stop_reason: StopReason;
  decode_steps: number;
  decode_submits: number;
  host_ms_per_token: number;
  /** "tape/js", "tape/python", "host" (profiled) or "forward" (jump-forward); "" before any decode step. */
  decode_path: string;
  bytes_per_token: number;
  read_probe_gbps: number;
  /** Decode's fraction of the adapter's read roofline (0 until measureBandwidth ran). */
  roofline: number;
  prefilled_tokens: number;
  /** Prompt tokens the KV cache already held. */
  reused_tokens: number;
  tuning_s: number;
  constraint_compile_s: number;
  constraint_setup_s: number;
  forced_tokens: number;
  tokens_per_forward: number;
  /** The speculative method, "" when off. */
  speculative: SpeculativeMethod | "";
  drafted_tokens: number;
  accepted_tokens: number;
  /** Pipelines it waited for that were not made before it asked (a first use; prepare() starts a
   * speculative request's ahead). */
  pipelines_waited: number;
}

/** engine.runtimeStats(): the last completion's stats (absent before the first) and the load's times. */
export type RuntimeStats = Partial<GenerationStats> & {
  ready_s: number; phases: LoadPhaseSeconds; python: PythonStart | null;
};

/** The attestation of the last generation's prefill and decode steps. */
export interface StepReport {
  /** op -> route. */
  routes: { prefill?: Record<string, string>; decode?: Record<string, string> };
  /** op -> how its route was chosen (graph/tuning.py). */
  choices: { prefill?: Record<string, "rule" | "measured">; decode?: Record<string, "rule" | "measured"> };
  dispatches: { prefill?: number; decode?: number };
  layers: number;
  adapter_class: "cpu" | "gpu";
}

/** The GPU device: adapter, features, limits. */
export interface DeviceInfo {
  backend: string;
  adapter: {
    vendor: string; architecture: string; device: string; description: string; type: string; fallback: boolean;
  };
  adapter_class: "cpu" | "gpu";
  features: string[];
  limits: Record<string, number>;
}

/** Pyrite's model: the load's answer with its times. */
export interface LoadedModel {
  model: string;
  config: Record<string, unknown>;
  device: DeviceInfo;
  max_ctx: number;
  gpu_bytes: number;
  tuning: Record<string, unknown>;
  /** Seconds from the load request to its answer. */
  ready_s: number;
  phases: LoadPhaseSeconds;
  /** How this load got its Python; null when it was up already (a later load). */
  python: PythonStart | null;
}

/** A model converted into this origin's storage: it loads as "local:" + key. */
export interface LocalModel {
  key: string;
  name: string;
  bytes: number;
  tensors: number;
  arch: string;
}

// -- the schema ----------------------------------------------------------------------------------

/** The names of the schema's requests. */
export type RequestName =
  | "load" | "generate" | "chat" | "prepare" | "generate_ids" | "render" | "encode" | "score" | "profile" | "probe"
  | "profiling" | "cases" | "options" | "memory" | "info" | "convert" | "chat.completions" | "completions";

/** A field's type (docs/seam.md: what a value of each must be). */
export type FieldType =
  | "number" | "integer" | "boolean" | "string" | "stop" | "messages" | "choice" | "ids" | "list" | "object"
  | "json" | "speculative";

/** One field of the schema. */
export interface FieldSpec {
  type: FieldType;
  default: unknown;
  /** The error a bad value raises. */
  kind: FieldErrorKind;
  /** What a value must be, in words. */
  must: string;
  doc: string;
  minimum?: number;
  maximum?: number;
  exclusive_minimum?: true;
  exclusive_maximum?: true;
  nonempty?: true;
  required?: true;
  values?: (string | number)[];
}

export interface RequestSpec {
  doc: string;
  fields: Record<string, FieldSpec>;
  /** The fields of its "options" object (generate, chat). */
  options?: Record<string, FieldSpec>;
}

/** The request schema Python exports at boot (docs/seam.md). */
export interface RequestSchema {
  requests: Record<RequestName, RequestSpec>;
  options: Record<keyof RuntimeOptions, FieldSpec>;
  /** Python's kinds -> what each means. */
  errors: Record<Exclude<ErrorKind, "WorkerError" | "LoadError">, string>;
}

/** {path, message} where field refuses a present value; null where it allows it. */
export declare function problem(field: FieldSpec, value: unknown,
                                 name: string): { path: string; message: string } | null;

/** A PyriteError of kind naming field (details.field). */
export declare function fieldError(kind: ErrorKind, field: string, message: string): PyriteError;

/** The request's fields with the defaults of absent ones, or a PyriteError naming the first bad one. */
export declare function checkRequest(schema: RequestSchema, name: RequestName, request: unknown,
                                     model?: string): Record<string, unknown>;

/** value, where the runtime option name exists and allows it; otherwise an OptionError. */
export declare function checkOption<K extends keyof RuntimeOptions>(
  schema: RequestSchema, name: K, value: Required<RuntimeOptions>[K]): Required<RuntimeOptions>[K];

// -- createEngine --------------------------------------------------------------------------------

export interface CreateEngineOptions {
  /**
   * A converted model directory's URL (a string with a "/", such as "./models/smollm2-135m/"), an id under
   * the site's models/ (such as "smollm2-135m"), "local:<key>" (a local model), or a model to bring: a GGUF
   * File or URL, or an HF folder's Files (a FileList or an array), converted in the worker.
   */
  model: string | URL | File | FileList | File[];
  /** Where the site's build.json lives (default "./", against the page). */
  baseUrl?: string | URL;
  onProgress?: (progress: LoadProgress) => void;
  options?: RuntimeOptions;
  /** Positions of the KV cache, an integer >= 1 (default 2048, at most the model's). */
  maxCtx?: number;
}

/** chat.completions: OpenAI's shape; with stream: true an async iterable of chunks. */
export interface ChatCompletions {
  create(request: ChatCompletionCreateParamsStreaming): Promise<AsyncIterable<ChatCompletionChunk>>;
  create(request: ChatCompletionCreateParamsNonStreaming): Promise<ChatCompletion>;
  create(request: ChatCompletionCreateParamsBase): Promise<ChatCompletion | AsyncIterable<ChatCompletionChunk>>;
}

/** completions: a text completion of a prompt (no chat template). */
export interface Completions {
  create(request: CompletionCreateParamsStreaming): Promise<AsyncIterable<CompletionChunk>>;
  create(request: CompletionCreateParamsNonStreaming): Promise<Completion>;
  create(request: CompletionCreateParamsBase): Promise<Completion | AsyncIterable<CompletionChunk>>;
}

/** An OpenAI-shaped engine over one worker of its own. */
export interface Engine {
  /** The model id requests may name ("local:<key>" for a brought model). */
  readonly model: string;
  readonly chat: { readonly completions: ChatCompletions };
  readonly completions: Completions;
  /** End the running completion now (its stream ends with finish_reason "abort"). */
  interrupt(): void;
  /** Start compiling what requests with these fields need beyond a plain one (a speculative forward's
   * pipelines), so the first does not wait for them; {compiling}: how many were not made yet. */
  prepare(options?: PrepareOptions): Promise<{ compiling: number }>;
  /** End the worker and free the GPU; the engine is unusable afterwards. */
  unload(): Promise<void>;
  runtimeStats(): Promise<RuntimeStats>;
  /** The routes and dispatches of the last completion's steps (null before any). */
  routes(): Promise<StepReport | null>;
  /** What the engine had to tell (a weight cache it could not use, ...), oldest first. */
  readonly notices: string[];
  /** The request schema the worker exported. */
  readonly schema: RequestSchema;
}

/** An engine with its model loaded; rejects with a PyriteError (RequestError for an unknown model id). */
export declare function createEngine(options: CreateEngineOptions): Promise<Engine>;

// -- Pyrite: the worker protocol -----------------------------------------------------------------

/** generate's options: a generation's, and the chat template's use. */
export interface GenerateOptions extends GenerationOptions {
  /** Wrap the prompt in the model's chat template (default true). */
  chat?: boolean | null;
  /** The chat template's system prompt (absent: the template's own). */
  system?: string | null;
}

/** One of chatDeltas' deltas: exactly one of content, reasoning_content, tool_calls. */
export type ChatDelta =
  | { content: string }
  | { reasoning_content: string }
  | { tool_calls: ChatCompletionChunkToolCall[] };

/** renderChat's request: a conversation in a chat template, as transformers renders it. */
export interface RenderRequest {
  messages: Record<string, unknown>[];
  /** Jinja source (absent: the loaded model's own, else ChatML). */
  template?: string | null;
  tools?: unknown[] | null;
  add_generation_prompt?: boolean | null;
  /** More template variables: enable_thinking, date_string, ... */
  variables?: Record<string, unknown> | null;
}

export interface ScoreResult {
  tokens: number[];
  /** The argmax after each prefix. */
  top1: number[];
  /** log p of each next token. */
  logprob: number[];
  /** Base64 of f32 [ids.length, vocab] (score(ids, true)). */
  logits?: string;
  /** log p of pick[i]'s ids at each position i. */
  picked?: number[][];
}

/** The adapter's streaming-read roofline. */
export interface Bandwidth {
  gbps: number;
  kernel: string;
  nbytes: number;
  timer: "timestamps" | "wall clock";
}

/** pyrite's worker protocol on the page side: one worker, requests answered in order. */
export declare class Pyrite {
  /** Start the worker and (unless model is null) load a model (a directory's URL, relative to base). */
  static create(init?: {
    base?: string | URL;
    model?: string | null;
    onProgress?: (progress: LoadProgress) => void;
    maxCtx?: number;
  }): Promise<Pyrite>;
  constructor(baseURL: URL, onProgress: (progress: LoadProgress) => void, onNotice?: (notice: string) => void);
  base: URL;
  onProgress: (progress: LoadProgress) => void;
  onNotice: (notice: string) => void;
  notices: string[];
  /** The loaded model (null before a load). */
  model: LoadedModel | null;
  /** The request schema, once the worker has booted. */
  schema: RequestSchema | null;
  /** The stats of the last generate or chat to finish. */
  lastStats: GenerationStats | null;
  /** Kernel id -> times it ran in that generation's last step. */
  lastAttest: Record<string, number> | null;
  lastSteps?: StepReport;
  /** The last chat's whole message and its finish_reason. */
  lastMessage?: ChatCompletionMessage | null;
  lastFinish?: FinishReason | null;
  /** Load (or replace) the model: a directory's URL (relative to base) or "local:<key>"; options are
   * runtime options, those read at load included. */
  load(model: string,
       init?: { maxCtx?: number; blockBytes?: number; options?: RuntimeOptions }): Promise<LoadedModel>;
  /** Convert a GGUF File, or an HF folder's Files, into a local model ("convert" progress). */
  convert(files: File | FileList | File[], init?: { name?: string }): Promise<LocalModel>;
  /** The answer to prompt as text pieces. */
  generate(prompt: string, options?: GenerateOptions): AsyncGenerator<string, void, undefined>;
  /** The assistant's next message's content as text pieces (the worker keeps the conversation's KV cache). */
  chat(messages: ChatCompletionMessageParam[], options?: ChatTurnOptions): AsyncGenerator<string, void, undefined>;
  /** chat()'s turn as OpenAI deltas; then lastMessage and lastFinish. */
  chatDeltas(messages: ChatCompletionMessageParam[],
             options?: ChatTurnOptions): AsyncGenerator<ChatDelta, void, undefined>;
  /** End a running generate after its current token (or a conversion between tensors). */
  stop(): void;
  /** Test hook: the GPU device is lost now (DeviceLostError; load() again gets a new device). */
  loseDevice(): void;
  /** Token ids of text (chat: wrapped in the model's chat template). */
  encode(text: string, chat?: boolean): Promise<number[]>;
  renderChat(request: RenderRequest): Promise<string>;
  /** Greedy continuation of token ids. */
  generateIds(ids: number[],
              maxTokens?: number): Promise<{ ids: number[]; stats: GenerationStats; steps: StepReport }>;
  /** Teacher-forced score of token ids. */
  score(ids: number[], logits?: boolean, pick?: number[][] | null): Promise<ScoreResult>;
  /** Set runtime options (read per step, no reload); resolves to all of them. */
  setOptions(options: RuntimeOptions): Promise<Required<RuntimeOptions>>;
  /** Start compiling what requests with these fields need beyond a plain one (see Engine.prepare). */
  prepare(options?: PrepareOptions): Promise<{ compiling: number }>;
  /** Time every kernel of the generations that follow (the same text). */
  setProfiling(on: boolean): Promise<{ on: boolean }>;
  measureBandwidth(): Promise<Bandwidth>;
  /** Kernel cases (tests): each case's outputs (base64) and attestation. */
  runCases(cases: unknown[]): Promise<{ outputs: Record<string, string>; attest: unknown }[]>;
  /** The device; works before any model is loaded. */
  info(): Promise<DeviceInfo>;
  /** Any worker request by its protocol name; onPiece receives generate's text pieces. */
  request(type: string, payload?: object, onPiece?: ((piece: string) => void) | null): Promise<unknown>;
  /** End the worker (later requests reject with a WorkerError). */
  terminate(): void;
}

// -- the weight cache ----------------------------------------------------------------------------

/** The Cache API cache the weight shards are kept in. */
export declare const CACHE: "pyrite-weights-v1";

/** The name a shard is kept under: a URL of the site that is never fetched. */
export declare function cacheKey(base: string | URL, sha256: string): string;

/** Shards and bytes kept in the weight cache (0 where there is no Cache API). */
export declare function cacheUsage(): Promise<{ shards: number; bytes: number }>;

/** Forget every kept shard: the next load downloads again. */
export declare function clearCache(): Promise<void>;
