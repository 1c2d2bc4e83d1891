"""Uniform blocks: one helper packs a params block for build and resize alike."""
from __future__ import annotations

import struct
from typing import Sequence, Union

Field = Union[int, float]


def pack_params(fields: Sequence[Field]) -> bytes:
    """Pack u32 (int) and f32 (float) fields, little-endian, padded to a 16-byte multiple (uniform rules)."""
    out = bytearray()
    for v in fields:
        if isinstance(v, bool) or isinstance(v, int):
            if not 0 <= int(v) < 2 ** 32:
                raise ValueError(f"params field {v} does not fit in u32")
            out += struct.pack("<I", int(v))
        elif isinstance(v, float):
            out += struct.pack("<f", v)
        else:
            raise TypeError(f"params field {v!r} must be int or float")
    out += b"\0" * (-len(out) % 16 or (16 if not out else 0))
    return bytes(out)


def pack_step(seq_len: int, pos: int) -> bytes:
    """The live sizes every step-aware kernel reads: struct Step { seq_len, pos, kv_len, _pad }."""
    return pack_params([seq_len, pos, pos + seq_len, 0])
