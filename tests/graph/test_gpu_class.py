"""The adapter class on the null device (no GPU): software adapters are the cpu class and keep the
CPU-measured routes; on a modeled discrete GPU (with and without subgroups) decode takes the coop
GEMVs, and every decode linear of every shipped geometry launches >= 256 workgroups (splitting K where
its columns alone are fewer, then a sum pass)."""
from __future__ import annotations

import dataclasses

import pytest

from pyrite.errors import OptionError
from pyrite.gpu import AdapterInfo
from pyrite.gpu.adapter_class import classify
from pyrite.gpu.null import DEFAULT_FEATURES, DEFAULT_LIMITS, GPU_LIMITS, null_device
from pyrite.graph.grids import grid_folded, k_splits
from pyrite.graph.options import Options
from pyrite.graph.routes import Live, RouteError, pick
from pyrite.kernels import get
from pyrite.models.config import PRESETS
from pyrite.ops import linear, sdpa
from pyrite.ops.linear import LinearSpec

from .test_null_plans import SECTIONS, build

SHIPPED = ("smollm2-135m", "qwen2.5-0.5b", "qwen3-0.6b", "llama-3.2-1b")
GPU_MIN_WORKGROUPS = linear.GPU_MIN_WORKGROUPS


@pytest.mark.parametrize("info, cls", [
    (dict(vendor="Google", architecture="swiftshader", description="SwiftShader Device (Subzero)"), "cpu"),
    (dict(vendor="llvmpipe", device="llvmpipe (LLVM 15.0.6, 256 bits)"), "cpu"),
    (dict(vendor="mesa", device="lavapipe"), "cpu"),
    (dict(description="Microsoft Basic Render Driver"), "cpu"),
    (dict(vendor="nvidia", architecture="hopper", adapter_type="CPU"), "cpu"),
    (dict(vendor="apple", architecture="metal-3", fallback=True), "cpu"),
    (dict(vendor="nvidia", architecture="hopper", adapter_type="DiscreteGPU"), "gpu"),
    (dict(vendor="apple", architecture="metal-3"), "gpu"),
    (dict(vendor="qualcomm", architecture="adreno-7xx"), "gpu"),
    (dict(), "gpu"),
])
def test_the_class_is_read_from_the_adapter_info(info, cls):
    assert classify(**info) == cls
    assert AdapterInfo("browser", **info).adapter_class == cls


def test_the_option_overrides_the_class_and_refuses_unknown_values():
    assert build("tiny-llama").plan.adapter_class == "cpu"
    assert build("tiny-llama", options={"adapter_class": "gpu"}).plan.adapter_class == "gpu"
    gpu = null_device(GPU_LIMITS, adapter_type="DiscreteGPU")
    assert build("tiny-llama", device=gpu).plan.adapter_class == "gpu"
    with pytest.raises(OptionError, match="adapter_class='npu'"):
        Options({"adapter_class": "npu"})


def test_folded_grids_cover_every_column():
    assert grid_folded(288, 1) == (288, 1, 1)
    x, y, z = grid_folded(75968, 1)  # Qwen's 151936-row lm_head, two rows per workgroup
    assert (y, z) == (1, 2) and x * z >= 75968 and x <= 65535


@pytest.mark.parametrize("cols, words, want", [(240, 18, 2), (96, 18, 3), (256, 18, 1), (1000, 18, 1),
                                               (1, 18, 18), (1, 1, 1), (0, 4, 4)])
def test_k_splits_reach_256_workgroups_within_a_row(cols, words, want):
    assert k_splits(cols, words, GPU_MIN_WORKGROUPS) == want


def test_split_tiles_pair_a_part_and_a_sum_kernel():
    s = dataclasses.replace(spec(N=960), quads=True)
    t = linear.tile("coop4_sg_k")
    assert (t.split, t.sum_name, t.columns(960), s.splits(960)) == (True, "coop4_k", 240, 2)
    assert linear.tile("coop_k").columns(1536, paired=True) == 1536  # gate_up: a gate and an up row per column


def spec(N=576, K=576, fmt="q4gsw", gs=32, quads=False):
    return LinearSpec(N, K, fmt, gs, 0, N % 2 == 0, quads)


def gpu_route(s, live=Live(1, 0), features=DEFAULT_FEATURES, **kw):
    return pick("linear", linear.ROUTES, s, live, limits=GPU_LIMITS, features=features, adapter_class="gpu", **kw).name


