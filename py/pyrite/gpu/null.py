"""Null backend: no GPU. Plans, routes, grids and buffer lists are built and checked in tests.

Allocation checks the same limits as a real device; pipelines check that the kernel exists in the
registry; bind groups check the binding count against the kernel's WGSL; submit records dispatches
(grids checked against maxComputeWorkgroupsPerDimension). Nothing computes: reads return zeros.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..errors import LimitError, PyriteError
from .base import MAP_READ, AdapterInfo, Buffer, Command, Copy, Device, Dispatch, Limits

# A SwiftShader-like adapter (DESIGN.md, measured): what tests assume unless they lower a limit.
DEFAULT_LIMITS = Limits(
    max_storage_buffer_binding_size=1 << 30, max_buffer_size=1 << 30,
    max_compute_workgroup_storage_size=32768, max_compute_invocations_per_workgroup=256,
    max_storage_buffers_per_shader_stage=10, max_compute_workgroups_per_dimension=65535,
    max_uniform_buffer_binding_size=65536, min_storage_buffer_offset_alignment=256)
DEFAULT_FEATURES = frozenset({"timestamp-query", "subgroups"})
# A discrete GPU's limits, as Chrome grants them on one (for plans of the gpu class with no GPU).
GPU_LIMITS = Limits(
    max_storage_buffer_binding_size=1 << 31, max_buffer_size=1 << 32,
    max_compute_workgroup_storage_size=32768, max_compute_invocations_per_workgroup=1024,
    max_storage_buffers_per_shader_stage=10, max_compute_workgroups_per_dimension=65535,
    max_uniform_buffer_binding_size=65536, min_storage_buffer_offset_alignment=256)

_BINDING = re.compile(r"@binding\((\d+)\)")


class NullDeviceError(PyriteError):
    """A plan asked the null device for something a real device would reject."""


@dataclass
class NullPipeline:
    kernel: str
    bindings: int                 # how many @binding slots the kernel declares


@dataclass
class NullDevice(Device):
    buffers: list[Buffer] = field(default_factory=list)       # every buffer created, in order
    submitted: list[list[Command]] = field(default_factory=list)

    def _create_buffer(self, size: int, usage: int, label: str) -> Any:
        return ("null-buffer", label, size)

    def create_buffer(self, size: int, usage: int = 0x8c, label: str = "") -> Buffer:
        buf = super().create_buffer(size, usage, label)
        self.buffers.append(buf)
        return buf

    def _create_pipeline(self, kernel: Any, constants: dict) -> Any:
        return NullPipeline(kernel.id, len(set(_BINDING.findall(kernel.source))))

    def bind_group(self, pipeline: Any, buffers: Sequence[Buffer], label: str = "") -> Any:
        if len(buffers) != pipeline.bindings:
            raise NullDeviceError(f"{label}: {pipeline.kernel} declares {pipeline.bindings} bindings, "
                                  f"got {len(buffers)}")
        return ("null-bind-group", pipeline.kernel, tuple(b.label for b in buffers))

    def write_buffer(self, buffer: Buffer, offset: int, data: Any) -> None:
        n = memoryview(data).nbytes
        if offset + n > buffer.size:
            raise NullDeviceError(f"write of {n} bytes at {offset} overruns {buffer.label} ({buffer.size} bytes)")

    async def read_buffer(self, buffer: Buffer, offset: int = 0, size: int | None = None) -> bytes:
        return bytes(buffer.size - offset if size is None else size)

    async def read_mapped(self, buffer: Buffer, offset: int = 0, size: int | None = None) -> bytes:
        if not buffer.usage & MAP_READ:
            raise NullDeviceError(f"{buffer.label} is not a MAP_READ buffer")
        return bytes(buffer.size - offset if size is None else size)

    def submit(self, commands: Sequence[Command]) -> None:
        top = self.limits.max_compute_workgroups_per_dimension
        for c in commands:
            if type(c) is Copy:
                for buf, offset in ((c.src, c.src_offset), (c.dst, c.dst_offset)):
                    if offset + c.size > buf.size:
                        raise NullDeviceError(f"copy of {c.size} bytes at {offset} overruns {buf.label} "
                                              f"({buf.size} bytes)")
            elif any(g > top for g in c.grid):
                raise LimitError(f"{c.label}: grid {c.grid}", max(c.grid), "maxComputeWorkgroupsPerDimension", top)
        self.submitted.append(list(commands))

    async def submit_profiled(self, dispatches: Sequence[Dispatch]) -> list[int]:
        self._require_timestamps()
        self.submit(dispatches)
        return [0] * len(dispatches)

    def copy_buffer(self, src: Buffer, src_offset: int, dst: Buffer, dst_offset: int, size: int) -> None:
        return None

    async def sync(self) -> None:
        return None

    def _destroy_buffer(self, buffer: Buffer) -> None:
        return None

    def destroy(self) -> None:
        self._mark_lost("destroyed: GPUDevice.destroy() was called")


def null_device(limits: Limits = DEFAULT_LIMITS, features: frozenset[str] = DEFAULT_FEATURES,
                adapter_type: str = "CPU") -> NullDevice:
    """A device that allocates and computes nothing, with the given (or SwiftShader-like) limits; a
    CPU adapter unless adapter_type says otherwise ("DiscreteGPU": a modeled GPU, see GPU_LIMITS)."""
    return NullDevice(AdapterInfo("null", description="null device (no GPU)", adapter_type=adapter_type),
                      features, limits)
