"""Qwen2.5-Coder-0.5B-Instruct vs HF transformers (fp32, CPU, Qwen2ForCausalLM) on the same
dequantized weights, teacher-forced over tests/models/corpus.txt (351 Qwen tokens of prose, code,
numbers and two other languages). The exact recipe (its q8 embedding loaded as row blocks on a
128 MiB binding limit) must agree on >= 99% of top-1 predictions; the q4 recipe is reported in
.cache/reports/qwen_q4_agreement.json."""
from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from hf_reference import Scores, agreement, hf_score, load_reference, perplexity
from pyrite.engine import Engine
from pyrite.models.format import load_index
from pyrite.models.sources import default_cache
from pyrite.sync import run_sync

pytestmark = [pytest.mark.gpu, pytest.mark.model, pytest.mark.slow]

CORPUS = Path(__file__).with_name("corpus.txt")
MIN_TOKENS = 300
EXACT_MIN_TOP1 = 0.99
MAX_SEQ = 128  # the corpus runs as three prefill chunks against the cache


def engine_scores(device, model_dir: Path, ids: list[int]) -> tuple[Scores, Engine]:
    engine = run_sync(Engine.load(model_dir, device=device, max_ctx=512, max_seq=MAX_SEQ))
    r = run_sync(engine.score(ids))
    return Scores(r["top1"], r["logprob"]), engine


@pytest.fixture(scope="module")
def qwen_ids(qwen_exact) -> list[int]:
    from pyrite.tokenizer import Tokenizer
    ids = Tokenizer.from_dict(load_index(qwen_exact).tokenizer).encode(CORPUS.read_text(encoding="utf-8"),
                                                                       add_special=True)
    assert MIN_TOKENS <= len(ids) <= 512, len(ids)
    return ids


@pytest.fixture(scope="module")
def exact_hf(qwen_exact, qwen_ids) -> Scores:
    return hf_score(load_reference(qwen_exact), qwen_ids)


def test_exact_recipe_agrees_with_transformers(device, qwen_exact, qwen_ids, exact_hf):
    ours, engine = engine_scores(device, qwen_exact, qwen_ids)
    a = agreement(ours, exact_hf)
    print(f"\nqwen2.5-coder-0.5b exact vs HF fp32: {a.line()}")
    assert a.positions >= MIN_TOKENS - 1 and a.top1 >= EXACT_MIN_TOP1, a.line()
    assert a.mean_abs_logprob < 0.01, a.line()
    if device.limits.max_storage_buffer_binding_size <= 128 << 20:
        assert len(engine.model.weights["token_embd.weight"].blocks) == 2


def test_q4_recipe_report(device, qwen_gguf, qwen_ids, exact_hf):
    from pyrite.models.convert import convert_cached
    q4 = convert_cached(qwen_gguf, default_cache() / "test-models" / "qwen2.5-coder-0.5b-q4", recipe="q4",
                        name="qwen2.5-coder-0.5b-q4")
    ours, _ = engine_scores(device, q4, qwen_ids)
    q4_hf = hf_score(load_reference(q4), qwen_ids)
    same, vs_exact = agreement(ours, q4_hf), agreement(ours, exact_hf)
    report = {"model": "qwen2.5-coder-0.5b", "recipe": "q4", "corpus": CORPUS.name, "tokens": len(qwen_ids),
              "same_weights": asdict(same), "vs_exact": asdict(vs_exact),
              "perplexity": {"hf_exact": perplexity(exact_hf), "hf_q4": perplexity(q4_hf),
                             "engine_q4": perplexity(ours)}}
    out = default_cache() / "reports" / "qwen_q4_agreement.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"\nqwen q4 vs HF on the q4 weights: {same.line()}\nqwen q4 vs HF on the exact weights: "
          f"{vs_exact.line()}\nperplexity {report['perplexity']}\nwritten to {out}")
    assert same.top1 >= 0.98, same.line()      # the kernels on the q4 weights
    assert vs_exact.top1 >= 0.5, vs_exact.line()  # what the recipe costs: reported, a sanity floor only
