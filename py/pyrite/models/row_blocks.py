"""Row blocks, planned at load (the DeviceWeight the ops bind lives in graph/device_weights.py).

A matrix whose part is larger than one storage binding (maxStorageBufferBindingSize: 128 MiB by
default, where Qwen2.5's 151936 x 896 q8 lm_head is 136 MB) is split at load into row blocks
[n0, n1), each a DeviceWeight of its own; the ops that read it (linear, embedding) dispatch once per
block. The block plan is a pure function of the shape, format and limit.
"""
from __future__ import annotations

from ..errors import LimitError
from ..formats import max_part_bytes

# Block heights are multiples of this: even (fp16 scale pairs stay whole u32 words) and a whole
# number of the linear kernel's 4-row register tiles.
BLOCK_ROW_ALIGN = 64


def plan_row_blocks(name: str, shape: tuple[int, ...], fmt: str, group_size: int | None,
                    limit: int) -> list[tuple[int, int]]:
    """Row ranges [n0, n1) such that every part of every block fits `limit` bytes.

    One range covering every row when the tensor fits; otherwise as few blocks as fit, of equal
    height rounded up to BLOCK_ROW_ALIGN rows (the last one shorter). LimitError when even a block of
    BLOCK_ROW_ALIGN rows (or a vector) does not fit."""
    if max_part_bytes(fmt, shape, group_size) <= limit:
        return [(0, shape[0])]
    if len(shape) != 2 or shape[0] <= BLOCK_ROW_ALIGN:
        raise LimitError(f"tensor {name} {list(shape)} {fmt}", max_part_bytes(fmt, shape, group_size),
                         "maxStorageBufferBindingSize", limit)
    n = shape[0]
    per_block_min = max_part_bytes(fmt, (BLOCK_ROW_ALIGN, shape[1]), group_size)
    if per_block_min > limit:
        raise LimitError(f"tensor {name}: a block of {BLOCK_ROW_ALIGN} rows of {list(shape)} {fmt}",
                         per_block_min, "maxStorageBufferBindingSize", limit)
    count = -(-max_part_bytes(fmt, shape, group_size) // limit)
    while True:
        rows = -(-(-(-n // count)) // BLOCK_ROW_ALIGN) * BLOCK_ROW_ALIGN
        if max_part_bytes(fmt, (rows, shape[1]), group_size) <= limit:
            return [(n0, min(n0 + rows, n)) for n0 in range(0, n, rows)]
        count += 1
