"""Cases of the general op library, keyed by registered op name, with numpy references.

The same cases run natively (test_library_native.py) and in the page (tests/browser/test_library.py).
Sizes are primes (113, 89, 41, 37, 7, 5, 3) so no size is a workgroup multiple by accident; each op
also meets broadcast edge cases, python scalars, empty tensors and special values (NaN, +-inf,
-0.0, huge and subnormal magnitudes).

Tolerances, (rtol, atol) on f32 results; everything else is compared exactly:
- exact: integer, bool, compare, logical, where, to_copy, amax/amin/argmax/argmin results, and f32
  abs, neg, relu, round, minimum, maximum, add, sub, mul (WGSL's + - * are correctly rounded),
  floor_divide (an exact fmod on the bits). Bit patterns are compared for abs and neg (on the bits:
  NaN signs, subnormals) and for f16 conversions and same-dtype copies; the sign of zeros for neg,
  abs, round, sin and conversions to f32.
- (3e-7, 0): div, sqrt, rsqrt (WGSL allows 2.5 ULP for division; llvmpipe measured exact).
- (2e-6, 1e-6): exp (llvmpipe measured 1.2e-6 relative), sin and cos (|x| <= 1e5, own reduction:
  measured 1.7e-7), tanh, sigmoid, silu, hardswish (measured < 6e-7).
- (2e-6, 1e-6): gelu (own erf: measured 2.1e-7 absolute) and gelu tanh.
- (1e-5, 1e-6): pow (|x|^y by exp2/log2 of f32, error grows with |y * log2 x|; measured 1.3e-6).
- (2e-6, 1e-7): softmax, log_softmax (measured 4.6e-7 relative, 9e-8 absolute near zero).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pyrite import eager, hostarray
from pyrite.ops.single import Case

F32, I32 = np.float32, np.int32
NAN, INF = float("nan"), float("inf")
EXACT = (0.0, 0.0)
ULP = (3e-7, 0.0)
TRANSCENDENTAL = (2e-6, 1e-6)
POW = (1e-5, 1e-6)
SOFTMAX = (2e-6, 1e-7)

# f32 values every float op meets: NaN, infinities, signed zeros, huge and tiny magnitudes. SUBNORMAL
# only meets the ops that work on bits (abs, neg, to_copy): a device may flush subnormals to zero in
# arithmetic (WGSL allows it; SwiftShader in Chromium 156 does, llvmpipe does not).
SPECIAL = np.array([NAN, INF, -INF, 0.0, -0.0, 1e30, -1e30, 3e38, 1e-30, -1e-30, 1.0, -1.0, 0.5, -2.5], F32)
SUBNORMAL = np.array([1e-40, -1e-40, 1.4e-45, -1.1754942e-38, NAN, -NAN, 0.0, -0.0], F32)
PAIRS = np.array([NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, 2.5, -3.0, 7.0, 1e30, -1e30], F32)  # crossed a x b


@dataclass
class LibCase:
    id: str
    op: str                                  # registered library op name (graph/registry.py)
    inputs: tuple                            # numpy arrays and python scalars, as eager.run takes them
    want: np.ndarray
    tol: tuple[float, float] = EXACT
    attrs: dict[str, Any] = field(default_factory=dict)
    overrides: dict[str, str] = field(default_factory=dict)
    signed_zero: bool = False                # also compare the sign of zeros
    bits: bool = False                       # compare the bit patterns (NaN payloads and signs too)

    def case(self) -> Case:
        return eager.case(self.op, *self.inputs, overrides=self.overrides, **self.attrs)[0]


def check(c: LibCase, data: bytes) -> None:
    """Compare the raw output bytes of a case with its reference; AssertionError with details."""
    out = eager.case(c.op, *c.inputs, **c.attrs)[1]
    got = hostarray.result(data, tuple(out.shape), out.dtype, numpy=True)
    assert got.shape == c.want.shape and got.dtype == c.want.dtype, (c.id, got.shape, got.dtype, c.want.shape)
    if c.tol == EXACT:
        np.testing.assert_array_equal(got, c.want, err_msg=c.id)
    else:
        np.testing.assert_allclose(got, c.want, rtol=c.tol[0], atol=c.tol[1], err_msg=c.id)
    if c.bits:
        unsigned = f"<u{got.dtype.itemsize}"
        np.testing.assert_array_equal(got.view(unsigned), c.want.view(unsigned), err_msg=f"{c.id}: bits")
    if c.signed_zero:  # the sign of every number, zeros included (a NaN's sign means nothing)
        number = ~np.isnan(c.want)
        np.testing.assert_array_equal(np.signbit(got[number]), np.signbit(c.want[number]), err_msg=f"{c.id}: signs")


def in64(fn: Callable) -> Callable:
    """A float reference computed in float64 from f32 inputs, rounded once to f32 at the end."""
    def ref(*xs, **kw):
        with np.errstate(all="ignore"):
            return np.asarray(fn(*(np.asarray(x, np.float64) if isinstance(x, np.ndarray) else x for x in xs), **kw),
                              np.float64).astype(F32)
    return ref


def quiet(fn: Callable) -> Callable:
    def ref(*xs, **kw):
        with np.errstate(all="ignore"):
            return np.asarray(fn(*xs, **kw))
    return ref


def sigmoid(x):
    return np.exp(-np.logaddexp(0.0, -x))


ERF = np.vectorize(math.erf, otypes=[np.float64])

UNARY = {  # op -> (reference on f32 (through float64) or i32, tolerance, sign of zero checked)
    "abs": (quiet(np.abs), EXACT, True),
    "neg": (quiet(np.negative), EXACT, True),
    "relu": (quiet(lambda x: np.where((x > 0) | np.isnan(x), x, 0).astype(x.dtype)), EXACT, False),
    "round": (quiet(np.round), EXACT, True),
    "exp": (in64(np.exp), TRANSCENDENTAL, False),
    "sqrt": (in64(np.sqrt), ULP, False),
    "rsqrt": (in64(lambda x: 1.0 / np.sqrt(x)), ULP, False),
    "sin": (in64(np.sin), TRANSCENDENTAL, True),
    "cos": (in64(np.cos), TRANSCENDENTAL, False),
    "tanh": (in64(np.tanh), TRANSCENDENTAL, False),
    "hardswish": (in64(lambda x: x * np.clip(x + 3.0, 0.0, 6.0) / 6.0), TRANSCENDENTAL, False),
    "sigmoid": (in64(sigmoid), TRANSCENDENTAL, False),
    "silu": (in64(lambda x: x * sigmoid(x)), TRANSCENDENTAL, False),
    "gelu": (in64(lambda x: 0.5 * x * (1.0 + ERF(x / math.sqrt(2.0)))), TRANSCENDENTAL, False),
}
GELU_TANH = in64(lambda x: 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3))))
# Domains: sin / cos are promised for |x| <= 1e5 (beyond, f32 cannot hold x's phase anyway).
TRIG = np.array([NAN, INF, -INF, 0.0, -0.0, 1e5, -1e5, 12345.678, 3.1415927, -1.5707964, 1e-30, 710.0], F32)

BINARY = {  # op -> (f32 reference, i32 reference, f32 tolerance)
    "add": (in64(np.add), quiet(np.add), EXACT),
    "sub": (in64(lambda a, b, alpha=1: a - alpha * b), quiet(lambda a, b, alpha=1: a - np.int32(alpha) * b), EXACT),
    "mul": (in64(np.multiply), quiet(np.multiply), EXACT),
    "div": (in64(np.divide), in64(np.divide), ULP),
    "minimum": (quiet(np.minimum), quiet(np.minimum), EXACT),
    "maximum": (quiet(np.maximum), quiet(np.maximum), EXACT),
    "pow": (in64(np.power), quiet(np.power), POW),
    "floor_divide": (quiet(np.floor_divide), quiet(np.floor_divide), EXACT),
}
COMPARE = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
           "ge": np.greater_equal}
LOGICAL = {"logical_and": np.logical_and, "logical_or": np.logical_or, "logical_xor": np.logical_xor}


def normal(rng, shape, scale=3.0) -> np.ndarray:
    return (rng.standard_normal(shape) * scale).astype(F32)


def ints(rng, shape, lo=-50, hi=50) -> np.ndarray:
    return rng.integers(lo, hi, shape).astype(I32)


def with_special(rng, x: np.ndarray, special: np.ndarray = SPECIAL) -> np.ndarray:
    flat = x.reshape(-1).copy()
    flat[rng.choice(flat.size, min(special.size, flat.size), replace=False)] = special[:flat.size]
    return flat.reshape(x.shape)


def operand(x, dtype) -> Any:
    """The reference's view of an operand: a python scalar as a 0-d array of the tensor dtype."""
    return np.asarray(x, dtype) if not isinstance(x, np.ndarray) else x


