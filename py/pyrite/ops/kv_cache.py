"""kv_cache: the fp16 KV cache of one layer, and its one verb: update (append the live tokens' K, V)."""
from __future__ import annotations

from dataclasses import dataclass

from ..gpu import Buffer, Device
from ..graph.grids import grid_1d
from ..graph.plan import Live, Plan, storage
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


# -- registration -------------------------------------------------------------------------------
ROUTES = [
    Route("write", always, lambda route, launch: [launch], "fp16 pairs packed in u32: no shader-f16 needed", "write"),
]
