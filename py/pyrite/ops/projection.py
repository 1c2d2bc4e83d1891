"""projection: the fused entries of a decoder half-block, an RMSNorm and the projections that read it.

- family "qkv":     h = rmsnorm(x) * gain; q, k, v = h @ Wq.T (+ bq), h @ Wk.T, h @ Wv.T; with rope, then
                    RoPE of q (in place) and k, and k, v appended to the KV cache
- family "gate_up": h = rmsnorm(x) * gain; out = silu(h @ Wg.T) * (h @ Wu.T)

Each has two routes. The fused one is one kernel of the linear template (kind qkv / gate_up) over the
members packed by rows into one tensor at load (models/packing.py): the input is read once, and the
outputs are distinct buffers (with rope, kind qkv_rope: rotated Q, and K and V straight into the
cache). Under it two levels are chosen per execution, as data (graph/routes.py Sub): the tile, from
the linear table (FUSED_TILES: its rows, pinned with it), then the norm's placement (PLACEMENTS):
folded into a register tile (the _norm kinds: x * gain in the loop, 1/rms from the same loads), or a
dispatch of its own first (before a workgroup GEMM, where the gain's binding would pass the adapter's
storage-buffer limit, or with option projection_norm=dispatch). A node attests all three, e.g.
"qkv_fused/gemv_vec/norm_folded". The split route is the rmsnorm, one linear per member (each a row
view of the packed tensor, or a tensor of its own when the members could not be packed), each with
its own tile table ("qkv_split/gemv_vec+gemv+gemv"), then the SwiGLU product for gate_up, or rope q,
rope k and the cache write: any formats, any adapter, and the cpu class's prompt chunks (fused_rows).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.multistep import MAX_RUN
from ..graph.plan import Plan, storage
from ..graph.registry import Op, register
from ..graph.routes import Context, Launch, Route, Step, Sub, always
from ..graph.device_weights import DeviceWeight
from ..kernels import MAX_STORAGE_BINDINGS
from . import linear as lin
from .elementwise import inplace_launch
from .kv_cache import KVCache
from .norm import norm_width, rms_launch
from .rope import RopeSpec, rope_launch, table_buffer, table_positions
from .single import weight

FAMILY = "projection"       # the module's; its nodes attest their kind, qkv or gate_up
KINDS = ("qkv", "gate_up")


@dataclass(frozen=True)
class Members:
    """A projection's weights: the members in output order, and the packed tensor they are views of."""

    weights: tuple[DeviceWeight, ...]
    biases: tuple[DeviceWeight | None, ...]
    packed: DeviceWeight | None = None        # None: separate tensors (only the split route applies)
    packed_bias: DeviceWeight | None = None

    @classmethod
    def of_packed(cls, packed: DeviceWeight, bias: DeviceWeight | None, names: tuple[str, ...],
                  sizes: tuple[int, ...]) -> "Members":
        """Views of a packed tensor (and its packed bias) at the member row counts `sizes`."""
        if sum(sizes) != packed.shape[0]:
            raise ShapeError(f"{packed.name}: {packed.shape[0]} rows, members {dict(zip(names, sizes))} need {sum(sizes)}")
        if bias is not None and bias.shape != (packed.shape[0],):
            raise ShapeError(f"{bias.name} has shape {list(bias.shape)}, expected [{packed.shape[0]}]")
        edges = [sum(sizes[:i]) for i in range(len(sizes) + 1)]
        views = tuple(packed.rows(a, b, f"{n}.weight") for n, a, b in zip(names, edges, edges[1:]))
        bviews = tuple(bias.rows(a, b, f"{n}.bias") if bias is not None else None
                       for n, a, b in zip(names, edges, edges[1:]))
        return cls(views, bviews, packed, bias)


@dataclass(frozen=True)
class Rope:
    """RoPE and the cache write folded into a qkv projection."""

    table: Buffer                # [positions, D/2] (cos, sin)
    cache: KVCache
    interleaved: bool


@dataclass(frozen=True)
class ProjectionSpec:
    kind: str
    format: str
    K: int
    outputs: tuple[int, ...]     # rows of each member
    packed: bool                 # one packed tensor, whole (not split into row blocks)
    storage_buffers: int         # storage bindings of the fused kernel (one more with the norm folded in)
    rope: RopeSpec | None = None

    def check_live(self, live) -> None:
        if self.rope is not None:
            self.rope.check_live(live)


