"""GGUF files written with gguf.GGUFWriter: any small synthetic one (write_gguf), and the tiny llama
whose tensors cover every source type the converter treats differently (write_tiny_gguf: the
converter tests' model, a seed of the fuzz tests, the page's flipped-shard model)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from gguf import GGMLQuantizationType, GGUFValueType, GGUFWriter
from gguf.quants import quantize

from pyrite.quant.kquants import BLOCKS

TINY_TOKENS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"] + [chr(ord("a") + i) for i in range(26)] \
    + ["ab", "abc", "Ġa", "Ġab", "de", "Ġ", "xy", "z!", "q", "<pad>"]
TINY_TYPES = [3, 3, 3] + [1] * (len(TINY_TOKENS) - 4) + [3]
TINY_MERGES = ["a b", "ab c", "Ġ a", "Ġa b", "d e"]


# byte offsets of each block's fp16 fields (d, and dmin or m), per type random_blocks writes
_HALF_FIELDS = {"Q5_0": (0,), "Q5_1": (0, 2), "Q4_K": (0, 2), "Q5_K": (0, 2), "Q6_K": (208,)}


def random_blocks(type_name: str, n: int, k: int, rng: np.random.Generator, d: float = 1e-3) -> np.ndarray:
    """Random GGUF blocks of a quant/kquants.py type, uint8 [N, row bytes]: random quant bits, scales
    and mins, and fp16 fields of either sign in [d / 10, d] (gguf-py cannot quantize the K-quants: any
    valid blocks will do, their reference is gguf-py's dequantization)."""
    _, per, size = BLOCKS[type_name]
    b = rng.integers(0, 256, size=(n, k // per, size), dtype=np.uint8)
    for at in _HALF_FIELDS[type_name]:
        h = (rng.uniform(0.1, 1.0, (n, k // per)) * d * rng.choice([-1, 1], (n, k // per))).astype("<f2")
        b[..., at:at + 2] = h.view(np.uint8).reshape(n, k // per, 2)
    return b.reshape(n, -1)


# name -> (shape [N, K] / [K], ggml type): one row per converter branch
TINY_TENSORS = {
    "token_embd.weight": ((len(TINY_TOKENS), 64), "Q8_0"),
    "blk.0.attn_norm.weight": ((64,), "F32"),
    "blk.0.attn_q.weight": ((64, 64), "Q4_0"),
    "blk.0.attn_k.weight": ((32, 64), "Q4_1"),
    "blk.0.attn_v.weight": ((32, 64), "Q5_0"),
    "blk.0.attn_output.weight": ((64, 64), "F16"),
    "blk.0.ffn_gate.weight": ((96, 256), "Q6_K"),
    "blk.0.ffn_up.weight": ((96, 256), "Q5_1"),
    "blk.0.ffn_down.weight": ((64, 96), "BF16"),
    "blk.0.ffn_norm.weight": ((64,), "Q8_0"),
    "output_norm.weight": ((64,), "F32"),
}


def write_tiny_gguf(path: Path, seed: int = 0) -> Path:
    rng = np.random.default_rng(seed)
    w = GGUFWriter(str(path), "llama")
    for key, value in {"block_count": 1, "context_length": 128, "embedding_length": 64,
                       "feed_forward_length": 96, "attention.head_count": 4, "attention.head_count_kv": 2}.items():
        w.add_key_value(f"llama.{key}", value, GGUFValueType.UINT32)
    w.add_key_value("llama.rope.freq_base", 10000.0, GGUFValueType.FLOAT32)
    w.add_key_value("llama.attention.layer_norm_rms_epsilon", 1e-5, GGUFValueType.FLOAT32)
    w.add_key_value("general.basename", "Tiny", GGUFValueType.STRING)
    w.add_key_value("general.size_label", "1M", GGUFValueType.STRING)
    w.add_key_value("tokenizer.ggml.model", "gpt2", GGUFValueType.STRING)
    w.add_key_value("tokenizer.ggml.pre", "smollm", GGUFValueType.STRING)
    w.add_array("tokenizer.ggml.tokens", TINY_TOKENS)
    w.add_array("tokenizer.ggml.token_type", TINY_TYPES)
    w.add_array("tokenizer.ggml.merges", TINY_MERGES)
    w.add_key_value("tokenizer.ggml.bos_token_id", 1, GGUFValueType.UINT32)
    w.add_key_value("tokenizer.ggml.eos_token_id", 0, GGUFValueType.UINT32)
    w.add_key_value("tokenizer.ggml.padding_token_id", len(TINY_TOKENS) - 1, GGUFValueType.UINT32)
    w.add_key_value("tokenizer.ggml.add_bos_token", True, GGUFValueType.BOOL)
    w.add_key_value("tokenizer.chat_template", "{% for m in messages %}{{ m.content }}{% endfor %}",
                    GGUFValueType.STRING)
    for name, (shape, type_name) in TINY_TENSORS.items():
        x = (rng.standard_normal(shape) * 0.1).astype(np.float32)
        if type_name == "Q6_K":  # no numpy quantizer exists for it: random blocks
            w.add_tensor(name, random_blocks("Q6_K", *shape, rng), raw_dtype=GGMLQuantizationType.Q6_K)
        else:
            _add_tensor(w, name, x, type_name)
    return _finish(w, path)


def write_gguf(path: Path, tensors: dict[str, tuple[np.ndarray, str]], kv: dict[str, tuple[Any, Any]] | None = None,
               arch: str = "llama", alignment: int | None = None) -> Path:
    """A GGUF at path. tensors: name -> (array in PyTorch order, ggml type name: F32, F16, I32 or a
    quantized type, quantized from float32 by gguf.quants, or uint8 raw blocks [N, row bytes]); kv: key -> (value, GGUFValueType, or None
    for add_array)."""
    w = GGUFWriter(str(path), arch)
    if alignment is not None:
        w.add_custom_alignment(alignment)
    for key, (value, vtype) in (kv or {}).items():
        if vtype is None:
            w.add_array(key, value)
        else:
            w.add_key_value(key, value, vtype)
    for name, (x, type_name) in tensors.items():
        _add_tensor(w, name, x, type_name)
    return _finish(w, path)


def _add_tensor(w: GGUFWriter, name: str, x: np.ndarray, type_name: str) -> None:
    plain = {"F32": np.float32, "F16": np.float16, "I32": np.int32}
    if type_name in plain:
        w.add_tensor(name, np.asarray(x, dtype=plain[type_name]))
    elif x.dtype == np.uint8:  # raw blocks [N, row bytes], for types gguf-py cannot quantize
        w.add_tensor(name, x, raw_dtype=GGMLQuantizationType[type_name])
    else:
        qtype = GGMLQuantizationType[type_name]
        w.add_tensor(name, quantize(np.asarray(x, dtype=np.float32), qtype), raw_dtype=qtype)


def _finish(w: GGUFWriter, path: Path) -> Path:
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    return path
