"""unary: out = f(x) elementwise, on the broadcast map kernel (shaders/elementwise/map.wgsl).

gelu takes approximate="none" (erf form) or "tanh", as torch.nn.functional.gelu.
"""
from __future__ import annotations

from ..graph.plan import Plan, Tensor
from .broadcast import Spec, check_dtype, check_out, check_shape
from .elementwise import map_op

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
# op name -> input dtypes (the output dtype is the input's); map.yaml holds each variant's formula.
FLOAT = ("f32",)
SIGNED = ("f32", "i32")
DTYPES = {
    "abs": SIGNED, "neg": SIGNED, "relu": SIGNED,
    "exp": FLOAT, "sqrt": FLOAT, "rsqrt": FLOAT, "sin": FLOAT, "cos": FLOAT, "tanh": FLOAT, "round": FLOAT,
    "hardswish": FLOAT, "sigmoid": FLOAT, "silu": FLOAT, "gelu": FLOAT,
}
NAMES = tuple(DTYPES)