def _spec(op: str, kind: str, m: Members, x_width: int, rope: Rope | None) -> ProjectionSpec:
    specs = [lin.validate(op, w, b) for w, b in zip(m.weights, m.biases)]
    fmt, K = specs[0].format, specs[0].K
    if any(s.K != K for s in specs) or K != x_width:
        raise ShapeError(f"{op}: weights take K={[s.K for s in specs]} inputs, the norm has {x_width}")
    packed = m.packed is not None and not m.packed.blocks
    n_parts = 1 if m.weights[0].blocks else len(m.weights[0].bindings())
    outputs = 4 if rope is not None else 3 if kind == "qkv" else 1  # rope: table, q, k and v caches
    rope_spec = None
    if rope is not None:
        D = rope.cache.head_dim
        if D % 4 or specs[0].N % D or specs[1].N != rope.cache.n_kv_heads * D:
            raise ShapeError(f"{op}: RoPE needs head_dim % 4 == 0 and whole heads, got D={D}, "
                             f"rows {[s.N for s in specs]}, {rope.cache.n_kv_heads} KV heads")
        rope_spec = RopeSpec(op, rope.interleaved, table_positions(rope.table, D))
    return ProjectionSpec(kind, fmt, K, tuple(s.N for s in specs), packed,
                          1 + n_parts + 1 + outputs, rope_spec)  # x, parts, bias, outputs


def project(plan: Plan, op: str, kind: str, x: Buffer, gain: DeviceWeight, m: Members, outs: tuple[Buffer, ...],
            *, h: Buffer, eps: float, dummy: Buffer, scratch: Buffer | None = None, rope: Rope | None = None) -> None:
    """Append the node: outs = (q, k, v) for qkv, (out,) for gate_up. h receives the norm; gate_up's
    split route needs `scratch` for the up projection. With rope (qkv), q is rotated in place and k, v
    go to the cache (k, v in outs are the split route's f32 buffers)."""
    if kind not in KINDS:
        raise ValueError(f"{op}: unknown projection kind {kind!r} (have {KINDS})")
    if kind == "gate_up" and scratch is None:
        raise ValueError(f"{op}: the split gate_up route needs a scratch buffer for up")
    spec = _spec(op, kind, m, norm_width(op, gain), rope)
    norm = rms_launch(plan, f"{op}.norm", x, gain, h, eps=eps)
    fused = _fused_args(plan, op, spec, norm, Inputs(x, gain, h, eps), m, outs, dummy, rope) if spec.packed else None

    def split() -> list[Step]:  # made when the split route is first chosen (its members' params blocks)
        steps: list[Step] = [norm]
        dsts = outs if kind == "qkv" else (outs[0], scratch)
        for i, (w, b, y) in enumerate(zip(m.weights, m.biases, dsts)):
            steps.append(lin.linear_step(lin.linear_args(plan, f"{op}.{i}", h, w, y, bias=b, dummy=dummy)))
        if kind == "gate_up":
            steps.append(inplace_launch(plan, f"{op}.swiglu", "silu_mul", outs[0], scratch, spec.outputs[0]))
        if rope is not None:
            q, k, v = outs
            D, Hk = rope.cache.head_dim, rope.cache.n_kv_heads
            steps += [rope_launch(plan, f"{op}.rope_q", q, rope.table, n_heads=spec.outputs[0] // D, head_dim=D,
                                  interleaved=rope.interleaved),
                      rope_launch(plan, f"{op}.rope_k", k, rope.table, n_heads=Hk, head_dim=D,
                                  interleaved=rope.interleaved),
                      rope.cache.update_launch(plan, f"{op}.kv", k, v)]
        return steps

    plan.add_node(op, kind, spec, ROUTES[kind], ProjectionArgs(fused, split))


@dataclass(frozen=True)
class Inputs:
    """What the fused kernel reads: x and the norm's gain where it folds the norm in, h where it does not."""

    x: Buffer
    gain: DeviceWeight
    h: Buffer
    eps: float


@dataclass(frozen=True)
class Fused:
    """Build args of the fused route's levels (tile, then norm placement): what its kernel binds, and
    the tile once the tile level chose it."""

    spec: ProjectionSpec
    tiles: lin.LinearSpec          # the packed tensor as the tile rows read it
    kind: str                      # the kernel's epilogue: qkv, qkv_rope or gate_up
    out_rows: int                  # rows of W its columns cover (gate_up: the gate rows)
    paired: bool                   # gate_up: each column covers gate rows and the same up rows
    uniforms: tuple[Buffer, ...]   # params, step
    weights: tuple[Buffer, ...]    # the packed parts
    bias: Buffer
    outs: tuple[Buffer, ...]
    inputs: Inputs
    norm: Launch                   # the rmsnorm's own dispatch, where it is not folded in
    partials: Buffer               # a split tile's K slice sums
    splits: int
    tile: lin.Tile | None = None

    def launches(self, norm: bool) -> list[Launch]:
        """The fused kernel at the chosen tile (a split tile's two), reading x and the gain (norm folded
        in) or h."""
        kind = f"{self.kind}_norm" if norm else self.kind
        x = self.inputs.x if norm else self.inputs.h
        gain = (self.inputs.gain.parts["data"],) if norm else ()
        binds = lin.Epilogue(self.uniforms, (x, *self.weights), self.bias, gain, self.outs, self.partials,
                             self.splits)
        return binds.launches(self.spec.format, kind, self.tile, self.out_rows, paired=self.paired)


