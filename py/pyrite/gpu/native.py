"""Native backend: wgpu-py (Vulkan / Metal / D3D12 / GL through wgpu-native)."""
from __future__ import annotations

import re
from typing import Any, Sequence

from ..errors import DeviceError
from .base import COPY_SRC, OPTIONAL_FEATURES, QUERY_RESOLVE, AdapterInfo, Buffer, Command, Copy, Device, Dispatch, Limits, passes


def _kebab(name: str) -> str:
    return re.sub(r"([A-Z])", lambda m: "-" + m.group(1).lower(), name)


# wgpu-native's names for the WebGPU features pyrite asks for ("subgroups" is "subgroup" there).
NATIVE_NAMES = {"subgroups": "subgroup"}
WEBGPU_NAMES = {v: k for k, v in NATIVE_NAMES.items()}


def native_source(wgsl: str) -> str:
    """Naga takes the subgroup builtins with the feature on the device, and refuses the WGSL
    `enable subgroups;` that browsers require: the directive goes, the kernel stays the same."""
    return wgsl.replace("enable subgroups;", "", 1) if "enable subgroups;" in wgsl else wgsl


class NativeDevice(Device):
    """A wgpu-py GPUDevice behind pyrite's Device interface."""

    def __init__(self, adapter: Any, device: Any):
        info = adapter.info
        limits = device.limits
        super().__init__(
            info=AdapterInfo("native", str(info.get("vendor", "")), str(info.get("architecture", "")),
                             str(info.get("device", "")), str(info.get("description", "")),
                             adapter_type=str(info.get("adapter_type", ""))),
            features=frozenset(WEBGPU_NAMES.get(str(f), str(f)) for f in device.features),
            limits=Limits.from_mapping(lambda n: limits[_kebab(n)]),
        )
        self._device = device
        self._queue = device.queue
        self._sync_buffer: Buffer | None = None

    def _create_buffer(self, size: int, usage: int, label: str) -> Any:
        # GPUDevice.createBuffer
        return self._device.create_buffer(size=size, usage=usage, label=label)

    def _create_pipeline(self, kernel: Any, constants: dict) -> Any:
        # GPUDevice.createShaderModule + createComputePipeline
        module = self._device.create_shader_module(code=native_source(kernel.source), label=kernel.id)
        stage = {"module": module, "entry_point": kernel.entry}
        if constants:
            stage["constants"] = dict(constants)
        return self._device.create_compute_pipeline(layout="auto", compute=stage, label=kernel.id)

    def bind_group(self, pipeline: Any, buffers: Sequence[Buffer], label: str = "") -> Any:
        # GPUDevice.createBindGroup
        entries = [{"binding": i, "resource": {"buffer": b.handle, "offset": 0, "size": b.size}}
                   for i, b in enumerate(buffers)]
        return self._device.create_bind_group(layout=pipeline.get_bind_group_layout(0),
                                              entries=entries, label=label)

    def write_buffer(self, buffer: Buffer, offset: int, data: Any) -> None:
        # GPUQueue.writeBuffer
        self._queue.write_buffer(buffer.handle, offset, memoryview(data).cast("B"))

    async def read_buffer(self, buffer: Buffer, offset: int = 0, size: int | None = None) -> bytes:
        # GPUQueue.readBuffer is wgpu-py's sync helper for copy + mapAsync + getMappedRange.
        size = buffer.size - offset if size is None else size
        return bytes(self._queue.read_buffer(buffer.handle, offset, size))

    async def read_mapped(self, buffer: Buffer, offset: int = 0, size: int | None = None) -> bytes:
        # GPUBuffer.mapAsync (wgpu-py's map_sync) + getMappedRange + unmap
        import wgpu
        size = buffer.size - offset if size is None else size
        buffer.handle.map_sync(wgpu.MapMode.READ, offset, size)
        try:
            return bytes(buffer.handle.read_mapped(offset, size))
        finally:
            buffer.handle.unmap()

    def submit(self, commands: Sequence[Command]) -> None:
        # GPUCommandEncoder.beginComputePass / dispatchWorkgroups / copyBufferToBuffer / GPUQueue.submit
        encoder = self._device.create_command_encoder()
        for run in passes(commands):
            if type(run) is Copy:
                encoder.copy_buffer_to_buffer(run.src.handle, run.src_offset, run.dst.handle, run.dst_offset, run.size)
                continue
            cpass = encoder.begin_compute_pass()
            for d in run:
                cpass.set_pipeline(d.pipeline)
                cpass.set_bind_group(0, d.bind_group)
                cpass.dispatch_workgroups(*d.grid)
            cpass.end()
        self._queue.submit([encoder.finish()])

    async def submit_profiled(self, dispatches: Sequence[Dispatch]) -> list[int]:
        # GPUDevice.createQuerySet + timestampWrites per pass + GPUCommandEncoder.resolveQuerySet
        self._require_timestamps()
        n = len(dispatches)
        if n == 0:
            return []
        qs = self._device.create_query_set(type="timestamp", count=2 * n)
        resolved = self._device.create_buffer(size=16 * n, usage=QUERY_RESOLVE | COPY_SRC)
        encoder = self._device.create_command_encoder()
        for i, d in enumerate(dispatches):
            cpass = encoder.begin_compute_pass(timestamp_writes={
                "query_set": qs, "beginning_of_pass_write_index": 2 * i, "end_of_pass_write_index": 2 * i + 1})
            cpass.set_pipeline(d.pipeline)
            cpass.set_bind_group(0, d.bind_group)
            cpass.dispatch_workgroups(*d.grid)
            cpass.end()
        encoder.resolve_query_set(qs, 0, 2 * n, resolved, 0)
        self._queue.submit([encoder.finish()])
        raw = bytes(self._queue.read_buffer(resolved, 0, 16 * n))
        resolved.destroy()
        qs.destroy()
        return self._durations(raw, n)

    def copy_buffer(self, src: Buffer, src_offset: int, dst: Buffer, dst_offset: int, size: int) -> None:
        # GPUCommandEncoder.copyBufferToBuffer
        encoder = self._device.create_command_encoder()
        encoder.copy_buffer_to_buffer(src.handle, src_offset, dst.handle, dst_offset, size)
        self._queue.submit([encoder.finish()])

    async def sync(self) -> None:
        # GPUQueue.onSubmittedWorkDone stands in as a 4-byte read, which waits for all submitted work:
        # wgpu-py 0.32's on_submitted_work_done_sync passes a callback of the wrong C type (TypeError).
        if self._sync_buffer is None:  # the device's own: outside the registry, so no owner destroys it
            self._sync_buffer = Buffer(self._create_buffer(4, COPY_SRC, "sync"), 4, COPY_SRC, "sync")
        self._queue.read_buffer(self._sync_buffer.handle, 0, 4)

    def _destroy_buffer(self, buffer: Buffer) -> None:
        # GPUBuffer.destroy
        buffer.handle.destroy()

    def destroy(self) -> None:
        # GPUDevice.destroy; wgpu-py 0.32 has no GPUDevice.lost promise (it logs a loss), so the loss
        # this call causes is recorded here
        self._device.destroy()
        self._mark_lost("destroyed: GPUDevice.destroy() was called")


async def request_device(power_preference: str = "high-performance") -> NativeDevice:
    """navigator.gpu.requestAdapter + adapter.requestDevice, with the adapter's best limits."""
    try:
        import wgpu
    except ImportError as e:  # pragma: no cover - depends on the host
        raise DeviceError("the native backend needs wgpu-py: pip install 'pyrite[native]'") from e
    adapter = wgpu.gpu.request_adapter_sync(power_preference=power_preference)
    if adapter is None:
        raise DeviceError("no WebGPU adapter found by wgpu-py")
    wanted = [NATIVE_NAMES.get(f, f) for f in OPTIONAL_FEATURES if NATIVE_NAMES.get(f, f) in adapter.features]
    limits = {_kebab(n): adapter.limits[_kebab(n)] for n in Limits.NAMES
              if not n.startswith("min")}
    device = adapter.request_device_sync(required_features=wanted, required_limits=limits)
    return NativeDevice(adapter, device)

