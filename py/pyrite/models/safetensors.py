"""A small safetensors reader (stdlib only, so it runs in Pyodide too).

File layout: u64 little-endian header length N, N bytes of JSON {name: {"dtype", "shape",
"data_offsets": [begin, end]}, "__metadata__": {...}}, then the data section; offsets are relative
to it. Everything a reader relies on is checked up front, each error naming the file and tensor:
the header fits the file, every dtype is known, every tensor's byte count matches its shape and
dtype, and no two tensors overlap or run past the end.

A sharded checkpoint is model.safetensors.index.json {"weight_map": {name: file}} beside its files.
"""
from __future__ import annotations

import json
import os
import struct
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from ..errors import ModelFormatError

DTYPE_BYTES = {"F32": 4, "F16": 2, "BF16": 2}  # the float dtypes checkpoints ship weights in
MAX_HEADER_BYTES = 100 << 20  # the format's own cap (safetensors refuses larger headers)
INDEX_FILE = "model.safetensors.index.json"
SINGLE_FILE = "model.safetensors"


class SafetensorsError(ModelFormatError):
    """A malformed safetensors file or index; the message names the file and the tensor."""


@dataclass(frozen=True)
class TensorInfo:
    name: str
    dtype: str                 # "F32" | "F16" | "BF16"
    shape: tuple[int, ...]
    start: int                 # absolute byte offset in the file
    nbytes: int


class SafetensorsFile:
    """One .safetensors file: its validated header; tensor bytes read on demand."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        try:
            size = self.path.stat().st_size
            with open(self.path, "rb") as f:
                head = f.read(8)
                if len(head) < 8:
                    raise SafetensorsError(f"{self.path}: {size} bytes, too short for a safetensors header")
                (n,) = struct.unpack("<Q", head)
                if n > MAX_HEADER_BYTES or 8 + n > size:
                    raise SafetensorsError(f"{self.path}: header length {n} runs past the end of the "
                                           f"{size}-byte file (truncated?)")
                raw = f.read(n)
        except FileNotFoundError:
            raise SafetensorsError(f"{self.path}: no such file") from None
        try:
            header = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            raise SafetensorsError(f"{self.path}: the header is not valid JSON ({e})") from None
        if not isinstance(header, dict):
            raise SafetensorsError(f"{self.path}: the header must be a JSON object")
        self.metadata = header.pop("__metadata__", None) or {}
        data_start = 8 + n
        self.tensors = {name: _info(self.path, name, d, data_start, size - data_start)
                        for name, d in header.items()}
        spans = sorted((t.start, t.start + t.nbytes, t.name) for t in self.tensors.values() if t.nbytes)
        for (_, end, a), (start, _, b) in pairwise(spans):
            if start < end:
                raise SafetensorsError(f"{self.path}: tensors {a!r} and {b!r} overlap")

    def read(self, name: str) -> bytes:
        """The raw little-endian bytes of one tensor."""
        t = self.tensors[name]
        with open(self.path, "rb") as f:
            f.seek(t.start)
            data = f.read(t.nbytes)
        if len(data) != t.nbytes:
            raise SafetensorsError(f"{self.path}: tensor {name!r} is cut short ({len(data)} of {t.nbytes} bytes)")
        return data


def _info(path: Path, name: str, d: Any, data_start: int, data_size: int) -> TensorInfo:
    where = f"{path}: tensor {name!r}"
    if not isinstance(d, dict) or sorted(d) != ["data_offsets", "dtype", "shape"]:
        raise SafetensorsError(f"{where}: expected keys dtype, shape, data_offsets, got {d!r:.80}")
    dtype, shape, offsets = d["dtype"], d["shape"], d["data_offsets"]
    if dtype not in DTYPE_BYTES:
        raise SafetensorsError(f"{where}: dtype {dtype!r} is not supported (supported: {', '.join(DTYPE_BYTES)})")
    if not isinstance(shape, list) or not all(type(x) is int and x >= 0 for x in shape):
        raise SafetensorsError(f"{where}: shape {shape!r} is not a list of non-negative ints")
    if (not isinstance(offsets, list) or len(offsets) != 2 or not all(type(x) is int for x in offsets)
            or not 0 <= offsets[0] <= offsets[1]):
        raise SafetensorsError(f"{where}: data_offsets {offsets!r} is not [begin, end] with 0 <= begin <= end")
    count = 1
    for x in shape:
        count *= x
    want = count * DTYPE_BYTES[dtype]
    begin, end = offsets
    if end - begin != want:
        raise SafetensorsError(f"{where}: data_offsets {offsets} hold {end - begin} bytes, "
                               f"{dtype} {shape} needs {want}")
    if end > data_size:
        raise SafetensorsError(f"{where}: data_offsets {offsets} run past the end of the data "
                               f"({data_size} bytes; truncated?)")
    return TensorInfo(name, dtype, tuple(shape), data_start + begin, want)


class Checkpoint:
    """All tensors of an HF checkpoint directory: model.safetensors, or a sharded index."""

    def __init__(self, model_dir: str | os.PathLike):
        self.dir = Path(model_dir)
        index = self.dir / INDEX_FILE
        if index.exists():
            try:
                weight_map = json.loads(index.read_text(encoding="utf-8"))["weight_map"]
            except (ValueError, KeyError, TypeError) as e:
                raise SafetensorsError(f"{index}: not a safetensors index with a weight_map ({e})") from None
            if not isinstance(weight_map, dict):
                raise SafetensorsError(f"{index}: weight_map must be an object")
            files = {f: SafetensorsFile(self.dir / f) for f in sorted(set(weight_map.values()))
                     if _plain_name(index, f)}
            self.where: dict[str, SafetensorsFile] = {}
            for name, f in weight_map.items():
                if name not in files[f].tensors:
                    raise SafetensorsError(f"{index}: tensor {name!r} is mapped to {f}, which does not hold it")
                self.where[name] = files[f]
        elif (self.dir / SINGLE_FILE).exists():
            single = SafetensorsFile(self.dir / SINGLE_FILE)
            self.where = {name: single for name in single.tensors}
        else:
            raise SafetensorsError(f"{self.dir}: neither {SINGLE_FILE} nor {INDEX_FILE}")

        self.tensors: dict[str, TensorInfo] = {name: f.tensors[name] for name, f in self.where.items()}

    def read(self, name: str) -> bytes:
        return self.where[name].read(name)


def _plain_name(index: Path, file: Any) -> bool:
    # A plain file name beside the index: nothing like "../x" reaches outside the checkpoint.
    if not isinstance(file, str) or "/" in file or "\\" in file or file in ("", ".", ".."):
        raise SafetensorsError(f"{index}: weight_map names {file!r}, not a file beside the index")
    return True
