"""Weights on the device: one GPU buffer per tensor part (q, scale, min / data)."""
from __future__ import annotations

from dataclasses import dataclass

from ..gpu import Buffer


@dataclass
class DeviceWeight:
    name: str
    shape: tuple[int, ...]        # [N, K] for matrices (PyTorch order), [K] for vectors
    format: str                   # q4gsw | q4a | q8gsw | f32
    group_size: int | None
    parts: dict[str, Buffer]      # q / scale / min, or data for f32

    def bindings(self) -> list[Buffer]:
        """The part buffers in kernel binding order: weights, scales, mins (f32: data)."""
        if self.format == "f32":
            return [self.parts["data"]]
        order = ("q", "scale", "min") if self.format == "q4a" else ("q", "scale")
        return [self.parts[p] for p in order]
