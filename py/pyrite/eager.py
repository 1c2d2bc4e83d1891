"""pyrite.eager: run one library op on host arrays, on the GPU, and get an array back.

    >>> from pyrite import eager
    >>> eager.run("add", np.ones(3, np.float32), 2.0)          # host: numpy in, numpy out
    array([3., 3., 3.], dtype=float32)
    >>> await eager.run_async("neg", memoryview(array.array("f", [1, -2])))   # anywhere, Pyodide too
    <memory at 0x...>

Each call builds a one-op Plan through the same runner as the kernel tests (pyrite.ops.single.run_case),
on a device requested once: wgpu-py natively, navigator.gpu under Pyodide. The ops are the registry's
(graph/registry.py): the library ops (their infer gives the output) and the tensor ops (sdpa, attention:
their host form makes the case from f32 host tensors). Arrays are numpy's or the stdlib's memoryviews
(pyrite.hostarray: the page's Pyodide has no numpy). Every check happens before any GPU work: an unknown
op, unsupported dtypes (DTypeError), shapes that cannot broadcast or dims out of range (ShapeError),
tensors over the adapter's binding limit (LimitError). Dtypes: float32, int32, bool (one byte per
element), float16 (to_copy only, numpy only); python scalars where the op has a scalar form.
"""
from __future__ import annotations

import inspect
from typing import Any

from . import hostarray
from .errors import PyriteError
from .gpu import Device, request_device
from .graph.options import Options
from .graph.registry import HostTensor, Op, registered
from .ops.broadcast import Spec, nbytes, word_bytes
from .ops.single import Case, run_case  # importing pyrite.ops registers every op
from .sync import run_sync

_device: Device | None = None


async def default_device_async() -> Device:
    """The platform's device (pyrite.gpu.request_device) every eager call shares, requested once."""
    global _device
    if _device is None:
        _device = await request_device()
    return _device


def _operand(op: str, i: int, x: Any) -> hostarray.Operand | bool | int | float:
    """A python scalar as is; anything else as a host array of a supported dtype."""
    if isinstance(x, (bool, int, float)):
        return x
    return hostarray.operand(op, i, x)


