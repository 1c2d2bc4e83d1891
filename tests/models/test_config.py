"""ModelConfig from GGUF metadata, checked against transformers' own GGUF config reader."""
from __future__ import annotations

import dataclasses

import pytest

from pyrite.errors import ModelFormatError
from pyrite.models.config import PRESETS, ModelConfig
from pyrite.quant.gguf import read_gguf


def hf_gguf_config(path) -> dict:
    from transformers.modeling_gguf_pytorch_utils import load_gguf_checkpoint

    return load_gguf_checkpoint(str(path), return_tensors=False)["config"]


def assert_matches_hf(cfg: ModelConfig, hf: dict) -> None:
    assert cfg.arch == hf["model_type"]
    assert (cfg.n_layers, cfg.hidden, cfg.ffn) == (hf["num_hidden_layers"], hf["hidden_size"], hf["intermediate_size"])
    assert (cfg.n_heads, cfg.n_kv_heads) == (hf["num_attention_heads"], hf["num_key_value_heads"])
    assert cfg.head_dim == hf.get("head_dim", hf["hidden_size"] // hf["num_attention_heads"])
    assert (cfg.vocab, cfg.max_ctx) == (hf["vocab_size"], hf["max_position_embeddings"])
    assert (cfg.rope_theta, cfg.rms_eps) == (hf["rope_theta"], hf["rms_norm_eps"])
    assert cfg.tied_embeddings == hf.get("tie_word_embeddings", cfg.tied_embeddings)


def test_smollm2_from_gguf(smollm2_gguf):
    g = read_gguf(smollm2_gguf)
    cfg = ModelConfig.from_gguf(g.metadata, g.tensors)
    assert_matches_hf(cfg, hf_gguf_config(smollm2_gguf))
    assert cfg.tied_embeddings and not cfg.qkv_bias and not cfg.qk_norm
    # the preset is the same geometry (its eps is the decimal, the GGUF's the f32 nearest)
    assert dataclasses.replace(cfg, rms_eps=1e-5) == PRESETS["smollm2-135m"]


@pytest.mark.slow
def test_qwen_from_gguf(qwen_gguf):
    g = read_gguf(qwen_gguf)
    cfg = ModelConfig.from_gguf(g.metadata, g.tensors)
    assert_matches_hf(cfg, hf_gguf_config(qwen_gguf))
    assert cfg.qkv_bias and not cfg.qk_norm
    assert not cfg.tied_embeddings  # this AWQ export ships its own output.weight
    assert dataclasses.replace(cfg, rms_eps=1e-6, tied_embeddings=True) == PRESETS["qwen2.5-0.5b"]


def _meta(arch="llama", **over) -> dict:
    m = {"general.architecture": arch, f"{arch}.block_count": 2, f"{arch}.embedding_length": 64,
         f"{arch}.feed_forward_length": 96, f"{arch}.attention.head_count": 4,
         f"{arch}.context_length": 128, f"{arch}.attention.layer_norm_rms_epsilon": 1e-6,
         "tokenizer.ggml.tokens": ["a", "b", "c"]}
    m.update({f"{arch}.{k}" if not k.startswith(("general", "tokenizer")) else k: v for k, v in over.items()})
    return m


def test_from_gguf_defaults_and_flags():
    cfg = ModelConfig.from_gguf(_meta(), ["token_embd.weight"])
    assert (cfg.n_kv_heads, cfg.head_dim, cfg.vocab, cfg.rope_theta) == (4, 16, 3, 10000.0)
    assert cfg.tied_embeddings and not cfg.qkv_bias
    names = ["output.weight", "blk.0.attn_q.bias", "blk.0.attn_q_norm.weight"]
    cfg = ModelConfig.from_gguf(_meta("qwen3", **{"attention.key_length": 32, "attention.head_count_kv": 2}), names)
    assert (cfg.head_dim, cfg.n_kv_heads, cfg.q_dim, cfg.kv_dim, cfg.group) == (32, 2, 128, 64, 2)
    assert not cfg.tied_embeddings and cfg.qkv_bias and cfg.qk_norm


def test_from_gguf_errors():
    with pytest.raises(ModelFormatError, match="general.architecture: 'gpt2'"):
        ModelConfig.from_gguf(_meta() | {"general.architecture": "gpt2"}, [])
    m = _meta()
    del m["llama.block_count"]
    with pytest.raises(ModelFormatError, match="missing llama.block_count"):
        ModelConfig.from_gguf(m, [])
    with pytest.raises(ModelFormatError, match="head_count_kv|n_kv_heads 3"):
        ModelConfig.from_gguf(_meta(**{"attention.head_count_kv": 3}), [])
    with pytest.raises(ModelFormatError, match="hidden 64 != n_heads 4 \\* head_dim 32"):
        ModelConfig.from_gguf(_meta(**{"attention.key_length": 32}), [])  # llama derives head_dim


def test_presets_are_valid_and_round_trip():
    assert {"tiny-llama", "smollm2-135m", "qwen2.5-0.5b", "qwen3-0.6b", "llama-3.2-1b"} <= set(PRESETS)
    for name, cfg in PRESETS.items():
        assert ModelConfig.from_json(cfg.to_json()) == cfg, name
    assert PRESETS["qwen3-0.6b"].hidden != PRESETS["qwen3-0.6b"].q_dim  # qwen3: head_dim is free
    assert PRESETS["llama-3.2-1b"].group == 4


@pytest.mark.parametrize("field, value, words", [
    ("arch", "gpt2", "config.arch"), ("n_layers", 0, "config.n_layers"), ("hidden", 64.0, "config.hidden"),
    ("n_heads", True, "config.n_heads"), ("rms_eps", -1.0, "config.rms_eps"), ("qk_norm", 1, "config.qk_norm"),
    ("head_dim", 15, "head_dim: 15"), ("n_kv_heads", 3, "not divisible"),
    ("rope_layout", "pairs", "config.rope_layout: 'pairs'"),
])
def test_validation(field, value, words):
    d = PRESETS["tiny-llama"].to_json() | {field: value}
    with pytest.raises(ModelFormatError, match=words):
        ModelConfig.from_json(d)


def test_from_json_keys():
    d = PRESETS["tiny-llama"].to_json()
    with pytest.raises(ModelFormatError, match="missing key.*vocab"):
        ModelConfig.from_json({k: v for k, v in d.items() if k != "vocab"})
    with pytest.raises(ModelFormatError, match="unknown key.*rope_scale"):
        ModelConfig.from_json(d | {"rope_scale": None})
    del d["rope_scaling"], d["rope_layout"]  # a model.json written before the fields existed still loads
    assert ModelConfig.from_json(d) == PRESETS["tiny-llama"]


@pytest.mark.parametrize("arch,layout", [("llama", "interleaved"), ("qwen2", "rotate_half"), ("qwen3", "rotate_half")])
def test_rope_layout_is_a_config_field(arch, layout):
    """GGUF: llama.cpp permutes only llama-arch q/k rows; old model.json files get the same rule."""
    names = ["blk.0.attn_q_norm.weight"] if arch == "qwen3" else []
    meta = _meta(arch, **({"attention.key_length": 16} if arch == "qwen3" else {}))
    assert ModelConfig.from_gguf(meta, names).rope_layout == layout
    d = PRESETS[f"tiny-{arch}"].to_json()
    assert d["rope_layout"] == layout
    del d["rope_layout"]
    assert ModelConfig.from_json(d).rope_layout == layout
    hf_style = PRESETS[f"tiny-{arch}"].to_json() | {"rope_layout": "rotate_half"}
    assert ModelConfig.from_json(hf_style).rope_layout == "rotate_half"
    with pytest.raises(ModelFormatError, match="expected an object"):
        ModelConfig.from_json([1, 2])


def test_rope_scaling_round_trips_and_is_checked():
    cfg = PRESETS["llama-3.2-1b"]
    assert cfg.rope_scaling is not None and ModelConfig.from_json(cfg.to_json()) == cfg
    d = cfg.to_json()
    for scaling, words in (({**d["rope_scaling"], "type": "yarn"}, "type 'yarn' is not supported"),
                           ({**d["rope_scaling"], "factor": 0}, "rope_scaling.factor"),
                           ({**d["rope_scaling"], "low_freq_factor": 8.0}, "must be below"),
                           ({"type": "llama3"}, "expected null or an object")):
        with pytest.raises(ModelFormatError, match=words):
            ModelConfig.from_json(d | {"rope_scaling": scaling})


@pytest.mark.parametrize("theta,D,factor,low,high,old", [(500000.0, 64, 32.0, 1.0, 4.0, 8192),
                                                         (500000.0, 128, 8.0, 1.0, 4.0, 8192),
                                                         (10000.0, 32, 4.0, 2.0, 8.0, 256)])
def test_llama3_inv_freqs_equal_transformers_bit_for_bit(theta, D, factor, low, high, old):
    import torch
    from transformers import LlamaConfig
    from transformers.modeling_rope_utils import ROPE_INIT_FUNCTIONS

    from pyrite.models.config import RopeScaling
    from pyrite.ops.rope import inv_freqs, llama3_inv_freqs
    hf = LlamaConfig(hidden_size=D * 4, num_attention_heads=4, head_dim=D, rope_parameters={
        "rope_type": "llama3", "rope_theta": theta, "factor": factor, "low_freq_factor": low,
        "high_freq_factor": high, "original_max_position_embeddings": old})
    ref, _ = ROPE_INIT_FUNCTIONS["llama3"](hf, "cpu")
    base = inv_freqs(D, theta)
    ours = llama3_inv_freqs(base, RopeScaling("llama3", factor, low, high, old))
    assert torch.equal(torch.tensor(ours, dtype=torch.float32), ref)
    wavelen = [2 * 3.141592653589793 / f for f in base]
    assert any(old / high <= w <= old / low for w in wavelen)  # the smooth band is exercised


@pytest.mark.parametrize("max_ctx,D,theta", [(2048, 64, 100000.0), (37, 32, 10000.0)])
def test_the_rope_table_holds_each_f32_angles_cos_and_sin(max_ctx, D, theta):
    """Row pos, pair i: cos and sin of pos * inv_freq[i] rounded to f32 (HF's fp32 outer product), each
    rounded to f32 (numpy's float64 cos and sin as the reference)."""
    import numpy as np

    from pyrite.ops.rope import inv_freqs, rope_table
    angles = np.arange(max_ctx, dtype=np.float32)[:, None] * np.array(inv_freqs(D, theta), dtype=np.float32)
    want = np.stack([np.cos(angles.astype(np.float64)), np.sin(angles.astype(np.float64))], axis=-1)
    assert rope_table(max_ctx, D, theta) == want.astype("<f4").tobytes()


def test_gguf_rope_freqs_is_refused_not_ignored():
    with pytest.raises(ModelFormatError, match="rope_freqs.weight"):
        ModelConfig.from_gguf(_meta(), ["rope_freqs.weight"])
