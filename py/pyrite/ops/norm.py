"""norm: RMSNorm over rows of length K (per token, or per head for Qwen3's q/k norm)."""
from __future__ import annotations

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.plan import Live, Plan
from ..kernels import kernel_id
from ..models.weights import DeviceWeight
from .base import Route, choose

FAMILY = "norm"


def rmsnorm(plan: Plan, op: str, x: Buffer, weight: DeviceWeight, out: Buffer, *, eps: float,
            rows_per_token: int = 1, last_only: bool = False) -> None:
    """out = rmsnorm(x) * weight. last_only: only the last live token's rows, written to rows 0.."""
    if weight.format != "f32" or len(weight.shape) != 1:
        raise ShapeError(f"{op}: norm weight {weight.name} must be f32 [K], got {weight.format} {list(weight.shape)}")
    (K,) = weight.shape
    route = choose(FAMILY, ROUTES, K, plan.overrides)
    params = plan.params(f"{op}.params", [K, rows_per_token, int(last_only), 0, float(eps), 0.0, 0.0, 0.0])

    def grid(live: Live) -> tuple[int, int, int]:
        return (rows_per_token * (1 if last_only else live.seq_len), 1, 1)

    plan.add(op, FAMILY, route.name, kernel_id(FAMILY, route.variant),
             [params, plan.step_buffer, x, weight.parts["data"], out], grid)


# -- registration -------------------------------------------------------------------------------
ROUTES = [
    Route("rms", lambda K: True, "rms", "one workgroup per row, tree reduction"),
]
