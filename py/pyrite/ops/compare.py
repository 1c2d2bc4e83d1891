"""compare: out = a op b -> bool, with broadcasting, on the broadcast map kernel.

NaN compares unequal to everything (ne is true), as numpy. Either operand may be a python scalar.
"""
from __future__ import annotations

from ..graph.plan import Plan, Tensor
from .broadcast import Spec, broadcast_shapes, check_out
from .elementwise import Operand, common_dtype, map_op, operand

FAMILY = "compare"


def infer(name: str, a: Operand | Spec, b: Operand | Spec) -> Spec:
    """The output Spec (bool, the broadcast shape); typed errors before any GPU work."""
    _, specs = common_dtype(name, [a, b], DTYPES)
    return Spec(broadcast_shapes(name, *(s.shape for s in specs)), "bool")


def build(plan: Plan, op: str, name: str, a: Operand, b: Operand, *, out: Tensor) -> None:
    """Append out = (a name b)."""
    dtype, _ = common_dtype(name, [a, b], DTYPES)
    check_out(op, out, infer(name, a, b))
    map_op(plan, op, FAMILY, f"{name}_{dtype}", [operand(plan, op, i, x, dtype) for i, x in enumerate((a, b))], out)


# -- registration -------------------------------------------------------------------------------
DTYPES = ("f32", "i32")
NAMES = ("eq", "ne", "lt", "le", "gt", "ge")
