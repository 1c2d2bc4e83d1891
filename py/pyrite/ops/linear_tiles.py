"""The linear template's tiles, as shaders/linear/linear.yaml defines them: each tile's geometry read back
from the kernel registry (rows x tokens per invocation, workgroup shape, K step), its workgroup storage and
grid, and the kernel of a format, epilogue kind and tile."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .. import kernels
from ..formats import formats_of
from ..gpu import Limits
from ..graph.grids import ceil_div, grid_folded, grid_rows
from ..kernels import kernel_id

TEMPLATE = "linear"  # the kernels' family (ops/linear.py's)
FORMATS = formats_of(TEMPLATE)  # the weight formats linear.yaml has variants for


@dataclass(frozen=True)
class Tile:
    """A tile combo of shaders/linear/linear.yaml: each of the wg invocations owns rn rows of W x tm
    tokens; a workgroup GEMM (bk > 0) lays them out as wg/wgm columns x wgm token rows, K steps of bk."""

    name: str
    rn: int
    tm: int
    wg: int
    wgm: int = 1
    bk: int = 0
    coop: bool = False  # a workgroup per column: its wg lanes split K (the gpu class's decode GEMV)
    subgroups: bool = False  # the coop sums reduced with subgroupAdd (needs the "subgroups" feature)
    split: bool = False  # split K: a part kernel over K slices, then a sum kernel (pass axis)

    @property
    def cols_per_group(self) -> int:
        return 1 if self.coop else self.wg // self.wgm

    @property
    def rows_per_group(self) -> int:
        return self.tm * self.wgm

    @property
    def workgroup_bytes(self) -> int:
        """Workgroup storage: a GEMM's f32 W tile [bk, cols * rn] and x tile [bk, tokens]; a coop tile's
        per-lane sums [wg, tm * (rn + 1)] (the rows' and, with a folded norm, sum x^2, per token)."""
        if self.coop:
            return 4 * self.wg * self.tm * (self.rn + 1)
        return 4 * self.bk * (self.cols_per_group * self.rn + self.rows_per_group)

    def grid(self, cols: int, rows: int) -> tuple[int, int, int]:
        """Workgroups covering `cols` tile columns (invocations along W's rows, or workgroups for a coop
        tile, folded into z past the per-dimension limit) x `rows` tokens."""
        if self.coop:
            return grid_folded(cols, ceil_div(rows, self.tm))
        return grid_rows(cols, self.cols_per_group, rows, self.rows_per_group)

    def columns(self, out_rows: int, paired: bool = False) -> int:
        """Tile columns over out_rows rows of W (rn per column, or rn / 2 pairs of them: gate_up)."""
        return ceil_div(out_rows, self.rn // 2 if paired else self.rn)

    @property
    def sum_name(self) -> str:
        """The tile whose sum kernel a split tile runs (the lanes' reduction, not the sum, differs)."""
        return self.name.replace("_sg", "")

    def fits(self, K: int, limits: Limits) -> bool:
        """Its workgroup within the adapter's invocations and workgroup storage; a GEMM also needs K in
        whole steps of bk."""
        return (self.wg <= limits.max_compute_invocations_per_workgroup
                and self.workgroup_bytes <= limits.max_compute_workgroup_storage_size
                and (not self.bk or K % self.bk == 0))


@cache
def tile(name: str) -> Tile:
    """The tile `name` as linear.yaml defines it (every format and kind that has it shares its geometry;
    coop4 exists for qkv_rope alone, a split tile as its part kernel)."""
    known = set(kernels.ids())
    kid = next(k for k in (tile_kernel(FORMATS[0], kind, name, pass_) for kind in ("", "qkv_rope")
                           for pass_ in ("", "part")) if k in known)
    p = kernels.get(kid).params
    return Tile(name, p["RN"], p["TM"], p["WG"], p["WGM"], p["BK"], bool(p["COOP"]), bool(p["SG"]),
                bool(p["SPLIT"]))


def tile_kernel(fmt: str, kind: str, name: str, pass_: str = "") -> str:
    """The kernel of format fmt with epilogue kind ("" for plain) at tile `name` (a split tile's
    pass_: part or sum)."""
    return kernel_id(TEMPLATE, fmt, "_".join(s for s in (kind, pass_, name) if s))
