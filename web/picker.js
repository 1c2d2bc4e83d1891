// picker.js: the model list's data (the page's #model): its options from build.json ("models": id and
// size) and the local models (web/local.js: a GGUF or HF folder the user gave, converted and kept in
// this browser), a model's value in it, and what its Load button will do, in words (#model-warning:
// the download size, and that the chat is cleared). Pure: app.js wires it.

/** "models/smollm2-135m/" -> "smollm2-135m"; "local:<key>" as it is. */
export function pickerId(model) {
  return model.replace(/^models\//, "").replace(/\/$/, "");
}

function option(value, text) {
  const el = document.createElement("option");
  el.value = value;
  el.textContent = text;
  return el;
}

/** The list's children (the site's models, then the local ones in a group) and each value's bytes. */
export function modelOptions(models, local) {
  const sizes = new Map([...models.map((m) => [m.id, m.bytes]), ...local.map((m) => [`local:${m.key}`, m.bytes])]);
  const site = models.map((m) => option(m.id, `${m.name} (${m.arch}, ${m.recipe}, ${(m.bytes / 1e6).toFixed(0)} MB)`));
  const group = document.createElement("optgroup");
  group.label = "Local models (in this browser)";
  group.append(...local.map((m) => option(`local:${m.key}`,
                                          `${m.name} (${m.arch}, ${m.recipe}, ${(m.bytes / 1e6).toFixed(0)} MB, local)`)));
  return { children: [...site, ...(local.length ? [group] : [])], sizes };
}

/** #model-warning's text: what Load does with the picked model (its size; the chat cleared). */
export function loadWarning(id, bytes, current) {
  const size = bytes ? `${(bytes / 1e6).toFixed(0)} MB` : "";
  if (current) return "Loaded (Load reloads it and clears the chat).";
  if (id.startsWith("local:")) return `Load reads ${size || "it"} from this browser's storage and clears the chat.`;
  return size ? `Load downloads ${size} and clears the chat.` : "Load downloads it and clears the chat.";
}
