#!/usr/bin/env python3
"""Attention routes against each other, natively (wgpu-py), timed on the GPU with timestamp queries.

    python build.py bench --attention [--repeats 3] [--out bench/attention.json]

Rows (written as a JSON list): {"kind": "prefill"|"decode"|"channel", "S", "S_kv", "route", "ms",
"adapter"}, ms the median GPU time of the op's own dispatches (the KV-cache append is not counted).
- prefill: S = 128, 512, 2048 from position 0, SmolLM2's heads (9 / 3 / 64): stream_q16, stream_q32,
  materialized.
- decode: one token over a cache of 512 and 4096 positions: flash_decode and one_split.
- channel: general attention, B 1, H 8, Sq = D = 32, Skv 4096: qk_entry and qk_row.
Prints the ratios and whether the issue's targets hold (streaming >= 3x materialized at S = 2048,
flash_decode >= 2x one_split at 4096), with the adapter and load average. Nothing is made up: a
route that fails is an error, not a row.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from gpu_time import bench_args, time_family  # noqa: E402
from pyrite.graph.plan import Live  # noqa: E402
from pyrite.gpu.native import request_device  # noqa: E402
from pyrite.sync import run_sync  # noqa: E402

OUT = ROOT / "bench" / "attention.json"
HQ, HKV, D = 9, 3, 64
TARGETS = (("prefill", 2048, "stream_q16", "materialized", 3.0), ("decode", 4096, "flash_decode", "one_split", 2.0))


def sdpa_inputs(rng, S: int, start: int) -> tuple[dict, dict]:
    max_ctx = start + S
    q = rng.standard_normal((S, HQ, D)).astype(np.float32)
    k = rng.standard_normal((S, HKV, D)).astype(np.float32)
    cache = rng.standard_normal((HKV, max_ctx, D)).astype(np.float16)
    attrs = {"n_heads": HQ, "n_kv_heads": HKV, "head_dim": D, "max_ctx": max_ctx, "max_seq": S}
    return attrs, {"q": q.tobytes(), "k": k.tobytes(), "v": k.tobytes(), "k_cache": cache.tobytes(),
                   "v_cache": cache.tobytes(), "out": bytes(q.nbytes)}


def channel_inputs(rng) -> tuple[dict, dict]:
    B, H, Sq, Skv, Dc = 1, 8, 32, 4096, 32
    q = rng.standard_normal((B, H, Sq, Dc)).astype(np.float32)
    k = rng.standard_normal((B, H, Skv, Dc)).astype(np.float32)
    attrs = {"q_shape": [B, H, Sq, Dc], "k_shape": [B, H, Skv, Dc], "v_shape": [B, H, Skv, Dc]}
    return attrs, {"q": q.tobytes(), "k": k.tobytes(), "v": k.tobytes(), "out": bytes(q.nbytes)}


def time_route(device, op: str, family: str, route: str, attrs: dict, data: dict, live: Live, repeats: int) -> float:
    """Median GPU ms of the family's dispatches over `repeats` profiled runs (after one warm-up)."""
    return time_family(device, op, family, route, attrs, data, live, repeats)[0] * 1e3


def main(argv: list[str] | None = None) -> int:
    a = bench_args(__doc__, 3, OUT, argv)
    device = run_sync(request_device())
    adapter = device.info.device or device.info.description
    rng = np.random.default_rng(0)
    rows = []

    def add(kind, S, S_kv, route, ms):
        rows.append({"kind": kind, "S": S, "S_kv": S_kv, "route": route, "ms": round(ms, 3), "adapter": adapter})
        print(f"{kind:8} S={S:<5} S_kv={S_kv:<5} {route:13} {ms:10.2f} ms", flush=True)

    for S in (128, 512, 2048):
        attrs, data = sdpa_inputs(rng, S, 0)
        for route in ("stream_q16", "stream_q32", "materialized"):
            add("prefill", S, S, route, time_route(device, "sdpa", "sdpa", route, attrs, data, Live(S, 0), a.repeats))
    for cache in (512, 4096):
        attrs, data = sdpa_inputs(rng, 1, cache - 1)
        for route in ("flash_decode", "one_split"):
            add("decode", 1, cache, route,
                time_route(device, "sdpa", "sdpa", route, attrs, data, Live(1, cache - 1), a.repeats))
    attrs, data = channel_inputs(rng)
    for route in ("qk_entry", "qk_row"):
        add("channel", 32, 4096, route, time_route(device, "attention", "attention", route, attrs, data, Live(1, 0),
                                                     a.repeats))
    a.out.write_text(json.dumps(rows, indent=1))

    ms = {(r["kind"], r["S_kv"], r["route"]): r["ms"] for r in rows}
    print(f"\nadapter: {adapter}; load average {os.getloadavg()[0]:.2f}; median of {a.repeats}; wrote {a.out}")
    for S in (128, 512, 2048):
        m = ms[("prefill", S, "materialized")]
        print(f"prefill S={S}: materialized / stream_q16 = {m / ms[('prefill', S, 'stream_q16')]:.2f}x, "
              f"/ stream_q32 = {m / ms[('prefill', S, 'stream_q32')]:.2f}x")
    for cache in (512, 4096):
        print(f"decode cache={cache}: one_split / flash_decode = "
              f"{ms[('decode', cache, 'one_split')] / ms[('decode', cache, 'flash_decode')]:.2f}x")
    print(f"channel: qk_row / qk_entry = {ms[('channel', 4096, 'qk_row')] / ms[('channel', 4096, 'qk_entry')]:.2f}x")
    for kind, S_kv, fast, slow, target in TARGETS:
        ratio = ms[(kind, S_kv, slow)] / ms[(kind, S_kv, fast)]
        print(f"target {fast} >= {target:.0f}x {slow} at {S_kv}: {ratio:.2f}x, {'met' if ratio >= target else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
