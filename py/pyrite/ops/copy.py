"""copy: to_copy(x, dtype) converts dtypes elementwise, on the broadcast map kernel.

f32 -> i32 truncates toward zero (NaN, inf and out-of-range give INT_MIN, as numpy on x86);
i32 -> f32 rounds to nearest even; f32 -> f16 rounds to nearest even (overflow: inf) and
f16 -> f32 is exact; anything -> bool is x != 0 (NaN is true). A same-dtype copy moves words.
"""
from __future__ import annotations

from ..graph.plan import Plan, Tensor
from ..graph.registry import Op, register
from .broadcast import ITEMSIZE, Spec, check_dtype, check_out, check_shape, nbytes
from .elementwise import MAP_ROUTES, map_op, map_variants
from .single import library_case

FAMILY = "copy"


def infer(name: str, x: Spec, dtype: str) -> Spec:
    """The output Spec (x's shape in `dtype`); typed errors before any GPU work."""
    check_dtype(name, x.dtype, tuple(ITEMSIZE))
    if dtype != x.dtype:
        check_dtype(f"{name} from {x.dtype}", dtype, CONVERSIONS.get(x.dtype, ()))
    return Spec(check_shape(name, "x", x.shape), dtype)


def build(plan: Plan, op: str, name: str, x: Tensor, *, out: Tensor, dtype: str | None = None) -> None:
    """Append out = x converted to out.dtype (`dtype`, when given, must agree)."""
    check_out(op, out, infer(name, x, dtype or out.dtype))
    if x.dtype == out.dtype:
        words = -(-nbytes(x.shape, x.dtype) // 4)  # buffers are whole words, padding included
        flat = Tensor(x.name, (words,), "u32", x.buffer)
        map_op(plan, op, FAMILY, "copy_words", [flat], Tensor(out.name, (words,), "u32", out.buffer))
        return
    map_op(plan, op, FAMILY, f"copy_{x.dtype}_{out.dtype}", [x], out)


def conversions() -> dict[str, tuple[str, ...]]:
    """source dtype -> the dtypes it converts to: map.yaml's copy_<from>_<to> variants."""
    out: dict[str, tuple[str, ...]] = {}
    for variant, (ins, dst) in map_variants().items():
        if variant == f"copy_{ins[0]}_{dst}":
            out[ins[0]] = (*out.get(ins[0], ()), dst)
    return out


# -- registration -------------------------------------------------------------------------------
NAMES = ("to_copy",)
CONVERSIONS = conversions()
register(Op("to_copy", FAMILY, library_case("to_copy", build), {FAMILY: MAP_ROUTES}, CONVERSIONS, infer))
