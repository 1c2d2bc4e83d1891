import os

import pytest
from pyrite.sync import run_sync

os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")


@pytest.fixture(scope="session")
def device():
    """One native wgpu-py device for the session."""
    from pyrite.gpu.native import request_device
    return run_sync(request_device())


@pytest.fixture(scope="session")
def smollm2_model():
    """SmolLM2-135M-Instruct converted with the exact recipe, cached under .cache/test-models."""
    from pathlib import Path

    from pyrite.models.convert import convert_gguf
    from pyrite.models.sources import default_cache, fetch_smollm2
    cache = default_cache()
    out = cache / "test-models" / "smollm2-135m"
    if not (out / "model.json").exists():
        convert_gguf(fetch_smollm2(cache), out, recipe="exact", name="smollm2-135m")
    return Path(out)


@pytest.fixture(scope="session")
def smollm2_engine(device, smollm2_model):
    """One loaded native engine for the session (small context: the tests are short)."""
    from pyrite.engine import Engine
    return run_sync(Engine.load(smollm2_model, device=device, max_ctx=256, max_seq=64))


def pytest_collection_modifyitems(config, items):
    """Browser tests last: they share one Chromium for the session, opened on first use."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
