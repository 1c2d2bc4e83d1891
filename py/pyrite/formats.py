"""Weight formats: the one table of each format's parts, bits, value range and source type.

The model format (models/format.py), the loader, the converters, dequant, the ops and the benches all
read a format's facts here. Runtime module: stdlib only.

Layouts (weight [N, K], PyTorch order):
  "q" (q4gsw, q4a): nibble (n, k) at bits 4*(k%8) of u32 word n*(K/8) + k/8
  "q" (q8gsw):      int8 (n, k) in byte k%4 of u32 word n*(K/4) + k/4
  "scale", "min":   fp16 [K/gs, N] group-major, two per u32 (low half = even index), padded to 4 bytes
  "data" (f32):     little-endian float32, row-major
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from . import kernels
from .errors import DTypeError

ROW_PARTS = ("q", "data")        # row-major: a row block is one contiguous slice
GROUP_PARTS = ("scale", "min")   # fp16 [K/gs, N] group-major: a row block is gathered per group


@dataclass(frozen=True)
class WeightFormat:
    name: str
    parts: tuple[str, ...]           # in the order the converter writes them and the kernels bind them
    bits: int                        # per stored value of "q" ("data": 32)
    values: tuple[int, int] | None   # the range of the stored integers q; None for float data
    value: str                       # what one weight is, per group: the dequant the kernels compute
    gguf: tuple[str, ...]            # the GGUF types it holds exactly (models/convert.py)

    @property
    def grouped(self) -> bool:
        """Scales per group of group_size inputs (the quantized formats)."""
        return "scale" in self.parts


FORMATS: dict[str, WeightFormat] = {f.name: f for f in (
    WeightFormat("q4gsw", ("q", "scale"), 4, (0, 15), "scale * (q - 8)", ("Q4_0",)),
    WeightFormat("q4a", ("q", "scale", "min"), 4, (0, 15), "scale * q + min", ("Q4_1",)),
    WeightFormat("q8gsw", ("q", "scale"), 8, (-128, 127), "scale * q", ("Q8_0",)),
    WeightFormat("f32", ("data",), 32, None, "data (unquantized)", ("F32", "F16", "BF16")),  # 16-bit: widened
)}


def weight_format(name: str, where: str = "weight") -> WeightFormat:
    """The format `name`; DTypeError naming `where` and the formats there are."""
    fmt = FORMATS.get(name)
    if fmt is None:
        raise DTypeError(f"{where}: format {name!r} is not one of {', '.join(FORMATS)}")
    return fmt


def part_bytes(fmt: str, shape: Sequence[int], group_size: int | None, part: str) -> int:
    """Exact byte size of one part of a tensor of this shape and format."""
    f = weight_format(fmt)
    if part not in f.parts:
        raise DTypeError(f"format {fmt} has no part {part!r} (its parts: {', '.join(f.parts)})")
    if part == "data":
        n = 1
        for d in shape:
            n *= d
        return 4 * n
    n_rows, k = shape
    if part == "q":
        return n_rows * k * f.bits // 8
    return -(-2 * (k // group_size) * n_rows // 4) * 4


def max_part_bytes(fmt: str, shape: Sequence[int], group_size: int | None) -> int:
    """The largest part of a tensor: what must fit one storage binding."""
    return max(part_bytes(fmt, shape, group_size, p) for p in FORMATS[fmt].parts)


def tensor_bytes(fmt: str, shape: Sequence[int], group_size: int | None) -> int:
    """Every part of a tensor: the bytes a pass over it reads."""
    return sum(part_bytes(fmt, shape, group_size, p) for p in FORMATS[fmt].parts)


def read_by(fmt: str) -> tuple[str, ...]:
    """The kernel families with a variant for the format (the kernel registry's, from the manifests)."""
    return tuple(sorted({e.family for e in kernels.entries() if e.variant == fmt}))


def formats_of(family: str) -> tuple[str, ...]:
    """The formats `family`'s kernels read, in table order."""
    variants = {e.variant for e in kernels.entries(family)}
    return tuple(name for name in FORMATS if name in variants)
