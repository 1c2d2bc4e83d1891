"""kv_cache: the fp16 KV cache of one layer, and its one verb: update (append the live tokens' K, V)."""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass

from ..gpu import Buffer, Device
from ..graph.grids import grid_1d
from ..graph.plan import Live, Plan, storage
from ..graph.registry import HostTensor
from ..graph.routes import Launch, Route, always
from ..kernels import kernel_id

FAMILY = "kv_cache"
KERNEL = kernel_id(FAMILY, "write")
WG = 64


@dataclass
class KVCache:
    k: Buffer        # [n_kv_heads, max_ctx, head_dim / 2] fp16 pairs
    v: Buffer        # [n_kv_heads, max_ctx, head_dim / 2] fp16 pairs
    n_kv_heads: int
    head_dim: int
    max_ctx: int

    @classmethod
    def allocate(cls, device: Device, name: str, n_kv_heads: int, head_dim: int, max_ctx: int) -> "KVCache":
        nbytes = n_kv_heads * max_ctx * head_dim * 2
        return cls(storage(device, f"{name}.k", nbytes), storage(device, f"{name}.v", nbytes),
                   n_kv_heads, head_dim, max_ctx)

    def update_launch(self, plan: Plan, op: str, k: Buffer, v: Buffer) -> Launch:
        """The one dispatch of update (also a step of multi-kernel routes)."""
        params = plan.uniforms(f"{op}.params", KERNEL, H=self.n_kv_heads, D=self.head_dim, max_ctx=self.max_ctx)
        n_per_token = self.n_kv_heads * self.head_dim // 2

        def grid(live: Live) -> tuple[int, int, int]:
            return grid_1d(live.seq_len * n_per_token, WG)

        return Launch(KERNEL, (params, plan.step_buffer, k, v, self.k, self.v), grid)

    def update(self, plan: Plan, op: str, k: Buffer, v: Buffer) -> None:
        """Append: cache[:, pos:pos+S] = (k, v) of the live tokens, as fp16."""
        plan.add_node(op, FAMILY, (self.n_kv_heads, self.head_dim, self.max_ctx), ROUTES,
                      self.update_launch(plan, op, k, v))


def _half(v: float) -> float:
    """v as struct's 'e' packs it, numpy's float16 rounding (past the largest fp16: infinity)."""
    return v if abs(v) < 65520.0 or v != v else math.copysign(math.inf, v)


def host_cache(t: HostTensor, rows: int, max_ctx: int) -> bytes:
    """A cache buffer on the host: the first `rows` positions of t ([P, n_kv_heads, head_dim] f32) as
    fp16 in the cache layout [n_kv_heads, max_ctx, head_dim], zeros past them (eager sdpa's input)."""
    P, H, D = t.shape
    values = struct.unpack(f"<{P * H * D}f", t.data)
    out = bytearray(H * max_ctx * D * 2)
    for p in range(rows):
        for h in range(H):
            src, dst = (p * H + h) * D, (h * max_ctx + p) * D * 2
            out[dst:dst + 2 * D] = struct.pack(f"<{D}e", *map(_half, values[src:src + D]))
    return bytes(out)


# -- registration -------------------------------------------------------------------------------
ROUTES = [
    Route("write", always, lambda route, launch: [launch], "fp16 pairs packed in u32: no shader-f16 needed", "write"),
]
NAMES = ()  # no op of its own: sdpa's case and the model run update
