"""The naga validator's own failure modes."""
from __future__ import annotations

import pytest

from pyrite.codegen import validate
from pyrite.errors import DeviceError


@pytest.fixture
def fresh_device():
    validate._device.cache_clear()
    yield
    validate._device.cache_clear()


def test_no_adapter_is_a_clear_error(monkeypatch, fresh_device):
    import wgpu
    monkeypatch.setattr(wgpu.gpu, "request_adapter_sync", lambda **kw: None)
    with pytest.raises(DeviceError, match="found no WebGPU adapter"):
        validate._device()


def test_adapter_failure_is_a_clear_error(monkeypatch, fresh_device):
    import wgpu

    def broken(**kw):
        raise RuntimeError("no Vulkan driver")

    monkeypatch.setattr(wgpu.gpu, "request_adapter_sync", broken)
    with pytest.raises(DeviceError, match="no Vulkan driver"):
        validate._device()
