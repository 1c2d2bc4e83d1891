"""compare: out = a op b -> bool, with broadcasting, on the broadcast map kernel.

NaN compares unequal to everything (ne is true), as numpy. Either operand may be a python scalar.
"""
from __future__ import annotations

from ..graph.plan import Plan, Tensor
from ..graph.registry import Op, register
from .broadcast import Spec, broadcast_shapes, check_out
from .elementwise import MAP_ROUTES, Operand, common_dtype, map_op, operand, signatures
from .single import library_case

FAMILY = "compare"


def infer(name: str, a: Operand | Spec, b: Operand | Spec) -> Spec:
    """The output Spec (bool, the broadcast shape); typed errors before any GPU work."""
    _, specs = common_dtype(name, [a, b], DTYPES[name])
    return Spec(broadcast_shapes(name, *(s.shape for s in specs)), "bool")


def build(plan: Plan, op: str, name: str, a: Operand, b: Operand, *, out: Tensor) -> None:
    """Append out = (a name b)."""
    dtype, _ = common_dtype(name, [a, b], DTYPES[name])
    check_out(op, out, infer(name, a, b))
    map_op(plan, op, FAMILY, f"{name}_{dtype}", [operand(plan, op, i, x, dtype) for i, x in enumerate((a, b))], out)


# -- registration -------------------------------------------------------------------------------
# op name -> operand dtypes, from map.yaml's <op>_<dtype> variants
NAMES = ("eq", "ne", "lt", "le", "gt", "ge")
DTYPES = {name: tuple(ins[0] for ins in signatures(name)) for name in NAMES}
register(*(Op(name, FAMILY, library_case(name, build), {FAMILY: MAP_ROUTES}, DTYPES[name], infer) for name in NAMES))
