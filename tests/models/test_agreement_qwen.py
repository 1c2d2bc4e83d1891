"""Qwen2.5-Coder-0.5B-Instruct vs HF transformers (fp32, CPU, Qwen2ForCausalLM) on the same
dequantized weights, teacher-forced over tests/models/corpus.txt (351 Qwen tokens of prose, code,
numbers and two other languages), HF holding the GGUF's own tensors. The exact recipe keeps every
tensor as the GGUF (a Q4_K_M file) has it: Q5_0, Q4_K, Q6_K, Q8_0, F32. So it must agree on >= 99.5% of
top-1 predictions, mean |dlogprob| <= 2e-3 (measured here: 100%, 1.92e-3, on lavapipe),
with its 94 MB q5 embedding and 136 MB q8 lm_head loaded as row blocks: at most BLOCK_BYTES per weight
buffer, below every adapter's binding limit (the WebGPU default is 128 MiB), so the row-block gather
and lm_head run on any adapter. The q4 recipe's figures (and the page's) are in README's consistency
table (`python build.py bench --consistency`): scoring the corpus once more per recipe costs ~3
minutes of lavapipe here, too much for the suite."""
from __future__ import annotations

import pytest

from hf_reference import Scores, agreement, engine_scores, hf_score, load_reference
from pyrite.engine import Engine
from pyrite.sync import run_sync
from support.engine import corpus_ids

pytestmark = [pytest.mark.gpu, pytest.mark.model, pytest.mark.slow]

MIN_TOKENS = 300
EXACT_MIN_TOP1 = 0.995
EXACT_MAX_MEAN_DLOGPROB = 2e-3
MAX_SEQ = 128  # the corpus runs as three prefill chunks against the cache
BLOCK_BYTES = 64 << 20  # the 136 MB embedding as three row blocks


@pytest.fixture(scope="module")
def qwen_ids(qwen_exact) -> list[int]:
    ids = corpus_ids(qwen_exact)
    assert MIN_TOKENS <= len(ids) <= 512, len(ids)
    return ids


@pytest.fixture(scope="module")
def exact_hf(qwen_exact, qwen_gguf, qwen_ids) -> Scores:
    """HF on the GGUF's own tensors (gguf-py's dequantization), not the converted ones."""
    return hf_score(load_reference(qwen_exact, qwen_gguf), qwen_ids)


def test_exact_recipe_in_row_blocks_agrees_with_transformers(device, qwen_exact, qwen_ids, exact_hf):
    engine = run_sync(Engine.load(qwen_exact, device=device, max_ctx=512, max_seq=MAX_SEQ, block_bytes=BLOCK_BYTES))
    try:
        for name, fmt, blocks in (("token_embd.weight", "q5", 2), ("output.weight", "q8gsw", 3)):
            w = engine.model.weights[name]
            assert (w.format, len(w.blocks), list(w.parts)) == (fmt, blocks, []), (name, w.format, len(w.blocks))
            assert all(buf.size <= BLOCK_BYTES for block in w.blocks for buf in block.parts.values())
        a = agreement(engine_scores(engine, qwen_ids), exact_hf)
        print(f"\nqwen2.5-coder-0.5b exact (q5 embedding, q8 lm_head in row blocks) vs HF fp32 on the GGUF: {a.line()}")
        assert a.positions >= MIN_TOKENS - 1 and a.top1 >= EXACT_MIN_TOP1, a.line()
        assert a.mean_abs_logprob <= EXACT_MAX_MEAN_DLOGPROB, a.line()
        assert {r["op"]: r["dispatches"] for r in engine.model.plan.attest(["body", "score"])}["score.output"] == 3
    finally:
        engine.close()
