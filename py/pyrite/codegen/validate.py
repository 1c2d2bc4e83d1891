"""Compile every rendered kernel with naga (through wgpu-py) before anything is published.

One device per process. Its limits are the browser target's (DESIGN.md: SwiftShader has
256 invocations, 32 KiB workgroup storage, 10 storage buffers per stage), not the native
adapter's (llvmpipe offers 1024 invocations), so a kernel the page could not create fails
here, at build time.

A kernel that compiled is remembered by the sha256 of its code, the device's limits and features and
the wgpu version (files under <cache>/shader-verdicts, see verdicts()): the same kernel is not compiled
twice on one machine (the build and the test suite both check every kernel; 1164 take minutes on
lavapipe). A failure is never remembered.
"""
from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from pyrite.codegen.errors import CodegenError
from pyrite.codegen.render import RenderedKernel
from pyrite.errors import DeviceError
from pyrite.gpu.native import native_source
from pyrite.kernels import MAX_STORAGE_BINDINGS

# Each clamped to what the adapter offers.
TARGET_LIMITS = {
    "max-compute-invocations-per-workgroup": 256,
    "max-compute-workgroup-size-x": 256,
    "max-compute-workgroup-size-y": 256,
    "max-compute-workgroup-size-z": 64,
    "max-compute-workgroup-storage-size": 32768,
    "max-storage-buffers-per-shader-stage": MAX_STORAGE_BINDINGS,
}
# Requested when the adapter has them, so capability-chosen variants (enable f16;, the subgroup builtins)
# validate; wgpu-native's names.
OPTIONAL_FEATURES = ("shader-f16", "subgroup")


@cache
def _device() -> object:
    try:
        import wgpu
    except ImportError as exc:
        raise DeviceError(f"shader validation needs wgpu-py (pip install wgpu): {exc}") from None
    try:
        adapter = wgpu.gpu.request_adapter_sync(power_preference="high-performance")
        if adapter is None:
            adapter = wgpu.gpu.request_adapter_sync(force_fallback_adapter=True)
    except Exception as exc:  # wgpu-native reports a missing driver as a plain RuntimeError
        raise DeviceError(f"shader validation: wgpu-py found no WebGPU adapter: {exc}") from exc
    if adapter is None:
        raise DeviceError("shader validation: wgpu-py found no WebGPU adapter (not even a fallback one)")
    limits = {name: min(value, adapter.limits[name]) for name, value in TARGET_LIMITS.items()}
    features = [f for f in OPTIONAL_FEATURES if f in adapter.features]
    # mirrors GPUAdapter.requestDevice
    return adapter.request_device_sync(required_features=features, required_limits=limits)


def verdicts() -> Path:
    """Where compiled kernels are remembered: <cache>/shader-verdicts/<this device's limits and features,
    and the wgpu version> (cache: $PYRITE_CACHE, else the checkout's .cache, models/sources.py)."""
    import wgpu

    from pyrite.models.sources import default_cache
    device = _device()
    where = json.dumps({"wgpu": wgpu.__version__, "limits": {k: device.limits[k] for k in TARGET_LIMITS},
                        "features": sorted(device.features)}, sort_keys=True)
    return default_cache() / "shader-verdicts" / hashlib.sha256(where.encode()).hexdigest()[:16]


def validate(kernel: RenderedKernel) -> None:
    """Raise CodegenError (with naga's message) unless the kernel compiles into a compute pipeline."""
    import wgpu

    device = _device()
    code = native_source(kernel.payload.decode("utf-8"))
    stamp = verdicts() / hashlib.sha256(f"{kernel.entry}\0{code}".encode()).hexdigest()
    if stamp.exists():
        return
    try:
        # mirrors GPUDevice.createShaderModule + createComputePipeline({layout: "auto"})
        module = device.create_shader_module(label=kernel.id, code=code)
        device.create_compute_pipeline(
            label=kernel.id, layout="auto", compute={"module": module, "entry_point": kernel.entry}
        )
    except wgpu.GPUError as exc:
        raise CodegenError(f"kernel {kernel.id} ({kernel.source})", f"does not compile:\n{exc}") from None
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.touch()
