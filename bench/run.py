#!/usr/bin/env python3
"""pyrite vs wllama (llama.cpp in wasm) in ONE headless Chromium session, on the same GGUF.

    python bench/run.py [--model smollm2-135m] [--prompt-tokens 128] [--gen-tokens 128] [--threads 1,2]
                        [--skip-wllama] [--out bench/results.json]

Run from the repo root inside .venv after `python build.py build` (`python build.py bench` does both).
pyrite runs on WebGPU through its own page and worker (pyrite.driver.BrowserSession); wllama runs on
the CPU (its WebGPU path needs shader-f16, which SwiftShader lacks) in dist/bench/wllama.html, a
second page of the same browser (session.new_page()). Both get the same prompt: a fixed passage cut to exactly
--prompt-tokens tokens by pyrite's tokenizer (pyrite gets the ids, wllama the text, and the token
counts both sides saw are reported), then --gen-tokens greedy tokens.

Prints a table (pyrite, wllama-1t, wllama-2t, ...) with the ratios pyrite/wllama per metric, then
pyrite's decode loop: host ms per token, dispatches per token, steps per submit and where the batches
were encoded (Stats.decode_path), and the bytes a token reads times decode tok/s as a fraction of the
page's streaming-read probe (pyrite.ops.probe, run in the same page first: Stats.roofline). pyrite runs
twice: with the route rules, and reloaded with route_tuning=on (column pyrite-tuned: the routes measured at
load, side by side). Then the time to Ready of each built model, cold (its weights not yet in the
browser's cache; the bench model's is the session's first load) and warm (the page reopened, weights and
kept pipelines cached): ready_s and its phases (runtime, weights, upload, plan, pipelines). Writes
bench/results.json (--out). Any failure prints the error and exits non-zero: no number is made up.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))  # pyrite is installed editable in .venv; this also covers a bare checkout

from pyrite.driver import BrowserSession  # noqa: E402
from pyrite.models import sources  # noqa: E402
from pyrite.tokenizer import Tokenizer  # noqa: E402
from pyrite.tokenizer.gguf_meta import tokenizer_dict_from_gguf  # noqa: E402

DIST = ROOT / "dist"
STAGE = DIST / "bench"                     # served as <base>/bench/
PAGE_FILES = ("wllama.html", "wllama.js")  # copied from bench/ into dist/bench/
STAGED_GGUF = "model.gguf"                 # the GGUF's name in dist/bench/
RESULTS = ROOT / "bench" / "results.json"
# model id -> the GGUF's fetch function in pyrite.models.sources (pyrite runs its converted copy in
# dist/models/<id>, which `python build.py bench --model <id>` makes)
MODELS = {"smollm2-135m": "fetch_smollm2", "qwen2.5-coder-0.5b": "fetch_qwen25_coder"}
WLLAMA_TIMEOUT_S = 900                     # one wllama run (load + warm-up + generate)
# Playwright's evaluate has no timeout of its own: race the run against a timer in the page.
_RUN_JS = """async ([options, ms]) => {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer after ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([window.wllamaBench.run(options), timeout]);
  } finally {
    clearTimeout(timer);
  }
}"""
METRICS = (                                # (key, label, format, higher is better)
    ("prefill_tok_s", "prefill tok/s", "{:.2f}", True),
    ("decode_tok_s", "decode tok/s", "{:.2f}", True),
    ("ttft_s", "time to first token s", "{:.3f}", False),
)

# The fixed prompt: cut to --prompt-tokens tokens (repeated when more are asked for than it holds).
PASSAGE = (
    "The lighthouse on the northern cape was built in the spring of 1852, after two merchant ships "
    "ran aground on the same reef within a single winter. Its keeper, a former ship's carpenter named "
    "Elias Brandt, kept a careful logbook for thirty-one years. Every evening he wrote down the wind "
    "direction, the height of the swell, the number of vessels that passed, and the amount of oil the "
    "lamp had burned since the night before. Most entries are only a line or two long, but some run "
    "for pages: the great storm of 1867, when the sea broke the windows of the lamp room; the summer "
    "a whale stranded itself on the rocks below the tower; the night a fishing boat lost its mast and "
    "drifted towards the reef until Brandt rowed out alone with a lantern and a coil of rope. Historians "
    "value the logbook for a different reason. Because Brandt measured the same things in the same way "
    "for three decades, his notes form one of the longest continuous weather records on that stretch of "
    "coast. Researchers have used them to study how storms changed over the century, how the fishing "
    "fleet grew and then declined, and how the arrival of steam ships altered the traffic along the "
    "shore. The original volumes are kept in the town museum, where visitors can read a few pages under "
    "glass, and a complete transcription was published by the local historical society in 1994. "
)


class BenchError(Exception):
    """A step of the benchmark failed; the message says which and why."""


# -- setup ---------------------------------------------------------------------------------------

def stage(gguf: Path) -> None:
    """Put the wllama page and the GGUF under dist/bench/ (idempotent: hard link, else copy once)."""
    if not (DIST / "wllama" / "index.js").is_file() or not (DIST / "build.json").is_file():
        raise BenchError(f"{DIST} is not built (no wllama/index.js or build.json): run `python build.py build`")
    STAGE.mkdir(parents=True, exist_ok=True)
    for name in PAGE_FILES:
        shutil.copyfile(ROOT / "bench" / name, STAGE / name)
    dst = STAGE / STAGED_GGUF
    if dst.exists() and dst.stat().st_size == gguf.stat().st_size and dst.stat().st_mtime >= gguf.stat().st_mtime:
        return
    dst.unlink(missing_ok=True)
    try:
        os.link(gguf, dst)
    except OSError:  # another file system (e.g. PYRITE_CACHE elsewhere): copy instead
        shutil.copy2(gguf, dst)


def make_prompt(tokenizer: Tokenizer, n_tokens: int) -> tuple[list[int], str]:
    """Exactly n_tokens ids of PASSAGE (repeated as needed) and the text that encodes to them."""
    text = PASSAGE
    ids = tokenizer.encode(text, add_special=True)
    while len(ids) < n_tokens:
        text += PASSAGE
        ids = tokenizer.encode(text, add_special=True)
    ids = ids[:n_tokens]
    prompt = tokenizer.decode(ids)
    again = tokenizer.encode(prompt, add_special=True)
    if again != ids:
        raise BenchError(f"the prompt cut at {n_tokens} tokens does not re-encode to the same ids "
                         f"({len(again)} tokens): pick another --prompt-tokens")
    return ids, prompt


# -- the two sides -------------------------------------------------------------------------------

def run_pyrite(session: BrowserSession, ids: list[int], prompt: str, gen_tokens: int) -> dict[str, Any]:
    """Greedy generation on pyrite's page: one short untimed warm-up (first-use costs), then the run."""
    page_ids = session.encode(prompt, False)
    if page_ids != ids:
        raise BenchError(f"pyrite's in-page tokenizer gives {len(page_ids)} ids for the prompt, the host "
                         f"tokenizer {len(ids)} (first difference at {common_prefix(page_ids, ids)})")
    session.generate_ids(ids[:8], 2)
    out = session.generate_ids(ids, gen_tokens)
    stats = dict(out["stats"])
    stats["ids"] = list(out["ids"])
    stats["dispatches_per_token"] = out["steps"]["dispatches"]["decode"]
    return stats


