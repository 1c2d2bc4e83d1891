"""sdpa: causal grouped-query attention of the live queries over the fp16 KV cache.

q [S, Hq, D] f32, the cache [Hkv, max_ctx, D/2] fp16 pairs, out [S, Hq, D] f32; token s (at position
pos + s) attends to cache positions 0 .. pos + s. Routes, first match wins per execution:
flash_decode for decode and multi-token forwards (up to 16 tokens: each row as its decode step),
stream_q16 / stream_q32 for longer prefill, materialized for whatever the others reject. The one_split
row (flash with a single split) exists to be pinned as a baseline.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .. import kernels
from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.grids import ceil_div
from ..graph.multistep import MAX_RUN
from ..graph.plan import Live, Plan
from ..graph.registry import HostTensor, Op, register
from ..graph.routes import Context, Launch, Route
from ..kernels import get, kernel_id
from .broadcast import Spec
from .kv_cache import KVCache, host_cache
from .single import Case

FAMILY = "sdpa"
MAX_D = 256                # shaders/sdpa/*.yaml MAX_D: the largest head dim any route supports
MAX_SPLITS = 16            # flash, cpu class: most splits per query row (parallel workgroups per head)
SPLIT_MIN = 512            # ... fewest keys per split: a workgroup's fixed cost outweighs its keys' below that
CPU_SPLIT = "flash_split_w4"  # ... the split kernel: 4 lanes a workgroup (flash.yaml)
GPU_UNITS = 32             # flash, gpu class: the compute units of the modeled GPU (WebGPU does not tell)
GPU_WAVES = 4              # ... and the workgroups each should have in flight to hide memory latency
GPU_SPLIT_MIN = 16         # ... fewest keys per split: a 256-key cache already fills the modeled GPU
GPU_SPLIT = "flash_split"  # ... the split kernel: 16 lanes a workgroup
SCORES_BUDGET = 32 << 20   # materialized: most bytes of scores per block of query rows
F32 = 4


@dataclass(frozen=True)
class SdpaSpec:
    Hq: int
    Hkv: int
    D: int
    max_ctx: int           # cache rows per KV head
    max_seq: int           # query rows the q / out buffers hold

    @property
    def group(self) -> int:
        return self.Hq // self.Hkv

    def check_live(self, live: Live) -> None:
        """Typed errors for a live shape the buffers cannot hold, before any dispatch."""
        if live.seq_len > self.max_seq:
            raise ShapeError(f"sdpa: {live.seq_len} query tokens, but the q/out buffers hold {self.max_seq}")
        if live.kv_len > self.max_ctx:
            raise ShapeError(f"sdpa: start {live.pos} + S {live.seq_len} = {live.kv_len} exceeds the cache "
                             f"length {self.max_ctx}")


def validate(op: str, Hq: int, Hkv: int, D: int, max_ctx: int, max_seq: int) -> SdpaSpec:
    """ShapeError naming the op and geometry for anything no route can run."""
    if Hkv <= 0 or Hq <= 0 or Hq % Hkv:
        raise ShapeError(f"{op}: {Hq} query heads are not a multiple of {Hkv} KV heads")
    if D <= 0 or D % 2 or D > MAX_D:
        raise ShapeError(f"{op}: head dim {D} is supported by no route (it must be even and at most {MAX_D})")
    return SdpaSpec(Hq, Hkv, D, max_ctx, max_seq)


@dataclass(frozen=True)
class SdpaArgs:
    plan: Plan
    op: str
    spec: SdpaSpec
    q: Buffer
    cache: KVCache
    out: Buffer


def sdpa(plan: Plan, op: str, q: Buffer, cache: KVCache, out: Buffer, *, n_heads: int, max_seq: int) -> None:
    """out[s, h] = softmax(q[s, h] . K[:pos+s+1] / sqrt(D)) V, with K/V head h // (Hq / Hkv)."""
    spec = validate(op, n_heads, cache.n_kv_heads, cache.head_dim, cache.max_ctx, max_seq)
    plan.add_node(op, FAMILY, spec, ROUTES, SdpaArgs(plan, op, spec, q, cache, out))


# -- pure dispatch math (tests/graph/test_sdpa_grids.py) ----------------------------------------------

def flash_splits(kv_len: int, max_splits: int, split_min: int) -> int:
    """Splits of a flash execution: one per split_min keys, at most max_splits (the kernels' flash_splits)."""
    return min(max(ceil_div(kv_len, split_min), 1), max_splits)


@dataclass(frozen=True)
class SplitPolicy:
    """How flash splits a decode's cache: at most max_splits workgroups per query head, each of at least
    split_min keys (the kernels' Params of the same names), and the split kernel that runs them (its
    lanes per workgroup)."""

    max_splits: int
    split_min: int
    variant: str


