"""The fused and split projections and the plain linear at the shapes of the geometries pyrite runs
(SmolLM2 9/3 heads, Qwen2.5 14/2 with bias, Llama-3.2-1B 32/8, Qwen3-0.6B 16/8 with head_dim 128),
across live row counts and group sizes, against numpy, natively. The page runs the small cases of
cases.py (these sizes would take minutes on SwiftShader)."""
from __future__ import annotations

import numpy as np
import pytest

from pyrite.ops.single import run_case
from pyrite.sync import run_sync

from .cases import check, check_routes, linear_case, projection_case

pytestmark = pytest.mark.gpu

# name: (hidden, q rows, kv rows, ffn, head_dim, bias, format, group size)
GEOMETRIES = {
    "smollm2": (576, 576, 192, 1536, 64, False, "q4gsw", 32),
    "qwen2.5": (896, 896, 128, 4864, 64, True, "q8gsw", 64),
    "llama-3.2-1b": (2048, 2048, 512, 8192, 64, False, "q4gsw", 128),
    "qwen3-0.6b": (1024, 2048, 1024, 3072, 128, False, "q8gsw", 128),
}
ROWS = {"smollm2": (1, 508, 512), "qwen2.5": (2, 127, 128), "llama-3.2-1b": (1, 64), "qwen3-0.6b": (7, 64)}
CASES = [(g, M) for g, rows in ROWS.items() for M in rows]


def run(device, case_id, case, ref, tol):
    outputs, attest = run_sync(run_case(device, case))
    check(case_id, outputs, ref, tol)
    check_routes(case_id, case, attest)


@pytest.mark.parametrize("geometry,M", CASES, ids=[f"{g}-M{M}" for g, M in CASES])
def test_projections_at_model_shapes(device, geometry, M):
    hidden, q, kv, ffn, D, bias, fmt, gs = GEOMETRIES[geometry]
    rng = np.random.default_rng(M)
    for route in ("qkv_fused", "qkv_split"):
        case, ref = projection_case(rng, "qkv", fmt, M, (q, kv, kv), hidden, gs=gs, bias=bias,
                                    rope={"head_dim": D, "interleaved": geometry == "smollm2"}, pos=3)
        case.attrs["max_seq"] = M
        case.overrides = {"qkv": route}
        norm = "folded" if route == "qkv_fused" else "dispatch"
        run(device, f"qkv_rope_{geometry}_{route}_{M}_norm-{norm}", case, ref, 2e-3)
    for route in ("gate_up", "gate_up_split"):  # pinned: the cpu class's prefill splits it unpinned
        case, ref = projection_case(rng, "gate_up", fmt, M, (ffn, ffn), hidden, gs=gs)
        case.attrs["max_seq"] = M
        case.overrides = {"gate_up": route}
        norm = "folded" if route == "gate_up" else "dispatch"
        run(device, f"gate_up_{geometry}_{route}_{M}_norm-{norm}", case, ref, 2e-3)
    case, ref = linear_case(rng, fmt, M, hidden, ffn, gs=gs)
    run(device, f"linear_{geometry}_down_{M}", case, ref, 2e-3)


WORKGROUP_CASES = [(g, M) for g, M in CASES if M >= 32]


@pytest.mark.parametrize("geometry,M", WORKGROUP_CASES, ids=[f"{g}-M{M}" for g, M in WORKGROUP_CASES])
def test_workgroup_gemms_at_model_shapes(device, geometry, M):
    """linear_prefill=workgroup: the fused QKV (with RoPE, after its norm's own dispatch) and the down
    projection as workgroup GEMMs (every K here is a multiple of 64, so gemm_bk64), and the bk16 GEMM
    pinned on the down projection."""
    hidden, q, kv, ffn, D, bias, fmt, gs = GEOMETRIES[geometry]
    rng = np.random.default_rng(M + 1)
    workgroup = {"linear_prefill": "workgroup"}
    case, ref = projection_case(rng, "qkv", fmt, M, (q, kv, kv), hidden, gs=gs, bias=bias,
                                rope={"head_dim": D, "interleaved": geometry == "smollm2"}, pos=3)
    case.attrs["max_seq"], case.options = M, workgroup
    run(device, f"qkv_rope_{geometry}_{M}_norm-dispatch_tile-gemm_bk64", case, ref, 2e-3)
    case, ref = linear_case(rng, fmt, M, hidden, ffn, gs=gs, bias=bias)
    case.options = workgroup
    run(device, f"linear_{geometry}_down_{M}_tile-gemm_bk64", case, ref, 2e-3)
    case.overrides = {"linear": "gemm"}
    run(device, f"linear_{geometry}_down_{M}_tile-gemm", case, ref, 2e-3)
