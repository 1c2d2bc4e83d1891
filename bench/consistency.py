#!/usr/bin/env python3
"""The consistency table: each architecture against HF transformers (fp32, CPU) on the source's weights
(a GGUF row: the GGUF's own tensors, dequantized by gguf-py, so a lossy recipe shows), on both
backends, written into README.md between its markers.

    python build.py bench --consistency [--out bench/consistency.json] [--no-readme]

Rows: SmolLM2-135M (its Q4_1 GGUF, exact), Qwen2.5-Coder-0.5B (its Q4_K_M GGUF, exact and q4), and
random-weight checkpoints made with transformers in the Qwen3-0.6B and Llama-3.2-1B head geometries
(2 layers, vocab 2048, tied, llama3 rope scaling on the Llama one). Text rows score
tests/models/corpus.txt; random rows 64 random ids. For each backend (native wgpu-py; the page in headless Chromium) it reports, and for the
gpu class's routes natively (option adapter_class=gpu, scored one position per step, so every position
runs the decode routes: the cooperative GEMVs):
- top-1: the share of positions whose argmax equals the reference's;
- KL: mean over positions of KL(HF || pyrite) over the reference's top-k tokens plus one bin for the
  rest of the vocabulary (k = 256, or the whole vocabulary when it is smaller, then exact). The
  page returns only those log-probabilities (Engine.score(pick=)), so both backends are measured
  the same way; coarse-graining can only lower a KL, and the rest bin's mass is small.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

ROOT = Path(__file__).resolve().parent.parent
# bench/ itself off the path: its kernels.py would shadow the `kernels` package transformers imports
sys.path = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "models"))

from hf_checkpoints import GEOMETRIES, VOCAB, make_checkpoint  # noqa: E402
from hf_reference import load_reference  # noqa: E402
from pyrite.driver import DIST, BrowserSession  # noqa: E402
from pyrite.engine import Engine  # noqa: E402
from pyrite.models.convert import convert_cached  # noqa: E402
from pyrite.models.convert_hf import convert_hf  # noqa: E402
from pyrite.models.format import load_index  # noqa: E402
from pyrite.models.sources import default_cache, fetch_qwen25_coder, fetch_smollm2  # noqa: E402
from pyrite.sync import run_sync  # noqa: E402
from pyrite.tokenizer import Tokenizer  # noqa: E402

OUT = ROOT / "bench" / "consistency.json"
README = ROOT / "README.md"
BEGIN, END = "<!-- consistency:begin -->", "<!-- consistency:end -->"
CORPUS = ROOT / "tests" / "models" / "corpus.txt"
TOP_K = 256
BENCH_MODELS = DIST / "bench-models"  # served by the page, not listed in its model menu
BACKENDS = ("native", "browser", "native_gpu_class")
NATIVE_RUNS = {"native": ({}, 128), "native_gpu_class": ({"adapter_class": "gpu", "route_tuning": "off"}, 1)}  # options, max_seq (the rules)


@dataclass
class Row:
    label: str
    recipe: str
    path: str            # relative to dist/
    ids: list[int]
    gguf: Path | None = None  # the GGUF it was converted from: HF holds its tensors (a lossy recipe shows)


def rows() -> list[Row]:
    """Every row's model directory under dist/ (converted here when missing) and its token ids."""
    BENCH_MODELS.mkdir(parents=True, exist_ok=True)
    qwen = fetch_qwen25_coder()
    q4 = convert_cached(qwen, BENCH_MODELS / "qwen2.5-coder-0.5b-q4", recipe="q4",
                        name="qwen2.5-coder-0.5b-q4")
    text = CORPUS.read_text(encoding="utf-8")
    out = []
    models = DIST / "models"
    for label, recipe, path, gguf in (("SmolLM2-135M (Q4_1 GGUF)", "exact", models / "smollm2-135m", fetch_smollm2()),
                                      ("Qwen2.5-Coder-0.5B (Q4_K_M GGUF)", "exact", models / "qwen2.5-coder-0.5b", qwen),
                                      ("Qwen2.5-Coder-0.5B (Q4_K_M GGUF)", "q4", q4, qwen)):
        if not (path / "model.json").exists():
            sys.exit(f"{path} is missing: run `python build.py build --models all` first")
        ids = Tokenizer.from_dict(load_index(path).tokenizer).encode(text, add_special=True)
        out.append(Row(label, recipe, str(path.relative_to(DIST)), ids, gguf))
    for kind in sorted(GEOMETRIES):
        target = BENCH_MODELS / kind
        ckpt = BENCH_MODELS / f".hf-{kind}"
        if not (target / "model.json").exists():
            shutil.rmtree(ckpt, ignore_errors=True)
            make_checkpoint(kind, ckpt, dtype=torch.bfloat16 if kind.startswith("llama") else torch.float32)
            convert_hf(ckpt, target)
        label = {"qwen3-0.6b": "Qwen3-0.6B geometry (random)", "llama-3.2-1b": "Llama-3.2-1B geometry (random)"}[kind]
        out.append(Row(label, "exact", str(target.relative_to(DIST)), random.Random(1).choices(range(VOCAB), k=64)))
    return out


