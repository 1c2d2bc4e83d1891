"""Local models in the page: a GGUF the user gave, converted in the worker and kept in the origin's storage.

    await convert_local(path, store, ...) -> {"key", "name", "bytes", ...}   (the "convert" request)
    LocalShards(key)                                                         (a "local:<key>" model loads)

`store` is web/local.js, registered in the worker as pyrite_local: a directory per model in the origin
private file system (OPFS). A conversion writes its shards into a fresh directory and model.json last,
so only a finished model is ever listed; a failure or a stop removes the directory, and one a closed
tab left half written (no model.json, no conversion holding its lock) is removed at the next listing.

The GGUF is read in slices (the worker mounts the File on Emscripten's WORKERFS, so GGUFFile reads it
as a file without holding it), tensor by tensor, repacked by quant/purepack.py (the page has no numpy),
and each tensor's parts are handed to the store before the next is read: neither the whole file nor a
second copy of the model is held.
"""
from __future__ import annotations

import hashlib
import json
import struct
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pyrite.errors import DTypeError, ModelFormatError, StoppedError, StorageError
from pyrite.formats import FORMATS, part_bytes
from pyrite.models.format import MAX_SHARD_BYTES, ModelIndex, Shard, TensorEntry
from pyrite.models.gguf_exact import check_exact, model_fields, stored_format, widened
from pyrite.models.loader import verified
from pyrite.models.row_blocks import plan_row_blocks
from pyrite.models.shard_writer import ShardWriter
from pyrite.quant.gguf import GGUFFile, GGUFTensorInfo
from pyrite.quant.packed import PackedTensor
from pyrite.quant.purepack import pack_gguf_pure, widen_to_q8_pure

LOCAL_PREFIX = "local:"
Progress = Callable[[str, int, int], None]
_HASH_SLICE = 1 << 22


def is_local(model: str) -> bool:
    return str(model).startswith(LOCAL_PREFIX)


class LocalShards:
    """A model kept in the origin's storage (web/local.js): model.json and each shard read from there and
    verified (size and sha256) like a served one."""

    def __init__(self, model: str):
        self.key = str(model)[len(LOCAL_PREFIX):].strip("/")

    async def index(self) -> ModelIndex:
        import pyrite_local  # type: ignore[import-not-found]  # web/local.js, in the worker
        try:
            text = await pyrite_local.readText(self.key, "model.json")
        except Exception as e:
            raise StorageError(f"local model {self.key!r} is not in this browser's storage ({e})") from None
        try:
            return ModelIndex.from_json(json.loads(text))
        except (ValueError, ModelFormatError) as e:
            raise ModelFormatError(f"local model {self.key!r}: {e}") from None

    async def read_all(self, shards: list[Shard], progress: Progress) -> list[Any]:
        out, done, total = [], 0, sum(s.bytes for s in shards)
        for shard in shards:
            out.append(await self.read(shard))
            done += shard.bytes
            progress("weights", done, total)
        return out

    async def read(self, shard: Shard) -> Any:
        import pyrite_local  # type: ignore[import-not-found]
        try:
            buf = await pyrite_local.read(self.key, shard.file)
        except Exception as e:
            raise StorageError(f"local model {self.key!r}: shard {shard.file} is missing ({e})") from None
        return await verified(buf, shard)


def _pack(g: GGUFFile, info: GGUFTensorInfo, widen: set[str]) -> PackedTensor:
    name, shape, t = info.name, tuple(info.shape), info.type_name
    if t == "BF16":
        return PackedTensor("f32", shape, None, {"data": bf16_to_f32(g.tensor_bytes(name))})
    if len(shape) == 1 and t not in ("F32", "F16"):
        return PackedTensor("f32", shape, None, {"data": vector_to_f32(g.tensor_bytes(name), t, name)})
    if name in widen:
        return widen_to_q8_pure(g.tensor_bytes(name), t, shape, name)
    return pack_gguf_pure(g.tensor_bytes(name), t, shape, name)


# A quantized vector (a norm's weight) widens to f32 as gguf-py computes it: d * q is exact in f32, and
# a double's + m rounded to f32 equals f32's own + m (53 >= 2 * 24 + 2 bits). type -> block bytes
_VECTOR_BLOCKS = {"Q8_0": 34, "Q4_0": 18, "Q4_1": 20}


def vector_to_f32(raw: bytes, t: str, name: str) -> bytes:
    """A Q8_0 / Q4_0 / Q4_1 vector dequantized to f32 bytes, as gguf-py does (a few thousand values)."""
    size = _VECTOR_BLOCKS.get(t)
    if size is None:
        raise DTypeError(f"vector {name!r} is {t}: the page's converter widens F32, F16, BF16, Q8_0, Q4_0 and "
                         f"Q4_1 vectors (convert this file with `python -m pyrite.models.convert`)")
    out: list[float] = []
    for at in range(0, len(raw), size):
        d = struct.unpack_from("<e", raw, at)[0]
        if t == "Q8_0":
            out += [d * q for q in struct.unpack_from("<32b", raw, at + 2)]
            continue
        qs = raw[at + size - 16:at + size]
        q = [b & 15 for b in qs] + [b >> 4 for b in qs]
        if t == "Q4_0":
            out += [d * (v - 8) for v in q]
        else:
            m = struct.unpack_from("<e", raw, at + 2)[0]
            out += [d * v + m for v in q]
    return struct.pack(f"<{len(out)}f", *out)


