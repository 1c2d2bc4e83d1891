"""Host-only (numpy): dequantize pyrite formats and GGUF source tensors to float32.

Test references and the HF reference path use these. The arithmetic mirrors
gguf.quants.dequantize term for term (f32 scale times f32 value, plus f32 min), so a
bit-exact pack dequantizes to bit-identical floats.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np

from pyrite.errors import ModelFormatError, ShapeError
from pyrite.formats import FORMATS, part_bytes
from pyrite.models.format import ModelIndex, TensorEntry
from pyrite.quant.gguf import GGUFFile
from pyrite.quant.kquants import BLOCKS, dequant_exact
from pyrite.quant.packed import PackedTensor

Buffer = bytes | bytearray | memoryview
EXACT_FORMATS = {fmt for fmt, _, _ in BLOCKS.values()}  # quant/kquants.py reads these


def _halves(part: Buffer, n: int, groups: int) -> np.ndarray:
    """fp16 [G, N] group-major part -> float32 [N, G]."""
    s = np.frombuffer(part, dtype="<f2", count=groups * n).reshape(groups, n)
    return s.T.astype(np.float32)


def _per_element(s: np.ndarray, group_size: int) -> np.ndarray:
    """float32 [N, G] -> [N, G*gs], each group's value repeated over its elements."""
    return np.repeat(s, group_size, axis=1)


def _nibbles(part: Buffer, n: int, k: int) -> np.ndarray:
    b = np.frombuffer(part, dtype=np.uint8, count=n * k // 2).reshape(n, k // 2)
    q = np.empty((n, k), dtype=np.uint8)
    q[:, 0::2] = b & 0x0F
    q[:, 1::2] = b >> 4
    return q


def dequant(fmt: str, shape: tuple[int, ...], group_size: int | None, parts: Mapping[str, Buffer],
            name: str = "?") -> np.ndarray:
    """Our packed parts -> float32 array of `shape` ([N, K] or [K])."""
    if fmt not in FORMATS or set(parts) != set(FORMATS[fmt].parts):
        raise ModelFormatError(f"tensor {name!r}: format {fmt!r} with parts {sorted(parts)}")
    for pname, data in parts.items():
        want = part_bytes(fmt, shape, group_size, pname)
        if len(data) != want:
            raise ShapeError(f"tensor {name!r} part {pname!r}: {len(data)} bytes, {fmt} {list(shape)} needs {want}")
    if fmt == "f32":
        return np.frombuffer(parts["data"], dtype="<f4").reshape(shape).astype(np.float32)
    if fmt in EXACT_FORMATS:
        return dequant_exact(fmt, shape, parts)
    n, k = shape
    groups = k // group_size
    scale = _per_element(_halves(parts["scale"], n, groups), group_size)
    if fmt == "q8gsw":
        q = np.frombuffer(parts["q"], dtype=np.int8).reshape(n, k)
        return scale * q.astype(np.float32)
    q = _nibbles(parts["q"], n, k)
    if fmt == "q4gsw":
        return scale * (q.astype(np.int8) - np.int8(8)).astype(np.float32)
    m = _per_element(_halves(parts["min"], n, groups), group_size)
    return scale * q.astype(np.float32) + m  # q4a: d * q + m


def dequant_packed(p: PackedTensor) -> np.ndarray:
    return dequant(p.format, p.shape, p.group_size, p.parts)


def read_parts(model_dir: str | Path, index: ModelIndex, entry: TensorEntry) -> dict[str, bytes]:
    """The raw bytes of each part of one tensor, read from its shard."""
    out = {}
    for pname, p in entry.parts.items():
        with open(Path(model_dir) / index.shards[p.shard].file, "rb") as f:
            f.seek(p.offset)
            out[pname] = f.read(p.bytes)
    return out


def load_tensor(model_dir: str | Path, index: ModelIndex, name: str) -> np.ndarray:
    """Dequantize one tensor of a converted model directory to float32."""
    entry = index.tensors.get(name)
    if entry is None:
        raise ModelFormatError(f"{model_dir}: no tensor {name!r} in model.json")
    return dequant(entry.format, entry.shape, entry.group_size, read_parts(model_dir, index, entry), name)


def dequant_gguf(gguf: GGUFFile, name: str) -> np.ndarray:
    """A GGUF tensor as float32 in PyTorch order ([N, K] / [K]), via gguf.quants.dequantize."""
    from gguf import GGMLQuantizationType
    from gguf.quants import dequantize

    info = gguf.tensors.get(name)
    if info is None:
        raise ModelFormatError(f"{gguf.path}: no tensor {name!r}")
    raw = np.frombuffer(gguf.tensor_bytes(name), dtype=np.uint8)
    try:
        x = dequantize(raw, GGMLQuantizationType(info.ggml_type.id))
    except NotImplementedError:
        raise ModelFormatError(f"{gguf.path}: tensor {name!r} is {info.type_name}, which gguf cannot "
                               f"dequantize (so pyrite cannot convert it)") from None
    return np.asarray(x, dtype=np.float32).reshape(info.shape)
