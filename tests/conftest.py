import asyncio
import os

import pytest

os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")


@pytest.fixture(scope="session")
def device():
    """One native wgpu-py device for the session."""
    from pyrite.gpu.native import request_device
    return asyncio.run(request_device())
