"""elementwise: the kernels of shaders/elementwise/.

- inplace.wgsl: a = kind(a, b) over the live rows (the block's residual add and SwiGLU gate).
- map.wgsl: out = f(inputs) with broadcasting, the one kernel skeleton behind the unary, binary,
  compare, logical, where and to_copy families; each of those validates its own dtypes and shapes
  and calls map_op with a template variant.
"""
from __future__ import annotations

import struct
from collections.abc import Sequence
from functools import cache

from .. import kernels
from ..errors import DTypeError
from ..gpu import Buffer
from ..graph.grids import ceil_div, grid_1d
from ..graph.plan import Live, Plan, Tensor, storage
from ..graph.registry import Op, register
from ..kernels import kernel_id
from ..graph.routes import Launch, Route, RouteError, Single, always, one_dispatch
from .broadcast import ITEMSIZE, Layout, Spec, check_dtype, check_shape, map_layout, numel, padded

FAMILY = "elementwise"
WG = 64  # shaders/elementwise/*.yaml
INPLACE_OPS = tuple(e.variant for e in kernels.entries(FAMILY, "inplace"))  # inplace.yaml: add, silu_mul
MAX_INPUTS = 3  # map.wgsl's params hold three stride lists

Scalar = bool | int | float
Operand = Tensor | Scalar


def inplace_launch(plan: Plan, op: str, kind: str, a: Buffer, b: Buffer, row_len: int) -> Launch:
    """The one dispatch of a = kind(a, b) over seq_len * row_len values (also a step of other routes)."""
    if kind not in INPLACE_OPS:
        raise ValueError(f"{op}: unknown in-place op {kind!r} (have {INPLACE_OPS})")
    kernel = kernel_id(FAMILY, kind)
    params = plan.uniforms(f"{op}.params", kernel, row_len=row_len)

    def grid(live: Live) -> tuple[int, int, int]:
        return grid_1d(live.seq_len * row_len, WG)

    return Launch(kernel, (params, plan.step_buffer, a, b), grid)


def inplace(plan: Plan, op: str, kind: str, a: Buffer, b: Buffer, row_len: int) -> None:
    """a = kind(a, b) elementwise over seq_len * row_len values."""
    launch = inplace_launch(plan, op, kind, a, b, row_len)
    plan.add_node(op, FAMILY, kind, INPLACE_ROUTES, launch)


def inplace_case(p: Plan, b: dict[str, Buffer], a: dict) -> None:
    """The raw-bytes case: a (updated in place) and b, attrs kind and row_len."""
    inplace(p, a["kind"], a["kind"], b["a"], b["b"], a["row_len"])


# -- the broadcast map --------------------------------------------------------------------------

def is_scalar(x: object) -> bool:
    return isinstance(x, (bool, int, float))


def spec_of(x: Spec | Tensor | Scalar, dtype: str) -> Spec:
    """An operand's Spec; a python scalar is a 0-d operand of `dtype` (the tensor operand's)."""
    if not is_scalar(x):
        return Spec(tuple(x.shape), x.dtype)  # type: ignore[union-attr]
    return Spec((), dtype)


def check_scalar(op: str, value: Scalar, dtype: str) -> None:
    """A python scalar must be representable in the tensor operand's dtype (no implicit promotion)."""
    ok = {"f32": not isinstance(value, bool),
          "i32": isinstance(value, int) and not isinstance(value, bool) and -2 ** 31 <= value < 2 ** 31,
          "bool": isinstance(value, bool)}.get(dtype, False)
    if not ok:
        raise DTypeError(f"{op}: python scalar {value!r} cannot be used with a {dtype} tensor "
                         "(cast the tensor with to_copy first)")


def common_dtype(op: str, args: Sequence[Spec | Tensor | Scalar], allowed: Sequence[str]) -> tuple[str, list[Spec]]:
    """The one dtype of the tensor operands and every operand's Spec (a scalar as a 0-d of it).

    No promotion: mixed tensor dtypes and scalars the dtype cannot hold are DTypeErrors.
    """
    tensors = [a for a in args if not is_scalar(a)]
    if not tensors:
        raise DTypeError(f"{op}: needs at least one tensor operand, got only python scalars {list(args)}")
    dtypes = sorted({t.dtype for t in tensors})  # type: ignore[union-attr]
    if len(dtypes) > 1:
        raise DTypeError(f"{op}: operands have dtypes {' and '.join(dtypes)}; cast one with to_copy first")
    check_dtype(op, dtypes[0], allowed)
    specs = []
    for i, a in enumerate(args):
        if is_scalar(a):
            check_scalar(op, a, dtypes[0])  # type: ignore[arg-type]
        else:
            check_shape(op, f"input {i}", a.shape)  # type: ignore[union-attr]
        specs.append(spec_of(a, dtypes[0]))
    return dtypes[0], specs


