"""embedding: out[s, :] = dequant(table[ids[s], :]) for the live tokens."""
from __future__ import annotations

from ..errors import ShapeError
from ..gpu import Buffer
from ..graph.grids import grid_rows
from ..graph.plan import Live, Plan
from ..graph.routes import Route, Single, one_dispatch
from ..models.weights import DeviceWeight
from .base import check_format

FAMILY = "embedding"
WG = 64


def embedding(plan: Plan, op: str, ids: Buffer, table: DeviceWeight, out: Buffer) -> None:
    check_format(op, table.format, [r.variant for r in ROUTES])
    if len(table.shape) != 2:
        raise ShapeError(f"{op}: table {table.name} must be 2-D [vocab, hidden], got {list(table.shape)}")
    V, K = table.shape
    params = plan.params(f"{op}.params", [V, K, table.group_size or 8, 0])

    def grid(live: Live) -> tuple[int, int, int]:
        return grid_rows(K, WG, live.seq_len)

    routes = [r for r in ROUTES if r.variant == table.format]  # the table's format is fixed at build
    plan.add_node(op, FAMILY, table.format, routes,
                  Single((FAMILY,), [params, plan.step_buffer, ids, *table.bindings(), out], grid))


# -- registration -------------------------------------------------------------------------------
ROUTES = [
    Route("q4gsw", lambda c: c.spec == "q4gsw", one_dispatch, "4-bit symmetric table (q4 recipe)", "q4gsw"),
    Route("q4a", lambda c: c.spec == "q4a", one_dispatch, "4-bit affine table (GGUF Q4_1)", "q4a"),
    Route("q8gsw", lambda c: c.spec == "q8gsw", one_dispatch, "8-bit table (GGUF Q8_0)", "q8gsw"),
    Route("f32", lambda c: c.spec == "f32", one_dispatch, "unquantized table", "f32"),
]