def unary_cases(rng) -> list[LibCase]:
    out = []
    for op, (ref, tol, signed) in UNARY.items():
        x = with_special(rng, normal(rng, 113), TRIG if op in ("sin", "cos") else SPECIAL)
        out.append(LibCase(f"{op}_f32_113", op, (x,), ref(x), tol, signed_zero=signed))
        y = normal(rng, (7, 5, 3), 10.0)
        out.append(LibCase(f"{op}_f32_7x5x3_strided", op, (y,), ref(y), tol, overrides={"unary": "strided"},
                           signed_zero=signed))
    x = normal(rng, 89)
    for approximate, ref in (("none", UNARY["gelu"][0]), ("tanh", GELU_TANH)):
        dense = np.linspace(-8, 8, 89, dtype=F32)  # the erf approximation across its two pieces
        out.append(LibCase(f"gelu_{approximate}_dense_89", "gelu", (dense,), ref(dense), TRANSCENDENTAL,
                           {"approximate": approximate}))
    special = with_special(rng, x)
    out.append(LibCase("gelu_tanh_89", "gelu", (special,), GELU_TANH(special), TRANSCENDENTAL, {"approximate": "tanh"}))
    for op in ("tanh", "sigmoid", "silu"):  # large |x| must saturate, not overflow into NaN
        big = np.array([-1e30, -1e4, -100.0, -30.0, -9.0, 9.0, 30.0, 100.0, 1e4, 1e30, 1e-5, -1e-7], F32)
        out.append(LibCase(f"{op}_large_12", op, (big,), UNARY[op][0](big), TRANSCENDENTAL))
    halves = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, -0.4, 8388607.5, 1e10, -0.0], F32)
    out.append(LibCase("round_halves_11", "round", (halves,), np.round(halves), EXACT, signed_zero=True))
    for op in ("abs", "neg"):  # on the bits: subnormals kept, NaN's sign bit cleared / flipped as numpy
        x = SUBNORMAL.copy()
        want = UNARY[op][0](x)
        out.append(LibCase(f"{op}_f32_subnormal", op, (x,), want, bits=True))
    extremes = np.array([-2 ** 31, 2 ** 31 - 1, 0, -1, 5, -7, 1 << 20], I32)
    for op in ("abs", "neg", "relu"):
        x = np.concatenate([extremes, ints(rng, 30)])
        out.append(LibCase(f"{op}_i32_37", op, (x,), UNARY[op][0](x)))
    out.append(LibCase("exp_empty_0x3", "exp", (np.zeros((0, 3), F32),), np.zeros((0, 3), F32)))
    return out


