"""python -m pyrite: info, generate, score, convert errors (native backend)."""
import json

import pytest

from pyrite.gpu.adapter_class import classify

from support.cli import run_pyrite as pyrite
from support.engine import PROMPT, golden_words

pytestmark = [pytest.mark.gpu]


def test_info_prints_adapter_features_limits():
    d = json.loads(pyrite("info").stdout)
    assert d["backend"] == "native"
    assert d["limits"]["maxStorageBufferBindingSize"] > 0 and isinstance(d["features"], list)
    a = d["adapter"]  # the class, as gpu/adapter_class.py reads the adapter's own info
    assert d["adapter_class"] == classify(a["vendor"], a["architecture"], a["device"], a["description"],
                                          adapter_type=a["type"], fallback=a["fallback"])


@pytest.mark.model
def test_generate_json_greedy(smollm2_model):
    r = pyrite("generate", "--model", str(smollm2_model), "--prompt", PROMPT, "--max-tokens", "6", "--json",
               "--max-ctx", "128")
    d = json.loads(r.stdout)
    assert d["text"] == golden_words(5) and d["stats"]["generated_tokens"] == 6  # "eras" and ":"


@pytest.mark.model
def test_score_json(smollm2_model, tmp_path):
    f = tmp_path / "t.txt"
    f.write_text("The history of the Roman Empire is often divided into four eras.")
    d = json.loads(pyrite("score", "--model", str(smollm2_model), "--text-file", str(f), "--json").stdout)
    assert len(d["top1"]) == len(d["logprob"]) == len(d["tokens"]) - 1


def test_unknown_model_is_a_clear_error():
    r = pyrite("generate", "--model", "no-such-model", "--prompt", "x", check=False)
    assert r.returncode == 2 and "no model 'no-such-model'" in r.stderr


def test_convert_reports_bad_gguf(tmp_path):
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"NOPE" + b"\0" * 64)
    r = pyrite("convert", "--gguf", str(bad), "--out", str(tmp_path / "out"), check=False)
    assert r.returncode == 2 and "bad.gguf" in r.stderr and not (tmp_path / "out").exists()


@pytest.mark.model
def test_generate_attest_names_the_routes_of_both_steps(smollm2_model):
    r = pyrite("generate", "--model", str(smollm2_model), "--prompt", "The history of the Roman Empire is long "
               "and full of names: emperors, senators, generals and the provinces",  # past a forward's 16 tokens
               "--max-tokens", "3", "--json", "--attest", "--max-ctx", "128", "--option", "sdpa_query_tile=32",
               "--roofline")
    d = json.loads(r.stdout)
    assert d["layers"] == 30
    assert d["stats"]["read_probe_gbps"] > 0 and d["stats"]["roofline"] > 0  # --roofline measured the probe first
    assert {d["routes"]["prefill"][f"blk.{i}.attn"] for i in range(30)} == {"stream_q32"}
    assert {d["routes"]["decode"][f"blk.{i}.attn"] for i in range(30)} == {"flash_decode"}
    # decode: every level of the fused projections; a prefill on the cpu class: the split ones, each member
    # at the plain linears' tile (ops/projection.py fused_rows)
    assert d["routes"]["decode"]["blk.0.ffn_down"] == "gemv_vec"
    assert d["routes"]["decode"]["blk.0.attn_qkv"] == "qkv_fused/gemv_vec/norm_folded"
    assert d["routes"]["decode"]["blk.0.ffn_gate_up"] == "gate_up/gemv_vec/norm_folded"
    assert d["routes"]["prefill"]["blk.0.ffn_down"] == "wide"
    assert d["routes"]["prefill"]["blk.0.attn_qkv"] == "qkv_split/wide+wide+wide"
    assert d["routes"]["prefill"]["blk.0.ffn_gate_up"] == "gate_up_split/wide+wide"
    # decode: 30 layers x (qkv and gate_up with their norms folded in, o_proj, down + flash's split and
    # combine) + embedding, and 3 for the last token's head; prefill's streaming attention is one dispatch,
    # and its split projections 6 more for qkv (the norm, three linears, rope q and k, the cache write in
    # place of one) and 3 more for gate_up (the norm, two linears, the SwiGLU product)
    assert d["dispatches"]["decode"] == 30 * 6 + 4
    assert d["dispatches"]["prefill"] == d["dispatches"]["decode"] - 30 + 30 * (6 + 3)


