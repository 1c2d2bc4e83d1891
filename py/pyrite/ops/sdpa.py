"""sdpa: causal grouped-query attention of the live queries over the KV cache."""
from __future__ import annotations

import math

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.plan import Live, Plan
from ..kernels import kernel_id
from .base import Route, choose
from .kv_cache import KVCache

FAMILY = "sdpa"
MAX_D = 128  # shaders/sdpa/sdpa.yaml


def sdpa(plan: Plan, op: str, q: Buffer, cache: KVCache, out: Buffer, *, n_heads: int) -> None:
    """out[s, h] = softmax(q[s, h] . K[:pos+s+1] / sqrt(D)) V, with K/V head h // (Hq / Hkv)."""
    D = cache.head_dim
    if n_heads % cache.n_kv_heads:
        raise ShapeError(f"{op}: {n_heads} query heads not divisible by {cache.n_kv_heads} KV heads")
    if D > MAX_D or D % 2:
        raise ShapeError(f"{op}: head_dim {D} must be even and at most {MAX_D}")
    route = choose(FAMILY, ROUTES, D, plan.overrides)
    params = plan.params(f"{op}.params", [n_heads, cache.n_kv_heads, D, cache.max_ctx,
                                          1.0 / math.sqrt(D), 0.0, 0.0, 0.0])

    def grid(live: Live) -> tuple[int, int, int]:
        return (n_heads, live.seq_len, 1)

    plan.add(op, FAMILY, route.name, kernel_id(FAMILY, route.variant),
             [params, plan.step_buffer, q, cache.k, cache.v, out], grid)


# -- registration -------------------------------------------------------------------------------
ROUTES = [
    Route("online", lambda D: True, "online", "streaming softmax, one workgroup per (head, token)"),
]
