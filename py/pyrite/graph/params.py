"""Uniform blocks: one helper packs a params block for build and resize alike.

A kernel's params are declared once, as its WGSL `struct Params`; pack_named packs a block by field
name against that declaration (fields named _... are padding, written as 0), so no positional list has
to follow the struct by hand.
"""
from __future__ import annotations

import re
import struct
from functools import lru_cache
from typing import Mapping, Sequence, Union

from ..errors import KernelError

Field = Union[int, float]
_STRUCT = re.compile(r"struct\s+Params\s*\{([^}]*)\}")
_FIELD = re.compile(r"(\w+)\s*:\s*(\w+)")
SCALARS = ("u32", "i32", "f32")


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


@lru_cache(maxsize=None)
def params_layout(kernel: str, source: str) -> tuple[tuple[str, str], ...]:
    """The (name, type) fields of the kernel's `struct Params`, in order (scalars only)."""
    m = _STRUCT.search(source)
    if m is None:
        raise KernelError(f"kernel {kernel}: no struct Params in its WGSL")
    fields = tuple(_FIELD.findall(m.group(1)))
    bad = [f"{n}: {t}" for n, t in fields if t not in SCALARS]
    if bad:
        raise KernelError(f"kernel {kernel}: struct Params fields must be u32/i32/f32, got {bad}")
    return fields


def pack_named(kernel: str, layout: Sequence[tuple[str, str]], values: Mapping[str, Field]) -> bytes:
    """Pack `values` by name in the layout's order; every field but padding must be given, no other."""
    names = [n for n, _ in layout]
    missing = [n for n in names if not n.startswith("_") and n not in values]
    unknown = [n for n in values if n not in names]
    if missing or unknown:
        raise KernelError(f"kernel {kernel}: params missing {missing}, unknown {unknown} (struct Params has {names})")
    out = bytearray()
    for name, kind in layout:
        v = values.get(name, 0)
        if isinstance(v, bool):
            v = int(v)
        if kind == "f32":
            if not isinstance(v, (int, float)):
                raise TypeError(f"kernel {kernel}: params.{name} = {v!r} must be a number")
            out += struct.pack("<f", float(v))
            continue
        if not isinstance(v, int):
            raise TypeError(f"kernel {kernel}: params.{name} = {v!r} must be an int ({kind})")
        lo, hi = (0, 2 ** 32) if kind == "u32" else (-2 ** 31, 2 ** 31)
        if not lo <= v < hi:
            raise ValueError(f"kernel {kernel}: params.{name} = {v} does not fit in {kind}")
        out += struct.pack("<I" if kind == "u32" else "<i", v)
    out += b"\0" * (-len(out) % 16 or (16 if not out else 0))
    return bytes(out)


def pack_step(seq_len: int, pos: int) -> bytes:
    """The live sizes every step-aware kernel reads: struct Step { seq_len, pos, kv_len, _pad }."""
    return pack_params([seq_len, pos, pos + seq_len, 0])
