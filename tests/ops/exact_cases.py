"""Kernel cases of the exact GGUF formats (q5, q5a, q4k, q5k, q6k): weights from random GGUF blocks,
repacked as the converter does (tests/ops/weights.py); the reference weight is gguf-py's dequantization
of the same blocks.

Each format runs every tile family pinned (the CPU register tiles, the workgroup GEMMs, the gpu class's
coop GEMVs and 8-token tiles, split K), its embedding, and the fused projections, natively and in the
page (tests/ops/cases.py all_cases adds them).
"""
from __future__ import annotations

from .weights import EXACT


def exact_cases(rng, linear_case, embedding_case, projection_case, gpu: dict) -> list:
    """(id, case, reference, tolerance) per exact format: K is whole superblocks (256) for the
    K-quants; 1024 gives each coop lane several chunks of a row."""
    out = []
    for fmt in EXACT:
        k = 256 if fmt in ("q4k", "q5k", "q6k") else 96
        for route, M, N, K, options in (("gemv_vec", 1, 42, k, {}), ("small_m8_vec", 5, 42, k, {}),
                                        ("small_m8_vec_wide", 6, 42, k, {}), ("gemv", 3, 43, k, {}),
                                        ("tiled", 5, 43, k, {}), ("wide", 9, 43, k, {}), ("gemm", 33, 43, 256, {}),
                                        ("gemm_bk64", 37, 43, 256, {}), ("gemv_coop", 1, 43, 1024, gpu),
                                        ("gemv_coop_sg", 1, 9, 1024, gpu), ("gemv_coop_splitk", 1, 26, 1024, gpu),
                                        ("gemm_coop_sg", 13, 42, 512, gpu)):
            case, ref = linear_case(rng, fmt, M, N, K, bias=route in ("gemv", "gemm", "gemv_coop_sg"))
            case.overrides, case.options = {"linear": route}, options
            out.append((f"linear_{fmt}_{route}_{M}x{N}x{K}", case, ref, 2e-4))
        out.append((f"embedding_{fmt}", *embedding_case(rng, fmt, 53, 256, 7), 1e-6))
        for kind, route, M, options, tile in (("qkv_rope", "qkv_fused", 1, {}, "m1_vec"),
                                              ("qkv_rope", "qkv_fused", 1, gpu, "coop4_sg_k"),  # 256 rows: K split
                                              ("gate_up", "gate_up", 7, {}, "m8_vec")):
            rope = {"head_dim": 32, "interleaved": False} if kind == "qkv_rope" else None
            sizes = (128, 64, 64) if rope else (70, 70)
            case, ref = projection_case(rng, kind.split("_")[0] if rope else kind, fmt, M, sizes, 256,
                                        bias=True, rope=rope, pos=5)
            case.overrides = {"qkv" if rope else "gate_up": route}
            case.options = options
            norm = "dispatch" if fmt == "q5a" and rope else "folded"  # q5a's folded qkv_rope passes 10 bindings
            out.append((f"{kind}_{fmt}_{route}_{M}_norm-{norm}_tile-{tile}", case, ref, 1e-3))
    return out
