#!/usr/bin/env python3
"""Every linear route on the shapes of the models we ship, against a streaming-read probe, natively
(wgpu-py), timed on the GPU with timestamp queries.

    python build.py bench --kernels [--repeats 5] [--out bench/kernels.json]

The probe (pyrite.ops.probe, which the engine's Stats.roofline also uses) is the best of a few plain read
kernels (shaders/probe/read.wgsl: u32 and vec4 loads, two workgroup sizes, three grid sizes) over one
64 MiB buffer, run in the same process first. Each row of
bench/kernels.json is {"kernel", "route", "M", "N", "K", "format", "gbps", "probe_gbps", "gflops"}, gbps
counting the bytes of weights read (q, scales, mins) per second of the op's own dispatches (median of
--repeats); it prints each route as a fraction of the probe (and its GFLOP/s: prefill is compute-bound),
with the adapter and load average, and whether the decode GEMV reaches the issue's 70 %. Then, per
prefill shape, each prefill route's speed relative to the tiled (m8) route, and each fused projection
with its norm folded in against the norm as its own dispatch (option projection_norm; rows of the
fused projections carry "norm"). A route that fails is an error, not a row.
"""
from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from gpu_time import bench_args, time_family  # noqa: E402
from pyrite.gpu.native import request_device  # noqa: E402
from pyrite.graph.plan import Live  # noqa: E402
from pyrite.graph.routes import pick  # noqa: E402
from pyrite.formats import FORMATS, GROUP_PARTS, SUPERBLOCK, part_bytes, tensor_bytes  # noqa: E402
from pyrite.ops import linear  # noqa: E402
from pyrite.ops.probe import read_bandwidth  # noqa: E402
from pyrite.sync import run_sync  # noqa: E402

OUT = ROOT / "bench" / "kernels.json"
PREFILL_M = 64
PREFILL_ROUTES = ("tiled", "wide", "gemm", "gemm_bk64")  # the prefill rows of ops/linear.py ROUTES
DECODE_ROUTES = ("gemv", "gemv_wide", "gemv_xwide", "gemv_vec")  # and its decode rows
GEMV_TARGET = 0.70


@dataclass(frozen=True)
class Geometry:
    """The projection shapes of one shipped model (dist/models/<id>)."""

    model: str
    format: str
    hidden: int
    q: int
    kv: int
    ffn: int
    vocab: int
    head_dim: int
    head_format: str
    down_formats: tuple[str, ...]  # ffn_down's (a Q4_K_M file mixes Q4_K and Q6_K there)


# Qwen's exact model keeps its Q4_K_M GGUF's types: Q5_0 where K = 896 is not whole superblocks
SHIPPED = (Geometry("smollm2-135m", "q4a", 576, 576, 192, 1536, 49152, 64, "q8gsw", ("q4a",)),
           Geometry("qwen2.5-coder-0.5b", "q5", 896, 896, 128, 4864, 151936, 64, "q8gsw", ("q4k", "q6k")))


def group_size(fmt: str) -> int:
    """A K-quant's group is its 256-value superblock; the other packed formats here use 32."""
    return SUPERBLOCK if FORMATS[fmt].sb_words else 32


