"""Weight formats: the one table of each format's parts, bits, value range and source type.

The model format (models/format.py), the loader, the converters, dequant, the ops and the benches all
read a format's facts here. Runtime module: stdlib only.

Layouts (weight [N, K], PyTorch order):
  "q" (4-bit formats): nibble (n, k) at bits 4*(k%8) of u32 word n*(K/8) + k/8 (its low 4 bits)
  "q" (q8gsw):      int8 (n, k) in byte k%4 of u32 word n*(K/4) + k/4
  "qh" (5/6-bit):   the value's high bits: hbits per value, (n, k) at bits hbits*(k%m) of u32 word
                    n*(K/m) + k/m, m = 32 / hbits; the stored integer is q + 16 * qh
  "sb" (K-quants):  row-major [N, K/256, sb_words] u32: each 256-value superblock's header as GGUF keeps
                    it (q4k, q5k: d|dmin fp16 pair, then the 12 bytes of 6-bit sub-block scales and mins;
                    q6k: the 16 int8 sub-block scales, then d fp16 with a zero half)
  "scale", "min":   fp16 [K/gs, N] group-major, two per u32 (low half = even index), padded to 4 bytes
  "data" (f32):     little-endian float32, row-major
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from . import kernels
from .errors import DTypeError

ROW_PARTS = ("q", "qh", "sb", "data")  # row-major: a row block is one contiguous slice
GROUP_PARTS = ("scale", "min")   # fp16 [K/gs, N] group-major: a row block is gathered per group


@dataclass(frozen=True)
class WeightFormat:
    name: str
    parts: tuple[str, ...]           # in the order the converter writes them and the kernels bind them
    bits: int                        # per stored value of "q" ("data": 32)
    values: tuple[int, int] | None   # the range of the stored integers q; None for float data
    value: str                       # what one weight is, per group: the dequant the kernels compute
    gguf: tuple[str, ...]            # the GGUF types it holds exactly (models/convert.py)
    hbits: int = 0                   # high bits per value in "qh" (5-bit: 1, 6-bit: 2)
    sb_words: int = 0                # u32 words per superblock header in "sb" (K-quants; gs = 256)

    @property
    def grouped(self) -> bool:
        """Scales per group of group_size inputs (the quantized formats; a K-quant's group is its
        superblock)."""
        return "scale" in self.parts or "sb" in self.parts


FORMATS: dict[str, WeightFormat] = {f.name: f for f in (
    WeightFormat("q4gsw", ("q", "scale"), 4, (0, 15), "scale * (q - 8)", ("Q4_0",)),
    WeightFormat("q4a", ("q", "scale", "min"), 4, (0, 15), "scale * q + min", ("Q4_1",)),
    WeightFormat("q8gsw", ("q", "scale"), 8, (-128, 127), "scale * q", ("Q8_0",)),
    WeightFormat("q5", ("q", "qh", "scale"), 4, (0, 15), "scale * (q + 16 qh - 16)", ("Q5_0",), hbits=1),
    WeightFormat("q5a", ("q", "qh", "scale", "min"), 4, (0, 15), "scale * (q + 16 qh) + min", ("Q5_1",), hbits=1),
    WeightFormat("q4k", ("q", "sb"), 4, (0, 15), "d sc_j * q - dmin m_j (sub-block j of 32)", ("Q4_K",),
                 sb_words=4),
    WeightFormat("q5k", ("q", "qh", "sb"), 4, (0, 15), "d sc_j * (q + 16 qh) - dmin m_j (sub-block j of 32)",
                 ("Q5_K",), hbits=1, sb_words=4),
    WeightFormat("q6k", ("q", "qh", "sb"), 4, (0, 15), "d sc_j * (q + 16 qh - 32) (sub-block j of 16)",
                 ("Q6_K",), hbits=2, sb_words=5),
    WeightFormat("f32", ("data",), 32, None, "data (unquantized)", ("F32", "F16", "BF16")),  # 16-bit: widened
)}
SUPERBLOCK = 256  # values per K-quant superblock: the group_size of q4k, q5k and q6k


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
    if part == "qh":
        return n_rows * k * f.hbits // 8
    if part == "sb":
        return n_rows * (k // SUPERBLOCK) * 4 * f.sb_words
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
