"""The page (Pyodide + SwiftShader WebGPU) and the native backend (wgpu-py) score the same text alike.

Teacher-forced over the first 160 tokens of tests/models/corpus.txt: the top-1 predictions must agree
on >= 99% of positions and the log-probabilities closely (both run f32 math on the same weights;
only the adapters' float rounding differs).
"""
from pathlib import Path

import pytest
from pyrite.sync import run_sync

pytestmark = [pytest.mark.browser, pytest.mark.model, pytest.mark.slow, pytest.mark.gpu]

CORPUS = Path(__file__).parent.parent / "models" / "corpus.txt"
N_TOKENS = 160


def test_native_and_browser_scores_agree(session, loaded, smollm2_engine):
    ids = smollm2_engine.tokenizer.encode(CORPUS.read_text(encoding="utf-8"))[:N_TOKENS]
    assert len(ids) == N_TOKENS
    native = run_sync(smollm2_engine.score(ids))
    browser = session.score(ids)
    assert browser["tokens"] == ids
    same = sum(a == b for a, b in zip(native["top1"], browser["top1"]))
    agreement = same / len(native["top1"])
    diffs = [abs(a - b) for a, b in zip(native["logprob"], browser["logprob"])]
    print(f"native vs browser: top-1 agreement {agreement:.2%}, mean |dlogprob| {sum(diffs) / len(diffs):.2e}, "
          f"max {max(diffs):.2e}")
    assert agreement >= 0.99
    assert sum(diffs) / len(diffs) < 1e-3 and max(diffs) < 0.05
