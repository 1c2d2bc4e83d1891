"""The gpu class's access pattern, executed: each coop route's trace kernel (linear.yaml's trace axis, the
same template) records the 16-byte W word each lane loads for each of its rows in its first steps; on the
native adapter, adjacent lanes must read adjacent words and each step must move the lanes on by one
workgroup's width (a contiguous WG * 16 bytes per row per step: the loads coalesce)."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from pyrite import kernels
from pyrite.gpu import Dispatch
from pyrite.graph.plan import Live, Plan, storage
from pyrite.graph.options import Options
from pyrite.graph.registry import lookup
from pyrite.sync import run_sync

from .cases import FORMATS, GPU_CLASS, linear_case, projection_case

pytestmark = pytest.mark.gpu
STEPS = 4  # linear.wgsl's TRACE_STEPS
K = 4096   # every format gives each of 32 lanes at least STEPS words per row


ROUTES = [pytest.param(fmt, route, id=f"{fmt}-{route}") for fmt in FORMATS
          for route in ("gemv_coop", "gemv_coop_sg", "gemv_coop4", "gemv_coop4_sg", "gemm_coop", "gemm_coop_sg",
                        "gemm_coop4", "gemm_coop4_sg")]


def case_for(fmt: str, route: str):
    """A plain linear for the coop tiles, qkv with RoPE for coop4 (its rows are rotary quads); one token
    for the GEMVs, 8 for the 8-token tiles (gemm_coop*)."""
    rng = np.random.default_rng(3)
    M = 8 if route.startswith("gemm") else 1
    if "coop4" in route:
        case, _ = projection_case(rng, "qkv", fmt, M, (128, 64, 64), K, rope={"head_dim": 32, "interleaved": False},
                                  pos=2)
        case.overrides = {"qkv": "qkv_fused", "linear": route}
        case.options = {"projection_norm": "dispatch"}  # the trace axis has no norm-folded points
        return case, 256, M
    case, _ = linear_case(rng, fmt, M, 22, K)
    case.overrides = {"linear": route}
    return case, 22, M


def word_trace(device, case, N: int, M: int) -> tuple[np.ndarray, str]:
    """Build the case's plan as the op would run it, then dispatch its coop launch's trace kernel with the
    same bindings plus the trace buffer: [columns, lanes, STEPS, RN] W word indices (every token block of a column reads the same words)."""
    bufs = {"dummy": storage(device, "dummy", 4)}
    for name, data in case.inputs.items():
        bufs[name] = storage(device, name, max(len(data), 4))
        device.write_buffer(bufs[name], 0, data + b"\0" * (-len(data) % 4))
    for name, nbytes in case.outputs.items():
        bufs.setdefault(name, storage(device, name, max(nbytes, 4)))
    plan = Plan(device, case.op, dict(case.overrides), Options({**case.options, **GPU_CLASS}))
    lookup(case.op).case(plan, bufs, case.attrs)
    plan.run(Live(M, 0))
    (launch, grid), = [(la, g) for node in plan.nodes for la, g in node.picked if "coop" in la.kernel]
    traced = f"{launch.kernel}_trace"
    params = kernels.get(traced).params
    wg, rn = params["WG"], params["RN"]
    cols = -(-N // rn)
    assert grid[0] * grid[1] * grid[2] >= cols, (grid, cols)
    trace = storage(device, "trace", grid[0] * grid[2] * wg * STEPS * rn * 4)
    launch = replace(launch, kernel=traced, bindings=(*launch.bindings, trace))
    pipeline = device.pipeline(kernels.get(traced))
    device.submit([Dispatch(pipeline, device.bind_group(pipeline, launch.bindings), grid, traced)])
    words = np.frombuffer(run_sync(device.read_buffer(trace)), np.uint32)
    return words[:cols * wg * STEPS * rn].reshape(cols, wg, STEPS, rn), traced


@pytest.mark.parametrize("fmt,route", ROUTES)
def test_adjacent_lanes_read_adjacent_words(device, fmt, route):
    if route.endswith("_sg") and "subgroups" not in device.features:
        pytest.fail("the native adapter has no subgroups: the _sg routes cannot be traced here")
    case, N, M = case_for(fmt, route)
    words, traced = word_trace(device, case, N, M)
    cols, wg = words.shape[:2]
    per_row = K // 4 if fmt == "f32" else K // (16 if fmt == "q8gsw" else 32)  # 16-byte words in a row
    first = words[:, :1, :1, :].astype(np.int64)  # lane 0's first word of each row of each column
    offsets = words.astype(np.int64) - first
    lanes, steps = np.arange(wg)[None, :, None, None], np.arange(STEPS)[None, None, :, None]
    assert (offsets == steps * wg + lanes).all(), f"{traced}: lanes do not read adjacent words"
    assert (first % per_row == 0).all(), f"{traced}: a lane group does not start at its row's first word"
    rows = (first[:, 0, 0, :] // per_row).ravel()
    assert len(set(rows.tolist())) == cols * words.shape[3], f"{traced}: two lane groups read one row"
