"""The numpy K-quant quantizers (Q4_K, Q6_K) and the Q4_K_M mix: valid blocks that gguf-py reads back
close to the input, and llama.cpp's type per tensor (tests/models/test_q4_k_m.py converts such a file)."""
from __future__ import annotations

import numpy as np
import pytest
from gguf import GGMLQuantizationType
from gguf.quants import dequantize

from pyrite.errors import ShapeError
from pyrite.quant.kquantize import q4_k_m_type, quantize_k

# relative RMS error of gguf-py's dequantization on N(0, 1) weights: Q4_0 gives 0.086, Q5_0 0.043
MAX_ERROR = {"Q4_K": 0.08, "Q6_K": 0.02}


@pytest.mark.parametrize("type_name", sorted(MAX_ERROR))
def test_blocks_read_back_close_to_the_input(type_name):
    x = np.random.default_rng(0).standard_normal((16, 1024)).astype(np.float32)
    x[3] *= 1e-3  # a row of small weights keeps its relative error
    blocks = quantize_k(x, type_name)
    y = dequantize(blocks, GGMLQuantizationType[type_name]).reshape(x.shape)
    err = np.sqrt(((y - x) ** 2).mean(-1) / (x ** 2).mean(-1))
    assert err.max() < MAX_ERROR[type_name], err


@pytest.mark.parametrize("type_name", sorted(MAX_ERROR))
def test_a_zero_block_reads_back_zero(type_name):
    x = np.zeros((2, 512), np.float32)
    x[1, 256:] = np.linspace(-1, 1, 256)
    y = dequantize(quantize_k(x, type_name), GGMLQuantizationType[type_name]).reshape(x.shape)
    assert not y[0].any() and not y[1, :256].any() and np.abs(y[1, 256:] - x[1, 256:]).max() < 0.1


def test_bad_shapes_and_types_are_refused():
    with pytest.raises(ShapeError, match=r"'w' \[4, 96\]: Q4_K needs 2-D with K % 256 == 0"):
        quantize_k(np.zeros((4, 96), np.float32), "Q4_K", "w")
    with pytest.raises(ShapeError, match="no K-quant quantizer for Q3_K"):
        quantize_k(np.zeros((4, 256), np.float32), "Q3_K")


def test_q4_k_m_types_follow_llama_cpp():
    n = 24  # use_more_bits: layers 0-2, 21-23 and every third from 5
    six = [i for i in range(n) if q4_k_m_type(f"blk.{i}.ffn_down.weight", (64, 512), n) == "Q6_K"]
    assert six == [0, 1, 2, 5, 8, 11, 14, 17, 20, 21, 22, 23]
    assert q4_k_m_type("blk.4.attn_v.weight", (64, 512), n) == "Q4_K"
    assert q4_k_m_type("blk.4.attn_q.weight", (64, 512), n) == "Q4_K"
    assert q4_k_m_type("output.weight", (64, 512), n) == "Q6_K"
    assert q4_k_m_type("token_embd.weight", (64, 512), n) == "Q4_K"
    assert q4_k_m_type("token_embd.weight", (64, 512), n, tied=True) == "Q6_K"
    assert q4_k_m_type("blk.0.attn_v.weight", (64, 576), n) == "Q8_0"  # K % 256: llama.cpp's fallbacks
    assert q4_k_m_type("blk.4.attn_q.weight", (64, 576), n) == "Q5_0"
    assert q4_k_m_type("blk.4.attn_norm.weight", (576,), n) == "F32"
