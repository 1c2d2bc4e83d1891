"""The bit-exact GGUF repackers without numpy, for the in-page converter (Pyodide has no numpy).

A twin of quant/packing.py's pack_gguf and quant/kquants.py's repack / widen_to_q8: the same parts,
byte for byte (tests/quant/test_purepack.py compares them), from the stdlib alone. Layouts: those
modules' docstrings and pyrite/formats.py.

Per-element Python loops would take minutes on a model in WebAssembly, so all the work is done by
C-speed primitives over ~1 MB chunks of whole blocks:
  - extended slicing of array.array (the widest unit that divides the block layout) gathers a field of
    every block into one run, and interleaves runs;
  - Python ints as wide registers: int.from_bytes over a whole chunk, then &, |, ^, >>, << with masks
    repeated per byte / 16-, 32- or 64-bit lane, so a shift never carries a bit into another lane;
  - bytes.translate for byte-wise functions (a nibble minus an offset).
fp16 values are only moved, never decoded (F16 -> F32 too is done on the bits).
"""
from __future__ import annotations

import math
import struct
from array import array
from functools import lru_cache
from typing import Callable

from pyrite.errors import ShapeError
from pyrite.formats import FORMATS, SUPERBLOCK
from pyrite.quant.packed import GGUF_GROUP, PackedTensor, check_packable

Buffer = bytes | bytearray | memoryview
_CHUNK = 1 << 20  # input bytes per chunk: bounds the temporaries (a few ints of this size)
_UNIT = {1: "B", 2: "H", 4: "I", 8: "Q"}
assert all(array(c).itemsize == u for u, c in _UNIT.items()), "array typecode sizes"


