"""sdpa and attention dispatch math and route predicates, no GPU."""
import dataclasses

import pytest

from pyrite.gpu.null import DEFAULT_LIMITS
from pyrite.graph.routes import Live, pick
from pyrite.kernels import get
from pyrite.models.config import PRESETS
from pyrite.ops import attention, sdpa
from pyrite.ops.sdpa import SdpaSpec

SMOL = SdpaSpec(Hq=9, Hkv=3, D=64, max_ctx=2048, max_seq=128)


@pytest.mark.parametrize("kv,want", [(1, 1), (64, 1), (65, 2), (512, 8), (1024, 16), (4096, 16)])
def test_flash_splits_follow_the_cache_length(kv, want):
    assert sdpa.flash_splits(kv, 16, 64) == want
    assert sdpa.flash_splits(kv, 1, 64) == 1  # one_split


@pytest.mark.parametrize("kv,want", [(1, 1), (512, 1), (513, 2), (2048, 4), (8192, 16), (32768, 16)])
def test_the_cpu_class_splits_a_cache_in_few_long_chunks(kv, want):
    cpu = sdpa.split_policy("cpu", 9)
    assert sdpa.flash_splits(kv, cpu.max_splits, cpu.split_min) == want


@pytest.mark.parametrize("S,qt,want", [(1, 16, (1, 3, 1)), (16, 16, (3, 3, 1)), (17, 16, (4, 3, 1)),
                                       (2048, 32, (192, 3, 1))])
def test_stream_grid_tiles_the_rows_of_a_kv_head_group(S, qt, want):
    assert sdpa.stream_grid(S, SMOL, qt) == want  # S * G rows (G = 3) in tiles of qt, one y per KV head


def test_stream_kernels_match_their_route_and_head_dim():
    for variant, qt in sdpa.STREAM_TILES.items():
        for D, suffix in ((32, "d64"), (64, "d64"), (66, "d128"), (128, "d128"), (130, "d256"), (256, "d256")):
            k = get(sdpa.stream_kernel(variant, D))
            assert k.id.endswith(suffix) and k.params["QT"] == qt and k.workgroup_size == (qt, 1, 1)
            assert k.params["MAX_D"] >= D
    kt = get(sdpa.stream_kernel("stream_q16", 64)).params["KT"]  # keys per tile, as stream.yaml sets it
    assert sdpa.stream_workgroup_bytes("stream_q16", 64) == 2 * kt * 64 * 4
    assert sdpa.stream_workgroup_bytes("stream_q16", 100) == 2 * kt * 128 * 4
    assert set(sdpa.STREAM_TILES) == {r.variant for r in sdpa.ROUTES if r.name.startswith("stream")}


@pytest.mark.parametrize("variant,lanes", [("flash_split", 16), ("flash_split_w4", 4)])
def test_flash_split_runs_the_kernel_made_for_d_else_the_smallest_that_holds_it(variant, lanes):
    for D, suffix in ((32, "to64"), (64, "d64"), (68, "to128"), (128, "d128"), (132, "to256"), (256, "to256")):
        k = get(sdpa.flash_kernel(D, variant))
        assert k.id == f"sdpa_{variant}_{suffix}" and k.params["MAX_D"] >= D
        assert k.params["EXACT"] == suffix.startswith("d")  # made for D: no guard by D in its key loop
        assert k.workgroup_size == (lanes, 1, 1)
    # (max, sum) and D/2 output pairs per lane
    assert sdpa.flash_workgroup_bytes(64, variant) == lanes * 8 + lanes * 32 * 8
    assert sdpa.flash_workgroup_bytes(256, variant) == lanes * 8 + lanes * 128 * 8
    assert sdpa.FLASH_HEAD_DIMS[-1] == sdpa.STREAM_HEAD_DIMS[-1] == sdpa.MAX_D
    assert set(sdpa.FLASH_EXACT_DIMS) >= {c.head_dim for c in PRESETS.values() if c.head_dim >= 64}  # shipped models


