// The page: load a model with a progress bar per phase (progress.js), then a multi-turn chat streamed into #log.
//
// #status carries data-state = loading | ready | generating | error, with a readable message; it is the
// page's one live line (role=status): each state and each load phase is said there once.
// Answers render as markdown (markdown.js: marked, then DOMPurify; the model's own markup stays
// text); the answer being written is #output, aria-busy while it streams, and its finished text is said
// once through #announce (a visually hidden live region; #log itself is not live). Each message has a
// visually hidden "You:" / "Assistant:". Chat mode keeps the conversation (the worker's KV cache
// keeps its tokens: a turn prefills only what is new); without it each prompt is a plain completion.
//
// Keys: Enter sends (so does Ctrl+Enter), Shift+Enter starts a new line, Esc stops an answer. A sent
// message leaves the box (it comes back if the answer fails). A control that disables itself under the
// focus hands the focus on: to Stop while an answer runs, else to the message box. A refused setting
// is shown beside its input (aria-invalid, aria-describedby) and takes the focus (settings.js).
//
// ?autoload=0 opens the page without loading a model; window.pyriteApp.load(model) starts it
// later (the host driver, py/pyrite/driver.py, does this). ?model=models/<name> picks another
// model directory of the site (dist/models/).
//
// #model (picker.js) lists the site's models and the local ones; picking one only says what loading it
// means; the Load button stops a running answer, then loads it in place of the current one (the worker
// frees the old one's GPU buffers). A load clears the chat, the model line and the stats at once.
// "Load a model file…" (#model-file) or a drop on the page converts a GGUF (Pyrite.convert: progress
// per tensor, Stop ends it keeping nothing), lists it and loads it; #delete-local deletes the picked one.
import { AnswerView, announce, bubble, note, textDeltas } from "./conversation.js";
import { copyButton } from "./markdown.js";
import { loadWarning, modelOptions, pickerId } from "./picker.js";
import { checkWebGPU, noWebGPU } from "./webgpu.js";
import { acceptDrops } from "./drop.js";
import { listLocal, removeLocal } from "./local.js";
import { showAdapter, showCache, showProfile, themeToggle } from "./panels.js";
import { resetProgress, showProgress } from "./progress.js";
import { Pyrite, clearCache } from "./pyrite.js";
import {
  boundSettings, clearInvalid, clearSettingErrors, formatStats, markInvalid, prepareSpeculative, readOptions,
  showSettingError,
} from "./settings.js";

const $ = (id) => document.getElementById(id);
const ui = {
  status: $("status"), reload: $("reload"), notice: $("notice"), progress: $("progress"),
  progressLabel: $("progress-label"), progressBox: $("progress-box"), phases: $("phases"),
  picker: $("model"), loadModel: $("load-model"), warning: $("model-warning"), model: $("model-info"),
  cacheInfo: $("cache-info"), clearCache: $("clear-cache"),
  log: $("log"), announce: $("announce"), form: $("ask"), prompt: $("prompt"), chat: $("chat"), send: $("send"),
  stop: $("stop"),
  newChat: $("new-chat"), stats: $("stats"), theme: $("theme"),
  maxTokens: $("max-tokens"), temperature: $("temperature"), topP: $("top-p"), topK: $("top-k"), minP: $("min-p"),
  repetitionPenalty: $("repetition-penalty"), repetitionWindow: $("repetition-window"), seed: $("seed"),
  system: $("system"), speculative: $("speculative"),
  adapter: $("adapter"), features: $("features"), limits: $("limits"), f16: $("f16"),
  profileRun: $("profile-run"), profileTable: $("profile-table"),
  pickFile: $("pick-file"), file: $("model-file"), pickFolder: $("pick-folder"), folder: $("model-folder"),
  deleteLocal: $("delete-local"),
};

const params = new URLSearchParams(location.search);
// Only a model directory of this site: a link must not point the page at someone else's files.
const DEFAULT_MODEL = /^(models\/[\w.-]+\/?|local:[\w.-]+)$/.test(params.get("model") ?? "") ? params.get("model")
                                                                                          : "models/smollm2-135m";

let pyrite = null;        // the Pyrite instance (one worker), created on first use
let loading = null;       // {model, key, promise} of the current or last load
let ready = false;        // a model is loaded
let generating = false;
let converting = false;   // a file is being converted (Stop ends it)
let busyLoading = false;  // a load is running
let messages = [];        // the conversation (chat mode): [{role, content}]
let lastPrompt = "";      // the last message sent (the profile's text when the box is empty)

