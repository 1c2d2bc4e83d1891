// The wllama (llama.cpp in wasm) side of `python build.py bench`.
//
// bench/run.py serves dist/ (with COOP/COEP, so the page is cross-origin isolated and wasm
// threads can share memory), opens dist/bench/wllama.html next to pyrite's page in the same
// browser context, and awaits:
//
//   window.wllamaBench.env()          -> {crossOriginIsolated, hardwareConcurrency, userAgent, libllama}
//   window.wllamaBench.run(options)   -> one measured greedy completion (see run() below)
//
// Every number is measured here, in the page, with performance.now(); llama.cpp's own timings
// ride along under `internal` so the two clocks can be compared.
//
// wllama 3.8.1 runs on WebGPU only with shader-f16, which SwiftShader (Chromium 156) lacks,
// so the bench forces the CPU path: n_gpu_layers 0 (wllama then hides navigator.gpu from its worker).
import { Wllama } from "../wllama/index.js";

const WASM_URL = new URL("../wllama/wasm/wllama.wasm", import.meta.url).href;
const blobs = new Map();  // model URL -> Blob: fetched once, reused by every thread count

async function modelBlob(url) {
  if (!blobs.has(url)) {
    const resp = await fetch(url);
    if (!resp.ok) throw new Error(`${url}: HTTP ${resp.status}`);
    blobs.set(url, await resp.blob());
  }
  return blobs.get(url);
}

function env() {
  return {
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    hardwareConcurrency: navigator.hardwareConcurrency || 0,
    userAgent: navigator.userAgent,
    libllama: Wllama.getLibllamaVersion(),
  };
}

// Collected so a failure can say what llama.cpp complained about (native log level WARN and up).
const problems = [];
const logger = {
  debug: () => {},
  log: () => {},
  warn: (...args) => { problems.push(args.join(" ")); },
  error: (...args) => { problems.push(args.join(" ")); },
};

/**
 * One greedy completion of `prompt` (text) for `genTokens` tokens with `threads` wasm threads.
 * A fresh Wllama instance per call: llama.cpp fixes its thread count when the model loads.
 *
 * Returns {threads_requested, threads_used, multithread, load_s, prompt_tokens, generated_tokens,
 *          ttft_s, prefill_tok_s, decode_tok_s, text, internal: {llama.cpp timings}}.
 * Definitions match pyrite's Engine stats: ttft_s is request -> first token; prefill_tok_s is
 * prompt_tokens / ttft_s; decode_tok_s is (generated_tokens - 1) / (last token - first token).
 */
async function run({ modelUrl, prompt, genTokens, threads, nCtx, warmup = true }) {
  problems.length = 0;
  const blob = await modelBlob(modelUrl);
  const wllama = new Wllama({ default: WASM_URL }, { logger });
  try {
    const tLoad = performance.now();
    await wllama.loadModel([blob], {
      n_threads: threads, n_ctx: nCtx, n_batch: 512, n_gpu_layers: 0, log_level: 3 /* WARN */,
    });
    const loadS = (performance.now() - tLoad) / 1000;
    if (wllama.getNumThreads() !== threads) {
      throw new Error(`wllama runs ${wllama.getNumThreads()} thread(s), ${threads} were asked for ` +
                      `(multi-thread build: ${wllama.isMultithread()}, crossOriginIsolated: ` +
                      `${globalThis.crossOriginIsolated === true})`);
    }
    // Same treatment as pyrite: one short untimed run first, so first-use costs stay out of the numbers.
    if (warmup) {
      await wllama.createCompletion({ prompt: "Hello", max_tokens: 2, temperature: 0, cache_prompt: false });
    }
    let seen = 0;                    // tokens generated so far (llama.cpp's predicted_n)
    let tFirst = null, tLast = null; // performance.now() when the first / latest token arrived
    let timings = null;
    let text = "";
    const t0 = performance.now();
    await wllama.createCompletion({
      prompt, max_tokens: genTokens, temperature: 0, ignore_eos: true, cache_prompt: false,
      stream: true, timings_per_token: true,
      onData: (chunk) => {
        const now = performance.now();
        text += chunk.choices?.[0]?.text ?? "";
        if (!chunk.timings) return;
        timings = chunk.timings;
        if (timings.predicted_n > seen) {
          seen = timings.predicted_n;
          if (tFirst === null) tFirst = now;
          tLast = now;
        }
      },
    });
    if (timings === null || tFirst === null) {
      throw new Error("wllama streamed no token timings (timings_per_token was ignored?)");
    }
    const promptTokens = timings.prompt_n + timings.cache_n;
    const ttftS = (tFirst - t0) / 1000;
    return {
      threads_requested: threads,
      threads_used: wllama.getNumThreads(),
      multithread: wllama.isMultithread(),
      load_s: loadS,
      prompt_tokens: promptTokens,
      generated_tokens: seen,
      ttft_s: ttftS,
      prefill_tok_s: promptTokens / ttftS,
      decode_tok_s: seen > 1 ? (seen - 1) / ((tLast - tFirst) / 1000) : 0,
      text,
      internal: timings,
    };
  } catch (e) {
    const detail = problems.length ? ` | wllama log: ${problems.slice(-5).join(" | ")}` : "";
    throw new Error(`${e && e.message ? e.message : String(e)}${detail}`);
  } finally {
    await wllama.exit();
  }
}

window.wllamaBench = { env, run };
document.getElementById("status").textContent = "wllama ready";