def test_bad_option_is_a_clear_error():
    for opt, msg in (("sdpa_query_tile=24", "sdpa_query_tile=24 is not allowed (allowed: 16, 32)"),
                     ("nope=1", "unknown option 'nope'"), ("sdpa_query_tile", "expected name=value")):
        r = pyrite("generate", "--prompt", "x", "--option", opt, check=False)
        assert r.returncode == 2 and msg in r.stderr, r.stderr


def test_bad_sampling_option_is_a_clear_error_before_any_load():
    for args, msg in ((("--top-p", "2"), "top_p must be in (0, 1], got 2.0"),
                      (("--min-p", "1"), "min_p must be in [0, 1)"),
                      (("--repetition-penalty", "0"), "repetition_penalty must be in [0.01, 100]"),
                      (("--top-k", "-1"), "top_k must be in 0 .. 256"),
                      (("--speculative", "ngram", "--max-draft", "17"),
                       "speculative.max_draft must be an integer in 1 .. 16"),
                      (("--speculative", "draft"), "speculative.model must be a model's directory or URL"),
                      (("--speculative", "ngram", "--draft-model", "m"), "speculative.model must be absent"),
                      (("--draft-model", "m"), "--draft-model: an argument of --speculative"),
                      (("--max-draft", "4"), "--max-draft: an argument of --speculative")):
        r = pyrite("generate", "--model", "no-such-model", "--prompt", "x", "--temperature", "1", *args, check=False)
        assert r.returncode == 2 and msg in r.stderr and "no-such-model" not in r.stderr, r.stderr


@pytest.mark.model
def test_score_ids_file_equals_score_text(smollm2_model, tmp_path):
    text = tmp_path / "t.txt"
    text.write_text("The history of the Roman Empire is often divided into four eras.")
    by_text = json.loads(pyrite("score", "--model", str(smollm2_model), "--text-file", str(text), "--json").stdout)
    ids = tmp_path / "ids.json"
    ids.write_text(json.dumps(by_text["tokens"]))
    by_ids = json.loads(pyrite("score", "--model", str(smollm2_model), "--ids-file", str(ids), "--json").stdout)
    assert by_ids == by_text


@pytest.mark.model
def test_score_ids_file_bad_input_is_a_clear_error(smollm2_model, tmp_path):
    f = tmp_path / "ids.json"
    for content, msg in (("[1, 2", "not JSON"), ('{"ids": [1]}', "expected a JSON list of token ids"),
                         ("[1, -2]", "expected a JSON list of token ids"), ("[1, 49152]", "token id 49152 is outside")):
        f.write_text(content)
        r = pyrite("score", "--model", str(smollm2_model), "--ids-file", str(f), check=False)
        assert r.returncode == 2 and msg in r.stderr, r.stderr
    r = pyrite("score", "--model", str(smollm2_model), check=False)
    assert r.returncode == 2 and "--text-file" in r.stderr


def test_counts_below_one_are_refused_up_front():
    for flag, value in (("--max-tokens", "-3"), ("--max-tokens", "0"), ("--max-ctx", "0"), ("--max-ctx", "x")):
        r = pyrite("generate", "--prompt", "x", flag, value, check=False)
        assert r.returncode == 2 and f"argument {flag}" in r.stderr, r.stderr


def test_convert_hf_then_score_ids(tmp_path):
    """convert --hf (a tiny random qwen3 checkpoint, q8 recipe), then score --ids-file on it: the
    checkpoint has no tokenizer.json, so ids are the only way in, and text is a clear error."""
    import torch
    from transformers import AutoModelForCausalLM, Qwen3Config
    torch.manual_seed(0)
    cfg = Qwen3Config(vocab_size=96, hidden_size=64, intermediate_size=96, num_hidden_layers=1,
                      num_attention_heads=4, num_key_value_heads=2, head_dim=32, tie_word_embeddings=True)
    AutoModelForCausalLM.from_config(cfg).save_pretrained(tmp_path / "hf", safe_serialization=True)
    r = pyrite("convert", "--hf", str(tmp_path / "hf"), "--out", str(tmp_path / "m"), "--recipe", "q8", "--json")
    assert json.loads(r.stdout) == {"model": str(tmp_path / "m")}
    ids = tmp_path / "ids.json"
    ids.write_text(json.dumps([5, 17, 3, 88, 41]))
    d = json.loads(pyrite("score", "--model", str(tmp_path / "m"), "--ids-file", str(ids), "--json").stdout)
    assert d["tokens"] == [5, 17, 3, 88, 41] and len(d["top1"]) == 4 and all(lp <= 0 for lp in d["logprob"])
    (tmp_path / "t.txt").write_text("hello")
    r = pyrite("score", "--model", str(tmp_path / "m"), "--text-file", str(tmp_path / "t.txt"), check=False)
    assert r.returncode == 2 and "has no tokenizer" in r.stderr
    r = pyrite("convert", "--hf", str(tmp_path / "nowhere"), "--out", str(tmp_path / "x"), check=False)
    assert r.returncode == 2 and "config.json: no such file" in r.stderr and not (tmp_path / "x").exists()


