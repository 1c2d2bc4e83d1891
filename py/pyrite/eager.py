"""pyrite.eager: run one library op on numpy arrays, on the GPU, and get numpy back (host only).

    >>> from pyrite import eager
    >>> eager.run("add", np.ones(3, np.float32), 2.0)
    array([3., 3., 3.], dtype=float32)

Each call builds a one-op Plan on a cached native device through the same runner as the kernel
tests (pyrite.graph.single.run_case). Every check happens before any GPU work: an unknown op,
unsupported dtypes (DTypeError), shapes that cannot broadcast or dims out of range (ShapeError),
tensors over the adapter's binding limit (LimitError). Dtypes: float32, int32, bool (numpy's one
byte per element), float16 (to_copy only); python scalars where the op has a scalar form.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .errors import DTypeError, PyriteError
from .gpu import Device
from .graph.single import LIBRARY, Case, run_case
from .ops.broadcast import Spec, nbytes, word_bytes
from .sync import run_sync

NAMES = {np.dtype(np.float32): "f32", np.dtype(np.int32): "i32", np.dtype(np.bool_): "bool",
         np.dtype(np.float16): "f16"}
NUMPY = {name: dtype for dtype, name in NAMES.items()}

_device: Device | None = None


def default_device() -> Device:
    """The native (wgpu-py) device every eager call shares, requested once."""
    global _device
    if _device is None:
        from .gpu.native import request_device
        _device = run_sync(request_device())
    return _device


def _operand(op: str, i: int, x: Any) -> np.ndarray | bool | int | float:
    """A python scalar as is; anything else as a contiguous array of a supported dtype."""
    if isinstance(x, (bool, int, float)):
        return x
    a = np.ascontiguousarray(x)
    if a.dtype not in NAMES:
        raise DTypeError(f"{op}: input {i} has dtype {a.dtype}, which is not supported "
                         f"(supported: {', '.join(str(d) for d in NAMES)})")
    return a


def case(op: str, *inputs: Any, overrides: dict[str, str] | None = None, **attrs: Any) -> tuple[Case, Spec]:
    """The one-op Case for op(*inputs, **attrs) and its output Spec, validated, no device touched.

    Inputs travel as x0, x1, ... (python scalars in attrs), the output as "out", read back in whole
    words (decode trims it). overrides pins routes by family ({"binary": "strided"}).
    """
    family = LIBRARY.get(op)
    if family is None:
        raise PyriteError(f"eager: unknown op {op!r} (the library has {', '.join(sorted(LIBRARY))})")
    if "dtype" in attrs and not isinstance(attrs["dtype"], str):  # to_copy(x, dtype=np.int32)
        attrs["dtype"] = NAMES.get(np.dtype(attrs["dtype"]), str(attrs["dtype"]))
    values = [_operand(op, i, x) for i, x in enumerate(inputs)]
    specs = [Spec(v.shape, NAMES[v.dtype]) if isinstance(v, np.ndarray) else v for v in values]
    out = family.infer(op, *specs, **attrs)
    args = [{"shape": list(s.shape), "dtype": s.dtype} if isinstance(s, Spec) else {"scalar": s} for s in specs]
    return (Case(op, {"args": args, "out": {"shape": list(out.shape), "dtype": out.dtype}, "attrs": attrs},
                 {f"x{i}": v.tobytes() for i, v in enumerate(values) if isinstance(v, np.ndarray)},
                 {"out": word_bytes(out.shape, out.dtype)}, overrides=dict(overrides or {})), out)


def check_limits(device: Device, c: Case) -> None:
    """LimitError, naming the op and tensor, for any operand over the device's binding limit."""
    tensors = [(f"input {i}", a) for i, a in enumerate(c.attrs["args"]) if "shape" in a]
    for label, a in [*tensors, ("output", c.attrs["out"])]:
        device.check_buffer_size(f"{c.op}: {label} {a['dtype']} {a['shape']}", nbytes(a["shape"], a["dtype"]))


def decode(data: bytes, out: Spec) -> np.ndarray:
    """An output's bytes (whole words) as a numpy array of its Spec."""
    return np.frombuffer(data[:nbytes(out.shape, out.dtype)], NUMPY[out.dtype]).reshape(out.shape).copy()


def run(op: str, *inputs: Any, attest: bool = False, device: Device | None = None,
        overrides: dict[str, str] | None = None, **attrs: Any) -> Any:
    """op(*inputs, **attrs) on the GPU -> numpy array; with attest=True, (array, attestation rows).

    An attestation row says which route and kernel the op ran: {"op", "family", "route", "kernel"}.
    overrides pins a route by family, e.g. {"reduce": "tree"}.
    """
    c, out = case(op, *inputs, overrides=overrides, **attrs)
    device = device or default_device()
    check_limits(device, c)
    outputs, rows = run_sync(run_case(device, c))
    result = decode(outputs["out"], out)
    return (result, rows) if attest else result
