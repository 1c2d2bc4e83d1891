"""A Q4_K_M GGUF (Q4_K, Q6_K and llama.cpp's Q5_0 / Q8_0 fallbacks, made by pyrite.quant.q4km): the
exact recipe keeps every tensor bit for bit at the file's own size."""
from __future__ import annotations

import numpy as np

from pyrite.models.convert import convert_gguf
from pyrite.models.format import load_index
from pyrite.quant.dequant import dequant_gguf, load_tensor
from pyrite.quant.gguf import read_gguf
from pyrite.quant.q4km import write_q4_k_m


def test_a_q4_k_m_file_converts_exactly_at_its_size(tiny_gguf, tmp_path):
    path = write_q4_k_m(tiny_gguf, tmp_path / "tiny-q4_k_m.gguf")
    g = read_gguf(path)
    types = {name: t.type_name for name, t in g.tensors.items()}
    assert types["blk.0.ffn_gate.weight"] == "Q4_K" and types["blk.0.attn_q.weight"] == "Q5_0"
    assert types["blk.0.attn_v.weight"] == "Q8_0" and types["blk.0.attn_norm.weight"] == "F32"
    assert g.get("general.file_type") == 15 and g.get("tokenizer.ggml.tokens") == read_gguf(tiny_gguf).get(
        "tokenizer.ggml.tokens")
    out = convert_gguf(path, tmp_path / "m")
    index = load_index(out)
    assert index.lossy == [] and index.tensors["blk.0.ffn_gate.weight"].format == "q4k"
    # Q5_0 attn_q / attn_k beside a Q8_0 attn_v: widened to q8gsw (losslessly), so Q/K/V pack
    widened = {"blk.0.attn_q.weight", "blk.0.attn_k.weight"}
    assert {n for n, e in index.tensors.items() if e.format == "q8gsw" and types[n] == "Q5_0"} == widened
    for name in g.tensors:
        np.testing.assert_array_equal(load_tensor(out, index, name), dequant_gguf(g, name), err_msg=name)
    stored = sum(p.bytes for n, e in index.tensors.items() for p in e.parts.values() if n not in widened)
    assert stored == sum(t.n_bytes for n, t in g.tensors.items() if n not in widened)
    assert {n: index.tensors[n].parts["q"].bytes for n in widened} == {n: g.tensors[n].shape[0] * g.tensors[n].shape[1]
                                                                       for n in widened}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m", "tiny-q4_k_m.gguf", "tiny.gguf"]  # no temp file left
