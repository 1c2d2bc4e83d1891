"""The qwen2 path (QKV bias, rotate-half RoPE, Qwen2 pre-tokenizer, ChatML with a default system
prompt) end to end on Qwen2.5-Coder-0.5B-Instruct, with the q4 recipe and with the exact one, whose
151936 x 896 q8 embedding (also the tied lm_head, 136 MB) loads as row blocks under a 128 MiB
binding limit."""
import pytest

from pyrite.engine import Engine
from pyrite.sync import run_sync
from support.engine import cached_model

pytestmark = [pytest.mark.gpu, pytest.mark.model, pytest.mark.slow]

PROMPT = "Write a Python function that returns the n-th Fibonacci number."


@pytest.fixture(scope="module")
def qwen_q4(qwen_gguf):
    return cached_model(qwen_gguf, "qwen2.5-coder-0.5b-q4", recipe="q4")


def answer(engine: Engine, tokens: int = 24) -> str:
    async def go():
        return "".join([p async for p in engine.generate(PROMPT, max_tokens=tokens, chat=True)])
    return run_sync(go())


def test_qwen2_writes_the_function_it_is_asked_for(device, qwen_q4):
    engine = run_sync(Engine.load(qwen_q4, device=device, max_ctx=128, max_seq=64))
    assert "def fibonacci(n):" in answer(engine)
    ran = {(r["family"], r["kernel"]) for r in engine.attest()}
    assert ("qkv", "linear_q4gsw_qkv_rope_norm_m1_vec") in ran and ("linear", "linear_q4gsw_m1_vec") in ran
    qkv = next(n for n in engine.model.plan.nodes if n.op == "blk.0.attn_qkv")
    assert not qkv.spec.rope.interleaved  # HF layout: rotate_half
    # qwen2's Q/K/V biases are packed with the weights and bound, not dummies
    bias = engine.model.maybe("blk.0.attn_qkv.bias")
    assert bias is not None and bias.shape == (896 + 2 * 128,)


def test_exact_recipe_runs_its_lm_head_as_row_blocks(device, qwen_exact):
    """At most 128 MiB per weight buffer (the WebGPU default binding limit; lavapipe's own), the
    exact recipe's 136 MB q8 lm_head is two row blocks: two lm_head dispatches; its q5 embedding (the
    GGUF's Q5_0, 94 MB) fits one buffer per part: one gather."""
    engine = run_sync(Engine.load(qwen_exact, device=device, max_ctx=128, max_seq=64, block_bytes=128 << 20))
    table, head = engine.model.weights["token_embd.weight"], engine.model.weights["output.weight"]
    assert (table.format, len(table.blocks), head.format, len(head.blocks)) == ("q5", 0, "q8gsw", 2)
    assert all(b.size <= 128 << 20 for block in head.blocks for b in block.parts.values())
    assert answer(engine, tokens=3)  # its text is checked by the CLI test and the agreement test
    rows = {r["op"]: r for r in engine.attest()}
    assert rows["token_embd"]["dispatches"] == 1 and rows["output"]["dispatches"] == 2
    assert rows["output"]["kernel"] == "linear_q8gsw_m1_vec"
