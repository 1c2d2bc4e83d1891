"""Browser backend: Pyodide, js.navigator.gpu through the JS FFI.

GPU objects stay JS objects held as proxies. In per-dispatch code only JS objects and numbers
cross the FFI (a Python object handed to JS becomes a PyProxy that must be destroyed), and the
bound methods of the compute pass are cached: about 4 us per dispatch instead of 13 (Pyodide 314).

Pipelines a plan knows it needs compile all at once (createComputePipelineAsync): on a CPU adapter
each takes up to a second and a half, off the worker's thread. web/pipelines.js keeps the device
descriptor and the pipelines a load waited for, and the next page requests that device and starts
those pipelines while Pyodide boots; request_device and compile take them (only strings cross).
"""
from __future__ import annotations

import asyncio
import json
from typing import Any, Sequence

import js  # type: ignore[import-not-found]  # Pyodide only
from pyodide.ffi import JsProxy, jsnull, to_js  # type: ignore[import-not-found]

from ..errors import DeviceError
from .base import (COPY_DST, COPY_SRC, MAP_READ, OPTIONAL_FEATURES, QUERY_RESOLVE, AdapterInfo, Buffer, Command, Copy,
                   Device, Dispatch, Limits, passes)
from .pipelines import Progress, Wanted, pipeline_key

TAPES_KEPT = 4  # decode tape windows whose JS command arrays stay built
# compile_later's creations in flight at once. The GPU process compiles what was started even after the
# page closes, and the next page's requestAdapter() waits behind it, so at most one per hardware thread
# (the GPU process compiles on a pool) for those a first message needs (now: a full prefill's), and one
# for the rest once those have all landed (a short prefill's). On a CPU adapter the rest wait for the end of
# the run after they were queued, a model's first message (release_later): compiling beside its prefill,
# they took a core from it, and it came 1.3-1.5x later than the next message's on SwiftShader (bench/ready.py)
SOON_WINDOW = max(2, int(getattr(js.navigator, "hardwareConcurrency", 0) or 0))
LATER_WINDOW = 1

try:  # web/tape.js, registered by web/worker.js; absent in another host page, where replay stays Python
    import pyrite_tape as _tape  # type: ignore[import-not-found]
except ImportError:
    _tape = None

try:  # web/pipelines.js, likewise: a load's device and pipelines started while Python boots
    import pyrite_gpu as _starter  # type: ignore[import-not-found]
except ImportError:
    _starter = None


def _js(obj: Any) -> Any:
    # WebGPU descriptors must be plain JS objects: to_js(dict) alone makes a Map, which they reject.
    return to_js(obj, dict_converter=js.Object.fromEntries)


def _commands(commands: Sequence[Command]) -> Any:
    """web/tape.js's command arrays: [pipeline, bindGroup, x, y, z] or ["copy", src, off, dst, off, size]."""
    return js.Array.of(*(js.Array.of("copy", c.src.handle, c.src_offset, c.dst.handle, c.dst_offset, c.size)
                         if type(c) is Copy else js.Array.of(c.pipeline, c.bind_group, *c.grid) for c in commands))


def _recipe(kernel: Any, constants: dict | None) -> dict:
    """A pipeline as plain data: its shader module's and its own descriptor (without the module), and the
    key web/pipelines.js keeps it under (the kernel's id, sha256 and constants)."""
    stage: dict = {"entryPoint": kernel.entry, **({"constants": dict(constants)} if constants else {})}
    return {"key": f"{kernel.id}:{kernel.sha256}:{json.dumps(constants or {}, sort_keys=True)}",
            "module": {"code": kernel.source, "label": kernel.id},
            "pipeline": {"layout": "auto", "compute": stage, "label": kernel.id}}


def _recipes(wanted: Sequence[Wanted]) -> str:
    """wanted's pipelines, once each, as the JSON list web/pipelines.js keeps."""
    unique = {pipeline_key(k, c): (k, c) for k, c in wanted}.values()
    return json.dumps([_recipe(k, c) for k, c in unique])


def _is_fallback(adapter: Any, info: Any) -> bool:
    """GPUAdapterInfo.isFallbackAdapter (newer browsers), else GPUAdapter.isFallbackAdapter."""
    for holder in (info, adapter):
        flag = getattr(holder, "isFallbackAdapter", None) if holder is not None else None
        if flag is not None and flag is not jsnull:
            return bool(flag)
    return False


