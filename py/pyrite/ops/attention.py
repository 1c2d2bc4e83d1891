"""attention: general (non-causal) attention for encoder and vision models.

q [B, H, Sq, D], k and v [B, H, Skv, D] f32, an optional additive mask [Sq, Skv] -> out [B, H, Sq, D].
Each route is three dispatches (QK into scores [B*H*Sq, Skv], softmax in place, P V); the routes
differ only in how QK is spread over invocations, so the floor between them affects speed alone.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.grids import grid_1d
from ..graph.plan import Plan, Tensor
from ..graph.registry import HostTensor, Op, register
from ..graph.routes import Context, Launch, Route, RouteError, always
from ..kernels import get, kernel_id
from .broadcast import Spec
from .single import Case

FAMILY = "attention"
OCCUPANCY_FLOOR = 4096  # rows (B * H * Sq) below which one invocation per row leaves the adapter idle
F32 = 4


@dataclass(frozen=True)
class AttentionSpec:
    B: int
    H: int
    Sq: int
    Skv: int
    D: int
    has_mask: bool

    @property
    def rows(self) -> int:
        return self.B * self.H * self.Sq


def validate(op: str, q: tuple, k: tuple, v: tuple, mask: tuple | None, pinned: str | None = None) -> AttentionSpec:
    """ShapeError naming the op and the shapes (RouteError for a pin that cannot run them), before any GPU work."""
    shapes = {"q": q, "k": k, "v": v}
    for name, shape in shapes.items():
        if len(shape) != 4 or min(shape) <= 0:
            raise ShapeError(f"{op}: {name} must be [B, H, S, D] with no empty dim, got {list(shape)}")
    (B, H, Sq, D), (Bk, Hk, Skv, _) = q, k
    if len({q[3], k[3], v[3]}) > 1:
        raise ShapeError(f"{op}: head dims differ: q {list(q)}, k {list(k)}, v {list(v)}")
    if (Bk, Hk) != (B, H) or tuple(v) != tuple(k):
        raise ShapeError(f"{op}: k and v must be [B={B}, H={H}, Skv, D={D}], got k {list(k)}, v {list(v)}")
    if mask is not None and tuple(mask) != (Sq, Skv):
        raise ShapeError(f"{op}: mask must be [Sq={Sq}, Skv={Skv}], got {list(mask)}")
    if pinned == "qk_row" and D % 4:
        raise RouteError(f"{op}: route 'qk_row' reads vec4s: head dim {D} is not a multiple of 4")
    return AttentionSpec(B, H, Sq, Skv, D, mask is not None)


@dataclass(frozen=True)
class AttentionArgs:
    plan: Plan
    op: str
    spec: AttentionSpec
    q: Buffer
    k: Buffer
    v: Buffer
    mask: Buffer
    out: Buffer


def attention(plan: Plan, op: str, q: Tensor, k: Tensor, v: Tensor, out: Tensor, *, mask: Tensor | None = None,
              dummy: Buffer) -> None:
    """Append out = softmax(q k^T / sqrt(D) + mask) v."""
    spec = validate(op, q.shape, k.shape, v.shape, mask.shape if mask is not None else None,
                    plan.overrides.get(FAMILY))
    if tuple(out.shape) != tuple(q.shape):
        raise ShapeError(f"{op}: out must be {list(q.shape)}, got {list(out.shape)}")
    args = AttentionArgs(plan, op, spec, q.buffer, k.buffer, v.buffer,
                         mask.buffer if mask is not None else dummy, out.buffer)
    plan.add_node(op, FAMILY, spec, ROUTES, args)


def build(route: Route, a: AttentionArgs) -> list[Launch]:
    """QK by the row's variant, then the shared softmax and P V."""
    s = a.spec
    params = a.plan.uniforms(f"{a.op}.params", kernel_id(FAMILY, route.variant), rows=s.rows, Sq=s.Sq, Skv=s.Skv,
                             D=s.D, scale=1.0 / math.sqrt(s.D), has_mask=s.has_mask)
    scores = a.plan.scratch(f"{a.op}.scores", s.rows * s.Skv * F32)
    wg = get(kernel_id(FAMILY, route.variant)).workgroup_size[0]
    qk = grid_1d(s.rows if route.variant == "qk_row" else s.rows * s.Skv, wg)
    softmax = grid_1d(s.rows, 1)  # one workgroup per row, folded into y past 65535
    av = grid_1d(s.rows * s.D, get(kernel_id(FAMILY, "av")).workgroup_size[0])
    return [Launch(kernel_id(FAMILY, route.variant), (params, a.q, a.k, a.mask, scores), lambda live: qk),
            Launch(kernel_id(FAMILY, "softmax"), (params, scores), lambda live: softmax),
            Launch(kernel_id(FAMILY, "av"), (params, scores, a.v, a.out), lambda live: av)]


def wants_entry(ctx: Context) -> bool:
    return ctx.spec.rows < OCCUPANCY_FLOOR or ctx.spec.D % 4 != 0


def attention_case(p: Plan, b: dict[str, Buffer], a: dict) -> None:
    """The raw-bytes case: q/k/v (and mask) f32 with their shapes in attrs; out has q's shape."""
    def t(name: str, shape_of: str | None = None) -> Tensor:
        return Tensor(name, tuple(a[f"{shape_of or name}_shape"]), "f32", b[name])

    attention(p, "attention", t("q"), t("k"), t("v"), t("out", "q"), mask=t("mask") if "mask" in b else None,
              dummy=b["dummy"])


def attention_host(q: HostTensor, k: HostTensor, v: HostTensor, *, mask: HostTensor | None = None,
                   overrides: dict[str, str], options: dict) -> tuple[Case, Spec]:
    """eager attention: q [B, H, Sq, D], k, v [B, H, Skv, D], mask [Sq, Skv] additive or None; not causal."""
    tensors = {"q": q, "k": k, "v": v, **({"mask": mask} if mask is not None else {})}
    for name in "qkv":
        if len(tensors[name].shape) != 4:
            raise ShapeError(f"attention: {name} must be a 4-D float array, got {list(tensors[name].shape)}")
    validate("attention", q.shape, k.shape, v.shape, None if mask is None else mask.shape, overrides.get(FAMILY))
    return (Case("attention", {f"{n}_shape": list(t.shape) for n, t in tensors.items()},
                 {n: t.data for n, t in tensors.items()}, {"out": len(q.data)}, overrides=overrides, options=options),
            Spec(q.shape, "f32"))


# -- registration -------------------------------------------------------------------------------
ROUTES = [
    Route("qk_entry", wants_entry, build,
          "few rows (channel attention): one invocation per score keeps the adapter busy", "qk_entry"),
    Route("qk_row", always, build, "many rows: one invocation per row, vec4 loads, each q row read once",
          "qk_row"),
]
NAMES = ("attention",)
register(Op("attention", FAMILY, attention_case, {FAMILY: ROUTES}, host=attention_host))
