// Tools through the OpenAI-shaped engine API: the model asks for calls, the page runs them, the model answers.
import { $, startEngine, status } from "./boot.js";

const SYSTEM = "You are a helpful assistant. Answer in one sentence, using the tool results.";

// Made-up readings: this page shows the round trip, not a forecast.
const WEATHER = { paris: { temperature_c: 18, sky: "cloudy" }, tokyo: { temperature_c: 24, sky: "sunny" },
                  zurich: { temperature_c: 9, sky: "rain" } };

const TOOLS = [
  { type: "function", function: {
    name: "get_weather", description: "The current weather of a city",
    parameters: { type: "object", properties: { city: { type: "string", maxLength: 40 } }, required: ["city"] } } },
  { type: "function", function: {
    name: "calculate", description: "The value of an arithmetic expression with + - * / and parentheses",
    parameters: { type: "object", properties: { expression: { type: "string", maxLength: 80 } },
                  required: ["expression"] } } },
];

const ANSWER = { type: "json_schema", json_schema: { name: "answer", schema: {
  type: "object", properties: { answer: { type: "string", maxLength: 160 } }, required: ["answer"] } } };

/** + - * / and parentheses over decimal numbers, by recursive descent (never eval). */
function calculate(text) {
  const tokens = text.match(/\d+(?:\.\d+)?|[-+*/()]|\S/g) ?? [];
  let at = 0;
  const next = () => tokens[at++];
  const peek = () => tokens[at];
  const atom = () => {
    const t = next();
    if (t === "(") { const v = sum(); if (next() !== ")") throw new Error("missing )"); return v; }
    if (t === "-") return -atom();
    if (t !== undefined && /^\d/.test(t)) return Number(t);
    throw new Error(`unexpected ${t ?? "end"}`);
  };
  const product = () => { let v = atom(); while (peek() === "*" || peek() === "/") v = next() === "*" ? v * atom() : v / atom(); return v; };
  const sum = () => { let v = product(); while (peek() === "+" || peek() === "-") v = next() === "+" ? v + product() : v - product(); return v; };
  const value = sum();
  if (at !== tokens.length) throw new Error(`unexpected ${peek()}`);
  return value;
}

function run(call) {
  const args = JSON.parse(call.function.arguments);
  if (call.function.name === "get_weather") {
    return WEATHER[String(args.city).toLowerCase()] ?? { error: `no reading for ${args.city}` };
  }
  if (call.function.name === "calculate") {
    try { return { value: calculate(String(args.expression)) }; } catch (err) { return { error: err.message }; }
  }
  return { error: `no tool ${call.function.name}` };
}

const engine = await startEngine("qwen2.5-coder-0.5b");

$("ask").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("send").disabled = true;
  $("calls").replaceChildren();
  $("answer").textContent = "";
  const messages = [{ role: "system", content: SYSTEM }, { role: "user", content: $("question").value }];
  const run_ = { calls: [], results: [], answer: null };
  try {
    status("generating", "Asking the model…");
    const first = await engine.chat.completions.create({ messages, tools: TOOLS, max_tokens: 64 });
    const choice = first.choices[0];
    if (choice.finish_reason === "tool_calls") {
      messages.push(choice.message);
      for (const call of choice.message.tool_calls) {
        const result = run(call);
        run_.calls.push(call);
        run_.results.push(result);
        const item = document.createElement("li");
        item.textContent = `${call.function.name}(${call.function.arguments}) → ${JSON.stringify(result)}`;  // text, never HTML
        $("calls").append(item);
        messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(result) });
      }
      status("generating", "Answering with the results…");
      // The answer is held to {"answer": string}: a model this small otherwise tends to repeat its call.
      const second = await engine.chat.completions.create({ messages, tools: TOOLS, tool_choice: "none", max_tokens: 64,
                                                            response_format: ANSWER });
      const { content } = second.choices[0].message;
      run_.answer = second.choices[0].finish_reason === "stop" ? JSON.parse(content).answer : content;
    } else {
      run_.answer = choice.message.content;
    }
    $("answer").textContent = run_.answer;
    status("ready", "Ready.");
  } catch (err) {
    status("error", `${err.kind}: ${err.message}`);
  } finally {
    window.lastRun = run_;
    $("send").disabled = false;
  }
});
