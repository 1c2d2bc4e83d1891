"""GGUF -> pyrite model directory: bit-exact against gguf's own dequantizer for every
exact type, requantized tensors bit-exact against gguf's quantizer, sharding rules,
and no partial output on failure."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from gguf import GGMLQuantizationType, GGUFReader
from gguf.quants import dequantize, quantize

import pyrite.models.convert as convert_mod
from pyrite.errors import DTypeError, PyriteError
from pyrite.models.config import ModelConfig
from pyrite.models.convert import RecipeError, convert_gguf, widened
from pyrite.models.format import MAX_SHARD_BYTES, PART_ALIGN, load_index, verify_shards
from pyrite.quant.dequant import dequant_gguf, load_tensor
from pyrite.quant.gguf import read_gguf
from support.gguf import write_gguf


def requantized_reference(x: np.ndarray, type_name: str) -> np.ndarray:
    """What gguf's own quantizer + dequantizer make of x (the bit-exact target of a
    pyrite requantization at group size 32)."""
    qtype = GGMLQuantizationType[type_name]
    return dequantize(quantize(x, qtype), qtype).reshape(x.shape)


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and a.dtype == b.dtype and a.tobytes() == b.tobytes()


def assert_layout_rules(model_dir: Path) -> None:
    index = verify_shards(model_dir)
    for shard in index.shards:
        assert (model_dir / shard.file).stat().st_size == shard.bytes
    by_shard: dict[int, list] = {}
    for t in index.tensors.values():
        for p in t.parts.values():
            assert p.offset % PART_ALIGN == 0
            assert p.offset + p.bytes <= index.shards[p.shard].bytes
            by_shard.setdefault(p.shard, []).append(p)
    for i, shard in enumerate(index.shards):
        assert shard.bytes <= MAX_SHARD_BYTES or len(by_shard[i]) == 1, shard.file


# ---- SmolLM2 (Q4_1, Q8_0, F32) -----------------------------------------------------------------

@pytest.mark.model  # converts the real GGUF
def test_smollm2_exact_is_bit_exact(smollm2_gguf, smollm2_exact):
    g = read_gguf(smollm2_gguf)
    index = load_index(smollm2_exact)
    assert index.name == "smollm2-135m" and index.recipe == "exact" and index.lossy == []
    assert list(index.tensors) == list(g.tensors)  # GGUF names, GGUF order
    want_format = {"Q4_1": "q4a", "Q8_0": "q8gsw", "F32": "f32"}
    for name, info in g.tensors.items():
        entry = index.tensors[name]
        assert entry.format == want_format[info.type_name], name
        assert list(entry.shape) == list(reversed(info.dims)), name
        assert entry.group_size == (None if entry.format == "f32" else 32)
        assert same_bits(load_tensor(smollm2_exact, index, name), dequant_gguf(g, name)), name
    assert_layout_rules(smollm2_exact)


def test_smollm2_dequant_gguf_matches_reference_reader(smollm2_gguf):
    g = read_gguf(smollm2_gguf)
    for t in GGUFReader(smollm2_gguf).tensors[:12]:
        ref = dequantize(t.data, t.tensor_type).reshape(tuple(reversed([int(d) for d in t.shape])))
        assert same_bits(dequant_gguf(g, t.name), ref.astype(np.float32)), t.name


@pytest.mark.model  # converts the real GGUF
def test_smollm2_metadata(smollm2_gguf, smollm2_exact):
    g = read_gguf(smollm2_gguf)
    index = load_index(smollm2_exact)
    raw = json.loads((smollm2_exact / "model.json").read_text())
    assert raw["format"] == "pyrite" and raw["version"] == 1
    assert index.config == ModelConfig.from_gguf(g.metadata, g.tensors)
    tok = index.tokenizer
    assert tok["tokens"] == g.get("tokenizer.ggml.tokens") and tok["merges"] == g.get("tokenizer.ggml.merges")
    assert tok["token_types"] == g.get("tokenizer.ggml.token_type")
    assert (tok["type"], tok["pre"], tok["bos_id"], tok["eos_id"], tok["pad_id"]) == ("bpe", "smollm", 1, 2, 2)
    assert tok["eot_id"] == tok["tokens"].index("<|im_end|>") and not tok["add_bos"] and not tok["add_eos"]
    assert index.chat_template == g.get("tokenizer.chat_template")
    import hashlib
    assert index.source == {"file": smollm2_gguf.name, "sha256": hashlib.sha256(smollm2_gguf.read_bytes()).hexdigest()}


@pytest.mark.model  # converts the real GGUF
def test_smollm2_q4_recipe(smollm2_gguf, tmp_path):
    out = convert_gguf(smollm2_gguf, tmp_path / "q4", recipe="q4")
    g, index = read_gguf(smollm2_gguf), load_index(out)
    two_d = [n for n, t in g.tensors.items() if len(t.dims) == 2]
    assert index.lossy == two_d  # nothing in SmolLM2 is Q4_0, so every weight was requantized
    assert {index.tensors[n].format for n in two_d} == {"q4gsw"}
    assert {t.format for n, t in index.tensors.items() if n not in two_d} == {"f32"}
    for name in ("token_embd.weight", "blk.0.attn_k.weight", "blk.29.ffn_down.weight"):
        ref = requantized_reference(dequant_gguf(g, name), "Q4_0")
        assert same_bits(load_tensor(out, index, name), ref), name
    assert_layout_rules(out)


# ---- tiny synthetic model: every converter branch ------------------------------------------------

def test_tiny_exact(tiny_gguf, tiny_model, tiny_tensors, tiny_tokens):
    g, index = read_gguf(tiny_gguf), load_index(tiny_model)
    want = {"Q8_0": "q8gsw", "F32": "f32", "Q4_0": "q4gsw", "Q4_1": "q4a", "Q5_0": "q5", "F16": "f32",
            "Q6_K": "q6k", "Q5_1": "q5a", "BF16": "f32"}
    for name, (shape, type_name) in tiny_tensors.items():
        entry = index.tensors[name]
        assert entry.shape == shape and entry.format == (want[type_name] if len(shape) == 2 else "f32"), name
        assert same_bits(load_tensor(tiny_model, index, name), dequant_gguf(g, name)), name
    assert index.lossy == []
    assert index.name == "tiny-1m"
    assert index.tokenizer["eot_id"] == 2 and index.tokenizer["pad_id"] == len(tiny_tokens) - 1
    assert index.tokenizer["add_bos"] is True
    assert index.config.tied_embeddings and index.config.head_dim == 16


def test_tiny_q4(tiny_gguf, tmp_path, tiny_tensors):
    out = convert_gguf(tiny_gguf, tmp_path / "m", recipe="q4", name="tiny-q4")
    g, index = read_gguf(tiny_gguf), load_index(out)
    assert index.name == "tiny-q4" and index.recipe == "q4"
    for name, (shape, type_name) in tiny_tensors.items():
        entry = index.tensors[name]
        got, src = load_tensor(out, index, name), dequant_gguf(g, name)
        if len(shape) == 1:
            assert entry.format == "f32" and same_bits(got, src), name
        elif type_name == "Q4_0":  # already q4gsw gs 32: repacked, not requantized
            assert name not in index.lossy and same_bits(got, src)
        else:
            assert name in index.lossy and entry.format == "q4gsw" and entry.group_size == 32
            assert same_bits(got, requantized_reference(src, "Q4_0")), name


def test_progress_lines(tiny_gguf, tmp_path, tiny_tensors):
    lines: list[str] = []
    convert_gguf(tiny_gguf, tmp_path / "m", progress=lines.append)
    n = len(tiny_tensors)
    assert lines[0].startswith(f"tensor 1/{n} token_embd.weight Q8_0->q8gsw")
    assert lines[4].startswith(f"tensor 5/{n} blk.0.attn_v.weight Q5_0->q5,")
    assert lines[-1].startswith("wrote ") and "1 shard(s), 0 lossy" in lines[-1]
    lines.clear()
    convert_gguf(tiny_gguf, tmp_path / "m8", recipe="q8", progress=lines.append)
    assert lines[4].startswith(f"tensor 5/{n} blk.0.attn_v.weight Q5_0->q8gsw (lossy)")


@pytest.mark.parametrize("type_name, size", [("Q2_K", 84), ("Q3_K", 110), ("IQ4_NL", 18)])
def test_exact_refuses_a_type_it_cannot_keep_before_writing(tmp_path, type_name, size):
    """Nothing requantized under exact: the tensor and its type named, no directory left behind;
    recipe q8 takes the same file, lossy."""
    per = 32 if type_name == "IQ4_NL" else 256
    raw = np.random.default_rng(0).integers(0, 256, (8, 256 // per * size), dtype=np.uint8)
    path = write_gguf(tmp_path / "odd.gguf", {"blk.0.attn_q.weight": (raw, type_name)})
    with pytest.raises(DTypeError, match=f"tensor 'blk.0.attn_q.weight' is {type_name}, which the exact recipe "
                                         f"cannot keep.*recipe q8 or q4"):
        convert_gguf(path, tmp_path / "m")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["odd.gguf"]


def test_small_shards(tiny_gguf, tiny_model, tmp_path):
    limit = 4096
    out = convert_gguf(tiny_gguf, tmp_path / "split", max_shard_bytes=limit)
    index, whole = load_index(out), load_index(tiny_model)
    assert len(index.shards) > 5
    for shard in index.shards:
        parts = [p for t in index.tensors.values() for p in t.parts.values() if index.shards[p.shard] is shard]
        # over the limit only when a single oversize part owns the shard
        assert shard.bytes <= limit or (len(parts) == 1 and parts[0].bytes > limit and parts[0].offset == 0)
    verify_shards(out)
    for name in index.tensors:
        assert same_bits(load_tensor(out, index, name), load_tensor(tiny_model, whole, name)), name


# ---- failures --------------------------------------------------------------------------------------

def test_unknown_recipe(tiny_gguf, tmp_path):
    with pytest.raises(RecipeError, match="'q3'") as e:
        convert_gguf(tiny_gguf, tmp_path / "m", recipe="q3")
    assert isinstance(e.value, ValueError) and isinstance(e.value, PyriteError)
    assert not (tmp_path / "m").exists()


def _boom_at_q5(monkeypatch):
    """pack_gguf failing at the tiny GGUF's 5th tensor (its Q5_0 one)."""
    real = convert_mod.pack_gguf

    def pack(raw, type_name, shape, name):
        if type_name == "Q5_0":
            raise RuntimeError("disk on fire")
        return real(raw, type_name, shape, name)

    monkeypatch.setattr(convert_mod, "pack_gguf", pack)