def binary_cases(rng) -> list[LibCase]:
    out = []
    for op, (ref, iref, tol) in BINARY.items():
        a, b = PAIRS.reshape(-1, 1), PAIRS  # every special against every special, by broadcasting
        out.append(LibCase(f"{op}_f32_specials_12x12", op, (a, b), ref(a, b), tol))
        a, b = normal(rng, 113), normal(rng, 113)
        if op == "pow":  # negative bases meet whole exponents, not only NaN
            b[::2] = np.round(b[::2])
        out.append(LibCase(f"{op}_f32_113", op, (a, b), ref(a, b), tol))
        a, b = normal(rng, (3, 1, 5)), normal(rng, (4, 1))
        out.append(LibCase(f"{op}_f32_3x1x5_4x1", op, (a, b), ref(a, b), tol))
        a, b = normal(rng, (1,)), normal(rng, (2, 3, 4))
        out.append(LibCase(f"{op}_f32_1_2x3x4", op, (a, b), ref(a, b), tol))
        a = normal(rng, (7, 5))
        out.append(LibCase(f"{op}_f32_scalar_right", op, (a, 2.5), ref(a, operand(2.5, F32)), tol))
        out.append(LibCase(f"{op}_f32_scalar_left", op, (-3, a), ref(operand(-3, F32), a), tol))
        a, b = np.array(1.75, F32), normal(rng, 41)  # a 0-d tensor, not a python scalar
        out.append(LibCase(f"{op}_f32_0d_41", op, (a, b), ref(a, b), tol))
        lo = 0 if op == "pow" else -50  # numpy refuses negative integer powers
        a, b = ints(rng, (5, 1, 3)), ints(rng, (37, 1), lo, 9 if op == "pow" else 50)
        out.append(LibCase(f"{op}_i32_5x1x3_37x1", op, (a, b), iref(a, b), ULP if op == "div" else EXACT))
        a = ints(rng, 89)
        out.append(LibCase(f"{op}_i32_scalar", op, (a, 3), iref(a, operand(3, I32)), ULP if op == "div" else EXACT))
        a, b = normal(rng, 89), normal(rng, 89)
        out.append(LibCase(f"{op}_f32_89_strided", op, (a, b), ref(a, b), tol, overrides={"binary": "strided"}))
    a, b = normal(rng, (5, 7)), normal(rng, 7)
    for alpha in (2, -0.5):
        out.append(LibCase(f"sub_alpha_{alpha}", "sub", (a, b), BINARY["sub"][0](a, b, alpha=alpha), EXACT,
                           {"alpha": alpha}))
    a, b = ints(rng, 41), ints(rng, 41)
    out.append(LibCase("sub_i32_alpha_3", "sub", (a, b), BINARY["sub"][1](a, b, alpha=3), EXACT, {"alpha": 3}))
    big = np.array([2 ** 31 - 1, -2 ** 31, 65536, -2 ** 31, 7, -7, 7, -7, 0], I32)
    other = np.array([1, -1, 65536, -1, 2, 2, -2, -2, 0], I32)
    for op in ("add", "mul", "floor_divide"):  # wraps and numpy's sign rules, x // 0 == 0
        out.append(LibCase(f"{op}_i32_edges", op, (big, other), BINARY[op][1](big, other)))
    fd_a = np.array([7, -7, 7, -7, 1, -1, 0.5, 1e30, 5, -5], F32)
    fd_b = np.array([2, 2, -2, -2, INF, INF, -INF, 7, 0.1, 0.3], F32)
    out.append(LibCase("floor_divide_f32_signs", "floor_divide", (fd_a, fd_b), np.floor_divide(fd_a, fd_b),
                       TRANSCENDENTAL))
    out.append(LibCase("mul_empty", "mul", (np.zeros((3, 0), F32), np.ones((1, 1), F32)), np.zeros((3, 0), F32)))
    return out