// -- status and theme ------------------------------------------------------------------------------

function setStatus(state, message) {
  const focused = document.activeElement;
  ui.status.dataset.state = state;
  ui.status.textContent = message;
  ui.send.disabled = !ready || generating;
  ui.stop.disabled = !generating && !converting;
  ui.pickFile.disabled = ui.pickFolder.disabled = converting || busyLoading;
  ui.deleteLocal.hidden = !ui.picker.value.startsWith("local:");
  ui.deleteLocal.disabled = converting || busyLoading;
  ui.newChat.disabled = generating;
  ui.profileRun.disabled = !ready || generating;
  ui.picker.disabled = state === "loading" || ui.picker.options.length === 0 || !ui.picker.options[0].value;
  ui.loadModel.disabled = ui.picker.disabled || busyLoading || converting;
  describePick();
  // A control that went disabled (or hidden) under the focus hands it on rather than drop it to <body>.
  if (focused !== document.body && (focused?.disabled || focused?.hidden)) {
    (ui.stop.disabled ? ui.prompt : ui.stop).focus();
  }
}

function describeError(err) {
  return err.kind ? `${err.kind}: ${err.message}` : String(err.message || err);
}

// -- loading ---------------------------------------------------------------------------------------

function onNotice(text) {
  ui.notice.hidden = false;
  ui.notice.textContent = `Note: ${text}`;
}

function instance() {
  pyrite ??= new Pyrite(new URL("./", document.baseURI), (e) => showProgress(ui, e), onNotice);
  window.pyrite = pyrite;
  return pyrite;
}

function showModel(info) {
  const c = info.config || {};
  ui.model.textContent = `${info.model} (${c.arch}, ${c.n_layers} layers, context ${info.max_ctx}).`;
  showAdapter(ui, info.device || {});
}

/** Load a model (once per name and options: the same promise for repeated calls, until one fails).
 * Resolves to its info. blockBytes caps one weight buffer below the adapter's binding limit (Pyrite.load). */
function load(model = DEFAULT_MODEL, maxCtx = undefined, blockBytes = undefined, options = undefined) {
  const key = JSON.stringify([model, maxCtx ?? null, blockBytes ?? null, options ?? null]);
  if (loading && loading.key === key) return loading.promise;
  const promise = loadNow(model, maxCtx, blockBytes, options);
  loading = { model, key, promise };
  promise.catch(() => {
    if (loading?.promise === promise) loading = null;  // a failed load can be tried again
  });
  return promise;
}

async function loadNow(model, maxCtx, blockBytes, options) {
  ready = false;
  busyLoading = true;
  messages = [];  // a conversation belongs to the model (and KV cache) it was held with
  ui.log.replaceChildren();
  ui.model.textContent = "";  // nothing about the model before stays in view
  ui.stats.textContent = "";
  syncPicker(model);
  ui.progressBox.hidden = false;
  resetProgress(ui);
  setStatus("loading", `Loading ${model}…`);
  const started = performance.now();
  try {
    await checkWebGPU();
    const info = await instance().load(model, { maxCtx, blockBytes, options });
    ready = true;
    ui.progressBox.hidden = true;
    showModel(info);
    boundSettings(ui, pyrite.schema, info.max_ctx);
    busyLoading = false;
    setStatus("ready", `Ready (loaded in ${((performance.now() - started) / 1000).toFixed(1)} s). Type a message and press Enter.`);
    showCache(ui.cacheInfo);
    if (ui.speculative.checked) prepareSpeculative(ui, instance());
    return info;
  } catch (err) {
    busyLoading = false;
    ui.progressBox.hidden = true;
    setStatus("error", `Could not load ${model}: ${describeError(err)}`);
    showCache(ui.cacheInfo);
    throw err;
  }
}

// -- the model picker ------------------------------------------------------------------------------

let answering = Promise.resolve();  // the running send(), awaited before a switch
let sizes = new Map();              // picker value -> the model's bytes (build.json, the local list)

async function fillPicker() {
  const resp = await fetch(new URL("build.json", document.baseURI));
  const models = resp.ok ? (await resp.json()).models || [] : [];
  const local = await listLocal().catch((err) => console.warn(`pyrite: no local models (${err.message || err})`)) ?? [];
  const made = modelOptions(models, local);
  sizes = made.sizes;
  ui.picker.replaceChildren(...made.children);
  syncPicker();
  setStatus(ui.status.dataset.state, ui.status.textContent);
}

