"""Weights on the device as the ops see them: part buffers (formats.py: q / scale / min, or data), row
blocks and row views.

A row block is a tensor's rows [n0, n1) in buffers of its own (a matrix too large for one binding is
split at load, models/row_blocks.py). A row view is rows [r0, r1) of a packed tensor in the packed
tensor's buffers: the load step packs Q, K and V (and gate, up) into one tensor so a fused kernel reads
them in one pass, and the split routes read each member through a view, without a copy.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import ShapeError
from ..formats import FORMATS, part_bytes
from ..gpu import Buffer


@dataclass
class DeviceWeight:
    name: str
    shape: tuple[int, ...]        # [N, K] for matrices (PyTorch order), [K] for vectors
    format: str                   # a formats.FORMATS name
    group_size: int | None
    parts: dict[str, Buffer]      # q / scale / min, or data for f32 (empty when split into blocks)
    row0: int = 0                 # first row of the whole tensor this weight holds (a block's offset)
    blocks: tuple["DeviceWeight", ...] = ()  # row blocks [n0, n1) in order, when split
    part_row0: int = 0            # a view: its first row in the part buffers
    part_rows: int = 0            # a view: the rows the part buffers hold (the scale row stride)

    @property
    def stride_rows(self) -> int:
        """Entries per scale row (group-major parts): the part buffers' row count."""
        return self.part_rows or self.shape[0]

    def bindings(self) -> list[Buffer]:
        """The part buffers in kernel binding order (the format's parts: weights, scales, mins; or data)."""
        if self.blocks:  # only ops that walk row_blocks() accept a split tensor
            raise ShapeError(f"tensor {self.name} is split into {len(self.blocks)} row blocks; "
                             f"bind each of row_blocks() instead")
        return [self.parts[p] for p in FORMATS[self.format].parts]

    def row_blocks(self) -> tuple["DeviceWeight", ...]:
        """The weights to dispatch over, in row order: the blocks, or the tensor itself."""
        return self.blocks or (self,)

    def check_parts(self, op: str) -> None:
        """Each part buffer holds the layout its shape (a view: its packed tensor's rows) needs; a scale
        or min count that does not match N is a ShapeError naming the part, before any dispatch."""
        for b in self.row_blocks():
            shape = (b.stride_rows, *b.shape[1:])
            for name, buf in b.parts.items():
                need = part_bytes(b.format, shape, b.group_size, name)
                if not need - 2 <= buf.size <= need:  # fp16 parts may come unpadded
                    raise ShapeError(f"{op}: {b.name}.{name} holds {buf.size} bytes; {b.format} {list(shape)} "
                                     f"(group size {b.group_size}) needs {need}")

    def rows(self, r0: int, r1: int, name: str) -> "DeviceWeight":
        """Rows [r0, r1) as a view sharing this tensor's buffers (a packed tensor's member)."""
        if self.blocks:
            raise ShapeError(f"tensor {self.name} is split into row blocks; a view of it is not supported")
        if not 0 <= r0 < r1 <= self.shape[0]:
            raise ShapeError(f"{name}: rows [{r0}, {r1}) outside {self.name} {list(self.shape)}")
        return replace(self, name=name, shape=(r1 - r0, *self.shape[1:]), part_row0=self.part_row0 + r0,
                       part_rows=self.stride_rows)
