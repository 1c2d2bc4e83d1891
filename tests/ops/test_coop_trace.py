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
K_SPLIT = 16384  # and per K slice of the split tiles (2 slices of 128 plain columns, 4 of 64 quads)


ROUTES = [pytest.param(fmt, route, id=f"{fmt}-{route}") for fmt in FORMATS
          for route in ("gemv_coop", "gemv_coop_sg", "gemv_coop4", "gemv_coop4_sg", "gemv_coop_splitk",
                        "gemv_coop_sg_splitk", "gemv_coop4_splitk", "gemv_coop4_sg_splitk", "gemm_coop",
                        "gemm_coop_sg", "gemm_coop4", "gemm_coop4_sg")]


def case_for(fmt: str, route: str):
    """(case, N, M, K): a plain linear for the coop tiles, qkv with RoPE for coop4 (its rows are rotary
    quads); one token for the GEMVs, 8 for the 8-token tiles (gemm_coop*); the split tiles over 256 rows,
    so that each slice has STEPS words per lane."""
    rng = np.random.default_rng(3)
    M = 8 if route.startswith("gemm") else 1
    k = K_SPLIT if route.endswith("splitk") else K
    if "coop4" in route:
        case, _ = projection_case(rng, "qkv", fmt, M, (128, 64, 64), k, rope={"head_dim": 32, "interleaved": False},
                                  pos=2)
        case.overrides = {"qkv": "qkv_fused", "linear": route}
        case.options = {"projection_norm": "dispatch"}  # the trace axis has no norm-folded points
        return case, 256, M, k
    N = 256 if route.endswith("splitk") else 22
    case, _ = linear_case(rng, fmt, M, N, k)
    case.overrides = {"linear": route}
    return case, N, M, k


def word_trace(device, case, N: int, M: int) -> tuple[np.ndarray, str]:
    """Build the case's plan as the op would run it, then dispatch its coop launch's trace kernel (a split
    tile's part kernel) with the same bindings plus the trace buffer: [columns, K slices, lanes, STEPS, RN]
    W word indices (every token block of a column reads the same words)."""
    bufs = {"dummy": storage(device, "dummy", 4)}
    for name, data in case.inputs.items():
        bufs[name] = storage(device, name, max(len(data), 4))
        device.write_buffer(bufs[name], 0, data + b"\0" * (-len(data) % 4))
    for name, nbytes in case.outputs.items():
        bufs.setdefault(name, storage(device, name, max(nbytes, 4)))
    plan = Plan(device, case.op, dict(case.overrides), Options({**case.options, **GPU_CLASS}))
    lookup(case.op).case(plan, bufs, case.attrs)
    plan.run(Live(M, 0))
    (launch, grid), = [(la, g) for node in plan.nodes for la, g in node.picked
                       if "coop" in la.kernel and "_sum_" not in la.kernel]
    traced = f"{launch.kernel}_trace"
    params = kernels.get(traced).params
    wg, rn = params["WG"], params["RN"]
    cols, splits = -(-N // rn), grid[1] if params["SPLIT"] else 1
    assert grid[0] * grid[2] >= cols and splits >= (2 if params["SPLIT"] else 1), (grid, cols)
    size = grid[0] * grid[2] * splits * wg * STEPS * rn
    trace = storage(device, "trace", size * 4)
    launch = replace(launch, kernel=traced, bindings=(*launch.bindings, trace))
    pipeline = device.pipeline(kernels.get(traced))
    device.submit([Dispatch(pipeline, device.bind_group(pipeline, launch.bindings), grid, traced)])
    words = np.frombuffer(run_sync(device.read_buffer(trace)), np.uint32)
    return words[:cols * splits * wg * STEPS * rn].reshape(cols, splits, wg, STEPS, rn), traced


@pytest.mark.parametrize("fmt,route", ROUTES)
def test_adjacent_lanes_read_adjacent_words(device, fmt, route):
    if "_sg" in route and "subgroups" not in device.features:
        pytest.fail("the native adapter has no subgroups: the _sg routes cannot be traced here")
    case, N, M, k = case_for(fmt, route)
    words, traced = word_trace(device, case, N, M)
    cols, splits, wg = words.shape[:3]
    per_row = k // 4 if fmt == "f32" else k // (16 if fmt == "q8gsw" else 32)  # 16-byte words in a row
    first = words[:, :, :1, :1, :].astype(np.int64)  # lane 0's first word of each row of each column (slice)
    offsets = words.astype(np.int64) - first
    lanes, steps = np.arange(wg)[None, None, :, None, None], np.arange(STEPS)[None, None, None, :, None]
    assert (offsets == steps * wg + lanes).all(), f"{traced}: lanes do not read adjacent words"
    slice_start = (np.arange(splits) * per_row // splits)[None, :, None, None, None]
    assert (first % per_row == slice_start).all(), f"{traced}: a lane group does not start at its slice's first word"
    rows = (first[:, 0, 0, 0, :] // per_row).ravel()
    assert len(set(rows.tolist())) == cols * words.shape[4], f"{traced}: two lane groups read one row"
