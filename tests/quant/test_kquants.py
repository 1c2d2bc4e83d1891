"""The 5-bit types and the K-quants (Q5_0, Q5_1, Q4_K, Q5_K, Q6_K) repacked into q5, q5a, q4k, q5k, q6k:
read back, they equal gguf.quants.dequantize of the same blocks bit for bit, at their GGUF size."""
from __future__ import annotations

import numpy as np
import pytest
from gguf import GGMLQuantizationType
from gguf.quants import dequantize, quantize

from pyrite.errors import ModelFormatError, ShapeError
from pyrite.formats import tensor_bytes
from pyrite.quant.dequant import dequant, dequant_packed
from pyrite.quant.kquants import BLOCKS, repack, widen_to_q8
from pyrite.quant.packing import pack_gguf
from support.gguf import random_blocks

TYPES = sorted(BLOCKS)
SHAPES = {"Q5_0": [(1, 32), (7, 96), (3, 512)], "Q5_1": [(1, 32), (5, 160)],
          "Q4_K": [(1, 256), (6, 512)], "Q5_K": [(1, 256), (4, 768)], "Q6_K": [(1, 256), (5, 512)]}


@pytest.mark.parametrize("type_name", TYPES)
def test_repack_equals_gguf_dequant(type_name):
    rng = np.random.default_rng(7)
    for n, k in SHAPES[type_name]:
        raw = random_blocks(type_name, n, k, rng)
        want = dequantize(raw, GGMLQuantizationType[type_name]).reshape(n, k)
        p = pack_gguf(raw.tobytes(), type_name, (n, k), "w")
        assert p.format == BLOCKS[type_name][0]
        got = dequant_packed(p)
        assert got.dtype == np.float32 and got.shape == (n, k)
        np.testing.assert_array_equal(got.view(np.uint32), want.astype(np.float32).view(np.uint32))


@pytest.mark.parametrize("type_name", TYPES)
def test_packed_size_is_the_gguf_size(type_name):
    """q6k's header is the one word over: 20 bytes per superblock for GGUF's 18 (+0.95%)."""
    n, k = 64, 4864
    raw = random_blocks(type_name, n, k, np.random.default_rng(1))
    p = repack(raw, type_name, (n, k), "w")
    assert sum(len(v) for v in p.parts.values()) == tensor_bytes(p.format, (n, k), p.group_size)
    ratio = tensor_bytes(p.format, (n, k), p.group_size) / raw.size
    assert ratio == (212 / 210 if type_name == "Q6_K" else 1.0)


def test_truncated_blocks_are_refused():
    raw = random_blocks("Q4_K", 2, 256, np.random.default_rng(0))
    with pytest.raises(ShapeError, match="Q4_K tensor 'blk.0.ffn_down.weight': 287 bytes"):
        repack(raw.tobytes()[:-1], "Q4_K", (2, 256), "blk.0.ffn_down.weight")


def test_k_quant_needs_whole_superblocks():
    with pytest.raises(ShapeError, match="K=96"):
        repack(b"", "Q6_K", (1, 96), "w")


def test_parts_of_the_wrong_size_are_refused():
    p = repack(random_blocks("Q5_K", 2, 256, np.random.default_rng(0)), "Q5_K", (2, 256), "w")
    parts = dict(p.parts, qh=p.parts["qh"][:-4])
    with pytest.raises(ShapeError, match="part 'qh'"):
        dequant(p.format, p.shape, p.group_size, parts, "w")
    with pytest.raises(ModelFormatError):
        dequant(p.format, p.shape, p.group_size, {"q": p.parts["q"]}, "w")


@pytest.mark.parametrize("type_name", ["Q4_0", "Q5_0"])
def test_widen_to_q8_is_lossless(type_name):
    """A symmetric 4/5-bit block as q8gsw: the same values bit for bit, at the same scales."""
    x = np.random.default_rng(2).standard_normal((6, 160)).astype(np.float32)
    raw = quantize(x, GGMLQuantizationType[type_name])
    p = widen_to_q8(raw, type_name, (6, 160), "w")
    assert (p.format, p.group_size) == ("q8gsw", 32)
    want = dequantize(raw, GGMLQuantizationType[type_name]).reshape(6, 160).astype(np.float32)
    np.testing.assert_array_equal(dequant_packed(p).view(np.uint32), want.view(np.uint32))