def compare_cases(rng) -> list[LibCase]:
    out = []
    for op, ref in COMPARE.items():
        a, b = PAIRS.reshape(-1, 1), PAIRS
        out.append(LibCase(f"{op}_f32_specials_12x12", op, (a, b), ref(a, b)))
        a, b = ints(rng, (3, 1, 5), -3, 3), ints(rng, (4, 1), -3, 3)
        out.append(LibCase(f"{op}_i32_3x1x5_4x1", op, (a, b), ref(a, b)))
        a = np.round(normal(rng, 113))
        out.append(LibCase(f"{op}_f32_scalar_113", op, (a, 1.0), ref(a, F32(1.0))))
        a, b = ints(rng, 37, -2, 2), ints(rng, 37, -2, 2)
        out.append(LibCase(f"{op}_i32_37_flat", op, (a, b), ref(a, b)))
    out.append(LibCase("lt_empty", "lt", (np.zeros(0, F32), 0.0), np.zeros(0, bool)))
    return out


def bools(rng, shape) -> np.ndarray:
    return rng.integers(0, 2, shape).astype(bool)


def logical_cases(rng) -> list[LibCase]:
    out = []
    for op, ref in LOGICAL.items():
        a, b = bools(rng, (3, 1, 5)), bools(rng, (4, 1))
        out.append(LibCase(f"{op}_3x1x5_4x1", op, (a, b), ref(a, b)))
        a, b = bools(rng, 113), bools(rng, 113)
        out.append(LibCase(f"{op}_113", op, (a, b), ref(a, b)))
        out.append(LibCase(f"{op}_scalar", op, (a, True), ref(a, True)))
    for n in (113, 7, 3, 1):
        a = bools(rng, n)
        out.append(LibCase(f"logical_not_{n}", "logical_not", (a,), ~a))
    a = bools(rng, (2, 3, 4))
    out.append(LibCase("logical_not_strided", "logical_not", (a,), ~a, overrides={"logical": "strided"}))
    return out


