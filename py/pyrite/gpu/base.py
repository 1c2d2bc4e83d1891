"""The Device interface: one spec-shaped face over WebGPU, two backends (native.py, browser.py).

Each method names the WebGPU call it mirrors. Deliberate deviations from the spec are listed in
DEVIATIONS (tested): the interface is smaller than WebGPU and shaped for compute-only work.
"""
from __future__ import annotations

import asyncio
import struct
import weakref
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Awaitable, Iterator, Sequence

from ..errors import DeviceLostError, LimitError, PyriteError
from .adapter_class import classify
from .pipelines import PipelineCache

# GPUBufferUsage flags (WebGPU spec values).
MAP_READ = 0x0001
COPY_SRC = 0x0004
COPY_DST = 0x0008
UNIFORM = 0x0040
STORAGE = 0x0080
QUERY_RESOLVE = 0x0200

LOSS_GRACE_S = 1.0  # how long a failed GPU call waits for the device's loss to be reported

# The optional features a device asks for whenever its adapter has them (both backends).
OPTIONAL_FEATURES = ("shader-f16", "timestamp-query", "subgroups")


class ProfilingError(PyriteError):
    """GPU timing was asked for on an adapter without timestamp queries."""

# Deliberate deviations from the WebGPU API, each tested in tests/gpu/test_base.py.
DEVIATIONS = (
    "compute only: no render pipelines, textures or samplers",
    "one bind group (group 0) per pipeline, layout 'auto'",
    "submit() encodes a list of dispatches and copies into one command buffer: a run of dispatches "
    "shares one compute pass, a copy ends it",
    "read_buffer() copies through a MAP_READ staging buffer and returns bytes",
    "pipelines are cached by (kernel id, constants)",
    "submit_profiled() gives each dispatch its own compute pass, to time it with timestampWrites",
    "lost is a reason string (None while the device lives) and wait_lost() an awaitable, not a promise "
    "of GPUDeviceLostInfo; wgpu-py 0.32 reports only losses that destroy() causes",
)


@dataclass(frozen=True)
class Limits:
    """The adapter limits pyrite checks before it allocates anything."""

    max_storage_buffer_binding_size: int
    max_buffer_size: int
    max_compute_workgroup_storage_size: int
    max_compute_invocations_per_workgroup: int
    max_storage_buffers_per_shader_stage: int
    max_compute_workgroups_per_dimension: int
    max_uniform_buffer_binding_size: int
    min_storage_buffer_offset_alignment: int

    @classmethod
    def from_mapping(cls, get: Any) -> "Limits":
        """Build from a getter taking the spec's camelCase names."""
        return cls(
            max_storage_buffer_binding_size=int(get("maxStorageBufferBindingSize")),
            max_buffer_size=int(get("maxBufferSize")),
            max_compute_workgroup_storage_size=int(get("maxComputeWorkgroupStorageSize")),
            max_compute_invocations_per_workgroup=int(get("maxComputeInvocationsPerWorkgroup")),
            max_storage_buffers_per_shader_stage=int(get("maxStorageBuffersPerShaderStage")),
            max_compute_workgroups_per_dimension=int(get("maxComputeWorkgroupsPerDimension")),
            max_uniform_buffer_binding_size=int(get("maxUniformBufferBindingSize")),
            min_storage_buffer_offset_alignment=int(get("minStorageBufferOffsetAlignment")),
        )

    # The spec's camelCase names, so a backend can ask for the adapter's best values.
    NAMES = (
        "maxStorageBufferBindingSize", "maxBufferSize", "maxComputeWorkgroupStorageSize",
        "maxComputeInvocationsPerWorkgroup", "maxStorageBuffersPerShaderStage",
        "maxComputeWorkgroupsPerDimension", "maxUniformBufferBindingSize",
        "minStorageBufferOffsetAlignment",
    )


