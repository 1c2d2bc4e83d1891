"""A multi-token forward's linears in the page (Pyodide + navigator.gpu): each row of the small-S route
has the bits of the decode route on that row alone, as natively (tests/ops/test_tile_bits_native.py): the
cpu class's vec tiles, and the gpu class's coop tiles (plain and split K) by option."""
from __future__ import annotations

import base64

import pytest

from ops.cases import row_bytes, row_pairs

pytestmark = pytest.mark.browser
GPU = {"adapter_class": "gpu"}
PAIRS = [("q4a", 2, "small_m2_vec", "gemv_vec", {}), ("q8gsw", 6, "small_m8_vec", "gemv_vec", {}),
         ("q4a", 7, "small_m8_vec_wide", "gemv_vec", {}),
         ("q4gsw", 13, "small_m16_vec", "gemv_vec", {}), ("q4gsw", 3, "gemm_coop", "gemv_coop", GPU),
         ("q4gsw", 11, "gemm_coop_splitk", "gemv_coop_splitk", GPU)]


def test_each_row_of_a_forward_has_a_decode_steps_bits_in_the_page(session, loaded):
    for fmt, S, small, decode, options in PAIRS:
        rows_case, ones = row_pairs(fmt, S, small, decode, options)
        answers = session.run_cases([c.to_json() for c in (rows_case, *ones)])
        assert [{a["route"] for a in answer["attest"]} for answer in answers] == [{small}] + [{decode}] * S
        rows = base64.b64decode(answers[0]["outputs"]["y"])
        for i, (one, answer) in enumerate(zip(ones, answers[1:])):
            assert base64.b64decode(answer["outputs"]["y"]) == row_bytes(rows, one, i), (small, S, i)
