"""Dispatch math: grids for live sizes. Pure functions, unit-tested without a GPU."""
from __future__ import annotations

from ..errors import LimitError

MAX_WORKGROUPS_PER_DIM = 65535  # WebGPU's default maxComputeWorkgroupsPerDimension


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def grid_1d(n: int, wg: int, max_dim: int = MAX_WORKGROUPS_PER_DIM) -> tuple[int, int, int]:
    """Workgroups covering n invocations of a flat kernel; folds into y when x would pass max_dim.

    Kernels index i = gid.x + gid.y * num_workgroups.x * WG and bound-check i against n.
    """
    groups = ceil_div(n, wg)
    if groups <= max_dim:
        return (max(groups, 1), 1, 1)
    y = ceil_div(groups, max_dim)
    if y > max_dim:
        raise LimitError("flat dispatch", n, "maxComputeWorkgroupsPerDimension^2 * workgroup size",
                         max_dim * max_dim * wg)
    return (ceil_div(groups, y), y, 1)


def grid_rows(cols: int, wg: int, rows: int, rows_per_group: int = 1,
              max_dim: int = MAX_WORKGROUPS_PER_DIM) -> tuple[int, int, int]:
    """x covers `cols` invocations in workgroups of wg, y covers `rows` in blocks of rows_per_group."""
    x, y = ceil_div(cols, wg), ceil_div(rows, rows_per_group)
    for name, v in (("columns", x), ("rows", y)):
        if v > max_dim:
            raise LimitError(f"dispatch {name}", v, "maxComputeWorkgroupsPerDimension", max_dim)
    return (max(x, 1), max(y, 1), 1)


def grid_folded(cols: int, rows: int, max_dim: int = MAX_WORKGROUPS_PER_DIM) -> tuple[int, int, int]:
    """A workgroup per column x `rows` in y; columns past max_dim fold into z (kernels index
    col = wid.x + wid.z * num_workgroups.x and return past the last column)."""
    if rows > max_dim:
        raise LimitError("dispatch rows", rows, "maxComputeWorkgroupsPerDimension", max_dim)
    z = max(1, ceil_div(cols, max_dim))
    if z > max_dim:
        raise LimitError("dispatch columns", cols, "maxComputeWorkgroupsPerDimension^2", max_dim * max_dim)
    return (max(ceil_div(cols, z), 1), max(rows, 1), z)


def k_splits(cols: int, words: int, min_groups: int) -> int:
    """K slices that bring a workgroup-per-column dispatch of `cols` columns to >= min_groups
    workgroups (a split-K GEMV), each slice at least one of a row's `words`; 1: no split needed."""
    return max(1, min(ceil_div(min_groups, max(cols, 1)), words))
