// What every example page does first: its engine, loaded with progress in #status, then #send enabled.
import { createEngine } from "../pyrite.js";

export const $ = (id) => document.getElementById(id);

/** The status line: its text and data-state (loading, ready, generating, error). */
export const status = (state, text) => Object.assign($("status"), { textContent: text }).setAttribute("data-state", state);

/** An engine for the page's ?model= (default: defaultModel), kept on window.engine for the console and tests. */
export async function startEngine(defaultModel) {
  const engine = await createEngine({
    model: new URLSearchParams(location.search).get("model") ?? defaultModel,
    baseUrl: "../",
    onProgress: ({ phase, done, total }) => status("loading", `Loading: ${phase} ${done}/${total}`),
  }).catch((err) => {
    status("error", `${err.kind}: ${err.message}`);
    throw err;
  });
  window.engine = engine;
  status("ready", "Ready.");
  $("send").disabled = false;
  return engine;
}
