"""Routes as data: one route model for every op.

A route row is a name, a predicate over one Context (the op's spec, the live shape, the adapter's
limits and features, the runtime options), a build step that creates the row's steps, a one-line
reason, and a build-time check (`fits`: can this adapter create the row's kernels for these weights
at all). A step is a dispatch (Launch) or a sub-table (Sub): a table of its own, chosen from the same
Context with its own spec, so route choice is a chain (a projection: fusion -> tile -> norm
placement; a split projection: one tile table per member). A node keeps every row that fits, at
every level, and builds each when a selection first chooses it; each execution runs all of the chosen
rows' dispatches and none of another's. The last row of a table is its general fallback. Any table can
be pinned by family: overrides={"sdpa": "materialized"}, or {"linear": "gemv_vec"}, which pins every
linear tile table, in plain linears and in projections alike.

A node attests the rows it chose: their names from its own table down, "/" per level and "+" between
the sub-tables of one row, e.g. "gemv_vec" (a linear), "qkv_fused/gemv_vec/norm_folded",
"qkv_split/gemv_vec+gemv+gemv".
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence, Union

from ..errors import PyriteError
from ..gpu import Buffer, Limits
from ..kernels import kernel_id

GridFn = Callable[["Live"], tuple[int, int, int]]


class RouteError(PyriteError):
    """No route accepts the op, or an override names an unknown route."""


@dataclass(frozen=True)
class Live:
    """The dynamic sizes of one execution: S live tokens starting at position pos. prefill: a prompt's
    chunk, whose rows need not sum as a decode step's (a multi-token forward's must: verify, jump-forward),
    so a route may run a short one on the prefill's own kernels."""

    seq_len: int
    pos: int
    prefill: bool = False

    @property
    def kv_len(self) -> int:
        """Cache length after this step: every position a live token may attend to."""
        return self.pos + self.seq_len


@dataclass(frozen=True)
class Context:
    """Everything a route predicate may read."""

    spec: Any                       # the op's validated spec (shapes, formats, immutable controls)
    live: Live
    limits: Limits
    features: frozenset[str]
    options: Mapping[str, Any]
    adapter_class: str = "cpu"      # "cpu" or "gpu" (gpu/adapter_class.py, or the option adapter_class)
    tuned: Mapping[str, str] = field(default_factory=dict)  # tuning_key -> the row measured fastest

    @property
    def gpu(self) -> bool:
        return self.adapter_class == "gpu"


FORWARD_ROWS = 16  # the most rows of a multi-token forward (graph/multistep.py MAX_RUN)
# Shape classes of live rows a measured choice holds for (graph/tuning.py): (name, fewest, most rows). A
# forward is never measured: it follows decode's choice (measured_row), so its rows sum as decode's do.
SHAPE_CLASSES = (("decode", 1, 1), ("forward", 2, FORWARD_ROWS), ("prefill_17_31", FORWARD_ROWS + 1, 31),
                 ("prefill_32", 32, None))


def shape_class(rows: int) -> str:
    """The shape class of `rows` live rows."""
    return next(name for name, lo, hi in SHAPE_CLASSES if rows >= lo and (hi is None or rows <= hi))


def tuning_key(family: str, spec: Any, cls: str) -> str:
    """Where a measured choice is kept: the table's family, its spec (a frozen dataclass: its repr is
    its fields) and the shape class."""
    return f"{family}|{spec!r}|{cls}"


@dataclass(frozen=True)
class Launch:
    """One dispatch a route's build step asks for: a kernel, its bindings, its grid for the live sizes."""

    kernel: str
    bindings: tuple[Buffer, ...]
    grid: GridFn


@dataclass(frozen=True)
class Sub:
    """A step that is a choice of its own: `routes` (pinned by `family`), chosen per execution from
    the node's Context with `spec` as ctx.spec, each row built with `args`."""

    family: str
    routes: Sequence["Route"]
    spec: Any
    args: Any


Step = Union[Launch, Sub]


def always(ctx: Context) -> bool:
    return True


@dataclass(frozen=True)
class Route:
    name: str
    when: Callable[[Context], bool]            # picked when this holds (first match wins)
    build: Callable[["Route", Any], list[Step]]  # (this row, the build args) -> its dispatches and sub-tables
    reason: str                                # one line: why this row exists
    variant: str = ""                          # the template variant it names, for one-dispatch rows
    fits: Callable[[Context], bool] = always   # checked once at build, on spec, limits and features only:
                                               # a row that does not fit is not built
    order: str = ""                            # how it sums each output row: rows of one order give each
                                               # row the same bits, whatever the live rows


