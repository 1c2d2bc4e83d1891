"""Shape and stride math of the general op library: broadcasting, dims, coalescing. Pure functions,
unit-tested without a GPU (tests/graph/test_broadcast.py).

Kernels see a tensor as a coalesced list of dims, innermost first, with one element stride per
operand (0 on a broadcast dim). Adjacent dims that every operand walks contiguously merge, so
same-shape operands become one dim and the kernel does no index math beyond a multiply.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import DTypeError, ShapeError

MAX_RANK = 8  # dims a kernel's params block holds: two vec4<u32> per shape or stride list

# Element bytes per dtype. bool is one byte per element (numpy's own layout), packed four to a u32
# word, little-endian; f16 is two to a word. Both are written a whole word per invocation.
ITEMSIZE = {"f32": 4, "i32": 4, "bool": 1, "f16": 2}

Shape = tuple[int, ...]


@dataclass(frozen=True)
class Spec:
    """What an op needs to know of an operand before any GPU work: its shape and dtype."""

    shape: Shape
    dtype: str


@dataclass(frozen=True)
class Layout:
    """Coalesced iteration space: dims innermost first, strides[k] = operand k's element strides."""

    dims: Shape
    strides: tuple[Shape, ...]

    @property
    def rank(self) -> int:
        return len(self.dims)


def numel(shape: Sequence[int]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def nbytes(shape: Sequence[int], dtype: str) -> int:
    return numel(shape) * ITEMSIZE[dtype]


def word_bytes(shape: Sequence[int], dtype: str) -> int:
    """Bytes of the whole u32 words holding a tensor, at least one: what its buffer holds and what a
    readback copies (copyBufferToBuffer moves multiples of 4 bytes)."""
    return max(4, -(-nbytes(shape, dtype) // 4) * 4)


def check_shape(op: str, name: str, shape: Sequence[object]) -> Shape:
    """A concrete shape of non-negative ints within MAX_RANK (the library has no live 'S' dims)."""
    if not all(isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in shape):
        raise ShapeError(f"{op}: {name} has shape {list(shape)}; the op library needs non-negative int dims")
    if len(shape) > MAX_RANK:
        raise ShapeError(f"{op}: {name} has rank {len(shape)} {list(shape)}, more than the {MAX_RANK} "
                         "dims a kernel takes")
    return tuple(shape)  # type: ignore[arg-type]


def check_dtype(op: str, dtype: str, allowed: Sequence[str]) -> None:
    if dtype not in allowed:
        raise DTypeError(f"{op}: dtype {dtype} is not supported (supported: {', '.join(allowed)})")


def check_out(op: str, out: Spec, want: Spec) -> None:
    """The caller's output tensor must be what the op produces."""
    if (tuple(out.shape), out.dtype) != (tuple(want.shape), want.dtype):
        name = getattr(out, "name", "out")
        raise ShapeError(f"{op}: output {name} is {out.dtype} {list(out.shape)}, expected "
                         f"{want.dtype} {list(want.shape)}")


def broadcast_shapes(op: str, *shapes: Sequence[int]) -> Shape:
    """numpy's rule: align right, each dim equal or 1. ShapeError names the op and every shape."""
    rank = max((len(s) for s in shapes), default=0)
    out = []
    for i in range(rank):
        dims = {s[len(s) - rank + i] for s in shapes if len(s) - rank + i >= 0}
        dims.discard(1)
        if len(dims) > 1:
            listed = " and ".join(str(list(s)) for s in shapes)
            raise ShapeError(f"{op}: shapes {listed} cannot broadcast (dim {i - rank}: {sorted(dims)})")
        out.append(dims.pop() if dims else 1)
    return tuple(out)


def contiguous_strides(shape: Sequence[int]) -> Shape:
    """Row-major element strides."""
    strides, step = [], 1
    for d in reversed(shape):
        strides.append(step)
        step *= d
    return tuple(reversed(strides))


def broadcast_strides(shape: Sequence[int], out_shape: Sequence[int]) -> Shape:
    """Strides of a contiguous `shape` read as `out_shape`: aligned right, 0 on broadcast dims."""
    lead = len(out_shape) - len(shape)
    own = contiguous_strides(shape)
    return tuple(0 if i < lead or shape[i - lead] == 1 else own[i - lead] for i in range(len(out_shape)))


def coalesce(dims: Sequence[int], strides: Sequence[Sequence[int]]) -> Layout:
    """Drop size-1 dims and merge neighbours every operand walks as one; dims given outermost first.

    dims [a, b] merge when, for every operand, stride(a) == stride(b) * b. Never empty: a scalar
    iteration space is one dim of size 1 (so a kernel's loop runs at least once).
    """
    kept: list[tuple[int, list[int]]] = []  # innermost first
    for i in reversed(range(len(dims))):
        size, st = dims[i], [s[i] for s in strides]
        if size == 1:
            continue
        if kept and all(o == k * kept[-1][0] for o, k in zip(st, kept[-1][1])):
            kept[-1] = (kept[-1][0] * size, kept[-1][1])
            continue
        kept.append((size, st))
    if not kept:
        kept = [(1, [0] * len(strides))]
    return Layout(tuple(d for d, _ in kept), tuple(tuple(s[k] for _, s in kept) for k in range(len(strides))))


def map_layout(out_shape: Sequence[int], in_shapes: Sequence[Sequence[int]]) -> Layout:
    """The elementwise map's iteration space: the output walked in order, inputs broadcast into it."""
    return coalesce(out_shape, [broadcast_strides(s, out_shape) for s in in_shapes])


def normalize_dims(op: str, dims: int | Sequence[int] | None, rank: int) -> tuple[int, ...]:
    """Sorted non-negative dims; None means all. Out of range or repeated dims raise ShapeError."""
    if dims is None:
        return tuple(range(rank))
    listed = [dims] if isinstance(dims, int) else list(dims)
    out = set()
    for d in listed:
        if not isinstance(d, int) or isinstance(d, bool) or not -rank <= d < rank:
            raise ShapeError(f"{op}: dim {d} is out of range for a tensor of rank {rank}")
        d %= rank
        if d in out:
            raise ShapeError(f"{op}: dim {d} is repeated in {listed}")
        out.add(d)
    return tuple(sorted(out))


def reduced_shape(shape: Sequence[int], dims: Sequence[int], keepdim: bool) -> Shape:
    """The output shape of a reduction over `dims` (normalized)."""
    if keepdim:
        return tuple(1 if i in dims else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in dims)


def reduce_layouts(shape: Sequence[int], dims: Sequence[int]) -> tuple[Layout, Layout]:
    """(kept, reduced): each a coalesced walk of the input's strides over its own group of dims.

    An output index decomposes over `kept` into the base offset of its run, a reduction index over
    `reduced` into the offset within the run; reduced indices count in row-major order of `dims`,
    as numpy's argmax counts over one axis or the flattened array.
    """
    strides = contiguous_strides(shape)
    groups = ([i for i in range(len(shape)) if i not in dims], list(dims))
    kept, red = ([shape[i] for i in g] for g in groups)
    return (coalesce(kept, [[strides[i] for i in groups[0]]]), coalesce(red, [[strides[i] for i in groups[1]]]))


def padded(values: Sequence[int], fill: int = 0) -> list[int]:
    """A dims or strides list padded to MAX_RANK entries for a params block."""
    return list(values) + [fill] * (MAX_RANK - len(values))
