// Wrong uses of the JS API, one a line, each under @ts-expect-error: this file type-checks only while every
// one of them is an error (tests/package/test_types.py also checks each without its directive). Never run.
import { createEngine, PyriteError, type ChatCompletionMessageParam, type Engine } from "pyrite-webgpu";
import type { PyriteChat } from "pyrite-webgpu/pyrite-chat.js";

declare const engine: Engine;
declare const chat: PyriteChat;
const messages: ChatCompletionMessageParam[] = [{ role: "user", content: "Hi" }];

// createEngine's options
// @ts-expect-error model is a string, a URL or Files
await createEngine({ model: 42 });
// @ts-expect-error model is required
await createEngine({ baseUrl: "./" });
// @ts-expect-error onProgress gets a {phase, done, total}
await createEngine({ model: "smollm2-135m", onProgress: (progress: string) => progress.length });
// @ts-expect-error there is no "download" phase
await createEngine({ model: "smollm2-135m", onProgress: (p) => p.phase === "download" });
// @ts-expect-error maxCtx is a number
await createEngine({ model: "smollm2-135m", maxCtx: "2048" });
// @ts-expect-error decode_batch is one of 32, 16, 8, 4, 2, 1
await createEngine({ model: "smollm2-135m", options: { decode_batch: 3 } });
// @ts-expect-error no such runtime option
await createEngine({ model: "smollm2-135m", options: { fast: true } });

// chat.completions.create's request
// @ts-expect-error temperature is a number
await engine.chat.completions.create({ messages, temperature: "hot" });
// @ts-expect-error stream is a boolean
await engine.chat.completions.create({ messages, stream: "yes" });
// @ts-expect-error a message's role is system, user, assistant or tool
await engine.chat.completions.create({ messages: [{ role: "robot", content: "beep" }] });
// @ts-expect-error messages are required
await engine.chat.completions.create({ max_tokens: 16 });
// @ts-expect-error a tool message answers a call: tool_call_id
await engine.chat.completions.create({ messages: [{ role: "tool", content: "{}" }] });
// @ts-expect-error a user message's content is a string
await engine.chat.completions.create({ messages: [{ role: "user", content: null }] });
// @ts-expect-error stop is a string or a list of strings
await engine.chat.completions.create({ messages, stop: 7 });
// @ts-expect-error speculative is false, "ngram" or {method, max_draft}
await engine.chat.completions.create({ messages, speculative: true });
// @ts-expect-error a draft model's method names its model
await engine.chat.completions.create({ messages, speculative: { method: "draft" } });
// @ts-expect-error tool_choice is auto, none, required or a named function
await engine.chat.completions.create({ messages, tool_choice: "always" });
// @ts-expect-error a tool is {type: "function", function: {...}}
await engine.chat.completions.create({ messages, tools: [{ type: "function", name: "f" }] });
// @ts-expect-error a json_schema response_format needs its json_schema
await engine.chat.completions.create({ messages, response_format: { type: "json_schema" } });
// @ts-expect-error enable_thinking is a boolean
await engine.chat.completions.create({ messages, enable_thinking: "on" });
// @ts-expect-error no such field
await engine.chat.completions.create({ messages, n: 2 });

// the answers
const reply = await engine.chat.completions.create({ messages });
// @ts-expect-error a reply's choice has a message, not a delta
reply.choices[0].delta;
// @ts-expect-error its content may be null (a message of tool calls)
const content: string = reply.choices[0].message.content;
// @ts-expect-error finish_reason is stop, length, tool_calls or abort
if (reply.choices[0].finish_reason === "done") content;
// @ts-expect-error one choice only
reply.choices[1];
const chunks = await engine.chat.completions.create({ messages, stream: true });
// @ts-expect-error a stream is iterated, not read as a reply
chunks.choices;
for await (const chunk of chunks) {
  // @ts-expect-error a delta's content may be absent
  const piece: string = chunk.choices[0].delta.content;
  // @ts-expect-error a chunk has a delta, not a message
  chunk.choices[0].message;
}

// completions.create
// @ts-expect-error a completion takes a prompt, not messages
await engine.completions.create({ messages });
// @ts-expect-error tools are chat's
await engine.completions.create({ prompt: "Once", tools: [] });
const text = await engine.completions.create({ prompt: "Once" });
// @ts-expect-error a text completion never calls tools
if (text.choices[0].finish_reason === "tool_calls") text;

// the engine and errors
// @ts-expect-error interrupt takes nothing
engine.interrupt("now");
// @ts-expect-error notices are read, not set
engine.notices = [];
// @ts-expect-error a kind is one of ERROR_KINDS
new PyriteError("bad", "Oops");
try {
  await engine.chat.completions.create({ messages });
} catch (err) {
  if (err instanceof PyriteError) {
    // @ts-expect-error no such kind
    if (err.kind === "TimeoutError") err;
  }
}

// <pyrite-chat>
// @ts-expect-error send takes the question's text
await chat.send(42);
// @ts-expect-error pyrite-answer's detail is {content, stats}
chat.addEventListener("pyrite-answer", (e) => e.detail.text);
