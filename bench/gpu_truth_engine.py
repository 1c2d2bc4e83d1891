"""The engine sections of bench/gpu_truth.py: decode and prefill tok/s of a random-weight model through
Engine itself (the tape, the fused projections, the pick on the GPU), and the routes it picked.

Prompts are random ids from a seed (the model has no tokenizer, hence no stop ids: a generation always
runs to max_tokens). Each engine runs one untimed warm-up generation first (pipelines, the first tape
window). The figures are the engine's own Stats: prefill tok/s = prompt tokens / time to first token,
decode tok/s = (tokens - 1) / the time after the first, and the roofline = bytes a decode step reads x
decode tok/s / the read probe (every engine is handed the run's one probe, measured on the same device).
"""
from __future__ import annotations

import re
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gpu_truth_model import Spec
from pyrite.engine import Engine
from pyrite.graph.options import OPTIONS
from pyrite.graph.routes import RouteError
from pyrite.ops import linear
from pyrite.ops.probe import ReadProbe
from pyrite.stats import Stats


@dataclass(frozen=True)
class EngineSizes:
    decode_ctx: tuple[int, ...]      # prompt lengths decode starts after
    decode_tokens: int               # tokens generated at each
    prefill_tokens: tuple[int, ...]  # prompt lengths per prefill route (one chunk each: max_seq covers them)
    prefill_repeats: int             # timed prefills per length (the median is kept)

    @property
    def max_seq(self) -> int:
        return max(*self.decode_ctx, *self.prefill_tokens)


def prompt(vocab: int, n: int, seed: int) -> list[int]:
    return np.random.default_rng(seed).integers(0, vocab, n).tolist()


async def generate(engine: Engine, ids: list[int], max_tokens: int) -> Stats:
    async for _ in engine.generate_ids(ids, max_tokens):
        pass
    return engine.stats


def by_kind(routes: dict[str, str]) -> dict[str, Any]:
    """{op: route} -> {node kind: route}, the layers folded together (blk.N.attn_qkv -> attn_qkv); a
    kind whose layers differ lists each route once."""
    kinds: dict[str, set[str]] = {}
    for op, route in routes.items():
        kinds.setdefault(re.sub(r"^blk\.\d+\.", "", op), set()).add(route)
    return {k: next(iter(v)) if len(v) == 1 else sorted(v) for k, v in kinds.items()}


def picked(engine: Engine) -> dict[str, Any]:
    """What the engine's route tables picked in its last generation: per node kind, prefill and decode."""
    report = engine.step_report()
    return {"adapter_class": report["adapter_class"], "dispatches": report["dispatches"],
            **{step: by_kind(routes) for step, routes in report["routes"].items()}}


def tuning_state(engine: Engine) -> dict[str, Any]:
    """The route tuning the engine loaded under (graph/tuning.py, where graph/options.py has the option
    route_tuning): the option's value and what tuning measured and chose at load."""
    if "route_tuning" not in OPTIONS:
        return {"route_tuning": "not available"}
    return {"route_tuning": engine.options["route_tuning"], "report": engine.resident.tuning.to_dict()}


def weight_bytes(engine: Engine) -> int:
    """The bytes one pass over the weights reads (a decode step at position 0, less its one K/V row)."""
    c = engine.config
    return engine.model.decode_read_bytes(0) - 2 * c.n_layers * c.kv_dim * 2


def linear_flops(spec: Spec) -> int:
    """Multiply-adds x 2 of one token through every decoder layer's projections (the lm_head runs for
    the last token only, attention is not counted)."""
    c = spec.config
    per_layer = (c.q_dim + 2 * c.kv_dim) * c.hidden + c.hidden * c.q_dim + 3 * c.ffn * c.hidden
    return 2 * per_layer * c.n_layers


