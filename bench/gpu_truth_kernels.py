"""The kernel sections of bench/gpu_truth.py: every decode GEMV route on a model's own shapes, and
the attention routes, timed on the GPU with timestamp queries.

The cases and the random packed weights are bench/kernels.py's (linear_case, projection_case), the
attention inputs and route lists bench/attention.py's, the profiled timer bench/gpu_time.py's. A shape's
buffers are uploaded once and every route is built on them in turn (a 150 MB lm_head is not written
again per route). A route is timed under the adapter class it fits: the adapter's own, else the other
one forced by the option adapter_class (the coop GEMVs fit only the gpu class, gemv_vec and the wide
GEMVs only the cpu class), so every route runs on every adapter; a route that fits neither (the coop4
tiles outside a RoPE projection) is listed as not fitting.
"""
from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

import attention
import kernels
from gpu_time import time_family
from pyrite.formats import tensor_bytes, weight_format
from pyrite.graph.options import Options
from pyrite.graph.plan import Live, Plan, storage
from pyrite.graph.registry import lookup
from pyrite.graph.routes import RouteError
from pyrite.models.config import ModelConfig
from pyrite.ops import linear
from pyrite.sync import run_sync

# The linear table's decode rows: those whose tile covers one token (coop, m1, m1_vec, ...).
DECODE_ROUTES = tuple(r.name for r in linear.ROUTES if linear.tile(r.variant).tm == 1)
# Its prefill rows, less the rotary-quad coop tiles (qkv_rope's alone: an engine pinned to one has no
# plain linear it fits; the gpu class runs them unpinned under 32 tokens, the "auto" rows at 16).
PREFILL_ROUTES = tuple(r.name for r in linear.ROUTES if linear.tile(r.variant).tm > 1
                       and not (linear.tile(r.variant).coop and linear.tile(r.variant).rn % 4 == 0))
SHAPES = ("attn_qkv", "attn_output", "ffn_gate_up", "ffn_down", "output")  # a decoder layer's GEMVs, lm_head
# bench/attention.py's rows: (kind, routes)
ATTENTION_ROUTES = {"prefill": ("stream_q16", "stream_q32", "materialized"), "decode": ("flash_decode", "one_split"),
                    "channel": ("qk_entry", "qk_row")}


@dataclass(frozen=True)
class Shape:
    """One GEMV of a model as the engine runs it: a plain linear, or a fused projection (qkv with RoPE
    and the cache write, gate_up with SwiGLU) whose tile table sits under its own."""

    name: str
    op: str          # "linear" or "projection"
    family: str      # the node's family: its dispatches are the ones timed
    N: int
    K: int
    format: str
    case: Callable[[], tuple[dict, dict, dict]]  # -> attrs, data, outputs (bench/kernels.py)

    def overrides(self, route: str) -> dict[str, str]:
        """The tile pinned to `route`, under the fused route where the node is a projection."""
        fused = {"qkv": "qkv_fused", "gate_up": "gate_up"}
        return {"linear": route, **({self.family: fused[self.family]} if self.op == "projection" else {})}


