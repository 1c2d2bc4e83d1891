"""The HF transformers reference for model agreement tests (host only: numpy + torch), and the
engine's scores in the same layout (engine_scores).

A converted pyrite model directory is dequantized tensor by tensor (pyrite.quant.dequant.
load_tensor) into a fp32 *ForCausalLM of its architecture (llama, qwen2, qwen3) on the CPU, so
the reference runs exactly the weights the engine runs, whatever the recipe; or, given the GGUF it
was converted from, the GGUF's own tensors dequantized by gguf-py, so a lossy conversion shows. Names map through
pyrite.models.hf (the converter's own table); the only extra step is the q/k row
un-permutation below, for GGUF llama checkpoints (rope_layout "interleaved").

Why un-permute: llama.cpp's converter permutes attn_q / attn_k rows of llama-arch models so
that RoPE rotates adjacent pairs (2i, 2i+1) instead of HF's halves (i, i + D/2). pyrite keeps
the permuted rows and uses interleaved RoPE; HF expects the original rows and rotate-half.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from transformers import (AutoModelForCausalLM, LlamaConfig, PretrainedConfig, PreTrainedModel, Qwen2Config,
                          Qwen3Config)

from pyrite.errors import ModelFormatError
from pyrite.models.config import ModelConfig
from pyrite.models.hf import hf_name as pyrite_hf_name
from pyrite.models.format import ModelIndex, load_index
from pyrite.quant.dequant import dequant_gguf, load_tensor
from pyrite.quant.gguf import read_gguf


class HFReferenceError(Exception):
    """The HF reference cannot be built for this model directory."""


def hf_name(name: str) -> str:
    try:
        return pyrite_hf_name(name)
    except ModelFormatError as e:
        raise HFReferenceError(str(e)) from None


def unpermute_rows(w: np.ndarray, n_heads: int) -> np.ndarray:
    """Undo llama.cpp's q/k permutation: per head, rows [r0, r_half, r1, r_half+1, ...] -> halves.

    llama.cpp wrote head rows as w.reshape(H, 2, D/2, K).swapaxes(1, 2): pair i holds the original
    rows i and i + D/2. Reading them back as (H, D/2, 2, K) and swapping again restores them.
    """
    rows = w.shape[0]
    if rows % (2 * n_heads):
        raise HFReferenceError(f"cannot un-permute {list(w.shape)} over {n_heads} heads of even size")
    return w.reshape(n_heads, rows // n_heads // 2, 2, *w.shape[1:]).swapaxes(1, 2).reshape(w.shape)


def hf_config(c: ModelConfig) -> PretrainedConfig:
    """The transformers config of the same architecture and geometry."""
    common = dict(vocab_size=c.vocab, hidden_size=c.hidden, intermediate_size=c.ffn, num_hidden_layers=c.n_layers,
                  num_attention_heads=c.n_heads, num_key_value_heads=c.n_kv_heads, head_dim=c.head_dim,
                  max_position_embeddings=c.max_ctx, rope_theta=c.rope_theta, rms_norm_eps=c.rms_eps,
                  tie_word_embeddings=c.tied_embeddings, hidden_act="silu")
    if c.rope_scaling is not None:
        r = c.rope_scaling
        common["rope_scaling"] = {"rope_type": r.type, "factor": r.factor, "low_freq_factor": r.low_freq_factor,
                                  "high_freq_factor": r.high_freq_factor,
                                  "original_max_position_embeddings": r.original_max_positions}
    if c.arch == "llama" and not c.qk_norm:
        return LlamaConfig(**common, attention_bias=c.qkv_bias, mlp_bias=False)
    if c.arch == "qwen2" and c.qkv_bias and not c.qk_norm:
        return Qwen2Config(**common, use_sliding_window=False)
    if c.arch == "qwen3" and c.qk_norm and not c.qkv_bias:
        return Qwen3Config(**common, attention_bias=False, use_sliding_window=False)
    raise HFReferenceError(f"no HF reference for arch {c.arch!r} with qkv_bias={c.qkv_bias}, qk_norm={c.qk_norm}")


def hf_state_dict(model_dir: str | Path, index: ModelIndex, gguf: str | Path | None = None) -> dict[str, torch.Tensor]:
    """Every tensor of the model directory, dequantized to fp32 (from the source GGUF where given),
    under its HF name."""
    c = index.config
    source = read_gguf(gguf) if gguf is not None else None
    if source is not None and (index.source or {}).get("file") != Path(gguf).name:
        raise HFReferenceError(f"{model_dir} was converted from {index.source}, not {gguf}")
    out = {}
    for name in index.tensors:
        w = load_tensor(model_dir, index, name) if source is None else dequant_gguf(source, name)
        if c.rope_layout == "interleaved" and name.endswith(("attn_q.weight", "attn_k.weight")):
            w = unpermute_rows(w, c.n_heads if name.endswith("attn_q.weight") else c.n_kv_heads)
        out[hf_name(name)] = torch.from_numpy(np.ascontiguousarray(w))
    return out


def load_reference(model_dir: str | Path, gguf: str | Path | None = None) -> PreTrainedModel:
    """A fp32 CPU *ForCausalLM (llama, qwen2, qwen3) holding exactly the model directory's
    (dequantized) weights, or those of the GGUF it was converted from."""
    index = load_index(model_dir)
    with torch.device("meta"):
        model = AutoModelForCausalLM.from_config(hf_config(index.config))
    state = hf_state_dict(model_dir, index, gguf)
    if index.config.tied_embeddings:  # the same tensor object, as tie_weights would leave it
        state["lm_head.weight"] = state["model.embed_tokens.weight"]
    # strict: a missing or unexpected name is a mapping bug, not something to skip
    model.load_state_dict(state, strict=True, assign=True)
    # rotary inv_freq is a non-persistent buffer: rebuild it off the meta device
    model.model.rotary_emb = type(model.model.rotary_emb)(model.config)
    return model.float().eval()


@dataclass
class Scores:
    """Teacher-forced predictions, in the Engine.score layout."""

    top1: list[int]       # [n - 1] argmax after tokens[..i]
    logprob: list[float]  # [n - 1] log p(tokens[i + 1] | tokens[..i])


def engine_scores(engine, ids: list[int]) -> Scores:
    """The same predictions from a loaded pyrite Engine (Engine.score)."""
    from pyrite.sync import run_sync
    r = run_sync(engine.score(ids))
    return Scores(r["top1"], r["logprob"])


@torch.inference_mode()
def hf_score(model: PreTrainedModel, ids: list[int]) -> Scores:
    x = torch.tensor([ids])
    logits = model(x).logits[0, :-1].double()  # [n - 1, vocab]
    logp = torch.log_softmax(logits, dim=-1)
    target = torch.tensor(ids[1:])
    return Scores(logits.argmax(-1).tolist(), logp[torch.arange(len(ids) - 1), target].tolist())


@torch.inference_mode()
def hf_greedy(model: PreTrainedModel, ids: list[int], n: int) -> list[int]:
    out = model.generate(torch.tensor([ids]), attention_mask=torch.ones(1, len(ids), dtype=torch.long),
                         max_new_tokens=n, min_new_tokens=n, do_sample=False, num_beams=1,
                         pad_token_id=0)
    return out[0, len(ids):].tolist()


@dataclass
class Agreement:
    positions: int
    top1: float               # fraction of positions whose argmax matches
    mean_abs_logprob: float   # mean |log p_ours - log p_ref| of the true next token
    max_abs_logprob: float

    def line(self) -> str:
        return (f"top-1 {100 * self.top1:.2f}% of {self.positions}, mean |dlogprob| {self.mean_abs_logprob:.2e}, "
                f"max {self.max_abs_logprob:.2e}")


def agreement(ours: Scores, ref: Scores) -> Agreement:
    if len(ours.top1) != len(ref.top1) or len(ours.logprob) != len(ref.logprob):
        raise AssertionError(f"score lengths differ: {len(ours.top1)} vs {len(ref.top1)} positions")
    n = len(ref.top1)
    diffs = [abs(a - b) for a, b in zip(ours.logprob, ref.logprob)]
    return Agreement(n, sum(a == b for a, b in zip(ours.top1, ref.top1)) / n, sum(diffs) / n, max(diffs))


def perplexity(s: Scores) -> float:
    return math.exp(-sum(s.logprob) / len(s.logprob))
