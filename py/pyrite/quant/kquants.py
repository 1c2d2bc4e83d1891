"""Host-only (numpy): the 5- and 6-bit GGUF types and the K-quants, repacked bit-exactly and read back.

    Q5_0 -> q5, Q5_1 -> q5a, Q4_K -> q4k, Q5_K -> q5k, Q6_K -> q6k

Each GGUF block is only re-laid out (pyrite/formats.py gives the layouts): its low nibbles become the
"q" plane in row order, its high bits the "qh" plane, its scales the fp16 "scale" / "min" parts (Q5_0,
Q5_1) or, for a K-quant, the superblock header kept as GGUF stores it ("sb"). Nothing is rounded, so
`dequant_exact(repack(raw))` equals gguf.quants.dequantize(raw) bit for bit: the arithmetic below is
gguf-py's, term for term (f32 d * sc, times the f32 value, minus f32 dmin * m).

GGUF blocks (ggml-common.h), per row:
  Q5_0 [32]:  d f16 | qh u32 (bit j: value j's 5th bit) | qs[16] (value j: qs[j] & 15, j + 16: qs[j] >> 4)
  Q5_1 [32]:  d f16 | m f16 | qh u32 | qs[16]
  Q4_K [256]: d f16 | dmin f16 | scales[12] (8 x 6-bit sc, m) | qs[128] (64-value chunk i: qs[32i + l] & 15
              is value 64i + l, >> 4 is value 64i + 32 + l)
  Q5_K [256]: d | dmin | scales[12] | qh[32] (value 32i + l's 5th bit: qh[l] >> i & 1) | qs[128] as Q4_K
  Q6_K [256]: ql[128] (half h: ql[64h + l] & 15 is value 128h + l, >> 4 is 128h + 64 + l) | qh[64] (value
              128h + 32i + l's top 2 bits: qh[32h + l] >> 2i & 3) | scales int8[16] (per 16 values) | d f16
"""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from pyrite.formats import SUPERBLOCK
from pyrite.models.gguf_exact import WIDENS_TO_Q8
from pyrite.quant.layout import fp16_bits, gguf_blocks, pack_halves, pack_int8, pack_nibbles
from pyrite.quant.packed import GGUF_GROUP, PackedTensor, check_packable

Buffer = bytes | bytearray | memoryview
# GGUF type -> (pyrite format, values per block, bytes per block)
BLOCKS = {"Q5_0": ("q5", GGUF_GROUP, 22), "Q5_1": ("q5a", GGUF_GROUP, 24), "Q4_K": ("q4k", SUPERBLOCK, 144),
          "Q5_K": ("q5k", SUPERBLOCK, 176), "Q6_K": ("q6k", SUPERBLOCK, 210)}


def _low_nibbles(qs: np.ndarray, n: int, span: int) -> np.ndarray:
    """GGUF nibble bytes [N, B, bytes] whose low nibbles are values 0..span-1 of each run of 2 * span and
    high nibbles the next span -> values uint8 [N, K] in row order."""
    runs = qs.reshape(n, -1, 1, span)
    return np.concatenate([runs & 0x0F, runs >> 4], axis=2).reshape(n, -1)


def _bits_plane(values: np.ndarray, hbits: int) -> bytes:
    """High bits uint8 [N, K] (0 .. 2^hbits - 1) -> the "qh" plane: value k at bits hbits * (k % m) of
    u32 word k / m, m = 32 / hbits (little-endian bytes: 8 / hbits values per byte, low bits first)."""
    per_byte = 8 // hbits
    v = values.reshape(values.shape[0], -1, per_byte).astype(np.uint8)
    out = np.zeros(v.shape[:2], np.uint8)
    for i in range(per_byte):
        out |= v[..., i] << np.uint8(hbits * i)
    return out.tobytes()


