"""Route levels as data on the null device: a projection chooses fusion -> tile -> norm placement, each
level on both sides of its predicate, from one Context; the attestation names every level; a pin by
family pins a level wherever its table appears; a switch is atomic and compiles only what runs."""
from __future__ import annotations

import dataclasses

import pytest

from pyrite.gpu.null import DEFAULT_LIMITS, null_device
from pyrite.graph.plan import Live, Plan
from pyrite.graph.routes import RouteError
from pyrite.ops import linear as lin
from pyrite.ops.linear import linear
from pyrite.ops.projection import FUSED_TILES, NORM_FAMILY, PLACEMENTS, Members, project

from .test_projection_plans import packed, plan_and_buffers, qkv, vec, weight

WORKGROUP = {"linear_prefill": "workgroup"}


def fused_qkv(overrides=None, limits=DEFAULT_LIMITS, sizes=(64, 32, 32), K=64):
    device = null_device(limits)
    plan, b = plan_and_buffers(device)
    plan = Plan(device, "t", dict(overrides or {}), max_rows=64)
    qkv(plan, b, packed(device, sizes=sizes, K=K), vec(device, "g", K))
    return plan


def ran(plan, live, **options):
    for name, value in {"projection_norm": "folded", "linear_prefill": "register", **options}.items():
        plan.options[name] = value
    plan.run(live)
    (row,) = plan.attest()
    return row["route"], row["kernel"]


def test_the_tile_level_follows_the_live_rows():
    plan = fused_qkv()
    assert ran(plan, Live(1, 0)) == ("qkv_fused/gemv_vec/norm_folded", "linear_q4gsw_qkv_norm_m1_vec")
    assert ran(plan, Live(2, 0)) == ("qkv_fused/small_m2_vec/norm_folded", "linear_q4gsw_qkv_norm_m2_vec")
    assert ran(plan, Live(7, 0)) == ("qkv_fused/small_m8_vec/norm_folded", "linear_q4gsw_qkv_norm_m8_vec")
    assert ran(plan, Live(16, 0)) == ("qkv_fused/small_m16_vec/norm_folded", "linear_q4gsw_qkv_norm_m16_vec")
    assert ran(fused_qkv({"qkv": "qkv_fused"}), Live(17, 0)) == ("qkv_fused/wide/norm_folded",
                                                                 "linear_q4gsw_qkv_norm_wide")
    assert ran(plan, Live(1, 17)) == ("qkv_fused/gemv_vec/norm_folded", "linear_q4gsw_qkv_norm_m1_vec")


def test_the_cpu_class_splits_a_prefills_projection_and_the_gpu_class_fuses_it():
    """projection.fused_rows: past a multi-token forward's 16 rows the cpu class runs every member on the
    plain tile (one kernel to compile, not a fused one per kind); the gpu class keeps the fused kernel."""
    plan = fused_qkv()
    assert ran(plan, Live(17, 0)) == ("qkv_split/wide+wide+wide", "norm_rms+linear_q4gsw_wide")
    assert ran(plan, Live(1, 17)) == ("qkv_fused/gemv_vec/norm_folded", "linear_q4gsw_qkv_norm_m1_vec")
    route, _ = ran(plan, Live(17, 0), adapter_class="gpu")
    assert route.startswith("qkv_fused/")


def test_a_short_prompt_chunk_runs_the_prefills_tiles_and_a_forward_of_its_rows_the_small_ones():
    """Live.prefill: a prompt's chunk of 2-16 rows (a chat's next turn) need not sum as decode does, so the
    cpu class splits it onto the plain tiles a load compiles (wide from 8 rows, m8 below) instead of the
    small fused ones a verify's rows need; one row is decode's step; the gpu class keeps its rule."""
    plan = fused_qkv()
    assert ran(plan, Live(16, 0, prefill=True)) == ("qkv_split/wide+wide+wide", "norm_rms+linear_q4gsw_wide")
    assert ran(plan, Live(8, 0, prefill=True)) == ("qkv_split/wide+wide+wide", "norm_rms+linear_q4gsw_wide")
    assert ran(plan, Live(7, 0, prefill=True)) == ("qkv_split/tiled+tiled+tiled", "norm_rms+linear_q4gsw_m8")
    assert ran(plan, Live(1, 0, prefill=True)) == ran(plan, Live(1, 0))
    assert ran(plan, Live(16, 0)) == ("qkv_fused/small_m16_vec/norm_folded", "linear_q4gsw_qkv_norm_m16_vec")
    assert ran(plan, Live(7, 0, prefill=True), adapter_class="gpu") == ran(plan, Live(7, 0), adapter_class="gpu")


