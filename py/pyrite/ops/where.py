"""where: out = cond ? a : b with cond, a and b broadcast together, on the broadcast map kernel.

cond is bool; a and b share one dtype (f32, i32 or bool); a or b may be a python scalar.
"""
from __future__ import annotations

from ..errors import DTypeError
from ..graph.plan import Plan, Tensor
from ..graph.registry import Op, register
from .broadcast import Spec, broadcast_shapes, check_out, check_shape
from .elementwise import MAP_ROUTES, Operand, common_dtype, is_scalar, map_op, operand, signatures
from .single import library_case

FAMILY = "where"


def _check(name: str, cond: Tensor | Spec, a: Operand | Spec, b: Operand | Spec) -> tuple[str, Spec]:
    if is_scalar(cond) or cond.dtype != "bool":
        got = type(cond).__name__ if is_scalar(cond) else cond.dtype
        raise DTypeError(f"{name}: cond must be a bool tensor, got {got}")
    dtype, specs = common_dtype(name, [a, b], DTYPES)
    shape = broadcast_shapes(name, check_shape(name, "cond", cond.shape), *(s.shape for s in specs))
    return dtype, Spec(shape, dtype)


def infer(name: str, cond: Tensor | Spec, a: Operand | Spec, b: Operand | Spec) -> Spec:
    """The output Spec (a's and b's dtype, the broadcast shape); typed errors before any GPU work."""
    return _check(name, cond, a, b)[1]


def build(plan: Plan, op: str, name: str, cond: Tensor, a: Operand, b: Operand, *, out: Tensor) -> None:
    """Append out = where(cond, a, b)."""
    dtype, want = _check(name, cond, a, b)
    check_out(op, out, want)
    values = [operand(plan, op, i + 1, x, dtype) for i, x in enumerate((a, b))]
    map_op(plan, op, FAMILY, f"where_{dtype}", [cond, *values], out)


# -- registration -------------------------------------------------------------------------------
# the dtypes of a and b, from map.yaml's where_<dtype> variants
NAMES = ("where",)
DTYPES = tuple(ins[-1] for ins in signatures("where"))
register(Op("where", FAMILY, library_case("where", build), {FAMILY: MAP_ROUTES}, DTYPES, infer))