@dataclass(frozen=True)
class Placement:
    """What the norm-placement rows read: the fused kernel's storage bindings with the gain folded in,
    and the tile above."""

    storage_buffers: int
    tile: lin.Tile


@dataclass(frozen=True)
class ProjectionArgs:
    fused: Fused | None            # None when the members are not packed
    split: Callable[[], list[Step]]  # the split route's steps, made when it is first chosen


def bindings_fit(ctx: Context) -> bool:
    """The fused kernel's storage bindings within the adapter's limit and the kernels' (none is generated
    past MAX_STORAGE_BINDINGS)."""
    return ctx.spec.storage_buffers <= min(ctx.limits.max_storage_buffers_per_shader_stage, MAX_STORAGE_BINDINGS)


def fused_fits(ctx: Context) -> bool:
    """The packed tensor is whole and the fused kernel's storage bindings fit."""
    return ctx.spec.packed and bindings_fit(ctx)


def fused_rows(ctx: Context) -> bool:
    """Every shape on the gpu class; on the cpu class decode and a multi-token forward's rows (up to MAX_RUN:
    a verify, jump-forward), not a prompt's chunk of two rows or more. There each fused kind's register tile
    is a kernel of its own (SwiftShader: 0.26-0.33 s to compile each for SmolLM2, 4.8-5.1 s for
    Qwen2.5-Coder's q5) beside the plain tile that o_proj and down run anyway, and split members share that
    one; a first message sent at Ready waited for them, and a chat's first short turn (3-16 new tokens) for
    the small tiles' (9-12 s). The split ran SmolLM2's prefill as fast in the page (76 and 480 tokens) and
    Qwen's faster (lavapipe 2-8% slower; bench/README.md "Time to Ready")."""
    rows = ctx.live.seq_len
    return ctx.gpu or rows == 1 or (rows <= MAX_RUN and not ctx.live.prefill)


def fold_fits(ctx: Context) -> bool:
    """A register tile (a workgroup GEMM stages x in workgroup memory), and the gain's binding within the
    storage-buffer limit."""
    return not ctx.spec.tile.bk and bindings_fit(ctx)


def folded_asked(ctx: Context) -> bool:
    return ctx.options["projection_norm"] == "folded"


def _fused_args(plan: Plan, op: str, spec: ProjectionSpec, norm: Launch, inp: Inputs, m: Members,
                outs: tuple[Buffer, ...], dummy: Buffer, rope: Rope | None) -> Fused:
    """The fused kernel's params block (one for every tile and placement) and bindings."""
    w, bias = m.packed, m.packed_bias
    assert w is not None
    kind = "qkv_rope" if rope is not None else spec.kind
    kernel = lin.tile_kernel(spec.format, kind, "m1")  # every tile of the template shares struct Params
    head = {}
    if rope is not None:
        D = rope.cache.head_dim
        head = dict(Hq=spec.outputs[0] // D, Hk=rope.cache.n_kv_heads, D=D, positions=spec.rope.positions,
                    max_ctx=rope.cache.max_ctx, interleaved=rope.interleaved)
        outs = (rope.table, outs[0], rope.cache.k, rope.cache.v)
    if spec.kind == "qkv":
        nq, nk, _ = spec.outputs
        out_rows, paired = w.shape[0], False
        head.update(nq=nq, nk=nk)
    else:
        out_rows, paired = spec.outputs[0], True  # gate rows, each paired with its up row
    tiles = lin.validate(op, w, bias)
    if out_rows % 2:  # gate_up's up rows start at out_rows: an odd start breaks the vec GEMV's row pairs
        tiles = replace(tiles, paired=False)
    if rope is not None:  # the kernel rotates whole quads of rows
        tiles = replace(tiles, quads=True)
    splits = tiles.splits(out_rows, paired)
    params = lin.uniforms(plan, op, kernel, w, spec.K, bias, N=out_rows, eps=inp.eps, splits=splits, **head)
    return Fused(spec, tiles, kind, out_rows, paired, (params, plan.step_buffer), w.bindings(),
                 bias.parts["data"] if bias is not None else dummy, outs, inp, norm,
                 lin.partials(plan, tiles, [out_rows], paired), splits)