def test_gpu_decode_takes_the_coop_gemvs_by_features_and_quads():
    assert gpu_route(spec()) == "gemv_coop_sg"
    assert gpu_route(spec(), features=DEFAULT_FEATURES - {"subgroups"}) == "gemv_coop"
    assert gpu_route(spec(N=1152, quads=True)) == "gemv_coop4_sg"  # Qwen2.5-0.5B's qkv: 288 quads
    assert gpu_route(spec(N=960, quads=True)) == "gemv_coop4_sg_splitk"  # SmolLM2's: 240 quads, K split
    assert gpu_route(spec(N=192)) == "gemv_coop_sg_splitk"  # 96 columns
    assert gpu_route(spec(N=192), features=DEFAULT_FEATURES - {"subgroups"}) == "gemv_coop_splitk"
    assert gpu_route(spec(fmt="f32", gs=0)) == "gemv_coop_sg"
    assert gpu_route(spec(K=584, gs=8)) == "gemv"  # K not in whole 16-byte words: the general GEMV
    assert gpu_route(spec(), live=Live(9, 0)) == "gemm_coop_sg"  # short prefill: the 8-token coop tiles
    assert gpu_route(spec(), live=Live(9, 0), features=DEFAULT_FEATURES - {"subgroups"}) == "gemm_coop"
    assert gpu_route(spec(N=1152, quads=True), live=Live(9, 0)) == "gemm_coop4_sg"
    assert gpu_route(spec(), live=Live(32, 0)) == "gemm_bk64"  # from 32 tokens: the workgroup GEMMs
    with pytest.raises(RouteError, match="gemv_vec"):  # the CPU-measured GEMVs are not built on a GPU
        gpu_route(spec(), overrides={"linear": "gemv_vec"})


@pytest.mark.parametrize("rows, want", [(2, "gemm_coop_sg"), (7, "gemm_coop_sg"), (8, "gemm_coop_sg"),
                                        (31, "gemm_coop_sg"), (32, "gemm_bk64"), (2048, "gemm_bk64")])
def test_gpu_prefill_takes_the_coop_tiles_then_the_workgroup_gemms_from_32_tokens(rows, want):
    assert gpu_route(spec(), live=Live(rows, 0)) == want
    small = dataclasses.replace(GPU_LIMITS, max_compute_workgroup_storage_size=16384)  # WebGPU's default
    assert pick("linear", linear.ROUTES, spec(), Live(rows, 0), limits=small, adapter_class="gpu").name == \
        want.replace("gemm_bk64", "gemm")
    register = Options({"linear_prefill": "register"})
    assert gpu_route(spec(), live=Live(rows, 0), options=register) == ("wide" if rows >= 8 else "tiled")
    workgroup = Options({"linear_prefill": "workgroup"})  # the GEMMs from 8 tokens, the coop tiles not
    assert gpu_route(spec(), live=Live(rows, 0), options=workgroup) == ("gemm_bk64" if rows >= 8 else "tiled")
    cpu = pick("linear", linear.ROUTES, spec(), Live(rows, 0), limits=GPU_LIMITS).name
    small = linear.small_tile(rows)  # the cpu class: the small-S vec tiles (paired rows), the register tiles past
    if small == "m8_vec" and spec().N >= linear.SMALL_WIDE_MIN_N:
        small = "m8_vec_wide"  # 5-8 rows, 16 rows an invocation
    assert cpu == (f"small_{small}" if small else "wide" if rows >= 8 else "tiled")


def test_cpu_decode_keeps_the_cpu_routes():
    for limits in (DEFAULT_LIMITS, GPU_LIMITS):
        assert pick("linear", linear.ROUTES, spec(), Live(1, 0), limits=limits).name == "gemv_vec"
    with pytest.raises(RouteError, match="gemv_coop"):
        pick("linear", linear.ROUTES, spec(), Live(1, 0), overrides={"linear": "gemv_coop"})


def decode(preset: str, device):
    m = build(preset, device=device)
    m.plan.run(Live(1, 7), SECTIONS)
    return m, m.device.submitted[-1]


@pytest.mark.parametrize("subgroups", [True, False], ids=["subgroups", "no-subgroups"])
@pytest.mark.parametrize("preset", SHIPPED)
def test_gpu_decode_of_every_shipped_geometry_fills_the_gpu(preset, subgroups):
    features = DEFAULT_FEATURES if subgroups else DEFAULT_FEATURES - {"subgroups"}
    m, dispatches = decode(preset, null_device(GPU_LIMITS, features, adapter_type="DiscreteGPU"))
    sg = "_sg" if subgroups else ""
    tiles = [r["route"] for r in m.plan.attest() if r["family"] in ("linear", "qkv", "gate_up")]
    assert tiles and all(f"gemv_coop{sg}" in t or f"gemv_coop4{sg}" in t for t in tiles), tiles
    linears = [d for d in dispatches if d.pipeline.kernel.startswith("linear_")]
    assert linears and all("coop" in d.pipeline.kernel for d in linears)
    c = PRESETS[preset]
    rope_quads = (c.hidden + 2 * c.kv_dim) // 4  # qkv_rope's columns (SmolLM2: 960 / 4 = 240)
    for i, d in enumerate(linears):
        groups = d.grid[0] * d.grid[1] * d.grid[2]
        if "_sum_" in d.pipeline.kernel:  # a split's sum pass, right after its part kernel
            assert "_part_" in linears[i - 1].pipeline.kernel, (d.label, linears[i - 1].label)
            continue
        assert groups >= GPU_MIN_WORKGROUPS, (d.label, d.grid)
        if "qkv_rope" in d.pipeline.kernel:
            assert ("_part_" in d.pipeline.kernel) == (rope_quads < GPU_MIN_WORKGROUPS), d.label
    assert any("_part_" in d.pipeline.kernel for d in linears) == (preset == "smollm2-135m")


