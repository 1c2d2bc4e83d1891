"""logical: and, or, xor (broadcast) and not on bool tensors, on the broadcast map kernel.

bool tensors hold one byte per element (numpy's layout), four to a u32 word.
"""
from __future__ import annotations

from ..errors import ShapeError
from ..graph.plan import Plan, Tensor
from .broadcast import Spec, broadcast_shapes, check_out
from .elementwise import Operand, common_dtype, map_op, operand

FAMILY = "logical"


def infer(name: str, *args: Operand | Spec) -> Spec:
    """The output Spec (bool); typed errors before any GPU work."""
    if len(args) != ARITY[name]:
        raise ShapeError(f"{name}: takes {ARITY[name]} operand(s), got {len(args)}")
    _, specs = common_dtype(name, args, ("bool",))
    return Spec(broadcast_shapes(name, *(s.shape for s in specs)), "bool")


def build(plan: Plan, op: str, name: str, *args: Operand, out: Tensor) -> None:
    """Append out = name(*args)."""
    check_out(op, out, infer(name, *args))
    kind = name.removeprefix("logical_")
    map_op(plan, op, FAMILY, f"{kind}_bool", [operand(plan, op, i, x, "bool") for i, x in enumerate(args)], out)


# -- registration -------------------------------------------------------------------------------
ARITY = {"logical_and": 2, "logical_or": 2, "logical_xor": 2, "logical_not": 1}
NAMES = tuple(ARITY)
