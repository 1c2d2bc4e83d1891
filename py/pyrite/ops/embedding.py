"""embedding: out[s, :] = dequant(table[ids[s], :]) for the live tokens."""
from __future__ import annotations

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.grids import grid_rows
from ..graph.plan import Live, Plan
from ..kernels import kernel_id
from ..models.weights import DeviceWeight
from .base import Route, check_format, choose

FAMILY = "embedding"
WG = 64


def embedding(plan: Plan, op: str, ids: Buffer, table: DeviceWeight, out: Buffer) -> None:
    check_format(op, table.format, [r.variant for r in ROUTES])
    if len(table.shape) != 2:
        raise ShapeError(f"{op}: table {table.name} must be 2-D [vocab, hidden], got {list(table.shape)}")
    V, K = table.shape
    route = choose(FAMILY, ROUTES, table.format, plan.overrides)
    params = plan.params(f"{op}.params", [V, K, table.group_size or 8, 0])

    def grid(live: Live) -> tuple[int, int, int]:
        return grid_rows(K, WG, live.seq_len)

    plan.add(op, FAMILY, route.name, kernel_id(FAMILY, route.variant),
             [params, plan.step_buffer, ids, *table.bindings(), out], grid)


# -- registration -------------------------------------------------------------------------------
ROUTES = [
    Route("q4gsw", lambda f: f == "q4gsw", "q4gsw", "4-bit symmetric table (q4 recipe)"),
    Route("q4a", lambda f: f == "q4a", "q4a", "4-bit affine table (GGUF Q4_1)"),
    Route("q8gsw", lambda f: f == "q8gsw", "q8gsw", "8-bit table (GGUF Q8_0)"),
    Route("f32", lambda f: f == "f32", "f32", "unquantized table"),
]
