#!/usr/bin/env python3
"""The GPU truth run: what pyrite's routes do on this machine's adapter, in one command and one JSON.

    python build.py bench --gpu [--quick] [--out PATH] [--seed N]
    python3 bench/gpu_truth.py [--quick] ...          (the same, with only numpy and wgpu importable)

Needs python3 with numpy, the wgpu wheel and a Vulkan loader; no torch, no browser, no dist/, no
download: the models are random weights at the presets' real geometries, written from a seed
(gpu_truth_model.py). In order: the adapter's describe(); the read probe; per model, every decode GEMV
route on its shapes (gpu_truth_kernels.py), decode tok/s at each context with its roofline under the
adapter's own class, on a cpu-class adapter under adapter_class=gpu too (so lavapipe runs the coop
routes end to end), and with route_tuning=on where graph/options.py has it; prefill tok/s per prefill
route and the engines' own choice (gpu_truth_engine.py); then the attention routes. The routes each
engine picked are kept too. bench/README.md ("GPU truth run") lists the JSON's fields.

The JSON goes to bench/gpu/<adapter>.json (--quick: .cache/gpu-truth/<adapter>.json, so the test suite
never touches bench/gpu/), written to a temporary name and renamed: after each model with "complete":
false (a run cut short keeps what it measured), at the end with true. Exit status: 0; 1 when a
section failed (each failure is in "errors", the rest was measured); 2 for bad flags; 3 when there is
no adapter (said on stderr, nothing written).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import sys
import tempfile
import time
import traceback
from dataclasses import asdict, dataclass, fields, is_dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))  # its siblings, also when imported from elsewhere

from gpu_truth_engine import EngineSizes, decode_section, prefill_section  # noqa: E402
from gpu_truth_kernels import (PREFILL_ROUTES, SHAPES, AttentionSizes, attention_rows, gemv_rows,  # noqa: E402
                               model_shapes)
from gpu_truth_model import Spec, write_random_model  # noqa: E402
from gpu_truth_report import summary  # noqa: E402
from pyrite.gpu.native import request_device  # noqa: E402
from pyrite.graph.options import OPTIONS  # noqa: E402
from pyrite.models.loader import binding_limit  # noqa: E402
from pyrite.ops.probe import read_bandwidth  # noqa: E402
from pyrite.sync import run_sync  # noqa: E402

CACHE = Path(os.environ.get("PYRITE_CACHE", ROOT / ".cache"))  # build.py's ignored cache folder
NO_ADAPTER = 3


@dataclass(frozen=True)
class Sizes:
    """What one run measures."""

    models: tuple[Spec, ...]
    gemv_shapes: tuple[str, ...]
    gemv_repeats: int
    engine: EngineSizes
    attention: AttentionSizes
    attention_repeats: int
    probe_repeats: int


FULL = Sizes(models=(Spec("smollm2-135m", "q4"), Spec("qwen2.5-0.5b", "q8"), Spec("qwen2.5-0.5b", "q4"),
                     Spec("llama-3.2-1b", "q4")),
             gemv_shapes=SHAPES, gemv_repeats=5,
             engine=EngineSizes(decode_ctx=(128, 2048), decode_tokens=128, prefill_tokens=(16, 128, 512, 2048),
                                prefill_repeats=3),
             attention=AttentionSizes(prefill=(128, 512, 2048), decode=(512, 4096), channel=True),
             attention_repeats=3, probe_repeats=3)
# lavapipe on 2 cores in CI-like time: SmolLM2's geometry with 2 of its 30 layers, two GEMV shapes
# that between them fit every decode route (the coop4 tiles need qkv's RoPE rows).
QUICK = Sizes(models=(Spec("smollm2-135m", "q4", layers=2),), gemv_shapes=("attn_qkv", "ffn_down"), gemv_repeats=2,
              engine=EngineSizes(decode_ctx=(32, 64), decode_tokens=4, prefill_tokens=(16, 32), prefill_repeats=1),
              attention=AttentionSizes(prefill=(32,), decode=(64,), channel=True),
              attention_repeats=1, probe_repeats=1)


def _shown(value: Any) -> Any:
    if isinstance(value, tuple) and value and isinstance(value[0], Spec):
        return [s.name for s in value]
    return list(value) if isinstance(value, tuple) else value


def cuts(quick: Any, full: Any, prefix: str = "") -> list[str]:
    """Every size where quick differs from full, as 'name: quick (full: full)'."""
    out = []
    for f in fields(quick):
        q, v = getattr(quick, f.name), getattr(full, f.name)
        if is_dataclass(q):
            out += cuts(q, v, f"{prefix}{f.name}.")
        elif q != v:
            out.append(f"{prefix}{f.name}: {_shown(q)} (full: {_shown(v)})")
    return out


def slug(info: dict[str, Any]) -> str:
    """A filename for the adapter: its device name (else description, vendor), lower case, [a-z0-9-]."""
    a = info["adapter"]
    text = a["device"] or a["description"] or a["vendor"] or "adapter"
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:80] or "adapter"


def write_json(path: Path, doc: dict[str, Any]) -> None:
    """The whole document at path, or nothing: a temporary sibling renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(doc, indent=1) + "\n")
    os.replace(tmp, path)


