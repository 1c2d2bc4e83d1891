"""The op library without a GPU: every (op, dtype, route) has a generated kernel, route tables pick
by layout, every registered op has cases, and specs reject bad input with typed errors."""
import numpy as np
import pytest

from pyrite.errors import DTypeError, ShapeError
from pyrite.graph.registry import registered
from pyrite.kernels import ids, kernel_id
from pyrite.ops import binary, compare, copy, elementwise, logical, reduce, softmax, unary, where
from pyrite.graph.routes import pick
from pyrite.ops.broadcast import Spec, map_layout

from .library_cases import all_cases

MAP_VARIANTS = [
    *(f"{op}_{d}" for op, dtypes in unary.DTYPES.items() for d in dtypes), "gelu_tanh_f32",
    *(f"{op}_{d}" for op, outs in binary.OUT_DTYPE.items() for d in outs),
    *(f"{op}_{d}" for op in compare.NAMES for d in compare.DTYPES[op]),
    *(f"{op.removeprefix('logical_')}_bool" for op in logical.NAMES),
    *(f"where_{d}" for d in where.DTYPES),
    "copy_words", *(f"copy_{a}_{b}" for a, outs in copy.CONVERSIONS.items() for b in outs),
]


@pytest.mark.parametrize("variant", MAP_VARIANTS)
def test_every_map_variant_has_a_kernel_per_route(variant):
    have = set(ids())
    for route in elementwise.MAP_ROUTES:
        assert kernel_id(elementwise.FAMILY, variant, route.variant) in have and route.reason


def test_every_reduction_has_a_kernel_per_dtype_and_route():
    have = set(ids())
    for route in reduce.ROUTES:
        assert route.reason
        assert {kernel_id("reduce", op, d, route.variant) for op in reduce.NAMES for d in reduce.DTYPES} <= have
        assert {kernel_id("softmax", op, route.variant) for op in softmax.NAMES} <= have


def test_every_registered_op_has_cases():
    assert {c.op for c in all_cases()} == {name for name, op in registered().items() if op.infer is not None}
    assert len({c.id for c in all_cases()}) == len(all_cases())


@pytest.mark.parametrize("shapes,route", [([(3, 4, 5), (3, 4, 5)], "flat"), ([(3, 4, 5), ()], "flat"),
                                          ([(1, 4, 1), (1, 4, 1)], "flat"), ([(3, 1, 5), (4, 1)], "strided"),
                                          ([(5, 1), (1, 5)], "strided")])
def test_map_route_follows_the_coalesced_layout(shapes, route):
    layout = map_layout(np.broadcast_shapes(*shapes), shapes)
    assert pick("binary", elementwise.MAP_ROUTES, layout).name == route


def test_reduce_route_follows_the_run_length():
    assert pick("reduce", reduce.ROUTES, reduce.Runs(1000, 64)).name == "serial"
    assert pick("reduce", reduce.ROUTES, reduce.Runs(3, 65)).name == "tree"
    assert pick("reduce", reduce.ROUTES, reduce.Runs(3, 65), overrides={"reduce": "serial"}).name == "serial"


F32 = Spec((3, 4), "f32")


@pytest.mark.parametrize("call,error,match", [
    (lambda: binary.infer("add", Spec((3,), "f32"), Spec((4,), "f32")), ShapeError, r"add: shapes \[3\] and \[4\]"),
    (lambda: binary.infer("add", F32, Spec((3, 4), "i32")), DTypeError, "add: operands have dtypes f32 and i32"),
    (lambda: binary.infer("mul", Spec((2,), "i32"), 2.5), DTypeError, "mul: python scalar 2.5 .* i32"),
    (lambda: binary.infer("add", Spec((2,), "i32"), 2 ** 40), DTypeError, "cannot be used with a i32 tensor"),
    (lambda: binary.infer("add", 1.0, 2.0), DTypeError, "add: needs at least one tensor operand"),
    (lambda: binary.infer("mul", F32, F32, alpha=2), ValueError, "only an option of sub"),
    (lambda: unary.infer("exp", Spec((3,), "i32")), DTypeError, "exp: dtype i32 is not supported"),
    (lambda: unary.infer("relu", F32, approximate="tanh"), ValueError, "approximate"),
    (lambda: compare.infer("lt", Spec((2,), "bool"), True), DTypeError, "lt: dtype bool"),
    (lambda: logical.infer("logical_and", F32, F32), DTypeError, "logical_and: dtype f32"),
    (lambda: logical.infer("logical_not", Spec((2,), "bool"), True), ShapeError, "takes 1 operand"),
    (lambda: where.infer("where", F32, F32, F32), DTypeError, "where: cond must be a bool tensor, got f32"),
    (lambda: where.infer("where", Spec((2,), "bool"), Spec((3,), "f32"), 0.0), ShapeError, r"where: shapes \[2\]"),
    (lambda: copy.infer("to_copy", Spec((2,), "f16"), "i32"), DTypeError, "to_copy from f16: dtype i32"),
    (lambda: reduce.infer("amax", F32, dim=2), ShapeError, "amax: dim 2 is out of range for a tensor of rank 2"),
    (lambda: reduce.infer("argmax", F32, dim=(0, 1)), ShapeError, "argmax: dim must be one int or None"),
    (lambda: reduce.infer("amin", Spec((0, 3), "f32"), dim=0), ShapeError, "amin: cannot reduce over an empty dim"),
    (lambda: reduce.infer("amax", Spec((3,), "bool")), DTypeError, "amax: dtype bool"),
    (lambda: softmax.infer("softmax", Spec((3,), "i32")), DTypeError, "softmax: dtype i32"),
    (lambda: unary.infer("neg", Spec((1,) * 9, "f32")), ShapeError, "neg: x has rank 9"),
])
def test_specs_raise_typed_errors_naming_the_op(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_specs_infer_output_shape_and_dtype():
    assert binary.infer("div", Spec((3, 1), "i32"), Spec((4,), "i32")) == Spec((3, 4), "f32")
    assert compare.infer("ge", 0.5, Spec((2, 1), "f32")) == Spec((2, 1), "bool")
    assert reduce.infer("argmin", Spec((5, 3, 7), "f32"), dim=-1, keepdim=True) == Spec((5, 3, 1), "i32")
    assert reduce.infer("amax", Spec((5, 3, 7), "i32"), dim=(0, 2)) == Spec((3,), "i32")
    assert where.infer("where", Spec((3, 1), "bool"), Spec((4,), "i32"), 7) == Spec((3, 4), "i32")
    assert copy.infer("to_copy", Spec((2,), "f32"), "f16") == Spec((2,), "f16")
