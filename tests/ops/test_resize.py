"""Resize: one built plan, run at changing live row counts, gives at each exactly what a fresh build
gives (native), and runs the route and kernels a fresh build picks there (the attestation). The
immutable controls (has_bias, the views' offsets, eps) are written once at build; a resize rewrites
only the step uniform, the routes and the grids. The sizes cross every linear tile (m1, the small-S
vec tiles, wide, and the workgroup GEMMs with linear_prefill=workgroup)."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from pyrite.graph.options import Options
from pyrite.graph.plan import Live, Plan, storage
from pyrite.graph.registry import lookup
from pyrite.ops.single import run_case
from pyrite.sync import run_sync

from .cases import embedding_case, linear_case, projection_case

pytestmark = pytest.mark.gpu
SIZES = (40, 2, 9, 40, 1, 33, 7, 1, 3, 20)  # build at 40 rows; M, M2 < M, M3 > M2, M again, every tile
BUILT = 40
WORKGROUP = {"linear_prefill": "workgroup"}
SMALL = ("m2_vec", "m4_vec", "m8_vec", "m16_vec")  # a multi-token forward's (2-16 rows)
TILES = {False: ("m1_vec", *SMALL, "wide"), True: ("m1_vec", *SMALL, "wide", "gemm")}  # by WORKGROUP's presence


def built(device, case):
    bufs = {"dummy": storage(device, "dummy", 4)}
    for name, data in case.inputs.items():
        bufs[name] = storage(device, name, len(data))
        device.write_buffer(bufs[name], 0, data)
    for name, nbytes in case.outputs.items():
        bufs.setdefault(name, storage(device, name, nbytes))
    plan = Plan(device, case.op, dict(case.overrides), Options(case.options))
    lookup(case.op).case(plan, bufs, case.attrs)
    return plan, bufs


def check_rows(device, bufs, name, nbytes, rows, want):
    live = nbytes // BUILT * rows  # outputs are [BUILT, N]: the first `rows` rows are live
    got = run_sync(device.read_buffer(bufs[name], 0, live))
    assert got == want[:live], (name, rows)


@pytest.mark.parametrize("options", [{}, WORKGROUP], ids=["register", "workgroup"])
@pytest.mark.parametrize("make", [
    lambda rng: linear_case(rng, "q4a", BUILT, 44, 64, bias=True),
    lambda rng: projection_case(rng, "qkv", "q8gsw", BUILT, (64, 32, 32), 96, bias=True),
    lambda rng: projection_case(rng, "gate_up", "q4gsw", BUILT, (36, 36), 64, bias=True),
], ids=["linear_bias", "qkv_bias", "gate_up_bias"])
def test_ten_resizes_equal_fresh_builds(device, make, options):
    case, _ = make(np.random.default_rng(5))
    case.options = options
    plan, bufs = built(device, case)
    kernels = set()
    for rows in SIZES:
        plan.run(Live(rows, 0))
        fresh, fresh_routes = run_sync(run_case(device, dataclasses.replace(case, seq_len=rows)))
        assert plan.attest() == fresh_routes, rows
        kernels.add(plan.attest()[0]["kernel"])
        for name, nbytes in case.outputs.items():
            check_rows(device, bufs, name, nbytes, rows, fresh[name])
    assert len(kernels) == len(TILES[bool(options)]), kernels  # every tile ran
    assert all(any(tile in k for k in kernels) for tile in TILES[bool(options)]), kernels


def test_a_tied_table_serves_the_gather_and_the_head_across_resizes(device):
    """One q4gsw table read by the embedding gather and, as the tied lm_head, by the linear: pyrite has
    one nibble layout for both, so the table is uploaded once and both ops keep agreeing with fresh
    builds through ten resizes."""
    rng = np.random.default_rng(9)
    gather, _ = embedding_case(rng, "q4gsw", 53, 64, BUILT)
    head, _ = linear_case(rng, "q4gsw", BUILT, 53, 64)
    head.inputs = {**head.inputs, **{k: v for k, v in gather.inputs.items() if k.startswith("w.")}}
    plan, bufs = built(device, gather)
    for name, data in head.inputs.items():
        if name not in bufs:
            bufs[name] = storage(device, name, len(data))
            device.write_buffer(bufs[name], 0, data)
    bufs["y"] = storage(device, "y", head.outputs["y"])
    lookup("linear").case(plan, bufs, head.attrs)
    for rows in SIZES:
        plan.run(Live(rows, 0))
        ran = plan.attest()
        for case, out in ((gather, "out"), (head, "y")):
            fresh, fresh_routes = run_sync(run_case(device, dataclasses.replace(case, seq_len=rows)))
            assert [r for r in ran if r["family"] == fresh_routes[0]["family"]] == fresh_routes, rows
            check_rows(device, bufs, out, case.outputs[out], rows, fresh[out])