def host_info(loadavg_start: float) -> dict[str, Any]:
    import numpy
    import wgpu
    return {"loadavg_start": loadavg_start, "loadavg_end": None, "cpus": os.cpu_count(),
            "python": platform.python_version(), "platform": platform.platform(), "numpy": numpy.__version__,
            "wgpu": wgpu.__version__}


def failed(doc: dict[str, Any], section: str, **where: Any) -> None:
    """Record the exception being handled under `section` (the run goes on) and say so."""
    exc = sys.exc_info()[1]
    entry = {"section": section, **where, "error": f"{type(exc).__name__}: {exc}",
             "at": traceback.format_exc(limit=-3).strip().splitlines()[-3:]}
    doc["errors"].append(entry)
    print(f"FAILED {section} {where}: {entry['error']}", file=sys.stderr, flush=True)


def variants(adapter_class: str) -> list[tuple[str, dict[str, str]]]:
    """The engines decode runs on: the adapter's own class by the route rules; on a cpu-class adapter the
    gpu class too (its coop routes end to end); route tuning on, where the option exists (and off in the
    others: its default measures on the gpu class)."""
    rules = {"route_tuning": "off"} if "route_tuning" in OPTIONS else {}
    out: list[tuple[str, dict[str, str]]] = [("auto", rules)]
    if adapter_class == "cpu":
        out.append(("gpu", {"adapter_class": "gpu", **rules}))
    if "route_tuning" in OPTIONS:
        out.append(("tuned", {"route_tuning": "on"}))
    return out


def progress(t0: float, what: str, text: str) -> None:
    print(f"   {what}: {text} ({time.perf_counter() - t0:.1f} s)", flush=True)


def tuning_doc() -> dict[str, Any]:
    """The tuning section before any engine: whether graph/options.py has route_tuning, and its default."""
    if "route_tuning" not in OPTIONS:
        return {"route_tuning": "not available", "default": None, "models": {}}
    return {"route_tuning": "available", "default": OPTIONS["route_tuning"].default, "models": {}}


