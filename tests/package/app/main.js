// The package's test app: what a user's app does with pyrite-webgpu, from the page's query string
// (?model=<a model directory's URL>). window.outcome is the test's answer once settled: the reply, or the error.
import { createEngine } from "pyrite-webgpu";
import "pyrite-webgpu/pyrite-chat.js";  // defines <pyrite-chat>: the test adds one to see it styled

const model = new URLSearchParams(location.search).get("model");
const status = document.getElementById("status");

(async () => {
  const phases = [];
  const engine = await createEngine({ model, onProgress: ({ phase }) => { if (!phases.includes(phase)) phases.push(phase); } });
  status.textContent = "ready";
  const reply = await engine.chat.completions.create({
    messages: [{ role: "user", content: "What is the capital of France?" }], max_tokens: 8,
  });
  document.getElementById("answer").textContent = reply.choices[0].message.content;
  const stats = await engine.runtimeStats();
  await engine.unload();
  return { content: reply.choices[0].message.content, usage: reply.usage, phases, model: engine.model, ready_s: stats.ready_s };
})().catch((e) => ({ error: { kind: e.kind ?? e.name, message: e.message, details: e.details ?? null } }))
  .then((outcome) => { window.outcome = outcome; });
