"""PackedTensor, the result of every packer: stdlib only, so the numpy packers (quant/packing.py,
quant/kquants.py) and their numpy-free twin for the in-page converter (quant/purepack.py) return the
same class."""
from __future__ import annotations

from dataclasses import dataclass

GGUF_GROUP = 32  # every 32-element GGUF block becomes one group


@dataclass(frozen=True)
class PackedTensor:
    """A tensor in one of our formats; parts are the exact bytes model.json indexes."""

    format: str                 # a formats.FORMATS name
    shape: tuple[int, ...]      # [N, K] (or [K] for f32 vectors)
    group_size: int | None
    parts: dict[str, bytes]