def test_the_norm_level_follows_the_option_and_the_tile():
    plan = fused_qkv({"qkv": "qkv_fused"})  # the cpu class's prefill would split it
    assert ran(plan, Live(5, 0), projection_norm="dispatch") == ("qkv_fused/small_m8_vec/norm_dispatch",
                                                                 "norm_rms+linear_q4gsw_qkv_m8_vec")
    # a workgroup GEMM cannot fold the norm: it runs first whatever the option says
    assert ran(plan, Live(33, 0), **WORKGROUP) == ("qkv_fused/gemm_bk64/norm_dispatch", "norm_rms+linear_q4gsw_qkv_gemm_bk64")
    assert ran(plan, Live(31, 0), **WORKGROUP) == ("qkv_fused/wide/norm_folded", "linear_q4gsw_qkv_norm_wide")


def test_the_norm_level_follows_the_storage_buffer_limit():
    """qkv without rope binds x, q, scale, bias and three outputs: 7, 8 with the gain folded in."""
    seven = dataclasses.replace(DEFAULT_LIMITS, max_storage_buffers_per_shader_stage=7)
    assert ran(fused_qkv(limits=seven), Live(1, 0)) == ("qkv_fused/gemv_vec/norm_dispatch",
                                                        "norm_rms+linear_q4gsw_qkv_m1_vec")
    eight = dataclasses.replace(seven, max_storage_buffers_per_shader_stage=8)
    assert ran(fused_qkv(limits=eight), Live(1, 0)) == ("qkv_fused/gemv_vec/norm_folded", "linear_q4gsw_qkv_norm_m1_vec")


def test_the_fusion_level_follows_the_storage_buffer_limit():
    six = dataclasses.replace(DEFAULT_LIMITS, max_storage_buffers_per_shader_stage=6)
    route, kernel = ran(fused_qkv(limits=six), Live(3, 0))
    assert route == "qkv_split/small_m4_vec+small_m4_vec+small_m4_vec" and kernel == "norm_rms+linear_q4gsw_m4_vec"


def test_split_members_choose_their_own_tiles():
    """2048 q rows and 64-row k, v members of an f32 tensor (no vec GEMV): each member's table picks by its N."""
    plan = fused_qkv({"qkv": "qkv_split"}, sizes=(2048, 64, 64))
    assert ran(plan, Live(1, 0))[0] == "qkv_split/gemv_vec+gemv_vec+gemv_vec"
    device = null_device()
    p, b = plan_and_buffers(device)
    p = Plan(device, "t", {"qkv": "qkv_split"}, max_rows=8)
    w = weight(device, "qkv.weight", (2048 + 128, 64), "f32")
    qkv(p, b, Members.of_packed(w, None, ("q", "k", "v"), (2048, 64, 64)), vec(device, "g", 64))
    route, kernel = ran(p, Live(1, 0))
    assert route == "qkv_split/gemv_xwide+gemv+gemv" and kernel == "norm_rms+linear_f32_m1_xwide+linear_f32_m1"


