"""Random-weight HF checkpoints in real head geometries, made with transformers (no hub here).

Few layers, small vocab, but the published checkpoints' head counts and dims: Qwen3-0.6B
(hidden 1024, 16 query heads x 128 -- head_dim independent of hidden -- 8 KV heads, q/k norm) and
Llama-3.2-1B (hidden 2048, 32 x 64, 8 KV heads, llama3 rope scaling). Both tie their embeddings.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import torch
from transformers import AutoModelForCausalLM, LlamaConfig, PretrainedConfig, Qwen3Config

VOCAB = 2048
MAX_REL_LOGIT_ERROR = 1e-3  # |ours - HF| / max |HF| per position: the fp16 KV cache costs ~4e-4 here

GEOMETRIES: dict[str, PretrainedConfig] = {
    "qwen3-0.6b": Qwen3Config(
        vocab_size=VOCAB, hidden_size=1024, intermediate_size=768, num_hidden_layers=2, num_attention_heads=16,
        num_key_value_heads=8, head_dim=128, max_position_embeddings=40960, rope_theta=1000000.0,
        rms_norm_eps=1e-6, tie_word_embeddings=True, attention_bias=False, use_sliding_window=False),
    "llama-3.2-1b": LlamaConfig(
        vocab_size=VOCAB, hidden_size=2048, intermediate_size=1024, num_hidden_layers=2, num_attention_heads=32,
        num_key_value_heads=8, head_dim=64, max_position_embeddings=131072, rope_theta=500000.0,
        rms_norm_eps=1e-5, tie_word_embeddings=True,
        rope_scaling={"rope_type": "llama3", "factor": 32.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                      "original_max_position_embeddings": 8192}),
}


def make_checkpoint(kind: str, out: Path, seed: int = 0, dtype: torch.dtype = torch.float32) -> Path:
    """config.json + model.safetensors of a random model of one geometry (saved in `dtype`)."""
    torch.manual_seed(seed)
    model = AutoModelForCausalLM.from_config(GEOMETRIES[kind]).to(dtype)
    model.save_pretrained(out, safe_serialization=True)
    return out


def load_checkpoint(path: Path):
    """The reference: the checkpoint itself in transformers, fp32, CPU."""
    return AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32).eval()


def relative_error(ours: np.ndarray, ref: np.ndarray) -> float:
    """The worst position's max |ours - HF| over its max |HF| (logits [positions, vocab])."""
    return float((np.abs(ours - ref).max(axis=1) / np.abs(ref).max(axis=1)).max())


def assert_logits_match(ours: np.ndarray, ref: np.ndarray, bound: float = MAX_REL_LOGIT_ERROR,
                        min_top1: float = 0.95) -> float:
    """Logits within `bound` of HF's at every position, and top-1 equal at >= min_top1 of them: a random
    model has near-ties (HF's top two within the fp16 KV cache's error), which may go either way, as
    in the real models' agreement rates; a systematic error flips many."""
    err = relative_error(ours, ref)
    assert err <= bound, f"max relative logit error {err:.2e} > {bound:.0e}"
    differ = np.flatnonzero(ours.argmax(1) != ref.argmax(1))
    assert len(differ) <= (1 - min_top1) * len(ref), f"top-1 differs at positions {differ.tolist()} of {len(ref)}"
    return err