class BrowserDevice(Device):
    """A navigator.gpu GPUDevice behind pyrite's Device interface."""

    def __init__(self, adapter: Any, device: Any, adopted: bool = False):
        info = getattr(adapter, "info", None)
        field = (lambda n: str(getattr(info, n, "") or "")) if info is not None else (lambda n: "")
        limits = device.limits
        super().__init__(
            info=AdapterInfo("browser", field("vendor"), field("architecture"), field("device"),
                             field("description"), fallback=_is_fallback(adapter, info)),
            features=frozenset(str(f) for f in device.features),
            limits=Limits.from_mapping(lambda n: getattr(limits, n)),
        )
        self._device = device
        self._queue = device.queue
        self._watching = asyncio.ensure_future(self._watch_lost())  # held: a dropped task may be collected
        self._staging: dict[int, Any] = {}
        self._tapes: dict[int, tuple[Sequence[Command], Any]] = {}  # id(step) -> (step, its JS commands)
        self._modules: dict[str, Any] = {}  # kernel id -> its GPUShaderModule
        self._later: set[asyncio.Task] = set()  # compile_later's tasks, until they end
        self._queued: dict[tuple, Wanted] = {}   # compile_later's pipelines not started yet, in order
        self._soon: set[tuple] = set()  # the keys of those queued now (SOON_WINDOW at a time)
        self._holding = False  # the others wait for release_later (queued on a CPU adapter: compile_later)
        self.adopted = adopted  # the device web/pipelines.js requested early, its pipelines with it

    def _create_buffer(self, size: int, usage: int, label: str) -> Any:
        # GPUDevice.createBuffer
        return self._device.createBuffer(_js({"size": size, "usage": usage, "label": label}))

    def _create_pipeline(self, kernel: Any, constants: dict) -> Any:
        # GPUDevice.createComputePipeline
        return self._device.createComputePipeline(self._pipeline_descriptor(kernel, constants))

    def _pipeline_descriptor(self, kernel: Any, constants: dict | None) -> Any:
        # GPUComputePipelineDescriptor over the kernel's one GPUShaderModule (createShaderModule once per kernel)
        recipe = _recipe(kernel, constants)
        module = self._modules.get(kernel.id)
        if module is None:
            module = self._modules[kernel.id] = self._device.createShaderModule(_js(recipe["module"]))
        recipe["pipeline"]["compute"]["module"] = module
        return _js(recipe["pipeline"])

    async def compile(self, wanted: Sequence[Wanted], progress: Progress = lambda made, total: None, *,
                      startup: bool = False, then: Sequence[Wanted] = ()) -> None:
        if startup and _starter is not None:  # web/pipelines.js keeps the list for the next page
            _starter.keep(_recipes(wanted))
        started = self._start(wanted)  # first in the GPU process's queue: the load waits for these
        self.waited += len(started[0])
        self.compile_later(then, startup=startup, now=True)
        await self._finish(*started, progress)

    def compile_later(self, wanted: Sequence[Wanted], *, startup: bool = False, now: bool = False) -> int:
        # queued in order, then started a window at a time (SOON_WINDOW for now's, beside what compiles;
        # LATER_WINDOW for the others, once no now one is left and, on a CPU adapter, the next run has
        # ended: a model's first message, after each load); what is still queued when the page goes is
        # simply never started
        if startup and _starter is not None:  # kept too: the next page starts them early as well
            _starter.keepLater(_recipes(wanted), now)
        if not now and self.info.adapter_class == "cpu":
            self._holding = True
        todo = self._uncached(wanted)[0]
        for kernel, constants in todo:
            key = pipeline_key(kernel, constants)
            if key not in self._pending:
                self._queued.setdefault(key, (kernel, constants))
                if now:  # one queued before without now (held) is wanted soon as well
                    self._soon.add(key)
        if now:  # ahead of others queued before (a model loaded on this device earlier)
            self._queued = {**{k: w for k, w in self._queued.items() if k in self._soon}, **self._queued}
        self._pump()
        return len(todo)

    def release_later(self) -> None:
        self._holding = False
        if self.lost is None:
            self._pump()

    def _pump(self) -> None:
        while self._queued:
            key = next(iter(self._queued))
            soon = key in self._soon
            if len(self._later) >= (SOON_WINDOW if soon else LATER_WINDOW) or (self._holding and not soon):
                return
            self._launch(self._queued[key])

    def _launch(self, wanted: Wanted) -> None:
        # taken off the queue (by _start): one made meanwhile by another path is not started again, nor left
        started, total = self._start([wanted])
        task = asyncio.ensure_future(self._finish(started, total, lambda made, total: None))
        self._later.add(task)  # held: a dropped task may be collected
        # a failure is raised where a run waits for that pipeline (ready), not by this task
        task.add_done_callback(self._landed)

    def _landed(self, task: asyncio.Task) -> None:
        self._later.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: ready() raises it for the run that needs the pipeline
        if self.lost is None:
            self._pump()

    @property
    def compiling(self) -> bool:
        return bool(self._pending or self._queued)

    async def ready(self, wanted: Sequence[Wanted]) -> None:
        # a run needs these now: started at once, ahead of the queue
        self._start([w for w in wanted if pipeline_key(*w) in self._queued])
        await super().ready(wanted)

    def _start(self, wanted: Sequence[Wanted]) -> tuple[list[tuple[tuple, Any]], int]:
        # GPUDevice.createComputePipelineAsync for every uncached pipeline at once (the browser compiles
        # them off the worker's thread): one already pending, or started by web/pipelines.js, is taken
        todo, total = self._uncached(wanted)
        started = []
        for kernel, constants in todo:
            key = pipeline_key(kernel, constants)
            self._queued.pop(key, None)
            self._soon.discard(key)
            creation = self._pending.get(key) or self._early(kernel, constants) or \
                self._device.createComputePipelineAsync(self._pipeline_descriptor(kernel, constants))
            self._pending[key] = creation
            started.append((key, creation))
        return started, total

    async def _finish(self, started: list[tuple[tuple, Any]], total: int, progress: Progress) -> None:
        # each awaited in order into the cache, progress as it lands
        made = total - len(started)
        progress(made, total)
        for key, creation in started:
            await self._settle(key, creation)
            made += 1
            progress(made, total)

    def _early(self, kernel: Any, constants: dict | None) -> Any:
        # the pipeline web/pipelines.js started while Python booted, on this device; None where it did not
        early = _starter.take(_recipe(kernel, constants)["key"]) if _starter is not None and self.adopted else None
        return None if early is None or early is jsnull else early

    def bind_group(self, pipeline: Any, buffers: Sequence[Buffer], label: str = "") -> Any:
        # GPUDevice.createBindGroup
        entries = [{"binding": i, "resource": {"buffer": b.handle}} for i, b in enumerate(buffers)]
        return self._device.createBindGroup(
            _js({"layout": pipeline.getBindGroupLayout(0), "entries": entries, "label": label}))

    def write_buffer(self, buffer: Buffer, offset: int, data: Any) -> None:
        # GPUQueue.writeBuffer; a JS ArrayBuffer or typed array goes straight through, untouched by Python.
        if not isinstance(data, JsProxy):
            data = to_js(memoryview(data).cast("B"))
        self._queue.writeBuffer(buffer.handle, offset, data)

    async def read_buffer(self, buffer: Buffer, offset: int = 0, size: int | None = None) -> bytes:
        # copyBufferToBuffer into a MAP_READ buffer; GPUBuffer.mapAsync + getMappedRange.
        size = buffer.size - offset if size is None else size
        padded = (size + 3) & ~3
        staging = self._staging.get(padded)
        if staging is None:
            staging = self._staging[padded] = self._device.createBuffer(
                _js({"size": padded, "usage": MAP_READ | COPY_DST, "label": "staging"}))
        encoder = self._device.createCommandEncoder()
        encoder.copyBufferToBuffer(buffer.handle, offset, staging, 0, padded)
        self._queue.submit(_js([encoder.finish()]))
        await staging.mapAsync(js.GPUMapMode.READ)
        data = js.Uint8Array.new(staging.getMappedRange(0, padded)).to_bytes()
        staging.unmap()
        return data[:size]

    async def read_mapped(self, buffer: Buffer, offset: int = 0, size: int | None = None) -> bytes:
        # GPUBuffer.mapAsync + getMappedRange + unmap
        size = buffer.size - offset if size is None else size
        await buffer.handle.mapAsync(js.GPUMapMode.READ, offset, size)
        try:
            return js.Uint8Array.new(buffer.handle.getMappedRange(offset, size)).to_bytes()
        finally:
            buffer.handle.unmap()

    def submit(self, commands: Sequence[Command]) -> None:
        # GPUCommandEncoder.beginComputePass / dispatchWorkgroups / copyBufferToBuffer / GPUQueue.submit
        encoder = self._device.createCommandEncoder()
        for run in passes(commands):
            if type(run) is Copy:
                encoder.copyBufferToBuffer(run.src.handle, run.src_offset, run.dst.handle, run.dst_offset, run.size)
                continue
            cpass = encoder.beginComputePass()
            set_pipeline, set_bind_group, dispatch = cpass.setPipeline, cpass.setBindGroup, cpass.dispatchWorkgroups
            for d in run:
                set_pipeline(d.pipeline)
                set_bind_group(0, d.bind_group)
                dispatch(*d.grid)
            cpass.end()
        self._queue.submit(_js([encoder.finish()]))

    def replay(self, step: Sequence[Command], n: int, tail: Sequence[Command] = ()) -> None:
        # web/tape.js: the whole batch encoded in JS from one FFI call; the step's commands cross the
        # FFI once per tape window (the last few are kept, by the identity of the step list)
        if _tape is None:
            return super().replay(step, n, tail)
        key = id(step)
        held = self._tapes.get(key)
        if held is None or held[0] is not step:
            held = self._tapes[key] = (step, _commands(step))
            while len(self._tapes) > TAPES_KEPT:
                del self._tapes[next(iter(self._tapes))]
        _tape.replay(self._device, held[1], n, _commands(tail))

    @property
    def replays_in(self) -> str:
        return "python" if _tape is None else "js"

    async def submit_profiled(self, dispatches: Sequence[Dispatch]) -> list[int]:
        # GPUDevice.createQuerySet + timestampWrites per pass + GPUCommandEncoder.resolveQuerySet
        self._require_timestamps()
        n = len(dispatches)
        if n == 0:
            return []
        qs = self._device.createQuerySet(_js({"type": "timestamp", "count": 2 * n}))
        resolved = Buffer(self._create_buffer(16 * n, QUERY_RESOLVE | COPY_SRC, "timestamps"), 16 * n,
                          QUERY_RESOLVE | COPY_SRC)
        encoder = self._device.createCommandEncoder()
        for i, d in enumerate(dispatches):
            cpass = encoder.beginComputePass(_js({"timestampWrites": {
                "querySet": qs, "beginningOfPassWriteIndex": 2 * i, "endOfPassWriteIndex": 2 * i + 1}}))
            cpass.setPipeline(d.pipeline)
            cpass.setBindGroup(0, d.bind_group)
            cpass.dispatchWorkgroups(*d.grid)
            cpass.end()
        encoder.resolveQuerySet(qs, 0, 2 * n, resolved.handle, 0)
        self._queue.submit(_js([encoder.finish()]))
        raw = await self.read_buffer(resolved)
        resolved.handle.destroy()
        qs.destroy()
        return self._durations(raw, n)

    def copy_buffer(self, src: Buffer, src_offset: int, dst: Buffer, dst_offset: int, size: int) -> None:
        # GPUCommandEncoder.copyBufferToBuffer
        encoder = self._device.createCommandEncoder()
        encoder.copyBufferToBuffer(src.handle, src_offset, dst.handle, dst_offset, size)
        self._queue.submit(_js([encoder.finish()]))

    async def sync(self) -> None:
        # GPUQueue.onSubmittedWorkDone
        await self._queue.onSubmittedWorkDone()

    def _destroy_buffer(self, buffer: Buffer) -> None:
        # GPUBuffer.destroy
        buffer.handle.destroy()

    def destroy(self) -> None:
        # GPUDevice.destroy: its lost promise resolves (reason "destroyed"), which _watch_lost records
        self._device.destroy()

    async def _watch_lost(self) -> None:
        # GPUDevice.lost: resolves once, with GPUDeviceLostInfo {reason, message}
        info = await self._device.lost
        self._mark_lost(f"{info.reason}: {info.message}" if info.message else str(info.reason))

    def push_error_scope(self) -> None:
        # GPUDevice.pushErrorScope
        self._device.pushErrorScope("validation")

    async def pop_error_scope(self) -> str | None:
        # GPUDevice.popErrorScope
        err = await self._device.popErrorScope()
        # Pyodide 314: a JS null arrives as pyodide.ffi.jsnull, not None.
        return None if err is None or err is jsnull else str(err.message)