def _fused(route: Route, a: ProjectionArgs) -> list[Step]:
    """The fused route: its tile chosen from the linear table (pinned with it)."""
    return [Sub(lin.FAMILY, FUSED_TILES, a.fused.tiles, a.fused)]


def _place_norm(route: Route, f: Fused) -> list[Step]:
    """A tile of the fused kernel: the norm's placement chosen under it."""
    t = lin.tile(route.variant)
    folded = Placement(f.spec.storage_buffers + 1, t)  # the gain folded in is one binding more
    return [Sub(NORM_FAMILY, PLACEMENTS, folded, replace(f, tile=t))]


def _norm_folded(route: Route, f: Fused) -> list[Step]:
    return [*f.launches(norm=True)]


def _norm_dispatch(route: Route, f: Fused) -> list[Step]:
    return [f.norm, *f.launches(norm=False)]


def _split(route: Route, a: ProjectionArgs) -> list[Step]:
    return a.split()


def projection_case(p: Plan, b: dict[str, Buffer], a: dict) -> None:
    """The raw-bytes case: a qkv / gate_up projection over one packed weight "w" (and "bias"); attrs:
    kind, sizes, eps, and rope ({head_dim, interleaved, theta, max_ctx}) for qkv's RoPE + cache write
    into k_cache, v_cache."""
    sizes = tuple(a["sizes"])
    bias = weight(b, "bias", a) if "bias.data" in b else None
    members = Members.of_packed(weight(b, "w", a), bias, tuple(f"m{i}" for i in range(len(sizes))), sizes)
    K, gain, rows = a["w_shape"][1], weight(b, "gain", a), a.get("max_seq", 512)
    h = storage(p.device, "h", max(4, 4 * K * rows))
    if a["kind"] == "gate_up":
        up = storage(p.device, "up", 4 * sizes[1] * rows)
        project(p, "gate_up", "gate_up", b["x"], gain, members, (b["out"],), h=h, eps=a["eps"], dummy=b["dummy"],
                scratch=up)
        return
    rope = None
    outs = tuple(b.get(n) or storage(p.device, n, 4 * size * rows) for n, size in zip("qkv", sizes))
    if "rope" in a:
        r = a["rope"]
        table = table_buffer(p, r["max_ctx"], r["head_dim"], r["theta"])
        cache = KVCache(b["k_cache"], b["v_cache"], sizes[1] // r["head_dim"], r["head_dim"], r["max_ctx"])
        rope = Rope(table, cache, r["interleaved"])
    project(p, "qkv", "qkv", b["x"], gain, members, outs, h=h, eps=a["eps"], dummy=b["dummy"], rope=rope)


# -- registration -------------------------------------------------------------------------------
NORM_FAMILY = "projection_norm"  # the norm-placement table: pinned by this family, switched by the option
PLACEMENTS = [
    Route("norm_folded", folded_asked, _norm_folded, "x * gain in the tile's loop and 1/rms from the same loads: "
          "no dispatch, no h written and read back", fits=fold_fits),
    Route("norm_dispatch", always, _norm_dispatch, "the rmsnorm writes h first: before a workgroup GEMM, where the "
          "gain would pass the storage-buffer limit, or with option projection_norm=dispatch"),
]
# The fused kernel's tiles: the linear table's rows (predicates, fits, reasons), each with the norm
# placement under it.
FUSED_TILES = [replace(r, build=_place_norm) for r in lin.ROUTES]
ROUTES = {
    "qkv": [
        Route("qkv_fused", fused_rows, _fused, "RMSNorm, then Q, K, V, RoPE and the cache write from one packed "
              "tensor in one kernel (the cpu class: decode and forwards of up to 16 rows)", fits=fused_fits),
        Route("qkv_split", always, _split, "RMSNorm, then a linear per output: any formats, any adapter; the cpu "
              "class's prompt chunks, whose members share one tile kernel (less to compile before a first message)"),
    ],
    "gate_up": [
        Route("gate_up", fused_rows, _fused, "RMSNorm, then gate and up rows paired in one kernel, silu(g) * u "
              "stored (the cpu class: decode and forwards of up to 16 rows)", fits=fused_fits),
        Route("gate_up_split", always, _split, "RMSNorm, gate, up, then the SwiGLU product: any formats, any "
              "adapter; the cpu class's prompt chunks"),
    ],
}
NAMES = ("projection",)
register(Op("projection", FAMILY, projection_case, {**ROUTES, NORM_FAMILY: PLACEMENTS}, lin.FORMATS))
