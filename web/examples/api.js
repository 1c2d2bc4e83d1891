// The raw engine API (see the header of ../pyrite.js): one engine, a streamed multi-turn chat.
import { $, startEngine, status } from "./boot.js";

const messages = [];

const engine = await startEngine("smollm2-135m");

$("stop").addEventListener("click", () => engine.interrupt());
$("ask").addEventListener("submit", async (e) => {
  e.preventDefault();
  messages.push({ role: "user", content: $("question").value });
  $("send").disabled = true;
  $("stop").disabled = false;
  $("answer").textContent = "";
  status("generating", "Answering…");
  let content = "";
  try {
    const chunks = await engine.chat.completions.create({ messages, max_tokens: 64, stream: true });
    for await (const chunk of chunks) {
      content += chunk.choices[0].delta.content ?? "";
      $("answer").textContent = content;  // text, never HTML
      if (chunk.usage) $("usage").textContent = JSON.stringify({ finish_reason: chunk.choices[0].finish_reason, ...chunk.usage });
    }
    messages.push({ role: "assistant", content });
    status("ready", "Ready.");
  } catch (err) {
    messages.pop();
    status("error", `${err.kind}: ${err.message}`);
  } finally {
    $("send").disabled = false;
    $("stop").disabled = true;
  }
});
