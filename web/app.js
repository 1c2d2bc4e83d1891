// The page: load the default model with a progress bar, then stream answers to prompts.
//
// #status carries data-state = loading | ready | generating | error, with a readable message.
// Model output only ever reaches the DOM as text (a Text node), never as HTML.
//
// ?autoload=0 opens the page without loading a model; window.pyriteApp.load(model) starts it
// later (the host driver, py/pyrite/driver.py, does this). ?model=models/<name> picks another
// model directory of the site (dist/models/).
//
// #model lists the site's models (build.json "models": id and size); picking one stops a running
// answer, then loads the model in place of the current one (the worker frees the old one's GPU buffers).
import { Pyrite, PyriteError } from "./pyrite.js";

const $ = (id) => document.getElementById(id);
const ui = {
  status: $("status"), progress: $("progress"), progressLabel: $("progress-label"), progressBox: $("progress-box"),
  model: $("model-info"), picker: $("model"), adapter: $("adapter"), form: $("ask"), prompt: $("prompt"), chat: $("chat"),
  maxTokens: $("max-tokens"), temperature: $("temperature"), send: $("send"), stop: $("stop"),
  output: $("output"), stats: $("stats"), reload: $("reload"),
};

const params = new URLSearchParams(location.search);
// Only a model directory of this site: a link must not point the page at someone else's files.
const DEFAULT_MODEL = /^models\/[\w.-]+\/?$/.test(params.get("model") ?? "") ? params.get("model") : "models/smollm2-135m";

let pyrite = null;        // the Pyrite instance (one worker), created on first use
let loading = null;       // {model, promise} of the current or last load
let ready = false;        // a model is loaded
let generating = false;

// -- status ----------------------------------------------------------------------------------------

function setStatus(state, message) {
  ui.status.dataset.state = state;
  ui.status.textContent = message;
  ui.send.disabled = !ready || generating;
  ui.stop.disabled = !generating;
  ui.picker.disabled = state === "loading" || ui.picker.options.length === 0 || !ui.picker.options[0].value;
}

function describeError(err) {
  return err.kind ? `${err.kind}: ${err.message}` : String(err.message || err);
}

// Overall progress: each phase owns a slice of the bar, so it only ever moves forward.
const PHASES = {
  runtime: { from: 0.0, to: 0.15, label: (d, t) => `Starting Python (Pyodide) ${d}/${t}` },
  weights: { from: 0.15, to: 0.75, label: (d, t) => `Downloading weights ${mb(d)} / ${mb(t)} MB` },
  upload: { from: 0.75, to: 0.9, label: (d, t) => `Uploading tensors to the GPU ${d}/${t}` },
  shaders: { from: 0.9, to: 1.0, label: () => "Building shaders and pipelines" },
};

function mb(bytes) {
  return (bytes / 1e6).toFixed(1);
}

function onProgress({ phase, done, total }) {
  const p = PHASES[phase];
  if (!p) return;
  const frac = total > 0 ? Math.min(done / total, 1) : 0;
  ui.progress.value = p.from + (p.to - p.from) * frac;
  ui.progressLabel.textContent = p.label(done, total);
  ui.progressBox.dataset.phase = phase;
  ui.status.textContent = `Loading the model: ${p.label(done, total)}`;
}

// -- loading ---------------------------------------------------------------------------------------

function noWebGPU() {
  const why = window.isSecureContext
    ? "this browser does not expose WebGPU (try a recent Chrome or Edge, or enable WebGPU)"
    : "WebGPU needs a secure context: open the page over https:// or http://localhost";
  return `This browser has no WebGPU (navigator.gpu is missing): ${why}. pyrite runs the model on the GPU and cannot start.`;
}

function instance() {
  pyrite ??= new Pyrite(new URL("./", document.baseURI), onProgress);
  window.pyrite = pyrite;
  return pyrite;
}

function showModel(info) {
  const c = info.config || {};
  ui.model.textContent = `Model: ${info.model} (${c.arch}, ${c.n_layers} layers, context ${info.max_ctx}).`;
  const dev = info.device || {};
  const a = dev.adapter || {};
  const name = [a.vendor, a.architecture, a.device, a.description].filter(Boolean).join(" / ") || "unknown adapter";
  const features = (dev.features || []).join(", ") || "none";
  ui.adapter.textContent = `Adapter: ${name} (${dev.backend || "?"}; features: ${features})`;
}

/** Load a model (once per name); the same promise for repeated calls. Resolves to its info. */
function load(model = DEFAULT_MODEL, maxCtx = undefined) {
  if (loading && loading.model === model) return loading.promise;
  const promise = loadNow(model, maxCtx);
  loading = { model, promise };
  return promise;
}

// -- the model picker ------------------------------------------------------------------------------

let answering = Promise.resolve();  // the running send(), awaited before a switch

async function fillPicker() {
  const resp = await fetch(new URL("build.json", document.baseURI));
  const models = resp.ok ? (await resp.json()).models || [] : [];
  ui.picker.replaceChildren(...models.map((m) => {
    const option = document.createElement("option");
    option.value = m.id;
    option.textContent = `${m.name} (${m.arch}, ${m.recipe}, ${(m.bytes / 1e6).toFixed(0)} MB)`;
    return option;
  }));
  syncPicker();
  setStatus(ui.status.dataset.state, ui.status.textContent);
}

