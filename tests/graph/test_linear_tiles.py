"""The linear tiles as data: their geometry comes from linear.yaml through the registry, their grids and
workgroup storage are pure functions, and every route predicate is tested on both sides (live rows,
the linear_prefill option, K against the GEMM's step, a lowered workgroup-storage limit)."""
import dataclasses

import pytest

from pyrite import kernels
from pyrite.gpu.null import DEFAULT_LIMITS
from pyrite.graph.routes import Live, RouteError, pick
from pyrite.ops import linear
from pyrite.ops.linear import LinearSpec, Tile, tile

NAMES = ("m1_vec", "m2_vec", "m4_vec", "m8_vec", "m8_vec_wide", "m16_vec", "m1", "m1_wide", "m1_xwide", "m8", "wide", "gemm", "gemm_bk64", "coop", "coop_sg", "coop4", "coop4_sg",
         "coop_k", "coop_sg_k", "coop4_k", "coop4_sg_k", "coop_m8", "coop_sg_m8", "coop4_m8", "coop4_sg_m8",
         "coop_k_m8", "coop_sg_k_m8", "coop4_k_m8", "coop4_sg_k_m8")
KINDS = ("", "qkv", "qkv_rope", "gate_up")
WORKGROUP = {"linear_prefill": "workgroup"}


def spec(K=576, rows=0, N=576, paired=False):
    return LinearSpec(N, K, "q4gsw", 32, rows, paired)


def route(M, K=576, options=None, limits=DEFAULT_LIMITS, rows=0, N=576, paired=False):
    return pick("linear", linear.ROUTES, spec(K, rows, N, paired), Live(M, 0), options=options, limits=limits).name


def test_tiles_are_read_from_the_manifest():
    assert tile("m1_vec") == Tile("m1_vec", 8, 1, 32)
    assert tile("m1") == Tile("m1", 4, 1, 64)
    assert tile("m1_wide") == Tile("m1_wide", 8, 1, 64)
    assert tile("m1_xwide") == Tile("m1_xwide", 16, 1, 64)
    assert tile("m8") == Tile("m8", 4, 8, 64)
    assert tile("wide") == Tile("wide", 16, 8, 64)
    assert tile("gemm") == Tile("gemm", 4, 8, 64, wgm=4, bk=16)
    assert tile("gemm_bk64").bk == 64


@pytest.mark.parametrize("name", NAMES)
def test_every_format_and_kind_shares_the_tile_and_its_workgroup_size(name):
    t = tile(name)
    kinds = KINDS if not t.coop else ("qkv_rope",) if t.rn % 4 == 0 else ("", "qkv", "gate_up")  # coop4: quads
    for fmt in linear.FORMATS:
        for kind in kinds:  # a split tile: its part kernel, and the sum kernel it runs after
            ids = [linear.tile_kernel(fmt, kind, name, "part"), linear.tile_kernel(fmt, kind, t.sum_name, "sum")] \
                if t.split else [linear.tile_kernel(fmt, kind, name)]
            for kid in ids:
                k = kernels.get(kid)
                assert k.workgroup_size == (t.wg, 1, 1)
                assert (k.params["RN"], k.params["TM"], k.params["WGM"], k.params["BK"]) == (t.rn, t.tm, t.wgm, t.bk)


def test_every_route_names_a_tile_and_has_a_reason():
    assert {r.variant for r in linear.ROUTES} == set(NAMES)
    assert all(r.reason for r in linear.ROUTES)


def test_grids_cover_columns_and_tokens():
    assert tile("m1").grid(144, 1) == (3, 1, 1)           # 576 rows / 4 per invocation, 64 per workgroup
    assert tile("m8").grid(144, 9) == (3, 2, 1)
    assert tile("wide").grid(36, 64) == (1, 8, 1)         # 576 rows / 16
    assert tile("gemm").grid(144, 33) == (9, 2, 1)        # 16 columns x 32 tokens per workgroup
    assert tile("gemm_bk64").grid(144, 32) == (9, 1, 1)


def test_workgroup_storage_of_the_gemms():
    assert tile("gemm").workgroup_bytes == 4 * 16 * (64 + 32) == 6144
    assert tile("gemm_bk64").workgroup_bytes == 24576
    assert tile("wide").workgroup_bytes == 0


