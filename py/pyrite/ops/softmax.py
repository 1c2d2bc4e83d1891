"""softmax / log_softmax over one dim (torch's `dim`, default the last), max-subtracted, f32."""
from __future__ import annotations

from .. import kernels
from ..errors import ShapeError
from ..graph.plan import Plan, Tensor
from ..graph.registry import Op, register
from ..kernels import kernel_id
from .broadcast import Spec, check_dtype, check_out, check_shape, normalize_dims, numel
from .reduce import ROUTES, Runs, RunsArgs
from .single import library_case

FAMILY = "softmax"


def infer(name: str, x: Spec, dim: int = -1) -> Spec:
    """The output Spec (x's); typed errors before any GPU work. A 0-d x is one row of one."""
    check_dtype(name, x.dtype, DTYPES)
    shape = check_shape(name, "x", x.shape)
    _split(name, shape, dim)
    return Spec(shape, x.dtype)


def _split(name: str, shape: tuple, dim: int) -> tuple[int, int, int]:
    """(outer, K, inner) around `dim`; a 0-d x is one row of one."""
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise ShapeError(f"{name}: dim must be one int, got {dim!r}")
    if not shape:
        if dim not in (0, -1):
            raise ShapeError(f"{name}: dim {dim} is out of range for a 0-d tensor (use -1 or 0)")
        return 1, 1, 1
    (d,) = normalize_dims(name, dim, len(shape))
    return numel(shape[:d]), shape[d], numel(shape[d + 1:])


def build(plan: Plan, op: str, name: str, x: Tensor, *, out: Tensor, dim: int = -1) -> None:
    """Append out = name(x) over x's dim `dim`."""
    check_out(op, out, infer(name, x, dim))
    outer, K, inner = _split(name, tuple(x.shape), dim)
    runs = Runs(outer * inner if K else 0, K)
    params = plan.uniforms(f"{op}.params", kernel_id(FAMILY, name, ROUTES[0].variant), rows=runs.count, K=K,
                           inner=inner)
    plan.add_node(op, FAMILY, runs, ROUTES, RunsArgs(runs, (FAMILY, name), (params, x.buffer, out.buffer)))


# -- registration -------------------------------------------------------------------------------
# Routes: reduce.ROUTES (serial for rows up to a workgroup wide, a workgroup per row beyond).
NAMES = ("softmax", "log_softmax")
DTYPES = tuple(sorted({e.params["T"] for e in kernels.entries(FAMILY)}))  # softmax.yaml's T
register(*(Op(name, FAMILY, library_case(name, build), {FAMILY: ROUTES}, DTYPES, infer) for name in NAMES))
