"""sdpa cases: every route pinned, across the head geometries we run, against a float64 reference.

The cache arrives pre-filled (fp16) for positions < start; the case appends S tokens and attends
causally. K and V are drawn as fp16 values, so the reference sees exactly what the cache holds and
the bound below measures the kernels' f32 arithmetic alone. Against an f32 K/V reference the fp16
cache itself adds about 1e-3 relative (fp16 has an 11-bit significand).
"""
from __future__ import annotations

import math

import numpy as np

from pyrite.ops.single import Case

F32 = np.float32
TOL = 2e-4   # |got - ref| <= TOL * max(1, max|ref|), elementwise (see check() in cases.py)

# Hq / Hkv / D of Llama-3.2-1B, Qwen3-0.6B, SmolLM2-135M and Qwen2.5-0.5B.
GEOMETRIES = ((32, 8, 64), (16, 8, 128), (9, 3, 64), (14, 2, 64))
ROUTES = ("stream_q16", "stream_q32", "flash_decode", "one_split", "materialized")
SMALL_S = (1, 2, 15, 16, 17, 31, 33, 128)
STARTS = (0, 37)


def sdpa_ref(q: np.ndarray, k_all: np.ndarray, v_all: np.ndarray, start: int) -> np.ndarray:
    """float64 causal GQA: q [S, Hq, D], k/v [start + S, Hkv, D] -> [S, Hq, D]."""
    S, Hq, D = q.shape
    G = Hq // k_all.shape[1]
    kf, vf, qf = k_all.astype(np.float64), v_all.astype(np.float64), q.astype(np.float64)
    mask = np.arange(start + S)[None, :] > (start + np.arange(S))[:, None]   # [S, S_kv] True above the diagonal
    out = np.empty((S, Hq, D))
    for h in range(Hq):
        sc = qf[:, h] @ kf[:, h // G].T / math.sqrt(D)
        sc[mask] = -np.inf
        p = np.exp(sc - sc.max(-1, keepdims=True))
        out[:, h] = (p / p.sum(-1, keepdims=True)) @ vf[:, h // G]
    return out


def sdpa_case(rng, S: int, start: int, Hq: int, Hkv: int, D: int, route: str | None = None,
              max_ctx: int | None = None):
    """kv_cache update + sdpa at (S, start); route pins sdpa (None: the plan picks)."""
    max_ctx = max_ctx or start + S + 3
    k_all = rng.standard_normal((start + S, Hkv, D)).astype(np.float16)
    v_all = rng.standard_normal((start + S, Hkv, D)).astype(np.float16)
    q = rng.standard_normal((S, Hq, D)).astype(F32)
    k_cache = np.zeros((Hkv, max_ctx, D), np.float16)
    v_cache = np.zeros((Hkv, max_ctx, D), np.float16)
    k_cache[:, :start] = k_all[:start].transpose(1, 0, 2)
    v_cache[:, :start] = v_all[:start].transpose(1, 0, 2)
    inputs = {"q": q.tobytes(), "k": k_all[start:].astype(F32).tobytes(), "v": v_all[start:].astype(F32).tobytes(),
              "k_cache": k_cache.tobytes(), "v_cache": v_cache.tobytes()}
    attrs = {"n_heads": Hq, "n_kv_heads": Hkv, "head_dim": D, "max_ctx": max_ctx, "max_seq": S}
    outputs = {"out": q.nbytes, "k_cache": k_cache.nbytes, "v_cache": v_cache.nbytes}
    case = Case("sdpa", attrs, inputs, outputs, seq_len=S, pos=start, overrides={"sdpa": route} if route else {})
    k_cache[:, start:start + S] = k_all[start:].transpose(1, 0, 2)   # what kv_cache.update writes
    v_cache[:, start:start + S] = v_all[start:].transpose(1, 0, 2)
    return case, {"out": sdpa_ref(q, k_all, v_all, start).astype(F32), "k_cache": k_cache, "v_cache": v_cache}


def all_sdpa_cases(rng):
    """(id, case, reference, tolerance): every route at every geometry, S and start we promise."""
    out = []

    def add(route, S, start, geom, options=None, tag="", **kw):
        Hq, Hkv, D = geom
        case, ref = sdpa_case(rng, S, start, Hq, Hkv, D, route, **kw)
        case.options = options or {}
        out.append((f"sdpa_{route or 'auto'}_{Hq}x{Hkv}x{D}_S{S}_p{start}{tag}", case, ref, TOL))

    for geom in GEOMETRIES:
        for route in ROUTES:
            for S in SMALL_S:
                for start in STARTS:
                    add(route, S, start, geom)
    for route in ROUTES:                       # the long ones on two geometries
        for S, start in ((511, 0), (512, 100)):
            add(route, S, start, (9, 3, 64))
        add(route, 512, 0, (14, 2, 64))
    for route in ("stream_q16", "stream_q32"):  # the streaming routes at S = 2048, and at Llama-1B's heads
        add(route, 2048, 64, (9, 3, 64))
        add(route, 512, 0, (32, 8, 64))
    add("materialized", 2048, 0, (9, 3, 64))    # scores in blocks of query rows (binding limit)
    add("flash_decode", 1, 4095, (32, 8, 64))   # decode at a long cache: the cpu class's 8 splits of 512 keys
    for geom in ((4, 4, 32), (4, 2, 96), (4, 2, 256)):  # head dims no shipped model has: the kernels that
        for route in ROUTES:                              # hold any D up to theirs (flash's guarded to64..)
            for S, start in ((1, 0), (1, 100), (17, 37)):
                add(route, S, start, geom)
    for start in (0, 40, 255, 300, 2047):        # the gpu class: splits of 16 keys, up to 128 / Hq per head
        for geom in ((9, 3, 64), (32, 8, 64)):
            add("flash_decode", 1, start, geom, options={"adapter_class": "gpu"}, tag="_gpu")
    add(None, 33, 5, (9, 3, 64))                # unpinned: the plan's own choice (AUTO_ROUTES)
    add(None, 1, 300, (9, 3, 64))
    return out




def native_only(case_id: str) -> bool:
    """Cases the page leaves to the native run, whose kernels it runs on the others (test_kernels.py checks
    that on the null device): S = 2048 (the three took 55 s of the page's kernel batch on SwiftShader), the
    small-S grid from position 0 (the page runs it from 37: cached keys and new ones at once) and S = 512
    beyond SmolLM2's heads (about 70 s in all)."""
    if case_id.startswith("sdpa_") and "_S2048_" in case_id:
        return True
    small = any(case_id.endswith(f"_S{S}_p0") for S in SMALL_S)
    return case_id.startswith("sdpa_") and (small or ("_S512_" in case_id and "_9x3x64_" not in case_id))

# The route each unpinned case must have run (attested natively and in the page).
AUTO_ROUTES = {
    "sdpa_auto_9x3x64_S33_p5": {"sdpa": "stream_q16"},
    "sdpa_auto_9x3x64_S1_p300": {"sdpa": "flash_decode"},
    "attention_auto_channel": {"attention": "qk_entry"},
    "attention_auto_rows": {"attention": "qk_row"},
}


def attention_ref(q, k, v, mask=None) -> np.ndarray:
    """float64 softmax(q k^T / sqrt(D) + mask) v over [B, H, S, D]."""
    qf, kf, vf = (t.astype(np.float64) for t in (q, k, v))
    sc = qf @ kf.transpose(0, 1, 3, 2) / math.sqrt(q.shape[-1])
    if mask is not None:
        sc = sc + mask.astype(np.float64)
    p = np.exp(sc - sc.max(-1, keepdims=True))
    return (p / p.sum(-1, keepdims=True)) @ vf


def attention_case(rng, B: int, H: int, Sq: int, Skv: int, D: int, route: str | None = None, mask: bool = False):
    q, k, v = (rng.standard_normal(s).astype(F32) for s in ((B, H, Sq, D), (B, H, Skv, D), (B, H, Skv, D)))
    m = (rng.standard_normal((Sq, Skv)) * 2).astype(F32) if mask else None
    inputs = {"q": q.tobytes(), "k": k.tobytes(), "v": v.tobytes(), **({"mask": m.tobytes()} if mask else {})}
    attrs = {"q_shape": [B, H, Sq, D], "k_shape": [B, H, Skv, D], "v_shape": [B, H, Skv, D],
             **({"mask_shape": [Sq, Skv]} if mask else {})}
    case = Case("attention", attrs, inputs, {"out": q.nbytes}, overrides={"attention": route} if route else {})
    return case, {"out": attention_ref(q, k, v, m).astype(F32)}


def all_attention_cases(rng):
    """Both QK routes pinned on odd shapes, with and without a mask; the floor's choice unpinned."""
    out = []
    for route in ("qk_row", "qk_entry"):
        for B, H, Sq, Skv, D, mask in ((1, 2, 7, 13, 32, True), (2, 3, 5, 11, 16, False), (1, 1, 32, 4096, 32, False)):
            out.append((f"attention_{route}_{B}x{H}x{Sq}x{Skv}x{D}{'_mask' if mask else ''}",
                        *attention_case(rng, B, H, Sq, Skv, D, route, mask), TOL))
    out.append(("attention_qk_entry_d6", *attention_case(rng, 1, 3, 5, 7, 6, "qk_entry", True), TOL))
    out.append(("attention_auto_channel", *attention_case(rng, 1, 1, 32, 4096, 32), TOL))   # below the floor
    out.append(("attention_auto_rows", *attention_case(rng, 1, 4, 1024, 9, 8), TOL))        # 4096 rows: at it
    return out