def split_policy(adapter_class: str, Hq: int) -> SplitPolicy:
    """The cpu class splits by cache length alone, in few splits of few lanes: 2 cores are busy with the
    heads already, and each workgroup costs SwiftShader a fixed share (decode attention over 456 keys
    ran 1.2x faster in one split than in 8 of 64 keys). The gpu class also by the adapter: enough splits
    that Hq x splits workgroups fill GPU_UNITS units GPU_WAVES deep once the cache holds 256 keys."""
    if adapter_class == "gpu":
        return SplitPolicy(max(ceil_div(GPU_UNITS * GPU_WAVES, Hq), 1), GPU_SPLIT_MIN, GPU_SPLIT)
    return SplitPolicy(MAX_SPLITS, SPLIT_MIN, CPU_SPLIT)


def stream_grid(S: int, spec: SdpaSpec, qt: int) -> tuple[int, int, int]:
    """x: query tiles of qt rows over the S * G rows of a KV head group; y: KV heads."""
    return (max(ceil_div(S * spec.group, qt), 1), spec.Hkv, 1)


def head_dim_suffix(D: int, sizes: tuple[int, ...]) -> str:
    """The kernel suffix of the smallest head-dim size that holds D (MAX_D sizes arrays and tiles)."""
    return f"d{min(s for s in sizes if s >= D)}"


def stream_kernel(variant: str, D: int) -> str:
    """A stream variant at the smallest head-dim variant that holds D (its tiles size workgroup memory)."""
    return kernel_id(FAMILY, variant, head_dim_suffix(D, STREAM_HEAD_DIMS))


def flash_dim(D: int) -> str:
    """The dim suffix of the split kernel for head dim D (its unrolled registers and workgroup memory):
    made for D itself (no guard in its key loop), else the smallest that holds D."""
    return f"d{D}" if D in FLASH_EXACT_DIMS else f"to{min(d for d in FLASH_HEAD_DIMS if d >= D)}"


def flash_kernel(D: int, variant: str) -> str:
    """The split kernel (SplitPolicy.variant: its lanes) for head dim D."""
    return kernel_id(FAMILY, variant, flash_dim(D))


def stream_workgroup_bytes(variant: str, D: int) -> int:
    """Workgroup memory of a stream kernel: the K and V tiles, KT keys x MAX_D f32 each."""
    p = get(stream_kernel(variant, D)).params
    return 2 * p["KT"] * p["MAX_D"] * F32