@lru_cache(maxsize=16)
def _mask(lane: bytes, size: int) -> int:
    """`lane` repeated over `size` bytes, as an int (cleared after every call: they are chunk-sized)."""
    return int.from_bytes(lane * (size // len(lane)), "little")


class _Chunk:
    """Whole blocks of `bs` bytes; field() gathers one byte range of every block into a contiguous array."""

    def __init__(self, data: bytes, bs: int):
        self.data, self.bs, self.count, self._as = data, bs, len(data) // bs, {}

    def field(self, at: int, size: int, stride: int | None = None) -> array:
        """Bytes [at, at + size) of each block, `stride` bytes apart (zero padded)."""
        stride = stride or size
        u = next(u for u in (8, 4, 2, 1) if not (self.bs % u or at % u or size % u or stride % u))
        if u not in self._as:
            self._as[u] = array(_UNIT[u], self.data)
        src, bs, at, size, stride = self._as[u], self.bs // u, at // u, size // u, stride // u
        if size == stride == bs:
            return src
        out = array(_UNIT[u], [0]) * (self.count * stride)
        for i in range(size):  # one C-speed strided copy per unit of the field
            out[i::stride] = src[at + i::bs]
        return out


def _interleave(a: Buffer, b: Buffer, run: int) -> bytes:
    """Runs of `run` bytes (a multiple of 8), alternately from a and from b."""
    qa, qb, w = array("Q", a), array("Q", b), run // 8
    out = array("Q", [0]) * (len(qa) + len(qb))
    for j in range(w):
        out[j::2 * w] = qa[j::w]
        out[w + j::2 * w] = qb[j::w]
    return out.tobytes()


def _pack_runs(qs: Buffer, run: int) -> bytes:
    """GGUF nibble bytes whose low nibbles are the first `run` values of each run of 2 * run and high
    nibbles the next `run` -> the "q" plane (value k in nibble k % 2 of byte k / 2)."""
    size = memoryview(qs).nbytes
    x = int.from_bytes(qs, "little")
    # per 16-bit lane (bytes b0 | b1 << 8): (b0 & 15 | (b1 & 15) << 4) | (b0 >> 4 | b1 & 0xF0) << 8, i.e.
    # the low nibbles' pair in the low byte, the high nibbles' in the high byte
    u = (x & _mask(b"\x0f\xf0", size)) | ((x >> 4) & _mask(b"\xf0\x00", size)) | ((x << 4) & _mask(b"\x00\x0f", size))
    ub = u.to_bytes(size, "little")
    return _interleave(ub[0::2], ub[1::2], run // 2)


def _transpose(x: int, size: int, steps: tuple[tuple[int, bytes], ...]) -> int:
    """Bit-matrix transposes in every lane at once: delta swaps (x ^ x >> s) & mask, the masks repeated
    per lane and chosen so no bit leaves its lane."""
    for shift, lane in steps:
        t = (x ^ (x >> shift)) & _mask(lane, size)
        x ^= t ^ (t << shift)
    return x


# 8 x 8 bits in each 64-bit lane (bit 8r + c <-> 8c + r), and 4 x 4 two-bit fields in each 32-bit lane
# (bits 8r + 2c <-> 8c + 2r)
_T8X8 = ((7, (0x00AA00AA00AA00AA).to_bytes(8, "little")), (14, (0x0000CCCC0000CCCC).to_bytes(8, "little")),
         (28, (0x00000000F0F0F0F0).to_bytes(8, "little")))
_T4X4 = ((6, (0x00CC00CC).to_bytes(4, "little")), (12, (0x0000F0F0).to_bytes(4, "little")))


def _high_plane(qh: array, steps: tuple[tuple[int, bytes], ...], lanes: int, per: int) -> bytes:
    """A K-quant's qh bytes -> the "qh" plane. Each lane of `per` bytes is one bit matrix whose rows
    are its bytes; transposed, its byte i belongs at i * lanes + (lane index) within each 32 bytes."""
    size = memoryview(qh).nbytes
    y = _transpose(int.from_bytes(qh, "little"), size, steps).to_bytes(size, "little")
    out = bytearray(size)
    for c in range(lanes):
        for i in range(per):
            out[i * lanes + c::32] = y[c * per + i::32]
    return bytes(out)


def _q5k_high(qh: array) -> bytes:
    """Q5_K: value 32i + l's 5th bit is qh[l] >> i & 1; in the plane, bit l % 8 of byte 4i + l / 8."""
    return _high_plane(qh, _T8X8, 4, 8)


def _q6k_high(qh: array) -> bytes:
    """Q6_K: value 128h + 32i + l's top bits are qh[32h + l] >> 2i & 3; in the plane, bits 2 (l % 4) of
    byte 32h + 8i + l / 4."""
    return _high_plane(qh, _T4X4, 8, 4)


Parts = dict[str, Buffer]
# GGUF type -> (pyrite format, values per block, bytes per block, fp16 fields (part, offset) per block,
# the row-major parts of a chunk of blocks)
_TYPES: dict[str, tuple[str, int, int, tuple[tuple[str, int], ...], Callable[[_Chunk], Parts]]] = {
    "Q4_0": ("q4gsw", GGUF_GROUP, 18, (("scale", 0),), lambda c: {"q": _pack_runs(c.field(2, 16), 16)}),
    "Q4_1": ("q4a", GGUF_GROUP, 20, (("scale", 0), ("min", 2)), lambda c: {"q": _pack_runs(c.field(4, 16), 16)}),
    "Q8_0": ("q8gsw", GGUF_GROUP, 34, (("scale", 0),), lambda c: {"q": c.field(2, 32)}),
    "Q5_0": ("q5", GGUF_GROUP, 22, (("scale", 0),),
             lambda c: {"q": _pack_runs(c.field(6, 16), 16), "qh": c.field(2, 4)}),
    "Q5_1": ("q5a", GGUF_GROUP, 24, (("scale", 0), ("min", 2)),
             lambda c: {"q": _pack_runs(c.field(8, 16), 16), "qh": c.field(4, 4)}),
    "Q4_K": ("q4k", SUPERBLOCK, 144, (), lambda c: {"q": _pack_runs(c.field(16, 128), 32), "sb": c.field(0, 16)}),
    "Q5_K": ("q5k", SUPERBLOCK, 176, (), lambda c: {"q": _pack_runs(c.field(48, 128), 32),
                                                    "qh": _q5k_high(c.field(16, 32)), "sb": c.field(0, 16)}),
    "Q6_K": ("q6k", SUPERBLOCK, 210, (), lambda c: {"q": _pack_runs(c.field(0, 128), 64),
                                                    "qh": _q6k_high(c.field(128, 64)),
                                                    "sb": c.field(192, 18, stride=20)}),  # + a zero half
}


def _blocks(raw: Buffer, n: int, k: int, per: int, bs: int, what: str) -> memoryview:
    """The raw tensor's bytes, their count checked as packing.gguf_blocks does."""
    mv = memoryview(raw).cast("B")
    want = n * (k // per) * bs
    if mv.nbytes != want:
        raise ShapeError(f"{what}: {mv.nbytes} bytes of blocks, shape [{n}, {k}] needs {want}")
    return mv


def _chunks(mv: memoryview, bs: int):
    step = bs * max(1, _CHUNK // bs)
    for at in range(0, mv.nbytes, step):
        yield _Chunk(bytes(mv[at:at + step]), bs)


def _halves(h: array, n: int, groups: int) -> bytes:
    """fp16 bits row-major [N, G] -> group-major [G, N], padded to 4 bytes (layout.pack_halves)."""
    out = array("H", [0]) * (n * groups)
    if groups <= n:
        for g in range(groups):
            out[g * n:(g + 1) * n] = h[g::groups]
    else:
        for r in range(n):
            out[r::n] = h[r * groups:(r + 1) * groups]
    return out.tobytes() + b"\0" * (-2 * len(out) % 4)


def _repack(raw: Buffer, type_name: str, shape: tuple[int, ...], name: str) -> PackedTensor:
    fmt, per, bs, half_fields, rows = _TYPES[type_name]
    n, k = check_packable(name, shape, per)
    mv = _blocks(raw, n, k, per, bs, f"{type_name} tensor {name!r}")
    pieces: dict[str, list[Buffer]] = {}
    halves = {part: array("H") for part, _ in half_fields}
    for c in _chunks(mv, bs):
        for part, data in rows(c).items():
            pieces.setdefault(part, []).append(data)
        for part, at in half_fields:
            halves[part].extend(c.field(at, 2))
    parts = {part: _halves(halves[part], n, k // per) if part in halves else b"".join(pieces.get(part, ()))
             for part in FORMATS[fmt].parts}  # in the numpy packers' order
    return PackedTensor(fmt, (n, k), per, parts)


@lru_cache(maxsize=1)
def _subnormals() -> tuple[bytes, ...]:
    """f32 bytes of every subnormal fp16 (sign bit, 10-bit mantissa): m * 2^-24, exact."""
    return tuple(struct.pack("<f", (-1.0 if s else 1.0) * m * 2.0 ** -24) for s in (0, 1) for m in range(1024))


def _f16_byte_tables() -> tuple[bytes, ...]:
    """f32 = sign << 31 | (e + bias) << 23 | m << 13 (bias 112; e 0: 0, e 31: 224, inf / NaN payload kept), as
    tables of the f16's low byte lo and high byte hi: byte 1 = (lo & 7) << 5; byte 2 = lo >> 3 | (hi & 3) << 5
    | (e & 1) << 7; byte 3 = sign << 7 | (e + bias) >> 1; byte 0 is 0. kind: 2 if e = 0, | 1 if m != 0."""
    def exp(hb: int) -> int:
        e = hb >> 2 & 31
        return e + (0 if e == 0 else 224 if e == 31 else 112)
    return (bytes((b & 7) << 5 for b in range(256)), bytes(b >> 3 for b in range(256)),
            bytes((b & 3) << 5 | (b >> 2 & 1) << 7 for b in range(256)),
            bytes((b & 0x80) | exp(b) >> 1 for b in range(256)),
            bytes(int(b != 0) for b in range(256)), bytes(2 * (b & 0x7C == 0) | int(b & 3 != 0) for b in range(256)))


_F16 = _f16_byte_tables()


def _or(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "little") | int.from_bytes(b, "little")).to_bytes(len(a), "little")


def _f16_to_f32(h: bytes) -> bytes:
    """fp16 bits -> f32 bits, exactly as numpy's astype, byte plane by byte plane (_f16_byte_tables); the
    rare subnormals (e = 0, m != 0: kind 3) fixed up one by one from a table."""
    b1, b2_lo, b2_hi, b3, lo_kind, hi_kind = _F16
    lo, hi = h[0::2], h[1::2]
    out = bytearray(4 * len(lo))
    out[1::4], out[2::4], out[3::4] = lo.translate(b1), _or(lo.translate(b2_lo), hi.translate(b2_hi)), hi.translate(b3)
    kind, table, j = _or(lo.translate(lo_kind), hi.translate(hi_kind)), _subnormals(), -1
    while (j := kind.find(3, j + 1)) >= 0:
        out[4 * j:4 * j + 4] = table[(hi[j] >> 7) * 1024 + ((hi[j] & 3) << 8 | lo[j])]
    return bytes(out)


def _pack_float(raw: Buffer, shape: tuple[int, ...], dtype: str, name: str) -> PackedTensor:
    """F32 (copied) or F16 (widened, exact) -> f32 (packing.pack_float)."""
    mv, width, count = memoryview(raw).cast("B"), {"F32": 4, "F16": 2}[dtype], math.prod(shape)
    if mv.nbytes != width * count:
        raise ShapeError(f"{dtype} tensor {name!r}: {mv.nbytes // width} elements, shape {list(shape)} needs {count}")
    if dtype == "F32":
        return PackedTensor("f32", tuple(shape), None, {"data": bytes(mv)})
    step = _CHUNK - _CHUNK % 2  # whole halves
    data = b"".join(_f16_to_f32(bytes(mv[at:at + step])) for at in range(0, mv.nbytes, step))
    return PackedTensor("f32", tuple(shape), None, {"data": data})


def pack_gguf_pure(raw: Buffer, type_name: str, shape: tuple[int, ...], name: str = "?") -> PackedTensor:
    """packing.pack_gguf without numpy: bit-exact repack of a GGUF tensor of an exact type, F32 or F16."""
    try:
        if type_name in ("F32", "F16"):
            return _pack_float(raw, shape, type_name, name)
        if type_name not in _TYPES:
            raise ShapeError(f"tensor {name!r}: GGUF type {type_name} has no exact pyrite format "
                             f"(exact: {sorted(_TYPES)} F32 F16)")
        return _repack(raw, type_name, shape, name)
    finally:
        _mask.cache_clear()


_TO_INT8 = {  # nibble value - offset as an int8 byte: the low and the high nibble of a qs byte
    t: (bytes(((v & 15) - off) & 255 for v in range(256)), bytes(((v >> 4) - off) & 255 for v in range(256)))
    for t, off in (("Q4_0", 8), ("Q5_0", 0))}
_BIT_TO_16 = [bytes((v >> t & 1) << 4 for v in range(256)) for t in range(8)]  # bit t of a byte, as 16
_MINUS_16 = bytes((v - 16) & 255 for v in range(256))


def widen_to_q8_pure(raw: Buffer, type_name: str, shape: tuple[int, ...], name: str = "?") -> PackedTensor:
    """kquants.widen_to_q8 without numpy: a Q4_0 or Q5_0 tensor as q8gsw, losslessly (q - 8 or q - 16 as
    an int8 at the block's own fp16 scale)."""
    if type_name not in _TO_INT8:
        raise ShapeError(f"tensor {name!r}: only Q4_0 and Q5_0 widen to q8gsw, not {type_name}")
    bs = _TYPES[type_name][2]
    n, k = check_packable(name, shape, GGUF_GROUP)
    mv = _blocks(raw, n, k, GGUF_GROUP, bs, f"{type_name} tensor {name!r}")
    lo_table, hi_table = _TO_INT8[type_name]
    q, scale = [], array("H")
    for c in _chunks(mv, bs):
        qs = c.field(bs - 16, 16).tobytes()
        values = _interleave(qs.translate(lo_table), qs.translate(hi_table), 16)  # values 0..15, 16..31
        if type_name == "Q5_0":  # add bit j of qh as 16 to value j: bit t of qh byte c is value 8c + t
            qh, high = c.field(2, 4).tobytes(), bytearray(32 * c.count)
            for t in range(8):
                high[t::8] = qh.translate(_BIT_TO_16[t])
            values = _or(values, high).translate(_MINUS_16)
        q.append(values)
        scale.extend(c.field(0, 2))
    return PackedTensor("q8gsw", (n, k), GGUF_GROUP, {"q": b"".join(q), "scale": _halves(scale, n, k // GGUF_GROUP)})
