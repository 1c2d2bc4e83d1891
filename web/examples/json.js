// Structured output: a record extracted from text, held to a JSON schema while it is generated.
import { $, startEngine, status } from "./boot.js";


const PERSON = {
  type: "object",
  properties: {
    name: { type: "string", minLength: 1, maxLength: 40 },
    age: { type: "integer", minimum: 0, maximum: 130 },
    city: { type: "string", maxLength: 40 },
    email: { type: "string", maxLength: 60 },
  },
  required: ["name", "age", "city"],
  additionalProperties: false,
};
$("schema").value = JSON.stringify(PERSON, null, 2);

const engine = await startEngine("smollm2-135m");

$("extract").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("record").textContent = "";
  let schema;
  try {
    schema = JSON.parse($("schema").value);
  } catch (err) {
    status("error", `The schema is not JSON: ${err.message}`);
    return;
  }
  $("send").disabled = true;
  status("generating", "Extracting…");
  try {
    const reply = await engine.chat.completions.create({
      messages: [{ role: "system", content: "Extract the person described in the user's text as JSON." },
                 { role: "user", content: $("source").value }],
      response_format: { type: "json_schema", json_schema: { name: "record", schema, strict: true } },
      max_tokens: 96,
    });
    const { content } = reply.choices[0].message;
    window.lastRecord = { content, finish_reason: reply.choices[0].finish_reason };
    // finish_reason "length" leaves a valid prefix that may not parse yet
    $("record").textContent = reply.choices[0].finish_reason === "stop" ? JSON.stringify(JSON.parse(content), null, 2) : content;
    status("ready", `Ready (${reply.usage.completion_tokens} tokens, finish_reason ${reply.choices[0].finish_reason}).`);
  } catch (err) {
    // a schema pyrite does not hold is a RequestError naming the keyword's path (err.details.field)
    status("error", `${err.kind}${err.details?.field ? ` at ${err.details.field}` : ""}: ${err.message}`);
  } finally {
    $("send").disabled = false;
  }
});
