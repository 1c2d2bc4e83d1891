"""The register tiles differ only in which rows an invocation owns, not in the order a row is summed:
wide gives m8's bits and gemv_wide and gemv_xwide gemv's, so switching prefill tiles, or among those
decode tiles, leaves the model's logits bit-for-bit as they were. The workgroup GEMMs dequantize first
and the vec GEMV sums a chunk at a time: they may differ in the last bits (their numpy agreement is in
cases.py). A model's decode linears do not switch between gemv_vec and the others: the route depends
on the weights (their rows pair) and one live row, never on the position."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from pyrite.ops.single import run_case
from pyrite.sync import run_sync

from .cases import FORMATS, linear_case

pytestmark = pytest.mark.gpu


def ran(device, case, route):
    case.overrides = {"linear": route}
    outputs, attest = run_sync(run_case(device, case))
    assert {a["route"] for a in attest} == {route}
    return outputs["y"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_register_tiles_give_the_same_bits(device, fmt):
    prefill, _ = linear_case(np.random.default_rng(1), fmt, 12, 100, 128, bias=True)
    assert ran(device, prefill, "wide") == ran(device, prefill, "tiled")
    decode, _ = linear_case(np.random.default_rng(2), fmt, 1, 100, 128, bias=True)
    assert ran(device, decode, "gemv_wide") == ran(device, decode, "gemv") == ran(device, decode, "gemv_xwide")


@pytest.mark.parametrize("fmt", [f for f in FORMATS if f != "f32"])  # the vec GEMV's formats: rows that pair
def test_a_small_s_tile_gives_each_row_the_vec_gemvs_bits(device, fmt):
    """A multi-token forward's linears (graph/multistep.py) sum every row in gemv_vec's order: row i of S
    equals a decode step of row i alone, bit for bit, at every small-S tile."""
    N, K = 96, 128
    for S, route in ((2, "small_m2_vec"), (3, "small_m4_vec"), (6, "small_m8_vec"), (13, "small_m16_vec")):
        case, _ = linear_case(np.random.default_rng(S), fmt, S, N, K, bias=True)
        rows = ran(device, case, route)
        x = case.inputs["x"]
        for i in range(S):
            one = dataclasses.replace(case, inputs={**case.inputs, "x": x[i * K * 4:(i + 1) * K * 4]},
                                      outputs={"y": N * 4}, seq_len=1)
            assert ran(device, one, "gemv_vec") == rows[i * N * 4:(i + 1) * N * 4], (S, i)