def test_flash_decode_takes_head_dims_in_whole_vec4_steps():
    """The split kernel's registers hold 4 dims each: D = 66 decodes through materialized."""
    assert pick("sdpa", sdpa.ROUTES, SMOL, Live(1, 9)).name == "flash_decode"
    assert pick("sdpa", sdpa.ROUTES, dataclasses.replace(SMOL, D=66), Live(1, 9)).name == "materialized"


def test_flash_decode_guard_reads_the_head_dims_workgroup_memory():
    """A workgroup-storage limit that holds the cpu class's split kernel at D = 128: D = 64 runs flash,
    D = 256 falls back."""
    limit = sdpa.flash_workgroup_bytes(128, sdpa.CPU_SPLIT)
    tight = dataclasses.replace(DEFAULT_LIMITS, max_compute_workgroup_storage_size=limit)
    assert pick("sdpa", sdpa.ROUTES, SMOL, Live(1, 9), limits=tight).name == "flash_decode"
    wide = dataclasses.replace(SMOL, D=256)
    assert pick("sdpa", sdpa.ROUTES, wide, Live(1, 9), limits=tight).name == "materialized"


def test_materialized_blocks_keep_scores_within_budget_and_limit():
    assert sdpa.materialized_block(SMOL, 1 << 30) == 128          # all of max_seq in one block
    big = dataclasses.replace(SMOL, max_seq=2048)
    rows = sdpa.materialized_block(big, 1 << 30)
    assert rows * sdpa.score_row_bytes(big) <= sdpa.SCORES_BUDGET < (rows + 1) * sdpa.score_row_bytes(big)
    assert sdpa.materialized_block(big, 100_000) == 1               # a tiny limit: one row at a time


@pytest.mark.parametrize("live,options,want", [
    (Live(17, 0), {}, "stream_q16"), (Live(17, 0), {"sdpa_query_tile": 32}, "stream_q32"),
    (Live(1, 100), {}, "flash_decode"), (Live(1, 0), {"sdpa_query_tile": 32}, "flash_decode"),
    (Live(16, 100), {}, "flash_decode"), (Live(2, 0), {"sdpa_query_tile": 32}, "flash_decode")])
def test_sdpa_route_table(live, options, want):
    assert pick("sdpa", sdpa.ROUTES, SMOL, live, options=options).name == want


def test_sdpa_guards_select_the_fallback():
    tiles = sdpa.stream_workgroup_bytes("stream_q16", 64)  # d64's K and V tiles
    tight = dataclasses.replace(DEFAULT_LIMITS, max_compute_workgroup_storage_size=tiles - 4)
    assert pick("sdpa", sdpa.ROUTES, SMOL, Live(17, 0), limits=tight).name == "materialized"
    fits = dataclasses.replace(DEFAULT_LIMITS, max_compute_workgroup_storage_size=tiles)
    assert pick("sdpa", sdpa.ROUTES, SMOL, Live(17, 0), limits=fits).name == "stream_q16"
    few = dataclasses.replace(DEFAULT_LIMITS, max_compute_invocations_per_workgroup=16)
    assert pick("sdpa", sdpa.ROUTES, SMOL, Live(17, 0), limits=few, options={"sdpa_query_tile": 32}).name \
        == "materialized"
    assert pick("sdpa", sdpa.ROUTES, SMOL, Live(17, 0), limits=few).name == "stream_q16"


def test_attention_floor():
    def spec(rows, D=32):
        return attention.AttentionSpec(1, 1, rows, 4096, D, False)
    assert pick("attention", attention.ROUTES, spec(attention.OCCUPANCY_FLOOR - 1)).name == "qk_entry"
    assert pick("attention", attention.ROUTES, spec(attention.OCCUPANCY_FLOOR)).name == "qk_row"
    assert pick("attention", attention.ROUTES, spec(attention.OCCUPANCY_FLOOR, D=6)).name == "qk_entry"


def test_every_route_has_a_reason():
    assert all(r.reason for r in (*sdpa.ROUTES, *attention.ROUTES))
