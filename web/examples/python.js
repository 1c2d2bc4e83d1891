// A plain Pyodide page (no pyrite worker): Pyodide in this page, the pyrite wheel installed by micropip
// from the site, and the Python in #code run as it is shown, with three names of ours: MODEL_URL (a model
// directory of the site), emit(text), emit_done(stats) and emit_eager(values, kernel). pyrite finds no worker helpers here, so
// shards are plain fetches and decode batches replay in Python.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const $ = (id) => document.getElementById(id);
const status = (state, text) => Object.assign($("status"), { textContent: text }).setAttribute("data-state", state);
const site = new URL("../", import.meta.url);
const model = new URLSearchParams(location.search).get("model") ?? "smollm2-135m";

async function main() {
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", site).href });
  status("loading", "Installing pyrite with micropip…");
  await pyodide.loadPackage(["micropip", "jinja2"]);  // from the site's pyodide-lock.json (jinja2: pyrite's dependency)
  const build = await (await fetch(new URL("build.json", site))).json();
  await pyodide.pyimport("micropip").install(new URL(build.wheel, site).href);
  status("loading", `Loading ${model} from Python…`);
  pyodide.globals.set("MODEL_URL", new URL(`models/${model}/`, site).href);
  pyodide.globals.set("emit", (piece) => $("answer").append(piece));  // text, never HTML
  pyodide.globals.set("emit_done", (stats) => {
    window.pythonStats = stats.toJs({ dict_converter: Object.fromEntries });
  });
  pyodide.globals.set("emit_eager", (values, kernel) => {
    window.pythonEager = { values: values.toJs(), kernel };
    $("eager").textContent = `${window.pythonEager.values.map((v) => v.toFixed(4)).join(" ")}  (kernel ${kernel})`;
    status("ready", `Done: ${window.pythonStats.generated_tokens} tokens and one eager op from Python.`);
  });
  await pyodide.runPythonAsync($("code").textContent);
}

main().catch((err) => status("error", `${err.name}: ${err.message}`));