/** Show the model being loaded (or loaded) in the picker. */
function syncPicker(model = loading?.model ?? DEFAULT_MODEL) {
  const id = model.replace(/^models\//, "").replace(/\/$/, "");
  if ([...ui.picker.options].some((o) => o.value === id)) ui.picker.value = id;
}

async function pick(id) {
  if (generating) {
    pyrite.stop();
    await answering;  // the answer ends after its current token; the page shows it as stopped
  }
  await load(`models/${id}`).catch(() => {});  // a failure is shown in #status; the picker stays usable
}

async function loadNow(model, maxCtx) {
  ready = false;
  syncPicker(model);
  ui.progressBox.hidden = false;
  ui.progress.value = 0;
  setStatus("loading", `Loading ${model}…`);
  const started = performance.now();
  try {
    if (!navigator.gpu) throw new PyriteError(noWebGPU(), "DeviceError");
    // Checked here first: without an adapter there is no point starting Python (seconds).
    if (!(await navigator.gpu.requestAdapter())) {
      throw new PyriteError("WebGPU is present but offers no GPU adapter (the GPU may be blocklisted or " +
                            "WebGPU disabled in this browser's settings)", "DeviceError");
    }
    const info = await instance().load(model, { maxCtx });
    ready = true;
    ui.progressBox.hidden = true;
    showModel(info);
    ui.maxTokens.max = info.max_ctx;
    setStatus("ready", `Ready (loaded in ${((performance.now() - started) / 1000).toFixed(1)} s). Type a prompt and press Send.`);
    return info;
  } catch (err) {
    ui.progressBox.hidden = true;
    setStatus("error", `Could not load ${model}: ${describeError(err)}`);
    throw err;
  }
}

// -- generating ------------------------------------------------------------------------------------

function readOptions() {
  const maxTokens = ui.maxTokens.valueAsNumber;
  const temperature = ui.temperature.valueAsNumber;
  const maxCtx = pyrite.model.max_ctx;
  if (!Number.isInteger(maxTokens) || maxTokens < 1 || maxTokens > maxCtx) {
    throw new Error(`Max tokens must be a whole number from 1 to ${maxCtx} (the context).`);
  }
  if (!Number.isFinite(temperature) || temperature < 0) throw new Error("Temperature must be a number >= 0 (0 is greedy).");
  return { max_tokens: maxTokens, temperature, chat: ui.chat.checked };
}

function formatStats(s) {
  const decode = s.generated_tokens > 1 ? `${s.decode_tok_s.toFixed(1)} tok/s decode` : "– tok/s decode";
  return `${decode} · ${s.prefill_tok_s.toFixed(1)} tok/s prefill (${s.prompt_tokens} prompt tokens) · ` +
         `${s.generated_tokens} tokens · first token after ${s.ttft_s.toFixed(2)} s · ended by ${s.stop_reason}`;
}

async function send() {
  if (!ready || generating) return;
  let options;
  try {
    options = readOptions();
  } catch (err) {
    setStatus("error", err.message);
    return;
  }
  generating = true;
  setStatus("generating", "Generating…");
  const text = document.createTextNode("");
  ui.output.replaceChildren(text);
  ui.stats.textContent = "";
  let pieces = 0;
  let firstAt = 0;
  try {
    for await (const piece of pyrite.generate(ui.prompt.value, options)) {
      text.appendData(piece);
      pieces += 1;
      const now = performance.now();
      if (pieces === 1) firstAt = now;
      else ui.stats.textContent = `≈ ${((pieces - 1) / ((now - firstAt) / 1000)).toFixed(1)} tok/s decode (live, ${pieces} pieces)`;
    }
    const s = pyrite.lastStats;
    ui.stats.textContent = formatStats(s);
    generating = false;
    setStatus("ready", s.stop_reason === "stopped" ? "Stopped. Ready for the next prompt." : "Ready.");
  } catch (err) {
    generating = false;
    if (err.kind === "DeviceLostError") deviceLost(err);
    else setStatus("error", describeError(err));
  }
}

/** The GPU device went (a driver reset, the browser's GPU process, a test hook): the model went with it.
 * The Reload button loads it again, on a new device. */
function deviceLost(err) {
  ready = false;
  const model = loading?.model ?? DEFAULT_MODEL;
  loading = null;  // so load() of the same model loads again
  ui.reload.hidden = false;
  ui.reload.onclick = () => {
    ui.reload.hidden = true;
    load(model).catch(() => {});  // a failure is shown in #status
  };
  setStatus("error", `The GPU device was lost, and the model with it (${err.message}). ` +
                     "Press Reload to load it again.");
}

function startSend() {
  answering = send();
}

ui.form.addEventListener("submit", (e) => {
  e.preventDefault();
  startSend();
});
ui.prompt.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    startSend();
  }
});
ui.picker.addEventListener("change", () => pick(ui.picker.value));
ui.stop.addEventListener("click", () => {
  if (!generating) return;
  pyrite.stop();
  ui.status.textContent = "Stopping after the current token…";
});

// The host driver's hooks: load a model, and reach the instance for protocol-level requests.
window.pyriteApp = { load, instance };

fillPicker().catch((err) => console.warn(`pyrite: no model list (${err})`));

if (!navigator.gpu) {
  ui.progressBox.hidden = true;
  setStatus("error", noWebGPU());
} else if (params.get("autoload") === "0") {
  ui.progressBox.hidden = true;
  setStatus("loading", "Not loaded yet (autoload=0).");
} else {
  load().catch(() => {});  // the failure is already shown in #status
}
