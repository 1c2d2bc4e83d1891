"""The gpu class's routes (cooperative GEMVs, option adapter_class=gpu) answer a chat exactly as the cpu
class's do, greedy: over the first 24 tokens on SmolLM2 (q4 affine layers, a q8 head), over the first 8
on Qwen2.5 (q5 and K-quant layers, QKV bias; its coop kernels are slow on lavapipe), natively. Each run
attests the class's own kernels."""
import pytest

from pyrite.engine import Engine
from pyrite.sync import run_sync
from support.engine import collect

pytestmark = [pytest.mark.gpu, pytest.mark.model]
TOKENS = 24


def chat(device, model, adapter_class: str, prompt: str, tokens: int) -> tuple[list[str], set[str]]:
    engine = run_sync(Engine.load(model, device=device, max_ctx=128, max_seq=64,
                                  options={"adapter_class": adapter_class, "route_tuning": "off"}))  # the rules
    pieces = collect(engine, prompt, max_tokens=tokens, chat=True)
    assert engine.step_report()["adapter_class"] == adapter_class
    return pieces, {r["kernel"] for r in engine.attest() if r["family"] in ("linear", "qkv", "gate_up")}


def same_answer(device, model, prompt: str, tokens: int = TOKENS) -> None:
    cpu, cpu_kernels = chat(device, model, "cpu", prompt, tokens)
    gpu, gpu_kernels = chat(device, model, "gpu", prompt, tokens)
    assert len(cpu) == tokens, f"the prompt must draw a long answer: the comparison covers {tokens} tokens"
    assert gpu == cpu
    assert not any("coop" in k for k in cpu_kernels), cpu_kernels
    assert all("coop" in k for k in gpu_kernels), gpu_kernels


def test_smollm2_answers_alike_on_both_classes(device, smollm2_model):
    same_answer(device, smollm2_model, "Tell me a short story about a cat who learns to fly.")


@pytest.mark.slow
def test_qwen_answers_alike_on_both_classes(device, qwen_exact):
    same_answer(device, qwen_exact, "Write a Python function that returns the n-th Fibonacci number.", tokens=8)
