"""The register tiles differ only in which rows an invocation owns, not in the order a row is summed:
wide gives m8's bits and gemv_wide and gemv_xwide gemv's, so switching prefill tiles, or among those
decode tiles, leaves the model's logits bit-for-bit as they were. The workgroup GEMMs dequantize first
and the vec GEMV sums a chunk at a time: they may differ in the last bits (their numpy agreement is in
cases.py). A model's decode linears do not switch between gemv_vec and the others: the route depends
on the weights (their rows pair) and one live row, never on the position."""
from __future__ import annotations

import numpy as np
import pytest

from pyrite.ops.single import run_case
from pyrite.sync import run_sync

from .cases import FORMATS, linear_case, row_bytes, row_pairs

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


def each_row_as_decode(device, fmt: str, S: int, small: str, decode: str, options: dict) -> None:
    """Row i of an S-row linear on route `small` has the bits of route `decode` on row i alone."""
    rows_case, one_cases = row_pairs(fmt, S, small, decode, options)
    rows = ran(device, rows_case, small)
    for i, one in enumerate(one_cases):
        assert ran(device, one, decode) == row_bytes(rows, one, i), (small, S, i)


@pytest.mark.parametrize("fmt", [f for f in FORMATS if f != "f32"])  # the vec GEMV's formats: rows that pair
def test_a_small_s_tile_gives_each_row_the_vec_gemvs_bits(device, fmt):
    """A multi-token forward's linears (graph/multistep.py) sum every row in gemv_vec's order: row i of S
    equals a decode step of row i alone, bit for bit, at every small-S tile."""
    for S, route in ((2, "small_m2_vec"), (3, "small_m4_vec"), (6, "small_m8_vec"), (7, "small_m8_vec_wide"),
                     (13, "small_m16_vec")):
        each_row_as_decode(device, fmt, S, route, "gemv_vec", {})


@pytest.mark.parametrize("small,decode", [("gemm_coop", "gemv_coop"), ("gemm_coop_sg", "gemv_coop_sg"),
                                          ("gemm_coop_splitk", "gemv_coop_splitk"),
                                          ("gemm_coop_sg_splitk", "gemv_coop_sg_splitk")])
def test_the_gpu_classs_token_tiles_give_each_row_its_gemvs_bits(device, small, decode):
    """The gpu class's routes for 2-16 rows (its coop tiles at 8 tokens a token tile, split K as decode
    splits it where decode does) sum each row as the coop GEMV does: on this adapter, by option."""
    if "_sg" in small and "subgroups" not in device.features:
        pytest.skip("the adapter has no subgroups")
    for S in (3, 11):  # one token tile, and two
        each_row_as_decode(device, "q4gsw", S, small, decode, {"adapter_class": "gpu"})


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_register_tiles_give_each_row_the_word_gemvs_bits(device, fmt):
    """Order "word": tiled and wide sum each row as gemv does (a forward after a measured word GEMV)."""
    each_row_as_decode(device, fmt, 3, "tiled", "gemv", {})
    each_row_as_decode(device, fmt, 9, "wide", "gemv", {})
