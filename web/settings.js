// The page's settings form (web/app.js): each input's schema field (chat's options: bounds, kind), the
// options it makes, and the stats line under an answer.
import { fieldError, problem } from "./pyrite.js";

// [schema field, the input's key in app.js's ui, its label]
const SETTINGS = [
  ["max_tokens", "maxTokens", "Max tokens"], ["temperature", "temperature", "Temperature"],
  ["top_p", "topP", "Top-p"], ["top_k", "topK", "Top-k"], ["min_p", "minP", "Min-p"],
  ["repetition_penalty", "repetitionPenalty", "Repetition penalty"],
  ["repetition_window", "repetitionWindow", "Penalty window"], ["seed", "seed", "Seed"],
];

/** The settings' inputs take their bounds from the schema (max tokens: the model's context too). */
export function boundSettings(ui, schema, maxCtx) {
  const fields = schema.requests.chat.options;
  for (const [name, key] of SETTINGS) {
    ui[key].min = fields[name].minimum ?? "";
    ui[key].max = fields[name].maximum ?? "";
  }
  ui.maxTokens.max = maxCtx;
}

/** The settings as chat / generate options, each checked against its schema field (the messages say it
 * with the form's labels); an empty input is left to its default. */
export function readOptions(ui, schema, maxCtx) {
  const fields = schema.requests.chat.options;
  const o = {};
  for (const [name, key, label] of SETTINGS) {
    const input = ui[key];
    if (input.value === "") continue;
    const f = fields[name];
    if (problem(f, input.valueAsNumber, name)) throw fieldError(f.kind, name, `${label} must be ${f.must}.`);
    o[name] = input.valueAsNumber;
  }
  if (o.max_tokens > maxCtx) {
    const f = fields.max_tokens;
    throw fieldError(f.kind, "max_tokens", `Max tokens must be ${f.must} and at most ${maxCtx} (the context).`);
  }
  return o;
}

/** The stats line of a finished answer. */
export function formatStats(s) {
  const decode = s.generated_tokens > 1 ? `${s.decode_tok_s.toFixed(1)} tok/s decode` : "– tok/s decode";
  const reused = s.reused_tokens ? `, ${s.reused_tokens} reused` : "";
  return `${decode} · ${s.prefill_tok_s.toFixed(1)} tok/s prefill (${s.prompt_tokens} prompt tokens${reused}) · ` +
         `${s.generated_tokens} tokens · first token after ${s.ttft_s.toFixed(2)} s · ended by ${s.stop_reason}`;
}
