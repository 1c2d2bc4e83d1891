"""probe: the streaming-read roofline of an adapter.

The best of a few plain read kernels (shaders/probe/read.wgsl: u32 and vec4 loads, two workgroup
sizes, three grid sizes) over one large buffer, timed on the GPU (timestamp queries, or the wall
clock around a queue sync where the adapter has none). A decode step's bytes per second are measured
against it (Stats.roofline, the kernels bench). Runs in the page as natively: no numpy.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from ..gpu import Device
from ..graph.plan import Live, Plan, storage
from ..graph.routes import Launch, Route, always
from ..kernels import kernel_id

FAMILY = "probe"
PROBE_BYTES = 64 << 20  # well past any CPU cache here, and under WebGPU's 128 MiB default binding
VARIANTS = (("read_u32", 4), ("read_vec4", 16))  # (variant, bytes per element)
WORKGROUPS = (64, 256)
GRIDS = (256, 1024, 4096)


@dataclass(frozen=True)
class ReadProbe:
    gbps: float      # the best read bandwidth, GB/s
    kernel: str      # which kernel and grid reached it
    nbytes: int      # bytes each run read
    timer: str       # "timestamps" or "wall clock"


# -- registration -------------------------------------------------------------------------------
ROUTES = [Route("read", always, lambda route, launch: [launch], "the probe's one kernel: a plain read of src")]
NAMES = ()  # no op of its own: read_bandwidth builds its plans


async def _seconds(device: Device, plan: Plan, repeats: int, timestamps: bool) -> float:
    """Median GPU seconds of one run of the plan (one dispatch), after a warm-up run."""
    plan.run(Live(1, 0))
    await device.sync()
    if timestamps:
        runs = [sum(r["ns"] for r in await plan.run_profiled(Live(1, 0))) / 1e9 for _ in range(repeats)]
        return statistics.median(runs)
    t0 = time.perf_counter()
    for _ in range(repeats):
        plan.run(Live(1, 0))
    await device.sync()
    return (time.perf_counter() - t0) / repeats


async def read_bandwidth(device: Device, repeats: int = 3, nbytes: int = PROBE_BYTES) -> ReadProbe:
    """The best read bandwidth of the probe kernels over an nbytes buffer (capped at the adapter's
    storage-binding limit); every buffer it makes is destroyed before it returns."""
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    nbytes = min(nbytes, device.limits.max_storage_buffer_binding_size) // 64 * 64
    timestamps = "timestamp-query" in device.features
    best = (0.0, "")
    owned: list = []
    try:
        with device.collect(owned):
            src = storage(device, "probe.src", nbytes)
            for variant, elem_bytes in VARIANTS:
                for wg in WORKGROUPS:
                    kernel = kernel_id(FAMILY, variant, f"wg{wg}")
                    for groups in GRIDS:
                        out = storage(device, "probe.out", groups * wg * 4)
                        plan = Plan(device, FAMILY)
                        params = plan.uniforms("probe.params", kernel, n=nbytes // elem_bytes)
                        plan.add_node(FAMILY, FAMILY, None, ROUTES,
                                      Launch(kernel, (params, src, out), lambda live, g=groups: (g, 1, 1)))
                        seconds = await _seconds(device, plan, repeats, timestamps)
                        if seconds > 0:  # a timer too coarse for the run reads 0
                            best = max(best, (nbytes / seconds / 1e9, f"{kernel} x {groups} workgroups"))
    finally:
        for buf in owned:
            device.destroy_buffer(buf)
    return ReadProbe(best[0], best[1], nbytes, "timestamps" if timestamps else "wall clock")
