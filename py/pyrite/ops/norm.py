"""norm: RMSNorm over rows of length K (per token, or per head for Qwen3's q/k norm)."""
from __future__ import annotations

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.plan import Live, Plan
from ..graph.routes import Route, Single, always, one_dispatch
from ..models.weights import DeviceWeight

FAMILY = "norm"


def rmsnorm(plan: Plan, op: str, x: Buffer, weight: DeviceWeight, out: Buffer, *, eps: float,
            rows_per_token: int = 1, last_only: bool = False) -> None:
    """out = rmsnorm(x) * weight. last_only: only the last live token's rows, written to rows 0.."""
    if weight.format != "f32" or len(weight.shape) != 1:
        raise ShapeError(f"{op}: norm weight {weight.name} must be f32 [K], got {weight.format} {list(weight.shape)}")
    (K,) = weight.shape
    params = plan.params(f"{op}.params", [K, rows_per_token, int(last_only), 0, float(eps), 0.0, 0.0, 0.0])

    def grid(live: Live) -> tuple[int, int, int]:
        return (rows_per_token * (1 if last_only else live.seq_len), 1, 1)

    plan.add_node(op, FAMILY, K, ROUTES,
                  Single((FAMILY,), [params, plan.step_buffer, x, weight.parts["data"], out], grid))


# -- registration -------------------------------------------------------------------------------
ROUTES = [
    Route("rms", always, one_dispatch, "one workgroup per row, tree reduction", "rms"),
]
