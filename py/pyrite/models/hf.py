"""HF transformers checkpoints: config.json -> ModelConfig, and HF tensor names <-> pyrite's.

Runtime module (stdlib only). pyrite's parameters keep the GGUF tensor names (blk.N.attn_q.weight);
this table is the one place HF names map onto them. HF q/k rows are in rotate-half order (no
llama.cpp permutation), so every HF checkpoint gets rope_layout "rotate_half".
"""
from __future__ import annotations

import re
from typing import Any

from ..errors import ModelFormatError
from .config import ModelConfig, RopeScaling

# pyrite (GGUF) name <-> HF name; "{n}" is the block number.
NAMES: tuple[tuple[str, str], ...] = (
    ("token_embd.weight", "model.embed_tokens.weight"),
    ("output_norm.weight", "model.norm.weight"),
    ("output.weight", "lm_head.weight"),
    ("blk.{n}.attn_norm.weight", "model.layers.{n}.input_layernorm.weight"),
    ("blk.{n}.attn_q.weight", "model.layers.{n}.self_attn.q_proj.weight"),
    ("blk.{n}.attn_k.weight", "model.layers.{n}.self_attn.k_proj.weight"),
    ("blk.{n}.attn_v.weight", "model.layers.{n}.self_attn.v_proj.weight"),
    ("blk.{n}.attn_q.bias", "model.layers.{n}.self_attn.q_proj.bias"),
    ("blk.{n}.attn_k.bias", "model.layers.{n}.self_attn.k_proj.bias"),
    ("blk.{n}.attn_v.bias", "model.layers.{n}.self_attn.v_proj.bias"),
    ("blk.{n}.attn_q_norm.weight", "model.layers.{n}.self_attn.q_norm.weight"),
    ("blk.{n}.attn_k_norm.weight", "model.layers.{n}.self_attn.k_norm.weight"),
    ("blk.{n}.attn_output.weight", "model.layers.{n}.self_attn.o_proj.weight"),
    ("blk.{n}.ffn_norm.weight", "model.layers.{n}.post_attention_layernorm.weight"),
    ("blk.{n}.ffn_gate.weight", "model.layers.{n}.mlp.gate_proj.weight"),
    ("blk.{n}.ffn_up.weight", "model.layers.{n}.mlp.up_proj.weight"),
    ("blk.{n}.ffn_down.weight", "model.layers.{n}.mlp.down_proj.weight"),
)

# HF model_type -> pyrite arch (the architectures this graph builds)
MODEL_TYPES = {"llama": "llama", "qwen2": "qwen2", "qwen3": "qwen3"}


def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(re.escape(pattern).replace(re.escape("{n}"), r"(\d+)"))


_TO_PYRITE = [(_regex(hf), ours) for ours, hf in NAMES]
_TO_HF = [(_regex(ours), hf) for ours, hf in NAMES]


def _rename(name: str, table: list[tuple[re.Pattern[str], str]], what: str) -> str:
    for pattern, target in table:
        m = pattern.fullmatch(name)
        if m:
            return target.format(n=m.group(1) if m.groups() else "")
    raise ModelFormatError(f"tensor {name!r} has no {what} counterpart")


def pyrite_name(hf_name: str) -> str:
    """model.layers.3.self_attn.q_proj.weight -> blk.3.attn_q.weight (ModelFormatError if unknown)."""
    return _rename(hf_name, _TO_PYRITE, "pyrite")


def hf_name(name: str) -> str:
    """blk.3.attn_q.weight -> model.layers.3.self_attn.q_proj.weight."""
    return _rename(name, _TO_HF, "HF")


def _rope_scaling(d: dict[str, Any]) -> RopeScaling | None:
    """HF rope_scaling (transformers 4) or rope_parameters (5): None, "default", or llama3 scaling."""
    rs = d.get("rope_scaling") or d.get("rope_parameters")
    if rs is None:
        return None
    if not isinstance(rs, dict):
        raise ModelFormatError(f"config.json: rope_scaling must be an object, got {rs!r:.60}")
    kind = rs.get("rope_type", rs.get("type", "default"))
    if kind == "default":
        return None
    if kind != "llama3":
        raise ModelFormatError(f"config.json: rope_scaling type {kind!r} is not supported (supported: llama3)")
    try:
        return RopeScaling("llama3", rs["factor"], rs["low_freq_factor"], rs["high_freq_factor"],
                           rs["original_max_position_embeddings"])
    except KeyError as e:
        raise ModelFormatError(f"config.json: rope_scaling (llama3) is missing {e.args[0]!r}") from None


def config_from_hf(d: Any) -> ModelConfig:
    """ModelConfig from an HF config.json object (llama, qwen2, qwen3)."""
    if not isinstance(d, dict):
        raise ModelFormatError(f"config.json: expected an object, got {type(d).__name__}")
    model_type = d.get("model_type")
    if model_type not in MODEL_TYPES:
        raise ModelFormatError(f"config.json: model_type {model_type!r} is not a supported architecture "
                               f"(supported: {', '.join(MODEL_TYPES)})")
    arch = MODEL_TYPES[model_type]

    def need(key: str) -> Any:
        if d.get(key) is None:
            raise ModelFormatError(f"config.json: missing {key!r}")
        return d[key]

    if d.get("mlp_bias"):
        raise ModelFormatError("config.json: mlp_bias is not supported (pyrite's SwiGLU has no biases)")
    if d.get("hidden_act", "silu") != "silu":
        raise ModelFormatError(f"config.json: hidden_act {d['hidden_act']!r} is not supported (silu only)")
    hidden, n_heads = need("hidden_size"), need("num_attention_heads")
    rope = d.get("rope_parameters") if isinstance(d.get("rope_parameters"), dict) else {}
    theta = d.get("rope_theta", rope.get("rope_theta", 10000.0))
    head_dim = d.get("head_dim") or (hidden // n_heads if isinstance(hidden, int) and isinstance(n_heads, int)
                                     and n_heads > 0 else None)
    return ModelConfig(
        arch=arch, n_layers=need("num_hidden_layers"), hidden=hidden, ffn=need("intermediate_size"),
        n_heads=n_heads, n_kv_heads=d.get("num_key_value_heads") or n_heads, head_dim=head_dim,
        vocab=need("vocab_size"), max_ctx=need("max_position_embeddings"), rope_theta=float(theta),
        rms_eps=float(need("rms_norm_eps")), tied_embeddings=bool(d.get("tie_word_embeddings", False)),
        # Qwen2's attention always carries q/k/v biases; the others only when attention_bias says so.
        qkv_bias=arch == "qwen2" or bool(d.get("attention_bias", False)),
        qk_norm=arch == "qwen3", rope_scaling=_rope_scaling(d), rope_layout="rotate_half",
    )
