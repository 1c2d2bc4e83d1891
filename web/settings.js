// The page's settings form (web/app.js): each input's schema field (chat's options: bounds, kind), the
// options it makes, a refused value's message beside its input, and the stats line under an answer.
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
  if (ui.speculative.checked) o.speculative = "ngram";
  if (o.max_tokens > maxCtx) {
    const f = fields.max_tokens;
    throw fieldError(f.kind, "max_tokens", `Max tokens must be ${f.must} and at most ${maxCtx} (the context).`);
  }
  return o;
}

/** With the Speculative setting on, its forwards' pipelines start compiling now (Pyrite.prepare) rather
 * than at the next Send; the worker's queue runs it after an answer in progress. */
export function prepareSpeculative(ui, pyrite) {
  if (!ui.speculative.checked) return;
  const t = ui.temperature.valueAsNumber;
  pyrite.prepare({ speculative: "ngram", ...(Number.isFinite(t) && t >= 0 ? { temperature: t } : {}) })
    .catch((err) => console.warn(`pyrite: speculative decoding not prepared (${err.message || err})`));
}

/** Mark an input invalid: the message beside it (its description), aria-invalid, and the focus on it
 * (the Settings panel opened when it is in there). The next input in it clears the mark. */
export function markInvalid(input, message) {
  const id = `${input.id}-error`;
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement("span");
    el.id = id;
    el.className = "field-error";
    input.after(el);
  }
  el.textContent = message;
  input.setAttribute("aria-invalid", "true");
  input.dataset.describedby ??= input.getAttribute("aria-describedby") ?? "";
  input.setAttribute("aria-describedby", `${id} ${input.dataset.describedby}`.trim());
  input.addEventListener("input", () => clearInvalid(input), { once: true });
  const panel = input.closest("details");
  if (panel) panel.open = true;
  input.focus();
}

/** An input back to valid: no message, no aria-invalid, its own description again. */
export function clearInvalid(input) {
  if (!input.hasAttribute("aria-invalid")) return;
  document.getElementById(`${input.id}-error`)?.remove();
  input.removeAttribute("aria-invalid");
  const own = input.dataset.describedby;
  if (own) input.setAttribute("aria-describedby", own);
  else input.removeAttribute("aria-describedby");
  delete input.dataset.describedby;
}

/** The settings' inputs back to valid (a new send checks them again). */
export function clearSettingErrors(ui) {
  for (const [, key] of SETTINGS) clearInvalid(ui[key]);
}

/** A refused option (readOptions's error, details.field naming it) shown beside its input; false when it
 * names no setting. */
export function showSettingError(ui, err) {
  const row = SETTINGS.find(([name]) => name === err.details?.field);
  if (!row) return false;
  markInvalid(ui[row[1]], err.message);
  return true;
}

// Why an answer ended (Stats.stop_reason), in words.
const ENDED = {
  stop_token: "the model finished", max_tokens: "reached the token limit", stopped: "stopped",
  stop_string: "a stop string", context: "the context is full",
};

/** The stats line of a finished answer. */
export function formatStats(s) {
  // jump-forward's forced tokens or speculative decoding's accepted drafts
  const forward = s.forced_tokens || s.speculative ? ` (${s.tokens_per_forward.toFixed(2)} tokens per forward)` : "";
  const drafts = s.speculative ? ` · drafted ${s.drafted_tokens}, accepted ${s.accepted_tokens}` +
    (s.drafted_tokens ? ` (${Math.round(100 * s.accepted_tokens / s.drafted_tokens)}%)` : "") : "";
  const decode = s.generated_tokens > 1 ? `${s.decode_tok_s.toFixed(1)} tok/s decode${forward}` : "– tok/s decode";
  const reused = s.reused_tokens ? `, ${s.reused_tokens} reused` : "";
  // a first use compiled kernels (a first speculative answer's, unless prepared): why this one was slower
  const waited = s.pipelines_waited ? ` · waited for ${s.pipelines_waited} kernels to compile` : "";
  return `${decode} · ${s.prefill_tok_s.toFixed(1)} tok/s prefill (${s.prompt_tokens} prompt tokens${reused}) · ` +
         `${s.generated_tokens} tokens · first token after ${s.ttft_s.toFixed(2)} s${drafts}${waited} · ` +
         `ended: ${ENDED[s.stop_reason] ?? s.stop_reason}`;
}
