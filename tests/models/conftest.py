"""Fixtures for config / model-format / converter tests: the real GGUFs (cached PyPI
downloads), SmolLM2 converted once per session, and a tiny synthetic llama GGUF whose
tensors cover every source type the converter treats differently."""
from __future__ import annotations

from pathlib import Path

import pytest
import torch

from pyrite.models.convert import convert_gguf
from support.gguf import TINY_TENSORS, TINY_TOKENS, write_tiny_gguf


@pytest.fixture(scope="session")
def smollm2_exact(smollm2_gguf, tmp_path_factory) -> Path:
    return convert_gguf(smollm2_gguf, tmp_path_factory.mktemp("conv") / "smollm2")


@pytest.fixture
def tiny_tensors() -> dict:
    """name -> (shape, ggml type) of the tiny GGUF's tensors, in file order."""
    return dict(TINY_TENSORS)


@pytest.fixture
def tiny_tokens() -> list[str]:
    return list(TINY_TOKENS)


@pytest.fixture
def tiny_gguf(tmp_path) -> Path:
    return write_tiny_gguf(tmp_path / "tiny.gguf")


@pytest.fixture
def tiny_model(tiny_gguf, tmp_path) -> Path:
    return convert_gguf(tiny_gguf, tmp_path / "tiny-model")


@pytest.fixture(scope="session")
def smollm2_q4(smollm2_gguf, tmp_path_factory) -> Path:
    """SmolLM2 with every matrix requantized to q4gsw gs 32. Converted fresh each session (about
    2 s here): a cache under .cache/ would save little and could go stale when the recipe changes."""
    return convert_gguf(smollm2_gguf, tmp_path_factory.mktemp("conv") / "smollm2-q4", recipe="q4")


@pytest.fixture(scope="module", autouse=True)
def _torch_one_thread():
    # With a lavapipe device alive in the process, torch on 2 threads runs 8-18x slower than on 1
    # here (its workers fight lavapipe's for the 2 cores): HF generate took 19 s instead of 1 s.
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)
