// The page's load progress (web/app.js): the overall bar and label, and one bar per phase in #phases.
// The phases are the worker's (web/worker.js), in LOAD_PHASES order; a conversion (its own request,
// before the load of the model it made) shows as "convert" after the runtime.
import { LOAD_PHASES } from "./pyrite.js";
import { loadFraction, phaseFraction } from "./phases.js";

const ORDER = [LOAD_PHASES[0], "convert", ...LOAD_PHASES.slice(1)];

// Each phase owns a slice of the overall bar (phases.js). Its label follows every event (#progress-label,
// not a live region); its step is said once in #status (role=status, so a screen reader announces each
// phase once, not each tick).
const PHASES = {
  runtime: { label: (d, t, from) => `${from === "snapshot" || from === "shipped" ? "Restoring Python from its snapshot" : "Starting Python (Pyodide)"} ${d}/${t}`,
             step: "starting Python" },
  convert: { label: (d, t) => `Converting the file: tensor ${d}/${t}`, step: "converting the file" },
  weights: { label: (d, t) => `Downloading weights ${mb(d)} / ${mb(t)} MB`, step: "downloading the weights" },
  upload: { label: (d, t) => `Uploading tensors to the GPU ${d}/${t}`, step: "uploading to the GPU" },
  plan: { label: () => "Building the plan (routes, buffers)", step: "building the plan" },
  pipelines: { label: (d, t) => `Compiling pipelines ${d}/${t}`, step: "compiling pipelines" },
};

function mb(bytes) {
  return (bytes / 1e6).toFixed(1);
}

/** Every bar back to empty, for a load that starts. */
export function resetProgress(ui) {
  ui.progress.value = 0;
  delete ui.progressBox.dataset.phase;
  delete ui.progressBox.dataset.python;
  for (const bar of ui.phases.querySelectorAll("progress")) bar.value = 0;
  ui.phases.querySelector('[data-phase="convert"]').hidden = true;
}

/** One progress event: the bars and the label; the status line when a phase starts. */
export function showProgress(ui, { phase, done, total, from }) {
  const p = PHASES[phase];
  if (!p) return;
  if (from) ui.progressBox.dataset.python = from;  // runtime's step 1 says how Python came up
  if (ui.progressBox.dataset.phase !== phase) {
    ui.status.textContent = phase === "convert" ? "Converting the file…" : `Loading the model: ${p.step}…`;
  }
  const frac = phaseFraction({ done, total });
  ui.progress.value = loadFraction({ phase, done, total });
  ui.progressLabel.textContent = p.label(done, total, ui.progressBox.dataset.python);
  ui.progressBox.dataset.phase = phase;
  for (const li of ui.phases.children) {  // the phases before this one are done
    const bar = li.querySelector("progress");
    if (li.dataset.phase === phase) bar.value = frac;
    else if (ORDER.indexOf(li.dataset.phase) < ORDER.indexOf(phase)) bar.value = 1;
    if (li.dataset.phase === "convert" && phase === "convert") li.hidden = false;
  }
}
