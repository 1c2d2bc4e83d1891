import struct

import pytest

from pyrite import kernels
from pyrite.errors import KernelError
from pyrite.graph.params import ParamField, pack_named, pack_step, params_layout

SOURCE = """
struct Params {
    n: u32,                 // a comment with a: colon
    scale: f32, off: i32, _pad: u32,
    dims: array<vec4<u32>, 2>,
}
"""


def test_layout_reads_the_struct_with_comments_and_arrays():
    assert params_layout("t", SOURCE) == (ParamField("n", "u32", 1), ParamField("scale", "f32", 1),
                                          ParamField("off", "i32", 1), ParamField("_pad", "u32", 1),
                                          ParamField("dims", "u32", 8))


def test_pack_by_name_in_struct_order_with_padding_zeroed():
    data = pack_named("t", params_layout("t", SOURCE), {"dims": range(8), "off": -2, "scale": 1.5, "n": True})
    assert len(data) == 48
    assert struct.unpack("<Ifii8I", data) == (1, 1.5, -2, 0, *range(8))


def test_missing_unknown_and_bad_values_name_the_kernel_and_field():
    layout = params_layout("t", SOURCE)
    with pytest.raises(KernelError, match=r"kernel t: params missing \['dims'\], unknown \['dim'\]"):
        pack_named("t", layout, {"n": 1, "scale": 1.0, "off": 0, "dim": [0] * 8})
    with pytest.raises(ValueError, match=r"params\.n = -1 does not fit in u32"):
        pack_named("t", layout, {"n": -1, "scale": 1.0, "off": 0, "dims": [0] * 8})
    with pytest.raises(ValueError, match=r"params\.dims takes 8 values, got 3"):
        pack_named("t", layout, {"n": 1, "scale": 1.0, "off": 0, "dims": [0] * 3})
    with pytest.raises(TypeError, match=r"params\.off = 'x'"):
        pack_named("t", layout, {"n": 1, "scale": 1.0, "off": "x", "dims": [0] * 8})
    with pytest.raises(KernelError, match="not 16-aligned"):
        params_layout("u", "struct Params { n: u32, dims: array<vec4<u32>, 2> }")
    with pytest.raises(KernelError, match="no struct Params"):
        params_layout("v", "struct Step { n: u32 }")


def test_every_generated_kernel_declares_a_packable_params_struct():
    for kid in kernels.ids():
        layout = params_layout(kid, kernels.get(kid).source)
        assert layout and all(f.kind in ("u32", "i32", "f32") for f in layout), kid


def test_pack_step_has_kv_len():
    assert struct.unpack("<4I", pack_step(5, 7)) == (5, 7, 12, 0)
