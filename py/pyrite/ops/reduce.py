"""reduce: amax / amin over any dims, argmax / argmin over one dim or all (numpy's semantics).

Ties go to the first index; NaN propagates (amax of a run with a NaN is NaN, argmax points at the
first NaN). argmax / argmin return i32 indices, row-major within the reduced dims.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import kernels
from ..errors import ShapeError
from ..graph.grids import grid_1d
from ..graph.plan import Plan, Tensor
from ..graph.registry import Op, register
from ..graph.routes import Launch, Route, always
from ..kernels import kernel_id
from .broadcast import (Spec, check_dtype, check_out, check_shape, normalize_dims, numel, padded,
                        reduce_layouts, reduced_shape)
from .single import library_case

FAMILY = "reduce"
WG = 64  # shaders/reduce/reduce.yaml


@dataclass(frozen=True)
class Runs:
    """A reduction as its routes see it: `count` outputs, each over a run of `length` elements."""

    count: int
    length: int


def _dims(name: str, x: Spec, dim: int | Sequence[int] | None) -> tuple[int, ...]:
    if name in INDEX_OPS and dim is not None and not isinstance(dim, int):
        raise ShapeError(f"{name}: dim must be one int or None (all dims), got {dim!r}")
    dims = normalize_dims(name, dim, len(x.shape))
    if numel([x.shape[d] for d in dims]) == 0:
        raise ShapeError(f"{name}: cannot reduce over an empty dim (dims {list(dims)} of {list(x.shape)})")
    return dims


def infer(name: str, x: Spec, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Spec:
    """The output Spec; typed errors (dtype, dim out of range, empty run) before any GPU work."""
    check_dtype(name, x.dtype, DTYPES)
    shape = check_shape(name, "x", x.shape)
    dims = _dims(name, x, dim)
    return Spec(reduced_shape(shape, dims, keepdim), "i32" if name in INDEX_OPS else x.dtype)


def build(plan: Plan, op: str, name: str, x: Tensor, *, out: Tensor, dim: int | Sequence[int] | None = None,
          keepdim: bool = False) -> None:
    """Append out = name(x, dim, keepdim)."""
    check_out(op, out, infer(name, x, dim, keepdim))
    dims = _dims(name, x, dim)
    kept, red = reduce_layouts(x.shape, dims)
    runs = Runs(numel(out.shape), numel([x.shape[d] for d in dims]))
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, name, x.dtype, ROUTES[0].variant), n_out=runs.count,
                           red_len=runs.length, kept_rank=kept.rank, red_rank=red.rank,
                           dims=[*padded(kept.dims), *padded(red.dims)],
                           strides=[*padded(kept.strides[0]), *padded(red.strides[0])])
    plan.add_node(op, FAMILY, runs, ROUTES, RunsArgs(runs, (FAMILY, name, x.dtype), (params, x.buffer, out.buffer)))


@dataclass(frozen=True)
class RunsArgs:
    """Build args of a reduce-shaped node (reduce, softmax): its runs, kernel id prefix and bindings."""

    runs: Runs
    prefix: tuple[str, ...]
    bindings: tuple


def build_runs(route: Route, a: RunsArgs) -> list[Launch]:
    """The row's MODE variant over the runs: GROUP_SIZE outputs per workgroup."""
    grid = grid_1d(a.runs.count, GROUP_SIZE[route.variant])
    return [Launch(kernel_id(*a.prefix, route.variant), a.bindings, lambda live: grid)]


# -- registration -------------------------------------------------------------------------------
INDEX_OPS = ("argmax", "argmin")
NAMES = ("amax", "amin", *INDEX_OPS)
DTYPES = tuple(sorted({e.params["T"] for e in kernels.entries(FAMILY)}))  # reduce.yaml's T axis
# Rows name the template's MODE axis; softmax routes its rows the same way.
ROUTES = [
    Route("serial", lambda c: c.spec.length <= WG, build_runs,
          "short runs: one invocation per output loops alone, no barriers, no idle lanes", "serial"),
    Route("tree", always, build_runs, "long runs: a workgroup per output shares the loads, then a tree", "tree"),
]
GROUP_SIZE = {"serial": WG, "tree": 1}  # outputs per workgroup: grid_1d(count, GROUP_SIZE)
register(*(Op(name, FAMILY, library_case(name, build), {FAMILY: ROUTES}, DTYPES, infer) for name in NAMES))
