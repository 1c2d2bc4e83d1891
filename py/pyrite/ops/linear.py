"""linear: y[M, N] = x[M, K] @ W[N, K]^T (+ bias), W packed (q4gsw, q4a, q8gsw) or f32.

One template (shaders/linear/linear.wgsl), the weight format is its variant axis."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.grids import ceil_div, grid_rows
from ..graph.plan import Live, Plan
from ..graph.routes import Context, Launch, Route, always
from ..kernels import kernel_id
from ..models.weights import DeviceWeight
from .base import check_format

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


def validate(op: str, w: DeviceWeight, bias: DeviceWeight | None, rows: int = 0) -> LinearSpec:
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
    return LinearSpec(N, K, w.format, gs, rows)


def linear(plan: Plan, op: str, x: Buffer, w: DeviceWeight, y: Buffer, *, bias: DeviceWeight | None = None,
           dummy: Buffer, rows: int = 0) -> None:
    """Append y = x @ w.T (+ bias). rows=0: the live seq_len rows; rows=r: exactly r rows.

    A weight split into row blocks runs one dispatch per block, each writing its columns of y."""
    spec = validate(op, w, bias, rows)
    bias_buf = bias.parts["data"] if bias is not None else dummy
    blocks = []
    for b in w.row_blocks():
        params = plan.params(f"{op}.params", [b.shape[0], spec.K, spec.group_size or 8, int(bias is not None), rows,
                                     b.row0, spec.N, 0])
        blocks.append(BlockArgs(b.shape[0], (params, plan.step_buffer, x, *b.bindings(), bias_buf, y)))
    plan.add_node(op, FAMILY, spec, ROUTES, LinearArgs(spec, tuple(blocks)))


@dataclass(frozen=True)
class BlockArgs:
    rows: int                      # N of this block of W
    bindings: tuple[Buffer, ...]


@dataclass(frozen=True)
class LinearArgs:
    spec: LinearSpec
    blocks: tuple[BlockArgs, ...]  # one dispatch each: W whole, or its row blocks


def build_tile(route: Route, a: LinearArgs) -> list[Launch]:
    """One dispatch per row block of the format's kernel at the row's register tile (RN rows x TM tokens)."""
    rn, tm = TILES[route.variant]
    kernel = kernel_id(FAMILY, a.spec.format, route.variant)

    def launch(b: BlockArgs) -> Launch:
        def grid(live: Live) -> tuple[int, int, int]:
            return grid_rows(ceil_div(b.rows, rn), WG, a.spec.rows or live.seq_len, tm)
        return Launch(kernel, b.bindings, grid)

    return [launch(b) for b in a.blocks]


def live_rows(ctx: Context) -> int:
    return ctx.spec.rows or ctx.live.seq_len


# -- registration -------------------------------------------------------------------------------
# The weight format picks the template variant (q4gsw / q4a / q8gsw / f32); the route is picked per
# execution from the live row count M, and names the tokens-per-workgroup axis of the template.
ROUTES = [
    Route("gemv", lambda c: live_rows(c) == 1, build_tile,
          "decode is GEMV-shaped: one token keeps the inner loop tight", "m1"),
    Route("tiled", always, build_tile, "prefill: each weight word read once serves 8 tokens", "m8"),
]
TILES = {"m1": (4, 1), "m8": (4, 8)}  # (RN rows, TM tokens) per invocation: shaders/linear/linear.yaml combos