def decode_loop(run: dict[str, Any]) -> str:
    """pyrite's decode loop in one line (issue 10's measures): host time, dispatches, submits, and the
    bytes a step reads x decode tok/s against the page's own read probe, measured in the same session."""
    return (f"[bench] pyrite decode: {run['host_ms_per_token']:.2f} host ms per token ({run['decode_path']}), "
            f"{run['dispatches_per_token']} dispatches per token, {run['decode_steps']} steps in "
            f"{run['decode_submits']} submits; {run['bytes_per_token'] / 1e6:.1f} MB per token x "
            f"{run['decode_tok_s']:.2f} tok/s = {run['bytes_per_token'] * run['decode_tok_s'] / 1e9:.3f} GB/s, "
            f"{run['roofline']:.1%} of the page's read probe ({run['read_probe_gbps']:.2f} GB/s)")


def run_wllama(page: Any, gguf_url: str, prompt: str, gen_tokens: int, threads: int, n_ctx: int) -> dict[str, Any]:
    """One wllama run (fresh instance, `threads` wasm threads) in the bench page; see bench/wllama.js."""
    options = {"modelUrl": gguf_url, "prompt": prompt, "genTokens": gen_tokens, "threads": threads, "nCtx": n_ctx}
    try:
        return page.evaluate(_RUN_JS, [options, WLLAMA_TIMEOUT_S * 1000])
    except Exception as e:  # Playwright wraps the page's Error: keep its message, drop the JS stack
        raise BenchError(f"wllama with {threads} thread(s) failed: {str(e).splitlines()[0]}") from None


def load_times(info: dict[str, Any]) -> dict[str, Any]:
    """A load's ready_s and phases (web/client.js LoadClock), and what route tuning took."""
    return {"ready_s": info["ready_s"], "phases": info["phases"], "tuning_s": info["tuning"]["seconds"]}


def ready(session: BrowserSession, cold: dict[str, Any] | None, model: str) -> dict[str, Any]:
    """Time to Ready of model, cold (the given first load, else a load in a reopened page before its
    weights were cached) and warm (the page reopened again, then loaded)."""
    out = {}
    for kind in ("cold", "warm"):
        if kind == "cold" and cold is not None:
            out[kind] = load_times(cold)
            continue
        session.open("index.html?autoload=0")
        out[kind] = load_times(session.load(model))
    out["loadavg"] = os.getloadavg()[0]
    return out


