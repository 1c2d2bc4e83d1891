"""Pure-Python GGUF reader: header, metadata key/values and the tensor index.

Stdlib only (struct + plain file reads), so it runs under Pyodide as well as on the
host. Tensor data is not read here beyond bounds checks; `GGUFFile.tensor_bytes`
returns one tensor's raw blocks on request.

File layout (little-endian, versions 2 and 3):
  magic "GGUF" | version u32 | n_tensors u64 | n_kv u64
  n_kv x (key: string, value_type u32, value)
  n_tensors x (name: string, n_dims u32, ne[n_dims] u64, ggml_type u32, offset u64)
  padding to general.alignment (default 32) | tensor data (offsets relative to here)
where string = len u64 + utf-8 bytes, array = item_type u32 + count u64 + items.
"""
from __future__ import annotations

import os
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from pyrite.errors import GGUFError

GGUF_MAGIC = b"GGUF"
SUPPORTED_VERSIONS = (2, 3)
DEFAULT_ALIGNMENT = 32
# ggml's GGML_MAX_DIMS: a tensor with more dims cannot come from llama.cpp.
MAX_DIMS = 4


# ---- metadata value types (gguf_type) ----------------------------------------------

class ValueType:
    UINT8, INT8, UINT16, INT16, UINT32, INT32, FLOAT32, BOOL = 0, 1, 2, 3, 4, 5, 6, 7
    STRING, ARRAY, UINT64, INT64, FLOAT64 = 8, 9, 10, 11, 12


# value type -> struct code for fixed-size scalars
_SCALAR_CODES: dict[int, str] = {
    ValueType.UINT8: "B", ValueType.INT8: "b", ValueType.UINT16: "H", ValueType.INT16: "h",
    ValueType.UINT32: "I", ValueType.INT32: "i", ValueType.FLOAT32: "f", ValueType.BOOL: "?",
    ValueType.UINT64: "Q", ValueType.INT64: "q", ValueType.FLOAT64: "d",
}


# ---- tensor types (ggml_type) --------------------------------------------------------

@dataclass(frozen=True)
class GGMLType:
    """A ggml tensor type: `block_size` elements are stored in `type_size` bytes."""

    id: int
    name: str
    block_size: int
    type_size: int


def _types(*rows: tuple[int, str, int, int]) -> dict[int, GGMLType]:
    return {r[0]: GGMLType(*r) for r in rows}


# id, name, elements per block, bytes per block (ggml.c type_traits; ids 4, 5 and
# 31..33 were removed upstream and stay unknown here). Q8_1 is 36 bytes as in ggml
# (fp16 d and s); gguf-py 0.19 still lists the old 40-byte f32 layout.
GGML_TYPES: dict[int, GGMLType] = _types(
    (0, "F32", 1, 4), (1, "F16", 1, 2),
    (2, "Q4_0", 32, 18), (3, "Q4_1", 32, 20),
    (6, "Q5_0", 32, 22), (7, "Q5_1", 32, 24),
    (8, "Q8_0", 32, 34), (9, "Q8_1", 32, 36),
    (10, "Q2_K", 256, 84), (11, "Q3_K", 256, 110), (12, "Q4_K", 256, 144),
    (13, "Q5_K", 256, 176), (14, "Q6_K", 256, 210), (15, "Q8_K", 256, 292),
    (16, "IQ2_XXS", 256, 66), (17, "IQ2_XS", 256, 74), (18, "IQ3_XXS", 256, 98),
    (19, "IQ1_S", 256, 50), (20, "IQ4_NL", 32, 18), (21, "IQ3_S", 256, 110),
    (22, "IQ2_S", 256, 82), (23, "IQ4_XS", 256, 136),
    (24, "I8", 1, 1), (25, "I16", 1, 2), (26, "I32", 1, 4), (27, "I64", 1, 8),
    (28, "F64", 1, 8), (29, "IQ1_M", 256, 56), (30, "BF16", 1, 2),
    (34, "TQ1_0", 256, 54), (35, "TQ2_0", 256, 66), (39, "MXFP4", 32, 17),
    (40, "NVFP4", 64, 36), (41, "Q1_0", 128, 18),
)
GGML_TYPE_IDS: dict[str, int] = {t.name: t.id for t in GGML_TYPES.values()}


