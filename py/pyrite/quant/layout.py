"""Host-only (numpy): the byte layouts both numpy packers write (quant/packing.py, quant/kquants.py), in
a module of their own below both, so that packing.py's pack_gguf can hand the K-quants to kquants.py
without an import circle. packed.py stays stdlib-only for the in-page converter (quant/purepack.py).

Layouts (weight [N, K]; each format's parts: pyrite/formats.py):
  q4 "q":   nibble (n, k) at bits 4*(k%8) of u32 word n*(K/8) + k/8. In little-endian
            bytes that is: byte n*(K/2) + k/2, low nibble for even k, high for odd k.
  q8 "q":   int8 (n, k) at byte n*K + k (byte k%4 of u32 word n*(K/4) + k/4).
  "scale"/"min": fp16 [K/gs, N] group-major, padded to a multiple of 4 bytes.
"""
from __future__ import annotations

import numpy as np

from pyrite.errors import ShapeError
from pyrite.quant.packed import GGUF_GROUP


def pack_nibbles(q: np.ndarray) -> bytes:
    """q: uint8 [N, K] in 0..15 -> q4 "q" part."""
    return (q[:, 0::2] | (q[:, 1::2] << 4)).astype(np.uint8).tobytes()


def pack_int8(q: np.ndarray) -> bytes:
    """q: int8 [N, K] -> q8 "q" part (two's complement bytes, row-major)."""
    return np.ascontiguousarray(q, dtype=np.int8).tobytes()


def pack_halves(s: np.ndarray) -> bytes:
    """s: float16 [N, G] (per row, per group) -> group-major [G, N] fp16 part, padded to 4 bytes."""
    data = np.ascontiguousarray(np.asarray(s, dtype="<f2").T).tobytes()
    return data + b"\0" * (-len(data) % 4)


def gguf_blocks(raw: bytes | memoryview | np.ndarray, n: int, k: int, block_bytes: int, what: str,
                per: int = GGUF_GROUP) -> np.ndarray:
    """The raw tensor as uint8 [N, K / per, block_bytes] (per values a block)."""
    arr = np.frombuffer(raw, dtype=np.uint8) if not isinstance(raw, np.ndarray) else raw.reshape(-1).view(np.uint8)
    want = n * (k // per) * block_bytes
    if arr.size != want:
        raise ShapeError(f"{what}: {arr.size} bytes of blocks, shape [{n}, {k}] needs {want}")
    return arr.reshape(n, k // per, block_bytes)


def fp16_bits(b: np.ndarray) -> np.ndarray:
    """uint8 [..., 2] -> float16 [...], the bits untouched."""
    return np.ascontiguousarray(b).view("<f2")[..., 0]