def repack(raw: Buffer | np.ndarray, type_name: str, shape: tuple[int, int], name: str = "?") -> PackedTensor:
    """Bit-exact repack of a GGUF tensor of a BLOCKS type into its pyrite format."""
    fmt, per, _ = BLOCKS[type_name]
    n, k = check_packable(name, shape, per)
    b = gguf_blocks(raw, n, k, BLOCKS[type_name][2], f"{type_name} tensor {name!r}", per)
    if type_name in ("Q5_0", "Q5_1"):
        affine = type_name == "Q5_1"
        at = 4 if affine else 2  # qh after d (and m)
        qs = b[:, :, at + 4:]
        q = np.concatenate([qs & 0x0F, qs >> 4], axis=-1).reshape(n, k)
        parts = {"q": pack_nibbles(q), "qh": np.ascontiguousarray(b[:, :, at:at + 4]).tobytes(),
                 "scale": pack_halves(fp16_bits(b[:, :, 0:2]))}
        if affine:
            parts["min"] = pack_halves(fp16_bits(b[:, :, 2:4]))
        return PackedTensor(fmt, (n, k), GGUF_GROUP, parts)
    if type_name == "Q6_K":
        q = _low_nibbles(b[:, :, 0:128], n, 64)
        qh = b[:, :, 128:192].reshape(n, -1, 2, 1, 32) >> np.array([0, 2, 4, 6], np.uint8).reshape(1, 1, 1, 4, 1)
        header = np.concatenate([b[:, :, 192:210], np.zeros((n, k // per, 2), np.uint8)], axis=-1)
        return PackedTensor(fmt, (n, k), per, {"q": pack_nibbles(q), "qh": _bits_plane((qh & 3).reshape(n, k), 2),
                                               "sb": np.ascontiguousarray(header).tobytes()})
    q_at = 48 if type_name == "Q5_K" else 16
    parts = {"q": pack_nibbles(_low_nibbles(b[:, :, q_at:], n, 32))}
    if type_name == "Q5_K":
        qh = b[:, :, 16:48].reshape(n, -1, 1, 32) >> np.arange(8, dtype=np.uint8).reshape(1, 1, 8, 1)
        parts["qh"] = _bits_plane((qh & 1).reshape(n, k), 1)
    parts["sb"] = np.ascontiguousarray(b[:, :, 0:16]).tobytes()
    return PackedTensor(fmt, (n, k), per, parts)


def widen_to_q8(raw: Buffer | np.ndarray, type_name: str, shape: tuple[int, int], name: str = "?") -> PackedTensor:
    """A Q4_0 or Q5_0 tensor as q8gsw, losslessly: q - 8 (q - 16) is an int8 at the block's own fp16
    scale, so scale * int8 is the value gguf-py computes, bit for bit (for a packed group whose other
    members are Q8_0: one format, one fused kernel)."""
    size, offset = WIDENS_TO_Q8[type_name]
    n, k = check_packable(name, shape, GGUF_GROUP)
    b = gguf_blocks(raw, n, k, size, f"{type_name} tensor {name!r}")
    qs = b[:, :, size - 16:]
    q = np.concatenate([qs & 0x0F, qs >> 4], axis=-1).astype(np.int16)
    if type_name == "Q5_0":
        qh = np.ascontiguousarray(b[:, :, 2:6]).view("<u4")
        q |= (((qh >> np.arange(32, dtype=np.uint32)) & 1) << 4).astype(np.int16)
    values = (q - offset).astype(np.int8).reshape(n, k)
    return PackedTensor("q8gsw", (n, k), GGUF_GROUP, {"q": pack_int8(values), "scale": pack_halves(fp16_bits(b[:, :, 0:2]))})


# ---- reading them back --------------------------------------------------------------------------

def _nibbles(part: Buffer, n: int, k: int) -> np.ndarray:
    b = np.frombuffer(part, dtype=np.uint8, count=n * k // 2).reshape(n, k // 2)
    return np.stack([b & 0x0F, b >> 4], axis=-1).reshape(n, k)


def _high(part: Buffer, n: int, k: int, hbits: int) -> np.ndarray:
    per_byte = 8 // hbits
    b = np.frombuffer(part, dtype=np.uint8, count=n * k // per_byte).reshape(n, -1, 1)
    shifts = (hbits * np.arange(per_byte, dtype=np.uint8)).reshape(1, 1, per_byte)
    return ((b >> shifts) & ((1 << hbits) - 1)).reshape(n, k)


def _group_halves(part: Buffer, n: int, groups: int, per: int) -> np.ndarray:
    s = np.frombuffer(part, dtype="<f2", count=groups * n).reshape(groups, n)
    return np.repeat(s.T.astype(np.float32), per, axis=1)


def scale_min_k4(scales: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A K-quant's 12 scale bytes uint8 [..., 12] -> its 8 sub-block scales and mins (6-bit each):
    j < 4: sc = b[j] & 63, m = b[j + 4] & 63; else sc = b[j + 4] & 15 | (b[j - 4] >> 6) << 4,
    m = b[j + 4] >> 4 | (b[j] >> 6) << 4 (ggml's get_scale_min_k4)."""
    d, m, md = scales[..., 0:4], scales[..., 4:8], scales[..., 8:12]
    sc = np.concatenate([d & 0x3F, (md & 0x0F) | ((d >> 2) & 0x30)], axis=-1)
    mn = np.concatenate([m & 0x3F, (md >> 4) | ((m >> 2) & 0x30)], axis=-1)
    return sc, mn


def dequant_exact(fmt: str, shape: tuple[int, int], parts: Mapping[str, Buffer]) -> np.ndarray:
    """The parts of a q5 / q5a / q4k / q5k / q6k tensor -> float32 [N, K] (sizes checked by the caller)."""
    n, k = shape
    q = _nibbles(parts["q"], n, k).astype(np.float32)
    if fmt in ("q5", "q5a", "q5k"):
        q = q + 16 * _high(parts["qh"], n, k, 1).astype(np.float32)
    if fmt in ("q5", "q5a"):
        d = _group_halves(parts["scale"], n, k // GGUF_GROUP, GGUF_GROUP)
        if fmt == "q5":
            return d * (q - 16)
        return d * q + _group_halves(parts["min"], n, k // GGUF_GROUP, GGUF_GROUP)
    sbs = k // SUPERBLOCK
    words = 5 if fmt == "q6k" else 4
    sb = np.frombuffer(parts["sb"], dtype=np.uint8, count=n * sbs * 4 * words).reshape(n, sbs, 4 * words)
    if fmt == "q6k":
        q6 = (q + 16 * _high(parts["qh"], n, k, 2).astype(np.float32) - 32).reshape(n, sbs, 16, 16)
        d = fp16_bits(sb[:, :, 16:18]).astype(np.float32)[..., None]
        scales = sb[:, :, 0:16].view(np.int8).astype(np.float32)
        return ((d * scales)[..., None] * q6).reshape(n, k)
    d, dmin = (fp16_bits(sb[:, :, i:i + 2]).astype(np.float32)[..., None] for i in (0, 2))
    sc, mn = scale_min_k4(sb[:, :, 4:16])
    scale = (d * sc.astype(np.float32))[..., None]
    offset = (dmin * mn.astype(np.float32))[..., None]
    return (scale * q.reshape(n, sbs, 8, 32) - offset).reshape(n, k)