@pytest.mark.parametrize("pin", ["gemv_wide", "tiled"])
def test_a_linear_pin_pins_the_tile_of_linears_fused_and_split_projections(pin):
    device = null_device()
    _, b = plan_and_buffers(device)
    tile = {"gemv_wide": "m1_wide", "tiled": "m8"}[pin]
    for overrides, route, kernel in (
            ({"linear": pin}, f"qkv_fused/{pin}/norm_folded", f"linear_q4gsw_qkv_norm_{tile}"),
            ({"linear": pin, "qkv": "qkv_split"}, f"qkv_split/{pin}+{pin}+{pin}", f"norm_rms+linear_q4gsw_{tile}"),
            ({"linear": pin, NORM_FAMILY: "norm_dispatch"}, f"qkv_fused/{pin}/norm_dispatch",
             f"norm_rms+linear_q4gsw_qkv_{tile}")):
        plan = Plan(device, "t", overrides, max_rows=8)
        qkv(plan, b, packed(device), vec(device, "g", 64))
        linear(plan, "lin", b["x"], weight(device, "w", (64, 64)), b["y"], dummy=b["dummy"])
        plan.run(Live(1, 0))  # decode: unpinned, the vec GEMV
        rows = {r["op"]: r for r in plan.attest()}
        assert (rows["qkv"]["route"], rows["qkv"]["kernel"]) == (route, kernel)
        assert (rows["lin"]["route"], rows["lin"]["kernel"]) == (pin, f"linear_q4gsw_{tile}")


def test_a_pinned_level_that_does_not_fit_is_refused_at_its_first_selection():
    """A sub-table is made when the row above it is first chosen (Level.steps): a pin that cannot hold
    is refused there, before anything is dispatched, and the plan chooses again at its next run."""
    device = null_device()
    _, b = plan_and_buffers(device)
    m = Members.of_packed(weight(device, "gate_up.weight", (142, 64)), None, ("gate", "up"), (71, 71))
    plan = Plan(device, "t", {"linear": "gemv_vec"})
    project(plan, "ffn", "gate_up", b["x"], vec(device, "g", 64), m, (b["y"],), h=b["h"], eps=1e-5,
            dummy=b["dummy"], scratch=b["up"])
    plans = [plan, fused_qkv({NORM_FAMILY: "norm_folded", "linear": "gemm"}), fused_qkv({NORM_FAMILY: "folded"})]
    errors = ["pinned route 'gemv_vec' does not fit",  # odd gate rows do not pair
              "pinned route 'norm_folded' does not fit", f"{NORM_FAMILY}: no route named 'folded'"]
    for plan, error in zip(plans, errors):
        for _ in range(2):
            with pytest.raises(RouteError, match=error):
                plan.run(Live(1, 0))
        assert not plan.device.submitted


def test_a_switch_runs_one_leaf_and_compiles_only_what_ran():
    plan = fused_qkv({"qkv": "qkv_fused"})
    node = plan.nodes[0]
    ran(plan, Live(1, 0))
    assert [launch.kernel for launch, _ in node.picked] == ["linear_q4gsw_qkv_norm_m1_vec"]
    ran(plan, Live(17, 0), projection_norm="dispatch")
    assert [launch.kernel for launch, _ in node.picked] == ["norm_rms", "linear_q4gsw_qkv_wide"]
    assert sorted(plan.device.pipelines_made()) == ["linear_q4gsw_qkv_norm_m1_vec", "linear_q4gsw_qkv_wide", "norm_rms"]
    assert len(node.made) == 3  # one pipeline and bind group per launch that ran


def test_the_fused_tile_table_is_the_linear_table_with_the_norm_placement_under_each_row():
    assert [(r.name, r.variant, r.when, r.fits, r.reason) for r in FUSED_TILES] == \
        [(r.name, r.variant, r.when, r.fits, r.reason) for r in lin.ROUTES]
    assert [r.name for r in PLACEMENTS] == ["norm_folded", "norm_dispatch"] and all(r.reason for r in PLACEMENTS)
    level = fused_qkv().nodes[0].root  # qkv_fused -> its tile level -> each tile's placement level
    fused, split = level.routes
    (tiles,) = level.steps(fused)
    assert (fused.name, split.name, tiles.family) == ("qkv_fused", "qkv_split", "linear")
    # a CPU adapter has every row but the gpu class's coop GEMVs
    assert [r.name for r in tiles.routes] == [r.name for r in lin.ROUTES if not lin.tile(r.variant).coop]
    placements = [tiles.steps(r)[0] for r in tiles.routes]
    assert {p.family for p in placements} == {NORM_FAMILY} and all(isinstance(p.spec.tile, lin.Tile) for p in placements)
    # a GEMM's placement level holds only the dispatch row: the folded one does not fit it
    assert {r.name: [q.name for q in p.routes] for r, p in zip(tiles.routes, placements)}["gemm"] == ["norm_dispatch"]
