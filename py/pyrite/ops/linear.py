"""linear: y[M, N] = x[M, K] @ W[N, K]^T (+ bias), W packed (q4gsw, q4a, q8gsw; the exact GGUF types q5,
q5a, q4k, q5k, q6k) or f32.

One template (shaders/linear/linear.wgsl): the weight format is its variant axis; the epilogue kind
(plain, qkv, qkv_rope, gate_up; ops/projection.py) x the norm x the tile are its axes. The route table
below picks the tile per execution, for a linear node and as the tile level of the projections
(graph/routes.py Sub: their fused kernel, and each member of their split route). Tiles are defined
once, in shaders/linear/linear.yaml, and read back (ops/linear_tiles.py): m1_vec (the decode GEMV: 8
rows x 1 token, W read in vec4<u32> chunks, one scale word per row pair), m1 and m8 (4 rows x 1 or 8
tokens per invocation), m1_wide and m1_xwide (8 and 16 rows x 1 token, W read a word at a time: the
decode fallbacks where rows do not pair, and for f32), wide (16 rows x 8 tokens), the workgroup GEMMs
gemm and gemm_bk64 (W dequantized into workgroup memory once per 32 tokens, K steps of 16 or 64), and
the gpu class's coop tiles (a workgroup per 2 rows or a rotary quad whose lanes split K: the GEMVs, the
_k tiles splitting K where that leaves under 256 workgroups then a sum pass running the epilogue, and
the _m8 tiles doing 8 tokens at once for short prefill).
W may be a row view of a packed tensor (graph/device_weights.py) or split into row blocks.

Measured (bench/kernels.py natively on lavapipe and on SwiftShader through its Vulkan ICD, and the
page's profile on SwiftShader): CPU adapters are bound by loads and by Subzero's masked variable
writes, so the vec GEMV is the fastest decode there (SwiftShader 1.7-3x the word GEMVs, lavapipe
1-2.7x), the wide register tile is the fastest prefill (2-3x m8 on lavapipe, 2.1x on SwiftShader),
and the workgroup GEMMs are slower than m8 on both (their staged loads diverge across lanes). The
GEMMs are the gpu class's prefill from 32 tokens and the coop _m8 tiles below that (option
linear_prefill=auto; =workgroup takes the GEMMs on any adapter, from 8 tokens on the gpu class and 32
on the cpu class); no GPU has measured them yet.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import ShapeError
from ..formats import weight_format
from ..gpu import Buffer
from ..graph.grids import ceil_div, k_splits
from ..graph.multistep import MAX_RUN
from ..graph.plan import Live, Plan
from ..graph.registry import Op, register
from ..graph.routes import Context, GridFn, Launch, Route, Sub, always
from ..graph.device_weights import DeviceWeight
from .base import check_format
from .linear_tiles import FORMATS, TEMPLATE, Tile, tile, tile_kernel
from .single import weight

FAMILY = TEMPLATE
SMALL_TILES = ("m2_vec", "m4_vec", "m8_vec", "m16_vec")  # the small-S vec tiles, by token slots
WIDE_MIN_ROWS = 8    # the wide tile's 8 tokens are all live from here
SMALL_WIDE_MIN_N = 512  # m8_vec_wide's 16 rows an invocation, workgroups of 16: one per core from here
GEMV_WIDE_MIN_N = 1024  # the 8-row GEMV keeps >= 128 invocations (two workgroups per core of a 2-core CPU adapter)
GEMV_XWIDE_MIN_N = 2048  # and the 16-row GEMV
GEMM_MIN_ROWS = 32   # a workgroup GEMM's 32 tokens are all live from here (cpu class, pinned by option)
GPU_GEMM_MIN_ROWS = 8  # gpu class: W read once per 32 tokens beats wide's once per 8 from 8 tokens on
GPU_MIN_WORKGROUPS = 256  # gpu class: a decode GEMV with fewer columns splits K (the _k coop tiles)
# The GGUF types kept exactly: every register tile reads them in chunks with each row's own scales
# (linear.wgsl's EXACT), so no tile needs rows paired.
ROW_SCALED = ("q5", "q5a", "q4k", "q5k", "q6k")


@dataclass(frozen=True)
class LinearSpec:
    N: int
    K: int
    format: str
    group_size: int
    rows: int  # fixed row count, or 0 for the live seq_len
    paired: bool = False  # the vec GEMV reads it: its kernel reads each row's scales (ROW_SCALED), or rows
                          # 2i, 2i+1 share a scale word in every block: first row, scale row stride and N
                          # even (it unpacks one word per row pair)
    quads: bool = False   # a tile's rows are whole rotary quads (qkv_rope): RN a multiple of 4

    @property
    def chunk_values(self) -> int:
        """W values per 16-byte word: what a coop lane reads at a time."""
        return 128 // weight_format(self.format).bits

    def splits(self, out_rows: int, paired: bool = False) -> int:
        """K slices of its split coop tile over out_rows rows: to >= 256 workgroups."""
        cols = tile("coop4_k" if self.quads else "coop_k").columns(out_rows, paired)
        return k_splits(cols, self.K // self.chunk_values, GPU_MIN_WORKGROUPS)


def partials(plan: Plan, spec: LinearSpec, blocks: list[int], paired: bool = False) -> Buffer:
    """The split coop tiles' K slice sums for blocks of W of these row counts, for up to MAX_RUN tokens
    (one scratch buffer for every node: they run one after another)."""
    t = tile("coop4_k" if spec.quads else "coop_k")
    values = max(spec.splits(n, paired) * t.columns(n, paired) for n in blocks) * (t.rn + 1) * MAX_RUN
    return plan.scratch("linear.partials", 4 * values)


def validate(op: str, w: DeviceWeight, bias: DeviceWeight | None, rows: int = 0) -> LinearSpec:
    check_format(op, w.format, FORMATS)
    if len(w.shape) != 2:
        raise ShapeError(f"{op}: weight {w.name} must be 2-D [N, K], got {list(w.shape)}")
    N, K = w.shape
    gs = w.group_size or 0
    grouped = weight_format(w.format).grouped
    if K % 8 or (grouped and (not gs or K % gs or gs % 8)):
        raise ShapeError(f"{op}: weight {w.name} [N={N}, K={K}] needs K % 8 == 0 and K % group_size "
                         f"({gs}) == 0")
    if bias is not None and bias.shape != (N,):
        raise ShapeError(f"{op}: bias {bias.name} has shape {list(bias.shape)}, expected [{N}]")
    w.check_parts(op)
    paired = grouped and (w.format in ROW_SCALED or all(
        b.part_row0 % 2 == 0 and b.stride_rows % 2 == 0 and b.shape[0] % 2 == 0 for b in w.row_blocks()))
    return LinearSpec(N, K, w.format, gs, rows, paired)


def uniforms(plan: Plan, op: str, kernel: str, w: DeviceWeight, K: int, bias: DeviceWeight | None, *,
             N: int, rows: int = 0, n0: int = 0, ldy: int = 0, accumulate: bool = False, nq: int = 0,
             nk: int = 0, Hq: int = 0, Hk: int = 0, D: int = 0, positions: int = 0,
             max_ctx: int = 0, interleaved: bool = False, eps: float = 0.0, splits: int = 1) -> Buffer:
    """The params block of one dispatch over W (a whole tensor, a row block or a row view); the
    fields past ldy belong to the fused kinds (ops/projection.py)."""
    return plan.uniforms(f"{op}.params", kernel, N=N, K=K, GS=w.group_size or 8, rows=rows,
                         has_bias=bias is not None, b0=w.row0 + (bias.part_row0 if bias is not None else 0),
                         wr0=w.part_row0, ldw=w.stride_rows, n0=n0, ldy=ldy, accumulate=accumulate, nq=nq,
                         nk=nk, Hq=Hq, Hk=Hk, D=D, positions=positions, max_ctx=max_ctx,
                         interleaved=interleaved, eps=float(eps), splits=splits)


def tile_grid(t: Tile, out_rows: int, rows: int = 0, paired: bool = False) -> GridFn:
    """The grid of a kernel at tile t: columns over out_rows rows of W (rn per column, or rn / 2 pairs of
    them: gate_up's gate and up rows) x the live tokens (or `rows`, fixed)."""
    cols = t.columns(out_rows, paired)

    def grid(live: Live) -> tuple[int, int, int]:
        return t.grid(cols, rows or live.seq_len)

    return grid


@dataclass(frozen=True)
class Epilogue:
    """What one dispatch over W binds, by role: the part kernel of a split tile binds the inputs and
    the partials, its sum kernel the partials and the outputs."""

    uniforms: tuple[Buffer, ...]   # params, step
    inputs: tuple[Buffer, ...]     # x (or h), W's parts
    bias: Buffer
    extra: tuple[Buffer, ...]      # the gain, where the norm is folded in
    outs: tuple[Buffer, ...]
    partials: Buffer
    splits: int

    def launches(self, fmt: str, kind: str, t: Tile, out_rows: int, rows: int = 0,
                 paired: bool = False) -> list[Launch]:
        """The kernel at tile t, or a split tile's part and sum kernels."""
        if not t.split:
            return [Launch(tile_kernel(fmt, kind, t.name), (*self.uniforms, *self.inputs, self.bias, *self.extra,
                                                             *self.outs), tile_grid(t, out_rows, rows, paired))]
        cols = t.columns(out_rows, paired)

        def tiles(live: Live) -> int:  # token tiles: the part pass's z, the sum pass's y
            return ceil_div(rows or live.seq_len, t.tm)
        return [Launch(tile_kernel(fmt, kind, t.name, "part"), (*self.uniforms, *self.inputs, *self.extra,
                                                                 self.partials), lambda live: (cols, self.splits, tiles(live))),
                Launch(tile_kernel(fmt, kind, t.sum_name, "sum"), (*self.uniforms, self.partials, self.bias,
                                                                    *self.outs), lambda live: (ceil_div(cols, t.wg), tiles(live), 1))]


@dataclass(frozen=True)
class BlockArgs:
    rows: int                      # N of this block of W
    binds: Epilogue


@dataclass(frozen=True)
class LinearArgs:
    spec: LinearSpec
    blocks: tuple[BlockArgs, ...]  # one dispatch each (two for a split tile): W whole, or its row blocks


def linear_args(plan: Plan, op: str, x: Buffer, w: DeviceWeight, y: Buffer, *, bias: DeviceWeight | None,
                dummy: Buffer, rows: int = 0, accumulate: bool = False) -> LinearArgs:
    """Validated build args: one dispatch's params and bindings per row block of W (or W whole)."""
    spec = validate(op, w, bias, rows)
    bias_buf = bias.parts["data"] if bias is not None else dummy
    kernel = tile_kernel(spec.format, "", "m1")  # every tile of the template shares struct Params
    part = partials(plan, spec, [b.shape[0] for b in w.row_blocks()])
    blocks = []
    for b in w.row_blocks():
        s = spec.splits(b.shape[0])
        params = uniforms(plan, op, kernel, b, spec.K, bias, N=b.shape[0], rows=rows, n0=b.row0, ldy=spec.N,
                          accumulate=accumulate, splits=s)
        blocks.append(BlockArgs(b.shape[0], Epilogue((params, plan.step_buffer), (x, *b.bindings()), bias_buf, (),
                                                     (y,), part, s)))
    return LinearArgs(spec, tuple(blocks))


def linear(plan: Plan, op: str, x: Buffer, w: DeviceWeight, y: Buffer, *, bias: DeviceWeight | None = None,
           dummy: Buffer, rows: int = 0, accumulate: bool = False) -> None:
    """Append y = x @ w.T (+ bias), or y += that with accumulate (a residual add folded in).
    rows=0: the live seq_len rows; rows=r: exactly r rows.

    A weight split into row blocks runs one dispatch per block, each writing its columns of y."""
    args = linear_args(plan, op, x, w, y, bias=bias, dummy=dummy, rows=rows, accumulate=accumulate)
    plan.add_node(op, FAMILY, args.spec, ROUTES, args)


def linear_case(p: Plan, b: dict[str, Buffer], a: dict) -> None:
    """The raw-bytes case: y = x @ w.T (+ bias) over weight "w" (and "bias"); attrs: the weights' shapes
    and formats, group_size, rows."""
    bias = weight(b, "bias", a) if "bias.data" in b else None
    linear(p, "linear", b["x"], weight(b, "w", a), b["y"], bias=bias, dummy=b["dummy"], rows=a.get("rows", 0))


def linear_step(args: LinearArgs) -> Sub:
    """A linear as a step of another route (a split projection's member): its own tile table, chosen
    per execution as a linear node's is (and pinned with it)."""
    return Sub(FAMILY, ROUTES, args.spec, args)


def build_tile(route: Route, a: LinearArgs) -> list[Launch]:
    """One dispatch per row block of the format's kernel at the row's tile (two for a split tile)."""
    t = tile(route.variant)
    return [la for b in a.blocks for la in b.binds.launches(a.spec.format, "", t, b.rows, a.spec.rows)]


def live_rows(ctx: Context) -> int:
    return ctx.spec.rows or ctx.live.seq_len


def one_row(ctx: Context) -> bool:
    return live_rows(ctx) == 1


def pairs_rows(ctx: Context) -> bool:
    return ctx.spec.paired


def one_row_many_n(ctx: Context) -> bool:
    return live_rows(ctx) == 1 and ctx.spec.N >= GEMV_WIDE_MIN_N


def one_row_most_n(ctx: Context) -> bool:
    return live_rows(ctx) == 1 and ctx.spec.N >= GEMV_XWIDE_MIN_N


def wide_rows(ctx: Context) -> bool:
    return live_rows(ctx) >= WIDE_MIN_ROWS


def small_tile(rows: int) -> str | None:
    """The small-S vec tile for `rows` live rows (2..MAX_RUN: a multi-token forward, graph/multistep.py):
    the one with the fewest token slots that hold them all, so each weight is read once for every row."""
    if not 2 <= rows <= MAX_RUN:
        return None
    return next(name for name in SMALL_TILES if tile(name).tm >= rows)


def small_vec(name: str) -> Callable[[Context], bool]:
    """The cpu class's paired weights (whose decode is gemv_vec) in a multi-token forward (not a prompt's
    chunk: its rows need not sum as decode's, and the plain tiles a prefill compiled at load run it) at
    the live rows tile `name` is for."""
    return lambda ctx: cpu_paired(ctx) and not ctx.live.prefill and small_tile(live_rows(ctx)) == name


def small_wide(ctx: Context) -> bool:
    """m8_vec's live rows where N is wide enough for 16 rows an invocation (SwiftShader, SmolLM2's 8-row
    verify: gate_up 136 -> 103-107 ms, qkv 47 -> 38-41 ms; o_proj and down at N 576, in workgroups of 16,
    61-68 ms against m8_vec's 80-91, where workgroups of 32 (2: 32 and 4 invocations) had run 105-112)."""
    return small_vec("m8_vec")(ctx) and ctx.spec.N >= SMALL_WIDE_MIN_N


def workgroup_gemm(ctx: Context) -> bool:
    """The GEMMs: chosen by option linear_prefill, whose auto means the gpu class."""
    chosen = ctx.options["linear_prefill"]
    if chosen == "register" or (chosen == "auto" and not ctx.gpu):
        return False
    return live_rows(ctx) >= (GPU_GEMM_MIN_ROWS if ctx.gpu else GEMM_MIN_ROWS)


def fits_tile(name: str) -> Callable[[Context], bool]:
    return lambda ctx: tile(name).fits(ctx.spec.K, ctx.limits)


def cpu_class(ctx: Context) -> bool:
    return not ctx.gpu


def cpu_paired(ctx: Context) -> bool:
    return cpu_class(ctx) and pairs_rows(ctx)


def coop_shape(spec: LinearSpec) -> bool:
    """K in whole 16-byte words, and a group a power-of-two count of them (a lane's word has one scale)."""
    words = spec.chunk_values
    if spec.K % words:
        return False
    per_group = spec.group_size // words if spec.group_size else 1
    return not spec.group_size or (spec.group_size % words == 0 and per_group & (per_group - 1) == 0)


def few_columns(ctx: Context) -> bool:
    """Decode over too few columns of W for 256 workgroups, with K to split."""
    return one_row(ctx) and ctx.spec.splits(ctx.spec.N) > 1


def few_columns_rows(ctx: Context) -> bool:
    """A multi-token forward (2-16 rows) where decode splits K (few_columns): split the same way, so each
    row is summed as its decode step sums it (gpu class, option linear_prefill=auto)."""
    return (ctx.gpu and ctx.options["linear_prefill"] == "auto" and 2 <= live_rows(ctx) <= MAX_RUN
            and ctx.spec.splits(ctx.spec.N) > 1)


def short_prefill(ctx: Context) -> bool:
    """2-31 tokens on the gpu class (option linear_prefill=auto): fewer than a workgroup GEMM's 32."""
    return ctx.gpu and ctx.options["linear_prefill"] == "auto" and 2 <= live_rows(ctx) < GEMM_MIN_ROWS


def fits_coop(name: str) -> Callable[[Context], bool]:
    """A coop tile is built on the gpu class, for its weights' shape, with RN whole rotary quads where
    the kernel rotates them (coop4) and the plain two rows where it does not, and the subgroups
    feature where it reduces with subgroupAdd."""
    t = tile(name)

    def fits(ctx: Context) -> bool:
        return (ctx.gpu and coop_shape(ctx.spec) and ctx.spec.quads == (t.rn % 4 == 0)
                and (not t.subgroups or "subgroups" in ctx.features) and t.fits(ctx.spec.K, ctx.limits))

    return fits


# -- registration -------------------------------------------------------------------------------
# The weight format picks the template variant (formats.py: the packed, exact and f32 ones); the route is picked per
# execution from the live row count M and the options, and names the tile combo of the template. The
# adapter class decides what is built: the coop GEMVs on the gpu class, the CPU-measured GEMVs on cpu.
def coop_row(tile_name: str) -> Route:
    """The coop GEMV of a tile (a 2-row or rotary-quad column, lanes reduced by subgroupAdd or a tree;
    split K: the rule where the columns alone leave under 256 workgroups), or its 8-token GEMM."""
    t = tile(tile_name)
    rows, how = ("rotary quad" if t.rn % 4 == 0 else "2 rows"), ("with subgroupAdd" if t.subgroups
                                                                  else "in workgroup memory")
    if t.tm > 1 and t.split:
        reason = (f"multi-token forwards on GPUs (2-16 tokens: jump-forward, verify) where decode splits K: "
                  f"gemv_{tile_name.replace('_k_m8', '_splitk')}'s slices and lanes for 8 tokens a token tile (each W "
                  f"chunk unpacked once for them), its sums added in the same order, so each row equals a decode "
                  f"step's bit for bit; columns x splits x token tiles workgroups, adjacent lanes on adjacent "
                  f"16-byte words")
        return Route("gemm_" + tile_name.removesuffix("_m8").replace("_k", "_splitk"), few_columns_rows,
                     build_tile, reason, tile_name, fits_coop(tile_name), order=tile_name.removesuffix("_m8"))
    if t.tm > 1:
        reason = (f"short prefill on GPUs (2-31 tokens): a workgroup of 32 lanes per {rows} x 8 tokens, adjacent "
                  f"lanes reading adjacent 16-byte words of W, each unpacked once for the 8 tokens, sums reduced "
                  f"{how}; no staging or barrier in the K loop, no 32-token GEMM tile mostly idle")
        return Route("gemm_" + tile_name.removesuffix("_m8"), short_prefill, build_tile, reason, tile_name,
                     fits_coop(tile_name), order=tile_name.removesuffix("_m8"))
    reason = (f"decode on GPUs: a workgroup of 32 lanes per {rows}, adjacent lanes reading adjacent 16-byte "
              f"words of W, sums reduced {how}")
    if t.split:
        reason += "; K split into slices where there are under 256 columns, then a sum pass runs the epilogue"
    name = "gemv_" + tile_name.replace("_k", "_splitk")
    return Route(name, few_columns if t.split else one_row, build_tile, reason, tile_name, fits_coop(tile_name),
                 order=tile_name)


def small_row(tile_name: str) -> Route:
    """A small-S vec route: gemv_vec's chunk loop over tm tokens, so each row reduces as in a decode step."""
    t = tile(tile_name)
    return Route(f"small_{tile_name}", small_vec(tile_name), build_tile,
                 f"a multi-token forward of up to {t.tm} tokens on the cpu class (jump-forward, verify): gemv_vec's "
                 f"loop with each W chunk and its scales loaded once for all {t.tm} tokens, every row summed in "
                 f"gemv_vec's order (each position's logits equal a decode step's, bit for bit); N/{t.rn} "
                 f"invocations as gemv_vec's N/8, adjacent lanes on adjacent rows", tile_name, cpu_paired, order="vec")


ROUTES = [
    *(coop_row(name) for name in ("coop_sg_k", "coop_k", "coop4_sg_k", "coop4_k", "coop_sg", "coop", "coop4_sg",
                                  "coop4", "coop_sg_k_m8", "coop_k_m8", "coop4_sg_k_m8", "coop4_k_m8", "coop_sg_m8",
                                  "coop_m8", "coop4_sg_m8", "coop4_m8")),
    Route("gemv_vec", one_row, build_tile, "decode: W in vec4 chunks, 8 rows per invocation, one scale word per "
          "row pair, a chunk per accumulator write (SwiftShader 1.7-3x and lavapipe 1-2.7x the word-loading GEMVs)",
          "m1_vec", cpu_paired, order="vec"),
    Route("small_m8_vec_wide", small_wide, build_tile, "a multi-token forward of 5-8 tokens on the cpu class "
          f"where N >= {SMALL_WIDE_MIN_N}: small_m8_vec's loop and order with 16 rows an invocation, so each x "
          "load serves twice the rows; N/16 invocations in workgroups of 16 (3 at N 576) keep two CPU cores busy "
          "but would leave a GPU idle, where the gpu class runs its coop tiles instead", "m8_vec_wide", cpu_paired,
          order="vec"),
    *(small_row(name) for name in SMALL_TILES),
    Route("gemv_xwide", one_row_most_n, build_tile, "decode, N >= 2048: each x load serves 16 rows (SwiftShader: "
          "gate_up and lm_head 1.2-1.4x faster than gemv_wide; lavapipe: lm_head 1.1x)", "m1_xwide", cpu_class,
          order="word"),
    Route("gemv_wide", one_row_many_n, build_tile, "decode, N >= 1024: each x load serves 8 rows (SwiftShader: "
          "gate_up 1.3x, lm_head 1.2x faster than gemv)", "m1_wide", cpu_class, order="word"),
    Route("gemv", one_row, build_tile, "decode, N < 1024: 4 rows per invocation keep enough invocations", "m1",
          order="word"),
    Route("gemm_bk64", workgroup_gemm, build_tile, "prefill on the gpu class from 32 tokens (a candidate from 8; "
          "or option linear_prefill=workgroup): W dequantized once per 32 tokens, K steps of 64 (24 KiB, over "
          "WebGPU's 16 KiB default)", "gemm_bk64",
          fits_tile("gemm_bk64")),
    Route("gemm", workgroup_gemm, build_tile, "prefill on the gpu class, where 24 KiB of workgroup memory "
          "is not allowed: K steps of 16 (6 KiB)", "gemm", fits_tile("gemm")),
    Route("wide", wide_rows, build_tile, "prefill, a chat turn's chunk of 8 tokens or more included: each x "
          "load serves 16 rows of W (CPU adapters are bound by loads)", "wide", order="word"),
    Route("tiled", always, build_tile, "short prefill (2-7 tokens, a chat turn's short chunk): 4 rows x 8 "
          "tokens, each row summed as gemv sums it", "m8", order="word"),
]
NAMES = ("linear",)
register(Op("linear", FAMILY, linear_case, {FAMILY: ROUTES}, FORMATS))
