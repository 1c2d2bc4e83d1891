"""binary: out = a op b with broadcasting (numpy rules), on the broadcast map kernel.

Either operand may be a python scalar (a 0-d operand of the tensor's dtype, uploaded at build).
sub takes alpha: a - alpha * b, as torch.sub. No dtype promotion: both tensors share one dtype.
"""
from __future__ import annotations

from ..graph.plan import Plan, Tensor
from ..graph.registry import Op, register
from .broadcast import Spec, broadcast_shapes, check_out
from .elementwise import MAP_ROUTES, Operand, check_scalar, common_dtype, map_op, operand, scalar_bits, signatures
from .single import library_case

FAMILY = "binary"


def _check(name: str, a: Operand | Spec, b: Operand | Spec, alpha: float) -> tuple[str, Spec]:
    dtype, specs = common_dtype(name, [a, b], tuple(OUT_DTYPE[name]))
    if alpha != 1:
        if name != "sub":
            raise ValueError(f"{name}: alpha={alpha!r} is only an option of sub")
        check_scalar(name, alpha, dtype)
    return dtype, Spec(broadcast_shapes(name, *(s.shape for s in specs)), OUT_DTYPE[name][dtype])


def infer(name: str, a: Operand | Spec, b: Operand | Spec, alpha: float = 1) -> Spec:
    """The output Spec of `a name b`; typed errors before any GPU work."""
    return _check(name, a, b, alpha)[1]


def build(plan: Plan, op: str, name: str, a: Operand, b: Operand, *, out: Tensor, alpha: float = 1) -> None:
    """Append out = a name b (out already allocated with infer's shape and dtype)."""
    dtype, want = _check(name, a, b, alpha)
    check_out(op, out, want)
    inputs = [operand(plan, op, i, x, dtype) for i, x in enumerate((a, b))]
    map_op(plan, op, FAMILY, f"{name}_{dtype}", inputs, out, alpha_bits=scalar_bits(alpha, dtype))


# -- registration -------------------------------------------------------------------------------
# op name -> {input dtype: output dtype}, from map.yaml's <op>_<dtype> variants (i32 div is true
# division, numpy's, so it gives f32).
NAMES = ("add", "sub", "mul", "div", "minimum", "maximum", "pow", "floor_divide")
OUT_DTYPE = {name: {ins[0]: out for ins, out in signatures(name).items()} for name in NAMES}
register(*(Op(name, FAMILY, library_case(name, build), {FAMILY: MAP_ROUTES}, OUT_DTYPE[name], infer)
           for name in NAMES))
