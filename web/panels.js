// The page's side panels: the adapter (features, limits, shader-f16), the per-kernel profile and the
// weight cache's storage. Everything the worker reports is put in the DOM as text. The tables sit in
// focusable scroll boxes (index.html); a number never wraps, a name may.
import { cacheUsage } from "./pyrite.js";

const isNumber = (v) => /^[-\d.,%]+$/.test(String(v));

function cell(tag, text, num) {
  const el = document.createElement(tag);
  el.textContent = text;
  if (num) el.className = "num";  // right-aligned, never wrapped (style.css)
  return el;
}

function rows(table, head, lines) {
  const numeric = head.map((_, i) => lines.length > 0 && lines.every((line) => isNumber(line[i])));
  const row = (tag, values) => {
    const tr = document.createElement("tr");
    tr.append(...values.map((v, i) => cell(tag, String(v), numeric[i])));
    return tr;
  };
  const thead = document.createElement("thead");
  thead.append(row("th", head));
  const tbody = document.createElement("tbody");
  tbody.append(...lines.map((line) => row("td", line)));
  table.replaceChildren(thead, tbody);
}

/** The adapter panel: its name and class in the summary, features, limits, and whether shader-f16 is used. */
export function showAdapter(ui, device) {
  const a = device.adapter || {};
  const name = [a.vendor, a.architecture, a.device, a.description].filter(Boolean).join(" / ") || "unknown adapter";
  ui.adapter.textContent = `${name} (${device.backend || "?"}, ${device.adapter_class || "?"} class)`;
  const features = device.features || [];
  ui.features.textContent = features.join(", ") || "none";
  ui.f16.textContent = features.includes("shader-f16")
    ? "shader-f16: available, not used (activations are f32; fp16 data is packed in u32, as on every adapter)."
    : "shader-f16: not available, and not needed (activations are f32; fp16 data is packed in u32).";
  rows(ui.limits, ["limit", "value"], Object.entries(device.limits || {}));
}

/** The profile table: GPU ms per kernel of one prefill and one decode step, largest first. */
export function showProfile(table, profile) {
  const lines = [];
  for (const step of ["prefill", "decode"]) {
    for (const k of profile[step]) {
      lines.push([step, k.kernel, k.dispatches, k.ms.toFixed(2), `${(100 * k.share).toFixed(1)}%`]);
    }
  }
  rows(table, ["step", "kernel", "dispatches", "ms", "share"], lines);
}

/** The weight cache's line: shards and bytes kept in this browser. */
export async function showCache(el) {
  try {
    const { shards, bytes } = await cacheUsage();
    el.textContent = shards ? `Cached weights: ${(bytes / 1e6).toFixed(1)} MB in ${shards} shard(s).`
                            : "No weights cached yet.";
  } catch (err) {
    el.textContent = `The weight cache is unavailable (${err.message || err}).`;
  }
}

/** The theme button: light or dark (the user's last choice, else the system's), kept across visits. */
export function themeToggle(button) {
  const apply = (theme) => {
    document.documentElement.dataset.theme = theme;
    button.textContent = theme === "dark" ? "Light" : "Dark";
    localStorage.setItem("pyrite-theme", theme);
  };
  button.addEventListener("click", () => apply(document.documentElement.dataset.theme === "dark" ? "light" : "dark"));
  apply(localStorage.getItem("pyrite-theme") ?? (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"));
}