async def request_device(power_preference: str = "high-performance") -> BrowserDevice:
    """navigator.gpu.requestAdapter + adapter.requestDevice, with the adapter's best limits."""
    gpu = getattr(js.navigator, "gpu", None)
    if gpu is None or gpu == js.undefined:
        raise DeviceError("this browser has no WebGPU (navigator.gpu is missing; it needs a secure "
                          "context such as http://localhost and a WebGPU-enabled browser)")
    adapter = await gpu.requestAdapter(_js({"powerPreference": power_preference}))
    if adapter is None or adapter is jsnull:  # requestAdapter resolves to null: no adapter
        raise DeviceError("navigator.gpu.requestAdapter() found no adapter")
    features = [f for f in OPTIONAL_FEATURES if adapter.features.has(f)]
    limits = {n: getattr(adapter.limits, n) for n in Limits.NAMES if not n.startswith("min")}
    descriptor = {"requiredFeatures": features, "requiredLimits": limits}
    # the device web/pipelines.js requested early from the same descriptors, kept from the last page
    early = await _starter.adopt(json.dumps({"adapter": {"powerPreference": power_preference},
                                             "device": descriptor}, sort_keys=True)) if _starter is not None else None
    if early is not None and early is not jsnull:
        return BrowserDevice(early[0], early[1], adopted=True)
    return BrowserDevice(adapter, await adapter.requestDevice(_js(descriptor)))