@pytest.mark.parametrize("preset", SHIPPED)
def test_the_cpu_class_builds_no_coop_kernel(preset):
    m, dispatches = decode(preset, null_device())
    assert not any("coop" in k for k in m.device.pipelines_made())
    assert any("m1_vec" in d.pipeline.kernel for d in dispatches)


@pytest.mark.parametrize("hq", [9, 14, 16, 32])
def test_the_gpu_split_policy_fills_the_modeled_gpu_from_256_keys(hq):
    fill = sdpa.GPU_UNITS * sdpa.GPU_WAVES
    gpu, cpu = sdpa.split_policy("gpu", hq), sdpa.split_policy("cpu", hq)
    assert cpu == sdpa.SplitPolicy(sdpa.MAX_SPLITS, sdpa.SPLIT_MIN, sdpa.CPU_SPLIT)  # the cache length alone
    lanes = {c: get(sdpa.flash_kernel(64, c.variant)).workgroup_size[0] for c in (gpu, cpu)}
    assert lanes[gpu] > lanes[cpu]  # a GPU's lanes fill its units; a CPU adapter's each cost a switch
    for kv in (256, 257, 300, 511, 1024, 4096, 32768):
        assert hq * sdpa.flash_splits(kv, gpu.max_splits, gpu.split_min) >= fill, kv
    assert sdpa.flash_splits(16, gpu.max_splits, gpu.split_min) == 1  # a short cache is not split to crumbs


@pytest.mark.parametrize("preset", SHIPPED)
def test_gpu_decode_attention_fills_the_modeled_gpu_at_every_cache_length(preset):
    m = build(preset, device=null_device(GPU_LIMITS, adapter_type="DiscreteGPU"), max_ctx=2048)
    fill = sdpa.GPU_UNITS * sdpa.GPU_WAVES
    for pos in (255, 256, 700, 2047):  # kv_len = pos + 1
        m.plan.run(Live(1, pos), SECTIONS)
        splits = [d for d in m.device.submitted[-1] if d.pipeline.kernel.startswith("sdpa_flash_split")]
        assert splits and all(d.grid[0] * d.grid[1] * d.grid[2] >= fill for d in splits), (pos, splits[0].grid)
    cpu = build(preset, device=null_device())
    cpu.plan.run(Live(1, 255), SECTIONS)
    split = next(d for d in cpu.device.submitted[-1] if d.pipeline.kernel.startswith("sdpa_flash_split"))
    assert split.grid[2] == sdpa.flash_splits(256, sdpa.MAX_SPLITS, sdpa.SPLIT_MIN)  # the cpu class as before


@pytest.mark.parametrize("preset", SHIPPED)
def test_gpu_prefill_of_every_shipped_geometry_runs_the_gemms(preset):
    m = build(preset, device=null_device(GPU_LIMITS, adapter_type="DiscreteGPU"))
    m.plan.run(Live(32, 0), SECTIONS)
    routes = {r["op"]: r["route"] for r in m.plan.attest()}
    assert routes["blk.0.ffn_down"] == "gemm_bk64" and routes["blk.0.attn_output"] == "gemm_bk64"
    # the fused projections take their tile from the same table; a GEMM stages x, so the norm runs first
    assert routes["blk.0.attn_qkv"] == "qkv_fused/gemm_bk64/norm_dispatch", routes["blk.0.attn_qkv"]
    assert routes["blk.0.ffn_gate_up"] == "gate_up/gemm_bk64/norm_dispatch"


def test_a_coop_tile_past_the_adapters_limits_is_never_built():
    tiny = dataclasses.replace(GPU_LIMITS, max_compute_workgroup_storage_size=256)  # under 32 lanes' sums
    assert linear.tile("coop").workgroup_bytes > 256
    assert pick("linear", linear.ROUTES, spec(), Live(1, 0), limits=tiny, adapter_class="gpu").name == "gemv"
    with pytest.raises(RouteError, match="gemv_coop_sg"):  # the pinned row says it does not fit
        pick("linear", linear.ROUTES, spec(), Live(1, 0), limits=tiny, adapter_class="gpu",
             overrides={"linear": "gemv_coop_sg"})
