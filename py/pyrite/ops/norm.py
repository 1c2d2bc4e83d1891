"""norm: RMSNorm over rows of length K (per token, or per head for Qwen3's q/k norm)."""
from __future__ import annotations

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.plan import Live, Plan
from ..graph.registry import Op, register
from ..graph.routes import Launch, Route, always
from ..graph.device_weights import DeviceWeight
from ..kernels import kernel_id
from .single import weight

FAMILY = "norm"
KERNEL = kernel_id(FAMILY, "rms")


def norm_width(op: str, weight: DeviceWeight) -> int:
    """K of a norm weight, which must be an f32 vector."""
    if weight.format != "f32" or len(weight.shape) != 1:
        raise ShapeError(f"{op}: norm weight {weight.name} must be f32 [K], got {weight.format} {list(weight.shape)}")
    return weight.shape[0]


def rms_launch(plan: Plan, op: str, x: Buffer, weight: DeviceWeight, out: Buffer, *, eps: float,
               rows_per_token: int = 1, last_only: bool = False) -> Launch:
    """The one dispatch of out = rmsnorm(x) * weight (also a step of multi-kernel routes)."""
    params = plan.uniforms(f"{op}.params", KERNEL, K=norm_width(op, weight), rows_per_token=rows_per_token,
                           last_only=last_only, eps=float(eps))

    def grid(live: Live) -> tuple[int, int, int]:
        return (rows_per_token * (1 if last_only else live.seq_len), 1, 1)

    return Launch(KERNEL, (params, plan.step_buffer, x, weight.parts["data"], out), grid)


def rmsnorm(plan: Plan, op: str, x: Buffer, weight: DeviceWeight, out: Buffer, *, eps: float,
            rows_per_token: int = 1, last_only: bool = False) -> None:
    """out = rmsnorm(x) * weight. last_only: only the last live token's rows, written to rows 0.."""
    launch = rms_launch(plan, op, x, weight, out, eps=eps, rows_per_token=rows_per_token, last_only=last_only)
    plan.add_node(op, FAMILY, weight.shape[0], ROUTES, launch)


def rmsnorm_case(p: Plan, b: dict[str, Buffer], a: dict) -> None:
    """The raw-bytes case: out = rmsnorm(x) * w; attrs eps, rows_per_token, last_only."""
    rmsnorm(p, "rmsnorm", b["x"], weight(b, "w", a), b["out"], eps=a["eps"],
            rows_per_token=a.get("rows_per_token", 1), last_only=a.get("last_only", False))


# -- registration -------------------------------------------------------------------------------
ROUTES = [
    Route("rms", always, lambda route, launch: [launch], "one workgroup per row, tree reduction", "rms"),
]
NAMES = ("rmsnorm",)
register(Op("rmsnorm", FAMILY, rmsnorm_case, {FAMILY: ROUTES}))
