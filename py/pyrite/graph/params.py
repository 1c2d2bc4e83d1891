"""Uniform blocks: the params block of a kernel, and the step block every step-aware kernel reads.

A kernel's params are declared once, as its WGSL `struct Params`; pack_named packs a block by field
name against that declaration (fields named _... are padding, written as 0), so no positional list has
to follow the struct by hand.
"""
from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping, Sequence, Union

from ..errors import KernelError

Field = Union[int, float]
_COMMENT = re.compile(r"//[^\n]*")
_FIELD = re.compile(r"(\w+)\s*:\s*(array\s*<\s*vec4\s*<\s*(\w+)\s*>\s*,\s*(\d+)\s*>|\w+)")
SCALARS = ("u32", "i32", "f32")


@dataclass(frozen=True)
class ParamField:
    name: str
    kind: str    # u32 | i32 | f32
    count: int   # 1 for a scalar; 4 * N for array<vec4<kind>, N>


@lru_cache(maxsize=None)
def params_layout(kernel: str, source: str, struct_name: str = "Params") -> tuple[ParamField, ...]:
    """The fields of the kernel's `struct Params` (or another uniform struct), in order: scalars and
    arrays of vec4 (16-byte aligned)."""
    m = re.search(rf"struct\s+{struct_name}\s*\{{([^}}]*)\}}", source)
    if m is None:
        raise KernelError(f"kernel {kernel}: no struct {struct_name} in its WGSL")
    fields, offset = [], 0
    for name, kind, elem, n in _FIELD.findall(_COMMENT.sub("", m.group(1))):
        kind, count = (elem, 4 * int(n)) if n else (kind, 1)
        if kind not in SCALARS:
            raise KernelError(f"kernel {kernel}: struct Params field {name} must be u32/i32/f32 or an array of "
                              f"their vec4, got {kind}")
        if count > 1 and offset % 16:
            raise KernelError(f"kernel {kernel}: struct Params array {name} at byte {offset}, not 16-aligned")
        fields.append(ParamField(name, kind, count))
        offset += 4 * count
    return tuple(fields)


def _word(kernel: str, name: str, kind: str, v: Field) -> bytes:
    if isinstance(v, bool):
        v = int(v)
    if kind == "f32":
        if not isinstance(v, (int, float)):
            raise TypeError(f"kernel {kernel}: params.{name} = {v!r} must be a number")
        return struct.pack("<f", float(v))
    if not isinstance(v, int):
        raise TypeError(f"kernel {kernel}: params.{name} = {v!r} must be an int ({kind})")
    lo, hi = (0, 2 ** 32) if kind == "u32" else (-2 ** 31, 2 ** 31)
    if not lo <= v < hi:
        raise ValueError(f"kernel {kernel}: params.{name} = {v} does not fit in {kind}")
    return struct.pack("<I" if kind == "u32" else "<i", v)


def pack_named(kernel: str, layout: Sequence[ParamField], values: Mapping[str, Any]) -> bytes:
    """Pack `values` by name in the layout's order; every field but padding must be given, no other.
    An array field takes a sequence of exactly its element count."""
    names = [f.name for f in layout]
    missing = [n for n in names if not n.startswith("_") and n not in values]
    unknown = [n for n in values if n not in names]
    if missing or unknown:
        raise KernelError(f"kernel {kernel}: params missing {missing}, unknown {unknown} (struct Params has {names})")
    out = bytearray()
    for f in layout:
        v = values.get(f.name, 0 if f.count == 1 else [0] * f.count)
        if f.count == 1:
            out += _word(kernel, f.name, f.kind, v)
            continue
        items = list(v)
        if len(items) != f.count:
            raise ValueError(f"kernel {kernel}: params.{f.name} takes {f.count} values, got {len(items)}")
        out += b"".join(_word(kernel, f.name, f.kind, x) for x in items)
    out += b"\0" * (-len(out) % 16 or (16 if not out else 0))
    return bytes(out)


def pack_step(seq_len: int, pos: int) -> bytes:
    """The live sizes every step-aware kernel reads: struct Step { seq_len, pos, kv_len, index }. The host
    writes index 0; a decode step advances it on the GPU for the next (graph/tape.py)."""
    return struct.pack("<4I", seq_len, pos, pos + seq_len, 0)
