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

import inspect
from typing import Any

import numpy as np

from .errors import DTypeError, PyriteError, ShapeError
from .gpu import Device
from .graph.options import Options
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


def _dtype_name(op: str, value: Any) -> str:
    """A dtype given as pyrite's name ("i32"), numpy's ("int32"), a numpy dtype or type -> pyrite's name."""
    if isinstance(value, str) and value in NUMPY:
        return value
    try:
        dt = np.dtype(value)
    except TypeError:
        dt = None
    if dt not in NAMES:
        raise DTypeError(f"{op}: dtype {value!r} is not supported (supported: "
                         f"{', '.join(f'{n} ({d})' for n, d in NUMPY.items())})")
    return NAMES[dt]


def _check_kwargs(op: str, family: Any, n_inputs: int, attrs: dict[str, Any]) -> None:
    """Unknown keyword arguments are a typed error naming the op and what it accepts: the family's
    infer() parameters after the op name and the operands."""
    params = list(inspect.signature(family.infer).parameters.values())[1:]
    named = [p for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    _refuse_unknown(op, attrs, [p.name for p in named[n_inputs:]])


def _refuse_unknown(op: str, attrs: dict[str, Any], accepted: list[str]) -> None:
    unknown = sorted(set(attrs) - set(accepted))
    if unknown:
        raise PyriteError(f"{op}: unknown keyword argument(s) {', '.join(unknown)} (it accepts: "
                          f"{', '.join(accepted + list(COMMON)) or 'none'})")


COMMON = ("attest", "device", "overrides", "options")  # every eager.run call takes these


def case(op: str, *inputs: Any, overrides: dict[str, str] | None = None, options: dict[str, Any] | None = None,
         **attrs: Any) -> tuple[Case, Spec]:
    """The one-op Case for op(*inputs, **attrs) and its output Spec, validated, no device touched.

    Inputs travel as x0, x1, ... (python scalars in attrs), the output as "out", read back in whole
    words (decode trims it). overrides pins routes by family ({"binary": "strided"}); options are
    runtime options ({"sdpa_query_tile": 32}).
    """
    opts = dict(Options(options or {}))  # unknown names or values fail here
    if op in ATTENTION:
        accepted = [p.name for p in inspect.signature(ATTENTION[op]).parameters.values()
                    if p.kind is p.KEYWORD_ONLY and p.name not in COMMON]
        _refuse_unknown(op, attrs, accepted)
        if len(inputs) != 3:
            raise PyriteError(f"{op}: takes q, k and v, got {len(inputs)} input(s)")
        return ATTENTION[op](*inputs, overrides=dict(overrides or {}), options=opts, **attrs)
    family = LIBRARY.get(op)
    if family is None:
        raise PyriteError(f"eager: unknown op {op!r} (have {', '.join(sorted([*LIBRARY, *ATTENTION]))})")
    _check_kwargs(op, family, len(inputs), attrs)
    if "dtype" in attrs:  # to_copy(x, dtype=np.int32 / "int32" / "i32")
        attrs["dtype"] = _dtype_name(op, attrs["dtype"])
    values = [_operand(op, i, x) for i, x in enumerate(inputs)]
    specs = [Spec(v.shape, NAMES[v.dtype]) if isinstance(v, np.ndarray) else v for v in values]
    out = family.infer(op, *specs, **attrs)
    args = [{"shape": list(s.shape), "dtype": s.dtype} if isinstance(s, Spec) else {"scalar": s} for s in specs]
    return (Case(op, {"args": args, "out": {"shape": list(out.shape), "dtype": out.dtype}, "attrs": attrs},
                 {f"x{i}": v.tobytes() for i, v in enumerate(values) if isinstance(v, np.ndarray)},
                 {"out": word_bytes(out.shape, out.dtype)}, overrides=dict(overrides or {}), options=opts), out)


def _f32(op: str, name: str, x: Any, rank: int) -> np.ndarray:
    a = np.asarray(x)
    if a.dtype.kind not in "fiu" or a.ndim != rank:
        raise ShapeError(f"{op}: {name} must be a {rank}-D float array, got {a.dtype} {list(a.shape)}")
    return np.ascontiguousarray(a, dtype=np.float32)


def _sdpa_case(q: Any, k: Any, v: Any, *, start_pos: int = 0, overrides: dict[str, str],
               options: dict[str, Any]) -> tuple[Case, Spec]:
    """sdpa: q [S, Hq, D]; k, v [start_pos + S, Hkv, D], the whole cache (stored as fp16, as the
    engine's cache is); token s attends to positions 0 .. start_pos + s."""
    from .ops.sdpa import validate
    q, k, v = _f32("sdpa", "q", q, 3), _f32("sdpa", "k", k, 3), _f32("sdpa", "v", v, 3)
    S, Hq, D = q.shape
    if len({D, k.shape[2], v.shape[2]}) > 1 or k.shape != v.shape:
        raise ShapeError(f"sdpa: head dims or cache shapes differ: q {list(q.shape)}, k {list(k.shape)}, "
                         f"v {list(v.shape)}")
    if not isinstance(start_pos, int) or start_pos < 0 or k.shape[0] < start_pos + S:
        raise ShapeError(f"sdpa: the cache holds {k.shape[0]} positions, shorter than start_pos {start_pos} + "
                         f"S {S}")
    max_ctx, Hkv = k.shape[0], k.shape[1]
    validate("sdpa", Hq, Hkv, D, max_ctx, S)
    caches = {}
    for name, t in (("k", k), ("v", v)):
        cache = np.zeros((Hkv, max_ctx, D), np.float16)
        cache[:, :start_pos] = t[:start_pos].transpose(1, 0, 2)
        caches[name] = cache.tobytes()
    inputs = {"q": q.tobytes(), "k": k[start_pos:start_pos + S].tobytes(), "v": v[start_pos:start_pos + S].tobytes(),
              "k_cache": caches["k"], "v_cache": caches["v"]}
    attrs = {"n_heads": Hq, "n_kv_heads": Hkv, "head_dim": D, "max_ctx": max_ctx, "max_seq": S}
    return (Case("sdpa", attrs, inputs, {"out": q.nbytes}, seq_len=S, pos=start_pos, overrides=overrides,
                 options=options), Spec(q.shape, "f32"))


def _attention_case(q: Any, k: Any, v: Any, *, mask: Any = None, overrides: dict[str, str],
                    options: dict[str, Any]) -> tuple[Case, Spec]:
    """attention: q [B, H, Sq, D], k, v [B, H, Skv, D], mask [Sq, Skv] additive or None; not causal."""
    from .ops.attention import validate
    q, k, v = (_f32("attention", n, t, 4) for n, t in (("q", q), ("k", k), ("v", v)))
    m = None if mask is None else _f32("attention", "mask", mask, np.ndim(mask))
    validate("attention", q.shape, k.shape, v.shape, None if m is None else m.shape, overrides.get("attention"))
    inputs = {"q": q.tobytes(), "k": k.tobytes(), "v": v.tobytes(), **({"mask": m.tobytes()} if m is not None else {})}
    attrs = {f"{n}_shape": list(t.shape) for n, t in (("q", q), ("k", k), ("v", v), ("mask", m)) if t is not None}
    return (Case("attention", attrs, inputs, {"out": q.nbytes}, overrides=overrides, options=options),
            Spec(q.shape, "f32"))


ATTENTION = {"sdpa": _sdpa_case, "attention": _attention_case}


def check_limits(device: Device, c: Case) -> None:
    """LimitError, naming the op and tensor, for any operand over the device's binding limit."""
    if c.op in ATTENTION:
        for name, data in c.inputs.items():
            device.check_buffer_size(f"{c.op}: {name}", len(data))
        return
    tensors = [(f"input {i}", a) for i, a in enumerate(c.attrs["args"]) if "shape" in a]
    for label, a in [*tensors, ("output", c.attrs["out"])]:
        device.check_buffer_size(f"{c.op}: {label} {a['dtype']} {a['shape']}", nbytes(a["shape"], a["dtype"]))


def decode(data: bytes, out: Spec) -> np.ndarray:
    """An output's bytes (whole words) as a numpy array of its Spec."""
    return np.frombuffer(data[:nbytes(out.shape, out.dtype)], NUMPY[out.dtype]).reshape(out.shape).copy()


def run(op: str, *inputs: Any, attest: bool = False, device: Device | None = None,
        overrides: dict[str, str] | None = None, options: dict[str, Any] | None = None, **attrs: Any) -> Any:
    """op(*inputs, **attrs) on the GPU -> numpy array; with attest=True, (array, attestation rows).

    An attestation row says which route and kernels the op ran: {"op", "family", "route", "kernel",
    "dispatches"}. overrides pins a route by family, e.g. {"reduce": "tree"} or {"sdpa": "materialized"};
    options sets runtime options, e.g. {"sdpa_query_tile": 32}.
    """
    c, out = case(op, *inputs, overrides=overrides, options=options, **attrs)
    device = device or default_device()
    check_limits(device, c)
    outputs, rows = run_sync(run_case(device, c))
    result = decode(outputs["out"], out)
    return (result, rows) if attest else result