def where_cases(rng) -> list[LibCase]:
    out = []
    c, a, b = bools(rng, (3, 1, 5)), normal(rng, (4, 1)), normal(rng, (1, 5))
    out.append(LibCase("where_f32_3x1x5_4x1_1x5", "where", (c, a, b), np.where(c, a, b)))
    c, a = bools(rng, 113), with_special(rng, normal(rng, 113))
    out.append(LibCase("where_f32_scalar_113", "where", (c, a, -1.5), np.where(c, a, F32(-1.5))))
    c, a, b = bools(rng, (7, 1)), ints(rng, (1, 41)), ints(rng, ())
    out.append(LibCase("where_i32_7x1_1x41_0d", "where", (c, a, b), np.where(c, a, b)))
    c, a, b = bools(rng, 37), bools(rng, 37), bools(rng, 37)
    out.append(LibCase("where_bool_37", "where", (c, a, b), np.where(c, a, b)))
    c, a, b = bools(rng, 89), ints(rng, 89), ints(rng, 89)
    out.append(LibCase("where_i32_89_strided", "where", (c, a, b), np.where(c, a, b),
                       overrides={"where": "strided"}))
    return out


def copy_cases(rng) -> list[LibCase]:
    out = []
    x = with_special(rng, normal(rng, 113, 1e4))
    x[:6] = [2.5, -2.5, 2147483520.0, -2147483648.0, 3e9, -0.7]
    with np.errstate(all="ignore"):  # NaN / inf / out of range -> INT_MIN, as numpy on x86
        out.append(LibCase("to_copy_f32_i32", "to_copy", (x,), x.astype(I32), attrs={"dtype": "i32"}))
    i = np.concatenate([np.array([16777217, -16777217, 2 ** 31 - 1, -2 ** 31], I32), ints(rng, 85, -10 ** 9, 10 ** 9)])
    out.append(LibCase("to_copy_i32_f32", "to_copy", (i,), i.astype(F32), attrs={"dtype": "f32"}))
    for src in (x, i, bools(rng, 41)):
        name = hostarray.NUMPY_NAMES[src.dtype.name]
        for dst in ("f32", "i32", "bool"):
            if dst != name and not (name, dst) in (("f32", "i32"), ("i32", "f32")):
                out.append(LibCase(f"to_copy_{name}_{dst}", "to_copy", (src,), src.astype({"f32": F32, "i32": I32, "bool": np.bool_}[dst]),
                                   attrs={"dtype": dst}, signed_zero=dst == "f32"))
    halfs = np.concatenate([SPECIAL, np.array([65504, 65519.99, 65520, 6.1e-5, 5.96e-8, 2.98e-8, 2.99e-8,
                                               1 + 2 ** -11, 1 + 3 * 2 ** -11, -3.0e-6, -NAN], F32),
                            normal(rng, 64, 100.0), (rng.standard_normal(14) * 1e-5).astype(F32)])
    with np.errstate(over="ignore"):
        out.append(LibCase("to_copy_f32_f16_89", "to_copy", (halfs,), halfs.astype(np.float16), attrs={"dtype": "f16"},
                           bits=True))
    out.append(LibCase("to_copy_f32_bool_subnormal", "to_copy", (SUBNORMAL,), SUBNORMAL.astype(bool),
                       attrs={"dtype": "bool"}))
    h = np.arange(0, 65536, 61, dtype=np.uint16).view(np.float16)  # every exponent, subnormals, inf, NaN
    out.append(LibCase("to_copy_f16_f32", "to_copy", (h,), h.astype(F32), attrs={"dtype": "f32"}, bits=True))
    for src in (normal(rng, 37), ints(rng, 7), bools(rng, 5), normal(rng, 3).astype(np.float16)):
        out.append(LibCase(f"to_copy_same_{src.dtype}_{src.size}", "to_copy", (src,), src.copy(),
                           attrs={"dtype": hostarray.NUMPY_NAMES[src.dtype.name]}, bits=True))
    out.append(LibCase("to_copy_empty", "to_copy", (np.zeros((2, 0), F32),), np.zeros((2, 0), np.float16),
                       attrs={"dtype": "f16"}))
    return out


