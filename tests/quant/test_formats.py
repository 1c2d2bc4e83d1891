"""The weight-format table (pyrite/formats.py) is the one source of a format's parts: the part sizes,
the packers' output, the bindings and the kernels that read each format all agree with it."""
from __future__ import annotations

import numpy as np
import pytest

from pyrite.errors import DTypeError
from pyrite.formats import FORMATS, formats_of, max_part_bytes, part_bytes, read_by, tensor_bytes, weight_format
from pyrite.gpu.null import null_device
from pyrite.graph.device_weights import DeviceWeight
from pyrite.ops import embedding, linear
from pyrite.quant.packing import pack_gguf

GGUF_BLOCK = {"Q4_0": 18, "Q4_1": 20, "Q8_0": 34}  # bytes per 32 weights
SHAPE = (4, 64)


def gguf_raw(type_name: str) -> bytes:
    """Any bits are a valid block (the repack copies them); floats: small ones, so none is NaN."""
    if type_name in GGUF_BLOCK:
        return np.random.default_rng(1).integers(0, 256, GGUF_BLOCK[type_name] * 8, np.uint8).tobytes()
    return np.ones(SHAPE, "<f4" if type_name == "F32" else "<f2").tobytes()


def test_part_sizes_follow_bits_and_groups():
    assert part_bytes("f32", [7], None, "data") == 28
    assert part_bytes("q4gsw", [3, 64], 32, "q") == 96 and part_bytes("q8gsw", [3, 64], 32, "q") == 192
    assert part_bytes("q4a", [3, 64], 32, "min") == 12        # 6 fp16, group-major
    assert part_bytes("q8gsw", [3, 32], 32, "scale") == 8     # 3 fp16, padded to two words
    assert max_part_bytes("q4a", (3, 64), 32) == 96 and tensor_bytes("q4a", (3, 64), 32) == 96 + 12 + 12


def test_unknown_formats_and_parts_are_typed_errors():
    with pytest.raises(DTypeError, match="format 'q3' is not one of q4gsw, q4a, q8gsw, q5, q5a, q4k, q5k, q6k, f32"):
        weight_format("q3")
    with pytest.raises(DTypeError, match="format q4gsw has no part 'min'"):
        part_bytes("q4gsw", (3, 64), 32, "min")


@pytest.mark.parametrize("type_name", ["Q4_0", "Q4_1", "Q8_0", "F32", "F16"])  # BF16: the converter widens it
def test_each_gguf_type_packs_into_the_format_that_names_it_with_exactly_its_parts(type_name):
    packed = pack_gguf(gguf_raw(type_name), type_name, SHAPE)
    f = FORMATS[packed.format]
    assert type_name in f.gguf and list(packed.parts) == list(f.parts)
    assert {p: len(b) for p, b in packed.parts.items()} == {p: part_bytes(f.name, packed.shape, packed.group_size, p)
                                                           for p in f.parts}


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_bindings_are_the_parts_in_table_order(fmt):
    d = null_device()
    parts = {p: d.create_buffer(part_bytes(fmt, (8, 64), 32, p), label=p) for p in reversed(FORMATS[fmt].parts)}
    w = DeviceWeight("w", (8, 64), fmt, 32 if FORMATS[fmt].grouped else None, parts)
    assert [b.label for b in w.bindings()] == list(FORMATS[fmt].parts)


def test_the_kernels_read_every_format():
    assert {fmt: read_by(fmt) for fmt in FORMATS} == {fmt: ("embedding", "linear") for fmt in FORMATS}
    assert linear.FORMATS == formats_of("embedding") == tuple(FORMATS)
    assert [r.variant for r in embedding.ROUTES] == list(FORMATS)
