"""bench/consistency.py's arithmetic and README writing (the measurement itself is the bench)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def consistency():
    spec = importlib.util.spec_from_file_location("consistency", ROOT / "bench" / "consistency.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["consistency"] = mod  # its dataclasses look their module up there
    spec.loader.exec_module(mod)
    return mod


def test_coarse_kl_is_zero_for_equal_and_exact_over_the_whole_vocabulary(consistency):
    rng = np.random.default_rng(0)
    logits = rng.standard_normal((5, 7))
    p = logits - np.log(np.exp(logits).sum(1, keepdims=True))
    assert consistency.coarse_kl(p, p) == pytest.approx(0.0, abs=1e-12)
    q = p + rng.standard_normal((5, 7)) * 0.1
    q -= np.log(np.exp(q).sum(1, keepdims=True))
    exact = float((np.exp(p) * (p - q)).sum(1).mean())
    assert consistency.coarse_kl(p, q) == pytest.approx(exact, rel=1e-9)
    # top-3 of 7 plus the rest bin: a lower bound of the exact KL
    top = np.argsort(-p, axis=1)[:, :3]
    coarse = consistency.coarse_kl(np.take_along_axis(p, top, 1), np.take_along_axis(q, top, 1))
    assert 0 <= coarse <= exact


def test_the_table_goes_between_the_readme_markers(consistency, tmp_path, monkeypatch):
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n{consistency.BEGIN}\nold\n{consistency.END}\ntail\n")
    monkeypatch.setattr(consistency, "README", readme)
    row = {"positions": 63, "top1": 1.0, "kl": 1.5e-6, "dlogprob": 2.5e-4}
    table = {"date": "2026-12-01", "load": 0.5, "adapters": {"native": "llvmpipe", "browser": "google/swiftshader"},
             "rows": [{"model": "M", "recipe": "exact", "native": row, "browser": row,
                       "native_gpu_class": {**row, "top1": 0.5}}]}
    consistency.write_readme(consistency.render(table))
    text = readme.read_text()
    assert "old" not in text and text.endswith("tail\n")
    assert "| M | exact | 63 | 100.0% | 1.50e-06 | 2.50e-04 | 100.0% | 1.50e-06 | 2.50e-04 | 50.0% | 1.50e-06 | 2.50e-04 |" in text
    readme.write_text("no markers")
    with pytest.raises(SystemExit, match="no <!-- consistency:begin -->"):
        consistency.write_readme("x")


def test_measure_scores_top1_and_the_next_tokens_logprob(consistency):
    result = {"top1": [1, 2], "picked": [[-0.1, -2.5], [-0.2, -1.9]], "logprob": [-0.5, -1.0]}
    m = consistency.measure(result, [1, 3, 0], np.array([[-0.1, -2.5], [-0.2, -1.9], [0, 0]]), np.array([-0.4, -1.2]))
    assert (m["positions"], m["top1"]) == (2, 0.5) and m["dlogprob"] == pytest.approx(0.15)
    assert m["kl"] == pytest.approx(0.0, abs=1e-12)