def model_shapes(name: str, c: ModelConfig, fmt: str, binding_limit: int, only: tuple[str, ...]) -> list[Shape]:
    """The GEMVs of config c in format fmt, those named in `only`; the lm_head at the rows one binding
    holds (a larger table runs as row blocks of this size)."""
    geo = kernels.Geometry(name, fmt, c.hidden, c.q_dim, c.kv_dim, c.ffn, c.vocab, c.head_dim, fmt, (fmt,))
    bits = weight_format(fmt).bits
    head_rows = min(c.vocab, binding_limit * 8 // (c.hidden * bits) // 64 * 64)
    plain = {"attn_output": (c.hidden, c.q_dim), "ffn_down": (c.hidden, c.ffn), "output": (head_rows, c.hidden)}
    shapes = []
    for s in only:
        if s in plain:
            N, K = plain[s]
            shapes.append(Shape(s, "linear", "linear", N, K, fmt, lambda N=N, K=K: kernels.linear_case(fmt, 1, N, K)))
        else:
            kind = "qkv" if s == "attn_qkv" else "gate_up"
            N = c.q_dim + 2 * c.kv_dim if kind == "qkv" else 2 * c.ffn
            shapes.append(Shape(s, "projection", kind, N, c.hidden, fmt,
                                lambda kind=kind: kernels.projection_case(geo, kind, 1)))
    return shapes


class Uploaded:
    """A case's buffers on the device, shared by every plan built on them, destroyed by close()."""

    def __init__(self, device, data: dict[str, bytes], outputs: dict[str, int]):
        self.device = device
        self.bufs = {"dummy": storage(device, "dummy", 4)}
        for name, raw in data.items():
            self.bufs[name] = storage(device, name, max(len(raw), 4))
            device.write_buffer(self.bufs[name], 0, raw)
        for name, nbytes in outputs.items():
            self.bufs[name] = storage(device, name, max(nbytes, 4))

    def time(self, op: str, family: str, attrs: dict, overrides: dict[str, str], options: dict,
             repeats: int) -> tuple[float, str]:
        """Median GPU seconds of the node's dispatches (after one warm-up run) with `overrides` pinned,
        and its kernels: bench/gpu_time.time_family on these buffers, with more than one table pinned.
        RouteError when a pinned row does not fit."""
        plan = Plan(self.device, op, dict(overrides), Options(options))
        lookup(op).case(plan, self.bufs, attrs)
        live = Live(1, 0)
        plan.run(live)
        run_sync(self.device.sync())
        times = [sum(r["ns"] for r in run_sync(plan.run_profiled(live)) if r["family"] == family) / 1e9
                 for _ in range(repeats)]
        return statistics.median(times), next(r["kernel"] for r in plan.attest() if r["family"] == family)

    def close(self) -> None:
        for buf in self.bufs.values():
            self.device.destroy_buffer(buf)


def gemv_rows(device, model: str, shapes: list[Shape], probe_gbps: float, repeats: int,
              errors: list[dict]) -> tuple[list[dict], list[dict]]:
    """Every decode route on every shape: (rows timed, routes that fit neither class). A route that
    fits but fails is an error (in `errors`), never a row."""
    own = device.info.adapter_class
    classes = (own, "gpu" if own == "cpu" else "cpu")
    rows, unfit = [], []
    for s in shapes:
        attrs, data, outputs = s.case()
        case = Uploaded(device, data, outputs)
        try:
            for route in DECODE_ROUTES:
                for cls in classes:
                    try:
                        seconds, kernel = case.time(s.op, s.family, attrs, s.overrides(route),
                                                    {"adapter_class": cls}, repeats)
                    except RouteError:
                        continue  # not on this class: try the other
                    except Exception as e:  # noqa: BLE001 - recorded, the run goes on
                        errors.append({"section": "gemv", "model": model, "shape": s.name, "route": route,
                                       "adapter_class": cls, "error": f"{type(e).__name__}: {e}"})
                        break
                    gbps = tensor_bytes(s.format, (s.N, s.K), 32) / seconds / 1e9
                    rows.append({"model": model, "shape": s.name, "route": route, "adapter_class": cls,
                                 "N": s.N, "K": s.K, "format": s.format, "kernel": kernel,
                                 "ms": round(seconds * 1e3, 4), "gbps": float(f"{gbps:.4g}"),  # significant digits: lavapipe reads < 0.1 GB/s
                                 "fraction": float(f"{gbps / probe_gbps:.4g}")})
                    break
                else:
                    unfit.append({"model": model, "shape": s.name, "route": route})
        finally:
            case.close()
    return rows, unfit


@dataclass(frozen=True)
class AttentionSizes:
    prefill: tuple[int, ...]   # S from position 0
    decode: tuple[int, ...]    # cache lengths, one token
    channel: bool              # the general attention op (B 1, H 8, Sq = D = 32, Skv 4096)


def attention_rows(device, sizes: AttentionSizes, classes: tuple[str, ...], repeats: int,
                   errors: list[dict]) -> list[dict]:
    """bench/attention.py's rows (SmolLM2's heads: 9 / 3 / 64) at `sizes`, under each adapter class."""
    rng = np.random.default_rng(0)
    cases = [("prefill", S, S, Live(S, 0), "sdpa", attention.sdpa_inputs(rng, S, 0)) for S in sizes.prefill]
    cases += [("decode", 1, n, Live(1, n - 1), "sdpa", attention.sdpa_inputs(rng, 1, n - 1)) for n in sizes.decode]
    if sizes.channel:
        cases.append(("channel", 32, 4096, Live(1, 0), "attention", attention.channel_inputs(rng)))
    rows = []
    for kind, S, S_kv, live, op, (attrs, data) in cases:
        for route in ATTENTION_ROUTES[kind]:
            for cls in classes:
                try:
                    seconds, kernel = time_family(device, op, op, route, attrs, data, live, repeats,
                                                  options={"adapter_class": cls})
                except Exception as e:  # noqa: BLE001 - recorded, the run goes on
                    errors.append({"section": "attention", "kind": kind, "S": S, "S_kv": S_kv, "route": route,
                                   "adapter_class": cls, "error": f"{type(e).__name__}: {e}"})
                    continue
                rows.append({"kind": kind, "S": S, "S_kv": S_kv, "route": route, "adapter_class": cls,
                             "kernel": kernel, "ms": round(seconds * 1e3, 4)})
    return rows