def test_decode_takes_the_vec_gemv_where_rows_pair():
    assert route(1, paired=True) == route(1, N=151936, paired=True) == route(5, rows=1, paired=True) == "gemv_vec"
    assert route(2, paired=True) == "small_m2_vec" and route(17, paired=True) == "wide"
    assert route(2) == "tiled" and route(8) == "wide"  # unpaired rows: the register tiles


def test_a_wide_projection_of_five_to_eight_rows_takes_sixteen_rows_an_invocation():
    assert tile("m8_vec_wide") == Tile("m8_vec_wide", 16, 8, 16)
    assert [route(m, N=960, paired=True) for m in (4, 5, 8, 9)] == ["small_m4_vec", "small_m8_vec_wide",
                                                                  "small_m8_vec_wide", "small_m16_vec"]
    assert route(8, N=576, paired=True) == "small_m8_vec_wide"  # o_proj and down: 36 invocations, 3 workgroups
    assert route(8, N=511, paired=True) == "small_m8_vec"  # N/16 in workgroups of 16 would leave a core idle
    assert route(8, N=960) == "wide"  # unpaired rows
    assert route(1, N=4096) == "gemv_xwide"  # unpaired rows: the word-loading GEMVs


def test_a_pinned_vec_gemv_on_unpaired_rows_is_refused():
    with pytest.raises(RouteError, match="gemv_vec"):
        pick("linear", linear.ROUTES, spec(), Live(1, 0), overrides={"linear": "gemv_vec"})


def test_decode_routes_by_n():
    assert route(1, N=1023) == "gemv"
    assert route(1, N=1024) == route(1, N=2047) == "gemv_wide"
    assert route(1, N=2048) == route(1, N=49152) == "gemv_xwide"
    assert route(2, N=4096) == "tiled"


def test_routes_by_live_rows():
    assert route(1) == "gemv"
    assert route(2) == route(7) == "tiled"
    assert route(8) == route(512) == "wide"
    assert route(7, rows=1) == "gemv"  # fixed rows win over live


def test_workgroup_gemm_only_when_asked_and_from_32_rows():
    assert route(64) == "wide"
    assert route(32, options=WORKGROUP) == "gemm_bk64"
    assert route(31, options=WORKGROUP) == "wide"
    assert route(1, options=WORKGROUP) == "gemv"


def test_k_off_the_step_falls_back():
    assert route(64, K=576, options=WORKGROUP) == "gemm_bk64"   # 576 = 9 x 64
    assert route(64, K=560, options=WORKGROUP) == "gemm"        # 560 = 35 x 16, not a multiple of 64
    assert route(64, K=552, options=WORKGROUP) == "wide"        # 552: not a multiple of 16


def test_lowered_workgroup_storage_forces_the_fallback():
    lower = dataclasses.replace(DEFAULT_LIMITS, max_compute_workgroup_storage_size=16384)
    assert route(64, options=WORKGROUP, limits=lower) == "gemm"
    lowest = dataclasses.replace(DEFAULT_LIMITS, max_compute_workgroup_storage_size=4096)
    assert route(64, options=WORKGROUP, limits=lowest) == "wide"


def test_a_pinned_gemm_that_does_not_fit_is_refused():
    lowest = dataclasses.replace(DEFAULT_LIMITS, max_compute_workgroup_storage_size=4096)
    with pytest.raises(RouteError, match="does not fit"):
        pick("linear", linear.ROUTES, spec(), Live(64, 0), overrides={"linear": "gemm"}, limits=lowest)


def test_an_unknown_prefill_mode_is_refused_naming_the_option():
    from pyrite.graph.options import OptionError, Options
    with pytest.raises(OptionError, match="linear_prefill='gpu' is not allowed"):
        Options({"linear_prefill": "gpu"})



def test_a_tile_needs_subgroups_exactly_where_its_kernels_declare_them():
    """Route predicates read Tile.subgroups (the manifest's SG); the device checks the kernel's declared
    features (its `enable subgroups;`, in the registry) before making it: the two must agree."""
    assert any(tile(name).subgroups for name in NAMES) and not all(tile(name).subgroups for name in NAMES)
    for entry in kernels.entries("linear"):
        assert list(kernels.get(entry.id).features) == (["subgroups"] if entry.params["SG"] else []), entry.id
