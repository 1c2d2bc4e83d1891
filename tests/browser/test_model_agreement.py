"""The page (Pyodide + SwiftShader WebGPU) and the native backend (wgpu-py) score the same text alike.

Teacher-forced over the first 160 tokens of tests/models/corpus.txt: the top-1 predictions must agree
on >= 99% of positions and the log-probabilities closely (both run f32 math on the same weights;
only the adapters' float rounding differs).
"""
import pytest
from pyrite.sync import run_sync
from support.engine import CORPUS
from support.site import assert_dist_untouched

pytestmark = [pytest.mark.browser, pytest.mark.model, pytest.mark.slow, pytest.mark.gpu]

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


# ---- HF checkpoints in the Qwen3-0.6B and Llama-3.2-1B head geometries, in the page -----------------

@pytest.fixture(scope="module")
def served_geometries(site, session, tmp_path_factory):
    """kind -> (HF checkpoint, model path in the site), converted into the tests' site
    (models/test-<kind>) for the page to fetch; removed afterwards, and the default model loaded again."""
    import shutil

    import torch

    from hf_checkpoints import GEOMETRIES, make_checkpoint
    from pyrite.driver import DEFAULT_MODEL
    from pyrite.models.convert_hf import convert_hf
    made = {}
    try:
        for kind in sorted(GEOMETRIES):
            ckpt = make_checkpoint(kind, tmp_path_factory.mktemp(kind) / "hf",
                                   dtype=torch.bfloat16 if kind.startswith("llama") else torch.float32)
            convert_hf(ckpt, site / "models" / f"test-{kind}")
            made[kind] = ckpt, f"models/test-{kind}"
        yield made
    finally:
        for kind in made:
            shutil.rmtree(site / "models" / f"test-{kind}", ignore_errors=True)
        session.load(DEFAULT_MODEL)


@pytest.mark.parametrize("kind", ["llama-3.2-1b", "qwen3-0.6b"])
def test_geometry_logits_match_transformers_in_the_page(session, loaded, served_geometries, kind):
    """The same bound as natively (tests/models/test_convert_hf.py): logits within 1e-3 relative of
    transformers over 64 tokens, top-1 equal everywhere; the Llama one with llama3 rope scaling."""
    import base64
    import random

    import numpy as np
    import torch

    from hf_checkpoints import VOCAB, assert_logits_match, load_checkpoint
    ckpt, model = served_geometries[kind]
    assert_dist_untouched()  # the model is the site's own
    info = session.load(model, max_ctx=128)
    assert info["config"]["arch"] == {"llama-3.2-1b": "llama", "qwen3-0.6b": "qwen3"}[kind]
    ids = random.Random(1).choices(range(VOCAB), k=64)
    r = session.score(ids, logits=True)
    ours = np.frombuffer(base64.b64decode(r["logits"]), dtype="<f4").reshape(64, VOCAB)
    with torch.inference_mode():
        ref = load_checkpoint(ckpt)(torch.tensor([ids])).logits[0].numpy()
    err = assert_logits_match(ours, ref)
    print(f"\n{kind} in the page: max relative logit error {err:.2e}")
    assert r["top1"] == ours.argmax(1)[:-1].tolist()
