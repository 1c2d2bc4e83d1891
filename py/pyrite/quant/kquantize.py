"""Host-only (numpy): float32 -> GGUF Q4_K and Q6_K blocks, a vectorized port of llama.cpp's reference
quantizers (ggml-quants.c quantize_row_q4_K_ref, quantize_row_q6_K_ref), and the Q4_K_M mix of a model.

gguf-py dequantizes the K-quants but cannot quantize them; these make Q4_K_M files from any float
weights (tests, the bench). The blocks are valid GGUF bytes whatever rounding differs from llama.cpp's
by a last bit: their reference is gguf-py's dequantization, not llama.cpp's quantizer.

    quantize_k(x, "Q4_K" | "Q6_K") -> uint8 [N, K / 256 * block bytes]
    q4_k_m_type(name, shape, n_layers, tied) -> the GGUF type llama.cpp's Q4_K_M gives that tensor
"""
from __future__ import annotations

import numpy as np

from pyrite.errors import ShapeError

QK = 256
GROUP_MAX_EPS = 1e-15
F32 = np.float32


def _nearest(x: np.ndarray) -> np.ndarray:
    """ggml's nearest_int (the float magic-number trick: half to even), as np.rint rounds."""
    return np.rint(x).astype(np.int32)


def _qkx2(x: np.ndarray, w: np.ndarray, nmax: int, rmin: float = -1.0, rdelta: float = 0.1,
          nstep: int = 20) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """make_qkx2_quants over rows of x [B, n] with weights w: (scale [B], -min [B], L [B, n] uint8)."""
    lo = np.minimum(x.min(-1), 0)
    hi = x.max(-1)
    span = hi - lo
    flat = span <= 0
    span = np.where(flat, 1, span)
    sum_w, sum_x = w.sum(-1), (w * x).sum(-1)

    def levels(iscale: np.ndarray) -> np.ndarray:
        return np.clip(_nearest(iscale[:, None] * (x - lo[:, None])), 0, nmax)

    iscale = nmax / span
    scale, best_min = 1 / iscale, lo.copy()
    L = levels(iscale)
    best = (w * (scale[:, None] * L + lo[:, None] - x) ** 2).sum(-1)
    for step in range(nstep + 1):
        la = levels((rmin + rdelta * step + nmax) / span).astype(F32)
        sum_l, sum_l2, sum_xl = (w * la).sum(-1), (w * la * la).sum(-1), (w * la * x).sum(-1)
        D = sum_w * sum_l2 - sum_l * sum_l
        ok = D > 0
        Ds = np.where(ok, D, 1)
        this_scale = (sum_w * sum_xl - sum_x * sum_l) / Ds
        this_min = (sum_l2 * sum_x - sum_l * sum_xl) / Ds
        pos = this_min > 0
        this_scale = np.where(pos, sum_xl / np.where(sum_l2 > 0, sum_l2, 1), this_scale)
        this_min = np.where(pos, 0, this_min)
        err = (w * (this_scale[:, None] * la + this_min[:, None] - x) ** 2).sum(-1)
        better = ok & (err < best)
        L = np.where(better[:, None], la.astype(np.int32), L)
        best = np.where(better, err, best)
        scale = np.where(better, this_scale, scale)
        best_min = np.where(better, this_min, best_min)
    scale = np.where(flat, 0, scale)
    best_min = np.where(flat, lo, best_min)
    L = np.where(flat[:, None], 0, L)
    return scale.astype(F32), (-best_min).astype(F32), L.astype(np.uint8)