/** Show the model being loaded (or loaded) in the picker. */
function syncPicker(model = loading?.model ?? DEFAULT_MODEL) {
  const id = pickerId(model);
  if ([...ui.picker.options].some((o) => o.value === id)) ui.picker.value = id;
}

/** #model-warning: what Load does with the picked model (its download size; the chat cleared). */
function describePick() {
  const id = ui.picker.value;
  const current = ready && loading && pickerId(loading.model) === id;
  const text = !id || busyLoading ? "" : loadWarning(id, sizes.get(id), current);
  if (ui.warning.textContent !== text) ui.warning.textContent = text;
  ui.warning.classList.toggle("switch", Boolean(text) && !current);
}

/** The Load button: the picked model in place of the current one (or the current one again). */
async function loadPicked() {
  const id = ui.picker.value;
  if (!id || busyLoading || converting) return;
  if (generating) {
    pyrite.stop();
    await answering;  // the answer ends after its current token; the page shows it as stopped
  }
  loading = null;  // an explicit Load loads, even the model loaded now
  await load(id.startsWith("local:") ? id : `models/${id}`).catch(() => {});  // a failure is shown in #status
}

// -- local models ----------------------------------------------------------------------------------

/** Convert a GGUF File or an HF folder's Files into a local model, list it and load it. A failure is
 * shown in #status and keeps nothing; the model loaded before stays loaded. */
async function importFiles(files) {
  if (!files.length || converting) return;
  const what = files.length === 1 ? files[0].name : files[0].webkitRelativePath?.split("/")[0] || `${files.length} files`;
  const size = files.reduce((n, f) => n + f.size, 0);
  if (generating) {
    pyrite.stop();
    await answering;
  }
  converting = true;
  ui.progressBox.hidden = false;
  resetProgress(ui);
  setStatus("loading", `Converting ${what} (${(size / 1e6).toFixed(0)} MB)…`);
  let made;
  try {
    made = await instance().convert(files);
  } catch (err) {
    converting = false;
    ui.progressBox.hidden = true;
    setStatus(ready ? "ready" : "error", `Could not convert ${what}: ${describeError(err)}`);
    return;
  }
  converting = false;
  await fillPicker();
  await load(`local:${made.key}`).catch(() => {});  // a failure is shown in #status
}

async function deleteLocal() {
  const id = ui.picker.value;
  if (!id.startsWith("local:")) return;
  const name = ui.picker.selectedOptions[0]?.textContent ?? id;
  await removeLocal(id.slice("local:".length));
  await fillPicker();
  ui.status.textContent = `Deleted ${name} from this browser.`;
}

// -- the conversation ------------------------------------------------------------------------------

function newChat() {
  if (generating) return;
  messages = [];
  ui.log.replaceChildren();
  ui.stats.textContent = "";
}

async function send() {
  if (!ready || generating) return;
  clearSettingErrors(ui);
  clearInvalid(ui.prompt);
  let options;
  try {
    options = readOptions(ui, pyrite.schema, pyrite.model.max_ctx);
  } catch (err) {
    setStatus("error", describeError(err));
    showSettingError(ui, err);  // beside its input, which takes the focus
    return;
  }
  const prompt = ui.prompt.value;
  lastPrompt = prompt;
  ui.prompt.value = "";  // sent: the box is free for the next message
  const chat = ui.chat.checked;
  generating = true;
  setStatus("generating", "Generating…");
  if (!chat) newChat();  // a completion stands alone
  bubble(ui.log, "user", prompt);
  const answer = bubble(ui.log, "assistant");
  answer.setAttribute("aria-busy", "true");  // streaming: not read token by token (announce() says it at the end)
  const view = new AnswerView(answer);
  ui.stats.textContent = "";
  try {
    const system = ui.system.value.trim();
    const asked = [...(system ? [{ role: "system", content: system }] : []), ...messages, { role: "user", content: prompt }];
    const stream = chat ? pyrite.chatDeltas(asked, options) : textDeltas(pyrite.generate(prompt, { ...options, chat: false }));
    for await (const delta of stream) {
      const rate = view.add(delta);
      ui.log.scrollTop = ui.log.scrollHeight;
      if (rate) ui.stats.textContent = rate;
    }
    // the whole message (reasoning and calls too) goes back through the template next turn
    if (chat) messages.push({ role: "user", content: prompt }, pyrite.lastMessage ?? { role: "assistant", content: view.text });
    const s = pyrite.lastStats;
    const stopped = s.stop_reason === "stopped";
    if (view.text) answer.append(copyButton(() => view.text, "Copy answer"));
    else if (!view.calls.length) answer.append(note(stopped ? "Stopped before any text." : "No text."));
    ui.log.scrollTop = ui.log.scrollHeight;  // the button or note below the answer stays in view
    ui.stats.textContent = formatStats(s);
    answer.removeAttribute("aria-busy");
    announce(ui.announce, `Assistant${stopped ? " (stopped)" : ""}: ${view.spoken() || "no text."}`);
    generating = false;
    setStatus("ready", stopped ? "Stopped. Ready for the next prompt." : "Ready.");
  } catch (err) {
    answer.removeAttribute("aria-busy");
    generating = false;
    if (!ui.prompt.value) ui.prompt.value = prompt;  // not answered: the message is back in the box
    if (err.kind === "DeviceLostError") deviceLost(err);
    else setStatus("error", describeError(err));
    if (err.kind === "PromptError") markInvalid(ui.prompt, err.message);
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
    ui.prompt.focus();  // the button goes away
    ui.reload.hidden = true;
    load(model).catch(() => {});  // a failure is shown in #status
  };
  setStatus("error", `The GPU device was lost, and the model with it (${err.message}). ` +
                     "Press Reload to load it again.");
}

