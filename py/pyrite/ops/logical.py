"""logical: and, or, xor (broadcast) and not on bool tensors, on the broadcast map kernel.

bool tensors hold one byte per element (numpy's layout), four to a u32 word.
"""
from __future__ import annotations

from ..errors import ShapeError
from ..graph.plan import Plan, Tensor
from ..graph.registry import Op, register
from .broadcast import Spec, broadcast_shapes, check_out
from .elementwise import MAP_ROUTES, Operand, common_dtype, map_op, operand, signatures
from .single import library_case

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
# op name -> operand count, from its map.yaml variant <kind>_bool
NAMES = ("logical_and", "logical_or", "logical_xor", "logical_not")
ARITY = {name: len(ins) for name in NAMES for ins in signatures(name.removeprefix("logical_"))}
register(*(Op(name, FAMILY, library_case(name, build), {FAMILY: MAP_ROUTES}, ("bool",), infer) for name in NAMES))
