"""The arrays pyrite.eager takes and gives: numpy's where numpy is installed, and the stdlib's memoryview
everywhere (this project's Pyodide has no numpy). A C-contiguous memoryview with a shape and a format is an
n-d array without numpy:

    memoryview(array.array("f", [1, 2, 3, 4, 5, 6])).cast("B").cast("f", [2, 3])   # f32 [2, 3]

Formats: "f" float32, "i" int32, "?" bool (one byte each, as numpy's); float16 needs numpy (memoryview
cannot cast to "e"). Results come back as the inputs came: numpy in, numpy out; memoryviews in,
memoryview out (a 0-d result too: `.tolist()` gives the number).
"""
from __future__ import annotations

import array
from dataclasses import dataclass
from typing import Any

from .errors import DTypeError, ShapeError

try:  # numpy is the host's array type; Pyodide here has none, and nothing below needs it
    import numpy as np
except ImportError:  # pragma: no cover - exercised in the page
    np = None

FORMATS = {"f": "f32", "i": "i32", "?": "bool"}   # memoryview format -> pyrite dtype
FORMAT_OF = {name: fmt for fmt, name in FORMATS.items()}
NUMPY_NAMES = {"float32": "f32", "int32": "i32", "bool": "bool", "float16": "f16"}  # numpy's dtype names
DTYPES = ("f32", "i32", "bool", "f16")


@dataclass(frozen=True)
class Operand:
    """An array operand on the host: shape, pyrite dtype, row-major little-endian bytes."""
    shape: tuple[int, ...]
    dtype: str
    data: bytes


def is_numpy(x: Any) -> bool:
    return np is not None and isinstance(x, (np.ndarray, np.generic))


def _view(x: Any) -> memoryview | None:
    """x as a memoryview where it supports the buffer protocol (memoryview, array.array, bytes-likes)."""
    try:
        return memoryview(x)
    except TypeError:
        return None


def operand(op: str, i: int, x: Any) -> Operand:
    """A numpy array or scalar, or a buffer (memoryview, array.array) of a supported format, as an Operand."""
    if is_numpy(x):
        a = np.ascontiguousarray(x)
        name = NUMPY_NAMES.get(a.dtype.name)
        if name is None:
            raise DTypeError(f"{op}: input {i} has dtype {a.dtype}, which is not supported "
                             f"(supported: {', '.join(NUMPY_NAMES)})")
        return Operand(tuple(a.shape), name, a.tobytes())
    m = _view(x)
    if m is None:
        raise DTypeError(f"{op}: input {i} is a {type(x).__name__}: pass a numpy array, a memoryview or an "
                         f"array.array (formats {', '.join(repr(f) for f in FORMATS)}), or a python scalar")
    fmt = m.format.lstrip("@=")
    if fmt not in FORMATS or m.itemsize != (1 if fmt == "?" else 4):
        raise DTypeError(f"{op}: input {i} has buffer format {m.format!r}, which is not supported "
                         f"(supported: {', '.join(repr(f) for f in FORMATS)})")
    if not m.c_contiguous:
        raise ShapeError(f"{op}: input {i} is a strided memoryview {list(m.shape)}: pass a C-contiguous one")
    return Operand(tuple(m.shape), FORMATS[fmt], m.tobytes())


def dtype_name(op: str, value: Any) -> str:
    """A dtype given as pyrite's name ("i32"), numpy's ("int32"), or a numpy dtype or type -> pyrite's name."""
    if isinstance(value, str) and value in DTYPES:
        return value
    if isinstance(value, str):
        name = NUMPY_NAMES.get(value)
    elif np is not None:
        try:
            name = NUMPY_NAMES.get(np.dtype(value).name)
        except TypeError:
            name = None
    else:
        name = None
    if name is None:
        raise DTypeError(f"{op}: dtype {value!r} is not supported (supported: "
                         f"{', '.join(f'{n} ({d})' for d, n in NUMPY_NAMES.items())})")
    return name


def f32_tensor(op: str, name: str, x: Any) -> tuple[tuple[int, ...], bytes]:
    """A numeric array (numpy of any float or int dtype, or a memoryview "f" / "i") as (shape, f32 bytes)."""
    if is_numpy(x) or isinstance(x, (list, tuple)):
        if np is None:
            raise ShapeError(f"{op}: {name} is a {type(x).__name__}: pass a memoryview of format 'f'")
        a = np.asarray(x)
        if a.dtype.kind not in "fiu":
            raise ShapeError(f"{op}: {name} must be a float array, got {a.dtype} {list(a.shape)}")
        return tuple(a.shape), np.ascontiguousarray(a, dtype=np.float32).tobytes()
    m = _view(x)
    fmt = m.format.lstrip("@=") if m is not None else None
    if fmt not in ("f", "i") or not m.c_contiguous:
        raise ShapeError(f"{op}: {name} must be a float array, got {type(x).__name__}"
                         + (f" of format {m.format!r}" if m is not None else ""))
    data = m.tobytes() if fmt == "f" else array.array("f", m.cast("B").cast("i")).tobytes()
    return tuple(m.shape), data


def check_result(op: str, dtype: str, numpy: bool) -> None:
    """DTypeError where a result of this dtype cannot come back as asked (before any GPU work)."""
    if not numpy and dtype not in FORMAT_OF:
        raise DTypeError(f"{op}: a {dtype} result needs numpy (memoryview has no {dtype} format)")


def result(data: bytes, shape: tuple[int, ...], dtype: str, numpy: bool) -> Any:
    """An output's bytes as a numpy array (numpy=True) or a memoryview of its shape and format."""
    count = 1
    for d in shape:
        count *= d
    size = {"bool": 1, "f16": 2}.get(dtype, 4) * count
    if numpy:
        return np.frombuffer(data[:size], {"f32": np.float32, "i32": np.int32, "bool": np.bool_,
                                           "f16": np.float16}[dtype]).reshape(shape).copy()
    view = memoryview(bytearray(data[:size]))
    return view.cast(FORMAT_OF[dtype]) if count == 0 else view.cast(FORMAT_OF[dtype], list(shape))


def is_array(x: Any) -> bool:
    """An array argument (numpy array, memoryview, array.array, list or tuple), not a scalar or a name."""
    return isinstance(x, (list, tuple, memoryview, array.array)) or (np is not None and isinstance(x, np.ndarray))


def wants_numpy(inputs: tuple) -> bool:
    """Numpy out when any input is numpy, or none is a buffer and numpy is here."""
    if any(is_numpy(x) for x in inputs):
        return True
    return np is not None and not any(_view(x) is not None for x in inputs if not isinstance(x, (bool, int, float)))