def test_failure_leaves_nothing(tiny_gguf, tmp_path, monkeypatch):
    _boom_at_q5(monkeypatch)
    with pytest.raises(RuntimeError, match="disk on fire"):
        convert_gguf(tiny_gguf, tmp_path / "m")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny.gguf"]  # no out dir, no temp sibling


def test_failure_keeps_existing_model(tiny_gguf, tiny_model, monkeypatch):
    before = {p.name: p.read_bytes() for p in tiny_model.iterdir()}
    _boom_at_q5(monkeypatch)
    with pytest.raises(RuntimeError):
        convert_gguf(tiny_gguf, tiny_model, name="other")
    assert {p.name: p.read_bytes() for p in tiny_model.iterdir()} == before
    assert sorted(p.name for p in tiny_model.parent.iterdir()) == ["tiny-model", "tiny.gguf"]


def test_success_replaces_existing_model(tiny_gguf, tiny_model):
    (tiny_model / "stale.txt").write_text("old")
    convert_gguf(tiny_gguf, tiny_model, recipe="q4")
    assert not (tiny_model / "stale.txt").exists()
    assert load_index(tiny_model).recipe == "q4"
    assert sorted(p.name for p in tiny_model.parent.iterdir()) == ["tiny-model", "tiny.gguf"]