def weight_bytes(fmt: str, N: int, K: int) -> dict[str, bytes]:
    """Random packed parts of an [N, K] weight (timing only: any bits are a valid weight)."""
    rng = np.random.default_rng(N * 7919 + K)
    out = {}
    gs = group_size(fmt)
    for p in FORMATS[fmt].parts:
        size = part_bytes(fmt, (N, K), gs, p)
        if p in GROUP_PARTS:
            out[f"w.{p}"] = (rng.random(size // 2) * 0.01).astype("<f2").tobytes()
        else:
            out[f"w.{p}"] = rng.integers(0, 256, size, dtype=np.uint8).tobytes()
    return out


def linear_case(fmt: str, M: int, N: int, K: int) -> tuple[dict, dict, dict]:
    data = {**weight_bytes(fmt, N, K), "x": np.ones((M, K), "<f4").tobytes()}
    attrs = {"w_format": fmt, "w_shape": [N, K], "group_size": group_size(fmt), "rows": 0}
    return attrs, data, {"y": M * N * 4}


def projection_case(g: Geometry, kind: str, M: int) -> tuple[dict, dict, dict]:
    sizes = (g.q, g.kv, g.kv) if kind == "qkv" else (g.ffn, g.ffn)
    data = {**weight_bytes(g.format, sum(sizes), g.hidden), "x": np.ones((M, g.hidden), "<f4").tobytes(),
            "gain.data": np.ones(g.hidden, "<f4").tobytes()}
    attrs = {"w_format": g.format, "w_shape": [sum(sizes), g.hidden], "group_size": group_size(g.format), "kind": kind,
             "sizes": list(sizes), "eps": 1e-5, "gain_format": "f32", "gain_shape": [g.hidden], "max_seq": M}
    if kind == "gate_up":
        return attrs, data, {"out": M * g.ffn * 4}
    max_ctx = M + 1
    attrs["rope"] = {"head_dim": g.head_dim, "interleaved": False, "theta": 10000.0, "max_ctx": max_ctx}
    cache = g.kv * max_ctx * 2
    return attrs, data, {"q": M * g.q * 4, "k_cache": cache, "v_cache": cache}


SHAPE = ("M", "N", "K", "format")


def base_of(rows: list[dict], r: dict, **want: str) -> dict:
    """The row of r's shape whose fields equal `want` (the baseline r is measured against)."""
    return next(b for b in rows if all(b[k] == r[k] for k in SHAPE) and all(b.get(k) == v for k, v in want.items()))


def print_ratios(title: str, metric: str, pairs: list[tuple[dict, dict]]) -> None:
    """Each (row, baseline) pair as a multiple of the baseline's `metric` (same shape)."""
    print(f"\n{title}, same shape, higher is faster:")
    for r, b in pairs:
        print(f"  {r['route']:10} {r['format']:6} M={r['M']} {r['N']}x{r['K']}: {r[metric] / b[metric]:.2f}x")


def main(argv: list[str] | None = None) -> int:
    a = bench_args(__doc__, 5, OUT, argv)
    device = run_sync(request_device())
    adapter = device.info.device or device.info.description
    probe = run_sync(read_bandwidth(device, a.repeats))
    probe_gbps = probe.gbps
    print(f"probe: {probe_gbps:.2f} GB/s ({probe.kernel})", flush=True)
    limit = device.limits.max_storage_buffer_binding_size
    rows = []

    def add(route: str, kernel: str, M: int, N: int, K: int, fmt: str, seconds: float, **extra: str) -> None:
        gbps = tensor_bytes(fmt, (N, K), group_size(fmt)) / seconds / 1e9
        gflops = 2 * M * N * K / seconds / 1e9
        rows.append({"kernel": kernel, "route": route, "M": M, "N": N, "K": K, "format": fmt,
                     "gbps": round(gbps, 3), "probe_gbps": round(probe_gbps, 3), "gflops": round(gflops, 3), **extra})
        print(f"{route:14} {fmt:6} M={M:<3} N={N:<6} K={K:<5} {gbps:8.2f} GB/s  {gbps / probe_gbps:6.1%} of probe"
              f"  {gflops:6.2f} GFLOP/s  ({kernel})", flush=True)

    for g in SHIPPED:
        print(f"-- {g.model}", flush=True)
        # the lm_head at the rows one binding holds (a larger table runs as row blocks of this size)
        head_rows = min(g.vocab, limit // g.hidden // 64 * 64)
        plain = [(g.q, g.q, g.format), *((g.hidden, g.ffn, f) for f in g.down_formats),
                 (head_rows, g.hidden, g.head_format)]
        for N, K, fmt in plain:
            for route, M in (*((r, 1) for r in DECODE_ROUTES), *((r, PREFILL_M) for r in PREFILL_ROUTES)):
                if N == head_rows and M > 1:
                    continue  # the lm_head runs for the last token only
                attrs, data, outs = linear_case(fmt, M, N, K)
                s, kernel = time_family(device, "linear", "linear", route, attrs, data, Live(M, 0), a.repeats, outs)
                add(route, kernel, M, N, K, fmt, s)
        for kind, routes in (("qkv", ("qkv_fused", "qkv_split")), ("gate_up", ("gate_up", "gate_up_split"))):
            for M in (1, PREFILL_M):
                attrs, data, outs = projection_case(g, kind, M)
                N, K = attrs["w_shape"]
                for route, norm in ((routes[0], "folded"), (routes[0], "dispatch"), (routes[1], "dispatch")):
                    s, kernel = time_family(device, "projection", kind, route, attrs, data, Live(M, 0), a.repeats, outs,
                                            {"projection_norm": norm})
                    add(route, kernel, M, N, K, g.format, s, norm=norm)
    a.out.write_text(json.dumps(rows, indent=1) + "\n")
    print_ratios("prefill routes against tiled (m8)", "gflops",
                 [(r, base_of(rows, r, route="tiled")) for r in rows if r["route"] in PREFILL_ROUTES[1:]])
    print_ratios("the other GEMVs against gemv (decode)", "gbps",
                 [(r, base_of(rows, r, route="gemv")) for r in rows if r["route"] in DECODE_ROUTES[1:]])
    print_ratios("fused projections, the norm folded in against its own dispatch (projection_norm)", "gflops",
                 [(r, base_of(rows, r, route=r["route"], norm="dispatch")) for r in rows if r.get("norm") == "folded"])

    def picked(r: dict) -> str:
        paired = r["N"] % 2 == 0 and r["format"] != "f32"  # the bench's weights are whole tensors
        return pick("linear", linear.ROUTES, linear.LinearSpec(r["N"], r["K"], r["format"], group_size(r["format"]), 0,
                                                               paired or r["format"] in linear.ROW_SCALED),
                    limits=device.limits).name

    # each decode shape at the GEMV route the table picks for it on this adapter
    gemv = [r for r in rows if r["route"] in DECODE_ROUTES and r["route"] == picked(r)]
    worst = min(gemv, key=lambda r: r["gbps"])
    best = max(gemv, key=lambda r: r["gbps"])
    print(f"\nadapter: {adapter}; load average {os.getloadavg()[0]:.2f}; median of {a.repeats}; wrote {a.out}")
    print(f"decode GEMV: {best['gbps'] / probe_gbps:.1%} of the probe at best ({best['format']} {best['N']}x{best['K']}), "
          f"{worst['gbps'] / probe_gbps:.1%} at worst ({worst['format']} {worst['N']}x{worst['K']}); "
          f"target {GEMV_TARGET:.0%}: {'met' if worst['gbps'] >= GEMV_TARGET * probe_gbps else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
