// A load's progress as one bar: each phase (web/worker.js's, in LOAD_PHASES order) owns a slice of it, so
// the bar only moves forward. A conversion (its own request, before the load of the model it made) takes
// the rest after the runtime. The page (progress.js) and <pyrite-chat> both show it.
export const PHASE_SPANS = {
  runtime: [0.0, 0.15],
  convert: [0.15, 1.0],
  weights: [0.15, 0.75],
  upload: [0.75, 0.85],
  plan: [0.85, 0.88],
  pipelines: [0.88, 1.0],
};

/** The phase's own fraction (done/total; nothing to do counts as done). */
export function phaseFraction({ done, total }) {
  return total > 0 ? Math.min(done / total, 1) : 1;
}

/** The whole load's fraction at this progress event, or null for a phase this bar does not know. */
export function loadFraction(event) {
  const span = PHASE_SPANS[event.phase];
  return span ? span[0] + (span[1] - span[0]) * phaseFraction(event) : null;
}