def test_missing_source(tmp_path):
    with pytest.raises(PyriteError, match="no such file"):
        convert_gguf(tmp_path / "none.gguf", tmp_path / "m")
    assert not (tmp_path / "m").exists()


# ---- Qwen2.5-Coder-0.5B (Q5_0, Q8_0, Q6_K, Q4_K, F32) ------------------------------------------------

@pytest.mark.slow
def test_qwen_exact(qwen_gguf, tmp_path):
    out = convert_gguf(qwen_gguf, tmp_path / "qwen")
    g, index = read_gguf(qwen_gguf), load_index(out)
    assert index.config.arch == "qwen2" and index.config.qkv_bias and not index.config.tied_embeddings
    exact = {"Q8_0": "q8gsw", "F32": "f32", "Q5_0": "q5", "Q4_K": "q4k", "Q6_K": "q6k"}
    assert index.lossy == []
    wide = widened(g)  # the Q5_0 attn_q, attn_k of the layers whose attn_v is Q8_0: q8gsw, so Q/K/V pack
    assert wide and all(n.endswith(("attn_q.weight", "attn_k.weight")) for n in wide)
    assert all(g.tensors[n.replace("attn_q", "attn_v").replace("attn_k", "attn_v")].type_name == "Q8_0" for n in wide)
    for name, info in g.tensors.items():
        entry = index.tensors[name]
        assert entry.format == ("q8gsw" if name in wide else exact[info.type_name]), name
        if name != "output.weight":
            assert same_bits(load_tensor(out, index, name), dequant_gguf(g, name)), name
    # at its own size: q6k's superblock header is 2 bytes over GGUF's 210, the widened Q5_0 1.55x
    stored = sum(p.bytes for e in index.tensors.values() for p in e.parts.values())
    source = sum(t.n_bytes for t in g.tensors.values())
    assert source <= stored <= 1.01 * source, (stored, source)
    # the 151936 x 896 lm_head is bigger than a shard: it gets one to itself, bit-exact
    head = index.tensors["output.weight"].parts["q"]
    assert head.bytes > MAX_SHARD_BYTES and head.offset == 0
    assert same_bits(load_tensor(out, index, "output.weight"), dequant_gguf(g, "output.weight"))
    assert_layout_rules(out)


def test_unconvertible_type(tmp_path):
    path = write_gguf(tmp_path / "i.gguf", {"blk.0.odd.weight": (np.arange(64), "I32")})  # I32: no float meaning
    g = read_gguf(path)
    with pytest.raises(PyriteError, match="'blk.0.odd.weight' is I32"):
        dequant_gguf(g, "blk.0.odd.weight")


def test_convert_cached_skips_an_up_to_date_dir_and_redoes_a_changed_recipe(tiny_gguf, tmp_path):
    from pyrite.models.convert import convert_cached
    out = convert_cached(tiny_gguf, tmp_path / "m")
    shard = out / "weights-00000.bin"
    first = shard.stat().st_mtime_ns
    assert convert_cached(tiny_gguf, out) == out and shard.stat().st_mtime_ns == first
    convert_cached(tiny_gguf, out, recipe="q4")
    assert '"recipe": "q4"' in (out / "model.json").read_text()
