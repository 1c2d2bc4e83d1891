"""Route tables are data: first match wins, any route can be pinned, an unknown pin is an error."""
import pytest

from pyrite.graph.routes import Live, RouteError, candidates, pick
from pyrite.kernels import ids, kernel_id
from pyrite.ops import embedding, kv_cache, linear, norm, rope
from pyrite.ops.linear import LinearSpec


def lin(rows=0):
    return LinearSpec(64, 64, "q4gsw", 32, rows)


def test_rope_interleaved_only_when_asked():
    assert pick("rope", rope.ROUTES, rope.RopeSpec("r", True, 8)).name == "interleaved"
    assert pick("rope", rope.ROUTES, rope.RopeSpec("r", False, 8)).name == "rotate_half"


def test_override_pins_a_route():
    assert pick("rope", rope.ROUTES, rope.RopeSpec("r", False, 8), overrides={"rope": "interleaved"}).name == "interleaved"


def test_unknown_override_names_the_family():
    with pytest.raises(RouteError, match="rope: no route named 'nope'"):
        pick("rope", rope.ROUTES, rope.RopeSpec("r", False, 8), overrides={"rope": "nope"})


@pytest.mark.parametrize("module", [embedding, kv_cache, norm, rope])
def test_every_route_has_a_generated_kernel_and_a_reason(module):
    have = set(ids())
    for route in module.ROUTES:
        assert kernel_id(module.FAMILY, route.variant) in have
        assert route.reason


def test_every_linear_route_exists_for_every_format():
    have = set(ids())
    for fmt in linear.FORMATS:
        for route in linear.ROUTES:
            quads = linear.tile(route.variant).coop and linear.tile(route.variant).rn % 4 == 0
            kind = "qkv_rope" if quads else ""  # the quad coop tiles exist for the rotating kernel alone
            pass_ = "part" if linear.tile(route.variant).split else ""  # a split tile's first kernel
            assert linear.tile_kernel(fmt, kind, route.variant, pass_) in have and route.reason


def test_candidates_are_all_rows_or_the_pinned_one():
    assert [r.name for r in candidates("linear", linear.ROUTES, {"linear": "tiled"})] == ["tiled"]
    assert [r.name for r in candidates("linear", linear.ROUTES)] == [
        "gemv_coop_sg_splitk", "gemv_coop_splitk", "gemv_coop4_sg_splitk", "gemv_coop4_splitk",
        "gemv_coop_sg", "gemv_coop", "gemv_coop4_sg", "gemv_coop4", "gemm_coop_sg_splitk", "gemm_coop_splitk",
        "gemm_coop4_sg_splitk", "gemm_coop4_splitk", "gemm_coop_sg", "gemm_coop", "gemm_coop4_sg",
        "gemm_coop4", "gemv_vec", "small_m8_vec_wide", "small_m2_vec", "small_m4_vec", "small_m8_vec",
        "small_m16_vec", "gemv_xwide",
        "gemv_wide", "gemv", "gemm_bk64", "gemm", "wide", "tiled"]
    with pytest.raises(RouteError):
        candidates("linear", linear.ROUTES, {"linear": "fast"})


@pytest.mark.parametrize("module,prefix", [(embedding, "embedding_"), (kv_cache, "kv_cache_"), (rope, "rope_")])
def test_grid_workgroup_sizes_match_the_kernels(module, prefix):
    """Grids divide by the handler's WG: it must be the generated kernels' @workgroup_size."""
    from pyrite import kernels
    sizes = {kernels.get(k).workgroup_size for k in ids() if k.startswith(prefix)}
    assert sizes == {(module.WG, 1, 1)}