# ---- parsed records --------------------------------------------------------------------

@dataclass(frozen=True)
class GGUFField:
    """One metadata key/value. `item_type` is set for arrays (the type of their items)."""

    key: str
    type: int
    value: Any
    item_type: int | None = None


@dataclass(frozen=True)
class GGUFTensorInfo:
    """One entry of the tensor index.

    dims is GGUF order (ne[0] is the contiguous, fastest-varying axis); shape is the
    PyTorch order, reversed dims: a linear weight [out N, in K] has dims (K, N).
    """

    name: str
    dims: tuple[int, ...]
    ggml_type: GGMLType
    offset: int       # relative to the start of the data section
    data_offset: int  # absolute offset in the file
    n_elements: int
    n_bytes: int

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(reversed(self.dims))

    @property
    def type_name(self) -> str:
        return self.ggml_type.name


# ---- byte cursor over a file ------------------------------------------------------------

class _Cursor:
    """Sequential little-endian reads from a file, buffered in chunks.

    Header sizes run from a few KiB to tens of MiB (a 150k-token vocabulary), so the
    file is read in 1 MiB chunks rather than all at once or value by value.
    """

    CHUNK = 1 << 20

    def __init__(self, f: BinaryIO, path: Path, file_size: int):
        self.f, self.path, self.file_size = f, path, file_size
        self.buf = b""
        self.buf_start = 0  # file offset of buf[0]
        self.pos = 0        # absolute file offset of the next read

    def _need(self, n: int, what: str) -> int:
        """Make n bytes at pos available; return their index in buf."""
        if self.pos + n > self.file_size:
            raise GGUFError(self.path, f"truncated header: {what} needs {n} bytes at offset "
                                       f"{self.pos}, file is {self.file_size} bytes")
        i = self.pos - self.buf_start
        if i + n > len(self.buf):
            self.f.seek(self.pos)
            self.buf = self.f.read(max(n, self.CHUNK))
            self.buf_start, i = self.pos, 0
            if len(self.buf) < n:
                raise GGUFError(self.path, f"truncated header: short read of {what} at offset {self.pos}")
        return i

    def unpack(self, code: str, what: str) -> tuple:
        size = struct.calcsize("<" + code)
        i = self._need(size, what)
        self.pos += size
        return struct.unpack_from("<" + code, self.buf, i)

    def u32(self, what: str) -> int:
        return self.unpack("I", what)[0]

    def u64(self, what: str) -> int:
        return self.unpack("Q", what)[0]

    def string(self, what: str) -> str:
        n = self.u64(f"length of {what}")
        if n > self.file_size - self.pos:
            raise GGUFError(self.path, f"bad string length {n} for {what} at offset {self.pos - 8} "
                                       f"(only {self.file_size - self.pos} bytes remain: truncated or corrupt)")
        i = self._need(n, what)
        raw = self.buf[i:i + n]
        self.pos += n
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise GGUFError(self.path, f"{what} at offset {self.pos - n} is not valid UTF-8: {e}") from None


# ---- the reader ------------------------------------------------------------------------

