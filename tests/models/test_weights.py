"""Row blocks: the block plan (pure) and the block parts the loader uploads (host bytes, no GPU)."""
from __future__ import annotations

import numpy as np
import pytest

from pyrite.errors import LimitError
from pyrite.models.format import load_index, part_bytes
from pyrite.models.loader import block_part
from pyrite.models.row_blocks import BLOCK_ROW_ALIGN, plan_row_blocks
from pyrite.quant.dequant import dequant, load_tensor, read_parts

QWEN_EMBD = (151936, 896)  # q8gsw gs 32: 136 MB of q, over a 128 MiB binding


def test_a_tensor_that_fits_is_one_block():
    assert plan_row_blocks("t", (49152, 576), "q8gsw", 32, 128 << 20) == [(0, 49152)]
    assert plan_row_blocks("v", (576,), "f32", None, 4096) == [(0, 576)]


def test_qwen_embedding_splits_in_two_under_128_mib():
    blocks = plan_row_blocks("token_embd.weight", QWEN_EMBD, "q8gsw", 32, 128 << 20)
    assert len(blocks) == 2 and blocks[0][0] == 0 and blocks[-1][1] == QWEN_EMBD[0]
    assert all(a[1] == b[0] for a, b in zip(blocks, blocks[1:]))  # contiguous, in order
    assert all(n0 % BLOCK_ROW_ALIGN == 0 for n0, _ in blocks)
    for n0, n1 in blocks:
        for part in ("q", "scale"):
            assert part_bytes("q8gsw", (n1 - n0, 896), 32, part) <= 128 << 20


@pytest.mark.parametrize("shape,fmt,gs,limit", [
    ((1000, 256), "q4gsw", 32, 40_000), ((1000, 256), "q4a", 64, 9_000), ((777, 96), "f32", None, 100_000),
    ((130, 64), "q8gsw", 32, 4096), (QWEN_EMBD, "q8gsw", 32, 16 << 20)])
def test_blocks_cover_every_row_and_each_part_fits(shape, fmt, gs, limit):
    blocks = plan_row_blocks("t", shape, fmt, gs, limit)
    assert len(blocks) > 1
    assert [r for n0, n1 in blocks for r in range(n0, n1)] == list(range(shape[0]))
    heights = [n1 - n0 for n0, n1 in blocks]
    assert all(h == heights[0] for h in heights[:-1]) and heights[-1] <= heights[0]
    assert heights[0] % BLOCK_ROW_ALIGN == 0
    for n0, n1 in blocks:
        for part in {"f32": ("data",), "q4a": ("q", "scale", "min")}.get(fmt, ("q", "scale")):
            assert part_bytes(fmt, (n1 - n0, shape[1]), gs, part) <= limit


def test_what_cannot_be_split_is_a_limit_error_naming_the_tensor():
    with pytest.raises(LimitError, match=r"output_norm\.weight.*maxStorageBufferBindingSize \(1024\)"):
        plan_row_blocks("output_norm.weight", (576,), "f32", None, 1024)
    with pytest.raises(LimitError, match=r"token_embd\.weight: a block of 64 rows.*\(2048\)"):
        plan_row_blocks("token_embd.weight", (49152, 576), "q8gsw", 32, 2048)


@pytest.mark.parametrize("name", ["token_embd.weight", "blk.0.attn_k.weight", "blk.0.ffn_gate.weight",
                                  "blk.0.attn_output.weight"])
def test_block_parts_dequantize_to_the_rows_of_the_whole(tiny_model, name):
    """Each block's parts, cut out of the shard bytes as the loader cuts them, dequantize to exactly
    the block's rows of the whole tensor (q rows sliced, fp16 scale/min gathered per group)."""
    index = load_index(tiny_model)
    entry = index.tensors[name]
    whole = load_tensor(tiny_model, index, name)
    shard = memoryview((tiny_model / index.shards[0].file).read_bytes())
    assert {p.shard for p in entry.parts.values()} == {0}
    n = entry.shape[0]
    for n0, n1 in ((0, n // 2 + 1), (n // 2 + 1, n), (3, 5), (0, n)):
        shape = (n1 - n0, entry.shape[1])
        parts = {p: bytes(block_part(shard, entry, p, n0, n1)) for p in entry.parts}
        for p, data in parts.items():
            assert len(data) == part_bytes(entry.format, shape, entry.group_size, p)
        np.testing.assert_array_equal(dequant(entry.format, shape, entry.group_size, parts, name), whole[n0:n1])
    assert {p: bytes(block_part(shard, entry, p, 0, n)) for p in entry.parts} == read_parts(tiny_model, index, entry)