@dataclass(frozen=True)
class AdapterInfo:
    backend: str  # "native" or "browser"
    vendor: str = ""
    architecture: str = ""
    device: str = ""
    description: str = ""
    adapter_type: str = ""   # wgpu-native's "CPU", "DiscreteGPU", ... ("" in the browser)
    fallback: bool = False   # the browser's isFallbackAdapter

    @property
    def adapter_class(self) -> str:
        """ "cpu" or "gpu" (gpu/adapter_class.py): the class the route rules are written for."""
        return classify(self.vendor, self.architecture, self.device, self.description,
                        adapter_type=self.adapter_type, fallback=self.fallback)


@dataclass
class Buffer:
    """A GPUBuffer plus what pyrite needs to know about it."""

    handle: Any
    size: int
    usage: int
    label: str = ""


@dataclass
class Dispatch:
    """One compute dispatch: setPipeline + setBindGroup(0) + dispatchWorkgroups."""

    pipeline: Any
    bind_group: Any
    grid: tuple[int, int, int]
    label: str = ""


@dataclass(frozen=True)
class Copy:
    """copyBufferToBuffer inside a submit, between compute passes: the dispatches after it see its bytes."""

    src: Buffer
    src_offset: int
    dst: Buffer
    dst_offset: int
    size: int


Command = Dispatch | Copy


def passes(commands: Sequence[Command]) -> Iterator[Copy | list[Dispatch]]:
    """A submit's commands as the encoder takes them: each run of dispatches (one compute pass), each Copy."""
    run: list[Dispatch] = []
    for c in commands:
        if type(c) is Copy:
            if run:
                yield run
                run = []
            yield c
        else:
            run.append(c)
    if run:
        yield run