def open_wllama_page(session: BrowserSession) -> Any:
    """dist/bench/wllama.html as a second page of pyrite's browser (its console joins the session's).

    session.new_page() shares pyrite's browser context when the driver makes its pages from one
    context; results.json records whether it did ("wllama_same_context").
    """
    page = session.new_page()
    page.goto(session.url("bench/wllama.html"))
    page.wait_for_function("window.wllamaBench !== undefined", timeout=60_000)
    return page


# -- report --------------------------------------------------------------------------------------

def common_prefix(a: list[int], b: list[int]) -> int:
    """How many leading items a and b share."""
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


def table(columns: dict[str, dict[str, Any]]) -> str:
    """Metrics as rows, runs as columns, then pyrite/<peer> ratios (> 1 means pyrite is better)."""
    names = list(columns)
    peers = [n for n in names if n != "pyrite"]
    rows = [["metric", *names, *(f"pyrite/{p}" for p in peers if "pyrite" in columns)]]
    for key, label, fmt, higher in METRICS:
        row = [label] + [fmt.format(columns[n][key]) for n in names]
        if "pyrite" in columns:
            for p in peers:
                mine, theirs = columns["pyrite"][key], columns[p][key]
                if not (mine > 0 and theirs > 0):
                    row.append("n/a")
                    continue
                # For time to first token lower is better: show theirs/mine so > 1 still means pyrite wins.
                row.append(f"{(mine / theirs if higher else theirs / mine):.2f}x")
        rows.append(row)
    for key, label in (("prompt_tokens", "prompt tokens"), ("generated_tokens", "generated tokens")):
        rows.append([label] + [str(columns[n][key]) for n in names] + [""] * (len(rows[0]) - 1 - len(names)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in rows]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


# -- main ----------------------------------------------------------------------------------------

def parse_threads(value: str) -> list[int]:
    try:
        threads = [int(t) for t in value.split(",") if t.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--threads takes a comma list of integers, got {value!r}") from None
    if not threads or min(threads) < 1:
        raise argparse.ArgumentTypeError(f"--threads needs positive integers, got {value!r}")
    return threads


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="bench/run.py", description=__doc__.splitlines()[0])
    p.add_argument("--model", choices=sorted(MODELS), default="smollm2-135m",
                   help="the GGUF both sides run (default smollm2-135m)")
    p.add_argument("--prompt-tokens", type=int, default=128, help="prompt length in tokens (default 128)")
    p.add_argument("--gen-tokens", type=int, default=128, help="greedy tokens to generate (default 128)")
    p.add_argument("--threads", type=parse_threads, default=[1, 2], help="wllama thread counts (default 1,2)")
    p.add_argument("--skip-wllama", action="store_true", help="measure pyrite only")
    p.add_argument("--ready-models", default="all",
                   help="models whose time to Ready is measured cold and warm: 'all' (every built one) or a "
                        "comma list (default all)")
    p.add_argument("--out", type=Path, default=RESULTS, help=f"results JSON (default {RESULTS.relative_to(ROOT)})")
    args = p.parse_args(argv)
    unknown = set(args.ready_models.split(",")) - set(MODELS) if args.ready_models != "all" else set()
    if unknown:
        p.error(f"--ready-models: unknown {sorted(unknown)} (known: {', '.join(MODELS)})")
    if args.prompt_tokens < 1 or args.gen_tokens < 2:
        p.error("--prompt-tokens must be >= 1 and --gen-tokens >= 2 (decode speed needs two tokens)")
    return args


def bench(args: argparse.Namespace) -> dict[str, Any]:
    gguf = getattr(sources, MODELS[args.model])(sources.default_cache())
    model = f"models/{args.model}"
    index = json.loads((DIST / model / "model.json").read_text()) if (DIST / model / "model.json").is_file() else None
    if index is None:
        raise BenchError(f"{DIST / model} is not built: run `python build.py bench --model {args.model}`")
    stage(gguf)
    tokenizer = Tokenizer.from_dict(tokenizer_dict_from_gguf(gguf))
    ids, prompt = make_prompt(tokenizer, args.prompt_tokens)
    n_ctx = args.prompt_tokens + args.gen_tokens + 16
    results: dict[str, Any] = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "model": {"gguf": gguf.name, "bytes": gguf.stat().st_size, "pyrite_model": model,
                  "weight_bytes": sum(s["bytes"] for s in index["shards"])},
        "prompt": {"tokens": len(ids), "text": prompt},
        "gen_tokens": args.gen_tokens,
        "host": {"cpus": os.cpu_count(), "loadavg_start": list(os.getloadavg())},
        "runs": {},
        "skipped": {},
    }
    print(f"[bench] prompt: {len(ids)} tokens; generating {args.gen_tokens}; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs", flush=True)
    with BrowserSession(DIST) as session:
        results["chromium"] = session.page.context.browser.version
        t0 = time.perf_counter()
        results["pyrite_model"] = session.load(model)
        results["pyrite_load_s"] = time.perf_counter() - t0
        results["adapter"] = session.info()
        results["probe"] = session.probe()
        print(f"[bench] the page's read probe: {results['probe']['gbps']:.2f} GB/s ({results['probe']['kernel']})",
              flush=True)
        print(f"[bench] pyrite loaded in {results['pyrite_load_s']:.1f} s; running {args.gen_tokens} tokens", flush=True)
        results["runs"]["pyrite"] = run_pyrite(session, ids, prompt, args.gen_tokens)
        session.open("index.html?autoload=0")
        tuned = session.load(model, options={"route_tuning": "on"})
        results["tuning"] = tuned["tuning"]
        print(f"[bench] pyrite with route_tuning=on: {tuned['tuning']['measured']} choices measured in "
              f"{tuned['tuning']['seconds']:.2f} s; running {args.gen_tokens} tokens", flush=True)
        results["runs"]["pyrite-tuned"] = run_pyrite(session, ids, prompt, args.gen_tokens)
        if not args.skip_wllama:
            page = open_wllama_page(session)
            results["wllama_same_context"] = page.context == session.page.context
            results["wllama_env"] = env = page.evaluate("window.wllamaBench.env()")
            for threads in args.threads:
                name = f"wllama-{threads}t"
                if threads > 1 and not env["crossOriginIsolated"]:
                    results["skipped"][name] = "the page is not crossOriginIsolated: wasm threads are unavailable"
                    continue
                print(f"[bench] {name}: running", flush=True)
                run = run_wllama(page, STAGED_GGUF, prompt, args.gen_tokens, threads, n_ctx)
                if abs(run["prompt_tokens"] - len(ids)) > 3:
                    raise BenchError(f"{name} tokenized the prompt to {run['prompt_tokens']} tokens, pyrite to "
                                     f"{len(ids)}: the runs would not be comparable")
                results["runs"][name] = run
            page.close()
        wanted = MODELS if args.ready_models == "all" else args.ready_models.split(",")
        results["ready"] = {m: ready(session, results["pyrite_model"] if f"models/{m}" == model else None,
                                     f"models/{m}") for m in wanted if (DIST / "models" / m / "model.json").is_file()}
    results["host"]["loadavg_end"] = list(os.getloadavg())
    pyrite_ids = results["runs"]["pyrite"]["ids"]
    for name in ("pyrite", "pyrite-tuned"):
        results["runs"][name]["text"] = tokenizer.decode(results["runs"][name]["ids"])
    # wllama streams text, not ids: its text re-encoded by pyrite's tokenizer stands in for its ids.
    results["greedy_agreement"] = {
        name: {"common_prefix_tokens": common_prefix(pyrite_ids, run.get("ids") or tokenizer.encode(run["text"],
                                                                                               add_special=True)),
               "pyrite_tokens": len(pyrite_ids), "peer_tokens": run["generated_tokens"]}
        for name, run in results["runs"].items() if name != "pyrite"}
    return results


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    try:
        results = bench(args)
    except Exception as e:  # any failure: say what, exit non-zero, write nothing that looks like a result
        print(f"[bench] FAILED: {type(e).__name__}: {e}", file=sys.stderr, flush=True)
        return 1
    runs = results["runs"]
    bad = [f"{n}.{k}" for n, r in runs.items() for k, *_ in METRICS if not r.get(k, 0) > 0]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1))
    print()
    print(table(runs))
    print()
    for name, why in results["skipped"].items():
        print(f"[bench] {name}: could not run: {why}")
    for name, agree in results["greedy_agreement"].items():
        print(f"[bench] greedy tokens pyrite vs {name}: the first {agree['common_prefix_tokens']} of "
              f"{min(agree['pyrite_tokens'], agree['peer_tokens'])} agree")
    print(decode_loop(runs["pyrite"]))
    for m, r in results["ready"].items():
        for kind in ("cold", "warm"):
            phases = ", ".join(f"{k} {v:.2f}" for k, v in r[kind]["phases"].items())
            print(f"[bench] {m} {kind}: Ready in {r[kind]['ready_s']:.2f} s ({phases}; load average {r['loadavg']:.2f})")
    print(f"[bench] Chromium {results['chromium']}; adapter {results['adapter'].get('adapter')}; "
          f"results in {args.out}")
    if bad:
        print(f"[bench] FAILED: non-positive metrics {bad}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
