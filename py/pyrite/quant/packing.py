"""Host-only (numpy): pack weights into pyrite's GPU formats.

Two sources:
- GGUF blocks, bit-exactly: Q4_0 -> q4gsw, Q4_1 -> q4a, Q8_0 -> q8gsw, F32/F16 -> f32, and
  (quant/kquants.py) Q5_0 -> q5, Q5_1 -> q5a, Q4_K -> q4k, Q5_K -> q5k, Q6_K -> q6k.
  The quantized values and fp16 scales are copied, only re-laid out, so the packed
  tensor dequantizes to exactly what gguf.quants.dequantize gives for the source.
- float32 weights, quantized the way ggml quantizes Q4_0 / Q8_0 (so
  `quantize_q4gsw(x)` == `pack_gguf(gguf.quants.quantize(x, Q4_0))`).

The parts' layouts: quant/layout.py.

GGUF blocks hold 32 consecutive elements of a row: Q4_0 = d f16 | qs[16],
Q4_1 = d f16 | m f16 | qs[16], Q8_0 = d f16 | qs int8[32]; in the 4-bit blocks
element j is qs[j] & 0xF and element j + 16 is qs[j] >> 4.
"""
from __future__ import annotations

import numpy as np

from pyrite.errors import ShapeError
from pyrite.quant.kquants import repack
from pyrite.quant.layout import fp16_bits, gguf_blocks, pack_halves, pack_int8, pack_nibbles
from pyrite.quant.packed import GGUF_GROUP, PackedTensor, check_packable

_ROWS_PER_CHUNK_ELEMS = 1 << 22  # quantize ~4M elements at a time to bound temporaries


# ---- from GGUF blocks --------------------------------------------------------------------

def _nibble_values(qs: np.ndarray) -> np.ndarray:
    """GGUF 4-bit qs uint8 [N, B, 16] -> element values uint8 [N, B*32] in row order."""
    return np.concatenate([qs & 0x0F, qs >> 4], axis=-1).reshape(qs.shape[0], -1)


def pack_q4_0(raw: bytes, shape: tuple[int, int], name: str = "?") -> PackedTensor:
    n, k = check_packable(name, shape, GGUF_GROUP)
    b = gguf_blocks(raw, n, k, 18, f"Q4_0 tensor {name!r}")
    d = fp16_bits(b[:, :, 0:2])
    return PackedTensor("q4gsw", (n, k), GGUF_GROUP,
                        {"q": pack_nibbles(_nibble_values(b[:, :, 2:])), "scale": pack_halves(d)})


def pack_q4_1(raw: bytes, shape: tuple[int, int], name: str = "?") -> PackedTensor:
    n, k = check_packable(name, shape, GGUF_GROUP)
    b = gguf_blocks(raw, n, k, 20, f"Q4_1 tensor {name!r}")
    d, m = fp16_bits(b[:, :, 0:2]), fp16_bits(b[:, :, 2:4])
    return PackedTensor("q4a", (n, k), GGUF_GROUP,
                        {"q": pack_nibbles(_nibble_values(b[:, :, 4:])), "scale": pack_halves(d),
                         "min": pack_halves(m)})


def pack_q8_0(raw: bytes, shape: tuple[int, int], name: str = "?") -> PackedTensor:
    n, k = check_packable(name, shape, GGUF_GROUP)
    b = gguf_blocks(raw, n, k, 34, f"Q8_0 tensor {name!r}")
    d = fp16_bits(b[:, :, 0:2])
    return PackedTensor("q8gsw", (n, k), GGUF_GROUP,
                        {"q": pack_int8(b[:, :, 2:].view(np.int8).reshape(n, k)), "scale": pack_halves(d)})


def pack_float(raw: bytes, shape: tuple[int, ...], dtype: str, name: str = "?") -> PackedTensor:
    """F32 (copied) or F16 (widened, exact) -> f32."""
    x = np.frombuffer(raw, dtype={"F32": "<f4", "F16": "<f2"}[dtype])
    count = int(np.prod(shape))
    if x.size != count:
        raise ShapeError(f"{dtype} tensor {name!r}: {x.size} elements, shape {list(shape)} needs {count}")
    return PackedTensor("f32", tuple(shape), None, {"data": x.astype("<f4").tobytes()})


def _repacker(type_name: str):
    def pack(raw: bytes, shape: tuple[int, int], name: str = "?") -> PackedTensor:
        return repack(raw, type_name, shape, name)
    return pack