def _check_kwargs(op: str, infer: Any, n_inputs: int, attrs: dict[str, Any]) -> None:
    """Unknown keyword arguments are a typed error naming the op and what it accepts: the op's
    infer() parameters after the op name and the operands."""
    params = list(inspect.signature(infer).parameters.values())[1:]
    named = [p for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    _refuse_unknown(op, attrs, [p.name for p in named[n_inputs:]])


def _refuse_unknown(op: str, attrs: dict[str, Any], accepted: list[str]) -> None:
    unknown = sorted(set(attrs) - set(accepted))
    if unknown:
        raise PyriteError(f"{op}: unknown keyword argument(s) {', '.join(unknown)} (it accepts: "
                          f"{', '.join(accepted + list(COMMON)) or 'none'})")


COMMON = ("attest", "device", "overrides", "options")  # every eager.run call takes these


def ops() -> dict[str, Op]:
    """The registered ops eager runs: the library ops and the tensor ops."""
    return {name: op for name, op in registered().items() if op.infer is not None or op.host is not None}


def case(op: str, *inputs: Any, overrides: dict[str, str] | None = None, options: dict[str, Any] | None = None,
         **attrs: Any) -> tuple[Case, Spec]:
    """The one-op Case for op(*inputs, **attrs) and its output Spec, validated, no device touched.

    Inputs travel as x0, x1, ... (python scalars in attrs), the output as "out", read back in whole
    words (decode trims it). overrides pins routes by family ({"binary": "strided"}); options are
    runtime options ({"sdpa_query_tile": 32}).
    """
    opts = dict(Options(options or {}))  # unknown names or values fail here
    entry = ops().get(op)
    if entry is None:
        raise PyriteError(f"eager: unknown op {op!r} (have {', '.join(sorted(ops()))})")
    if entry.host is not None:
        return _tensor_case(entry, inputs, dict(overrides or {}), opts, attrs)
    _check_kwargs(op, entry.infer, len(inputs), attrs)
    if "dtype" in attrs:  # to_copy(x, dtype=np.int32 / "int32" / "i32")
        attrs["dtype"] = hostarray.dtype_name(op, attrs["dtype"])
    values = [_operand(op, i, x) for i, x in enumerate(inputs)]
    specs = [Spec(v.shape, v.dtype) if isinstance(v, hostarray.Operand) else v for v in values]
    out = entry.infer(op, *specs, **attrs)
    args = [{"shape": list(s.shape), "dtype": s.dtype} if isinstance(s, Spec) else {"scalar": s} for s in specs]
    return (Case(op, {"args": args, "out": {"shape": list(out.shape), "dtype": out.dtype}, "attrs": attrs},
                 {f"x{i}": v.data for i, v in enumerate(values) if isinstance(v, hostarray.Operand)},
                 {"out": word_bytes(out.shape, out.dtype)}, overrides=dict(overrides or {}), options=opts), out)


def _host(op: str, name: str, x: Any) -> HostTensor:
    """A numeric array as the f32 host tensor a tensor op's host form takes."""
    return HostTensor(*hostarray.f32_tensor(op, name, x))


def _tensor_case(entry: Op, inputs: tuple, overrides: dict[str, str], options: dict[str, Any],
                 attrs: dict[str, Any]) -> tuple[Case, Spec]:
    """A tensor op's case from its host form: its positional parameters are the input tensors, its
    keyword-only ones the attrs it accepts (arrays among them travel as tensors too)."""
    params = inspect.signature(entry.host).parameters.values()
    names = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
    _refuse_unknown(entry.name, attrs, [p.name for p in params if p.kind is p.KEYWORD_ONLY and p.name not in COMMON])
    if len(inputs) != len(names):
        raise PyriteError(f"{entry.name}: takes {', '.join(names[:-1])} and {names[-1]}, got {len(inputs)} input(s)")
    tensors = [_host(entry.name, n, x) for n, x in zip(names, inputs)]
    kw = {k: _host(entry.name, k, v) if hostarray.is_array(v) else v for k, v in attrs.items()}
    return entry.host(*tensors, overrides=overrides, options=options, **kw)


def check_limits(device: Device, c: Case) -> None:
    """LimitError, naming the op and tensor, for any operand over the device's binding limit."""
    if ops()[c.op].host is not None:
        for name, data in c.inputs.items():
            device.check_buffer_size(f"{c.op}: {name}", len(data))
        return
    tensors = [(f"input {i}", a) for i, a in enumerate(c.attrs["args"]) if "shape" in a]
    for label, a in [*tensors, ("output", c.attrs["out"])]:
        device.check_buffer_size(f"{c.op}: {label} {a['dtype']} {a['shape']}", nbytes(a["shape"], a["dtype"]))


async def run_async(op: str, *inputs: Any, attest: bool = False, device: Device | None = None,
                    overrides: dict[str, str] | None = None, options: dict[str, Any] | None = None,
                    **attrs: Any) -> Any:
    """op(*inputs, **attrs) on the GPU -> array (numpy in, numpy out; memoryviews in, memoryview out);
    with attest=True, (array, attestation rows). Runs anywhere, Pyodide included.

    An attestation row says which route and kernels the op ran: {"op", "family", "route", "kernel",
    "dispatches"}. overrides pins a route by family, e.g. {"reduce": "tree"} or {"sdpa": "materialized"};
    options sets runtime options, e.g. {"sdpa_query_tile": 32}.
    """
    c, out = case(op, *inputs, overrides=overrides, options=options, **attrs)
    numpy = hostarray.wants_numpy(inputs)
    hostarray.check_result(op, out.dtype, numpy)
    device = device or await default_device_async()
    check_limits(device, c)
    outputs, rows = await run_case(device, c)
    result = hostarray.result(outputs["out"], tuple(out.shape), out.dtype, numpy)
    return (result, rows) if attest else result


def run(op: str, *inputs: Any, attest: bool = False, device: Device | None = None,
        overrides: dict[str, str] | None = None, options: dict[str, Any] | None = None, **attrs: Any) -> Any:
    """run_async from synchronous host code (not under Pyodide, where nothing may block: await run_async)."""
    return run_sync(run_async(op, *inputs, attest=attest, device=device, overrides=overrides, options=options,
                              **attrs))
