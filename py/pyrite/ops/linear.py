"""linear: y[M, N] = x[M, K] @ W[N, K]^T (+ bias), W packed (q4gsw, q4a, q8gsw) or f32.

One template (shaders/linear/linear.wgsl): the weight format is its variant axis, the register tile
(m1: one token, m8: eight) and the epilogue kind (plain, qkv, gate_up; ops/projection.py) its combos.
W may be a row view of a packed tensor (graph/weights.py) or split into row blocks.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.grids import ceil_div, grid_rows
from ..graph.plan import Live, Plan
from ..graph.routes import Context, Launch, Route, always
from ..graph.weights import DeviceWeight
from ..kernels import kernel_id
from .base import check_format

FAMILY = "linear"
FORMATS = ("q4gsw", "q4a", "q8gsw", "f32")
WG = 64  # shaders/linear/linear.yaml
TILES = {"m1": (4, 1), "m8": (4, 8)}  # (RN rows, TM tokens) per invocation: shaders/linear/linear.yaml combos


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
    w.check_parts(op)
    return LinearSpec(N, K, w.format, gs, rows)


def uniforms(plan: Plan, op: str, kernel: str, w: DeviceWeight, K: int, bias: DeviceWeight | None, *,
             N: int, rows: int = 0, n0: int = 0, ldy: int = 0, accumulate: bool = False, nq: int = 0,
             nk: int = 0, Hq: int = 0, Hk: int = 0, D: int = 0, positions: int = 0,
             max_ctx: int = 0, interleaved: bool = False) -> Buffer:
    """The params block of one dispatch over W (a whole tensor, a row block or a row view); the
    fields past ldy belong to the fused kinds (ops/projection.py)."""
    return plan.uniforms(f"{op}.params", kernel, N=N, K=K, GS=w.group_size or 8, rows=rows,
                         has_bias=bias is not None, b0=w.row0 + (bias.part_row0 if bias is not None else 0),
                         wr0=w.part_row0, ldw=w.stride_rows, n0=n0, ldy=ldy, accumulate=accumulate, nq=nq,
                         nk=nk, Hq=Hq, Hk=Hk, D=D, positions=positions, max_ctx=max_ctx,
                         interleaved=interleaved)


def tile_launches(fmt: str, kind: str, bindings: tuple[Buffer, ...], tiles: int, rows: int = 0) -> list[Launch]:
    """Both register tiles of one dispatch, each active at its own live shape: m1 for one row, m8 else.

    For routes that run more than one kernel (a fused or split projection), where the tile cannot be a
    route of its own. kind "" is the plain epilogue; `tiles` counts invocations along the rows of W."""
    launches = []
    for tile, one_row in (("m1", True), ("m8", False)):
        tm = TILES[tile][1]

        def grid(live: Live, tm: int = tm) -> tuple[int, int, int]:
            return grid_rows(tiles, WG, rows or live.seq_len, tm)

        def active(live: Live, one_row: bool = one_row) -> bool:
            return ((rows or live.seq_len) == 1) == one_row

        suffix = f"{kind}_{tile}" if kind else tile
        launches.append(Launch(kernel_id(FAMILY, fmt, suffix), bindings, grid, active))
    return launches


@dataclass(frozen=True)
class BlockArgs:
    rows: int                      # N of this block of W
    bindings: tuple[Buffer, ...]


@dataclass(frozen=True)
class LinearArgs:
    spec: LinearSpec
    blocks: tuple[BlockArgs, ...]  # one dispatch each: W whole, or its row blocks


def linear_args(plan: Plan, op: str, x: Buffer, w: DeviceWeight, y: Buffer, *, bias: DeviceWeight | None,
                dummy: Buffer, rows: int = 0, accumulate: bool = False) -> LinearArgs:
    """Validated build args: one dispatch's params and bindings per row block of W (or W whole)."""
    spec = validate(op, w, bias, rows)
    bias_buf = bias.parts["data"] if bias is not None else dummy
    kernel = kernel_id(FAMILY, spec.format, "m1")  # every variant of the template shares struct Params
    blocks = tuple(
        BlockArgs(b.shape[0], (uniforms(plan, op, kernel, b, spec.K, bias, N=b.shape[0], rows=rows, n0=b.row0,
                                        ldy=spec.N, accumulate=accumulate), plan.step_buffer, x, *b.bindings(),
                               bias_buf, y))
        for b in w.row_blocks())
    return LinearArgs(spec, blocks)


def linear(plan: Plan, op: str, x: Buffer, w: DeviceWeight, y: Buffer, *, bias: DeviceWeight | None = None,
           dummy: Buffer, rows: int = 0, accumulate: bool = False) -> None:
    """Append y = x @ w.T (+ bias), or y += that with accumulate (a residual add folded in).
    rows=0: the live seq_len rows; rows=r: exactly r rows.

    A weight split into row blocks runs one dispatch per block, each writing its columns of y."""
    args = linear_args(plan, op, x, w, y, bias=bias, dummy=dummy, rows=rows, accumulate=accumulate)
    plan.add_node(op, FAMILY, args.spec, ROUTES, args)


def linear_launches(args: LinearArgs) -> list[Launch]:
    """Every dispatch of a linear with its tile chosen per live shape (for multi-kernel routes)."""
    rn = TILES["m1"][0]
    return [launch for b in args.blocks
            for launch in tile_launches(args.spec.format, "", b.bindings, ceil_div(b.rows, rn), args.spec.rows)]


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
