"""unary: out = f(x) elementwise, on the broadcast map kernel (shaders/elementwise/map.wgsl).

gelu takes approximate="none" (erf form) or "tanh", as torch.nn.functional.gelu.
"""
from __future__ import annotations

from ..graph.plan import Plan, Tensor
from ..graph.registry import Op, register
from .broadcast import Spec, check_dtype, check_out, check_shape
from .elementwise import MAP_ROUTES, map_op, signatures
from .single import library_case

FAMILY = "unary"
APPROXIMATE = ("none", "tanh")


def infer(name: str, x: Spec, approximate: str = "none") -> Spec:
    """The output Spec of op `name` on x; typed errors before any GPU work."""
    check_dtype(name, x.dtype, DTYPES[name])
    if approximate not in APPROXIMATE or (approximate != "none" and name != "gelu"):
        raise ValueError(f"{name}: approximate={approximate!r} is not an option (gelu takes {APPROXIMATE})")
    return Spec(check_shape(name, "x", x.shape), x.dtype)


def build(plan: Plan, op: str, name: str, x: Tensor, *, out: Tensor, approximate: str = "none") -> None:
    """Append out = name(x)."""
    check_out(op, out, infer(name, x, approximate))
    kind = "gelu_tanh" if approximate == "tanh" else name
    map_op(plan, op, FAMILY, f"{kind}_{x.dtype}", [x], out)


# -- registration -------------------------------------------------------------------------------
# op name -> input dtypes (the output dtype is the input's), from map.yaml's <op>_<dtype> variants,
# which also hold each formula (gelu's tanh form: gelu_tanh_<dtype>).
NAMES = ("abs", "neg", "relu", "exp", "sqrt", "rsqrt", "sin", "cos", "tanh", "round", "hardswish", "sigmoid",
         "silu", "gelu")
DTYPES = {name: tuple(ins[0] for ins in signatures(name)) for name in NAMES}
register(*(Op(name, FAMILY, library_case(name, build), {FAMILY: MAP_ROUTES}, DTYPES[name], infer) for name in NAMES))
