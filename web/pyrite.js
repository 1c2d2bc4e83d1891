// pyrite.js: run a small LLM in a page, on WebGPU, through Python (Pyodide in a worker).
//
// Most pages want createEngine, the OpenAI-shaped API (web/engine.js; README "In your page"). Under it
// is the worker protocol itself, the Pyrite class (web/client.js):
//
//   import { Pyrite } from "./pyrite.js";
//
//   const p = await Pyrite.create({
//     base: "./",                      // where build.json, worker.js, pyodide/, wheels/ live
//     model: "models/smollm2-135m",    // model directory, relative to base (null: runtime only)
//     onProgress: ({phase, done, total}) => {},  // runtime | weights (bytes) | upload | plan | pipelines
//   });
//   p.model;                           // {model, config, device, max_ctx, ready_s, phases} of the loaded
//                                      // model: phases {runtime, weights, upload, plan, pipelines} in
//                                      // seconds, summing to ready_s (the load request to its answer)
//
//   for await (const piece of p.generate("Hi!", {max_tokens: 64, temperature: 0.7, top_k: 40,
//                                                top_p: 0.95, min_p: 0.05, repetition_penalty: 1.1,
//                                                repetition_window: 64, seed: 1, chat: true})) {
//     out.textContent += piece;        // text, never HTML (temperature 0: greedy; the draw runs on
//   }                                  // the GPU; a bad option is refused by its kind, SamplingError
//                                      // or RequestError, with details.field naming it)
//   p.lastStats;                       // {prompt_tokens, generated_tokens, ttft_s, prefill_tok_s,
//                                      //  decode_tok_s, stop_reason, decode_steps, decode_submits,
//                                      //  host_ms_per_token, decode_path, bytes_per_token,
//                                      //  read_probe_gbps, roofline, forced_tokens,
//                                      //  tokens_per_forward} of the last finished generate
//   await p.measureBandwidth();        // {gbps, kernel, nbytes, timer}: the adapter's read roofline
//                                      // (about a second); later stats carry decode's fraction of it
//   p.lastAttest;                      // {kernel id: times it ran} in that generate's last step
//   p.lastSteps;                       // {routes: {prefill: {op: route}, decode: {...}}, dispatches, layers}
//   await p.setOptions({sdpa_query_tile: 32});  // runtime options, read per step (no reload)
//   await p.setProfiling(true);        // time every kernel of the generations that follow (same text)
//   for await (const piece of p.chat([{role: "user", content: "Hi!"}], {max_tokens: 64})) {}
//                                      // multi-turn: the worker keeps the KV cache of the conversation
//   for await (const delta of p.chatDeltas(messages, {tools, tool_choice, response_format,
//                                                     enable_thinking})) {}
//                                      // {content} | {reasoning_content} | {tool_calls}; then
//                                      // p.lastMessage (OpenAI's message) and p.lastFinish
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
//   p.schema;                          // the request schema Python exported at boot (docs/seam.md)
//
// Every failure rejects with a PyriteError whose .kind is one of ERROR_KINDS (docs/errors.md: the
// Python error class, or WorkerError / LoadError of the JS side) and whose .details are the typed
// error's fields: a bad field names itself in details.field; an unexpected Python exception is an
// InternalError whose details carry its type, message and traceback. Requests are checked against
// the schema here first (web/schema.js) and again in Python, by the same rules.
//
// The weight cache (web/cache.js): cacheUsage() -> {shards, bytes}; clearCache() forgets them all.

export { CACHE, cacheKey, cacheUsage, clearCache } from "./cache.js";
export { LOAD_PHASES, Pyrite } from "./client.js";
export { createEngine } from "./engine.js";
export { ERROR_KINDS, PyriteError, checkOption, checkRequest, fieldError, problem } from "./schema.js";
