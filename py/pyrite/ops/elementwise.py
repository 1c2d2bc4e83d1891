"""elementwise (in place over the live rows): residual add and the SwiGLU gate silu(a) * b."""
from __future__ import annotations

from ..gpu import Buffer
from ..graph.grids import grid_1d
from ..graph.plan import Live, Plan
from ..kernels import kernel_id

FAMILY = "elementwise"
WG = 64
INPLACE_OPS = ("add", "silu_mul")  # shaders/elementwise/inplace.yaml variants


def inplace(plan: Plan, op: str, kind: str, a: Buffer, b: Buffer, row_len: int) -> None:
    """a = kind(a, b) elementwise over seq_len * row_len values."""
    if kind not in INPLACE_OPS:
        raise ValueError(f"{op}: unknown in-place op {kind!r} (have {INPLACE_OPS})")
    params = plan.params(f"{op}.params", [row_len, 0, 0, 0])

    def grid(live: Live) -> tuple[int, int, int]:
        return grid_1d(live.seq_len * row_len, WG)

    plan.add(op, FAMILY, "inplace", kernel_id(FAMILY, kind), [params, plan.step_buffer, a, b], grid)