def measure_model(doc: dict[str, Any], device, spec: Spec, sizes: Sizes, probe, seed: int, tmp: Path) -> None:
    """One model: its GEMVs, its decode under each class, its prefill per route, the routes it picked."""
    t0 = time.perf_counter()
    model_dir = write_random_model(spec, tmp, seed)
    c = spec.config
    doc["models"].append({"name": spec.name, "preset": spec.preset, "recipe": spec.recipe, "format": spec.format,
                          "layers": c.n_layers, "seed": seed, "config": c.to_json(),
                          "build_s": round(time.perf_counter() - t0, 2)})
    print(f"-- {spec.name}: {c.n_layers} layers, written in {time.perf_counter() - t0:.1f} s", flush=True)
    try:
        shapes = model_shapes(spec.name, c, spec.format, binding_limit(device), sizes.gemv_shapes)
        rows, unfit = gemv_rows(device, spec.name, shapes, probe.gbps, sizes.gemv_repeats, doc["errors"])
        doc["gemv"] += rows
        doc["gemv_unfit"] += unfit
        progress(t0, "gemv", f"{len(rows)} routes x shapes timed")
    except Exception:  # noqa: BLE001 - recorded, the run goes on
        failed(doc, "gemv", model=spec.name)
    for variant, options in variants(device.info.adapter_class):
        try:
            rows, prefill, tuning = run_sync(decode_section(model_dir, device, spec, sizes.engine, variant, options,
                                                            probe, seed))
            doc["decode"] += rows
            doc["prefill"] += prefill
            doc["tuning"]["models"].setdefault(spec.name, {})[variant] = tuning
            rates = ", ".join(f"{r['decode_tok_s']:.1f} tok/s at {r['context']}" for r in rows)
            progress(t0, f"decode [{variant}]", rates)
        except Exception:  # noqa: BLE001
            failed(doc, "decode", model=spec.name, variant=variant)
    for route in PREFILL_ROUTES:
        try:
            rows, why = run_sync(prefill_section(model_dir, device, spec, sizes.engine, route, probe, seed))
            doc["prefill"] += rows
            if why is not None:
                doc["prefill_unfit"].append({"model": spec.name, "route": route, "why": why})
            rates = ", ".join(f"{r['prefill_tok_s']:.0f} tok/s at {r['tokens']}" for r in rows)
            progress(t0, f"prefill [{route}]", rates or f"does not fit: {why}")
        except Exception:  # noqa: BLE001
            failed(doc, "prefill", model=spec.name, route=route)
    shutil.rmtree(model_dir, ignore_errors=True)  # the next model's room on a small disk
    doc["seconds"][spec.name] = round(time.perf_counter() - t0, 2)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a small run for a CPU adapter (lavapipe: 10-20 s)")
    ap.add_argument("--out", type=Path, help="where the JSON goes (default bench/gpu/<adapter>.json; "
                                             "--quick: .cache/gpu-truth/<adapter>.json)")
    ap.add_argument("--seed", type=int, default=0, help="the random weights' and prompts' seed")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    sizes = QUICK if args.quick else FULL
    t0, load = time.perf_counter(), os.getloadavg()[0]
    try:
        device = run_sync(request_device())
    except Exception as e:  # noqa: BLE001 - wgpu says why in its own words (no wgpu-py, no adapter)
        print(f"gpu_truth: no GPU adapter ({type(e).__name__}: {e}); nothing measured, nothing written",
              file=sys.stderr)
        return NO_ADAPTER
    host = host_info(load)
    info = device.describe()
    name = slug(info)
    out = args.out or ((CACHE / "gpu-truth") if args.quick else (ROOT / "bench" / "gpu")) / f"{name}.json"
    print(f"adapter: {info['adapter']['device'] or info['adapter']['description']} ({info['adapter_class']} class, "
          f"file {name}.json); load average {host['loadavg_start']:.2f}", flush=True)
    probe = run_sync(read_bandwidth(device, sizes.probe_repeats))
    print(f"probe: {probe.gbps:.2f} GB/s ({probe.kernel})", flush=True)
    doc: dict[str, Any] = {
        "complete": False, "quick": args.quick, "cut": cuts(QUICK, FULL) if args.quick else [],
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"), "host": host, "adapter": info,
        "adapter_slug": name, "probe": asdict(probe), "models": [], "gemv": [], "gemv_unfit": [], "decode": [],
        "prefill": [], "prefill_unfit": [], "attention": [], "tuning": tuning_doc(), "errors": [], "seconds": {},
        "wall_s": 0.0,
    }
    with tempfile.TemporaryDirectory(prefix="gpu-truth-") as tmp:
        for i, spec in enumerate(sizes.models):
            measure_model(doc, device, spec, sizes, probe, args.seed + i, Path(tmp))
            write_json(out, doc)
    t1 = time.perf_counter()
    classes = ("auto", "gpu") if info["adapter_class"] == "cpu" else ("auto",)
    try:
        doc["attention"] = attention_rows(device, sizes.attention, classes, sizes.attention_repeats, doc["errors"])
    except Exception:  # noqa: BLE001
        failed(doc, "attention")
    doc["seconds"]["attention"] = round(time.perf_counter() - t1, 2)
    doc["host"]["loadavg_end"] = os.getloadavg()[0]
    doc["wall_s"] = round(time.perf_counter() - t0, 2)
    doc["complete"] = True
    write_json(out, doc)
    print("\n" + summary(doc))
    print(f"\nwrote {out} ({'quick' if args.quick else 'full'} run) in {doc['wall_s']:.1f} s", flush=True)
    return 1 if doc["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