def reference(model_dir: Path, ids: list[int], gguf: Path | None) -> tuple[list[int], list[list[int]], np.ndarray,
                                                                        np.ndarray]:
    """HF's argmax, the picked ids (top-k) and their log-probabilities per position, and the log-probability
    of each true next token, on the source GGUF's tensors where there is one (else the model directory's)."""
    with torch.inference_mode():
        logp = torch.log_softmax(load_reference(model_dir, gguf)(torch.tensor([ids])).logits[0].double(), dim=-1)
    k = min(TOP_K, logp.shape[1])
    top = logp.topk(k, dim=-1)
    target = logp[torch.arange(len(ids) - 1), torch.tensor(ids[1:])]
    return logp.argmax(-1).tolist(), top.indices.tolist(), top.values.numpy(), target.numpy()


def coarse_kl(p_log: np.ndarray, q_log: np.ndarray) -> float:
    """Mean over positions of KL(p || q) over the picked bins plus a rest bin."""
    p, q = np.exp(p_log), np.exp(q_log)
    p_rest, q_rest = np.clip(1 - p.sum(1), 0, 1), np.clip(1 - q.sum(1), 1e-300, 1)
    kl = (p * (p_log - q_log)).sum(1) + np.where(p_rest > 0, p_rest * np.log(np.maximum(p_rest, 1e-300) / q_rest), 0)
    return float(kl.mean())


def measure(result: dict, ref_top1: list[int], ref_picked: np.ndarray, ref_target: np.ndarray) -> dict:
    """top-1 agreement, the coarse KL and the mean |dlogprob| of the true next token (tests/models' measure)."""
    top1 = result["top1"]
    n = len(top1)
    return {"positions": n, "top1": sum(a == b for a, b in zip(top1, ref_top1[:n])) / n,
            "kl": coarse_kl(ref_picked[:n], np.array(result["picked"])[:n]),
            "dlogprob": float(np.abs(np.array(result["logprob"]) - ref_target[:n]).mean())}


def render(table: dict) -> str:
    lines = [f"Measured by `python build.py bench --consistency` on {table['date']} against HF on the source "
             f"GGUF's own tensors (native: "
             f"{table['adapters']['native']}; page: {table['adapters']['browser']}; load average "
             f"{table['load']:.2f}). KL: mean KL(HF || pyrite) per position over HF's top-{TOP_K} tokens "
             f"plus a rest bin (exact for the 2048-token random models); dlp: mean |log p(next token) pyrite - "
             f"HF|.", "",
             "| model | recipe | positions | top-1 native | KL native | dlp native | top-1 page | KL page | dlp page "
             "| top-1 gpu class | KL gpu class | dlp gpu class |", "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in table["rows"]:
        cells = " | ".join(f"{100 * r[b]['top1']:.1f}% | {r[b]['kl']:.2e} | {r[b]['dlogprob']:.2e}" for b in BACKENDS)
        lines.append(f"| {r['model']} | {r['recipe']} | {r['native']['positions']} | {cells} |")
    return "\n".join(lines)


def write_readme(text: str) -> None:
    readme = README.read_text(encoding="utf-8")
    if BEGIN not in readme or END not in readme:
        sys.exit(f"README.md has no {BEGIN} ... {END} section")
    new = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: f"{BEGIN}\n{text}\n{END}", readme, flags=re.S)
    README.write_text(new, encoding="utf-8")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--no-readme", action="store_true", help="write the JSON only")
    a = ap.parse_args(argv)
    torch.set_num_threads(1)  # beside lavapipe, torch on both cores is many times slower (tests/models)
    table_rows, adapters = [], {}
    todo = rows()
    refs = {}
    for r in todo:
        t = time.perf_counter()
        refs[r.path] = reference(DIST / r.path, r.ids, r.gguf)
        print(f"[consistency] HF {r.label} {r.recipe}: {len(r.ids)} tokens, {time.perf_counter() - t:.0f} s", flush=True)
    results = {r.path: {} for r in todo}
    for r in todo:
        for run, (options, max_seq) in NATIVE_RUNS.items():
            t = time.perf_counter()
            engine = run_sync(Engine.load(DIST / r.path, max_ctx=512, max_seq=max_seq, options=options))
            adapters["native"] = engine.device.describe()["adapter"]["description"] or "native"
            results[r.path][run] = run_sync(engine.score(r.ids, pick=refs[r.path][1]))
            engine.close()
            print(f"[consistency] {run} {r.label} {r.recipe}: {time.perf_counter() - t:.0f} s", flush=True)
    with BrowserSession(DIST) as s:
        for r in todo:
            t = time.perf_counter()
            info = s.load(r.path, max_ctx=512)
            a_ = info["device"]["adapter"]
            adapters["browser"] = "/".join(x for x in (a_.get("vendor"), a_.get("architecture")) if x) or "browser"
            results[r.path]["browser"] = s.score(r.ids, pick=refs[r.path][1])
            print(f"[consistency] page {r.label} {r.recipe}: {time.perf_counter() - t:.0f} s", flush=True)
    for r in todo:
        top1, _, picked, target = refs[r.path]
        table_rows.append({"model": r.label, "recipe": r.recipe, "path": r.path,
                           **{b: measure(results[r.path][b], top1, picked, target) for b in BACKENDS}})
    table = {"date": time.strftime("%Y-%m-%d"), "load": os.getloadavg()[0], "adapters": adapters,
             "top_k": TOP_K, "rows": table_rows}
    a.out.write_text(json.dumps(table, indent=1) + "\n")
    text = render(table)
    print(text)
    if not a.no_readme:
        write_readme(text)
        print(f"[consistency] README.md updated; {a.out} written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