@pytest.mark.model
@pytest.mark.slow
def test_generate_qwen_by_id_with_the_exact_recipe():
    """`build.py test` builds every site model (`--models all`): Qwen2.5-Coder by its id, exact recipe."""
    from pyrite.cli import resolve_model
    from pyrite.models.format import load_index
    assert load_index(resolve_model("qwen2.5-coder-0.5b")).recipe == "exact"
    r = pyrite("generate", "--model", "qwen2.5-coder-0.5b", "--prompt", "def fibonacci(n):", "--max-tokens", "8",
               "--json", "--attest", "--max-ctx", "128")
    d = json.loads(r.stdout)
    assert d["stats"]["generated_tokens"] == 8 and d["text"].strip() and d["layers"] == 24
    assert d["routes"]["decode"]["output"] == "gemv_vec"  # 151936 rows in two blocks of even rows
    tile = d["routes"]["decode"]["blk.0.ffn_down"]  # decode: the fused projections at its plain linears' tile
    assert d["routes"]["decode"]["blk.0.attn_qkv"] == f"qkv_fused/{tile}/norm_folded"
    assert d["routes"]["decode"]["blk.0.ffn_gate_up"] == f"gate_up/{tile}/norm_folded"
    tile = d["routes"]["prefill"]["blk.0.ffn_down"]  # a prompt's chunk: split, every member on that tile
    assert d["routes"]["prefill"]["blk.0.attn_qkv"] == f"qkv_split/{tile}+{tile}+{tile}"
    assert d["routes"]["prefill"]["blk.0.ffn_gate_up"] == f"gate_up_split/{tile}+{tile}"
    # six per layer plus four, and one more each for the embedding and the lm_head where their 136 MB
    # tables are over the adapter's binding limit (two row blocks each; lavapipe: 128 MiB)
    assert 24 * 6 + 4 <= d["dispatches"]["decode"] <= 24 * 6 + 6


@pytest.mark.model
def test_generate_chat_json_schema_and_tools(smollm2_model, tmp_path):
    """--json-schema holds the answer to the schema; --tools with --tool-choice NAME gives a call."""
    schema = {"type": "object", "properties": {"color": {"enum": ["red", "green", "blue"]},
                                               "count": {"type": "integer", "minimum": 1, "maximum": 9}},
              "required": ["color", "count"], "additionalProperties": False}
    (tmp_path / "schema.json").write_text(json.dumps(schema))
    d = json.loads(pyrite("generate", "--model", str(smollm2_model), "--max-ctx", "256", "--chat", "--prompt",
                          "Pick a color and a count.", "--json-schema", str(tmp_path / "schema.json"),
                          "--max-tokens", "24", "--json").stdout)
    record = json.loads(d["text"])
    assert d["finish_reason"] == "stop" and record["color"] in ("red", "green", "blue") and 1 <= record["count"] <= 9
    tools = [{"type": "function", "function": {"name": "roll", "parameters": {
        "type": "object", "properties": {"sides": {"type": "integer", "minimum": 2, "maximum": 20}},
        "required": ["sides"]}}}]
    (tmp_path / "tools.json").write_text(json.dumps(tools))
    r = pyrite("generate", "--model", str(smollm2_model), "--max-ctx", "256", "--chat", "--prompt", "Roll a die.",
               "--tools", str(tmp_path / "tools.json"), "--tool-choice", "roll", "--max-tokens", "64")
    assert "[tool call] roll({\"sides\": " in r.stdout, r.stdout


def test_turn_flags_are_checked_before_the_model_loads(tmp_path):
    (tmp_path / "bad.json").write_text("{not json")
    r = pyrite("generate", "--model", "no-such-model", "--chat", "--prompt", "x", "--tools", str(tmp_path / "bad.json"),
               check=False)
    assert r.returncode == 2 and "--tools" in r.stderr and "bad.json" in r.stderr
    r = pyrite("generate", "--model", "no-such-model", "--prompt", "x", "--json-object", check=False)
    assert r.returncode == 2 and "--json-object: a chat turn's options, which need --chat" in r.stderr, r.stderr