def reduce_ref(op: str, x: np.ndarray, dim=None, keepdim=False) -> np.ndarray:
    if op in ("argmax", "argmin"):
        return getattr(np, op)(x, axis=dim, keepdims=keepdim).astype(I32)
    return getattr(np, op)(x, axis=dim, keepdims=keepdim)


def reduce_cases(rng) -> list[LibCase]:
    out = []
    layouts = [((113,), None, False), ((7, 89), 1, False), ((7, 89), 0, True), ((5, 3, 37), (0, 2), True),
               ((41, 3), -1, False), ((2, 3, 5, 7), (1, 2), False), ((), None, False)]
    for op in ("amax", "amin", "argmax", "argmin"):
        for shape, dim, keepdim in layouts:
            if op.startswith("arg") and isinstance(dim, tuple):
                continue
            tag = "x".join(map(str, shape)) or "0d"
            x = normal(rng, shape)
            if x.ndim:
                x.reshape(-1)[3 % x.size] = x.reshape(-1)[0]  # ties: the first index wins
            out.append(LibCase(f"{op}_f32_{tag}_dim{dim}", op, (x,), reduce_ref(op, x, dim, keepdim),
                               attrs={"dim": dim, "keepdim": keepdim}))
            xi = ints(rng, shape, -5, 5)
            out.append(LibCase(f"{op}_i32_{tag}_dim{dim}", op, (xi,), reduce_ref(op, xi, dim, keepdim),
                               attrs={"dim": dim, "keepdim": keepdim}))
        x = with_special(rng, normal(rng, (5, 89)), np.array([NAN, INF, -INF, NAN, -0.0], F32))
        x[3, 7] = x[3, 50] = NAN  # first NaN wins
        for route in ("serial", "tree"):  # each route pinned on both sides of its home length
            out.append(LibCase(f"{op}_f32_special_5x89_{route}", op, (x,), reduce_ref(op, x, 1),
                               attrs={"dim": 1}, overrides={"reduce": route}))
            y = normal(rng, (41, 7))
            out.append(LibCase(f"{op}_f32_41x7_{route}", op, (y,), reduce_ref(op, y, 0),
                               attrs={"dim": 0}, overrides={"reduce": route}))
        out.append(LibCase(f"{op}_empty_out", op, (np.zeros((0, 3), F32),), reduce_ref(op, np.zeros((0, 3), F32), 1),
                           attrs={"dim": 1}))
    x = np.full((3, 200), -INF, F32)
    x[1, 150] = x[1, 199] = 2.0
    out.append(LibCase("argmax_f32_all_minus_inf_tree", "argmax", (x,), reduce_ref("argmax", x, 1), attrs={"dim": 1}))
    return out


def softmax_ref(x: np.ndarray, log: bool) -> np.ndarray:
    with np.errstate(all="ignore"):
        x = x.astype(np.float64)
        z = x - x.max(-1, keepdims=True)
        s = np.exp(z).sum(-1, keepdims=True)
        return (z - np.log(s) if log else np.exp(z) / s).astype(F32)


def softmax_cases(rng) -> list[LibCase]:
    out = []
    for op in ("softmax", "log_softmax"):
        log = op == "log_softmax"
        for shape in ((7, 113), (41, 5), (3, 1), (113,), (2, 3, 89)):
            x = normal(rng, shape, 10.0)
            out.append(LibCase(f"{op}_{'x'.join(map(str, shape))}", op, (x,), softmax_ref(x, log), SOFTMAX))
        x = normal(rng, (6, 37), 10.0)
        x[0] = -INF
        x[1, 3] = NAN
        x[2, 5] = INF
        x[3] *= 1e6  # max-subtracted: no overflow
        x[4, ::2] = -INF
        x[5] = 1e30
        for route in ("serial", "tree"):
            out.append(LibCase(f"{op}_special_6x37_{route}", op, (x,), softmax_ref(x, log), SOFTMAX,
                               overrides={"softmax": route}))
        out.append(LibCase(f"{op}_empty", op, (np.zeros((0, 5), F32),), np.zeros((0, 5), F32)))
    return out


def all_cases(seed: int = 0) -> list[LibCase]:
    rng = np.random.default_rng(seed)
    return [*unary_cases(rng), *binary_cases(rng), *compare_cases(rng), *logical_cases(rng), *where_cases(rng),
            *copy_cases(rng), *reduce_cases(rng), *softmax_cases(rng)]