def flash_workgroup_bytes(D: int, variant: str) -> int:
    """Workgroup memory of a split kernel at head dim D: each lane's (max, sum) and rescaled output."""
    p = get(flash_kernel(D, variant)).params
    return p["WG"] * 8 + p["WG"] * (p["MAX_D"] // 2) * 8


def score_row_bytes(spec: SdpaSpec) -> int:
    """One query row's scores in the materialized route: [Hq, max_ctx] f32."""
    return spec.Hq * spec.max_ctx * F32


def materialized_block(spec: SdpaSpec, binding_limit: int) -> int:
    """Query rows per materialized block: as many as SCORES_BUDGET and the binding limit allow (>= 1)."""
    return max(1, min(spec.max_seq, min(SCORES_BUDGET, binding_limit) // score_row_bytes(spec)))


# -- route predicates --------------------------------------------------------------------------------

def _fits_grid(ctx: Context, grid: tuple[int, int, int]) -> bool:
    return max(grid) <= ctx.limits.max_compute_workgroups_per_dimension


def stream_ok(ctx: Context, variant: str) -> bool:
    """Guards: workgroup storage, invocations, grid limits."""
    qt = STREAM_TILES[variant]
    return (stream_workgroup_bytes(variant, ctx.spec.D) <= ctx.limits.max_compute_workgroup_storage_size
            and qt <= ctx.limits.max_compute_invocations_per_workgroup
            and _fits_grid(ctx, stream_grid(ctx.live.seq_len, ctx.spec, qt)))


def wants_stream(ctx: Context, variant: str) -> bool:
    """Prefill, the query tile the options ask for, and the guards hold."""
    return (ctx.live.seq_len > 1 and ctx.options["sdpa_query_tile"] == STREAM_TILES[variant]
            and stream_ok(ctx, variant))


def flash_ok(ctx: Context) -> bool:
    """Decode, or a multi-token forward (graph/multistep.py: each row reduced as its decode step), at a
    head dim in whole vec4 steps."""
    variant = split_policy(ctx.adapter_class, ctx.spec.Hq).variant
    return (ctx.live.seq_len <= flash_rows(ctx.spec.max_seq) and ctx.spec.D % 4 == 0
            and flash_workgroup_bytes(ctx.spec.D, variant) <= ctx.limits.max_compute_workgroup_storage_size
            and ctx.spec.Hq <= ctx.limits.max_compute_workgroups_per_dimension)


def flash_rows(max_seq: int) -> int:
    """Query rows unpinned flash runs: a decode step's one, or a multi-token forward's up to MAX_RUN."""
    return min(MAX_RUN, max_seq)


def materialized_ok(ctx: Context) -> bool:
    return score_row_bytes(ctx.spec) <= ctx.limits.max_storage_buffer_binding_size


# -- route builds ------------------------------------------------------------------------------------

def params(a: SdpaArgs, name: str, *, row_stride: int = 0, max_splits: int = 1, split_min: int = 1,
           q0: int = 0) -> Buffer:
    """The params block every sdpa kernel reads (shaders/_lib/sdpa.wgsli Params)."""
    s = a.spec
    return a.plan.uniforms(f"{a.op}.{name}.params", kernel_id(FAMILY, "flash_combine"), Hq=s.Hq, Hkv=s.Hkv, D=s.D,
                           max_ctx=s.max_ctx, scale=1.0 / math.sqrt(s.D), row_stride=row_stride,
                           max_splits=max_splits, split_min=split_min, q0=q0)


def build_stream(route: Route, a: SdpaArgs) -> list[Launch]:
    kernel, qt = stream_kernel(route.variant, a.spec.D), STREAM_TILES[route.variant]

    def grid(live: Live) -> tuple[int, int, int]:
        return stream_grid(live.seq_len, a.spec, qt)

    bindings = (params(a, route.name), a.plan.step_buffer, a.q, a.cache.k, a.cache.v, a.out)
    return [Launch(kernel, bindings, grid)]


def build_flash(route: Route, a: SdpaArgs) -> list[Launch]:
    """split (Hq x S x splits workgroups) then combine; one_split pins the split count to 1."""
    s = a.spec
    policy = split_policy(a.plan.adapter_class, s.Hq)
    max_splits, split_min = (1, policy.split_min) if route.name == "one_split" else (policy.max_splits, policy.split_min)
    p = params(a, route.name, max_splits=max_splits, split_min=split_min)
    # Unpinned, flash runs decode and multi-token forwards; pinned, it may run any live S.
    rows = s.max_seq if a.plan.overrides.get(FAMILY) == route.name else flash_rows(s.max_seq)
    ml = a.plan.scratch(f"sdpa.{route.name}.ml.{rows}", rows * s.Hq * max_splits * 8)
    part = a.plan.scratch(f"sdpa.{route.name}.o.{rows}", rows * s.Hq * max_splits * s.D * F32)
    wg_combine = get(kernel_id(FAMILY, "flash_combine")).workgroup_size[0]

    def split_grid(live: Live) -> tuple[int, int, int]:
        return (s.Hq, live.seq_len, flash_splits(live.kv_len, max_splits, split_min))

    def combine_grid(live: Live) -> tuple[int, int, int]:
        return (ceil_div(s.Hq * s.D // 2, wg_combine), live.seq_len, 1)

    step = a.plan.step_buffer
    return [Launch(flash_kernel(s.D, policy.variant), (p, step, a.q, a.cache.k, a.cache.v, ml, part), split_grid),
            Launch(kernel_id(FAMILY, "flash_combine"), (p, step, ml, part, a.out), combine_grid)]


def build_materialized(route: Route, a: SdpaArgs) -> list[Launch]:
    """Per block of query rows: scores [rows, Hq, max_ctx] -> softmax in place -> P V, over one scratch
    buffer. Blocks past the live S get empty grids (the plan skips them)."""
    s = a.spec
    rows = materialized_block(s, a.plan.device.limits.max_storage_buffer_binding_size)
    scores = a.plan.scratch("sdpa.materialized.scores", rows * score_row_bytes(s))
    wg_qk = get(kernel_id(FAMILY, "mat_qk")).workgroup_size[0]
    wg_av = get(kernel_id(FAMILY, "mat_av")).workgroup_size[0]
    step = a.plan.step_buffer
    launches = []
    for q0 in range(0, s.max_seq, rows):
        p = params(a, f"{route.name}.{q0}", row_stride=s.max_ctx, q0=q0)

        def live_rows(live: Live, q0: int = q0) -> int:
            return max(0, min(rows, live.seq_len - q0))

        def qk_grid(live: Live, n=live_rows) -> tuple[int, int, int]:
            return (ceil_div(live.kv_len, wg_qk), n(live), s.Hq)

        def softmax_grid(live: Live, n=live_rows) -> tuple[int, int, int]:
            return (s.Hq, n(live), 1)

        def av_grid(live: Live, n=live_rows) -> tuple[int, int, int]:
            return (ceil_div(s.Hq * s.D, wg_av), n(live), 1)

        launches += [Launch(kernel_id(FAMILY, "mat_qk"), (p, step, a.q, a.cache.k, scores), qk_grid),
                     Launch(kernel_id(FAMILY, "mat_softmax"), (p, step, scores), softmax_grid),
                     Launch(kernel_id(FAMILY, "mat_av"), (p, step, scores, a.cache.v, a.out), av_grid)]
    return launches


# -- one op on raw bytes ----------------------------------------------------------------------------

def sdpa_case(p: Plan, b: dict[str, Buffer], a: dict) -> None:
    """The raw-bytes case: kv_cache update + sdpa; the cache comes in pre-filled for positions < pos."""
    cache = KVCache(b["k_cache"], b["v_cache"], a["n_kv_heads"], a["head_dim"], a["max_ctx"])
    cache.update(p, "kv_update", b["k"], b["v"])
    sdpa(p, "sdpa", b["q"], cache, b["out"], n_heads=a["n_heads"], max_seq=a.get("max_seq", a["max_ctx"]))


def sdpa_host(q: HostTensor, k: HostTensor, v: HostTensor, *, start_pos: int = 0, overrides: dict[str, str],
              options: dict) -> tuple[Case, Spec]:
    """eager sdpa: q [S, Hq, D]; k, v [start_pos + S, Hkv, D], the whole cache (stored as fp16, as the
    engine's cache is); token s attends to positions 0 .. start_pos + s."""
    for name, t in (("q", q), ("k", k), ("v", v)):
        if len(t.shape) != 3:
            raise ShapeError(f"sdpa: {name} must be a 3-D float array, got {list(t.shape)}")
    S, Hq, D = q.shape
    if len({D, k.shape[2], v.shape[2]}) > 1 or k.shape != v.shape:
        raise ShapeError(f"sdpa: head dims or cache shapes differ: q {list(q.shape)}, k {list(k.shape)}, "
                         f"v {list(v.shape)}")
    if not isinstance(start_pos, int) or start_pos < 0 or k.shape[0] < start_pos + S:
        raise ShapeError(f"sdpa: the cache holds {k.shape[0]} positions, shorter than start_pos {start_pos} + "
                         f"S {S}")
    max_ctx, Hkv = k.shape[0], k.shape[1]
    validate("sdpa", Hq, Hkv, D, max_ctx, S)
    row = Hkv * D * F32  # bytes of one position of k or v
    live = slice(start_pos * row, (start_pos + S) * row)
    inputs = {"q": q.data, "k": k.data[live], "v": v.data[live], "k_cache": host_cache(k, start_pos, max_ctx),
              "v_cache": host_cache(v, start_pos, max_ctx)}
    attrs = {"n_heads": Hq, "n_kv_heads": Hkv, "head_dim": D, "max_ctx": max_ctx, "max_seq": S}
    return (Case("sdpa", attrs, inputs, {"out": len(q.data)}, seq_len=S, pos=start_pos, overrides=overrides,
                 options=options), Spec(q.shape, "f32"))


# -- registration -------------------------------------------------------------------------------
# read from the manifests: stream.yaml's variants (QT: query rows per workgroup) and MAX_D axis, and
# flash.yaml's split kernels' head dims: those made for one head dim, and those that hold any up to theirs
STREAM_TILES = {e.variant: e.params["QT"] for e in kernels.entries(FAMILY, "stream")}
STREAM_HEAD_DIMS = tuple(sorted({e.params["MAX_D"] for e in kernels.entries(FAMILY, "stream")}))
FLASH_EXACT_DIMS = tuple(sorted({e.params["MAX_D"] for e in kernels.entries(FAMILY, "flash") if e.params["EXACT"]}))
FLASH_HEAD_DIMS = tuple(sorted({e.params["MAX_D"] for e in kernels.entries(FAMILY, "flash")
                                if not e.params["EXACT"]}))
ROUTES = [
    Route("flash_decode", flash_ok, build_flash,
          "decode, and multi-token forwards of up to 16 tokens (jump-forward, verify): the cache split across "
          "parallel workgroups, then a combine pass; each query row split by its own causal length, as its "
          "decode step splits it, so its output equals that step's bit for bit"),
    Route("stream_q16", lambda c: wants_stream(c, "stream_q16"), build_stream,
          "prefill: 16 query rows share each streamed K/V tile; no S x S_kv buffer", "stream_q16"),
    Route("stream_q32", lambda c: wants_stream(c, "stream_q32"), build_stream,
          "prefill, option sdpa_query_tile=32: twice the rows per K/V tile, half the workgroups", "stream_q32"),
    Route("one_split", lambda c: False, build_flash,
          "flash with one split: the baseline flash_decode is measured against (pin it)"),
    Route("materialized", materialized_ok, build_materialized,
          "fallback for any shape or adapter the others reject: scores, softmax, P V"),
]
NAMES = ("sdpa",)
register(Op("sdpa", FAMILY, sdpa_case, {FAMILY: ROUTES}, host=sdpa_host))
