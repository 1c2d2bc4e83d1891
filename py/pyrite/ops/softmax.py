"""softmax / log_softmax over the last dim, max-subtracted (numerically stable), f32."""
from __future__ import annotations

from ..graph.grids import grid_1d
from ..graph.plan import Plan, Tensor
from ..kernels import kernel_id
from .base import choose
from .broadcast import Spec, check_dtype, check_out, check_shape, numel
from .reduce import GROUP_SIZE, ROUTES, Runs

FAMILY = "softmax"


def infer(name: str, x: Spec) -> Spec:
    """The output Spec (x's); typed errors before any GPU work. A 0-d x is one row of one."""
    check_dtype(name, x.dtype, DTYPES)
    return Spec(check_shape(name, "x", x.shape), x.dtype)


def build(plan: Plan, op: str, name: str, x: Tensor, *, out: Tensor) -> None:
    """Append out = name(x) over x's last dim."""
    check_out(op, out, infer(name, x))
    K = x.shape[-1] if x.shape else 1
    runs = Runs(numel(x.shape) // K if K else 0, K)
    route = choose(FAMILY, ROUTES, runs, plan.overrides)
    params = plan.params(f"{op}.params", [runs.count, K, 0, 0])
    grid = grid_1d(runs.count, GROUP_SIZE[route.variant])
    plan.add(op, FAMILY, route.name, kernel_id(FAMILY, name, route.variant), [params, x.buffer, out.buffer],
             lambda live: grid)


# -- registration -------------------------------------------------------------------------------
# Routes: reduce.ROUTES (serial for rows up to a workgroup wide, a workgroup per row beyond).
DTYPES = ("f32",)
NAMES = ("softmax", "log_softmax")
