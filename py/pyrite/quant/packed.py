"""PackedTensor, the result of every packer: stdlib only, so the numpy packers (quant/packing.py,
quant/kquants.py) and their numpy-free twin for the in-page converter (quant/purepack.py) return the
same class."""
from __future__ import annotations

from dataclasses import dataclass

from pyrite.errors import ShapeError

GGUF_GROUP = 32  # every 32-element GGUF block becomes one group


@dataclass(frozen=True)
class PackedTensor:
    """A tensor in one of our formats; parts are the exact bytes model.json indexes."""

    format: str                 # a formats.FORMATS name
    shape: tuple[int, ...]      # [N, K] (or [K] for f32 vectors)
    group_size: int | None
    parts: dict[str, bytes]


def check_packable(name: str, shape: tuple[int, ...], group_size: int) -> tuple[int, int]:
    """(N, K) of a 2-D weight whose K fits the group size and the 8-nibble words."""
    if len(shape) != 2:
        raise ShapeError(f"tensor {name!r}: quantized formats need a 2-D [N, K] weight, got shape {list(shape)}")
    n, k = shape
    if k % group_size or k % 8:
        raise ShapeError(f"tensor {name!r}: K={k} (shape {list(shape)}) is not a multiple of "
                         f"group size {group_size} and of 8")
    return n, k