def scalar_bits(value: Scalar, dtype: str) -> int:
    """The u32 bit pattern of `value` stored as `dtype` (for a params field or a 0-d buffer)."""
    if dtype == "f32":
        return struct.unpack("<I", struct.pack("<f", float(value)))[0]
    if dtype == "i32":
        return struct.unpack("<I", struct.pack("<i", int(value)))[0]
    return int(bool(value))  # bool: one byte, the rest of the word zero


def operand(plan: Plan, op: str, index: int, x: Operand, dtype: str) -> Tensor:
    """A tensor operand as is; a python scalar uploaded once, at build, as a 0-d tensor."""
    if not is_scalar(x):
        return x  # type: ignore[return-value]
    buf = storage(plan.device, f"{op}.scalar{index}", 4)
    plan.device.write_buffer(buf, 0, struct.pack("<I", scalar_bits(x, dtype)))  # type: ignore[arg-type]
    return Tensor(f"{op}.scalar{index}", (), dtype, buf)


def map_op(plan: Plan, op: str, family: str, variant: str, inputs: Sequence[Tensor], out: Tensor,
           alpha_bits: int = 0) -> None:
    """Append out = variant(*inputs) with the inputs broadcast to out.shape (already validated).

    The route is picked from the coalesced layout (or pinned by plan.overrides[family]); the node
    is attested under `family`.
    """
    layout = map_layout(out.shape, [t.shape for t in inputs])
    pinned = plan.overrides.get(family)
    if pinned == "flat" and not is_flat(layout):  # flat would read broadcast operands wrongly
        raise RouteError(f"{op}: route {pinned!r} cannot run shapes {[list(t.shape) for t in inputs]} "
                         f"(coalesced rank {layout.rank}); it needs operands of one shape or scalars")
    n = numel(out.shape)
    strides = [s for k in range(MAX_INPUTS) for s in padded(layout.strides[k] if k < len(inputs) else ())]
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, variant, MAP_ROUTES[0].variant), n=n, rank=layout.rank,
                           alpha=alpha_bits, dims=padded(layout.dims), strides=strides)
    per_word = max(1, 4 // ITEMSIZE.get(out.dtype, 4))  # packed bool / f16 outputs: a word per invocation
    grid = grid_1d(ceil_div(n, per_word), WG)
    # The layout is fixed at build: the node gets the one row it selects (or the pinned one).
    routes = MAP_ROUTES if pinned else [MAP_ROUTES[0] if is_flat(layout) else MAP_ROUTES[1]]
    plan.add_node(op, family, layout, routes,
                  Single((FAMILY, variant), [params, *(t.buffer for t in inputs), out.buffer], lambda live: grid))


def is_flat(layout: Layout) -> bool:
    return layout.rank == 1


@cache
def map_variants() -> dict[str, tuple[tuple[str, ...], str]]:
    """variant -> (input dtypes, output dtype) of every map.yaml variant, read through the kernel
    registry: the families on the map derive the dtypes they accept from it."""
    return {e.variant: (tuple(e.params["IN"]), e.params["OUT"]) for e in kernels.entries(FAMILY, "map")}


def signatures(kind: str) -> dict[tuple[str, ...], str]:
    """{input dtypes: output dtype} of op kind: its map variants <kind>_<last input dtype>."""
    return {ins: out for variant, (ins, out) in map_variants().items() if variant == f"{kind}_{ins[-1]}"}


# -- registration -------------------------------------------------------------------------------
INPLACE_ROUTES = [Route("inplace", always, lambda route, launch: [launch], "the op's only kernel")]
# Routes of the map, shared by every family built on it; the row names the template's LAYOUT axis.
MAP_ROUTES = [
    Route("flat", lambda c: is_flat(c.spec), one_dispatch,
          "operands coalesce to one dim (same shape, or a broadcast scalar): offset = e * stride", "flat"),
    Route("strided", always, one_dispatch, "general broadcast: one div/mod per coalesced dim", "bcast"),
]
NAMES = ("inplace",)
register(Op("inplace", FAMILY, inplace_case, {FAMILY: INPLACE_ROUTES}, dtypes=INPLACE_OPS))