def _qx(x: np.ndarray, nmax: int) -> np.ndarray:
    """make_qx_quants(rmse_type 1) over rows of x [B, n]: the scale [B] (levels come later)."""
    idx = np.abs(x).argmax(-1)
    mx = np.take_along_axis(x, idx[:, None], -1)[:, 0]
    tiny = np.abs(mx) < GROUP_MAX_EPS
    mx = np.where(tiny, 1, mx)
    w = x * x

    def fit(iscale: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        l = np.clip(_nearest(iscale[:, None] * x), -nmax, nmax - 1).astype(F32)
        return (w * x * l).sum(-1), (w * l * l).sum(-1)

    sumlx, suml2 = fit(-nmax / mx)
    scale = np.where(suml2 > 0, sumlx / np.where(suml2 > 0, suml2, 1), 0)
    best = scale * sumlx
    for step in range(-9, 10):
        if step == 0:
            continue
        sumlx, suml2 = fit(-(nmax + 0.1 * step) / mx)
        better = (suml2 > 0) & (sumlx * sumlx > best * suml2)
        s = sumlx / np.where(suml2 > 0, suml2, 1)
        scale = np.where(better, s, scale)
        best = np.where(better, s * sumlx, best)
    return np.where(tiny, 0, scale).astype(F32)


def _half(v: np.ndarray) -> np.ndarray:
    return v.astype(np.float16)


def _q4_k(x: np.ndarray) -> np.ndarray:
    """x float32 [B, 256] -> Q4_K blocks uint8 [B, 144]."""
    B = x.shape[0]
    sub = x.reshape(B * 8, 32)
    av = np.sqrt((sub * sub).mean(-1, keepdims=True))
    scales, mins, _ = _qkx2(sub, av + np.abs(sub), 15)
    scales, mins = scales.reshape(B, 8), mins.reshape(B, 8)
    max_scale, max_min = scales.max(-1), mins.max(-1)
    inv_s = np.where(max_scale > 0, 63 / np.where(max_scale > 0, max_scale, 1), 0)
    inv_m = np.where(max_min > 0, 63 / np.where(max_min > 0, max_min, 1), 0)
    ls = np.minimum(63, _nearest(inv_s[:, None] * scales)).astype(np.uint8)
    lm = np.minimum(63, _nearest(inv_m[:, None] * mins)).astype(np.uint8)
    packed = np.zeros((B, 12), np.uint8)
    packed[:, 0:4] = ls[:, :4] | ((ls[:, 4:] >> 4) << 6)
    packed[:, 4:8] = lm[:, :4] | ((lm[:, 4:] >> 4) << 6)
    packed[:, 8:12] = (ls[:, 4:] & 0xF) | ((lm[:, 4:] & 0xF) << 4)
    d, dmin = _half(max_scale / 63), _half(max_min / 63)
    ds = d.astype(F32)[:, None] * ls.astype(F32)
    dm = dmin.astype(F32)[:, None] * lm.astype(F32)
    safe = np.where(ds > 0, ds, 1)
    q = np.clip(_nearest((x.reshape(B, 8, 32) + dm[..., None]) / safe[..., None]), 0, 15)
    q = np.where((ds > 0)[..., None], q, 0).astype(np.uint8).reshape(B, 4, 2, 32)
    qs = (q[:, :, 0] | (q[:, :, 1] << 4)).reshape(B, 128)
    head = np.concatenate([d.reshape(B, 1).view(np.uint8), dmin.reshape(B, 1).view(np.uint8)], -1)
    return np.concatenate([head, packed, qs], -1)


def _q6_k(x: np.ndarray) -> np.ndarray:
    """x float32 [B, 256] -> Q6_K blocks uint8 [B, 210]."""
    B = x.shape[0]
    scales = _qx(x.reshape(B * 16, 16), 32).reshape(B, 16)
    pick = np.abs(scales).argmax(-1)
    max_scale = np.take_along_axis(scales, pick[:, None], -1)[:, 0]
    zero = np.abs(max_scale) < GROUP_MAX_EPS
    iscale = np.where(zero, 0, -128 / np.where(zero, 1, max_scale))
    d = _half(np.where(zero, 0, 1 / np.where(iscale == 0, 1, iscale)))
    sc = np.minimum(127, _nearest(iscale[:, None] * scales)).astype(np.int8)
    dd = d.astype(F32)[:, None] * sc.astype(F32)
    safe = np.where(dd != 0, dd, 1)
    L = np.clip(_nearest(x.reshape(B, 16, 16) / safe[..., None]), -32, 31) + 32
    L = np.where((dd != 0)[..., None], L, 32).astype(np.uint8).reshape(B, 2, 4, 32)  # halves of 128
    ql = np.concatenate([L[:, :, 0] & 0xF | ((L[:, :, 2] & 0xF) << 4),
                         L[:, :, 1] & 0xF | ((L[:, :, 3] & 0xF) << 4)], -1).reshape(B, 128)
    qh = (L[:, :, 0] >> 4 | (L[:, :, 1] >> 4) << 2 | (L[:, :, 2] >> 4) << 4 | (L[:, :, 3] >> 4) << 6).reshape(B, 64)
    return np.concatenate([ql, qh, sc.view(np.uint8), d.reshape(B, 1).view(np.uint8)], -1)


QUANTIZERS = {"Q4_K": _q4_k, "Q6_K": _q6_k}


def quantize_k(x: np.ndarray, type_name: str, name: str = "?") -> np.ndarray:
    """Float weights [N, K] (K a multiple of 256) -> GGUF blocks uint8 [N, K / 256 * block bytes]."""
    if type_name not in QUANTIZERS:
        raise ShapeError(f"tensor {name!r}: no K-quant quantizer for {type_name} (have {', '.join(QUANTIZERS)})")
    if x.ndim != 2 or x.shape[1] % QK:
        raise ShapeError(f"tensor {name!r} {list(x.shape)}: {type_name} needs 2-D with K % {QK} == 0")
    n, k = x.shape
    blocks = QUANTIZERS[type_name](np.ascontiguousarray(x, dtype=F32).reshape(n * k // QK, QK))
    return blocks.reshape(n, -1)


def _more_bits(layer: int, n_layers: int) -> bool:
    """llama.cpp's use_more_bits: the first and last eighth of the layers, and every third between."""
    return layer < n_layers // 8 or layer >= 7 * n_layers // 8 or (layer - n_layers // 8) % 3 == 2


def q4_k_m_type(name: str, shape: tuple[int, ...], n_layers: int, tied: bool = False) -> str:
    """The type llama.cpp's Q4_K_M gives a tensor: 1-D F32; output (or token_embd, tied: the model has
    no output.weight) Q6_K; attn_v and ffn_down Q6_K in use_more_bits layers; the rest Q4_K. A row of
    K % 256 != 0 falls back as llama.cpp's does (Q4_K -> Q5_0, Q6_K -> Q8_0)."""
    if len(shape) == 1:
        return "F32"
    layer = int(name.split(".")[1]) if name.startswith("blk.") else -1
    six = (name == "output.weight" or (tied and name == "token_embd.weight")
           or (name.endswith(("attn_v.weight", "ffn_down.weight")) and _more_bits(layer, n_layers)))
    if shape[-1] % QK:
        return "Q8_0" if six else "Q5_0"
    return "Q6_K" if six else "Q4_K"