class GGUFFile:
    """A parsed GGUF header. Construction reads and validates the whole header and
    tensor index; tensor data stays on disk until `tensor_bytes` asks for it."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        try:
            f = open(self.path, "rb")
        except FileNotFoundError:
            raise GGUFError(self.path, "no such file") from None
        except IsADirectoryError:
            raise GGUFError(self.path, "is a directory, not a GGUF file") from None
        with f:
            self.file_size = os.fstat(f.fileno()).st_size
            cur = _Cursor(f, self.path, self.file_size)
            self._read_header(cur)
            self.fields: dict[str, GGUFField] = {}
            for i in range(self.n_kv):
                field = self._read_field(cur, i)
                if field.key in self.fields:
                    raise GGUFError(self.path, f"duplicate metadata key {field.key!r}")
                self.fields[field.key] = field
            self.alignment = self._alignment()
            infos = [self._read_tensor_info(cur, i) for i in range(self.n_tensors)]
            self.data_offset = -(-cur.pos // self.alignment) * self.alignment
            self.tensors: dict[str, GGUFTensorInfo] = {}
            for name, dims, gtype, offset, n_elements, n_bytes in infos:
                self.tensors[name] = self._place_tensor(name, dims, gtype, offset, n_elements, n_bytes)

    # -- header pieces --

    def _read_header(self, cur: _Cursor) -> None:
        magic = cur.unpack("4s", "magic")[0]
        if magic != GGUF_MAGIC:
            raise GGUFError(self.path, f"wrong magic {magic!r}, expected {GGUF_MAGIC!r} (not a GGUF file)")
        self.version = cur.u32("version")
        if self.version not in SUPPORTED_VERSIONS:
            # A big-endian file reads as a byte-swapped version (2 -> 0x02000000).
            swapped = int.from_bytes(self.version.to_bytes(4, "little"), "big")
            hint = " (big-endian GGUF is not supported)" if swapped in SUPPORTED_VERSIONS else ""
            raise GGUFError(self.path, f"unsupported GGUF version {self.version}{hint}; "
                                       f"supported: {', '.join(map(str, SUPPORTED_VERSIONS))}")
        self.n_tensors = cur.u64("tensor count")
        self.n_kv = cur.u64("metadata key/value count")
        # Every tensor info takes >= 24 bytes and every key/value >= 13: counts that
        # could not fit in the file are corruption, not a reason to loop for hours.
        rest = self.file_size - cur.pos
        for what, count, least in (("tensor count", self.n_tensors, 24), ("metadata count", self.n_kv, 13)):
            if count * least > rest:
                raise GGUFError(self.path, f"{what} {count} cannot fit in a {self.file_size}-byte file "
                                           f"(truncated header or corrupt count)")

    def _read_field(self, cur: _Cursor, i: int) -> GGUFField:
        key = cur.string(f"key of metadata entry {i}")
        vtype = cur.u32(f"type of {key!r}")
        if vtype == ValueType.ARRAY:
            item_type = cur.u32(f"item type of {key!r}")
            count = cur.u64(f"item count of {key!r}")
            return GGUFField(key, vtype, self._read_array(cur, key, item_type, count), item_type)
        return GGUFField(key, vtype, self._read_value(cur, key, vtype))

    def _read_value(self, cur: _Cursor, key: str, vtype: int) -> Any:
        if vtype == ValueType.STRING:
            return cur.string(f"value of {key!r}")
        code = _SCALAR_CODES.get(vtype)
        if code is None:
            raise GGUFError(self.path, f"metadata {key!r} has unknown value type {vtype}")
        return cur.unpack(code, f"value of {key!r}")[0]

    def _read_array(self, cur: _Cursor, key: str, item_type: int, count: int) -> list:
        if item_type == ValueType.STRING:
            if count * 8 > self.file_size - cur.pos:
                raise GGUFError(self.path, f"truncated header: array {key!r} claims {count} strings, "
                                           f"more than the file holds")
            return [cur.string(f"item {j} of {key!r}") for j in range(count)]
        if item_type == ValueType.ARRAY:
            # Nested arrays are legal GGUF but no llama.cpp model writes them.
            raise GGUFError(self.path, f"metadata {key!r} is an array of arrays (not supported)")
        code = _SCALAR_CODES.get(item_type)
        if code is None:
            raise GGUFError(self.path, f"array {key!r} has unknown item type {item_type}")
        size = struct.calcsize("<" + code)
        if count * size > self.file_size - cur.pos:
            raise GGUFError(self.path, f"truncated header: array {key!r} claims {count} items of "
                                       f"{size} bytes, past the end of the file")
        # One unpack for the whole array: 150k token types parse in milliseconds.
        return list(cur.unpack(f"{count}{code}", f"items of {key!r}"))

    def _alignment(self) -> int:
        field = self.fields.get("general.alignment")
        if field is None:
            return DEFAULT_ALIGNMENT
        a = field.value
        if field.type != ValueType.UINT32 or a <= 0 or a & (a - 1):
            raise GGUFError(self.path, f"general.alignment must be a power-of-two u32, got {a!r}")
        return a

    def _read_tensor_info(self, cur: _Cursor, i: int) -> tuple:
        name = cur.string(f"name of tensor {i}")
        n_dims = cur.u32(f"n_dims of tensor {name!r}")
        if not 1 <= n_dims <= MAX_DIMS:
            raise GGUFError(self.path, f"tensor {name!r} has {n_dims} dims (1..{MAX_DIMS} allowed)")
        dims = cur.unpack(f"{n_dims}Q", f"dims of tensor {name!r}")
        type_id = cur.u32(f"type of tensor {name!r}")
        offset = cur.u64(f"offset of tensor {name!r}")
        gtype = GGML_TYPES.get(type_id)
        if gtype is None:
            raise GGUFError(self.path, f"tensor {name!r} has unknown ggml type {type_id}")
        if dims[0] % gtype.block_size:
            raise GGUFError(self.path, f"tensor {name!r}: ne[0]={dims[0]} is not a multiple of the "
                                       f"{gtype.name} block size {gtype.block_size}")
        n_elements = 1
        for d in dims:
            n_elements *= d
        n_bytes = n_elements // gtype.block_size * gtype.type_size
        if n_bytes > self.file_size:
            raise GGUFError(self.path, f"tensor {name!r} dims {list(dims)} ({gtype.name}) need {n_bytes} bytes, "
                                       f"more than the whole {self.file_size}-byte file (overflowing dims)")
        return name, tuple(dims), gtype, offset, n_elements, n_bytes

    def _place_tensor(self, name: str, dims: tuple[int, ...], gtype: GGMLType, offset: int,
                      n_elements: int, n_bytes: int) -> GGUFTensorInfo:
        if name in self.tensors:
            raise GGUFError(self.path, f"duplicate tensor name {name!r}")
        if offset % self.alignment:
            raise GGUFError(self.path, f"tensor {name!r} offset {offset} is not a multiple of the "
                                       f"alignment {self.alignment}")
        start = self.data_offset + offset
        if start + n_bytes > self.file_size:
            raise GGUFError(self.path, f"truncated tensor data: {name!r} spans bytes {start}..{start + n_bytes}, "
                                       f"file is {self.file_size} bytes")
        return GGUFTensorInfo(name, dims, gtype, offset, start, n_elements, n_bytes)

    # -- public API --

    @property
    def metadata(self) -> dict[str, Any]:
        """Key -> plain Python value (int, float, bool, str, or a list of those)."""
        return {k: f.value for k, f in self.fields.items()}

    def get(self, key: str, default: Any = None) -> Any:
        field = self.fields.get(key)
        return default if field is None else field.value

    def tensor_bytes(self, name: str) -> bytes:
        """The raw ggml blocks of one tensor, exactly as stored."""
        info = self.tensors.get(name)
        if info is None:
            raise GGUFError(self.path, f"no tensor named {name!r}")
        with open(self.path, "rb") as f:
            f.seek(info.data_offset)
            data = f.read(info.n_bytes)
        if len(data) != info.n_bytes:
            raise GGUFError(self.path, f"truncated tensor data: {name!r} read {len(data)} of {info.n_bytes} bytes")
        return data


def read_gguf(path: str | os.PathLike) -> GGUFFile:
    """Parse and validate a GGUF file's header and tensor index."""
    return GGUFFile(path)