@dataclass
class Device(PipelineCache):
    """Base of the two backends. Hooks raise NotImplementedError naming what a backend must provide."""

    info: AdapterInfo
    features: frozenset[str]
    limits: Limits
    _pipelines: dict = field(default_factory=dict, repr=False)  # pipeline_key -> pipeline (gpu/pipelines.py)
    _pending: dict = field(default_factory=dict, repr=False)    # pipeline_key -> its creation, still running
    waited: int = 0  # pipelines a run asked for before they were made (gpu/pipelines.py; Stats.pipelines_waited)
    # id -> Buffer created and not destroyed; weak, so a buffer nobody holds still goes when collected
    _live: weakref.WeakValueDictionary = field(default_factory=weakref.WeakValueDictionary, repr=False)
    _collectors: list = field(default_factory=list, repr=False)  # open collect() lists
    lost: str | None = None  # why the device was lost ("destroyed", the browser's message), once it was
    _lost_waiters: list = field(default_factory=list, repr=False)  # futures of wait_lost() calls

    # -- allocation -------------------------------------------------------------------------

    def create_buffer(self, size: int, usage: int = STORAGE | COPY_DST | COPY_SRC, label: str = "") -> Buffer:
        """GPUDevice.createBuffer, after checking the size against the adapter's limits."""
        size = max(4, (int(size) + 3) & ~3)  # WebGPU needs a multiple of 4 for writes and copies
        self.check_buffer_size(label or "buffer", size, binding=bool(usage & STORAGE))
        buf = Buffer(self._create_buffer(size, usage, label), size, usage, label)
        self._live[id(buf)] = buf
        for into in self._collectors:
            into.append(buf)
        return buf

    @contextmanager
    def collect(self, *into: list[Buffer]) -> Iterator[None]:
        """Append every buffer created inside the block to each of `into` (owners' lists, to destroy later);
        a list collecting already (a plan's row built during its load) is left as it is, so it gets each
        buffer once."""
        added = [c for c in into if all(c is not o for o in self._collectors)]
        self._collectors.extend(added)
        try:
            yield
        finally:
            for c in added:  # by identity: two owners' lists may hold the same buffers
                del self._collectors[next(i for i, o in enumerate(self._collectors) if o is c)]

    @property
    def collecting(self) -> tuple[list[Buffer], ...]:
        """The lists collect() is filling now (a plan's rows built later go to the lists its build went to)."""
        return tuple(self._collectors)

    def destroy_buffer(self, buffer: Buffer) -> None:
        """GPUBuffer.destroy; a buffer destroyed before is left alone."""
        if self._live.pop(id(buffer), None) is not None:
            self._destroy_buffer(buffer)

    @property
    def live_bytes(self) -> int:
        """Bytes of every buffer created through create_buffer and not destroyed yet."""
        return sum(b.size for b in self._live.values())

    def check_buffer_size(self, what: str, size: int, binding: bool = True) -> None:
        """Raise LimitError when a buffer of `size` bytes would not fit this adapter."""
        if size > self.limits.max_buffer_size:
            raise LimitError(what, size, "maxBufferSize", self.limits.max_buffer_size)
        if binding and size > self.limits.max_storage_buffer_binding_size:
            raise LimitError(what, size, "maxStorageBufferBindingSize",
                             self.limits.max_storage_buffer_binding_size)

    # -- backend hooks ------------------------------------------------------------------------

    def _create_buffer(self, size: int, usage: int, label: str) -> Any:
        raise NotImplementedError("need _create_buffer")

    def _create_pipeline(self, kernel: Any, constants: dict) -> Any:
        raise NotImplementedError("need _create_pipeline")

    def bind_group(self, pipeline: Any, buffers: Sequence[Buffer], label: str = "") -> Any:
        """GPUDevice.createBindGroup over getBindGroupLayout(0); binding i = buffers[i], whole buffer."""
        raise NotImplementedError("need bind_group")

    def write_buffer(self, buffer: Buffer, offset: int, data: Any) -> None:
        """GPUQueue.writeBuffer from bytes, bytearray, memoryview (or a JS ArrayBuffer in the browser)."""
        raise NotImplementedError("need write_buffer")

    async def read_buffer(self, buffer: Buffer, offset: int = 0, size: int | None = None) -> bytes:
        """copyBufferToBuffer into a MAP_READ buffer, mapAsync, getMappedRange."""
        raise NotImplementedError("need read_buffer")

    async def read_mapped(self, buffer: Buffer, offset: int = 0, size: int | None = None) -> bytes:
        """GPUBuffer.mapAsync(READ) + getMappedRange + unmap of a MAP_READ buffer that a submit copied
        into (a Copy at the end of its commands): it resolves when that submit is done, not later ones."""
        raise NotImplementedError("need read_mapped")

    def submit(self, commands: Sequence[Command]) -> None:
        """One GPUCommandEncoder, GPUQueue.submit: each run of dispatches in one compute pass, each Copy
        (copyBufferToBuffer) between passes."""
        raise NotImplementedError("need submit")

    def replay(self, step: Sequence[Command], n: int, tail: Sequence[Command] = ()) -> None:
        """submit(step * n + tail): a decode tape's batch (graph/tape.py). Backends may encode it
        faster than submit; `step` is the same list object for every batch of a tape window."""
        self.submit([c for _ in range(n) for c in step] + list(tail))

    replays_in = "python"  # where replay() encodes: the browser's web/tape.js says "js"

    async def submit_profiled(self, dispatches: Sequence[Dispatch]) -> list[int]:
        """Each dispatch in its own compute pass with timestampWrites; returns GPU ns per dispatch.

        Needs the adapter's "timestamp-query" feature; ProfilingError otherwise."""
        raise NotImplementedError("need submit_profiled")

    def _require_timestamps(self) -> None:
        if "timestamp-query" not in self.features:
            raise ProfilingError(f"profiling needs the 'timestamp-query' feature; this adapter "
                                 f"({self.info.description or self.info.device}) lacks it")

    @staticmethod
    def _durations(raw: bytes, n: int) -> list[int]:
        """Resolved timestamps (u64 begin/end pairs) -> ns per dispatch (0 where the clock went back)."""
        ts = struct.unpack(f"<{2 * n}Q", raw[:16 * n])
        return [max(0, ts[2 * i + 1] - ts[2 * i]) for i in range(n)]

    def copy_buffer(self, src: Buffer, src_offset: int, dst: Buffer, dst_offset: int, size: int) -> None:
        """GPUCommandEncoder.copyBufferToBuffer, submitted at once."""
        raise NotImplementedError("need copy_buffer")

    async def sync(self) -> None:
        """GPUQueue.onSubmittedWorkDone."""
        raise NotImplementedError("need sync")

    def _destroy_buffer(self, buffer: Buffer) -> None:
        raise NotImplementedError("need _destroy_buffer")

    def describe(self) -> dict:
        """Adapter, backend, features and limits as plain data (for `pyrite info`)."""
        return {
            "backend": self.info.backend,
            "adapter": {"vendor": self.info.vendor, "architecture": self.info.architecture,
                        "device": self.info.device, "description": self.info.description,
                        "type": self.info.adapter_type, "fallback": self.info.fallback},
            "adapter_class": self.info.adapter_class,
            "features": sorted(self.features),
            "limits": {name: getattr(self.limits, attr) for name, attr in
                       zip(Limits.NAMES, Limits.__dataclass_fields__)},
        }

    # -- loss ---------------------------------------------------------------------------------

    def destroy(self) -> None:
        """GPUDevice.destroy: the device is lost at once (a test hook for device loss, natively and in
        the page); everything on it is gone."""
        raise NotImplementedError("need destroy")

    async def wait_lost(self) -> str:
        """GPUDevice.lost: resolves, with the reason, once the device is lost."""
        if self.lost is None:
            waiter = asyncio.get_running_loop().create_future()
            self._lost_waiters.append(waiter)
            try:
                await waiter
            finally:
                self._lost_waiters.remove(waiter)
        return self.lost

    def lost_error(self, owner: str) -> DeviceLostError:
        """The error a loss means for `owner` (an engine, a run): everything it had on the device is gone."""
        return DeviceLostError(f"the GPU device was lost ({self.lost}); {owner} is gone with it: load the model "
                               f"again")

    def check_alive(self, owner: str) -> None:
        """DeviceLostError when the device is lost already."""
        if self.lost is not None:
            raise self.lost_error(owner)

    @asynccontextmanager
    async def guard(self, owner: str) -> AsyncIterator[None]:
        """The one loss guard: a GPU call inside that fails because the device was lost (the backend's own
        error) ends in DeviceLostError naming `owner`. In the browser a call can fail (mapAsync's
        AbortError) a turn before GPUDevice.lost resolves, so a failure waits up to LOSS_GRACE_S for it."""
        try:
            yield
        except PyriteError:
            raise
        except Exception as e:
            if self.lost is None:
                try:
                    await asyncio.wait_for(self.wait_lost(), LOSS_GRACE_S)
                except asyncio.TimeoutError:
                    pass
            if self.lost is not None:
                raise self.lost_error(owner) from e
            raise

    async def wait_for(self, work: Awaitable, owner: str, stop: asyncio.Event | None = None) -> bool:
        """Wait for work, the stop event or the device's loss, whichever comes first; -> whether work
        finished (DeviceLostError naming owner on a loss; work left running on a stop)."""
        work = asyncio.ensure_future(work)
        others = [asyncio.ensure_future(self.wait_lost())]
        if stop is not None:
            others.append(asyncio.ensure_future(stop.wait()))
        try:
            await asyncio.wait({work, *others}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for f in others:
                f.cancel()
        if self.lost is not None:
            raise self.lost_error(owner)
        return work.done()

    def _mark_lost(self, why: str) -> None:
        """Record the loss (the first reason wins) and wake every wait_lost()."""
        self.lost = self.lost or why
        for waiter in self._lost_waiters:
            if not waiter.done():
                waiter.set_result(None)

    def push_error_scope(self) -> None:
        """GPUDevice.pushErrorScope('validation'); native wgpu-py raises at once, so a no-op there."""

    async def pop_error_scope(self) -> str | None:
        """GPUDevice.popErrorScope: the first validation message since the push, or None."""
        return None
