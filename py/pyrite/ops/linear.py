"""linear: y[M, N] = x[M, K] @ W[N, K]^T (+ bias), W packed (q4gsw, q4a, q8gsw) or f32.

One template (shaders/linear/linear.wgsl), the weight format is its variant axis."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.grids import ceil_div, grid_rows
from ..graph.plan import Choice, Live, Plan
from ..kernels import kernel_id
from ..models.weights import DeviceWeight
from .base import Route, check_format, routes_for

FAMILY = "linear"
FORMATS = ("q4gsw", "q4a", "q8gsw", "f32")
WG = 64  # shaders/linear/linear.yaml


@dataclass(frozen=True)
class LinearSpec:
    N: int
    K: int
    format: str
    group_size: int
    rows: int  # fixed row count, or 0 for the live seq_len


def validate(op: str, w: DeviceWeight, bias: DeviceWeight | None) -> LinearSpec:
    check_format(op, w.format, FORMATS)
    if len(w.shape) != 2:
        raise ShapeError(f"{op}: weight {w.name} must be 2-D [N, K], got {list(w.shape)}")
    N, K = w.shape
    gs = w.group_size or 0
    if K % 8 or (w.format != "f32" and (not gs or K % gs or gs % 8)):
        raise ShapeError(f"{op}: weight {w.name} [N={N}, K={K}] needs K % 8 == 0 and K % group_size "
                         f"({gs}) == 0")
    if bias is not None and bias.shape != (N,):
        raise ShapeError(f"{op}: bias {bias.name} has shape {list(bias.shape)}, expected [{N}]")
    return LinearSpec(N, K, w.format, gs, 0)


def linear(plan: Plan, op: str, x: Buffer, w: DeviceWeight, y: Buffer, *, bias: DeviceWeight | None = None,
           dummy: Buffer, rows: int = 0) -> None:
    """Append y = x @ w.T (+ bias). rows=0: the live seq_len rows; rows=r: exactly r rows."""
    spec = validate(op, w, bias)
    params = plan.params(f"{op}.params", [spec.N, spec.K, spec.group_size or 8, int(bias is not None), rows, 0, 0, 0])
    bias_buf = bias.parts["data"] if bias is not None else dummy
    bindings = [params, plan.step_buffer, x, *w.bindings(), bias_buf, y]
    choices = []
    for route in routes_for(FAMILY, ROUTES, plan.overrides):
        rn, tm = TILES[route.variant]

        def grid(live: Live, rn: int = rn, tm: int = tm) -> tuple[int, int, int]:
            return grid_rows(ceil_div(spec.N, rn), WG, rows or live.seq_len, tm)

        def when(live: Live, route: Route = route) -> bool:
            return route.when(rows or live.seq_len)

        choices.append(Choice(route.name, kernel_id(FAMILY, spec.format, route.variant), when, grid))
    plan.add_routed(op, FAMILY, choices, bindings)


# -- registration -------------------------------------------------------------------------------
# The weight format picks the template variant (q4gsw / q4a / q8gsw / f32); the route is picked per
# execution from the live row count M, and names the tokens-per-workgroup axis of the template.
ROUTES = [
    Route("gemv", lambda m: m == 1, "m1", "decode is GEMV-shaped: one token keeps the inner loop tight"),
    Route("tiled", lambda m: True, "m8", "prefill: each weight word read once serves 8 tokens"),
]
TILES = {"m1": (4, 1), "m8": (4, 8)}  # (RN rows, TM tokens) per invocation: shaders/linear/linear.yaml combos
