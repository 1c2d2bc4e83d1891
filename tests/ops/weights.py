"""The weights of the kernel cases: x packed in a format, with its exact dequantized values (the reference)."""
from __future__ import annotations

import numpy as np
from gguf import GGMLQuantizationType
from gguf.quants import dequantize

from pyrite.quant.dequant import dequant_packed
from pyrite.quant.kquants import BLOCKS, repack
from pyrite.quant.layout import pack_halves, pack_nibbles
from pyrite.quant.packed import PackedTensor
from pyrite.quant.packing import quantize_q4gsw, quantize_q8gsw
from support.gguf import random_blocks

F32 = np.float32
GGUF_TYPE = {fmt: t for t, (fmt, _, _) in BLOCKS.items()}  # an exact format -> the GGUF type it keeps
EXACT = tuple(GGUF_TYPE)
SCALE = {"Q5_0": 0.05, "Q5_1": 0.05}  # fp16 d per block; the K-quants' 6-bit / int8 scales multiply 1e-3


def f32(a: np.ndarray) -> bytes:
    return np.ascontiguousarray(a, dtype="<f4").tobytes()


def quantize_q4a(x: np.ndarray, gs: int) -> PackedTensor:
    """Affine 4-bit (GGUF Q4_1 style): d = (max - min) / 15, m = min, q = round((x - m) / d)."""
    n, k = x.shape
    g = x.reshape(n, k // gs, gs)
    lo, hi = g.min(-1), g.max(-1)
    d = ((hi - lo) / 15).astype(np.float16)
    m = lo.astype(np.float16)
    dd = np.where(d == 0, 1, d).astype(F32)
    q = np.clip(np.round((g - m.astype(F32)[..., None]) / dd[..., None]), 0, 15).astype(np.uint8).reshape(n, k)
    return PackedTensor("q4a", (n, k), gs, {"q": pack_nibbles(q), "scale": pack_halves(d.T.copy()),
                                             "min": pack_halves(m.T.copy())})


def pack_weight(x: np.ndarray, fmt: str, gs: int, rng) -> tuple[PackedTensor, np.ndarray]:
    """Pack x in `fmt` (an exact GGUF format: random blocks of x's shape); return the packed tensor and
    its exact dequantized values (the reference weight)."""
    if fmt in EXACT:
        return exact_weight(x.shape, fmt, rng)
    if fmt == "f32":
        p = PackedTensor("f32", x.shape, None, {"data": f32(x)})
    elif fmt == "q4gsw":
        p = quantize_q4gsw(x, gs)
    elif fmt == "q8gsw":
        p = quantize_q8gsw(x, gs)
    else:
        p = quantize_q4a(x, gs)
    return p, dequant_packed(p)


def weight_inputs(prefix: str, p: PackedTensor) -> tuple[dict[str, bytes], dict]:
    inputs = {f"{prefix}.{name}": data for name, data in p.parts.items()}
    return inputs, {f"{prefix}_format": p.format, f"{prefix}_shape": list(p.shape), "group_size": p.group_size}


def exact_weight(shape: tuple[int, int], fmt: str, rng: np.random.Generator) -> tuple[PackedTensor, np.ndarray]:
    """Random blocks of the format's GGUF type, repacked, and gguf-py's dequantization of them."""
    t = GGUF_TYPE[fmt]
    raw = random_blocks(t, *shape, rng, d=SCALE.get(t, 1e-3))
    return repack(raw, t, shape), dequantize(raw, GGMLQuantizationType[t]).reshape(shape).astype(np.float32)