async def prefill_rows(engine: Engine, spec: Spec, sizes: EngineSizes, route: str, probe: ReadProbe,
                       seed: int) -> list[dict]:
    """Prefill tok/s at each length on a loaded engine (warmed up), `route` naming its linear pin."""
    rows, weights = [], weight_bytes(engine)
    for n in sizes.prefill_tokens:
        ids = prompt(spec.config.vocab, n, seed + n)
        rates = [(await generate(engine, ids, 1)).prefill_tok_s for _ in range(sizes.prefill_repeats)]
        tok_s = statistics.median(rates)
        gbps = weights / (n / tok_s) / 1e9  # one chunk: the weights are read once per prefill
        rows.append({"model": spec.name, "route": route, "tokens": n, "prefill_tok_s": round(tok_s, 3),
                     "linear_gflops": round(linear_flops(spec) * tok_s / 1e9, 3),
                     "weight_gbps": float(f"{gbps:.4g}"), "fraction": float(f"{gbps / probe.gbps:.4g}"),
                     "attested": picked(engine).get("prefill", {})})
    return rows


async def decode_section(model_dir: Path, device, spec: Spec, sizes: EngineSizes, variant: str,
                         options: dict[str, str], probe: ReadProbe, seed: int) -> tuple[list[dict], list[dict], dict]:
    """One engine loaded with runtime `options` (the variant: "auto" none, "gpu" adapter_class=gpu,
    "tuned" route_tuning=on): decode at each context, and where the class is the adapter's own its
    prefill too (rows of route `variant`). Returns (decode rows, prefill rows, what tuning did and the
    routes picked at each context)."""
    engine = await Engine.load(model_dir, device=device, max_ctx=max(sizes.decode_ctx) + sizes.decode_tokens + 1,
                               max_seq=sizes.max_seq, options=options)
    try:
        engine.read_probe = probe  # the run's probe: each generation's Stats.roofline is measured against it
        vocab = spec.config.vocab
        await generate(engine, prompt(vocab, min(sizes.decode_ctx), seed), 2)
        rows, tuning = [], tuning_state(engine)
        for ctx in sizes.decode_ctx:
            s = await generate(engine, prompt(vocab, ctx, seed + ctx), sizes.decode_tokens)
            report = picked(engine)
            rows.append({"model": spec.name, "variant": variant, "options": options,
                         "routes_class": report["adapter_class"], "context": ctx, "tokens": s.generated_tokens,
                         "decode_tok_s": round(s.decode_tok_s, 3), "bytes_per_token": s.bytes_per_token,
                         "roofline": round(s.roofline, 4), "decode_path": s.decode_path,
                         "decode_submits": s.decode_submits, "prefill_tok_s": round(s.prefill_tok_s, 3)})
            tuning[f"context_{ctx}"] = report
        own = "adapter_class" not in options
        prefill = await prefill_rows(engine, spec, sizes, variant, probe, seed) if own else []
        return rows, prefill, tuning
    finally:
        engine.close()


async def prefill_section(model_dir: Path, device, spec: Spec, sizes: EngineSizes, route: str,
                          probe: ReadProbe, seed: int) -> tuple[list[dict], str | None]:
    """An engine with every linear tile table pinned to `route`: prefill tok/s at each length. A gpu-class
    route (a coop tile) runs on the gpu class, with qkv split (its fused kernel's rotary rows take the
    quad tiles). Returns (rows, None), or ([], why) when the route does not fit this adapter (a
    RouteError at load)."""
    overrides, options = {"linear": route}, {}
    if linear.tile(next(r.variant for r in linear.ROUTES if r.name == route)).coop:
        overrides["qkv"], options["adapter_class"] = "qkv_split", "gpu"
    try:
        engine = await Engine.load(model_dir, device=device, max_ctx=max(sizes.prefill_tokens) + 1,
                                   max_seq=max(sizes.prefill_tokens), overrides=overrides, options=options)
    except RouteError as e:
        return [], str(e)
    try:
        await generate(engine, prompt(spec.config.vocab, min(sizes.prefill_tokens), seed), 1)
        return await prefill_rows(engine, spec, sizes, route, probe, seed), None
    finally:
        engine.close()
