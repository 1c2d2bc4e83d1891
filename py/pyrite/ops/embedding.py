"""embedding: out[s, :] = dequant(table[ids[s], :]) for the live tokens."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import ShapeError
from ..formats import FORMATS, formats_of
from ..gpu import Buffer
from ..graph.grids import grid_rows
from ..graph.plan import Live, Plan
from ..graph.registry import Op, register
from ..graph.routes import GridFn, Launch, Route
from ..graph.device_weights import DeviceWeight
from ..kernels import kernel_id
from .base import check_format
from .single import weight

FAMILY = "embedding"
WG = 64


def embedding(plan: Plan, op: str, ids: Buffer, table: DeviceWeight, out: Buffer) -> None:
    """Append out[s] = table[ids[s]]; a table split into row blocks is gathered one dispatch per block."""
    check_format(op, table.format, [r.variant for r in ROUTES])
    if len(table.shape) != 2:
        raise ShapeError(f"{op}: table {table.name} must be 2-D [vocab, hidden], got {list(table.shape)}")
    V, K = table.shape
    blocks = table.row_blocks()
    bindings = []
    for b in blocks:
        params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, table.format), V=b.shape[0], K=K,
                               GS=table.group_size or 8, v0=b.row0, vocab=V)
        bindings.append((params, plan.step_buffer, ids, *b.bindings(), out))

    def grid(live: Live) -> tuple[int, int, int]:
        return grid_rows(K, WG, live.seq_len)

    routes = [r for r in ROUTES if r.variant == table.format]  # the table's format is fixed at build
    plan.add_node(op, FAMILY, table.format, routes, Gather(tuple(bindings), grid))


@dataclass(frozen=True)
class Gather:
    """Build args: the bindings of each row block's dispatch (one for a whole table), one grid."""

    blocks: tuple[tuple[Buffer, ...], ...]
    grid: GridFn


def gather_blocks(route: Route, args: Gather) -> list[Launch]:
    """The table format's kernel once per row block."""
    return [Launch(kernel_id(FAMILY, route.variant), b, args.grid) for b in args.blocks]


def embedding_case(p: Plan, b: dict[str, Buffer], a: dict) -> None:
    """The raw-bytes case: out = table "w" gathered at ids."""
    embedding(p, "embedding", b["ids"], weight(b, "w", a), b["out"])


def of_format(fmt: str) -> Route:
    """The row of a table in `fmt` (the format is fixed at build: it names the template variant)."""
    f = FORMATS[fmt]
    return Route(fmt, lambda c: c.spec == fmt, gather_blocks, f"{f.bits + f.hbits}-bit table: {f.value} (GGUF "
                 f"{', '.join(f.gguf)} exactly)", fmt)


# -- registration -------------------------------------------------------------------------------
ROUTES = [of_format(fmt) for fmt in formats_of(FAMILY)]  # a row per format embedding.yaml has a variant for
NAMES = ("embedding",)
register(Op("embedding", FAMILY, embedding_case, {FAMILY: ROUTES}, formats_of(FAMILY)))