@dataclass(frozen=True)
class Single:
    """Build args of a one-dispatch row: kernel id = kernel_id(*prefix, row.variant), bindings, grid."""

    prefix: tuple[str, ...]
    bindings: Sequence[Buffer]
    grid: GridFn


def one_dispatch(route: Route, args: Single) -> list[Launch]:
    """The build step of rows that run one kernel: the row's variant with the node's bindings."""
    return [Launch(kernel_id(*args.prefix, route.variant), tuple(args.bindings), args.grid)]


def candidates(family: str, routes: Sequence[Route], overrides: Mapping[str, str] | None = None) -> list[Route]:
    """The rows a node builds: all of them, or only the pinned one."""
    pinned = (overrides or {}).get(family)
    if pinned is None:
        return list(routes)
    chosen = [r for r in routes if r.name == pinned]
    if not chosen:
        raise RouteError(f"{family}: no route named {pinned!r} (have {[r.name for r in routes]})")
    return chosen


def fitting(label: str, family: str, routes: Sequence[Route], ctx: Context,
            overrides: Mapping[str, str] | None = None) -> list[Route]:
    """The rows a node builds (all, or the pinned one) that fit ctx's spec, limits and features;
    RouteError naming `label` when none does."""
    rows = [r for r in candidates(family, routes, overrides) if r.fits(ctx)]
    if not rows:
        pinned = (overrides or {}).get(family)
        why = (f"the pinned route {pinned!r} does not fit" if pinned is not None
               else f"none of {[r.name for r in routes]} fits")
        raise RouteError(f"{label}: {why} this adapter and these weights ({ctx.spec})")
    return rows


def live_class(ctx: Context) -> str:
    """The shape class of ctx: of its spec's fixed rows where it has them (a last-token head runs one
    row whatever the prompt), else of the live rows."""
    return shape_class(getattr(ctx.spec, "rows", 0) or ctx.live.seq_len)


def measured_row(family: str, routes: Sequence[Route], ctx: Context) -> Route | None:
    """The row measured fastest for ctx's spec and shape class, where one was kept and its predicate
    still holds at ctx's live shape. A forward's is the first row that holds of the order of decode's
    measured row, so each of its rows equals a decode step's (the rules' rows pair by themselves)."""
    cls = live_class(ctx)
    name = ctx.tuned.get(tuning_key(family, ctx.spec, "decode" if cls == "forward" else cls)) if ctx.tuned else None
    if cls != "forward":
        return next((r for r in routes if r.name == name and r.when(ctx)), None)
    order = next((r.order for r in routes if r.name == name), "")
    return next((r for r in routes if order and r.order == order and r.when(ctx)), None)


def choose(family: str, routes: Sequence[Route], ctx: Context, pinned: bool = False) -> Route:
    """The first row whose predicate holds for ctx; a pinned table's one row regardless."""
    if pinned:
        return routes[0]
    for r in routes:
        if r.when(ctx):
            return r
    raise RouteError(f"{family}: no route accepts {ctx.spec} at {ctx.live} (tried {[r.name for r in routes]})")


def pick(family: str, routes: Sequence[Route], spec: Any, live: Live = Live(1, 0), *,
         overrides: Mapping[str, str] | None = None, limits: Limits | None = None,
         features: frozenset[str] | None = None, options: Mapping[str, Any] | None = None,
         adapter_class: str = "cpu") -> Route:
    """The row a node of `spec` would run at `live` (no device needed; for tests and tools): as a
    plan picks, among the rows that fit (Route.fits). Limits and features default to the null
    device's; options to their defaults; the class to the option's value, else `adapter_class`."""
    from ..gpu.null import DEFAULT_FEATURES, DEFAULT_LIMITS
    from .options import Options
    opts = Options(options or {})
    cls = adapter_class if opts["adapter_class"] == "auto" else opts["adapter_class"]
    ctx = Context(spec, live, limits or DEFAULT_LIMITS, DEFAULT_FEATURES if features is None else features,
                  opts, cls)
    return choose(family, fitting(family, family, routes, ctx, overrides), ctx, pinned=family in (overrides or {}))