def bf16_to_f32(raw: bytes) -> bytes:
    """bf16 is the top half of an f32: each value's two bytes become bytes 2 and 3 of four."""
    out = bytearray(2 * len(raw))
    out[2::4], out[3::4] = raw[0::2], raw[1::2]
    return bytes(out)


def planned_bytes(g: GGUFFile, widen: set[str]) -> int:
    """What the converted model will hold: every tensor's parts at their stored format, plus alignment."""
    total = 0
    for info in g.tensors.values():
        fmt, gs = stored_format(info, info.name in widen)
        total += sum(part_bytes(fmt, tuple(info.shape), gs, p) + 255 for p in FORMATS[fmt].parts)
    return total


def check_limits(g: GGUFFile, widen: set[str], binding_limit: int) -> None:
    """Every tensor loads on this adapter (row blocks under its binding limit): a LimitError before
    anything is written."""
    for info in g.tensors.values():
        fmt, gs = stored_format(info, info.name in widen)
        plan_row_blocks(info.name, tuple(info.shape), fmt, gs, binding_limit)


def source_digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(_HASH_SLICE):
            h.update(chunk)
    return h.hexdigest()


def _to_js(data: bytes) -> Any:
    """bytes as a JS Uint8Array in the page (copied: the store queues it); natively as they are."""
    if sys.platform != "emscripten":
        return data
    from pyodide.ffi import to_js  # type: ignore[import-not-found]
    return to_js(data)


class _StoreFile:
    """One shard being written: the bytes go to the store's queue for this file (web/local.js)."""

    def __init__(self, store: Any, key: str, name: str):
        self.store, self.key, self.name = store, key, name

    def write(self, data: bytes) -> None:
        self.store.write(self.key, self.name, _to_js(data))

    def close(self) -> None:
        self.store.close(self.key, self.name)


async def convert_local(path: str | Path, store: Any, *, name: str | None = None, binding_limit: int,
                        progress: Progress, stopped: Callable[[], bool],
                        max_shard_bytes: int = MAX_SHARD_BYTES) -> dict[str, Any]:
    """The GGUF at path (exact recipe) into a new local model; {"key", "name", "bytes", "tensors", "arch"}.

    Every check comes before the first write: the file parses, every tensor is kept exactly, the
    architecture and tokenizer are known, every tensor fits the adapter, and the storage quota holds the
    planned size. stopped() is asked between tensors (StoppedError)."""
    path = Path(path)
    g = GGUFFile(path)
    check_exact(g)
    widen = widened(g)
    fields = model_fields(g, "exact", name, None)
    check_limits(g, widen, binding_limit)
    need = planned_bytes(g, widen)
    estimate = await store.estimate()
    free = int(estimate.quota) - int(estimate.usage)
    if need > free:
        raise StorageError(f"{path.name}: the converted model needs {need} bytes, this origin's storage has "
                           f"{free} free (quota {int(estimate.quota)}, used {int(estimate.usage)})", need, free)
    fields["source"] = {"file": path.name, "sha256": source_digest(path)}
    key = await store.create(fields["name"])
    writer = ShardWriter(lambda shard: _StoreFile(store, key, shard), max_shard_bytes)
    count = len(g.tensors)
    try:
        tensors: dict[str, TensorEntry] = {}
        for i, info in enumerate(g.tensors.values(), start=1):
            if stopped():
                raise StoppedError(f"the conversion of {path.name} was stopped at tensor {i}/{count}; "
                                   f"nothing was kept")
            packed = _pack(g, info, widen)
            parts = {p: writer.add(packed.parts[p]) for p in FORMATS[packed.format].parts}
            tensors[info.name] = TensorEntry(info.name, tuple(packed.shape), packed.format, packed.group_size, parts)
            await _drain(store, key, need, free)
            progress("convert", i, count)
        shards = writer.close()
        index = ModelIndex(shards=shards, tensors=tensors, lossy=[], **fields)
        ModelIndex.from_json(index.to_json())  # never keep a model.json the loader rejects
        await _drain(store, key, need, free)
        await store.commit(key, json.dumps(index.to_json()))
    except BaseException:
        writer.abort()
        await store.discard(key)
        raise
    return {"key": key, "name": index.name, "bytes": writer.total, "tensors": count, "arch": index.config.arch}


async def _drain(store: Any, key: str, need: int, free: int) -> None:
    """Every write handed over so far settled (bounded memory); a failed one (the quota) as StorageError."""
    try:
        await store.drain(key)
    except Exception as e:
        raise StorageError(f"the origin's storage refused a shard ({e}); the model needs {need} bytes, "
                           f"{free} were free", need, free) from None