function startSend() {
  if (ready && !generating) answering = send();  // (a press while an answer runs leaves that one awaited)
}

function stop() {
  if (!generating && !converting) return;
  pyrite.stop();
  ui.status.textContent = converting ? "Stopping the conversion…" : "Stopping after the current token…";
}

async function profile() {
  const focused = document.activeElement === ui.profileRun;
  ui.profileRun.disabled = true;
  try {
    const ids = await pyrite.encode(ui.prompt.value || lastPrompt, ui.chat.checked);
    showProfile(ui.profileTable, await pyrite.request("profile", { ids }));
  } catch (err) {
    setStatus("error", describeError(err));
  } finally {
    ui.profileRun.disabled = !ready || generating;
    const lost = [document.body, ui.profileRun].includes(document.activeElement);
    if (focused && lost) (ui.profileRun.disabled ? ui.prompt : ui.profileRun).focus();
  }
}

// -- wiring ----------------------------------------------------------------------------------------

ui.form.addEventListener("submit", (e) => {
  e.preventDefault();
  startSend();
});
ui.prompt.addEventListener("keydown", (e) => {
  if (e.key !== "Enter" || e.shiftKey || e.altKey || e.isComposing) return;  // Shift+Enter: a new line
  e.preventDefault();
  startSend();
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && generating && !e.defaultPrevented) {
    e.preventDefault();
    stop();
  }
});
ui.picker.addEventListener("change", describePick);  // arrows on the closed list load nothing
ui.speculative.addEventListener("change", () => ready && prepareSpeculative(ui, instance()));
ui.loadModel.addEventListener("click", loadPicked);
ui.stop.addEventListener("click", stop);
for (const [button, input] of [[ui.pickFile, ui.file], [ui.pickFolder, ui.folder]]) {
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const files = [...input.files];
    input.value = "";  // the same file can be picked again
    importFiles(files);
  });
}
ui.deleteLocal.addEventListener("click", () => deleteLocal().catch((err) => setStatus("error", describeError(err))));
acceptDrops((files) => importFiles(files), (err) => setStatus("error", `Could not read the drop: ${err.message || err}`));
ui.newChat.addEventListener("click", newChat);
ui.profileRun.addEventListener("click", profile);
ui.clearCache.addEventListener("click", () => clearCache().then(() => showCache(ui.cacheInfo)));
themeToggle(ui.theme);

// The host driver's hooks: load a model, and reach the instance for protocol-level requests.
window.pyriteApp = { load, instance, importFiles };

fillPicker().catch((err) => console.warn(`pyrite: no model list (${err})`));
showCache(ui.cacheInfo);

if (!navigator.gpu) {
  ui.progressBox.hidden = true;
  setStatus("error", noWebGPU());
} else if (params.get("autoload") === "0") {
  ui.progressBox.hidden = true;
  setStatus("loading", "Not loaded yet (autoload=0).");
} else {
  load().catch(() => {});  // the failure is already shown in #status
}
