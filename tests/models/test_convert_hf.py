"""HF checkpoints -> pyrite: config.json mapping, the converter's typed errors (nothing written on
failure), and the engine against transformers on random checkpoints in the Qwen3-0.6B and
Llama-3.2-1B head geometries (logits within 1e-3 relative, top-1 equal at >= 95% of positions: near-ties may flip)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
import torch
from safetensors.torch import load_file, save_file
from transformers import LlamaConfig, Qwen2Config, Qwen3Config

from hf_checkpoints import (GEOMETRIES, MAX_REL_LOGIT_ERROR, VOCAB, assert_logits_match, load_checkpoint,
                            make_checkpoint, relative_error)
from pyrite.errors import ModelFormatError, PromptError
from pyrite.models.config import RopeScaling, tensor_shapes
from pyrite.models.convert_hf import convert_hf
from pyrite.models.format import load_index, verify_shards
from pyrite.models.hf import config_from_hf, hf_name, pyrite_name

TOKENS = 64


# ---- config.json and names (fast) -----------------------------------------------------------------

def test_the_logit_check_lets_one_near_tie_in_twenty_go_either_way():
    ref = np.tile(np.array([10.0, 9.999, 0.0], dtype=np.float32), (20, 1))
    flip = np.zeros_like(ref)
    flip[:, 1] = 0.002  # each row's top two swap, within the bound
    assert_logits_match(np.concatenate([ref[:1] + flip[:1], ref[1:]]), ref)
    with pytest.raises(AssertionError, match=r"top-1 differs at positions \[0, 1\] of 20"):
        assert_logits_match(np.concatenate([ref[:2] + flip[:2], ref[2:]]), ref)
    with pytest.raises(AssertionError, match="max relative logit error"):
        assert_logits_match(ref + 0.02, ref)


def test_configs_transformers_writes_map_to_the_same_geometry():
    q3 = config_from_hf(GEOMETRIES["qwen3-0.6b"].to_dict())
    assert (q3.arch, q3.hidden, q3.n_heads, q3.n_kv_heads, q3.head_dim, q3.q_dim) == ("qwen3", 1024, 16, 8, 128, 2048)
    assert q3.qk_norm and not q3.qkv_bias and q3.tied_embeddings and q3.rope_layout == "rotate_half"
    ll = config_from_hf(GEOMETRIES["llama-3.2-1b"].to_dict())
    assert ll.rope_scaling == RopeScaling("llama3", 32.0, 1.0, 4.0, 8192) and ll.rope_theta == 500000.0
    q2 = config_from_hf(Qwen2Config(hidden_size=64, num_attention_heads=4, num_key_value_heads=2,
                                    intermediate_size=96, num_hidden_layers=1, vocab_size=50).to_dict())
    assert q2.arch == "qwen2" and q2.qkv_bias and not q2.qk_norm


def test_names_round_trip_for_every_tensor_of_every_arch():
    for cfg in (GEOMETRIES["qwen3-0.6b"], Qwen2Config(num_hidden_layers=2), LlamaConfig(num_hidden_layers=2)):
        for name in tensor_shapes(config_from_hf(cfg.to_dict())):
            assert pyrite_name(hf_name(name)) == name


@pytest.mark.parametrize("change,match", [
    ({"model_type": "mistral"}, r"model_type 'mistral' is not a supported architecture"),
    ({"rope_scaling": {"rope_type": "yarn", "factor": 4.0}}, r"rope_scaling type 'yarn' is not supported"),
    ({"rope_scaling": {"rope_type": "llama3", "factor": 8.0}}, r"rope_scaling \(llama3\) is missing 'low_freq_factor'"),
    ({"hidden_act": "gelu"}, r"hidden_act 'gelu'"),
    ({"num_hidden_layers": None}, r"missing 'num_hidden_layers'"),
])
def test_unsupported_configs_are_typed_errors(change, match):
    d = LlamaConfig(num_hidden_layers=1).to_dict()
    d.pop("rope_parameters", None)
    with pytest.raises(ModelFormatError, match=match):
        config_from_hf(d | change)


# ---- the converter's checks (fast: a tiny qwen3) -------------------------------------------------------

TINY = Qwen3Config(vocab_size=64, hidden_size=64, intermediate_size=96, num_hidden_layers=1, num_attention_heads=4,
                   num_key_value_heads=2, head_dim=32, tie_word_embeddings=False)


@pytest.fixture
def tiny_ckpt(tmp_path) -> Path:
    from transformers import AutoModelForCausalLM
    torch.manual_seed(0)
    AutoModelForCausalLM.from_config(TINY).save_pretrained(tmp_path / "ckpt", safe_serialization=True)
    return tmp_path / "ckpt"


def retouch(ckpt: Path, edit) -> Path:
    tensors = load_file(str(ckpt / "model.safetensors"))
    edit(tensors)
    save_file(tensors, str(ckpt / "model.safetensors"))
    return ckpt


def test_tiny_checkpoint_converts_in_every_recipe(tiny_ckpt, tmp_path):
    for recipe in ("exact", "q8", "q4"):
        index = verify_shards(convert_hf(tiny_ckpt, tmp_path / recipe, recipe=recipe))
        assert index.tokenizer is None and index.config.arch == "qwen3"
        formats = {t.format for t in index.tensors.values() if len(t.shape) == 2}
        assert formats == {"exact": {"f32"}, "q8": {"q8gsw"}, "q4": {"q4gsw"}}[recipe]
        assert ("output.weight" in index.tensors) and (bool(index.lossy) == (recipe != "exact"))


@pytest.mark.parametrize("edit,match", [
    (lambda t: t.pop("model.layers.0.self_attn.k_norm.weight"), r"missing from the checkpoint: blk\.0\.attn_k_norm"),
    (lambda t: t.update({"model.layers.0.mlp.up_proj.weight": torch.zeros(95, 64)}),
     r"'model\.layers\.0\.mlp\.up_proj\.weight' has shape \[95, 64\], config\.json implies \[96, 64\]"),
    (lambda t: t.update({"model.layers.1.mlp.up_proj.weight": torch.zeros(96, 64)}),
     r"'model\.layers\.1\.mlp\.up_proj\.weight' \(blk\.1\.ffn_up\.weight\) is not used"),
    (lambda t: t.update({"model.layers.0.self_attn.rotary.inv_freq": torch.zeros(4)}), r"rotary\.inv_freq.*no pyrite"),
    (lambda t: t.update({"model.norm.weight": torch.zeros(64, dtype=torch.int8)}),
     r"tensor 'model\.norm\.weight': dtype 'I8' is not supported"),
])
def test_config_and_tensors_that_disagree_convert_nothing(tiny_ckpt, tmp_path, edit, match):
    out = tmp_path / "out"
    with pytest.raises(ModelFormatError, match=match):
        convert_hf(retouch(tiny_ckpt, edit), out)
    assert not out.exists() and not [p for p in tmp_path.iterdir() if p.name.startswith(".out")]


def test_bad_config_json(tiny_ckpt, tmp_path):
    (tiny_ckpt / "config.json").write_text("{")
    with pytest.raises(ModelFormatError, match=r"config\.json: not valid JSON"):
        convert_hf(tiny_ckpt, tmp_path / "out")
    (tiny_ckpt / "config.json").unlink()
    with pytest.raises(ModelFormatError, match=r"config\.json: no such file"):
        convert_hf(tiny_ckpt, tmp_path / "out")


# ---- the engine vs transformers (native GPU) ---------------------------------------------------------

@pytest.fixture(scope="module")
def checkpoints(tmp_path_factory):
    """kind -> (HF checkpoint, converted exact model), each made once on first use; the Llama one is
    saved in bf16 (the converter widens it exactly)."""
    made: dict[str, tuple[Path, Path]] = {}

    def get(kind: str) -> tuple[Path, Path]:
        if kind not in made:
            root = tmp_path_factory.mktemp(kind)
            dtype = torch.bfloat16 if kind.startswith("llama") else torch.float32
            ckpt = make_checkpoint(kind, root / "hf", dtype=dtype)
            made[kind] = ckpt, convert_hf(ckpt, root / "pyrite", recipe="exact")
        return made[kind]
    return get


@pytest.fixture(params=sorted(GEOMETRIES))
def geometry(request, checkpoints):
    return (request.param, *checkpoints(request.param))


def engine_logits(device, model_dir: Path, ids: list[int]) -> np.ndarray:
    from pyrite.engine import Engine
    from pyrite.sync import run_sync
    engine = run_sync(Engine.load(model_dir, device=device, max_ctx=128, max_seq=32))  # 2 chunks of 32
    rows = run_sync(engine.score(ids, logits=True))["logits"]
    return np.array([np.frombuffer(r, dtype=np.float32) for r in rows])


def hf_logits(ckpt: Path, ids: list[int]) -> np.ndarray:
    with torch.inference_mode():
        return load_checkpoint(ckpt)(torch.tensor([ids])).logits[0].numpy()


@pytest.mark.gpu
@pytest.mark.model
def test_logits_match_transformers(device, geometry):
    kind, ckpt, model = geometry
    ids = random.Random(1).choices(range(VOCAB), k=TOKENS)
    ours, ref = engine_logits(device, model, ids), hf_logits(ckpt, ids)
    assert ours.shape == ref.shape == (TOKENS, VOCAB)
    err = assert_logits_match(ours, ref)
    print(f"\n{kind}: max relative logit error {err:.2e} over {TOKENS} tokens")


@pytest.mark.gpu
@pytest.mark.model
def test_llama3_rope_scaling_is_what_makes_it_match(device, checkpoints, tmp_path):
    """The same Llama checkpoint with rope_scaling dropped from model.json misses the bound by 10x:
    the agreement above depends on the llama3 frequencies, not only on short positions."""
    ckpt, model = checkpoints("llama-3.2-1b")
    unscaled = tmp_path / "unscaled"
    unscaled.mkdir()
    for f in model.iterdir():
        (unscaled / f.name).symlink_to(f)
    d = json.loads((model / "model.json").read_text())
    assert d["config"]["rope_scaling"] is not None
    d["config"]["rope_scaling"] = None
    (unscaled / "model.json").unlink()
    (unscaled / "model.json").write_text(json.dumps(d))
    ids = random.Random(1).choices(range(VOCAB), k=TOKENS)
    assert relative_error(engine_logits(device, unscaled, ids), hf_logits(ckpt, ids)) > 5 * MAX_REL_LOGIT_ERROR


@pytest.mark.gpu
@pytest.mark.model
def test_a_model_without_tokenizer_scores_ids_and_refuses_text(device, geometry):
    from pyrite.engine import Engine
    from pyrite.sync import run_sync
    _, _, model = geometry
    assert load_index(model).tokenizer is None
    engine = run_sync(Engine.load(model, device=device, max_ctx=64))
    with pytest.raises(PromptError, match="has no tokenizer"):
        engine.encode_prompt("hello")
    assert len(run_sync(engine.score([1, 2, 3]))["top1"]) == 2


def test_tokenizer_json_and_chat_template_come_along(tmp_path):
    """A checkpoint with tokenizer.json (+ tokenizer_config.json's chat template) converts into a
    model whose tokenizer gives HF's ids."""
    from tokenizers import Tokenizer as HFTokenizer
    from tokenizers import decoders, models, pre_tokenizers, trainers
    from transformers import AutoModelForCausalLM

    from pyrite.tokenizer import Tokenizer
    torch.manual_seed(0)
    cfg = Qwen3Config(vocab_size=320, hidden_size=64, intermediate_size=96, num_hidden_layers=1,
                      num_attention_heads=4, num_key_value_heads=2, head_dim=32, tie_word_embeddings=True,
                      eos_token_id=0)
    AutoModelForCausalLM.from_config(cfg).save_pretrained(tmp_path / "ckpt", safe_serialization=True)
    tok = HFTokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    tok.decoder = decoders.ByteLevel()
    text = ["the lighthouse keeper climbed the stairs", "def f(x): return x + 1", "numbers 1234 and 56"] * 20
    tok.train_from_iterator(text, trainers.BpeTrainer(vocab_size=300, special_tokens=["<|im_end|>"],
                                                      initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
                                                      show_progress=False))
    tok.save(str(tmp_path / "ckpt" / "tokenizer.json"))
    template = "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}"
    (tmp_path / "ckpt" / "tokenizer_config.json").write_text(json.dumps({"chat_template": template}))
    index = load_index(convert_hf(tmp_path / "ckpt", tmp_path / "out"))
    assert index.tokenizer["pre"] == "gpt2" and index.chat_template == template
    assert index.tokenizer["eos_id"] == 0 and len(index.tokenizer["tokens"]) == 320
    ours = Tokenizer.from_dict(index.tokenizer)
    for t in text[:3] + ["unseen words <|im_end|> here"]:
        assert ours.encode(t) == tok.encode(t).ids, t
