"""rope: HF rotate-half rotary embedding, in place, from a host-built (cos, sin) table."""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from typing import Any

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.grids import grid_1d
from ..graph.plan import Live, Plan
from ..graph.routes import Route, Single, always, one_dispatch

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
    values = []
    for pos in range(max_ctx):
        for f in freqs:
            a = _f32(pos * f)
            values += (math.cos(a), math.sin(a))
    return struct.pack(f"<{len(values)}f", *values)


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


def rope(plan: Plan, op: str, x: Buffer, table: Buffer, *, n_heads: int, head_dim: int,
         interleaved: bool = False) -> None:
    """Rotate the live tokens' heads in place; interleaved for GGUF llama-arch (permuted) q/k weights."""
    if head_dim % 2:
        raise ShapeError(f"{op}: head_dim {head_dim} must be even")
    positions = table.size // (head_dim * 4)  # [positions, D/2] (cos, sin) f32 pairs
    params = plan.params(f"{op}.params", [n_heads, head_dim, positions, 0])

    def grid(live: Live) -> tuple[int, int, int]:
        return grid_1d(live.seq_len * n_heads * head_dim // 2, WG)

    plan.add_node(op, FAMILY, RopeSpec(op, interleaved, positions), ROUTES,
                  Single((FAMILY,), [params, plan.step_buffer, table, x], grid))


# -- registration -------------------------------------------------------------------------------
ROUTES = [
    Route("interleaved", lambda c: c.spec.interleaved, one_dispatch, "GGUF llama-arch q/k rows are permuted to pairs",
          "interleaved"),
    Route("rotate_half", always, one_dispatch, "HF Llama/Qwen convention (halves, not pairs)", "rotate_half"),
]
