"""Packing at load (models/packing.py): which members pack, and the packed bytes (host only, no GPU)."""
from __future__ import annotations

import dataclasses
import random

import numpy as np

from pyrite.models.convert import convert_gguf
from pyrite.models.format import load_index, part_bytes
from pyrite.models.loader import gather_stretches, pack_part, stretches
from pyrite.models.packing import plan_packs
from pyrite.quant.dequant import dequant, load_tensor

BIG = 1 << 30


def _shards(model_dir, index):
    return [memoryview((model_dir / s.file).read_bytes()) for s in index.shards]


def test_members_of_one_format_pack_and_dequantize_to_their_rows_end_to_end(tiny_gguf, tmp_path):
    """q8 recipe: every matrix q8gsw, so Q/K/V and gate/up pack; the packed parts dequantize to the
    members' rows stacked in order (q rows end to end, each fp16 scale group row gathered)."""
    model = convert_gguf(tiny_gguf, tmp_path / "q8", recipe="q8")
    index = load_index(model)
    packs = {p.name: p for p in plan_packs(index, BIG)}
    assert set(packs) == {"blk.0.attn_qkv.weight", "blk.0.ffn_gate_up.weight"}
    shards = _shards(model, index)
    for pack in packs.values():
        parts = {name: bytes(pack_part(shards, pack, name)) for name in pack.members[0].parts}
        for name, data in parts.items():
            assert len(data) == part_bytes(pack.format, pack.shape, pack.group_size, name)
        whole = np.concatenate([load_tensor(model, index, m.name) for m in pack.members])
        np.testing.assert_array_equal(dequant(pack.format, pack.shape, pack.group_size, parts, pack.name), whole)


def test_members_that_disagree_do_not_pack(tiny_gguf, tmp_path):
    """The exact recipe keeps the tiny model's mixed formats (q4gsw q, q4a k, ...): nothing packs, and the
    model runs the split routes over the members as they are."""
    index = load_index(convert_gguf(tiny_gguf, tmp_path / "exact"))
    formats = {index.tensors[f"blk.0.attn_{n}.weight"].format for n in "qkv"}
    assert len(formats) > 1
    assert "blk.0.attn_qkv.weight" not in {p.name for p in plan_packs(index, BIG)}


def test_a_pack_over_the_binding_limit_or_with_some_biases_missing_is_not_made(tiny_gguf, tmp_path):
    index = load_index(convert_gguf(tiny_gguf, tmp_path / "q8", recipe="q8"))
    qkv_q = part_bytes("q8gsw", (128, 64), 32, "q")  # 64 + 32 + 32 rows of K = 64
    assert "blk.0.attn_qkv.weight" in {p.name for p in plan_packs(index, qkv_q)}
    assert "blk.0.attn_qkv.weight" not in {p.name for p in plan_packs(index, qkv_q - 1)}
    bias = dataclasses.replace(index.tensors["blk.0.attn_norm.weight"], name="blk.0.attn_q.bias")
    partial = dataclasses.replace(index, tensors={**index.tensors, "blk.0.attn_q.bias": bias})
    assert "blk.0.attn_qkv.weight" not in {p.name for p in plan_packs(partial, BIG)}


def test_pieces_gathered_by_stretches_land_where_each_says():
    """The page reads each stretch of nearby pieces in one copy (loader.stretches): every piece is in one
    stretch of its own source that holds it, and the gather equals one piece at a time."""
    rng = random.Random(3)
    sources = [memoryview(bytes(rng.randrange(256) for _ in range(4096))) for _ in range(3)]
    for gap in (0, 64, 1 << 20):
        pieces, dst = [], 0
        for _ in range(60):
            data = rng.choice(sources)
            src, n = rng.randrange(4000), rng.randrange(1, 90)
            n = min(n, 4096 - src)
            pieces.append((data, src, dst, n))
            dst += n
        runs = stretches(pieces, gap)
        assert sorted(p[2] for _, _, _, run in runs for p in run) == [p[2] for p in pieces]
        assert all(p[0] is data and lo <= p[1] and p[1] + p[3] <= hi for data, lo, hi, run in runs for p in run)
        if gap == 0:
            assert len(runs) > 3
        want = b"".join(bytes(data[src:src + n]) for data, src, _, n in pieces)
        assert gather_stretches(pieces, dst, lambda data, lo, hi: bytes(data[lo:hi])) == want
