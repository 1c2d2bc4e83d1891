"""rope: HF rotate-half rotary embedding, in place, from a host-built (cos, sin) table."""
from __future__ import annotations

import math
import struct

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.grids import grid_1d
from ..graph.plan import Live, Plan
from ..kernels import kernel_id
from .base import Route, choose

FAMILY = "rope"
WG = 64


def _f32(v: float) -> float:
    return struct.unpack("<f", struct.pack("<f", v))[0]


def inv_freqs(head_dim: int, theta: float) -> list[float]:
    """inv_freq[i] = 1 / theta^(2i/D), each step rounded to f32 as HF's fp32 default rope init."""
    return [_f32(1.0 / _f32(theta ** _f32(2 * i / head_dim))) for i in range(head_dim // 2)]


def rope_table(max_ctx: int, head_dim: int, theta: float) -> bytes:
    """[max_ctx, D/2] (cos, sin) f32 pairs. The angle is rounded to f32 first, like HF's fp32 outer product."""
    freqs = inv_freqs(head_dim, theta)
    values = []
    for pos in range(max_ctx):
        for f in freqs:
            a = _f32(pos * f)
            values += (math.cos(a), math.sin(a))
    return struct.pack(f"<{len(values)}f", *values)


def rope(plan: Plan, op: str, x: Buffer, table: Buffer, *, n_heads: int, head_dim: int,
         interleaved: bool = False) -> None:
    """Rotate the live tokens' heads in place; interleaved for GGUF llama-arch (permuted) q/k weights."""
    if head_dim % 2:
        raise ShapeError(f"{op}: head_dim {head_dim} must be even")
    route = choose(FAMILY, ROUTES, interleaved, plan.overrides)
    params = plan.params(f"{op}.params", [n_heads, head_dim, 0, 0])

    def grid(live: Live) -> tuple[int, int, int]:
        return grid_1d(live.seq_len * n_heads * head_dim // 2, WG)

    plan.add(op, FAMILY, route.name, kernel_id(FAMILY, route.variant),
             [params, plan.step_buffer, table, x], grid)


# -- registration -------------------------------------------------------------------------------
ROUTES = [
    Route("interleaved", lambda inter: inter, "interleaved", "GGUF llama-arch q/k rows are permuted to pairs"),
    Route("rotate_half", lambda inter: True, "rotate_half", "HF Llama/Qwen convention (halves, not pairs)"),
]
