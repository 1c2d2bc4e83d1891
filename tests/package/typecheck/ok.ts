// The JS API used as the README and web/examples use it: this file must type-check against the package's
// .d.ts (tests/package/test_types.py). It is checked, never run.
import {
  cacheUsage, clearCache, createEngine, ERROR_KINDS, LOAD_PHASES, Pyrite, PyriteError,
  type ChatCompletion, type ChatCompletionChunk, type ChatCompletionMessageParam, type ChatCompletionTool,
  type ErrorKind, type LoadProgress, type ResponseFormat,
} from "pyrite-webgpu";
import type { PyriteChat } from "pyrite-webgpu/pyrite-chat.js";

const shown: string[] = [];

const engine = await createEngine({
  model: "smollm2-135m",
  baseUrl: "../",
  onProgress: ({ phase, done, total }: LoadProgress) => shown.push(`${phase} ${done}/${total}`),
  options: { decode_batch: 16, route_tuning: "cached" },
  maxCtx: 1024,
});

// Streaming, then one reply, as the README's example.
const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "What is the capital of France?" }];
for await (const chunk of await engine.chat.completions.create({ messages, stream: true, max_tokens: 64 })) {
  shown.push(chunk.choices[0].delta.content ?? "");
  if (chunk.usage) shown.push(`${chunk.choices[0].finish_reason}: ${chunk.usage.total_tokens}`);
}
const reply: ChatCompletion = await engine.chat.completions.create({ messages, temperature: 0.7, seed: 1,
                                                                     stop: ["\n\n"] });
const finish: "stop" | "length" | "tool_calls" | "abort" = reply.choices[0].finish_reason;
shown.push(reply.choices[0].message.content ?? "", finish, String(reply.usage.speculative?.accepted ?? 0));
messages.push(reply.choices[0].message);

// Tools: the model's calls, answered by tool messages, then an answer held to a schema.
const tools: ChatCompletionTool[] = [{ type: "function", function: {
  name: "get_weather", description: "The current weather of a city",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }];
const first = await engine.chat.completions.create({ messages, tools, tool_choice: "auto", max_tokens: 64 });
const choice = first.choices[0];
if (choice.finish_reason === "tool_calls" && choice.message.tool_calls) {
  messages.push(choice.message);
  for (const call of choice.message.tool_calls) {
    const args: unknown = JSON.parse(call.function.arguments);
    messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify({ args, sky: "cloudy" }) });
  }
}
const answer: ResponseFormat = { type: "json_schema", json_schema: { name: "answer", strict: true, schema: {
  type: "object", properties: { answer: { type: "string" } }, required: ["answer"] } } };
const second = await engine.chat.completions.create({ messages, tools, tool_choice: "none",
                                                      response_format: answer });
shown.push(second.choices[0].message.content ?? "");
const named = { type: "function", function: { name: "get_weather" } } as const;
await engine.chat.completions.create({ messages, tools, tool_choice: named, enable_thinking: false,
                                       speculative: { method: "ngram", max_draft: 8 } });
await engine.chat.completions.create({ messages, speculative: { method: "draft", model: "smollm2-135m", max_draft: 4 } });

// A stream's deltas: reasoning and calls too.
const chunks: AsyncIterable<ChatCompletionChunk> = await engine.chat.completions.create({
  messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "Hi" }], stream: true, tools,
});
for await (const chunk of chunks) {
  const { delta } = chunk.choices[0];
  shown.push(delta.reasoning_content ?? "", ...(delta.tool_calls ?? []).map((c) => `${c.index}: ${c.function.name}`));
}

// stream as a boolean of the caller's: a reply or a stream, told apart.
const streamed = await engine.chat.completions.create({ messages, stream: shown.length > 3 });
if (Symbol.asyncIterator in streamed) {
  for await (const chunk of streamed) shown.push(chunk.choices[0].delta.content ?? "");
} else {
  shown.push(streamed.choices[0].message.content ?? "");
}

// Text completions.
const text = await engine.completions.create({ prompt: "Once upon a time", max_tokens: 32, speculative: "ngram" });
shown.push(text.choices[0].text, text.choices[0].finish_reason);
for await (const piece of await engine.completions.create({ prompt: "Once", stream: true })) {
  shown.push(piece.choices[0].text);
}

// Errors: a PyriteError, narrowed on its kind.
try {
  await engine.chat.completions.create({ messages, top_p: 2 });
} catch (err) {
  if (!(err instanceof PyriteError)) throw err;
  const kind: ErrorKind = err.kind;
  switch (err.kind) {
    case "RequestError":
    case "SamplingError":
      shown.push(`${kind} at ${err.details.field ?? "?"}: ${err.message}`);
      break;
    case "LimitError":
      shown.push(`${err.details.limit_name} ${err.details.limit}`);
      break;
    default:
      shown.push(err.kind);
  }
}
shown.push(...ERROR_KINDS, ...LOAD_PHASES);

// The engine's other members.
const { compiling } = await engine.prepare({ speculative: "ngram", temperature: 0.7, wait: true });
engine.interrupt();
const stats = await engine.runtimeStats();
shown.push(`${stats.ready_s} ${stats.phases.weights} ${stats.decode_tok_s?.toFixed(1)} ${stats.stop_reason}`);
shown.push(`${compiling} ${stats.pipelines_waited ?? 0}`);
shown.push(JSON.stringify((await engine.routes())?.routes.decode), ...engine.notices, engine.model);
shown.push(engine.schema.requests["chat.completions"].fields.temperature.must);
await engine.unload();

// A brought model, and the lower-level class.
declare const picked: FileList;
await createEngine({ model: picked, onProgress: (p) => shown.push(p.phase === "convert" ? "tensors" : p.phase) });
await createEngine({ model: new URL("https://example.com/model.gguf") });
const p = await Pyrite.create({ base: "./", model: "models/smollm2-135m", onProgress: () => {} });
for await (const piece of p.generate("Hi!", { max_tokens: 16, chat: true, top_k: 40 })) shown.push(piece);
for await (const delta of p.chatDeltas(messages, { response_format: { type: "json_object" } })) {
  if ("tool_calls" in delta) shown.push(delta.tool_calls[0].id);
  else if ("content" in delta) shown.push(delta.content);
}
shown.push(String(p.lastStats?.tokens_per_forward), String(p.model?.ready_s), p.lastFinish ?? "");
await p.setOptions({ jump_forward: "off" });
shown.push(String((await p.score([1, 2, 3])).logprob[0]), String((await p.encode("Hi", true)).length));
p.terminate();
shown.push(String((await cacheUsage()).bytes));
await clearCache();

// The custom element.
const chat: PyriteChat = document.createElement("pyrite-chat");
chat.setAttribute("model", "smollm2-135m");
chat.render = (content, el) => { el.textContent = content; };
chat.addEventListener("pyrite-answer", (e) => shown.push(e.detail.content, String(e.detail.stats.generated_tokens)));
chat.addEventListener("pyrite-error", (e) => shown.push(`${e.detail.kind}: ${e.detail.message}`));
document.body.append(chat);
await chat.send("Hello");
document.querySelector("pyrite-chat")?.newChat();
