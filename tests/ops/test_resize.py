"""Resize: one built plan, run at changing live row counts, gives at each exactly what a fresh build
gives (native). The immutable controls (has_bias, the views' offsets, eps) are written once at build;
a resize rewrites only the step uniform, the routes and the grids."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from pyrite.graph.options import Options
from pyrite.graph.plan import Live, Plan, storage
from pyrite.graph.single import OPS, run_case
from pyrite.sync import run_sync

from .cases import linear_case, projection_case

pytestmark = pytest.mark.gpu
SIZES = (7, 2, 5, 7, 1, 8, 3, 1, 6, 7)  # build at 8 rows; M, M2 < M, M3 > M2, M again, across both tiles


def built(device, case):
    bufs = {"dummy": storage(device, "dummy", 4)}
    for name, data in case.inputs.items():
        bufs[name] = storage(device, name, len(data))
        device.write_buffer(bufs[name], 0, data)
    for name, nbytes in case.outputs.items():
        bufs.setdefault(name, storage(device, name, nbytes))
    plan = Plan(device, case.op, dict(case.overrides), Options())
    OPS[case.op](plan, bufs, case.attrs)
    return plan, bufs


@pytest.mark.parametrize("make", [
    lambda rng: linear_case(rng, "q4a", 8, 44, 64, bias=True),
    lambda rng: projection_case(rng, "qkv", "q8gsw", 8, (64, 32, 32), 96, bias=True),
    lambda rng: projection_case(rng, "gate_up", "q4gsw", 8, (36, 36), 64, bias=True),
], ids=["linear_bias", "qkv_bias", "gate_up_bias"])
def test_ten_resizes_equal_fresh_builds(device, make):
    case, _ = make(np.random.default_rng(5))
    plan, bufs = built(device, case)
    for rows in SIZES:
        plan.run(Live(rows, 0))
        fresh, _ = run_sync(run_case(device, dataclasses.replace(case, seq_len=rows)))
        for name, nbytes in case.outputs.items():
            live = nbytes // 8 * rows  # outputs are [8, N] f32: the first `rows` rows are live
            got = run_sync(device.read_buffer(bufs[name], 0, live))
            assert got == fresh[name][:live], (name, rows)
