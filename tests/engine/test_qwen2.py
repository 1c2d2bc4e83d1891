"""The qwen2 path (QKV bias, rotate-half RoPE, Qwen2 pre-tokenizer, ChatML with a default system
prompt) end to end on Qwen2.5-Coder-0.5B-Instruct, q4 recipe (its exact recipe's 136 MB lm_head
part is over lavapipe's 128 MiB binding limit)."""
import pytest

from pyrite.engine import Engine
from pyrite.sync import run_sync

pytestmark = [pytest.mark.gpu, pytest.mark.model, pytest.mark.slow]


@pytest.fixture(scope="module")
def qwen_q4(qwen_gguf):
    from pyrite.models.convert import convert_cached
    from pyrite.models.sources import default_cache
    return convert_cached(qwen_gguf, default_cache() / "test-models" / "qwen2.5-coder-0.5b-q4", recipe="q4",
                          name="qwen2.5-coder-0.5b-q4")


def test_qwen2_writes_the_function_it_is_asked_for(device, qwen_q4):
    async def go():
        engine = await Engine.load(qwen_q4, device=device, max_ctx=128, max_seq=64)
        text = [p async for p in engine.generate("Write a Python function that returns the n-th Fibonacci number.",
                                                 max_tokens=24, chat=True)]
        return engine, "".join(text)
    engine, text = run_sync(go())
    assert "def fibonacci(n):" in text
    ran = {(r["family"], r["kernel"]) for r in engine.attest()}
    assert ("rope", "rope_rotate_half") in ran and ("linear", "linear_q4gsw_m1") in ran
    assert engine.model.maybe("blk.0.attn_q.bias") is not None  # qwen2 biases are bound, not dummies


def test_exact_recipe_lm_head_fits_or_is_a_clear_error(device, qwen_gguf, tmp_path):
    """The exact recipe's q8 lm_head part is 136 MB: over a 128 MiB binding limit (lavapipe) it is a
    LimitError naming the tensor and the limit, before any upload; under a larger one it loads."""
    from pyrite.errors import LimitError
    from pyrite.models.convert import convert_gguf
    out = convert_gguf(qwen_gguf, tmp_path / "qwen-exact", recipe="exact")
    if device.limits.max_storage_buffer_binding_size < 136_134_656:
        with pytest.raises(LimitError, match=r"(token_embd|output)\.weight \(q\).*maxStorageBufferBindingSize"):
            run_sync(Engine.load(out, device=device))
    else:
        assert run_sync(Engine.load(out, device=device, max_ctx=64)).config.arch == "qwen2"
