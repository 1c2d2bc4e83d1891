"""rope: HF rotate-half rotary embedding, in place, from a host-built (cos, sin) table."""
from __future__ import annotations

import math
import struct
import sys
from array import array
from dataclasses import dataclass
from typing import Any

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.grids import grid_1d
from ..graph.plan import Live, Plan, storage
from ..graph.registry import Op, register
from ..graph.routes import GridFn, Launch, Route, Single, always, one_dispatch
from ..kernels import kernel_id
from .kv_cache import KVCache

FAMILY = "rope"
WG = 64


def _f32(v: float) -> float:
    return struct.unpack("<f", struct.pack("<f", v))[0]


def inv_freqs(head_dim: int, theta: float) -> list[float]:
    """inv_freq[i] = 1 / theta^(2i/D), each step rounded to f32 as HF's fp32 default rope init."""
    return [_f32(1.0 / _f32(theta ** _f32(2 * i / head_dim))) for i in range(head_dim // 2)]


def _rdiv(scalar: float, x: float) -> float:
    """scalar / x the way torch divides a python scalar by an f32 tensor: (1 / x) * scalar, in f32."""
    return _f32(_f32(1.0 / x) * _f32(scalar))


def llama3_inv_freqs(freqs: list[float], scaling: Any) -> list[float]:
    """HF's llama3 rope scaling (transformers _compute_llama3_parameters), each f32 step rounded as
    torch does: long wavelengths divided by factor, short ones kept, a smooth blend between.
    torch computes scalar / tensor as reciprocal(tensor) * scalar, hence _rdiv."""
    factor, low, high = _f32(scaling.factor), scaling.low_freq_factor, scaling.high_freq_factor
    old = scaling.original_max_positions
    low_wavelen, high_wavelen = old / low, old / high
    two_pi = _f32(2 * math.pi)
    out = []
    for f in freqs:
        wavelen = _rdiv(two_pi, f)
        scaled = _f32(f / factor) if wavelen > low_wavelen else f
        if not wavelen < high_wavelen and not wavelen > low_wavelen:
            smooth = _f32(_f32(_rdiv(_f32(old), wavelen) - _f32(low)) / _f32(high - low))
            scaled = _f32(_f32(_f32(_f32(1 - smooth) * scaled) / factor) + _f32(smooth * scaled))
        out.append(scaled)
    return out


def rope_table(max_ctx: int, head_dim: int, theta: float, scaling: Any = None) -> bytes:
    """[max_ctx, D/2] (cos, sin) f32 pairs. The angle is rounded to f32 first, like HF's fp32 outer product.
    scaling: a models.config.RopeScaling (llama3) or None."""
    freqs = inv_freqs(head_dim, theta)
    if scaling is not None:
        freqs = llama3_inv_freqs(freqs, scaling)
    # array("f") rounds each element to f32 as it stores it: 2x faster than a struct round trip per value,
    # which the page pays in its load's plan phase (2,048 positions x 32 frequencies for SmolLM2)
    angles = array("f", [pos * f for pos in range(max_ctx) for f in freqs])
    table = array("f", bytes(8 * len(angles)))
    table[0::2] = array("f", map(math.cos, angles))
    table[1::2] = array("f", map(math.sin, angles))
    if sys.byteorder == "big":
        table.byteswap()
    return table.tobytes()


def table_buffer(plan: Plan, max_ctx: int, head_dim: int, theta: float) -> Buffer:
    """rope_table on the device (the raw-bytes cases that rotate build theirs here)."""
    data = rope_table(max_ctx, head_dim, theta)
    table = storage(plan.device, "rope_table", len(data))
    plan.device.write_buffer(table, 0, data)
    return table


@dataclass(frozen=True)
class RopeSpec:
    op: str
    interleaved: bool
    positions: int   # rows of the (cos, sin) table

    def check_live(self, live: Live) -> None:
        """Positions past the table are a typed error before any dispatch (the kernel skips them too)."""
        if live.kv_len > self.positions:
            raise ShapeError(f"{self.op}: positions {live.pos}..{live.kv_len - 1} run past the cos/sin table "
                             f"({self.positions} positions)")


def table_positions(table: Buffer, head_dim: int) -> int:
    return table.size // (head_dim * 4)  # [positions, D/2] (cos, sin) f32 pairs


def rope_grid(n_heads: int, head_dim: int) -> GridFn:
    def grid(live: Live) -> tuple[int, int, int]:
        return grid_1d(live.seq_len * n_heads * head_dim // 2, WG)
    return grid


def rope_params(plan: Plan, op: str, table: Buffer, n_heads: int, head_dim: int) -> Buffer:
    if head_dim % 2:
        raise ShapeError(f"{op}: head_dim {head_dim} must be even")
    return plan.uniforms(f"{op}.params", kernel_id(FAMILY, "rotate_half"), H=n_heads, D=head_dim,
                         positions=table_positions(table, head_dim))


def rope_launch(plan: Plan, op: str, x: Buffer, table: Buffer, *, n_heads: int, head_dim: int,
                interleaved: bool) -> Launch:
    """The one dispatch rotating x's live heads in place, in the given layout (a step of other routes)."""
    kernel = kernel_id(FAMILY, "interleaved" if interleaved else "rotate_half")
    return Launch(kernel, (rope_params(plan, op, table, n_heads, head_dim), plan.step_buffer, table, x),
                  rope_grid(n_heads, head_dim))


def rope(plan: Plan, op: str, x: Buffer, table: Buffer, *, n_heads: int, head_dim: int,
         interleaved: bool = False) -> None:
    """Rotate the live tokens' heads in place; interleaved for GGUF llama-arch (permuted) q/k weights."""
    params = rope_params(plan, op, table, n_heads, head_dim)
    plan.add_node(op, FAMILY, RopeSpec(op, interleaved, table_positions(table, head_dim)), ROUTES,
                  Single((FAMILY,), [params, plan.step_buffer, table, x], rope_grid(n_heads, head_dim)))


@dataclass(frozen=True)
class RopeKVArgs:
    fused: Launch
    split: tuple[Launch, ...]  # rope q, rope k, cache write


def rope_kv(plan: Plan, op: str, q: Buffer, k: Buffer, v: Buffer, table: Buffer, cache: KVCache, *,
            n_heads: int, interleaved: bool = False) -> None:
    """Rotate Q in place, and append rotated K and V to the cache: one dispatch, or the three ops."""
    D, Hk = cache.head_dim, cache.n_kv_heads
    if D % 4:
        raise ShapeError(f"{op}: head_dim {D} must be a multiple of 4")
    positions = table_positions(table, D)
    kernel = kernel_id(FAMILY, "kv_interleaved" if interleaved else "kv_rotate_half")
    params = plan.uniforms(f"{op}.params", kernel, Hq=n_heads, Hk=Hk, D=D, positions=positions,
                           max_ctx=cache.max_ctx)

    def grid(live: Live) -> tuple[int, int, int]:
        return grid_1d(live.seq_len * (n_heads + Hk) * D // 4, WG)

    fused = Launch(kernel, (params, plan.step_buffer, table, q, k, v, cache.k, cache.v), grid)
    split = (rope_launch(plan, f"{op}.q", q, table, n_heads=n_heads, head_dim=D, interleaved=interleaved),
             rope_launch(plan, f"{op}.k", k, table, n_heads=Hk, head_dim=D, interleaved=interleaved),
             cache.update_launch(plan, f"{op}.kv", k, v))
    plan.add_node(op, "rope_kv", RopeSpec(op, interleaved, positions), ROPE_KV_ROUTES, RopeKVArgs(fused, split))


def rope_case(p: Plan, b: dict[str, Buffer], a: dict) -> None:
    """The raw-bytes case: x rotated in place; attrs n_heads, head_dim, theta, max_ctx, interleaved."""
    table = table_buffer(p, a["max_ctx"], a["head_dim"], a["theta"])
    rope(p, "rope", b["x"], table, n_heads=a["n_heads"], head_dim=a["head_dim"], interleaved=a.get("interleaved", False))


def rope_kv_case(p: Plan, b: dict[str, Buffer], a: dict) -> None:
    """The raw-bytes case: RoPE of q (in place) and k, with k, v appended to k_cache, v_cache at pos."""
    table = table_buffer(p, a["max_ctx"], a["head_dim"], a["theta"])
    cache = KVCache(b["k_cache"], b["v_cache"], a["n_kv_heads"], a["head_dim"], a["max_ctx"])
    rope_kv(p, "rope_kv", b["q"], b["k"], b["v"], table, cache, n_heads=a["n_heads"], interleaved=a["interleaved"])


# -- registration -------------------------------------------------------------------------------
ROUTES = [
    Route("interleaved", lambda c: c.spec.interleaved, one_dispatch, "GGUF llama-arch q/k rows are permuted to pairs",
          "interleaved"),
    Route("rotate_half", always, one_dispatch, "HF Llama/Qwen convention (halves, not pairs)", "rotate_half"),
]
ROPE_KV_ROUTES = [
    Route("rope_kv_fused", always, lambda route, a: [a.fused],
          "one pass: Q rotated in place, rotated K and V written to the cache as they are made"),
    Route("rope_kv_split", always, lambda route, a: list(a.split), "rope q, rope k, then the cache write"),
]
NAMES = ("rope", "rope_kv")
register(Op("rope", FAMILY, rope_case, {FAMILY: ROUTES}),
         Op("rope_kv", FAMILY, rope_kv_case, {"rope_kv": ROPE_KV_ROUTES}))