# ggml type name -> packer of its raw blocks (the bit-exact conversions; quant/kquants.py: the 5-bit
# types and the K-quants)
EXACT_PACKERS = {"Q4_0": pack_q4_0, "Q4_1": pack_q4_1, "Q8_0": pack_q8_0,
                 **{t: _repacker(t) for t in ("Q5_0", "Q5_1", "Q4_K", "Q5_K", "Q6_K")}}


def pack_gguf(raw: bytes, type_name: str, shape: tuple[int, ...], name: str = "?") -> PackedTensor:
    """Bit-exact repack of a GGUF tensor of an EXACT_PACKERS type, F32 or F16."""
    if type_name in ("F32", "F16"):
        return pack_float(raw, shape, type_name, name)
    packer = EXACT_PACKERS.get(type_name)
    if packer is None:
        raise ShapeError(f"tensor {name!r}: GGUF type {type_name} has no exact pyrite format "
                         f"(exact: {sorted(EXACT_PACKERS)} F32 F16)")
    return packer(raw, shape, name)


# ---- quantizers from float ---------------------------------------------------------------

def _row_chunks(n: int, k: int):
    step = max(1, _ROWS_PER_CHUNK_ELEMS // k)
    for r in range(0, n, step):
        yield slice(r, min(n, r + step))


def _q4_block(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """x: float32 [R, G, gs] -> (q uint8 [R, G*gs] in 0..15, d float16 [R, G]).

    ggml quantize_row_q4_0_ref: d = (the element of largest |x|, sign kept) / -8, so
    that element maps to q = -8 exactly; q = min(15, trunc(x / d + 8.5)), i.e. round
    half up, offset by 8. d is computed in f32 and only stored as fp16.
    """
    imax = np.abs(x).argmax(axis=-1)[..., None]
    d = np.take_along_axis(x, imax, axis=-1) / np.float32(-8)
    with np.errstate(divide="ignore"):
        inv = np.where(d == 0, np.float32(0), np.float32(1) / d)
    q = np.trunc(x * inv + np.float32(8.5)).clip(0, 15).astype(np.uint8)
    return q.reshape(x.shape[0], -1), d[..., 0].astype(np.float16)


def _q8_block(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """x: float32 [R, G, gs] -> (q int8 [R, G*gs], d float16 [R, G]).

    ggml quantize_row_q8_0_ref: d = max|x| / 127, q = roundf(x / d) (half away from zero).
    roundf is floor(a) + floor(2 * frac(a)) on |y|: floor(a + 0.5) would round
    0.49999997 up, since a + 0.5 rounds to 1.0 in f32.
    """
    d = np.abs(x).max(axis=-1, keepdims=True) / np.float32(127)
    with np.errstate(divide="ignore"):
        inv = np.where(d == 0, np.float32(0), np.float32(1) / d)
    y = x * inv
    a = np.abs(y)
    whole = np.floor(a)
    q = (np.sign(y) * (whole + np.floor(2 * (a - whole)))).astype(np.int8)
    return q.reshape(x.shape[0], -1), d[..., 0].astype(np.float16)


def _quantize(x: np.ndarray, group_size: int, name: str, block_fn, pack_q) -> tuple[bytes, bytes, tuple[int, int]]:
    x = np.asarray(x, dtype=np.float32)
    n, k = check_packable(name, x.shape, group_size)
    qs, ds = [], []
    for rows in _row_chunks(n, k):
        q, d = block_fn(x[rows].reshape(-1, k // group_size, group_size))
        qs.append(pack_q(q))
        ds.append(d)
    return b"".join(qs), pack_halves(np.concatenate(ds, axis=0)), (n, k)


def quantize_q4gsw(x: np.ndarray, group_size: int = 32, name: str = "?") -> PackedTensor:
    """float [N, K] -> q4gsw, ggml Q4_0 rounding (bit-identical to gguf's Q4_0 at gs 32)."""
    q, scale, shape = _quantize(x, group_size, name, _q4_block, pack_nibbles)
    return PackedTensor("q4gsw", shape, group_size, {"q": q, "scale": scale})


def quantize_q8gsw(x: np.ndarray, group_size: int = 32, name: str = "?") -> PackedTensor:
    """float [N, K] -> q8gsw, ggml Q8_0 rounding (bit-identical to gguf's Q8_0 at gs 32)."""
    q, scale, shape = _quantize(x, group_size, name, _q8_block, pack_int8)
    return PackedTensor("q8gsw", shape, group_size, {"q": q, "scale": scale})
